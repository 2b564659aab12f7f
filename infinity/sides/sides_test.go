package sides

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/ordo-rules/ordo/scenario"
	"github.com/ordo-rules/ordo/scenario/scenariotest"
)

// base is a valid scenario (scenariotest.Base); each case breaks it by
// editing lines in place.
const base = scenariotest.Base

// profiles is a test catalog: the profiles it knows, every one when nil.
// Like the Infinity catalog, it reads the armies when a scenario is loaded.
type profiles map[string]bool

func (p profiles) HasProfile(name string) bool { return p == nil || p[name] }
func (p profiles) ReadArmies(sc *scenario.Scenario, c *scenario.Checker) {
	Read(sc, p, c)
}

var testCatalog = profiles{"fusilier": true, "zhanshi": true, "scout": true}

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

// parse parses src with the armies read against cat (nil: any profile).
func parse(src string, cat scenario.Catalog) (*scenario.Scenario, error) {
	if cat == nil {
		cat = profiles(nil)
	}
	return scenario.Parse("case.yaml", []byte(src), scenario.Options{Catalog: cat})
}

// Every problem of an Infinity army is reported at its file:line:col:
// Army list and Combat Groups (N4) (one Lieutenant, each trooper in one
// combat group), unknown profiles, ids, deployment words, the Deployment
// Zone, positions on the table, and the form of every field.
func TestReadErrors(t *testing.T) {
	cases := []struct {
		name    string
		edits   []edit
		catalog scenario.Catalog
		want    []want
	}{
		{
			name:  "wrong indentation: a model key under the trooper",
			edits: []edit{{21, "            facing", "        facing"}},
			want:  []want{{21, 9, "sides[0].troopers[0].facing", `unknown field "facing"`}},
		},
		{
			name:    "unknown profile",
			edits:   []edit{{16, "fusilier", "fusiler"}},
			catalog: testCatalog,
			want:    []want{{16, 18, "sides[0].troopers[0].profile", `unknown profile "fusiler"`}},
		},
		{
			name:  "trooper in two combat groups",
			edits: []edit{{32, "[r2]", "[r2, r1]"}},
			want:  []want{{32, 24, "sides[0].combat-groups[1].troopers[1]", `trooper "r1" is already in combat group "1" (line 30)`}},
		},
		{
			name:  "two Lieutenants",
			edits: []edit{{24, "lieutenant: false", "lieutenant: true"}},
			want:  []want{{24, 21, "sides[0].troopers[1].lieutenant", `side "red" already has a Lieutenant (line 17)`}},
		},

		{
			name:  "misspelt key",
			edits: []edit{{16, "profile", "profle"}},
			want:  []want{{16, 9, "sides[0].troopers[0].profle", `unknown field "profle" (this mapping takes id, profile, lieutenant, deployment, models); check the spelling`}},
		},
		{
			name:  "number for a string",
			edits: []edit{{36, "zhanshi", "12"}},
			want:  []want{{36, 18, "sides[1].troopers[0].profile", "want a string, got an integer (12)"}},
		},
		{
			name:  "yes for a boolean",
			edits: []edit{{17, "true", "yes"}},
			want:  []want{{17, 21, "sides[0].troopers[0].lieutenant", "want true or false"}},
		},
		{
			name:  "point with three coordinates",
			edits: []edit{{20, "[5, 5]", "[5, 5, 5]"}},
			want:  []want{{20, 17, "sides[0].troopers[0].models[0].at", "want a list of exactly 2 numbers"}},
		},
		{
			name:  "mapping for a list",
			edits: []edit{{30, "[r1]", "{r1: yes}"}},
			want:  []want{{30, 19, "sides[0].combat-groups[0].troopers", "want a list, got a mapping"}},
		},
		{
			name:  "anchor and alias",
			edits: []edit{{16, "fusilier", "&p fusilier"}, {23, "fusilier", "*p"}},
			want: []want{
				{16, 18, "sides[0].troopers[0].profile", "anchors, aliases and merge keys are not supported"},
				{23, 18, "sides[0].troopers[1].profile", "anchors, aliases and merge keys are not supported"},
			},
		},
		{
			name:  "side without a Lieutenant",
			edits: []edit{{37, "true", "false"}},
			want:  []want{{33, 5, "sides[1]", `side "blue" has no Lieutenant`}},
		},
		{
			name:  "trooper in no combat group",
			edits: []edit{{30, "[r1]", "[]"}},
			want:  []want{{15, 9, "sides[0].troopers[0]", `trooper "r1" is in no combat group`}},
		},
		{
			name:  "trooper twice in one combat group",
			edits: []edit{{30, "[r1]", "[r1, r1]"}},
			want:  []want{{30, 24, "sides[0].combat-groups[0].troopers[1]", `trooper "r1" is already in combat group "1" (line 30)`}},
		},
		{
			name:  "combat group with a trooper of the other side",
			edits: []edit{{30, "[r1]", "[r1, b1]"}},
			want:  []want{{30, 24, "sides[0].combat-groups[0].troopers[1]", `trooper "b1" belongs to side "blue", not "red"`}},
		},
		{
			name:  "combat group with an unknown trooper",
			edits: []edit{{30, "[r1]", "[r1, r9]"}},
			want:  []want{{30, 24, "sides[0].combat-groups[0].troopers[1]", `no trooper "r9" on side "red"`}},
		},
		{
			name:  "combat groups with one name",
			edits: []edit{{31, `"2"`, `"1"`}},
			want:  []want{{31, 15, "sides[0].combat-groups[1].name", `combat group "1" is already defined (line 29)`}},
		},
		{
			name:  "trooper id used twice",
			edits: []edit{{35, "b1", "r1"}},
			want: []want{
				{35, 13, "sides[1].troopers[0].id", `trooper id "r1" is already used (line 15)`},
				{42, 20, "sides[1].combat-groups[0].troopers[0]", `no trooper "b1" on side "blue"`},
			},
		},
		{
			name:  "model id used twice",
			edits: []edit{{39, "b1m", "r1m"}},
			want:  []want{{39, 18, "sides[1].troopers[0].models[0].id", `model id "r1m" is already used (line 19)`}},
		},
		{
			name:  "trooper without models",
			edits: []edit{{26, "models:", "models: []"}, {27, "", "#"}},
			want:  []want{{26, 17, "sides[0].troopers[1].models", `trooper "r2" needs at least one model unless its deployment is reserve`}},
		},
		{
			name:  "unknown deployment",
			edits: []edit{{25, "hidden", "hiden"}},
			want:  []want{{25, 21, "sides[0].troopers[1].deployment", `deployment must be hidden, marker or reserve, or absent for on the table; got "hiden"`}},
		},
		{
			name:  "deployment zone corners swapped",
			edits: []edit{{28, "    combat-groups:", "    deployment-zone: [[12, 48], [0, 0]]\n    combat-groups:"}},
			want:  []want{{28, 22, "sides[0].deployment-zone", "corners [12, 48] and [0, 0]: give the [min x, min y] corner first, then [max x, max y]"}},
		},
		{
			name:  "deployment zone off the table",
			edits: []edit{{28, "    combat-groups:", "    deployment-zone: [[0, 0], [50, 12]]\n    combat-groups:"}},
			want:  []want{{28, 22, "sides[0].deployment-zone", "the zone [0, 0]–[50, 12] reaches off the 48×48 table"}},
		},
		{
			name:  "deployment zone not a rectangle",
			edits: []edit{{28, "    combat-groups:", "    deployment-zone: [[0, 0], [48, 12], [0, 12]]\n    combat-groups:"}},
			want:  []want{{28, 22, "sides[0].deployment-zone", "want a list of exactly 2 points, as [[x, y], [x, y]], got a list of 3"}},
		},
		{
			name:  "model off the table",
			edits: []edit{{20, "[5, 5]", "[50, 5]"}},
			want:  []want{{20, 17, "sides[0].troopers[0].models[0].at", "centre (50, 5) is off the 48×48 table"}},
		},
		{
			name:  "model at infinity",
			edits: []edit{{20, "[5, 5]", "[-.inf, 5]"}},
			want:  []want{{20, 18, "sides[0].troopers[0].models[0].at[0]", "must be a finite number, got -Inf"}},
		},
		{
			name:  "facing not a number",
			edits: []edit{{21, "90", ".nan"}},
			want:  []want{{21, 21, "sides[0].troopers[0].models[0].facing", "must be a finite number, got NaN"}},
		},
		{
			name:    "unknown model profile",
			edits:   []edit{{27, "facing: 90}", "facing: 90, profile: ghost}"}},
			catalog: testCatalog,
			want:    []want{{27, 56, "sides[0].troopers[1].models[0].profile", `unknown profile "ghost"`}},
		},
		{
			name:  "silhouette out of range",
			edits: []edit{{27, "facing: 90}", "facing: 90, silhouette: 9}"}},
			want:  []want{{27, 59, "sides[0].troopers[1].models[0].silhouette", "silhouette must be 1 to 8"}},
		},
		{
			name: "every semantic error at once",
			edits: []edit{
				{24, "lieutenant: false", "lieutenant: true"},
				{32, "[r2]", "[r2, r1]"},
				{44, "3", "0"},
			},
			want: []want{
				{24, 21, "sides[0].troopers[1].lieutenant", "already has a Lieutenant"},
				{32, 24, "sides[0].combat-groups[1].troopers[1]", "already in combat group"},
				{44, 9, "rounds", "rounds must be 1 or more"},
			},
		}, {
			name:  "units are the fantasy ruleset's",
			edits: []edit{{28, "    combat-groups:", "    units: [{id: spears}]\n    combat-groups:"}},
			want:  []want{{28, 5, "sides[0].units", `unknown field "units" (a side takes seat, name, faction, troopers, combat-groups, deployables, deployment-zone, fireteams)`}},
		},
		{
			name:  "a side without troopers",
			edits: []edit{{34, "troopers:", "troopers: []"}, {35, "", "#"}, {36, "", "#"}, {37, "", "#"}, {38, "", "#"}, {39, "", "#"}, {42, "[b1]", "[]"}},
			want:  []want{{34, 15, "sides[1].troopers", `side "blue" has no troopers`}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc, err := parse(scenariotest.Apply(t, base, c.edits), c.catalog)
			if sc != nil {
				t.Errorf("Parse returned a scenario with an error")
			}
			scenariotest.Check(t, err, "case.yaml", c.want)
		})
	}
}

// Edits that must leave the armies valid: the checks do not overreach.
func TestReadAccepts(t *testing.T) {
	cases := []struct {
		name    string
		edits   []edit
		catalog scenario.Catalog
	}{
		{"no catalog skips the profile check", []edit{{16, "fusilier", "fusiler"}}, nil},
		{"reserve trooper without models", []edit{{25, "hidden", "reserve"}, {26, "models:", "models: []"}, {27, "", "#"}}, testCatalog},
		{"model on the table edge", []edit{{20, "[5, 5]", "[0, 48]"}}, testCatalog},
		{"marker deployment", []edit{{25, "hidden", "marker"}}, testCatalog},
		{"empty values keep defaults", []edit{{21, "facing: 90", "facing:"}}, testCatalog},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := parse(scenariotest.Apply(t, base, c.edits), c.catalog); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// The armies read at load are the ruleset's typed values; Of returns
// them, or reads them when the scenario was loaded without the ruleset.
func TestOf(t *testing.T) {
	src := scenariotest.Apply(t, base, []edit{{28, "    combat-groups:", "    deployment-zone: [[0, 0], [48, 12]]\n    combat-groups:"}})
	for _, opts := range []scenario.Options{{Catalog: testCatalog}, {}} {
		sc, err := scenario.Parse("zone.yaml", []byte(src), opts)
		if err != nil {
			t.Fatal(err)
		}
		armies, err := Of(sc, testCatalog)
		if err != nil {
			t.Fatal(err)
		}
		if got := armies[0].Troopers[1].Models[0].At; got != [2]float64{8, 5} {
			t.Errorf("r2m at %v, want [8 5]", got)
		}
		if z := armies[0].DeploymentZone; z == nil || *z != [2][2]float64{{0, 0}, {48, 12}} {
			t.Errorf("deployment zone %v", z)
		}
		if armies[1].DeploymentZone != nil || armies[1].Troopers[0].ID != "b1" {
			t.Errorf("blue's army %+v", armies[1])
		}
	}
	// Read at Setup, an army's problems keep their file:line:col.
	sc, err := scenario.Parse("late.yaml", []byte(scenariotest.Apply(t, base, []edit{{37, "true", "false"}})), scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Of(sc, testCatalog)
	scenariotest.Check(t, err, "late.yaml", []want{{33, 5, "sides[1]", `side "blue" has no Lieutenant`}})
}

// Of only reads the scenario: one loaded without the ruleset and set up
// for many games at once (the conformance suite runs its playouts side by
// side, each from its own Setup) is read by all of them, so the armies
// read at Setup are not written back into it, which raced (go test -race)
// and let the first Setup's catalog answer for every later one.
func TestOfLeavesTheScenarioAsLoaded(t *testing.T) {
	sc, err := scenario.Parse("shared.yaml", []byte(base), scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if _, err := Of(sc, testCatalog); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for i, side := range sc.Sides {
		if side.Army.Value != nil {
			t.Errorf("side %d: Of kept its army in the scenario (%T)", i, side.Army.Value)
		}
	}
	// A profile the first catalog knew and the next does not: each Setup
	// checks the armies against its own catalog.
	if _, err := Of(sc, profiles{"zhanshi": true, "scout": true}); err == nil {
		t.Error("a catalog without the fusilier accepted the army that names one")
	}
}

// A scenario changed in Go is checked by scenario.Validate with the
// armies it holds: errors name the field but no line.
func TestValidate(t *testing.T) {
	sc, err := parse(base, testCatalog)
	if err != nil {
		t.Fatal(err)
	}
	sc.Sides[1].Army.Value.(*Side).Troopers[0].Lieutenant = false
	err = scenario.Validate(sc, scenario.Options{Catalog: profiles{}})
	var errs scenario.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("got %T %v, want Errors", err, err)
	}
	want := []string{
		`case.yaml: sides[0].troopers[0].profile: unknown profile "fusilier"`,
		`case.yaml: sides[0].troopers[1].profile: unknown profile "fusilier"`,
		`case.yaml: sides[1].troopers[0].profile: unknown profile "zhanshi"`,
		`case.yaml: sides[1]: side "blue" has no Lieutenant; mark one trooper with lieutenant: true`,
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%v", len(errs), len(want), err)
	}
	for i, w := range want {
		if got := errs[i].Error(); got != w {
			t.Errorf("error %d: got %q, want %q", i, got, w)
		}
	}
}

// A duplicate's message points back at the first by line in a file and by
// field path in a scenario built in Go.
func TestValidateDuplicateWithoutFile(t *testing.T) {
	sc, err := parse(base, nil)
	if err != nil {
		t.Fatal(err)
	}
	sc.Sides[1].Army.Value.(*Side).Troopers[0].Models[0].ID = "r1m"
	err = scenario.Validate(sc, scenario.Options{Catalog: profiles(nil)})
	want := `case.yaml: sides[1].troopers[0].models[0].id: model id "r1m" is already used (sides[0].troopers[0].models[0].id); ids must be unique across the scenario`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

var (
	side         = scenariotest.Side
	scenarioWith = scenariotest.With
	ids          = scenariotest.IDs
)

// Bounded input (issue #10): an army's lists and strings are held to their
// bounds (100 troopers and combat groups a side, 8 models a trooper,
// MaxString) before anything reads them, each refused once at the list or
// string over it; and the bounds leave room for 100 troopers.
func TestBounds(t *testing.T) {
	longID := strings.Repeat("x", scenario.MaxString+1)
	for _, c := range []struct {
		name, src, want string
	}{
		{"101 troopers on a side", scenarioWith(side("red", 101, ids("t")), ""),
			"f.yaml:7:7: sides[0].troopers: 101 entries, more than the 100 a scenario may have here; none was read\n" +
				"f.yaml:108:43: sides[0].combat-groups[0].troopers: 101 entries, more than the 100 a scenario may have here; none was read"},
		{"a trooper id over MaxString", scenarioWith(side("red", 1, func(int) string { return longID }), ""),
			`f.yaml:7:14: sides[0].troopers[0].id: a string of 201 bytes ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…), longer than the 200 a scenario may have` + "\n" +
				`f.yaml:7:268: sides[0].troopers[0].models[0].id: a string of 203 bytes ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…), longer than the 200 a scenario may have` + "\n" +
				`f.yaml:8:44: sides[0].combat-groups[0].troopers[0]: a string of 201 bytes ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…), longer than the 200 a scenario may have`},
		{"100 troopers", scenarioWith(side("red", 100, ids("t")), ""), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := scenario.Parse("f.yaml", []byte(c.src), scenario.Options{Catalog: testCatalog})
			if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && got != c.want) {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	// An army built in Go is held to the same bounds by Validate.
	sc, err := scenario.Parse("f.yaml", []byte(scenarioWith(side("red", 1, ids("t")), "")), scenario.Options{Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	red := sc.Sides[0].Army.Value.(*Side)
	for range 100 {
		red.Troopers = append(red.Troopers, red.Troopers[0])
	}
	want := "f.yaml: sides[0].troopers: 101 entries, more than the 100 a scenario may have here"
	if err := scenario.Validate(sc, scenario.Options{Catalog: testCatalog}); err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
}

// typed is a catalog that names the Infinity army's type
// (scenario.ArmyTyper), as the Infinity catalog does.
type typed struct{ profiles }

func (typed) ArmyType() reflect.Type { return reflect.TypeFor[Side]() }

// An army over the Infinity bounds (Bounded input: 100 troopers a side, 8
// models a trooper) is refused on the scan of the file's bytes, before the
// YAML parse, once the ruleset's catalog is known: given, or picked by the
// file's ruleset line wherever it stands (Options.CatalogFor). The file
// ends in a syntax error that only the parse would find: a refusal that
// names the bounds and not the syntax was made without parsing.
func TestBoundsBeforeTheParse(t *testing.T) {
	over := scenarioWith(side("red", 101, ids("t")), "")
	over = strings.Replace(over, "ruleset: test\n", "", 1) + "ruleset: test\nbroken: [\n"
	eight := strings.Replace(scenarioWith(side("red", 1, ids("t")), "ruleset: test\nbroken: [\n"), "models: [{id: t0-m, at: [1, 1], facing: 0}]",
		"models: [{id: a, at: [1, 1]}, {id: b, at: [1, 1]}, {id: c, at: [1, 1]}, {id: d, at: [1, 1]}, {id: e, at: [1, 1]}, {id: f, at: [1, 1]}, {id: g, at: [1, 1]}, {id: h, at: [1, 1]}, {id: i, at: [1, 1]}]", 1)
	eight = strings.Replace(eight, "ruleset: test\n", "", 1)
	const (
		troopers = "f.yaml:6:7: sides[0].troopers: 101 entries, more than the 100 a scenario may have here; none was read\n" +
			"f.yaml:107:43: sides[0].combat-groups[0].troopers: 101 entries, more than the 100 a scenario may have here; none was read"
		models = "f.yaml:6:63: sides[0].troopers[0].models: 9 entries, more than the 8 a scenario may have here; none was read"
	)
	asked := 0
	cat := typed{testCatalog}
	byName := scenario.Options{CatalogFor: func(name string) scenario.Catalog {
		asked++
		if name == "test" {
			return cat
		}
		return nil
	}}
	for _, c := range []struct {
		name, src string
		opts      scenario.Options
		want      string
	}{
		{"101 troopers, the catalog given", over, scenario.Options{Catalog: cat}, troopers},
		{"101 troopers, the catalog by the ruleset line after the sides", over, byName, troopers},
		{"9 models, the catalog by the ruleset line", eight, byName, models},
		{"the ruleset line written so that it cannot be read before the parse", strings.Replace(over, "ruleset: test", "ruleset: !!str test", 1), byName, "yaml"},
		{"no army type: the parse runs first", over, scenario.Options{Catalog: testCatalog}, "yaml"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := scenario.Parse("f.yaml", []byte(c.src), c.opts)
			got := fmt.Sprint(err)
			if c.want == "yaml" {
				if err == nil || strings.Contains(got, "entries") {
					t.Fatalf("got %v, want the parse's syntax error", err)
				}
				return
			}
			if got != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	// The catalog is asked for once a file, before the parse, when the
	// file names its ruleset as the parse reads it.
	asked = 0
	if _, err := scenario.Parse("f.yaml", []byte(scenarioWith(side("red", 3, ids("t")), "")), byName); err != nil || asked != 1 {
		t.Fatalf("got %v, the catalog asked for %d times; want no error, once", err, asked)
	}
}

// BenchmarkHostileScenario measures the refusal of issue #10's hostile
// armies that pass the file bounds, with the ruleset's army type unknown
// before the parse (101 troopers parsed, then refused) and known (refused
// by the scan): go test -run '^$' -bench Hostile -benchmem ./infinity/sides/
func BenchmarkHostileScenario(b *testing.B) {
	for name, src := range map[string]string{
		"101 troopers":            scenarioWith(side("red", 101, ids("t")), ""),
		"2,000 troopers (250 KB)": scenarioWith(side("red", 2000, ids("t")), ""),
	} {
		for _, cat := range []scenario.Catalog{testCatalog, typed{testCatalog}} {
			how := "army type unknown"
			if _, ok := cat.(scenario.ArmyTyper); ok {
				how = "army type known"
			}
			b.Run(name+"/"+how, func(b *testing.B) {
				for b.Loop() {
					if _, err := scenario.Parse("f.yaml", []byte(src), scenario.Options{Catalog: cat}); err == nil {
						b.Fatal("accepted")
					}
				}
			})
		}
	}
}
