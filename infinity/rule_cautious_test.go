package infinity

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// gapYAML is a wall across the table at y 10-11 with a one-inch gap at x
// 8.5-9.5; red's watcher stands at (9, 20) facing the wall, so that its
// Line of Fire reaches blue's side through the gap alone (a corridor about
// x 8.2-9.8 at y 4). Blue's trooper of profile prof stands at at; red's
// extra lines are more red troopers.
func gapYAML(prof, at, red string) string {
	return `name: test
ruleset: infinity-n4
table: {width: 24, height: 24}
terrain:
  - {name: wall-west, polygon: [[0, 10], [8.5, 10], [8.5, 11], [0, 11]], blocks-lof: true, cover: true, impassable: true}
  - {name: wall-east, polygon: [[9.5, 10], [24, 10], [24, 11], [9.5, 11]], blocks-lof: true, cover: true, impassable: true}
sides:
  - seat: blue
    troopers:
      - {id: scout, profile: ` + prof + `, lieutenant: true, models: [{id: scout, at: ` + at + `, facing: 0}]}
    combat-groups: [{name: "1", troopers: [scout]}]
  - seat: red
    troopers:
      - {id: watcher, profile: fusilier, lieutenant: true, models: [{id: watcher, at: [9, 20], facing: 270}]}
` + red + `    combat-groups: [{name: "1", troopers: [watcher` + map[bool]string{true: ", sniper", false: ""}[strings.Contains(red, "sniper")] + `]}]
initiative: blue
rounds: 1
`
}

func cautious(to [2]float64) Skill { return Skill{Name: SkillCautiousMove, Route: [][2]float64{to}} }

// Cautious Movement (N4): an Entire Order moving up to the first MOV value
// that generates no ARO when it begins and ends outside the Line of Fire
// and Zone of Control of every enemy Model and Marker, whatever it crosses
// between (here the watcher's view through the gap); a Move along the same
// route is seen. Ending in sight, it generates AROs as usual. It is
// declared only outside every enemy's LoF and ZoC, and its route is at
// most the first MOV value.
func TestCautiousMovement(t *testing.T) {
	for _, c := range []struct {
		name  string
		at    string
		skill Skill
		step  Step   // the step after the activation
		want  string // a refusal, instead
	}{
		{"a Move across the gap is seen", "[7, 4]", move([2]float64{11, 4}), StepARO1, ""},
		{"Cautious Movement across the gap generates no ARO", "[7, 4]", cautious([2]float64{11, 4}), StepResolve, ""},
		{"Cautious Movement ending in sight generates AROs as usual", "[7, 4]", cautious([2]float64{9, 4}), StepARO1, ""},
		{"declared in an enemy's Line of Fire", "[9, 4]", cautious([2]float64{12, 4}), "", "in an enemy's Line of Fire"},
		{"declared in an enemy's Zone of Control", "[9, 13]", cautious([2]float64{5, 13}), "", "in an enemy's Zone of Control"},
		{"longer than the first MOV value", "[7, 4]", cautious([2]float64{12, 4}), "", "longer than MOV 4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, gapYAML("fusilier", c.at, ""), nil)
			a := Activate{Trooper: "scout", Order: OrderRegular, Skill: c.skill}
			if c.want != "" {
				refused(t, st, "blue", a, rules.CodeIllegal, c.want)
				return
			}
			do(t, st, "blue", a)
			if st.Order.Step != c.step {
				t.Fatalf("step %s, want %s", st.Order.Step, c.step)
			}
		})
	}
}

// Cautious Movement (N4): the activation menu offers it along each heading
// when the trooper is out of every enemy's LoF and ZoC, and once, greyed
// with the reason, when it is not; never among the second skills (an
// Entire Order).
func TestCautiousMovementInTheMenu(t *testing.T) {
	count := func(st *State) (legal, greyed int) {
		for _, o := range st.Legal("blue") {
			if a, ok := asAction[Activate](o.Action); ok && a.Skill.Name == SkillCautiousMove && a.Order == OrderRegular {
				if o.Illegal == nil {
					legal++
				} else {
					greyed++
				}
			}
		}
		return legal, greyed
	}
	if l, g := count(setup(t, gapYAML("fusilier", "[7, 4]", ""), nil)); l == 0 || g+l != len(headings) {
		t.Errorf("out of sight: %d offered, %d greyed; want every heading offered (walls grey some)", l, g)
	}
	st := setup(t, gapYAML("fusilier", "[9, 4]", ""), nil)
	if l, g := count(st); l != 0 || g != 1 {
		t.Errorf("in sight: %d offered, %d greyed; want one greyed", l, g)
	}
	do(t, st, "blue", Activate{Trooper: "scout", Order: OrderRegular, Skill: move([2]float64{7, 4})})
	do(t, st, "red", AROs{})
	for _, o := range st.Legal("blue") {
		if a, ok := asAction[Second](o.Action); ok && a.Skill.Name == SkillCautiousMove {
			t.Fatalf("the second-skill menu offers %v", a.Skill)
		}
	}
}

// Cautious Movement (N4): a trooper in Hidden Deployment is neither a Model
// nor a Marker: it does not count for the move's ends, and it cannot react
// to a quiet Cautious Movement even with Line of Fire. The window opens all
// the same (as for any Order while a hidden trooper exists), telling
// nothing.
func TestCautiousMovementAndHiddenDeployment(t *testing.T) {
	red := "      - {id: sniper, profile: sniper, deployment: hidden, models: [{id: sniper, at: [14, 4], facing: 180}]}\n"
	st := setup(t, gapYAML("fusilier", "[7, 4]", red), nil)
	do(t, st, "blue", Activate{Trooper: "scout", Order: OrderRegular, Skill: cautious([2]float64{11, 4})})
	if st.Order.Step != StepARO1 {
		t.Fatalf("step %s: with a hidden trooper the window opens", st.Order.Step)
	}
	if len(st.Order.Eligible) != 0 {
		t.Fatalf("eligible %+v: nobody reacts to a quiet Cautious Movement", st.Order.Eligible)
	}
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "sniper", Skill: Skill{Name: SkillBSAttack, Target: "scout", Weapon: "multi-sniper-rifle"}}}}, rules.CodeIllegal, "")
	do(t, st, "red", AROs{})
	if !st.Troopers[st.trooperIndex("sniper")].States.Hidden {
		t.Fatal("the sniper was revealed")
	}
}

// Cautious Movement (N4) and Stealth (N4) through `ordo play`: the forced
// scenarios' scripts and expectations.
func TestCautiousMovementScenarios(t *testing.T) {
	playSeeds(t, "cautious-*.yaml", 2)
}
