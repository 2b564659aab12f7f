package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Impact Template Weapons (N4), as the Infinity wiki's N4 revision of the
// page (PDF 2.1, July 2023) gives them (docs/RULES.md): a BS Attack with a
// weapon of the Circular Impact Template trait (Grenades: BS Weapon (PH))
// rolls to hit against a Main Target, which must be a valid target in Line
// of Fire when the attack is declared. The Circular Template is placed
// then, centred on the Main Target's base, and every trooper it touches or
// covers is affected: that decides who may Dodge it (without LoF, at −3 PH
// then: Dodge (N4)) and whose AROs meet it. The one roll, with the MODs
// against the Main Target, is judged once for each affected trooper: a
// Normal Roll against one that does not oppose it, Face to Face against
// one that does (its Dodge, or its attack on the thrower), each on its
// own; the template's effect lands on each affected trooper against whom a
// success survives, with no Partial Cover bonus on the Saving Roll. A
// template may not touch a trooper of the thrower's own side (you cannot
// attack your own troopers), and a trooper in Hidden Deployment is not on
// the table for it.
//
// Here an affected trooper's share of the attack is a roller of its own
// (roller.impact points at the Main Target's), with the Main Target's
// Success Value and the very dice it rolled.

// ruleImpact is the rule this file's errors cite.
const ruleImpact = "Impact Template Weapons (N4)"

// impactRadius is the radius of the Circular Template.
const impactRadius = geom.CircularTemplateDiameter / 2

// isImpact reports a weapon with the Circular Impact Template trait.
func isImpact(w *catalog.Weapon) bool { return w.Traits.Template == catalog.ImpactCircular }

// placeImpact lays the Circular Template of a weapon thrown by the model
// attacker, centred on centre, and returns the troopers it affects. It
// refuses a placement that misses the Main Target (model target, standing
// at targetAt) or touches a trooper of the thrower's side.
func (s *State) placeImpact(attacker, target int, targetAt, centre [2]float64) ([]int, error) {
	tmpl := geom.Circle{Center: geom.Pt(centre[0], centre[1]), Radius: impactRadius}
	own := s.Troopers[s.Models[attacker].Trooper].Seat
	var affected []int
	for m := range s.Models {
		model := s.Models[m]
		if m == target {
			model.At = targetAt
		}
		if model.Removed || m == attacker || s.Troopers[model.Trooper].States.Hidden || !geom.InContact(tmpl, model.base()) {
			continue
		}
		t := model.Trooper
		if s.Troopers[t].Seat == own {
			return nil, s.namedRefusal(ruleImpact, "the Circular Template would touch %s, a trooper of your own", s.Troopers[t].ID)
		}
		if !slices.Contains(affected, t) {
			affected = append(affected, t)
		}
	}
	if target < 0 || !slices.Contains(affected, s.Models[target].Trooper) {
		return nil, rules.Errorf(rules.CodeIllegal, ruleImpact, "the Circular Template does not reach the Main Target")
	}
	return affected, nil
}

// impactCentre is where the Circular Template of skill k lies: on the Main
// Target (model tm at at), or on the point a Speculative Attack names.
func impactCentre(k *Skill, at [2]float64) [2]float64 {
	if k.Name == SkillSpeculative && k.Point != nil {
		return *k.Point
	}
	return at
}

// checkImpactTarget checks an Impact Template BS Attack on the Main Target
// (model target) from shooter: Line of Fire to it, and a template that
// affects no trooper of the thrower's side.
func (s *State) checkImpactTarget(shooter Model, sm, target int, name string) error {
	if !s.lof(shooter, s.Models[target].base(), sm, target) {
		return s.noLoF(false, name)
	}
	at := s.Models[target].At
	_, err := s.placeImpact(sm, target, at, at)
	return err
}

// impactShares appends to out one share of an Impact Template attack k
// for each trooper its template affects besides the Main Target.
func impactShares(out []activeRoll, k activeRoll, affected []int, main int) []activeRoll {
	for _, t := range affected {
		if t != main {
			share := k
			share.share = t + 1
			out = append(out, share)
		}
	}
	return out
}

// impactShareCount is how many shares the Impact Template attacks among
// the AROs of the Order add.
func (s *State) impactShareCount() int {
	n := 0
	o := s.Order
	for i := range o.AROs {
		a := &o.AROs[i]
		if a.Skill.Name != SkillBSAttack || len(a.Affected) == 0 {
			continue
		}
		if w, err := s.weaponRef(a.Trooper, &a.Skill); err == nil && isImpact(w) {
			n += len(a.Affected) - 1
		}
	}
	return n
}

// impactSV gives a share the Main Target's roll: its Success Value, and,
// once thrown, its dice.
func (r *roller) impactSV() {
	m := r.impact
	r.sv, r.roll, r.cover = m.sv, dice.Roll{Side: m.roll.Side}, false
}

// impactRequirements checks a share at Resolution: it stands or falls with
// the Main Target's attack, whose weapon and ammunition it uses.
func (r *roller) impactRequirements() string {
	m := r.impact
	if m.idle {
		return "its Impact Template attack failed its requirements"
	}
	r.weapon, r.ammo = m.weapon, m.ammo
	return ""
}

// impactMain is the trooper of the Main Target of the active trooper's
// skill k when it is an Impact Template attack (a BS Attack or a
// Speculative Attack), else -1.
func (s *State) impactMain(k *Skill) int {
	o := s.Order
	if k.Name != SkillBSAttack && k.Name != SkillSpeculative {
		return -1
	}
	w, err := s.weaponRef(o.Trooper, k)
	if err != nil || !isImpact(w) {
		return -1
	}
	tm := s.targetModel(k.Target, s.Troopers[o.Trooper].Seat)
	if tm < 0 {
		return -1
	}
	return s.Models[tm].Trooper
}

// impactShare makes r trooper t's share of the Impact Template attack
// whose Main Target's roll is main.
func (r *roller) impactShare(s *State, main *roller, t int) {
	r.impact, r.from, r.target = main, main.from, t
	if m := s.modelOf(t); m >= 0 {
		r.to = s.Models[m].At
	}
	r.against = s.publicName(t)
}

// underActiveImpact reports trooper t under the active trooper's Impact
// Template.
func (s *State) underActiveImpact(t int) bool {
	o := s.Order
	if !slices.Contains(o.Affected, t) {
		return false
	}
	for _, k := range []*Skill{&o.First, o.Second} {
		if k != nil && s.impactMain(k) >= 0 {
			return true
		}
	}
	return false
}

// eachSpeculativeChoice offers trooper t a Speculative Attack on the enemy
// named name with each of its Impact Template weapons, in an activation
// menu (an Entire Order: not among the second skills).
func (s *State) eachSpeculativeChoice(t int, name string, f func(Skill)) {
	if s.Order != nil {
		return
	}
	ids, ws := s.profile(t).Weapons, s.weapons(t)
	for i, id := range ids {
		if w := ws[i]; w != nil && weaponFits(w, SkillSpeculative) && !slices.Contains(ids[:i], id) {
			f(Skill{Name: SkillSpeculative, Target: name, Weapon: id})
		}
	}
}
