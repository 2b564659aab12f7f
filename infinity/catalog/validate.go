package catalog

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/ordo-rules/ordo/dice"
)

// The sane ranges a catalog's values must fall in. They are wider than any
// published profile — the point is to catch typos (BS 120, S 0, a band to
// 960") and values the rules cannot use, not to police game design.
const (
	// MaxMOV bounds each MOV value, in inches (n4-core §5.1; 0 is legal,
	// a trooper that does not move).
	MaxMOV = 12
	// MaxAttribute bounds CC, BS, PH and WIP (§8.1). Values above 20 are
	// legal: the die gets the excess (§1.3).
	MaxAttribute = 30
	// MaxArmour bounds ARM and BTS (§2.1).
	MaxArmour = 15
	// MaxWounds bounds W and STR; the minimum is 1 (§2.3: at 0 the
	// trooper is already Unconscious).
	MaxWounds = 10
	// MaxSilhouette is the largest Silhouette (§6.2; geom.MaxSilhouette);
	// the smallest is 1.
	MaxSilhouette = 8
	// MaxCost bounds a profile's points cost (§8.1, 300 points a game).
	MaxCost = 999
	// MaxDistance is the far edge of the last N4 range band, 96" (§5.2);
	// no band may reach beyond it.
	MaxDistance = 96
	// MaxRangeMod bounds a band's MOD: the cap of a roll's total MODs (§1.1).
	MaxRangeMod = 12
	// MaxDamage bounds a fixed DAM (§2.1: a save fails on a die ≤ DAM −
	// ARM, so beyond 20 every save fails anyway); the minimum is 1.
	MaxDamage = 20
	// MaxDamageMod bounds the modifier of an attribute-based DAM (PH-1).
	MaxDamageMod = 10
	// MaxBurst bounds Burst (§5.2); the minimum is 1.
	MaxBurst = 10
	// maxID bounds the length of an id, maxName of a name.
	maxID, maxName = 64, 100
)

// saveAttributes and attackAttributes are the values of Weapon.Save and
// Weapon.Attribute; damageAttributes of Weapon.DamageAttribute.
var (
	saveAttributes   = []string{"ARM", "BTS"}
	attackAttributes = []string{"BS", "PH", "WIP"}
	damageAttributes = []string{"PH", "WIP"}
)

// validID reports whether s can be an id: lower-case letters, digits, '-',
// '_' and '.', starting with a letter or digit. Ids are written in scenario
// files and on the command line, so they avoid spaces and case questions.
func validID(s string) bool {
	if s == "" || len(s) > maxID {
		return false
	}
	for i, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case i > 0 && (c == '-' || c == '_' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// required reports whether a required field was given and read. A missing
// one is noted for reportMissing; one given but unreadable already has its
// error.
func (r *reader) required(e entry, key, hint string) bool {
	if e.present[key] {
		return e.ok[key]
	}
	if hint != "" {
		key += " (" + hint + ")"
	}
	*e.missing = append(*e.missing, key)
	return false
}

// reportMissing reports the required fields an entry lacks, in one error at
// the entry.
func (r *reader) reportMissing(e entry) {
	switch m := *e.missing; len(m) {
	case 0:
	case 1:
		r.errorf(e.path, "missing required field %s", m[0])
	default:
		r.errorf(e.path, "missing required fields: %s", strings.Join(m, ", "))
	}
}

// between checks that an integer field lies in [lo, hi].
func (r *reader) between(e entry, key string, v, lo, hi int, why string) {
	if !r.required(e, key, "") {
		return
	}
	if v < lo || v > hi {
		r.errorf(yamlfile.ChildPath(e.path, key), "%s must be %d to %d, got %d%s", key, lo, hi, v, why)
	}
}

func (r *reader) checkID(e entry, id string) {
	if !r.required(e, "id", "") {
		return
	}
	if !validID(id) {
		r.errorf(yamlfile.ChildPath(e.path, "id"), "id %q must be 1 to %d lower-case letters, digits, '-', '_' or '.', starting with a letter or digit", id, maxID)
	}
}

func (r *reader) checkName(e entry, name string) {
	if !r.required(e, "name", "") {
		return
	}
	switch {
	case strings.TrimSpace(name) == "":
		r.errorf(yamlfile.ChildPath(e.path, "name"), "name is empty")
	case len(name) > maxName:
		r.errorf(yamlfile.ChildPath(e.path, "name"), "name is longer than %d bytes", maxName)
	case strings.ContainsFunc(name, func(c rune) bool { return !unicode.IsPrint(c) }):
		r.errorf(yamlfile.ChildPath(e.path, "name"), "name must be one line of printable text")
	}
}

// oneOf checks a word against the values a field takes, suggesting the
// right spelling of a near miss.
func (r *reader) oneOf(path, what, got string, known []string) bool {
	if slices.Contains(known, got) {
		return true
	}
	if s, ok := closest(got, known); ok {
		r.errorf(path, "unknown %s %q: did you mean %q?", what, got, s)
	} else {
		r.errorf(path, "unknown %s %q (known: %s)", what, got, strings.Join(known, ", "))
	}
	return false
}

// once reports at p an element of the list at list that repeats an earlier
// one, naming the last earlier mention, so that every list of a catalog
// words a repeat alike; what is the element as the message calls it
// (`weapon "gun"`). seen maps each key met so far in the list to its
// index; once records i as key's latest.
func (r *reader) once(seen map[string]int, list string, i int, key, p, what string) {
	if j, dup := seen[key]; dup {
		r.errorf(p, "%s is listed twice (also %s)", what, yamlfile.IndexPath(list, j))
	}
	seen[key] = i
}

// ammo checks ammunition names against dice and returns them in the dice
// spelling ("em" → "E/M").
func (r *reader) ammo(path string, names []string) []string {
	out := make([]string, len(names))
	seen := map[string]int{}
	for i, name := range names {
		p := yamlfile.IndexPath(path, i)
		a, err := dice.LookupAmmo(name)
		if err != nil {
			r.errorf(p, "unknown ammunition %q (known: %s)", name, strings.Join(dice.AmmoNames(), ", "))
			out[i] = name
			continue
		}
		r.once(seen, path, i, a.Name, p, "ammunition "+a.Name)
		out[i] = a.Name
	}
	return out
}

// validateWeapon checks every field of a weapon, and the rules that tie
// them together, filling defaults for the fields that have one.
func (r *reader) validateWeapon(e *weaponEntry) {
	if !e.shaped {
		return
	}
	w := &e.w
	r.checkID(e.entry, w.ID)
	r.checkName(e.entry, w.Name)

	if !e.present["attribute"] {
		w.Attribute = "BS"
	} else if e.ok["attribute"] {
		r.oneOf(yamlfile.ChildPath(e.path, "attribute"), "attack attribute", w.Attribute, attackAttributes)
	}

	traitsOK := e.ok["traits"] || !e.present["traits"]
	if e.ok["traits"] {
		traitsOK = r.traits(e)
	}

	if e.ok["ranges"] {
		r.bands(e)
	}
	if traitsOK && (e.ok["ranges"] || !e.present["ranges"]) {
		t := w.Traits
		rp := yamlfile.ChildPath(e.path, "ranges")
		switch {
		case t.Template.Direct() && len(w.Ranges) > 0:
			r.errorf(rp, "a Direct Template weapon has no range bands: its template is laid from the attacker's silhouette (n4-core §6.5)")
		case !t.Template.Direct() && !t.CC && !t.Deployable && len(w.Ranges) == 0:
			r.errorf(rp, "ranges is required: only Direct Template, CC and deployable weapons have no range bands (n4-core §5.2)")
		case t.SuppressiveFire && len(w.Ranges) == 0:
			r.errorf(yamlfile.IndexPath(yamlfile.ChildPath(e.path, "traits"), slices.Index(e.traits, "suppressive-fire")), "suppressive-fire needs range bands: Suppressive Fire is a BS Attack within 24\" (n4-core §7.15)")
		}
	}

	if r.required(e.entry, "damage", "a number, or PH, PH-1, WIP…") {
		dp := yamlfile.ChildPath(e.path, "damage")
		switch {
		case w.DamageAttribute == "":
			if w.Damage < 1 || w.Damage > MaxDamage {
				r.errorf(dp, "damage must be 1 to %d, got %d", MaxDamage, w.Damage)
			}
		case r.oneOf(dp, "damage attribute", w.DamageAttribute, damageAttributes):
			if w.Damage < -MaxDamageMod || w.Damage > MaxDamageMod {
				r.errorf(dp, "the modifier of %s must be %d to %+d, got %+d", w.DamageAttribute, -MaxDamageMod, MaxDamageMod, w.Damage)
			}
		}
	}

	switch {
	case e.present["burst"]:
		r.between(e.entry, "burst", w.Burst, 1, MaxBurst, "")
	case w.Traits.Template != NoTemplate:
		w.Burst = 1 // one template
	default:
		r.required(e.entry, "burst", "B, the number of dice; only template weapons may leave it out")
	}

	if r.required(e.entry, "ammo", "dice ammunition names, e.g. [N]") {
		if len(w.Ammo) == 0 {
			r.errorf(yamlfile.ChildPath(e.path, "ammo"), "ammo must list at least one ammunition")
		}
		w.Ammo = r.ammo(yamlfile.ChildPath(e.path, "ammo"), w.Ammo)
	}
	if r.required(e.entry, "save", "ARM or BTS") {
		r.oneOf(yamlfile.ChildPath(e.path, "save"), "save attribute", w.Save, saveAttributes)
	}
	r.reportMissing(e.entry)
}

// traits reads the trait words into w.Traits; false if any is wrong, so
// that the checks that depend on traits stay quiet.
func (r *reader) traits(e *weaponEntry) bool {
	known := slices.Clone(traitNames)
	for _, t := range Templates() {
		known = append(known, string(t))
	}
	t := &e.w.Traits
	good := true
	seen := map[string]int{}
	for i, word := range e.traits {
		p := yamlfile.IndexPath(yamlfile.ChildPath(e.path, "traits"), i)
		if !r.oneOf(p, "trait", word, known) {
			good = false
			continue
		}
		// Not r.once: a repeated trait is skipped unrecorded, so each repeat
		// names the first mention, where once names the last.
		if j, dup := seen[word]; dup {
			r.errorf(p, "trait %s is listed twice (also %s)", word, yamlfile.IndexPath(yamlfile.ChildPath(e.path, "traits"), j))
			continue
		}
		seen[word] = i
		switch word {
		case "suppressive-fire":
			t.SuppressiveFire = true
		case "deployable":
			t.Deployable = true
		case "cc":
			t.CC = true
		case "continuous":
			t.Continuous = true
		case "non-lethal":
			t.NonLethal = true
		case "targets":
			t.Targets = true
		default:
			if t.Template != NoTemplate {
				r.errorf(p, "a weapon has at most one template; it already has %s", t.Template)
				good = false
				continue
			}
			t.Template = Template(word)
		}
	}
	return good
}

// bands checks the range row: every band complete, within 0..MaxDistance,
// not empty, after the one before it, with a MOD within the cap.
func (r *reader) bands(e *weaponEntry) {
	prevTo, prevOK := 0.0, false
	for i, b := range e.w.Ranges {
		be := e.bands[i]
		bp := yamlfile.IndexPath(yamlfile.ChildPath(e.path, "ranges"), i)
		if !be.shaped {
			continue
		}
		for _, k := range bandKeys {
			r.required(be, k, "")
		}
		r.reportMissing(be)
		if be.ok["mod"] && (b.Mod < -MaxRangeMod || b.Mod > MaxRangeMod) {
			r.errorf(yamlfile.ChildPath(bp, "mod"), "mod must be %d to %+d (the MOD cap, n4-core §1.1), got %d", -MaxRangeMod, MaxRangeMod, b.Mod)
		}
		// The order of the bands is checked on from and to alone.
		bandOK := be.ok["from"] && be.ok["to"]
		if be.ok["from"] && (b.From < 0 || b.From >= MaxDistance) {
			r.errorf(yamlfile.ChildPath(bp, "from"), "from must be 0 or more and below %d inches, got %v", MaxDistance, b.From)
			bandOK = false
		}
		if be.ok["to"] && (b.To <= 0 || b.To > MaxDistance) {
			r.errorf(yamlfile.ChildPath(bp, "to"), "to must be above 0 and at most %d inches, got %v", MaxDistance, b.To)
			bandOK = false
		}
		if !bandOK {
			continue // the next band is compared with the last good one
		}
		if b.To <= b.From {
			r.errorf(yamlfile.ChildPath(bp, "to"), "the band must end after it starts: from %v, to %v", b.From, b.To)
			continue
		}
		if prevOK && b.From < prevTo {
			r.errorf(yamlfile.ChildPath(bp, "from"), "the band starts at %v, inside the band before it (which ends at %v): bands must increase and not overlap", b.From, prevTo)
		}
		prevTo, prevOK = b.To, true
	}
}

// validateProfile checks every field of a profile and the rules that tie
// them to the troop type, filling the Hackable default.
func (r *reader) validateProfile(e *profileEntry) {
	if !e.shaped {
		return
	}
	p := &e.p
	r.checkID(e.entry, p.ID)
	r.checkName(e.entry, p.Name)

	typeOK := false
	if r.required(e.entry, "type", "one of LI, MI, HI, TAG, REM, SK, WB, VH") {
		typeOK = r.oneOf(yamlfile.ChildPath(e.path, "type"), "troop type", string(p.Type), typeNames())
	}

	if r.required(e.entry, "mov", "two values, as 4-4") {
		for i, v := range p.MOV {
			if v < 0 || v > MaxMOV {
				r.errorf(yamlfile.ChildPath(e.path, "mov"), "each MOV value must be 0 to %d inches, got %d-%d (value %d)", MaxMOV, p.MOV[0], p.MOV[1], i+1)
				break
			}
		}
	}
	const aboveTwenty = " (above 20 the die gets the excess, n4-core §1.3)"
	r.between(e.entry, "cc", p.CC, 0, MaxAttribute, aboveTwenty)
	r.between(e.entry, "bs", p.BS, 0, MaxAttribute, aboveTwenty)
	r.between(e.entry, "ph", p.PH, 0, MaxAttribute, aboveTwenty)
	r.between(e.entry, "wip", p.WIP, 0, MaxAttribute, aboveTwenty)
	r.between(e.entry, "arm", p.ARM, 0, MaxArmour, "")
	r.between(e.entry, "bts", p.BTS, 0, MaxArmour, "")
	r.wounds(e, typeOK)
	r.between(e.entry, "s", p.S, 1, MaxSilhouette, " (the Silhouette, n4-core §6.2)")
	r.between(e.entry, "cost", p.Cost, 0, MaxCost, "")

	if typeOK {
		switch {
		case e.hackable == nil:
			p.Hackable = p.Type.Hackable()
		case !*e.hackable && p.Type.Hackable():
			r.errorf(yamlfile.ChildPath(e.path, "hackable"), "a %s profile is always Hackable (n4-core §8.2); leave hackable out", p.Type)
		default:
			p.Hackable = *e.hackable
		}
	}

	if e.ok["skills"] {
		r.skills(e)
	}
	if e.ok["equipment"] {
		r.names(yamlfile.ChildPath(e.path, "equipment"), "equipment", p.Equipment, knownEquipment)
	}
	if e.ok["weapons"] {
		seen, wl := map[string]int{}, yamlfile.ChildPath(e.path, "weapons")
		for i, id := range p.Weapons {
			r.once(seen, wl, i, id, yamlfile.IndexPath(wl, i), "weapon "+strconv.Quote(id))
		}
	}
	r.reportMissing(e.entry)
}

func typeNames() []string {
	var out []string
	for _, t := range TroopTypes() {
		out = append(out, string(t))
	}
	return out
}

// wounds checks that exactly one of w and str is given, the one the troop
// type counts (n4-core §2.3), and its value.
func (r *reader) wounds(e *profileEntry, typeOK bool) {
	p := &e.p
	hasW, hasSTR := e.present["w"], e.present["str"]
	switch {
	case hasW && hasSTR:
		r.errorf(yamlfile.ChildPath(e.path, "str"), "give either w or str, not both (str is the Structure of TAG, REM and VH)")
		return
	case !hasW && !hasSTR:
		*e.missing = append(*e.missing, "w (str for TAG, REM and VH)")
		return
	}
	key := "w"
	if hasSTR {
		key = "str"
	}
	if !e.ok[key] {
		return
	}
	if typeOK {
		switch {
		case hasSTR && !p.Type.Structure():
			r.errorf(yamlfile.ChildPath(e.path, key), "a %s profile counts Wounds: write w, not str (only TAG, REM and VH have STR, n4-core §2.3)", p.Type)
		case hasW && p.Type.Structure():
			r.errorf(yamlfile.ChildPath(e.path, key), "a %s profile counts Structure: write str, not w (n4-core §2.3)", p.Type)
		}
	}
	if p.W < 1 || p.W > MaxWounds {
		r.errorf(yamlfile.ChildPath(e.path, key), "%s must be 1 to %d, got %d", key, MaxWounds, p.W)
	}
}

// skills checks each skill against KnownSkills and its level and
// parameters against what the skill takes.
func (r *reader) skills(e *profileEntry) {
	seen := map[string]int{}
	for i := range e.p.Skills {
		s := &e.p.Skills[i]
		se := e.skills[i]
		sp := yamlfile.IndexPath(yamlfile.ChildPath(e.path, "skills"), i)
		if !se.shaped {
			continue
		}
		if !r.required(se, "name", "") {
			r.reportMissing(se)
			continue
		}
		np := yamlfile.ChildPath(sp, "name")
		if _, isMap := r.at[np]; !isMap {
			np = sp // written as a bare name
		}
		if !r.oneOf(np, "skill", s.Name, KnownSkills()) {
			continue
		}
		r.once(seen, yamlfile.ChildPath(e.path, "skills"), i, s.Name, np, "skill "+s.Name)
		spec := skillSpecs[s.Name]
		lp := yamlfile.ChildPath(sp, "level")
		switch {
		case se.present["level"] && spec.levels == nil:
			r.errorf(lp, "%s has no level", s.Name)
		case se.ok["level"] && !slices.Contains(spec.levels, s.Level):
			r.errorf(lp, "the level of %s must be one of %s, got %d", s.Name, intList(spec.levels), s.Level)
		case !se.present["level"] && spec.levelRequired:
			r.errorf(lp, "%s needs a level, one of %s: write {name: %s, level: %d}", s.Name, intList(spec.levels), s.Name, spec.levels[0])
		}
		pp := yamlfile.ChildPath(sp, "params")
		switch {
		case spec.params == "" && se.present["params"]:
			r.errorf(pp, "%s takes no params", s.Name)
		case spec.params == "ammo" && !se.present["params"]:
			r.errorf(pp, "%s needs params: the ammunition it covers, e.g. [Shock]", s.Name)
		case spec.params == "ammo" && se.ok["params"]:
			if len(s.Params) == 0 {
				r.errorf(pp, "%s needs at least one ammunition", s.Name)
			}
			s.Params = r.ammo(pp, s.Params)
		}
	}
}

// names checks a list of names against the known ones, without repeats.
func (r *reader) names(path, what string, got, known []string) {
	seen := map[string]int{}
	for i, name := range got {
		p := yamlfile.IndexPath(path, i)
		if !r.oneOf(p, what, name, known) {
			continue
		}
		r.once(seen, path, i, name, p, what+" "+strconv.Quote(name))
	}
}

func intList(vs []int) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, ", ")
}
