package army

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/ordo-rules/ordo/infinity/catalog"
)

// Imported is a list made from an army code and the user's unit data.
type Imported struct {
	// List is the list; its catalogs field names CatalogFile.
	List *List
	// Code is the decoded code.
	Code *Code
	// Profiles are the profiles the list's troopers take, one per unit,
	// profile group and option of the code; CatalogYAML is the catalog
	// file that holds them.
	Profiles    []catalog.Profile
	CatalogYAML []byte
	// Catalog is the base catalog with the imported profiles.
	Catalog *catalog.Catalog
	// Unplayed lists, one line each, what the unit data gives a trooper
	// that the engine does not play and the import left out: skills,
	// equipment, weapons, characteristics, reinforcement groups.
	Unplayed []string
}

// ImportError lists every id of a code the unit data does not resolve, or
// every profile it cannot make: nothing is imported.
type ImportError struct {
	Problems []string
}

func (e *ImportError) Error() string {
	return "army import: " + strings.Join(e.Problems, "; ")
}

// Import decodes an army builder code and resolves its ids against the
// unit data the user supplies (units, read from unitFile), making one
// profile per unit, profile group and option the code names, a list of
// troopers taking them, and the catalog file (named catalogFile in the
// list) that holds the profiles, over base (nil: the shipped catalog),
// whose weapons the profiles carry.
//
// The code and the unit file are bounded before they are decoded
// (DecodeCode, MaxUnitFileSize). An id the unit data lacks is an
// ImportError naming it; a skill, piece of equipment, weapon or
// characteristic the engine does not play is left out and named in
// Unplayed. The list is not checked against the Army List rules: Check
// it.
func Import(code, unitFile string, units []byte, base *catalog.Catalog, catalogFile string) (*Imported, error) {
	c, err := DecodeCode(code)
	if err != nil {
		return nil, err
	}
	u, err := decodeUnits(unitFile, units)
	if err != nil {
		return nil, err
	}
	if base == nil {
		if base, err = catalog.Default(); err != nil {
			return nil, err
		}
	}
	im := &importer{units: u, file: unitFile, base: base, made: map[Member]int{}, weapons: map[string]string{}}
	for _, w := range base.Weapons() {
		im.weapons[w.Name], im.weapons[w.ID] = w.ID, w.ID
		im.weaponNames = append(im.weaponNames, w.Name, w.ID)
	}
	out := &Imported{Code: c, List: &List{Name: clip(c.Name), Faction: clip(c.FactionName), Points: c.Points, SWC: float64(c.Points) / 50, Catalogs: []string{catalogFile}}}
	if out.List.Name == "" {
		out.List.Name = firstOf(out.List.Faction, "Imported list")
	}
	for _, g := range c.Groups {
		if g.Reinforcement {
			im.unplayed = append(im.unplayed, fmt.Sprintf("combat group %d is a reinforcement group, which Ordo does not play: its %d troopers are left out", g.Number, len(g.Members)))
			continue
		}
		var grp Group
		for i, m := range g.Members {
			t, ok := im.trooper(m, fmt.Sprintf("combat group %d, trooper %d", g.Number, i+1))
			if ok {
				grp.Troopers = append(grp.Troopers, t)
			}
		}
		out.List.Groups = append(out.List.Groups, grp)
	}
	if len(im.problems) > 0 {
		return nil, &ImportError{im.problems}
	}
	out.Profiles, out.Unplayed = im.profiles, im.unplayed
	out.CatalogYAML = catalogYAML(im.profiles, im.notes)
	cat, err := catalog.Build(base, catalog.Source{File: catalogFile, Data: out.CatalogYAML})
	if err != nil {
		return nil, &ImportError{[]string{"the imported profiles do not make a valid catalog: " + err.Error()}}
	}
	out.Catalog = cat
	return out, nil
}

// importer resolves a code's members.
type importer struct {
	units   *unitFile
	file    string
	base    *catalog.Catalog
	made    map[Member]int    // the profile made for each member, by index
	weapons map[string]string // weapon name or id → catalog id
	// weaponNames are the keys of weapons, for catalog.Closest.
	weaponNames []string
	profiles    []catalog.Profile
	notes       [][]string // per profile, what was left out
	problems    []string
	unplayed    []string
}

// trooper makes the list's trooper for member m (where says where it is in
// the code), making its profile the first time.
func (im *importer) trooper(m Member, where string) (Trooper, bool) {
	unit := findID(im.units.Units, m.Unit, func(u unitJSON) int { return u.ID })
	if unit == nil {
		im.problems = append(im.problems, fmt.Sprintf("%s: unit id %d is not in %s", where, m.Unit, im.file))
		return Trooper{}, false
	}
	name := firstOf(unit.ISC, unit.Name)
	grp := findID(unit.ProfileGroups, m.Group, func(g groupJSON) int { return g.ID })
	if grp == nil || len(grp.Profiles) == 0 {
		im.problems = append(im.problems, fmt.Sprintf("%s: %s (unit %d) has no profile group %d in %s", where, name, m.Unit, m.Group, im.file))
		return Trooper{}, false
	}
	opt := findID(grp.Options, m.Option, func(o optionJSON) int { return o.ID })
	if opt == nil {
		im.problems = append(im.problems, fmt.Sprintf("%s: %s (unit %d, profile group %d) has no option %d in %s", where, name, m.Unit, m.Group, m.Option, im.file))
		return Trooper{}, false
	}
	lt := slices.ContainsFunc(opt.Orders, func(o struct {
		Type string `json:"type"`
	}) bool {
		return strings.EqualFold(o.Type, "LIEUTENANT")
	})
	if i, ok := im.made[m]; ok {
		return Trooper{Profile: im.profiles[i].ID, Lieutenant: lt || im.profiles[i].HasSkill("Lieutenant")}, true
	}
	p, notes, ok := im.profile(unit, grp, opt, where)
	if !ok {
		return Trooper{}, false
	}
	im.made[m] = len(im.profiles)
	im.profiles = append(im.profiles, p)
	im.notes = append(im.notes, notes)
	for _, n := range notes {
		im.unplayed = append(im.unplayed, p.Name+" ("+p.ID+"): "+n)
	}
	return Trooper{Profile: p.ID, Lieutenant: lt || p.HasSkill("Lieutenant")}, true
}

// profile makes the catalog profile of a unit's profile group and option.
func (im *importer) profile(unit *unitJSON, grp *groupJSON, opt *optionJSON, where string) (catalog.Profile, []string, bool) {
	pj := grp.Profiles[0]
	f := &im.units.Filters
	var notes []string
	if len(grp.Profiles) > 1 {
		notes = append(notes, fmt.Sprintf("profile group %d has %d profiles; only the first, %s, is imported", grp.ID, len(grp.Profiles), pj.Name))
	}
	for _, in := range opt.Includes {
		notes = append(notes, fmt.Sprintf("the trooper its option %d brings along (profile group %d, option %d, %d of them): an included trooper is not imported", opt.ID, in.Group, in.Option, max(in.Q, 1)))
	}
	p := catalog.Profile{
		ID:   profileID(unit, grp.ID, opt.ID),
		Unit: unitID(unit, grp.ID),
		Name: displayName(firstOf(pj.Name, unit.Name, unit.ISC)),
		CC:   pj.CC, BS: pj.BS, PH: pj.PH, WIP: pj.WIP, ARM: pj.ARM, BTS: pj.BTS,
		W: pj.W, STR: pj.Str, S: pj.S, Cost: opt.Points,
	}
	if len(pj.Move) == 2 {
		p.MOV = [2]int{inches(pj.Move[0]), inches(pj.Move[1])}
	} else {
		im.problems = append(im.problems, fmt.Sprintf("%s: %s has %d movement values, not 2", where, p.Name, len(pj.Move)))
	}
	if 0 < pj.AVA && pj.AVA <= catalog.MaxAVA {
		p.AVA = pj.AVA // larger is the builder's Total
	}
	swc, err := strconv.ParseFloat(firstOf(opt.SWC, "0"), 64)
	if err != nil || math.IsNaN(swc) || swc < 0 || swc > catalog.MaxSWC {
		im.problems = append(im.problems, fmt.Sprintf("%s: %s's option %d has SWC %q, not a number from 0 to %d", where, p.Name, opt.ID, opt.SWC, catalog.MaxSWC))
		return p, nil, false
	}
	p.SWC = swc
	typeName, _ := nameOf(f.Type, pj.Type)
	p.Type = catalog.TroopType(strings.ToUpper(strings.TrimSpace(typeName)))
	if !p.Type.Known() {
		im.problems = append(im.problems, fmt.Sprintf("%s: %s has troop type %d (%q), which Ordo does not know", where, p.Name, pj.Type, typeName))
		return p, nil, false
	}
	for _, id := range slices.Concat(pj.Chars, opt.Chars) {
		name, known := nameOf(f.Chars, id)
		key, _ := catalog.Closest(name, []string{"Regular", "Irregular", "Hackable"})
		switch {
		case !known:
			notes = append(notes, fmt.Sprintf("characteristic id %d, which the unit file's filters do not name", id))
		case key == "Regular":
		case key == "Irregular":
			p.Irregular = true
		case key == "Hackable":
			p.Hackable = !p.Type.Hackable()
		default:
			if s, ok := knownSkill(name); ok && !p.HasSkill(s) {
				p.Skills = append(p.Skills, catalog.Skill{Name: s})
				continue
			}
			notes = append(notes, fmt.Sprintf("characteristic %q", name))
		}
	}
	for _, it := range slices.Concat(pj.Skills, opt.Skills) {
		s, note := im.skill(it)
		switch {
		case note != "":
			notes = append(notes, note)
		case !p.HasSkill(s.Name):
			p.Skills = append(p.Skills, s)
		}
	}
	for _, it := range slices.Concat(pj.Equip, opt.Equip) {
		name, known := nameOf(f.Equip, it.ID)
		e, ok := catalog.Closest(name, catalog.KnownEquipment())
		switch {
		case !known:
			notes = append(notes, fmt.Sprintf("equipment id %d, which the unit file's filters do not name", it.ID))
		case !ok:
			notes = append(notes, fmt.Sprintf("equipment %q", name))
		case !p.HasEquipment(e):
			p.Equipment = append(p.Equipment, e)
		}
	}
	for _, it := range slices.Concat(pj.Weapons, opt.Weapons) {
		name, known := nameOf(f.Weapons, it.ID)
		match, ok := catalog.Closest(name, im.weaponNames)
		id := im.weapons[match]
		switch {
		case !known:
			notes = append(notes, fmt.Sprintf("weapon id %d, which the unit file's filters do not name", it.ID))
		case !ok:
			notes = append(notes, fmt.Sprintf("weapon %q (no loaded catalog has it)", name))
		case !slices.Contains(p.Weapons, id):
			p.Weapons = append(p.Weapons, id)
		}
	}
	return p, notes, true
}

// skill resolves one skill of the unit data, or says why it is left out.
// A level comes from the name ("Martial Arts L2") or an extra ("-3").
func (im *importer) skill(it itemJSON) (catalog.Skill, string) {
	f := &im.units.Filters
	raw, known := nameOf(f.Skills, it.ID)
	if !known {
		return catalog.Skill{}, fmt.Sprintf("skill id %d, which the unit file's filters do not name", it.ID)
	}
	name, level := raw, 0
	if i := strings.LastIndex(raw, " L"); i > 0 {
		if n, err := strconv.Atoi(raw[i+2:]); err == nil {
			name, level = raw[:i], n
		}
	}
	var extras []string
	for _, x := range it.Extra {
		e, _ := nameOf(f.Extras, x)
		extras = append(extras, firstOf(e, strconv.Itoa(x)))
		if n, err := strconv.Atoi(strings.Trim(e, "() ")); err == nil && level == 0 {
			level = n
		}
	}
	shown := raw
	if len(extras) > 0 {
		shown += " (" + strings.Join(extras, ", ") + ")"
	}
	s, ok := knownSkill(name)
	if !ok {
		return catalog.Skill{}, fmt.Sprintf("skill %q", shown)
	}
	levels, required, params := catalog.SkillTakes(s)
	switch {
	case params:
		return catalog.Skill{}, fmt.Sprintf("skill %q (its parameters are not imported)", shown)
	case levels == nil:
		level = 0
	case !slices.Contains(levels, level) && (required || level != 0):
		return catalog.Skill{}, fmt.Sprintf("skill %q (Ordo plays %s at levels %v)", shown, s, levels)
	}
	return catalog.Skill{Name: s, Level: level}, ""
}

// knownSkill is the catalog's spelling of a skill name, if it knows it.
func knownSkill(name string) (string, bool) { return catalog.Closest(name, catalog.KnownSkills()) }

// nameOf is the name the filters give id.
func nameOf(list []namedJSON, id int) (string, bool) {
	for _, n := range list {
		if n.ID == id {
			return n.Name, true
		}
	}
	return "", false
}

// findID is the element of list whose id is id, or nil.
func findID[T any](list []T, id int, idOf func(T) int) *T {
	for i := range list {
		if idOf(list[i]) == id {
			return &list[i]
		}
	}
	return nil
}

func firstOf(s ...string) string {
	for _, x := range s {
		if strings.TrimSpace(x) != "" {
			return strings.TrimSpace(x)
		}
	}
	return ""
}

// inches converts the unit data's centimetres: 5 cm to 2".
func inches(cm int) int { return int(math.Round(float64(cm) / 2.5)) }

// profileID is the catalog id of a unit's profile group and option:
// "senku-troops-1-8".
func profileID(unit *unitJSON, group, option int) string {
	return fmt.Sprintf("%s-%d", unitID(unit, group), option)
}

// unitID is the catalog unit of a unit's profile group ("senku-troops-1"),
// which its options' profiles share, so that they count together toward
// its AVA (Unit Profile (N4)).
func unitID(unit *unitJSON, group int) string {
	base := slug(firstOf(unit.Slug, unit.Name, unit.ISC))
	if len(base) > 40 {
		base = strings.TrimRight(base[:40], "-")
	}
	return fmt.Sprintf("%s-%d", base, group)
}

// clip keeps text from a code within a list's bounds: one line of at most
// MaxString bytes.
func clip(s string) string {
	s = oneLine(s)
	for len(s) > MaxString {
		_, n := lastRune(s)
		s = s[:len(s)-n]
	}
	return strings.TrimSpace(s)
}

// displayName keeps a name the catalog takes: one line, at most 100 bytes.
func displayName(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return ' '
	}, s)
	for len(s) > 100 {
		_, n := lastRune(s)
		s = s[:len(s)-n]
	}
	if strings.TrimSpace(s) == "" {
		return "Trooper"
	}
	return s
}

func lastRune(s string) (rune, int) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] < 0x80 || s[i] >= 0xC0 {
			return rune(s[i]), len(s) - i
		}
	}
	return 0, 1
}

// catalogYAML writes the imported profiles as a catalog file, each with
// what was left out of it as comments.
func catalogYAML(ps []catalog.Profile, notes [][]string) []byte {
	var b strings.Builder
	b.WriteString("# Profiles imported by ordo army import from an Infinity Army code and the\n")
	b.WriteString("# user's unit data (Ordo ships none). Edit freely: every key is checked at\n")
	b.WriteString("# load, as for data/catalog/profiles.yaml.\n\nprofiles:\n")
	for i, p := range ps {
		for _, n := range notes[i] {
			fmt.Fprintf(&b, "  # not played by Ordo, left out: %s\n", oneLine(n))
		}
		fmt.Fprintf(&b, "  - id: %s\n    name: %s\n    type: %s\n", p.ID, strconv.Quote(p.Name), p.Type)
		if p.Unit != "" {
			fmt.Fprintf(&b, "    unit: %s\n", p.Unit)
		}
		if p.Irregular {
			b.WriteString("    irregular: true\n")
		}
		if p.Hackable {
			b.WriteString("    hackable: true\n")
		}
		wounds := "w"
		if p.STR {
			wounds = "str"
		}
		fmt.Fprintf(&b, "    mov: %d-%d\n    cc: %d\n    bs: %d\n    ph: %d\n    wip: %d\n    arm: %d\n    bts: %d\n    %s: %d\n    s: %d\n    cost: %d\n",
			p.MOV[0], p.MOV[1], p.CC, p.BS, p.PH, p.WIP, p.ARM, p.BTS, wounds, p.W, p.S, p.Cost)
		if p.SWC != 0 {
			fmt.Fprintf(&b, "    swc: %s\n", num(p.SWC))
		}
		if p.AVA != 0 {
			fmt.Fprintf(&b, "    ava: %d\n", p.AVA)
		}
		if len(p.Skills) > 0 {
			b.WriteString("    skills:\n")
			for _, s := range p.Skills {
				if s.Level != 0 {
					fmt.Fprintf(&b, "      - {name: %s, level: %d}\n", strconv.Quote(s.Name), s.Level)
				} else {
					fmt.Fprintf(&b, "      - %s\n", strconv.Quote(s.Name))
				}
			}
		}
		writeList(&b, "equipment", p.Equipment, true)
		writeList(&b, "weapons", p.Weapons, false)
	}
	return []byte(b.String())
}

func writeList(b *strings.Builder, key string, items []string, quote bool) {
	if len(items) == 0 {
		return
	}
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = s
		if quote {
			out[i] = strconv.Quote(s)
		}
	}
	fmt.Fprintf(b, "    %s: [%s]\n", key, strings.Join(out, ", "))
}

// oneLine keeps text from the unit file on one comment line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return ' '
	}, s)
}

// YAML writes the list as a list file (docs/ARMIES.md).
func (l *List) YAML() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", strconv.Quote(l.Name))
	if l.Faction != "" {
		fmt.Fprintf(&b, "faction: %s\n", strconv.Quote(l.Faction))
	}
	fmt.Fprintf(&b, "points: %d\nswc: %s\n", l.Points, num(l.SWC))
	if len(l.Catalogs) > 0 {
		quoted := make([]string, len(l.Catalogs))
		for i, c := range l.Catalogs {
			quoted[i] = strconv.Quote(c)
		}
		fmt.Fprintf(&b, "catalogs: [%s]\n", strings.Join(quoted, ", "))
	}
	b.WriteString("combat-groups:\n")
	for _, g := range l.Groups {
		b.WriteString("  - troopers:\n")
		for _, t := range g.Troopers {
			fmt.Fprintf(&b, "      - {profile: %s", t.Profile)
			if t.Option != "" {
				fmt.Fprintf(&b, ", option: %s", t.Option)
			}
			if t.Lieutenant {
				b.WriteString(", lieutenant: true")
			}
			if len(t.Deployment) > 0 {
				fmt.Fprintf(&b, ", deployment: [%s]", strings.Join(t.Deployment, ", "))
			}
			b.WriteString("}\n")
		}
	}
	return []byte(b.String())
}
