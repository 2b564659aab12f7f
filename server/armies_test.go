package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/ordo-rules/ordo/internal/cli"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// startMissions starts a server that plays the bundled missions, with the
// seed fixed when seed is not nil.
func startMissions(t *testing.T, seed []byte) (*httptest.Server, *match.Library) {
	t.Helper()
	lib, err := cli.Library()
	if err != nil {
		t.Fatal(err)
	}
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opt := match.Options{Store: st, Library: lib}
	if seed != nil {
		opt.NewSeed = func() []byte { return seed }
	}
	ctx, cancel := context.WithCancel(context.Background())
	ts := httptest.NewServer(server.New(ctx, match.New(opt), nil))
	t.Cleanup(func() { cancel(); ts.Close(); st.Close() })
	return ts, lib
}

func readList(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../data/armies/" + name + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// otherList is a legal list other than blue-company's: another name, and
// its Sniper not in Hidden Deployment.
func otherList(t *testing.T) string {
	t.Helper()
	l := readList(t, "blue-company")
	o := strings.Replace(strings.Replace(l, "name: Blue company", "name: Other company", 1), "{profile: sniper, deployment: hidden}", "{profile: sniper}", 1)
	if o == l || strings.Contains(o, "Blue company") {
		t.Fatal("blue-company.yaml changed: the other list was not made")
	}
	return o
}

// put sends body as it is (an army list's YAML text) and returns the
// status and the answer.
func put(t *testing.T, url, token, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest("PUT", url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/yaml")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, raw
}

type armiesSnapshot struct {
	Seq    int `json:"seq"`
	Prompt struct {
		Kind   string   `json:"kind"`
		Seats  []string `json:"seats"`
		Window string   `json:"window"`
	} `json:"prompt"`
	Armies *struct {
		Mission   string          `json:"mission"`
		Awaiting  bool            `json:"awaiting"`
		Submitted map[string]bool `json:"submitted"`
	} `json:"army_lists"`
	Clock *struct {
		Running []string `json:"running"`
	} `json:"clock"`
	Observation json.RawMessage `json:"observation"`
}

type armyRefusal struct {
	Code     string          `json:"code"`
	Message  string          `json:"message"`
	Rule     string          `json:"rule"`
	Problems []match.Problem `json:"problems"`
}

// Each seat sends its own army list (Army list and Combat Groups (N4))
// after a mission match is created with none: a refused list names the
// rule and its line:col and changes nothing; an accepted one shows the
// others only that it is in; the joiner of an open seat sends its own; the
// clocks do not run before the game; the last list starts the game at the
// Initiative Roll, which then plays to its end and verifies.
func TestArmiesSentBySeatsOverHTTP(t *testing.T) {
	ts, lib := startMissions(t, nil)
	blueList, redList := readList(t, "blue-company"), otherList(t)
	var c created
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"mission": "uplink", "open": []string{"red"}, "clock": map[string]string{"initial": "1h", "increment": "0s"}}, &c); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	base := ts.URL + "/api/matches/" + c.ID
	blue := c.Seats["blue"].Token
	view := func(token string) armiesSnapshot {
		t.Helper()
		var s armiesSnapshot
		if code := call(t, "GET", base, token, nil, &s); code != http.StatusOK {
			t.Fatalf("snapshot: %d", code)
		}
		return s
	}
	s := view("")
	if s.Armies == nil || !s.Armies.Awaiting || s.Armies.Mission != "uplink" || s.Armies.Submitted["blue"] || s.Armies.Submitted["red"] ||
		s.Prompt.Window != match.WindowArmies || strings.Join(s.Prompt.Seats, ",") != "blue,red" || s.Seq != 0 {
		t.Fatalf("a mission match without lists: %+v %s", s, s.Observation)
	}
	if s.Clock == nil || len(s.Clock.Running) != 0 {
		t.Fatalf("the clocks run before the game: %+v", s.Clock)
	}

	// A list over its limit: refused with the rule and where, nothing kept.
	bad := strings.Replace(blueList, "points: 300", "points: 10", 1)
	code, raw := put(t, base+"/army", blue, bad)
	var e armyRefusal
	json.Unmarshal(raw, &e)
	if code != http.StatusUnprocessableEntity || e.Code != "bad-army" || e.Rule != "Army list and Combat Groups (N4)" || len(e.Problems) == 0 || e.Problems[0].Line == 0 || e.Problems[0].Col == 0 {
		t.Fatalf("a list over its points: %d %s", code, raw)
	}
	if s := view(""); s.Armies.Submitted["blue"] {
		t.Fatal("a refused list counts as sent")
	}
	for _, tc := range []struct {
		name, token, body string
		code              int
		want              string
	}{
		{"too large", blue, strings.Repeat("#", match.MaxArmyBytes+1), http.StatusRequestEntityTooLarge, "too-large"},
		{"empty", blue, "  \n", http.StatusBadRequest, "bad-request"},
		{"not YAML", blue, "name: [", http.StatusUnprocessableEntity, "bad-army"},
		{"no token", "", blueList, http.StatusUnauthorized, "unauthorized"},
		{"a wrong token", "nope", blueList, http.StatusForbidden, "forbidden"},
	} {
		code, raw := put(t, base+"/army", tc.token, tc.body)
		var e armyRefusal
		json.Unmarshal(raw, &e)
		if code != tc.code || e.Code != tc.want {
			t.Errorf("%s: %d %s", tc.name, code, raw)
		}
	}
	var ae apiErr
	if code := call(t, "GET", base+"/board", blue, nil, &ae); code != http.StatusConflict || ae.Code != "awaiting-armies" {
		t.Fatalf("the board before the lists: %d %+v", code, ae)
	}
	if code := call(t, "POST", base+"/actions", blue, map[string]any{"seq": 0, "id": "x", "action": map[string]string{"kind": "resign"}}, &ae); code != http.StatusConflict || ae.Code != "awaiting-armies" {
		t.Fatalf("an action before the lists: %d %+v", code, ae)
	}

	// Blue's list, then another in its place.
	for _, list := range []string{redList, blueList} {
		if code, raw := put(t, base+"/army", blue, list); code != http.StatusOK || !bytes.Contains(raw, []byte(`"started":false`)) {
			t.Fatalf("blue's list: %d %s", code, raw)
		}
	}
	s = view("")
	if !s.Armies.Submitted["blue"] || s.Armies.Submitted["red"] || strings.Join(s.Prompt.Seats, ",") != "red" {
		t.Fatalf("after blue's list: %+v", s)
	}
	req, _ := http.NewRequest("GET", base+"/army", nil)
	req.Header.Set("Authorization", "Bearer "+blue)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	own, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(own) != blueList {
		t.Fatalf("blue's own list read back: %d %.60q", resp.StatusCode, own)
	}

	// Red joins the open seat, then sends its list; the lobby lists the
	// match as waiting for armies in between.
	var joined struct{ Token string }
	if code := call(t, "POST", base+"/join", "", map[string]string{"seat": "red"}, &joined); code != http.StatusOK {
		t.Fatalf("join: %d", code)
	}
	var lobby struct {
		Matches []struct{ ID, Status string }
	}
	call(t, "GET", ts.URL+"/api/lobby?status=armies", "", nil, &lobby)
	if len(lobby.Matches) != 1 || lobby.Matches[0].ID != c.ID || lobby.Matches[0].Status != "armies" {
		t.Fatalf("the lobby while the lists come in: %+v", lobby)
	}
	if code, raw := put(t, base+"/army", joined.Token, redList); code != http.StatusOK || !bytes.Contains(raw, []byte(`"started":true`)) {
		t.Fatalf("red's list: %d %s", code, raw)
	}
	s = view("")
	if s.Armies != nil || s.Seq == 0 || s.Prompt.Window == match.WindowArmies {
		t.Fatalf("after the last list the game has not started: %+v", s)
	}
	if !bytes.Contains(s.Observation, []byte(`"phase":"initiative-choice"`)) {
		t.Fatalf("the game does not start at the Initiative Roll: %.300s", s.Observation)
	}
	if code, raw := put(t, base+"/army", blue, blueList); code != http.StatusConflict || !bytes.Contains(raw, []byte(`"armies-closed"`)) {
		t.Fatalf("a list after the start: %d %s", code, raw)
	}
	call(t, "GET", ts.URL+"/api/lobby?status=playing", "", nil, &lobby)
	if len(lobby.Matches) != 1 || lobby.Matches[0].Status != "playing" {
		t.Fatalf("the lobby once the game started: %+v", lobby)
	}

	// Played to its end, the match exports and verifies from its stored
	// setup: the lists are in it.
	c.Seats["red"] = struct {
		Token string `json:"token"`
	}{joined.Token}
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; move(t, ts, c, rng, n); n++ {
		if n > 3000 {
			t.Fatal("the mission does not end")
		}
	}
	var x match.Export
	if code := call(t, "GET", base+"/export", "", nil, &x); code != http.StatusOK {
		t.Fatalf("export: %d", code)
	}
	if !strings.Contains(x.Scenario, `"armies":{"blue":`) || strings.Contains(x.Scenario, `"seats"`) {
		t.Fatalf("the exported setup: %.200s", x.Scenario)
	}
	if _, err := lib.Verify(&x); err != nil {
		t.Fatalf("verify: %v", err)
	}
}

// A match whose lists came one by one is the match created with both:
// with the same seed, the same state after the Initiative Roll, byte for
// byte (its stored setup is the same document).
func TestArmiesSentLaterStartAsGivenAtCreation(t *testing.T) {
	ts, _ := startMissions(t, bytes.Repeat([]byte{9}, match.SeedBytes))
	blueList, redList := readList(t, "blue-company"), otherList(t)
	var both, later created
	call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"mission": "crossroads", "armies": map[string]string{"blue": blueList, "red": redList}}, &both)
	call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"mission": "crossroads", "armies": map[string]string{"red": redList}}, &later)
	if code, raw := put(t, ts.URL+"/api/matches/"+later.ID+"/army", later.Seats["blue"].Token, blueList); code != http.StatusOK {
		t.Fatalf("blue's list: %d %s", code, raw)
	}
	get := func(c created, path string) []byte {
		var raw json.RawMessage
		call(t, "GET", ts.URL+"/api/matches/"+c.ID+path, c.Seats["blue"].Token, nil, &raw)
		return matchID.ReplaceAll(raw, nil)
	}
	for _, path := range []string{"", "/log"} {
		if x, y := get(both, path), get(later, path); !bytes.Equal(x, y) {
			t.Fatalf("%q differs:\n%s\n%s", path, x, y)
		}
	}
}

// armiesNorm blanks what differs between two matches by construction:
// ids, commitments and the times they were created and moved at. The
// member stays with an empty value, so the result is still JSON a test
// may decode (taking the member out left `{,"seq"`).
var armiesNorm = regexp.MustCompile(`"(id|seed_commitment|time|since|created|updated)":"[^"]*"`)

// armiesBlank is what armiesNorm leaves of a member.
const armiesBlank = `"$1":""`

// follow reads a feed's messages into a channel, with the match's id,
// commitment and times taken out (a Read given up closes the connection,
// so one reader reads them all).
func follow(c *websocket.Conn) <-chan []byte {
	ch := make(chan []byte, 64)
	go func() {
		defer close(ch)
		for {
			_, b, err := c.Read(context.Background())
			if err != nil {
				return
			}
			ch <- armiesNorm.ReplaceAll(b, []byte(armiesBlank))
		}
	}()
	return ch
}

// drain takes the messages that came, until none comes for a while.
func drain(ch <-chan []byte) [][]byte {
	var out [][]byte
	for {
		select {
		case b, ok := <-ch:
			if !ok {
				return out
			}
			out = append(out, b)
		case <-time.After(150 * time.Millisecond):
			return out
		}
	}
}

// The counterfactual leak check for the army lists a seat sends after
// creation: two matches, the same in all but red's list — in one red
// sends a list that is refused, then list X; in the other red sends X,
// X again in its place, then another list. Until the game starts,
// everything blue and a spectator get from the server — the match view,
// the log, the lobby's listing, blue's WebSocket feed — is the same byte
// for byte: they learn that red's list is in, never what it holds, its
// size, its problems or how often it was sent. After the start, blue's
// view differs only in the observation, which the engine redacts.
func TestArmiesCounterfactualOverHTTP(t *testing.T) {
	ts, _ := startMissions(t, bytes.Repeat([]byte{3}, match.SeedBytes))
	blueList, other := readList(t, "blue-company"), otherList(t)
	var a, b created
	for _, c := range []*created{&a, &b} {
		if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"mission": "uplink", "clock": map[string]string{"initial": "1h", "increment": "5s"}}, c); code != http.StatusCreated {
			t.Fatalf("create: %d", code)
		}
	}
	feedA := dial(t, ts.URL+"/api/matches/"+a.ID+"/ws?from=0", a.Seats["blue"].Token)
	feedB := dial(t, ts.URL+"/api/matches/"+b.ID+"/ws?from=0", b.Seats["blue"].Token)
	defer feedA.CloseNow()
	defer feedB.CloseNow()
	msgsA, msgsB := follow(feedA), follow(feedB)
	get := func(c created, path, token string) []byte {
		var raw json.RawMessage
		call(t, "GET", ts.URL+path, token, nil, &raw)
		// The lobby lists both: blue's own match is the one compared.
		if strings.HasPrefix(path, "/api/lobby") {
			var l struct{ Matches []json.RawMessage }
			json.Unmarshal(raw, &l)
			for _, m := range l.Matches {
				if bytes.Contains(m, []byte(c.ID)) {
					raw = m
				}
			}
		}
		return armiesNorm.ReplaceAll(bytes.ReplaceAll(raw, []byte(c.ID), nil), []byte(armiesBlank))
	}
	compare := func(step string) int {
		t.Helper()
		for _, who := range []string{"blue", ""} {
			for _, path := range []string{"", "/log", "/chat"} {
				x := get(a, "/api/matches/"+a.ID+path, a.Seats[who].Token)
				y := get(b, "/api/matches/"+b.ID+path, b.Seats[who].Token)
				if !bytes.Equal(x, y) {
					t.Fatalf("%s: %q tells the twins apart by %q:\n%s\n%s", step, who, path, x, y)
				}
			}
		}
		if x, y := get(a, "/api/lobby?status=armies", ""), get(b, "/api/lobby?status=armies", ""); !bytes.Equal(x, y) {
			t.Fatalf("%s: the lobby tells the twins apart:\n%s\n%s", step, x, y)
		}
		x, y := drain(msgsA), drain(msgsB)
		if len(x) != len(y) {
			t.Fatalf("%s: blue's feeds sent %d and %d messages", step, len(x), len(y))
		}
		for i := range x {
			if !bytes.Equal(x[i], y[i]) {
				t.Fatalf("%s: blue's feed message %d tells the twins apart:\n%s\n%s", step, i, x[i], y[i])
			}
		}
		return len(x)
	}
	if n := compare("created"); n != 1 {
		t.Fatalf("blue's feed sent %d messages at first, not the state", n)
	}
	redA, redB := a.Seats["red"].Token, b.Seats["red"].Token
	if code, _ := put(t, ts.URL+"/api/matches/"+a.ID+"/army", redA, strings.Replace(other, "points: 300", "points: 10", 1)); code != http.StatusUnprocessableEntity {
		t.Fatalf("a list over its points: %d", code)
	}
	if n := compare("red's list refused"); n != 0 {
		t.Fatalf("blue's feed sent %d messages for red's refused list", n)
	}
	if code, _ := put(t, ts.URL+"/api/matches/"+a.ID+"/army", redA, blueList); code != http.StatusOK {
		t.Fatalf("red's list: %d", code)
	}
	for _, l := range []string{blueList, blueList, other} {
		if code, _ := put(t, ts.URL+"/api/matches/"+b.ID+"/army", redB, l); code != http.StatusOK {
			t.Fatalf("red's list again: %d", code)
		}
	}
	if n := compare("red's list in"); n != 1 {
		t.Fatalf("blue's feed sent %d messages for red's list, not the new state", n)
	}
	// Blue's own list starts both games.
	for _, c := range []created{a, b} {
		if code, raw := put(t, ts.URL+"/api/matches/"+c.ID+"/army", c.Seats["blue"].Token, blueList); code != http.StatusOK || !bytes.Contains(raw, []byte(`"started":true`)) {
			t.Fatalf("blue's list: %d %s", code, raw)
		}
	}
	// After the start: the same seq, prompt and log, the observation
	// the engine's own.
	var x, y map[string]json.RawMessage
	call(t, "GET", ts.URL+"/api/matches/"+a.ID, a.Seats["blue"].Token, nil, &x)
	call(t, "GET", ts.URL+"/api/matches/"+b.ID, b.Seats["blue"].Token, nil, &y)
	for _, k := range []string{"seq", "prompt", "over", "clock", "army_lists"} {
		if !bytes.Equal(armiesNorm.ReplaceAll(x[k], nil), armiesNorm.ReplaceAll(y[k], nil)) {
			t.Errorf("after the start, %s tells the twins apart: %s %s", k, x[k], y[k])
		}
	}
	if x, y := get(a, "/api/matches/"+a.ID+"/log", a.Seats["blue"].Token), get(b, "/api/matches/"+b.ID+"/log", b.Seats["blue"].Token); !bytes.Equal(x, y) {
		t.Fatalf("after the start, the log tells the twins apart:\n%s\n%s", x, y)
	}
}
