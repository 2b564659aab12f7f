package fantasy

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/geom"
)

// withRules gives a profile of this game special rules (the state's own
// profiles: a test's edit reaches no other game).
func withRules(s *State, profile string, rs ...SpecialRule) {
	ps := make(map[string]Profile, len(s.Profiles))
	for k, v := range s.Profiles {
		ps[k] = v
	}
	p := ps[profile]
	p.Rules = rs
	ps[profile] = p
	s.Profiles = ps
}

// blowsOf sums the attacks of a unit's blows in its combat, and reports
// the Strength and step of the first.
func blowsOf(s *State, unit string) (n, str, step int) {
	for _, b := range s.blows(s.combatOf(s.unit(unit))) {
		if b.unit.ID == unit {
			if n == 0 {
				str, step = b.str, b.ini
			}
			n += b.n
		}
	}
	return
}

func pair(t *testing.T, blue, red string, nb, nr int) *State {
	t.Helper()
	s := battle(t, nil, []map[string]any{unitSpecOf("u", blue, nb, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", red, nr, 5, [2]float64{24, 15}, 270, nil)})
	faces := []int{6, 6}
	if s.swift(s.unit("u")) {
		faces = append(faces, 6) // Swiftstride: 3D6
	}
	if evs := charge(t, s, "hold", nil, faces...); !has(evs, "charged") {
		t.Fatalf("the charge failed: %v", evs)
	}
	return s
}

// Weapons (8th edition): each changes the blows as its rule says.
func TestWeaponsChangeTheBlows(t *testing.T) {
	for _, tc := range []struct {
		rule             SpecialRule
		n, str, step     int
		laterStr, laterN int // in a later round, with no charge
		profile          string
		models           int
	}{
		// Swordsmen: 10 models, 5 fight and 5 support, S3, I4.
		{"", 10, 3, 4 + stepBand, 3, 10, "swordsman", 10},
		{RuleGreatWeapon, 10, 5, 4, 5, 10, "swordsman", 10},        // +2 S, strikes last
		{RuleHalberd, 10, 4, 4 + stepBand, 4, 10, "swordsman", 10}, // +1 S
		{RuleFlail, 10, 5, 4 + stepBand, 3, 10, "swordsman", 10},   // +2 S, the first round only
		{RuleAHW, 15, 3, 4 + stepBand, 3, 15, "swordsman", 10},     // +1 A in contact
		{RuleASF, 10, 3, 4 + 2*stepBand, 3, 10, "swordsman", 10},   // strikes first
		{RuleASL, 10, 3, 4, 3, 10, "swordsman", 10},                // strikes last
		{RuleSpear, 15, 3, 4 + stepBand, 3, 15, "swordsman", 15},   // infantry: an extra rank
		{RuleLance, 5, 5, 3 + stepBand, 3, 5, "rider", 5},          // cavalry: +2 S on the charge
		{RuleSpear, 5, 4, 3 + stepBand, 3, 5, "rider", 5},          // cavalry: +1 S on the charge
	} {
		t.Run(string(tc.rule)+"/"+tc.profile, func(t *testing.T) {
			s := pair(t, tc.profile, "spearman", tc.models, 10)
			if tc.rule != "" {
				withRules(s, tc.profile, tc.rule)
			}
			n, str, step := blowsOf(s, "u")
			if n != tc.n || str != tc.str || step != tc.step {
				t.Fatalf("attacks %d at S%d step %d, want %d at S%d step %d", n, str, step, tc.n, tc.str, tc.step)
			}
			s.unit("u").Flags.Charged = false
			s.unit("u").Rounds = 1
			if n, str, _ := blowsOf(s, "u"); str != tc.laterStr || n != tc.laterN {
				t.Fatalf("later: %d attacks at S%d, want %d at S%d", n, str, tc.laterN, tc.laterStr)
			}
		})
	}
}

// Always Strikes First: the spearmen (I3) strike before the swordsmen
// (I4); a great weapon strikes after them.
func TestAlwaysStrikesFirstAndLastOrder(t *testing.T) {
	s := pair(t, "swordsman", "spearman", 5, 5)
	withRules(s, "spearman", RuleASF)
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	evs := fightAll(t, s, "u", ones(countDice(t, s))...)
	var order []string
	for _, e := range evs {
		if e.What == "fought" {
			order = append(order, e.Unit)
		}
	}
	if len(order) != 2 || order[0] != "target" || !strings.Contains(text(evs, "fought"), "Initiative 3 (Always Strikes First)") {
		t.Fatalf("order %v, events %v: the spearmen strike first", order, evs)
	}
}

// The wound and save rolls' special rules (8th edition), on a captain
// (infantry, T4, 2 Wounds, 4+ armour) hit at S4.
func TestWoundAndSaveSpecialRules(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "captain", 1, 1, [2]float64{24, 10}, 90, nil)}, target())
	u := s.unit("u")
	for _, tc := range []struct {
		name    string
		mods    strikeMods
		rules   []SpecialRule
		n       int
		dice    []int
		unsaved int
	}{
		// 4+ to wound; 5+ to save (4+, -1 for S4).
		{"plain", strikeMods{}, nil, 2, []int{4, 6, 4, 5}, 1},
		{"armour piercing", strikeMods{traits: traitAP}, nil, 2, []int{4, 6, 5, 6}, 1},
		{"poisoned", strikeMods{traits: traitPoison, sixes: 1}, nil, 2, []int{1, 6}, 0}, // 1 auto-wound, saved on 6
		{"poisoned, unsaved", strikeMods{traits: traitPoison, sixes: 2}, nil, 2, []int{1, 1}, 2},
		{"killing blow", strikeMods{traits: traitKB}, nil, 1, []int{6}, 2}, // slain outright, no armour
		{"killing blow, ward", strikeMods{traits: traitKB}, []SpecialRule{RuleRegeneration}, 1, []int{6, 4}, 0},
		{"multiple wounds d3", strikeMods{traits: traitMW3}, nil, 1, []int{5, 1, 6}, 2}, // D3 of 6 = 3, at most 2
		{"regeneration", strikeMods{}, []SpecialRule{RuleRegeneration}, 2, []int{5, 5, 1, 1, 4, 3}, 1},
		{"parry", strikeMods{melee: true}, []SpecialRule{RuleParry}, 1, []int{5, 1, 6}, 0},
		{"parry, from the flank", strikeMods{melee: true, traits: traitFlank}, []SpecialRule{RuleParry}, 1, []int{5, 1}, 1},
		{"parry, not shooting", strikeMods{}, []SpecialRule{RuleParry}, 1, []int{5, 1}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := s.Profiles["captain"]
			p.Rules = tc.rules
			src := script(t, tc.dice...)
			got, err := s.woundRolls(u, "u", p, tc.n, 4, tc.mods, src)
			if err != nil {
				t.Fatal(err)
			}
			if n := src.src.(interface{ Remaining() int }).Remaining(); got != tc.unsaved || n != 0 {
				t.Fatalf("unsaved %d (%d dice left), want %d", got, n, tc.unsaved)
			}
		})
	}
}

// Poisoned Attacks in a round: the hits scored on natural 6s wound
// without a roll.
func TestPoisonedAttacksInCloseCombat(t *testing.T) {
	s := pair(t, "swordsman", "spearman", 5, 5)
	withRules(s, "swordsman", RulePoisoned)
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	// Five 6s to hit, no wound rolls, five failed saves: the spearmen
	// are wiped out before they strike.
	evs := apply(t, s, "blue", Fight{Unit: "u"}, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1)
	if !strings.Contains(text(evs, "wounds"), "5 wounding automatically (Poisoned Attacks)") || s.unit("target") != nil {
		t.Fatalf("events %v", evs)
	}
}

// Thunderstomp (8th edition): after every other blow a monster in base
// contact with infantry inflicts D6 automatic hits at its Strength.
func TestThunderstompAfterEveryBlow(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "dread-beast", 1, 1, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 10, 5, [2]float64{24, 15}, 270, nil)})
	if evs := charge(t, s, "hold", []int{1, 1}, 6, 6); !has(evs, "charged") { // the Terror test holds
		t.Fatalf("the charge failed: %v", evs)
	}
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	src := script(t, ones(80)...)
	out, err := s.Apply("blue", Fight{Unit: "u"}, src.src)
	if err != nil {
		t.Fatal(err)
	}
	last := ""
	for _, e := range out {
		if ev := e.(*Event); ev.What == "fought" {
			last = ev.Text
		}
	}
	if !strings.Contains(last, "u-1 stomps on target: 1 automatic hits (Stomp, Thunderstomp)") {
		t.Fatalf("the last blow %q should be the Thunderstomp", last)
	}
}

// Fast Cavalry (8th edition): a unit of fast cavalry reforms for free: it
// may still move and shoot afterwards, but reforms once.
func TestFastCavalryFreeReform(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "rider", 5, 5, [2]float64{24, 10}, 90, nil)}, target())
	withRules(s, "rider", RuleFastCavalry)
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", Reform{Unit: "u", Files: 5, Facing: 180})
	if re := refused(t, s, "blue", Reform{Unit: "u", Files: 5, Facing: 90}, CodeMove); re.Rule != ruleFastCavalry {
		t.Fatalf("a second reform refused citing %q", re.Rule)
	}
	apply(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 2}}})
	if u := s.unit("u"); u.Flags.Reformed || !u.Flags.Moved {
		t.Fatalf("flags %+v: the free reform leaves the unit free to move and shoot", u.Flags)
	}
	// Without the rule a reform ends the unit's move.
	s = battle(t, nil, []map[string]any{unitSpecOf("u", "rider", 5, 5, [2]float64{24, 10}, 90, nil)}, target())
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", Reform{Unit: "u", Files: 5, Facing: 180})
	refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 2}}}, CodeMove)
}

// Always Strikes First with the higher Initiative re-rolls its misses;
// with the lower it does not.
func TestAlwaysStrikesFirstRerollsAgainstLowerInitiative(t *testing.T) {
	for _, tc := range []struct {
		asf    string
		reroll bool
	}{{"swordsman", true}, {"spearman", false}} {
		s := pair(t, "swordsman", "spearman", 5, 5)
		withRules(s, tc.asf, RuleASF)
		apply(t, s, "blue", EndMovement{})
		apply(t, s, "blue", EndShooting{})
		src := script(t, ones(40)...)
		out, err := s.Apply("blue", Fight{Unit: "u"}, src.src)
		if err != nil {
			t.Fatal(err)
		}
		first := out[0].(*Event)
		if got := strings.Contains(first.Text, "misses re-rolled, Always Strikes First"); got != tc.reroll || (len(first.Dice) == 10) != tc.reroll {
			t.Fatalf("%s with ASF: %q (%d dice), re-roll %v", tc.asf, first.Text, len(first.Dice), tc.reroll)
		}
	}
}

// Scaly Skin (8th edition): a natural armour save that adds to worn
// armour.
func TestScalySkinAddsToArmour(t *testing.T) {
	for _, tc := range []struct{ save, scaly, want int }{
		{0, 5, 5}, {6, 5, 4}, {4, 6, 3}, {2, 4, 1}, {5, 0, 5},
	} {
		if got := armour(Profile{Save: tc.save, ScalySkin: tc.scaly}); got != tc.want {
			t.Fatalf("save %d, scaly skin %d: %d+, want %d+", tc.save, tc.scaly, got, tc.want)
		}
	}
}

// Skirmishers (8th edition, as played): they see all round — they shoot
// and charge an enemy behind them, turning to face it — are −1 to be shot
// at, and have no ranks.
func TestSkirmishers(t *testing.T) {
	// Blue's scouts face north; red stands south of them.
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "scout", 10, 5, [2]float64{24, 20}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 14}, 90, nil)})
	if s.rankBonus(s.unit("u")) != 0 || s.ranks(s.unit("u")) != 1 {
		t.Fatal("skirmishers have no ranks")
	}
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	apply(t, s, "red", React{Reaction: "hold"})
	apply(t, s, "blue", EndCharges{})
	if evs := apply(t, s, "blue", ChargeMove{Unit: "u"}, 6, 6); !has(evs, "charged") || !s.unit("u").engaged() {
		t.Fatalf("the scouts should turn and charge: %v", evs)
	}
	// Spearmen behind a non-skirmishing unit cannot be charged.
	s2 := battle(t, nil, []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 20}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 14}, 90, nil)})
	refused(t, s2, "blue", DeclareCharge{Unit: "u", Target: "target"}, CodeCharge)
	// Shooting at skirmishers: −1.
	s = battle(t, nil, []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "scout", 5, 5, [2]float64{24, 20}, 270, nil)})
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", EndMovement{})
	evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, ones(10)...)
	if got := text(evs, "shot"); !strings.Contains(got, "-1 skirmishers") {
		t.Fatalf("shot %q: -1 for skirmishers", got)
	}
}

// Bolt throwers (8th edition): the bolt strikes the front rank and, each
// time it slays a model, the next rank at 1 less Strength; it stops at a
// rank it slays no one in.
func TestBoltThrowerPiercesRanks(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "bolt-thrower", 1, 1, [2]float64{24, 6}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 20}, 270, nil)})
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", EndMovement{})
	// A hit (6); rank 1 at S6: wounded (6), no save; rank 2 at S5:
	// wounded (6), no save; rank 3 at S4: not wounded (1): it stops.
	evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, 6, 6, 6, 1)
	if n := len(s.unit("target").Models); n != 13 {
		t.Fatalf("%d spearmen left, want 13: %v", n, evs)
	}
	var strikes []string
	for _, e := range evs {
		if e.What == "hits" {
			strikes = append(strikes, e.Text)
		}
	}
	if len(strikes) != 3 || !strings.Contains(strikes[2], "rank 3 of target at S4") {
		t.Fatalf("strikes %q", strikes)
	}
}

// Cannons (8th edition): the ball lands the artillery die beyond the mark
// and bounces the artillery die on; every model on its path is hit at
// S10 with Multiple Wounds (D6). A misfire on the first die rolls on the
// misfire chart.
func TestCannonBallLandsAndBounces(t *testing.T) {
	setup := func() *State {
		s := battle(t, nil, []map[string]any{unitSpecOf("u", "cannon", 1, 1, [2]float64{24, 6}, 90, nil)},
			[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 20}, 270, nil)})
		apply(t, s, "blue", EndCharges{})
		apply(t, s, "blue", EndMovement{})
		return s
	}
	s := setup()
	mark := geom.Pt(24, 20.5)
	refused(t, s, "blue", Shoot{Unit: "u", Target: "target"}, CodeShoot) // a mark is needed
	// Lands 2" beyond (1), at y 22.5 in the third rank's middle file;
	// bounces 4" (2), out of the unit: one model hit, wounded (6), no
	// save, D6 wounds (4) on its 1.
	evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target", At: &mark}, 1, 2, 6, 4)
	if n := len(s.unit("target").Models); n != 14 || !strings.Contains(text(evs, "scatter"), `lands 2" beyond the mark and bounces 4"`) {
		t.Fatalf("%d spearmen left, events %v", n, evs)
	}
	s = setup()
	evs = apply(t, s, "blue", Shoot{Unit: "u", Target: "target", At: &mark}, 6, 5)
	if !has(evs, "misfire") || len(s.unit("target").Models) != 15 {
		t.Fatalf("a misfire: %v", evs)
	}
}

// Cannons: grapeshot (8th edition): at a unit within 8", the artillery
// die's number of hits at S4 with Armour Piercing; the menu offers it.
func TestCannonGrapeshot(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "cannon", 1, 1, [2]float64{24, 8}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 15}, 270, nil)})
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", EndMovement{})
	legal, _ := legalOptions(s, "blue")
	if !hasAction(legal, Shoot{Unit: "u", Target: "target", Grapeshot: true}) {
		t.Fatalf("the menu lacks grapeshot: %v", legal)
	}
	// 2 hits (1); S4 wounds T3 on 3+ (6, 6); the 5+ save, 6+ at S4, is
	// gone with Armour Piercing.
	evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target", Grapeshot: true}, 1, 6, 6)
	if n := len(s.unit("target").Models); n != 13 {
		t.Fatalf("%d spearmen left, want 13: %v", n, evs)
	}
	s = battle(t, nil, []map[string]any{unitSpecOf("u", "cannon", 1, 1, [2]float64{24, 4}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 15}, 270, nil)})
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", EndMovement{})
	refused(t, s, "blue", Shoot{Unit: "u", Target: "target", Grapeshot: true}, CodeShoot) // 11" away
}
