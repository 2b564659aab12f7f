package fantasy

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/geom"
)

// Shooting: to hit — 7 − BS, −1 beyond half range, −1 after moving.
func TestShootingModifiers(t *testing.T) {
	blue := []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, nil)}
	s := battle(t, nil, blue, ahead(14)) // 14" > half of 24"
	openRemaining(t, s)
	apply(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 1}}})
	apply(t, s, "blue", EndMovement{})
	evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, ones(10)...)
	if got := text(evs, "shot"); !strings.Contains(got, "needing 6+ -1 long range -1 moved: 0 hits") {
		t.Fatalf("%q: BS 3, long range and moved needs 6+", got)
	}
	refused(t, s, "blue", Shoot{Unit: "u", Target: "target"}, CodeShoot) // once a turn
}

// Combat result: +1 for a charge into the flank.
func TestCombatResultFlank(t *testing.T) {
	blue := []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)}
	// Red faces across blue's path: its left flank is towards blue.
	red := []map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 16}, 0, nil)}
	s := battle(t, nil, blue, red)
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	if s.Charges[0].Side != "flank" {
		t.Fatalf("the charge hits the %s, want the flank", s.Charges[0].Side)
	}
	apply(t, s, "red", React{Reaction: "hold"})
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", ChargeMove{Unit: "u"}, 6, 6)
	evs := resultOf(t, s, nil, 1, 1)
	if got := text(evs, "combat-result"); !strings.Contains(got, "blue 2, red 0: blue wins by 2") {
		t.Fatalf("combat result %q: the flank charge is worth +1, the charge +1", got)
	}
}

// Leaving a unit: a character moves out up to his Movement, at least 1"
// from his old unit, which closes the gap behind him.
func TestLeavingAUnit(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 12, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))}, target())
	openRemaining(t, s)
	u := s.unit("u")
	refused(t, s, "blue", Leave{Unit: "u", Character: "captain", To: geom.Pt(24, 10.9)}, CodeMove) // within 1"
	refused(t, s, "blue", Leave{Unit: "u", Character: "captain", To: geom.Pt(24, 15)}, CodeMove)   // 5.5", more than M4
	apply(t, s, "blue", Leave{Unit: "u", Character: "captain", To: geom.Pt(24, 13)})
	u = s.unit("u")
	if s.unit("captain") == nil || u.model("captain") != nil || !u.firstRankOK() {
		t.Fatal("the Captain should stand alone and his unit close up")
	}
	if m := u.model(u.Ranks[0][2]); m == nil || m.Role != RankAndFile {
		t.Fatalf("front rank %v: his slot is filled from the rear", u.Ranks[0])
	}
}
