package infinity

import (
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// withTerrain puts terrain lines into a scenario built by hackYAML.
func withTerrain(yaml, terrain string) string {
	return strings.Replace(yaml, "sides:", "terrain:\n"+terrain+"sides:", 1)
}

// Assisted Fire (Supportware, GADGET-2, Hacking (N3)): an Entire Order with
// no roll on one allied REM in the Hacking Area that benefits from no
// other GADGET program; the REM gains Marksmanship L2 (N3) until the end of
// the following Player Turn, so its BS Attacks ignore the -3 MOD of the
// target's Partial Cover, while the Cover still helps the target's Saving
// Roll.
func TestHackingAssistedFire(t *testing.T) {
	yaml := withTerrain(hackYAML([]string{"netrunner hacker-plus 10 10 270", "remote remote 14 10 90", "hk hacker 18 10 270"},
		[]string{"rifleman line-trooper 14 20 270"}),
		"  - {name: low-wall, polygon: [[12, 18.2], [16, 18.2], [16, 18.6], [12, 18.6]], cover: true}\n")
	shoot := func(t *testing.T, st *State) (Rolled, Saved) {
		t.Helper()
		do(t, st, "blue", Activate{Trooper: "remote", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "rifleman", Weapon: "combi-rifle"}})
		for st.Order.Step != StepResolve {
			p := st.Prompt()
			if st.Order.Step == StepSecond {
				do(t, st, p.Seats[0], Second{Skill: Skill{Name: SkillIdle}})
			} else {
				do(t, st, p.Seats[0], AROs{})
			}
		}
		// Three hits of 1, 2, 3; the rifleman's three ARM rolls pass.
		ev := do(t, st, rules.ChanceSeat, Resolve{}, 1, 2, 3, 20, 20, 20)
		var sv Saved
		for _, e := range ev {
			if s, ok := e.(Saved); ok {
				sv = s
			}
		}
		for st.Order != nil {
			switch st.Order.Step {
			case StepGuts:
				do(t, st, rules.ChanceSeat, Guts{}, 1)
			case StepGutsMove:
				do(t, st, st.Prompt().Seats[0], GutsMove{Trooper: "rifleman", Stay: true})
			case StepAlert:
				do(t, st, st.Prompt().Seats[0], Alert{})
			default:
				t.Fatalf("step %s", st.Order.Step)
			}
		}
		return rolledBy(ev)["remote"], sv
	}

	// Without the program: the Partial Cover MOD applies.
	st := setup(t, yaml, nil)
	plain, plainSave := shoot(t, st)
	if !strings.Contains(plain.SV.String(), "Partial Cover") {
		t.Fatalf("the rifleman behind the wall: SV %s, want a Partial Cover MOD", plain.SV)
	}

	st = setup(t, yaml, nil)
	refused(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: Skill{Name: SkillHack, Program: "assisted-fire"}}, rules.CodeBadAction, "names one allied REM")
	refused(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: hack("assisted-fire", "hk")}, rules.CodeIllegal, "cannot target hk")
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: hack("assisted-fire", "remote")})
	if st.Order.Step == StepSecond {
		t.Fatal("Assisted Fire is an Entire Order: no second skill")
	}
	finishHackOrder(t, st)
	remote := st.trooperIndex("remote")
	if !st.Troopers[remote].States.Marksmanship {
		t.Fatal("the REM did not gain Marksmanship L2")
	}
	// One GADGET program per target: another hacker's Enhanced Reaction
	// on the same REM is refused.
	refused(t, st, "blue", Activate{Trooper: "hk", Order: OrderRegular, Skill: hack("enhanced-reaction", "remote")}, rules.CodeIllegal, "already benefits from Assisted Fire")
	marks, marksSave := shoot(t, st)
	if strings.Contains(marks.SV.String(), "Partial Cover") || marks.SV.Value != plain.SV.Value+3 {
		t.Fatalf("with Marksmanship L2: SV %s, want %d without the Partial Cover MOD", marks.SV, plain.SV.Value+3)
	}
	if marksSave.AttackDamage != plainSave.AttackDamage {
		t.Fatalf("Attack Damage %d, want %d: the Cover still helps the Saving Roll", marksSave.AttackDamage, plainSave.AttackDamage)
	}
	// It lasts to the end of the following Player Turn.
	do(t, st, "blue", EndOrders{})
	if !st.Troopers[remote].States.Marksmanship {
		t.Fatal("Assisted Fire ended with the Player Turn of its declaration")
	}
	do(t, st, "red", EndOrders{})
	if st.Troopers[remote].States.Marksmanship {
		t.Fatal("Assisted Fire outlived the following Player Turn")
	}
}

// Supportware (Hacking (N3)): "a target benefits from one GADGET program at
// a time". Fairy Dust names no target: a second hacker's Fairy Dust passes
// over the HI that already benefits from the first one's, which keeps it,
// and so loses its Firewall when the first hacker's program ends.
func TestHackingFairyDustOneGadgetPerTarget(t *testing.T) {
	st := setup(t, hackYAML([]string{"netrunner hacker-plus 10 10 270", "hk hacker 18 10 270", "gunner hmg 16 10 270", "remote remote 14 10 90"},
		[]string{"breacher assault-hacker 13 26 90"}), nil)
	fairy := Skill{Name: SkillHack, Program: "fairy-dust"}
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: fairy})
	finishHackOrder(t, st)
	do(t, st, "blue", Activate{Trooper: "hk", Order: OrderRegular, Skill: fairy})
	finishHackOrder(t, st)
	gunner := st.trooperIndex("gunner")
	if x := st.Troopers[gunner].Expires; len(x) != 1 || x[0].By != "netrunner" {
		t.Fatalf("the gunner's programs %+v: want only netrunner's Fairy Dust", x)
	}
	// netrunner's next Supportware ends his Fairy Dust: the gunner did not
	// take hk's, and has no Firewall left.
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: hack("assisted-fire", "remote")})
	finishHackOrder(t, st)
	if st.Troopers[gunner].States.Firewall {
		t.Fatal("the gunner kept a Firewall from a second Fairy Dust")
	}
}

// jumpYAML is blue's Hellcat in reserve, ready to Combat Jump, against
// red's troopers (lines of a troopers list) and combat group.
func jumpYAML(red, group string) string {
	return `name: test
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: lt, profile: fusilier, lieutenant: true, models: [{id: lt, at: [2, 2], facing: 270}]}
      - {id: cat, profile: hellcat, deployment: reserve}
    combat-groups: [{name: "1", troopers: [lt, cat]}]
    deployment-zone: [[0, 0], [24, 6]]
  - seat: red
    troopers:
` + red + `    combat-groups: [{name: "1", troopers: [` + group + `]}]
initiative: blue
rounds: 1
`
}

// Hack Transport Aircraft (Comm-Sat, SHIELD-1, Hacking (N3)): in ARO to an
// enemy's Combat Jump, anywhere on the table and without Line of Fire, a
// WIP -6 roll Face to Face against the jump's PH Roll; the hacker's win
// makes the jump fail (the trooper is set down at its Deployment Zone's
// table edge), the jumper's lands it. B1, no Damage, nothing to save.
func TestHackingHackTransportAircraft(t *testing.T) {
	red := "      - {id: hk, profile: hacker, lieutenant: true, models: [{id: hk, at: [22, 22], facing: 0}]}\n" +
		"      - {id: zhanshi, profile: zhanshi, models: [{id: zhanshi, at: [20, 22], facing: 0}]}\n"
	jump := Activate{Trooper: "cat", Order: OrderRegular, Skill: Skill{Name: SkillCombatJump, Route: [][2]float64{{12, 12}}}}
	hta := AROs{Declarations: []ARODecl{{Trooper: "hk", Skill: hack("hack-transport-aircraft", "cat")}}}
	for _, c := range []struct {
		name   string
		dice   []int // the jumper's PH die, then the hacker's WIP die
		lands  bool
		hacker bool // the hacker's roll succeeds
	}{
		{name: "the jumper's higher success lands the jump", dice: []int{10, 5}, lands: true, hacker: false},
		{name: "the hacker's higher success makes the jump fail", dice: []int{5, 7}, lands: false, hacker: true},
		{name: "the hacker fails (WIP 14 -6 = 8): the jump lands", dice: []int{3, 9}, lands: true},
		{name: "both fail: a failed PH Roll, the jump fails", dice: []int{15, 9}, lands: false},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, jumpYAML(red, "hk, zhanshi"), nil)
			do(t, st, "blue", jump)
			if st.Order.Step != StepTransport {
				t.Fatalf("step %s, want the Hack Transport Aircraft window", st.Order.Step)
			}
			var offered bool
			for _, o := range st.Legal("red") {
				if a, ok := o.Action.(AROs); ok && len(a.Declarations) == 1 && a.Declarations[0].Trooper == "hk" && o.Illegal == nil {
					offered = true
				}
			}
			if !offered {
				t.Error("the menu does not offer Hack Transport Aircraft to the hacker")
			}
			do(t, st, "red", hta)
			ev := do(t, st, rules.ChanceSeat, Land{}, c.dice...)
			r := rolledBy(ev)
			if r["hk"].SV.Value != 8 || r["hk"].Roll != "face-to-face" || r["cat"].Roll != "face-to-face" || r["cat"].SV.Value != 12 {
				t.Fatalf("rolls %+v: want WIP 14 -6 = 8 Face to Face against PH 12", r)
			}
			if (r["hk"].Hits+r["hk"].Crits > 0) != c.hacker {
				t.Errorf("the hacker's roll %+v", r["hk"])
			}
			landed := st.Order.Step != StepMissedJump
			if landed != c.lands {
				t.Fatalf("step %s: the jump lands %v, want %v", st.Order.Step, landed, c.lands)
			}
			// The hacker made its ARO for this Order.
			if st.Order.Step == StepARO1 && slices.ContainsFunc(st.Order.Eligible, func(e eligibility) bool { return e.Trooper == st.trooperIndex("hk") }) {
				t.Error("the hacker may react again after Hack Transport Aircraft")
			}
		})
	}

	st := setup(t, jumpYAML(red, "hk, zhanshi"), nil)
	do(t, st, "blue", jump)
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: hack("hack-transport-aircraft", "cat")}}}, rules.CodeIllegal, "carries no hacking device")
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "hk", Skill: Skill{Name: SkillReset}}}}, rules.CodeIllegal, "only Hack Transport Aircraft")
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "hk", Skill: hack("hack-transport-aircraft", "lt")}}}, rules.CodeIllegal, "targets the jumping trooper")
	// Declining: the PH Roll is a Normal Roll.
	do(t, st, "red", AROs{})
	ev := do(t, st, rules.ChanceSeat, Land{}, 5)
	if r := rolledBy(ev)["cat"]; r.Roll != "normal" {
		t.Fatalf("the jump rolled %+v with no hacker against it, want a Normal Roll", r)
	}

	// No hacker carrying it: no window.
	st = setup(t, jumpYAML("      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, at: [20, 22], facing: 0}]}\n", "zhanshi"), nil)
	do(t, st, "blue", jump)
	if st.Order.Step != StepLanding {
		t.Fatalf("step %s without a hacker, want the landing", st.Order.Step)
	}
}
