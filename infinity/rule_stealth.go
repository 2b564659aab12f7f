package infinity

import (
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Stealth (N4), as the Infinity wiki's N4 revision of the page gives it
// (docs/RULES.md): an Automatic Skill of the Active Turn.
//
//   - Its user may declare Cautious Movement inside the Zone of Control of
//     enemy Models and Markers (rule_cautious.go).
//   - While every skill it has declared in the Order is a Short Movement
//     Skill (Move, Discover, Idle) or a Cautious Movement, an enemy that
//     has it in its Zone of Control but never in its Line of Fire gets no
//     ARO from it; a hacker whose Hacking Area it is in, without LoF, gets
//     none either (the N4 FAQ). When the second skill is anything else,
//     those enemies react normally (in the second ARO window, where they
//     become eligible).
//   - If its first skill's movement ends in silhouette contact with an
//     enemy that has no Line of Fire to it and it declares such another
//     skill, that enemy may only answer with CC Attack, Dodge or Reset,
//     the skills usable while Engaged.
//   - It does not work against a trooper with Sixth Sense, nor against
//     deployable weapons (a Mine goes off as ever).

// ruleStealth is the rule this file's errors cite.
const ruleStealth = "Stealth (N4)"

// hasStealth reports a trooper whose profile has Stealth.
func (s *State) hasStealth(t int) bool { return s.profile(t).HasSkill("Stealth") }

// aroQuiet is what the Order in progress denies the reactive troopers:
// every ARO (a quiet Cautious Movement), or those of troopers without Line
// of Fire (Stealth).
type aroQuiet struct {
	all, stealth bool
	// leader: the active trooper's Cautious Movement is quiet but a
	// Fireteam member's may not be: no ARO against the leader, and
	// teamSights leaves out the quiet members (rule_fireteam.go).
	leader bool
}

// quietOrder works out the Order's aroQuiet, once for an ARO window.
func (s *State) quietOrder() aroQuiet {
	o := s.Order
	if o == nil {
		return aroQuiet{}
	}
	q := aroQuiet{all: s.cautiousQuiet()}
	if q.all && len(o.Team) > 0 {
		q.all, q.leader = false, true
	}
	if q.all || q.leader || !s.hasStealth(o.Trooper) {
		return q
	}
	q.stealth = s.stealthySkill(&o.First) && (o.Second == nil || s.stealthySkill(o.Second))
	return q
}

// stealthySkill reports a skill under which Stealth keeps its user from
// granting AROs: a Short Movement Skill or a Cautious Movement.
func (s *State) stealthySkill(k *Skill) bool {
	return k.Name == SkillCautiousMove || s.skillCategory(k) == CategoryShortMovement
}

// denies reports that the Order gives reactive trooper e.Trooper no ARO:
// a quiet Cautious Movement denies every one; Stealth takes away the Zone
// of Control and the Hacking Area from one without Line of Fire (not from
// one with Sixth Sense), which then may not react unless something else
// lets it.
func (q aroQuiet) denies(s *State, e *eligibility) bool {
	if q.all {
		return true
	}
	if q.leader {
		e.LoF, e.ZoC, e.Hack = false, false, false
	}
	if q.stealth && !e.LoF && !s.sixthSense(e.Trooper) {
		e.ZoC, e.Hack = false, false
	}
	return false
}

// stealthContact refuses an ARO of reactive trooper t other than CC
// Attack, Dodge and Reset when the active trooper has Stealth, its first
// skill's movement ended in silhouette contact with t, t has had no Line
// of Fire to it (e), and its second skill is not one Stealth covers.
func (s *State) stealthContact(t int, k Skill, e eligibility) error {
	o := s.Order
	if o == nil || o.Second == nil || e.LoF || !movesAlongRoute(o.First.Name) || !s.hasStealth(o.Trooper) || s.stealthySkill(o.Second) {
		return nil
	}
	switch k.Name {
	case SkillCCAttack, SkillDodge, SkillReset:
		return nil
	}
	m, tm := s.modelOf(o.Trooper), s.modelOf(t)
	if m < 0 || tm < 0 || !geom.InContact(s.baseAt(m, o.Path[o.FirstEnd]), s.Models[tm].base()) {
		return nil
	}
	return rules.Errorf(rules.CodeIllegal, ruleStealth, "%s reached %s unseen: it may only answer with CC Attack, Dodge or Reset", s.publicName(o.Trooper), s.Troopers[t].ID)
}
