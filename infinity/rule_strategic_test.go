package infinity

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// strategicState plays a mission's pre-game to the Strategic Use window:
// red plays the second Player Turn.
func strategicState(t *testing.T) *State {
	t.Helper()
	return deployMission(t, "crossroads", [2]string{"cull", "east-outpost"}, nil)
}

// Command Tokens (N4), Strategic Use: once deployment ends and the first
// Order Count is made, the player of the second Player Turn is asked first;
// declining costs nothing and opens the Orders Phase.
func TestStrategicUseWindow(t *testing.T) {
	st := strategicState(t)
	if st.Phase != PhaseStrategic || st.Prompt().Seats[0] != "red" || st.active() != "blue" {
		t.Fatalf("phase %s, prompt %v: want red asked in blue's first Tactical Phase", st.Phase, st.Prompt())
	}
	refused(t, st, "blue", EndOrders{}, rules.CodeNotYourTurn, "waiting for [red]")
	refused(t, st, "red", EndOrders{}, rules.CodeWrongWindow, "Strategic Use")
	tokens := st.army("red").CommandTokens
	do(t, st, "red", StrategicUse{})
	if st.Phase != PhaseOrders || st.army("red").CommandTokens != tokens {
		t.Fatalf("declining: phase %s, tokens %d", st.Phase, st.army("red").CommandTokens)
	}
}

// Command Tokens (N4), Strategic Use: each use, what it does, and each
// refusal with its rule.
func TestStrategicUses(t *testing.T) {
	t.Run("limit-tokens", func(t *testing.T) {
		st := strategicState(t)
		ev := do(t, st, "red", StrategicUse{Use: UseLimitTokens})
		if st.army("red").CommandTokens != CommandTokens-1 || !hasEvent(ev, "strategic-used") {
			t.Fatalf("tokens %d, events %v", st.army("red").CommandTokens, ev)
		}
		// Blue spends one Command Token, then no more this turn.
		spend := firstLegal(t, st, "blue", func(a rules.Action) bool { _, ok := a.(Coordinate); return ok })
		do(t, st, "blue", spend)
		finishOrder(t, st)
		_, err := st.Apply("blue", spend, nil)
		if re, ok := rules.AsRuleError(err); !ok || !strings.Contains(re.Error(), "only one this turn") {
			t.Fatalf("a second Command Token this turn: %v", err)
		}
		for _, o := range st.Legal("blue") {
			if c, ok := o.Action.(Coordinate); ok && o.Illegal == nil {
				t.Fatalf("a Coordinated Order is offered past the limit: %v", c)
			}
		}
		// The limit lasts blue's turn only.
		do(t, st, "blue", EndOrders{})
		do(t, st, "red", EndOrders{})
		if st.army("blue").TokenCap != 0 || st.tokenCapped("blue") {
			t.Fatal("the limit outlived the turn")
		}
	})
	t.Run("remove-orders", func(t *testing.T) {
		st := strategicState(t)
		// More than ten Orders (PDF 2.1): eleven in combat group 1.
		st.army("blue").Groups[0].Pool = 11
		before := pools(st, "blue")
		g0 := st.army("blue").Groups[0].Name
		ev := do(t, st, "red", StrategicUse{Use: UseRemoveOrders, Groups: []string{"1", "1"}})
		if got := pools(st, "blue")[g0]; got != before[g0]-2 {
			t.Fatalf("pool %d, want %d", got, before[g0]-2)
		}
		// Red reads blue's group by its label.
		for _, e := range ev {
			if u, ok := e.(StrategicUsed); ok {
				re, _ := st.Redact(u, rules.PlayerView("red"))
				if g := re.(StrategicUsed).Groups; !slices.Equal(g, []string{"1", "1"}) {
					t.Fatalf("red reads groups %v", g)
				}
			}
		}
	})
	t.Run("suppressive-fire", func(t *testing.T) {
		st := strategicState(t)
		id := ""
		for i, tr := range st.Troopers {
			if tr.Seat == "red" && st.suppressiveBar(i) == nil {
				id = tr.ID
				break
			}
		}
		if id == "" {
			t.Fatal("red has no trooper that may enter Suppressive Fire")
		}
		do(t, st, "red", StrategicUse{Use: UseSuppressive, Trooper: id})
		if !st.Troopers[st.trooperIndex(id)].States.SuppressiveFire {
			t.Fatalf("%s is not in Suppressive Fire", id)
		}
	})
	for _, c := range []struct {
		name    string
		prepare func(*State)
		a       StrategicUse
		code    rules.Code
		want    string
	}{
		{"no Command Token", func(st *State) { st.army("red").CommandTokens = 0 }, StrategicUse{Use: UseLimitTokens}, rules.CodeIllegal, "no Command Token"},
		{"ten Orders or fewer", func(st *State) { st.army("blue").Groups[0].Pool = 1; st.army("blue").Groups[1].Pool = 1 }, StrategicUse{Use: UseRemoveOrders, Groups: []string{"1", "2"}}, rules.CodeIllegal, "only from more than 10"},
		{"one group", func(st *State) { st.army("blue").Groups[0].Pool = 11 }, StrategicUse{Use: UseRemoveOrders, Groups: []string{"1"}}, rules.CodeBadAction, "names the two combat groups"},
		{"unknown group", func(st *State) { st.army("blue").Groups[0].Pool = 11 }, StrategicUse{Use: UseRemoveOrders, Groups: []string{"1", "9"}}, rules.CodeBadAction, `no combat group "9"`},
		{"an empty pool", func(st *State) { st.army("blue").Groups[0].Pool = 11; st.army("blue").Groups[1].Pool = 1 }, StrategicUse{Use: UseRemoveOrders, Groups: []string{"2", "2"}}, rules.CodeIllegal, "holds 1 Regular Orders, not 2"},
		{"an enemy trooper", nil, StrategicUse{Use: UseSuppressive, Trooper: "blue-fusilier-1"}, rules.CodeBadAction, "is not a trooper of red"},
		{"unknown use", nil, StrategicUse{Use: "reroll"}, rules.CodeBadAction, "want remove-orders, limit-tokens or suppressive-fire"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := strategicState(t)
			if c.prepare != nil {
				c.prepare(st)
			}
			before, _ := json.Marshal(st)
			refused(t, st, "red", c.a, c.code, c.want)
			if after, _ := json.Marshal(st); string(after) != string(before) {
				t.Fatal("a refused Strategic Use changed the state")
			}
		})
	}
}

// firstLegal is seat's first legal option that match accepts.
func firstLegal(t *testing.T, st *State, seat rules.Seat, match func(rules.Action) bool) rules.Action {
	t.Helper()
	for _, o := range st.Legal(seat) {
		if o.Illegal == nil && match(Plain(o.Action)) {
			return Plain(o.Action)
		}
	}
	t.Fatalf("%s has no such legal option", seat)
	return nil
}
