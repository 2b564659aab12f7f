package fantasy

import (
	"github.com/ordo-rules/ordo/rules"
	"strings"
	"testing"
)

// Combat result, break tests (Steadfast), flee and pursue, rally.

func resultOf(t *testing.T, s *State, caused map[rules.Seat]int, faces ...int) []Event {
	t.Helper()
	s.stepped = nil
	src := script(t, faces...)
	bySeat := make([]int, len(s.Seats))
	for i, seat := range s.Seats {
		bySeat[i] = caused[seat]
	}
	if err := s.combatResult(s.combatOf(s.unit("u")), bySeat, src); err != nil {
		t.Fatal(err)
	}
	if n := src.src.(interface{ Remaining() int }).Remaining(); n != 0 {
		t.Fatalf("%d dice unused", n)
	}
	return s.stepped
}

func text(evs []Event, what string) string {
	for _, e := range evs {
		if e.What == what {
			return e.Text
		}
	}
	return ""
}

func TestCombatResultRanksStandardAndPursuit(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 15, 5, [2]float64{24, 10}, 90, map[string]any{"command": []any{"standard"}})},
		[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
	points := s.unit("target").Points
	// Blue: 1 wound + 2 ranks + 1 standard = 4; red: 3 wounds. Red tests
	// Ld 7 - 1 = 6 (not Steadfast: 1 rank against 3): 4+3 fails; it flees
	// 2+1 = 3" and blue's pursuit of 3+3 = 6" catches it.
	evs := resultOf(t, s, map[rules.Seat]int{"blue": 1, "red": 3}, 4, 3, 2, 1, 3, 3)
	if got := text(evs, "combat-result"); !strings.Contains(got, "blue 4, red 3: blue wins by 1") {
		t.Fatalf("combat result %q", got)
	}
	if got := text(evs, "break-test"); !strings.Contains(got, "needing 6 or less: 7, failed") {
		t.Fatalf("break test %q", got)
	}
	if s.unit("target") != nil || s.Points["blue"] != points {
		t.Fatalf("the caught unit should be destroyed and its %d points scored (points %v)", points, s.Points)
	}
}

func TestBreakTestSteadfast(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 15}, 270, nil)})
	// Blue 5 against red's 2 ranks: red loses by 3 but, with more ranks
	// than blue, tests its unmodified Ld 7: 4+3 passes.
	evs := resultOf(t, s, map[rules.Seat]int{"blue": 5}, 4, 3)
	if got := text(evs, "break-test"); !strings.Contains(got, "Steadfast needing 7 or less: 7, passed") {
		t.Fatalf("break test %q", got)
	}
	if u := s.unit("target"); u == nil || u.Flags.Fleeing {
		t.Fatal("a Steadfast unit that passes holds")
	}
}

func TestBreakTestDoubleOneAlwaysPasses(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 15, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
	evs := resultOf(t, s, map[rules.Seat]int{"blue": 10}, 1, 1)
	if got := text(evs, "break-test"); !strings.Contains(got, "passed") {
		t.Fatalf("break test %q", got)
	}
}

func TestCombatResultMusicianBreaksADraw(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, map[string]any{"command": []any{"musician"}})},
		[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
	evs := resultOf(t, s, map[rules.Seat]int{"blue": 2, "red": 2}, 1, 1)
	if got := text(evs, "combat-result"); !strings.Contains(got, "blue wins by 1") {
		t.Fatalf("combat result %q", got)
	}
}

func TestRallyInCompulsoryMoves(t *testing.T) {
	spec := []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)}
	s := battle(t, nil, spec, target())
	s.unit("u").Flags.Fleeing = true // as a failed break test leaves it
	evs := apply(t, s, "blue", EndCharges{}, 3, 4)
	if !strings.Contains(text(evs, "rallied"), "rallies: 7 against Ld 7") || s.unit("u").Flags.Fleeing {
		t.Fatalf("7 against Ld 7 rallies: %v", evs)
	}
	refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 1}}}, CodeMove)
	s = battle(t, nil, spec, target())
	s.unit("u").Flags.Fleeing = true
	evs = apply(t, s, "blue", EndCharges{}, 4, 4, 2, 2)
	if !has(evs, "fled") || !s.unit("u").Flags.Fleeing {
		t.Fatalf("8 against Ld 7 fails and the unit flees on: %v", evs)
	}
}
