package infinity

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// Reset (N4) against two programs (Hacking (N3)): the active trooper's one
// Reset is Face to Face with each hacking ARO against it and succeeds only
// if it wins every comparison. Beating Gotcha! but losing to Carbonite, it
// cancels nothing: the IMM-1 Carbonite causes stays (it is not entered and
// then left "(successful Reset)" in the same Order).
func TestResetAgainstTwoPrograms(t *testing.T) {
	st := setup(t, hackYAML([]string{"gunner hmg 10 16 90"}, []string{"breacher assault-hacker 10 10 270", "intruder assault-hacker 14 12 270"}), nil)
	do(t, st, "blue", Activate{Trooper: "gunner", Order: OrderRegular, Skill: move([2]float64{10, 17})})
	do(t, st, "red", AROs{Declarations: []ARODecl{
		{Trooper: "breacher", Skill: hack("gotcha", "gunner")},
		{Trooper: "intruder", Skill: hack("carbonite", "gunner")},
	}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillReset}})
	if st.Order.Step == StepARO2 {
		do(t, st, "red", AROs{})
	}
	// Reset WIP 13: 10. Gotcha! WIP 14, B1 in ARO: 5 (beaten). Carbonite
	// WIP 17, B1: 12 (wins). Carbonite's two BTS rolls at 13 - 3 = 10: 2
	// fails, 20 saves.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 10, 5, 12, 2, 20)
	for st.Order != nil {
		p := st.Prompt()
		switch st.Order.Step {
		case StepGutsMove:
			do(t, st, p.Seats[0], GutsMove{Trooper: "gunner", Stay: true})
		default:
			t.Fatalf("step %s after resolution", st.Order.Step)
		}
	}
	for _, e := range ev {
		if sc, ok := e.(StateChanged); ok && !sc.On && sc.Why == "successful Reset" {
			t.Errorf("%s: a Reset that lost to Carbonite cancelled its effect", e)
		}
	}
	if !st.Troopers[st.trooperIndex("gunner")].States.Imm1 {
		t.Fatal("the gunner is not IMM-1: Carbonite, which beat the Reset, lost its effect")
	}
	if r := rolledBy(ev)["breacher"]; r.Hits+r.Crits != 0 {
		t.Errorf("Gotcha! kept %d successes against the Reset that beat it", r.Hits+r.Crits)
	}
}

// Zero Pain (Hacking (N3)), "In Active or Reactive Turn": the active
// trooper may declare it (or another Defense Protocol) as its second skill
// against the hacker who declared a Hacking Attack on it in ARO, Face to
// Face; a win nullifies the attack. As the first skill, before any ARO,
// there is nothing to answer; against a trooper that declared no program
// on it, neither.
func TestZeroPainInActiveTurn(t *testing.T) {
	st := setup(t, hackYAML([]string{"warden defensive-hacker 10 16 90"}, []string{"breacher assault-hacker 10 10 270", "gunner hmg 4 10 270"}), nil)
	refused(t, st, "blue", Activate{Trooper: "warden", Order: OrderRegular, Skill: hack("zero-pain", "breacher")}, rules.CodeIllegal, "no program has been declared against warden")
	do(t, st, "blue", Activate{Trooper: "warden", Order: OrderRegular, Skill: move([2]float64{10, 17})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "breacher", Skill: hack("carbonite", "warden")}}})
	refused(t, st, "blue", Second{Skill: hack("zero-pain", "gunner")}, rules.CodeIllegal, "declared no program against warden")
	offered := false
	for _, o := range st.Legal("blue") {
		if a, ok := asAction[Second](o.Action); ok && a.Skill.Program == "zero-pain" && a.Skill.Target == st.publicName(st.trooperIndex("breacher")) && o.Illegal == nil {
			offered = true
		}
	}
	if !offered {
		t.Error("the second-skill menu does not offer Zero Pain against the breacher")
	}
	do(t, st, "blue", Second{Skill: hack("zero-pain", "breacher")})
	if st.Order.Step == StepARO2 {
		do(t, st, "red", AROs{})
	}
	// Zero Pain WIP 14, B2: 8 and 2. Carbonite WIP 17, B1 in ARO: 3.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 8, 2, 3)
	r := rolledBy(ev)
	if r["warden"].Roll != "face-to-face" || len(r["warden"].Dice) != 2 || r["breacher"].Hits+r["breacher"].Crits != 0 {
		t.Fatalf("rolls %+v: want Zero Pain's two dice Face to Face, beating Carbonite", r)
	}
	if st.Troopers[st.trooperIndex("warden")].States.Imm1 {
		t.Error("the warden is IMM-1: Zero Pain did not nullify Carbonite")
	}
	if !strings.Contains(r["warden"].Against, "breacher") {
		t.Errorf("Zero Pain rolled against %q, want the breacher", r["warden"].Against)
	}
}
