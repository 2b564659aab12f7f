package infinity

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// twoGroupsYAML is jumperYAML with blue's G: Jumper alone in combat group
// 1 and the captain in combat group 2.
func twoGroupsYAML() string {
	return strings.Replace(jumperYAML("captain", threeProxies...),
		`combat-groups: [{name: "1", troopers: [captain, posthuman]}]`,
		`combat-groups: [{name: "1", troopers: [posthuman]}, {name: "2", troopers: [captain]}]`, 1)
}

func pools(st *State, seat rules.Seat) map[string]int {
	out := map[string]int{}
	for _, g := range st.army(seat).Groups {
		out[g.Name] = g.Pool
	}
	return out
}

// G: Jumper (N4, PDF 2.1), Requirements: moving the G: Jumper to another combat group
// moves all its Proxies, and it still counts as one trooper there (one
// Regular Order). The move is the Executive Use of a Command Token
// (Army list and Combat Groups (N4), Command Tokens (N4)).
func TestJumperTransferMovesAllProxies(t *testing.T) {
	st := setup(t, twoGroupsYAML(), nil)
	if got := pools(st, "blue"); got["1"] != 1 || got["2"] != 1 {
		t.Fatalf("pools before %v", got)
	}
	// Naming any Proxy names the whole G: Jumper.
	ev := do(t, st, "blue", Transfer{Trooper: "mk5", Group: "2"})
	for _, id := range []string{"mk2", "mk4", "mk5"} {
		if g := st.Troopers[st.trooperIndex(id)].Group; g != "2" {
			t.Errorf("%s is in combat group %s, want 2", id, g)
		}
	}
	if got := pools(st, "blue"); got["1"] != 0 || got["2"] != 2 {
		t.Fatalf("pools after %v, want 1:0 2:2 (the G: Jumper's one Order moves with it)", got)
	}
	tr, ok := ev[0].(Transferred)
	if len(ev) != 1 || !ok || tr.From != "1" || tr.To != "2" || tr.Tokens != CommandTokens-1 || tr.Pools["2"] != 2 {
		t.Fatalf("events %v", ev)
	}
	if st.army("blue").CommandTokens != CommandTokens-1 {
		t.Fatalf("Command Tokens %d", st.army("blue").CommandTokens)
	}
	// The G: Jumper now draws on combat group 2's pool.
	do(t, st, "blue", Activate{Trooper: "mk4", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
	if got := pools(st, "blue"); got["2"] != 1 {
		t.Fatalf("pools after the Order %v", got)
	}
}

// A G: Jumper whose first Proxy is Dead still has a combat group to leave;
// only when every Proxy is Dead has it none.
func TestTransferJumperWithDeadProxy(t *testing.T) {
	st := setup(t, twoGroupsYAML(), nil)
	st.Troopers[st.trooperIndex("mk2")].States.Dead = true
	do(t, st, "blue", Transfer{Trooper: "posthuman", Group: "2"})
	st = setup(t, twoGroupsYAML(), nil)
	for _, id := range []string{"mk2", "mk4", "mk5"} {
		st.Troopers[st.trooperIndex(id)].States.Dead = true
	}
	refused(t, st, "blue", Transfer{Trooper: "posthuman", Group: "2"}, rules.CodeIllegal, "Dead")
}

// Army list and Combat Groups (N4), Game Round and Player Turn (N4), Command Tokens (N4): each refusal names its rule and changes
// nothing.
func TestTransferRefusals(t *testing.T) {
	for _, tc := range []struct {
		name    string
		prepare func(*testing.T, *State)
		a       Transfer
		code    rules.Code
		want    string
	}{
		{"unknown trooper", nil, Transfer{Trooper: "nobody", Group: "2"}, rules.CodeBadAction, "not a trooper of blue"},
		{"enemy trooper", nil, Transfer{Trooper: "hellcat", Group: "2"}, rules.CodeBadAction, "not a trooper of blue"},
		{"unknown group", nil, Transfer{Trooper: "mk4", Group: "7"}, rules.CodeBadAction, `no combat group "7"`},
		{"same group", nil, Transfer{Trooper: "mk4", Group: "1"}, rules.CodeIllegal, "already in combat group 1"},
		{"no Command Token", func(_ *testing.T, st *State) { st.army("blue").CommandTokens = 0 }, Transfer{Trooper: "mk4", Group: "2"}, rules.CodeIllegal, "no Command Token"},
		{"Dead trooper", func(_ *testing.T, st *State) { st.Troopers[st.trooperIndex("captain")].States.Dead = true },
			Transfer{Trooper: "captain", Group: "1"}, rules.CodeIllegal, "Dead"},
		{"after an Order: the Tactical Phase is over", func(t *testing.T, st *State) {
			do(t, st, "blue", Activate{Trooper: "captain", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
			finishOrder(t, st)
		}, Transfer{Trooper: "mk4", Group: "2"}, rules.CodeWrongWindow, "Tactical Phase is over"},
		{"full combat group", func(_ *testing.T, st *State) {
			for i := range MaxGroupTroopers - 1 {
				st.Troopers = append(st.Troopers, Trooper{ID: "extra" + string(rune('a'+i)), Seat: "blue", Group: "2", Profile: "fusilier"})
			}
		}, Transfer{Trooper: "mk4", Group: "2"}, rules.CodeIllegal, "already has 10 troopers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, twoGroupsYAML(), nil)
			if tc.prepare != nil {
				tc.prepare(t, st)
			}
			before, err := json.Marshal(st)
			if err != nil {
				t.Fatal(err)
			}
			refused(t, st, "blue", tc.a, tc.code, tc.want)
			after, _ := json.Marshal(st)
			if string(before) != string(after) {
				t.Fatal("a refused transfer changed the state")
			}
		})
	}
}

// finishOrder plays the Order under way to its end with the first legal
// option of whoever is prompted.
func finishOrder(t *testing.T, st *State) {
	t.Helper()
	for st.Order != nil {
		seat := st.Prompt().Seats[0]
		var next rules.Action
		for _, o := range st.Legal(seat) {
			if o.Illegal == nil {
				next = o.Action
				break
			}
		}
		if next == nil {
			t.Fatalf("%s has no legal option in %v", seat, st.Prompt())
		}
		if _, err := st.Apply(seat, next, dice.NewPCG(1, 2)); err != nil {
			t.Fatal(err)
		}
	}
}

// The menu offers a transfer of every unit to every other combat group
// while the Tactical Phase lasts, a G: Jumper once, and none afterwards.
func TestTransferLegal(t *testing.T) {
	st := setup(t, twoGroupsYAML(), nil)
	var offered []Transfer
	for _, o := range st.Legal("blue") {
		if tr, ok := o.Action.(Transfer); ok && o.Illegal == nil {
			offered = append(offered, tr)
		}
	}
	want := []Transfer{{Trooper: "captain", Group: "1"}, {Trooper: "posthuman", Group: "2"}}
	if !slices.Equal(offered, want) {
		t.Fatalf("offered %v, want %v", offered, want)
	}
	do(t, st, "blue", Activate{Trooper: "captain", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
	finishOrder(t, st)
	for _, o := range st.Legal("blue") {
		if _, ok := o.Action.(Transfer); ok {
			t.Fatalf("transfer offered after an Order: %v", o)
		}
	}
}

// A transfer is public, but a concealed trooper's name is not: its
// opponent learns only that some trooper changed combat group.
func TestTransferRedaction(t *testing.T) {
	st := setup(t, twoGroupsYAML(), nil)
	ev := do(t, st, "blue", Transfer{Trooper: "captain", Group: "1"})
	red, ok := st.Redact(ev[0], rules.PlayerView("red"))
	if !ok || red.(Transferred).Trooper != st.label(st.trooperIndex("captain")) {
		t.Fatalf("a visible trooper's transfer: %v %v", red, ok)
	}
	// One Proxy concealed: the others show the G: Jumper's group anyway.
	st.Troopers[st.trooperIndex("mk2")].States.Camouflaged = true
	st.Troopers[st.trooperIndex("mk2")].Marker = "M1"
	red, ok = st.Redact(Transferred{Seat: "blue", Trooper: "posthuman", From: "1", To: "2"}, rules.PlayerView("red"))
	if !ok || red.(Transferred).Trooper != st.jumperLabel(st.trooperIndex("mk2")) {
		t.Fatalf("a G: Jumper with Proxies in the open: %v", red)
	}
	// Every Proxy concealed: nothing names it.
	for i, id := range []string{"mk4", "mk5"} {
		st.Troopers[st.trooperIndex(id)].States.Camouflaged = true
		st.Troopers[st.trooperIndex(id)].Marker = fmt.Sprintf("M%d", i+2)
	}
	red, ok = st.Redact(Transferred{Seat: "blue", Trooper: "posthuman", From: "1", To: "2"}, rules.PlayerView("red"))
	if !ok || red.(Transferred).Trooper != "" {
		t.Fatalf("a G: Jumper with every Proxy camouflaged named to the opponent: %v", red)
	}
	own, _ := st.Redact(Transferred{Seat: "blue", Trooper: "posthuman", From: "1", To: "2"}, rules.PlayerView("blue"))
	if own.(Transferred).Trooper != "posthuman" {
		t.Fatalf("owner's view: %v", own)
	}
}
