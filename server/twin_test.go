package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// The counterfactual leak check through the HTTP API: two matches whose
// scenarios differ only in blue's private facts — which of two Fusiliers is
// blue's Lieutenant (Loss of Lieutenant (N4)) and where blue's trooper in
// Hidden Deployment stands (Hidden Deployment (N4)) — are played with the
// same dice and the same actions. Everything red and a spectator get from
// the server (the match view with red's menu, each log entry, the answer to
// each of red's actions) must be the same, byte for byte, for as long as
// blue's own view of the entries is the same in both (after that the
// private facts have had a consequence blue sees too, such as a reveal).
func TestCounterfactualOverHTTP(t *testing.T) {
	demo, err := data.Scenarios.ReadFile("scenarios/demo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	twin := strings.Replace(string(demo), "{id: b-fusilier, profile: fusilier, lieutenant: true,", "{id: b-fusilier, profile: fusilier,", 1)
	twin = strings.Replace(twin, "{id: b-fus, profile: fusilier,", "{id: b-fus, profile: fusilier, lieutenant: true,", 1)
	twin = strings.Replace(twin, "models: [{id: b-sniper, at: [20, 3]", "models: [{id: b-sniper, at: [23, 4]", 1)
	if twin == string(demo) || strings.Count(twin, "lieutenant: true") != 2 || !strings.Contains(twin, "[23, 4]") {
		t.Fatal("the twin scenario was not made: demo.yaml changed")
	}
	playouts, steps := testenv.Count(2, 12), 0
	for p := range playouts {
		steps += counterfactual(t, demo, []byte(twin), uint64(p))
	}
	if steps < 30 {
		t.Fatalf("only %d steps compared in %d playouts: the check proves little", steps, playouts)
	}
}

var matchID = regexp.MustCompile(`"(id|seed_commitment|time)":"[^"]*"`)

func counterfactual(t *testing.T, scenario, twin []byte, seed uint64) int {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	fixed := bytes.Repeat([]byte{byte(seed + 1)}, match.SeedBytes)
	a := match.New(match.Options{Store: st, Library: library(t), NewSeed: func() []byte { return fixed }})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ts := httptest.NewServer(server.New(ctx, a, nil))
	defer ts.Close()
	var ca, cb created
	call(t, "POST", ts.URL+"/api/matches", "", map[string]string{"yaml": string(scenario)}, &ca)
	call(t, "POST", ts.URL+"/api/matches", "", map[string]string{"yaml": string(twin)}, &cb)
	// get returns the raw answer with the match's id and commitment
	// taken out (they differ by construction).
	get := func(c created, path, token string) []byte {
		var raw json.RawMessage
		call(t, "GET", ts.URL+"/api/matches/"+c.ID+path, token, nil, &raw)
		return matchID.ReplaceAll(raw, nil)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	steps := 0
	for n := 0; n < 400; n++ {
		for _, who := range []string{"red", ""} {
			tokA, tokB := "", ""
			if who != "" {
				tokA, tokB = ca.Seats[who].Token, cb.Seats[who].Token
			}
			if x, y := get(ca, "", tokA), get(cb, "", tokB); !bytes.Equal(x, y) {
				t.Fatalf("step %d: %q tells the twins apart by the match view:\n%s\n%s", n, who, x, y)
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
		if x, y := get(ca, from, ca.Seats["blue"].Token), get(cb, from, cb.Seats["blue"].Token); !bytes.Equal(x, y) {
			break
		}
		if seat == "red" && !bytes.Equal(ra, rb) {
			t.Fatalf("step %d: red's answers tell the twins apart:\n%s\n%s", n, ra, rb)
		}
		steps++
	}
	t.Logf("%d steps compared", steps)
	return steps
}
