package infinity

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/rulestest"
	"github.com/ordo-rules/ordo/scenario"
)

// jumperYAML: blue's captain and a G: Jumper with the given Proxies
// ("id:profile:x,y:facing"), red's hellcat.
func jumperYAML(lt string, proxies ...string) string {
	var models []string
	for _, p := range proxies {
		f := strings.Split(p, ":")
		models = append(models, fmt.Sprintf("{id: %s, profile: %s, at: [%s], facing: %s}", f[0], f[1], f[2], f[3]))
	}
	captainLt, jumperLt := ", lieutenant: true", ""
	if lt == "posthuman" {
		captainLt, jumperLt = "", ", lieutenant: true"
	}
	return `name: jumper
ruleset: infinity-n4
table: {width: 32, height: 40}
sides:
  - seat: blue
    troopers:
      - {id: captain, profile: fusilier` + captainLt + `, models: [{id: captain, at: [30, 38], facing: 90}]}
      - {id: posthuman, profile: proxy-mk4` + jumperLt + `, models: [` + strings.Join(models, ", ") + `]}
    combat-groups: [{name: "1", troopers: [captain, posthuman]}]
    deployment-zone: [[0, 0], [32, 8]]
  - seat: red
    troopers:
      - {id: hellcat, profile: hellcat, lieutenant: true, models: [{id: hellcat, at: [16, 13], facing: 270}]}
    combat-groups: [{name: "1", troopers: [hellcat]}]
    deployment-zone: [[0, 32], [32, 40]]
initiative: blue
rounds: 2
`
}

var threeProxies = []string{"mk2:proxy-mk2:2,30:90", "mk4:proxy-mk4:12,3:0", "mk5:proxy-mk5:20,3:90"}

// G: Jumper (N4, PDF 2.1), Requirements: two or three Proxies.
func TestJumperTwoOrThreeProxies(t *testing.T) {
	for _, n := range []int{1, 4} {
		var ps []string
		for i := range n {
			ps = append(ps, fmt.Sprintf("p%d:proxy-mk4:%d,3:90", i, 2+3*i))
		}
		if err := setupErr(t, jumperYAML("captain", ps...)); err == nil || !strings.Contains(err.Error(), "two or three") {
			t.Errorf("%d Proxies: %v", n, err)
		}
	}
	if err := setupErr(t, jumperYAML("captain", threeProxies...)); err != nil {
		t.Fatal(err)
	}
}

// G: Jumper (N4, PDF 2.1): the Proxies count as one trooper in their combat group and
// give a single Order however many there are; no token at deployment.
func TestJumperOneOrder(t *testing.T) {
	st := setup(t, jumperYAML("captain", threeProxies...), nil)
	if pool := st.army("blue").Groups[0].Pool; pool != 2 {
		t.Fatalf("pool %d, want 2 (the captain and the G: Jumper)", pool)
	}
	for _, tr := range st.Troopers {
		if tr.Active {
			t.Fatalf("%s holds the token at deployment", tr.ID)
		}
	}
}

// G: Jumper (N4, PDF 2.1): activating a Proxy places the token beside it; a Proxy in
// Isolated or a Null state cannot be activated.
func TestJumperActivation(t *testing.T) {
	st := setup(t, jumperYAML("captain", threeProxies...), nil)
	st.Troopers[st.trooperIndex("mk5")].States.Isolated = true
	refused(t, st, "blue", Activate{Trooper: "mk5", Order: OrderRegular, Skill: Skill{Name: SkillIdle}}, rules.CodeIllegal, "Isolated")
	ev := do(t, st, "blue", Activate{Trooper: "mk4", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
	found := false
	for _, e := range ev {
		if tm, ok := e.(TokenMoved); ok && tm.Proxy == "mk4" {
			found = true
		}
	}
	if !found || !st.Troopers[st.trooperIndex("mk4")].Active {
		t.Fatalf("token: %v", ev)
	}
}

// G: Jumper (N4, PDF 2.1), FAQ 1.0: when the G: Jumper may react, its inactive Proxies may
// Dodge or Reset even without LoF or ZoC — and nothing else.
func TestJumperInactiveProxiesDodgeOrReset(t *testing.T) {
	st := setup(t, jumperYAML("captain", threeProxies...), nil)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "hellcat", Order: OrderRegular, Skill: move([2]float64{16, 9})})
	refused(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "mk2", Skill: Skill{Name: SkillBSAttack, Target: "hellcat"}}}}, rules.CodeIllegal, "only answer with Dodge or Reset")
	do(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "mk2", Skill: Skill{Name: SkillDodge}}}})
}

// G: Jumper (N4, PDF 2.1): a G: Jumper adds one Order; with one Proxy in Hidden
// Deployment it is the same Regular Order whichever Proxy is hidden (the
// order of the army list decides nothing).
func TestJumperOrderCountIgnoresListOrder(t *testing.T) {
	for _, hidden := range []string{"mk2", "mk5"} {
		st := setup(t, jumperYAML("captain", threeProxies...), nil)
		st.Troopers[st.trooperIndex(hidden)].States.Hidden = true
		ts := st.orderCount("blue")
		if ts.Pools["1"] != 2 || len(ts.Irregular) != 0 {
			t.Errorf("%s hidden: pools %v, irregular %v; want the captain and the G: Jumper in the pool", hidden, ts.Pools, ts.Irregular)
		}
	}
}

// G: Jumper (N4, PDF 2.1) (PDF 2.1): only one Proxy of a G: Jumper reacts as the Active
// Proxy in an Order — in one ARO window, and across the two.
func TestJumperOneActiveProxyPerOrder(t *testing.T) {
	st := setup(t, jumperYAML("captain", threeProxies...), nil)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "hellcat", Order: OrderRegular, Skill: move([2]float64{16, 9})})
	both := AROs{Declarations: []ARODecl{
		{Trooper: "mk5", Skill: Skill{Name: SkillBSAttack, Target: "hellcat"}},
		{Trooper: "mk4", Skill: Skill{Name: SkillBSAttack, Target: "hellcat"}},
	}}
	refused(t, st, "blue", both, rules.CodeIllegal, "only one Proxy of posthuman reacts as the Active Proxy")

	// Against a marker, a trooper may keep its ARO for the second window
	// (Delayed ARO (N4)): the Mk.4 waiting there still may not react as a
	// second Active Proxy.
	st = setup(t, jumperYAML("captain", threeProxies...), nil)
	hellcat := st.trooperIndex("hellcat")
	st.Troopers[hellcat].States.Camouflaged, st.Troopers[hellcat].Marker = true, "red-marker-1"
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "hellcat", Order: OrderRegular, Skill: move([2]float64{16, 9})})
	do(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "mk5", Skill: Skill{Name: SkillDiscover, Target: "red-marker-1"}}}})
	do(t, st, "red", Second{Skill: move([2]float64{16, 8})})
	if st.Order.Step != StepARO2 || !slices.ContainsFunc(st.Order.Eligible, func(e eligibility) bool { return e.Trooper == st.trooperIndex("mk4") }) {
		t.Fatalf("step %s, eligible %+v: the Mk.4 should be waiting in window 2", st.Order.Step, st.Order.Eligible)
	}
	refused(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "mk4", Skill: Skill{Name: SkillDiscover, Target: "red-marker-1"}}}}, rules.CodeIllegal, "only one Proxy of posthuman reacts as the Active Proxy")
	do(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "mk4", Skill: Skill{Name: SkillDodge}}}})
}

// G: Jumper (N4, PDF 2.1): a Proxy in Suppressive Fire keeps it when another Proxy is
// activated; Victory Points count each Proxy's cost.
func TestJumperSuppressiveFireAndVictoryPoints(t *testing.T) {
	st := setup(t, jumperYAML("captain", threeProxies...), nil)
	st.Troopers[st.trooperIndex("mk2")].States.SuppressiveFire = true
	do(t, st, "blue", Activate{Trooper: "mk4", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
	if !st.Troopers[st.trooperIndex("mk2")].States.SuppressiveFire {
		t.Fatal("another Proxy's activation cancelled Suppressive Fire")
	}
	st.Troopers[st.trooperIndex("mk5")].States.Unconscious = true
	vp := st.victoryPoints()
	if want := 10 + 25 + 38; vp["blue"] != want {
		t.Fatalf("VP %d, want %d (captain + Mk.2 + Mk.4; the Mk.5 is Unconscious)", vp["blue"], want)
	}
}

// G: Jumper (N4, PDF 2.1), G: Jumper and Lieutenant: a G: Jumper Lieutenant with every
// Proxy Isolated or Null means Loss of Lieutenant; one Proxy standing is
// enough.
func TestJumperLieutenant(t *testing.T) {
	for _, tc := range []struct {
		down []string
		lol  bool
	}{{[]string{"mk2", "mk4"}, false}, {[]string{"mk2", "mk4", "mk5"}, true}} {
		st := setup(t, jumperYAML("posthuman", threeProxies...), nil)
		for _, id := range tc.down {
			st.Troopers[st.trooperIndex(id)].States.Unconscious = true
		}
		do(t, st, "blue", EndOrders{})
		do(t, st, "red", EndOrders{})
		if got := st.army("blue").LossOfLieutenant; got != tc.lol {
			t.Errorf("%v down: Loss of Lieutenant %v", tc.down, got)
		}
	}
}

// G: Jumper (N4, PDF 2.1), PDF 2.1: a G: Jumper with every Proxy Isolated or Null counts as
// a casualty — no Order, no Victory Points — until one Proxy recovers.
func TestJumperAllProxiesDownIsCasualty(t *testing.T) {
	st := setup(t, strings.Replace(jumperYAML("captain", threeProxies...), "rounds: 2", "rounds: 3", 1), nil)
	st.Troopers[st.trooperIndex("mk2")].States.Unconscious = true
	st.Troopers[st.trooperIndex("mk4")].States.Isolated = true
	st.Troopers[st.trooperIndex("mk5")].States.Isolated = true
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", EndOrders{})
	// The captain alone survives, 10 of its army's points: the army is in
	// Retreat! (Retreat! (N4)) and his Order Irregular; the G: Jumper, a
	// casualty, adds none.
	if a := st.army("blue"); !a.Retreat || a.Groups[0].Pool != 0 || st.Troopers[st.trooperIndex("captain")].IrregularOrders != 1 {
		t.Fatalf("Retreat! %v, pool %d, the captain's Irregular Orders %d: want Retreat!, 0, 1", a.Retreat, a.Groups[0].Pool, st.Troopers[st.trooperIndex("captain")].IrregularOrders)
	}
	for _, id := range []string{"mk2", "mk4", "mk5"} {
		if n := st.Troopers[st.trooperIndex(id)].IrregularOrders; n != 0 {
			t.Fatalf("%s holds %d Irregular Orders: the G: Jumper is a casualty", id, n)
		}
	}
	if vp := st.victoryPoints()["blue"]; vp != 10 {
		t.Fatalf("VP %d, want 10 (the captain only)", vp)
	}
	// The Mk.5 recovers: the G: Jumper is back, with the VP of its
	// standing Proxies (the Isolated Mk.4 included) and its Order.
	st.Troopers[st.trooperIndex("mk5")].States.Isolated = false
	if want := 10 + 38 + 16; st.victoryPoints()["blue"] != want {
		t.Fatalf("VP %d after recovery, want %d (captain, Isolated Mk.4, Mk.5)", st.victoryPoints()["blue"], want)
	}
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", EndOrders{})
	if pool := st.army("blue").Groups[0].Pool; pool != 2 {
		t.Fatalf("pool %d after recovery, want 2", pool)
	}
}

// G: Jumper (N4, PDF 2.1), PDF 2.1: at the end of an Order in which the Active Proxy
// entered a Null state, the player may move the token to a Proxy that is
// neither Isolated nor Null.
func TestJumperTokenMovesAfterLoss(t *testing.T) {
	st := setup(t, jumperYAML("captain", "mk4:proxy-mk4:16,6:90", "mk5:proxy-mk5:20,3:90"), nil)
	do(t, st, "blue", Activate{Trooper: "mk5", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
	for st.Order != nil && st.Order.Step == StepARO1 {
		do(t, st, "red", AROs{})
	}
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	for st.Order != nil {
		switch st.Order.Step {
		case StepARO2:
			do(t, st, "red", AROs{})
		case StepResolve:
			do(t, st, rules.ChanceSeat, Resolve{})
		default:
			t.Fatalf("step %s", st.Order.Step)
		}
	}
	do(t, st, "blue", EndOrders{})
	// The hellcat shoots the Active Proxy (the Mk.5) unconscious.
	do(t, st, "red", Activate{Trooper: "hellcat", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "mk5"}})
	do(t, st, "blue", AROs{})
	do(t, st, "red", Second{Skill: Skill{Name: SkillIdle}})
	do(t, st, rules.ChanceSeat, Resolve{}, 1, 20, 20, 2)
	for st.Order != nil && st.Order.Step != StepToken {
		switch st.Order.Step {
		case StepAlert:
			do(t, st, st.Prompt().Seats[0], Alert{})
		default:
			t.Fatalf("step %s", st.Order.Step)
		}
	}
	if st.Order == nil {
		t.Fatalf("no token step; mk5 %+v", st.Troopers[st.trooperIndex("mk5")].States)
	}
	refused(t, st, "blue", MoveToken{Jumper: "posthuman", Proxy: "mk5"}, rules.CodeIllegal, "Null")
	// Keeping the token beside the fallen Proxy ends the matter: the next
	// Order, in which no Proxy fell, has no token step.
	kept := st.clone()
	do(t, kept, "blue", MoveToken{Jumper: "posthuman"})
	do(t, kept, "red", Activate{Trooper: "hellcat", Order: OrderLieutenant, Skill: Skill{Name: SkillIdle}})
	for kept.Order != nil {
		if kept.Order.Step == StepToken {
			t.Fatal("a token step in an Order where no Proxy entered Isolated or Null")
		}
		seat := kept.Prompt().Seats[0]
		next := slices.IndexFunc(kept.Legal(seat), func(o rules.Option) bool { return o.Illegal == nil })
		if _, err := kept.Apply(seat, kept.Legal(seat)[next].Action, dice.NewPCG(1, 2)); err != nil {
			t.Fatal(err)
		}
	}
	do(t, st, "blue", MoveToken{Jumper: "posthuman", Proxy: "mk4"})
	if !st.Troopers[st.trooperIndex("mk4")].Active {
		t.Fatal("the token did not move")
	}
}

// Loss of Lieutenant (N4) (Cancellation) and G: Jumper (N4, PDF 2.1; G: Jumper and Lieutenant): a G:
// Jumper appointed Lieutenant through any of its Proxies is Lieutenant
// with all of them: it gives the Lieutenant Special Order, and it is lost
// only when every Proxy is down.
func TestAppointJumperLieutenant(t *testing.T) {
	st := setup(t, strings.Replace(jumperYAML("captain", threeProxies...), "rounds: 2", "rounds: 3", 1), nil)
	st.Troopers[st.trooperIndex("captain")].States.Unconscious = true
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", EndOrders{})
	do(t, st, "blue", EndOrders{})
	do(t, st, "blue", Appoint{Trooper: "mk5"})
	for _, id := range []string{"mk2", "mk4", "mk5"} {
		if !st.Troopers[st.trooperIndex(id)].Lieutenant {
			t.Errorf("%s is not Lieutenant with its G: Jumper", id)
		}
	}
	st.Troopers[st.trooperIndex("mk5")].States.Isolated = true
	do(t, st, "red", EndOrders{})
	if a := st.army("blue"); a.LossOfLieutenant || a.LieutenantOrders != 1 {
		t.Fatalf("Loss of Lieutenant %v, Lieutenant Orders %d: want false, 1 (the Mk.2 and Mk.4 stand)", a.LossOfLieutenant, a.LieutenantOrders)
	}
}

// G: Jumper (N4, PDF 2.1): each Proxy deploys with its own deployment skills — here
// Airborne Deployment: a Proxy with Combat Jump waits in reserve while its
// sibling without it stands on the table.
func TestJumperProxyAirborneDeployment(t *testing.T) {
	yaml := strings.Replace(jumperYAML("captain", "mk4:proxy-mk4:12,3:0", "jumpy:hellcat:0,0:0"),
		"profile: proxy-mk4, models:", "profile: proxy-mk4, deployment: reserve, models:", 1)
	st := setup(t, yaml, nil)
	if s := st.Troopers[st.trooperIndex("jumpy")].States; !s.Reserve || !st.Models[st.modelIndex("jumpy")].Removed {
		t.Fatalf("the Proxy with Combat Jump is not in reserve: %+v", s)
	}
	if s := st.Troopers[st.trooperIndex("mk4")].States; s.Reserve || st.modelOf(st.trooperIndex("mk4")) < 0 {
		t.Fatalf("the Proxy without Combat Jump is not on the table: %+v", s)
	}
}

// G: Jumper (N4, PDF 2.1), Hidden Deployment: the token is placed beside a hidden Proxy
// only when it declares — so it cannot be moved there after a loss, and a
// G: Jumper whose only other Proxy is hidden gets no token step (which
// would tell the opponent that Proxy exists).
func TestJumperTokenNotToHiddenProxy(t *testing.T) {
	st := setup(t, jumperYAML("captain", "mk4:proxy-mk4:12,3:0", "mk5:proxy-mk5:20,3:90"), nil)
	mk4, mk5 := st.trooperIndex("mk4"), st.trooperIndex("mk5")
	st.Troopers[mk5].Active, st.Troopers[mk5].States.Unconscious = true, true
	if got := st.stranded(); !slices.Equal(got, []string{"posthuman"}) {
		t.Fatalf("stranded %v with the Mk.4 in the open", got)
	}
	st.Troopers[mk4].States.Hidden = true
	if got := st.stranded(); len(got) != 0 {
		t.Fatalf("stranded %v with the Mk.4 hidden", got)
	}
	st.Order = &Order{Step: StepToken, Stranded: []string{"posthuman"}}
	_, err := st.check(MoveToken{Jumper: "posthuman", Proxy: "mk4"}, nil)
	if re, ok := rules.AsRuleError(err); !ok || re.Code != rules.CodeIllegal || !strings.Contains(re.Message(), "Hidden Deployment") {
		t.Fatalf("token to a hidden Proxy: %v", err)
	}
}

// Issue #5 acceptance: the seed's two worked examples as scripted scenarios.
func TestJumperSeedExamples(t *testing.T) {
	for _, f := range []string{"jumper-active-turn.yaml", "jumper-reactive-turn.yaml"} {
		var out strings.Builder
		if err := play.Run(ruleset(t), load(t, "../data/scenarios/seed/"+f), &out, play.Options{}); err != nil {
			t.Fatalf("%s: %v\n%s", f, err, out.String())
		}
	}
}

// Issue #5 acceptance: rulestest passes on a demo with a G: Jumper.
func TestJumperDemoConforms(t *testing.T) {
	n := testenv.Count(3, 60)
	rulestest.Run(t, ruleset(t), load(t, "../data/scenarios/jumper-demo.yaml"), rulestest.Options{Playouts: n, ReplayEvery: 25, TwinEvery: testenv.Count(6, 1)})
}

// The Hellcat of G: Jumper (N4, PDF 2.1) and the N4 Combat Jump: a trooper in reserve comes on
// with the Entire Order, placed where declared; it adds no Order while in
// reserve. Before any ARO it makes a PH Roll that nothing opposes: passed,
// it stays; failed, its player sets it down in the side's Deployment Zone,
// in contact with a table edge. Only then do the AROs come, against where
// it stands.
func TestCombatJump(t *testing.T) {
	y := strings.Replace(jumperYAML("captain", threeProxies...), "      - {id: hellcat, profile: hellcat, lieutenant: true, models: [{id: hellcat, at: [16, 13], facing: 270}]}\n    combat-groups: [{name: \"1\", troopers: [hellcat]}]",
		"      - {id: elt, profile: line-trooper, lieutenant: true, models: [{id: elt, at: [1, 39], facing: 90}]}\n      - {id: hellcat, profile: hellcat, deployment: reserve}\n    combat-groups: [{name: \"1\", troopers: [elt, hellcat]}]", 1)
	jump := Activate{Trooper: "hellcat", Order: OrderRegular, Skill: Skill{Name: SkillCombatJump, Route: [][2]float64{{16, 9}}}}
	start := func() *State {
		st := setup(t, y, nil)
		do(t, st, "blue", EndOrders{})
		return st
	}
	st := start()
	if pool := st.army("red").Groups[0].Pool; pool != 1 {
		t.Fatalf("pool %d: a trooper in reserve adds no Order", pool)
	}
	refused(t, st, "red", Activate{Trooper: "hellcat", Order: OrderRegular, Skill: move([2]float64{16, 9})}, rules.CodeIllegal, "in reserve")
	refused(t, st, "red", Activate{Trooper: "hellcat", Order: OrderRegular, Skill: Skill{Name: SkillCombatJump, Route: [][2]float64{{12, 3}}}}, rules.CodeIllegal, "on blue-proxy-mk-4-2's base")
	do(t, st, "red", jump)
	hellcat := st.modelOf(st.trooperIndex("hellcat"))
	if hellcat < 0 || st.Models[hellcat].At != [2]float64{16, 9} {
		t.Fatal("the Hellcat is on the table from its declaration")
	}
	if p := st.Prompt(); p.Window != string(StepLanding) || p.Seats[0] != rules.ChanceSeat {
		t.Fatalf("the PH Roll comes before the AROs: prompt %+v", p)
	}
	refused(t, st, "blue", AROs{}, rules.CodeNotYourTurn, "")
	ev := do(t, st, rules.ChanceSeat, Land{}, 6)
	if r := rolledBy(ev)["hellcat"]; r.Roll != "normal" || r.SV.Attribute != "PH" || r.SV.Value != 12 {
		t.Fatalf("jump roll %+v", r)
	}
	if st.Order.Step != StepARO1 || st.Models[hellcat].At != [2]float64{16, 9} {
		t.Fatalf("a passed jump stays where it was placed and the AROs follow: step %s at %v", st.Order.Step, st.Models[hellcat].At)
	}
	do(t, st, "blue", AROs{})
	if st.Order.Step != StepResolve {
		t.Fatalf("an Entire Order has no second skill: %s", st.Order.Step)
	}
	if ev := do(t, st, rules.ChanceSeat, Resolve{}); len(rolledBy(ev)) != 0 {
		t.Fatalf("the jump rolled once already: %v", ev)
	}

	// A failed jump: its player sets it down in red's Deployment Zone
	// ([0, 32]–[32, 40]), touching a table edge.
	st = start()
	do(t, st, "red", jump)
	do(t, st, rules.ChanceSeat, Land{}, 13)
	if p := st.Prompt(); p.Window != string(StepMissedJump) || p.Seats[0] != "red" {
		t.Fatalf("a failed jump: prompt %+v, want red to place the Hellcat", p)
	}
	r := st.Models[hellcat].base().Radius
	for _, tc := range []struct {
		to   [2]float64
		want string
	}{
		{[2]float64{16, 9}, "inside its Deployment Zone"},            // where it meant to land
		{[2]float64{16, 36}, "in contact with a table edge"},         // in the zone, off every edge
		{[2]float64{16, 40 - r + 0.5}, "off the table"},              // past the edge
		{[2]float64{1, 39}, "on elt's base"},                         // on a friend
		{[2]float64{16, 32 + r - 0.5}, "inside its Deployment Zone"}, // base across the zone's edge
	} {
		refused(t, st, "red", PlaceJump{Trooper: "hellcat", To: tc.to, Facing: 270}, rules.CodeIllegal, tc.want)
	}
	refused(t, st, "red", PlaceJump{Trooper: "elt", To: [2]float64{16, 40 - r}}, rules.CodeBadAction, "not the trooper whose jump failed")
	ev = do(t, st, "red", PlaceJump{Trooper: "hellcat", To: [2]float64{16, 40 - r}, Facing: 270})
	if at := st.Models[hellcat].At; at != [2]float64{16, 40 - r} || st.Models[hellcat].Facing != 270 {
		t.Fatalf("placed at %v facing %v", at, st.Models[hellcat].Facing)
	}
	// The AROs are declared against where it now stands: the captain
	// (facing north from [30, 38]) sees it there, and every eligible
	// trooper reacts to that point, not to [16, 9].
	if st.Order.Step != StepARO1 || !slices.ContainsFunc(st.Order.Eligible, func(e eligibility) bool { return e.Trooper == st.trooperIndex("captain") && e.LoF }) {
		t.Fatalf("after the placement: step %s, eligible %+v", st.Order.Step, st.Order.Eligible)
	}
	for _, e := range st.Order.Eligible {
		if e.At != [2]float64{16, 40 - r} {
			t.Fatalf("eligible against %v, not where the Hellcat stands", e.At)
		}
	}
	// Legal offers spots along the zone's table edges, and every one it
	// offers as legal is accepted.
	st = start()
	do(t, st, "red", jump)
	do(t, st, rules.ChanceSeat, Land{}, 13)
	legal := 0
	for _, o := range st.Legal("red") {
		if o.Illegal != nil {
			continue
		}
		legal++
		if _, err := st.clone().check(o.Action, nil); err != nil {
			t.Fatalf("Legal offers %v, check refuses it: %v", o.Action, err)
		}
	}
	if legal < 10 {
		t.Fatalf("only %d legal places for the failed jumper", legal)
	}
}

// Combat Jump (N4): the trooper cannot be placed in contact with scenery to
// get Cover, nor on impassable scenery.
func TestCombatJumpNotAgainstCover(t *testing.T) {
	y := strings.Replace(jumperYAML("captain", threeProxies...), "      - {id: hellcat, profile: hellcat, lieutenant: true, models: [{id: hellcat, at: [16, 13], facing: 270}]}\n    combat-groups: [{name: \"1\", troopers: [hellcat]}]",
		"      - {id: elt, profile: line-trooper, lieutenant: true, models: [{id: elt, at: [1, 39], facing: 90}]}\n      - {id: hellcat, profile: hellcat, deployment: reserve}\n    combat-groups: [{name: \"1\", troopers: [elt, hellcat]}]", 1)
	y = strings.Replace(y, "sides:", `terrain:
  - {name: crates, polygon: [[14, 14], [18, 14], [18, 16], [14, 16]], cover: true}
  - {name: tower, polygon: [[24, 14], [28, 14], [28, 18], [24, 18]], impassable: true}
sides:`, 1)
	st := setup(t, y, nil)
	do(t, st, "blue", EndOrders{})
	jump := func(x, y float64) Activate {
		return Activate{Trooper: "hellcat", Order: OrderRegular, Skill: Skill{Name: SkillCombatJump, Route: [][2]float64{{x, y}}}}
	}
	r := st.Models[st.modelIndex("hellcat")].base().Radius
	refused(t, st, "red", jump(16, 16+r), rules.CodeIllegal, "in contact with scenery to get Cover (crates)")
	refused(t, st, "red", jump(26, 16), rules.CodeIllegal, "on impassable scenery (tower)")
	do(t, st, "red", jump(16, 16+r+0.5))
}

// G: Jumper (N4, PDF 2.1): Proxies are troopers named by their models' ids; a Proxy
// model named like another trooper would make two troopers one name.
func TestJumperProxyIDClash(t *testing.T) {
	y := jumperYAML("captain", "captain:proxy-mk4:12,3:0", "mk5:proxy-mk5:20,3:90")
	// The captain's model gets an id of its own, so that the scenario's
	// unique model ids allow the Proxy's.
	y = strings.Replace(y, "models: [{id: captain, at: [30, 38]", "models: [{id: captain-model, at: [30, 38]", 1)
	rs := ruleset(t)
	sc, err := scenario.Parse("test.yaml", []byte(y), scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	_, err = rs.Setup(sc, rules.Rulings{})
	if re, ok := rules.AsRuleError(err); !ok || !strings.Contains(re.Message(), `two troopers are called "captain"`) {
		t.Fatalf("setup with a Proxy named like the captain: %v", err)
	}
}

// A side with a trooper in reserve must say where its Deployment Zone is
// (a failed Combat Jump lands there).
func TestCombatJumpNeedsZone(t *testing.T) {
	y := strings.Replace(jumperYAML("captain", threeProxies...), "      - {id: hellcat, profile: hellcat, lieutenant: true, models: [{id: hellcat, at: [16, 13], facing: 270}]}\n    combat-groups: [{name: \"1\", troopers: [hellcat]}]\n    deployment-zone: [[0, 32], [32, 40]]",
		"      - {id: elt, profile: line-trooper, lieutenant: true, models: [{id: elt, at: [1, 39], facing: 90}]}\n      - {id: hellcat, profile: hellcat, deployment: reserve}\n    combat-groups: [{name: \"1\", troopers: [elt, hellcat]}]", 1)
	rs := ruleset(t)
	sc, err := scenario.Parse("test.yaml", []byte(y), scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	_, err = rs.Setup(sc, rules.Rulings{})
	if re, ok := rules.AsRuleError(err); !ok || !strings.Contains(re.Message(), "give the side a deployment-zone") {
		t.Fatalf("setup without a zone: %v", err)
	}
	// A zone in the middle of the table leaves a failed jumper nowhere to go.
	inland := strings.Replace(y, "combat-groups: [{name: \"1\", troopers: [elt, hellcat]}]", "combat-groups: [{name: \"1\", troopers: [elt, hellcat]}]\n    deployment-zone: [[4, 30], [28, 36]]", 1)
	sc, err = scenario.Parse("test.yaml", []byte(inland), scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	_, err = rs.Setup(sc, rules.Rulings{})
	if re, ok := rules.AsRuleError(err); !ok || !strings.Contains(re.Message(), "reaches no edge") {
		t.Fatalf("setup with a zone that reaches no table edge: %v", err)
	}
}

// G: Jumper (N4, PDF 2.1), G: Jumper, Hidden Deployment and Marker States: placing the
// token beside a Proxy that is a marker does not reveal it (it has declared
// nothing yet); a hidden Proxy's token is placed only when it declares.
func TestJumperTokenAndConcealment(t *testing.T) {
	y := strings.Replace(jumperYAML("captain", threeProxies...), "profile: proxy-mk4, models:", "profile: proxy-mk2, deployment: marker, models:", 1)
	st := setup(t, y, nil)
	mk2 := st.trooperIndex("mk2")
	if !st.Troopers[mk2].States.Camouflaged || st.Troopers[st.trooperIndex("mk4")].States.Camouflaged {
		t.Fatal("each Proxy deploys with its own skills: only the Mk.2 has Camouflage")
	}
	ev := do(t, st, "blue", Activate{Trooper: "mk2", Order: OrderRegular, Skill: move([2]float64{2, 32})})
	if !st.Troopers[mk2].Active || !st.Troopers[mk2].States.Camouflaged {
		t.Fatal("the token beside a marker does not reveal it")
	}
	for _, e := range ev {
		red, ok := st.Redact(e, rules.PlayerView("red"))
		if !ok {
			continue
		}
		b, _ := rules.Encode(red)
		if strings.Contains(string(b), `"mk2"`) {
			t.Fatalf("red reads %s", b)
		}
	}
}

// Combat Jump (N4): a landing may not be on a base nor in contact with an
// enemy, and the refusal names an enemy Camouflaged marker by its label,
// never its trooper (Camouflaged (N4)).
func TestLandingRefusalNamesMarker(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 16], facing: 270", ""), nil)
	z := &st.Troopers[st.trooperIndex("zhanshi")]
	z.States.Camouflaged, z.Marker = true, "M1"
	for _, p := range [][2]float64{{10, 16 - 0.98425197}, {10, 15.5}} {
		err := st.checkLanding(st.modelIndex("fusilier"), p)
		if err == nil || !strings.Contains(err.Error(), "M1") || strings.Contains(err.Error(), "zhanshi") {
			t.Fatalf("landing at %v: %v, want it refused naming the marker M1 only", p, err)
		}
	}
}
