package infinity

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Dodge (N4) worked example, through `ordo play`'s runner: the Fusilier's SV
// 15 (BS 12, +3 range) against the Zhanshi's PH 10; the Zhanshi's 8 wins;
// he moves into contact and both are Engaged.
func TestDodgeSeedExample(t *testing.T) {
	var out strings.Builder
	sc := load(t, "../data/scenarios/seed/dodge-fusilier.yaml")
	if err := play.Run(ruleset(t), sc, &out, play.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, line := range []string{
		"fusilier BS Attack (Face to Face Roll): SV BS 12 +3 Range",
		"= 15, dice 3x 16- 18- vs zhanshi -> 0 hits",
		"zhanshi Dodge (Face to Face Roll): SV PH 10 = 10, dice 8 vs fusilier -> success",
		"zhanshi moves (dodge)",
		"fusilier enters Engaged", "zhanshi enters Engaged",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("no %q in\n%s", line, out.String())
		}
	}
}

// Dodge (N4), "Troopers can only Dodge if ... they are the Active Trooper /
// in the Reactive Turn, they have a valid ARO".
func TestDodgeWhoMayDodge(t *testing.T) {
	// The zhanshi faces away and stands 12" off: neither LoF nor ZoC, no ARO.
	st := setup(t, duelYAML("at: [4, 4], facing: 0", "at: [20, 20], facing: 45", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillDodge}})
	if st.Order.Step != StepSecond {
		t.Fatalf("the active trooper's Dodge was not accepted: step %s", st.Order.Step)
	}
	// The zhanshi had no valid ARO: no window opened, he cannot Dodge.
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}}, rules.CodeNotYourTurn, "may not act now")
	// With LoF he may.
	st = setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 16], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 6})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
}

// Dodge (N4): "If the user is not making a Face to Face Roll (for example if
// they have not been Attacked ...), they will instead make a Normal PH Roll"
// — and a success still lets them move 2".
func TestDodgeNormalRollWhenNotAttacked(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 16], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 6})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 9)
	r := rolledBy(ev)["zhanshi"]
	if r.Roll != "normal" || r.SV.Value != 10 || r.Hits != 1 {
		t.Fatalf("roll %+v", r)
	}
	if st.Order == nil || st.Order.Step != StepDodgeMove {
		t.Fatal("a successful Normal Dodge gives the 2\" move")
	}
}

// Dodge (N4): the Face to Face Roll "pits the user's PH Attribute against
// whichever Attribute the attacker uses ... regardless of the Burst": one
// Dodge die against all three of a Combi Rifle's.
func TestDodgeFaceToFaceAgainstWholeBurst(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 12], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 2, 5, 7, 9)
	r := rolledBy(ev)
	if r["fusilier"].Roll != "face-to-face" || len(r["fusilier"].Dice) != 3 || r["fusilier"].Hits != 0 {
		t.Fatalf("fusilier %+v", r["fusilier"])
	}
	if r["zhanshi"].SV.Attribute != "PH" || r["zhanshi"].Hits != 1 || r["zhanshi"].Against != "fusilier" {
		t.Fatalf("zhanshi %+v", r["zhanshi"])
	}
	if st.Troopers[1].Wounds != 1 {
		t.Fatal("a winning Dodge avoids every shot")
	}
}

// Dodge (N4): a failed Dodge lets the attack through and gives no move.
func TestDodgeFailedTakesTheHits(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 12], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	// 14 beats the Dodge's 3; the save (ARM 1 vs DAM 13: fails on 12 or
	// less) rolls 5: the zhanshi goes Unconscious at exactly 0 W.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 14, 20, 20, 3, 5)
	if z := st.Troopers[1]; z.Wounds != 0 || !z.States.Unconscious {
		t.Fatalf("zhanshi %+v (events %v)", z, ev)
	}
	if st.Order != nil {
		t.Fatal("a failed Dodge has no movement step")
	}
}

// Dodge (N4): the Dodge movement "is measured, declared, and the Trooper
// moved, during the Effects step ... the Active Player will move their
// Troopers first", "does not generate AROs", "must follow the General
// Movement Rules".
func TestDodgeMovementRules(t *testing.T) {
	newState := func() *State {
		st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 12], facing: 270", ""), nil)
		do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillDodge}})
		do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
		do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
		do(t, st, rules.ChanceSeat, Resolve{}, 4, 6)
		return st
	}
	st := newState()
	if !slices.Equal(st.Order.Dodgers, []int{0, 1}) || !st.Prompt().Waits("blue") {
		t.Fatalf("dodgers %v, prompt %+v: the active player moves first", st.Order.Dodgers, st.Prompt())
	}
	refused(t, st, "blue", DodgeMove{Trooper: "fusilier", To: [2]float64{10, 7}}, rules.CodeIllegal, "up to 2\"")
	refused(t, st, "blue", DodgeMove{Trooper: "zhanshi", Stay: true}, rules.CodeIllegal, "fusilier moves now")
	refused(t, st, "red", DodgeMove{Trooper: "zhanshi", Stay: true}, rules.CodeNotYourTurn, "may not act now")
	refused(t, st, "blue", DodgeMove{Trooper: "fusilier", To: [2]float64{11, 5}, Facing: math.NaN()}, rules.CodeBadAction, "facing")
	do(t, st, "blue", DodgeMove{Trooper: "fusilier", To: [2]float64{11, 5}, Facing: 45})
	do(t, st, "red", DodgeMove{Trooper: "zhanshi", Stay: true})
	if st.Order != nil || st.Prompt().Window != "orders" {
		t.Fatalf("a Dodge movement generates no ARO: prompt %+v", st.Prompt())
	}
	if st.Models[0].At != [2]float64{11, 5} || st.Models[0].Facing != 45 {
		t.Fatalf("fusilier at %v facing %v", st.Models[0].At, st.Models[0].Facing)
	}
}

// Dodge (N4): "A successful Normal or Face to Face Dodge Roll allows the user
// to cancel their Engaged State and IMM-A State, applying any State-specific
// MODs" (IMM-A: PH -6, Immobilized-A (N4)).
func TestDodgeCancelsEngagedAndIMMA(t *testing.T) {
	contact := fmt.Sprintf("at: [10, %v], facing: 270", 4+0.98425197)
	st := setup(t, duelYAML("at: [10, 4], facing: 90", contact, ""), nil)
	if !st.Troopers[0].States.Engaged || !st.Troopers[1].States.Engaged {
		t.Fatal("models deployed in contact start Engaged")
	}
	// The zhanshi is IMM-A (a PARA hit): IMM-A troopers keep no enemy
	// Engaged (Engaged (N4)).
	st.Troopers[1].States.ImmA = true
	st.updateEngaged("PARA")
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 2)
	z := rolledBy(ev)["zhanshi"]
	if z.SV.Value != 4 || z.SV.Mods[0].Name != "IMM-A" {
		t.Fatalf("IMM-A Dodge at PH -6: %+v", z.SV)
	}
	if st.Troopers[1].States.ImmA {
		t.Fatal("a successful Dodge cancels IMM-A")
	}
	do(t, st, "red", DodgeMove{Trooper: "zhanshi", To: [2]float64{10, 6.9}, Facing: 270})
	if st.Troopers[0].States.Engaged || st.Troopers[1].States.Engaged {
		t.Fatal("leaving contact with the Dodge cancels Engaged")
	}
}

// Dodge (N4): "In ARO, if the Active Trooper is inside ZoC and outside LoF,
// the Reactive Trooper's Roll suffers a -3 PH MOD."
func TestDodgeZoCWithoutLoF(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 10], facing: 90", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{12, 6})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 5)
	if sv := rolledBy(ev)["zhanshi"].SV; sv.Value != 7 || sv.Mods[0].Name != "ARO in ZoC without LoF" {
		t.Fatalf("SV %+v", sv)
	}
	// LoF counts at any point of the Order: a second Move that walks into
	// the zhanshi's arc after it declared its Dodge takes the -3 away.
	st = setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 10], facing: 90", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{12, 7})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: move([2]float64{12, 11})})
	ev = do(t, st, rules.ChanceSeat, Resolve{}, 5)
	if sv := rolledBy(ev)["zhanshi"].SV; sv.Value != 10 || len(sv.Mods) != 0 {
		t.Fatalf("in LoF during the second Move: SV %+v, want PH 10 unmodified", sv)
	}
	// zoc-aro (N4 errata 1.1.1, default any-valid): still no BS Attack
	// without LoF; under dodge-reset-only only Dodge.
	st = setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 10], facing: 90", ""), map[string]string{"zoc-aro": "dodge-reset-only"})
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{12, 6})})
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillCCAttack, Target: "fusilier"}}}}, rules.CodeIllegal, "only Dodge or Reset")
}

// Dodge (N4): "Even if several of these circumstances apply, only one -3 MOD
// is applied" (dodge-mods: single, the default) against the Mine example's
// -6 (dodge-mods: stack): PH 10 succeeds on 7 or less, or on 4 or less.
func TestDodgeModsRuling(t *testing.T) {
	tests := []struct {
		ruling string
		flags  [3]bool
		sv     int
	}{
		{"single", [3]bool{false, true, true}, 7},
		{"stack", [3]bool{false, true, true}, 4},
		{"single", [3]bool{true, true, true}, 7},
		{"stack", [3]bool{true, true, true}, 1},
		{"single", [3]bool{true, false, false}, 7},
		{"stack", [3]bool{false, false, true}, 7},
		{"single", [3]bool{}, 10},
	}
	for _, tt := range tests {
		sv := dice.NewSuccessValue("PH", 10, dodgeMods(tt.ruling, tt.flags[0], tt.flags[1], tt.flags[2])...)
		if sv.Value != tt.sv {
			t.Errorf("%s %v: SV %d, want %d", tt.ruling, tt.flags, sv.Value, tt.sv)
		}
	}
}

// Skill categories (N4): Short Skill + Short Skill is refused with the reason; a
// Move may follow a BS Attack.
func TestSkillCombinations(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 16], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
	do(t, st, "red", AROs{})
	refused(t, st, "blue", Second{Skill: Skill{Name: SkillDodge}}, rules.CodeIllegal, "two Short Skills")
	do(t, st, "blue", Second{Skill: move([2]float64{12, 4})})
}

// Refusals change nothing (all or nothing).
func TestRefusalLeavesStateUnchanged(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 16], facing: 270", ""), nil)
	before, _ := json.Marshal(st)
	_, err := st.Apply("blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 20})}, dice.NewPCG(1, 1))
	if !errors.Is(err, &rules.RuleError{Code: rules.CodeIllegal}) {
		t.Fatalf("err %v", err)
	}
	if after, _ := json.Marshal(st); string(before) != string(after) {
		t.Fatal("state changed")
	}
}

// Issue #4 acceptance: the README's small scenario, with one position
// changed, gives a different result.
func TestReadmeScenarioChangesWithPosition(t *testing.T) {
	data, err := os.ReadFile("../data/scenarios/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	run := func(yaml string) string {
		rs := ruleset(t)
		sc, err := scenario.Parse("duel.yaml", []byte(yaml), scenario.Options{Catalog: rs.Catalog})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if err := play.Run(rs, sc, &out, play.Options{}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	near := run(string(data))
	far := run(strings.Replace(string(data), "at: [10, 14]", "at: [10, 30]", 1))
	if !strings.Contains(near, "zhanshi loses 1 point of W/STR, 0 left: Unconscious") || !strings.Contains(near, "SV BS 12 +3 Range = 15") {
		t.Fatalf("as shipped:\n%s", near)
	}
	if !strings.Contains(far, "SV BS 12 -3 Range = 9") || !strings.Contains(far, "waiting for red (dodge-move)") {
		t.Fatalf("moved back:\n%s", far)
	}
}

// Dodge (N4), the Mine example (data/scenarios/seed/dodge-mine.yaml): the
// Dodge beats the Fusilier but the Mine hits under dodge-mods: stack
// (success only on 4 or less); under the default single the Dodge against
// the Mine succeeds on 7 or less; a failed Dodge against the Mine cancels
// the 2" move.
func TestDodgeSeedMine(t *testing.T) {
	var out strings.Builder
	sc := load(t, "../data/scenarios/seed/dodge-mine.yaml")
	if err := play.Run(ruleset(t), sc, &out, play.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "SV PH 10 -3 Template without LoF -3 Deployable Weapon = 4, dice 8- vs blue-antipersonnel-mine-1 -> failure") {
		t.Fatalf("log:\n%s", out.String())
	}
	data, err := os.ReadFile("../data/scenarios/seed/dodge-mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		ruling string
		die    int
		moves  bool // the Dodge succeeded against both: the 2" move follows
		sv     int
	}{
		{"stack", 4, true, 4},
		{"stack", 5, false, 4},
		{"single", 7, true, 7},
		{"single", 8, false, 7},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.ruling, tt.die), func(t *testing.T) {
			st := setup(t, strings.Replace(string(data), "dodge-mods: stack", "dodge-mods: "+tt.ruling, 1), map[string]string{"dodge-mods": tt.ruling})
			do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 11})})
			do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
			faces := []int{3, 16, 18, tt.die}
			if !tt.moves {
				faces = append(faces, 15) // the Mine's Saving Roll
			}
			ev := do(t, st, rules.ChanceSeat, Resolve{}, faces...)
			var mine *Rolled
			for _, e := range ev {
				if r, ok := e.(Rolled); ok && r.Against == "blue-antipersonnel-mine-1" {
					mine = &r
				}
			}
			if mine == nil || mine.SV.Value != tt.sv {
				t.Fatalf("Dodge against the Mine: %+v", mine)
			}
			moving := st.Order != nil && st.Order.Step == StepDodgeMove
			if moving != tt.moves {
				t.Fatalf("Dodge movement %v, want %v", moving, tt.moves)
			}
		})
	}
}

// Dodge (N4): "Dodge does not allow the user to evade Hacking Programs and
// other Comms Attacks, but the Reset Skill does" (and Reset (N4): Reset
// is Face to Face against every Comms Attack). Pairing is decided by
// opposes; no skill of the engine makes a Comms Attack yet, so the rule is
// checked on the rolls themselves.
func TestDodgeNotAgainstHacking(t *testing.T) {
	hack := &roller{trooper: 0, target: 1, active: true, skill: Skill{Name: SkillBSAttack}, comms: true}
	shot := &roller{trooper: 0, target: 1, active: true, skill: Skill{Name: SkillBSAttack}}
	dodge := &roller{trooper: 1, skill: Skill{Name: SkillDodge}}
	reset := &roller{trooper: 1, skill: Skill{Name: SkillReset}}
	if opposes(hack, dodge) {
		t.Error("a Dodge opposes a Comms Attack")
	}
	if !opposes(hack, reset) {
		t.Error("a Reset does not oppose a Comms Attack")
	}
	if !opposes(shot, dodge) || opposes(shot, reset) {
		t.Error("against a shot: Dodge yes, Reset no")
	}
}

// Dodge (N4): one Dodge against "shots from several opponents": the active
// trooper's single roll is compared with each attacking ARO and succeeds
// only if it wins every comparison; the log names the attack it lost to.
func TestActiveDodgeAgainstSeveralAROs(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 12], facing: 270", "      - {id: line, profile: line-trooper, models: [{id: line, at: [14, 12], facing: 270}]}\n"), nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillDodge}})
	do(t, st, "red", AROs{Declarations: []ARODecl{
		{Trooper: "line", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}},
		{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}},
	}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	// The Dodge rolls 5: it beats the line trooper's 3, loses to the
	// zhanshi's 9. The save (20) holds.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 5, 3, 9, 20)
	r := rolledBy(ev)
	if d := r["fusilier"]; d.Roll != "face-to-face" || d.Against != "zhanshi" || d.Hits != 0 {
		t.Fatalf("the Dodge %+v: want it reported lost against the zhanshi", d)
	}
	if r["line"].Hits != 0 || r["zhanshi"].Hits != 1 {
		t.Fatalf("line %+v, zhanshi %+v: the Dodge stops the line trooper's shot only", r["line"], r["zhanshi"])
	}
	if st.Order != nil && st.Order.Step == StepDodgeMove {
		t.Fatal("a Dodge that loses one comparison gives no move")
	}
}
