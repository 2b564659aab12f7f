package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// Seats (the server's seat tokens): one seat's attempts to act or see as
// the other are refused or redacted, and a refusal changes nothing. The
// private facts are those of Loss of Lieutenant (N4): who the Lieutenant
// is, and the trooper in Hidden Deployment.
func TestSeats(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "demo")
	other := create(t, ts, "demo")
	base := ts.URL + "/api/matches/" + c.ID
	blue, red := c.Seats["blue"].Token, c.Seats["red"].Token

	var before snapshot
	call(t, "GET", base, blue, nil, &before)
	// Blue's Lieutenant spends the Lieutenant Special Order on a move
	// from blue's own menu (sent by the wrong seats below).
	var ltOrder json.RawMessage
	for _, m := range before.Menu {
		if m.Illegal == nil && bytes.Contains(m.Action, []byte(`"trooper":"b-fusilier","order":"regular","skill":{"name":"move"`)) {
			ltOrder = bytes.Replace(m.Action, []byte(`"regular"`), []byte(`"lieutenant"`), 1)
			break
		}
	}
	if ltOrder == nil {
		t.Fatal("blue's menu offers no Lieutenant Special Order")
	}
	act := func(seq int, id string) map[string]any {
		return map[string]any{"seq": seq, "id": id, "action": ltOrder}
	}
	refusals := []struct {
		name, token, url string
		body             any
		status           int
		code             string
	}{
		{"no token acts", "", base + "/actions", act(0, "x"), http.StatusUnauthorized, "unauthorized"},
		{"a made-up token acts", "not-a-token", base + "/actions", act(0, "x"), http.StatusForbidden, "forbidden"},
		{"another match's blue token acts", other.Seats["blue"].Token, base + "/actions", act(0, "x"), http.StatusForbidden, "forbidden"},
		{"red sends blue's Order in blue's turn", red, base + "/actions", act(0, "x"), http.StatusUnprocessableEntity, "not-your-turn"},
		{"a made-up token reads", "not-a-token", base, nil, http.StatusForbidden, "forbidden"},
		{"a made-up token reads the log", "not-a-token", base + "/log", nil, http.StatusForbidden, "forbidden"},
	}
	for _, r := range refusals {
		method := "GET"
		if r.body != nil {
			method = "POST"
		}
		var e apiErr
		if code := call(t, method, r.url, r.token, r.body, &e); code != r.status || e.Code != r.code {
			t.Errorf("%s: %d %+v, want %d %s", r.name, code, e, r.status, r.code)
		}
	}
	var after snapshot
	call(t, "GET", base, blue, nil, &after)
	if after.Seq != 0 || !bytes.Equal(after.Observation, before.Observation) {
		t.Fatal("refused attempts changed the match")
	}

	// Red's and the spectator's views never say who blue's Lieutenant is.
	for _, who := range []struct{ name, token string }{{"red", red}, {"spectator", ""}} {
		var s snapshot
		call(t, "GET", base, who.token, nil, &s)
		if bytes.Contains(s.Observation, []byte(`"b-fusilier","lieutenant":true`)) || strings.Contains(string(s.Observation), `"lieutenantOrders":1`) && who.name == "spectator" {
			t.Errorf("%s sees blue's Lieutenant: %s", who.name, s.Observation)
		}
		for _, m := range s.Menu {
			if bytes.Contains(m.Action, []byte(`"b-`)) {
				t.Errorf("%s's menu holds blue's action %s", who.name, m.Action)
			}
		}
	}
	var blueObs snapshot
	call(t, "GET", base, blue, nil, &blueObs)
	if !bytes.Contains(blueObs.Observation, []byte(`"lieutenant":true`)) {
		t.Fatalf("blue does not see its own Lieutenant: the check above proves nothing: %s", blueObs.Observation)
	}

	// Blue moves a trooper with a Regular Order: red's and the
	// spectator's snapshots and logs still never name blue's trooper in
	// Hidden Deployment (Hidden Deployment (N4)), which blue's own view
	// holds.
	if !bytes.Contains(blueObs.Observation, []byte("b-sniper")) {
		t.Fatalf("blue does not see its own hidden trooper: %s", blueObs.Observation)
	}
	var regular json.RawMessage
	for _, m := range before.Menu {
		if m.Illegal == nil && bytes.Contains(m.Action, []byte(`"trooper":"b-fus","order":"regular","skill":{"name":"move"`)) {
			regular = m.Action
			break
		}
	}
	if code := call(t, "POST", base+"/actions", blue, map[string]any{"seq": 0, "id": "mv", "action": regular}, nil); code != 200 {
		t.Fatalf("blue's Regular Order: %d", code)
	}
	for _, who := range []struct{ name, token string }{{"red", red}, {"spectator", ""}} {
		var s snapshot
		call(t, "GET", base, who.token, nil, &s)
		all, _ := json.Marshal(s)
		var p json.RawMessage
		call(t, "GET", base+"/log?from=0", who.token, nil, &p)
		if s.Seq == 0 || len(p) < 20 {
			t.Fatalf("%s sees no entry: %s", who.name, p)
		}
		if bytes.Contains(append(all, p...), []byte("b-sniper")) {
			t.Errorf("%s sees blue's hidden trooper:\n%s\n%s", who.name, all, p)
		}
	}
}
