package infinity

import (
	"math"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// DodgeMove2 is how far a successful Dodge moves (Dodge (N4)).
const DodgeMove2 = 2.0

// dodgeMove is the Dodge movement of Dodge (N4): up to 2", in the Effects
// step, generating no AROs, following the movement rules; it may reach
// silhouette contact and so Engaged.
func (s *State) dodgeMove(a DodgeMove) ([]rules.Event, error) {
	o := s.Order
	t := o.Dodgers[0]
	var events []rules.Event
	if !a.Stay {
		m := s.modelOf(t)
		from := s.Models[m].At
		s.Models[m].At = a.To
		s.Models[m].Facing = a.Facing
		events = append(events, Moved{Model: s.Models[m].ID, From: from, To: a.To, Why: "dodge"})
		events = append(events, s.updateEngaged("Dodge movement")...)
		events = append(events, s.dropSuppressive()...)
	}
	o.Dodgers = o.Dodgers[1:]
	if len(o.Dodgers) == 0 {
		events = append(events, s.startConclusion()...)
	}
	return events, nil
}

// checkDodgeMove validates a Dodge movement: the trooper whose turn it is
// to move, at most 2", a finite facing, a legal route, and an end out of
// contact with enemy markers (Dodge (N4), Camouflaged (N4), Impersonation
// (N4)).
func (s *State) checkDodgeMove(a DodgeMove) error {
	t := s.Order.Dodgers[0]
	if a.Trooper != s.Troopers[t].ID {
		return rules.Errorf(rules.CodeIllegal, "Dodge (N4; Dodge movement)", "%s moves now, not %q", s.Troopers[t].ID, a.Trooper)
	}
	if a.Stay {
		return nil
	}
	m := s.modelOf(t)
	if m < 0 {
		return rules.Errorf(rules.CodeIllegal, "Dodge (N4)", "%s is not on the table", a.Trooper)
	}
	route := geom.Route{s.Models[m].point(), geom.Pt(a.To[0], a.To[1])}
	if l := route.Length(); math.IsNaN(l) || l > DodgeMove2+geom.Eps {
		return rules.Errorf(rules.CodeIllegal, "Dodge (N4; Dodge movement)", "a Dodge moves up to 2\", not %.2f\"", l)
	}
	if math.IsNaN(a.Facing) || math.IsInf(a.Facing, 0) {
		return rules.Errorf(rules.CodeBadAction, "Dodge (N4)", "facing %v", a.Facing)
	}
	if re, refused := s.routeRefusal(route, m); refused {
		return s.routeError(&re, m, "Dodge (N4; follows the movement rules)")
	}
	// Following the movement rules, a Dodge cannot end in contact with an
	// enemy Camouflaged or Impersonation marker either.
	base := s.Models[m].base()
	base.Center = route[len(route)-1]
	return s.markerContact(t, base)
}

// stepDodgeMove is each successful Dodge's movement, the active player's
// first (Dodge (N4)).
var stepDodgeMove = stepDef{
	name:       StepDodgeMove,
	order:      true,
	who:        func(s *State) (rules.PromptKind, int) { return ownerOf(s, s.Order.Dodgers[0]) },
	actions:    []stepAction{act(checkWith((*State).checkDodgeMove), func(s *State, a DodgeMove, _ checked, _ dice.Source) ([]rules.Event, error) { return s.dodgeMove(a) })},
	candidates: (*State).dodgeCandidates,
	invariants: func(c *stateChecker) { c.need("dodgers", len(c.s.Order.Dodgers)) },
}
