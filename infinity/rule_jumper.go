package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// G: Jumper (N4, PDF 2.1). A G: Jumper trooper is two or three
// Proxies, kept as troopers bound by Trooper.Jumper: one Order for them all,
// one Active Proxy Token. Only the Proxy with the token declares Orders;
// activating a Proxy moves the token to it. In the Reactive Turn, when an
// Order lets the G: Jumper react, one Proxy may react normally (it takes the
// token) and the others only Dodge or Reset, whether or not they have the
// active trooper in LoF or ZoC (FAQ 1.0).

// TokenMoved is the Active Proxy Token placed beside a Proxy.
type TokenMoved struct {
	Jumper string `json:"jumper"`
	Proxy  string `json:"proxy"`
}

func (TokenMoved) Kind() string { return "token-moved" }

// proxySiblings lists the other Proxies of t's G: Jumper.
func (s *State) proxySiblings(t int) []int {
	tr := s.Troopers[t]
	if tr.Jumper == "" {
		return nil
	}
	var out []int
	for i, o := range s.Troopers {
		if i != t && o.Jumper == tr.Jumper && o.Seat == tr.Seat {
			out = append(out, i)
		}
	}
	return out
}

// widenForJumpers adds, to the troopers eligible for an ARO, every other
// Proxy (not in a Null state) of an eligible G: Jumper: those may Dodge or
// Reset whenever the G: Jumper may react (G: Jumper (N4, PDF 2.1), FAQ 1.0).
func (s *State) widenForJumpers(elig []eligibility) []eligibility {
	has := func(t int) bool {
		for _, e := range elig {
			if e.Trooper == t {
				return true
			}
		}
		return false
	}
	for _, e := range elig {
		for _, sib := range s.proxySiblings(e.Trooper) {
			st := s.Troopers[sib].States
			if has(sib) || st.Null() || s.modelOf(sib) < 0 || slices.Contains(s.Order.Decided, sib) {
				continue
			}
			elig = append(elig, eligibility{Trooper: sib, At: s.Models[s.Order.Model].At, Proxy: true})
		}
	}
	return elig
}

// checkJumperAROs enforces one reacting Proxy per G: Jumper: at most one
// Proxy of a G: Jumper declares an ARO other than Dodge or Reset in the
// whole Order — the AROs of an earlier window count — and it is the one
// that holds, or takes, the token (G: Jumper (N4, PDF 2.1).
func (s *State) checkJumperAROs(decls []ARO) error {
	var seen []string
	// The AROs already declared in this Order, then the new ones: read in
	// place, not concatenated into a copy for every window.
	for _, list := range [2][]ARO{s.Order.AROs, decls} {
		for _, d := range list {
			tr := s.Troopers[d.Trooper]
			if tr.Jumper == "" || d.Skill.Name == SkillDodge || d.Skill.Name == SkillReset {
				continue
			}
			if slices.Contains(seen, tr.Jumper) {
				return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1)", "only one Proxy of %s reacts as the Active Proxy; the others may only Dodge or Reset", tr.Jumper)
			}
			seen = append(seen, tr.Jumper)
		}
	}
	return nil
}

// MoveToken moves a G: Jumper's Active Proxy Token to another Proxy, or
// keeps it where it is (Proxy empty).
type MoveToken struct {
	Jumper string `json:"jumper"`
	Proxy  string `json:"proxy,omitempty"`
}

func (MoveToken) Kind() string { return string(KindMoveToken) }

// stranded lists the G: Jumpers whose Active Proxy is Isolated or Null and
// that have another Proxy able to take the token.
func (s *State) stranded() []string {
	var out []string
	for t := range s.Troopers {
		tr := &s.Troopers[t]
		if tr.Jumper == "" || !tr.Active || !(tr.States.Null() || tr.States.Isolated) || slices.Contains(out, tr.Jumper) {
			continue
		}
		for _, sib := range s.proxySiblings(t) {
			// A Proxy in Hidden Deployment takes the token only when it
			// declares (G: Jumper (N4, PDF 2.1)): offering the step for it alone would
			// tell the opponent it exists.
			if st := s.Troopers[sib].States; !st.Null() && !st.Isolated && !st.Hidden {
				out = append(out, tr.Jumper)
				break
			}
		}
	}
	return out
}

// checkMoveToken validates a token move.
func (s *State) checkMoveToken(a MoveToken) error {
	o := s.Order
	if len(o.Stranded) == 0 || a.Jumper != o.Stranded[0] {
		return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1)", "the token of %q does not move now", a.Jumper)
	}
	if a.Proxy == "" {
		return nil
	}
	t := s.trooperIndex(a.Proxy)
	if t < 0 || s.Troopers[t].Jumper != a.Jumper {
		return rules.Errorf(rules.CodeBadAction, "G: Jumper (N4, PDF 2.1)", "%q is not a Proxy of %s", a.Proxy, a.Jumper)
	}
	if st := s.Troopers[t].States; st.Null() || st.Isolated {
		return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1)", "the token cannot go to a Proxy in Isolated or a Null state")
	}
	if s.Troopers[t].States.Hidden {
		return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1; Hidden Deployment)", "the token is placed beside a Proxy in Hidden Deployment only when it declares an Order or ARO")
	}
	return nil
}

// moveToken applies a token move and goes on with the Conclusion.
func (s *State) moveToken(a MoveToken) []rules.Event {
	o := s.Order
	o.Stranded = o.Stranded[1:]
	var events []rules.Event
	if a.Proxy != "" {
		events = s.takeToken(s.trooperIndex(a.Proxy))
	}
	return append(events, s.advanceConclusion()...)
}

// stepToken is the Conclusion step where the player of a G: Jumper whose
// Active Proxy entered Isolated or a Null state this Order may move the
// token to another Proxy.
var stepToken = stepDef{
	name:  StepToken,
	order: true,
	who: func(s *State) (rules.PromptKind, int) {
		for _, t := range s.Troopers {
			if t.Jumper == s.Order.Stranded[0] {
				return rules.Sequential, s.seatIndex(t.Seat)
			}
		}
		return rules.Sequential, -1
	},
	actions: []stepAction{act(checkWith((*State).checkMoveToken), applyWith((*State).moveToken))},
	candidates: func(s *State, _ *menuBuilder) []rules.Action {
		j := s.Order.Stranded[0]
		cands := []rules.Action{MoveToken{Jumper: j}}
		for _, t := range s.Troopers {
			if t.Jumper == j {
				cands = append(cands, MoveToken{Jumper: j, Proxy: t.ID})
			}
		}
		return cands
	},
	invariants: func(c *stateChecker) { c.need("stranded", len(c.s.Order.Stranded)) },
}
