package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// Command Tokens (Command Tokens (N4)): each player has a few for the game.
// The one Executive Use modelled is Transfer, which moves a trooper to
// another combat group; it is accepted in the Orders Phase until the first
// Order is declared (stepOrders).

// CommandTokens is each player's Command Tokens for the game
// (Command Tokens (N4)).
const CommandTokens = 4

// Transfer is the Executive Use of a Command Token that moves one trooper
// to another combat group (Army list and Combat Groups (N4), Command Tokens (N4)), keeping every group within
// MaxGroupTroopers. Naming a G: Jumper or any of its Proxies moves the whole
// G: Jumper: its Proxies are one trooper of one combat group (G: Jumper (N4, PDF 2.1)).
//
// Executive Use belongs to the Tactical Phase, before the Order Count.
// Ordo runs that phase inside the action that starts the turn, so a
// transfer is accepted at the Orders Phase prompt until the first Order is
// declared, and the Order Count is taken again: with nothing spent yet the
// result is the same as transferring before the count.
type Transfer struct {
	Trooper string `json:"trooper"`
	Group   string `json:"group"`
}

func (Transfer) Kind() string { return string(KindTransfer) }

// Transferred is a trooper moved to another combat group, with the Regular
// Orders each group of its army now holds.
type Transferred struct {
	Seat    rules.Seat     `json:"seat"`
	Trooper string         `json:"trooper,omitempty"`
	From    string         `json:"from"`
	To      string         `json:"to"`
	Pools   map[string]int `json:"pools"`
	Tokens  int            `json:"tokens"` // Command Tokens left
}

func (Transferred) Kind() string { return "transferred" }

// unitMembers are the troopers that make up the unit named id: a trooper,
// or every Proxy of a G: Jumper named by its own id or a Proxy's.
func (s *State) unitMembers(id string) []int {
	t := s.trooperIndex(id)
	if t < 0 {
		t = slices.IndexFunc(s.Troopers, func(tr Trooper) bool { return tr.Jumper == id })
	}
	if t < 0 {
		return nil
	}
	return append([]int{t}, s.proxySiblings(t)...)
}

// groupSize counts the troopers of seat's group g: a G: Jumper once, and
// Dead troopers not at all (they leave the combat group, Order Count (N4)).
func (s *State) groupSize(seat rules.Seat, g string) int {
	var units []string
	for _, t := range s.Troopers {
		// A Possessed trooper does not count toward its controller's
		// group (Possessed (N4)).
		if t.Seat == seat && t.Group == g && !t.States.Dead && !t.States.Possessed && !slices.Contains(units, t.unit()) {
			units = append(units, t.unit())
		}
	}
	return len(units)
}

// checkTransfer validates a transfer; the window is checked by check.
func (s *State) checkTransfer(a Transfer) error {
	seat := s.active()
	army := s.army(seat)
	members := s.unitMembers(a.Trooper)
	if len(members) == 0 || s.Troopers[members[0]].Seat != seat {
		return rules.Errorf(rules.CodeBadAction, "Command Tokens (N4)", "%q is not a trooper of %s", a.Trooper, seat)
	}
	if s.Troopers[members[0]].States.Possessed {
		return rules.Errorf(rules.CodeIllegal, rulePossessed, "%s is Possessed: it belongs to no combat group of %s", a.Trooper, seat)
	}
	if !slices.ContainsFunc(army.Groups, func(g Group) bool { return g.Name == a.Group }) {
		return rules.Errorf(rules.CodeBadAction, "Army list and Combat Groups (N4)", "%s has no combat group %q", seat, a.Group)
	}
	if army.OrderDeclared {
		return rules.Errorf(rules.CodeWrongWindow, "Game Round and Player Turn (N4)", "transfer: the Tactical Phase is over, an Order has been declared this turn")
	}
	if err := s.tokenBar(seat, "transfer"); err != nil {
		return err
	}
	tr := s.Troopers[members[0]]
	if tr.Group == a.Group {
		return rules.Errorf(rules.CodeIllegal, "Army list and Combat Groups (N4)", "%s is already in combat group %s", a.Trooper, a.Group)
	}
	if !slices.ContainsFunc(members, func(t int) bool { return !s.Troopers[t].States.Dead }) {
		return rules.Errorf(rules.CodeIllegal, "Order Count (N4)", "%s is Dead: it no longer belongs to a combat group", a.Trooper)
	}
	if n := s.groupSize(seat, a.Group); n >= MaxGroupTroopers {
		return rules.Errorf(rules.CodeIllegal, "Army list and Combat Groups (N4)", "combat group %s already has %d troopers, at most %d", a.Group, n, MaxGroupTroopers)
	}
	return nil
}

// transfer moves the unit and takes the Order Count again.
func (s *State) transfer(a Transfer) []rules.Event {
	seat := s.active()
	army := s.army(seat)
	s.spendToken(seat)
	members := s.unitMembers(a.Trooper)
	from := s.Troopers[members[0]].Group
	for _, t := range members {
		s.Troopers[t].Group = a.Group
	}
	count := s.orderCount(seat)
	return []rules.Event{Transferred{Seat: seat, Trooper: a.Trooper, From: from, To: a.Group, Pools: count.Pools, Tokens: army.CommandTokens}}
}

// transferCandidates offer every unit of the active army to every other
// combat group, while the Tactical Phase lasts.
func (s *State) transferCandidates() []rules.Action {
	army := s.army(s.active())
	if army.OrderDeclared || !s.canSpendToken(army.Seat) || len(army.Groups) < 2 {
		return nil
	}
	var out []rules.Action
	var seen []string
	for _, t := range s.Troopers {
		if t.Seat != army.Seat || slices.Contains(seen, t.unit()) {
			continue
		}
		seen = append(seen, t.unit())
		for _, g := range army.Groups {
			if g.Name != t.Group {
				out = append(out, Transfer{Trooper: t.unit(), Group: g.Name})
			}
		}
	}
	return out
}

// tokenBar refuses a use of a Command Token (what) that seat cannot make
// now: it has none left.
func (s *State) tokenBar(seat rules.Seat, what string) error {
	if s.army(seat).CommandTokens <= 0 {
		return rules.Errorf(rules.CodeIllegal, "Command Tokens (N4)", "%s needs a Command Token: %s has no Command Token left", what, seat)
	}
	if s.tokenCapped(seat) {
		return rules.Errorf(rules.CodeIllegal, ruleStrategic, "%s needs a Command Token: the opponent's Strategic Use lets %s spend only one this turn, and it is spent", what, seat)
	}
	return nil
}

// canSpendToken reports whether seat may spend a Command Token now.
func (s *State) canSpendToken(seat rules.Seat) bool {
	return s.army(seat).CommandTokens > 0 && !s.tokenCapped(seat)
}

// spendToken spends one of seat's Command Tokens.
func (s *State) spendToken(seat rules.Seat) {
	a := s.army(seat)
	a.CommandTokens--
	a.TokensSpent++
}
