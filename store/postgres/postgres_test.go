//go:build postgres

// The store conformance suite against PostgreSQL builds only with the tag
// postgres (`ORDO_TEST_POSTGRES=... go test -tags postgres ./store/postgres/`,
// as .ci/run does): without a database it would only skip, and linking its
// test binary (pgx) costs every `go test ./...` seconds.
package postgres_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/ordo-rules/ordo/internal/pgtest"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/postgres"
	"github.com/ordo-rules/ordo/store/storetest"
)

func open(t *testing.T) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return open(t) })
}

// Setting a seat's webhook announces it ("ID hooks", store.Notice.Hooks),
// so that every server holding the match reads its webhooks again: the
// server that turns the game to the seat may not be the one it was set on.
func TestNotifyWebhook(t *testing.T) {
	a, b := open(t), open(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan store.Notice, 10)
	listening := make(chan error, 1)
	go func() { listening <- b.Listen(ctx, func(n store.Notice) { got <- n }) }()
	m := &store.Match{ID: "hooks-" + t.Name() + randomSuffix(), Ruleset: "r", Scenario: []byte("x"), Seed: []byte{1}}
	if err := a.CreateMatch(ctx, m); err != nil {
		t.Fatal(err)
	}
	next := func() store.Notice {
		t.Helper()
		select {
		case n := <-got:
			return n
		case err := <-listening:
			t.Fatalf("Listen ended: %v", err)
		case <-timeAfter():
			t.Fatal("no notice in 10 s")
		}
		return store.Notice{}
	}
	if n := next(); n != (store.Notice{}) {
		t.Fatalf("first notice %+v, want the one saying it listens", n)
	}
	if err := a.SetWebhook(ctx, m.ID, "blue", "https://hooks.example/blue"); err != nil {
		t.Fatal(err)
	}
	for {
		n := next()
		if n.MatchID != m.ID {
			continue // another test's match, in the shared database
		}
		if !n.Hooks || n.Len != 0 || n.Chat {
			t.Fatalf("notice %+v after a webhook was set, want Hooks", n)
		}
		return
	}
}

// Taking an open seat announces it ("ID seats", store.Notice.Seats), so
// that every server holding the match reads its seats again and starts
// its clocks with the last seat taken.
func TestNotifySeatTaken(t *testing.T) {
	a, b := open(t), open(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan store.Notice, 10)
	listening := make(chan error, 1)
	go func() { listening <- b.Listen(ctx, func(n store.Notice) { got <- n }) }()
	m := &store.Match{ID: "seats-" + t.Name() + randomSuffix(), Ruleset: "r", Scenario: []byte("x"), Seed: []byte{1},
		Seats: []store.Seat{{Name: "blue", TokenHash: []byte{1}}, {Name: "red"}}, Status: store.StatusOpen}
	if err := a.CreateMatch(ctx, m); err != nil {
		t.Fatal(err)
	}
	next := func() store.Notice {
		t.Helper()
		select {
		case n := <-got:
			return n
		case err := <-listening:
			t.Fatalf("Listen ended: %v", err)
		case <-timeAfter():
			t.Fatal("no notice in 10 s")
		}
		return store.Notice{}
	}
	if n := next(); n != (store.Notice{}) {
		t.Fatalf("first notice %+v, want the one saying it listens", n)
	}
	if err := a.ClaimSeat(ctx, m.ID, "red", []byte{2}, store.StatusPlaying, time.Now()); err != nil {
		t.Fatal(err)
	}
	for {
		n := next()
		if n.MatchID != m.ID {
			continue // another test's match, in the shared database
		}
		if !n.Seats || n.Len != 0 || n.Chat || n.Hooks {
			t.Fatalf("notice %+v after a seat was taken, want Seats", n)
		}
		return
	}
}

// A listener first says it listens (a Notice without a match: what was
// appended before, its caller reads from the store), then announces every
// append on LISTEN/NOTIFY with the log's new length; two stores opened
// together migrate once.
func TestNotify(t *testing.T) {
	a, b := open(t), open(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan store.Notice, 10)
	listening := make(chan error, 1)
	go func() { listening <- b.Listen(ctx, func(n store.Notice) { got <- n }) }()
	m := &store.Match{ID: "notify-" + t.Name() + randomSuffix(), Ruleset: "r", Scenario: []byte("x"), Seed: []byte{1}}
	if err := a.CreateMatch(ctx, m); err != nil {
		t.Fatal(err)
	}
	next := func() store.Notice {
		t.Helper()
		select {
		case n := <-got:
			return n
		case err := <-listening:
			t.Fatalf("Listen ended: %v", err)
		case <-timeAfter():
			t.Fatal("no notice in 10 s")
		}
		return store.Notice{}
	}
	if n := next(); n != (store.Notice{}) {
		t.Fatalf("first notice %+v, want the one saying it listens", n)
	}
	if err := a.Append(ctx, m.ID, []store.Entry{{Seq: 0, Seat: "blue", Action: []byte(`{}`), Views: []byte(`{}`)}}); err != nil {
		t.Fatal(err)
	}
	for {
		n := next()
		if n.MatchID != m.ID {
			continue // another test's match, in the shared database
		}
		if n.Len != 1 {
			t.Fatalf("notice %+v after 1 append", n)
		}
		return
	}
}

// An old database — written before the chat's table existed (schema
// version 1) — is migrated forward when a newer store opens it: its
// matches stay, and chat works.
func TestOldSchemaMigrates(t *testing.T) {
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	name := "ordo_old_" + randomSuffix()
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	defer admin.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)")
	cfg, err := pgx.ParseConfig(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	url := strings.Replace(pgtest.URL(t), "/"+cfg.Database, "/"+name, 1)
	s, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	m := &store.Match{ID: "old", Ruleset: "r", Scenario: []byte("x"), Seed: []byte{1}}
	if err := s.CreateMatch(ctx, m); err != nil {
		t.Fatal(err)
	}
	s.Close()
	old, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"DROP TABLE chat", "DROP TABLE webhooks", "DROP INDEX matches_status",
		"ALTER TABLE matches DROP COLUMN status", "ALTER TABLE matches DROP COLUMN updated", "ALTER TABLE matches DROP COLUMN clock", "DELETE FROM ordo_schema WHERE version > 1"} {
		if _, err := old.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	old.Close(ctx)
	s, err = postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, err := s.Match(ctx, "old"); err != nil || got.Status != store.StatusPlaying {
		t.Fatalf("the old match: %+v %v", got, err)
	}
	if err := s.AddChat(ctx, "old", store.ChatMessage{Channel: "seats", Seat: "red", Text: "hello"}); err != nil {
		t.Fatalf("chat after the migration: %v", err)
	}
}
