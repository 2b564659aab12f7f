package infinity

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// redRepeaterYAML is blue's Breach Specialist at (10, 10) facing away, and
// red's Relay Engineer far off with its Deployable Repeater rep-1 placed
// at at.
func redRepeaterYAML(at string) string {
	y := hackYAML([]string{"breacher assault-hacker 10 10 270"}, []string{"relay relay-engineer 30 28 90"})
	return strings.Replace(y, "initiative: blue", "    deployables: [{id: rep-1, device: deployable-repeater, at: "+at+"}]\ninitiative: blue", 1)
}

// Blackout (Hacking (N3)) on a Deployable Repeater: a deployable with
// Comms Equipment may be the target of a program that targets Comms
// Equipment, inside the Hacking Area; it cannot Reset, so the program is a
// Normal Roll; a failed BTS roll (BTS 0) Disables it. The menu offers it;
// a program of another target class or effect is refused on it, and so is
// one outside the Hacking Area.
func TestBlackoutOnDeployableRepeater(t *testing.T) {
	st := setup(t, redRepeaterYAML("[10, 16]"), nil)
	// Blue names red's repeater by its public label; its author's id
	// (rep-1) names nothing blue may target.
	const rep = "red-deployable-repeater-1"
	blackout := Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("blackout", rep)}
	offered := false
	for _, o := range st.Legal("blue") {
		if a, ok := asAction[Activate](o.Action); ok && a.Skill.Program == "blackout" && a.Skill.Target == rep && o.Illegal == nil {
			offered = true
		}
	}
	if !offered {
		t.Error("the menu does not offer Blackout on the Deployable Repeater")
	}
	refused(t, st, "blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", rep)}, rules.CodeIllegal, "cannot target "+rep)
	if _, err := st.clone().Apply("blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("blackout", "rep-1")}, dice.NewPCG(1, 1)); err == nil {
		t.Error("blue's Blackout on red's repeater by its author's id (rep-1) is accepted: want it read as no target")
	}
	far := setup(t, redRepeaterYAML("[10, 26]"), nil)
	refused(t, far, "blue", blackout, rules.CodeIllegal, rep+" is outside breacher's Hacking Area")

	do(t, st, "blue", blackout)
	var events []rules.Event
	for st.Order != nil {
		p := st.Prompt()
		switch st.Order.Step {
		case StepARO1, StepARO2:
			// The repeater is no trooper: it declares nothing.
			refused(t, st, p.Seats[0], AROs{Declarations: []ARODecl{{Trooper: "rep-1", Skill: Skill{Name: SkillReset}}}}, rules.CodeBadAction, "rep-1")
			do(t, st, p.Seats[0], AROs{})
		case StepSecond:
			do(t, st, p.Seats[0], Second{Skill: Skill{Name: SkillIdle}})
		case StepResolve:
			// WIP 14, B1: the 5 succeeds; BTS roll at 15 - 0: the 9 fails.
			events = do(t, st, rules.ChanceSeat, Resolve{}, 5, 9)
		default:
			t.Fatalf("step %s", st.Order.Step)
		}
	}
	r := rolledBy(events)["breacher"]
	if r.Roll != "normal" || r.SV.Value != 14 || r.Hits != 1 {
		t.Fatalf("Blackout rolled %+v, want a Normal Roll at WIP 14 that succeeds", r)
	}
	var saved *Saved
	var changed bool
	for _, e := range events {
		switch ev := e.(type) {
		case Saved:
			saved = &ev
		case DeployableChanged:
			changed = ev.Deployable == rep && ev.State == "Disabled" && ev.On
		}
	}
	if saved == nil || saved.Trooper != rep || saved.AttackDamage != 15 || saved.Failed != 1 {
		t.Fatalf("saving roll %+v, want rep-1's BTS roll at 15, failed", saved)
	}
	if !changed || !st.Deployables[0].Disabled {
		t.Fatalf("rep-1 is not Disabled: %+v", st.Deployables[0])
	}
}

// Blackout (Hacking (N3)): a Disabled Deployable Repeater no longer
// extends its army's Hacking Area.
func TestDisabledDeployableRepeaterExtendsNothing(t *testing.T) {
	y := withDeployables(hackYAML([]string{"breacher assault-hacker 10 2 270", "relay relay-engineer 2 2 0"}, []string{"gunner hmg 10 22 90"}),
		"[{id: rep-1, device: deployable-repeater, at: [10, 16]}]")
	a := Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "gunner")}
	st := setup(t, y, nil)
	do(t, st, "blue", a)
	st = setup(t, y, nil)
	st.Deployables[0].Disabled = true
	refused(t, st, "blue", a, rules.CodeIllegal, "outside breacher's Hacking Area")
}
