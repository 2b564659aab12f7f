package catalog

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Template is a weapon's template trait (Direct Template Weapons (N4)–6.6), or none.
type Template string

// The templates a weapon may have.
const (
	// NoTemplate: an ordinary weapon, one roll per die of its Burst.
	NoTemplate Template = ""
	// DirectSmallTeardrop and DirectLargeTeardrop are Direct Template
	// weapons (Direct Template Weapons (N4)): no attack roll and no range bands; the template is
	// laid from the attacker's silhouette at declaration and every trooper
	// it touches is affected (they may Dodge with a Normal PH Roll).
	DirectSmallTeardrop Template = "direct-small-teardrop"
	DirectLargeTeardrop Template = "direct-large-teardrop"
	// ImpactCircular is an Impact Template weapon (Impact Template Weapons (N4)): a roll against a
	// Main Target in range, the circular template centred on it; each
	// trooper it touches resolves its own roll.
	ImpactCircular Template = "impact-circular"
)

// Templates lists the template traits a catalog may name.
func Templates() []Template {
	return []Template{DirectSmallTeardrop, DirectLargeTeardrop, ImpactCircular}
}

// Direct reports whether the template is a Direct one: no attack roll, no
// range (Direct Template Weapons (N4)).
func (t Template) Direct() bool { return t == DirectSmallTeardrop || t == DirectLargeTeardrop }

// Weapon is one weapon (BS Attack (N4), Unit Profile (N4)): its range row, Damage, Burst,
// ammunition, Saving Roll attribute and traits.
//
// A Weapon returned by a Catalog is a copy: changing it (or its slices)
// does not change the catalog.
type Weapon struct {
	// ID is the catalog key profiles refer to (same spelling rules as
	// Profile.ID).
	ID string `json:"id"`
	// Name is the display name.
	Name string `json:"name"`

	// Attribute is what a BS Attack with the weapon rolls against (BS Attack (N4)):
	// "BS", or "PH" or "WIP" for weapons that use those. Used in Close
	// Combat, a weapon with the CC trait always rolls CC (CC Attack (N4)). Direct
	// Template weapons roll nothing (Direct Template Weapons (N4)).
	Attribute string `json:"attribute"`
	// Ranges is the range row (BS Attack (N4)), bands increasing and not
	// overlapping. A distance no band covers — beyond the last, or in a gap
	// — is out of range (the "--" of a printed row). Direct Template
	// weapons have no bands; CC-only and deployable weapons may have none.
	Ranges []RangeBand `json:"ranges,omitempty"`
	// Damage is the weapon's DAM (Saving Rolls (N4)), 1..20. If DamageAttribute is set
	// the DAM is that attribute of the wielder plus Damage, which is then a
	// modifier (-10..10): "damage: PH" is PH+0, "damage: PH-1" is PH−1
	// (Unit Profile (N4) "Weapons whose DAM shows PH or WIP use that attribute").
	Damage int `json:"damage"`
	// DamageAttribute is "", "PH" or "WIP"; see Damage.
	DamageAttribute string `json:"damageAttribute,omitempty"`
	// Burst is the number of dice (BS Attack (N4); B1 in ARO), 1..10. A template
	// weapon's Burst is the number of templates it lays, 1 unless given.
	Burst int `json:"burst"`
	// Ammo lists the ammunition modes as dice ammunition names
	// (dice.LookupAmmo): one entry for a single ammo, several for a weapon
	// whose attacker picks one mode for the whole Burst (BS Attack (N4)), e.g.
	// [AP, DA].
	Ammo []string `json:"ammo"`
	// Save is the attribute the target's Saving Roll uses, "ARM" or "BTS"
	// (Saving Rolls (N4)); an ammunition may override it (PARA: PH−6, Ammunition (N4)).
	Save string `json:"save"`
	// Traits are the weapon's rule traits.
	Traits Traits `json:"traits"`
}

// Traits are the weapon traits the rules look at.
type Traits struct {
	// SuppressiveFire: the weapon may be used for the Suppressive Fire
	// skill and state (Suppressive Fire (N4)); it needs range bands.
	SuppressiveFire bool `json:"suppressiveFire,omitempty"`
	// Template is the weapon's template, if any (Direct Template Weapons (N4)–6.6).
	Template Template `json:"template,omitempty"`
	// Deployable weapons are placed on the table (Place Deployable) and go
	// off when an enemy declares an Order or ARO in their trigger area;
	// Dodging a deployable's template is at −3 PH (Dodge (N4)). The trigger
	// area is not modelled by the catalog: the order code takes it as the
	// area the weapon's template covers from the deployable [UNVERIFIED:
	// the N4 core rules does not give the N4 trigger rule].
	Deployable bool `json:"deployable,omitempty"`
	// CC: the weapon may be used for CC Attacks, rolling CC (CC Attack (N4)).
	CC bool `json:"cc,omitempty"`
	// Continuous (Continuous Damage, e.g. Fire): a failed Saving Roll
	// forces another, until one is passed (Ammunition (N4), [UNVERIFIED] there).
	Continuous bool `json:"continuous,omitempty"`
	// NonLethal: the attack never removes W/STR, it only applies its
	// ammunition's state (Ammunition (N4)).
	NonLethal bool `json:"nonLethal,omitempty"`
	// Targets: each hit puts the target in Targeted State instead of
	// forcing Saving Rolls (the Forward Observer's BS Weapon (WIP), the N4 core rules
	// Targeted (N4)).
	Targets bool `json:"targets,omitempty"`
	// Guided: the weapon may make a Guided attack, an Entire Order BS
	// Attack on a Targeted enemy without Line of Fire (Guided (N4);
	// infinity/rule_guided.go).
	Guided bool `json:"guided,omitempty"`
}

// traitNames are the trait words of the file format, in the order they are
// listed; template names are traits too.
var traitNames = []string{"suppressive-fire", "deployable", "cc", "continuous", "non-lethal", "targets", "guided"}

// RangeBand is one column of a range row: distances from From to To inches
// take the MOD Mod (BS Attack (N4), 8" steps 0–8 … 48–96).
type RangeBand struct {
	From float64 `json:"from"`
	To   float64 `json:"to"`
	// Mod is the BS MOD in this band, -12..12.
	Mod int `json:"mod"`
}

// rangeEps is the tolerance of a band edge, the same as geometry's (geom.Eps):
// a distance measured as 8.0000001" is on the 8" edge.
const rangeEps = 1e-6

// RangeMod is the range MOD at distance inches and whether the distance is
// in range at all (ok false: out of range, the attack cannot be declared or
// fails its requirement; BS Attack (N4)).
//
// A distance exactly on an edge between two bands belongs to the nearer
// band, the one closer to the attacker: 8" is in 0–8, not 8–16. So a band
// covers (From, To], except that its From is included when no band ends
// there (the first band, or the first after a gap). Edges are compared with
// a tolerance of 1e-6" so that rounding in the measurement does not push a
// distance into the next band. Negative, NaN or infinite distances are out
// of range, as is every distance for a weapon without bands.
func (w Weapon) RangeMod(distance float64) (mod int, ok bool) {
	if math.IsNaN(distance) || math.IsInf(distance, 0) || distance < -rangeEps {
		return 0, false
	}
	for _, b := range w.Ranges {
		if distance <= b.To+rangeEps {
			if distance < b.From-rangeEps {
				return 0, false // in a gap before this band
			}
			return b.Mod, true
		}
	}
	return 0, false
}

// MaxRange is the far edge of the last band: beyond it the weapon is out of
// range. 0 for a weapon without bands.
func (w Weapon) MaxRange() float64 {
	if len(w.Ranges) == 0 {
		return 0
	}
	return w.Ranges[len(w.Ranges)-1].To
}

// DamageFor is the weapon's DAM in the hands of p: Damage, or p's PH or WIP
// plus Damage for attribute-based weapons.
func (w Weapon) DamageFor(p Profile) int {
	switch w.DamageAttribute {
	case "PH":
		return p.PH + w.Damage
	case "WIP":
		return p.WIP + w.Damage
	}
	return w.Damage
}

// HasAmmo reports whether the weapon has the ammunition mode (the dice
// spelling, e.g. "DA").
func (w Weapon) HasAmmo(name string) bool { return slices.Contains(w.Ammo, name) }

// DamageString writes DAM as a profile prints it: "13", "PH", "PH-1".
func (w Weapon) DamageString() string {
	if w.DamageAttribute == "" {
		return strconv.Itoa(w.Damage)
	}
	switch {
	case w.Damage > 0:
		return fmt.Sprintf("%s+%d", w.DamageAttribute, w.Damage)
	case w.Damage < 0:
		return fmt.Sprintf("%s%d", w.DamageAttribute, w.Damage)
	}
	return w.DamageAttribute
}

// RangeRow writes the range bands as "0-8 +3 | 8-16 0 | 16-24 -3", or
// "--" for a weapon without bands.
func (w Weapon) RangeRow() string {
	if len(w.Ranges) == 0 {
		return "--"
	}
	parts := make([]string, len(w.Ranges))
	for i, b := range w.Ranges {
		mod := fmt.Sprintf("%+d", b.Mod)
		if b.Mod == 0 {
			mod = "0"
		}
		parts[i] = fmtInches(b.From) + "-" + fmtInches(b.To) + " " + mod
	}
	return strings.Join(parts, " | ")
}

// SmokeAmmo is the ammunition that lays a Zero Visibility Zone instead of
// forcing Saving Rolls (Smoke Ammunition (N4)).
const SmokeAmmo = "Smoke"

// SmokeOnly reports a weapon whose only ammunition is Smoke: it needs no
// Damage.
func (w Weapon) SmokeOnly() bool { return len(w.Ammo) == 1 && w.Ammo[0] == SmokeAmmo }

// TraitList names the weapon's traits in the file's spelling.
func (w Weapon) TraitList() []string {
	var out []string
	t := w.Traits
	for i, on := range []bool{t.SuppressiveFire, t.Deployable, t.CC, t.Continuous, t.NonLethal, t.Targets, t.Guided} {
		if on {
			out = append(out, traitNames[i])
		}
	}
	if t.Template != NoTemplate {
		out = append(out, string(t.Template))
	}
	return out
}

// String writes the weapon on one line, as `ordo rules` lists it.
func (w Weapon) String() string {
	s := fmt.Sprintf("%s (%s): %s, DAM %s, B%d, %s vs %s", w.ID, w.Name, w.RangeRow(), w.DamageString(), w.Burst, strings.Join(w.Ammo, "/"), w.Save)
	if t := w.TraitList(); len(t) > 0 {
		s += ", " + strings.Join(t, ", ")
	}
	return s
}

func fmtInches(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// clone copies the slices, so that a caller cannot change the catalog
// through a returned Weapon.
func (w Weapon) clone() Weapon {
	w.Ranges = slices.Clone(w.Ranges)
	w.Ammo = slices.Clone(w.Ammo)
	return w
}
