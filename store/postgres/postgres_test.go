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

// An append is announced on LISTEN/NOTIFY to every listener, with the
// log's new length; two stores opened together migrate once.
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
	// LISTEN may not have run yet: append until a notice arrives.
	for seq := 0; ; seq++ {
		if err := a.Append(ctx, m.ID, []store.Entry{{Seq: seq, Seat: "blue", Action: []byte(`{}`), Views: []byte(`{}`)}}); err != nil {
			t.Fatal(err)
		}
		select {
		case n := <-got:
			if n.MatchID != m.ID || n.Len < 1 || n.Len > seq+1 {
				t.Fatalf("notice %+v after %d appends", n, seq+1)
			}
			return
		case err := <-listening:
			t.Fatalf("Listen ended: %v", err)
		case <-timeAfter():
		}
		if seq > 50 {
			t.Fatal("no notice after 50 appends")
		}
	}
}
