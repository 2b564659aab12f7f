package infinity

import (
	"fmt"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// flamerYAML: blue's assault trooper (Heavy Flamethrower, a large Direct
// Template) against red's zhanshi, and optionally a blue ally.
func flamerYAML(zh string, ally string) string {
	allyLine, allyID := "", ""
	if ally != "" {
		allyLine = fmt.Sprintf("      - {id: ally, profile: line-trooper, models: [{id: ally, %s}]}\n", ally)
		allyID = ", ally"
	}
	return fmt.Sprintf(`name: flamer
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: assault, profile: assault, lieutenant: true, models: [{id: assault, at: [10, 4], facing: 90}]}
%s    combat-groups: [{name: "1", troopers: [assault%s]}]
  - seat: red
    troopers:
      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, %s}]}
    combat-groups: [{name: "1", troopers: [zhanshi]}]
initiative: blue
rounds: 2
`, allyLine, allyID, zh)
}

var flame = Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: "heavy-flamethrower"}

// Seed 003: "If the user is not making a Face to Face Roll (for example if
// they ... have been affected by a Direct Template Weapon), they will
// instead make a Normal PH Roll"; a success avoids the template (the N4 core rules
// Direct Template Weapons (N4)) and allows the 2" move.
func TestDodgeDirectTemplate(t *testing.T) {
	st := setup(t, flamerYAML("at: [10, 10], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 6)
	r := rolledBy(ev)
	if z := r["zhanshi"]; z.Roll != "normal" || z.SV.Value != 10 {
		t.Fatalf("zhanshi %+v", z)
	}
	if _, ok := r["assault"]; ok {
		t.Fatal("a Direct Template makes no attack roll")
	}
	if st.Troopers[1].Wounds != 1 || st.Order == nil || st.Order.Step != StepDodgeMove {
		t.Fatalf("the Dodge avoids the template and gives the move: %+v", st.Troopers[1])
	}
}

// Direct Template Weapons (N4) and Ammunition (N4): a failed Dodge leaves the trooper under the
// template: the automatic hit forces its Saving Rolls (the flamethrower's
// Continuous Damage re-rolls each failure).
func TestTemplateHitsWithoutRoll(t *testing.T) {
	st := setup(t, flamerYAML("at: [10, 10], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	// Dodge 15 fails; the save rolls 3 (fails), the continuous re-roll 2
	// (fails again: Dead), and no more dice are taken.
	do(t, st, rules.ChanceSeat, Resolve{}, 15, 3, 2)
	if z := st.Troopers[1]; !z.States.Dead {
		t.Fatalf("zhanshi %+v", z)
	}
}

// Seed 003: "If Dodging a Template Weapon without LoF to the attacker, the
// Trooper's Roll suffers a -3 PH MOD"; with the active trooper also in ZoC
// and out of LoF, two circumstances hold: one -3 under dodge-mods: single,
// -6 under stack.
func TestDodgeTemplateWithoutLoF(t *testing.T) {
	for _, tc := range []struct {
		ruling string
		sv     int
	}{{"single", 7}, {"stack", 4}} {
		st := setup(t, flamerYAML("at: [10, 10], facing: 90", ""), map[string]string{"dodge-mods": tc.ruling})
		do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame})
		refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "assault"}}}}, rules.CodeIllegal, "no Line of Fire")
		do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
		do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
		ev := do(t, st, rules.ChanceSeat, Resolve{}, 1)
		if sv := rolledBy(ev)["zhanshi"].SV; sv.Value != tc.sv {
			t.Errorf("dodge-mods %s: SV %s, want %d", tc.ruling, sv, tc.sv)
		}
	}
}

// Seed 003: "Troopers can only Dodge if ... They are affected by a Template
// Weapon": outside LoF and ZoC, the template alone lets the trooper Dodge,
// and only Dodge or Reset.
func TestTemplateAloneAllowsDodge(t *testing.T) {
	st := setup(t, flamerYAML("at: [10, 13.5], facing: 90", ""), nil)
	do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame})
	if st.Order.Step != StepARO1 {
		t.Fatalf("the affected trooper may react: step %s", st.Order.Step)
	}
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillCCAttack, Target: "assault"}}}}, rules.CodeIllegal, "may only Dodge or Reset")
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
}

// Direct Template Weapons (N4): a template placement cannot include the attacker's own
// troopers.
func TestTemplateCannotTouchAllies(t *testing.T) {
	st := setup(t, flamerYAML("at: [10, 10], facing: 270", "at: [10, 7], facing: 90"), nil)
	refused(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame}, rules.CodeIllegal, "a trooper of your own")
}
