package infinity

import (
	"math/rand/v2"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// A game that ends in the middle of a Game Round — the next player's
// Tactical Phase finds its army in Retreat! with nobody left (Retreat!
// (N4)) — scores that round, and a Classified Objective it meets scores
// and is revealed (Classified Objectives, docs/MISSIONS.md): the
// counterfactual twins must not vary blue's pick on the End of Turn of
// the round's first Player Turn that ends the game so (CI: crossroads,
// playout 130, step 218), or red would tell the twins apart by a reveal
// the rules make.
func TestTwinKeepsTheClassifiedPickWhenRetreatEndsTheGame(t *testing.T) {
	st := startMission(t, "crossroads", [2]string{"cull", "east-outpost"}, nil)
	if st.Phase != PhaseOrders || st.active() != "blue" || st.Turn != 0 {
		t.Fatalf("after deployment: %s, %s, turn %d", st.Phase, st.active(), st.Turn)
	}
	for i := range st.Troopers {
		if st.Troopers[i].Seat == "red" {
			st.Troopers[i].States.Dead = true
		}
	}
	red := rules.Viewer{Role: rules.RolePlayer, Seat: "red"}
	seen := func(s *State, events []rules.Event) string {
		var out string
		for _, e := range events {
			if r, ok := s.Redact(e, red); ok {
				data, err := rules.Encode(r)
				if err != nil {
					t.Fatal(err)
				}
				out += string(data) + "\n"
			}
		}
		return out
	}
	noDice := func() *dice.Script {
		d, err := dice.NewScript()
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	orig := st.clone()
	want, err := orig.Apply("blue", EndOrders{}, noDice())
	if err != nil {
		t.Fatal(err)
	}
	if orig.Phase != PhaseOver {
		t.Fatalf("blue's End of Turn with red all dead: phase %s", orig.Phase)
	}
	for seed := range uint64(40) {
		tw, ta, ok := st.Twin("blue", "blue", EndOrders{}, rand.New(rand.NewPCG(seed, 1)))
		if !ok {
			continue
		}
		twin := tw.(*State)
		got, err := twin.Apply("blue", ta, noDice())
		if err != nil {
			t.Fatal(err)
		}
		if x, y := seen(orig, want), seen(twin, got); x != y {
			t.Fatalf("seed %d: red tells blue's Classified Objective (%s or %s) by the End of Turn:\n%s vs\n%s", seed, st.Mission.Classified["blue"], twin.Mission.Classified["blue"], x, y)
		}
	}
}
