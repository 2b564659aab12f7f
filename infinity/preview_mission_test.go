package infinity

import (
	"strings"
	"testing"
)

// TestPreviewDeployAndInteract: the preview of a deployment is the check
// it would meet (Initiative and Deployment (N4)): a spot out of the
// Deployment Zone is refused with the rule, a good one is not, and
// neither changes the match; the preview of a console's interaction
// (Specialist Troops) is its Normal WIP Roll, the Hacker's WIP 13 a 65%
// chance, and a trooper out of contact is refused with the rule.
func TestPreviewDeployAndInteract(t *testing.T) {
	st := startMission(t, "uplink", [2]string{"west-link", "cull"}, map[string][3]float64{"blue-hacker-1": {12, 11, 90}})
	order(t, st, Activate{Trooper: "blue-hacker-1", Order: OrderRegular, Skill: move([2]float64{12, 15})}, move([2]float64{12, 19}))
	a := Interact{Trooper: "blue-hacker-1", Objective: "west-console", Order: OrderRegular}
	if _, err := st.Preview("blue", a); err == nil || !strings.Contains(err.Error(), "base contact") {
		t.Fatalf("out of contact: %v", err)
	}
	order(t, st, Activate{Trooper: "blue-hacker-1", Order: OrderRegular, Skill: move([2]float64{12, 22.8})}, Skill{Name: SkillIdle})
	before := encodeState(t, st)
	ro, err := st.Preview("blue", a)
	if err != nil || len(ro) != 1 || ro[0].SV == nil {
		t.Fatalf("in contact: %+v %v", ro, err)
	}
	wip := st.profile(st.trooperIndex("blue-hacker-1")).WIP
	if want := float64(wip) / 20; ro[0].SV.Value != wip || ro[0].Win < want-1e-9 || ro[0].Win > want+1e-9 || ro[0].Crit < 0.05-1e-9 || ro[0].Crit > 0.05+1e-9 {
		t.Fatalf("WIP %d: %+v", wip, ro[0])
	}
	if encodeState(t, st) != before {
		t.Fatal("a preview changed the match")
	}

	st = newMission(t)
	do(t, st, "chance", InitiativeRoll{}, 5, 15)
	do(t, st, "blue", Choose{Keep: KeepDeployment, DeployFirst: "blue", Zone: 0})
	do(t, st, "red", Choose{FirstTurn: "red"})
	do(t, st, "red", ChooseClassified{Objective: "cull"})
	do(t, st, "blue", ChooseClassified{Objective: "cull"})
	before = encodeState(t, st)
	if _, err := st.Preview("blue", Deploy{Placement: Placement{Trooper: "blue-hacker-1", At: [2]float64{5, 20}}}); err == nil || !strings.Contains(err.Error(), "Deployment Zone") {
		t.Fatalf("out of the zone: %v", err)
	}
	if ro, err := st.Preview("blue", Deploy{Placement: Placement{Trooper: "blue-hacker-1", At: [2]float64{5, 5}}}); err != nil || len(ro) != 0 {
		t.Fatalf("in the zone: %+v %v", ro, err)
	}
	if encodeState(t, st) != before {
		t.Fatal("a preview changed the match")
	}
}
