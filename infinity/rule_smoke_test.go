package infinity

import (
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/rulestest"
)

// smokeSkill is a Smoke throw at p.
func smokeSkill(p [2]float64) Skill {
	return Skill{Name: SkillBSAttack, Weapon: "smoke-grenades", Point: &p}
}

// smokeState is blue's Smoke Specialist at (10, 4) facing the watcher of
// profile prof at (10, 20), who faces him.
func smokeState(t *testing.T, prof string) *State {
	t.Helper()
	return setup(t, hackYAML([]string{"smoker smoke-specialist 10 4 90"}, []string{"watcher " + prof + " 10 20 270"}), nil)
}

// Smoke Ammunition (N4): thrown at a point, the template is laid at the
// declaration and is a Zero Visibility Zone: the watcher has no Line of
// Fire through it and gets no ARO (a Move alone is seen). A Multispectral
// Visor L2 sees through it. The throw is a Normal Roll at PH with the
// Range MOD; a failure removes the template; it ends with the Player Turn.
func TestSmoke(t *testing.T) {
	st := smokeState(t, "fusilier")
	do(t, st, "blue", Activate{Trooper: "smoker", Order: OrderRegular, Skill: move([2]float64{10, 6})})
	if st.Order.Step != StepARO1 {
		t.Fatalf("a Move in plain sight: step %s, want the ARO window", st.Order.Step)
	}

	for _, c := range []struct {
		name  string
		die   int
		stays bool
	}{{"a success keeps the template", 5, true}, {"a failure removes it", 15, false}} {
		t.Run(c.name, func(t *testing.T) {
			st := smokeState(t, "fusilier")
			ev := do(t, st, "blue", Activate{Trooper: "smoker", Order: OrderRegular, Skill: smokeSkill([2]float64{10, 8})})
			if len(st.Smoke) != 1 || !hasKind(ev, "smoke") {
				t.Fatalf("smoke %+v, events %v: want the template laid at declaration", st.Smoke, ev)
			}
			if st.Order.Step != StepSecond {
				t.Fatalf("step %s: the watcher sees nothing through the Smoke", st.Order.Step)
			}
			do(t, st, "blue", Second{Skill: move([2]float64{10.5, 6})})
			if st.Order.Step != StepResolve {
				t.Fatalf("step %s: the move behind the Smoke is unseen", st.Order.Step)
			}
			ev = do(t, st, rules.ChanceSeat, Resolve{}, c.die)
			if r := rolledBy(ev)["smoker"]; r.SV.Value != 12 || r.Roll != "normal" {
				t.Fatalf("the throw %+v: want a Normal Roll at PH 12", r)
			}
			if (len(st.Smoke) == 1) != c.stays {
				t.Fatalf("smoke %+v after a %d", st.Smoke, c.die)
			}
			if c.stays {
				do(t, st, "blue", EndOrders{})
				if len(st.Smoke) != 0 {
					t.Fatalf("the Smoke outlived the Player Turn: %+v", st.Smoke)
				}
			}
		})
	}

	st = smokeState(t, "msv-marksman")
	do(t, st, "blue", Activate{Trooper: "smoker", Order: OrderRegular, Skill: smokeSkill([2]float64{10, 8})})
	if st.Order.Step != StepARO1 {
		t.Fatalf("step %s: a Multispectral Visor L2 sees through Smoke", st.Order.Step)
	}
}

// Multispectral Visor (N4) L1 and Smoke: it draws Line of Fire through
// the Zero Visibility Zone at −6, and does not face the throw.
func TestSmokeAndVisorL1(t *testing.T) {
	st := smokeState(t, "msv-rifleman")
	do(t, st, "blue", Activate{Trooper: "smoker", Order: OrderRegular, Skill: smokeSkill([2]float64{10, 8})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillBSAttack, Target: "smoker", Weapon: "combi-rifle"}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 5, 20)
	r := rolledBy(ev)["watcher"]
	if r.Roll != "normal" || !strings.Contains(r.SV.String(), "-6 Zero Visibility Zone") {
		t.Fatalf("the L1 watcher's shot %+v: want a Normal Roll with -6 Zero Visibility Zone", r)
	}
}

// Smoke Ammunition (N4): the throw is Face to Face against an enemy attack
// on the thrower whose Line of Fire passes through the zone (declared
// before the Smoke, in the first ARO window): winning it, the attack
// fails and the template stays; losing it, the template goes and the
// attack lands.
func TestSmokeFaceToFace(t *testing.T) {
	for _, c := range []struct {
		name  string
		dice  []int // the throw, the watcher's shot, then any Saving Roll
		stays bool
	}{
		{"the throw wins", []int{10, 4}, true},
		{"the shot wins", []int{4, 10, 1}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := smokeState(t, "fusilier")
			do(t, st, "blue", Activate{Trooper: "smoker", Order: OrderRegular, Skill: move([2]float64{10, 6})})
			do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillBSAttack, Target: "smoker", Weapon: "combi-rifle"}}}})
			do(t, st, "blue", Second{Skill: smokeSkill([2]float64{10, 9})})
			if st.Order.Step == StepARO2 {
				do(t, st, "red", AROs{})
			}
			ev := do(t, st, rules.ChanceSeat, Resolve{}, c.dice...)
			r := rolledBy(ev)
			if r["smoker"].Roll != "face-to-face" || r["watcher"].Roll != "face-to-face" {
				t.Fatalf("rolls %+v: want the throw Face to Face with the shot", r)
			}
			if (len(st.Smoke) == 1) != c.stays {
				t.Fatalf("smoke %+v", st.Smoke)
			}
			if hit := r["watcher"].Hits+r["watcher"].Crits > 0; hit == c.stays {
				t.Fatalf("the shot %+v: it fails exactly when the throw wins", r["watcher"])
			}
		})
	}
}

// Smoke Ammunition (N4) is Targetless: a throw names a point and no
// target, in Line of Fire and range, on the table; the menu offers it
// between the thrower and each enemy, never at an enemy.
func TestSmokeRequirements(t *testing.T) {
	st := smokeState(t, "fusilier")
	p := [2]float64{10, 8}
	withTarget := Skill{Name: SkillBSAttack, Weapon: "smoke-grenades", Target: "watcher", Point: &p}
	refused(t, st, "blue", Activate{Trooper: "smoker", Order: OrderRegular, Skill: withTarget}, rules.CodeBadAction, "Targetless")
	refused(t, st, "blue", Activate{Trooper: "smoker", Order: OrderRegular, Skill: smokeSkill([2]float64{4, 22})}, rules.CodeIllegal, "out of range")
	refused(t, st, "blue", Activate{Trooper: "smoker", Order: OrderRegular, Skill: smokeSkill([2]float64{40, 8})}, rules.CodeBadAction, "off the table")
	offered := 0
	for _, o := range st.Legal("blue") {
		a, ok := asAction[Activate](o.Action)
		if !ok || a.Skill.Weapon != "smoke-grenades" {
			continue
		}
		if a.Skill.Target != "" {
			t.Errorf("the menu offers Smoke at an enemy: %v", a.Skill)
		}
		if a.Skill.Point != nil && o.Illegal == nil {
			offered++
		}
	}
	if offered == 0 {
		t.Error("the menu offers no Smoke throw")
	}
}

// hasKind reports an event of the kind among events.
func hasKind(events []rules.Event, kind string) bool {
	for _, e := range events {
		if e.Kind() == kind {
			return true
		}
	}
	return false
}

// Smoke Ammunition (N4) through `ordo play`: the forced scenario's script
// and expectations.
func TestSmokeScenarios(t *testing.T) { playSeeds(t, "smoke-*.yaml", 1) }

// Smoke Ammunition (N4) in the menu's odds: red's shot that a Smoke throw
// will face shows the throw against it, and nothing breaks on a roll with
// no target.
func TestSmokeInPreview(t *testing.T) {
	st := smokeState(t, "fusilier")
	do(t, st, "blue", Activate{Trooper: "smoker", Order: OrderRegular, Skill: move([2]float64{10, 6})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillBSAttack, Target: "smoker", Weapon: "combi-rifle"}}}})
	if _, err := st.Preview("blue", Second{Skill: smokeSkill([2]float64{10, 9})}); err != nil {
		t.Fatal(err)
	}
}

// The N4 demo (Smoke Ammunition (N4), Impact Template Weapons (N4),
// Speculative Attack (N4), Stealth (N4), Cautious Movement (N4) with a
// Doctor and Hidden Deployment) passes the conformance suite: random
// playouts, replays and the counterfactual check (200 playouts with
// ORDO_LONG=1).
func TestN4DemoConforms(t *testing.T) {
	n := testenv.Count(4, 200)
	rulestest.Run(t, ruleset(t), load(t, "../data/scenarios/n4-demo.yaml"), rulestest.Options{Playouts: n, ReplayEvery: 25, TwinEvery: testenv.Count(4, 1)})
}

// BenchmarkN4DemoPlayout is one random playout of the N4 demo, setup
// included (docs/PERFORMANCE.md).
func BenchmarkN4DemoPlayout(b *testing.B) {
	rs := ruleset(b)
	sc := load(b, "../data/scenarios/n4-demo.yaml")
	for i := range b.N {
		st := setupScenario(b, rs, sc, sc.Rulings)
		playRandomly(b, st, uint64(i), nil)
	}
}

// Smoke Ammunition (N4) in ARO: the reactive trooper throws Smoke between
// itself and the active trooper shooting at it; the template is laid at
// the declaration and the throw is Face to Face with the shot, whose Line
// of Fire passes through the zone. Winning, it stops the shot and stays;
// losing, it goes and the surviving successes land.
func TestSmokeInARO(t *testing.T) {
	for _, c := range []struct {
		name  string
		dice  []int // the shot's three dice, the throw, then Saving Rolls
		stays bool
		saved []string
	}{
		{"the throw beats the shot", []int{3, 4, 5, 10}, true, nil},
		{"the shot beats the throw", []int{14, 2, 3, 10, 1}, false, []string{"smoker"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, hackYAML([]string{"shooter fusilier 10 4 90"}, []string{"smoker smoke-specialist 10 12 270"}), nil)
			do(t, st, "blue", Activate{Trooper: "shooter", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "smoker", Weapon: "combi-rifle"}})
			offered := false
			for _, o := range st.Legal("red") {
				if a, ok := asAction[AROs](o.Action); ok && len(a.Declarations) == 1 && a.Declarations[0].Skill.Weapon == "smoke-grenades" && o.Illegal == nil {
					offered = true
				}
			}
			if !offered {
				t.Error("the ARO menu offers no Smoke throw")
			}
			ev := do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "smoker", Skill: smokeSkill([2]float64{10, 8})}}})
			if len(st.Smoke) != 1 || !hasKind(ev, "smoke") {
				t.Fatalf("smoke %+v: want the template laid at the ARO's declaration", st.Smoke)
			}
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			ev = do(t, st, rules.ChanceSeat, Resolve{}, c.dice...)
			r := rolledBy(ev)
			if r["shooter"].Roll != "face-to-face" || r["smoker"].Roll != "face-to-face" {
				t.Fatalf("rolls %+v: want the shot Face to Face with the throw", r)
			}
			if (len(st.Smoke) == 1) != c.stays {
				t.Fatalf("smoke %+v", st.Smoke)
			}
			if got := savedOn(ev); !slices.Equal(got, c.saved) {
				t.Fatalf("Saving Rolls by %v, want %v", got, c.saved)
			}
		})
	}
}
