package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/sqlite"
	"github.com/ordo-rules/ordo/store/storetest"
)

func open(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		return open(t, filepath.Join(t.TempDir(), "ordo.db"))
	})
}

// A reopened file keeps its matches and its schema version (the
// migrations run once).
func TestReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ordo.db")
	ctx := context.Background()
	s := open(t, path)
	if err := s.CreateMatch(ctx, &store.Match{ID: "m1", Ruleset: "r", Scenario: []byte("x"), Seed: []byte{1}}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open(t, path)
	if _, err := s.Match(ctx, "m1"); err != nil {
		t.Fatalf("after reopening: %v", err)
	}
}
