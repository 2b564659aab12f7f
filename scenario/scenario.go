// Package scenario is the YAML file that sets a game up: the table, its
// terrain, the ruleset and its rulings, the catalogs to load, each side's
// army with where its models stand, who has initiative, how many rounds, and
// optionally a script of actions with forced dice and expectations, which
// turns a worked example from the rules into an executable test.
//
// The same format serves tests, `ordo play` and the server. Loading reports
// every error with file, line and field.
//
// A scenario file is outside input, so every list in it has a bound (the
// `max` tag on its field, checked before its entries are read; see
// limits.go), as has every string (MaxString) and the file itself
// (yamlfile.MaxFileSize and yamlfile.MaxDepth).
package scenario

// Scenario is one parsed scenario file. Field names in YAML are lower case
// with dashes ("combat-groups").
type Scenario struct {
	// File is the path the scenario was read from, for error messages.
	File string `yaml:"-" json:"-"`

	Name    string `yaml:"name" json:"name"`
	Ruleset string `yaml:"ruleset" json:"ruleset"` // "infinity-n4", "fantasy"
	// Rulings picks a reading for named rulings (docs/RULES.md (rulings)); the others
	// keep their defaults.
	Rulings map[string]string `yaml:"rulings,omitempty" json:"rulings,omitempty" max:"64"`
	// Catalogs lists catalog files to load beside the embedded ones, relative
	// to the scenario file.
	Catalogs []string `yaml:"catalogs,omitempty" json:"catalogs,omitempty" max:"16"`
	// Catalog is what the loader checked profile references against: the
	// Options.Catalog, with the files Catalogs lists merged over it when
	// the loader read them (Load does; see Options.ReadFile) and the
	// catalog is an Extender. It is nil when the scenario lists catalogs
	// that were not read and merged, so a ruleset can refuse to set up a
	// game without them.
	Catalog Catalog `yaml:"-" json:"-"`

	Table   Table     `yaml:"table" json:"table"`
	Terrain []Terrain `yaml:"terrain,omitempty" json:"terrain,omitempty" max:"500"`
	// Scenery lists the Hackable Scenery Items (Lockpicker): doors and
	// consoles with a state a hacker's Lockpicker flips.
	Scenery []Scenery `yaml:"scenery,omitempty" json:"scenery,omitempty" max:"64"`

	Sides []Side `yaml:"sides" json:"sides" max:"8"`
	// Initiative is the seat that plays the first Player Turn.
	Initiative string `yaml:"initiative" json:"initiative"`
	Rounds     int    `yaml:"rounds" json:"rounds"`
	// Seed seeds the dice of `ordo play` when the script forces none.
	Seed uint64 `yaml:"seed,omitempty" json:"seed,omitempty"`

	Script []Step `yaml:"script,omitempty" json:"script,omitempty" max:"5000"`

	// at is where each field of the file is, for the errors of the
	// rulesets' army readers (Checker); nil for a scenario built in Go.
	at *positions
}

// Table is the playing area, in inches, with (0,0) at one corner.
type Table struct {
	Width  float64 `yaml:"width" json:"width"`
	Height float64 `yaml:"height" json:"height"`
}

// Terrain is one piece of scenery: a polygon with what it does.
type Terrain struct {
	Name string `yaml:"name" json:"name"`
	// Polygon lists the corners, in order, as [x, y] in inches.
	Polygon    [][2]float64 `yaml:"polygon" json:"polygon" max:"256"`
	BlocksLoF  bool         `yaml:"blocks-lof,omitempty" json:"blocksLoF,omitempty"`
	Cover      bool         `yaml:"cover,omitempty" json:"cover,omitempty"`
	Impassable bool         `yaml:"impassable,omitempty" json:"impassable,omitempty"`
	// Kind is what the piece is, for a ruleset whose terrain comes in
	// kinds rather than the flags above (the fantasy ruleset: impassable,
	// forest, hedge, wall). The ruleset's catalog checks it (see
	// TerrainChecker); a ruleset that reads the flags takes no kind.
	Kind string `yaml:"kind,omitempty" json:"kind,omitempty"`
}

// Side is one player's army: the kernel reads the seat, the name and the
// faction, and passes every other key of the side to the ruleset (Army).
// The file format of each ruleset's army is docs/SCENARIOS.md's.
type Side struct {
	Seat    string `yaml:"seat" json:"seat"`
	Name    string `yaml:"name,omitempty" json:"name,omitempty"`
	Faction string `yaml:"faction,omitempty" json:"faction,omitempty"`
	// Army is the rest of the side, the ruleset's to decode and check.
	Army Army `yaml:"-" json:"-"`
}

// Step is one scripted action, the dice it must take, and what must hold
// afterwards.
type Step struct {
	Seat string `yaml:"seat" json:"seat"`
	// Action is the action in its flat form: kind plus fields, as the
	// ruleset decodes it.
	Action map[string]any `yaml:"action" json:"action"`
	// Dice are forced, in the order the action takes them.
	Dice   []int  `yaml:"dice,omitempty" json:"dice,omitempty" max:"500"`
	Expect Expect `yaml:"expect,omitempty" json:"expect,omitempty"`
	// Line is where the step starts in the file, for failure messages.
	Line int `yaml:"-" json:"-"`
}

// Expect is what must hold after a step. Every field is optional.
type Expect struct {
	// Error is the code of the RuleError the step must be refused with; an
	// expected refusal leaves the state unchanged and the script goes on.
	Error string `yaml:"error,omitempty" json:"error,omitempty"`
	// Window and Seats describe the prompt after the step.
	Window string   `yaml:"window,omitempty" json:"window,omitempty"`
	Seats  []string `yaml:"seats,omitempty" json:"seats,omitempty" max:"8"`
	// Events lists kinds that must appear among the step's events.
	Events []string `yaml:"events,omitempty" json:"events,omitempty" max:"500"`
	// State maps dotted paths into the admin observation (as JSON) to the
	// value they must hold: {"models.zhanshi.state": "Engaged"}.
	State map[string]any `yaml:"state,omitempty" json:"state,omitempty" max:"500"`
}
