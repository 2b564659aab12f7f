package infinity

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
)

// Reset (N4) and the Dodge (N4) FAQ: Reset is a WIP roll whose MODs stack
// (Targeted -3, IMM-B -3, Isolated -9) and whose success cancels those
// states; IMM-B troopers may only Reset (Immobilized-B (N4)).
func TestReset(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [20, 20], facing: 0", ""), nil)
	f := &st.Troopers[0].States
	f.Targeted, f.ImmB = true, true
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 6})}, rules.CodeIllegal, "IMM-B: it may only Reset")
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillReset}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 7)
	r := rolledBy(ev)["fusilier"]
	if r.SV.Attribute != "WIP" || r.SV.Value != 13-6 || r.Roll != "normal" {
		t.Fatalf("Reset SV %+v", r.SV)
	}
	if f := st.Troopers[0].States; f.Targeted || f.ImmB {
		t.Fatalf("a successful Reset cancels Targeted and IMM-B: %+v", f)
	}
	// Isolated: -9, stacking with the others up to the MOD cap of -12
	// (Success Value and MODs (N4)); a successful Reset cancels it too.
	for _, tc := range []struct {
		targeted, immB bool
		want           int
	}{{false, false, 13 - 9}, {true, true, 13 - 12}} {
		st.Troopers[0].States = States{Isolated: true, Targeted: tc.targeted, ImmB: tc.immB}
		r := roller{trooper: 0, skill: Skill{Name: SkillReset}}
		st.buildSV(&r)
		if r.sv.Value != tc.want || !slices.Contains(r.sv.Mods, dice.Mod{Name: "Isolated", Value: -9}) {
			t.Errorf("Isolated Reset (Targeted %v, IMM-B %v): SV %+v, want %d", tc.targeted, tc.immB, r.sv, tc.want)
		}
	}
	st.reset(0)
	if f := st.Troopers[0].States; f.Isolated || f.Targeted || f.ImmB {
		t.Fatalf("a successful Reset cancels Isolated: %+v", f)
	}
}

// CC Attack (N4): a CC Attack on an Unconscious trooper kills it with no roll
// (Coup de Grâce).
func TestCoupDeGrace(t *testing.T) {
	contact := fmt.Sprintf("at: [10, %v], facing: 270", 4+0.98425197)
	st := setup(t, duelYAML("at: [10, 4], facing: 90", contact, ""), nil)
	st.Troopers[1].States = States{Unconscious: true}
	st.Troopers[1].Wounds = 0
	st.updateEngaged("test")
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillCCAttack, Target: "zhanshi"}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{})
	if !st.Troopers[1].States.Dead || !st.Models[1].Removed {
		t.Fatalf("zhanshi %+v, events %v", st.Troopers[1], ev)
	}
	if len(rolledBy(ev)) != 0 {
		t.Fatal("Coup de Grâce rolls nothing")
	}
}

// Engaged (N4) and Stunned (N4): an Engaged trooper may only CC Attack, Dodge,
// Idle or Reset; a Stunned one may not Attack.
func TestStateRestrictions(t *testing.T) {
	contact := fmt.Sprintf("at: [10, %v], facing: 270", 4+0.98425197)
	st := setup(t, duelYAML("at: [10, 4], facing: 90", contact, ""), nil)
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}}, rules.CodeIllegal, "Engaged")
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{12, 4})}, rules.CodeIllegal, "Engaged")
	st.Troopers[0].States.Stunned = true
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillCCAttack, Target: "zhanshi"}}, rules.CodeIllegal, "Stunned")
}

// BS Attack (N4): a BS Attack needs Line of Fire at declaration; out of range
// at Resolution it becomes Idle (Order Expenditure Sequence (N4) step 5).
func TestBSAttackRequirements(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 270", "at: [10, 16], facing: 270", ""), nil)
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}}, rules.CodeIllegal, "no Line of Fire")
	// A pistol (bands to 16", illustrative) at about 30": out of range.
	st = setup(t, duelYAML("at: [1, 1], facing: 45", "at: [23, 23], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: "pistol"}})
	do(t, st, "red", AROs{})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{})
	idle := false
	for _, e := range ev {
		_, ok := e.(BecameIdle)
		idle = idle || ok
	}
	if !idle {
		t.Fatalf("an out-of-range attack becomes Idle: %v", ev)
	}
}

// Face to Face Rolls (N4): shooting each other is Face to Face; a reactive trooper
// shooting an active trooper that is not attacking it rolls a Normal Roll,
// B1 in ARO (BS Attack (N4)).
func TestShootingRolls(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	// Fusilier 4, 9, 15 (SV 12, -3 band at 8-16? combi +3: SV 15); zhanshi 11.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 4, 9, 15, 11, 20, 20)
	r := rolledBy(ev)
	if r["fusilier"].Roll != "face-to-face" || r["zhanshi"].Roll != "face-to-face" || len(r["zhanshi"].Dice) != 1 {
		t.Fatalf("rolls %+v", r)
	}
	if r["fusilier"].Crits != 1 || r["zhanshi"].Hits != 0 {
		t.Fatalf("the 15 is a Critical at SV 15 and cancels the 11: %+v", r)
	}
	// The crit forces two saves (criticals: n4-extra-save): 20, 20 pass.
	if st.Troopers[1].Wounds != 1 {
		t.Fatalf("zhanshi wounds %d", st.Troopers[1].Wounds)
	}

	st = setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 6})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev = do(t, st, rules.ChanceSeat, Resolve{}, 5, 2)
	if z := rolledBy(ev)["zhanshi"]; z.Roll != "normal" || z.Hits != 1 {
		t.Fatalf("zhanshi %+v", z)
	}
	if st.Troopers[0].Wounds != 0 || !st.Troopers[0].States.Unconscious {
		t.Fatalf("fusilier %+v", st.Troopers[0])
	}
}

// Face to Face Rolls (N4) (multiple opponents) and BS Attack (N4): the active trooper splits its
// Burst between targets at declaration; each target rolls Face to Face only
// against the dice assigned to it, and one that does not oppose faces a
// Normal Roll. The split must use the full Burst (errata 1.3) and an ARO
// cannot split.
func TestSplitBurst(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", "      - {id: line, profile: line-trooper, models: [{id: line, at: [14, 14], facing: 270}]}\n"), nil)
	split := Skill{Name: SkillBSAttack, Split: []BurstShare{{Target: "zhanshi", Dice: 2}, {Target: "line", Dice: 1}}}
	bad := split
	bad.Split = []BurstShare{{Target: "zhanshi", Dice: 1}, {Target: "line", Dice: 1}}
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: bad}, rules.CodeIllegal, "assigns 2 dice of a Burst of 3")
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: split})
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Split: []BurstShare{{Target: "fusilier", Dice: 1}}}}}}, rules.CodeIllegal, "B1")
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	// Shares in order: zhanshi's two dice, the line trooper's one, then the
	// zhanshi's ARO die; all miss.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 18, 19, 20, 20)
	var fus []Rolled
	for _, e := range ev {
		if r, ok := e.(Rolled); ok && r.Trooper == "fusilier" {
			fus = append(fus, r)
		}
	}
	if len(fus) != 2 || len(fus[0].Dice) != 2 || fus[0].Roll != "face-to-face" || len(fus[1].Dice) != 1 || fus[1].Roll != "normal" {
		t.Fatalf("shares %+v", fus)
	}
}

// Face to Face Rolls (N4) (multiple opponents) with a split Burst, dice
// forced: the fusilier (BS SV 15) splits B3, two dice at the zhanshi and one
// at the line trooper, and both answer with a BS Attack at it (SV 14). Each
// target's die faces only the dice aimed at it: a higher die aimed at the
// other target neither cancels it nor is cancelled by it; and it cancels
// only the dice it beats (equal results cancel each other, a Critical beats
// any result, two Criticals cancel). Each pair is compared once and both
// sides read that one comparison: the outcomes below must agree pairwise.
func TestSplitBurstFaceToFace(t *testing.T) {
	type hc struct{ hits, crits int }
	tests := []struct {
		name string
		// fus are the fusilier's dice (two at the zhanshi, one at the line
		// trooper), zh and ln the AROs' dice.
		fus    [3]int
		zh, ln int
		want   map[string]hc // "fusilier>zhanshi", "fusilier>line", "zhanshi", "line"
	}{
		{"a higher die aimed at the other target does not cancel the zhanshi's", [3]int{3, 4, 13}, 10, 20,
			map[string]hc{"fusilier>zhanshi": {}, "fusilier>line": {1, 0}, "zhanshi": {1, 0}, "line": {}}},
		{"the zhanshi's die cancels only the die it beats", [3]int{12, 5, 2}, 9, 7,
			map[string]hc{"fusilier>zhanshi": {1, 0}, "fusilier>line": {}, "zhanshi": {}, "line": {1, 0}}},
		{"Criticals cancel each other; the same face is a Critical only at its own SV", [3]int{15, 1, 14}, 14, 14,
			map[string]hc{"fusilier>zhanshi": {}, "fusilier>line": {}, "zhanshi": {}, "line": {0, 1}}},
		{"equal results cancel; failures cancel nothing", [3]int{18, 19, 6}, 17, 6,
			map[string]hc{"fusilier>zhanshi": {}, "fusilier>line": {}, "zhanshi": {}, "line": {}}},
		{"both targets lose to the dice aimed at them", [3]int{11, 13, 8}, 12, 4,
			map[string]hc{"fusilier>zhanshi": {1, 0}, "fusilier>line": {1, 0}, "zhanshi": {}, "line": {}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", "      - {id: line, profile: line-trooper, models: [{id: line, at: [14, 14], facing: 270}]}\n"), nil)
			split := Skill{Name: SkillBSAttack, Split: []BurstShare{{Target: "zhanshi", Dice: 2}, {Target: "line", Dice: 1}}}
			do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: split})
			do(t, st, "red", AROs{Declarations: []ARODecl{
				{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}},
				{Trooper: "line", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}},
			}})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			// Each hit is one Saving Roll, each Critical two
			// (criticals: n4-extra-save); a 20 passes them all.
			faces := []int{tc.fus[0], tc.fus[1], tc.fus[2], tc.zh, tc.ln}
			saves := map[string]int{}
			for k, w := range tc.want {
				target := map[string]string{"fusilier>zhanshi": "zhanshi", "fusilier>line": "line", "zhanshi": "fusilier", "line": "fusilier"}[k]
				saves[target] += w.hits + 2*w.crits
				for range w.hits + 2*w.crits {
					faces = append(faces, 20)
				}
			}
			ev := do(t, st, rules.ChanceSeat, Resolve{}, faces...)
			got := map[string]hc{}
			saved := map[string]int{}
			for _, e := range ev {
				switch e := e.(type) {
				case Rolled:
					k := e.Trooper
					if e.Trooper == "fusilier" {
						k += ">" + e.Against
					} else if e.Against != "fusilier" {
						t.Errorf("%s's roll is against %q, want the fusilier", e.Trooper, e.Against)
					}
					if e.Roll != "face-to-face" {
						t.Errorf("%s: a %s roll, want face-to-face", k, e.Roll)
					}
					if _, dup := got[k]; dup {
						t.Errorf("%s rolled twice", k)
					}
					got[k] = hc{e.Hits, e.Crits}
				case Saved:
					saved[e.Trooper] += len(e.Faces)
				}
			}
			for k, w := range tc.want {
				if got[k] != w {
					t.Errorf("%s: %d hits, %d Criticals survive; want %d, %d", k, got[k].hits, got[k].crits, w.hits, w.crits)
				}
			}
			for _, who := range []string{"fusilier", "zhanshi", "line"} {
				if saved[who] != saves[who] {
					t.Errorf("%s makes %d Saving Rolls, want %d", who, saved[who], saves[who])
				}
			}
		})
	}
}

// docs/RULES.md (rulings) burst-active: under full (errata 1.3) the active trooper rolls
// its whole Burst; under may-reduce it may roll fewer.
func TestBurstActiveRuling(t *testing.T) {
	k := Skill{Name: SkillBSAttack, Target: "zhanshi", Burst: 1}
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: k}, rules.CodeIllegal, "full Burst")
	st = setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), map[string]string{"burst-active": "may-reduce"})
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: k})
	do(t, st, "red", AROs{})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 20)
	if r := rolledBy(ev)["fusilier"]; len(r.Dice) != 1 {
		t.Fatalf("one die: %+v", r)
	}
}

// Skill categories (N4) and BS Attack (N4): a BS Attack then a Move happen together; the shot
// may be taken from any one point of the route, and its range is measured
// from there.
func TestAttackFromLaterMove(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 22], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
	do(t, st, "red", AROs{})
	bad := 5
	refused(t, st, "blue", Second{Skill: move([2]float64{10, 8}), AttackFrom: &bad}, rules.CodeBadAction, "the path has points 0..1")
	end := 1
	do(t, st, "blue", Second{Skill: move([2]float64{10, 8}), AttackFrom: &end})
	for st.Order.Step == StepARO2 {
		do(t, st, "red", AROs{})
	}
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 20, 20, 20)
	if sv := rolledBy(ev)["fusilier"].SV; sv.Value != 15 {
		t.Fatalf("from (10, 8) the range band is 8-16 (+3): %s", sv)
	}
}

// Targeted (N4): a Forward Observer hit (a BS Weapon rolling WIP) puts the
// target in Targeted State instead of forcing a Saving Roll; a BS Attack on
// a Targeted trooper gains +3; a Reset at -3 cancels it.
func TestTargetedByForwardObserver(t *testing.T) {
	y := strings.Replace(duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), "profile: fusilier", "profile: forward-observer", 1)
	st := setup(t, y, nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: "forward-observer"}})
	do(t, st, "red", AROs{})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 5, 20)
	if r := rolledBy(ev)["fusilier"]; r.SV.Attribute != "WIP" {
		t.Fatalf("Forward Observer rolls WIP: %s", r.SV)
	}
	if !st.Troopers[1].States.Targeted || st.Troopers[1].Wounds != 1 {
		t.Fatalf("zhanshi %+v", st.Troopers[1])
	}
	for st.Order != nil {
		switch st.Order.Step {
		case StepGuts:
			do(t, st, rules.ChanceSeat, Guts{}, 1)
		case StepGutsMove:
			do(t, st, "red", GutsMove{Trooper: "zhanshi", Stay: true})
		case StepAlert:
			do(t, st, st.Prompt().Seats[0], Alert{})
		}
	}
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderLieutenant, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
	do(t, st, "red", AROs{})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev = do(t, st, rules.ChanceSeat, Resolve{}, 20, 20, 20)
	if sv := rolledBy(ev)["fusilier"].SV; !strings.Contains(sv.String(), "+3 Targeted") {
		t.Fatalf("no +3 Targeted: %s", sv)
	}
}

// Stunned (N4): Stunned puts -3 on every roll but a Saving Roll — the
// Dodge, Reset, Combat Jump and Discover rolls alike (one stateMods).
func TestStunnedMinusThreeOnEveryRoll(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	for _, k := range []SkillName{SkillDodge, SkillReset, SkillCombatJump, SkillDiscover} {
		r := roller{trooper: 0, skill: Skill{Name: k}, target: 1, from: st.Models[0].At}
		st.Troopers[0].States.Stunned = false
		st.buildSV(&r)
		plain := r.sv.Value
		st.Troopers[0].States.Stunned = true
		st.buildSV(&r)
		if r.sv.Value != plain-3 || !slices.Contains(r.sv.Mods, dice.Mod{Name: "Stunned", Value: -3}) {
			t.Errorf("%s: SV %d Stunned, %d not (%v)", k, r.sv.Value, plain, r.sv.Mods)
		}
	}
}

// Move (N4): a Move may not leave the table, pass through another
// model's base or enter Impassable terrain; the refusal names the leg and
// what is in the way in the table's own names.
func TestMoveRefusalsSayWhere(t *testing.T) {
	y := duelYAML("at: [10, 4], facing: 90", "at: [10, 7], facing: 270", "")
	y = strings.Replace(y, "sides:", `terrain:
  - {name: crate, polygon: [[11, 3], [13, 3], [13, 5], [11, 5]], impassable: true}
  - {polygon: [[7, 3], [9, 3], [9, 5], [7, 5]], impassable: true}
sides:`, 1)
	for _, tc := range []struct {
		name  string
		route [][2]float64
		want  string
	}{
		{"through a base", [][2]float64{{10, 8}}, `leg 1 of the route passes through the base of red-zhanshi-1`},
		{"off the table", [][2]float64{{10, 3.5}, {10, 1.5}, {10, 0.2}}, `leg 3 of the route leaves the table`},
		{"named scenery", [][2]float64{{12, 4}}, `leg 1 of the route enters impassable terrain crate`},
		{"unnamed scenery", [][2]float64{{8, 4}}, `leg 1 of the route enters impassable terrain #2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, y, nil)
			refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillMove, Route: tc.route}}, rules.CodeIllegal, tc.want)
		})
	}
}

// Order Expenditure Sequence (N4) step 2.1: the troopers eligible in the second ARO window are
// found over the whole path. eligible keeps its scans of the first window
// and scans only what the second skill added; in random games of the demo
// that must give exactly what a fresh scan of the whole path gives. Ten
// games by default (about forty second windows), forty with ORDO_LONG=1.
func TestEligibleKeptScansMatchFreshScans(t *testing.T) {
	rs := ruleset(t)
	sc := load(t, "../data/scenarios/demo.yaml")
	r, err := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	if err != nil {
		t.Fatal(err)
	}
	windows := 0
	games := testenv.Count(10, 40)
	for seed := uint64(1); seed <= uint64(games); seed++ {
		g, err := rs.Setup(sc, r)
		if err != nil {
			t.Fatal(err)
		}
		playRandomly(t, g, seed, func(g rules.State) {
			st := g.(*State)
			if o := st.Order; o != nil && o.Step == StepARO2 {
				windows++
				fresh := st.clone() // a clone starts without kept scans
				if got, want := o.Eligible, fresh.widenForJumpers(fresh.eligible(nil)); !slices.EqualFunc(got, want, func(a, b eligibility) bool { return reflect.DeepEqual(a, b) }) {
					t.Fatalf("seed %d: second window eligibility %+v, a fresh scan gives %+v", seed, got, want)
				}
			}
		})
	}
	// The seeds open about four a game (41 in the default ten, 160 in
	// forty): half that is the floor, so that a change opening far fewer
	// shows.
	if windows < 2*games {
		t.Fatalf("only %d second ARO windows opened in %d games: the test saw too little", windows, games)
	}
}

// Common Skills (N4): each skill takes its own parameters; one it does not take is
// refused rather than ignored, in an Order and in an ARO.
func TestSkillsRefuseStrayFields(t *testing.T) {
	from := 0
	for _, tc := range []struct {
		skill Skill
		want  string
	}{
		{Skill{Name: SkillDodge, Route: [][2]float64{{10, 6}}}, "dodge takes no route"},
		{Skill{Name: SkillIdle, Target: "zhanshi"}, "idle takes no target"},
		{Skill{Name: SkillMove, Route: [][2]float64{{10, 6}}, Target: "zhanshi"}, "move takes no target"},
		{Skill{Name: SkillCCAttack, Target: "zhanshi", Split: []BurstShare{{Target: "zhanshi", Dice: 1}}}, "cc-attack takes no split"},
		{Skill{Name: SkillDiscover, Target: "zhanshi", Weapon: "combi-rifle"}, "discover takes no weapon"},
		{Skill{Name: SkillReset, From: &from}, "reset takes no from"},
		{Skill{Name: SkillSuppressiveFire, Burst: 2}, "suppressive-fire takes no burst"},
	} {
		st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
		refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: tc.skill}, rules.CodeBadAction, tc.want)
	}
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 6})})
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge, Target: "fusilier"}}}}, rules.CodeBadAction, "dodge takes no target")
}

// Engaged (N4): contact with an enemy makes both Engaged only while
// neither is Null nor Immobilized — and IMM-1 (Hacking (N3), no Attacks,
// no movement) is an Immobilized state like IMM-A and IMM-B.
func TestNotEngagedWithImmobilized(t *testing.T) {
	contact := fmt.Sprintf("at: [10, %v], facing: 270", 4+0.98425197)
	for _, imm := range []string{"IMM-A", "IMM-B", "IMM-1"} {
		st := setup(t, duelYAML("at: [10, 4], facing: 90", contact, ""), nil)
		if !st.Troopers[0].States.Engaged {
			t.Fatal("models deployed in contact start Engaged")
		}
		switch zs := &st.Troopers[1].States; imm {
		case "IMM-A":
			zs.ImmA = true
		case "IMM-B":
			zs.ImmB = true
		case "IMM-1":
			zs.Imm1 = true
		}
		st.updateEngaged("test")
		if st.Troopers[0].States.Engaged || st.Troopers[1].States.Engaged {
			t.Fatalf("%s: contact with an Immobilized enemy is not Engaged", imm)
		}
	}
}

// Common Skills (N4): each skill takes exactly the parameters its entry of
// skillTable lists. A skill carrying one parameter is refused for it
// exactly when the skill does not take it, and one carrying several is
// refused for the first, in the order of Skill's fields, that it does not
// take.
func TestStrayFieldFollowsSkillTable(t *testing.T) {
	from, pt := 0, [2]float64{1, 1}
	with := func(p param) Skill {
		var k Skill
		switch p {
		case paramRoute:
			k.Route = [][2]float64{{1, 1}}
		case paramTarget:
			k.Target = "x"
		case paramWeapon:
			k.Weapon = "x"
		case paramAmmo:
			k.Ammo = "x"
		case paramFrom:
			k.From = &from
		case paramSplit:
			k.Split = []BurstShare{{Target: "x", Dice: 1}}
		case paramBurst:
			k.Burst = 1
		case paramProgram:
			k.Program = "x"
		case paramGuided:
			k.Guided = true
		case paramPoint:
			k.Point = &pt
		default:
			t.Fatalf("no field for %s", p)
		}
		return k
	}
	for _, f := range skillTable {
		for _, p := range paramOrder {
			k := with(p)
			k.Name = f.name
			want := string(p)
			if slices.Contains(f.params, p) {
				want = ""
			}
			if got := k.strayField(); got != want {
				t.Errorf("%s with a %s: stray %q, want %q", f.name, p, got, want)
			}
		}
		// Everything at once: the first field it does not take.
		all := Skill{Name: f.name, Route: [][2]float64{{1, 1}}, Target: "x", Weapon: "x", Ammo: "x", From: &from,
			Split: []BurstShare{{Target: "x", Dice: 1}}, Burst: 1, Program: "x", Guided: true, Point: &pt}
		want := ""
		for _, p := range paramOrder {
			if !slices.Contains(f.params, p) {
				want = string(p)
				break
			}
		}
		if got := all.strayField(); got != want {
			t.Errorf("%s with every field: stray %q, want %q", f.name, got, want)
		}
	}
	if got := (&Skill{Name: "no-such-skill", Target: "x"}).strayField(); got != string(paramTarget) {
		t.Errorf("an unknown skill takes nothing: stray %q", got)
	}
}
