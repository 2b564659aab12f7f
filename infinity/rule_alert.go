package infinity

import (
	"fmt"
	"math"
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Alert (Alert (N4)): at the Conclusion of an Order, after the Saving
// Rolls, a trooper that was not activated by the Order or an ARO, and that
// was the target of an Attack or has an ally in its Zone of Control that
// was, may turn on the spot. No roll, and not an ARO. Each player answers
// once for all its troopers that may, the active player first.

// Alert turns the seat's troopers that may turn; those it leaves out keep
// their facing.
type Alert struct {
	Turns []AlertTurn `json:"turns,omitempty"`
}

// AlertTurn is one trooper's new facing, in degrees.
type AlertTurn struct {
	Trooper string  `json:"trooper"`
	Facing  float64 `json:"facing"`
}

func (Alert) Kind() string { return string(KindAlert) }

// Turned is a trooper turning on Alert.
type Turned struct {
	Trooper string  `json:"trooper"`
	Facing  float64 `json:"facing"`
}

func (Turned) Kind() string { return "turned" }

// alertCandidates are the troopers that may turn on Alert now, the active
// player's first.
func (s *State) alertCandidates() []int {
	o := s.Order
	// Room on the stack for the troopers who acted, the usual few.
	var buf [8]int
	acted := append(buf[:0], o.Trooper)
	for _, a := range o.AROs {
		acted = append(acted, a.Trooper)
	}
	var out []int
	for _, seat := range [2]rules.Seat{s.active(), s.reactive()} {
		for t := range s.Troopers {
			tr := &s.Troopers[t]
			if tr.Seat != seat || tr.States.Null() || tr.States.Hidden || slices.Contains(acted, t) || s.modelOf(t) < 0 {
				continue
			}
			if s.alertedBy(t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// alertedBy reports whether t, or an ally in its ZoC, was the target of an
// Attack this Order.
func (s *State) alertedBy(t int) bool {
	m := s.modelOf(t)
	for _, x := range s.Order.Targets {
		if x == t {
			return true
		}
		xm := s.modelOf(x)
		if xm >= 0 && s.Troopers[x].Seat == s.Troopers[t].Seat && geom.InZoC(s.Models[m].base(), s.Models[xm].base()) {
			return true
		}
	}
	return false
}

// checkAlert validates an Alert answer: only the seat's troopers that may
// turn, each once, with a finite facing.
func (s *State) checkAlert(a Alert) error {
	o := s.Order
	seat := s.Troopers[o.Alerters[0]].Seat
	var seen []int
	for _, turn := range a.Turns {
		t := s.trooperIndex(turn.Trooper)
		if t < 0 || s.Troopers[t].Seat != seat || !slices.Contains(o.Alerters, t) {
			return rules.Errorf(rules.CodeIllegal, "Alert (N4)", "%q may not turn on Alert now", turn.Trooper)
		}
		if slices.Contains(seen, t) {
			return rules.Errorf(rules.CodeIllegal, "Alert (N4)", "%s turns twice", turn.Trooper)
		}
		seen = append(seen, t)
		if math.IsNaN(turn.Facing) || math.IsInf(turn.Facing, 0) {
			return rules.Errorf(rules.CodeBadAction, "Alert (N4)", "facing %v", turn.Facing)
		}
	}
	return nil
}

// alert applies an Alert answer and moves on.
func (s *State) alert(a Alert) []rules.Event {
	o := s.Order
	seat := s.Troopers[o.Alerters[0]].Seat
	var events []rules.Event
	for _, turn := range a.Turns {
		t := s.trooperIndex(turn.Trooper)
		m := s.modelOf(t)
		s.Models[m].Facing = turn.Facing
		events = append(events, Turned{Trooper: turn.Trooper, Facing: turn.Facing})
	}
	rest := o.Alerters[:0]
	for _, t := range o.Alerters {
		if s.Troopers[t].Seat != seat {
			rest = append(rest, t)
		}
	}
	o.Alerters = rest
	return append(events, s.advanceConclusion()...)
}

// stepAlert is the Conclusion's Alert window: each player in turn, the
// active one first, turns the troopers that may.
var stepAlert = stepDef{
	name:       StepAlert,
	order:      true,
	who:        func(s *State) (rules.PromptKind, int) { return ownerOf(s, s.Order.Alerters[0]) },
	actions:    []stepAction{act(checkWith((*State).checkAlert), applyWith((*State).alert))},
	candidates: (*State).alertCandidatesActions,
	invariants: func(c *stateChecker) {
		o := c.s.Order
		c.need("alerters", len(o.Alerters))
		for i, t := range o.Alerters {
			c.onTableTrooper(fmt.Sprintf("order.alerters[%d]", i), t, "a trooper on Alert turns its model")
		}
	},
}
