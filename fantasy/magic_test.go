package fantasy

import (
	"math/big"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// magicTable is blue's battle wizard (level 2) alone at the bottom of the
// table facing up, red's spearmen 10" ahead of him and red's hedge witch
// (level 1) away on the right; blue to play, in its Movement phase.
func magicTable(t testing.TB, rulings map[string]string, blue, red []map[string]any) *State {
	t.Helper()
	if blue == nil {
		blue = []map[string]any{unitSpecOf("blue-wizard", "battle-wizard", 1, 1, [2]float64{24, 10}, 90, nil)}
	}
	if red == nil {
		red = []map[string]any{
			unitSpecOf("spears", "spearman", 10, 5, [2]float64{24, 21}, 270, nil),
			unitSpecOf("red-witch", "hedge-witch", 1, 1, [2]float64{44, 40}, 270, nil),
		}
	}
	s := battle(t, rulings, blue, red)
	apply(t, s, "blue", EndCharges{})
	if s.Phase != PhaseRemaining {
		t.Fatalf("phase %s after the charges", s.Phase)
	}
	return s
}

// toMagic ends blue's Movement phase with the Winds of Magic w1, w2 and
// the channelling dice (blue's wizards, then red's).
func toMagic(t testing.TB, s *State, dice ...int) []Event {
	t.Helper()
	return apply(t, s, "blue", EndMovement{}, dice...)
}

func lastEvent(t testing.TB, evs []Event, what string) Event {
	t.Helper()
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].What == what {
			return evs[i]
		}
	}
	t.Fatalf("no %s event in %v", what, evs)
	return Event{}
}

// Winds of Magic and Channelling (8th edition): 2D6, the total is the
// power pool and the higher die the dispel pool; each wizard's 6 on his
// channelling die adds one to his side's pool; no pool holds more than 12.
func TestWindsOfMagicAndChannelling(t *testing.T) {
	for _, tc := range []struct {
		name          string
		dice          []int // winds, blue's channelling, red's
		power, dispel int
	}{
		{"a 3 and a 5", []int{3, 5, 1, 1}, 8, 5},
		{"a double 1", []int{1, 1, 2, 2}, 2, 1},
		{"blue channels", []int{2, 4, 6, 3}, 7, 4},
		{"red channels", []int{2, 4, 5, 6}, 6, 5},
		{"both channel", []int{6, 5, 6, 6}, 12, 7},
		{"the pool holds 12", []int{6, 6, 6, 6}, 12, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := magicTable(t, nil, nil, nil)
			evs := toMagic(t, s, tc.dice...)
			if s.Phase != PhaseMagic || s.Magic == nil {
				t.Fatalf("phase %s, magic %v", s.Phase, s.Magic)
			}
			if s.Magic.Power != tc.power || s.Magic.Dispel != tc.dispel {
				t.Fatalf("power %d, dispel %d; want %d, %d", s.Magic.Power, s.Magic.Dispel, tc.power, tc.dispel)
			}
			if e := lastEvent(t, evs, "winds"); !strings.Contains(e.Text, ruleWinds) {
				t.Fatalf("winds event %q cites no rule", e.Text)
			}
			if n := len(eventsOf(evs, "channel")); n != 2 {
				t.Fatalf("%d channel events, want one for each wizard", n)
			}
		})
	}
}

func eventsOf(evs []Event, what string) []Event {
	var out []Event
	for _, e := range evs {
		if e.What == what {
			out = append(out, e)
		}
	}
	return out
}

// The Magic phase: a player with no wizard on the table has none; the
// Movement phase ends in the Shooting phase and no die is rolled.
func TestMagicPhaseNeedsAWizard(t *testing.T) {
	s := magicTable(t, nil, []map[string]any{unitSpecOf("archers", "bowman", 10, 5, [2]float64{24, 10}, 90, nil)}, nil)
	toMagic(t, s)
	if s.Phase != PhaseShooting || s.Magic != nil {
		t.Fatalf("phase %s, magic %v: want the Shooting phase, no pools", s.Phase, s.Magic)
	}
}

// Casting spells (8th edition): the dice plus the wizard's level must
// reach the casting value; two or more natural 1s fail; two or more
// natural 6s cast with irresistible force (no dispel, then a miscast);
// a cast spell waits for the other player's dispel when he has dice.
func TestCastingValue(t *testing.T) {
	for _, tc := range []struct {
		name  string
		spell string
		dice  []int
		what  string
		phase Phase
	}{
		{"5 + level 2 reaches 7", "leaden-limbs", []int{1, 4}, "cast", PhaseDispel},
		{"4 + level 2 is short of 7", "leaden-limbs", []int{1, 3}, "cast-failed", PhaseMagic},
		{"two 1s fail whatever the total", "ember-dart", []int{1, 1}, "cast-failed", PhaseMagic},
		{"two 6s are irresistible", "leaden-limbs", []int{6, 6, 5, 5}, "cast", PhaseMagic}, // 5+5: miscast 10, Lost focus
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := magicTable(t, nil, nil, nil)
			toMagic(t, s, 4, 5, 1, 1)
			evs := apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: tc.spell, Target: "spears", Dice: 2}, tc.dice...)
			if e := lastEvent(t, evs, tc.what); e.Model != "blue-wizard" {
				t.Fatalf("%s event %+v", tc.what, e)
			}
			if s.Phase != tc.phase {
				t.Fatalf("phase %s, want %s", s.Phase, tc.phase)
			}
			if s.Magic.Power != 7 {
				t.Fatalf("power %d: the two dice rolled are spent, cast or not", s.Magic.Power)
			}
			if tc.what == "cast-failed" {
				refused(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "bark-skin", Target: "blue-wizard", Dice: 2}, CodeMagic)
			}
		})
	}
}

// Irresistible force (8th edition): the spell takes effect at once (no
// dispel step), then the wizard rolls on the miscast table; he casts no
// more this phase.
func TestIrresistibleForce(t *testing.T) {
	s := magicTable(t, nil, nil, nil)
	toMagic(t, s, 4, 5, 1, 1)
	evs := apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 2}, 6, 6, 6, 5)
	if !s.under(s.unit("spears"), "leaden-limbs") {
		t.Fatal("the irresistible hex did not take hold")
	}
	if e := lastEvent(t, evs, "miscast"); !strings.Contains(e.Text, "Lost focus") {
		t.Fatalf("miscast %q: 6+5 is Lost focus", e.Text)
	}
	if s.Phase != PhaseMagic || s.Magic.Casting != nil || s.Magic.Backlash != nil {
		t.Fatalf("phase %s, casting %v, backlash %v", s.Phase, s.Magic.Casting, s.Magic.Backlash)
	}
	refused(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "bark-skin", Target: "blue-wizard", Dice: 2}, CodeMagic)
}

// Casting spells: how many dice. 8th edition: 1 to 6, from the pool;
// fantasy-casting-dice: level caps them at the level + 1 and adds no
// level. Each spell once a phase per wizard.
func TestCastingDice(t *testing.T) {
	s := magicTable(t, nil, nil, nil)
	toMagic(t, s, 6, 6, 1, 1)
	refused(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 7}, CodeMagic)
	refused(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 0}, CodeMagic)
	apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "bark-skin", Target: "blue-wizard", Dice: 6}, 1, 2, 3, 4, 5, 2)
	if s.Magic.Power != 6 {
		t.Fatalf("power %d after 6 of 12", s.Magic.Power)
	}
	apply(t, s, "red", NoDispel{})
	re := refused(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "bark-skin", Target: "blue-wizard", Dice: 2}, CodeMagic)
	if !strings.Contains(re.Error(), "once a phase") {
		t.Fatalf("a second attempt at the same spell: %v", re)
	}
	apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 5}, 1, 2, 1, 2, 1)
	refused(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "hailstorm", Target: "spears", Dice: 2}, CodeMagic) // the pool holds 1

	older := magicTable(t, map[string]string{"fantasy-casting-dice": "level"}, nil, nil)
	toMagic(t, older, 6, 6, 1, 1)
	re = refused(t, older, "blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 4}, CodeMagic)
	if !strings.Contains(re.Error(), "1 to 3") {
		t.Fatalf("a level 2 wizard under fantasy-casting-dice: level: %v", re)
	}
	evs := apply(t, older, "blue", Cast{Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 3}, 1, 2, 3)
	if e := lastEvent(t, evs, "cast-failed"); e.Value != 6 {
		t.Fatalf("casting result %v: 6, the level not added", e.Value)
	}
}

// Dispelling spells (8th edition): the dispel dice plus the named wizard's
// level, equal to or above the casting result; two 6s dispel whatever the
// total; two 1s fail; without a wizard, the dice alone.
func TestDispelling(t *testing.T) {
	for _, tc := range []struct {
		name     string
		dispel   Dispel
		dice     []int
		dispeled bool
	}{
		{"9 + level 1 reaches 10", Dispel{Dice: 2, Wizard: "red-witch"}, []int{4, 5}, true},
		{"9 alone is short of 10", Dispel{Dice: 2}, []int{4, 5}, false},
		{"two 6s dispel", Dispel{Dice: 2}, []int{6, 6}, true},
		{"two 1s fail", Dispel{Dice: 3, Wizard: "red-witch"}, []int{1, 1, 6}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := magicTable(t, nil, nil, nil)
			toMagic(t, s, 4, 5, 1, 1)
			apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 2}, 3, 5) // 8 + 2 = 10
			if s.Phase != PhaseDispel || s.Prompt().Seats[0] != "red" {
				t.Fatalf("phase %s, prompt %+v: red dispels", s.Phase, s.Prompt())
			}
			refused(t, s, "blue", NoDispel{}, rules.CodeNotYourTurn)
			refused(t, s, "red", Dispel{Dice: 6}, CodeMagic) // the pool holds 5
			evs := apply(t, s, "red", tc.dispel, tc.dice...)
			if got := len(eventsOf(evs, "dispelled")) == 1; got != tc.dispeled {
				t.Fatalf("dispelled %v, want %v: %v", got, tc.dispeled, evs)
			}
			if s.under(s.unit("spears"), "leaden-limbs") == tc.dispeled {
				t.Fatal("the hex holds exactly when it was not dispelled")
			}
			if s.Magic.Dispel != 5-tc.dispel.Dice || s.Phase != PhaseMagic {
				t.Fatalf("dispel pool %d, phase %s", s.Magic.Dispel, s.Phase)
			}
		})
	}
}

// A spell cast against an empty dispel pool takes effect at once.
func TestNoDispelDiceNoDispelStep(t *testing.T) {
	s := magicTable(t, nil, nil, nil)
	toMagic(t, s, 4, 5, 1, 1)
	apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 2}, 3, 5)
	apply(t, s, "red", Dispel{Dice: 5}, 1, 1, 2, 2, 2)
	s.Magic.Tried = nil // the same hex again, for the test's sake
	s.Spells = nil
	evs := apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 2}, 3, 5)
	if s.Phase != PhaseMagic || !s.under(s.unit("spears"), "leaden-limbs") {
		t.Fatalf("phase %s: with no dispel dice the spell holds at once (%v)", s.Phase, evs)
	}
}

// Ember Dart (the lore's magic missile): D6 Strength 4 hits on an enemy
// unit in sight within 18", not in close combat.
func TestMagicMissile(t *testing.T) {
	s := magicTable(t, nil, nil, nil)
	toMagic(t, s, 4, 5, 1, 1)
	apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 2}, 3, 5)
	// 4 hits; S4 against T3 wounds on 3+; spearmen save 6+ (a shield:
	// 5+, worsened to 6+); three of ten slain, a Panic test passed (1, 2).
	evs := apply(t, s, "red", NoDispel{}, 4, 6, 6, 6, 1, 1, 1, 1, 1, 2)
	if e := lastEvent(t, evs, "spell"); e.Value != 4 {
		t.Fatalf("spell %+v", e)
	}
	if got := len(s.unit("spears").Models); got >= 10 {
		t.Fatalf("%d spearmen left after the dart", got)
	}
	far := magicTable(t, nil, nil, []map[string]any{unitSpecOf("spears", "spearman", 10, 5, [2]float64{24, 31}, 270, nil)})
	toMagic(t, far, 4, 5, 1)
	re := refused(t, far, "blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 2}, CodeMagic)
	if !strings.Contains(re.Error(), "beyond the 18\"") {
		t.Fatalf("out of range: %v", re)
	}
	refused(t, far, "blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "blue-wizard", Dice: 2}, CodeMagic)
}

// Bark Skin (the lore's augment) remains in play: +1 Toughness until it is
// dispelled (the enemy's power dice, in his own Magic phase, against its
// casting value) or its caster is slain.
func TestAugmentRemainsInPlay(t *testing.T) {
	blue := []map[string]any{unitSpecOf("swords", "spearman", 10, 5, [2]float64{24, 10}, 90, chars("blue-wizard", "battle-wizard"))}
	red := []map[string]any{unitSpecOf("red-wizard", "battle-wizard", 1, 1, [2]float64{24, 20}, 270, nil)}
	s := magicTable(t, nil, blue, red)
	toMagic(t, s, 4, 5, 1, 1)
	apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "bark-skin", Target: "swords", Dice: 2}, 3, 5)
	apply(t, s, "red", NoDispel{})
	u := s.unit("swords")
	if p := s.rf(u); s.toughness(u, &p) != 4 {
		t.Fatalf("toughness %d under Bark Skin, want 4", s.toughness(u, &p))
	}
	apply(t, s, "blue", EndMagic{})
	if s.Magic != nil {
		t.Fatal("the pools outlive the phase")
	}
	apply(t, s, "blue", EndShooting{})
	apply(t, s, "blue", EndTurn{})
	apply(t, s, "red", EndCharges{})
	toMagic2 := func(dice ...int) { apply(t, s, "red", EndMovement{}, dice...) }
	toMagic2(3, 3, 1, 1)
	if !s.under(u, "bark-skin") {
		t.Fatal("Bark Skin ended at the turn's end: it remains in play")
	}
	refused(t, s, "red", DispelInPlay{Spell: "bark-skin", Target: "swords", Dice: 2, Wizard: "blue-wizard"}, CodeNoSuchID)
	evs := apply(t, s, "red", DispelInPlay{Spell: "bark-skin", Target: "swords", Dice: 2, Wizard: "red-wizard"}, 2, 2) // 4 + 2 = 6
	if lastEvent(t, evs, "dispelled").Model != "red-wizard" || s.under(u, "bark-skin") || s.Magic.Power != 4 {
		t.Fatalf("Bark Skin still holds after 6 against its casting value 6; power %d", s.Magic.Power)
	}
}

// Leaden Limbs (the lore's hex): the unit's Movement halved, rounding up,
// until the start of the caster's next turn.
func TestHexLastsOneTurn(t *testing.T) {
	s := magicTable(t, nil, nil, nil)
	toMagic(t, s, 4, 5, 1, 1)
	apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 2}, 3, 5)
	apply(t, s, "red", NoDispel{})
	sp := s.unit("spears")
	if m := s.slowestM(sp); m != 2 {
		t.Fatalf("M %d under Leaden Limbs, want 2 (4 halved)", m)
	}
	apply(t, s, "blue", EndMagic{})
	apply(t, s, "blue", EndShooting{})
	apply(t, s, "blue", EndTurn{})
	if m := s.slowestM(sp); m != 2 {
		t.Fatalf("M %d in red's turn, want 2", m)
	}
	apply(t, s, "red", EndCharges{})
	apply(t, s, "red", EndMovement{}, 1, 2, 1, 1)
	apply(t, s, "red", EndMagic{})
	apply(t, s, "red", EndShooting{})
	apply(t, s, "red", EndTurn{})
	if m := s.slowestM(sp); m != 4 {
		t.Fatalf("M %d in blue's next turn, want 4: the hex is over", m)
	}
}

// Hailstorm (the lore's direct damage): a Strength 4 hit on every model of
// the front rank.
func TestDirectDamage(t *testing.T) {
	s := magicTable(t, nil, nil, nil)
	toMagic(t, s, 4, 5, 1, 1)
	apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "hailstorm", Target: "spears", Dice: 2}, 3, 5) // 8 + 2 against 8
	evs := apply(t, s, "red", NoDispel{}, 1, 1, 1, 1, 1)
	if e := lastEvent(t, evs, "wounds"); !strings.Contains(e.Text, "5 hits at S4") {
		t.Fatalf("wounds %q: five front-rank models, five hits", e.Text)
	}
}

// Whirling Gale (the lore's vortex): the template travels twice the
// artillery die's inches towards its point and hits every model it passes
// over; a misfire collapses it on the wizard.
func TestVortex(t *testing.T) {
	s := magicTable(t, nil, nil, nil)
	toMagic(t, s, 6, 6, 1, 1)
	at := geom.Pt(24, 30)
	apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "whirling-gale", At: &at, Dice: 3}, 3, 4, 5) // 12 + 2
	// Artillery die 5: 10 × 2 = 20", through the spearmen: the 3"
	// template touches the middle three files of both ranks.
	evs := apply(t, s, "red", NoDispel{}, 5, 1, 1, 1, 1, 1, 1)
	if e := lastEvent(t, evs, "spell"); e.Value != 20 {
		t.Fatalf("spell %+v", e)
	}
	if e := lastEvent(t, evs, "wounds"); !strings.Contains(e.Text, "at S5") || e.Unit != "spears" {
		t.Fatalf("wounds %+v", e)
	}
	behind := geom.Pt(24, 2)
	s2 := magicTable(t, nil, nil, nil)
	toMagic(t, s2, 6, 6, 1, 1)
	refused(t, s2, "blue", Cast{Wizard: "blue-wizard", Spell: "whirling-gale", At: &behind, Dice: 3}, CodeMagic)
	refused(t, s2, "blue", Cast{Wizard: "blue-wizard", Spell: "whirling-gale", Target: "spears", Dice: 3}, rules.CodeBadAction)
	apply(t, s2, "blue", Cast{Wizard: "blue-wizard", Spell: "whirling-gale", At: &at, Dice: 3}, 3, 4, 5)
	// A misfire: the vortex collapses on the wizard: S5 on T3 wounds on 2+.
	evs = apply(t, s2, "red", NoDispel{}, 6, 6)
	if s2.unit("blue-wizard").Models[0].Wounds != 1 {
		t.Fatalf("the collapsed vortex: %v", evs)
	}
}

// Miscasts: 2D6 on the miscast table after a spell cast with irresistible
// force; each result as the table gives it.
func TestMiscastTable(t *testing.T) {
	for _, tc := range []struct {
		name  string
		dice  []int // the miscast's 2D6 and what follows
		check func(t *testing.T, s *State)
	}{
		{"2-4 Sundering: S10 under a 5\" template, no armour save", []int{1, 2, 6}, func(t *testing.T, s *State) {
			if s.unit("blue-wizard").Models[0].Wounds != 1 {
				t.Fatal("the wizard took no wound from a 6 to wound")
			}
		}},
		{"5-6 Backblast: S6 under a 3\" template", []int{2, 3, 1}, func(t *testing.T, s *State) {
			if s.unit("blue-wizard").Models[0].Wounds != 2 {
				t.Fatal("a failed wound roll took a wound")
			}
		}},
		{"7 Flare: a S6 hit and D6 power dice lost", []int{3, 4, 5, 1}, func(t *testing.T, s *State) {
			if s.Magic.Power != 3 || s.unit("blue-wizard").Models[0].Wounds != 2 {
				t.Fatalf("power %d (want 8-5), wounds %d", s.Magic.Power, s.unit("blue-wizard").Models[0].Wounds)
			}
		}},
		{"8-9 Drain: a Wizard level and every power die lost", []int{4, 4}, func(t *testing.T, s *State) {
			if s.Magic.Power != 0 || s.level(&s.unit("blue-wizard").Models[0]) != 1 {
				t.Fatal("the drain took nothing")
			}
		}},
		{"10-12 Lost focus", []int{5, 6}, func(t *testing.T, s *State) {
			if s.Magic.Power != 8 {
				t.Fatal("lost focus took power dice")
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := magicTable(t, nil, nil, nil)
			toMagic(t, s, 6, 4, 1, 1)
			evs := apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 2}, append([]int{6, 6}, tc.dice...)...)
			if e := lastEvent(t, evs, "miscast"); !strings.Contains(e.Text, ruleMiscast) {
				t.Fatalf("miscast %q", e.Text)
			}
			tc.check(t, s)
			if u := s.unit("blue-wizard"); u != nil {
				refused(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "bark-skin", Target: "blue-wizard", Dice: 1}, CodeMagic)
			}
		})
	}
}

// The Magic phase's menu: each spell at each target, greyed with the rule
// that refuses it; the dispel step offers each number of dice.
func TestMagicMenu(t *testing.T) {
	s := magicTable(t, nil, nil, nil)
	toMagic(t, s, 4, 5, 1, 1)
	legal, greyed := legalOptions(s, "blue")
	if !hasAction(legal, Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 1}) ||
		!hasAction(legal, EndMagic{}) || !hasAction(greyed, Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "red-witch", Dice: 1}) {
		t.Fatalf("menu: legal %v, greyed %v", legal, greyed)
	}
	if s.Legal("red") != nil {
		t.Fatal("red has a menu in blue's Magic phase")
	}
	apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 2}, 3, 5)
	legal, _ = legalOptions(s, "red")
	if len(legal) != 6 || !hasAction(legal, Dispel{Dice: 5, Wizard: "red-witch"}) || !hasAction(legal, NoDispel{}) {
		t.Fatalf("dispel menu %v", legal)
	}
}

// The power and dispel pools (Winds of Magic, Channelling): never
// negative, never above 12, and begun anew each Magic phase — the winds'
// total and the channelled 6s, whatever the phase before left — while no
// pool exists outside the phase. Random legal play of both sides' turns
// with random dice.
func TestMagicPoolsProperty(t *testing.T) {
	start := magicTable(t, nil, []map[string]any{
		unitSpecOf("swords", "spearman", 10, 5, [2]float64{20, 10}, 90, chars("blue-wizard", "battle-wizard")),
		unitSpecOf("blue-witch", "hedge-witch", 1, 1, [2]float64{34, 10}, 90, nil),
	}, nil)
	rapid.Check(t, func(t *rapid.T) {
		s := start.clone()
		src := dice.NewPCG(rapid.Uint64().Draw(t, "dice"), 7)
		steps := rapid.IntRange(10, 120).Draw(t, "steps")
		for range steps {
			p := s.Prompt()
			if p.Kind == rules.GameOver {
				return
			}
			var legal []rules.Action
			for _, o := range s.Legal(p.Seats[0]) {
				if o.Illegal == nil {
					legal = append(legal, o.Action)
				}
			}
			a := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "choice")]
			was := s.Phase
			evs, err := s.Apply(p.Seats[0], a, src)
			if err != nil {
				t.Fatalf("%s %+v: %v", p.Seats[0], a, err)
			}
			inMagic := s.Phase == PhaseMagic || s.Phase == PhaseDispel || s.Resume == PhaseMagic && (s.Phase == PhaseAllocate || s.Phase == PhaseMoveUp)
			if (s.Magic != nil) != inMagic {
				t.Fatalf("phase %s: pools %v", s.Phase, s.Magic)
			}
			if m := s.Magic; m != nil && (m.Power < 0 || m.Dispel < 0 || m.Power > maxPool || m.Dispel > maxPool) {
				t.Fatalf("pools power %d, dispel %d", m.Power, m.Dispel)
			}
			if was == PhaseRemaining && s.Phase == PhaseMagic {
				var w Event
				power, dispel := 0, 0
				for _, re := range evs {
					e := *re.(*Event)
					switch e.What {
					case "winds":
						w = e
						power, dispel = e.Dice[0]+e.Dice[1], max(e.Dice[0], e.Dice[1])
					case "channel":
						if e.Dice[0] == 6 && s.unitOf(e.Model).Seat == s.activeSeat() {
							power++
						} else if e.Dice[0] == 6 {
							dispel++
						}
					}
				}
				if w.What == "" || s.Magic.Power != min(power, maxPool) || s.Magic.Dispel != min(dispel, maxPool) || len(s.Magic.Tried) != 0 || len(s.Magic.Spent) != 0 {
					t.Fatalf("a new Magic phase: power %d, dispel %d, want %d, %d from %v", s.Magic.Power, s.Magic.Dispel, power, dispel, evs)
				}
			}
		}
	})
}

// BenchmarkMagicPhase plays one Magic phase from the end of the Movement
// phase: the Winds of Magic and channelling, Ember Dart cast and let
// through (its hits on ten spearmen rolled to wound and saved), Leaden
// Limbs cast and dispelled (or not), the phase closed, with seeded dice
// (target: under 50 µs).
func BenchmarkMagicPhase(b *testing.B) {
	s := magicTable(b, nil, nil, nil)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		st := s.clone()
		src := dice.NewPCG(uint64(i), 9)
		if _, err := st.Apply("blue", EndMovement{}, src); err != nil {
			b.Fatal(err)
		}
		for _, c := range []Cast{{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 2}, {Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 2}} {
			if st.Phase != PhaseMagic {
				break
			}
			// Ember Dart's casualties may have put the spears to flight
			// (Panic), out of Leaden Limbs' range: a cast the engine
			// refuses is not played.
			if _, err := st.checkCast(c); err != nil || slices.Contains(st.Magic.Spent, c.Wizard) {
				break
			}
			if _, err := st.Apply("blue", c, src); err != nil {
				b.Fatal(err)
			}
			if st.Phase == PhaseDispel {
				var a rules.Action = NoDispel{}
				if c.Spell == "leaden-limbs" {
					a = Dispel{Dice: min(2, st.Magic.Dispel), Wizard: "red-witch"}
				}
				if _, err := st.Apply("red", a, src); err != nil {
					b.Fatal(err)
				}
			}
		}
		if st.Phase == PhaseMagic {
			if _, err := st.Apply("blue", EndMagic{}, src); err != nil {
				b.Fatal(err)
			}
		}
		benchSink = st
	}
}

// The Magic phase's actions run on the state itself with dice that cannot
// fail, ending byte for byte where the copy Apply otherwise works on ends,
// with the same events; a refused one changes nothing either way.
func TestMagicInPlaceMatchesCopy(t *testing.T) {
	for seed := range uint64(20) {
		a, b := magicTable(t, nil, nil, nil), magicTable(t, nil, nil, nil)
		pa, pb := dice.NewPCG(seed, 5), dice.NewPCG(seed, 5)
		for _, step := range []struct {
			seat rules.Seat
			a    rules.Action
		}{
			{"blue", EndMovement{}},
			{"blue", Cast{Wizard: "blue-wizard", Spell: "hailstorm", Target: "spears", Dice: 3}},
			{"red", Dispel{Dice: 1, Wizard: "red-witch"}},
			{"blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 9}}, // refused
			{"blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 2}},
			{"red", NoDispel{}},
			{"blue", EndMagic{}},
		} {
			ea, erra := a.Apply(step.seat, step.a, pa)
			eb, errb := b.Apply(step.seat, step.a, fallible{pb})
			if (erra == nil) != (errb == nil) || mustJSON(t, a) != mustJSON(t, b) || mustJSON(t, ea) != mustJSON(t, eb) {
				t.Fatalf("seed %d, %s: in place and on a copy differ (%v, %v):\n%s\n%s", seed, step.a.Kind(), erra, errb, mustJSON(t, a), mustJSON(t, b))
			}
		}
	}
}

// The odds of a casting attempt from the menu (CastOdds) are the engine's
// own: every throw of the two power dice and of red's whole dispel pool
// (two dice, the hedge witch's level added), played through Apply, takes
// effect exactly as often as the odds say.
func TestCastOddsMatchTheEngine(t *testing.T) {
	s := magicTable(t, nil, nil, nil)
	toMagic(t, s, 1, 2, 1, 1) // 3 power dice, 2 dispel dice
	a := Cast{Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 2}
	odds, err := s.CastOdds("blue", a)
	if err != nil {
		t.Fatal(err)
	}
	took, all := int64(0), int64(0)
	for c := range 36 {
		for d := range 36 {
			st := s.clone()
			faces := []int{c/6 + 1, c%6 + 1}
			if faces[0] == 6 && faces[1] == 6 {
				faces = append(faces, 4, 4) // the miscast: Drain
			}
			apply(t, st, "blue", a, faces...)
			if st.Phase == PhaseDispel {
				apply(t, st, "red", Dispel{Dice: 2, Wizard: "red-witch"}, d/6+1, d%6+1)
			}
			all++
			if st.under(st.unit("spears"), "leaden-limbs") {
				took++
			}
		}
	}
	if odds.TakesEffect.Cmp(big.NewRat(took, all)) != 0 {
		t.Fatalf("CastOdds says %v takes effect, the engine %d/%d", odds.TakesEffect, took, all)
	}
	if _, err := s.CastOdds("blue", Cast{Wizard: "blue-wizard", Spell: "leaden-limbs", Target: "spears", Dice: 4}); err == nil {
		t.Fatal("odds of an attempt the pool cannot pay for")
	}
	if _, err := s.CastOdds("red", a); err == nil {
		t.Fatal("odds of blue's attempt for red")
	}
}

// Casting spells: whom a spell may be cast at, each refusal naming its
// rule — a magic missile and direct damage at an enemy unit the wizard
// sees, within range, not in close combat; a hex at an enemy unit, an
// augment at a friendly one; a wizard in close combat casts only on his
// own unit, a fleeing one not at all; the same spell holds once on a unit.
func TestCastingTargets(t *testing.T) {
	blue := []map[string]any{
		unitSpecOf("swords", "spearman", 10, 5, [2]float64{14, 10}, 90, chars("blue-wizard", "battle-wizard")),
		unitSpecOf("archers", "bowman", 5, 5, [2]float64{34, 10}, 90, nil),
	}
	red := []map[string]any{
		unitSpecOf("spears", "spearman", 10, 5, [2]float64{14, 21}, 270, nil),
		unitSpecOf("hidden", "spearman", 5, 5, [2]float64{26, 19}, 270, nil),
		unitSpecOf("red-witch", "hedge-witch", 1, 1, [2]float64{44, 40}, 270, nil),
	}
	for _, tc := range []struct {
		name  string
		setup func(s *State)
		cast  Cast
		code  rules.Code
		says  string
	}{
		{"a magic missile at a friend", nil, Cast{Spell: "ember-dart", Target: "archers"}, CodeMagic, "enemy unit"},
		{"an augment at an enemy", nil, Cast{Spell: "bark-skin", Target: "spears"}, CodeMagic, "friendly unit"},
		{"a hex out of range", nil, Cast{Spell: "leaden-limbs", Target: "red-witch"}, CodeMagic, "beyond the 18\""},
		{"a magic missile unseen", func(s *State) {
			s.Terrain = append(s.Terrain, Piece{Name: "the rock", Kind: Impassable, Polygon: []geom.Point{{X: 18, Y: 16}, {X: 34, Y: 16}, {X: 34, Y: 17}, {X: 18, Y: 17}}})
		}, Cast{Spell: "ember-dart", Target: "hidden"}, CodeMagic, "cannot see"},
		{"a magic missile into close combat", func(s *State) {
			s.unit("spears").Engage = []string{"archers"}
			s.unit("archers").Engage = []string{"spears"}
		}, Cast{Spell: "ember-dart", Target: "spears"}, CodeMagic, "close combat"},
		{"a wizard in close combat, beyond his unit", func(s *State) {
			s.unit("swords").Engage = []string{"hidden"}
			s.unit("hidden").Engage = []string{"swords"}
		}, Cast{Spell: "bark-skin", Target: "archers"}, CodeMagic, "only on his own unit"},
		{"a fleeing wizard", func(s *State) { s.unit("swords").Flags.Fleeing = true }, Cast{Spell: "bark-skin", Target: "swords"}, CodeMagic, "fleeing"},
		{"a hex twice on a unit", func(s *State) {
			s.Spells = []InPlay{{Spell: "leaden-limbs", Wizard: "red-witch", Seat: "red", Target: "spears", Result: 9, Until: s.Turn + 2}}
		}, Cast{Spell: "leaden-limbs", Target: "spears"}, CodeMagic, "already under"},
		{"no such spell", nil, Cast{Spell: "fireball", Target: "spears"}, rules.CodeBadAction, "ember-dart, bark-skin"},
		{"no wizard", nil, Cast{Wizard: "swords-1", Spell: "ember-dart", Target: "spears"}, CodeMagic, "no wizard"},
		{"the enemy's wizard", nil, Cast{Wizard: "red-witch", Spell: "ember-dart", Target: "archers"}, CodeNoSuchID, "none of blue's"},
		{"a vortex at a unit", nil, Cast{Spell: "whirling-gale", Target: "spears"}, rules.CodeBadAction, "point"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := magicTable(t, nil, blue, red)
			toMagic(t, s, 4, 5, 1, 1)
			if tc.setup != nil {
				tc.setup(s)
			}
			if tc.cast.Wizard == "" {
				tc.cast.Wizard = "blue-wizard"
			}
			tc.cast.Dice = 2
			re := refused(t, s, "blue", tc.cast, tc.code)
			if !strings.Contains(re.Error(), tc.says) {
				t.Fatalf("refusal %q does not say %q", re.Error(), tc.says)
			}
			// The menu offers each spell at the units of the side it is
			// cast at, a vortex at points, a fleeing wizard nothing.
			if sp := spellOf(tc.cast.Spell); tc.cast.Wizard != "blue-wizard" || sp == nil || sp.Kind == Vortex ||
				(s.unit(tc.cast.Target).Seat == "blue") != (sp.Kind == Augment) || s.unit("swords").Flags.Fleeing {
				return
			}
			_, greyed := legalOptions(s, "blue")
			if !slices.ContainsFunc(greyed, func(a rules.Action) bool {
				c, ok := a.(Cast)
				return ok && c.Wizard == tc.cast.Wizard && c.Spell == tc.cast.Spell && c.Target == tc.cast.Target
			}) {
				t.Fatalf("the menu does not grey %+v out", tc.cast)
			}
		})
	}
}

// Panic (heavy casualties): a unit that loses a quarter of its models to
// spells in the Magic phase tests, and fails fleeing from the wizard.
func TestMagicHeavyCasualtiesPanic(t *testing.T) {
	red := []map[string]any{unitSpecOf("spears", "spearman", 8, 4, [2]float64{24, 21}, 270, nil)}
	s := magicTable(t, nil, nil, red)
	toMagic(t, s, 4, 5, 1)
	apply(t, s, "blue", Cast{Wizard: "blue-wizard", Spell: "ember-dart", Target: "spears", Dice: 2}, 3, 5)
	// 2 hits, both wound (6, 6), both saves fail (1, 1): 2 of 8 slain;
	// Panic 6, 6 against Ld 7 fails; flight 3, 3.
	evs := apply(t, s, "red", NoDispel{}, 2, 6, 6, 1, 1, 6, 6, 3, 3)
	e := lastEvent(t, evs, "panic-test")
	if !strings.Contains(e.Text, "heavy casualties, blue-wizard") || !s.unit("spears").Flags.Fleeing {
		t.Fatalf("panic %q; fleeing %v", e.Text, s.unit("spears").Flags.Fleeing)
	}
}
