package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/sqlite"
	"github.com/ordo-rules/ordo/store/storetest"
)

// The SQLite store passes the store conformance suite (store/storetest).
func TestSQLiteConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		return openStore(t, filepath.Join(t.TempDir(), "ordo.db"))
	})
}

// A reopened SQLite file keeps its matches and its schema version (the
// migrations run once).
func TestSQLiteReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ordo.db")
	ctx := context.Background()
	s, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Closed however the test ends (a failed CreateMatch included); Close
	// is safe to call again after the explicit one below.
	t.Cleanup(func() { s.Close() })
	if err := s.CreateMatch(ctx, &store.Match{ID: "m1", Ruleset: "r", Scenario: []byte("x"), Seed: []byte{1}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("closing before reopening: %v", err)
	}
	if _, err := openStore(t, path).Match(ctx, "m1"); err != nil {
		t.Fatalf("after reopening: %v", err)
	}
}

// openStore opens the SQLite store at path, closed when the test ends.
func openStore(t testing.TB, path string) store.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
