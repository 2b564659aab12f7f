//go:build postgres

// The tests and the benchmark of servers sharing PostgreSQL build only with
// the tag postgres (.ci/run sets it, with ORDO_TEST_POSTGRES): without a
// database they could only skip, and linking pgx into the server's test
// binary cost every go test ./... a second of CPU.
package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/ordo-rules/ordo/internal/pgtest"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/postgres"
)

// startOnPostgres runs one server on the shared test database, with its
// listener for the other servers' appends.
func startOnPostgres(t *testing.T) *httptest.Server {
	t.Helper()
	st, err := postgres.Open(context.Background(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	a := match.New(match.Options{Store: st, Library: library(t)})
	go st.Listen(ctx, func(n store.Notice) { a.Notify(ctx, n) })
	ts := httptest.NewServer(server.New(ctx, a, nil))
	t.Cleanup(func() { cancel(); ts.Close(); st.Close() })
	return ts
}

// Several servers, one PostgreSQL: two servers serve the same match; an
// action may go to either; when both get an action for the same seq
// exactly one applies it and the other answers 409 with the current seq;
// a WebSocket client of one server sees the entries applied through the
// other (LISTEN/NOTIFY); the game goes on to its end and verifies.
func TestTwoServersOnePostgres(t *testing.T) {
	one, two := startOnPostgres(t), startOnPostgres(t)
	c := create(t, one, "demo")
	url := two.URL + "/api/matches/" + c.ID + "/ws?from=0"
	watcher := dial(t, url, c.Seats["red"].Token)
	defer watcher.CloseNow()
	if m := read(t, watcher); m.Type != "state" {
		t.Fatalf("first message %+v", m)
	}
	servers := []*httptest.Server{one, two}
	rng := rand.New(rand.NewPCG(11, 12))
	races := 0
	for n := 0; n < 400; n++ {
		var spec snapshot
		call(t, "GET", servers[n%2].URL+"/api/matches/"+c.ID, "", nil, &spec)
		if spec.Over {
			break
		}
		seat := spec.Prompt.Seats[rng.IntN(len(spec.Prompt.Seats))]
		var snap snapshot
		call(t, "GET", one.URL+"/api/matches/"+c.ID, c.Seats[seat].Token, nil, &snap)
		var legal []json.RawMessage
		for _, m := range snap.Menu {
			if m.Illegal == nil {
				legal = append(legal, m.Action)
			}
		}
		if len(legal) == 0 {
			continue // server one had not caught up yet
		}
		// The same seat sends two actions for one seq, one to each
		// server, at once.
		codes := make([]int, 2)
		var errs [2]apiErr
		var wg sync.WaitGroup
		for i, ts := range servers {
			wg.Go(func() {
				body := map[string]any{"seq": snap.Seq, "id": fmt.Sprintf("n%d-s%d", n, i), "action": legal[rng.IntN(len(legal))]}
				codes[i] = call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/actions", c.Seats[seat].Token, body, &errs[i])
			})
		}
		wg.Wait()
		ok, conflict := 0, 0
		for i, code := range codes {
			switch code {
			case 200:
				ok++
			case 409:
				conflict++
				if errs[i].Code != "stale-seq" || errs[i].Seq == nil || *errs[i].Seq <= snap.Seq {
					t.Fatalf("step %d: the 409 does not carry the new seq: %+v", n, errs[i])
				}
			}
		}
		switch {
		case ok == 1 && conflict == 1:
			races++
		case ok == 0 && conflict == 2:
			// The seq read was already stale (server one had not heard
			// of the last append yet): both refuse, neither applies.
		default:
			t.Fatalf("step %d: answers %v: want one 200 and one 409", n, codes)
		}
	}
	if races == 0 {
		t.Fatal("no race was decided")
	}
	var spec snapshot
	call(t, "GET", two.URL+"/api/matches/"+c.ID, "", nil, &spec)
	// The watcher on server two got every entry, in order, once.
	next := 0
	for next < spec.Seq {
		m := read(t, watcher)
		if m.Type != "entry" {
			continue
		}
		if m.Entry.Seq != next {
			t.Fatalf("the watcher got entry %d, want %d", m.Entry.Seq, next)
		}
		next++
	}
	t.Logf("%d races, %d entries", races, spec.Seq)
	if spec.Over {
		var x match.Export
		call(t, "GET", two.URL+"/api/matches/"+c.ID+"/export", "", nil, &x)
		if _, err := library(t).Verify(&x); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkServePostgres is BenchmarkServeSQLite against PostgreSQL:
// ORDO_TEST_POSTGRES=... go test -tags postgres -run '^$' -bench ServePostgres ./server/
func BenchmarkServePostgres(b *testing.B) {
	st, err := postgres.Open(context.Background(), pgtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	benchServe(b, st)
}
