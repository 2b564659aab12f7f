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
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/ordo-rules/ordo/internal/pgtest"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
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
	go a.Follow(ctx, st)
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

// startOnPostgresAs is startOnPostgres with its connections named
// application_name=name in pg_stat_activity, so that a test can find and
// end them.
func startOnPostgresAs(t *testing.T, name string) *httptest.Server {
	t.Helper()
	url := pgtest.URL(t)
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	st, err := postgres.Open(context.Background(), url+sep+"application_name="+name)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	a := match.New(match.Options{Store: st, Library: library(t)})
	go a.Follow(ctx, st)
	ts := httptest.NewServer(server.New(ctx, a, nil))
	t.Cleanup(func() { cancel(); ts.Close(); st.Close() })
	return ts
}

// Stale instance after a lost LISTEN (issue 27): when server two's
// listening connection is terminated (pg_terminate_backend), the actions
// server one applies before two listens again reach no notice; once two
// listens again it catches up every match it holds from the store — its
// snapshot shows the match's seq, and its feed gets every entry.
func TestLostListenCatchesUp(t *testing.T) {
	one := startOnPostgresAs(t, "ordo-one")
	two := startOnPostgresAs(t, "ordo-two")
	c := create(t, one, "duel")
	base := "/api/matches/" + c.ID
	feed := dial(t, two.URL+base+"/ws?from=0", "")
	defer feed.CloseNow()
	if m := read(t, feed); m.Type != "state" {
		t.Fatalf("first message %+v", m)
	}
	// Both listen before the cut.
	admin, err := pgx.Connect(context.Background(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(context.Background())
	listener := func() int {
		var pid int
		for range 500 {
			err := admin.QueryRow(context.Background(), `SELECT pid FROM pg_stat_activity WHERE application_name = 'ordo-two' AND query LIKE 'LISTEN%' LIMIT 1`).Scan(&pid)
			if err == nil {
				return pid
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatal("server two is not listening")
		return 0
	}
	pid := listener()
	var ended bool
	if err := admin.QueryRow(context.Background(), `SELECT pg_terminate_backend($1)`, pid).Scan(&ended); err != nil || !ended {
		t.Fatalf("pg_terminate_backend(%d): %v %v", pid, ended, err)
	}
	// At once, before two listens again (match.FollowRetry), one plays.
	rng := rand.New(rand.NewPCG(5, 5))
	for n := range 4 {
		if !move(t, one, c, rng, n) {
			break
		}
	}
	var want snapshot
	call(t, "GET", one.URL+base, "", nil, &want)
	if want.Seq == 0 {
		t.Fatal("nothing was played in the gap")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		var got snapshot
		call(t, "GET", two.URL+base, "", nil, &got)
		if got.Seq == want.Seq {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("server two still shows seq %d, the match is at %d", got.Seq, want.Seq)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if pid2 := listener(); pid2 == pid {
		t.Fatal("server two listens on the terminated connection")
	}
	for next := 0; next < want.Seq; {
		m := read(t, feed)
		if m.Type != "entry" {
			continue
		}
		if m.Entry.Seq != next {
			t.Fatalf("the feed on two got entry %d, want %d", m.Entry.Seq, next)
		}
		next++
	}
}

// A chat message written through one server reaches the feeds of the
// other (LISTEN/NOTIFY), and its chat log.
func TestChatAcrossServers(t *testing.T) {
	one, two := startOnPostgres(t), startOnPostgres(t)
	c := create(t, one, "duel")
	feed := dial(t, two.URL+"/api/matches/"+c.ID+"/ws?from=0", c.Seats["red"].Token)
	defer feed.CloseNow()
	read(t, feed)
	if code, e := say(t, one.URL+"/api/matches/"+c.ID, c.Seats["blue"].Token, "hello from one"); code != 200 {
		t.Fatalf("chat: %d %+v", code, e)
	}
	if m := readChat(t, feed); m.Text != "hello from one" || m.Seat != "blue" {
		t.Fatalf("server two's feed: %+v", m)
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

// A seat taken on one server starts the match's clocks on the other one
// holding it too ("ID seats"), without an action or a token of the seat
// reaching it: its views show the clock running.
func TestSeatTakenElsewhereStartsTheClock(t *testing.T) {
	one, two := startOnPostgres(t), startOnPostgres(t)
	var c created
	if code := call(t, "POST", one.URL+"/api/matches", "", map[string]any{"scenario": "duel", "open": []string{"red"}, "clock": map[string]string{"initial": "45m"}}, &c); code != 201 {
		t.Fatalf("create: %d", code)
	}
	var s struct {
		Clock struct {
			Running []string `json:"running"`
		} `json:"clock"`
	}
	if call(t, "GET", two.URL+"/api/matches/"+c.ID, "", nil, &s); len(s.Clock.Running) != 0 {
		t.Fatalf("red's seat open: %+v running on server two", s.Clock.Running)
	}
	if code := call(t, "POST", one.URL+"/api/matches/"+c.ID+"/join", "", map[string]string{"seat": "red"}, nil); code != 200 {
		t.Fatalf("join: %d", code)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if call(t, "GET", two.URL+"/api/matches/"+c.ID, "", nil, &s); len(s.Clock.Running) == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("server two's clocks did not start 10 s after red's seat was taken on server one")
		}
	}
}

// Clocks, with nobody looking, on PostgreSQL: a match whose players left
// runs out of time while no server runs; the server started next on the
// database ends it by the clock as it starts (Run, then Resume), and its
// lobby lists it over without anyone having asked for the match.
func TestClockRunsOutWhileDownOnPostgres(t *testing.T) {
	ctx := context.Background()
	var ns atomic.Int64
	ns.Store(time.Now().UnixNano())
	now := func() time.Time { return time.Unix(0, ns.Load()).UTC() }
	open := func() *postgres.Store {
		st, err := postgres.Open(ctx, pgtest.URL(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	a := match.New(match.Options{Store: open(), Library: library(t), Now: now})
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel", Clock: &match.TimeControl{Initial: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	ns.Add(int64(24 * time.Hour)) // no server runs for a day
	b := match.New(match.Options{Store: open(), Library: library(t), Now: now})
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ts := httptest.NewServer(server.New(rctx, b, nil))
	defer ts.Close()
	lobby := func() bool {
		var l struct {
			Matches []struct{ ID string } `json:"matches"`
		}
		call(t, "GET", ts.URL+"/api/lobby?status=over&limit=100", "", nil, &l)
		return slices.ContainsFunc(l.Matches, func(m struct{ ID string }) bool { return m.ID == c.ID })
	}
	if lobby() {
		t.Fatal("the lobby lists the match over before the server looked at its clocks")
	}
	go b.Run(rctx)
	for deadline := time.Now().Add(20 * time.Second); !lobby(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("20 s after the server started, its lobby does not list over the match whose clocks ran out while no server ran")
		}
	}
}
