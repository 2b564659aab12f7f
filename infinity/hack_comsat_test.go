package infinity

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/play"
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
				if a, ok := asAction[AROs](o.Action); ok && len(a.Declarations) == 1 && a.Declarations[0].Trooper == "hk" && o.Illegal == nil {
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

// guidedYAML is blue's Missile Team facing away from red's zhanshi (no
// Line of Fire either way) and red's hackers (lines of a troopers list).
func guidedYAML(hackers string, group string) string {
	return `name: test
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: missiles, profile: missile-team, lieutenant: true, models: [{id: missiles, at: [4, 4], facing: 270}]}
    combat-groups: [{name: "1", troopers: [missiles]}]
  - seat: red
    troopers:
      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, at: [20, 20], facing: 90}]}
` + hackers + `    combat-groups: [{name: "1", troopers: [zhanshi` + group + `]}]
initiative: blue
rounds: 1
`
}

// Guided (N4): a BS Attack with a Guided weapon on a Targeted enemy is an
// Entire Order that needs no Line of Fire and no range; it rolls B1 at BS
// +6 (not +3 more for Targeted), with no range or cover MOD; the target
// may Dodge it without LoF, and may not Reset against it.
func TestGuidedAttack(t *testing.T) {
	guided := Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: "missile-launcher", Guided: true}
	st := setup(t, guidedYAML("", ""), nil)
	refused(t, st, "blue", Activate{Trooper: "missiles", Order: OrderRegular, Skill: guided}, rules.CodeIllegal, "needs a Targeted enemy")
	zh := st.trooperIndex("zhanshi")
	st.Troopers[zh].States.Targeted = true
	refused(t, st, "blue", Activate{Trooper: "missiles", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: "pistol", Guided: true}}, rules.CodeIllegal, "not a Guided weapon")
	refused(t, st, "blue", Activate{Trooper: "missiles", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: "missile-launcher"}}, rules.CodeIllegal, "Line of Fire")
	withSplit := guided
	withSplit.Target, withSplit.Split = "", []BurstShare{{Target: "zhanshi", Dice: 1}}
	refused(t, st, "blue", Activate{Trooper: "missiles", Order: OrderRegular, Skill: withSplit}, rules.CodeIllegal, "B1 on one target")
	var offered bool
	for _, o := range st.Legal("blue") {
		if a, ok := asAction[Activate](o.Action); ok && a.Skill.Guided && a.Skill.Target == st.publicName(zh) && o.Illegal == nil {
			offered = true
		}
	}
	if !offered {
		t.Error("the menu does not offer the Guided attack on the Targeted zhanshi")
	}
	do(t, st, "blue", Activate{Trooper: "missiles", Order: OrderRegular, Skill: guided})
	if st.Order.Step != StepARO1 {
		t.Fatalf("step %s, want the target's ARO window", st.Order.Step)
	}
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillReset}}}}, rules.CodeIllegal, "target of no Hacking Attack")
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	if st.Order.Step != StepResolve {
		t.Fatalf("step %s: a Guided attack is an Entire Order, no second skill", st.Order.Step)
	}
	// The missile 14 against the Dodge 5: the missile's success wins.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 14, 5, 20)
	r := rolledBy(ev)
	m := r["missiles"]
	if m.SV.Value != 18 || len(m.Dice) != 1 || m.Roll != "face-to-face" || strings.Contains(m.SV.String(), "Targeted") || strings.Contains(m.SV.String(), "Range") {
		t.Fatalf("the Guided roll %+v (%s): want B1 at BS 12 +6 Guided = 18, Face to Face against the Dodge", m, m.SV)
	}
	if m.Hits != 1 || r["zhanshi"].Hits != 0 {
		t.Fatalf("rolls %+v", r)
	}
}

// U-Turn (Comm-Sat, SHIELD-1, Hacking (N3)): declared in ARO against an
// enemy's Guided attack by a hacker anywhere on the table, without Line of
// Fire; no roll; -3 to that BS roll per U-Turn, cumulative. Against an
// attack that is not Guided it cannot be declared.
func TestHackingUTurn(t *testing.T) {
	guided := Activate{Trooper: "missiles", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: "missile-launcher", Guided: true}}
	hackers := "      - {id: hk, profile: hacker, models: [{id: hk, at: [22, 2], facing: 0}]}\n" +
		"      - {id: hk2, profile: hacker, models: [{id: hk2, at: [22, 12], facing: 0}]}\n"
	uturn := func(id string) ARODecl { return ARODecl{Trooper: id, Skill: hack("u-turn", "missiles")} }
	for _, c := range []struct {
		name string
		aros []ARODecl
		sv   int
	}{
		{name: "no U-Turn: BS 12 +6 = 18", sv: 18},
		{name: "one U-Turn: -3", aros: []ARODecl{uturn("hk")}, sv: 15},
		{name: "two U-Turns: cumulative, -6", aros: []ARODecl{uturn("hk"), uturn("hk2")}, sv: 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, guidedYAML(hackers, ", hk, hk2"), nil)
			st.Troopers[st.trooperIndex("zhanshi")].States.Targeted = true
			do(t, st, "blue", guided)
			do(t, st, "red", AROs{Declarations: c.aros})
			ev := do(t, st, rules.ChanceSeat, Resolve{}, 20)
			m := rolledBy(ev)["missiles"]
			if m.SV.Value != c.sv || strings.Count(m.SV.String(), "U-Turn") != len(c.aros) {
				t.Fatalf("the Guided roll %s, want %d", m.SV, c.sv)
			}
			for _, id := range []string{"hk", "hk2"} {
				if _, rolled := rolledBy(ev)[id]; rolled {
					t.Errorf("%s rolled for U-Turn, which has no roll", id)
				}
			}
			for _, e := range ev {
				if idle, ok := e.(BecameIdle); ok {
					t.Errorf("%s's U-Turn became Idle at resolution: %s", idle.Trooper, idle.Reason)
				}
			}
		})
	}
	// U-Turn is not offered against an attack that is not Guided: the
	// hackers far away are not even in the window.
	st := setup(t, guidedYAML(hackers, ", hk, hk2"), nil)
	do(t, st, "blue", Activate{Trooper: "missiles", Order: OrderRegular, Skill: move([2]float64{4, 6})})
	if st.Order != nil && st.Order.Step == StepARO1 {
		refused(t, st, "red", AROs{Declarations: []ARODecl{uturn("hk")}}, rules.CodeIllegal, "may not react")
	}
	// A hacker must carry it: the zhanshi cannot.
	st = setup(t, guidedYAML(hackers, ", hk, hk2"), nil)
	st.Troopers[st.trooperIndex("zhanshi")].States.Targeted = true
	do(t, st, "blue", guided)
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: hack("u-turn", "missiles")}}}, rules.CodeIllegal, "carries no hacking device")
}

// Dodge (N4) and U-Turn (Comm-Sat, Hacking (N3)): a hacker far from a
// Guided attack on an ally, whose only answer is U-Turn, is refused Dodge
// for the real reason — nothing it could Dodge attacks it, and it has the
// attacker in neither LoF nor ZoC — and told its one answer, not that a
// Comms Attack it could Reset is on it; the Guided attack's target, refused
// Reset, is told it may Dodge. The greyed menu entries say the same.
func TestDodgeRefusalNamesUTurn(t *testing.T) {
	hackers := "      - {id: hk, profile: hacker, models: [{id: hk, at: [22, 2], facing: 0}]}\n"
	st := setup(t, guidedYAML(hackers, ", hk"), nil)
	st.Troopers[st.trooperIndex("zhanshi")].States.Targeted = true
	do(t, st, "blue", Activate{Trooper: "missiles", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: "missile-launcher", Guided: true}})
	for _, c := range []struct {
		trooper string
		skill   SkillName
		want    string
	}{
		{"hk", SkillDodge, "hk is attacked by nothing it could Dodge and has blue-missile-team-1 in neither LoF nor ZoC: it may only answer with U-Turn"},
		{"hk", SkillReset, "it may only answer with U-Turn"},
		{"zhanshi", SkillReset, "it may only answer with Dodge"},
	} {
		decl := AROs{Declarations: []ARODecl{{Trooper: c.trooper, Skill: Skill{Name: c.skill}}}}
		refused(t, st, "red", decl, rules.CodeIllegal, c.want)
		_, err := st.Apply("red", decl, nil)
		if strings.Contains(err.Error(), "Comms Attack") {
			t.Errorf("%s's %s: %v", c.trooper, c.skill, err)
		}
		found := false
		for _, o := range st.Legal("red") {
			if a, ok := asAction[AROs](o.Action); ok && len(a.Declarations) == 1 && a.Declarations[0].Trooper == c.trooper && a.Declarations[0].Skill.Name == c.skill {
				found = true
				if o.Illegal == nil || !strings.Contains(o.Illegal.Error(), c.want) {
					t.Errorf("the menu's %s for %s: %v, want %q", c.skill, c.trooper, o.Illegal, c.want)
				}
			}
		}
		if !found {
			t.Errorf("the menu does not list %s's %s, greyed", c.trooper, c.skill)
		}
	}
}

// Every forced-dice hacking scenario under data/scenarios/seed plays to
// its end with its expectations met, and together they show the programs
// played in play (those of the issue so far): each is declared in one of
// their scripts.
func TestHackingSeedScenarios(t *testing.T) {
	files, err := filepath.Glob("../data/scenarios/seed/hacking-*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no hacking scenarios: %v", err)
	}
	declared := map[string]bool{}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			sc := load(t, f)
			var out strings.Builder
			if err := play.Run(ruleset(t), sc, &out, play.Options{}); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			for _, st := range sc.Script {
				if p := programOf(st.Action["skill"]); p != "" {
					declared[p] = true
				}
				ds, _ := st.Action["declarations"].([]any)
				for _, d := range ds {
					if dm, ok := d.(map[string]any); ok {
						if p := programOf(dm["skill"]); p != "" {
							declared[p] = true
						}
					}
				}
			}
		})
	}
	for _, id := range []string{"blackout", "gotcha", "spotlight", "oblivion", "basilisk", "carbonite", "brain-blast", "stop",
		"sucker-punch", "breakwater", "counterstrike", "zero-pain", "fairy-dust", "enhanced-reaction", "controlled-jump",
		"hack-transport-aircraft", "u-turn", "assisted-fire"} {
		if !declared[id] {
			t.Errorf("%s is declared in no forced-dice scenario", id)
		}
	}
}

// programOf is the program a scenario step's skill declares, or "".
func programOf(skill any) string {
	m, _ := skill.(map[string]any)
	p, _ := m["program"].(string)
	return p
}

// Hack Transport Aircraft and U-Turn (Comm-Sat, Hacking (N3)) with
// Impersonation (N4): a hacker standing as an Impersonation marker is not
// offered either, as a Camouflaged one is not: a window opening for it
// alone, or its name among those who may answer, would tell the attacker's
// player that a marker is a hacker carrying the program.
func TestCommSatKeepsImpersonationMarkerPrivate(t *testing.T) {
	imp := func(st *State, id string) {
		x := st.trooperIndex(id)
		st.Troopers[x].States.Impersonation = 2
		st.Troopers[x].Marker = "red-imp-1"
	}
	t.Run("Hack Transport Aircraft: no window for a hacker marker", func(t *testing.T) {
		red := "      - {id: hk, profile: hacker, models: [{id: hk, at: [22, 22], facing: 0}]}\n" +
			"      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, at: [20, 22], facing: 0}]}\n"
		st := setup(t, jumpYAML(red, "hk, zhanshi"), nil)
		imp(st, "hk")
		do(t, st, "blue", Activate{Trooper: "cat", Order: OrderRegular, Skill: Skill{Name: SkillCombatJump, Route: [][2]float64{{12, 12}}}})
		if st.Order.Step != StepLanding {
			t.Fatalf("step %s with the only hacker on an Impersonation marker, want the landing", st.Order.Step)
		}
	})
	t.Run("U-Turn: a hacker marker is not offered it against a Guided attack", func(t *testing.T) {
		st := setup(t, guidedYAML("      - {id: hk, profile: hacker, models: [{id: hk, at: [22, 2], facing: 0}]}\n", ", hk"), nil)
		imp(st, "hk")
		st.Troopers[st.trooperIndex("zhanshi")].States.Targeted = true
		do(t, st, "blue", Activate{Trooper: "missiles", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: "missile-launcher", Guided: true}})
		// The marker sees the attacker (360° Line of Fire): it is in the
		// window, but not for U-Turn.
		if slices.ContainsFunc(st.Order.Eligible, func(e eligibility) bool { return e.Trooper == st.trooperIndex("hk") && e.UTurn }) {
			t.Fatal("the hacker on an Impersonation marker is offered U-Turn")
		}
		refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "hk", Skill: hack("u-turn", "missiles")}}}, rules.CodeIllegal, "cannot declare U-Turn now")
	})
}

// hiddenJumpState is jumpYAML's Combat Jump against red's trooper hk of
// profile prof in Hidden Deployment, on the leak tests' catalog (which has
// a hacker that deploys hidden), the jump declared.
func hiddenJumpState(t *testing.T, prof string) *State {
	t.Helper()
	red := "      - {id: hk, profile: " + prof + ", deployment: hidden, models: [{id: hk, at: [22, 22], facing: 0}]}\n" +
		"      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, at: [20, 22], facing: 0}]}\n"
	st := setupWithCatalog(t, "testdata/leaks/catalog.yaml", jumpYAML(red, "hk, zhanshi"))
	do(t, st, "blue", Activate{Trooper: "cat", Order: OrderRegular, Skill: Skill{Name: SkillCombatJump, Route: [][2]float64{{12, 12}}}})
	return st
}

// Hack Transport Aircraft (Comm-Sat, Hacking (N3)) from Hidden Deployment
// (N4): a hidden hacker carrying it may declare it against a Combat Jump,
// and declaring it reveals him. The window opens whenever the reactive
// side has a trooper in Hidden Deployment, as an ARO window does, so that
// it tells the jumper's player nothing: with a hidden Sniper in the
// hacker's place, the jumper's player sees the same table, prompt and
// events (a counterfactual twin of the hidden trooper's identity).
func TestHackTransportAircraftFromHiddenDeployment(t *testing.T) {
	st := hiddenJumpState(t, "hidden-hacker")
	if st.Order.Step != StepTransport {
		t.Fatalf("step %s, want the Hack Transport Aircraft window for the hidden hacker", st.Order.Step)
	}
	offered := false
	for _, o := range st.Legal("red") {
		if a, ok := asAction[AROs](o.Action); ok && len(a.Declarations) == 1 && a.Declarations[0].Trooper == "hk" && o.Illegal == nil {
			offered = true
		}
	}
	if !offered {
		t.Error("the hidden hacker is not offered Hack Transport Aircraft")
	}

	twin := hiddenJumpState(t, "sniper")
	if twin.Order.Step != StepTransport {
		t.Fatalf("step %s with a hidden Sniper: the window must open as for a hidden hacker", twin.Order.Step)
	}
	blue := rules.PlayerView("blue")
	if a, b := viewJSON(t, st, blue), viewJSON(t, twin, blue); a != b {
		t.Errorf("blue tells a hidden hacker from a hidden Sniper:\n%s\n%s", a, b)
	}
	pa, pb := st.Prompt(), twin.Prompt()
	if pa.Kind != pb.Kind || strings.Join(seatStrings(pa.Seats), ",") != strings.Join(seatStrings(pb.Seats), ",") {
		t.Errorf("prompts differ: %+v and %+v", pa, pb)
	}
	// Declining shows blue the same events either way.
	ea, eb := do(t, st, "red", AROs{}), do(t, twin, "red", AROs{})
	if a, b := redactedJSON(t, st, ea, blue), redactedJSON(t, twin, eb, blue); a != b {
		t.Errorf("blue's events differ:\n%s\n%s", a, b)
	}

	// Declaring it reveals the hacker; the jump's PH Roll is then Face to
	// Face against his WIP 14 - 6 = 8.
	st = hiddenJumpState(t, "hidden-hacker")
	ev := do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "hk", Skill: hack("hack-transport-aircraft", "cat")}}})
	revealed := false
	for _, e := range ev {
		if r, ok := e.(Revealed); ok && r.Trooper == "hk" {
			revealed = true
		}
	}
	if !revealed || st.Troopers[st.trooperIndex("hk")].States.Hidden {
		t.Fatalf("the hacker declared an ARO and stays hidden: %v", ev)
	}
	ev = do(t, st, rules.ChanceSeat, Land{}, 5, 7)
	if r := rolledBy(ev)["hk"]; r.SV.Value != 8 || r.Roll != "face-to-face" {
		t.Fatalf("the hacker rolled %+v, want WIP 14 -6 = 8 Face to Face", r)
	}
	if st.Order.Step != StepMissedJump {
		t.Fatalf("step %s: the hacker's 7 beats the jumper's 5, the jump fails", st.Order.Step)
	}
}

func seatStrings(seats []rules.Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = string(s)
	}
	return out
}

// redactedJSON is the events as viewer v receives them.
func redactedJSON(t *testing.T, st *State, events []rules.Event, v rules.Viewer) string {
	t.Helper()
	var out []rules.Event
	for _, e := range events {
		if r, ok := st.Redact(e, v); ok {
			out = append(out, r)
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
