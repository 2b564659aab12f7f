package fantasy

import (
	"fmt"
	"io/fs"
	"math"
	"slices"
	"sync"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// TroopType is a model's troop type: it decides which units a character may
// join, whether a character is "of the same type" as a unit's rank-and-file
// (Characters in units: hit allocation), Swiftstride, and how many models
// make a full rank.
type TroopType string

// The troop types.
const (
	Infantry          TroopType = "infantry"
	WarBeast          TroopType = "war-beast"
	Cavalry           TroopType = "cavalry"
	MonstrousInfantry TroopType = "monstrous-infantry"
	MonstrousBeast    TroopType = "monstrous-beast"
	MonstrousCavalry  TroopType = "monstrous-cavalry"
	Monster           TroopType = "monster"
	Chariot           TroopType = "chariot"
	Swarm             TroopType = "swarm"
	WarMachine        TroopType = "war-machine"
)

// TroopTypes lists every troop type, in the order the rules list them.
var TroopTypes = []TroopType{Infantry, WarBeast, Cavalry, MonstrousInfantry, MonstrousBeast,
	MonstrousCavalry, Monster, Chariot, Swarm, WarMachine}

// joinable reports whether characters may join a unit of this type
// (Joining a unit: infantry, war beasts, cavalry and the monstrous types;
// never monsters, chariots, swarms or war machines).
func (t TroopType) joinable() bool {
	switch t {
	case Infantry, WarBeast, Cavalry, MonstrousInfantry, MonstrousBeast, MonstrousCavalry:
		return true
	}
	return false
}

// swiftstride reports whether the type rolls 3D6 and keeps the best two for
// its charge range (Swiftstride: war beasts, cavalry, monstrous beasts and
// monstrous cavalry; every flyer has it too).
func (t TroopType) swiftstride() bool {
	switch t {
	case WarBeast, Cavalry, MonstrousBeast, MonstrousCavalry:
		return true
	}
	return false
}

// monstrous reports whether three models make a full rank (Rank bonus:
// monstrous infantry, beasts and cavalry).
func (t TroopType) monstrous() bool {
	return t == MonstrousInfantry || t == MonstrousBeast || t == MonstrousCavalry
}

// Missile is a profile's missile weapon.
type Missile struct {
	Name  string `yaml:"name" json:"name"`
	Range int    `yaml:"range" json:"range"` // inches
	S     int    `yaml:"s" json:"s"`
	Shots int    `yaml:"shots,omitempty" json:"shots,omitempty"` // per model, default 1
	// Template is the diameter in inches of the round template the weapon
	// places instead of rolling its shots (a stone thrower); 0 for none.
	Template float64 `yaml:"template,omitempty" json:"template,omitempty"`
	// Pierce: a bolt that passes through the ranks (a bolt thrower): its
	// hit strikes the front rank, and each model it slays lets it strike
	// the next rank at 1 less Strength.
	Pierce bool `yaml:"pierce,omitempty" json:"pierce,omitempty"`
	// Cannon: a cannonball (a cannon): aimed at a point, it lands the
	// artillery die beyond it, bounces the artillery die on, and hits
	// every model on its path with Multiple Wounds (D6).
	Cannon bool `yaml:"cannon,omitempty" json:"cannon,omitempty"`
}

// aimed reports whether the weapon is aimed at a point rather than rolling
// to hit: a template, or a cannonball.
func (m *Missile) aimed() bool { return m.Template > 0 || m.Cannon }

// Profile is one model's characteristics.
type Profile struct {
	Name      string    `yaml:"name" json:"name"`
	Type      TroopType `yaml:"type" json:"type"`
	Character bool      `yaml:"character,omitempty" json:"character,omitempty"`
	Fly       bool      `yaml:"fly,omitempty" json:"fly,omitempty"`
	M         int       `yaml:"m" json:"m"`
	WS        int       `yaml:"ws" json:"ws"`
	BS        int       `yaml:"bs" json:"bs"`
	S         int       `yaml:"s" json:"s"`
	T         int       `yaml:"t" json:"t"`
	W         int       `yaml:"w" json:"w"`
	I         int       `yaml:"i" json:"i"`
	A         int       `yaml:"a" json:"a"`
	Ld        int       `yaml:"ld" json:"ld"`
	// Save is the armour save after equipment (5 means 5+; 0 none), Ward
	// the ward save, taken after a failed armour save and never modified.
	Save int `yaml:"save,omitempty" json:"save,omitempty"`
	Ward int `yaml:"ward,omitempty" json:"ward,omitempty"`
	// ScalySkin is a natural armour save (5 means 5+; 0 none) that adds
	// to the armour of Save (Scaly Skin).
	ScalySkin int        `yaml:"scalySkin,omitempty" json:"scalySkin,omitempty"`
	Base      [2]float64 `yaml:"base" json:"base"` // width, depth in inches
	Points    int        `yaml:"points" json:"points"`
	Missile   *Missile   `yaml:"missile,omitempty" json:"missile,omitempty"`
	// Wizard is a character's Wizard level, 1 to 4 (0: no wizard): he
	// casts the lore's spells in the Magic phase (docs/RULES.md).
	Wizard int `yaml:"wizard,omitempty" json:"wizard,omitempty"`
	// Rules are the model's special rules: each one the engine plays
	// (special.go), any other refused when the catalog loads.
	Rules []SpecialRule `yaml:"rules,omitempty" json:"rules,omitempty"`
}

// Swiftstride reports whether the profile rolls 3D6 for its charge range.
func (p Profile) Swiftstride() bool { return p.Fly || p.Type.swiftstride() }

// Check says what is wrong with a profile, or nil.
func (p Profile) Check() error {
	switch {
	case p.Name == "":
		return fmt.Errorf("name is required")
	case !slices.Contains(TroopTypes, p.Type):
		return fmt.Errorf("profile %q: type %q is none of %v", p.Name, p.Type, TroopTypes)
	}
	stats := []struct {
		name   string
		v, max int
	}{{"m", p.M, 20}, {"ws", p.WS, 10}, {"bs", p.BS, 10}, {"s", p.S, 10}, {"t", p.T, 10},
		{"w", p.W, 10}, {"i", p.I, 10}, {"a", p.A, 10}, {"ld", p.Ld, 10}, {"save", p.Save, 7}, {"ward", p.Ward, 7}, {"scalySkin", p.ScalySkin, 6}, {"wizard", p.Wizard, maxLevel}}
	for _, s := range stats {
		if s.v < 0 || s.v > s.max {
			return fmt.Errorf("profile %q: %s is %d, outside 0..%d", p.Name, s.name, s.v, s.max)
		}
	}
	if p.W < 1 || p.Ld < 2 || (p.M == 0 && p.Type != WarMachine) {
		return fmt.Errorf("profile %q: a model has at least 1 wound and Ld 2", p.Name)
	}
	for i, b := range p.Base {
		if !(b >= 0.5 && b <= 10) || math.IsInf(b, 0) {
			return fmt.Errorf("profile %q: base[%d] is %v, outside 0.5..10 inches", p.Name, i, b)
		}
	}
	if p.Wizard > 0 && !p.Character {
		return fmt.Errorf("profile %q: a wizard (wizard: %d) is a character (character: true)", p.Name, p.Wizard)
	}
	if p.Points < 0 || p.Points > 10000 {
		return fmt.Errorf("profile %q: points %d outside 0..10000", p.Name, p.Points)
	}
	if err := checkRules(p.Name, p.Rules); err != nil {
		return err
	}
	if m := p.Missile; m != nil && (m.Range < 1 || m.Range > 72 || m.S < 1 || m.S > 10 || m.Shots < 0 || m.Shots > 10 || !(m.Template == 0 || (m.Template >= 1 && m.Template <= 10))) {
		return fmt.Errorf("profile %q: missile weapon needs range 1..72, s 1..10, shots 0..10 and a template of 1..10 inches or none", p.Name)
	}
	return nil
}

// Catalog holds the profiles a game may use, by name.
type Catalog struct {
	Profiles map[string]Profile
}

// HasProfile lets the scenario loader check references.
func (c *Catalog) HasProfile(name string) bool { _, ok := c.Profiles[name]; return ok }

// catalogFile is the YAML form.
type catalogFile struct {
	Profiles []Profile `yaml:"profiles"`
}

// maxCatalogBytes bounds one catalog file, checked before parsing.
const maxCatalogBytes = 1 << 20

// Parse adds the profiles of one YAML file to a copy of c (c may be nil).
// Errors say file:line:col and what is wrong; a name already defined is
// refused.
func (c *Catalog) Parse(file string, b []byte) (*Catalog, error) {
	if len(b) > maxCatalogBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d a catalog file may have", file, len(b), maxCatalogBytes)
	}
	out := &Catalog{Profiles: map[string]Profile{}}
	if c != nil {
		for k, v := range c.Profiles {
			out.Profiles[k] = v
		}
	}
	body, perr := yamlfile.ParseOne(file, b, "catalog", "")
	if perr != nil {
		return nil, perr
	}
	if body == nil {
		return nil, fmt.Errorf("%s: the file holds no catalog", file)
	}
	cf, err := decodeCatalog(file, body)
	if err != nil {
		return nil, err
	}
	for i, p := range cf.Profiles {
		if err := p.Check(); err != nil {
			return nil, fmt.Errorf("%s: profiles[%d]: %w", file, i, err)
		}
		if _, dup := out.Profiles[p.Name]; dup {
			return nil, fmt.Errorf("%s: profiles[%d]: profile %q is already defined", file, i, p.Name)
		}
		out.Profiles[p.Name] = p
	}
	return out, nil
}

// decodeCatalog decodes the parsed body strictly. The YAML library can
// panic on some malformed input (a fuzz target found one); that becomes an
// error at the document's start, as the scenario loader does.
func decodeCatalog(file string, body ast.Node) (cf catalogFile, err error) {
	defer func() {
		if r := recover(); r != nil {
			p := yamlfile.NodePos(body).OrStart()
			err = fmt.Errorf("%s:%d:%d: %s", file, p.Line, p.Col, yamlfile.OneLine(fmt.Sprintf("cannot decode: %v", r)))
		}
	}()
	if msg, bad := yamlfile.Unsupported(body, "catalog"); bad {
		p := yamlfile.NodePos(body).OrStart()
		return cf, fmt.Errorf("%s:%d:%d: %s", file, p.Line, p.Col, msg)
	}
	if err := yaml.NodeToValue(body, &cf, yaml.Strict()); err != nil {
		msg, tk := yamlfile.SplitError(err)
		p := yamlfile.TokenPos(tk).OrStart()
		return cf, fmt.Errorf("%s:%d:%d: %s", file, p.Line, p.Col, msg)
	}
	return cf, nil
}

// Load adds user catalog files from disk to a copy of c.
func (c *Catalog) Load(files ...string) (*Catalog, error) {
	for _, f := range files {
		// Read no more than the bound: a huge file (or a device) is refused
		// without being read whole.
		b, err := yamlfile.ReadFile(f, maxCatalogBytes)
		if e, ok := err.(*yamlfile.Error); ok {
			return nil, e
		}
		if err != nil {
			return nil, fmt.Errorf("catalog: %w", err)
		}
		if c, err = c.Parse(f, b); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// DefaultCatalog is the shipped catalog (data/fantasy/*.yaml): illustrative
// profiles of the project's own. The files are parsed once per process
// (parsing them at every New would cost about a millisecond and 11,000
// allocations); each call returns its own copy, since a Catalog is an
// exported, mutable map: one caller adding, removing or editing a profile,
// its missile weapon included, never changes what another caller gets.
func DefaultCatalog() (*Catalog, error) {
	shipped.once.Do(func() { shipped.c, shipped.err = parseDefaultCatalog() })
	if shipped.err != nil {
		return nil, shipped.err
	}
	return shipped.c.clone(), nil
}

// shipped is the shipped catalog, parsed on first use: a plain struct
// rather than sync.OnceValues, so that a binary linking the package
// allocates nothing for it at start.
var shipped struct {
	once sync.Once
	c    *Catalog
	err  error
}

// parseDefaultCatalog reads and parses the shipped catalog's files in
// name order.
func parseDefaultCatalog() (*Catalog, error) {
	names, err := fs.Glob(data.Fantasy, "fantasy/*.yaml")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var c *Catalog
	for _, n := range names {
		b, err := fs.ReadFile(data.Fantasy, n)
		if err != nil {
			return nil, err
		}
		if c, err = c.Parse("data/"+n, b); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// clone is a copy of c that shares nothing a caller can write: its own map
// and its own missile weapons (the only pointer in a Profile; Base is an
// array, copied with the profile). The clone of nil is nil.
func (c *Catalog) clone() *Catalog {
	if c == nil {
		return nil
	}
	out := &Catalog{Profiles: make(map[string]Profile, len(c.Profiles))}
	for k, p := range c.Profiles {
		if p.Missile != nil {
			m := *p.Missile
			p.Missile = &m
		}
		p.Rules = slices.Clone(p.Rules)
		out.Profiles[k] = p
	}
	return out
}
