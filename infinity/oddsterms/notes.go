package oddsterms

import (
	"fmt"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/odds"
)

// notes says what the table cannot: what a failed roll does, and how
// Criticals, continuous damage and cover were applied.
func notes(x, y SideSpec, a dice.Ammo, crits odds.CritRule, saves []Save) []string {
	var ns []string
	first := saves[0].Attribute
	switch {
	case x.Template || x.NoCrit:
		// It never crits: the ruling does not apply.
	case crits == odds.CritAutoWound:
		ns = append(ns, fmt.Sprintf("a Critical fails its first %s roll without rolling", first))
	default:
		ns = append(ns, fmt.Sprintf("each Critical adds one more %s roll", first))
	}
	if x.Continuous {
		ns = append(ns, "Continuous Damage: every failed roll is rolled again until one passes")
	}
	switch {
	case a.NonLethal:
		ns = append(ns, fmt.Sprintf("%s is Non-Lethal: a failed roll removes no W/STR, it applies %s", a.Name, a.Effect))
	case a.WoundsPerFail > 1:
		ns = append(ns, fmt.Sprintf("%s: a failed roll of the hit removes %d W/STR (a Critical's extra roll removes 1); the table counts failed rolls",
			a.Name, a.WoundsPerFail))
	}
	if a.Effect == "SHOCK" {
		ns = append(ns, "Shock: any failed roll kills a target that is, or becomes, Unconscious")
	}
	if y.Cover {
		switch {
		case x.Template:
			ns = append(ns, "target in Partial Cover, but a template ignores it (Saving Rolls (N4))")
		case x.Attribute == AttrCC:
			ns = append(ns, "target in Partial Cover, but cover does not apply in Close Combat")
		}
	}
	return ns
}
