package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// startConclusion is step 7: the Guts Rolls if anyone must make one, the
// Alert window if anyone may turn, then the end of the Order.
func (s *State) startConclusion() []rules.Event {
	if len(s.gutsCandidates()) > 0 {
		s.Order.Step = StepGuts
		return nil
	}
	return s.advanceConclusion()
}

// conclude ends the Order.
func (s *State) conclude() []rules.Event {
	// Fireteam Integrity at the end of every Order (rule_fireteam.go).
	team := s.fireteamIntegrity()
	s.Order = nil
	// A Possession begun or ended, or a pilot expelled, this Order takes
	// effect now (hack_possess.go, hack_expel.go).
	s.settlePossessions()
	return append(team, s.ejectPilots()...)
}

// advanceConclusion moves through the Conclusion: Guts movements, then
// Alert, then the end of the Order.
func (s *State) advanceConclusion() []rules.Event {
	o := s.Order
	if len(o.Gutsers) > 0 {
		o.Step = StepGutsMove
		return nil
	}
	if o.Step != StepAlert && o.Step != StepToken {
		o.Alerters = s.alertCandidates()
	}
	if len(o.Alerters) > 0 {
		o.Step = StepAlert
		return nil
	}
	// Last, a G: Jumper whose Active Proxy went Isolated or Null may move
	// its token (G: Jumper (N4, PDF 2.1)).
	if o.Step != StepToken {
		o.Stranded = slices.DeleteFunc(s.stranded(), func(j string) bool { return slices.Contains(o.StrandedBefore, j) })
	}
	if len(o.Stranded) > 0 {
		o.Step = StepToken
		return nil
	}
	return s.conclude()
}
