package infinity

import (
	"fmt"
	"strings"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// Command Tokens (N4), Strategic Use (docs/RULES.md names the wiki
// revisions followed). The player of the second Player Turn may spend one
// single Command Token in the Tactical Phase of the opponent's first
// Player Turn, right after its Order Count, for one of:
//
//   - remove-orders: two Regular Orders of the opponent's pools, for that
//     turn only, from the combat groups the player names (PDF 2.1: only
//     when the opponent counts more than ten Orders, Regular, Irregular
//     and Lieutenant, leaving out those of troopers in Hidden Deployment
//     or off the table);
//   - limit-tokens: the opponent uses one Command Token at most in that
//     turn;
//   - suppressive-fire: one of the player's troopers enters the
//     Suppressive Fire state, as that skill's activation allows.
//
// Ordo opens the window (StepStrategic) in a game played from a mission
// and army lists, once deployment ends; a placed scenario starts in the
// Orders Phase. The first player's Strategic Use (a trooper held back to
// deploy after the opponent) is not played yet.

const ruleStrategic = "Command Tokens (N4), Strategic Use"

// StepStrategic is the window where the player of the second Player Turn
// makes Strategic Use of a Command Token, or declines to.
const StepStrategic Step = "strategic-use"

// PhaseStrategic is the phase a State waits in during that window.
const PhaseStrategic Phase = Phase(StepStrategic)

// KindStrategicUse is StrategicUse's kind.
const KindStrategicUse ActionKind = "strategic-use"

// The Strategic Uses.
const (
	UseRemoveOrders = "remove-orders"
	UseLimitTokens  = "limit-tokens"
	UseSuppressive  = "suppressive-fire"
)

// strategicOrders is how many Orders the opponent must count, at least
// one more than, for the removal of two (PDF 2.1).
const strategicOrders = 10

// StrategicUse is the second player's Strategic Use of a Command Token, or
// none (Use empty). Groups names the two opponent's combat groups (by
// their public labels, "1", "2", …; one twice for both Orders) the Orders
// are removed from; Trooper the player's own trooper entering Suppressive
// Fire.
type StrategicUse struct {
	Use     string   `json:"use,omitempty"`
	Groups  []string `json:"groups,omitempty"`
	Trooper string   `json:"trooper,omitempty"`
}

func (StrategicUse) Kind() string { return string(KindStrategicUse) }

// StrategicUsed is a Strategic Use made: the Orders removed from the
// opponent's groups (Groups, by name), the opponent limited to one
// Command Token, or the trooper put in Suppressive Fire.
type StrategicUsed struct {
	Seat     rules.Seat `json:"seat"`
	Use      string     `json:"use"`
	Opponent rules.Seat `json:"opponent"`
	Groups   []string   `json:"groups,omitempty"`
	Trooper  string     `json:"trooper,omitempty"`
	Tokens   int        `json:"tokens"` // Command Tokens left
}

func (StrategicUsed) Kind() string { return "strategic-used" }

func (a StrategicUse) String() string {
	switch a.Use {
	case "":
		return "no Strategic Use of a Command Token"
	case UseRemoveOrders:
		return "Strategic Use of a Command Token: remove two Regular Orders from the opponent's combat groups " + strings.Join(a.Groups, " and ")
	case UseLimitTokens:
		return "Strategic Use of a Command Token: the opponent uses one Command Token at most this turn"
	case UseSuppressive:
		return "Strategic Use of a Command Token: " + a.Trooper + " enters Suppressive Fire"
	}
	return "Strategic Use " + a.Use
}

func (e StrategicUsed) String() string {
	switch e.Use {
	case UseRemoveOrders:
		return fmt.Sprintf("%s spends a Command Token: %s loses two Regular Orders this turn (combat groups %s; %d Command Tokens left)", e.Seat, e.Opponent, strings.Join(e.Groups, " and "), e.Tokens)
	case UseLimitTokens:
		return fmt.Sprintf("%s spends a Command Token: %s uses one Command Token at most this turn (%d Command Tokens left)", e.Seat, e.Opponent, e.Tokens)
	}
	return fmt.Sprintf("%s spends a Command Token: %s enters Suppressive Fire (%d Command Tokens left)", e.Seat, e.Trooper, e.Tokens)
}

// openStrategic opens the Strategic Use window at the start of the game,
// after the first Order Count, when the player of the second Player Turn
// has a Command Token to spend.
func (s *State) openStrategic() {
	if s.Phase == PhaseOrders && s.Round == 1 && s.Turn == 0 && len(s.Seats) == 2 && s.army(s.Seats[1]).CommandTokens > 0 {
		s.Phase = PhaseStrategic
	}
}

// countedOrders is the Orders seat counts for the removal's limit: its
// pools, the Irregular Orders of its troopers on the table and out of
// Hidden Deployment, and its Lieutenant Special Orders.
func (s *State) countedOrders(seat rules.Seat) int {
	a := s.army(seat)
	n := a.LieutenantOrders
	for _, g := range a.Groups {
		n += g.Pool
	}
	for t := range s.Troopers {
		tr := &s.Troopers[t]
		if tr.Seat == seat && !tr.States.Hidden && s.modelOf(t) >= 0 {
			n += tr.IrregularOrders
		}
	}
	return n
}

// groupByLabel is the name of seat's combat group with public label l, or
// "".
func (s *State) groupByLabel(seat rules.Seat, l string) (int, bool) {
	for i := range s.army(seat).Groups {
		if groupNumber(i) == l {
			return i, true
		}
	}
	return -1, false
}

// checkStrategic validates a Strategic Use (or none).
func (s *State) checkStrategic(a StrategicUse) error {
	if a.Use == "" {
		if len(a.Groups) > 0 || a.Trooper != "" {
			return rules.Errorf(rules.CodeBadAction, ruleStrategic, "no Strategic Use names no combat group and no trooper")
		}
		return nil
	}
	seat, opp := s.reactive(), s.active()
	if err := s.tokenBar(seat, "a Strategic Use"); err != nil {
		return err
	}
	switch a.Use {
	case UseRemoveOrders:
		if a.Trooper != "" || len(a.Groups) != 2 {
			return rules.Errorf(rules.CodeBadAction, ruleStrategic, "remove-orders names the two combat groups (one twice for both) the Orders come from")
		}
		if n := s.countedOrders(opp); n <= strategicOrders {
			return rules.Errorf(rules.CodeIllegal, ruleStrategic+" (PDF 2.1)", "%s counts %d Orders: two are removed only from more than %d", opp, n, strategicOrders)
		}
		need := map[int]int{}
		for _, l := range a.Groups {
			g, ok := s.groupByLabel(opp, l)
			if !ok {
				return rules.Errorf(rules.CodeBadAction, ruleStrategic, "%s has no combat group %q", opp, l)
			}
			need[g]++
		}
		for g, n := range need {
			if p := s.army(opp).Groups[g].Pool; p < n {
				return rules.Errorf(rules.CodeIllegal, ruleStrategic, "combat group %s of %s holds %d Regular Orders, not %d to remove", groupNumber(g), opp, p, n)
			}
		}
	case UseLimitTokens:
		if a.Trooper != "" || len(a.Groups) > 0 {
			return rules.Errorf(rules.CodeBadAction, ruleStrategic, "limit-tokens names nothing")
		}
	case UseSuppressive:
		if len(a.Groups) > 0 {
			return rules.Errorf(rules.CodeBadAction, ruleStrategic, "suppressive-fire names one trooper")
		}
		t := s.trooperIndex(a.Trooper)
		if t < 0 || s.Troopers[t].Seat != seat {
			return rules.Errorf(rules.CodeBadAction, ruleStrategic, "%q is not a trooper of %s", a.Trooper, seat)
		}
		return s.suppressiveBar(t)
	default:
		return rules.Errorf(rules.CodeBadAction, ruleStrategic, "use %q: want remove-orders, limit-tokens or suppressive-fire", a.Use)
	}
	return nil
}

// suppressiveBar says why trooper t cannot enter Suppressive Fire by the
// Strategic Use, or nil: it must be able to declare the skill (on the
// table, out of Hidden Deployment, a state that allows it, a weapon with
// the Suppressive Fire trait), and its army not in Loss of Lieutenant.
func (s *State) suppressiveBar(t int) error {
	tr := &s.Troopers[t]
	switch {
	case tr.States.Null() || s.cannotAct(t):
		return rules.Errorf(rules.CodeIllegal, "Suppressive Fire (N4)", "%s is %v and cannot act", tr.ID, tr.States)
	case tr.States.Hidden || s.modelOf(t) < 0:
		return rules.Errorf(rules.CodeIllegal, "Suppressive Fire (N4)", "%s is not on the table", tr.ID)
	case tr.States.SuppressiveFire:
		return rules.Errorf(rules.CodeIllegal, "Suppressive Fire (N4)", "%s is already in Suppressive Fire", tr.ID)
	case tr.States.Isolated:
		return rules.Errorf(rules.CodeIllegal, "Suppressive Fire (N4)", "%s is Isolated", tr.ID)
	case s.army(tr.Seat).LossOfLieutenant:
		return rules.Errorf(rules.CodeIllegal, "Suppressive Fire (N4)", "%s is in Loss of Lieutenant", tr.Seat)
	}
	if err := stateAllows(&tr.States, tr.ID, SkillSuppressiveFire); err != nil {
		return err
	}
	_, err := s.weaponRef(t, &Skill{Name: SkillSuppressiveFire})
	return err
}

// strategic applies a Strategic Use, or none, and opens the Orders Phase.
func (s *State) strategic(a StrategicUse) []rules.Event {
	s.Phase = PhaseOrders
	if a.Use == "" {
		return nil
	}
	seat, opp := s.reactive(), s.active()
	s.spendToken(seat)
	ev := StrategicUsed{Seat: seat, Use: a.Use, Opponent: opp, Tokens: s.army(seat).CommandTokens}
	var events []rules.Event
	switch a.Use {
	case UseRemoveOrders:
		army := s.army(opp)
		for _, l := range a.Groups {
			g, _ := s.groupByLabel(opp, l)
			army.Groups[g].Pool--
			ev.Groups = append(ev.Groups, army.Groups[g].Name)
		}
	case UseLimitTokens:
		s.army(opp).TokenCap = 1
	case UseSuppressive:
		t := s.trooperIndex(a.Trooper)
		ev.Trooper = a.Trooper
		if s.Troopers[t].States.marker() {
			// Declaring the skill reveals a marker (Camouflaged (N4)).
			events = append(events, s.reveal(t, "Suppressive Fire")...)
		}
		s.Troopers[t].States.SuppressiveFire = true
		events = append(events, StateChanged{Trooper: a.Trooper, State: "Suppressive Fire", On: true, Why: "Strategic Use of a Command Token"})
	}
	return append([]rules.Event{ev}, events...)
}

// strategicCandidates are the window's menu: no use; the opponent limited
// to one Command Token; two Orders removed from each pair of the
// opponent's combat groups (greyed when it counts ten Orders or fewer);
// Suppressive Fire for each of the player's troopers (greyed with the
// reason it cannot).
func (s *State) strategicCandidates() []rules.Action {
	seat, opp := s.reactive(), s.active()
	out := []rules.Action{StrategicUse{}, StrategicUse{Use: UseLimitTokens}}
	groups := s.army(opp).Groups
	for i := range groups {
		for j := i; j < len(groups); j++ {
			out = append(out, StrategicUse{Use: UseRemoveOrders, Groups: []string{groupNumber(i), groupNumber(j)}})
		}
	}
	for t := range s.Troopers {
		if tr := &s.Troopers[t]; tr.Seat == seat && !tr.States.Hidden {
			out = append(out, StrategicUse{Use: UseSuppressive, Trooper: tr.ID})
		}
	}
	return out
}

// stepStrategic is the Strategic Use window (rule_strategic.go).
var stepStrategic = stepDef{
	name: StepStrategic,
	who:  reactivePlayer,
	// Written out rather than made by act, whose closures would be
	// allocated at start-up (cmd/ordo's start-up budget).
	actions: []stepAction{{
		kind: KindStrategicUse,
		is: func(a rules.Action) bool {
			switch a.(type) {
			case StrategicUse, *StrategicUse:
				return true
			}
			return false
		},
		check: func(s *State, a rules.Action, _ *Order) (checked, error) {
			x, ok := actionRef[StrategicUse](a)
			if !ok {
				return checked{}, unknownAction(a)
			}
			return checked{}, s.checkStrategic(*x)
		},
		apply: func(s *State, a rules.Action, _ checked, _ dice.Source) ([]rules.Event, error) {
			x, _ := asAction[StrategicUse](a)
			return s.strategic(x), nil
		},
	}},
	wrong: func(a rules.Action) error {
		return rules.Errorf(rules.CodeWrongWindow, ruleStrategic, "%s: the player of the second Player Turn first makes or declines its Strategic Use of a Command Token", a.Kind())
	},
	candidates: func(s *State, _ *menuBuilder) []rules.Action { return s.strategicCandidates() },
}

// tokenCapped reports whether seat may spend no more Command Tokens this
// turn: the opponent's Strategic Use limited it to one, and it spent it.
func (s *State) tokenCapped(seat rules.Seat) bool {
	a := s.army(seat)
	return a.TokenCap > 0 && a.TokensSpent >= a.TokenCap
}
