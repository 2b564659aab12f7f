package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// RedactAction is the action seat sent as v may see it (see Redact for
// events). Its owner and the admin see it whole. Another viewer sees what
// the opponent at the table would: a Camouflaged trooper that stays
// concealed is named by its marker label (Camouflaged (N4)), the new
// Lieutenant appointed at the End of Turn is not named (Loss of Lieutenant
// (N4)), a transfer of a unit with nothing in the open does not say which
// (Command Tokens (N4)), and a trooper in Hidden Deployment that stays
// hidden is left out (Hidden Deployment (N4)). The Lieutenant Special Order
// is shown as it is: spending it reveals the Lieutenant (Lieutenant (N4)).
// A trooper the action itself places on the table or
// reveals (an Order or ARO from Hidden Deployment, a skill that gives a
// marker away) is named as itself, as the Revealed event that follows
// names it.
//
// It is called on the state before Apply, which still knows who is
// concealed.
func (s *State) RedactAction(seat rules.Seat, a rules.Action, v rules.Viewer) (rules.Action, bool) {
	if v.Sees(seat) || s.leaks.rawActions {
		return a, true
	}
	var open []int // troopers this action reveals
	switch x := a.(type) {
	case Activate:
		if t := s.trooperIndex(x.Trooper); t >= 0 && s.Troopers[t].Seat == seat && s.revealsOnDeclaring(t, x.Skill.Name) {
			open = append(open, t)
		}
		if x.Order == OrderLieutenant && s.leaks.halfHiddenLSO {
			x.Order = "order"
		}
		a = x
	case Second:
		if o := s.Order; o != nil && s.revealsOnDeclaring(o.Trooper, x.Skill.Name) {
			open = append(open, o.Trooper)
		}
	case AROs:
		// Every ARO declared places its trooper on the table or reveals
		// it (each one rolls).
		for _, d := range x.Declarations {
			if t := s.trooperIndex(d.Trooper); t >= 0 && s.Troopers[t].Seat == seat {
				open = append(open, t)
			}
		}
	case Appoint:
		x.Trooper = ""
		a = x
	case Transfer:
		if !slices.ContainsFunc(s.unitMembers(x.Trooper), func(t int) bool { return !s.Troopers[t].concealed() }) {
			x.Trooper = ""
		}
		a = x
	case Alert:
		// Troopers in Hidden Deployment never turn on Alert; should one be
		// named, its turn is left out rather than the whole action.
		var kept []AlertTurn
		for _, turn := range x.Turns {
			if t := s.trooperIndex(turn.Trooper); t < 0 || !s.Troopers[t].States.Hidden {
				kept = append(kept, turn)
			}
		}
		x.Turns = kept
		a = x
	}
	data, ok := s.concealJSON(a, v, open)
	if !ok {
		return nil, false
	}
	if data == nil {
		return a, true
	}
	out, err := actionCodec.Decode(data)
	if err != nil {
		return nil, false
	}
	return out, true
}

// revealsOnDeclaring reports whether trooper t, declaring skill, comes out
// of concealment: an Order always places a hidden trooper on the table, and
// a marker stays one only through a Short Movement Skill without a roll
// (Camouflaged (N4), Hidden Deployment (N4)).
func (s *State) revealsOnDeclaring(t int, skill string) bool {
	st := s.Troopers[t].States
	return st.Hidden || (st.Camouflaged && !keepsCamouflage(skill))
}
