package infinity

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// newMission is the Uplink mission set up, before the Initiative Roll.
func newMission(t *testing.T) *State {
	t.Helper()
	return setUpMission(t, missionGame(t, "../data/missions/uplink.yaml", "../data/armies/blue-company.yaml", "../data/armies/red-company.yaml"), "uplink")
}

// setUpMission is g set up with its default rulings, before the
// Initiative Roll.
func setUpMission(t *testing.T, g MissionGame, name string) *State {
	t.Helper()
	rl, err := rules.ResolveRulings(g.Rulings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.Setup(seatsOnly(name), rl)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// TestInitiativeRoll (Initiative and Deployment (N4)): a Face to Face WIP
// Roll of the Lieutenants (blue's Fusilier WIP 13, red's Zhanshi WIP 12),
// rerolled on a tie (both 10) and when both fail (19, 18); red's 12
// beats blue's 9.
func TestInitiativeRoll(t *testing.T) {
	st := newMission(t)
	if p := st.Prompt(); p.Kind != rules.Chance || p.Window != string(StepInitiative) {
		t.Fatalf("opening prompt %+v", p)
	}
	ev := do(t, st, rules.ChanceSeat, InitiativeRoll{}, 10, 10, 19, 18, 9, 12)
	x := ev[0].(InitiativeRolled)
	if x.Winner != "red" || len(x.Throws) != 3 || x.WIP != [2]int{13, 12} {
		t.Fatalf("%+v", x)
	}
	if p := st.Prompt(); p.Window != string(StepChoice) || p.Seats[0] != "red" {
		t.Fatalf("the winner chooses: %+v", p)
	}
}

// TestChoiceAndDeploymentRefusals: each refusal names its rule, and a
// refused action changes nothing.
func TestChoiceAndDeploymentRefusals(t *testing.T) {
	st := newMission(t)
	do(t, st, rules.ChanceSeat, InitiativeRoll{}, 5, 15)
	refused(t, st, "red", Choose{Keep: KeepInitiative, FirstTurn: "red"}, rules.CodeNotYourTurn, "")
	refused(t, st, "blue", Choose{Keep: "dice"}, rules.CodeBadAction, "keeps initiative or deployment")
	refused(t, st, "blue", Choose{Keep: KeepDeployment, DeployFirst: "green"}, rules.CodeBadAction, "not a seat")
	refused(t, st, "blue", Choose{Keep: KeepDeployment, DeployFirst: "red", Zone: 2}, rules.CodeBadAction, "Deployment Zones 0 and 1")
	do(t, st, "blue", Choose{Keep: KeepInitiative, FirstTurn: "red"})
	refused(t, st, "red", Choose{Keep: KeepInitiative, FirstTurn: "red"}, rules.CodeIllegal, "deployment is left to red")
	do(t, st, "red", Choose{DeployFirst: "blue", Zone: 1})
	do(t, st, "red", ChooseClassified{Objective: "cull"})
	refused(t, st, "blue", ChooseClassified{Objective: "world-peace"}, rules.CodeBadAction, "not a card of the mission's deck")
	do(t, st, "blue", ChooseClassified{Objective: "cull"})
	// Red took the far zone; the Player Turn order is red's first.
	if st.Seats[0] != "red" || st.deployer() != "blue" || st.army("blue").Zone[0][1] != 0 || st.army("red").Zone[0][1] != 36 {
		t.Fatalf("seats %v, deployer %s, zones %v %v", st.Seats, st.deployer(), *st.army("blue").Zone, *st.army("red").Zone)
	}
	for _, c := range []struct {
		d    Deploy
		code rules.Code
		want string
	}{
		{Deploy{Placement: Placement{Trooper: "red-zhanshi-1", At: [2]float64{5, 5}}}, rules.CodeBadAction, "not a trooper of blue still to deploy"},
		{Deploy{Placement: Placement{Trooper: "blue-hacker-1", At: [2]float64{5, 20}}}, rules.CodeIllegal, "totally inside blue's Deployment Zone"},
		{Deploy{Placement: Placement{Trooper: "blue-hacker-1", At: [2]float64{5, 11.8}}}, rules.CodeIllegal, "totally inside"},
		{Deploy{Placement: Placement{Trooper: "blue-sniper-1", At: [2]float64{5, 5}}}, rules.CodeIllegal, "Hidden Deployment (N4)"},
		{Deploy{Placement: Placement{Trooper: "blue-hacker-1", At: [2]float64{5, 5}}, Hidden: []Placement{{Trooper: "blue-hacker-1", At: [2]float64{8, 5}}}}, rules.CodeBadAction, "placed twice"},
		{Deploy{Placement: Placement{Trooper: "blue-hacker-1", At: [2]float64{5, 5}}, Hidden: []Placement{{Trooper: "blue-sniper-1", At: [2]float64{5.5, 5}}}}, rules.CodeIllegal, "overlap another trooper placed with it"},
	} {
		before := mustEncode(t, c.d)
		refused(t, st, "blue", c.d, c.code, c.want)
		if mustEncode(t, c.d) != before || len(st.PreGame.Pending) != 16 {
			t.Fatalf("a refusal changed something")
		}
	}
	do(t, st, "blue", Deploy{Placement: Placement{Trooper: "blue-hacker-1", At: [2]float64{5, 5}}})
	refused(t, st, "blue", Deploy{Placement: Placement{Trooper: "blue-fusilier-1", At: [2]float64{5.5, 5}}}, rules.CodeIllegal, "would overlap blue-hacker-1")
	// Infiltration (N4): the Scout, whose list chose Infiltration, deploys
	// anywhere in blue's half of the table, beyond it only with a fallback
	// for its roll, never in red's zone; the Hacker only in the zone;
	// nobody in contact with a console.
	refused(t, st, "blue", Deploy{Placement: Placement{Trooper: "blue-hacker-1", At: [2]float64{5, 20}}}, rules.CodeBadAction, "not a trooper of blue still to deploy")
	refused(t, st, "blue", Deploy{Placement: Placement{Trooper: "blue-fusilier-1", At: [2]float64{5, 20}}}, rules.CodeIllegal, "totally inside blue's Deployment Zone")
	refused(t, st, "blue", Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{5, 30}}}, rules.CodeBadAction, "name its fallback")
	refused(t, st, "blue", Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{5, 40}}}, rules.CodeIllegal, "Infiltration (N4)")
	refused(t, st, "blue", Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{12, 22.8}}}, rules.CodeIllegal, "in contact with a mission objective (West console)")
	do(t, st, "blue", Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{5, 20}}})
}

// TestDeploymentSequence (Initiative and Deployment (N4)): the first
// deployer places all its troopers but one, the second all but one, then
// each its last; hidden troopers ride on the last open one, and the
// opponent sees neither them nor their placement (Hidden Deployment (N4)).
func TestDeploymentSequence(t *testing.T) {
	st := newMission(t)
	do(t, st, rules.ChanceSeat, InitiativeRoll{}, 5, 15)
	do(t, st, "blue", Choose{Keep: KeepDeployment, DeployFirst: "blue", Zone: 0})
	do(t, st, "red", Choose{FirstTurn: "red"})
	do(t, st, "red", ChooseClassified{Objective: "double-link"})
	do(t, st, "blue", ChooseClassified{Objective: "west-link"})
	x := map[rules.Seat]float64{"blue": 1, "red": 1}
	y := map[rules.Seat]float64{"blue": 2, "red": 40}
	next := func(id string) Placement {
		seat := st.Troopers[st.trooperIndex(id)].Seat
		x[seat] += 3
		return Placement{Trooper: id, At: [2]float64{x[seat], y[seat]}, Facing: 90}
	}
	for _, id := range []string{"blue-fusilier-1", "blue-fusilier-2", "blue-heavy-gunner-1", "blue-scout-1", "blue-forward-observer-1", "blue-hacker-1", "blue-line-trooper-1"} {
		do(t, st, "blue", Deploy{Placement: next(id)})
	}
	// One left: blue keeps it back (the Hellcat is in reserve, the
	// Sniper hidden).
	refused(t, st, "blue", Deploy{Placement: next("blue-militia-1")}, rules.CodeNotYourTurn, "")
	for _, id := range []string{"red-zhanshi-1", "red-zhanshi-2", "red-assault-trooper-1", "red-snare-specialist-1", "red-seeker-marksman-1", "red-sentinel-tag-1"} {
		do(t, st, "red", Deploy{Placement: next(id)})
	}
	refused(t, st, "blue", Deploy{Placement: next("blue-militia-1")}, rules.CodeIllegal, "every trooper still to deploy in Hidden Deployment with it (1)")
	d := Deploy{Placement: next("blue-militia-1"), Hidden: []Placement{next("blue-sniper-1")}}
	redSees := rules.Viewer{Role: rules.RolePlayer, Seat: "red"}
	shown, ok := st.RedactAction("blue", d, redSees)
	if !ok || strings.Contains(mustEncode(t, shown), "sniper") {
		t.Fatalf("red is shown %v", shown)
	}
	ev := do(t, st, "blue", d)
	for _, e := range ev {
		r, ok := st.Redact(e, redSees)
		if b, _ := rules.Encode(r); ok && strings.Contains(string(b), "sniper") {
			t.Fatalf("red is told %v", r)
		}
	}
	if st.Phase != PhaseDeployment || st.deployer() != "red" {
		t.Fatalf("%s, %s", st.Phase, st.deployer())
	}
	ev = do(t, st, "red", Deploy{Placement: next("red-support-remote-1")})
	// The first Player Turn starts; blue, second to play, is asked for its
	// Strategic Use of a Command Token (rule_strategic.go).
	if st.Phase != PhaseStrategic || st.active() != "red" || st.PreGame != nil || st.Prompt().Seats[0] != "blue" {
		t.Fatalf("after deployment: %s, %s", st.Phase, st.active())
	}
	if _, ok := ev[len(ev)-1].(TurnStarted); !ok {
		t.Fatalf("the first Player Turn starts: %v", ev)
	}
	do(t, st, "blue", StrategicUse{})
	if st.Phase != PhaseOrders {
		t.Fatalf("after the Strategic Use window: %s", st.Phase)
	}
}

// TestDecodeMissionState: a mission's state in its pre-game decodes to the
// same bytes, and one that names what it does not hold is refused with the
// field (CodeBadState).
func TestDecodeMissionState(t *testing.T) {
	st := newMission(t)
	do(t, st, rules.ChanceSeat, InitiativeRoll{}, 5, 15)
	do(t, st, "blue", Choose{Keep: KeepDeployment, DeployFirst: "red", Zone: 0})
	do(t, st, "red", Choose{FirstTurn: "blue"})
	do(t, st, "blue", ChooseClassified{Objective: "cull"})
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ruleset(t).DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	if b2, _ := json.Marshal(back); string(b2) != string(b) {
		t.Fatal("the state does not round-trip")
	}
	for _, c := range []struct{ from, to, want string }{
		{`"pending":[`, `"pending":[99,`, "preGame.pending[0]"},
		{`"chooser":"red"`, `"chooser":"green"`, "preGame.chooser"},
		{`"classified":{"blue":"cull"}`, `"classified":{"blue":"luck"}`, "mission.classified.blue"},
		{`"phase":"classified"`, `"phase":"orders"`, "preGame"},
	} {
		bad := strings.Replace(string(b), c.from, c.to, 1)
		if bad == string(b) {
			t.Fatalf("%s not in the state", c.from)
		}
		_, err := ruleset(t).DecodeState([]byte(bad))
		if re, ok := rules.AsRuleError(err); !ok || re.Code != CodeBadState || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.want, err)
		}
	}
}
