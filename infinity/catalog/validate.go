package catalog

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// The sane ranges a catalog's values must fall in. They are wider than any
// published profile — the point is to catch typos (BS 120, S 0, a band to
// 960") and values the rules cannot use, not to police game design.
const (
	// MaxMOV bounds each MOV value, in inches (Move (N4); 0 is legal,
	// a trooper that does not move).
	MaxMOV = 12
	// MaxAttribute bounds CC, BS, PH and WIP (Unit Profile (N4)). Values above 20 are
	// legal: the die gets the excess (Success Value above 20 (N4)).
	MaxAttribute = 30
	// MaxArmour bounds ARM and BTS (Saving Rolls (N4)).
	MaxArmour = 15
	// MaxWounds bounds W and STR; the minimum is 1 (Wounds, Unconscious and Dead (N4): at 0 the
	// trooper is already Unconscious).
	MaxWounds = 10
	// MaxSilhouette is the largest Silhouette (Silhouette (N4)): the last row of
	// geom's Silhouette table. The smallest is 1.
	MaxSilhouette = geom.MaxSilhouette
	// MaxCost bounds a profile's points cost (Unit Profile (N4), 300 points a game).
	MaxCost = 999
	// MaxDistance is the far edge of the last N4 range band, 96" (BS Attack (N4));
	// no band may reach beyond it.
	MaxDistance = 96
	// MaxRangeMod bounds a band's MOD: the cap of a roll's total MODs (Success Value and MODs (N4)).
	MaxRangeMod = 12
	// MaxDamage bounds a fixed DAM (Saving Rolls (N4): a save fails on a die ≤ DAM −
	// ARM, so beyond 20 every save fails anyway); the minimum is 1.
	MaxDamage = 20
	// MaxDamageMod bounds the modifier of an attribute-based DAM (PH-1).
	MaxDamageMod = 10
	// MaxBurst bounds Burst (BS Attack (N4)); the minimum is 1.
	MaxBurst = 10
	// MaxSWC bounds a profile's or an option's SWC (Army list and Combat
	// Groups (N4): 6 SWC at 300 points, so no one trooper costs more).
	MaxSWC = 10
	// MaxAVA bounds a profile's AVA (Unit Profile (N4)); an army list
	// holds at most 15 troopers, so more is Total.
	MaxAVA = 15
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

// oneOf checks a word against the values a field takes, suggesting the
// right spelling of a near miss.
func (r *reader) oneOf(path, what, got string, known []string) bool {
	msg, ok := oneOfMsg(what, got, known)
	if !ok {
		r.errorf(path, "%s", msg)
	}
	return ok
}

// once reports at p an element of the list at list that repeats an earlier
// one, naming the last earlier mention, so that every list of a catalog
// words a repeat alike; what is the element as the message calls it
// (`weapon "gun"`). seen maps each key met so far in the list to its
// index; once records i as key's latest.
func (r *reader) once(seen map[string]int, list string, i int, key, p, what string) {
	if j, dup := seen[key]; dup {
		r.errorf(p, "%s", twiceMsg(what, yamlfile.IndexPath(list, j)))
	}
	seen[key] = i
}

// ammo checks ammunition names against dice and returns them in the dice
// spelling ("em" → "E/M").
func (r *reader) ammo(path string, names []string) []string {
	out, errs := checkAmmo(path, names)
	for _, fe := range errs {
		r.errorf(fe.Field, "%s", fe.Msg)
	}
	return out
}

// report records the findings of Weapon.Check or Profile.Check. where maps
// each finding's field to its path in the file, and says whether the
// reader reports it: a finding on a field the file lacks or wrote wrong is
// left out, as that field has its error already.
func (r *reader) report(errs []FieldError, where func(field string) (string, bool)) {
	for _, fe := range errs {
		if p, ok := where(fe.Field); ok {
			r.errorf(p, "%s", fe.Msg)
		}
	}
}

// splitField splits a field path of a FieldError into its first key and
// the rest: "ranges[2].mod" → "ranges", "[2].mod".
func splitField(f string) (key, rest string) {
	if i := strings.IndexAny(f, ".["); i >= 0 {
		return f[:i], f[i:]
	}
	return f, ""
}

// validateWeapon checks every field of a weapon, and the rules that tie
// them together, filling defaults for the fields that have one. The values
// are checked by Weapon.Check; the reader notes the fields missing, fills
// the defaults, reads the trait words and spells the ammunition as dice
// does.
func (r *reader) validateWeapon(e *weaponEntry) {
	if !e.shaped {
		return
	}
	w := &e.w
	r.required(e.entry, "id", "")
	r.required(e.entry, "name", "")
	if !e.present["attribute"] {
		w.Attribute = "BS"
	}

	traitsOK := e.ok["traits"] || !e.present["traits"]
	if e.ok["traits"] {
		traitsOK = r.traits(e)
	}
	if e.ok["ranges"] {
		for _, be := range e.bands {
			if !be.shaped {
				continue
			}
			for _, k := range bandKeys {
				r.required(be, k, "")
			}
			r.reportMissing(be)
		}
	}
	if !w.SmokeOnly() || e.present["damage"] {
		// Smoke, Targetless, has no Damage (Smoke Ammunition (N4)).
		r.required(e.entry, "damage", "a number, or PH, PH-1, WIP…")
	}
	switch {
	case e.present["burst"]:
		r.required(e.entry, "burst", "")
	case w.Traits.Template != NoTemplate:
		w.Burst = 1 // one template
	default:
		r.required(e.entry, "burst", "B, the number of dice; only template weapons may leave it out")
	}
	if r.required(e.entry, "ammo", "dice ammunition names, e.g. [N]") {
		w.Ammo = r.ammo(yamlfile.ChildPath(e.path, "ammo"), w.Ammo)
	}
	r.required(e.entry, "save", "ARM or BTS")

	// Check sees a band field the file lacks or wrote wrong as not a
	// number, so that the band is left out of the order of the bands.
	cw := *w
	cw.Ranges = slices.Clone(w.Ranges)
	for i := range cw.Ranges {
		be := e.bands[i]
		if !be.ok["from"] {
			cw.Ranges[i].From = math.NaN()
		}
		if !be.ok["to"] {
			cw.Ranges[i].To = math.NaN()
		}
	}
	rangesOK := e.ok["ranges"] || !e.present["ranges"]
	r.report(cw.Check(), func(f string) (string, bool) {
		key, rest := splitField(f)
		switch key {
		case "ammo":
			// r.ammo reported the names, naming each repeat's earlier
			// mention by its path in the file.
			return yamlfile.ChildPath(e.path, key), rest == "" && e.ok[key]
		case "damageAttribute": // written in damage: PH-1
			return yamlfile.ChildPath(e.path, "damage"), e.ok["damage"]
		case "traits":
			tp := yamlfile.ChildPath(e.path, "traits")
			if rest == ".suppressiveFire" {
				tp = yamlfile.IndexPath(tp, slices.Index(e.traits, "suppressive-fire"))
			}
			return tp, traitsOK && rangesOK
		case "ranges":
			if rest == "" { // the rules that tie the bands to the traits
				return yamlfile.ChildPath(e.path, key), traitsOK && rangesOK
			}
			var i int
			var k string
			if _, err := fmt.Sscanf(rest, "[%d].%s", &i, &k); err != nil || i < 0 || i >= len(e.bands) {
				return "", false
			}
			be := e.bands[i]
			return yamlfile.ChildPath(e.path, f), e.ok[key] && be.shaped && be.ok[k]
		}
		return yamlfile.ChildPath(e.path, f), e.ok[key]
	})
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
			r.errorf(p, "%s", twiceMsg("trait "+word, yamlfile.IndexPath(yamlfile.ChildPath(e.path, "traits"), j)))
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
		case "guided":
			t.Guided = true
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

// validateProfile checks every field of a profile and the rules that tie
// them to the troop type, filling the Hackable default. The values are
// checked by Profile.Check; the reader notes the fields missing and checks
// what depends on how the file writes them (w or str, hackable), the
// skills, equipment and the weapon list.
func (r *reader) validateProfile(e *profileEntry) {
	if !e.shaped {
		return
	}
	p := &e.p
	r.required(e.entry, "id", "")
	r.required(e.entry, "name", "")
	typeOK := r.required(e.entry, "type", "one of LI, MI, HI, TAG, REM, SK, WB, VH") && p.Type.Known()
	for _, k := range []string{"mov", "cc", "bs", "ph", "wip", "arm", "bts"} {
		hint := ""
		if k == "mov" {
			hint = "two values, as 4-4"
		}
		r.required(e.entry, k, hint)
	}
	r.wounds(e, typeOK)
	r.required(e.entry, "s", "")
	r.required(e.entry, "cost", "")
	for _, oe := range e.options {
		if oe.shaped {
			r.required(oe, "id", "")
			r.required(oe, "cost", "")
			r.reportMissing(oe)
		}
	}
	r.report(p.Check(), func(f string) (string, bool) {
		key, rest := splitField(f)
		if key == "options" {
			// options[i].k: reported when option i was read and its k
			// given and read; a missing one has its error above.
			var i int
			var k string
			if _, err := fmt.Sscanf(rest, "[%d].%s", &i, &k); err != nil || i < 0 || i >= len(e.options) {
				return "", false
			}
			oe := e.options[i]
			return yamlfile.ChildPath(e.path, f), e.ok[key] && oe.shaped && oe.ok[k]
		}
		if key == "w" { // written w, or str for TAG, REM and VH
			if e.present["w"] == e.present["str"] {
				return "", false // both or neither: r.wounds said so
			}
			if e.present["str"] {
				key = "str"
			}
			return yamlfile.ChildPath(e.path, key), e.ok[key]
		}
		return yamlfile.ChildPath(e.path, f), e.ok[key]
	})

	if typeOK {
		switch {
		case e.hackable == nil:
			p.Hackable = p.Type.Hackable()
		case !*e.hackable && p.Type.Hackable():
			r.errorf(yamlfile.ChildPath(e.path, "hackable"), "a %s profile is always Hackable (Troop Types (N4)); leave hackable out", p.Type)
		default:
			p.Hackable = *e.hackable
		}
	}

	r.checkPilot(e)
	if e.ok["skills"] {
		r.skills(e)
	}
	if e.ok["equipment"] {
		r.names(yamlfile.ChildPath(e.path, "equipment"), "equipment", p.Equipment, knownEquipment)
	}
	for i, o := range p.Options {
		oe := e.options[i]
		op := yamlfile.IndexPath(yamlfile.ChildPath(e.path, "options"), i)
		if oe.ok["equipment"] {
			r.names(yamlfile.ChildPath(op, "equipment"), "equipment", o.Equipment, knownEquipment)
		}
		if oe.ok["weapons"] {
			seen, wl := map[string]int{}, yamlfile.ChildPath(op, "weapons")
			for j, id := range o.Weapons {
				r.once(seen, wl, j, id, yamlfile.IndexPath(wl, j), "weapon "+strconv.Quote(id))
			}
		}
	}
	if e.ok["weapons"] {
		seen, wl := map[string]int{}, yamlfile.ChildPath(e.path, "weapons")
		for i, id := range p.Weapons {
			r.once(seen, wl, i, id, yamlfile.IndexPath(wl, i), "weapon "+strconv.Quote(id))
		}
	}
	r.reportMissing(e.entry)
}

// wounds checks that exactly one of w and str is given, the one the troop
// type counts (Wounds, Unconscious and Dead (N4)); Profile.Check checks its value.
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
	if !e.ok[key] || !typeOK {
		return
	}
	switch {
	case hasSTR && !p.Type.Structure():
		r.errorf(yamlfile.ChildPath(e.path, key), "a %s profile counts Wounds: write w, not str (only TAG, REM and VH have STR, Wounds, Unconscious and Dead (N4))", p.Type)
	case hasW && p.Type.Structure():
		r.errorf(yamlfile.ChildPath(e.path, key), "a %s profile counts Structure: write str, not w (Wounds, Unconscious and Dead (N4))", p.Type)
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
		spec := skillSpecs()[s.Name]
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
