package infinity

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/oddsterms"
	"github.com/ordo-rules/ordo/odds"
	"github.com/ordo-rules/ordo/rules"
)

// flamerYAML: blue's assault trooper (Heavy Flamethrower, a large Direct
// Template) against red's zhanshi, and optionally a blue ally.
func flamerYAML(zh string, ally string) string {
	allyLine, allyID := "", ""
	if ally != "" {
		allyLine = fmt.Sprintf("      - {id: ally, profile: line-trooper, models: [{id: ally, %s}]}\n", ally)
		allyID = ", ally"
	}
	return fmt.Sprintf(`name: flamer
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: assault, profile: assault, lieutenant: true, models: [{id: assault, at: [10, 4], facing: 90}]}
%s    combat-groups: [{name: "1", troopers: [assault%s]}]
  - seat: red
    troopers:
      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, %s}]}
    combat-groups: [{name: "1", troopers: [zhanshi]}]
initiative: blue
rounds: 2
`, allyLine, allyID, zh)
}

var flame = Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: "heavy-flamethrower"}

// Dodge (N4): "If the user is not making a Face to Face Roll (for example if
// they ... have been affected by a Direct Template Weapon), they will
// instead make a Normal PH Roll"; a success avoids the template (the N4 core rules
// Direct Template Weapons (N4)) and allows the 2" move.
func TestDodgeDirectTemplate(t *testing.T) {
	st := setup(t, flamerYAML("at: [10, 10], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 6)
	r := rolledBy(ev)
	if z := r["zhanshi"]; z.Roll != "normal" || z.SV.Value != 10 {
		t.Fatalf("zhanshi %+v", z)
	}
	if _, ok := r["assault"]; ok {
		t.Fatal("a Direct Template makes no attack roll")
	}
	if st.Troopers[1].Wounds != 1 || st.Order == nil || st.Order.Step != StepDodgeMove {
		t.Fatalf("the Dodge avoids the template and gives the move: %+v", st.Troopers[1])
	}
}

// Direct Template Weapons (N4) and Ammunition (N4): a failed Dodge leaves the trooper under the
// template: the automatic hit forces its Saving Rolls (the flamethrower's
// Continuous Damage re-rolls each failure).
func TestTemplateHitsWithoutRoll(t *testing.T) {
	st := setup(t, flamerYAML("at: [10, 10], facing: 270", ""), nil)
	do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	// Dodge 15 fails; the save rolls 3 (fails), the continuous re-roll 2
	// (fails again: Dead), and no more dice are taken.
	do(t, st, rules.ChanceSeat, Resolve{}, 15, 3, 2)
	if z := st.Troopers[1]; !z.States.Dead {
		t.Fatalf("zhanshi %+v", z)
	}
}

// Dodge (N4): "If Dodging a Template Weapon without LoF to the attacker, the
// Trooper's Roll suffers a -3 PH MOD"; with the active trooper also in ZoC
// and out of LoF, two circumstances hold: one -3 under dodge-mods: single,
// -6 under stack.
func TestDodgeTemplateWithoutLoF(t *testing.T) {
	for _, tc := range []struct {
		ruling string
		sv     int
	}{{"single", 7}, {"stack", 4}} {
		st := setup(t, flamerYAML("at: [10, 10], facing: 90", ""), map[string]string{"dodge-mods": tc.ruling})
		do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame})
		refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "assault"}}}}, rules.CodeIllegal, "no Line of Fire")
		do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
		do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
		ev := do(t, st, rules.ChanceSeat, Resolve{}, 1)
		if sv := rolledBy(ev)["zhanshi"].SV; sv.Value != tc.sv {
			t.Errorf("dodge-mods %s: SV %s, want %d", tc.ruling, sv, tc.sv)
		}
	}
}

// Dodge (N4): "Troopers can only Dodge if ... They are affected by a Template
// Weapon": outside LoF and ZoC, the template alone lets the trooper Dodge,
// and only Dodge or Reset.
func TestTemplateAloneAllowsDodge(t *testing.T) {
	st := setup(t, flamerYAML("at: [10, 13.5], facing: 90", ""), nil)
	do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame})
	if st.Order.Step != StepARO1 {
		t.Fatalf("the affected trooper may react: step %s", st.Order.Step)
	}
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillCCAttack, Target: "assault"}}}}, rules.CodeIllegal, "may only answer with Dodge or Reset")
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
}

// Direct Template Weapons (N4): a template placement cannot include the attacker's own
// troopers.
func TestTemplateCannotTouchAllies(t *testing.T) {
	st := setup(t, flamerYAML("at: [10, 10], facing: 270", "at: [10, 7], facing: 90"), nil)
	refused(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: flame}, rules.CodeIllegal, "a trooper of your own")
}

// templateAROYAML: blue's assault trooper (Heavy Flamethrower) and extra
// blue troopers against red's militia (Chain Rifle, a small Direct
// Template) and extra red troopers; red's Lieutenant waits in a far
// corner, facing away.
func templateAROYAML(assault, militia string, blue, red []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name: template-aro\nruleset: infinity-n4\ntable: {width: 24, height: 24}\nsides:\n  - seat: blue\n    troopers:\n")
	fmt.Fprintf(&b, "      - {id: assault, profile: assault, lieutenant: true, models: [{id: assault, %s}]}\n", assault)
	ids := []string{"assault"}
	for _, t := range blue {
		id, rest, _ := strings.Cut(t, " ")
		fmt.Fprintf(&b, "      - {id: %s, models: [{id: %s, %s}]}\n", id, id, rest)
		ids = append(ids, id)
	}
	fmt.Fprintf(&b, "    combat-groups: [{name: \"1\", troopers: [%s]}]\n  - seat: red\n    troopers:\n", strings.Join(ids, ", "))
	fmt.Fprintf(&b, "      - {id: rlt, profile: line-trooper, lieutenant: true, models: [{id: rlt, at: [23, 23], facing: 0}]}\n")
	fmt.Fprintf(&b, "      - {id: militia, profile: militia, models: [{id: militia, %s}]}\n", militia)
	ids = []string{"rlt", "militia"}
	for _, t := range red {
		id, rest, _ := strings.Cut(t, " ")
		fmt.Fprintf(&b, "      - {id: %s, models: [{id: %s, %s}]}\n", id, id, rest)
		ids = append(ids, id)
	}
	fmt.Fprintf(&b, "    combat-groups: [{name: \"1\", troopers: [%s]}]\ninitiative: blue\nrounds: 2\n", strings.Join(ids, ", "))
	// "id profile: p, at: ..." lines: move the profile into the trooper.
	return regexp.MustCompile(`\{id: (\S+), models: \[\{id: (\S+), profile: (\S+), `).ReplaceAllString(b.String(), "{id: $1, profile: $3, models: [{id: $2, ")
}

// chain is the militia's Chain Rifle ARO against the assault trooper.
var chain = AROs{Declarations: []ARODecl{{Trooper: "militia", Skill: Skill{Name: SkillBSAttack, Target: "assault", Weapon: "chain-rifle"}}}}

// saves lists the Saved events as "target<-attacker".
func saves(evs []rules.Event) []string {
	var out []string
	for _, e := range evs {
		if s, ok := e.(Saved); ok {
			out = append(out, s.Trooper+"<-"+s.From)
		}
	}
	return out
}

// Direct Template Weapons (N4): a Direct Template declared in ARO is laid
// from the reacting trooper toward the active one and affects exactly the
// troopers its own teardrop covers — the active trooper, and any other
// trooper under it — never those under the active trooper's template.
// Against the active trooper's template it is a simultaneous Normal Roll:
// both templates hit.
func TestTemplateAROHitsWhatItCovers(t *testing.T) {
	for _, tc := range []struct {
		name        string
		assault     string
		first       Skill
		dice        []int
		want        []string
		assaultHurt bool
	}{
		{
			// Flame against Chain Rifle: each template hits the other
			// side; the fusilier behind the assault trooper is under the
			// militia's teardrop too. Every save passes.
			name: "template against template", assault: "at: [10, 4], facing: 90", first: flame2("militia"),
			dice: []int{20, 20, 20}, want: []string{"militia<-assault", "assault<-militia", "fusilier<-militia"},
		},
		{
			// A Move past the militia: no active template at all, and the
			// ARO's template still hits the active trooper (its save fails).
			name: "template against a Move", assault: "at: [10, 4], facing: 90", first: move([2]float64{10, 5}),
			dice: []int{1, 20}, want: []string{"assault<-militia", "fusilier<-militia"}, assaultHurt: true,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, templateAROYAML(tc.assault, "at: [10, 10], facing: 270", []string{"fusilier profile: fusilier, at: [10, 2], facing: 90"}, nil), nil)
			do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: tc.first})
			do(t, st, "red", chain)
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			ev := do(t, st, rules.ChanceSeat, Resolve{}, tc.dice...)
			if got := saves(ev); !slices.Equal(got, tc.want) {
				t.Fatalf("saves %v, want %v (events %v)", got, tc.want, ev)
			}
			if a := st.Troopers[st.trooperIndex("assault")]; (a.Wounds == 0) != tc.assaultHurt {
				t.Fatalf("assault %+v", a)
			}
		})
	}
}

// Direct Template Weapons (N4): a template placed in ARO cannot include the
// reacting trooper's own troopers.
func TestTemplateAROCannotTouchAllies(t *testing.T) {
	st := setup(t, templateAROYAML("at: [10, 4], facing: 90", "at: [10, 11], facing: 270", nil, []string{"zh profile: zhanshi, at: [10, 8.5], facing: 90"}), nil)
	do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: move([2]float64{11.5, 4})})
	refused(t, st, "red", chain, rules.CodeIllegal, "a trooper of your own")
}

func flame2(target string) Skill {
	return Skill{Name: SkillBSAttack, Target: target, Weapon: "heavy-flamethrower"}
}

// Dodge (N4): an active trooper under a template declared in ARO may Dodge
// it, with a Normal PH Roll (nothing rolls Face to Face with a template), at
// -3 when it has no Line of Fire to the attacker; a success takes it out
// from under the template.
func TestActiveDodgeTemplateARO(t *testing.T) {
	for _, tc := range []struct {
		name   string
		facing int
		sv     int
		dice   []int
		hit    bool
	}{
		{"facing the militia", 0, 12, []int{10}, false},
		{"back to the militia", 180, 9, []int{10, 20}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, templateAROYAML(fmt.Sprintf("at: [8, 10], facing: %d", tc.facing), "at: [14, 10], facing: 180", nil, nil), nil)
			do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
			do(t, st, "red", chain)
			do(t, st, "blue", Second{Skill: Skill{Name: SkillDodge}})
			ev := do(t, st, rules.ChanceSeat, Resolve{}, tc.dice...)
			r := rolledBy(ev)["assault"]
			if r.Roll != "normal" || r.SV.Value != tc.sv || r.Against != "militia" {
				t.Fatalf("the assault's Dodge %+v, want a Normal Roll at SV %d against the militia", r, tc.sv)
			}
			if tc.sv < 12 && !strings.Contains(r.SV.String(), "-3 Template without LoF") {
				t.Fatalf("SV %s", r.SV)
			}
			if got := len(saves(ev)) > 0; got != tc.hit {
				t.Fatalf("hit %v, want %v (events %v)", got, tc.hit, ev)
			}
			if moves := st.Order != nil && st.Order.Step == StepDodgeMove; moves == tc.hit {
				t.Fatalf("Dodge movement %v after a Dodge that hit %v", moves, tc.hit)
			}
		})
	}
}

// Dodge (N4): one Dodge roll of the active trooper faces a BS Attack ARO
// Face to Face and is judged again, as a Normal Roll at -3 (no Line of
// Fire to the attacker), against a template ARO: winning the first and
// failing the second avoids the shot, takes the template's hit and loses
// the Dodge movement (as in the Dodge's Mine example).
func TestActiveDodgeAttackAndTemplate(t *testing.T) {
	st := setup(t, templateAROYAML("at: [8, 10], facing: 180", "at: [14, 10], facing: 180", nil, []string{"zh profile: zhanshi, at: [2, 10], facing: 0"}), nil)
	do(t, st, "blue", Activate{Trooper: "assault", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
	do(t, st, "red", AROs{Declarations: []ARODecl{
		{Trooper: "zh", Skill: Skill{Name: SkillBSAttack, Target: "assault"}},
		chain.Declarations[0],
	}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillDodge}})
	// The Dodge rolls 11: it beats the zhanshi's 5 (PH 12), fails the
	// template (PH 12 -3 = 9); the template's save rolls 20.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 11, 5, 20)
	var dodges []Rolled
	for _, e := range ev {
		if r, ok := e.(Rolled); ok && r.Trooper == "assault" {
			dodges = append(dodges, r)
		}
	}
	if len(dodges) != 2 || dodges[0].Roll != "face-to-face" || dodges[0].Against != "zh" || dodges[0].Hits == 0 ||
		dodges[1].Roll != "normal" || dodges[1].Against != "militia" || dodges[1].SV.Value != 9 || dodges[1].Hits != 0 {
		t.Fatalf("the Dodge's judgements %+v", dodges)
	}
	if got := saves(ev); !slices.Equal(got, []string{"assault<-militia"}) {
		t.Fatalf("saves %v, want only the template's", got)
	}
	if st.Order != nil && st.Order.Step == StepDodgeMove {
		t.Fatal("a Dodge that failed against a template does not move")
	}
}

// Direct Template Weapons (N4), and `ordo odds` agreeing with the engine:
// a BS Attack (SV 15, B1) against a Chain Rifle ARO is two Normal Rolls at
// once — the shot scores on 15 faces of 20, the template hits every time —
// and the calculator (terms, odds.Simultaneous) gives the same chances.
func TestTemplateAROAgreesWithOdds(t *testing.T) {
	scored, hit := 0, 0
	for f := 1; f <= dice.Faces; f++ {
		st := setup(t, templateAROYAML("at: [2, 22], facing: 0", "at: [10, 10], facing: 270",
			[]string{"fusilier profile: fusilier, at: [10, 4], facing: 90"}, nil), map[string]string{"burst-active": "may-reduce"})
		do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "militia", Burst: 1}})
		do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "militia", Skill: Skill{Name: SkillBSAttack, Target: "fusilier", Weapon: "chain-rifle"}}}})
		do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
		// The shot's die, then as many passed saves as the hits need.
		src, err := dice.NewScript(f, 20, 20, 20)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := st.Apply(rules.ChanceSeat, Resolve{}, src)
		if err != nil {
			t.Fatal(err)
		}
		r := rolledBy(ev)["fusilier"]
		if r.Roll != "normal" || r.SV.Value != 15 {
			t.Fatalf("face %d: the shot %+v, want a Normal Roll at SV 15", f, r)
		}
		if r.Hits+r.Crits > 0 {
			scored++
		}
		if slices.Contains(saves(ev), "fusilier<-militia") {
			hit++
		}
	}
	a, err := oddsterms.ParseSide("BS 15 B1 dmg 13")
	if err != nil {
		t.Fatal(err)
	}
	b, err := oddsterms.ParseSide("template dmg 13")
	if err != nil {
		t.Fatal(err)
	}
	m, err := oddsterms.Build(a, &b, oddsterms.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := m.Odds(odds.Options{})
	if err != nil {
		t.Fatal(err)
	}
	engineA, engineB := float64(scored)/dice.Faces, float64(hit)/dice.Faces
	if math.Abs(engineA-res.A.Hits.Scores()) > 1e-12 || math.Abs(engineB-res.B.Hits.Scores()) > 1e-12 {
		t.Fatalf("engine: shot %.4f, template %.4f; ordo odds: %.4f, %.4f", engineA, engineB, res.A.Hits.Scores(), res.B.Hits.Scores())
	}
	if engineB != 1 {
		t.Fatalf("the template hits on %d faces of 20, want every one", hit)
	}
}

// Rolls (N4), SV of 0 or less, and Dodge (N4): a Dodge is one roll judged
// against several Success Values. An IMM-A Zhanshi (PH 10 -6) in the Mine
// example throws its die for the Face to Face Roll (SV 4) and wins it; the
// same die judged against the Mine (-6 -3 -3 under dodge-mods: stack,
// capped at -12: SV -2) fails without a roll, instead of the resolution
// failing on a die the judgement did not expect.
func TestDodgeJudgementBelowOne(t *testing.T) {
	data, err := os.ReadFile("../data/scenarios/seed/dodge-mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	st := setup(t, string(data), map[string]string{"dodge-mods": "stack"})
	st.Troopers[st.trooperIndex("zhanshi")].States.ImmA = true
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 11})})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
	// The Fusilier's 3 16 18; the Dodge's 4 (a Critical at SV 4); the
	// Mine's Saving Roll 15 passes.
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 3, 16, 18, 4, 15)
	var ftf, mine *Rolled
	for _, e := range ev {
		if r, ok := e.(Rolled); ok && r.Trooper == "zhanshi" {
			switch r.Against {
			case "fusilier":
				ftf = &r
			case "blue-antipersonnel-mine-1":
				mine = &r
			}
		}
	}
	if ftf == nil || ftf.SV.Value != 4 || ftf.Crits != 1 {
		t.Fatalf("the Dodge Face to Face %+v, want a Critical at SV 4", ftf)
	}
	if mine == nil || mine.SV.Value != -2 || len(mine.Dice) != 0 || mine.Hits+mine.Crits != 0 {
		t.Fatalf("the Dodge against the Mine %+v, want SV -2, no die, failure", mine)
	}
	if !st.Troopers[st.trooperIndex("zhanshi")].States.ImmA || (st.Order != nil && st.Order.Step == StepDodgeMove) {
		t.Fatal("a Dodge that failed against the Mine neither moves nor cancels IMM-A")
	}
}
