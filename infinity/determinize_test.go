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
