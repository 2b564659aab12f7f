//go:build postgres

// The store conformance suite against PostgreSQL builds only with the tag
// postgres (`ORDO_TEST_POSTGRES=... go test -tags postgres ./store/postgres/`,
// as .ci/run does): without a database it would only skip, and linking its
// test binary (pgx) costs every `go test ./...` seconds.
package postgres_test

import (
	"context"
	"testing"

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
