package infinity

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// armyYAML builds a two-sided scenario: blue's troopers (id:profile, the
// first is the Lieutenant unless lt names another) in one combat group
// unless groups says otherwise.
func armyYAML(blue []string, lt string) string {
	var b strings.Builder
	b.WriteString("name: t\nruleset: infinity-n4\ntable: {width: 48, height: 48}\nsides:\n  - seat: blue\n    troopers:\n")
	var ids []string
	for i, spec := range blue {
		id, profile, _ := strings.Cut(spec, ":")
		ids = append(ids, id)
		ltFlag := ""
		if id == lt {
			ltFlag = ", lieutenant: true"
		}
		fmt.Fprintf(&b, "      - {id: %s, profile: %s%s, models: [{id: %s, at: [%d, 2], facing: 90}]}\n", id, profile, ltFlag, id, 2+i*2)
	}
	fmt.Fprintf(&b, "    combat-groups: [{name: \"1\", troopers: [%s]}]\n", strings.Join(ids, ", "))
	b.WriteString(`  - seat: red
    troopers:
      - {id: r-lt, profile: zhanshi, lieutenant: true, models: [{id: r-lt, at: [40, 46], facing: 270}]}
    combat-groups: [{name: "1", troopers: [r-lt]}]
initiative: blue
rounds: 2
`)
	return b.String()
}

func setupErr(t *testing.T, yaml string) error {
	t.Helper()
	rs := ruleset(t)
	sc, err := scenario.Parse("army.yaml", []byte(yaml), scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		return err
	}
	_, err = rs.Setup(sc, rules.Rulings{})
	return err
}

// Army list and Combat Groups (N4): at most 15 troopers, combat groups of at most 10, exactly
// one Lieutenant, who is neither Irregular nor a REM.
func TestArmyRules(t *testing.T) {
	many := func(n int, profile string) []string {
		var out []string
		for i := range n {
			out = append(out, fmt.Sprintf("t%d:%s", i, profile))
		}
		return out
	}
	tests := []struct {
		name string
		yaml string
		want string
	}{
		{"Army list and Combat Groups (N4) at most 15 troopers", armyYAML(many(16, "line-trooper"), "t0"), "16 troopers, at most 15"},
		{"Army list and Combat Groups (N4) combat groups of at most 10", armyYAML(many(11, "line-trooper"), "t0"), "has 11 troopers, at most 10"},
		{"Army list and Combat Groups (N4) exactly one Lieutenant", armyYAML(many(3, "line-trooper"), "none"), "no Lieutenant"},
		{"Army list and Combat Groups (N4) Irregular troopers cannot be Lieutenant", armyYAML([]string{"m:militia"}, "m"), "Irregular troopers and REMs cannot"},
		{"Army list and Combat Groups (N4) REMs cannot be Lieutenant", armyYAML([]string{"r:remote"}, "r"), "Irregular troopers and REMs cannot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := setupErr(t, tt.yaml)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err %v, want %q", err, tt.want)
			}
		})
	}
	if err := setupErr(t, armyYAML(many(10, "line-trooper"), "t0")); err != nil {
		t.Fatalf("a legal army refused: %v", err)
	}
}

// Order Count (N4): Regular troopers fill their group's pool, Irregular ones
// get their own Order, the Lieutenant a Special Order; Null troopers count
// for nothing.
func TestOrderCount(t *testing.T) {
	st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper", "b:line-trooper", "c:line-trooper", "m:militia", "n:militia"}, "lt"), nil)
	a := st.army("blue")
	if a.Groups[0].Pool != 4 || a.LieutenantOrders != 1 {
		t.Fatalf("pool %d, lieutenant %d; want 4 and 1", a.Groups[0].Pool, a.LieutenantOrders)
	}
	for _, id := range []string{"m", "n"} {
		if st.Troopers[st.trooperIndex(id)].IrregularOrders != 1 {
			t.Fatalf("%s has no Irregular Order", id)
		}
	}
	// Unconscious and Dead troopers add nothing at the next count.
	st.Troopers[st.trooperIndex("a")].States.Unconscious = true
	st.kill(st.trooperIndex("b"), "test")
	st.kill(st.trooperIndex("m"), "test")
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", EndOrders{})
	if a := st.army("blue"); a.Groups[0].Pool != 2 || a.LieutenantOrders != 1 {
		t.Fatalf("after losses: pool %d, lieutenant %d; want 2 and 1", a.Groups[0].Pool, a.LieutenantOrders)
	}
	if st.Troopers[st.trooperIndex("m")].IrregularOrders != 0 {
		t.Fatal("a Dead Irregular trooper has no Order")
	}
}

// Order types (N4): the pool serves every trooper of the group, an
// Irregular Order only its trooper, the Lieutenant Special Order only the
// Lieutenant; unused Orders are lost at the end of the Orders Phase.
func TestSpendingOrders(t *testing.T) {
	st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper", "m:militia"}, "lt"), nil)
	idle := Skill{Name: SkillIdle}
	refused(t, st, "blue", Activate{Trooper: "a", Order: OrderLieutenant, Skill: idle}, rules.CodeIllegal, "only the Lieutenant")
	refused(t, st, "blue", Activate{Trooper: "a", Order: OrderIrregular, Skill: idle}, rules.CodeIllegal, "no Irregular Order")
	refused(t, st, "blue", Activate{Trooper: "r-lt", Order: OrderRegular, Skill: idle}, rules.CodeBadAction, "not a trooper of blue")
	for range 2 {
		idleOrder(t, st, "a", OrderRegular)
	}
	refused(t, st, "blue", Activate{Trooper: "a", Order: OrderRegular, Skill: idle}, rules.CodeIllegal, "no Regular Order left")
	idleOrder(t, st, "lt", OrderLieutenant)
	idleOrder(t, st, "m", OrderIrregular)
	ev := do(t, st, "blue", EndOrders{})
	if st.active() != "red" || st.army("blue").Groups[0].Pool != 0 {
		t.Fatalf("turn passes to red: active %s (events %v)", st.active(), ev)
	}
}

// Game Round and Player Turn (N4): two Player Turns a round, the scenario's rounds, then the
// game ends with each side's surviving cost as Victory Points (Victory Points (N4)).
func TestGameEndsWithVictoryPoints(t *testing.T) {
	st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper"}, "lt"), nil)
	st.Troopers[st.trooperIndex("a")].States.Unconscious = true
	var last []rules.Event
	for range 4 {
		last = do(t, st, st.active(), EndOrders{})
	}
	if st.Prompt().Kind != rules.GameOver {
		t.Fatalf("prompt %+v after 2 rounds", st.Prompt())
	}
	ge, ok := last[len(last)-1].(GameEnded)
	if !ok || ge.VictoryPoints["blue"] != 10 || ge.VictoryPoints["red"] != 11 {
		t.Fatalf("end %+v", last)
	}
	refused(t, st, "blue", EndOrders{}, rules.CodeGameOver, "over")
}

// Loss of Lieutenant (N4) / Loss of Lieutenant (N4): a Lieutenant in a Null state, or Isolated, at
// the Tactical Phase means Loss of Lieutenant: no Lieutenant Special Order
// and every trooper Irregular.
func TestLossOfLieutenantOrderCount(t *testing.T) {
	// An Isolated Lieutenant is still counted, with its own Irregular
	// Order; an Unconscious one generates none.
	for _, tc := range []struct {
		name      string
		state     func(*States)
		irregular int
	}{
		{"Unconscious", func(s *States) { s.Unconscious = true }, 2},
		{"Isolated", func(s *States) { s.Isolated = true }, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper", "b:line-trooper"}, "lt"), nil)
			tc.state(&st.Troopers[st.trooperIndex("lt")].States)
			do(t, st, "blue", EndOrders{})
			ev := do(t, st, "red", EndOrders{})
			ts := ev[len(ev)-1].(TurnStarted)
			if !ts.LossOfLieutenant || ts.Lieutenant != 0 || ts.Pools["1"] != 0 || len(ts.Irregular) != tc.irregular {
				t.Fatalf("turn %+v", ts)
			}
		})
	}
}

// The Lieutenant is private (Army list and Combat Groups (N4)): its owner sees it, the
// opponent and spectators do not, in the observation or in events.
func TestLieutenantIsPrivate(t *testing.T) {
	st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper"}, "lt"), nil)
	for _, tc := range []struct {
		v    rules.Viewer
		sees bool
	}{{rules.PlayerView("blue"), true}, {rules.PlayerView("red"), false}, {rules.Spectator(), false}, {rules.Admin(), true}} {
		b, _ := json.Marshal(st.Observe(tc.v))
		var view View
		_ = json.Unmarshal(b, &view)
		if got := view.Troopers[0].Lieutenant; got != tc.sees {
			t.Errorf("%s sees the Lieutenant: %v", tc.v, got)
		}
		if strings.Contains(string(b), `"lieutenantOrders"`) != tc.sees {
			t.Errorf("%s sees the Lieutenant Special Order: %s", tc.v, b)
		}
	}
}

// Lieutenant (N4): spending the Lieutenant Special Order reveals the
// Lieutenant, on every channel alike: the action and the Order spent name
// the Special Order, an event says who the Lieutenant is, and the
// opponent's and spectators' observations show it from then on, until a
// new Lieutenant is appointed (Loss of Lieutenant (N4)), who is private
// again.
func TestLieutenantOrderRevealsLieutenant(t *testing.T) {
	st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper"}, "lt"), nil)
	a := Activate{Trooper: "lt", Order: OrderLieutenant, Skill: Skill{Name: SkillIdle}}
	for _, v := range []rules.Viewer{rules.PlayerView("red"), rules.Spectator()} {
		if got := redactedAction(t, st, "blue", a, v); !strings.Contains(got, `"order":"lieutenant"`) {
			t.Errorf("%s reads the action as %s", v, got)
		}
	}
	ev := do(t, st, "blue", a)
	var revealed bool
	for _, e := range ev {
		red, ok := st.Redact(e, rules.PlayerView("red"))
		switch e := red.(type) {
		case OrderSpent:
			if e.Order != OrderLieutenant {
				t.Errorf("red reads the Order spent as %q", e.Order)
			}
		case LieutenantRevealed:
			revealed = ok && e.Trooper == st.label(st.trooperIndex("lt")) && e.Seat == "blue"
		}
	}
	if !revealed {
		t.Fatalf("no lieutenant-revealed event for red in %v", ev)
	}
	lieutenantSeen := func(v rules.Viewer) (bool, OrderSource) {
		b, _ := json.Marshal(st.Observe(v))
		var view View
		if err := json.Unmarshal(b, &view); err != nil {
			t.Fatal(err)
		}
		var src OrderSource
		if view.Order != nil {
			src = view.Order.Source
		}
		return view.Troopers[0].Lieutenant, src
	}
	for _, v := range []rules.Viewer{rules.PlayerView("red"), rules.Spectator()} {
		if seen, src := lieutenantSeen(v); !seen || src != OrderLieutenant {
			t.Errorf("%s: Lieutenant shown %v, the Order's source %q", v, seen, src)
		}
	}
	// Appointing a new Lieutenant makes it private again.
	for st.Order != nil {
		switch st.Order.Step {
		case StepARO1, StepARO2:
			do(t, st, "red", AROs{})
		case StepSecond:
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
		default:
			do(t, st, rules.ChanceSeat, Resolve{})
		}
	}
	st.Troopers[st.trooperIndex("lt")].States.Unconscious = true
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", EndOrders{})
	do(t, st, "blue", EndOrders{})
	do(t, st, "blue", Appoint{Trooper: "a"})
	b, _ := json.Marshal(st.Observe(rules.PlayerView("red")))
	var view View
	if err := json.Unmarshal(b, &view); err != nil {
		t.Fatal(err)
	}
	for _, tv := range view.Troopers {
		if tv.Seat == "blue" && tv.Lieutenant {
			t.Fatalf("red sees blue's Lieutenant %s: %s", tv.ID, b)
		}
	}
}

// idleOrder spends an Order on Idle + Idle, the reactive side declining
// every ARO.
func idleOrder(t *testing.T, st *State, trooper string, source OrderSource) {
	t.Helper()
	seat := st.active()
	do(t, st, seat, Activate{Trooper: trooper, Order: source, Skill: Skill{Name: SkillIdle}})
	for st.Order != nil {
		switch st.Order.Step {
		case StepARO1, StepARO2:
			do(t, st, st.reactive(), AROs{})
		case StepSecond:
			do(t, st, seat, Second{Skill: Skill{Name: SkillIdle}})
		case StepResolve:
			do(t, st, rules.ChanceSeat, Resolve{})
		default:
			t.Fatalf("unexpected step %s", st.Order.Step)
		}
	}
}

// A deployable must be a deployable weapon (Direct Template Weapons (N4)).
func TestDeployableMustBeDeployable(t *testing.T) {
	yaml := strings.Replace(armyYAML([]string{"lt:fusilier"}, "lt"), "    combat-groups: [{name: \"1\", troopers: [lt]}]\n",
		"    combat-groups: [{name: \"1\", troopers: [lt]}]\n    deployables: [{id: m1, weapon: combi-rifle, at: [5, 5]}]\n", 1)
	if err := setupErr(t, yaml); err == nil || !strings.Contains(err.Error(), "not a deployable weapon") {
		t.Fatalf("err %v", err)
	}
}

// Loss of Lieutenant (N4), Cancellation: at the End of Turn a player in Loss of
// Lieutenant must appoint a new one before the game goes on; until then
// nothing else may be done.
func TestAppointBlocksTheGame(t *testing.T) {
	st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper", "r:remote"}, "lt"), nil)
	st.Troopers[st.trooperIndex("lt")].States.Unconscious = true
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", EndOrders{})
	do(t, st, "blue", EndOrders{})
	if st.Prompt().Window != string(PhaseAppoint) {
		t.Fatalf("prompt %+v", st.Prompt())
	}
	refused(t, st, "blue", EndOrders{}, rules.CodeWrongWindow, "appoint a new Lieutenant")
	refused(t, st, "blue", Appoint{Trooper: "r"}, rules.CodeIllegal, "REMs cannot")
	refused(t, st, "blue", Appoint{Trooper: "lt"}, rules.CodeIllegal, "Null state")
	refused(t, st, "red", Appoint{Trooper: "a"}, rules.CodeNotYourTurn, "may not act now")
	do(t, st, "blue", Appoint{Trooper: "a"})
	if !st.Troopers[st.trooperIndex("a")].Lieutenant || st.Troopers[st.trooperIndex("lt")].Lieutenant || st.active() != "red" {
		t.Fatal("appointment")
	}
}

// Loss of Lieutenant (N4) FAQ: a Lieutenant Special Order already generated can still be
// used when the Lieutenant goes Isolated during the turn.
func TestLieutenantOrderStillUsable(t *testing.T) {
	st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper"}, "lt"), nil)
	st.Troopers[st.trooperIndex("lt")].States.Isolated = true
	idleOrder(t, st, "lt", OrderLieutenant)
	if st.army("blue").LieutenantOrders != 0 {
		t.Fatal("the Lieutenant Special Order was not spent")
	}
}

// Loss of Lieutenant (N4) / Suppressive Fire (N4): the army entering Loss of Lieutenant cancels
// Suppressive Fire.
func TestLossOfLieutenantCancelsSuppressiveFire(t *testing.T) {
	st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper"}, "lt"), nil)
	st.Troopers[st.trooperIndex("a")].States.SuppressiveFire = true
	st.Troopers[st.trooperIndex("lt")].States.Unconscious = true
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", EndOrders{})
	if st.Troopers[st.trooperIndex("a")].States.SuppressiveFire {
		t.Fatal("Suppressive Fire survived Loss of Lieutenant")
	}
}

// Order types (N4): a Regular Order from the pool may be spent on any
// trooper of its combat group, Irregular troopers included; only an
// Irregular Order stays with its own trooper. An Isolated trooper cannot
// receive Orders from the pool (Isolated (N4)).
func TestRegularOrderOnIrregularTrooper(t *testing.T) {
	st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper", "m:militia"}, "lt"), nil)
	pool := func() int { return st.army("blue").Groups[0].Pool }
	m := st.trooperIndex("m")
	if pool() != 2 || st.Troopers[m].IrregularOrders != 1 {
		t.Fatalf("pool %d, militia's Irregular Orders %d; want 2 and 1", pool(), st.Troopers[m].IrregularOrders)
	}
	idleOrder(t, st, "m", OrderRegular)
	if pool() != 1 || st.Troopers[m].IrregularOrders != 1 {
		t.Fatalf("a Regular Order on the militia: pool %d, its own Order %d; want 1 and 1", pool(), st.Troopers[m].IrregularOrders)
	}
	idleOrder(t, st, "m", OrderIrregular)
	// Its own Order spent, the menu offers it the pool's.
	offered := false
	for _, o := range st.Legal("blue") {
		if a, ok := asAction[Activate](o.Action); ok && a.Trooper == "m" && a.Order == OrderRegular && o.Illegal == nil {
			offered = true
		}
	}
	if !offered {
		t.Fatal("Legal offers no Regular Order to the militia while the pool has one")
	}
	st.Troopers[st.trooperIndex("a")].States.Isolated = true
	refused(t, st, "blue", Activate{Trooper: "a", Order: OrderRegular, Skill: Skill{Name: SkillIdle}}, rules.CodeIllegal, "Isolated")
	idleOrder(t, st, "m", OrderRegular)
	refused(t, st, "blue", Activate{Trooper: "m", Order: OrderRegular, Skill: Skill{Name: SkillIdle}}, rules.CodeIllegal, "no Regular Order left")
}
