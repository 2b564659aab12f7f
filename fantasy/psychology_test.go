package fantasy

import (
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Special rules: a profile naming a rule the engine does not play is
// refused when its catalog loads, with the rule's name.
func TestSpecialRuleNotPlayedIsRefusedAtLoad(t *testing.T) {
	yaml := []byte("profiles:\n  - {name: odd, type: infantry, m: 4, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, base: [1, 1], points: 5, rules: [fear, vanguard-of-doom]}\n")
	_, err := (*Catalog)(nil).Parse("odd.yaml", yaml)
	if err == nil || !strings.Contains(err.Error(), `"vanguard-of-doom" is not played`) {
		t.Fatalf("err %v, want the unplayed rule named", err)
	}
	yaml = []byte("profiles:\n  - {name: ok, type: infantry, m: 4, ws: 3, bs: 3, s: 3, t: 3, w: 1, i: 3, a: 1, ld: 7, base: [1, 1], points: 5, rules: [fear, stubborn]}\n")
	if _, err := (*Catalog)(nil).Parse("ok.yaml", yaml); err != nil {
		t.Fatal(err)
	}
}

// Unbreakable: a beaten unit takes no break test and holds.
func TestUnbreakableTakesNoBreakTest(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 15, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "barrow-guard", 5, 5, [2]float64{24, 15}, 270, nil)})
	evs := resultOf(t, s, map[rules.Seat]int{"blue": 5})
	if got := text(evs, "break-test"); !strings.Contains(got, "Unbreakable") || s.unit("target").Flags.Fleeing || s.Phase == PhasePursuit {
		t.Fatalf("break test %q: an Unbreakable unit holds without a test", got)
	}
}

// Stubborn: a beaten unit tests on its unmodified Leadership though it
// has fewer ranks than the enemy.
func TestStubbornTestsOnUnmodifiedLeadership(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 15, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "shieldwall", 5, 5, [2]float64{24, 15}, 270, nil)})
	evs := resultOf(t, s, map[rules.Seat]int{"blue": 3}, 4, 5)
	if got := text(evs, "break-test"); !strings.Contains(got, "Stubborn needing 9 or less: 9, passed") {
		t.Fatalf("break test %q: Stubborn tests on Ld 9 unmodified", got)
	}
}

// Inspiring Presence: a unit within 12" of its General (not fleeing)
// tests on his Leadership when it is higher; beyond 12" on its own.
func TestInspiringPresence(t *testing.T) {
	for _, tc := range []struct {
		name string
		at   [2]float64
		want string
	}{
		{"within 12\"", [2]float64{34, 20}, "tests Leadership 8 (rgen's, Inspiring Presence) needing 5"},
		{"beyond 12\"", [2]float64{46, 40}, "tests Leadership 7 needing 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := engagedPair(t,
				[]map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
				[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil),
					unitSpecOf("rgen", "captain", 1, 1, tc.at, 270, map[string]any{"general": true})})
			// Blue 2 and its charge: red loses by 3.
			evs := resultOf(t, s, map[rules.Seat]int{"blue": 2}, 1, 1)
			if got := text(evs, "break-test"); !strings.Contains(got, tc.want) {
				t.Fatalf("break test %q, want %q", got, tc.want)
			}
		})
	}
}

// Hold Your Ground!: a unit within 12" of its Battle Standard Bearer
// re-rolls a failed Leadership test; and the battle standard in a combat
// adds +1 to its side's result, beside a unit's standard.
func TestHoldYourGroundAndTheBattleStandard(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, map[string]any{"characters": []any{map[string]any{"id": "rbsb", "profile": "captain", "battleStandard": true}}})})
	// Blue 4 wounds and its charge, 5; red's battle standard, 1: red
	// loses by 4 and tests Ld 8 needing 4: 6+6 fails, re-rolled 1+2
	// passes.
	evs := resultOf(t, s, map[rules.Seat]int{"blue": 4}, 6, 6, 1, 2)
	if got := text(evs, "combat-result"); !strings.Contains(got, "blue 5, red 1") {
		t.Fatalf("combat result %q: the battle standard is worth +1", got)
	}
	if got := text(evs, "break-test"); !strings.Contains(got, "3 (12 re-rolled near rbsb, Hold Your Ground!), passed") {
		t.Fatalf("break test %q: a failed test is re-rolled near the battle standard", got)
	}
}

// Immune to Psychology: a unit that is may not flee from a charge.
func TestImmuneToPsychologyMayNotFlee(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "clockwork-guard", 5, 5, [2]float64{24, 15}, 270, nil)})
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	if re := refused(t, s, "red", React{Reaction: "flee"}, CodeCharge); re.Rule != ruleImmune {
		t.Fatalf("refused citing %q, want %q", re.Rule, ruleImmune)
	}
	apply(t, s, "red", React{Reaction: "hold"})
}

// Setup: one General and one Battle Standard Bearer a side, never the
// same character, and only characters.
func TestLeadersAtSetup(t *testing.T) {
	for _, red := range [][]map[string]any{
		{unitSpecOf("g1", "captain", 1, 1, [2]float64{10, 40}, 270, map[string]any{"general": true}), unitSpecOf("g2", "captain", 1, 1, [2]float64{20, 40}, 270, map[string]any{"general": true})},
		{unitSpecOf("g1", "captain", 1, 1, [2]float64{10, 40}, 270, map[string]any{"general": true, "battleStandard": true})},
		{unitSpecOf("sp", "spearman", 5, 5, [2]float64{10, 40}, 270, map[string]any{"general": true})},
	} {
		sc := &scenario.Scenario{Name: "test", Ruleset: Name, Table: scenario.Table{Width: 48, Height: 48}, Rounds: 1,
			Sides: []scenario.Side{side(t, "blue", target()), side(t, "red", red)}}
		if _, err := ruleset(t).Setup(sc, nil); err == nil || !strings.Contains(err.Error(), "General") {
			t.Fatalf("%v: %v, want refused naming the General", red, err)
		}
	}
}

// Fear: a unit fighting an enemy that causes Fear tests its Leadership
// at the start of the round; failed, it fights with WS 1 — its blows and
// the blows at it alike.
func TestFearFailedFightsWithWS1(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "barrow-guard", 5, 5, [2]float64{24, 15}, 270, nil)})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	src := script(t, append([]int{6, 6}, ones(40)...)...)
	out, err := s.Apply("blue", Fight{Unit: "u"}, src.src)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range out {
		lines = append(lines, e.(*Event).Text)
	}
	all := strings.Join(lines, "\n")
	for _, want := range []string{"u tests against the Fear of target: 12 against Ld 7, failed", "u: 5 attacks at Initiative 4 on target needing 5+", "target: 5 attacks at Initiative 3 on u needing 3+"} {
		if !strings.Contains(all, want) {
			t.Fatalf("events\n%s\nlack %q", all, want)
		}
	}
	if strings.Contains(all, "target tests against the Fear") {
		t.Fatal("a unit that causes Fear takes no Fear test")
	}
}

// Terror: charged by a terrifying foe, a unit tests before its reaction;
// failed, it flees instead of holding.
func TestTerrorChargedUnitFleesOnAFailedTest(t *testing.T) {
	for _, tc := range []struct {
		dice  []int
		flees bool
	}{{[]int{6, 6, 3, 3}, true}, {[]int{3, 3}, false}} {
		s := battle(t, nil, []map[string]any{unitSpecOf("u", "dread-beast", 1, 1, [2]float64{24, 8}, 90, nil)},
			[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
		apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
		evs := apply(t, s, "red", React{Reaction: "hold"}, tc.dice...)
		if !has(evs, "terror-test") || s.unit("target").Flags.Fleeing != tc.flees {
			t.Fatalf("dice %v: fleeing %v, want %v: %v", tc.dice, s.unit("target").Flags.Fleeing, tc.flees, evs)
		}
	}
}

// Frenzy: +1 Attack, must declare a charge when it can, must pursue, and
// is lost when the unit is beaten.
func TestFrenzy(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "berserker", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
	if re := refused(t, s, "blue", EndCharges{}, CodeCharge); re.Rule != ruleFrenzy {
		t.Fatalf("refused citing %q, want Frenzy", re.Rule)
	}
	evs := charge(t, s, "hold", nil, 6, 6)
	if !has(evs, "charged") {
		t.Fatalf("the charge failed: %v", evs)
	}
	n := 0
	for _, b := range s.blows(s.combatOf(s.unit("u"))) {
		if b.unit.ID == "u" {
			n += b.n
		}
	}
	if n != 10 {
		t.Fatalf("%d attacks, want 5 berserkers with 2 each (Frenzy: +1 Attack)", n)
	}
	// Blue wins: red breaks; blue may not restrain.
	resultOf(t, s, map[rules.Seat]int{"blue": 5}, 6, 6)
	if s.Phase != PhasePursuit {
		t.Fatalf("phase %s, want the pursuit", s.Phase)
	}
	if re := refused(t, s, "blue", Pursue{Unit: "u", Restrain: true}, CodeCombat); re.Rule != ruleFrenzy {
		t.Fatalf("refused citing %q, want Frenzy", re.Rule)
	}
	// Beaten, a frenzied unit loses its Frenzy for good.
	s = engagedPair(t, []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "berserker", 5, 5, [2]float64{24, 15}, 270, nil)})
	resultOf(t, s, map[rules.Seat]int{"blue": 2}, 1, 1)
	if !s.unit("target").Calmed || s.frenzied(s.unit("target")) {
		t.Fatal("beaten, the berserkers should lose their Frenzy")
	}
}

// Hatred: in the first round of a combat the misses are rolled again; in
// later rounds they are not.
func TestHatredRerollsMissesInTheFirstRound(t *testing.T) {
	s := engagedPair(t, []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "berserker", 5, 5, [2]float64{24, 15}, 270, nil)})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	// Both strike at Initiative 4: the berserkers (10 attacks) first (by
	// id) miss with ten 1s and re-roll them: ten more 1s.
	src := script(t, ones(60)...)
	out, err := s.Apply("blue", Fight{Unit: "u"}, src.src)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range out {
		ev := e.(*Event)
		if ev.What == "fought" && ev.Unit == "target" {
			found = len(ev.Dice) == 20 && strings.Contains(ev.Text, "misses re-rolled, Hatred")
		}
	}
	if !found {
		t.Fatalf("the berserkers' misses should be re-rolled: %v", out)
	}
	if s.unit("target").Rounds != 1 {
		t.Fatalf("rounds %d, want 1", s.unit("target").Rounds)
	}
	for _, b := range s.blows(s.combatOf(s.unit("u"))) {
		if b.traits&traitHatred != 0 {
			t.Fatal("Hatred lasts the first round only")
		}
	}
}

// Panic: friends destroyed within 6" make a unit test its Leadership;
// failed, it flees directly away from them. A unit Immune to Psychology
// takes no test.
func TestPanicFriendsDestroyedNearby(t *testing.T) {
	for _, tc := range []struct {
		profile string
		tests   bool
	}{{"spearman", true}, {"clockwork-guard", false}} {
		s := battle(t, nil, []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, nil)},
			[]map[string]any{unitSpecOf("a", "spearman", 1, 1, [2]float64{24, 20}, 270, nil), unitSpecOf("b", tc.profile, 5, 5, [2]float64{30, 20}, 270, nil)})
		apply(t, s, "blue", EndCharges{})
		apply(t, s, "blue", EndMovement{})
		// Ten hits, ten wounds, ten failed saves: a is wiped out.
		faces := append(slices.Repeat([]int{6}, 20), ones(10)...)
		if tc.tests {
			faces = append(faces, 6, 6, 3, 3) // b fails (12) and flees 6"
		}
		evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "a"}, faces...)
		if has(evs, "panic-test") != tc.tests || s.unit("b").Flags.Fleeing != tc.tests {
			t.Fatalf("%s: panic test %v, fleeing %v; want %v: %v", tc.profile, has(evs, "panic-test"), s.unit("b").Flags.Fleeing, tc.tests, evs)
		}
	}
}

// Panic: a unit that loses a quarter or more of its models to shooting in
// a phase tests; fewer, it does not.
func TestPanicHeavyCasualties(t *testing.T) {
	for _, tc := range []struct {
		hits  int
		tests bool
	}{{1, false}, {2, true}} {
		s := battle(t, nil, []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, nil)},
			[]map[string]any{unitSpecOf("b", "spearman", 8, 4, [2]float64{24, 20}, 270, nil)})
		apply(t, s, "blue", EndCharges{})
		apply(t, s, "blue", EndMovement{})
		faces := append(slices.Repeat([]int{6}, tc.hits), ones(10-tc.hits)...)
		faces = append(faces, slices.Repeat([]int{6}, tc.hits)...) // wound
		faces = append(faces, ones(tc.hits)...)                    // saves fail
		if tc.tests {
			faces = append(faces, 3, 3) // 6 against Ld 7: holds
		}
		evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "b"}, faces...)
		if has(evs, "panic-test") != tc.tests {
			t.Fatalf("%d of 8 lost: panic test %v, want %v: %v", tc.hits, has(evs, "panic-test"), tc.tests, evs)
		}
	}
}

// Hatred (and a flail's +2 S) hold in the first round of each close
// combat: a unit whose foe is destroyed leaves its combat, and the next
// combat it fights starts again at its first round.
func TestHatredAgainInTheNextCombat(t *testing.T) {
	s := engagedPair(t, []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "berserker", 5, 5, [2]float64{24, 15}, 270, nil)})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	if _, err := s.Apply("blue", Fight{Unit: "u"}, script(t, ones(60)...).src); err != nil {
		t.Fatal(err)
	}
	if s.unit("target").Rounds != 1 {
		t.Fatalf("rounds %d, want 1", s.unit("target").Rounds)
	}
	s.destroy(s.unit("u"), "is wiped out")
	tg := s.unit("target")
	if tg.engaged() || tg.Rounds != 0 {
		t.Fatalf("its foe destroyed, target is engaged %v with %d rounds fought: its next combat starts at the first round", tg.engaged(), tg.Rounds)
	}
	if p := s.Profiles["berserker"]; s.traitsOf(tg, &p)&traitHatred == 0 {
		t.Fatal("Hatred should hold in the first round of the next combat")
	}
}

// Hatred: a unit that wipes out its foe in a round leaves the combat with
// no round counted, so the next combat starts at its first round.
func TestHatredAgainAfterWipingOutTheFoe(t *testing.T) {
	s := engagedPair(t, []map[string]any{unitSpecOf("u", "swordsman", 1, 1, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "berserker", 5, 5, [2]float64{24, 15}, 270, nil)})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	// Initiative 4 together: the berserkers' 6 attacks hit (6s), the
	// swordsman's 1 hits (6); one berserker wound (6) goes unsaved (1),
	// the swordsman's does not wound (1).
	if _, err := s.Apply("blue", Fight{Unit: "u"}, script(t, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1).src); err != nil {
		t.Fatal(err)
	}
	if s.unit("u") != nil {
		t.Fatal("set-up: the swordsman should be slain")
	}
	if tg := s.unit("target"); tg.Rounds != 0 {
		t.Fatalf("rounds %d after wiping out its foe, want 0: its next combat starts at the first round (Hatred)", tg.Rounds)
	}
}
