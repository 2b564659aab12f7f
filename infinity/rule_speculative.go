package infinity

import (
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Speculative Attack (N4), as the Infinity wiki's N4 revision of the page
// gives it (docs/RULES.md): an Entire Order with the Attack label, a
// single BS Attack with a weapon of the Circular Impact Template trait on
// a Main Target out of the thrower's Line of Fire (or in it).
//
//   - The Burst is always 1.
//   - The Circular Template may be centred elsewhere than on the Main
//     Target (the `point` of the skill), but the Main Target must be
//     inside it; neither needs Line of Fire. The engine's tables have no
//     roofs, so a trajectory to the impact point can always be drawn.
//   - The roll takes −6 and the Range MOD (to the Main Target); the other
//     negative MODs the target would put on it (Partial Cover, Mimetism)
//     are not applied, the −6 standing for not seeing it. The thrower's
//     own state MODs still apply, and so does +3 on a Targeted target.
//   - Every trooper the template affects may Dodge it (−3 PH without LoF
//     to the thrower) and is resolved as Impact Template Weapons (N4)
//     says (rule_impact_template.go).
//
// The grenade trait that allows it (Speculative Attack) is read here as
// every weapon with the Circular Impact Template trait: the catalog's
// Grenades are such a weapon and no other has the trait.

// SkillSpeculative declares a Speculative Attack.
const SkillSpeculative SkillName = "speculative-attack"

// ruleSpeculative is the rule this file's errors cite.
const ruleSpeculative = "Speculative Attack (N4)"

// speculativeMod is Speculative Attack's MOD.
var speculativeMod = dice.Mod{Name: "Speculative Attack", Value: -6}

// checkSpeculative checks a Speculative Attack at declaration: an Impact
// Template weapon, an enemy Main Target in range (not a marker to be
// Discovered), the template's centre on the table and the Main Target
// under it, and no trooper of the thrower's side touched.
func (s *State) checkSpeculative(o *Order, k *Skill) error {
	w, err := s.weaponRef(o.Trooper, k)
	if err != nil {
		return err
	}
	if len(k.Split) > 0 || k.Burst > 0 {
		return rules.Errorf(rules.CodeIllegal, ruleSpeculative, "a Speculative Attack is a single B1 attack: no split, no Burst")
	}
	seat := s.Troopers[o.Trooper].Seat
	target := s.targetModel(k.Target, seat)
	if target < 0 || s.Troopers[s.Models[target].Trooper].Seat == seat {
		return rules.Errorf(rules.CodeBadAction, ruleSpeculative, "target %q is not an enemy model on the table", k.Target)
	}
	if err := markerRefusal(&s.Troopers[s.Models[target].Trooper].States, k.Target); err != nil {
		return err
	}
	from := s.Models[o.Model].At
	if k.Point != nil && !s.onTablePoint(*k.Point) {
		return rules.Errorf(rules.CodeBadAction, ruleSpeculative, "the impact point (%g, %g) is off the table", k.Point[0], k.Point[1])
	}
	dist := geom.EdgeDistance(s.baseAt(o.Model, from), s.Models[target].base())
	if _, ok := w.RangeMod(dist); !ok {
		return rules.Errorf(rules.CodeIllegal, ruleSpeculative, "%s is out of range of %s at %.2f\"", k.Target, w.Name, dist)
	}
	at := s.Models[target].At
	_, err = s.placeImpact(o.Model, target, at, impactCentre(k, at))
	return err
}

// onTablePoint reports a point of the table.
func (s *State) onTablePoint(p [2]float64) bool {
	return p[0] >= 0 && p[1] >= 0 && p[0] <= s.Table.Width && p[1] <= s.Table.Height
}

// speculativeSV is a Speculative Attack's Success Value: the weapon's
// attribute, −6, the Range MOD, Targeted's +3 and the thrower's own state
// MODs; B1.
func (s *State) speculativeSV(r *roller, mods []dice.Mod) {
	p := s.profile(r.trooper)
	tm := s.modelOf(r.target)
	dist := geom.EdgeDistance(s.baseAt(s.modelOf(r.trooper), r.from), s.baseAt(tm, r.to))
	mods = append(mods, speculativeMod)
	if mod, _ := r.arms().RangeMod(dist); mod != 0 {
		mods = append(mods, dice.Mod{Name: "Range", Value: mod})
	}
	if s.Troopers[r.target].States.Targeted {
		mods = append(mods, dice.Mod{Name: "Targeted", Value: 3})
	}
	attr := r.arms().Attribute
	if attr == "" {
		attr = "BS"
	}
	r.sv = r.newSV(attr, attribute(p, attr), mods)
	r.roll = dice.Roll{Side: dice.Side{SV: r.sv.Value, Burst: 1}}
}
