package infinity

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
)

// hackYAML is a table with blue's troopers and red's, each given as
// "id profile x y facing".
func hackYAML(blue, red []string) string {
	side := func(seat string, ts []string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "  - seat: %s\n    troopers:\n", seat)
		var ids []string
		for i, t := range ts {
			var id, prof string
			var x, y, f float64
			fmt.Sscan(t, &id, &prof, &x, &y, &f)
			ids = append(ids, id)
			fmt.Fprintf(&b, "      - {id: %s, profile: %s, lieutenant: %v, models: [{id: %s, at: [%g, %g], facing: %g}]}\n", id, prof, i == 0, id, x, y, f)
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
		"breacher spends a Regular Order: Hacking Program carbonite on gunner",
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
		{hack("carbonite", "rifleman"), rules.CodeIllegal, "Carbonite cannot target rifleman"},
		{hack("carbonite", "nobody"), rules.CodeBadAction, "not an enemy model"},
		{hack("carbonite", "breacher"), rules.CodeBadAction, "not an enemy model"},
		{hack("gotcha", "gunner"), rules.CodeIllegal, "not played yet"},
		{Skill{Name: SkillHack, Program: "carbonite", Target: "gunner", Weapon: "pistol"}, rules.CodeBadAction, "takes no weapon"},
	} {
		refused(t, st, "blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: c.skill}, c.code, c.want)
	}
	menu := st.Legal("blue")
	var offered, legal []string
	for _, o := range menu {
		a, ok := o.Action.(Activate)
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
	for _, want := range []string{"carbonite@gunner", "carbonite@rifleman", "gotcha@gunner"} {
		if !strings.Contains(strings.Join(offered, " "), want) {
			t.Errorf("menu does not offer %s: %v", want, offered)
		}
	}
	// Carbonite and Oblivion (CLAW-2) on the Heavy Gunner; nothing on the
	// rifleman, who is neither Hackable nor a hacker.
	if got := strings.Join(legal, " "); got != "oblivion@gunner carbonite@gunner" {
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
	steps := []struct {
		seat rules.Seat
		a    rules.Action
	}{
		{"blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "gunner")}},
		{"red", AROs{Declarations: []ARODecl{{Trooper: "gunner", Skill: Skill{Name: SkillReset}}}}},
		{"blue", Second{Skill: Skill{Name: SkillIdle}}},
	}
	b.ReportAllocs()
	var fresh []*State
	var sources []*dice.PCG
	seed := uint64(0)
	for b.Loop() {
		if len(fresh) == 0 {
			b.StopTimer()
			for range 1024 {
				seed++
				fresh = append(fresh, base.clone())
				sources = append(sources, dice.NewPCG(seed, 7))
			}
			b.StartTimer()
		}
		st, src := fresh[len(fresh)-1], sources[len(sources)-1]
		fresh, sources = fresh[:len(fresh)-1], sources[:len(sources)-1]
		for _, s := range steps {
			if _, err := st.Apply(s.seat, s.a, nil); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := st.Apply(rules.ChanceSeat, Resolve{}, src); err != nil {
			b.Fatal(err)
		}
	}
}
