package infinity

import (
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// grenadeYAML is blue's Assault Trooper (PH 12, Grenades) at (10, 4)
// facing red, with extra blue lines; red's troopers are hackYAML lines.
func grenadeYAML(blue []string, red []string) string {
	return hackYAML(append([]string{"thrower assault 10 4 90"}, blue...), red)
}

func grenade(target string) Skill {
	return Skill{Name: SkillBSAttack, Target: target, Weapon: "grenades"}
}

// savedOn lists the troopers that made Saving Rolls, in order.
func savedOn(events []rules.Event) []string {
	var out []string
	for _, e := range events {
		if s, ok := e.(Saved); ok {
			out = append(out, s.Trooper)
		}
	}
	return out
}

// Impact Template Weapons (N4): Grenades roll PH against the Main Target
// (in Line of Fire), the Circular Template centred on it; each trooper it
// touches is judged against the same roll, Face to Face if it opposes it
// (the Main Target's Dodge here), a Normal Roll if not; the effect lands
// on each against whom a success survives. A trooper beyond the template
// is untouched.
func TestImpactTemplate(t *testing.T) {
	red := []string{"main zhanshi 10 12 270", "near zhanshi 11.2 12.9 270", "far zhanshi 16 20 270"}
	for _, c := range []struct {
		name  string
		dice  []int // the thrower's die, the Main Target's Dodge, then Saving Rolls
		saved []string
	}{
		{"the throw beats the Dodge: both under the template save", []int{7, 3, 2, 2}, []string{"main", "near"}},
		{"the Dodge beats the throw: only the other one is hit", []int{7, 9, 2}, []string{"near"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, grenadeYAML(nil, red), nil)
			do(t, st, "blue", Activate{Trooper: "thrower", Order: OrderRegular, Skill: grenade("main")})
			aff := map[string]bool{}
			for _, x := range st.Order.Affected {
				aff[st.Troopers[x].ID] = true
			}
			if !aff["main"] || !aff["near"] || aff["far"] {
				t.Fatalf("affected %v, want main and near", aff)
			}
			do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "main", Skill: Skill{Name: SkillDodge}}}})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			if st.Order.Step == StepARO2 {
				do(t, st, "red", AROs{})
			}
			ev := do(t, st, rules.ChanceSeat, Resolve{}, c.dice...)
			var throws []Rolled
			for _, e := range ev {
				if r, ok := e.(Rolled); ok && r.Trooper == "thrower" {
					throws = append(throws, r)
				}
			}
			if len(throws) != 2 || throws[0].SV.Value != 12 || throws[1].SV.Value != 12 || throws[0].Roll != "face-to-face" || throws[1].Roll != "normal" ||
				throws[0].Dice[0].Face != 7 || throws[1].Dice[0].Face != 7 {
				t.Fatalf("the throw %+v: want one die at PH 12, Face to Face with the Dodge and a Normal Roll for the other", throws)
			}
			if got := savedOn(ev); !slices.Equal(got, c.saved) {
				t.Fatalf("Saving Rolls by %v, want %v", got, c.saved)
			}
		})
	}
}

// Impact Template Weapons (N4): the template may not touch a trooper of the thrower's side; the
// trooper under it without Line of Fire to the thrower may Dodge it, at
// −3 PH (Dodge (N4)).
func TestImpactTemplateRequirements(t *testing.T) {
	st := setup(t, grenadeYAML([]string{"buddy fusilier 11 11 90"}, []string{"main zhanshi 10 12 270"}), nil)
	refused(t, st, "blue", Activate{Trooper: "thrower", Order: OrderRegular, Skill: grenade("main")}, rules.CodeIllegal, "a trooper of your own")

	st = setup(t, grenadeYAML(nil, []string{"main zhanshi 10 12 270", "away zhanshi 11.2 12.9 90"}), nil)
	do(t, st, "blue", Activate{Trooper: "thrower", Order: OrderRegular, Skill: grenade("main")})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "away", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	if st.Order.Step == StepARO2 {
		do(t, st, "red", AROs{})
	}
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 15, 3)
	if r := rolledBy(ev)["away"]; r.SV.Value != 7 || r.Roll != "face-to-face" {
		t.Fatalf("the Dodge without LoF %+v: want PH 10 -3 = 7, Face to Face", r)
	}
}

// Speculative Attack (N4): an Entire Order with Grenades on a Main Target
// out of Line of Fire, B1 at PH −6 with the Range MOD and no other
// negative MOD of the target (the Sniper's Mimetism does not apply); the
// template may be centred on another point as long as the Main Target is
// under it. A BS Attack on the same target is refused for want of LoF.
func TestSpeculativeAttack(t *testing.T) {
	// The wall hides the sniper from the thrower.
	y := withTerrain(grenadeYAML(nil, []string{"sniper sniper 10 12 270"}),
		"  - {name: wall, polygon: [[6, 8], [14, 8], [14, 9], [6, 9]], blocks-lof: true, cover: true, impassable: true}\n")
	st := setup(t, y, nil)
	refused(t, st, "blue", Activate{Trooper: "thrower", Order: OrderRegular, Skill: grenade("sniper")}, rules.CodeIllegal, "no Line of Fire")
	far := [2]float64{10, 16}
	refused(t, st, "blue", Activate{Trooper: "thrower", Order: OrderRegular, Skill: Skill{Name: SkillSpeculative, Target: "sniper", Weapon: "grenades", Point: &far}}, rules.CodeIllegal, "does not reach the Main Target")
	near := [2]float64{10, 13}
	do(t, st, "blue", Activate{Trooper: "thrower", Order: OrderRegular, Skill: Skill{Name: SkillSpeculative, Target: "sniper", Weapon: "grenades", Point: &near}})
	if st.Order.Step == StepSecond {
		t.Fatal("a Speculative Attack is an Entire Order: no second skill")
	}
	if st.Order.Step == StepARO1 {
		do(t, st, "red", AROs{})
	}
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 5, 2)
	r := rolledBy(ev)["thrower"]
	if r.SV.Value != 6 || len(r.Dice) != 1 || r.Hits != 1 {
		t.Fatalf("the throw %+v: want one die at PH 12 -6 = 6, a success", r)
	}
	if got := savedOn(ev); !slices.Equal(got, []string{"sniper"}) {
		t.Fatalf("Saving Rolls by %v, want the sniper's", got)
	}
}

// Impact Template Weapons (N4) in ARO: Grenades thrown at the active
// trooper centre the template on it where the ARO meets it; a trooper of
// its side beside it is affected too and judged against the same roll.
func TestImpactTemplateInARO(t *testing.T) {
	st := setup(t, hackYAML([]string{"runner fusilier 10 10 90", "buddy fusilier 11.2 10.9 0"}, []string{"thrower assault 10 18 270"}), nil)
	do(t, st, "blue", Activate{Trooper: "runner", Order: OrderRegular, Skill: move([2]float64{9, 10})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "thrower", Skill: grenade("runner")}}})
	a := st.Order.AROs[0]
	if len(a.Affected) != 2 {
		t.Fatalf("affected %v, want the runner and the buddy", a.Affected)
	}
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 4, 2, 2)
	if got := savedOn(ev); !slices.Equal(got, []string{"runner", "buddy"}) {
		t.Fatalf("Saving Rolls by %v, want the runner's and the buddy's", got)
	}
}

// Impact Template Weapons (N4): from its declaration until the dice, the
// observation carries the Circular Template where it lands, for the table
// to draw.
func TestImpactTemplateInTheObservation(t *testing.T) {
	st := setup(t, grenadeYAML(nil, []string{"main zhanshi 10 12 270"}), nil)
	do(t, st, "blue", Activate{Trooper: "thrower", Order: OrderRegular, Skill: grenade("main")})
	found := false
	for _, tv := range st.templateViews(rules.PlayerView("red")) {
		if tv.Kind == "circle" && tv.Weapon == "grenades" && tv.At == [2]float64{10, 12} && tv.Radius == impactRadius {
			found = true
		}
	}
	if !found {
		t.Fatalf("no Circular Template in %+v", st.templateViews(rules.PlayerView("red")))
	}
}

// Impact Template Weapons (N4) and Speculative Attack (N4) through `ordo
// play`: the forced scenarios' scripts and expectations.
func TestImpactTemplateScenarios(t *testing.T) {
	playSeeds(t, "impact-*.yaml", 2)
}
