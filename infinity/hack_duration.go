package infinity

import (
	"fmt"

	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Durations of programs (Hacking (N3)): "Turn" ends at the end of the
// Player Turn in which the program was declared, "2 Turns" at the end of
// the following Player Turn. The state may end sooner by other means
// (Reset, for IMM-1 and Targeted); a program without a duration causes a
// state that lasts until something cancels it.

// Expiry is a state a program put on a trooper for a while.
type Expiry struct {
	// State is the state's name as the log prints it ("IMM-1").
	State string `json:"state"`
	// Turn is the Player Turn, counted from 0, at whose end it ends.
	Turn int `json:"turn"`
	// Program names the program, for the log.
	Program string `json:"program"`
	// By is the hacker sustaining it, for Supportware, which ends with
	// his (hack_support.go).
	By string `json:"by,omitempty"`
}

// effectState is the state each state-causing program effect puts on.
var effectState = map[catalog.Effect]string{
	catalog.EffectIMM1: "IMM-1", catalog.EffectDisabled: "Disabled",
	catalog.EffectIsolated: "Isolated", catalog.EffectTargeted: "Targeted",
	catalog.EffectFirewall: "Firewall", catalog.EffectAROBurst: "Enhanced Reaction",
	catalog.EffectJumpPH: "Controlled Jump", catalog.EffectMarksmanship: "Marksmanship L2",
}

// stateFlag is the flag of a state a program may put on; nil for another.
func stateFlag(st *States, name string) *bool {
	switch name {
	case "IMM-1":
		return &st.Imm1
	case "Disabled":
		return &st.Disabled
	case "Isolated":
		return &st.Isolated
	case "Targeted":
		return &st.Targeted
	case "Firewall":
		return &st.Firewall
	case "Enhanced Reaction":
		return &st.EnhancedReaction
	case "Controlled Jump":
		return &st.ControlledJump
	case "Marksmanship L2":
		return &st.Marksmanship
	}
	return nil
}

// playerTurn numbers the Player Turns of the game from 0.
func (s *State) playerTurn() int { return (s.Round-1)*len(s.Seats) + s.Turn }

// lasts records how long program p's state lasts on trooper u, on was
// whether the state held before: a program without a duration makes it
// last until cancelled; one with a duration sets when it ends, unless the
// state already held with no end.
func (s *State) lasts(u int, state string, on bool, p catalog.Program) {
	tr := &s.Troopers[u]
	i := -1
	for j, e := range tr.Expires {
		if e.State == state {
			i = j
		}
	}
	end := s.playerTurn()
	switch p.Duration {
	case catalog.OneTurn:
	case catalog.TwoTurns:
		end++
	default:
		if i >= 0 {
			// A fresh list: clones share the old one.
			tr.Expires = append(append([]Expiry(nil), tr.Expires[:i]...), tr.Expires[i+1:]...)
		}
		return
	}
	switch {
	case i >= 0:
		e := append([]Expiry(nil), tr.Expires...)
		e[i] = Expiry{State: state, Turn: max(e[i].Turn, end), Program: p.Name}
		tr.Expires = e
	case !on:
		tr.Expires = append(tr.Expires, Expiry{State: state, Turn: end, Program: p.Name})
	}
}

// expirePrograms ends, at the end of a Player Turn, the states whose
// programs' durations run out.
func (s *State) expirePrograms() []rules.Event {
	var events []rules.Event
	now := s.playerTurn()
	for u := range s.Troopers {
		tr := &s.Troopers[u]
		if len(tr.Expires) == 0 {
			continue
		}
		var keep []Expiry
		for _, e := range tr.Expires {
			if e.Turn > now {
				keep = append(keep, e)
				continue
			}
			if f := stateFlag(&tr.States, e.State); f != nil && *f {
				*f = false
				events = append(events, StateChanged{Trooper: tr.ID, State: e.State, Why: e.Program + " ends"})
			}
			if h := s.trooperIndex(e.By); h >= 0 && s.Programs[s.Troopers[h].Supportware].Name == e.Program {
				// The Supportware has run its course.
				s.Troopers[h].Supportware = ""
			}
		}
		tr.Expires = keep
	}
	return events
}

// checkExpires checks a decoded trooper's Expires: known states, each
// once, a Player Turn that can be.
func (c *stateChecker) checkExpires(path string, tr Trooper) {
	var st States
	seen := map[string]bool{}
	for i, e := range tr.Expires {
		p := fmt.Sprintf("%s.expires[%d]", path, i)
		if stateFlag(&st, e.State) == nil || seen[e.State] {
			c.failf(p+".state", "%q is not a program's state (IMM-1, Disabled, Isolated, Targeted, Firewall, Enhanced Reaction, Controlled Jump, Marksmanship L2), or is listed twice", e.State)
		}
		seen[e.State] = true
		if e.Turn < 0 || e.Turn > len(c.s.Seats)*c.s.Rounds {
			c.failf(p+".turn", "%d is not a Player Turn of the game", e.Turn)
		}
		if len(e.Program) > catalog.MaxString || len(e.By) > catalog.MaxString {
			c.failf(p+".program", "longer than %d bytes", catalog.MaxString)
		}
	}
	if _, ok := c.s.Programs[tr.Supportware]; tr.Supportware != "" && !ok {
		c.failf(path+".supportware", "%q is not a program of the state", tr.Supportware)
	}
}
