package server_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

type feedMsg struct {
	Type  string `json:"type"`
	Entry *struct {
		Seq    int             `json:"seq"`
		Action json.RawMessage `json:"action"`
	} `json:"entry"`
	State *snapshot `json:"state"`
}

func dial(t *testing.T, url, token string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if token != "" {
		url += "&token=" + token
	}
	c, _, err := websocket.Dial(ctx, strings.Replace(url, "http://", "ws://", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	// A message carries the seat's menu, which passes the library's default
	// 32 KiB read limit in a crowded position (docs/API.md says so).
	c.SetReadLimit(4 << 20)
	return c
}

func read(t *testing.T, c *websocket.Conn) feedMsg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, b, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var m feedMsg
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// The WebSocket feed delivers every entry in order, each batch followed
// by the new state, and a client reconnecting with from=N gets what it
// missed, in order, exactly once.
func TestFeed(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "demo")
	url := ts.URL + "/api/matches/" + c.ID + "/ws?from=0"
	red := dial(t, url, c.Seats["red"].Token)
	if m := read(t, red); m.Type != "state" || m.State.Seq != 0 {
		t.Fatalf("first message %+v, want the state at seq 0", m)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	move(t, ts, c, rng, 0)
	next := 0
	for {
		m := read(t, red)
		if m.Type == "state" {
			if m.State.Seq != next {
				t.Fatalf("state at seq %d after entries up to %d", m.State.Seq, next)
			}
			break
		}
		if m.Entry.Seq != next {
			t.Fatalf("entry %d, want %d", m.Entry.Seq, next)
		}
		next++
	}
	red.Close(websocket.StatusNormalClosure, "")
	// Missed while away: three more actions.
	for n := 1; n <= 3; n++ {
		move(t, ts, c, rng, n)
	}
	again := dial(t, ts.URL+"/api/matches/"+c.ID+"/ws?from="+itoa(next), c.Seats["red"].Token)
	defer again.CloseNow()
	var spec snapshot
	call(t, "GET", ts.URL+"/api/matches/"+c.ID, "", nil, &spec)
	for next < spec.Seq {
		m := read(t, again)
		if m.Type == "state" {
			continue
		}
		if m.Entry.Seq != next {
			t.Fatalf("after reconnecting: entry %d, want %d", m.Entry.Seq, next)
		}
		next++
	}
	if m := read(t, again); m.Type != "state" || m.State.Seq != spec.Seq {
		t.Fatalf("after the missed entries: %+v, want the state at %d", m, spec.Seq)
	}
	// A bad token is refused before the upgrade.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, resp, err := websocket.Dial(ctx, strings.Replace(url, "http://", "ws://", 1)+"&token=nope", nil); err == nil || resp == nil || resp.StatusCode != 403 {
		t.Fatalf("a bad token: %v %v", err, resp)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// A match a WebSocket follows stays in memory however long it goes
// without a request (the feed waits on the match's own channel, which a
// rebuilt match would never close), and leaves once the feed is gone.
func TestFeedKeepsItsMatchInMemory(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a := match.New(match.Options{Store: st, Library: library(t), Memory: match.Memory{Idle: time.Millisecond, Finished: time.Millisecond}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ts := httptest.NewServer(server.New(ctx, a, nil))
	defer ts.Close()
	c := create(t, ts, "demo")
	ws := dial(t, ts.URL+"/api/matches/"+c.ID+"/ws?from=0", "")
	if m := read(t, ws); m.Type != "state" {
		t.Fatalf("first message %q, want the state", m.Type)
	}
	time.Sleep(5 * time.Millisecond)
	if n := a.Sweep(); n != 0 || a.LiveCount() != 1 {
		t.Fatalf("the followed match left memory: %d swept, %d live", n, a.LiveCount())
	}
	// The feed still hears the match: an action reaches it.
	if !move(t, ts, c, rand.New(rand.NewPCG(1, 1)), 0) {
		t.Fatal("the game is over at once")
	}
	if m := read(t, ws); m.Type != "entry" || m.Entry.Seq != 0 {
		t.Fatalf("after an action the feed got %+v, want entry 0", m)
	}
	ws.Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(5 * time.Second)
	for a.LiveCount() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the match stayed in memory after its feed closed")
		}
		time.Sleep(5 * time.Millisecond)
		a.Sweep()
	}
}

// Feeds are bounded (match.Memory.MaxFeedsPerMatch): one past the bound
// is answered 429 too-many-feeds before any upgrade, and the feeds open
// keep working.
func TestFeedsPastTheBoundRefused(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a := match.New(match.Options{Store: st, Library: library(t), Memory: match.Memory{MaxFeedsPerMatch: 1}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ts := httptest.NewServer(server.New(ctx, a, nil))
	defer ts.Close()
	c := create(t, ts, "demo")
	ws := dial(t, ts.URL+"/api/matches/"+c.ID+"/ws?from=0", "")
	defer ws.Close(websocket.StatusNormalClosure, "")
	if m := read(t, ws); m.Type != "state" {
		t.Fatalf("first message %q, want the state", m.Type)
	}
	var e struct{ Code, Message string }
	if code := call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/ws?from=0", "", nil, &e); code != http.StatusTooManyRequests ||
		e.Code != "too-many-feeds" || !strings.Contains(e.Message, "already has 1 spectator feeds") {
		t.Fatalf("a second feed: %d %+v, want 429 too-many-feeds", code, e)
	}
	if !move(t, ts, c, rand.New(rand.NewPCG(1, 1)), 0) {
		t.Fatal("the game is over at once")
	}
	if m := read(t, ws); m.Type != "entry" || m.Entry.Seq != 0 {
		t.Fatalf("after an action the open feed got %+v, want entry 0", m)
	}
}

// feedServer runs a server with the given memory bounds and Config.
func feedServer(t *testing.T, mem match.Memory, cfg server.Config) (*httptest.Server, *match.Authority) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := match.New(match.Options{Store: st, Library: library(t), Memory: mem})
	ctx, cancel := context.WithCancel(context.Background())
	s, err := server.NewWith(ctx, a, nil, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() { cancel(); ts.Close(); st.Close() })
	return ts, a
}

// refusedFeed asks for a feed and wants 429 too-many-feeds.
func refusedFeed(t *testing.T, url, token string) {
	t.Helper()
	var e apiErr
	if code := call(t, "GET", url, token, nil, &e); code != http.StatusTooManyRequests || e.Code != "too-many-feeds" {
		t.Fatalf("%s: %d %+v, want 429 too-many-feeds", url, code, e)
	}
}

// Feed lockout (issue 27): 64 token-less WebSockets on a match, the most
// a match may have, and spectators filling the server's bound on feeds,
// leave each seat its own feed — seats' feeds are counted apart.
func TestSeatsAlwaysGetTheirFeed(t *testing.T) {
	ts, _ := feedServer(t, match.Memory{MaxFeeds: 70}, server.Config{FeedsPerClient: -1})
	c := create(t, ts, "demo")
	other := create(t, ts, "demo")
	url := ts.URL + "/api/matches/" + c.ID + "/ws?from=0"
	for range match.DefaultMaxFeedsPerMatch {
		ws := dial(t, url, "")
		defer ws.CloseNow()
		read(t, ws)
	}
	refusedFeed(t, url, "")
	// The server's bound: 6 more spectators on another match reach 70.
	otherURL := ts.URL + "/api/matches/" + other.ID + "/ws?from=0"
	for range 6 {
		ws := dial(t, otherURL, "")
		defer ws.CloseNow()
		read(t, ws)
	}
	refusedFeed(t, otherURL, "")
	for _, seat := range []string{"red", "blue"} {
		ws := dial(t, url, c.Seats[seat].Token)
		defer ws.CloseNow()
		if m := read(t, ws); m.Type != "state" {
			t.Fatalf("%s's feed: %+v", seat, m)
		}
		ws2 := dial(t, otherURL, other.Seats[seat].Token)
		defer ws2.CloseNow()
		if m := read(t, ws2); m.Type != "state" {
			t.Fatalf("%s's feed on the other match: %+v", seat, m)
		}
	}
	// A seat's own feeds are bounded too, per seat.
	for range match.DefaultMaxFeedsPerSeat - 1 {
		ws := dial(t, url, c.Seats["red"].Token)
		defer ws.CloseNow()
		read(t, ws)
	}
	refusedFeed(t, url+"&token="+c.Seats["red"].Token, "")
	ws := dial(t, url, c.Seats["blue"].Token)
	defer ws.CloseNow()
	read(t, ws)
}

// One client address holds at most Config.FeedsPerClient spectator feeds
// over all matches; its seats' feeds do not count.
func TestSpectatorFeedsPerClient(t *testing.T) {
	ts, _ := feedServer(t, match.Memory{}, server.Config{FeedsPerClient: 2})
	c, d := create(t, ts, "demo"), create(t, ts, "demo")
	one := dial(t, ts.URL+"/api/matches/"+c.ID+"/ws?from=0", "")
	read(t, one)
	two := dial(t, ts.URL+"/api/matches/"+d.ID+"/ws?from=0", "")
	defer two.CloseNow()
	read(t, two)
	var e apiErr
	if code := call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/ws?from=0", "", nil, &e); code != 429 || !strings.Contains(e.Message, "this address already has 2 spectator feeds") {
		t.Fatalf("a third spectator feed: %d %+v", code, e)
	}
	seat := dial(t, ts.URL+"/api/matches/"+c.ID+"/ws?from=0", c.Seats["red"].Token)
	defer seat.CloseNow()
	read(t, seat)
	// A closed feed gives its place back.
	one.Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(5 * time.Second)
	for {
		ws, _, err := websocket.Dial(context.Background(), strings.Replace(ts.URL, "http://", "ws://", 1)+"/api/matches/"+c.ID+"/ws?from=0", nil)
		if err == nil {
			ws.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the closed feed's place was not given back: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A spectator's feed that has sent nothing for Config.SpectatorIdle is
// closed (try again later); a seat's feed stays open and still hears the
// match.
func TestIdleSpectatorFeedCloses(t *testing.T) {
	ts, _ := feedServer(t, match.Memory{}, server.Config{SpectatorIdle: 100 * time.Millisecond})
	c := create(t, ts, "demo")
	url := ts.URL + "/api/matches/" + c.ID + "/ws?from=0"
	spec := dial(t, url, "")
	read(t, spec)
	seat := dial(t, url, c.Seats["red"].Token)
	defer seat.CloseNow()
	read(t, seat)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _, err := spec.Read(ctx)
	if websocket.CloseStatus(err) != websocket.StatusTryAgainLater {
		t.Fatalf("the idle spectator's feed: %v, want closed with try-again-later", err)
	}
	time.Sleep(150 * time.Millisecond)
	if !move(t, ts, c, rand.New(rand.NewPCG(1, 1)), 0) {
		t.Fatal("the game is over at once")
	}
	if m := read(t, seat); m.Type != "entry" {
		t.Fatalf("the seat's feed after the idle time: %+v", m)
	}
}

// A seat's feed learns that its opponent sat down: the clocks start then
// (no clock runs while a seat is open), and the feed sends the state
// with them running, without waiting for an action.
func TestFeedSendsTheClocksStarting(t *testing.T) {
	ts := start(t)
	var c created
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"scenario": "duel", "open": []string{"red"}, "clock": map[string]string{"initial": "45m"}}, &c); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	feed := dial(t, ts.URL+"/api/matches/"+c.ID+"/ws?from=0", c.Seats["blue"].Token)
	defer feed.CloseNow()
	type clocked struct {
		Type  string `json:"type"`
		State *struct {
			Clock struct {
				Running []string `json:"running"`
			} `json:"clock"`
		} `json:"state"`
	}
	next := func() clocked {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, b, err := feed.Read(ctx)
		if err != nil {
			t.Fatalf("the feed: %v", err)
		}
		var m clocked
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	// The opening chance steps, if any, then the state with red's seat
	// open: no clock running.
	var m clocked
	for m = next(); m.Type != "state"; m = next() {
	}
	if len(m.State.Clock.Running) != 0 {
		t.Fatalf("red's seat open: the feed's clocks run for %v", m.State.Clock.Running)
	}
	if code := call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/join", "", map[string]string{"seat": "red"}, nil); code != http.StatusOK {
		t.Fatalf("join: %d", code)
	}
	if m = next(); m.Type != "state" || len(m.State.Clock.Running) != 1 {
		t.Fatalf("after red sat down the feed sent %+v, want the state with a clock running", m)
	}
}
