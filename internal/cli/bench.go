package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http/httptest"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/server/loadgen"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/postgres"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// runBench is ordo bench: the load generator, with the server it may start.
func runBench(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "serve" {
		fmt.Fprintf(stderr, "ordo bench: the one benchmark is 'ordo bench serve' (see ordo bench --help)\n")
		return 2
	}
	fs := NewFlagSet("ordo bench serve")
	var cfg loadgen.Config
	var url, db, pg string
	var seed uint64
	fs.IntVar(&cfg.Matches, "matches", 100, "")
	fs.DurationVar(&cfg.Duration, "duration", 10*time.Second, "")
	fs.StringVar(&cfg.Scenario, "scenario", "demo", "")
	fs.Uint64Var(&seed, "seed", 1, "")
	fs.BoolVar(&cfg.FullMenu, "full-menu", false, "")
	fs.Float64Var(&cfg.Rate, "rate", 0, "")
	fs.StringVar(&url, "url", "", "")
	fs.StringVar(&db, "db", "", "")
	fs.StringVar(&pg, "postgres", "", "")
	fs.StringVar(&cfg.Clock, "clock", "", "")
	fs.IntVar(&cfg.ChatEvery, "chat-every", 0, "")
	pos, err := ParseFlags(fs, args[1:])
	if err != nil {
		return FlagError(err, "ordo bench serve", benchUsage, stdout, stderr)
	}
	cfg.Seed = seed
	switch {
	case len(pos) > 0:
		fmt.Fprintf(stderr, "ordo bench serve: unexpected arguments %q (see ordo bench --help)\n", pos)
		return 2
	case cfg.Matches < 1 || cfg.Matches > 100000:
		fmt.Fprintf(stderr, "ordo bench serve: --matches %d: 1 to 100000\n", cfg.Matches)
		return 2
	case cfg.Rate < 0 || math.IsNaN(cfg.Rate) || math.IsInf(cfg.Rate, 0):
		fmt.Fprintf(stderr, "ordo bench serve: --rate %v: actions per second, 0 for as fast as answered\n", cfg.Rate)
		return 2
	case cfg.Duration <= 0:
		fmt.Fprintf(stderr, "ordo bench serve: --duration %v: longer than 0\n", cfg.Duration)
		return 2
	case url != "" && (db != "" || pg != ""):
		fmt.Fprintf(stderr, "ordo bench serve: --url drives a running server; --db and --postgres are for one started here\n")
		return 2
	case db != "" && pg != "":
		fmt.Fprintf(stderr, "ordo bench serve: --db or --postgres, not both\n")
		return 2
	case url != "" && !strings.HasPrefix(url, "http://") && !strings.HasPrefix(url, "https://"):
		fmt.Fprintf(stderr, "ordo bench serve: --url %q: an http:// or https:// URL\n", url)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	where := url
	var cpu func() time.Duration
	if url == "" {
		u, desc, done, err := benchServer(ctx, db, pg)
		if err != nil {
			fmt.Fprintf(stderr, "ordo bench serve: %v\n", err)
			return 1
		}
		defer done()
		url, where = u, "a server in this process ("+desc+")"
		if cpu0, ok := processCPU(); ok {
			cpu = func() time.Duration { now, _ := processCPU(); return now - cpu0 }
		}
	}
	cfg.URL = strings.TrimSuffix(url, "/")
	menu := "legal menu entries"
	if cfg.FullMenu {
		menu = "whole menus"
	}
	pace := ""
	if cfg.Rate > 0 {
		pace = fmt.Sprintf(", paced to %g actions/s", cfg.Rate)
	}
	fmt.Fprintf(stdout, "%d matches of %s at once for %v%s, reading %s, against %s\n", cfg.Matches, cfg.Scenario, cfg.Duration, pace, menu, where)
	res, err := loadgen.Run(ctx, cfg)
	if res != nil {
		printBench(stdout, res, cpu)
	}
	if err != nil {
		fmt.Fprintf(stderr, "ordo bench serve: %v\n", err)
		return 1
	}
	return 0
}

// benchServer starts a server on a loopback port over the store the flags
// name, with its logs discarded (every match created would log a line).
func benchServer(ctx context.Context, db, pg string) (url, desc string, done func(), err error) {
	lib, err := Library()
	if err != nil {
		return "", "", nil, err
	}
	var st store.Store
	var dir string
	switch {
	case pg != "":
		st, err = postgres.Open(ctx, pg)
		desc = "PostgreSQL"
	default:
		if db == "" {
			if dir, err = os.MkdirTemp("", "ordo-bench-"); err != nil {
				return "", "", nil, err
			}
			db = filepath.Join(dir, "ordo.db")
		}
		st, err = sqlite.Open(ctx, db, sqlite.Options{})
		desc = "SQLite " + db
	}
	if err != nil {
		if dir != "" {
			os.RemoveAll(dir)
		}
		return "", "", nil, err
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	a := match.New(match.Options{Store: st, Library: lib, Logger: quiet})
	sctx, cancel := context.WithCancel(context.Background())
	go a.Run(sctx)
	// The load generator starts a new match whenever one ends, from one
	// address: the per-client bound on creating matches is not for it.
	s, err := server.NewWith(sctx, a, quiet, server.Config{CreateBurst: -1, ChatBurst: -1, SpectatorChat: -1})
	if err != nil {
		cancel()
		st.Close()
		return "", "", nil, err
	}
	ts := httptest.NewServer(s)
	return ts.URL, desc, func() {
		cancel()
		ts.Close()
		st.Close()
		if dir != "" {
			os.RemoveAll(dir)
		}
	}, nil
}

func printBench(w io.Writer, res *loadgen.Result, cpu func() time.Duration) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
	fmt.Fprintf(w, "acknowledged actions  %d in %.1f s: %.0f/s\n", res.Actions, res.Elapsed.Seconds(), res.PerSecond())
	fmt.Fprintf(w, "action latency        p50 %s  p90 %s  p99 %s  max %s\n",
		ms(res.Percentile(0.50)), ms(res.Percentile(0.90)), ms(res.Percentile(0.99)), ms(res.Percentile(1)))
	fmt.Fprintf(w, "matches               %d started, %d played to the end\n", res.Matches, res.Finished)
	if cpu != nil && res.Actions > 0 {
		// Two decimals: the figure that compares builds on a shared machine.
		fmt.Fprintf(w, "CPU per action        %.2f ms (this process: server and clients)\n", float64((cpu()/time.Duration(res.Actions)).Microseconds())/1000)
	}
}
