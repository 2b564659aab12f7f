package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/odds"
	"github.com/ordo-rules/ordo/rules"
)

// Comm-Sat programs (Hacking (N3)): the SHIELD-1 programs that answer an
// enemy's Combat Jump or Guided attack, anywhere on the table and without
// Line of Fire.
//
// Hack Transport Aircraft: when an enemy trooper declares a Combat Jump,
// before its PH Roll, every reactive hacker carrying the program may
// declare it in ARO (the `hack-transport` step). The jump's PH Roll is then
// Face to Face against each such hacker's WIP -6 roll, with the same
// numbers `ordo odds` shows (odds.HackSV on the program's card). The seed
// says a hacker's win "applies Dispersion", the N3 consequence of a failed
// jump; the N4 Combat Jump the engine plays has no Dispersion, and a failed
// jump sets the trooper down at its Deployment Zone's table edge
// (rule_combat_jump.go). So a hacker's win makes the jump fail in exactly
// that way, which is also how the program's card puts it.
//
// U-Turn: in the ARO window of an enemy's Guided attack (rule_guided.go),
// each reactive hacker carrying it may declare it; it rolls nothing, and
// each U-Turn declared puts -3 on the Guided BS roll, cumulative.

// StepTransport is where the reactive player may declare Hack Transport
// Aircraft against a Combat Jump, before its PH Roll.
const StepTransport Step = "hack-transport"

// ruleComSat is the rule this file's errors cite.
const ruleComSat = "Hacking (N3): Comm-Sat"

// commSat reports a Comm-Sat program the engine plays: Hack Transport
// Aircraft (the jump fails) and U-Turn (a MOD to a Guided attack).
func commSat(p *catalog.Program) bool {
	return p.Category == catalog.CommSat && (p.Effect == catalog.EffectDispersion || p.Effect == catalog.EffectGuidedMod)
}

// transportHackers lists the reactive troopers that may declare Hack
// Transport Aircraft against the Combat Jump in progress: on the table,
// carrying the program, able to hack and to declare a program. A hacker in
// Hidden Deployment may: declaring the ARO reveals it, as any ARO does
// (Hidden Deployment (N4)), and the window opens whenever the reactive side
// has a trooper in Hidden Deployment (jumpStep), so its opening tells the
// opponent nothing. A hacker on a marker (Camouflaged, Impersonation) is
// left out: markers are on the table, and a window opening for one would
// tell the opponent what it carries.
func (s *State) transportHackers() []int {
	var out []int
	p, ok := s.Programs["hack-transport-aircraft"]
	if !ok {
		return nil
	}
	reactive := s.reactive()
	for t := range s.Troopers {
		tr := &s.Troopers[t]
		if tr.Seat != reactive || tr.States.Null() || tr.States.marker() || s.modelOf(t) < 0 ||
			s.commsDown(t) || !s.carries(t, p) || stateAllows(&tr.States, tr.ID, SkillHack) != nil {
			continue
		}
		out = append(out, t)
	}
	return out
}

// jumpStep is the step after a Combat Jump's declaration: the reactive
// player's Hack Transport Aircraft window when a hacker may use it, or
// when the reactive side has a trooper in Hidden Deployment (as an ARO
// window opens, openWindow: whether that trooper could use it is private),
// else the PH Roll.
func (s *State) jumpStep() Step {
	if s.hasHidden(s.reactive()) || len(s.transportHackers()) > 0 {
		return StepTransport
	}
	return StepLanding
}

// checkTransport checks the declarations of Hack Transport Aircraft: each
// by a hacker that may use it (transportHackers), once, against the
// jumping trooper.
func (s *State) checkTransport(a AROs) ([]int, error) {
	o := s.Order
	may := s.transportHackers()
	var out []int
	for _, d := range a.Declarations {
		t := s.trooperIndex(d.Trooper)
		switch {
		case t < 0:
			return nil, rules.Errorf(rules.CodeBadAction, "ARO (N4)", "%q is not a trooper", d.Trooper)
		case slices.Contains(out, t):
			return nil, rules.Errorf(rules.CodeIllegal, "ARO (N4)", "%s declares two AROs: one ARO per trooper per Order", d.Trooper)
		case d.Skill.Name != SkillHack || d.Skill.Program != "hack-transport-aircraft":
			return nil, rules.Errorf(rules.CodeIllegal, ruleComSat, "before a Combat Jump's PH Roll only Hack Transport Aircraft may be declared, not %s", d.Skill)
		case !slices.Contains(may, t):
			if s.Troopers[t].Seat != s.reactive() {
				return nil, rules.Errorf(rules.CodeIllegal, "ARO (N4)", "%s is not a reactive trooper", d.Trooper)
			}
			if _, err := s.hackProgram(t, &d.Skill); err != nil {
				return nil, err
			}
			return nil, rules.Errorf(rules.CodeIllegal, ruleComSat, "%s cannot declare Hack Transport Aircraft now", d.Trooper)
		case s.targetModel(d.Skill.Target, s.Troopers[t].Seat) != o.Model:
			return nil, rules.Errorf(rules.CodeIllegal, ruleComSat, "Hack Transport Aircraft targets the jumping trooper (%s), not %q", s.publicName(o.Trooper), d.Skill.Target)
		case len(d.Skill.Split) > 0 || d.Skill.Burst > 0 || d.Skill.strayField() != "":
			return nil, rules.Errorf(rules.CodeBadAction, ruleComSat, "Hack Transport Aircraft names only its target")
		}
		out = append(out, t)
	}
	return out, nil
}

// transport records the Hack Transport Aircraft declared: each hacker has
// made its ARO for this Order; the PH Roll follows.
func (s *State) transport(a AROs, hackers []int) []rules.Event {
	o := s.Order
	ev := AROsDeclared{Window: 1}
	events := []rules.Event{nil}
	if len(hackers) > 0 {
		o.Transport = hackers
		o.Decided = append(o.Decided, hackers...)
		slices.Sort(o.Decided)
		for _, d := range a.Declarations {
			ev.AROs = append(ev.AROs, d)
		}
		// Declaring an ARO places a hidden hacker on the table (Hidden
		// Deployment (N4)).
		for _, h := range hackers {
			events = append(events, s.reveal(h, "declared an ARO")...)
		}
	}
	events[0] = ev
	o.Step = StepLanding
	return events
}

// transportSV is hacker t's Success Value against the jump: odds.HackSV on
// the program's card (WIP -6) and the hacker's own MODs, the jumper rolling
// no program, as `ordo odds` computes it.
func (s *State) transportSV(t int) dice.SuccessValue {
	p := s.Programs["hack-transport-aircraft"]
	hp := p.HackOdds()
	h := s.hacker(t, nil)
	h.Program = &hp
	return odds.HackSV(h, odds.Hacker{WIP: s.profile(s.Order.Trooper).PH})
}

// hackedLanding is the jump's PH Roll Face to Face against each Hack
// Transport Aircraft: the same die of the jumper against each hacker's. The
// jump lands only if its success survives every one of them; otherwise it
// fails as a failed PH Roll does.
func (s *State) hackedLanding(d dice.Source) ([]rules.Event, error) {
	o := s.Order
	r := roller{trooper: o.Trooper, skill: o.First, active: true}
	s.buildSV(&r)
	jump, err := dice.Throw(d, r.roll.Side)
	if err != nil {
		return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
	}
	jumperID := s.Troopers[o.Trooper].ID
	lands := true
	var jumpOut dice.Outcome
	events := make([]rules.Event, 1, 1+len(o.Transport))
	for i, h := range o.Transport {
		sv := s.transportSV(h)
		hr, err := dice.Throw(d, dice.Side{SV: sv.Value, Burst: 1})
		if err != nil {
			return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
		}
		a, b, err := dice.FaceToFace(jump, hr)
		if err != nil {
			return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
		}
		if i == 0 || !a.Scored() {
			jumpOut = a
		}
		lands = lands && a.Scored()
		events = append(events, Rolled{Trooper: s.Troopers[h].ID, Skill: SkillHack, SV: sv, Dice: b.Dice, Against: jumperID, Hits: b.Hits, Crits: b.Crits, Roll: "face-to-face"})
	}
	events[0] = Rolled{Trooper: jumperID, Skill: SkillCombatJump, SV: r.sv, Dice: jumpOut.Dice, Hits: jumpOut.Hits, Crits: jumpOut.Crits, Roll: "face-to-face"}
	if !lands {
		o.Step = StepMissedJump
		return events, nil
	}
	return append(events, s.landed()...), nil
}

// stepTransport is the reactive player's Hack Transport Aircraft window,
// between a Combat Jump's declaration and its PH Roll.
var stepTransport = stepDef{
	name:  StepTransport,
	order: true,
	who:   reactivePlayer,
	actions: []stepAction{act(func(s *State, a *AROs, _ *Order) (checked, error) {
		hackers, err := s.checkTransport(*a)
		if err != nil {
			return checked{}, err
		}
		aros := make([]ARO, len(hackers))
		for i, h := range hackers {
			aros[i] = ARO{Trooper: h}
		}
		return checked{aros: aros}, nil
	}, func(s *State, a AROs, c checked, _ dice.Source) ([]rules.Event, error) {
		hackers := make([]int, len(c.aros))
		for i, x := range c.aros {
			hackers[i] = x.Trooper
		}
		return s.transport(a, hackers), nil
	})},
	candidates: func(s *State, _ *menuBuilder) []rules.Action {
		out := []rules.Action{AROs{}}
		target := s.modelNameFor(s.Order.Model, s.reactive())
		for _, h := range s.transportHackers() {
			out = append(out, AROs{Declarations: []ARODecl{{Trooper: s.Troopers[h].ID, Skill: Skill{Name: SkillHack, Program: "hack-transport-aircraft", Target: target}}}})
		}
		return out
	},
	activeOnTable: true,
	invariants:    (*stateChecker).followsCombatJump,
}

// commSatReact checks a Comm-Sat program declared in an ARO window: Hack
// Transport Aircraft belongs to the window before a Combat Jump's PH Roll,
// and U-Turn answers a Guided attack (rule_guided.go).
func (s *State) commSatReact(t int, p catalog.Program, k Skill) error {
	if p.Effect == catalog.EffectDispersion {
		return rules.Errorf(rules.CodeIllegal, ruleComSat, "%s is declared against a Combat Jump, before its PH Roll", p.Name)
	}
	return s.checkUTurn(t, p, k)
}
