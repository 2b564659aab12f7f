package infinity

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// Determinize draws the other side's private facts and keeps the seat's
// own: over draws for red on the demo, blue's Lieutenant (Lieutenant
// (N4)) falls on more than one Fusilier-class trooper and blue's sniper in
// Hidden Deployment (Hidden Deployment (N4)) on more than one spot, while
// red's own Lieutenant and the public positions stay as they are; the
// state itself is left unchanged.
func TestDeterminizeDrawsOnlyTheOtherSidesPrivateFacts(t *testing.T) {
	st := setupFile(t, "../data/scenarios/demo.yaml")
	before := encodeState(t, st)
	redLt := ""
	for _, tr := range st.Troopers {
		if tr.Seat == "red" && tr.Lieutenant {
			redLt = tr.ID
		}
	}
	lts, spots := map[string]bool{}, map[[2]float64]bool{}
	r := rand.New(rand.NewPCG(1, 2))
	for range 40 {
		d := st.Determinize("red", r).(*State)
		n := 0
		for i, tr := range d.Troopers {
			if tr.Lieutenant {
				n++
				if tr.Seat == "blue" {
					lts[tr.ID] = true
				} else if tr.ID != redLt {
					t.Fatalf("red's own Lieutenant moved to %s", tr.ID)
				}
			}
			at := d.Models[d.modelOf(i)].At
			switch {
			case tr.Seat == "blue" && tr.States.Hidden:
				spots[at] = true
			case at != st.Models[st.modelOf(i)].At:
				t.Fatalf("%s, in the open, moved from %v to %v", tr.ID, st.Models[st.modelOf(i)].At, at)
			}
		}
		if n != 2 {
			t.Fatalf("%d Lieutenants in a sample, want one a side", n)
		}
	}
	if len(lts) < 2 || len(spots) < 2 {
		t.Errorf("blue's Lieutenant drawn as %v, its sniper at %d spots: the private facts are not drawn", lts, len(spots))
	}
	if encodeState(t, st) != before {
		t.Error("Determinize changed the state")
	}
}

func encodeState(t *testing.T, st *State) string {
	t.Helper()
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Watchers counts the enemies with Line of Fire (N4) to a trooper standing
// at a point: none behind a building that blocks it, one in the open.
func TestWatchersLineOfFire(t *testing.T) {
	st := setup(t, `
name: watchers
ruleset: infinity-n4
table: {width: 24, height: 24}
terrain:
  - {name: block, polygon: [[10, 10], [14, 10], [14, 14], [10, 14]], blocks-lof: true, impassable: true}
sides:
  - seat: blue
    troopers:
      - {id: b, profile: fusilier, lieutenant: true, models: [{id: b, at: [12, 4], facing: 90}]}
    combat-groups: [{name: "1", troopers: [b]}]
  - seat: red
    troopers:
      - {id: r, profile: zhanshi, lieutenant: true, models: [{id: r, at: [12, 20], facing: 270}]}
    combat-groups: [{name: "1", troopers: [r]}]
initiative: blue
rounds: 1
`, nil)
	if n := st.Watchers("b", [2]float64{12, 4}); n != 0 {
		t.Errorf("behind the block: %d watchers, want 0", n)
	}
	if n := st.Watchers("b", [2]float64{4, 4}); n != 1 {
		t.Errorf("in the open: %d watchers, want 1", n)
	}
	if n := st.Watchers("nobody", [2]float64{4, 4}); n != 0 {
		t.Errorf("an unknown trooper: %d watchers", n)
	}
}

// Determinize draws the other side's Classified Objective from the
// mission's deck (Classified Objectives, docs/MISSIONS.md): two states
// that differ only in red's pick give blue the same sample, and blue's own
// pick stays as it is.
func TestDeterminizeDrawsTheOtherSidesClassifiedObjective(t *testing.T) {
	st := startMission(t, "uplink", [2]string{"west-link", "cull"}, nil)
	twin := st.clone()
	for _, c := range st.Mission.Deck {
		if c.ID != st.Mission.Classified["red"] {
			twin.Mission.Classified["red"] = c.ID
			break
		}
	}
	picks := map[string]bool{}
	for seed := range uint64(20) {
		a := st.Determinize("blue", rand.New(rand.NewPCG(seed, 1))).(*State)
		b := twin.Determinize("blue", rand.New(rand.NewPCG(seed, 1))).(*State)
		if x, y := encodeState(t, a), encodeState(t, b); x != y {
			t.Fatalf("seed %d: blue's sample tells red's Classified Objective (%s or %s)", seed, st.Mission.Classified["red"], twin.Mission.Classified["red"])
		}
		if a.Mission.Classified["blue"] != "west-link" {
			t.Fatalf("blue's own Classified Objective drawn as %q", a.Mission.Classified["blue"])
		}
		picks[a.Mission.Classified["red"]] = true
	}
	if len(picks) < 2 {
		t.Errorf("red's Classified Objective drawn as %v only", picks)
	}
}
