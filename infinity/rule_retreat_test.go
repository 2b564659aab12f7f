package infinity

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// retreatYAML is blue's survivor of profile prof at (10, 10) facing red's
// watcher at (10, 16), and n line troopers behind it (9 points each);
// red has the initiative.
func retreatYAML(prof string, n int) string {
	var b, ids strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "      - {id: line-%d, profile: line-trooper, models: [{id: line-%d, at: [%d, 2], facing: 90}]}\n", i, i, 2+2*i)
		fmt.Fprintf(&ids, ", line-%d", i)
	}
	return `name: test
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: survivor, profile: ` + prof + `, lieutenant: true, models: [{id: survivor, at: [10, 10], facing: 90}]}
` + b.String() + `    combat-groups: [{name: "1", troopers: [survivor` + ids.String() + `]}]
  - seat: red
    troopers:
      - {id: watcher, profile: fusilier, lieutenant: true, models: [{id: watcher, at: [10, 16], facing: 270}]}
    combat-groups: [{name: "1", troopers: [watcher]}]
initiative: red
rounds: 2
`
}

// fallAll kills every line trooper of blue and ends red's turn: blue's
// Tactical Phase makes the Retreat! check.
func retreatTurn(t *testing.T, st *State) []rules.Event {
	t.Helper()
	for i, tr := range st.Troopers {
		if strings.HasPrefix(tr.ID, "line-") {
			st.die(i)
		}
	}
	return do(t, st, "red", EndOrders{})
}

// Retreat! (N4): in its Tactical Phase, an army whose survivors are worth
// 25% or less of its points enters Retreat!: it counts as in Loss of
// Lieutenant (Irregular, no Lieutenant Special Order), each surviving
// trooper takes a Retreat! token (not with Courage), and the tokened may
// only declare Short Movement Skills, Cautious Movement, Dodge and Reset.
// Above 25% it does not.
func TestRetreat(t *testing.T) {
	for _, c := range []struct {
		name    string
		prof    string
		lines   int
		retreat bool
		token   bool
	}{
		{"10 of 46 points: Retreat!", "fusilier", 4, true, true},
		{"10 of 37 points: above 25%", "fusilier", 3, false, false},
		{"Courage: Irregular, no token", "assault", 8, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, retreatYAML(c.prof, c.lines), nil)
			evs := retreatTurn(t, st)
			army := st.army("blue")
			if army.Retreat != c.retreat {
				t.Fatalf("Retreat %v, want %v: %v", army.Retreat, c.retreat, evs)
			}
			sv := st.Troopers[st.trooperIndex("survivor")]
			if sv.States.Retreat != c.token {
				t.Errorf("token %v, want %v", sv.States.Retreat, c.token)
			}
			var started TurnStarted
			entered := false
			for _, e := range evs {
				switch e := e.(type) {
				case TurnStarted:
					started = e
				case RetreatChanged:
					entered = e.On && e.Seat == "blue"
				}
			}
			if entered != c.retreat {
				t.Errorf("RetreatChanged reported %v, want %v", entered, c.retreat)
			}
			if c.retreat && (started.Irregular["survivor"] != 1 || started.Lieutenant != 0 || started.Pools["1"] != 0) {
				t.Errorf("in Retreat!: %+v, want the survivor Irregular and no Lieutenant Special Order", started)
			}
			shoot := Activate{Trooper: "survivor", Order: OrderIrregular, Skill: Skill{Name: SkillBSAttack, Target: "watcher"}}
			if !c.retreat {
				shoot.Order = OrderRegular
			}
			if c.token {
				refused(t, st, "blue", shoot, rules.CodeIllegal, "Retreat! token")
				do(t, st, "blue", Activate{Trooper: "survivor", Order: OrderIrregular, Skill: move([2]float64{10, 8})})
				return
			}
			do(t, st, "blue", shoot)
		})
	}
}

// Retreat! (N4): entering it cancels the army's Marker states: a
// Camouflaged survivor is revealed.
func TestRetreatCancelsMarkers(t *testing.T) {
	st := setup(t, strings.Replace(retreatYAML("scout", 8), "lieutenant: true, models: [{id: survivor", "lieutenant: true, deployment: marker, models: [{id: survivor", 1), nil)
	if !st.Troopers[st.trooperIndex("survivor")].States.Camouflaged {
		t.Fatal("the scout does not start Camouflaged")
	}
	evs := retreatTurn(t, st)
	if st.Troopers[st.trooperIndex("survivor")].States.Camouflaged {
		t.Fatalf("still Camouflaged in Retreat!: %v", evs)
	}
}

// Retreat! (N4): a trooper with the token may Dodge in ARO but not shoot.
func TestRetreatTokenInARO(t *testing.T) {
	st := setup(t, retreatYAML("fusilier", 4), nil)
	retreatTurn(t, st)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "watcher", Order: OrderRegular, Skill: move([2]float64{10, 15})})
	refused(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "survivor", Skill: Skill{Name: SkillBSAttack, Target: "watcher"}}}}, rules.CodeIllegal, "Retreat! token")
	do(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "survivor", Skill: Skill{Name: SkillDodge}}}})
}

// Retreat! (N4): the game ends when the army in Retreat! has no trooper
// left on the table out of a Null state.
func TestRetreatEndsTheGame(t *testing.T) {
	st := setup(t, retreatYAML("fusilier", 4), nil)
	fell(st, "survivor")
	evs := retreatTurn(t, st)
	if st.Phase != PhaseOver {
		t.Fatalf("phase %s: %v", st.Phase, evs)
	}
}

// Retreat! (N4), Command Tokens (N4): a Command Token cancels one
// trooper's Retreat! token; the menu offers it while the army has a token
// left, and the trooper may then shoot.
func TestRetreatCancelledByACommandToken(t *testing.T) {
	st := setup(t, retreatYAML("fusilier", 4), nil)
	retreatTurn(t, st)
	offered := false
	for _, o := range st.Legal("blue") {
		if a, ok := asAction[CancelRetreat](o.Action); ok && a.Trooper == "survivor" && o.Illegal == nil {
			offered = true
		}
	}
	if !offered {
		t.Fatal("the menu does not offer cancel-retreat")
	}
	refused(t, st, "blue", CancelRetreat{Trooper: "line-0"}, rules.CodeIllegal, "holds no Retreat! token")
	tokens := st.army("blue").CommandTokens
	do(t, st, "blue", CancelRetreat{Trooper: "survivor"})
	if st.Troopers[st.trooperIndex("survivor")].States.Retreat || st.army("blue").CommandTokens != tokens-1 {
		t.Fatal("the token stays, or no Command Token was spent")
	}
	do(t, st, "blue", Activate{Trooper: "survivor", Order: OrderIrregular, Skill: Skill{Name: SkillBSAttack, Target: "watcher"}})
}

// Retreat! (N4): the forced-dice scenario (data/scenarios/seed/retreat.yaml).
func TestRetreatScenario(t *testing.T) { playSeeds(t, "retreat*.yaml", 1) }
