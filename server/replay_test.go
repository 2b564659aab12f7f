package server_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// countingStore counts the log reads that reach the store.
type countingStore struct {
	store.Store
	reads atomic.Int64
}

func (c *countingStore) Entries(ctx context.Context, id string, from int) ([]store.Entry, error) {
	c.reads.Add(1)
	return c.Store.Entries(ctx, id, from)
}

// Replay amplification (issue 27): anonymous requests for the steps of a
// replay, its verification and its export are answered from the
// authority's replay cache — the whole log is read from the store once,
// not once per request.
func TestReplayReadsTheLogOnce(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cs := &countingStore{Store: st}
	ctx, cancel := context.WithCancel(context.Background())
	a := match.New(match.Options{Store: cs, Library: library(t)})
	ts := httptest.NewServer(server.New(ctx, a, nil))
	t.Cleanup(func() { cancel(); ts.Close(); st.Close() })
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; move(t, ts, c, rng, n); n++ {
	}
	var end snapshot
	call(t, "GET", base, "", nil, &end)
	before := cs.reads.Load()
	for range 3 {
		for n := 0; n <= end.Seq; n += 7 {
			if code := call(t, "GET", base+fmt.Sprintf("/replay/%d", n), "", nil, nil); code != http.StatusOK {
				t.Fatalf("replay/%d: %d", n, code)
			}
		}
		for _, path := range []string{"/verify", "/export", "/replay/0"} {
			if code := call(t, "GET", base+path, "", nil, nil); code != http.StatusOK {
				t.Fatalf("%s: %d", path, code)
			}
		}
	}
	if n := cs.reads.Load() - before; n != 1 {
		t.Fatalf("%d reads of the log from the store for %d requests, want 1", n, 3*(end.Seq/7+4))
	}
}
