package infinity

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/rulestest"
)

// hackYAML is a table with blue's troopers and red's, each given as
// "id profile x y facing".
func hackYAML(blue, red []string) string {
	side := func(seat string, ts []string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "  - seat: %s\n    troopers:\n", seat)
		var ids []string
		// The Lieutenant is the first trooper that can be one (not a REM);
		// with none, a fusilier in a far corner.
		lt := slices.IndexFunc(ts, func(t string) bool {
			return !strings.Contains(t, " remote ") && !strings.Contains(t, " ei-assault-hacker ")
		})
		if lt < 0 {
			lt = len(ts)
			ts = append(slices.Clip(ts), map[string]string{"blue": "lt-blue fusilier 30 2 0", "red": "lt-red fusilier 30 30 0"}[seat])
		}
		for i, t := range ts {
			var id, prof string
			var x, y, f float64
			fmt.Sscan(t, &id, &prof, &x, &y, &f)
			ids = append(ids, id)
			fmt.Fprintf(&b, "      - {id: %s, profile: %s, lieutenant: %v, models: [{id: %s, at: [%g, %g], facing: %g}]}\n", id, prof, i == lt, id, x, y, f)
		}
		fmt.Fprintf(&b, "    combat-groups: [{name: \"1\", troopers: [%s]}]\n", strings.Join(ids, ", "))
		return b.String()
	}
	return "name: test\nruleset: infinity-n4\ntable: {width: 32, height: 32}\nsides:\n" +
		side("blue", blue) + side("red", red) + "initiative: blue\nrounds: 2\n"
}

func hack(program, target string) Skill {
	return Skill{Name: SkillHack, Program: program, Target: target}
}

// Carbonite (Hacking (N3)) answered by Reset (Reset (N4)), end to end
// through `ordo play`: the scenario's forced dice and expectations.
func TestHackingCarboniteAnsweredByReset(t *testing.T) {
	var out strings.Builder
	if err := play.Run(ruleset(t), load(t, "../data/scenarios/seed/hacking-carbonite.yaml"), &out, play.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, line := range []string{
		"breacher spends a Regular Order: Hacking Program Carbonite on gunner",
		"SV WIP 14 +3 Attack MOD (Carbonite) = 17, dice 5x 12 vs gunner -> success",
		"gunner Reset (Face to Face Roll): SV WIP 13 = 13, dice 9x vs breacher -> failure",
		"gunner makes 2 Saving Rolls against breacher (Carbonite, Attack Damage 10): 4 15, 1 failed",
		"gunner enters IMM-1 (Carbonite)",
		"gunner is IMM-1: it may only Reset or Discover",
		"gunner leaves IMM-1 (successful Reset)",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("no %q in\n%s", line, out.String())
		}
	}
}

// Hacking Area (Hacking (N3)): the hacker's Zone of Control plus that of
// friendly Repeaters; the Repeaters of a Disabled, Isolated or Null bearer
// do not work, and a Disabled, Isolated or Null hacker cannot hack. No
// Line of Fire is needed: every hacker here faces away from its target.
func TestHackingArea(t *testing.T) {
	for _, c := range []struct {
		name   string
		blue   []string
		states func(*States) // on the signaller, when there is one
		hacker func(*States)
		want   string // "" for accepted
	}{
		{name: "target in the hacker's ZoC, no LoF", blue: []string{"breacher assault-hacker 10 10 270"}},
		{name: "target beyond the ZoC, no Repeater", blue: []string{"breacher assault-hacker 10 2 270"}, want: "outside breacher's Hacking Area"},
		{name: "a friendly Repeater's ZoC extends it", blue: []string{"breacher assault-hacker 10 2 270", "signaller signaller 10 10 270"}},
		{name: "Disabled bearer: its Repeater does not work", blue: []string{"breacher assault-hacker 10 2 270", "signaller signaller 10 10 270"},
			states: func(s *States) { s.Disabled = true }, want: "outside breacher's Hacking Area"},
		{name: "Isolated bearer: its Repeater does not work", blue: []string{"breacher assault-hacker 10 2 270", "signaller signaller 10 10 270"},
			states: func(s *States) { s.Isolated = true }, want: "outside breacher's Hacking Area"},
		{name: "Unconscious (Null) bearer: its Repeater does not work", blue: []string{"breacher assault-hacker 10 2 270", "signaller signaller 10 10 270"},
			states: func(s *States) { s.Unconscious = true }, want: "outside breacher's Hacking Area"},
		{name: "Disabled hacker cannot hack", blue: []string{"breacher assault-hacker 10 10 270"},
			hacker: func(s *States) { s.Disabled = true }, want: "cannot hack"},
		{name: "Isolated hacker cannot hack", blue: []string{"breacher assault-hacker 10 10 270"},
			hacker: func(s *States) { s.Isolated = true }, want: "Isolated"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, hackYAML(c.blue, []string{"gunner hmg 10 16 90"}), nil)
			if c.states != nil {
				c.states(&st.Troopers[st.trooperIndex("signaller")].States)
			}
			if c.hacker != nil {
				c.hacker(&st.Troopers[st.trooperIndex("breacher")].States)
			}
			// The hacker's own Irregular-free Order: its Lieutenant Special
			// Order works whatever its states (an Isolated trooper gets no
			// pool Order, Isolated (N4)).
			a := Activate{Trooper: "breacher", Order: OrderLieutenant, Skill: hack("carbonite", "gunner")}
			if c.want == "" {
				do(t, st, "blue", a)
				if st.Order.Step != StepARO1 {
					t.Fatalf("step %s, want the target's ARO window", st.Order.Step)
				}
				return
			}
			refused(t, st, "blue", a, rules.CodeIllegal, c.want)
		})
	}
}

// Declaring a program (Hacking (N3)): a program of the hacker's device, on
// a target of its target classes, not a marker still to be Discovered;
// the menu lists each program on each enemy with the reason it is greyed.
func TestHackingDeclaration(t *testing.T) {
	st := setup(t, hackYAML([]string{"breacher assault-hacker 10 10 270"},
		[]string{"gunner hmg 10 16 90", "rifleman line-trooper 12 16 90", "netrunner hacker-plus 28 28 90"}), nil)
	for _, c := range []struct {
		skill Skill
		code  rules.Code
		want  string
	}{
		{hack("brain-blast", "gunner"), rules.CodeIllegal, "carries no hacking device with Brain Blast"},
		{hack("no-such-program", "gunner"), rules.CodeBadAction, "unknown program"},
		{hack("carbonite", "rifleman"), rules.CodeIllegal, "Carbonite cannot target red-line-trooper-1"},
		{hack("carbonite", "nobody"), rules.CodeBadAction, "not an enemy model"},
		{hack("carbonite", "breacher"), rules.CodeBadAction, "not an enemy model"},
		{hack("overlord", "gunner"), rules.CodeIllegal, "Overlord cannot target red-heavy-gunner-1: it targets TAG"},
		{Skill{Name: SkillHack, Program: "carbonite", Target: "gunner", Weapon: "pistol"}, rules.CodeBadAction, "takes no weapon"},
	} {
		refused(t, st, "blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: c.skill}, c.code, c.want)
	}
	menu := st.Legal("blue")
	var offered, legal []string
	for _, o := range menu {
		a, ok := asAction[Activate](o.Action)
		if !ok || a.Skill.Name != SkillHack || a.Order != OrderRegular {
			continue
		}
		offered = append(offered, a.Skill.Program+"@"+a.Skill.Target)
		if o.Illegal == nil {
			legal = append(legal, a.Skill.Program+"@"+a.Skill.Target)
		} else if o.Illegal.Message() == "" {
			t.Errorf("%v greyed without a reason", a.Skill)
		}
	}
	for _, want := range []string{"carbonite@red-heavy-gunner-1", "carbonite@red-line-trooper-1", "overlord@red-heavy-gunner-1"} {
		if !strings.Contains(strings.Join(offered, " "), want) {
			t.Errorf("menu does not offer %s: %v", want, offered)
		}
	}
	// The programs played on the Heavy Gunner (HI, Hackable); on the
	// rifleman, neither Hackable nor a hacker, only Spotlight (any enemy).
	if got := strings.Join(legal, " "); got != "gotcha@red-heavy-gunner-1 spotlight@red-heavy-gunner-1 oblivion@red-heavy-gunner-1 basilisk@red-heavy-gunner-1 carbonite@red-heavy-gunner-1 spotlight@red-line-trooper-1" {
		t.Errorf("legal hacks %q", got)
	}
}

// Dodge (N4): "Dodge does not allow the user to evade Hacking Programs and
// other Comms Attacks, but the Reset Skill does". A target with only the
// program to answer may Reset and not Dodge; one that has the hacker in
// its ZoC may Dodge, and its Dodge is no Face to Face Roll against the
// program.
func TestHackingNoDodgeAgainstCommsAttack(t *testing.T) {
	st := setup(t, hackYAML([]string{"breacher assault-hacker 10 2 270", "signaller signaller 10 10 270"},
		[]string{"gunner hmg 10 16 90"}), nil)
	do(t, st, "blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "gunner")})
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "gunner", Skill: Skill{Name: SkillDodge}}}}, rules.CodeIllegal, "Dodge cannot oppose it")
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "gunner", Skill: Skill{Name: SkillReset}}}})

	st = setup(t, hackYAML([]string{"breacher assault-hacker 10 10 270"}, []string{"gunner hmg 10 16 90"}), nil)
	do(t, st, "blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "gunner")})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "gunner", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	// Carbonite 3 and 4, the Dodge 5, the two BTS rolls of each success.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 3, 4, 5, 20, 20, 20, 20)
	r := rolledBy(ev)
	if r["breacher"].Roll != "normal" || r["gunner"].Roll != "normal" || r["breacher"].Hits != 2 {
		t.Fatalf("rolls %+v: Carbonite and the Dodge must be Normal Rolls, Carbonite keeping its 2 successes", r)
	}
}

// Carbonite (Hacking (N3)): WIP +3, Opponent MOD 0, Damage 13, B2 in the
// Active Turn and B1 in ARO, DT (two BTS rolls per success), IMM-1 on a
// failed roll; Breaker halving BTS and the `criticals` ruling on its
// Critical.
func TestHackingCarboniteRolls(t *testing.T) {
	for _, c := range []struct {
		name    string
		rulings map[string]string
		dice    []int // Carbonite's dice, then the BTS rolls
		saves   int   // BTS rolls made
		imm1    bool
	}{
		{name: "one success, two BTS rolls (DT), one fails", dice: []int{5, 18, 4, 15}, saves: 2, imm1: true},
		{name: "one success, both BTS rolls pass", dice: []int{5, 18, 11, 15}, saves: 2},
		{name: "two successes, four BTS rolls", dice: []int{5, 6, 11, 12, 13, 14}, saves: 4},
		{name: "Critical (n4-extra-save): one more roll", dice: []int{17, 18, 11, 12, 13}, saves: 3},
		{name: "Critical (n3-auto-wound): the first roll fails unrolled, DT's second is made", rulings: map[string]string{"criticals": "n3-auto-wound"},
			dice: []int{17, 18, 20}, saves: 1, imm1: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, hackYAML([]string{"breacher assault-hacker 10 10 270"}, []string{"gunner hmg 10 16 90"}), c.rulings)
			do(t, st, "blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "gunner")})
			do(t, st, "red", AROs{})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			ev := do(t, st, rules.ChanceSeat, Resolve{}, c.dice...)
			r := rolledBy(ev)["breacher"]
			if r.SV.Value != 17 || len(r.Dice) != 2 {
				t.Fatalf("Carbonite rolled %+v, want SV 17 (WIP 14 +3) with B2", r)
			}
			saves := 0
			for _, e := range ev {
				if s, ok := e.(Saved); ok {
					saves += len(s.Faces)
					if s.AttackDamage != 10 {
						t.Errorf("Attack Damage %d, want 13 - BTS 3 = 10", s.AttackDamage)
					}
				}
			}
			if saves != c.saves || st.Troopers[st.trooperIndex("gunner")].States.Imm1 != c.imm1 {
				t.Fatalf("%d BTS rolls, IMM-1 %v; want %d, %v", saves, st.Troopers[1].States.Imm1, c.saves, c.imm1)
			}
		})
	}
	// In ARO, B1: the hacker reacts to the gunner walking into its Zone
	// of Control.
	st := setup(t, hackYAML([]string{"gunner hmg 10 21 90"}, []string{"breacher assault-hacker 10 10 270"}), nil)
	do(t, st, "blue", Activate{Trooper: "gunner", Order: OrderRegular, Skill: move([2]float64{10, 17})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "breacher", Skill: hack("carbonite", "gunner")}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 3, 4, 20)
	if r := rolledBy(ev)["breacher"]; len(r.Dice) != 1 || r.SV.Value != 17 {
		t.Fatalf("Carbonite in ARO rolled %+v, want B1 at SV 17", r)
	}
	if !st.Troopers[st.trooperIndex("gunner")].States.Imm1 {
		t.Fatal("the gunner failed a BTS roll in ARO and is not IMM-1")
	}
}

// The odds the menu shows for a program are the numbers resolution rolls
// (odds.PlanHack on the sides resolution builds): every triple of dice of
// Carbonite (B2) against Reset, with the BTS rolls the engine makes.
func TestHackingPreviewAgreesWithResolution(t *testing.T) {
	st := setup(t, hackYAML([]string{"breacher assault-hacker 10 2 270", "signaller signaller 10 10 270"},
		[]string{"gunner hmg 10 16 90"}), nil)
	do(t, st, "blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "gunner")})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "gunner", Skill: Skill{Name: SkillReset}}}})
	idle := Second{Skill: Skill{Name: SkillIdle}}
	// The odds of the Order as it stands, from the active seat.
	before := st.clone()
	got, err := st.Preview("blue", idle)
	if err != nil {
		t.Fatal(err)
	}
	if !stateEqual(t, before, st) {
		t.Fatal("Preview changed the state")
	}
	if len(got) != 1 || got[0].Roll != "face-to-face" || got[0].Against == nil || got[0].Against.Skill != SkillReset {
		t.Fatalf("Preview %+v, want Carbonite Face to Face against the Reset", got)
	}
	p := got[0]
	do(t, st, "blue", idle)
	var win, reset, imm float64
	const n = dice.Faces * dice.Faces * dice.Faces
	for k := range n {
		a, b, c := k%20+1, k/20%20+1, k/400+1
		s := st.clone()
		// BTS rolls of 20 pass (Attack Damage 10): the engine says how
		// many it makes.
		ev, err := s.Apply(rules.ChanceSeat, Resolve{}, mustScript(t, a, b, c, 20, 20, 20, 20, 20, 20))
		if err != nil {
			t.Fatal(err)
		}
		r := rolledBy(ev)
		if r["breacher"].SV.Value != p.SV.Value || r["gunner"].SV.Value != p.Against.SV.Value {
			t.Fatalf("the engine rolls SV %d against %d, Preview says %d against %d", r["breacher"].SV.Value, r["gunner"].SV.Value, p.SV.Value, p.Against.SV.Value)
		}
		if r["breacher"].Hits+r["breacher"].Crits > 0 {
			win += 1.0 / n
		}
		if r["gunner"].Hits+r["gunner"].Crits > 0 {
			reset += 1.0 / n
		}
		rolled, auto := 0, 0
		for _, e := range ev {
			if sv, ok := e.(Saved); ok {
				rolled += len(sv.Faces)
				auto += sv.Failed
			}
		}
		if auto == 0 {
			// Each BTS roll fails at 10 or under: half the faces.
			imm += (1 - math.Pow(0.5, float64(rolled))) / n
		} else {
			imm += 1.0 / n
		}
	}
	shownIMM := 0.0
	if len(p.Inflicts) > 0 {
		shownIMM = 1 - p.Inflicts[0]
	}
	for _, c := range []struct {
		what          string
		engine, shown float64
	}{{"Carbonite wins", win, p.Win}, {"Reset wins", reset, p.Against.Win}, {"IMM-1", imm, shownIMM}} {
		if math.Abs(c.engine-c.shown) > 1e-9 {
			t.Errorf("%s: engine %.6f, odds %.6f", c.what, c.engine, c.shown)
		}
	}
}

// Issue #14 target: one Carbonite Order answered by a Reset, from
// declaration to conclusion, under 20 µs.
func BenchmarkCarboniteOrder(b *testing.B) {
	t := &testing.T{}
	base := setup(t, hackYAML([]string{"breacher assault-hacker 10 2 270", "signaller signaller 10 10 270"},
		[]string{"gunner hmg 10 16 90"}), nil)
	benchOrder(b, base, []benchStep{
		{"blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", base.publicName(base.trooperIndex("gunner")))}},
		{"red", AROs{Declarations: []ARODecl{{Trooper: "gunner", Skill: Skill{Name: SkillReset}}}}},
		{"blue", Second{Skill: Skill{Name: SkillIdle}}},
	})
}

// Issue #14 acceptance: the conformance suite (replay, clone, round trip,
// canaries and the counterfactual leak check) over random playouts of a
// game with hackers, Repeaters, a TAG, HI and a REM on each side.
func TestHackingDemoConforms(t *testing.T) {
	n := testenv.Count(1, 200)
	rulestest.Run(t, ruleset(t), load(t, "../data/scenarios/hacking-demo.yaml"), rulestest.Options{Playouts: n, ReplayEvery: 25, TwinEvery: testenv.Count(6, 1)})
}

// Issue #14 target: a random playout of hacking-demo.yaml under 10 ms,
// choosing among Legal at every step as BenchmarkDemoPlayout does.
func BenchmarkHackingDemoPlayout(b *testing.B) {
	rs := ruleset(b)
	sc := load(b, "../data/scenarios/hacking-demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		st, err := rs.Setup(sc, r)
		if err != nil {
			b.Fatal(err)
		}
		playRandomly(b, st, seed, nil)
	}
}

// Each program played (Hacking (N3), the program table): its Attack MOD
// on the hacker's WIP, its Burst in the Active Turn and in ARO, its
// targets, the BTS rolls each success forces (Damage − BTS, Breaker, DT)
// and its effect on a failed roll.
func TestHackingPrograms(t *testing.T) {
	for _, c := range []struct {
		program, hacker, target string
		sv, burst, aroBurst     int // aroBurst 0: not declared in ARO
		attackDamage, saves     int // per success; saves 0: no BTS roll
		effect                  func(tr Trooper) bool
	}{
		{"blackout", "hacker-plus", "signaller", 15, 1, 1, 15, 1, func(tr Trooper) bool { return tr.States.Disabled }},
		{"gotcha", "assault-hacker", "hmg", 14, 2, 1, 10, 1, func(tr Trooper) bool { return tr.States.Imm1 }},
		{"spotlight", "assault-hacker", "line-trooper", 11, 1, 0, 0, 0, func(tr Trooper) bool { return tr.States.Targeted }},
		{"oblivion", "hacker-plus", "hmg", 15, 1, 1, 13, 1, func(tr Trooper) bool { return tr.States.Isolated }},
		{"basilisk", "assault-hacker", "hmg", 14, 3, 1, 10, 1, func(tr Trooper) bool { return tr.States.Imm1 }},
		{"carbonite", "assault-hacker", "hmg", 17, 2, 1, 10, 2, func(tr Trooper) bool { return tr.States.Imm1 }},
		{"brain-blast", "hacker-plus", "hacker", 15, 2, 1, 11, 1, func(tr Trooper) bool { return tr.States.Dead }},
		// Stop!: Breaker halves BTS 3 to 2 (rounding up).
		{"stop", "ei-assault-hacker", "hmg", 15, 2, 1, 14, 1, func(tr Trooper) bool { return tr.States.Imm1 }},
		{"sucker-punch", "hacker-plus", "hacker", 15, 1, 1, 13, 2, func(tr Trooper) bool { return tr.States.Dead }},
	} {
		t.Run(c.program, func(t *testing.T) {
			// Active Turn: the hacker 6" from its target, both facing away.
			st := setup(t, hackYAML([]string{"attacker " + c.hacker + " 10 10 270"}, []string{"target " + c.target + " 10 16 90"}), nil)
			do(t, st, "blue", Activate{Trooper: "attacker", Order: OrderRegular, Skill: hack(c.program, "target")})
			if st.Order.Step == StepARO1 {
				do(t, st, "red", AROs{})
			}
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			// Every roll a 2 (a success), every BTS roll a 1 (a failure).
			faces := make([]int, c.burst, c.burst+c.burst*c.saves)
			for i := range faces {
				faces[i] = 2
			}
			for range c.burst * c.saves {
				faces = append(faces, 1)
			}
			ev := do(t, st, rules.ChanceSeat, Resolve{}, faces...)
			r := rolledBy(ev)["attacker"]
			if r.SV.Value != c.sv || len(r.Dice) != c.burst || r.Hits != c.burst {
				t.Fatalf("rolled %+v: want SV %d with B%d, all successes", r, c.sv, c.burst)
			}
			saves := 0
			for _, e := range ev {
				if sv, ok := e.(Saved); ok {
					saves += len(sv.Faces)
					if sv.AttackDamage != c.attackDamage {
						t.Errorf("Attack Damage %d, want %d", sv.AttackDamage, c.attackDamage)
					}
				}
			}
			if saves != c.burst*c.saves {
				t.Errorf("%d BTS rolls, want %d a success", saves, c.saves)
			}
			if tr := st.Troopers[st.trooperIndex("target")]; !c.effect(tr) {
				t.Errorf("the target is %v after the program", tr.States)
			}
			// In ARO: the target walks into the hacker's Zone of Control.
			st = setup(t, hackYAML([]string{"target " + c.target + " 10 21 90"}, []string{"attacker " + c.hacker + " 10 10 270"}), nil)
			do(t, st, "blue", Activate{Trooper: "target", Order: OrderRegular, Skill: move([2]float64{10, 17})})
			aro := AROs{Declarations: []ARODecl{{Trooper: "attacker", Skill: hack(c.program, "target")}}}
			if c.aroBurst == 0 {
				refused(t, st, "red", aro, rules.CodeIllegal, "cannot be declared in ARO")
				return
			}
			do(t, st, "red", aro)
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			faces = []int{2}
			for range c.saves {
				faces = append(faces, 20)
			}
			ev = do(t, st, rules.ChanceSeat, Resolve{}, faces...)
			if r := rolledBy(ev)["attacker"]; len(r.Dice) != c.aroBurst {
				t.Fatalf("in ARO rolled %+v, want B%d", r, c.aroBurst)
			}
		})
	}
}

// Durations (Hacking (N3)): "Turn" ends at the end of the Player Turn of
// the declaration (Spotlight's Targeted), "2 Turns" at the end of the
// following one (Gotcha!'s IMM-1); a program without a duration lasts
// until cancelled (Carbonite's IMM-1), even over a shorter one.
func TestHackingDurations(t *testing.T) {
	resolve := func(st *State, k Skill, faces ...int) {
		t.Helper()
		src := OrderRegular
		if !st.poolLeft(st.trooperIndex("breacher")) {
			src = OrderLieutenant
		}
		do(t, st, "blue", Activate{Trooper: "breacher", Order: src, Skill: k})
		if st.Order.Step == StepARO1 {
			do(t, st, "red", AROs{})
		}
		do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
		do(t, st, rules.ChanceSeat, Resolve{}, faces...)
		if st.Order != nil && st.Order.Step == StepAlert {
			do(t, st, "red", Alert{})
		}
	}
	gunner := func(st *State) States { return st.Troopers[st.trooperIndex("gunner")].States }
	yaml := hackYAML([]string{"breacher assault-hacker 10 10 270"}, []string{"gunner hmg 10 16 90"})

	st := setup(t, yaml, nil)
	resolve(st, hack("spotlight", "gunner"), 2)
	if !gunner(st).Targeted {
		t.Fatal("Spotlight did not make the gunner Targeted")
	}
	do(t, st, "blue", EndOrders{})
	if gunner(st).Targeted {
		t.Fatal("Spotlight's Targeted (Turn) outlived the Player Turn")
	}

	st = setup(t, yaml, nil)
	resolve(st, hack("gotcha", "gunner"), 2, 3, 1, 1)
	do(t, st, "blue", EndOrders{})
	if !gunner(st).Imm1 {
		t.Fatal("Gotcha!'s IMM-1 (2 Turns) ended with the Player Turn of its declaration")
	}
	do(t, st, "red", EndOrders{})
	if gunner(st).Imm1 {
		t.Fatal("Gotcha!'s IMM-1 (2 Turns) outlived the following Player Turn")
	}

	st = setup(t, yaml, nil)
	resolve(st, hack("gotcha", "gunner"), 2, 3, 1, 1)
	resolve(st, hack("carbonite", "gunner"), 2, 3, 1, 1, 1, 1)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", EndOrders{})
	if !gunner(st).Imm1 {
		t.Fatal("Carbonite's IMM-1 (no duration) ended with Gotcha!'s")
	}
}

// Stop! (Hacking (N3)): "the two rolls may be split between one or two
// targets"; no more than two, the whole Burst assigned, none in ARO.
func TestHackingStopSplit(t *testing.T) {
	st := setup(t, hackYAML([]string{"intruder ei-assault-hacker 10 10 270"},
		[]string{"gunner hmg 10 16 90", "hacker hacker 14 14 90", "remote remote 6 14 90"}), nil)
	split := func(shares ...BurstShare) Activate {
		return Activate{Trooper: "intruder", Order: OrderRegular, Skill: Skill{Name: SkillHack, Program: "stop", Split: shares}}
	}
	refused(t, st, "blue", split(BurstShare{"gunner", 1}, BurstShare{"hacker", 1}, BurstShare{"remote", 1}), rules.CodeIllegal, "at most 2 targets")
	refused(t, st, "blue", split(BurstShare{"gunner", 1}), rules.CodeIllegal, "assigns 1 rolls of Stop!'s B2")
	refused(t, st, "blue", split(BurstShare{"gunner", 1}, BurstShare{"gunner", 1}), rules.CodeBadAction, "each target once")
	do(t, st, "blue", split(BurstShare{"gunner", 1}, BurstShare{"hacker", 1}))
	if st.Order.Step == StepARO1 {
		do(t, st, "red", AROs{})
	}
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	// One roll on each, each a success; each forces one BTS roll, failed.
	do(t, st, rules.ChanceSeat, Resolve{}, 2, 3, 1, 1)
	for _, id := range []string{"gunner", "hacker"} {
		if !st.Troopers[st.trooperIndex(id)].States.Imm1 {
			t.Errorf("%s is not IMM-1 after its share of Stop!", id)
		}
	}
}

// The Defense Protocols (Hacking (N3)): Breakwater (Opponent MOD −6),
// Counterstrike (−3 and −3; a win reflects the attack on its hacker) and
// Zero Pain (two rolls even in ARO) answer a Hacking Attack on their user
// in ARO, wherever the attacking hacker is, Face to Face; a win nullifies
// the attack.
func TestHackingDefenceProgram(t *testing.T) {
	for _, c := range []struct {
		program         string
		attackSV, defSV int
		faces           []int // Carbonite's two dice, the defence's, then BTS rolls
		defDice         int
		breacherIMM1    bool
	}{
		{"breakwater", 11, 14, []int{5, 6, 10}, 1, false},
		{"counterstrike", 14, 11, []int{3, 4, 9, 1, 20}, 1, true},
		{"zero-pain", 17, 14, []int{3, 4, 8, 2}, 2, false},
	} {
		t.Run(c.program, func(t *testing.T) {
			st := setup(t, hackYAML([]string{"breacher assault-hacker 10 10 270"},
				[]string{"warden defensive-hacker 10 16 90", "other defensive-hacker 4 16 90"}), nil)
			// Not in the Active Turn: there is no attack to answer.
			dh := setup(t, hackYAML([]string{"dh defensive-hacker 10 10 270"}, []string{"warden defensive-hacker 10 16 90"}), nil)
			refused(t, dh, "blue", Activate{Trooper: "dh", Order: OrderRegular, Skill: hack(c.program, "warden")}, rules.CodeIllegal, "no program has been declared against")
			do(t, st, "blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "warden")})
			// Only the program's target may answer with a Defense Protocol.
			refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "other", Skill: hack(c.program, "breacher")}}}, rules.CodeIllegal, "attacks no one with a program here")
			do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "warden", Skill: hack(c.program, "breacher")}}})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			ev := do(t, st, rules.ChanceSeat, Resolve{}, c.faces...)
			r := rolledBy(ev)
			if r["breacher"].SV.Value != c.attackSV || r["warden"].SV.Value != c.defSV || len(r["warden"].Dice) != c.defDice || r["breacher"].Roll != "face-to-face" {
				t.Fatalf("rolls %+v: want Carbonite at SV %d Face to Face against %s at SV %d with %d dice", r, c.attackSV, c.program, c.defSV, c.defDice)
			}
			if r["breacher"].Hits+r["breacher"].Crits != 0 {
				t.Fatalf("Carbonite kept %d successes against a winning %s", r["breacher"].Hits, c.program)
			}
			if st.Troopers[st.trooperIndex("warden")].States.Imm1 {
				t.Error("the warden is IMM-1: the attack was not nullified")
			}
			if got := st.Troopers[st.trooperIndex("breacher")].States.Imm1; got != c.breacherIMM1 {
				t.Errorf("the breacher's IMM-1 is %v, want %v (Counterstrike reflects)", got, c.breacherIMM1)
			}
		})
	}
}

// Gotcha! with its 2 Turns, Brain Blast against Brain Blast in ARO, and
// Counterstrike reflecting Carbonite (Hacking (N3)), through `ordo play`:
// the scenario's forced dice and expectations.
func TestHackingProgramsScenario(t *testing.T) {
	var out strings.Builder
	if err := play.Run(ruleset(t), load(t, "../data/scenarios/seed/hacking-programs.yaml"), &out, play.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, line := range []string{
		"gunner enters IMM-1 (Gotcha!)",
		"sysop Hacking Program (Face to Face Roll): SV WIP 14 = 14, dice 9x vs netrunner -> failure",
		"sysop loses 1 point of W/STR, 0 left: Unconscious, Prone",
		"gunner leaves IMM-1 (Gotcha! ends)",
		"SV WIP 14 +3 Attack MOD (Carbonite) -3 Opponent MOD (Counterstrike) = 14",
		"breacher makes 2 Saving Rolls against warden (Carbonite, Attack Damage 10): 1 20, 1 failed",
		"breacher enters IMM-1 (Carbonite)",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("no %q in\n%s", line, out.String())
		}
	}
}

// finishHackOrder answers every window of the Order in progress with nothing
// (no ARO, no second skill, nobody turns), and resolves with faces.
func finishHackOrder(t *testing.T, st *State, faces ...int) {
	t.Helper()
	for st.Order != nil {
		p := st.Prompt()
		switch st.Order.Step {
		case StepARO1, StepARO2:
			do(t, st, p.Seats[0], AROs{})
		case StepSecond:
			do(t, st, p.Seats[0], Second{Skill: Skill{Name: SkillIdle}})
		case StepResolve:
			do(t, st, rules.ChanceSeat, Resolve{}, faces...)
		case StepAlert:
			do(t, st, p.Seats[0], Alert{})
		default:
			t.Fatalf("step %s", st.Order.Step)
		}
	}
}

// Fairy Dust (Supportware, Hacking (N3)): an Entire Order with no roll;
// every HI of the user's army list gains a Firewall (−3 to the WIP of a
// hacker attacking it, +3 BTS) until the end of the following Player
// Turn; it ends at once when its hacker is Isolated (Supportware).
func TestHackingFairyDust(t *testing.T) {
	yaml := hackYAML([]string{"netrunner hacker-plus 10 10 270", "gunner hmg 16 10 270", "tag manned-tag 4 10 270"},
		[]string{"breacher assault-hacker 13 16 90"})
	st := setup(t, yaml, nil)
	refused(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: hack("fairy-dust", "gunner")}, rules.CodeBadAction, "takes no target")
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: Skill{Name: SkillHack, Program: "fairy-dust"}})
	if st.Order.Step == StepSecond {
		t.Fatal("Fairy Dust is an Entire Order: no second skill")
	}
	finishHackOrder(t, st)
	gunner, tag := st.trooperIndex("gunner"), st.trooperIndex("tag")
	if !st.Troopers[gunner].States.Firewall || st.Troopers[tag].States.Firewall {
		t.Fatalf("after Fairy Dust: gunner %v, TAG %v; want a Firewall on the HI only", st.Troopers[gunner].States, st.Troopers[tag].States)
	}
	do(t, st, "blue", EndOrders{})
	// Red's Carbonite on the gunner: WIP 14 +3 −3 Firewall = 14; BTS rolls
	// against 13 − 3 − 3 = 7.
	do(t, st, "red", Activate{Trooper: "breacher", Order: OrderLieutenant, Skill: hack("carbonite", "gunner")})
	for st.Order.Step != StepResolve {
		p := st.Prompt()
		if st.Order.Step == StepSecond {
			do(t, st, p.Seats[0], Second{Skill: Skill{Name: SkillIdle}})
		} else {
			do(t, st, p.Seats[0], AROs{})
		}
	}
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 2, 3, 20, 20, 20, 20)
	if r := rolledBy(ev)["breacher"]; r.SV.Value != 14 {
		t.Errorf("Carbonite on a Firewall: SV %d, want 14", r.SV.Value)
	}
	for _, e := range ev {
		if sv, ok := e.(Saved); ok && sv.AttackDamage != 7 {
			t.Errorf("BTS rolls against a Firewall at %d, want 7", sv.AttackDamage)
		}
	}
	finishHackOrder(t, st)
	// Oblivion isolates the netrunner: his Supportware ends at once.
	do(t, st, "red", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("oblivion", "netrunner")})
	for st.Order.Step != StepResolve {
		p := st.Prompt()
		if st.Order.Step == StepSecond {
			do(t, st, p.Seats[0], Second{Skill: Skill{Name: SkillIdle}})
		} else {
			do(t, st, p.Seats[0], AROs{})
		}
	}
	do(t, st, rules.ChanceSeat, Resolve{}, 2, 1)
	if !st.Troopers[st.trooperIndex("netrunner")].States.Isolated || st.Troopers[gunner].States.Firewall {
		t.Fatalf("netrunner %v, gunner %v: the Isolated hacker's Fairy Dust must end", st.Troopers[st.trooperIndex("netrunner")].States, st.Troopers[gunner].States)
	}

	// Without Oblivion, the Firewall lasts to the end of red's turn.
	st = setup(t, yaml, nil)
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: Skill{Name: SkillHack, Program: "fairy-dust"}})
	finishHackOrder(t, st)
	do(t, st, "blue", EndOrders{})
	if !st.Troopers[gunner].States.Firewall {
		t.Fatal("Fairy Dust ended with the Player Turn of its declaration")
	}
	do(t, st, "red", EndOrders{})
	if st.Troopers[gunner].States.Firewall {
		t.Fatal("Fairy Dust outlived the following Player Turn")
	}
}

// Enhanced Reaction (Supportware, Hacking (N3)): an Entire Order on one
// allied REM in the Hacking Area that benefits from no other GADGET
// program; the REM rolls B2 in ARO until the end of the following Player
// Turn.
func TestHackingEnhancedReaction(t *testing.T) {
	st := setup(t, hackYAML([]string{"netrunner hacker-plus 10 10 270", "remote remote 14 10 90", "hk hacker 18 10 270"},
		[]string{"rifleman line-trooper 14 26 270"}), nil)
	refused(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: Skill{Name: SkillHack, Program: "enhanced-reaction"}}, rules.CodeBadAction, "names one allied REM")
	refused(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: hack("enhanced-reaction", "hk")}, rules.CodeIllegal, "cannot target hk")
	var offered bool
	for _, o := range st.Legal("blue") {
		if a, ok := asAction[Activate](o.Action); ok && a.Trooper == "netrunner" && a.Skill.Program == "enhanced-reaction" && a.Skill.Target == "remote" && o.Illegal == nil {
			offered = true
		}
	}
	if !offered {
		t.Error("the menu does not offer Enhanced Reaction on the REM")
	}
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: hack("enhanced-reaction", "remote")})
	finishHackOrder(t, st)
	if !st.Troopers[st.trooperIndex("remote")].States.EnhancedReaction {
		t.Fatal("the REM did not gain Enhanced Reaction")
	}
	refused(t, st, "blue", Activate{Trooper: "hk", Order: OrderRegular, Skill: hack("enhanced-reaction", "remote")}, rules.CodeIllegal, "one GADGET program at a time")
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "rifleman", Order: OrderRegular, Skill: move([2]float64{14, 22})})
	do(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "remote", Skill: Skill{Name: SkillBSAttack, Target: "rifleman", Weapon: "combi-rifle"}}}})
	do(t, st, "red", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 20, 20)
	if r := rolledBy(ev)["remote"]; len(r.Dice) != 2 {
		t.Fatalf("the REM rolled %+v in ARO, want B2", r)
	}
}

// Controlled Jump (Supportware, Hacking (N3)): an Entire Order with no
// roll; the allies who may Combat Jump get +3 PH to it for the rest of
// the Player Turn.
func TestHackingControlledJump(t *testing.T) {
	st := setup(t, `name: test
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: hk, profile: hacker, lieutenant: true, models: [{id: hk, at: [4, 4], facing: 270}]}
      - {id: cat, profile: hellcat, deployment: reserve}
    combat-groups: [{name: "1", troopers: [hk, cat]}]
    deployment-zone: [[0, 0], [24, 6]]
  - seat: red
    troopers:
      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, at: [20, 22], facing: 0}]}
    combat-groups: [{name: "1", troopers: [zhanshi]}]
initiative: blue
rounds: 1
`, nil)
	do(t, st, "blue", Activate{Trooper: "hk", Order: OrderLieutenant, Skill: Skill{Name: SkillHack, Program: "controlled-jump"}})
	finishHackOrder(t, st)
	if !st.Troopers[st.trooperIndex("cat")].States.ControlledJump {
		t.Fatal("the Hellcat did not gain Controlled Jump")
	}
	do(t, st, "blue", Activate{Trooper: "cat", Order: OrderRegular, Skill: Skill{Name: SkillCombatJump, Route: [][2]float64{{12, 12}}}})
	ev := do(t, st, rules.ChanceSeat, Land{}, 14)
	if r := rolledBy(ev)["cat"]; r.SV.Value != 15 {
		t.Fatalf("the Combat Jump rolled %+v, want PH 12 +3 Controlled Jump = 15", r)
	}
}

// Fairy Dust (Supportware, Hacking (N3)) on an HI that is a Camouflaged
// marker: the opponent sees a marker and nothing else of it (Camouflaged
// (N4)), so the Firewall it gains, and loses, reaches its owner only: the
// event would tell which marker is an HI.
func TestHackingFairyDustKeepsMarkersSecret(t *testing.T) {
	st := setup(t, hackYAML([]string{"netrunner hacker-plus 10 10 270", "gunner hmg 16 10 270"},
		[]string{"breacher assault-hacker 13 16 90"}), nil)
	gunner := st.trooperIndex("gunner")
	st.Troopers[gunner].States.Camouflaged, st.Troopers[gunner].Marker = true, "M1"
	var events []rules.Event
	events = append(events, do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: Skill{Name: SkillHack, Program: "fairy-dust"}})...)
	for st.Order != nil {
		p := st.Prompt()
		switch st.Order.Step {
		case StepARO1, StepARO2:
			events = append(events, do(t, st, p.Seats[0], AROs{})...)
		case StepResolve:
			events = append(events, do(t, st, rules.ChanceSeat, Resolve{})...)
		case StepAlert:
			events = append(events, do(t, st, p.Seats[0], Alert{})...)
		default:
			t.Fatalf("step %s", st.Order.Step)
		}
	}
	if !st.Troopers[gunner].States.Firewall {
		t.Fatal("Fairy Dust gave the camouflaged HI no Firewall")
	}
	events = append(events, do(t, st, "blue", EndOrders{})...)
	events = append(events, do(t, st, "red", EndOrders{})...)
	if st.Troopers[gunner].States.Firewall {
		t.Fatal("Fairy Dust outlived the following Player Turn")
	}
	own := 0
	for _, e := range events {
		sc, ok := e.(StateChanged)
		if !ok || sc.State != "Firewall" {
			continue
		}
		if _, ok := st.Redact(e, rules.PlayerView("blue")); ok {
			own++
		}
		for _, v := range []rules.Viewer{rules.PlayerView("red"), rules.Spectator()} {
			if got, ok := st.Redact(e, v); ok {
				t.Errorf("%v sees %+v: it tells which marker is an HI", v, got)
			}
		}
	}
	if own != 2 {
		t.Errorf("blue saw %d Firewall changes on its gunner, want 2 (on, then off)", own)
	}
}

// Reset (N4); Hacking (N3): a trooper may Reset in ARO without Line of Fire
// when it is the target of a Hacking Attack. A hacker whose Hacking Area
// (here a Repeater's Zone of Control) the active trooper merely crosses,
// out of its own LoF and ZoC, may answer with a program, not with Reset.
func TestHackingResetWithoutLoFOnlyForTheTarget(t *testing.T) {
	yaml := hackYAML([]string{"gunner hmg 10 21 90"}, []string{"breacher assault-hacker 30 2 270", "signaller signaller 10 10 270"})
	st := setup(t, yaml, nil)
	do(t, st, "blue", Activate{Trooper: "gunner", Order: OrderRegular, Skill: move([2]float64{10, 17})})
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "breacher", Skill: Skill{Name: SkillReset}}}}, rules.CodeIllegal, "target of no Hacking Attack")
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "breacher", Skill: hack("carbonite", "gunner")}}})

	// The target of a program may Reset without LoF.
	st = setup(t, hackYAML([]string{"breacher assault-hacker 10 10 270"}, []string{"gunner hmg 10 16 90"}), nil)
	do(t, st, "blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "gunner")})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "gunner", Skill: Skill{Name: SkillReset}}}})
}

// Hacking (N3): a program the engine does not play yet is greyed with a
// reason that is true of it: Supportware is played (Fairy Dust), so a
// Supportware program that is refused says what sets it apart (its roll).
func TestHackingGreyedReason(t *testing.T) {
	cat := ruleset(t).Catalog
	for _, c := range []struct{ id, want string }{
		{"cybermask", ""},
		{"lockpicker", ""},
		{"white-noise", ""},
		{"fairy-dust", ""},
		{"carbonite", ""},
	} {
		p, ok := cat.Program(c.id)
		if !ok {
			t.Fatalf("no program %s", c.id)
		}
		if got := playable(&p); !strings.Contains(got, c.want) || (c.want == "") != (got == "") {
			t.Errorf("%s: reason %q, want %q", p.Name, got, c.want)
		}
	}
	// A Supportware with a roll and an effect not played (a Cybermask
	// made to do something else) says so.
	p, _ := cat.Program("cybermask")
	p.Effect = "white-noise"
	if got := playable(&p); !strings.Contains(got, "Supportware with a roll is not played yet") {
		t.Errorf("a Supportware with a roll: reason %q", got)
	}
}
