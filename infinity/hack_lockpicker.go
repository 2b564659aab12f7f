package infinity

import (
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Lockpicker (Hacking (N3), GADGET-1; Toolbox, Short Skill or ARO): a WIP
// roll, with the scenario's MOD for the item, that opens or shuts a door,
// or activates or deactivates a console: a Hackable Scenery Item
// (rule_scenery.go) in base contact with the hacker. A door cannot be
// shut on a base standing in its doorway.

// isLockpicker reports the Lockpicker program (its effect column).
func isLockpicker(p catalog.Program) bool { return p.Effect == catalog.EffectScenery }

// checkLockpicker checks Lockpicker declared by hacker t standing at at.
func (s *State) checkLockpicker(t int, at [2]float64, p catalog.Program, k Skill) error {
	if k.Point != nil || len(k.Split) > 0 || k.Target == "" {
		return rules.Errorf(rules.CodeBadAction, ruleHacking, "%s names one Hackable Scenery Item as its target", p.Name)
	}
	i := s.sceneryIndex(k.Target)
	if i < 0 {
		return rules.Errorf(rules.CodeBadAction, ruleHacking, "%s: %q is not a Hackable Scenery Item", p.Name, k.Target)
	}
	it := s.Scenery[i]
	pg := it.outline()
	if !touches(pg, s.baseAt(s.modelOf(t), at)) {
		return rules.Errorf(rules.CodeIllegal, ruleHacking+" (Lockpicker)", "%s is not in base contact with %s", s.Troopers[t].ID, it.ID)
	}
	if it.Kind == SceneryDoor && it.State == DoorOpen {
		for m := range s.Models {
			if s.onTable(m, false, nil) && overlaps(pg, s.Models[m].base()) {
				return rules.Errorf(rules.CodeIllegal, ruleHacking+" (Lockpicker)", "%s cannot be shut: a base stands in it", it.ID)
			}
		}
	}
	return nil
}
