package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// second is step 3.
func (s *State) second(a Second) ([]rules.Event, error) {
	o := s.Order
	o.secondBuf = a.Skill
	o.Second = &o.secondBuf
	if a.AttackFrom != nil {
		from := *a.AttackFrom
		o.AttackFrom = &from
	}
	k := a.Skill
	if k.Name == SkillMove {
		o.Path = append(o.Path, k.Route...)
	}
	s.followMoves(o, a.Team) // Fireteams (N4)
	laid := s.placeDeclared(o.Second)
	events := []rules.Event{SecondDeclared{Trooper: s.Troopers[o.Trooper].ID, Skill: k}}
	events = append(events, laid...)
	if s.Troopers[o.Trooper].States.marker() && !keepsCamouflage(k.Name) {
		events = append(events, s.reveal(o.Trooper, "declared "+string(k.Name))...)
	}
	return append(events, s.openWindow(2)...), nil
}

// placeDeclared places the template of a Direct Template, Impact Template
// or Smoke attack just declared (check has accepted the placement), and
// reports a Smoke template laid.
func (s *State) placeDeclared(k *Skill) []rules.Event {
	o := s.Order
	if k.Name != SkillBSAttack && k.Name != SkillSpeculative {
		return nil
	}
	w, err := s.weaponRef(o.Trooper, k)
	if err == nil && smokeAttack(w, k) && k.Point != nil {
		return s.laySmoke(k)
	}
	if err == nil && isImpact(w) {
		// Centred on the Main Target, or a Speculative Attack's point
		// (Impact Template Weapons (N4)).
		if tm := s.targetModel(k.Target, s.Troopers[o.Trooper].Seat); tm >= 0 {
			at := s.Models[tm].At
			o.Affected, _ = s.placeImpact(o.Model, tm, at, impactCentre(k, at))
		}
		return nil
	}
	if err != nil || !isDirectTemplate(w) {
		return nil
	}
	from, _ := s.fromPoint(o, k)
	tm := s.targetModel(k.Target, s.Troopers[o.Trooper].Seat)
	if tm < 0 {
		return nil
	}
	o.Affected, _ = s.placeTemplate(o.Model, from, *w, tm, s.Models[tm].At)
	return nil
}

// checkAttackFrom checks a first-skill attack moved to a point of the
// second skill's Move: the point must be on the path, and the attack's
// requirements must hold from there.
func (s *State) checkAttackFrom(a *Second) error {
	if a.AttackFrom == nil {
		return nil
	}
	o := s.Order
	if !isAttack(o.First.Name) || a.Skill.Name != SkillMove {
		return rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "attackFrom needs an attack then a Move")
	}
	if w, err := s.weaponRef(o.Trooper, &o.First); err == nil && isDirectTemplate(w) {
		return rules.Errorf(rules.CodeIllegal, "Direct Template Weapons (N4)", "a template is placed where the attack is declared")
	}
	path := append(slices.Clone(o.Path), a.Skill.Route...)
	if *a.AttackFrom < 0 || *a.AttackFrom >= len(path) {
		return rules.Errorf(rules.CodeBadAction, "BS Attack (N4)", "attackFrom %d: the path has points 0..%d", *a.AttackFrom, len(path)-1)
	}
	k := o.First
	k.From = a.AttackFrom
	tmp := *o
	tmp.Path = path
	return s.checkAttack(&tmp, &k)
}

// stepSecond is the second skill of the Order (Order Expenditure Sequence
// (N4) step 3).
var stepSecond = stepDef{
	name:          StepSecond,
	order:         true,
	who:           activePlayer,
	actions:       []stepAction{act(checkRefWith((*State).checkSecond), func(s *State, a Second, _ checked, _ dice.Source) ([]rules.Event, error) { return s.second(a) })},
	candidates:    (*State).secondCandidates,
	activeOnTable: true,
}

// checkSecond checks the second skill: its combination with the first and
// its own requirements, and where along the path a first-skill attack is
// made.
func (s *State) checkSecond(a *Second) error {
	if err := s.canDeclare(s.Order, &a.Skill, false); err != nil {
		return err
	}
	// A Coordinated Order's participants declare it too (rule_coordinated.go).
	if err := s.checkCoordinatedSecond(a); err != nil {
		return err
	}
	if len(a.Team) > 0 {
		o := s.Order
		var team []int
		rule := ruleFireteam
		if o.TeamSize > 0 || o.Coordinated {
			team = o.teamTroopers()
		}
		if o.Coordinated {
			rule = ruleCoordinated
		}
		if err := s.checkTeamMoves(o, &a.Skill, a.Team, false, team, s.teamPaths(o, team), rule); err != nil {
			return err
		}
	}
	return s.checkAttackFrom(a)
}
