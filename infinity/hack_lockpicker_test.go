package infinity

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
)

// doorYAML is a hackYAML table with a wall across y = 12 from x = 0 to 32
// but for a 2" doorway at x = 10 to 12, filled by a door in the given state,
// and a console at the wall's east end.
func doorYAML(blue, red []string, door string) string {
	return strings.Replace(hackYAML(blue, red), "sides:\n", `terrain:
  - {name: west-wall, polygon: [[0, 11.5], [10, 11.5], [10, 12.5], [0, 12.5]], blocks-lof: true, impassable: true}
  - {name: east-wall, polygon: [[12, 11.5], [32, 11.5], [32, 12.5], [12, 12.5]], blocks-lof: true, impassable: true}
scenery:
  - {id: door-1, kind: door, polygon: [[10, 11.5], [12, 11.5], [12, 12.5], [10, 12.5]], state: `+door+`}
  - {id: console-1, kind: console, polygon: [[20, 10.5], [21, 10.5], [21, 11.5], [20, 11.5]], state: inactive, mod: -3}
sides:
`, 1)
}

func lockpicker(item string) Skill {
	return Skill{Name: SkillHack, Program: "lockpicker", Target: item}
}

// Hackable Scenery Items (Lockpicker): a shut door blocks Line of Fire
// and movement; an open one neither.
func TestShutDoorBlocks(t *testing.T) {
	for _, c := range []struct {
		door  string
		sees  bool
		moves bool
	}{{"shut", false, false}, {"open", true, true}} {
		t.Run(c.door, func(t *testing.T) {
			st := setup(t, doorYAML([]string{"sysop hacker 11 10 90"}, []string{"gunner hmg 11 16 270"}, c.door), nil)
			sysop, gunner := st.trooperIndex("sysop"), st.trooperIndex("gunner")
			if got := st.sees(sysop, st.Models[st.modelOf(sysop)].At, gunner); got != c.sees {
				t.Errorf("Line of Fire through the %s door: %v, want %v", c.door, got, c.sees)
			}
			a := Activate{Trooper: "sysop", Order: OrderRegular, Skill: move([2]float64{11, 14})}
			if c.moves {
				do(t, st, "blue", a)
				return
			}
			refused(t, st, "blue", a, rules.CodeIllegal, "")
		})
	}
}

// Lockpicker (Hacking (N3)), declared: GADGET-1 (the Hacking Device
// carries it), on a Hackable Scenery Item in base contact; not on a
// trooper, nor from afar; a door is not shut on a base in its doorway.
func TestLockpickerDeclaration(t *testing.T) {
	for _, c := range []struct {
		name       string
		blue, door string
		skill      Skill
		code       rules.Code
		want       string
	}{
		{name: "a door in base contact", blue: "sysop hacker 11 11.01 90", door: "shut", skill: lockpicker("door-1")},
		{name: "a console in base contact", blue: "sysop hacker 20.5 10.01 90", door: "shut", skill: lockpicker("console-1")},
		{name: "not in base contact", blue: "sysop hacker 11 8 90", door: "shut", skill: lockpicker("door-1"), code: rules.CodeIllegal, want: "not in base contact with door-1"},
		{name: "not an item", blue: "sysop hacker 11 11.01 90", door: "shut", skill: lockpicker("gunner"), code: rules.CodeBadAction, want: `"red-heavy-gunner-1" is not a Hackable Scenery Item`},
		{name: "no target", blue: "sysop hacker 11 11.01 90", door: "shut", skill: Skill{Name: SkillHack, Program: "lockpicker"}, code: rules.CodeBadAction, want: "names one Hackable Scenery Item"},
		{name: "shutting on a base", blue: "sysop hacker 11 12 90", door: "open", skill: lockpicker("door-1"), code: rules.CodeIllegal, want: "door-1 cannot be shut: a base stands in it"},
		{name: "no hacking device", blue: "sysop fusilier 11 11.01 90", door: "shut", skill: lockpicker("door-1"), code: rules.CodeBadAction, want: `unknown program "lockpicker"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, doorYAML([]string{c.blue}, []string{"gunner hmg 11 16 270"}, c.door), nil)
			a := Activate{Trooper: "sysop", Order: OrderRegular, Skill: c.skill}
			if c.want == "" {
				do(t, st, "blue", a)
				return
			}
			refused(t, st, "blue", a, c.code, c.want)
		})
	}
}

// Lockpicker (Hacking (N3)) in play: a Normal WIP Roll (the Hacker's WIP
// 14, Attack MOD 0, B1) with the item's MOD from the scenario; a success
// flips the item (the door opens, and Line of Fire and movement pass; the
// console activates), a failure leaves it. The state shows in every view.
func TestLockpickerOperates(t *testing.T) {
	for _, c := range []struct {
		name, item, at string
		die            int
		sv             int
		want           string
	}{
		{"opens the door", "door-1", "11 11.01", 14, 14, "open"},
		{"fails on the door", "door-1", "11 11.01", 15, 14, "shut"},
		{"activates the console (MOD -3)", "console-1", "20.5 10.01", 11, 11, "active"},
		{"fails on the console", "console-1", "20.5 10.01", 12, 11, "inactive"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, doorYAML([]string{"sysop hacker " + c.at + " 90"}, []string{"gunner hmg 11 16 270"}, "shut"), nil)
			do(t, st, "blue", Activate{Trooper: "sysop", Order: OrderRegular, Skill: lockpicker(c.item)})
			for st.Order.Step != StepResolve {
				p := st.Prompt()
				if st.Order.Step == StepSecond {
					do(t, st, p.Seats[0], Second{Skill: Skill{Name: SkillIdle}})
					continue
				}
				do(t, st, p.Seats[0], AROs{})
			}
			ev := do(t, st, rules.ChanceSeat, Resolve{}, c.die)
			r := rolledBy(ev)["sysop"]
			if r.SV.Value != c.sv || len(r.Dice) != 1 || r.Roll != "normal" {
				t.Fatalf("roll %+v: want a Normal Roll, one die, SV %d", r, c.sv)
			}
			it := st.Scenery[st.sceneryIndex(c.item)]
			if it.State != c.want {
				t.Fatalf("%s is %s, want %s", c.item, it.State, c.want)
			}
			for _, v := range []rules.Viewer{rules.PlayerView("blue"), rules.PlayerView("red"), rules.Spectator()} {
				view := st.Observe(v).(View)
				if len(view.Scenery) != 2 || view.Scenery[st.sceneryIndex(c.item)].State != c.want {
					t.Errorf("%v sees %+v", v, view.Scenery)
				}
			}
			if c.item != "door-1" {
				return
			}
			sysop, gunner := st.trooperIndex("sysop"), st.trooperIndex("gunner")
			if got := st.sees(sysop, st.Models[st.modelOf(sysop)].At, gunner); got != (c.want == "open") {
				t.Errorf("Line of Fire through the %s door: %v", c.want, got)
			}
		})
	}
}

// Lockpicker (Hacking (N3)) through `ordo play`: a shut door blocks the
// Sysop's Line of Fire; a failed roll leaves it shut, a successful one
// opens it, and the BS Attack it barred is then declared.
func TestLockpickerScenario(t *testing.T) {
	var out strings.Builder
	if err := play.Run(ruleset(t), load(t, "../data/scenarios/seed/hacking-lockpicker.yaml"), &out, play.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, line := range []string{
		"refused activate by blue: illegal: no Line of Fire to red-heavy-gunner-1",
		"sysop Hacking Program (Normal Roll): SV WIP 14 = 14, dice 17- vs door-1 -> failure",
		"sysop Hacking Program (Normal Roll): SV WIP 14 = 14, dice 8 vs door-1 -> success",
		"door-1 is now open (sysop's Lockpicker)",
		"sysop spends a Lieutenant Special Order: BS Attack on gunner",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("no %q in\n%s", line, out.String())
		}
	}
}

// Hackable Scenery Items at Setup: a shut door may not stand on a base.
func TestShutDoorOnABaseRefused(t *testing.T) {
	err := setupErr(t, doorYAML([]string{"sysop hacker 11 12 90"}, []string{"gunner hmg 11 16 270"}, "shut"))
	if err == nil || !strings.Contains(err.Error(), "door-1 is shut on sysop's base") {
		t.Fatalf("setup: %v, want the shut door on sysop's base refused", err)
	}
}
