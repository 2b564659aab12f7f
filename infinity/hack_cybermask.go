package infinity

import (
	"fmt"
	"slices"

	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Cybermask (Hacking (N3), UPGRADE, Supportware): an Entire Order the
// hacker declares on himself, outside the Line of Fire of every enemy
// trooper and marker on the table, and not while Camouflaged (TO
// Camouflage included) or already a marker. It is a Normal WIP roll with
// the program's Attack MOD, which no Reset opposes (it is no Comms Attack
// on anyone): odds.HackSV and HackBurst with the user as the target, whose
// Targeted or Firewall state counts only against a Hacking Attack, so that
// the menu's odds (odds.Hack) are the roll's. On a success the hacker becomes an Impersonation-2 marker
// (rule_impersonation.go) with a fresh label, and sustains Cybermask as his
// Supportware until he reveals himself. Declaring a skill that reveals the
// marker, being Discovered, and anything that ends his Supportware (another
// Supportware declared, the hacker Disabled, Isolated or Null) end it.

// Masked is a trooper becoming a marker: Cybermask made it an
// Impersonation-2 marker. The opponent is told the marker's label only:
// Redact names the trooper, concealed from then on, by that label.
type Masked struct {
	Trooper string `json:"trooper"`
	Marker  string `json:"marker"`
	State   string `json:"state"` // the marker's kind ("Impersonation-2")
	Why     string `json:"why"`
}

func (Masked) Kind() string { return "masked" }

func (e Masked) String() string {
	if e.Trooper == e.Marker {
		return fmt.Sprintf("%s is an %s marker (%s)", e.Marker, e.State, e.Why)
	}
	return fmt.Sprintf("%s becomes the %s marker %s (%s)", e.Trooper, e.State, e.Marker, e.Why)
}

// cybermask reports a program that makes its user an Impersonation marker.
func cybermask(p *catalog.Program) bool {
	return p.Effect == catalog.EffectImpersonation && p.Side == catalog.Self
}

// selfProgram reports a hack whose program targets its own user: its roll
// is made against no one.
func (s *State) selfProgram(k Skill) bool {
	if k.Name != SkillHack {
		return false
	}
	p, ok := s.Programs[k.Program]
	return ok && cybermask(&p)
}

// checkCybermask checks Cybermask declared by the active trooper: no
// target, not a marker already, and outside the Line of Fire of every
// enemy trooper and marker on the table. A trooper in Hidden Deployment is
// not on the table and sees nothing (Hidden Deployment (N4)): asking about
// it would tell where it is.
func (s *State) checkCybermask(o *Order, p catalog.Program, k Skill) error {
	if k.Target != "" || len(k.Split) > 0 {
		return rules.Errorf(rules.CodeBadAction, ruleHacking, "%s takes no target: its user is its target", p.Name)
	}
	tr := s.Troopers[o.Trooper]
	switch {
	case tr.States.Camouflaged:
		return rules.Errorf(rules.CodeIllegal, ruleHacking+" (Cybermask)", "%s is Camouflaged: Cybermask is not declared while Camouflaged or TO Camouflaged", tr.ID)
	case tr.States.Impersonation > 0:
		return rules.Errorf(rules.CodeIllegal, ruleHacking+" (Cybermask)", "%s is already an Impersonation marker", tr.ID)
	}
	m := o.Model
	base := s.Models[m].base()
	for i := range s.Models {
		e := &s.Models[i]
		et := &s.Troopers[e.Trooper]
		if e.Removed || et.Seat == tr.Seat || et.States.Hidden || et.States.Null() {
			continue
		}
		if s.lof(*e, base, i, m) {
			return rules.Errorf(rules.CodeIllegal, ruleHacking+" (Cybermask)", "%s is in the Line of Fire of %s: Cybermask needs the user outside all enemy Line of Fire", tr.ID, s.modelNameFor(i, tr.Seat))
		}
	}
	return nil
}

// cybermasked applies a successful Cybermask: trooper u ends the
// Supportware it sustained, becomes an Impersonation-2 marker with a fresh
// label, and sustains Cybermask.
func (s *State) cybermasked(u int, p catalog.Program) []rules.Event {
	events := s.dropSupport(u)
	tr := &s.Troopers[u]
	if tr.States.marker() || tr.States.Null() {
		return events
	}
	tr.States.Impersonation = 2
	tr.Marker = s.freshMarker(tr.Seat)
	tr.Supportware = p.ID
	return append(events, Masked{Trooper: tr.ID, Marker: tr.Marker, State: tr.States.markerState(), Why: p.Name})
}

// freshMarker is a label for a new marker of seat: the first "seat-imp-N"
// that no marker bears and no trooper has failed to Discover, so that a
// trooper revealed and masked again is a new marker (Impersonation (N4)).
// It depends on public labels only, never on which trooper it is for.
func (s *State) freshMarker(seat rules.Seat) string {
	for n := 1; ; n++ {
		label := fmt.Sprintf("%s-imp-%d", seat, n)
		if !slices.ContainsFunc(s.Troopers, func(t Trooper) bool { return t.Marker == label || slices.Contains(t.Failed, label) }) {
			return label
		}
	}
}

// unmask ends the Cybermask trooper t sustained, as it leaves its marker
// (reveal): it lasts until he reveals himself.
func (s *State) unmask(t int) {
	tr := &s.Troopers[t]
	if p, ok := s.Programs[tr.Supportware]; ok && cybermask(&p) {
		tr.Supportware = ""
	}
}

// dropCybermask ends a Cybermask as Supportware ends (another Supportware
// declared, the hacker Disabled, Isolated or Null): the marker is
// revealed. ok is false when t sustains no Cybermask.
func (s *State) dropCybermask(t int) ([]rules.Event, bool) {
	tr := &s.Troopers[t]
	p, ok := s.Programs[tr.Supportware]
	if !ok || !cybermask(&p) {
		return nil, false
	}
	tr.Supportware = ""
	return s.reveal(t, p.Name+" ends"), true
}

// concealedHacker reports a marker of seat that is a hacker: its Hacking
// Area, with friendly Repeaters, reaches where its Zone of Control does
// not, so that while one stands the reactive side's ARO windows open every
// time, as they do for a trooper in Hidden Deployment, and a marker that
// may react only through its Hacking Area is not listed as keeping silent:
// either would tell which marker is a hacker.
func (s *State) concealedHacker(seat rules.Seat) bool {
	for t := range s.Troopers {
		tr := &s.Troopers[t]
		if tr.Seat == seat && tr.States.marker() && !tr.States.Null() && s.isHacker(t) {
			return true
		}
	}
	return false
}

// hackOnlyMarker reports an eligible marker that may react only because
// the active trooper crosses its Hacking Area.
func (s *State) hackOnlyMarker(e eligibility) bool {
	return e.Hack && !e.LoF && !e.ZoC && !e.Template && !e.Hacked && s.Troopers[e.Trooper].States.marker()
}
