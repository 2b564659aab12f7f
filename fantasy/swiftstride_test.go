package fantasy

import (
	"testing"
)

// Swiftstride (8th edition): a unit whose every model has it rolls 3D6
// and keeps the best two for its flee and pursuit distances, as for its
// charge range. Cavalry fleeing from a charge: 1, 5, 6 flee 11".
func TestSwiftstrideFleeBestTwoOfThreeDice(t *testing.T) {
	s := battle(t, nil,
		[]map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "rider", 5, 5, [2]float64{24, 18}, 270, nil)})
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	evs := apply(t, s, "red", React{Reaction: "flee"}, 1, 5, 6)
	var fled *Event
	for i := range evs {
		if evs[i].What == "fled" {
			fled = &evs[i]
		}
	}
	if fled == nil || fled.Value != 11 || len(fled.Dice) != 3 {
		t.Fatalf("the riders flee the best two of 3D6 (11\"): %+v", fled)
	}
}

// Swiftstride: infantry flees on 2D6 still.
func TestSwiftstrideInfantryFleesTwoDice(t *testing.T) {
	s := battle(t, nil,
		[]map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)},
		ahead(8))
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	evs := apply(t, s, "red", React{Reaction: "flee"}, 1, 5)
	if text(evs, "fled") == "" || len(evs[len(evs)-1].Dice) == 3 {
		t.Fatalf("infantry flees 2D6: %v", evs)
	}
}

// Swiftstride: pursuing cavalry rolls 3D6 and keeps the best two, so 1,
// 2, 4 pursues 6" and catches infantry that fled 6" (on 2D6 it would have
// been 3").
func TestSwiftstridePursuitBestTwoOfThreeDice(t *testing.T) {
	s := battle(t, nil,
		[]map[string]any{unitSpecOf("u", "rider", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 10, 5, [2]float64{24, 15}, 270, nil)})
	s.Pursuit = &Pursuit{Winner: "blue", Broken: []string{"target"}, Units: []string{"u"}, Pursue: []string{"u"}}
	s.Phase = PhasePursuit
	r := script(t, 3, 3, 1, 2, 4)
	if err := s.rout(r); err != nil {
		t.Fatal(err)
	}
	if r.src.(interface{ Remaining() int }).Remaining() != 0 {
		t.Fatal("dice left over")
	}
	if s.unit("target") != nil {
		t.Fatalf("the riders pursue 6\" (best two of 1, 2, 4) and catch the 6\" flight: %v", s.stepped)
	}
}
