package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
)

// A page asks the odds of a menu, or what a trooper sees, for the seq it
// drew them at ("seq"): once the match has moved on, the answer is a 200
// saying so ({"stale": true, "seq": now}), whatever the request asked
// about — a trooper since killed or an entry no longer offered is not a
// refusal, and the page drops the answer without a failed request. At the
// seq it names, or without one, each answers as before.
func TestWebStaleAnswers(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID
	blue := c.Seats["blue"].Token
	var snap snapshot
	call(t, "GET", base, blue, nil, &snap)
	var attack, end json.RawMessage
	for _, m := range snap.Menu {
		if m.Illegal == nil && attack == nil && bytes.Contains(m.Action, []byte(`"bs-attack"`)) {
			attack = m.Action
		}
		if m.Illegal == nil && bytes.Contains(m.Action, []byte(`"end-orders"`)) {
			end = m.Action
		}
	}
	if attack == nil || end == nil {
		t.Fatal("no BS Attack or end of the Orders Phase in blue's menu")
	}
	type answer struct {
		Answers []json.RawMessage `json:"answers"`
		Stale   bool              `json:"stale"`
		Seq     int               `json:"seq"`
	}
	var now answer
	if code := call(t, "POST", base+"/odds", blue, map[string]any{"seq": snap.Seq, "actions": []json.RawMessage{attack}}, &now); code != http.StatusOK || now.Stale || len(now.Answers) != 1 {
		t.Fatalf("odds at the seq now: %d %+v", code, now)
	}
	var sightNow struct {
		Trooper string `json:"trooper"`
		Stale   bool   `json:"stale"`
	}
	if code := call(t, "GET", base+"/sight/fusilier?seq="+strconv.Itoa(snap.Seq), blue, nil, &sightNow); code != http.StatusOK || sightNow.Stale || sightNow.Trooper != "fusilier" {
		t.Fatalf("sight at the seq now: %d %+v", code, sightNow)
	}
	var acted struct{ Seq int }
	if code := call(t, "POST", base+"/actions", blue, map[string]any{"seq": snap.Seq, "id": "end", "action": end}, &acted); code != http.StatusOK {
		t.Fatalf("ending the Orders Phase: %d", code)
	}
	var stale answer
	if code := call(t, "POST", base+"/odds", blue, map[string]any{"seq": snap.Seq, "actions": []json.RawMessage{attack}}, &stale); code != http.StatusOK || !stale.Stale || stale.Seq != acted.Seq || len(stale.Answers) != 0 {
		t.Fatalf("odds asked for a menu gone: %d %+v, want stale at seq %d", code, stale, acted.Seq)
	}
	for _, trooper := range []string{"fusilier", "no-such-trooper"} {
		var s answer
		if code := call(t, "GET", base+"/sight/"+trooper+"?seq="+strconv.Itoa(snap.Seq), blue, nil, &s); code != http.StatusOK || !s.Stale || s.Seq != acted.Seq {
			t.Fatalf("sight of %s asked at a seq gone: %d %+v", trooper, code, s)
		}
	}
	// Without a seq, or at the seq now, a refusal is still a refusal.
	var e apiErr
	if code := call(t, "GET", base+"/sight/no-such-trooper", blue, nil, &e); code != http.StatusUnprocessableEntity {
		t.Fatalf("sight of no trooper: %d %+v", code, e)
	}
	if code := call(t, "GET", base+"/sight/fusilier?seq=x", blue, nil, &e); code != http.StatusBadRequest {
		t.Fatalf("a seq that is no number: %d %+v", code, e)
	}
}
