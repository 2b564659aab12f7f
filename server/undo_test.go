package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// Undo by consent: a seat may ask to take back its last declaration
// before any die of it was rolled; the other seat refuses or accepts; on
// accept the match goes on from the state before it — the log keeps the
// declaration, the request and the take-back, and replay, a restart and
// the seed's verification all hold. Nothing rolled can be taken back.
func TestUndoByConsent(t *testing.T) {
	dir := t.TempDir()
	ts, stop := tableServer(t, dir)
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID
	rng := rand.New(rand.NewPCG(6, 1))
	other := map[string]string{"red": "blue", "blue": "red"}
	// Play until a seat's last declaration rolled nothing.
	var seat string
	var before snapshot
	rolledChecked := false
	for n := 0; seat == "" || !rolledChecked; n++ {
		seat = ""
		if n > 300 {
			t.Fatal("no declaration without dice in 300 actions")
		}
		call(t, "GET", base, "", nil, &before)
		if before.Over {
			t.Fatal("the game ended first")
		}
		if !move(t, ts, c, rng, n) {
			t.Fatal("the game ended first")
		}
		for _, s := range []string{"red", "blue"} {
			if slices.Contains(look(t, ts, c, s).Table, "request-undo") {
				seat = s
			}
		}
		var now snapshot
		call(t, "GET", base, "", nil, &now)
		if now.Seq > before.Seq+1 && !rolledChecked {
			// The dice rolled for it: neither seat may take it back.
			for _, s := range []string{"red", "blue"} {
				if code, e := tableAct(t, ts, c, s, "request-undo", fmt.Sprint("rolled-", s)); code != 422 || e.Code != "illegal" {
					t.Fatalf("%s takes back what was rolled: %d %+v", s, code, e)
				}
			}
			rolledChecked = true
			seat = ""
			continue
		}
		if seat != "" && now.Seq != before.Seq+1 {
			seat = "" // followed by a chance step: not this one
		}
	}
	if !rolledChecked {
		t.Fatal("no declaration with dice came first: the refusal of a take-back of what was rolled is untested")
	}
	if code, e := tableAct(t, ts, c, other[seat], "request-undo", "not-mine"); code != 422 || e.Code != "illegal" {
		t.Fatalf("the other seat takes back a declaration not its own: %d %+v", code, e)
	}
	t.Logf("before seq %d, seat %s", before.Seq, seat)
	if code, e := tableAct(t, ts, c, seat, "request-undo", "take-back-1"); code != 200 {
		t.Fatalf("request: %d %+v", code, e)
	}
	if s := look(t, ts, c, other[seat]); !slices.Contains(s.Table, "accept-undo") || !slices.Contains(s.Table, "decline-undo") {
		t.Fatalf("the other seat's table actions with a request open: %+v", s.Table)
	}
	if code, e := tableAct(t, ts, c, other[seat], "decline-undo", "take-back-refused"); code != 200 {
		t.Fatalf("decline: %d %+v", code, e)
	}
	var kept snapshot
	call(t, "GET", base, "", nil, &kept)
	if bytes.Equal(kept.Observation, before.Observation) {
		t.Fatal("a refused take-back changed the state back")
	}
	if code, e := tableAct(t, ts, c, seat, "request-undo", "take-back-2"); code != 200 {
		t.Fatalf("the second request: %d %+v", code, e)
	}
	if code, e := tableAct(t, ts, c, other[seat], "accept-undo", "take-back-accepted"); code != 200 {
		t.Fatalf("accept: %d %+v", code, e)
	}
	var back snapshot
	call(t, "GET", base, "", nil, &back)
	if !bytes.Equal(back.Observation, before.Observation) || !slices.Equal(back.Prompt.Seats, before.Prompt.Seats) || back.Seq != before.Seq+5 {
		t.Fatalf("after the take-back: seq %d (want %d), prompt %v (want %v), same observation %v",
			back.Seq, before.Seq+5, back.Prompt.Seats, before.Prompt.Seats, bytes.Equal(back.Observation, before.Observation))
	}
	if s := look(t, ts, c, seat); slices.Contains(s.Table, "request-undo") {
		t.Fatal("a second take-back in a row is offered")
	}
	// The replay's step after the take-back is the state before it, and a
	// new server on the same file rebuilds it so.
	var step struct{ Observation json.RawMessage }
	call(t, "GET", base+fmt.Sprintf("/replay/%d", back.Seq), "", nil, &step)
	if !bytes.Equal(step.Observation, before.Observation) {
		t.Fatal("the replay after the take-back differs")
	}
	stop()
	ts, _ = tableServer(t, dir)
	base = ts.URL + "/api/matches/" + c.ID
	var again snapshot
	call(t, "GET", base, "", nil, &again)
	if !bytes.Equal(again.Observation, back.Observation) || again.Seq != back.Seq {
		t.Fatal("a restart rebuilt another state")
	}
	// Play on to the end: the log verifies from the seed.
	for n := 1000; move(t, ts, c, rng, n); n++ {
		if n > 1500 {
			t.Fatal("the duel did not end")
		}
	}
	var v struct {
		OK      bool   `json:"ok"`
		Problem string `json:"problem"`
	}
	if code := call(t, "GET", base+"/verify", "", nil, &v); code != 200 || !v.OK {
		t.Fatalf("verify: %d %+v", code, v)
	}
}
