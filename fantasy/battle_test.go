package fantasy

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// Combat result: Charge! (8th edition) — a side one of whose units charged
// into the combat this turn adds +1: five against five with no wound
// caused is won by the chargers, and the loser tests.
func TestCombatResultChargeBonus(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
	evs := resultOf(t, s, nil, 1, 1)
	if got := text(evs, "combat-result"); !strings.Contains(got, "blue 1, red 0: blue wins by 1") {
		t.Fatalf("combat result %q: the charge is worth +1", got)
	}
	if !has(evs, "break-test") {
		t.Fatalf("the loser takes a break test: %v", evs)
	}
	// In a later turn of the combat the charge is over: a draw.
	s.unit("u").Flags.Charged = false
	evs = resultOf(t, s, nil)
	if got := text(evs, "combat-result"); !strings.Contains(got, "a draw") {
		t.Fatalf("combat result %q: no charge bonus after the turn of the charge", got)
	}
}

// Combat result: a standard (+1 for the side, once) and a flank attack
// (+1 for each unit in the flank) both count, whatever the order of the
// units' ids.
func TestCombatResultStandardAndFlankBothCount(t *testing.T) {
	for _, flanker := range []string{"a", "z"} {
		t.Run(flanker, func(t *testing.T) {
			s := engagedPair(t,
				[]map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, map[string]any{"command": []any{"standard"}}),
					unitSpecOf(flanker, "swordsman", 5, 5, [2]float64{40, 30}, 90, nil)},
				[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
			// A later turn of the combat (no charge bonus), with a
			// second blue unit in red's flank.
			s.unit("u").Flags.Charged = false
			f, tg := s.unit(flanker), s.unit("target")
			f.Engage, tg.Engage = []string{"target"}, append(tg.Engage, flanker)
			f.Flags.ChargedFrom = "flank"
			evs := resultOf(t, s, nil, 1, 1)
			if got := text(evs, "combat-result"); !strings.Contains(got, "blue 2, red 0") {
				t.Fatalf("combat result %q: the standard and the flank are +1 each", got)
			}
		})
	}
}

// Challenges: a character who steps back from a refused challenge may not
// lend his Leadership that turn — his unit's break test is on the
// rank-and-file's Ld 7, not his 8.
func TestChallengeRefusedCharacterLendsNoLeadership(t *testing.T) {
	s := duelReady(t)
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	apply(t, s, "red", Refuse{})
	apply(t, s, "blue", Retire{Model: "rcap"})
	// All miss; blue wins by its charge; red tests, double 1 holds.
	evs := fightAll(t, s, "u", ones(countDuelDice(s)+2)...)
	if got := text(evs, "break-test"); !strings.Contains(got, "tests Leadership 7") {
		t.Fatalf("break test %q: rcap stepped back and lends no Ld", got)
	}
	// The next turn he leads again.
	apply(t, s, "blue", EndTurn{})
	if ld := s.leadership(s.unit("target")); ld != s.Profiles["captain"].Ld {
		t.Fatalf("Ld %d the next turn, want the captain's %d", ld, s.Profiles["captain"].Ld)
	}
}

// Challenges: nobody but his foe attacks a duellist. A lone captain who
// has slain his foe at Initiative 5 is not attacked by the foe's
// spearmen at Initiative 3: no dice, no lines.
func TestChallengeWinnerIsNotAttackedByOthers(t *testing.T) {
	red := unitSpecOf("target", "spearman", 10, 5, [2]float64{24, 15}, 270, nil)
	for k, v := range chars("rcap", "captain") {
		red[k] = v
	}
	s := engagedPair(t, []map[string]any{unitSpecOf("u", "captain", 1, 1, [2]float64{24, 10}, 90, nil)}, []map[string]any{red})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	if !slices.ContainsFunc(s.blows(s.combatOf(s.unit("u"))), func(b blow) bool { return b.unit.ID == "target" && b.id != "rcap" }) {
		t.Fatal("set-up: no spearman touches the captain")
	}
	apply(t, s, "blue", Challenge{Unit: "u", Model: "u"})
	apply(t, s, "red", Accept{Model: "rcap"})
	// Initiative 5: rcap's 3 Attacks miss (1,1,1); the captain's hit
	// (6,6,6), wound (6,6,6) and rcap fails his saves (1,1,1). Then the
	// combat result and red's break test (1,1: it holds).
	src, err := dice.NewScript(1, 1, 1, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Apply("blue", Fight{Unit: "u"}, src)
	if err != nil {
		t.Fatal(err)
	}
	if src.Remaining() != 0 {
		t.Fatalf("%d dice unused", src.Remaining())
	}
	for _, e := range out {
		ev := e.(*Event)
		if ev.What == "fought" && ev.Unit == "target" && !strings.Contains(ev.Text, "Initiative 5") {
			t.Fatalf("the spearmen attack the duellist: %q", ev.Text)
		}
	}
	if s.unit("target").model("rcap") != nil {
		t.Fatal("set-up: rcap should be slain")
	}
}

// Rally fleeing units: a unit with a quarter of its starting models or
// fewer rallies only on a double 1.
func TestRallyAtAQuarterOnlyOnADoubleOne(t *testing.T) {
	spec := []map[string]any{unitSpecOf("u", "swordsman", 8, 4, [2]float64{24, 10}, 90, nil)}
	for _, tc := range []struct {
		left    int
		d       []int
		rallies bool
	}{
		{3, []int{3, 4}, true},  // 3 of 8: above a quarter, 7 against Ld 7
		{3, []int{4, 4}, false}, // 8 against Ld 7
		{2, []int{3, 4}, false}, // 2 of 8, a quarter: 7 is no double 1
		{2, []int{1, 2}, false}, // nor is 3
		{2, []int{1, 1}, true},  // a double 1 rallies
		{1, []int{1, 1}, true},  // fewer still: a double 1
		{1, []int{2, 2}, false}, // an eighth, 4
		{8, []int{2, 5}, true},  // whole, 7
	} {
		s := battle(t, nil, spec, target())
		u := s.unit("u")
		for len(u.Models) > tc.left {
			s.removeModel(u, u.Models[len(u.Models)-1].ID)
		}
		s.fillGaps(u, false)
		u.Flags.Fleeing = true
		src, err := dice.NewScript(append(slices.Clone(tc.d), 1, 1)...) // and 2" if it flees on
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply("blue", EndCharges{}, src); err != nil {
			t.Fatal(err)
		}
		if got := !s.unit("u").Flags.Fleeing; got != tc.rallies {
			t.Fatalf("%d of 8 left, %v: rallied %v, want %v", tc.left, tc.d, got, tc.rallies)
		}
	}
}

// Move fleeing units (8th edition): a unit that fails to rally flees 2D6"
// straight ahead in the direction it faces, without turning — here away
// from the table's centre although the enemy is behind it.
func TestFailedRallyFleesStraightAhead(t *testing.T) {
	// Blue faces east (0°); the enemy stands to its north-east.
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{10, 24}, 0, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 10, 5, [2]float64{30, 40}, 180, nil)})
	u := s.unit("u")
	u.Flags.Fleeing = true
	at, facing := u.At, u.Facing
	evs := apply(t, s, "blue", EndCharges{}, 4, 4, 3, 2) // 8: fails; flees 5"
	u = s.unit("u")
	if u == nil || !u.Flags.Fleeing || !has(evs, "fled") {
		t.Fatalf("the unit should flee on: %v", evs)
	}
	if u.Facing != facing {
		t.Fatalf("facing %v, want %v: a failed rally does not turn the unit", u.Facing, facing)
	}
	if d := u.At.Sub(at); math.Abs(d.X-5) > 1e-9 || math.Abs(d.Y) > 1e-9 {
		t.Fatalf("moved by %+v, want 5\" straight ahead (east)", d)
	}
}

// In the First Rank! in close combat: when a front-rank character falls
// in a fight and several models with the rule could take his place, the
// round waits for his owner to name one (the move-up step), then goes on.
func TestInTheFirstRankInCloseCombatAsksTheOwner(t *testing.T) {
	red := unitSpecOf("target", "spearman", 1, 2, [2]float64{24, 15}, 270, nil)
	for k, v := range chars("rcap", "captain", "c2", "captain", "c3", "captain", "c4", "captain") {
		red[k] = v
	}
	s := engagedPair(t, []map[string]any{unitSpecOf("u", "captain", 1, 1, [2]float64{24, 10}, 90, nil)}, []map[string]any{red})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	apply(t, s, "blue", Fight{Unit: "u"})
	// Red issues no challenge. Initiative 5: red's two front captains
	// and the two supporting them miss (eight 1s); blue's captain hits
	// rcap (6,6,6), wounds (6,6,6), and rcap fails his saves (1,1,1).
	evs := apply(t, s, "red", NoChallenge{}, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 1, 1, 1)
	if s.Phase != PhaseMoveUp || s.Melee == nil {
		t.Fatalf("phase %s: the owner should be asked who moves up; events %v", s.Phase, evs)
	}
	if has(evs, "combat-result") || has(evs, "moved-up") {
		t.Fatalf("the round goes on only after the owner's choice: %v", evs)
	}
	if p := s.Prompt(); len(p.Seats) != 1 || p.Seats[0] != "red" {
		t.Fatalf("prompt %+v, want red", p)
	}
	legal, _ := legalOptions(s, "red")
	for _, id := range []string{"c3", "c4"} {
		if !hasAction(legal, rules.Action(MoveUp{Model: id})) {
			t.Fatalf("red's menu %v lacks %s", legal, id)
		}
	}
	file := s.Vacancy.File
	// The round goes on: at Initiative 3 the spearman who stepped into
	// the second rank supports (a miss), then the combat result (blue's
	// 2 wounds that took effect on rcap's 2 and its charge) and red's
	// break test (1,1: it holds).
	evs = apply(t, s, "red", MoveUp{Model: "c4"}, 1, 1, 1)
	if got := s.unit("target").Ranks[0][file]; got != "c4" {
		t.Fatalf("front slot %d holds %q, want c4, red's choice", file, got)
	}
	if !has(evs, "combat-result") || s.Melee != nil || s.Phase != PhaseCombat {
		t.Fatalf("the round should end: phase %s, events %v", s.Phase, evs)
	}
	if !strings.Contains(text(evs, "combat-result"), "blue 3, red 0") {
		t.Fatalf("combat result %q, want the wounds caused before the choice counted", text(evs, "combat-result"))
	}
}

// Close combat: attacking characters (8th edition): a model in base
// contact with an enemy character and his unit's rank-and-file chooses
// whom it attacks — the fight action names the choice, the menu lists
// each, and a model supporting from behind attacks where the model in
// front of it does. A model not touching him may not choose him.
func TestCloseCombatAttackingCharacters(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 10, 5, [2]float64{24, 15}, 270, chars("rcap", "captain"))})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	// rcap stands in the middle of red's front: u-1 faces him, u-2 and
	// u-3 touch his corners; u-4 is two files away.
	legal, _ := legalOptions(s, "blue")
	for _, m := range []string{"u-1", "u-2", "u-3"} {
		if !hasAction(legal, Fight{Unit: "u", Attacks: []Attack{{Model: m, Target: "rcap"}}}) {
			t.Fatalf("the menu lacks %s attacking rcap: %v", m, legal)
		}
	}
	if hasAction(legal, Fight{Unit: "u", Attacks: []Attack{{Model: "u-4", Target: "rcap"}}}) {
		t.Fatal("u-4 does not touch rcap")
	}
	refused(t, s, "blue", Fight{Unit: "u", Attacks: []Attack{{Model: "u-4", Target: "rcap"}}}, CodeCombat)
	refused(t, s, "blue", Fight{Unit: "u", Attacks: []Attack{{Model: "u-1", Target: "rcap"}, {Model: "u-1", Target: "rcap"}}}, rules.CodeBadAction)
	refused(t, s, "blue", Fight{Unit: "u", Attacks: []Attack{{Model: "target-1", Target: "u-1"}}}, CodeCombat)
	src, err := dice.NewScript(ones(60)...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Apply("blue", Fight{Unit: "u", Attacks: []Attack{{Model: "u-1", Target: "rcap"}}}, src)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range out {
		if ev := e.(*Event); ev.What == "fought" && ev.Unit == "u" {
			lines = append(lines, ev.Text)
		}
	}
	// u-1 and the swordsman behind him attack rcap; the other eight the
	// spearmen.
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "u: 2 attacks at Initiative 4 on rcap") }) ||
		!slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "u: 8 attacks at Initiative 4 on target") }) {
		t.Fatalf("blue's blows %q, want 2 on rcap and 8 on the spearmen", lines)
	}
	if len(s.Aims) != 0 {
		t.Fatalf("the choices last the round: %v", s.Aims)
	}
}

// Close combat: attacking characters: the player whose turn it is not
// names his models' choices when asked before the blows.
func TestCloseCombatAttackingCharactersTheOtherPlayer(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("cap", "captain"))},
		[]map[string]any{unitSpecOf("target", "spearman", 10, 5, [2]float64{24, 15}, 270, nil)})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	apply(t, s, "blue", Fight{Unit: "u"})
	if s.Phase != PhaseCounter {
		t.Fatalf("phase %s: red, whose spearmen touch the captain, should be asked", s.Phase)
	}
	legal, _ := legalOptions(s, "red")
	a := NoChallenge{Attacks: []Attack{{Model: "target-1", Target: "cap"}}}
	if !hasAction(legal, a) {
		t.Fatalf("red's menu lacks %+v: %v", a, legal)
	}
	refused(t, s, "red", NoChallenge{Attacks: []Attack{{Model: "target-4", Target: "cap"}}}, CodeCombat)
	src, err := dice.NewScript(ones(60)...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Apply("red", a, src)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(out, func(e rules.Event) bool {
		ev := e.(*Event)
		return ev.What == "fought" && strings.HasPrefix(ev.Text, "target: 2 attacks at Initiative 3 on cap")
	}) {
		t.Fatalf("target-1 and the spearman behind him should attack cap: %v", out)
	}
}

// Disruption (8th edition): a unit fought in its flank or rear by an
// enemy unit with a rank bonus claims no rank bonus of its own; a flanker
// without ranks does not disrupt it.
func TestDisruptionFlankerWithRanksCancelsRankBonus(t *testing.T) {
	for _, tc := range []struct {
		flankers int
		want     string
		dice     []int
	}{{10, "blue 2, red 0", []int{1, 1}}, {5, "blue 1, red 2", []int{1, 1, 1, 1}}} {
		s := engagedPair(t,
			[]map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil),
				unitSpecOf("f", "swordsman", tc.flankers, 5, [2]float64{40, 30}, 90, nil)},
			[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 15}, 270, nil)})
		s.unit("u").Flags.Charged = false // a later turn: no charge bonus
		f, tg := s.unit("f"), s.unit("target")
		f.Engage, tg.Engage = []string{"target"}, append(tg.Engage, "f")
		f.Flags.ChargedFrom = "flank"
		// Blue: the flank +1 and, with 10 flankers, their rank +1 and
		// red's 2 ranks lost; with 5, red keeps its +2.
		evs := resultOf(t, s, nil, tc.dice...)
		if got := text(evs, "combat-result"); !strings.Contains(got, tc.want) || has(evs, "disrupted") != (tc.flankers == 10) {
			t.Fatalf("%d flankers: %v, want %q", tc.flankers, evs, tc.want)
		}
	}
}

// Charging a fleeing enemy (8th edition): a charger that reaches a unit
// that fled from its charge destroys it.
func TestChargingAFleeingUnitDestroysIt(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
	points := s.unit("target").Points
	// Red flees 2" (1, 1); blue's 4 + 12 reaches it.
	evs := charge(t, s, "flee", []int{1, 1}, 6, 6)
	if s.unit("target") != nil || s.unit("u").engaged() || s.Points["blue"] != points {
		t.Fatalf("the fleeing unit should be caught and destroyed: %v", evs)
	}
}

// Redirecting a charge (8th edition): when the target flees, the charger
// may test its Leadership once to turn its charge on another enemy it
// could charge; failed, it charges on at the unit that fled.
func TestRedirectingACharge(t *testing.T) {
	for _, tc := range []struct {
		dice   []int
		target string
	}{{[]int{3, 3}, "b"}, {[]int{6, 6}, "target"}} {
		s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
			[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil),
				unitSpecOf("b", "spearman", 5, 5, [2]float64{31, 16}, 270, nil)})
		apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
		apply(t, s, "red", React{Reaction: "flee"}, 6, 6)
		refused(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"}, CodeCharge)
		apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "b"}, tc.dice...)
		if got := s.Charges[0].Target; got != tc.target {
			t.Fatalf("dice %v: the charge is on %s, want %s", tc.dice, got, tc.target)
		}
		if tc.target == "b" {
			if s.Phase != PhaseReact {
				t.Fatalf("phase %s: the new target reacts", s.Phase)
			}
			apply(t, s, "red", React{Reaction: "hold"})
		}
		refused(t, s, "blue", DeclareCharge{Unit: "u", Target: "b"}, CodeCharge) // once only
	}
}
