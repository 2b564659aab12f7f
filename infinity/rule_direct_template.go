package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Direct Template weapons (Direct Template Weapons (N4)): no attack roll; the template is
// placed when the attack is declared, its narrow end at the edge of the
// attacker's base, and every trooper it touches is affected. Affected
// troopers may Dodge even without Line of Fire, as a Normal PH Roll
// (Dodge (N4)), and their AROs against the attacker are Normal Rolls. The
// same holds for a template declared in ARO: it is laid from the reacting
// trooper toward the active trooper where it reacts to it, and affects
// exactly the troopers its own teardrop covers, the active trooper
// included; against an attack it is a simultaneous Normal Roll that hits
// automatically, and only a Dodge opposes it.

// isDirectTemplate reports a Direct Template weapon.
func isDirectTemplate(w *catalog.Weapon) bool { return w.Traits.Template.Direct() }

// teardropSize is the template of a Direct Template weapon.
func teardropSize(w catalog.Weapon) geom.TeardropSize {
	if w.Traits.Template == catalog.DirectLargeTeardrop {
		return geom.LargeTeardrop()
	}
	return geom.SmallTeardrop()
}

// placeTemplate lays the weapon's teardrop from the attacking model (at
// from) toward the target model (at targetAt: where an ARO meets the
// active trooper on its path) and returns the troopers it touches. It
// refuses a placement that misses the target or touches a trooper of the
// attacker's own side (Direct Template Weapons (N4): you cannot attack your own troopers).
func (s *State) placeTemplate(attacker int, from [2]float64, w catalog.Weapon, target int, targetAt [2]float64) ([]int, error) {
	am := s.Models[attacker]
	if target < 0 {
		return nil, rules.Errorf(rules.CodeIllegal, "Direct Template Weapons (N4)", "no such target")
	}
	tm := s.Models[target]
	tm.At = targetAt
	td, err := s.laidTeardrop(attacker, from, w, targetAt)
	if err != nil {
		return nil, rules.Errorf(rules.CodeIllegal, "Direct Template Weapons (N4)", "template: %v", err)
	}
	own := s.Troopers[am.Trooper].Seat
	var affected []int
	for m, model := range s.Models {
		if m == target {
			model = tm
		}
		if model.Removed || m == attacker || s.Troopers[model.Trooper].States.Hidden || !td.Touches(model.base()) {
			continue
		}
		t := model.Trooper
		if s.Troopers[t].Seat == own {
			return nil, s.namedRefusal("Direct Template Weapons (N4)", "the template would touch %s, a trooper of your own", s.Troopers[t].ID)
		}
		affected = append(affected, t)
	}
	if !slices.Contains(affected, tm.Trooper) {
		return nil, s.namedRefusal("Direct Template Weapons (N4)", "the template does not reach %s", s.modelNameFor(target, own))
	}
	return affected, nil
}

// templateHits applies a Direct Template: every trooper under it that did
// not Dodge it takes its automatic hits, with no Partial Cover on the save
// (Saving Rolls (N4), Direct Template Weapons (N4)).
func (s *State) templateHits(r *roller, d dice.Source) ([]rules.Event, error) {
	var events []rules.Event
	for _, t := range r.affected {
		if slices.Contains(r.evaded, t) || s.Troopers[t].States.Dead {
			continue
		}
		hit := *r
		hit.target = t
		hit.cover = false
		hit.out = dice.Outcome{Hits: max(r.arms().Burst, 1)}
		ev, err := s.applyHits(&hit, d)
		if err != nil {
			return nil, err
		}
		events = append(events, ev...)
	}
	return events, nil
}
