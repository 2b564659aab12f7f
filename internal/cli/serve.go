package cli

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
	"strings"
	"syscall"
	"time"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/postgres"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// serveUsage is the help of ordo serve.
const serveUsage = `usage: ordo serve [--addr HOST:PORT] [--db FILE [--sync-full] | --postgres URL]
                  [--max-live N] [--idle DURATION] [--finished DURATION]
                  [--max-feeds N] [--max-feeds-per-match N]
                  [--max-live-mib N] [--retain DURATION]
                  [--public-url URL[,URL...]] [--max-conns N] [--webhook-private]
                  [--feeds-per-client N] [--create-burst N] [--spectator-chat N]
                  [--bots-thinking N] [--bot-budget DURATION]

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
  --max-live-mib N   the matches in memory take at most about N MiB, by
                     estimate (default 1024); past it the least recently
                     used leaves first, as past --max-live
  --retain DURATION  delete from the database, hourly, with their logs: the
                     matches finished this long ago, and the abandoned ones
                     (unfinished, nothing done for this long); a match whose
                     clock may still have time left stays until this long
                     after it could have run out (default 0: keep every match)
  --idle DURATION    a match in play leaves memory after this long without a
                     request (default 30m)
  --finished DURATION
                     a finished match leaves memory after this long without a
                     request (default 1m)
  --max-feeds N      WebSocket feeds open at most, over all matches (default
                     4096); each keeps its match in memory, so past it a new
                     feed is refused (429, too-many-feeds)
  --max-feeds-per-match N
                     spectators' WebSocket feeds on one match at most
                     (default 64; each seat has 8 of its own)
  --public-url URL[,URL...]
                     the addresses players reach the server at, such as
                     https://ordo.example.org: a request must name one of
                     their hosts, a loopback name or an IP address in Host
                     (against DNS rebinding), and a page opening a feed
                     must be of one of them or of a loopback origin
  --max-conns N      connections open at once, feeds apart (default 1024);
                     past it a new one is answered 503
  --feeds-per-client N
                     spectators' WebSocket feeds one client address holds at
                     most, over all matches (default 16)
  --create-burst N   matches one client address creates (or open seats it
                     joins) at once, before one a second (default 200)
  --spectator-chat N spectators' chat messages one client address sends at
                     once, and again in every 20 s (default 10: then one
                     every 2 s); a seat's chat has its own bound
                     Behind a reverse proxy every client has the proxy's
                     address (X-Forwarded-For is not trusted): raise these
  --bots-thinking N  computer players (a match's "bots") deciding at once,
                     over all matches (default 2); the others wait their turn
  --bot-budget DURATION
                     the wall time that cuts an mcts bot's decision short on
                     a busy server (default 2s; at most 1m)
  --webhook-private  let turn notices (a seat's webhook) reach loopback,
                     private and link-local addresses, for a server on a
                     home network (by default they may not: the URLs are
                     players')

Example:
  ordo serve &
  curl -s -X POST -H 'Content-Type: application/json' localhost:8080/api/matches \
    -d '{"scenario":"duel"}'
`

// serveConfig is what the flags of ordo serve say.
type serveConfig struct {
	Addr     string
	DB       string
	SyncFull bool
	Postgres string
	Memory   match.Memory
	Retain   time.Duration
	Server   server.Config
}

// runServe is ordo serve: it parses and checks the flags, then runs the
// server until SIGINT or SIGTERM, logging to stderr.
func runServe(args []string, stdout, stderr io.Writer) int {
	cfg, code := parseServe(args, stdout, stderr)
	if code >= 0 {
		return code
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

// maxSpectatorChat bounds --spectator-chat: a thousand messages in 20 s
// from one address is a flood, not a crowd behind a proxy.
const maxSpectatorChat = 1000

// parseServe parses and checks the flags of ordo serve: the exit code if
// it should stop there (help, a bad flag), else -1.
func parseServe(args []string, stdout, stderr io.Writer) (serveConfig, int) {
	fs := NewFlagSet("ordo serve")
	var cfg serveConfig
	fs.StringVar(&cfg.Addr, "addr", "127.0.0.1:8080", "")
	fs.StringVar(&cfg.DB, "db", "ordo.db", "")
	fs.BoolVar(&cfg.SyncFull, "sync-full", false, "")
	fs.StringVar(&cfg.Postgres, "postgres", os.Getenv("ORDO_DATABASE_URL"), "")
	fs.IntVar(&cfg.Memory.MaxLive, "max-live", match.DefaultMaxLive, "")
	fs.DurationVar(&cfg.Memory.Idle, "idle", match.DefaultIdle, "")
	fs.DurationVar(&cfg.Memory.Finished, "finished", match.DefaultFinished, "")
	fs.IntVar(&cfg.Memory.MaxFeeds, "max-feeds", match.DefaultMaxFeeds, "")
	fs.IntVar(&cfg.Memory.MaxFeedsPerMatch, "max-feeds-per-match", match.DefaultMaxFeedsPerMatch, "")
	mib := fs.Int64("max-live-mib", match.DefaultMaxBytes>>20, "")
	fs.DurationVar(&cfg.Retain, "retain", 0, "")
	var publicURLs string
	fs.StringVar(&publicURLs, "public-url", "", "")
	fs.IntVar(&cfg.Server.MaxConns, "max-conns", server.DefaultMaxConns, "")
	fs.BoolVar(&cfg.Server.WebhookPrivate, "webhook-private", false, "")
	fs.IntVar(&cfg.Server.FeedsPerClient, "feeds-per-client", server.DefaultFeedsPerClient, "")
	fs.IntVar(&cfg.Server.CreateBurst, "create-burst", server.DefaultCreateBurst, "")
	fs.IntVar(&cfg.Server.SpectatorChat, "spectator-chat", server.DefaultSpectatorChat, "")
	fs.IntVar(&cfg.Server.BotsThinking, "bots-thinking", server.DefaultBotsThinking, "")
	fs.DurationVar(&cfg.Server.BotBudget, "bot-budget", server.DefaultBotBudget, "")
	pos, err := ParseFlags(fs, args)
	if err != nil {
		return cfg, FlagError(err, "ordo serve", serveUsage, stdout, stderr)
	}
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "ordo serve: unexpected arguments %q (see ordo serve --help)\n", pos)
		return cfg, 2
	}
	if publicURLs != "" {
		cfg.Server.PublicURLs = strings.Split(publicURLs, ",")
	}
	cfg.Memory.MaxBytes = *mib << 20
	if cfg.Server.MaxConns < 1 || *mib < 1 || *mib > 1<<30 || cfg.Retain < 0 {
		fmt.Fprintf(stderr, "ordo serve: --max-conns and --max-live-mib must be 1 or more, --retain 0 or more (see ordo serve --help)\n")
		return cfg, 2
	}
	if cfg.Memory.MaxLive < 1 || cfg.Memory.Idle <= 0 || cfg.Memory.Finished <= 0 || cfg.Memory.MaxFeeds < 1 || cfg.Memory.MaxFeedsPerMatch < 1 {
		fmt.Fprintf(stderr, "ordo serve: --max-live, --max-feeds and --max-feeds-per-match must be 1 or more, --idle and --finished longer than 0 (see ordo serve --help)\n")
		return cfg, 2
	}
	if cfg.Server.FeedsPerClient < 1 || cfg.Server.CreateBurst < 1 || cfg.Server.SpectatorChat < 1 || cfg.Server.SpectatorChat > maxSpectatorChat {
		fmt.Fprintf(stderr, "ordo serve: --feeds-per-client and --create-burst must be 1 or more, --spectator-chat from 1 to %d (see ordo serve --help)\n", maxSpectatorChat)
		return cfg, 2
	}
	if cfg.Server.BotsThinking < 1 || cfg.Server.BotBudget <= 0 || cfg.Server.BotBudget > maxBudget {
		fmt.Fprintf(stderr, "ordo serve: --bots-thinking must be 1 or more, --bot-budget more than 0 and at most %v (see ordo serve --help)\n", maxBudget)
		return cfg, 2
	}
	return cfg, -1
}

// httpGet fetches url's body, at most limit bytes; an answer other than 200 is
// an error quoting its status and body.
func httpGet(url string, limit int64) ([]byte, error) {
	client := &http.Client{Timeout: 30 * time.Second}
	resp, err := client.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", url, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s: %s", url, resp.Status, strings.TrimSpace(string(body)))
	}
	return body, nil
}

// serve runs the server until ctx ends, then shuts it down gracefully.
// ready, if not nil, receives the address it listens on.
func serve(ctx context.Context, cfg serveConfig, log *slog.Logger, ready chan<- string) error {
	lib, err := Library()
	if err != nil {
		return err
	}
	var st store.Store
	where := []any{"db", cfg.DB}
	if cfg.Postgres != "" {
		st, err = postgres.Open(ctx, cfg.Postgres)
		where = []any{"db", "postgres"}
	} else {
		st, err = sqlite.Open(ctx, cfg.DB, sqlite.Options{SyncFull: cfg.SyncFull})
	}
	if err != nil {
		return err
	}
	defer st.Close()
	a := match.New(match.Options{Store: st, Library: lib, Logger: log, Memory: cfg.Memory, Retain: cfg.Retain})
	feeds, endFeeds := context.WithCancel(context.Background())
	defer endFeeds()
	go a.Run(feeds) // idle and finished matches leave memory
	if n, ok := st.(store.Notifier); ok {
		// Other servers' appends reach this one's matches and feeds.
		go a.Follow(feeds, n)
	}
	s, err := server.NewWith(feeds, a, log, cfg.Server)
	if err != nil {
		return err
	}
	srv := s.HTTPServer(cfg.Addr)
	srv.RegisterOnShutdown(endFeeds)
	ln, err := net.Listen("tcp", cfg.Addr)
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
