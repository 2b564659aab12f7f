package infinity

import (
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Supportware (Hacking (N3)): programs with no roll that a hacker sustains
// on troopers of his own army list. A hacker sustains one at a time:
// declaring another cancels the first, and every Supportware ends when its
// hacker is Disabled, Isolated or in a Null state. A trooper benefits from
// one GADGET program at a time: a declaration naming one that already
// benefits from another hacker's is refused (Enhanced Reaction, Assisted
// Fire), and one that names none (Fairy Dust, Controlled Jump) passes
// over it, which keeps what it has. Played: Fairy Dust (every HI of the
// list gains a Firewall until the end of the following Player Turn),
// Controlled Jump, Enhanced Reaction, and Assisted Fire (a REM gains
// Marksmanship L2 (N3), rule_marksmanship.go).

// supportware reports a Supportware program the engine plays.
func supportware(p *catalog.Program) bool {
	return p.Category == catalog.Supportware && !p.Rolls() && (p.Effect == catalog.EffectFirewall || p.Effect == catalog.EffectAROBurst || p.Effect == catalog.EffectJumpPH || p.Effect == catalog.EffectMarksmanship)
}

// checkSupport checks the declaration of Supportware p by hacker t from
// at: Fairy Dust takes no target; Enhanced Reaction one allied REM in the
// Hacking Area that benefits from no other GADGET program (Supportware).
func (s *State) checkSupport(t int, at [2]float64, p catalog.Program, k Skill) error {
	if len(k.Split) > 0 || (k.Target != "") != (p.Range == catalog.HackingArea) {
		if p.Range == catalog.HackingArea {
			return rules.Errorf(rules.CodeBadAction, ruleHacking, "%s names one allied %s in the Hacking Area as its target", p.Name, classList(&p))
		}
		return rules.Errorf(rules.CodeBadAction, ruleHacking, "%s takes no target: it reaches every %s of the army list", p.Name, classList(&p))
	}
	if k.Target == "" {
		return nil
	}
	m := s.targetModel(k.Target, s.Troopers[t].Seat)
	if m < 0 || s.Troopers[s.Models[m].Trooper].Seat != s.Troopers[t].Seat {
		return rules.Errorf(rules.CodeBadAction, ruleHacking, "%s: %q is not an allied model on the table", p.Name, k.Target)
	}
	u := s.Models[m].Trooper
	if !s.targetClass(&p, u) {
		return rules.Errorf(rules.CodeIllegal, ruleHacking, "%s cannot target %s: it targets %s", p.Name, k.Target, classList(&p))
	}
	var buf [4]geom.Circle
	if !inArea(s.hackingArea(t, at, buf[:0]), s.Models[m].base()) {
		return rules.Errorf(rules.CodeIllegal, ruleHacking+" (Hacking Area)", "%s is outside %s's Hacking Area", k.Target, s.Troopers[t].ID)
	}
	if other := s.otherGadget(u, s.Troopers[t].ID); other != "" {
		return rules.Errorf(rules.CodeIllegal, ruleHacking+" (Supportware)", "%s already benefits from %s: one GADGET program at a time", k.Target, other)
	}
	return nil
}

// otherGadget is the GADGET program trooper u benefits from that a hacker
// other than hacker sustains, or "" (Hacking (N3), Supportware: a target
// benefits from one GADGET program at a time).
func (s *State) otherGadget(u int, hacker string) string {
	for _, x := range s.Troopers[u].Expires {
		if x.By != "" && x.By != hacker {
			return x.Program
		}
	}
	return ""
}

// programRolls reports whether a declared skill rolls: a hack rolls when
// its program has an Attack MOD.
func (s *State) programRolls(k Skill) bool {
	if k.Name != SkillHack {
		return true
	}
	p, ok := s.Programs[k.Program]
	// A Toolbox program rolls at the end of the effects, not as a roller
	// (hack_toolbox.go).
	return !ok || (p.Rolls() && !toolbox(&p))
}

// runSupportware applies, at the end of the Order's effects, the
// Supportware the active trooper declared, and ends any whose hacker can
// no longer sustain it.
func (s *State) runSupportware() []rules.Event {
	var events []rules.Event
	o := s.Order
	for _, k := range []*Skill{&o.First, o.Second} {
		if k == nil || k.Name != SkillHack {
			continue
		}
		if p, ok := s.Programs[k.Program]; ok && supportware(&p) && !s.commsDown(o.Trooper) {
			target := -1
			if m := s.targetModel(k.Target, s.Troopers[o.Trooper].Seat); k.Target != "" && m >= 0 {
				target = s.Models[m].Trooper
			}
			events = append(events, s.sustain(o.Trooper, p, target)...)
		}
	}
	for t := range s.Troopers {
		if s.Troopers[t].Supportware != "" && s.commsDown(t) {
			events = append(events, s.dropSupport(t)...)
		}
	}
	return events
}

// sustain starts hacker t's Supportware p on its target (-1: every
// trooper of the list of its target classes), ending the one it
// sustained.
func (s *State) sustain(t int, p catalog.Program, target int) []rules.Event {
	events := s.dropSupport(t)
	h := &s.Troopers[t]
	h.Supportware = p.ID
	end := s.playerTurn()
	if p.Duration == catalog.TwoTurns {
		end++
	}
	for u := range s.Troopers {
		tr := &s.Troopers[u]
		if tr.Seat != h.Seat || tr.States.Null() || !s.targetClass(&p, u) || (target >= 0 && u != target) || s.otherGadget(u, h.ID) != "" {
			continue
		}
		name := effectState[p.Effect]
		flag := stateFlag(&tr.States, name)
		if flag == nil {
			continue
		}
		// A fresh list: clones share the old one.
		e := make([]Expiry, 0, len(tr.Expires)+1)
		for _, x := range tr.Expires {
			if x.State != name {
				e = append(e, x)
			}
		}
		tr.Expires = append(e, Expiry{State: name, Turn: end, Program: p.Name, By: h.ID})
		if !*flag {
			*flag = true
			events = append(events, StateChanged{Trooper: tr.ID, State: name, On: true, Why: p.Name})
		}
	}
	return events
}

// dropSupport ends the Supportware hacker t sustains: the states it gave
// end with it.
func (s *State) dropSupport(t int) []rules.Event {
	h := &s.Troopers[t]
	if h.Supportware == "" {
		return nil
	}
	if ev, ok := s.dropCybermask(t); ok {
		return ev
	}
	p := s.Programs[h.Supportware]
	h.Supportware = ""
	var events []rules.Event
	for u := range s.Troopers {
		tr := &s.Troopers[u]
		var keep []Expiry
		for _, x := range tr.Expires {
			if x.By != h.ID || x.Program != p.Name {
				keep = append(keep, x)
				continue
			}
			if f := stateFlag(&tr.States, x.State); f != nil && *f {
				*f = false
				events = append(events, StateChanged{Trooper: tr.ID, State: x.State, Why: p.Name + " ends"})
			}
		}
		tr.Expires = keep
	}
	return events
}
