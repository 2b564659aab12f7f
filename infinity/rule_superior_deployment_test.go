package infinity

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/rulestest"
)

// vanguardGame is Uplink between the Vanguard test list (blue: Forward
// Deployment, Infiltration, Impersonation) and the shipped red company.
func vanguardGame(t testing.TB) MissionGame {
	return missionGame(t, "../data/missions/uplink.yaml", "testdata/armies/vanguard.yaml", "../data/armies/red-company.yaml")
}

// vanguardDeploying is the Vanguard game at blue's first deployment: blue
// won the Initiative Roll, took the zone at y 0–12 (its half is y 0–24)
// and deploys first; red's zone is y 36–48.
func vanguardDeploying(t *testing.T) *State {
	t.Helper()
	st := setUpMission(t, vanguardGame(t), "uplink")
	do(t, st, rules.ChanceSeat, InitiativeRoll{}, 5, 15)
	do(t, st, "blue", Choose{Keep: KeepDeployment, DeployFirst: "blue", Zone: 0})
	do(t, st, "red", Choose{FirstTurn: "red"})
	do(t, st, "red", ChooseClassified{Objective: "cull"})
	do(t, st, "blue", ChooseClassified{Objective: "cull"})
	if st.deployer() != "blue" {
		t.Fatalf("deployer %s", st.deployer())
	}
	return st
}

func at(x, y float64) *[2]float64 { return &[2]float64{x, y} }

// edge is a fallback at x for a 25 mm base (Silhouette 2) touching the
// table edge behind blue's zone.
func edge(x float64) *[2]float64 { return at(x, baseRadius[2]) }

// TestSuperiorDeployment: Forward Deployment (N4), Infiltration (N4) and
// Impersonation (N4) in the Deployment Phase. Each case places one
// trooper (the Lurker in Hidden Deployment rides beside the Line
// Trooper): refused with its rule, or placed after the roll the spot asks
// for — none in the free area, a PH Roll (Infiltration) or a WIP Roll
// (Impersonation) beyond it — at the spot when the roll passes and at its
// fallback when it fails; a failed Impersonation roll deploys the trooper
// as itself.
func TestSuperiorDeployment(t *testing.T) {
	for _, c := range []struct {
		name   string
		d      Deploy
		faces  []int
		code   rules.Code // refused with it, else placed
		want   string     // the refusal's words
		where  [2]float64 // where the trooper stands after
		rolled string     // "", "pass" or "fail"
		marker bool       // still a marker after
	}{
		{name: "Forward Deployment (N4): level 1 reaches 4\" beyond the zone", d: Deploy{Placement: Placement{Trooper: "blue-pathfinder-1", At: [2]float64{10, 15}}}, where: [2]float64{10, 15}},
		{name: "Forward Deployment (N4): level 1 not 6\"", d: Deploy{Placement: Placement{Trooper: "blue-pathfinder-1", At: [2]float64{10, 17.5}}}, code: rules.CodeIllegal, want: "Forward Deployment (N4)"},
		{name: "Forward Deployment (N4): level 2 reaches 8\"", d: Deploy{Placement: Placement{Trooper: "blue-outrider-1", At: [2]float64{10, 19}}}, where: [2]float64{10, 19}},
		{name: "Forward Deployment (N4): level 2 not 10\"", d: Deploy{Placement: Placement{Trooper: "blue-outrider-1", At: [2]float64{10, 21.5}}}, code: rules.CodeIllegal, want: "Forward Deployment (N4)"},
		{name: "Initiative and Deployment (N4): no skill, the zone only", d: Deploy{Placement: Placement{Trooper: "blue-line-trooper-1", At: [2]float64{10, 15}}}, code: rules.CodeIllegal, want: "totally inside blue's Deployment Zone"},
		{name: "Infiltration (N4): own half, no roll", d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 20}}}, where: [2]float64{30, 20}},
		{name: "Infiltration (N4): own half, no fallback", d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 20}, Fallback: edge(30)}}, code: rules.CodeBadAction, want: "only for a placement that rolls"},
		{name: "Infiltration (N4): enemy half needs a fallback", d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 30}}}, code: rules.CodeBadAction, want: "name its fallback"},
		{name: "Infiltration (N4): the fallback inside the zone", d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 30}, Fallback: at(30, 14)}}, code: rules.CodeIllegal, want: "totally inside blue's Deployment Zone"},
		{name: "Infiltration (N4): the fallback at a table edge", d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 30}, Fallback: at(30, 6)}}, code: rules.CodeIllegal, want: "in contact with a table edge"},
		{name: "Infiltration (N4): never the enemy's zone", d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 37}, Fallback: edge(30)}}, code: rules.CodeIllegal, want: "Infiltration (N4)"},
		{name: "Infiltration (N4): the PH Roll passes (PH 11, a 11)", d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 30}, Fallback: edge(30)}}, faces: []int{11}, where: [2]float64{30, 30}, rolled: "pass"},
		{name: "Infiltration (N4): the PH Roll fails (a 12): the fallback", d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 30}, Fallback: edge(30)}}, faces: []int{12}, where: *edge(30), rolled: "fail"},
		{name: "Infiltration (N4): a Camouflaged marker fails and stays a marker", d: Deploy{Placement: Placement{Trooper: "blue-scout-2", At: [2]float64{30, 30}, Fallback: edge(30)}}, faces: []int{20}, where: *edge(30), rolled: "fail", marker: true},
		{name: "Impersonation (N4): own half, no roll", d: Deploy{Placement: Placement{Trooper: "blue-mimic-agent-1", At: [2]float64{20, 20}}}, where: [2]float64{20, 20}, marker: true},
		{name: "Impersonation (N4): never the enemy's zone", d: Deploy{Placement: Placement{Trooper: "blue-mimic-agent-1", At: [2]float64{20, 40}, Fallback: edge(20)}}, code: rules.CodeIllegal, want: "Impersonation (N4)"},
		{name: "Impersonation (N4): the WIP Roll passes (WIP 14, a 14)", d: Deploy{Placement: Placement{Trooper: "blue-mimic-agent-1", At: [2]float64{20, 30}, Fallback: edge(20)}}, faces: []int{14}, where: [2]float64{20, 30}, rolled: "pass", marker: true},
		{name: "Impersonation (N4): the WIP Roll fails: the fallback, as itself", d: Deploy{Placement: Placement{Trooper: "blue-mimic-agent-1", At: [2]float64{20, 30}, Fallback: edge(20)}}, faces: []int{15}, where: *edge(20), rolled: "fail"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := vanguardDeploying(t)
			id := c.d.Trooper
			if c.code != "" {
				before := encodeState(t, st)
				refused(t, st, "blue", c.d, c.code, c.want)
				if encodeState(t, st) != before {
					t.Fatal("a refusal changed the state")
				}
				return
			}
			ev := do(t, st, "blue", c.d, c.faces...)
			tr := st.Troopers[st.trooperIndex(id)]
			if got := st.Models[tr.Models[0]].At; got != c.where {
				t.Fatalf("%s stands at %v, want %v", id, got, c.where)
			}
			var roll *DeployRolled
			for _, e := range ev {
				if r, ok := e.(DeployRolled); ok {
					roll = &r
				}
			}
			switch {
			case c.rolled == "" && roll != nil:
				t.Fatalf("a roll without need: %+v", roll)
			case c.rolled != "" && (roll == nil || roll.Success != (c.rolled == "pass")):
				t.Fatalf("roll %+v, want %s", roll, c.rolled)
			}
			if tr.States.marker() != c.marker {
				t.Fatalf("%s marker %v, want %v", id, tr.States.marker(), c.marker)
			}
		})
	}
}

// TestSuperiorDeploymentPrivate: a deployment roll tells the opponent no
// more than Impersonation (N4), Camouflaged (N4) and Hidden Deployment (N4)
// allow. An Impersonation marker's passed WIP Roll shows red the outcome
// under the marker's label, without the Success Value or the die; a
// trooper in Hidden Deployment that infiltrates rolls where red sees
// nothing, not even the fallback of its echoed placement.
func TestSuperiorDeploymentPrivate(t *testing.T) {
	red := rules.Viewer{Role: rules.RolePlayer, Seat: "red"}
	st := vanguardDeploying(t)
	mimic := st.trooperIndex("blue-mimic-agent-1")
	label := st.Troopers[mimic].Marker
	for _, e := range do(t, st, "blue", Deploy{Placement: Placement{Trooper: "blue-mimic-agent-1", At: [2]float64{20, 30}, Fallback: edge(20)}}, 3) {
		r, ok := st.Redact(e, red)
		if !ok {
			continue
		}
		b := mustEncode(t, r)
		if strings.Contains(b, "mimic") || strings.Contains(b, `"sv"`) || strings.Contains(b, `"dice"`) {
			t.Fatalf("red is told %s", b)
		}
		if dr, ok := r.(DeployRolled); ok && (dr.Trooper != label || !dr.Success) {
			t.Fatalf("red sees the roll as %+v, want the outcome under %s", dr, label)
		}
	}

	// The Lurker rides, infiltrating, on the Line Trooper's deployment.
	d := Deploy{Placement: Placement{Trooper: "blue-line-trooper-1", At: [2]float64{5, 5}},
		Hidden: []Placement{{Trooper: "blue-lurker-1", At: [2]float64{40, 30}, Fallback: edge(40)}}}
	shown, ok := st.RedactAction("blue", d, red)
	if !ok || strings.Contains(mustEncode(t, shown), "lurker") || strings.Contains(mustEncode(t, shown), "fallback") {
		t.Fatalf("red is shown %v", mustEncode(t, shown))
	}
	ev := do(t, st, "blue", d, 20)
	failed := false
	for _, e := range ev {
		if dr, ok := e.(DeployRolled); ok && dr.Trooper == "blue-lurker-1" && !dr.Success {
			failed = true
		}
		if r, ok := st.Redact(e, red); ok && strings.Contains(mustEncode(t, r), "lurker") {
			t.Fatalf("red is told %s", mustEncode(t, r))
		}
	}
	lurker := st.trooperIndex("blue-lurker-1")
	if !failed || st.Models[st.Troopers[lurker].Models[0]].At != *edge(40) {
		t.Fatalf("the Lurker's failed roll: %v, at %v", failed, st.Models[st.Troopers[lurker].Models[0]].At)
	}
}

// TestDeployOdds: /odds previews a deployment (Infiltration (N4),
// Impersonation (N4)): the exact chance of each roll it would make, none
// for a spot without one, and the refusal the action would meet.
func TestDeployOdds(t *testing.T) {
	st := vanguardDeploying(t)
	for _, c := range []struct {
		d    Deploy
		want []float64 // each roll's chance
		err  string
	}{
		{d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 20}}}},
		{d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 30}, Fallback: edge(30)}}, want: []float64{11.0 / 20}},
		{d: Deploy{Placement: Placement{Trooper: "blue-mimic-agent-1", At: [2]float64{20, 30}, Fallback: edge(20)}}, want: []float64{14.0 / 20}},
		{d: Deploy{Placement: Placement{Trooper: "blue-line-trooper-1", At: [2]float64{5, 5}},
			Hidden: []Placement{{Trooper: "blue-lurker-1", At: [2]float64{40, 30}, Fallback: edge(40)}}}, want: []float64{12.0 / 20}},
		{d: Deploy{Placement: Placement{Trooper: "blue-scout-1", At: [2]float64{30, 30}}}, err: "name its fallback"},
	} {
		before := encodeState(t, st)
		got, err := st.Preview("blue", c.d)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Fatalf("%v: err %v, want %q", c.d, err, c.err)
			}
			continue
		}
		if err != nil || len(got) != len(c.want) {
			t.Fatalf("%v: %+v, %v", c.d, got, err)
		}
		for i, w := range c.want {
			if d := got[i].Win - w; d > 1e-9 || d < -1e-9 {
				t.Fatalf("%v: roll %d wins %v, want %v", c.d, i, got[i].Win, w)
			}
		}
		if encodeState(t, st) != before {
			t.Fatal("a preview changed the state")
		}
	}
}

// TestSuperiorDeploymentConforms: random playouts of Uplink with the
// Vanguard list, whose menu offers deployments beyond the zone with their
// rolls, pass the conformance suite with the counterfactual check.
func TestSuperiorDeploymentConforms(t *testing.T) {
	rulestest.Run(t, vanguardGame(t), seatsOnly("uplink"), rulestest.Options{Playouts: testenv.Count(1, 50), ReplayEvery: 10, TwinEvery: testenv.Count(5, 1)})
}
