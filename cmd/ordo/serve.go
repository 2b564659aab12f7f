package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/postgres"
	"github.com/ordo-rules/ordo/store/sqlite"
)

const serveUsage = `usage: ordo serve [--addr HOST:PORT] [--db FILE [--sync-full] | --postgres URL]
                  [--max-live N] [--idle DURATION] [--finished DURATION]

Serves matches over HTTP and WebSocket (docs/API.md): players create a match
from a bundled scenario or their own, act with their seat's token, and
spectators watch. Matches are kept in a SQLite file, created with its schema on
first start (or in PostgreSQL, whose schema is migrated at start); an action
is acknowledged only once it is committed there. Logs go
to stderr. SIGINT or SIGTERM stops the server gracefully: requests in flight
finish first.

Flags:
  --addr HOST:PORT   where to listen (default 127.0.0.1:8080)
  --db FILE          the SQLite file (default ./ordo.db)
  --sync-full        wait for the disk on every commit (survives power loss,
                     not only a crash of the server; slower)
  --postgres URL     keep matches in PostgreSQL instead (default: the
                     environment variable ORDO_DATABASE_URL, if set); several
                     servers may share one database and serve the same matches
  --max-live N       matches kept in memory at most (default 10000; the least
                     recently used leaves first); a match not in memory is
                     rebuilt from the store by replay on its next request
  --idle DURATION    a match in play leaves memory after this long without a
                     request (default 30m)
  --finished DURATION
                     a finished match leaves memory after this long without a
                     request (default 1m)

Example:
  ordo serve &
  curl -s -X POST localhost:8080/api/matches -d '{"scenario":"duel"}'
`

// serveConfig is what the flags of ordo serve say.
type serveConfig struct {
	addr     string
	db       string
	syncFull bool
	postgres string
	memory   match.Memory
}

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("ordo serve")
	var cfg serveConfig
	fs.StringVar(&cfg.addr, "addr", "127.0.0.1:8080", "")
	fs.StringVar(&cfg.db, "db", "ordo.db", "")
	fs.BoolVar(&cfg.syncFull, "sync-full", false, "")
	fs.StringVar(&cfg.postgres, "postgres", os.Getenv("ORDO_DATABASE_URL"), "")
	fs.IntVar(&cfg.memory.MaxLive, "max-live", match.DefaultMaxLive, "")
	fs.DurationVar(&cfg.memory.Idle, "idle", match.DefaultIdle, "")
	fs.DurationVar(&cfg.memory.Finished, "finished", match.DefaultFinished, "")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagError(err, "ordo serve", serveUsage, stdout, stderr)
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "ordo serve: unexpected arguments %q (see ordo serve --help)\n", pos)
		return 2
	}
	if cfg.memory.MaxLive < 1 || cfg.memory.Idle <= 0 || cfg.memory.Finished <= 0 {
		fmt.Fprintf(stderr, "ordo serve: --max-live must be 1 or more, --idle and --finished longer than 0 (see ordo serve --help)\n")
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, cfg, log, nil); err != nil {
		log.Error("ordo serve", "err", err)
		return 1
	}
	return 0
}

// library is every ruleset of the binary and the bundled scenarios.
func library() (*match.Library, error) {
	lib := &match.Library{Games: map[string]match.Game{}}
	for name := range rulesets {
		rs, err := loadRuleset(name)
		if err != nil {
			return nil, err
		}
		g := match.Game{Ruleset: rs}
		if irs, ok := rs.(infinity.Ruleset); ok {
			g.Catalog = irs.Catalog
		}
		lib.Games[name] = g
	}
	sc, err := match.BundledScenarios(data.Scenarios, "scenarios")
	if err != nil {
		return nil, err
	}
	lib.Scenarios = sc
	return lib, nil
}

// serve runs the server until ctx ends, then shuts it down gracefully.
// ready, if not nil, receives the address it listens on.
func serve(ctx context.Context, cfg serveConfig, log *slog.Logger, ready chan<- string) error {
	lib, err := library()
	if err != nil {
		return err
	}
	var st store.Store
	where := []any{"db", cfg.db}
	if cfg.postgres != "" {
		st, err = postgres.Open(ctx, cfg.postgres)
		where = []any{"db", "postgres"}
	} else {
		st, err = sqlite.Open(ctx, cfg.db, sqlite.Options{SyncFull: cfg.syncFull})
	}
	if err != nil {
		return err
	}
	defer st.Close()
	a := match.New(match.Options{Store: st, Library: lib, Logger: log, Memory: cfg.memory})
	feeds, endFeeds := context.WithCancel(context.Background())
	defer endFeeds()
	go a.Run(feeds) // idle and finished matches leave memory
	if n, ok := st.(store.Notifier); ok {
		// Other servers' appends reach this one's matches and feeds.
		go listen(feeds, n, a, log)
	}
	srv := server.New(feeds, a, log).HTTPServer(cfg.addr)
	srv.RegisterOnShutdown(endFeeds)
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	log.Info("serving", append([]any{"addr", ln.Addr().String()}, where...)...)
	log.Info("open the web table", "url", "http://"+ln.Addr().String()+"/")
	if ready != nil {
		ready <- ln.Addr().String()
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

// listen passes the store's notices to the authority until ctx ends,
// listening again after a lost connection.
func listen(ctx context.Context, n store.Notifier, a *match.Authority, log *slog.Logger) {
	for ctx.Err() == nil {
		err := n.Listen(ctx, func(no store.Notice) { a.Notify(ctx, no) })
		if ctx.Err() != nil {
			return
		}
		log.Warn("listening for other servers' appends", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}
