package fantasy

import (
	"math/big"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// applyPadded applies a with the given dice first and spare ones after,
// for a step whose later rolls do not matter to the test.
func applyPadded(t *testing.T, s *State, seat rules.Seat, a rules.Action, faces ...int) []rules.Event {
	t.Helper()
	src, err := dice.NewScript(append(faces, 4, 4, 4, 4, 4, 4, 4, 4)...)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := s.Apply(seat, a, src)
	if err != nil {
		t.Fatalf("%s %s: %v", seat, a.Kind(), err)
	}
	return evs
}

// The odds of a charge from the menu (Charges: the charge range, M + 2D6,
// against the charge move with its wheel) are the engine's own: over
// every throw of the two dice, played through Apply against a target that
// holds, the charge reaches exactly as often as ChargeOdds says.
func TestChargeOddsMatchTheEngine(t *testing.T) {
	for _, gap := range []float64{7, 11, 15} {
		s := battle(t, nil,
			[]map[string]any{unitSpecOf("spears", "spearman", 10, 5, [2]float64{20, 16}, 90, nil)},
			[]map[string]any{unitSpecOf("swords", "spearman", 10, 5, [2]float64{23, 16 + gap}, 270, nil)})
		a := DeclareCharge{Unit: "spears", Target: "swords"}
		odds, err := s.ChargeOdds("blue", a)
		if err != nil {
			t.Fatalf("gap %v: %v", gap, err)
		}
		reached := int64(0)
		for i := range 36 {
			st := s.clone()
			applyPadded(t, st, "blue", a)
			applyPadded(t, st, "red", React{Reaction: "hold"})
			applyPadded(t, st, "blue", EndCharges{})
			for _, e := range applyPadded(t, st, "blue", ChargeMove{Unit: "spears"}, i/6+1, i%6+1) {
				if e.(*Event).What == "charged" {
					reached++
				}
			}
		}
		if odds.M != 4 || odds.Dice != 2 || odds.Most != 16 {
			t.Fatalf("gap %v: range %v + best two of %dD6, most %v: want 4 + 2D6, 16", gap, odds.M, odds.Dice, odds.Most)
		}
		if big.NewRat(reached, 36).RatString() != odds.ReachExact {
			t.Fatalf("gap %v: ChargeOdds says %s reaches, the engine %d/36", gap, odds.ReachExact, reached)
		}
		t.Logf("gap %v: distance %.2f, reach %s", gap, odds.Distance, odds.ReachExact)
	}
	s := battle(t, nil,
		[]map[string]any{unitSpecOf("spears", "spearman", 10, 5, [2]float64{20, 16}, 90, nil)},
		[]map[string]any{unitSpecOf("swords", "spearman", 10, 5, [2]float64{23, 40}, 270, nil)})
	if _, err := s.ChargeOdds("blue", DeclareCharge{Unit: "spears", Target: "swords"}); err == nil {
		t.Fatal("odds of a charge beyond the longest roll")
	}
	if _, err := s.ChargeOdds("red", DeclareCharge{Unit: "spears", Target: "swords"}); err == nil {
		t.Fatal("odds of blue's charge for red")
	}
}

// The odds of a volley from the menu (Shooting: to hit, with its
// modifiers; to wound, S against T; the armour save) are the engine's
// own: for every throw of the to-hit dice of two bowmen, then of their
// wound and save dice, the hits and unsaved wounds come out as often as
// ShotOdds says.
func TestShotOddsMatchTheEngine(t *testing.T) {
	s := battle(t, nil,
		[]map[string]any{unitSpecOf("bows", "bowman", 2, 2, [2]float64{24, 10}, 90, nil)},
		ahead(14)) // 14" > half of 24": long range
	openRemaining(t, s)
	applyPadded(t, s, "blue", EndMovement{})
	a := Shoot{Unit: "bows", Target: "target"}
	odds, err := s.ShotOdds("blue", a)
	if err != nil {
		t.Fatal(err)
	}
	if odds == nil || odds.Shots != 2 || len(odds.Hits) != 3 {
		t.Fatalf("odds %+v: want 2 shots", odds)
	}
	hits := make([]float64, 3)
	wounded := make([]float64, 3)
	// Each die of the volley: to hit, then to wound, then to save, in
	// the order the engine rolls them; all 6^6 throws weigh the same.
	for i := range 6 * 6 * 6 * 6 * 6 * 6 {
		faces := make([]int, 6)
		for j, x := 0, i; j < 6; j, x = j+1, x/6 {
			faces[j] = x%6 + 1
		}
		st := s.clone()
		src, _ := dice.NewScript(faces...)
		evs, err := st.Apply("blue", a, src)
		if err != nil {
			t.Fatal(err)
		}
		h, w := 0, 0
		for _, e := range evs {
			switch ev := e.(*Event); ev.What {
			case "shot":
				h = int(ev.Value)
			case "wounds":
				w += int(ev.Value)
			}
		}
		hits[h]++
		wounded[w]++
	}
	all := float64(6 * 6 * 6 * 6 * 6 * 6)
	for k := range 3 {
		if d := hits[k]/all - odds.Hits[k]; d > 1e-12 || d < -1e-12 {
			t.Fatalf("%d hits: ShotOdds %v, the engine %v", k, odds.Hits[k], hits[k]/all)
		}
		if d := wounded[k]/all - odds.Wounds[k]; d > 1e-12 || d < -1e-12 {
			t.Fatalf("%d unsaved wounds: ShotOdds %v, the engine %v", k, odds.Wounds[k], wounded[k]/all)
		}
	}
	if _, err := s.ShotOdds("red", a); err == nil {
		t.Fatal("odds of blue's volley for red")
	}
}
