package scenario

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/scenario/scenariotest"
)

// base is a valid scenario; each case of TestParseErrors breaks it by
// editing lines in place (scenariotest.Base).
const base = scenariotest.Base

// catalog is a Catalog for tests: the set of profiles it knows.
type catalog map[string]bool

func (c catalog) HasProfile(name string) bool { return c[name] }

var testCatalog = catalog{"fusilier": true, "zhanshi": true, "scout": true}

// edit and want are scenariotest's Edit and Want, written without field
// names.
type (
	edit struct {
		Line     int
		Old, New string
	}
	want struct {
		Line, Col int
		Field     string
		Msg       string
	}
)

func TestParseValidBase(t *testing.T) {
	sc, err := Parse("base.yaml", []byte(base), Options{Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	if sc.File != "base.yaml" || sc.Name != "Test skirmish" || len(sc.Sides) != 2 || sc.Rounds != 3 {
		t.Errorf("decoded %+v", sc)
	}
	if got := sc.Script[0].Line; got != 46 {
		t.Errorf("script[0].Line = %d, want 46", got)
	}
	if got := sc.Script[0].Action["kind"]; got != "move" {
		t.Errorf("script[0].action.kind = %v, want move", got)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name    string
		edits   []edit // applied to base
		src     string // instead of base, if set
		catalog Catalog
		want    []want
	}{
		// The four malformed scenarios named by issue #3.
		{
			name:  "wrong indentation: a table key at the root",
			edits: []edit{{7, "  height: 48", "height: 48"}},
			want:  []want{{7, 1, "height", `unknown field "height" (this mapping takes name, ruleset, rulings, catalogs, table, terrain, scenery, sides, initiative, rounds, seed, script); it belongs at another level: check the indentation`}},
		},
		{
			// A terrain kind is read by a ruleset whose catalog checks
			// it (TerrainChecker); one that reads the flags refuses it.
			name:    "terrain kind for a ruleset without kinds",
			edits:   []edit{{11, "    blocks-lof: true", "    kind: forest"}},
			catalog: testCatalog,
			want:    []want{{11, 11, "terrain[0].kind", `takes no terrain kinds`}},
		},
		// Form: what goccy or the schema check rejects.
		{
			name:  "word for a number",
			edits: []edit{{44, "3", "three"}},
			want:  []want{{44, 9, "rounds", "want a whole number, got a string (three)"}},
		},
		{
			name:  "fraction for a whole number",
			edits: []edit{{44, "3", "1.5"}},
			want:  []want{{44, 9, "rounds", "want a whole number, got a number (1.5)"}},
		},
		{
			name:  "quoted number for a number",
			edits: []edit{{44, "3", `"3"`}},
			want:  []want{{44, 9, "rounds", "want a whole number, got a string (3)"}},
		},
		{
			name:  "list for a mapping",
			edits: []edit{{5, "table:", "table: [48, 48]"}, {6, "", "#"}, {7, "", "#"}},
			want:  []want{{5, 8, "table", "want a mapping with keys width, height, got a list"}},
		},
		{
			name:  "negative seed",
			edits: []edit{{43, "", "seed: -1"}},
			want:  []want{{43, 7, "seed", "want a number 0 or more, got -1"}},
		},
		{
			name:  "every schema error at once",
			edits: []edit{{6, "48", "wide"}, {44, "3", "three"}},
			want: []want{
				{6, 10, "table.width", "want a number"},
				{44, 9, "rounds", "want a whole number"},
			},
		},
		{
			name:  "tag",
			edits: []edit{{44, "3", "!!int 3"}},
			want:  []want{{44, 9, "rounds", "tags are not supported"}},
		},
		{
			name:  "YAML syntax error",
			edits: []edit{{47, "to: [6, 8]}", "to: [6, 8}"}},
			want:  []want{{47, 47, "", "',' or ']' must be specified"}},
		},
		{
			name:  "duplicate key",
			edits: []edit{{43, "", "rounds: 2"}},
			want:  []want{{44, 1, "", `mapping key "rounds" already defined at [43:1]`}},
		},
		{
			name: "two documents",
			src:  base + "---\nname: second\n",
			want: []want{{52, 1, "", "a scenario file holds one YAML document; found a second"}},
		},
		{
			name: "empty file",
			src:  "# nothing here\n",
			want: []want{{1, 1, "", "the file holds no scenario"}},
		},
		{
			name: "not a mapping",
			src:  "- a\n- b\n",
			want: []want{{1, 1, "", "want a mapping with keys name, ruleset,"}},
		},

		// Meaning: what the validator rejects.
		{
			name:  "missing name",
			edits: []edit{{1, "", "#"}},
			want:  []want{{2, 1, "name", "name is required"}},
		},
		{
			name:  "empty ruleset",
			edits: []edit{{2, "test", `""`}},
			want:  []want{{2, 10, "ruleset", "ruleset is required"}},
		},
		{
			name:  "ruling without a reading",
			edits: []edit{{4, "single", `""`}},
			want:  []want{{4, 15, "rulings.dodge-mods", `ruling "dodge-mods" needs a reading`}},
		},
		{
			name:  "table of zero width",
			edits: []edit{{6, "48", "0"}},
			want:  []want{{6, 10, "table.width", "must be a finite number of inches greater than 0, got 0"}},
		},
		{
			name:  "table of infinite height",
			edits: []edit{{7, "48", ".inf"}},
			want:  []want{{7, 11, "table.height", "got +Inf"}},
		},
		{
			name:  "polygon with two corners",
			edits: []edit{{10, "[[10, 10], [20, 10], [20, 12]]", "[[10, 10], [20, 10]]"}},
			want:  []want{{10, 14, "terrain[0].polygon", "a polygon needs at least 3 corners, got 2"}},
		},
		{
			name:  "polygon corner not a number",
			edits: []edit{{10, "[[10, 10],", "[[10, .nan],"}},
			want:  []want{{10, 20, "terrain[0].polygon[0][1]", "must be a finite number, got NaN"}},
		},
		{
			name:  "one side",
			edits: []edit{{33, "", "#"}, {34, "", "#"}, {35, "", "#"}, {36, "", "#"}, {37, "", "#"}, {38, "", "#"}, {39, "", "#"}, {40, "", "#"}, {41, "", "#"}, {42, "", "#"}},
			want: []want{
				{13, 3, "sides", "a scenario needs at least 2 sides, got 1"},
				{51, 15, "script[0].expect.seats[0]", `seat "blue" names no side (seats: "red", or "chance")`},
			},
		},
		{
			name:  "seat taken twice",
			edits: []edit{{33, "blue", "red"}},
			want: []want{
				{33, 11, "sides[1].seat", `seat "red" is already taken by sides[0] (line 13)`},
				{51, 15, "script[0].expect.seats[0]", `seat "blue" names no side`},
			},
		},
		{
			name:  "seat chance",
			edits: []edit{{33, "blue", "chance"}},
			want: []want{
				{33, 11, "sides[1].seat", `seat "chance" is reserved for chance in scripts`},
				{51, 15, "script[0].expect.seats[0]", `seat "blue" names no side`},
			},
		},
		{
			name:  "empty seat",
			edits: []edit{{33, "blue", `""`}},
			want: []want{
				{33, 11, "sides[1].seat", "seat is required"},
				{51, 15, "script[0].expect.seats[0]", `seat "blue" names no side`},
			},
		},
		{
			name:  "initiative names no seat",
			edits: []edit{{43, "red", "green"}},
			want:  []want{{43, 13, "initiative", `initiative "green" names no side (seats: "red", "blue")`}},
		},
		{
			name:  "missing initiative",
			edits: []edit{{43, "", "#"}},
			want:  []want{{1, 1, "initiative", "initiative is required"}},
		},
		{
			name:  "no rounds",
			edits: []edit{{44, "3", "0"}},
			want:  []want{{44, 9, "rounds", "rounds must be 1 or more, got 0"}},
		},
		{
			name:  "script seat names no side",
			edits: []edit{{46, "red", "green"}},
			want:  []want{{46, 11, "script[0].seat", `seat "green" names no side (seats: "red", "blue", or "chance")`}},
		},
		{
			name:  "missing action",
			edits: []edit{{47, "", "#"}},
			want:  []want{{46, 5, "script[0].action", "action is required"}},
		},
		{
			name:  "action without a kind",
			edits: []edit{{47, "kind: move, ", ""}},
			want:  []want{{47, 13, "script[0].action", "action needs a kind"}},
		},
		{
			name:  "action kind not a string",
			edits: []edit{{47, "kind: move", "kind: 3"}},
			want:  []want{{47, 20, "script[0].action.kind", "kind must be a non-empty string, got 3"}},
		},
		{
			name:  "action with NaN",
			edits: []edit{{47, "to: [6, 8]", "to: [.nan, 8]"}},
			want:  []want{{47, 43, "script[0].action.to[0]", "must be a finite number, got NaN"}},
		},
		{
			name:  "dice out of range",
			edits: []edit{{48, "[12]", "[12, 21, 0]"}},
			want: []want{
				{48, 16, "script[0].dice[1]", "a d20 reads 1 to 20, got 21"},
				{48, 20, "script[0].dice[2]", "a d20 reads 1 to 20, got 0"},
			},
		},
		{
			name:  "expected seat names no side",
			edits: []edit{{51, "blue", "green"}},
			want:  []want{{51, 15, "script[0].expect.seats[0]", `seat "green" names no side`}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := c.src
			if src == "" {
				src = scenariotest.Apply(t, base, c.edits)
			}
			sc, err := Parse("case.yaml", []byte(src), Options{Catalog: c.catalog})
			if sc != nil {
				t.Errorf("Parse returned a scenario with an error")
			}
			scenariotest.Check(t, err, "case.yaml", c.want)
		})
	}
}

// Edits that must leave the scenario valid: the checks do not overreach.
func TestParseAccepts(t *testing.T) {
	cases := []struct {
		name    string
		edits   []edit
		catalog Catalog
	}{
		{"chance acts in the script", []edit{{46, "red", "chance"}}, testCatalog},
		{"no script", []edit{{45, "", "#"}, {46, "", "#"}, {47, "", "#"}, {48, "", "#"}, {49, "", "#"}, {50, "", "#"}, {51, "", "#"}}, testCatalog},
		{"empty values keep defaults", []edit{{21, "facing: 90", "facing:"}, {11, "", "    blocks-lof:"}}, testCatalog},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := scenariotest.Apply(t, base, c.edits)
			if _, err := Parse("case.yaml", []byte(src), Options{Catalog: c.catalog}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestLoad(t *testing.T) {
	sc, err := Load("testdata/example.yaml", Options{Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	if sc.File != "testdata/example.yaml" {
		t.Errorf("File = %q", sc.File)
	}
	var lines []int
	for _, st := range sc.Script {
		lines = append(lines, st.Line)
	}
	if want := []int{55, 59, 64}; !slices.Equal(lines, want) {
		t.Errorf("step lines %v, want %v", lines, want)
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load("testdata/no-such-file.yaml", Options{})
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("got %v, want an fs.ErrNotExist", err)
	}
}

// CatalogFor picks the catalog of the ruleset the scenario names, so one
// parse both learns the ruleset and reads its armies (ArmyReader): a
// profile the catalog lacks is reported at its line.
func TestCatalogFor(t *testing.T) {
	var asked []string
	opts := Options{CatalogFor: func(ruleset string) Catalog {
		asked = append(asked, ruleset)
		return probe{"fusilier": true}
	}}
	_, err := Parse("base.yaml", []byte(base), opts)
	if len(asked) != 1 || asked[0] != "test" {
		t.Fatalf("CatalogFor asked for %q, want once for test", asked)
	}
	scenariotest.Check(t, err, "base.yaml", []want{{36, 18, "sides[1].troopers[0].profile", `no profile "zhanshi"`}})
	if _, err := Parse("base.yaml", []byte(base), Options{CatalogFor: func(string) Catalog { return probe{"fusilier": true, "zhanshi": true} }}); err != nil {
		t.Fatalf("with every profile known: %v", err)
	}
	// Options.Catalog, when given, wins.
	if _, err := Parse("base.yaml", []byte(base), Options{Catalog: probe{"fusilier": true, "zhanshi": true}, CatalogFor: func(string) Catalog { return probe{} }}); err != nil {
		t.Fatalf("Options.Catalog given: %v", err)
	}
}

// probe is a ruleset's catalog for the kernel's tests: it reads each
// side's army (the keys beside seat, name and faction) into a type of its
// own and reports a trooper whose profile it lacks, where the file has it.
type probe map[string]bool

func (p probe) HasProfile(name string) bool { return p[name] }

// probeArmy is the army probe reads: the troopers' profiles, the rest
// free-form.
type probeArmy struct {
	Troopers []struct {
		ID         string           `yaml:"id"`
		Profile    string           `yaml:"profile"`
		Lieutenant bool             `yaml:"lieutenant"`
		Deployment string           `yaml:"deployment"`
		Models     []map[string]any `yaml:"models"`
	} `yaml:"troopers"`
	CombatGroups []map[string]any `yaml:"combat-groups"`
}

func (p probe) ReadArmies(sc *Scenario, c *Checker) {
	for i := range sc.Sides {
		a := &sc.Sides[i].Army
		var army probeArmy
		if errs := a.Decode(&army); len(errs) > 0 {
			c.Add(errs)
			continue
		}
		for j, tr := range army.Troopers {
			if !p[tr.Profile] {
				c.Errorf(fmt.Sprintf("%s.troopers[%d].profile", a.Path(), j), "no profile %q", tr.Profile)
			}
		}
		a.Value = &army
	}
}

// The kernel passes each side's army through to the ruleset's reader:
// Decode checks it against the reader's type, each problem of form at its
// file:line:col, and a kernel problem and an army problem are reported
// together.
func TestArmyDecode(t *testing.T) {
	every := probe{"fusilier": true, "zhanshi": true}
	for _, c := range []struct {
		name  string
		edits []edit
		want  []want
	}{
		{"misspelt army key", []edit{{28, "combat-groups", "combat-grups"}},
			[]want{{28, 5, "sides[0].combat-grups", `unknown field "combat-grups" (a side takes seat, name, faction, troopers, combat-groups); check the spelling`}}},
		{"wrong type in the army", []edit{{17, "true", "yes"}}, []want{{17, 21, "sides[0].troopers[0].lieutenant", "want true or false"}}},
		{"an army problem beside a kernel one", []edit{{36, "zhanshi", "ghost"}, {44, "3", "0"}},
			[]want{{36, 18, "sides[1].troopers[0].profile", `no profile "ghost"`}, {44, 9, "rounds", "rounds must be 1 or more"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("case.yaml", []byte(scenariotest.Apply(t, base, c.edits)), Options{Catalog: every})
			scenariotest.Check(t, err, "case.yaml", c.want)
		})
	}
	sc, err := Parse("base.yaml", []byte(base), Options{Catalog: every})
	if err != nil {
		t.Fatal(err)
	}
	army, ok := sc.Sides[0].Army.Value.(*probeArmy)
	if !ok || len(army.Troopers) != 2 || army.Troopers[1].Deployment != "hidden" || sc.Sides[1].Seat != "blue" {
		t.Fatalf("the red army read as %#v", sc.Sides[0].Army.Value)
	}
	// Without a reader the armies stay unread, for the ruleset's Setup.
	sc, err = Parse("base.yaml", []byte(base), Options{})
	if err != nil || sc.Sides[0].Army.Value != nil || !sc.Sides[0].Army.Given("troopers") || sc.Sides[0].Army.Given("units") {
		t.Fatalf("without a reader: %v, %#v", err, sc.Sides[0].Army)
	}
	var again probeArmy
	if errs := sc.Sides[0].Army.Decode(&again); errs != nil || len(again.Troopers) != 2 {
		t.Fatalf("decoded later: %v %#v", errs, again)
	}
}
