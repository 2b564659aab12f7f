package fantasy

import (
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// pitched sets up a pitched battle on a 48"×48" table: blue's zone the
// first 12", red's the last 12", blue setting up first.
func pitched(t *testing.T, blue, red []map[string]any) *State {
	t.Helper()
	zoned := func(sd scenario.Side, z Zone) scenario.Side {
		sd.Army.Value.(*Army).Zone = &z
		return sd
	}
	return setUp(t, nil, zoned(side(t, "blue", blue), Zone{0, 0, 48, 12}), zoned(side(t, "red", red), Zone{0, 36, 48, 48}))
}

func pitchedArmies() (blue, red []map[string]any) {
	at := [2]float64{}
	blue = []map[string]any{
		unitSpecOf("spears", "spearman", 10, 5, at, 0, nil),
		unitSpecOf("thrower", "stone-thrower", 1, 1, at, 0, nil),
		unitSpecOf("thrower2", "stone-thrower", 1, 1, at, 0, nil),
		unitSpecOf("blue-captain", "captain", 1, 1, at, 0, nil),
	}
	red = []map[string]any{
		unitSpecOf("swords", "swordsman", 10, 5, at, 0, nil),
		unitSpecOf("outriders", "outrider", 5, 5, at, 0, nil),
		unitSpecOf("scouts", "scout", 5, 5, at, 0, nil),
	}
	return blue, red
}

func dep(unit string, x, y, facing float64) Deploy {
	return Deploy{Unit: unit, At: geom.Pt(x, y), Facing: facing}
}

// Alternating units, Scouts (8th edition): where and when a unit may be
// set up, each refusal naming its rule.
func TestDeploymentRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		seat rules.Seat
		act  Deploy
		rule string // "" for allowed
	}{
		{"Alternating units: in the side's own zone", "blue", dep("spears", 24, 12, 90), ""},
		{"Alternating units: not outside the zone", "blue", dep("spears", 24, 20, 90), ruleAlternating},
		{"Alternating units: not partly outside the zone", "blue", dep("spears", 24, 13, 90), ruleAlternating},
		{"Alternating units: not off the table", "blue", dep("spears", 1, 12, 90), ruleAlternating},
		{"Alternating units: not the enemy's unit", "blue", dep("swords", 24, 12, 90), ruleAlternating},
		{"Alternating units: characters are set up last", "blue", dep("blue-captain", 10, 12, 90), ruleAlternating},
		{"Scouts: a unit with Scouts is set up after both armies", "red", dep("scouts", 10, 36, 270), ruleScouts},
		{"Unit spacing: not within 1\" of another unit", "blue", dep("thrower", 27, 12, 90), ruleUnitSpace},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blue, red := pitchedArmies()
			s := pitched(t, blue, red)
			if tc.name == "Unit spacing: not within 1\" of another unit" {
				apply(t, s, "blue", dep("spears", 24, 12, 90))
				apply(t, s, "red", dep("swords", 24, 36, 270))
			}
			if tc.seat == "red" {
				s.Active = 1
			}
			before := mustJSON(t, s)
			_, err := s.Apply(tc.seat, tc.act, nil)
			if tc.rule == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			re, ok := rules.AsRuleError(err)
			if !ok || !strings.Contains(re.Rule, tc.rule) {
				t.Fatalf("got %v, want a refusal under %s", err, tc.rule)
			}
			if mustJSON(t, s) != before {
				t.Fatal("a refused deployment changed the state")
			}
			// The menu offers the same answer for the same place.
			for _, o := range s.Legal(tc.seat) {
				if d, ok := o.Action.(Deploy); ok && d == tc.act && o.Illegal == nil {
					t.Fatalf("the menu offers %+v", d)
				}
			}
		})
	}
}

// A pitched battle set up to its first turn: alternating units (the war
// machines in one turn, the characters last), the Scouts beyond 12" of the
// enemy, a Vanguard move, and the roll for the first turn with +1 for the
// side that finished setting up first; the scout and the vanguard of the
// side going first may not charge in the first turn.
func TestPitchedBattleDeployment(t *testing.T) {
	blue, red := pitchedArmies()
	s := pitched(t, blue, red)
	if s.Phase != PhaseDeploy || s.activeSeat() != "blue" || len(s.Units) != 0 || len(s.Reserve) != 7 {
		t.Fatalf("opening: phase %s, %s to act, %d on the table, %d waiting", s.Phase, s.activeSeat(), len(s.Units), len(s.Reserve))
	}
	apply(t, s, "blue", dep("spears", 24, 12, 90))
	apply(t, s, "red", dep("swords", 24, 36, 270))
	apply(t, s, "blue", dep("thrower", 34, 12, 90))
	if s.activeSeat() != "blue" {
		t.Fatalf("the war machines are set up in one turn: %s to act", s.activeSeat())
	}
	if _, err := s.Apply("blue", dep("blue-captain", 10, 12, 90), nil); err == nil {
		t.Fatal("a character set up in the middle of the war machines' turn")
	}
	apply(t, s, "blue", dep("thrower2", 42, 12, 90))
	apply(t, s, "red", dep("outriders", 40, 36, 270))
	apply(t, s, "blue", dep("blue-captain", 10, 12, 90))
	if s.Phase != PhaseScouts || s.activeSeat() != "red" || !slices.Equal(s.Deployment.Finished, []rules.Seat{"red", "blue"}) {
		t.Fatalf("phase %s, %s to act, finished %v", s.Phase, s.activeSeat(), s.Deployment.Finished)
	}
	if _, err := s.Apply("red", dep("scouts", 10, 23, 270), nil); err == nil {
		t.Fatal("scouts set up within 12\" of the enemy")
	}
	apply(t, s, "red", dep("scouts", 10, 26, 270))
	if s.Phase != PhaseVanguard || s.activeSeat() != "red" {
		t.Fatalf("phase %s, %s to act", s.Phase, s.activeSeat())
	}
	if _, err := s.Apply("red", Move{Unit: "outriders", Legs: []Leg{{Forward: 9}}, March: true}, nil); err == nil {
		t.Fatal("a Vanguard move marched")
	}
	// 9" from y 36 leaves the front at 27, 15" from the spears; the last
	// Vanguard move made, the roll for the first turn: blue 4, red 3 + 1
	// tie; blue 2, red 5.
	evs := apply(t, s, "red", Move{Unit: "outriders", Legs: []Leg{{Forward: 9}}}, 4, 3, 2, 5)
	if e := evs[len(evs)-1]; e.What != "roll-off" || !strings.Contains(e.Text, "+1 to red") || s.Phase != PhaseFirst || s.activeSeat() != "red" {
		t.Fatalf("roll event %+v, phase %s, %s to choose", e, s.Phase, s.activeSeat())
	}
	// The winner chooses: red goes first.
	apply(t, s, "red", FirstTurn{Seat: "red"})
	if s.Phase != PhaseCharges || s.activeSeat() != "red" || s.Deployment != nil || len(s.Reserve) != 0 {
		t.Fatalf("phase %s, %s to act, deployment %+v", s.Phase, s.activeSeat(), s.Deployment)
	}
	if !slices.Equal(s.NoFirstCharge, []string{"scouts", "outriders"}) {
		t.Fatalf("no first charge: %v", s.NoFirstCharge)
	}
	_, _, err := s.checkCharge(DeclareCharge{Unit: "outriders", Target: "spears"})
	if err == nil || !strings.Contains(err.Rule, ruleVanguard) {
		t.Fatalf("the vanguard's first-turn charge: %v", err)
	}
	if _, err := ruleset(t).DecodeState([]byte(mustJSON(t, s))); err != nil {
		t.Fatal(err)
	}
}

// Vanguard: the move ends more than 12" from the enemy.
func TestVanguardKeepsAwayFromTheEnemy(t *testing.T) {
	blue, red := pitchedArmies()
	s := pitched(t, blue[:1], red[:2])
	apply(t, s, "blue", dep("spears", 24, 12, 90))
	apply(t, s, "red", dep("swords", 24, 36, 270))
	apply(t, s, "red", dep("outriders", 40, 36, 270))
	if s.Phase != PhaseVanguard {
		t.Fatalf("phase %s", s.Phase)
	}
	_, err := s.checkVanguard(Move{Unit: "outriders", Legs: []Leg{{Forward: 9}}})
	if err != nil {
		t.Fatal(err)
	}
	s.unit("spears").At = geom.Pt(36, 12+4) // as if it stood 4" further up
	_, err = s.checkVanguard(Move{Unit: "outriders", Legs: []Leg{{Forward: 9}}})
	if err == nil || err.Rule != ruleVanguard {
		t.Fatalf("got %v, want a refusal under Vanguard", err)
	}
	// Its player moves it no further: the roll for the first turn, which
	// blue wins, and chooses to go second.
	apply(t, s, "red", EndVanguard{}, 6, 1)
	apply(t, s, "blue", FirstTurn{Seat: "red"})
	if s.Phase != PhaseCharges || s.activeSeat() != "red" || len(s.NoFirstCharge) != 0 {
		t.Fatalf("phase %s, %s to act, no first charge %v", s.Phase, s.activeSeat(), s.NoFirstCharge)
	}
}
