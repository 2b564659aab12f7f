// Command ordo-serve is the full Ordo command line, the game server (`ordo
// serve`, docs/API.md) included: it links what the ordo binary leaves out
// so that `ordo odds` starts at once — the rules engines and the commands
// that use them (package internal/cli/full: play, rules, verify), the HTTP
// server, the SQLite and PostgreSQL stores, the load generator and the HTTP
// client of `ordo verify --server`. ordo starts it for every command but
// odds, help and version.
//
//	ordo-serve [--addr HOST:PORT] [--db FILE [--sync-full] | --postgres URL]
//	ordo-serve COMMAND [ARGS...]   (any ordo command)
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
	"strings"
	"time"

	"github.com/ordo-rules/ordo/internal/cli"
	"github.com/ordo-rules/ordo/internal/cli/full"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/postgres"
	"github.com/ordo-rules/ordo/store/sqlite"
)

func main() {
	os.Exit(cli.Main(serveArgs(os.Args), os.Stdout, os.Stderr, commands))
}

// commands is the whole command line: the engines' commands, the server
// and the HTTP client.
var commands = full.Commands(&full.Network{
	Serve: func(ctx context.Context, cfg cli.ServeConfig, log *slog.Logger) error {
		return serve(ctx, cfg, log, nil)
	},
	Get:   get,
	Bench: bench,
})

// serveArgs makes `ordo-serve [FLAGS]` mean `ordo serve [FLAGS]`: without
// a command word (nothing, or a flag first) the command is serve.
func serveArgs(argv []string) []string {
	if len(argv) == 0 {
		return []string{cli.ServeBinary, "serve"}
	}
	if len(argv) == 1 || strings.HasPrefix(argv[1], "-") && argv[1] != "--version" && argv[1] != "-version" {
		return append([]string{argv[0], "serve"}, argv[1:]...)
	}
	return argv
}

// get fetches url's body, at most limit bytes; an answer other than 200 is
// an error quoting its status and body.
func get(url string, limit int64) ([]byte, error) {
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
func serve(ctx context.Context, cfg cli.ServeConfig, log *slog.Logger, ready chan<- string) error {
	lib, err := full.Library()
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
	a := match.New(match.Options{Store: st, Library: lib, Logger: log, Memory: match.Memory(cfg.Memory)})
	feeds, endFeeds := context.WithCancel(context.Background())
	defer endFeeds()
	go a.Run(feeds) // idle and finished matches leave memory
	if n, ok := st.(store.Notifier); ok {
		// Other servers' appends reach this one's matches and feeds.
		go listen(feeds, n, a, log)
	}
	srv := server.New(feeds, a, log).HTTPServer(cfg.Addr)
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
