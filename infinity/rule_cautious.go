package infinity

import (
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Cautious Movement (N4), as the Infinity wiki's N4 revision of the page
// gives it (docs/RULES.md): an Entire Order with the Movement, No LoF and
// No Roll labels.
//
//   - Requirement: when it is declared, the trooper is outside the Line of
//     Fire and the Zone of Control of every enemy Model and Marker
//     (Stealth (N4) lifts the Zone of Control part: rule_stealth.go).
//   - Effect: a move of up to the first value of its MOV along a declared
//     route. It generates no enemy ARO when it begins and ends outside the
//     LoF and ZoC of every enemy Model and Marker, whatever it crosses
//     between; when it begins or ends inside one, AROs are as usual.
//
// A trooper in Hidden Deployment is neither a Model nor a Marker: it counts
// for neither end, and it cannot react to a quiet Cautious Movement, so
// whether a move is quiet never depends on it (and tells nothing of it).
// A Camouflaged or Impersonation marker declares it and stays a marker
// (Camouflaged (N4)). The menu offers it along each heading at full first
// MOV when the requirement holds, and once, greyed with the reason, when
// it does not.

// SkillCautiousMove declares a Cautious Movement.
const SkillCautiousMove SkillName = "cautious-move"

// ruleCautious is the rule this file's errors cite.
const ruleCautious = "Cautious Movement (N4)"

// movesAlongRoute reports a skill that moves its trooper along its route
// in the Order's path: Move and Cautious Movement.
func movesAlongRoute(name SkillName) bool {
	return name == SkillMove || name == SkillCautiousMove
}

// watched reports whether an enemy trooper (not Null, on the table as a
// Model or a Marker: not in Hidden Deployment) has trooper t's model,
// standing at p, in its Zone of Control (counted only when zoc is set) or
// in its Line of Fire; inLoF tells which when no Zone of Control holds it.
// The answer does not depend on the order the enemies are tried in, so it
// tells nothing of who stands behind a marker.
func (s *State) watched(t int, p [2]float64, zoc bool) (found, inLoF bool) {
	var memo *cautiousMemo
	if s.memo != nil {
		memo = &s.memo.cautious
		if memo.valid && memo.t == t && memo.at == p && memo.zoc == zoc {
			return memo.found, memo.inLoF
		}
	}
	found, inLoF = s.lookWatched(t, p, zoc)
	if memo != nil {
		*memo = cautiousMemo{valid: true, t: t, at: p, zoc: zoc, found: found, inLoF: inLoF}
	}
	return found, inLoF
}

// cautiousMemo is the last answer of watched while Legal runs (checkMemo):
// a trooper's Cautious Movement candidates all ask it for where it
// stands, and each answer is a Line of Fire from every enemy.
type cautiousMemo struct {
	valid, zoc, found, inLoF bool
	t                        int
	at                       [2]float64
}

// lookWatched is watched worked out.
func (s *State) lookWatched(t int, p [2]float64, zoc bool) (found, inLoF bool) {
	m := s.modelOf(t)
	if m < 0 {
		return false, false
	}
	base := s.baseAt(m, p)
	seat := s.Troopers[t].Seat
	// The Zones of Control first: a distance, cheaper than a Line of Fire.
	if zoc {
		for u := range s.Troopers {
			if um, ok := s.watching(u, seat); ok && geom.InZoC(s.Models[um].base(), base) {
				return true, false
			}
		}
	}
	for u := range s.Troopers {
		if um, ok := s.watching(u, seat); ok && s.lof(s.Models[um], base, um, m) {
			return true, true
		}
	}
	return false, false
}

// watching reports an enemy of seat that is a Model or a Marker on the
// table and may react, with its model.
func (s *State) watching(u int, seat rules.Seat) (int, bool) {
	tr := &s.Troopers[u]
	if tr.Seat == seat || tr.States.Null() || tr.States.Hidden {
		return -1, false
	}
	um := s.modelOf(u)
	return um, um >= 0
}

// The refusals of a Cautious Movement declared where an enemy sees the
// trooper or has it in its Zone of Control: made once (a RuleError is not
// changed once made), since every activation menu may grey one for each
// trooper, and naming no enemy (the one found first would be a choice
// among several).
var (
	errCautiousLoF = rules.NewError(rules.CodeIllegal, ruleCautious, "the trooper is in an enemy's Line of Fire: Cautious Movement is declared outside the LoF and ZoC of every enemy Model and Marker")
	errCautiousZoC = rules.NewError(rules.CodeIllegal, ruleCautious, "the trooper is in an enemy's Zone of Control: Cautious Movement is declared outside the LoF and ZoC of every enemy Model and Marker (Stealth (N4) allows it inside a ZoC)")
)

// checkCautious checks a Cautious Movement declared as the first skill: the
// requirement (outside every enemy's LoF and, without Stealth, ZoC) and a
// route of at most the first MOV value.
func (s *State) checkCautious(o *Order, k *Skill) error {
	t := o.Trooper
	if found, inLoF := s.watched(t, o.Path[0], !s.hasStealth(t)); found {
		if inLoF {
			return errCautiousLoF
		}
		return errCautiousZoC
	}
	return s.checkRoute(o, k.Route, float64(s.profile(t).MOV[0]))
}

// cautiousQuiet reports the Order in progress as a Cautious Movement that
// generates no AROs: it begins and ends outside the LoF and ZoC of every
// enemy Model and Marker (ZoC not counting for a trooper with Stealth).
func (s *State) cautiousQuiet() bool {
	o := s.Order
	if o == nil || o.First.Name != SkillCautiousMove {
		return false
	}
	zoc := !s.hasStealth(o.Trooper)
	for _, p := range [2][2]float64{o.Path[0], o.Path[o.FirstEnd]} {
		if found, _ := s.watched(o.Trooper, p, zoc); found {
			return false
		}
	}
	return true
}

// eachCautiousChoice offers trooper t's Cautious Movements from from in an
// activation menu: along each heading at its first MOV where the
// requirement holds, else one, which check refuses with the reason. Not in
// the second skill's menu: it is an Entire Order.
func (s *State) eachCautiousChoice(b *menuBuilder, t int, from [2]float64, f func(Skill)) {
	if s.Order != nil {
		return
	}
	mov := float64(s.profile(t).MOV[0])
	if mov <= 0 {
		return
	}
	routes := b.moveRoutes(t, from, mov)
	n := len(headings)
	if found, _ := s.watched(t, from, !s.hasStealth(t)); found {
		n = 1
	}
	for i := range n {
		f(Skill{Name: SkillCautiousMove, Route: routes[i : i+1 : i+1]})
	}
}
