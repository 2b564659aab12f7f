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
	// Blue: 1 wound + 2 ranks + 1 standard + 1 charge = 5; red: 3
	// wounds. Red tests Ld 7 - 2 = 5 (not Steadfast: 1 rank against 3):
	// 4+3 fails. Blue
	// chooses to pursue: red flees 2+1 = 3" and blue's pursuit of 3+3 =
	// 6" catches it.
	evs := resultOf(t, s, map[rules.Seat]int{"blue": 1, "red": 3}, 4, 3)
	if got := text(evs, "combat-result"); !strings.Contains(got, "blue 5, red 3: blue wins by 2") {
		t.Fatalf("combat result %q", got)
	}
	if got := text(evs, "break-test"); !strings.Contains(got, "needing 5 or less: 7, failed") {
		t.Fatalf("break test %q", got)
	}
	if s.Phase != PhasePursuit {
		t.Fatalf("phase %s, want the winner's choice to pursue", s.Phase)
	}
	apply(t, s, "blue", Pursue{Unit: "u"}, 2, 1, 3, 3)
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

// brokenPair is a combat red's target has just broken from: the game
// waits for blue to choose whether u pursues.
func brokenPair(t *testing.T) *State {
	t.Helper()
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 15, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
	s.Phase = PhaseCombat
	resultOf(t, s, map[rules.Seat]int{"blue": 5}, 6, 6) // red breaks
	if s.Phase != PhasePursuit {
		t.Fatalf("phase %s, want pursuit", s.Phase)
	}
	return s
}

// Flee and pursue: pursuing is the winner's choice. When the enemy breaks
// the game waits for the winner — pursue or restrain, for each winning
// unit — and offers the loser nothing.
func TestPursueOrRestrainIsTheWinnersChoice(t *testing.T) {
	s := brokenPair(t)
	legal, _ := legalOptions(s, "blue")
	want := []rules.Action{Pursue{Unit: "u"}, Pursue{Unit: "u", Restrain: true}}
	if mustJSON(t, legal) != mustJSON(t, want) {
		t.Fatalf("blue's menu %v, want %v", legal, want)
	}
	if red, _ := legalOptions(s, "red"); len(red) != 0 {
		t.Fatalf("red, the loser, is offered %v", red)
	}
	refused(t, s, "red", Pursue{Unit: "target"}, rules.CodeNotYourTurn)
	refused(t, s, "blue", Pursue{Unit: "target"}, CodeNoSuchID)
	if s.unit("target").Flags.Fleeing {
		t.Fatal("the broken unit flees only once the winner has chosen")
	}
}

// Flee and pursue: restraining pursuit. A winning unit that passes its
// Leadership test holds its ground; the broken unit flees and is not
// chased.
func TestRestrainingPursuitPassedHoldsItsGround(t *testing.T) {
	s := brokenPair(t)
	at := s.unit("u").At
	// Restrain: 3+4 = 7 against Ld 7 passes; red flees 2+2 = 4".
	evs := apply(t, s, "blue", Pursue{Unit: "u", Restrain: true}, 3, 4, 2, 2)
	if got := text(evs, "restrain-test"); !strings.Contains(got, "7 against Ld 7, passed: it holds its ground") {
		t.Fatalf("restrain test %q", got)
	}
	if has(evs, "pursued") || s.unit("u").At != at {
		t.Fatalf("a unit that restrains does not move: %v", evs)
	}
	if u := s.unit("target"); u == nil || !u.Flags.Fleeing {
		t.Fatal("the broken unit flees")
	}
	if s.Phase != PhaseCombat || s.Pursuit != nil {
		t.Fatalf("phase %s, pursuit %v: the combat phase goes on", s.Phase, s.Pursuit)
	}
}

// Flee and pursue: restraining pursuit. A failed Leadership test and the
// unit pursues anyway, and may catch the fleeing unit.
func TestRestrainingPursuitFailedPursuesAnyway(t *testing.T) {
	s := brokenPair(t)
	// Restrain: 4+4 = 8 against Ld 7 fails; red flees 1+2 = 3", blue
	// pursues 3+3 = 6" and catches it.
	evs := apply(t, s, "blue", Pursue{Unit: "u", Restrain: true}, 4, 4, 1, 2, 3, 3)
	if got := text(evs, "restrain-test"); !strings.Contains(got, "8 against Ld 7, failed: it pursues") {
		t.Fatalf("restrain test %q", got)
	}
	if !has(evs, "pursued") || s.unit("target") != nil {
		t.Fatalf("the pursuit should catch the unit: %v", evs)
	}
}

// Flee and pursue: a pursuer that rolls less than the flight does not
// catch the fleeing unit, which keeps fleeing.
func TestPursuitShortOfTheFlightDoesNotCatch(t *testing.T) {
	s := brokenPair(t)
	evs := apply(t, s, "blue", Pursue{Unit: "u"}, 4, 4, 1, 2)
	if !has(evs, "pursued") {
		t.Fatalf("blue pursues: %v", evs)
	}
	if u := s.unit("target"); u == nil || !u.Flags.Fleeing {
		t.Fatal("a pursuit of 3\" against 8\" fled does not catch")
	}
}

// Forests and close combat (8th edition): a unit with more than half of
// its models in a forest is never Steadfast; a forest holding only a
// minority of them takes nothing away.
func TestForestsAndCloseCombatNoSteadfastInAForest(t *testing.T) {
	for _, tc := range []struct {
		name  string
		wood  Piece
		want  string
		holds bool
	}{
		// Red's 3 ranks stand at y 15..18: a wood over all of them.
		{"majority in the wood", box("the wood", Forest, 0, 15.2, 48, 40), "not Steadfast in the wood (Forests and close combat) needing 3 or less: 7, failed", false},
		// A wood over the rear rank only: 5 of 15 models.
		{"minority in the wood", box("the wood", Forest, 0, 17.2, 48, 40), "Steadfast needing 7 or less: 7, passed", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := engagedPair(t,
				[]map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
				[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 15}, 270, nil)})
			s.Terrain = []Piece{tc.wood}
			// Blue 5 and the charge's 1 against red's 2 ranks: red
			// loses by 4 with more ranks than blue; 4+3 = 7.
			evs := resultOf(t, s, map[rules.Seat]int{"blue": 5}, 4, 3)
			if got := text(evs, "break-test"); !strings.Contains(got, tc.want) {
				t.Fatalf("break test %q, want %q", got, tc.want)
			}
			if u := s.unit("target"); (u != nil && !u.Flags.Fleeing && s.Phase != PhasePursuit) != tc.holds {
				t.Fatalf("held %v, want %v (phase %s)", !tc.holds, tc.holds, s.Phase)
			}
		})
	}
}
