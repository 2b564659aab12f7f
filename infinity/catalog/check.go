package catalog

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// FieldError is one value of a Weapon or a Profile that the rules cannot
// use: Field is its path inside the entry, spelt as the JSON form of the
// entry spells it ("damage", "ranges[2].mod", "traits.suppressiveFire"),
// and Msg says what is wrong.
type FieldError struct {
	Field string
	Msg   string
}

func (e FieldError) Error() string { return e.Field + ": " + e.Msg }

// fieldErrors collects the FieldErrors of a check.
type fieldErrors []FieldError

func (es *fieldErrors) add(field, format string, args ...any) {
	*es = append(*es, FieldError{Field: field, Msg: fmt.Sprintf(format, args...)})
}

// between checks that v lies in [lo, hi]; why is added to the message.
func (es *fieldErrors) between(field, key string, v, lo, hi int, why string) {
	if v < lo || v > hi {
		es.add(field, "%s must be %d to %d, got %d%s", key, lo, hi, v, why)
	}
}

// oneOf checks a word against the values a field takes, suggesting the
// right spelling of a near miss.
func (es *fieldErrors) oneOf(field, what, got string, known []string) bool {
	if msg, ok := oneOfMsg(what, got, known); !ok {
		es.add(field, "%s", msg)
		return false
	}
	return true
}

func oneOfMsg(what, got string, known []string) (string, bool) {
	if slices.Contains(known, got) {
		return "", true
	}
	if n, ok := notPlayed(what, got); ok {
		return fmt.Sprintf("Ordo does not play the %s %s yet: a profile that lists it is refused rather than played without it (docs/RULES.md, Not built yet)", what, n), false
	}
	if s, ok := closest(got, known); ok {
		return fmt.Sprintf("unknown %s %q: did you mean %q?", what, got, s), false
	}
	return fmt.Sprintf("unknown %s %q (known: %s)", what, got, strings.Join(known, ", ")), false
}

// twiceMsg is how every list of a catalog words a repeated element: what
// is the element (`weapon "gun"`), also the path of the earlier mention.
func twiceMsg(what, also string) string {
	return fmt.Sprintf("%s is listed twice (also %s)", what, also)
}

func (es *fieldErrors) id(id string) {
	if !validID(id) {
		es.add("id", "id %q must be 1 to %d lower-case letters, digits, '-', '_' or '.', starting with a letter or digit", id, maxID)
	}
}

func (es *fieldErrors) name(name string) {
	switch {
	case strings.TrimSpace(name) == "":
		es.add("name", "name is empty")
	case len(name) > maxName:
		es.add("name", "name is longer than %d bytes", maxName)
	case strings.ContainsFunc(name, func(c rune) bool { return !unicode.IsPrint(c) }):
		es.add("name", "name must be one line of printable text")
	}
}

// checkAmmo checks ammunition names against dice, each known and listed
// once, and returns them in the dice spelling ("em" → "E/M"). list is the
// path of the list, that the errors' fields start with.
func checkAmmo(list string, names []string) ([]string, []FieldError) {
	var es fieldErrors
	out := make([]string, len(names))
	seen := map[string]int{}
	for i, name := range names {
		p := yamlfile.IndexPath(list, i)
		a, err := dice.LookupAmmo(name)
		if err != nil {
			es.add(p, "unknown ammunition %q (known: %s)", name, strings.Join(dice.AmmoNames(), ", "))
			out[i] = name
			continue
		}
		if j, dup := seen[a.Name]; dup {
			es.add(p, "%s", twiceMsg("ammunition "+a.Name, yamlfile.IndexPath(list, j)))
		}
		seen[a.Name] = i
		out[i] = a.Name
	}
	return out, es
}

// Check reports every value of the weapon the rules cannot use: an id or
// name out of shape, an unknown attack, damage or save attribute, DAM,
// Burst or a band's MOD out of range, no or unknown ammunition, range
// bands that do not increase within MaxDistance, an unknown template, and
// range bands a weapon of its traits must have or cannot have. It is the
// one definition of a valid Weapon: the YAML reader reports its findings
// at their lines, a decoded game state at their paths.
func (w Weapon) Check() []FieldError {
	var es fieldErrors
	es.id(w.ID)
	es.name(w.Name)
	es.oneOf("attribute", "attack attribute", w.Attribute, attackAttributes)
	es.bands(w.Ranges)
	t := w.Traits
	templateOK := t.Template == NoTemplate || slices.Contains(Templates(), t.Template)
	if !templateOK {
		var known []string
		for _, k := range Templates() {
			known = append(known, string(k))
		}
		es.oneOf("traits.template", "template", string(t.Template), known)
	}
	switch {
	case !templateOK:
	case t.Template.Direct() && len(w.Ranges) > 0:
		es.add("ranges", "a Direct Template weapon has no range bands: its template is laid from the attacker's silhouette (Direct Template Weapons (N4))")
	case !t.Template.Direct() && !t.CC && !t.Deployable && len(w.Ranges) == 0:
		es.add("ranges", "ranges is required: only Direct Template, CC and deployable weapons have no range bands (BS Attack (N4))")
	case t.SuppressiveFire && len(w.Ranges) == 0:
		es.add("traits.suppressiveFire", "suppressive-fire needs range bands: Suppressive Fire is a BS Attack within 24\" (Suppressive Fire (N4))")
	}
	switch {
	case w.DamageAttribute == "" && w.SmokeOnly() && w.Damage == 0:
		// Smoke is Targetless: it has no Damage (Smoke Ammunition (N4)).
	case w.DamageAttribute == "":
		es.between("damage", "damage", w.Damage, 1, MaxDamage, "")
	case es.oneOf("damageAttribute", "damage attribute", w.DamageAttribute, damageAttributes):
		if w.Damage < -MaxDamageMod || w.Damage > MaxDamageMod {
			es.add("damage", "the modifier of %s must be %d to %+d, got %+d", w.DamageAttribute, -MaxDamageMod, MaxDamageMod, w.Damage)
		}
	}
	es.between("burst", "burst", w.Burst, 1, MaxBurst, "")
	if len(w.Ammo) == 0 {
		es.add("ammo", "ammo must list at least one ammunition")
	}
	_, ammo := checkAmmo("ammo", w.Ammo)
	es = append(es, ammo...)
	es.oneOf("save", "save attribute", w.Save, saveAttributes)
	return es
}

// bands checks the range row: every band within 0..MaxDistance, not empty,
// after the one before it, with a MOD within the cap. A band whose from or
// to is out of range (or not a number) is left out of the comparison of
// each band with the one before it.
func (es *fieldErrors) bands(bands []RangeBand) {
	prevTo, prevOK := 0.0, false
	for i, b := range bands {
		bp := yamlfile.IndexPath("ranges", i)
		if b.Mod < -MaxRangeMod || b.Mod > MaxRangeMod {
			es.add(bp+".mod", "mod must be %d to %+d (the MOD cap, Success Value and MODs (N4)), got %d", -MaxRangeMod, MaxRangeMod, b.Mod)
		}
		bandOK := true
		if !(b.From >= 0 && b.From < MaxDistance) { // NaN too
			es.add(bp+".from", "from must be 0 or more and below %d inches, got %v", MaxDistance, b.From)
			bandOK = false
		}
		if !(b.To > 0 && b.To <= MaxDistance) {
			es.add(bp+".to", "to must be above 0 and at most %d inches, got %v", MaxDistance, b.To)
			bandOK = false
		}
		if !bandOK {
			continue // the next band is compared with the last good one
		}
		if b.To <= b.From {
			es.add(bp+".to", "the band must end after it starts: from %v, to %v", b.From, b.To)
			continue
		}
		if prevOK && b.From < prevTo {
			es.add(bp+".from", "the band starts at %v, inside the band before it (which ends at %v): bands must increase and not overlap", b.From, prevTo)
		}
		prevTo, prevOK = b.To, true
	}
}

// aboveTwenty is the note on an attribute out of range.
const aboveTwenty = " (above 20 the die gets the excess, Success Value above 20 (N4))"

// Check reports every value of the profile the rules cannot use: an id or
// name out of shape, an unknown troop type, MOV, an attribute, ARM, BTS,
// W/STR, S or the cost out of range. It is the one definition of a valid
// Profile's values, for the YAML reader and decoded game states alike;
// what ties a profile to how its file is written (w or str for its type,
// hackable left out), its skills, equipment and weapon list are the
// reader's.
func (p Profile) Check() []FieldError {
	var es fieldErrors
	es.id(p.ID)
	es.name(p.Name)
	es.oneOf("type", "troop type", string(p.Type), typeNames())
	for i, v := range p.MOV {
		if v < 0 || v > MaxMOV {
			es.add("mov", "each MOV value must be 0 to %d inches, got %d-%d (value %d)", MaxMOV, p.MOV[0], p.MOV[1], i+1)
			break
		}
	}
	es.between("cc", "cc", p.CC, 0, MaxAttribute, aboveTwenty)
	es.between("bs", "bs", p.BS, 0, MaxAttribute, aboveTwenty)
	es.between("ph", "ph", p.PH, 0, MaxAttribute, aboveTwenty)
	es.between("wip", "wip", p.WIP, 0, MaxAttribute, aboveTwenty)
	es.between("arm", "arm", p.ARM, 0, MaxArmour, "")
	es.between("bts", "bts", p.BTS, 0, MaxArmour, "")
	wounds := "w"
	if p.STR {
		wounds = "str"
	}
	es.between("w", wounds, p.W, 1, MaxWounds, "")
	es.between("s", "s", p.S, 1, MaxSilhouette, " (the Silhouette, Silhouette (N4))")
	es.between("cost", "cost", p.Cost, 0, MaxCost, "")
	es.swc("swc", p.SWC)
	es.between("ava", "ava", p.AVA, 0, MaxAVA, " (0 or left out is Total, no limit)")
	if p.Unit != "" && !validID(p.Unit) {
		es.add("unit", "unit %q must be 1 to %d lower-case letters, digits, '-', '_' or '.', starting with a letter or digit", p.Unit, maxID)
	}
	for i, o := range p.Options {
		f := yamlfile.IndexPath("options", i)
		if !validID(o.ID) {
			es.add(f+".id", "option id %q must be 1 to %d lower-case letters, digits, '-', '_' or '.', starting with a letter or digit", o.ID, maxID)
		}
		for j := range i {
			if p.Options[j].ID == o.ID {
				es.add(f+".id", "option %q is listed twice (also %s)", o.ID, yamlfile.IndexPath("options", j))
				break
			}
		}
		if o.Name != "" && (len(o.Name) > maxName || strings.ContainsFunc(o.Name, func(c rune) bool { return !unicode.IsPrint(c) })) {
			es.add(f+".name", "name must be one line of at most %d bytes of printable text", maxName)
		}
		es.between(f+".cost", "cost", o.Cost, 0, MaxCost, "")
		es.swc(f+".swc", o.SWC)
	}
	return es
}

// swc checks a Support Weapon Cost: 0 to MaxSWC in steps of 0.5.
func (es *fieldErrors) swc(field string, v float64) {
	if math.IsNaN(v) || v < 0 || v > MaxSWC || v*2 != math.Trunc(v*2) {
		es.add(field, "swc must be 0 to %d in steps of 0.5, got %v", MaxSWC, v)
	}
}

func typeNames() []string {
	var out []string
	for _, t := range TroopTypes() {
		out = append(out, string(t))
	}
	return out
}
