package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// The counterfactual leak check through the HTTP API: two matches whose
// scenarios differ only in blue's private facts — which of two Fusiliers is
// blue's Lieutenant (Loss of Lieutenant (N4)) and where blue's trooper in
// Hidden Deployment stands (Hidden Deployment (N4)), and the name its
// author gave blue's combat group (Army list and Combat Groups (N4): red
// knows it as "1") — are played with the same dice and the same actions.
// Everything red and a spectator get from the server (the match view with
// red's menu, each log entry, the answer to each of red's actions) must be
// the same, byte for byte, for as long as
// blue's own view of the entries is the same in both (after that the
// private facts have had a consequence blue sees too, such as a reveal).
// The online table's channels too: the matches run on a clock, the seats
// and a spectator chat, both seats send table actions (draw offers,
// take-backs asked, accepted and refused), and red's replay of every
// step, its chat, its clock, its turn notices (webhook) and, at the end,
// its resignation are compared the same way.
func TestCounterfactualOverHTTP(t *testing.T) {
	demo, err := data.Scenarios.ReadFile("scenarios/demo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	twin := strings.Replace(string(demo), "{id: b-fusilier, profile: fusilier, lieutenant: true,", "{id: b-fusilier, profile: fusilier,", 1)
	twin = strings.Replace(twin, "{id: b-fus, profile: fusilier,", "{id: b-fus, profile: fusilier, lieutenant: true,", 1)
	twin = strings.Replace(twin, "models: [{id: b-sniper, at: [20, 3]", "models: [{id: b-sniper, at: [23, 4]", 1)
	// Blue's combat group by another name, one that would tell.
	twin = strings.Replace(twin, `{name: "1", troopers: [b-fusilier,`, `{name: "lt-squad", troopers: [b-fusilier,`, 1)
	if twin == string(demo) || strings.Count(twin, "lieutenant: true") != 2 || !strings.Contains(twin, "[23, 4]") || !strings.Contains(twin, "lt-squad") {
		t.Fatal("the twin scenario was not made: demo.yaml changed")
	}
	playouts, steps := testenv.Count(2, 12), 0
	seen := map[string]int{}
	for p := range playouts {
		// Seeds 4 and 5 first: between them a take-back is accepted,
		// a draw offered and refused, and red resigns.
		steps += counterfactual(t, demo, []byte(twin), uint64((p+4)%12), seen)
	}
	if steps < 30 {
		t.Fatalf("only %d steps compared in %d playouts: the check proves little", steps, playouts)
	}
	for _, k := range []string{"accept-undo", "offer-draw", "resign", "turn notice", "chat"} {
		if seen[k] == 0 {
			t.Errorf("no %s compared in %d playouts (%v): the check proves little", k, playouts, seen)
		}
	}
}

var matchID = regexp.MustCompile(`"(id|seed_commitment|time)":"[^"]*"`)

// counterfactual plays one pair of twins and compares them; it counts in
// seen the table actions, resignations, turn notices and chat messages
// compared.
func counterfactual(t *testing.T, scenario, twin []byte, seed uint64, seen map[string]int) int {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	fixed := bytes.Repeat([]byte{byte(seed + 1)}, match.SeedBytes)
	// The twins' clocks read one clock the test moves on, so that both
	// act at the same instants.
	var now atomic.Int64
	now.Store(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC).UnixNano())
	a := match.New(match.Options{Store: st, Library: library(t), NewSeed: func() []byte { return fixed },
		Now: func() time.Time { return time.Unix(0, now.Load()).UTC() }})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv, err := server.NewWith(ctx, a, nil, server.Config{WebhookPrivate: true, WebhookBackoff: time.Millisecond, ChatBurst: -1, SpectatorChat: -1, WebhookBurst: -1})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	// Red's turn notices, by twin (the path of its webhook).
	var mu sync.Mutex
	notices := map[string][]string{}
	hooks := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		notices[r.URL.Path] = append(notices[r.URL.Path], string(body))
		mu.Unlock()
	}))
	defer hooks.Close()
	clock := map[string]string{"initial": "10h", "increment": "5s"}
	var ca, cb created
	call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"yaml": string(scenario), "clock": clock}, &ca)
	call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"yaml": string(twin), "clock": clock}, &cb)
	for path, c := range map[string]created{"/a": ca, "/b": cb} {
		if code := call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/webhook", c.Seats["red"].Token, map[string]string{"url": hooks.URL + path}, nil); code != 200 {
			t.Fatalf("red's webhook: %d", code)
		}
	}
	// get returns the raw answer with the match's id and commitment
	// taken out (they differ by construction).
	get := func(c created, path, token string) []byte {
		var raw json.RawMessage
		call(t, "GET", ts.URL+"/api/matches/"+c.ID+path, token, nil, &raw)
		return matchID.ReplaceAll(raw, nil)
	}
	// post sends the same body to both twins as seat (a spectator if
	// ""), and answers both codes and answers, ids taken out.
	post := func(seat, path string, body any) (int, int, []byte, []byte) {
		tokA, tokB := "", ""
		if seat != "" {
			tokA, tokB = ca.Seats[seat].Token, cb.Seats[seat].Token
		}
		var ra, rb json.RawMessage
		codeA := call(t, "POST", ts.URL+"/api/matches/"+ca.ID+path, tokA, body, &ra)
		codeB := call(t, "POST", ts.URL+"/api/matches/"+cb.ID+path, tokB, body, &rb)
		return codeA, codeB, matchID.ReplaceAll(ra, nil), matchID.ReplaceAll(rb, nil)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	steps, diverged, seq := 0, false, 0
	// In every other playout red resigns, at a step early enough to come
	// before the twins part.
	resignAt := -1
	if seed%2 == 1 {
		resignAt = 4 + rng.IntN(8)
	}
	for n := 0; n < 400; n++ {
		now.Add(int64(time.Duration(1+rng.IntN(20)) * time.Second))
		// Table talk, the same in both twins.
		if n%3 == 0 {
			for _, who := range []string{"red", "blue", ""} {
				codeA, codeB, x, y := post(who, "/chat", map[string]string{"text": fmt.Sprintf("%q at step %d", who, n)})
				if codeA != 200 || codeB != 200 || who != "blue" && !bytes.Equal(x, y) {
					t.Fatalf("step %d: %q's chat message: %d %s, %d %s", n, who, codeA, x, codeB, y)
				}
				seen["chat"]++
			}
		}
		for _, who := range []string{"red", ""} {
			tokA, tokB := "", ""
			if who != "" {
				tokA, tokB = ca.Seats[who].Token, cb.Seats[who].Token
			}
			if x, y := get(ca, "", tokA), get(cb, "", tokB); !bytes.Equal(x, y) {
				t.Fatalf("step %d: %q tells the twins apart by the match view (its clock, its table actions):\n%s\n%s", n, who, x, y)
			}
			if x, y := get(ca, "/chat", tokA), get(cb, "/chat", tokB); !bytes.Equal(x, y) {
				t.Fatalf("step %d: %q tells the twins apart by the chat:\n%s\n%s", n, who, x, y)
			}
			// The replay of the step just reached and of one before.
			for _, at := range []int{seq, rng.IntN(seq + 1)} {
				path := fmt.Sprintf("/replay/%d", at)
				if x, y := get(ca, path, tokA), get(cb, path, tokB); !bytes.Equal(x, y) {
					t.Fatalf("step %d: %q tells the twins apart by the replay of step %d:\n%s\n%s", n, who, at, x, y)
				}
			}
			if x, y := get(ca, "/log", tokA), get(cb, "/log", tokB); !bytes.Equal(x, y) {
				t.Fatalf("step %d: %q tells the twins apart by the log:\n%s\n%s", n, who, x, y)
			}
			if x, y := get(ca, "/board", tokA), get(cb, "/board", tokB); !bytes.Equal(x, y) {
				t.Fatalf("step %d: %q tells the twins apart by the board:\n%s\n%s", n, who, x, y)
			}
		}
		// What each of red's troopers sees (the web table's Line of Fire
		// overlay) is the same in both.
		for _, tr := range []string{"r-zhanshi", "r-zh", "r-line", "r-assault", "r-militia"} {
			var x, y json.RawMessage
			ka := call(t, "GET", ts.URL+"/api/matches/"+ca.ID+"/sight/"+tr, ca.Seats["red"].Token, nil, &x)
			kb := call(t, "GET", ts.URL+"/api/matches/"+cb.ID+"/sight/"+tr, cb.Seats["red"].Token, nil, &y)
			if ka != kb || !bytes.Equal(matchID.ReplaceAll(x, nil), matchID.ReplaceAll(y, nil)) {
				t.Fatalf("step %d: what %s sees tells the twins apart:\n%d %s\n%d %s", n, tr, ka, x, kb, y)
			}
		}
		var spec snapshot
		call(t, "GET", ts.URL+"/api/matches/"+ca.ID, "", nil, &spec)
		if spec.Over {
			break
		}
		seat := spec.Prompt.Seats[rng.IntN(len(spec.Prompt.Seats))]
		var snap snapshot
		call(t, "GET", ts.URL+"/api/matches/"+ca.ID, ca.Seats[seat].Token, nil, &snap)
		seq = snap.Seq
		// Red resigns in both: its answer, and what it and a spectator
		// see of the match after, are the same.
		if n >= resignAt && resignAt >= 0 {
			codeA, codeB, ra, rb := post("red", "/actions", map[string]any{"seq": seq, "id": "gg", "action": map[string]string{"kind": "resign"}})
			if codeA != 200 || codeB != 200 || !bytes.Equal(ra, rb) {
				t.Fatalf("red's resignation: %d %s, %d %s", codeA, ra, codeB, rb)
			}
			for _, who := range []string{"red", ""} {
				tokA, tokB := "", ""
				if who != "" {
					tokA, tokB = ca.Seats[who].Token, cb.Seats[who].Token
				}
				for _, path := range []string{"", fmt.Sprintf("/log?from=%d", seq), fmt.Sprintf("/replay/%d", seq+1), "/chat"} {
					if x, y := get(ca, path, tokA), get(cb, path, tokB); !bytes.Equal(x, y) {
						t.Fatalf("after red resigned: %q tells the twins apart by %q:\n%s\n%s", who, path, x, y)
					}
				}
			}
			seen["resign"]++
			steps++
			break
		}
		// Now and then a table action instead, answered at once by the
		// other seat: a draw offered and refused, a take-back asked and
		// accepted or refused.
		kinds := slices.DeleteFunc(slices.Clone(snap.Table), func(k string) bool { return k == "resign" })
		undo := slices.Contains(kinds, "request-undo")
		if len(kinds) > 0 && (rng.IntN(4) == 0 || undo && rng.IntN(2) == 0) {
			kind := kinds[rng.IntN(len(kinds))]
			if undo && rng.IntN(2) == 0 {
				kind = "request-undo"
			}
			other := map[string]string{"red": "blue", "blue": "red"}[seat]
			answer := map[string][]string{"offer-draw": {"decline-draw"}, "request-undo": {"accept-undo", "decline-undo"}}[kind]
			for i, turn := range []struct{ seat, kind string }{{seat, kind}, {other, ""}} {
				if turn.kind == "" {
					if len(answer) == 0 {
						break
					}
					turn.kind = answer[rng.IntN(len(answer))]
				}
				codeA, codeB, ra, rb := post(turn.seat, "/actions", map[string]any{"seq": seq + i, "id": fmt.Sprintf("t%d-%d", n, i), "action": map[string]string{"kind": turn.kind}})
				if codeA != 200 || codeB != 200 {
					t.Fatalf("step %d: %s's %s: %d %s, %d %s", n, turn.seat, turn.kind, codeA, ra, codeB, rb)
				}
				if turn.seat == "red" && !bytes.Equal(ra, rb) {
					t.Fatalf("step %d: the answers to red's %s tell the twins apart:\n%s\n%s", n, turn.kind, ra, rb)
				}
				seen[turn.kind]++
			}
			steps++
			continue
		}
		var legal, quiet []json.RawMessage
		for _, m := range snap.Menu {
			if m.Illegal == nil {
				legal = append(legal, m.Action)
				// Blue's actions that would reveal what the twins vary
				// end the comparison; prefer the others.
				if !bytes.Contains(m.Action, []byte("b-sniper")) && !bytes.Contains(m.Action, []byte(`"lieutenant"`)) {
					quiet = append(quiet, m.Action)
				}
			}
		}
		if len(quiet) > 0 {
			legal = quiet
		}
		body := map[string]any{"seq": snap.Seq, "id": fmt.Sprint(n), "action": legal[rng.IntN(len(legal))]}
		var ra, rb json.RawMessage
		codeA := call(t, "POST", ts.URL+"/api/matches/"+ca.ID+"/actions", ca.Seats[seat].Token, body, &ra)
		codeB := call(t, "POST", ts.URL+"/api/matches/"+cb.ID+"/actions", cb.Seats[seat].Token, body, &rb)
		if codeA != 200 {
			t.Fatalf("step %d: a legal action was refused: %d %s", n, codeA, ra)
		}
		if codeB != 200 {
			if seat != "blue" {
				t.Fatalf("step %d: red's action is accepted in one twin only: %s", n, rb)
			}
			break // blue's own choice depends on its private facts
		}
		// Stop once blue's own view of the new entries differs: the
		// private facts had a consequence (a reveal, a Loss of
		// Lieutenant) that everyone may see, in red's answer too (red's
		// own action may end the turn at whose start blue's Lieutenant,
		// who fell in it, is found lost).
		from := fmt.Sprintf("/log?from=%d", snap.Seq)
		// Blue reads its own group's name.
		if x, y := get(ca, from, ca.Seats["blue"].Token), get(cb, from, cb.Seats["blue"].Token); !bytes.Equal(x, bytes.ReplaceAll(y, []byte("lt-squad"), []byte("1"))) {
			diverged = true
			break
		}
		if seat == "red" && !bytes.Equal(ra, rb) {
			t.Fatalf("step %d: red's answers tell the twins apart:\n%s\n%s", n, ra, rb)
		}
		steps++
	}
	// Red's turn notices up to the last step compared are the same (they
	// are sent apart from the requests: wait for them).
	var spec snapshot
	call(t, "GET", ts.URL+"/api/matches/"+ca.ID, "", nil, &spec)
	upTo := seq
	if !diverged {
		upTo = spec.Seq
	}
	redNotices := func(path, id string) []string {
		mu.Lock()
		defer mu.Unlock()
		var out []string
		for _, b := range notices[path] {
			var w struct {
				Seq int `json:"seq"`
			}
			if json.Unmarshal([]byte(b), &w) != nil {
				t.Fatalf("a turn notice is no JSON: %s", b)
			}
			if w.Seq <= upTo {
				out = append(out, strings.ReplaceAll(b, id, ""))
			}
		}
		slices.Sort(out)
		return out
	}
	var na, nb []string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if na, nb = redNotices("/a", ca.ID), redNotices("/b", cb.ID); slices.Equal(na, nb) && len(na) > 0 {
			break
		}
	}
	if !slices.Equal(na, nb) {
		t.Fatalf("red's turn notices up to seq %d tell the twins apart:\n%q\n%q", upTo, na, nb)
	}
	seen["turn notice"] += len(na)
	t.Logf("seed %d: %d steps compared", seed, steps)
	return steps
}
