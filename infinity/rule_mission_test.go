package infinity

import (
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/infinity/army"
	"github.com/ordo-rules/ordo/infinity/mission"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/rulestest"
	"github.com/ordo-rules/ordo/scenario"
)

// missionGame is the shipped mission file between two army lists.
func missionGame(t testing.TB, missionFile, blue, red string) MissionGame {
	t.Helper()
	m, err := mission.Load(missionFile)
	if err != nil {
		t.Fatal(err)
	}
	g := MissionGame{Ruleset: ruleset(t), Mission: m}
	for i, f := range [2]string{blue, red} {
		l, cat, err := army.Load(f, army.Options{Catalog: g.Catalog})
		if err != nil {
			t.Fatal(err)
		}
		g.Armies[i] = ArmyIn{Seat: rules.Seat([]string{"blue", "red"}[i]), List: l, Catalog: cat}
	}
	return g
}

// seatsOnly is the scenario a mission game's conformance run needs: the
// seats, nothing placed.
func seatsOnly(name string) *scenario.Scenario {
	return &scenario.Scenario{Name: name, Ruleset: Name, Sides: []scenario.Side{{Seat: "blue"}, {Seat: "red"}}}
}

var shippedMissions = []string{"crossroads", "uplink", "marked-man"}

// TestMissionConformance: random playouts of each shipped mission, from
// the Initiative Roll through deployment to the OP score, pass the
// conformance suite with the counterfactual check (200 each under
// ORDO_LONG=1).
func TestMissionConformance(t *testing.T) {
	for _, name := range shippedMissions {
		t.Run(name, func(t *testing.T) {
			g := missionGame(t, "../data/missions/"+name+".yaml", "../data/armies/blue-company.yaml", "../data/armies/red-company.yaml")
			rulestest.Run(t, g, seatsOnly(name), rulestest.Options{Playouts: testenv.Count(1, 200), ReplayEvery: 50, TwinEvery: testenv.Count(5, 1)})
		})
	}
}

// startMission sets a mission game up and plays its pre-game: blue wins
// the Initiative Roll (WIP 13 against 12: 5 passes, 15 fails), keeps
// Deployment, takes the first zone and has red deploy first; red gives
// blue the first turn; each picks its Classified Objective (cards: blue's,
// red's). Each army then deploys in turn, at the places given
// every trooper not named placed along the
// back of its zone facing away from the enemy ([x, y, facing]); blue's
// hidden troopers ride on its last deployment.
func startMission(t *testing.T, name string, cards [2]string, at map[string][3]float64) *State {
	t.Helper()
	st := deployMission(t, name, cards, at)
	if st.Phase == PhaseStrategic {
		// Red, second to play, makes no Strategic Use (rule_strategic.go).
		do(t, st, "red", StrategicUse{})
	}
	return st
}

// deployMission is startMission up to the end of deployment: the State
// waits in the Strategic Use window of red (rule_strategic.go).
func deployMission(t *testing.T, name string, cards [2]string, at map[string][3]float64) *State {
	t.Helper()
	g := missionGame(t, "../data/missions/"+name+".yaml", "../data/armies/blue-company.yaml", "../data/armies/red-company.yaml")
	rl, err := rules.ResolveRulings(g.Rulings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	st0, err := g.Setup(seatsOnly(name), rl)
	if err != nil {
		t.Fatal(err)
	}
	st := st0.(*State)
	do(t, st, rules.ChanceSeat, InitiativeRoll{}, 5, 15)
	do(t, st, "blue", Choose{Keep: KeepDeployment, DeployFirst: "red", Zone: 0})
	do(t, st, "red", Choose{FirstTurn: "blue"})
	do(t, st, "blue", ChooseClassified{Objective: cards[0]})
	do(t, st, "red", ChooseClassified{Objective: cards[1]})
	back := map[rules.Seat]float64{"blue": 1.5, "red": 46.5}
	facing := map[rules.Seat]float64{"blue": 270, "red": 90}
	x := map[rules.Seat]float64{"blue": 2, "red": 2}
	place := func(t int) Placement {
		tr := st.Troopers[t]
		if p, ok := at[tr.ID]; ok {
			return Placement{Trooper: tr.ID, At: [2]float64{p[0], p[1]}, Facing: p[2]}
		}
		x[tr.Seat] += 4
		return Placement{Trooper: tr.ID, At: [2]float64{x[tr.Seat], back[tr.Seat]}, Facing: facing[tr.Seat]}
	}
	for st.Phase == PhaseDeployment {
		seat := st.deployer()
		var open, hidden []int
		for _, i := range st.PreGame.Pending {
			if st.Troopers[i].Seat == seat {
				if st.Troopers[i].States.Hidden {
					hidden = append(hidden, i)
				} else {
					open = append(open, i)
				}
			}
		}
		d := Deploy{Placement: place(open[0])}
		if len(open) == 1 && st.PreGame.Stage >= 2 {
			for _, h := range hidden {
				d.Hidden = append(d.Hidden, place(h))
			}
		}
		do(t, st, seat, d)
	}
	return st
}

// endTurns ends n Player Turns without an Order.
func endTurns(t *testing.T, st *State, n int) []rules.Event {
	t.Helper()
	var all []rules.Event
	for range n {
		all = append(all, do(t, st, st.active(), EndOrders{})...)
	}
	return all
}

// order plays one Order of the active player: a, then second as its
// second skill, the reactive player declaring no ARO, the resolution
// taking faces.
func order(t *testing.T, st *State, a rules.Action, second Skill, faces ...int) []rules.Event {
	t.Helper()
	seat := st.active()
	events := do(t, st, seat, a)
	for st.Order != nil {
		p := st.Prompt()
		switch Step(p.Window) {
		case StepARO1, StepARO2:
			events = append(events, do(t, st, p.Seats[0], AROs{})...)
		case StepSecond:
			events = append(events, do(t, st, seat, Second{Skill: second})...)
		case StepResolve:
			events = append(events, do(t, st, rules.ChanceSeat, Resolve{}, faces...)...)
		default:
			t.Fatalf("order: unexpected prompt %+v", p)
		}
	}
	return events
}

// interacted is the console's WIP Roll among events.
func interacted(t *testing.T, events []rules.Event) Interacted {
	t.Helper()
	for _, e := range events {
		if x, ok := e.(Interacted); ok {
			return x
		}
	}
	t.Fatalf("no interacted event in %v", events)
	return Interacted{}
}

// scored sums the OP events give each seat.
func scored(events []rules.Event) map[rules.Seat]int {
	out := map[rules.Seat]int{}
	for _, e := range events {
		if x, ok := e.(ObjectiveScored); ok {
			out[x.Seat] += x.OP
		}
	}
	return out
}

// gameEnd is the GameEnded event among events.
func gameEnd(t *testing.T, events []rules.Event) GameEnded {
	t.Helper()
	for _, e := range events {
		if x, ok := e.(GameEnded); ok {
			return x
		}
	}
	t.Fatal("the game did not end")
	return GameEnded{}
}

// TestUplinkPlaysToItsScore (Uplink, docs/MISSIONS.md; Specialist Troops):
// blue's Hacker walks to the west console and activates it with a WIP
// Roll (14: a 5 passes); blue holds it at the end of each of the three
// rounds (1 OP each) and of the game (2 OP), and its Classified Objective,
// West Link, private until then, is revealed and scores at the end of
// round 1 (1 OP): 6 OP to none, blue wins. A
// Fusilier, no Specialist Troop, is refused, as is a console out of
// contact, or one the player holds already; a failed roll (a 16) holds
// nothing.
func TestUplinkPlaysToItsScore(t *testing.T) {
	st := startMission(t, "uplink", [2]string{"west-link", "cull"}, map[string][3]float64{"blue-hacker-1": {12, 11, 90}, "blue-fusilier-1": {16, 11, 90}})
	if st.Phase != PhaseOrders || st.active() != "blue" {
		t.Fatalf("after deployment: %s, %s", st.Phase, st.active())
	}
	order(t, st, Activate{Trooper: "blue-hacker-1", Order: OrderRegular, Skill: move([2]float64{12, 15})}, move([2]float64{12, 19}))
	order(t, st, Activate{Trooper: "blue-hacker-1", Order: OrderRegular, Skill: move([2]float64{12, 22.8})}, Skill{Name: SkillIdle})
	refused(t, st, "blue", Interact{Trooper: "blue-fusilier-1", Objective: "west-console", Order: OrderRegular}, rules.CodeIllegal, "only Specialist Troops")
	refused(t, st, "blue", Interact{Trooper: "blue-hacker-1", Objective: "east-console", Order: OrderRegular}, rules.CodeIllegal, "base contact")
	pool := st.army("blue").Groups[0].Pool
	ev := order(t, st, Interact{Trooper: "blue-hacker-1", Objective: "west-console", Order: OrderRegular}, Skill{Name: SkillIdle}, 16)
	if x := interacted(t, ev); x.Success || st.Mission.Objectives[0].Holder != "" || st.army("blue").Groups[0].Pool != pool-1 {
		t.Fatalf("a failed WIP Roll: %+v, holder %q, pool %d", x, st.Mission.Objectives[0].Holder, st.army("blue").Groups[0].Pool)
	}
	order(t, st, Interact{Trooper: "blue-hacker-1", Objective: "west-console", Order: OrderRegular}, Skill{Name: SkillIdle}, 5)
	if st.Mission.Objectives[0].Holder != "blue" {
		t.Fatalf("west console: %+v", st.Mission.Objectives[0])
	}
	refused(t, st, "blue", Interact{Trooper: "blue-hacker-1", Objective: "west-console", Order: OrderRegular}, rules.CodeIllegal, "already holds")
	red := rules.Viewer{Role: rules.RolePlayer, Seat: "red"}
	if cv := st.Observe(red).(View).Mission.Classified; cv["blue"].Objective != "" || cv["red"].Objective != "cull" {
		t.Fatalf("red sees the Classified Objectives %+v", cv)
	}
	ev = endTurns(t, st, 2)
	var revealed []ClassifiedScored
	for _, e := range ev {
		if x, ok := e.(ClassifiedScored); ok {
			revealed = append(revealed, x)
		}
	}
	if len(revealed) != 1 || revealed[0].Seat != "blue" || revealed[0].Objective != "west-link" || revealed[0].OP != 1 {
		t.Fatalf("Classified Objectives scored %+v", revealed)
	}
	if cv := st.Observe(red).(View).Mission.Classified; cv["blue"] != (ClassifiedView{Objective: "west-link", Revealed: true}) {
		t.Fatalf("after it scores, red sees %+v", cv)
	}
	ev = append(ev, endTurns(t, st, 4)...)
	if got := scored(ev); got["blue"] != 5 || got["red"] != 0 {
		t.Fatalf("OP scored %v", got)
	}
	if end := gameEnd(t, ev); end.Winner != "blue" || end.ObjectivePoints["blue"] != 6 || st.Mission.Winner != "blue" {
		t.Fatalf("game end %+v", end)
	}
}

// TestCrossroadsPlaysToItsScore (Crossroads, docs/MISSIONS.md): blue's
// Line Trooper holds the west crossing alone for three rounds (1 OP each);
// red's Zhanshi takes the east crossing in round 1, and red's TAG joins
// blue's man in the west in round 2, outpointing him (80 points to 9).
// At the end blue controls nothing, red two zones: red dominates (2 OP).
func TestCrossroadsPlaysToItsScore(t *testing.T) {
	st := startMission(t, "crossroads", [2]string{"east-outpost", "cull"}, map[string][3]float64{"blue-line-trooper-1": {4, 11, 90}, "red-zhanshi-2": {40, 37, 90}, "red-sentinel-tag-1": {6, 40, 90}})
	order(t, st, Activate{Trooper: "blue-line-trooper-1", Order: OrderRegular, Skill: move([2]float64{4, 15})}, move([2]float64{4, 19}))
	ev := endTurns(t, st, 1)
	order(t, st, Activate{Trooper: "red-zhanshi-2", Order: OrderRegular, Skill: move([2]float64{40, 33})}, move([2]float64{40, 29}))
	ev = append(ev, endTurns(t, st, 1)...)
	if got := scored(ev); got["blue"] != 1 || got["red"] != 1 {
		t.Fatalf("round 1: OP %v (blue holds the west, red the east)", got)
	}
	ev = endTurns(t, st, 1)
	order(t, st, Activate{Trooper: "red-sentinel-tag-1", Order: OrderRegular, Skill: move([2]float64{6, 34})}, move([2]float64{6, 30}))
	ev = append(ev, endTurns(t, st, 1)...)
	if got := scored(ev); got["blue"] != 0 || got["red"] != 2 {
		t.Fatalf("round 2: OP %v (red's TAG outpoints blue's Line Trooper in the west)", got)
	}
	ev = endTurns(t, st, 2)
	if got := scored(ev); got["blue"] != 0 || got["red"] != 4 {
		t.Fatalf("round 3 and game end: OP %v (red 2 zones, and dominates)", got)
	}
	if end := gameEnd(t, ev); end.Winner != "red" || end.ObjectivePoints["red"] != 7 || end.ObjectivePoints["blue"] != 1 {
		t.Fatalf("game end %+v", end)
	}
}

// TestMarkedManPlaysToItsScore (Marked Man, docs/MISSIONS.md): the
// Designated Targets are each army's costliest trooper deployed openly —
// blue's Heavy Gunner (40), red's TAG (80); blue's Sniper in Hidden
// Deployment and Scout marker are passed over. Red's Seeker Marksman
// shoots the Heavy Gunner twice (two 1s; AP halves its ARM, two 1s fail
// the saves): Unconscious, a Null state. At the end red scores the kill
// (4 OP) and its TAG alive (2 OP); blue nothing.
func TestMarkedManPlaysToItsScore(t *testing.T) {
	st := startMission(t, "marked-man", [2]string{"centre-hold", "cull"}, map[string][3]float64{"blue-heavy-gunner-1": {24, 11, 90}, "red-seeker-marksman-1": {24, 37, 270}})
	if got := st.Mission.Targets; got["blue"] != "blue-heavy-gunner-1" || got["red"] != "red-sentinel-tag-1" {
		t.Fatalf("Designated Targets %v", got)
	}
	ev := endTurns(t, st, 1)
	order(t, st, Activate{Trooper: "red-seeker-marksman-1", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "blue-heavy-gunner-1", Weapon: "multi-sniper-rifle", Ammo: "AP"}}, Skill{Name: SkillIdle}, 1, 1, 1, 1)
	if hg := st.Troopers[st.trooperIndex("blue-heavy-gunner-1")]; !hg.States.Null() {
		t.Fatalf("the Heavy Gunner is %v", hg.States)
	}
	ev = append(ev, endTurns(t, st, 5)...)
	if got := scored(ev); got["blue"] != 0 || got["red"] != 6 {
		t.Fatalf("OP %v", got)
	}
	if end := gameEnd(t, ev); end.Winner != "red" {
		t.Fatalf("game end %+v", end)
	}
}

// BenchmarkMissionGame is a whole random game of each shipped mission
// between the two illustrative lists, the pre-game included: setup,
// Initiative Roll, choices, deployment and every Game Round to the OP
// score (docs/PERFORMANCE.md: under 50 ms).
func BenchmarkMissionGame(b *testing.B) {
	for _, name := range shippedMissions {
		b.Run(name, func(b *testing.B) {
			g := missionGame(b, "../data/missions/"+name+".yaml", "../data/armies/blue-company.yaml", "../data/armies/red-company.yaml")
			r, _ := rules.ResolveRulings(g.Rulings(), nil)
			sc := seatsOnly(name)
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				st, err := g.Setup(sc, r)
				if err != nil {
					b.Fatal(err)
				}
				playRandomly(b, st, seed, nil)
			}
		})
	}
}

// TestMissionEndsInRetreat (Retreat! (N4), docs/MISSIONS.md): a game cut
// short when nobody of the army in Retreat! is left scores the round it
// ends in and the game's end: red's whole army down in round 1 (set by
// hand), blue kills the TAG (4 OP) and keeps its Heavy Gunner (2 OP).
func TestMissionEndsInRetreat(t *testing.T) {
	st := startMission(t, "marked-man", [2]string{"centre-hold", "cull"}, nil)
	for i := range st.Troopers {
		if st.Troopers[i].Seat == "red" {
			st.Troopers[i].States.Dead = true
		}
	}
	ev := endTurns(t, st, 1)
	end := gameEnd(t, ev)
	if st.Phase != PhaseOver || end.ObjectivePoints["blue"] != 6 || end.Winner != "blue" {
		t.Fatalf("%s, %+v", st.Phase, end)
	}
}

// TestMissionScoresForBots (rules.Scorer): in a mission the Objective
// Points weigh before the Victory Points, as they decide the game.
func TestMissionScoresForBots(t *testing.T) {
	st := startMission(t, "uplink", [2]string{"west-link", "cull"}, nil)
	vp := st.victoryPoints()
	st.Mission.OP["red"] = 1
	if sc := st.Scores(); sc["red"] != vp["red"]+1000 || sc["blue"] != vp["blue"] {
		t.Fatalf("scores %v, Victory Points %v", sc, vp)
	}
}

// TestInteractUnderStates (Specialist Troops, docs/MISSIONS.md; Stunned
// (N4), Retreat! (N4)): a console's WIP Roll takes the trooper's state
// MODs as every other roll does (Stunned: −3), and a trooper holding a
// Retreat! token may not interact (only Short Movement Skills, Cautious
// Movement, Dodge and Reset).
func TestInteractUnderStates(t *testing.T) {
	st := startMission(t, "uplink", [2]string{"west-link", "cull"}, map[string][3]float64{"blue-hacker-1": {12, 11, 90}})
	order(t, st, Activate{Trooper: "blue-hacker-1", Order: OrderRegular, Skill: move([2]float64{12, 15})}, move([2]float64{12, 19}))
	order(t, st, Activate{Trooper: "blue-hacker-1", Order: OrderRegular, Skill: move([2]float64{12, 22.8})}, Skill{Name: SkillIdle})
	hacker := &st.Troopers[st.trooperIndex("blue-hacker-1")]
	hacker.States.Retreat = true
	refused(t, st, "blue", Interact{Trooper: "blue-hacker-1", Objective: "west-console", Order: OrderRegular}, rules.CodeIllegal, "Retreat! token")
	hacker.States.Retreat, hacker.States.Stunned = false, true
	wip := st.profile(st.trooperIndex("blue-hacker-1")).WIP
	ev := order(t, st, Interact{Trooper: "blue-hacker-1", Objective: "west-console", Order: OrderRegular}, Skill{Name: SkillIdle}, 12)
	if x := interacted(t, ev); x.SV.Value != wip-3 {
		t.Fatalf("a Stunned hacker's WIP Roll: SV %+v, want WIP %d −3", x.SV, wip)
	}
}

// TestAROsAgainstInteract (Order Expenditure Sequence (N4), ARO (N4);
// Specialist Troops, docs/MISSIONS.md): activating a console is a Short
// Skill declared in the Order Expenditure Sequence, so an enemy with Line
// of Fire to the Specialist reacts to it in the ARO windows, and its
// attack is rolled at Resolution with the console's WIP Roll — both
// happen, whatever the other's outcome. It combines with a Move in one
// Order (Skill categories (N4)); an enemy out of sight has no window.
func TestAROsAgainstInteract(t *testing.T) {
	shoot := &ARODecl{Trooper: "red-zhanshi-1", Skill: Skill{Name: SkillBSAttack, Target: "blue-hacker-1"}}
	for _, c := range []struct {
		name    string
		zhanshi [3]float64 // where red's Zhanshi stands, and its facing
		walk    float64    // where the Hacker's walk ends (y), before the Order
		first   rules.Action
		second  Skill
		aro     *ARODecl // red's ARO, in the first window it is offered
		faces   []int    // the Resolution's dice: the ARO's, then the WIP Roll's
		windows []Step   // the ARO windows red is prompted in
		held    bool
	}{
		{name: "in sight: the enemy shoots, misses, the console is held", zhanshi: [3]float64{12, 37, 270}, walk: 22.8,
			first: Interact{Trooper: "blue-hacker-1", Objective: "west-console", Order: OrderRegular}, second: Skill{Name: SkillIdle},
			aro: shoot, faces: []int{20, 5}, windows: []Step{StepARO1}, held: true},
		{name: "in sight: no ARO declared, the WIP Roll fails", zhanshi: [3]float64{12, 37, 270}, walk: 22.8,
			first: Interact{Trooper: "blue-hacker-1", Objective: "west-console", Order: OrderRegular}, second: Skill{Name: SkillIdle},
			faces: []int{18}, windows: []Step{StepARO1}},
		{name: "Move + Activate: the enemy reacts in the Order", zhanshi: [3]float64{12, 37, 270}, walk: 19,
			first:  Activate{Trooper: "blue-hacker-1", Order: OrderRegular, Skill: move([2]float64{12, 22.8})},
			second: Skill{Name: SkillInteract, Target: "west-console"},
			aro:    shoot, faces: []int{20, 5}, windows: []Step{StepARO1}, held: true},
		{name: "out of sight: no window", zhanshi: [3]float64{40, 46, 90}, walk: 22.8,
			first: Interact{Trooper: "blue-hacker-1", Objective: "west-console", Order: OrderRegular}, second: Skill{Name: SkillIdle},
			faces: []int{5}, held: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := startMission(t, "uplink", [2]string{"west-link", "cull"}, map[string][3]float64{"blue-hacker-1": {12, 11, 90}, "red-zhanshi-1": c.zhanshi})
			order(t, st, Activate{Trooper: "blue-hacker-1", Order: OrderRegular, Skill: move([2]float64{12, 15})}, move([2]float64{12, 19}))
			if c.walk > 19 {
				order(t, st, Activate{Trooper: "blue-hacker-1", Order: OrderRegular, Skill: move([2]float64{12, c.walk})}, Skill{Name: SkillIdle})
			}
			events := do(t, st, "blue", c.first)
			var windows []Step
			reacted := false
			for st.Order != nil {
				p := st.Prompt()
				switch w := Step(p.Window); w {
				case StepARO1, StepARO2:
					windows = append(windows, w)
					a := AROs{}
					if c.aro != nil && !reacted {
						a.Declarations, reacted = []ARODecl{*c.aro}, true
					}
					events = append(events, do(t, st, p.Seats[0], a)...)
				case StepSecond:
					events = append(events, do(t, st, "blue", Second{Skill: c.second})...)
				case StepResolve:
					events = append(events, do(t, st, rules.ChanceSeat, Resolve{}, c.faces...)...)
				case StepGuts:
					events = append(events, do(t, st, rules.ChanceSeat, Guts{}, 1)...)
				case StepGutsMove:
					events = append(events, do(t, st, p.Seats[0], GutsMove{Trooper: "blue-hacker-1", Stay: true})...)
				default:
					t.Fatalf("unexpected prompt %+v", p)
				}
			}
			if !slices.Equal(windows, c.windows) {
				t.Fatalf("red was prompted in %v, want %v", windows, c.windows)
			}
			shot := slices.ContainsFunc(events, func(e rules.Event) bool {
				r, ok := e.(Rolled)
				return ok && r.Trooper == "red-zhanshi-1" && r.Skill == SkillBSAttack
			})
			if shot != (c.aro != nil) {
				t.Fatalf("red's ARO rolled: %v, want %v", shot, c.aro != nil)
			}
			if x := interacted(t, events); x.Success != c.held || (st.Mission.Objectives[0].Holder == "blue") != c.held {
				t.Fatalf("the WIP Roll %+v, holder %q", x, st.Mission.Objectives[0].Holder)
			}
		})
	}
}
