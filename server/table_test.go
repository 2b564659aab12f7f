package server_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

type tableSnap struct {
	Seq    int  `json:"seq"`
	Over   bool `json:"over"`
	Prompt struct {
		Kind   string `json:"kind"`
		Window string `json:"window"`
	} `json:"prompt"`
	Outcome *struct {
		Reason string `json:"reason"`
		Seat   string `json:"seat"`
		Winner string `json:"winner"`
	} `json:"outcome"`
	DrawOffer string   `json:"draw_offer"`
	Table     []string `json:"table"`
}

// drawOnly is a seat's table actions but the take-backs (Undo by
// consent, tested apart).
func drawOnly(table []string) []string {
	return slices.DeleteFunc(slices.Clone(table), func(k string) bool { return strings.HasSuffix(k, "-undo") })
}

// tableAct sends a table action of a seat at the match's current seq.
func tableAct(t *testing.T, ts *httptest.Server, c created, seat, kind, id string) (int, apiErr) {
	t.Helper()
	var s tableSnap
	call(t, "GET", ts.URL+"/api/matches/"+c.ID, "", nil, &s)
	var e apiErr
	code := call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/actions", c.Seats[seat].Token,
		map[string]any{"seq": s.Seq, "id": id, "action": map[string]string{"kind": kind}}, &e)
	return code, e
}

func look(t *testing.T, ts *httptest.Server, c created, seat string) tableSnap {
	t.Helper()
	var s tableSnap
	token := ""
	if seat != "" {
		token = c.Seats[seat].Token
	}
	call(t, "GET", ts.URL+"/api/matches/"+c.ID, token, nil, &s)
	return s
}

// Draw offers: a seat offers a draw whoever's turn it is; the other seat
// accepts or declines it; an open offer lapses when the game moves on;
// accepted, the match is over as a draw — logged, verified from the seed,
// and the same after a restart.
func TestDrawOffer(t *testing.T) {
	dir := t.TempDir()
	ts, stop := tableServer(t, dir)
	c := create(t, ts, "demo")
	rng := rand.New(rand.NewPCG(8, 8))
	move(t, ts, c, rng, 0)
	if s := look(t, ts, c, "red"); !slices.Equal(drawOnly(s.Table), []string{"resign", "offer-draw"}) || s.DrawOffer != "" {
		t.Fatalf("red's table actions before any offer: %+v", s)
	}
	if code, e := tableAct(t, ts, c, "blue", "offer-draw", "o1"); code != 200 {
		t.Fatalf("blue offers a draw: %d %+v", code, e)
	}
	if s := look(t, ts, c, "red"); s.DrawOffer != "blue" || !slices.Equal(drawOnly(s.Table), []string{"resign", "accept-draw", "decline-draw"}) {
		t.Fatalf("red's view of blue's offer: %+v", s)
	}
	if s := look(t, ts, c, "blue"); !slices.Equal(drawOnly(s.Table), []string{"resign"}) {
		t.Fatalf("blue's table actions with its offer open: %+v", s)
	}
	for _, bad := range []struct{ seat, kind, code string }{
		{"blue", "offer-draw", "illegal"},  // its own offer is open
		{"blue", "accept-draw", "illegal"}, // its own offer
	} {
		if code, e := tableAct(t, ts, c, bad.seat, bad.kind, "bad-"+bad.kind); code != 422 || e.Code != bad.code {
			t.Fatalf("%s %s: %d %+v, want 422 %s", bad.seat, bad.kind, code, e, bad.code)
		}
	}
	if code, e := tableAct(t, ts, c, "red", "decline-draw", "d1"); code != 200 {
		t.Fatalf("red declines: %d %+v", code, e)
	}
	if s := look(t, ts, c, "red"); s.DrawOffer != "" || s.Over {
		t.Fatalf("after the refusal: %+v", s)
	}
	// An offer lapses when a seat acts in the game.
	tableAct(t, ts, c, "red", "offer-draw", "o2")
	move(t, ts, c, rng, 1)
	if s := look(t, ts, c, "blue"); s.DrawOffer != "" {
		t.Fatalf("the offer outlived a game action: %+v", s)
	}
	if code, e := tableAct(t, ts, c, "blue", "accept-draw", "accept-lapsed"); code != 422 {
		t.Fatalf("accepting a lapsed offer: %d %+v", code, e)
	}
	tableAct(t, ts, c, "red", "offer-draw", "o3")
	if code, e := tableAct(t, ts, c, "blue", "accept-draw", "accept"); code != 200 {
		t.Fatalf("blue accepts: %d %+v", code, e)
	}
	end := look(t, ts, c, "")
	if !end.Over || end.Outcome == nil || end.Outcome.Reason != "draw" || end.Prompt.Kind != "over" || end.Prompt.Window != "draw" {
		t.Fatalf("after the accepted draw: %+v", end)
	}
	if s := look(t, ts, c, "red"); len(s.Table) != 0 {
		t.Fatalf("table actions after the end: %+v", s)
	}
	if move(t, ts, c, rng, 2) {
		t.Fatal("a game action after the draw")
	}
	if code, e := tableAct(t, ts, c, "red", "resign", "r1"); code != 422 || e.Code != "game-over" {
		t.Fatalf("resigning after the draw: %d %+v", code, e)
	}
	checkEnded(t, ts, c, end)
	// A new server on the same store rebuilds the match as it ended.
	stop()
	ts2, _ := tableServer(t, dir)
	if got := look(t, ts2, c, ""); got.Seq != end.Seq || got.Outcome == nil || got.Outcome.Reason != "draw" || !got.Over {
		t.Fatalf("after a restart: %+v, want %+v", got, end)
	}
}

// Resigning ends the match at once, whoever's turn it is: the other seat
// wins, the log says who resigned, the seed is published and the export
// verifies.
func TestResign(t *testing.T) {
	ts, _ := tableServer(t, t.TempDir())
	c := create(t, ts, "duel")
	rng := rand.New(rand.NewPCG(2, 8))
	move(t, ts, c, rng, 0)
	move(t, ts, c, rng, 1)
	if code, e := tableAct(t, ts, c, "red", "resign", "gg"); code != 200 {
		t.Fatalf("red resigns: %d %+v", code, e)
	}
	end := look(t, ts, c, "blue")
	if !end.Over || end.Outcome == nil || end.Outcome.Reason != "resigned" || end.Outcome.Seat != "red" || end.Outcome.Winner != "blue" {
		t.Fatalf("after red resigned: %+v", end)
	}
	var page struct {
		Entries []struct {
			Seat   string          `json:"seat"`
			Action json.RawMessage `json:"action"`
		} `json:"entries"`
	}
	call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/log?from=0", "", nil, &page)
	last := page.Entries[len(page.Entries)-1]
	if last.Seat != "red" || string(last.Action) != `{"kind":"resign"}` {
		t.Fatalf("the log's last entry as a spectator sees it: %s %s", last.Seat, last.Action)
	}
	if code, e := tableAct(t, ts, c, "red", "resign", "gg2"); code != 422 || e.Code != "game-over" {
		t.Fatalf("resigning twice: %d %+v", code, e)
	}
	checkEnded(t, ts, c, end)
}

// checkEnded: the seed is out, /verify holds, and the export verifies
// through the library (what ordo verify runs).
func checkEnded(t *testing.T, ts *httptest.Server, c created, end tableSnap) {
	t.Helper()
	var v struct {
		OK      bool   `json:"ok"`
		Entries int    `json:"entries"`
		Problem string `json:"problem"`
	}
	if code := call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/verify", "", nil, &v); code != 200 || !v.OK || v.Entries != end.Seq {
		t.Fatalf("verify: %d %+v (seq %d)", code, v, end.Seq)
	}
	var x match.Export
	call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/export", "", nil, &x)
	got, err := library(t).Verify(&x)
	if err != nil || got.Outcome == nil || got.Outcome.Reason != end.Outcome.Reason {
		t.Fatalf("Verify: %+v %v", got, err)
	}
	// A forged log: a game action after the end is refused.
	x.Log = append(x.Log, x.Log[0])
	x.Log[len(x.Log)-1].Seq = len(x.Log) - 1
	if _, err := library(t).Verify(&x); err == nil {
		t.Fatal("Verify accepted a game action after the end of the match")
	}
}

// tableServer runs a server on the SQLite file in dir; stop closes it.
func tableServer(t *testing.T, dir string) (*httptest.Server, func()) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(dir, "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	a := match.New(match.Options{Store: st, Library: library(t)})
	ts := httptest.NewServer(server.New(ctx, a, nil))
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			cancel()
			ts.Close()
			st.Close()
		}
	}
	t.Cleanup(stop)
	return ts, stop
}
