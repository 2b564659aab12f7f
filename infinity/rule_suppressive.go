package infinity

import (
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Suppressive Fire (Suppressive Fire (N4)): an Entire Order that puts the
// trooper in the Suppressive Fire state. In that state its BS Attack AROs
// with a Suppressive Fire weapon roll Burst 3 at the SF Mode range row, and
// an enemy within 24" suffers -3 in Face to Face Rolls against it. The
// state ends when the trooper is activated, declares another ARO or fails
// a Guts Roll, and when a state forbids it (Engaged, Isolated, Immobilized,
// Null, or its army in Loss of Lieutenant).

const (
	// suppressiveReach is how close an enemy must be to suffer -3 in a
	// Face to Face Roll against a trooper in Suppressive Fire.
	suppressiveReach = 24.0
	// suppressiveBurst is the Burst of a Suppressive Fire ARO.
	suppressiveBurst = 3
)

// suppressiveRange is the SF Mode range row: 0-8: 0, 8-16: 0, 16-24: -3,
// out of range beyond. A distance on an edge belongs to the nearer band.
func suppressiveRange(d float64) (mod int, ok bool) {
	switch {
	case d < 0:
		return 0, false
	case d <= 16+geom.Eps:
		return 0, true
	case d <= 24+geom.Eps:
		return -3, true
	}
	return 0, false
}

// suppressiveARO reports a BS Attack ARO in SF Mode: a trooper in
// Suppressive Fire shooting with a weapon that has the trait. Any other ARO
// cancels the state.
func (s *State) suppressiveARO(t int, k Skill) bool {
	if !s.Troopers[t].States.SuppressiveFire || k.Name != SkillBSAttack {
		return false
	}
	w, err := s.weaponFor(t, &k)
	return err == nil && w.Traits.SuppressiveFire
}

// suppressedBy returns the -3 MOD of a roll Face to Face against a trooper
// in Suppressive Fire within 24" (Suppressive Fire (N4)), if any.
func (s *State) suppressedBy(r *roller) []dice.Mod {
	m := s.modelOf(r.trooper)
	for _, o := range r.opps {
		om := s.modelOf(o.trooper)
		if m < 0 || om < 0 || !s.Troopers[o.trooper].States.SuppressiveFire {
			continue
		}
		if geom.EdgeDistance(s.Models[m].base(), s.Models[om].base()) <= suppressiveReach+geom.Eps {
			return []dice.Mod{{Name: "Suppressive Fire", Value: -3}}
		}
	}
	return nil
}

// enterSuppressive puts the active trooper in Suppressive Fire when its
// Entire Order resolves.
func (s *State) enterSuppressive(t int) []rules.Event {
	st := &s.Troopers[t].States
	if st.SuppressiveFire || st.Null() {
		return nil
	}
	st.SuppressiveFire = true
	return []rules.Event{StateChanged{Trooper: s.Troopers[t].ID, State: "Suppressive Fire", On: true, Why: "Entire Order"}}
}

// leaveSuppressive cancels trooper t's Suppressive Fire, if it is in it,
// saying why (Suppressive Fire (N4)).
func (s *State) leaveSuppressive(t int, why string) []rules.Event {
	st := &s.Troopers[t].States
	if !st.SuppressiveFire {
		return nil
	}
	st.SuppressiveFire = false
	return []rules.Event{StateChanged{Trooper: s.Troopers[t].ID, State: "Suppressive Fire", Why: why}}
}

// dropSuppressive cancels Suppressive Fire where a state forbids it:
// Engaged, Isolated, Immobilized (IMM-1 too), or the army in Loss of Lieutenant
// (Suppressive Fire (N4)). A Null trooper has already left every state (die, and
// the Unconscious path of a Saving Roll).
func (s *State) dropSuppressive() []rules.Event {
	var events []rules.Event
	for i := range s.Troopers {
		t := &s.Troopers[i]
		st := &t.States
		if !st.SuppressiveFire {
			continue
		}
		why := ""
		switch {
		case st.Engaged:
			why = "Engaged"
		case st.Isolated:
			why = "Isolated"
		case st.Immobilized():
			why = "Immobilized"
		case s.army(t.Seat).LossOfLieutenant:
			why = "Loss of Lieutenant"
		}
		if why != "" {
			events = append(events, s.leaveSuppressive(i, why)...)
		}
	}
	return events
}
