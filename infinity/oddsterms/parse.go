package oddsterms

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/odds"
)

// ParseSide reads one side of a roll from the words a player uses at the
// table (see the package documentation for the grammar). Every mistake is
// reported as an *Error naming the word and what is wrong with it.
func ParseSide(spec string) (SideSpec, error) { return parseSide(spec, false) }

// ParseReactive reads the reactive side: the same words, except that a
// weapon named from the catalog rolls B1 unless the words give a Burst, as
// an ARO does (BS Attack (N4)).
func ParseReactive(spec string) (SideSpec, error) { return parseSide(spec, true) }

func parseSide(spec string, aro bool) (SideSpec, error) {
	// The minus sign of typeset text ("−3", U+2212) is read as "-".
	p := parser{aro: aro, ws: splitWords(strings.ReplaceAll(spec, "\u2212", "-")), seen: map[string]word{}}
	p.s.Text = spec
	if len(p.ws) == 0 {
		return SideSpec{}, sideErrorf("empty side: describe it, e.g. %q", "BS 13 B3 dmg 13")
	}
	for p.i < len(p.ws) {
		if err := p.word(); err != nil {
			return SideSpec{}, err
		}
	}
	if err := p.finish(); err != nil {
		return SideSpec{}, err
	}
	return p.s, nil
}

// parser walks a side's words once, left to right.
type parser struct {
	ws   []word
	i    int
	s    SideSpec
	seen map[string]word  // canonical key → the word that set it
	attr word             // the word that set the rolled attribute
	u    unitsUsed        // trooper, weapon and range words
	aro  bool             // the reactive side: a catalog weapon rolls B1
	prog *catalog.Program // the program word's program
}

// Canonical names of the words, used for duplicate checks and messages.
const (
	kBurst      = "B"
	kDamage     = "DAM"
	kAmmo       = "ammo"
	kSave       = "save"
	kMods       = "MODs"
	kTemplate   = "template"
	kContinuous = "continuous"
	kCover      = "cover"
	kNoCrit     = "nocrit"
	kCritOnOne  = "crit1"
)

// flagWord is the key of a word that stands alone. The word tables here
// are switches, not maps, so that nothing is built at start: every command
// links this package, and `ordo odds` must start about as fast as a Go
// hello-world.
func flagWord(up string) (string, bool) {
	switch up {
	case "TEMPLATE":
		return kTemplate, true
	case "CONTINUOUS":
		return kContinuous, true
	case "COVER":
		return kCover, true
	case "NOCRIT":
		return kNoCrit, true
	case "CRIT1":
		return kCritOnOne, true
	}
	return "", false
}

// valueWord is the setter of a word that takes a value, by upper-case
// spelling.
func valueWord(up string) (func(p *parser, w word, val string, eq bool) error, bool) {
	switch up {
	case "BS":
		return func(p *parser, w word, v string, _ bool) error { return p.attribute(w, AttrBS, v) }, true
	case "CC":
		return func(p *parser, w word, v string, _ bool) error { return p.attribute(w, AttrCC, v) }, true
	case "WIP":
		return func(p *parser, w word, v string, _ bool) error { return p.attribute(w, AttrWIP, v) }, true
	case "PH":
		return (*parser).ph, true
	case "B", "BURST":
		return (*parser).burst, true
	case "DMG", "DAM":
		return (*parser).damage, true
	case "AMMO":
		return func(p *parser, w word, v string, _ bool) error { return p.ammoNamed(w, v) }, true
	case "SAVE":
		return (*parser).save, true
	case "MOD", "MODS":
		return func(p *parser, w word, v string, _ bool) error { return p.mods(w, v, true) }, true
	case "ARM":
		return func(p *parser, w word, v string, _ bool) error { return p.defense(w, SaveARM, v) }, true
	case "BTS":
		return func(p *parser, w word, v string, _ bool) error { return p.defense(w, SaveBTS, v) }, true
	case "W", "STR":
		return (*parser).wounds, true
	case "RANGE":
		return (*parser).rangeWord, true
	case "PROGRAM":
		return (*parser).program, true
	}
	return nil, false
}

// knownWords is the hint an unknown word gets.
const knownWords = "expected e.g. BS 13, CC 15, PH 11, WIP 13, B3, mods=+3,-3, dmg 13, ammo=DA, " +
	"continuous, save=BTS, template, arm=3, bts=3, ph=10, w=2, cover, " +
	"or a trooper and weapon from the catalog with the range (fusilier combi-rifle range 12; ordo rules lists them), " +
	"or hacking: program carbonite, reset, firewall, targeted"

// word reads the next word, and its value word when it takes one.
func (p *parser) word() error {
	w := p.ws[p.i]
	p.i++
	up := strings.ToUpper(w.text)
	if k, ok := flagWord(up); ok {
		return p.flag(w, k)
	}
	if k, ok := hackFlag(up); ok {
		return p.hackFlag(w, k)
	}
	if up == "DODGE" {
		return p.dodgeWord(w)
	}
	if isSignedNumber(w.text) {
		return p.mods(w, w.text, false)
	}
	if !strings.Contains(w.text, "=") {
		if a, err := dice.LookupAmmo(w.text); err == nil {
			return p.ammo(w, a)
		}
	}
	key, val, eq := splitKey(w.text)
	set, ok := valueWord(strings.ToUpper(key))
	if !ok {
		if found, err := p.lookupUnit(w); found || err != nil {
			return err
		}
		return errorf(w, "unknown word; %s", knownWords)
	}
	if val == "" {
		if eq {
			return errorf(w, "nothing after '='")
		}
		if p.i >= len(p.ws) {
			return errorf(w, "%s needs a value after it", strings.ToUpper(key))
		}
		v := p.ws[p.i]
		p.i++
		w, val = join(w, v), v.text
	}
	return set(p, w, val, eq)
}

// once records that key was set by w, or reports that it already was.
func (p *parser) once(w word, key string) error {
	if first, ok := p.seen[key]; ok {
		return errorf(w, "%s given twice (first as word %d %q)", key, first.pos, first.text)
	}
	p.seen[key] = w
	return nil
}

func (p *parser) flag(w word, key string) error {
	if err := p.once(w, key); err != nil {
		return err
	}
	switch key {
	case kTemplate:
		p.s.Template = true
	case kContinuous:
		p.s.Continuous = true
	case kCover:
		p.s.Cover = true
	case kNoCrit:
		p.s.NoCrit = true
	case kCritOnOne:
		p.s.CritOnOne = true
	}
	return nil
}

// number reads a whole number in lo..hi; what names it in the message.
func number(w word, what, val string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(val)
	if err != nil {
		return 0, errorf(w, "%s must be a whole number %d..%d, got %q", what, lo, hi, val)
	}
	if n < lo || n > hi {
		return 0, errorf(w, "%s %d is out of range %d..%d", what, n, lo, hi)
	}
	return n, nil
}

// attribute sets the rolled attribute. A side rolls one attribute only.
func (p *parser) attribute(w word, attr, val string) error {
	if p.s.Attribute != "" {
		if p.s.Attribute == attr {
			return p.once(w, attr)
		}
		msg := fmt.Sprintf("two attributes to roll, %s (word %d) and %s; a side rolls one",
			p.s.Attribute, p.attr.pos, attr)
		if attr == AttrPH || p.s.Attribute == AttrPH {
			msg += "; to give only the side's PH for PARA saves, write ph=N"
		}
		return errorf(w, "%s", msg)
	}
	n, err := number(w, attr, val, 0, MaxStat)
	if err != nil {
		return err
	}
	if err := p.once(w, attr); err != nil {
		return err
	}
	p.s.Attribute, p.s.Base, p.attr = attr, n, w
	return nil
}

// ph is the one ambiguous word: "PH 11" rolls PH (a Dodge) and is also the
// side's PH; "ph=10" only gives the side's PH, which PARA saves use, without
// rolling it.
func (p *parser) ph(w word, val string, eq bool) error {
	if !eq {
		if err := p.attribute(w, AttrPH, val); err != nil {
			return err
		}
		p.s.PH = intp(p.s.Base)
		return nil
	}
	return p.defense(w, AttrPH, val)
}

// defense sets one of the side's own stats.
func (p *parser) defense(w word, stat, val string) error {
	n, err := number(w, stat, val, 0, MaxStat)
	if err != nil {
		return err
	}
	if err := p.once(w, stat); err != nil {
		return err
	}
	switch stat {
	case SaveARM:
		p.s.ARM = intp(n)
	case SaveBTS:
		p.s.BTS = intp(n)
	case AttrPH:
		p.s.PH = intp(n)
	}
	return nil
}

// wounds sets the side's W (or STR: the same count, Wounds, Unconscious and
// Dead (N4)).
func (p *parser) wounds(w word, val string, _ bool) error {
	n, err := number(w, "W/STR", val, 1, MaxW)
	if err != nil {
		return err
	}
	if err := p.once(w, "W"); err != nil {
		return err
	}
	p.s.W = intp(n)
	return nil
}

func (p *parser) burst(w word, val string, _ bool) error {
	n, err := number(w, "Burst", val, 1, odds.MaxBurst)
	if err != nil {
		return err
	}
	if err := p.once(w, kBurst); err != nil {
		return err
	}
	p.s.Burst = n
	return nil
}

func (p *parser) damage(w word, val string, _ bool) error {
	n, err := number(w, "DAM", val, 0, MaxStat)
	if err != nil {
		return err
	}
	if err := p.once(w, kDamage); err != nil {
		return err
	}
	p.s.Damage = intp(n)
	return nil
}

func (p *parser) ammoNamed(w word, val string) error {
	a, err := dice.LookupAmmo(val)
	if err != nil {
		return errorf(w, "%v", err)
	}
	return p.ammo(w, a)
}

func (p *parser) ammo(w word, a dice.Ammo) error {
	if err := p.once(w, kAmmo); err != nil {
		return err
	}
	p.s.Ammo = a.Name
	return nil
}

func (p *parser) save(w word, val string, _ bool) error {
	v := strings.ToUpper(val)
	if v != SaveARM && v != SaveBTS {
		return errorf(w, "save must be ARM or BTS, got %q", val)
	}
	if err := p.once(w, kSave); err != nil {
		return err
	}
	p.s.Save = v
	return nil
}

// mods reads a comma-separated list of MODs ("+3,-6:mimetism"), or one bare
// MOD word ("-3"). MODs may be given several times; they add up.
func (p *parser) mods(w word, val string, list bool) error {
	if _, ok := p.seen[kMods]; !ok {
		p.seen[kMods] = w
	}
	items := []string{val}
	if list {
		// "mods=+3, -3" splits into "mods=+3," and "-3": allow the comma.
		items = strings.Split(strings.TrimSuffix(val, ","), ",")
	}
	for _, it := range items {
		m, err := parseMod(w, it)
		if err != nil {
			return err
		}
		p.s.Mods = append(p.s.Mods, m)
	}
	return nil
}

// maxModName bounds a MOD's name, which is printed in the explanation.
const maxModName = 40

// parseMod reads one MOD: a signed number, optionally followed by ":name"
// (underscores become spaces: "-3:low_visibility"). Inside a mods= list the
// sign may be left out; a bare word needs it to be read as a MOD at all. A
// MOD without a name is called "MOD".
func parseMod(w word, item string) (dice.Mod, error) {
	num, name, named := strings.Cut(item, ":")
	if num == "" {
		return dice.Mod{}, errorf(w, "empty MOD; write MODs like +3 or -6:mimetism")
	}
	v, err := strconv.Atoi(num)
	if err != nil {
		return dice.Mod{}, errorf(w, "MOD %q is not a whole number like +3 or -6", item)
	}
	if v < -MaxMod || v > MaxMod {
		return dice.Mod{}, errorf(w, "MOD %d is out of range -%d..+%d", v, MaxMod, MaxMod)
	}
	if !named {
		return dice.Mod{Name: "MOD", Value: v}, nil
	}
	if name == "" || len(name) > maxModName {
		return dice.Mod{}, errorf(w, "MOD name after ':' must be 1..%d characters", maxModName)
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("-_.'/()", r) {
			return dice.Mod{}, errorf(w, "MOD name %q may use letters, digits and - _ . ' / ( ) only", name)
		}
	}
	return dice.Mod{Name: strings.ReplaceAll(name, "_", " "), Value: v}, nil
}

// rollWords are the words that only make sense for a side that rolls.
var rollWords = []string{kBurst, kMods, kDamage, kAmmo, kSave, kContinuous, kNoCrit, kCritOnOne}

// finish checks the words against each other and fills the defaults.
func (p *parser) finish() error {
	if err := p.finishHack(); err != nil {
		return err
	}
	if err := p.applyUnits(); err != nil {
		return err
	}
	s := &p.s
	if s.Template && s.Attribute != "" {
		t, a := p.seen[kTemplate], p.attr
		if t.pos > a.pos {
			return errorf(t, "a Direct Template hits without rolling, so it takes no attribute (drop %q)", a.text)
		}
		return errorf(a, "a Direct Template hits without rolling, so it takes no attribute")
	}
	if !s.Rolls() {
		if w, ok := p.first(rollWords...); ok {
			return errorf(w, "missing attribute: a side that rolls needs BS, CC, PH or WIP and its value (e.g. BS 13), or template")
		}
	}
	if s.Template {
		if w, ok := p.seen[kMods]; ok {
			return errorf(w, "a Direct Template hits without rolling, so it takes no MODs")
		}
		if w, ok := p.first(kNoCrit, kCritOnOne); ok {
			return errorf(w, "a Direct Template never crits")
		}
	}
	if s.NoCrit && s.CritOnOne {
		return errorf(p.seen[kCritOnOne], "nocrit and crit1 contradict each other")
	}
	if s.Damage == nil {
		if w, ok := p.first(kAmmo, kContinuous, kSave); ok {
			return errorf(w, "needs the weapon's damage: add dmg N")
		}
	}
	if s.Rolls() && s.Burst == 0 && !s.hacking() {
		s.Burst = 1
	}
	if s.Damage != nil && s.Ammo == "" && !s.hacking() {
		s.Ammo = "N"
	}
	if s.Save != "" {
		a, err := dice.LookupAmmo(s.Ammo)
		if err != nil {
			return errorf(p.seen[kAmmo], "%v", err)
		}
		if a.Attribute != "" {
			return errorf(p.seen[kSave], "%s ammunition always saves against %s", a.Name, a.Attribute)
		}
	}
	return nil
}

// first returns the earliest of the words that set any of keys.
func (p *parser) first(keys ...string) (word, bool) {
	var best word
	found := false
	for _, k := range keys {
		if w, ok := p.seen[k]; ok && (!found || w.pos < best.pos) {
			best, found = w, true
		}
	}
	return best, found
}
