package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
)

// The web table's pages: one page for /, /m/{id} and /m/{id}/replay, its
// files under /static/, each answer with a policy that loads nothing from
// elsewhere and sends no Referer (a seat link's token is in the fragment).
func TestWebPages(t *testing.T) {
	ts := start(t)
	for _, path := range []string{"/", "/m/abc", "/m/abc/replay", "/static/app.js", "/static/style.css"} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d", path, res.StatusCode)
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", path, csp)
		}
		if res.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("GET %s: Referrer-Policy %q", path, res.Header.Get("Referrer-Policy"))
		}
	}
	res, err := http.Get(ts.URL + "/static/nothing.js")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /static/nothing.js: %d, want 404", res.StatusCode)
	}
	// The create answer gives each seat its link, the token in the fragment.
	var c struct {
		ID    string `json:"id"`
		Seats map[string]struct{ Token, URL string }
	}
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"scenario": "duel"}, &c); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	for seat, s := range c.Seats {
		if s.URL != "/m/"+c.ID+"#token="+s.Token {
			t.Errorf("%s's url %q", seat, s.URL)
		}
	}
}

type board struct {
	Width    float64                    `json:"width"`
	Terrain  []json.RawMessage          `json:"terrain"`
	Profiles map[string]json.RawMessage `json:"profiles"`
}

// The board (the table to draw) holds the profiles a viewer sees, and
// never one behind a marker or in Hidden Deployment (Camouflage (N4),
// Hidden Deployment (N4)): the demo's red scout is a marker to blue, and
// blue's sniper is hidden from red and the spectator.
func TestWebBoard(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "demo")
	base := ts.URL + "/api/matches/" + c.ID + "/board"
	for _, v := range []struct {
		who, token  string
		has, hasNot []string
	}{
		{"blue", c.Seats["blue"].Token, []string{"sniper", "zhanshi"}, []string{"scout"}},
		{"red", c.Seats["red"].Token, []string{"scout", "fusilier"}, []string{"sniper"}},
		{"spectator", "", []string{"fusilier", "zhanshi"}, []string{"scout", "sniper"}},
	} {
		var b board
		if code := call(t, "GET", base, v.token, nil, &b); code != http.StatusOK {
			t.Fatalf("%s: %d", v.who, code)
		}
		if b.Width != 32 || len(b.Terrain) != 3 {
			t.Fatalf("%s: board %+v, want the demo's 32\" table and 3 pieces of scenery", v.who, b)
		}
		for _, p := range v.has {
			if _, ok := b.Profiles[p]; !ok {
				t.Errorf("%s's board lacks %s", v.who, p)
			}
		}
		for _, p := range v.hasNot {
			if _, ok := b.Profiles[p]; ok {
				t.Errorf("%s's board holds the %s profile", v.who, p)
			}
		}
	}
}

type oddsAnswers struct {
	Answers []struct {
		Odds []struct {
			Roll   string  `json:"roll"`
			Target string  `json:"target"`
			Win    float64 `json:"win"`
			Falls  *float64
		} `json:"odds"`
		Illegal *struct{ Code, Message, Rule string } `json:"illegal"`
	} `json:"answers"`
}

// The odds of menu entries (Face to Face Rolls (N4)): a seat's BS Attack
// entries get their exact chances, an entry the rules refuse gets its rule
// and changes nothing; a spectator gets no odds; the request is bounded.
func TestWebOdds(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID
	blue := c.Seats["blue"].Token
	var snap snapshot
	call(t, "GET", base, blue, nil, &snap)
	var attacks []json.RawMessage
	for _, m := range snap.Menu {
		if m.Illegal == nil && bytes.Contains(m.Action, []byte(`"bs-attack"`)) {
			attacks = append(attacks, m.Action)
		}
	}
	if len(attacks) == 0 {
		t.Fatal("no BS Attack in blue's menu")
	}
	bad := json.RawMessage(`{"kind":"activate","trooper":"fusilier","order":"regular","skill":{"name":"move","route":[[10,30]]}}`)
	var ans oddsAnswers
	if code := call(t, "POST", base+"/odds", blue, map[string]any{"actions": append(attacks[:1:1], bad)}, &ans); code != http.StatusOK {
		t.Fatalf("odds: %d", code)
	}
	if len(ans.Answers) != 2 || len(ans.Answers[0].Odds) != 1 || ans.Answers[0].Odds[0].Target != "red-zhanshi-1" || ans.Answers[0].Odds[0].Win <= 0 || ans.Answers[0].Odds[0].Falls == nil {
		t.Fatalf("odds of the BS Attack: %+v", ans)
	}
	if ill := ans.Answers[1].Illegal; ill == nil || ill.Rule == "" {
		t.Fatalf("a Move past MOV: %+v, want refused with its rule", ans.Answers[1])
	}
	var after snapshot
	call(t, "GET", base, blue, nil, &after)
	if after.Seq != snap.Seq {
		t.Fatalf("asking for odds changed the match: seq %d → %d", snap.Seq, after.Seq)
	}
	var e apiErr
	if code := call(t, "POST", base+"/odds", "", map[string]any{"actions": attacks[:1]}, &e); code != http.StatusUnauthorized {
		t.Fatalf("a spectator's odds: %d %+v", code, e)
	}
	many := make([]json.RawMessage, 65)
	for i := range many {
		many[i] = attacks[0]
	}
	if code := call(t, "POST", base+"/odds", blue, map[string]any{"actions": many}, &e); code != http.StatusBadRequest || !strings.Contains(e.Message, "64") {
		t.Fatalf("65 actions: %d %+v", code, e)
	}
	if code := call(t, "POST", base+"/odds", blue, `{"actions":[],"x":1}`, &e); code != http.StatusBadRequest || e.Code != "unknown-field" {
		t.Fatalf("an unknown field: %d %+v", code, e)
	}
}

// A replay steps through the log as a spectator saw it, and a finished
// match's dice verify against its seed and commitment.
func TestWebReplayAndVerify(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID
	var e apiErr
	if code := call(t, "GET", base+"/verify", "", nil, &e); code != http.StatusForbidden || e.Code != "not-over" {
		t.Fatalf("verify before the end: %d %+v", code, e)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; move(t, ts, c, rng, n); n++ {
		if n > 500 {
			t.Fatal("the duel did not end in 500 actions")
		}
	}
	var step struct {
		Seq, Total  int
		Observation json.RawMessage
	}
	if code := call(t, "GET", base+"/replay/0", "", nil, &step); code != http.StatusOK || step.Seq != 0 || step.Total == 0 {
		t.Fatalf("replay step 0: %d %+v", code, step)
	}
	// A copy: decoding the next answer into step reuses the RawMessage's
	// array, which would overwrite first in place.
	first := string(step.Observation)
	call(t, "GET", base+fmt.Sprintf("/replay/%d", step.Total), "", nil, &step)
	var end snapshot
	call(t, "GET", base, "", nil, &end)
	if string(step.Observation) != string(end.Observation) || first == string(end.Observation) {
		t.Fatal("the replay's last step is not the match's end, or its first is")
	}
	if code := call(t, "GET", base+"/replay/x", "", nil, &e); code != http.StatusBadRequest {
		t.Fatalf("replay/x: %d", code)
	}
	var v struct {
		OK      bool
		Entries int
		Dice    int
		Seed    string
	}
	if code := call(t, "GET", base+"/verify", "", nil, &v); code != http.StatusOK || !v.OK || v.Entries != end.Seq || v.Dice == 0 || len(v.Seed) != 64 {
		t.Fatalf("verify: %d %+v", code, v)
	}
}

// A replay shows each viewer what it saw at that step: a seat's token
// replays its own view — its trooper in Hidden Deployment, its Lieutenant —
// and never the other side's (Hidden Deployment (N4), Camouflage (N4), Loss
// of Lieutenant (N4)); without a token it is the spectator's; a token of no
// seat is refused.
func TestWebReplaySeatView(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "demo")
	base := ts.URL + "/api/matches/" + c.ID + "/replay/0"
	type trooper struct {
		ID         string `json:"id"`
		Lieutenant bool   `json:"lieutenant"`
	}
	type step struct {
		Observation struct {
			Troopers []trooper `json:"troopers"`
		} `json:"observation"`
	}
	for _, v := range []struct {
		who, token  string
		has, hasNot []string
		lieutenant  string
	}{
		{"blue", c.Seats["blue"].Token, []string{"b-sniper", "b-fusilier"}, []string{"r-scout"}, "b-fusilier"},
		{"red", c.Seats["red"].Token, []string{"r-scout", "r-zhanshi"}, []string{"b-sniper"}, "r-zhanshi"},
		// A spectator knows every trooper by its public label.
		{"spectator", "", []string{"blue-fusilier-1", "red-zhanshi-1"}, []string{"b-sniper", "r-scout", "b-fusilier", "r-zhanshi"}, ""},
	} {
		var st step
		if code := call(t, "GET", base, v.token, nil, &st); code != http.StatusOK {
			t.Fatalf("%s: replay/0: %d", v.who, code)
		}
		ids := map[string]trooper{}
		for _, tr := range st.Observation.Troopers {
			ids[tr.ID] = tr
		}
		for _, id := range v.has {
			if _, ok := ids[id]; !ok {
				t.Errorf("%s's replay lacks %s", v.who, id)
			}
		}
		for _, id := range v.hasNot {
			if _, ok := ids[id]; ok {
				t.Errorf("%s's replay shows %s", v.who, id)
			}
		}
		var lts []string
		for _, tr := range st.Observation.Troopers {
			if tr.Lieutenant {
				lts = append(lts, tr.ID)
			}
		}
		if want := v.lieutenant; (want == "" && len(lts) > 0) || (want != "" && (len(lts) != 1 || lts[0] != want)) {
			t.Errorf("%s's replay marks %v as Lieutenant, want %q", v.who, lts, want)
		}
	}
	var e apiErr
	if code := call(t, "GET", base, "not-a-seat-token", nil, &e); code != http.StatusForbidden {
		t.Fatalf("a made-up token: %d %+v", code, e)
	}
}

// What a trooper sees, for the web table's Line of Fire overlay (Line of
// Fire (N4)): its own seat gets the enemies with Line of Fire, distance and
// range MODs; a spectator is refused, and so is the other seat asking
// about a trooper not its own.
func TestWebSight(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID + "/sight/"
	var sight struct {
		Trooper string `json:"trooper"`
		Targets []struct {
			Target   string         `json:"target"`
			LoF      bool           `json:"lof"`
			Distance float64        `json:"distance"`
			Ranges   map[string]int `json:"ranges"`
		} `json:"targets"`
	}
	if code := call(t, "GET", base+"fusilier", c.Seats["blue"].Token, nil, &sight); code != http.StatusOK {
		t.Fatalf("blue's fusilier's sight: %d", code)
	}
	if len(sight.Targets) != 1 || sight.Targets[0].Target != "red-zhanshi-1" || sight.Targets[0].Distance <= 0 {
		t.Fatalf("blue's fusilier sees %+v, want the zhanshi with its distance", sight)
	}
	var e apiErr
	if code := call(t, "GET", base+"fusilier", "", nil, &e); code != http.StatusUnauthorized {
		t.Fatalf("a spectator asking what the fusilier sees: %d %+v", code, e)
	}
	if code := call(t, "GET", base+"fusilier", c.Seats["red"].Token, nil, &e); code < 400 || code == http.StatusInternalServerError {
		t.Fatalf("red asking what blue's fusilier sees: %d %+v", code, e)
	}
}

// A fantasy match's board (Units and formations): the table's size and
// every unit's bases as the engine places them, the same for each seat
// and a spectator — nothing on a fantasy table is private.
func TestWebFantasyBoard(t *testing.T) {
	ts, _ := startMissions(t, nil)
	c := create(t, ts, "fantasy-demo")
	var boards [3]json.RawMessage
	for i, tok := range []string{c.Seats["blue"].Token, c.Seats["red"].Token, ""} {
		if code := call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/board", tok, nil, &boards[i]); code != http.StatusOK {
			t.Fatalf("the fantasy board: %d %s", code, boards[i])
		}
	}
	if !bytes.Equal(boards[0], boards[1]) || !bytes.Equal(boards[0], boards[2]) {
		t.Fatal("the fantasy board differs between viewers")
	}
	var b struct {
		Ruleset string  `json:"ruleset"`
		Width   float64 `json:"width"`
		Units   []struct {
			ID    string `json:"id"`
			Bases []struct {
				Corners [4][2]float64 `json:"corners"`
			} `json:"bases"`
		} `json:"units"`
	}
	if err := json.Unmarshal(boards[0], &b); err != nil || b.Ruleset != "fantasy" || b.Width <= 0 || len(b.Units) == 0 || len(b.Units[0].Bases) == 0 {
		t.Fatalf("the fantasy board reads %+v, %v", b, err)
	}
}

// The odds of a fantasy menu entry (Casting spells, Dispelling spells): a
// `cast` entry of blue's Magic phase gets its chances against red's
// dispel pool, the same as the engine's (fantasy.State.CastOdds); an entry
// of no spell has none; nothing changes.
func TestWebOddsOfACast(t *testing.T) {
	ts, _ := startMissions(t, nil)
	c := create(t, ts, "fantasy-battle")
	base := ts.URL + "/api/matches/" + c.ID
	blue := c.Seats["blue"].Token
	var snap snapshot
	for n, kind := range []string{"end-charges", "end-movement"} {
		call(t, "GET", base, blue, nil, &snap)
		body := map[string]any{"seq": snap.Seq, "id": fmt.Sprintf("m%d", n), "action": map[string]any{"kind": kind}}
		if code := call(t, "POST", base+"/actions", blue, body, nil); code != http.StatusOK {
			t.Fatalf("%s: %d", kind, code)
		}
	}
	snap = snapshot{} // a fresh menu: decoding into the last one keeps its stale entries' fields
	call(t, "GET", base, blue, nil, &snap)
	var cast, end json.RawMessage
	for _, m := range snap.Menu {
		if m.Illegal == nil && bytes.Contains(m.Action, []byte(`"cast"`)) && cast == nil {
			cast = m.Action
		}
		if bytes.Contains(m.Action, []byte(`"end-magic"`)) {
			end = m.Action
		}
	}
	if cast == nil || end == nil {
		t.Fatalf("no cast in blue's Magic phase menu: %d entries", len(snap.Menu))
	}
	var ans struct {
		Answers []struct {
			Cast *struct {
				TakesEffect      float64 `json:"takesEffect"`
				TakesEffectExact string  `json:"takesEffectExact"`
			} `json:"cast"`
			Illegal *struct{ Code string } `json:"illegal"`
		} `json:"answers"`
	}
	if code := call(t, "POST", base+"/odds", blue, map[string]any{"actions": []json.RawMessage{cast, end}}, &ans); code != http.StatusOK {
		t.Fatalf("odds: %d", code)
	}
	if len(ans.Answers) != 2 || ans.Answers[0].Cast == nil || ans.Answers[0].Cast.TakesEffect <= 0 || ans.Answers[0].Cast.TakesEffectExact == "" || ans.Answers[1].Cast != nil || ans.Answers[1].Illegal != nil {
		t.Fatalf("odds of %s and end-magic: %+v", cast, ans)
	}
	var e apiErr
	if code := call(t, "POST", base+"/odds", c.Seats["red"].Token, map[string]any{"actions": []json.RawMessage{cast}}, &ans); code != http.StatusOK || ans.Answers[0].Illegal == nil {
		t.Fatalf("red asking the odds of blue's cast: %d %+v %+v", code, ans, e)
	}
	var after snapshot
	call(t, "GET", base, blue, nil, &after)
	if after.Seq != snap.Seq {
		t.Fatalf("asking for odds changed the match: seq %d → %d", snap.Seq, after.Seq)
	}
}

// The odds of fantasy charges and volleys (Charges, Shooting: to hit):
// each legal `charge` entry of blue's first Movement phase gets the chance
// its range roll reaches the target, and each legal `shoot` entry of its
// Shooting phase the chance of each number of hits; red asking the odds of
// blue's entries is refused.
func TestWebOddsOfAChargeAndAVolley(t *testing.T) {
	ts, _ := startMissions(t, nil)
	c := create(t, ts, "fantasy-demo")
	base := ts.URL + "/api/matches/" + c.ID
	blue, red := c.Seats["blue"].Token, c.Seats["red"].Token
	type answers struct {
		Answers []struct {
			Charge *struct {
				Target string  `json:"target"`
				Reach  float64 `json:"reach"`
			} `json:"charge"`
			Shoot *struct {
				Shots int       `json:"shots"`
				Hits  []float64 `json:"hits"`
			} `json:"shoot"`
			Illegal *struct{ Code string } `json:"illegal"`
		} `json:"answers"`
	}
	entries := func(kind string) []json.RawMessage {
		var snap snapshot
		call(t, "GET", base, blue, nil, &snap)
		var out []json.RawMessage
		for _, m := range snap.Menu {
			if m.Illegal == nil && bytes.Contains(m.Action, []byte(`"kind":"`+kind+`"`)) {
				out = append(out, m.Action)
			}
		}
		return out
	}
	check := func(kind string) {
		acts := entries(kind)
		if len(acts) == 0 {
			t.Fatalf("no legal %s entry in blue's menu", kind)
		}
		var ans answers
		if code := call(t, "POST", base+"/odds", blue, map[string]any{"actions": acts}, &ans); code != http.StatusOK {
			t.Fatalf("odds: %d", code)
		}
		priced := 0
		for i, a := range ans.Answers {
			if a.Charge != nil || a.Shoot != nil {
				priced++
			}
			switch {
			case a.Illegal != nil:
				t.Fatalf("%s refused: %+v", acts[i], a.Illegal)
			case kind == "charge" && (a.Charge == nil || a.Charge.Reach < 0 || a.Charge.Reach > 1):
				t.Fatalf("%s: charge odds %+v", acts[i], a.Charge)
			case kind == "shoot" && bytes.Contains(acts[i], []byte(`"blue-bows"`)) && (a.Shoot == nil || len(a.Shoot.Hits) != a.Shoot.Shots+1):
				t.Fatalf("%s: shot odds %+v", acts[i], a.Shoot)
			}
		}
		if priced == 0 {
			t.Fatalf("none of blue's %d %s entries is priced", len(acts), kind)
		}
		ans = answers{}
		if code := call(t, "POST", base+"/odds", red, map[string]any{"actions": acts[:1]}, &ans); code != http.StatusOK || ans.Answers[0].Illegal == nil {
			t.Fatalf("red asking the odds of blue's %s: %d %+v", kind, code, ans)
		}
	}
	check("charge")
	// To the Shooting phase: the end of each phase before it.
	for n := 0; len(entries("shoot")) == 0; n++ {
		var snap snapshot
		call(t, "GET", base, blue, nil, &snap)
		var end json.RawMessage
		for _, m := range snap.Menu {
			if m.Illegal == nil && bytes.Contains(m.Action, []byte(`"kind":"end-`)) {
				end = m.Action
			}
		}
		if end == nil || n > 5 {
			t.Fatalf("no Shooting phase for blue: %d entries", len(snap.Menu))
		}
		body := map[string]any{"seq": snap.Seq, "id": fmt.Sprintf("m%d", n), "action": end}
		if code := call(t, "POST", base+"/actions", blue, body, nil); code != http.StatusOK {
			t.Fatalf("%s: %d", end, code)
		}
	}
	check("shoot")
}
