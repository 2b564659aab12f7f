package scenario

import (
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// base is a valid scenario. Each case of TestParseErrors breaks it by
// editing lines in place, so the line numbers in the comments stay true and
// each case can name the exact line and column it expects.
const base = `name: Test skirmish                               #  1
ruleset: test                                     #  2
rulings:                                          #  3
  dodge-mods: single                              #  4
table:                                            #  5
  width: 48                                       #  6
  height: 48                                      #  7
terrain:                                          #  8
  - name: wall                                    #  9
    polygon: [[10, 10], [20, 10], [20, 12]]       # 10
    blocks-lof: true                              # 11
sides:                                            # 12
  - seat: red                                     # 13
    troopers:                                     # 14
      - id: r1                                    # 15
        profile: fusilier                         # 16
        lieutenant: true                          # 17
        models:                                   # 18
          - id: r1m                               # 19
            at: [5, 5]                            # 20
            facing: 90                            # 21
      - id: r2                                    # 22
        profile: fusilier                         # 23
        lieutenant: false                         # 24
        deployment: hidden                        # 25
        models:                                   # 26
          - {id: r2m, at: [8, 5], facing: 90}     # 27
    combat-groups:                                # 28
      - name: "1"                                 # 29
        troopers: [r1]                            # 30
      - name: "2"                                 # 31
        troopers: [r2]                            # 32
  - seat: blue                                    # 33
    troopers:                                     # 34
      - id: b1                                    # 35
        profile: zhanshi                          # 36
        lieutenant: true                          # 37
        models:                                   # 38
          - {id: b1m, at: [40, 40], facing: 270}  # 39
    combat-groups:                                # 40
      - name: "1"                                 # 41
        troopers: [b1]                            # 42
initiative: red                                   # 43
rounds: 3                                         # 44
script:                                           # 45
  - seat: red                                     # 46
    action: {kind: move, model: r1m, to: [6, 8]}  # 47
    dice: [12]                                    # 48
    expect:                                       # 49
      events: [moved]                             # 50
      seats: [blue]                               # 51
`

// catalog is a Catalog for tests: the set of profiles it knows.
type catalog map[string]bool

func (c catalog) HasProfile(name string) bool { return c[name] }

var testCatalog = catalog{"fusilier": true, "zhanshi": true, "scout": true}

// edit replaces old by new on one line (1-based) of a source; an empty old
// replaces the whole line.
type edit struct {
	line     int
	old, new string
}

func applyEdits(t *testing.T, src string, edits []edit) string {
	t.Helper()
	lines := strings.Split(src, "\n")
	for _, e := range edits {
		l := lines[e.line-1]
		if e.old == "" {
			lines[e.line-1] = e.new
			continue
		}
		if strings.Count(l, e.old) != 1 {
			t.Fatalf("edit: line %d %q does not hold %q exactly once", e.line, l, e.old)
		}
		lines[e.line-1] = strings.Replace(l, e.old, e.new, 1)
	}
	return strings.Join(lines, "\n")
}

// want is one expected error: its exact position and field, and a part of
// its message.
type want struct {
	line, col int
	field     string
	msg       string
}

func TestParseValidBase(t *testing.T) {
	sc, err := Parse("base.yaml", []byte(base), Options{Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	if sc.File != "base.yaml" || sc.Name != "Test skirmish" || len(sc.Sides) != 2 || sc.Rounds != 3 {
		t.Errorf("decoded %+v", sc)
	}
	if got := sc.Sides[0].Troopers[1].Models[0].At; got != [2]float64{8, 5} {
		t.Errorf("r2m at %v, want [8 5]", got)
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
			name:  "wrong indentation: a model key under the trooper",
			edits: []edit{{21, "            facing", "        facing"}},
			want:  []want{{21, 9, "sides[0].troopers[0].facing", `unknown field "facing"`}},
		},
		{
			// A terrain kind is read by a ruleset whose catalog checks
			// it (TerrainChecker); one that reads the flags refuses it.
			name:    "terrain kind for a ruleset without kinds",
			edits:   []edit{{11, "    blocks-lof: true", "    kind: forest"}},
			catalog: testCatalog,
			want:    []want{{11, 11, "terrain[0].kind", `takes no terrain kinds`}},
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

		// Form: what goccy or the schema check rejects.
		{
			name:  "misspelt key",
			edits: []edit{{16, "profile", "profle"}},
			want:  []want{{16, 9, "sides[0].troopers[0].profle", `unknown field "profle" (this mapping takes id, profile, lieutenant, deployment, models); check the spelling`}},
		},
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
			edits: []edit{{6, "48", "wide"}, {16, "profile", "profle"}, {44, "3", "three"}},
			want: []want{
				{6, 10, "table.width", "want a number"},
				{16, 9, "sides[0].troopers[0].profle", "unknown field"},
				{44, 9, "rounds", "want a whole number"},
			},
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
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := c.src
			if src == "" {
				src = applyEdits(t, base, c.edits)
			}
			sc, err := Parse("case.yaml", []byte(src), Options{Catalog: c.catalog})
			if err == nil {
				t.Fatalf("Parse succeeded; want %d errors", len(c.want))
			}
			if sc != nil {
				t.Errorf("Parse returned a scenario with an error")
			}
			var errs Errors
			if !errors.As(err, &errs) {
				t.Fatalf("error is %T, want Errors: %v", err, err)
			}
			if len(errs) != len(c.want) {
				t.Errorf("got %d errors, want %d:\n%v", len(errs), len(c.want), err)
			}
			for i, w := range c.want {
				if i >= len(errs) {
					break
				}
				e := errs[i]
				if e.File != "case.yaml" || e.Line != w.line || e.Col != w.col || e.Field != w.field || !strings.Contains(e.Msg, w.msg) {
					t.Errorf("error %d:\n got %s\nwant case.yaml:%d:%d: %s: …%s…", i, e, w.line, w.col, w.field, w.msg)
				}
			}
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
		{"no catalog skips the profile check", []edit{{16, "fusilier", "fusiler"}}, nil},
		{"reserve trooper without models", []edit{{25, "hidden", "reserve"}, {26, "models:", "models: []"}, {27, "", "#"}}, testCatalog},
		{"chance acts in the script", []edit{{46, "red", "chance"}}, testCatalog},
		{"model on the table edge", []edit{{20, "[5, 5]", "[0, 48]"}}, testCatalog},
		{"marker deployment", []edit{{25, "hidden", "marker"}}, testCatalog},
		{"no script", []edit{{45, "", "#"}, {46, "", "#"}, {47, "", "#"}, {48, "", "#"}, {49, "", "#"}, {50, "", "#"}, {51, "", "#"}}, testCatalog},
		{"empty values keep defaults", []edit{{21, "facing: 90", "facing:"}, {11, "", "    blocks-lof:"}}, testCatalog},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := applyEdits(t, base, c.edits)
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

// A side's Deployment Zone is read as its two corners.
func TestParseDeploymentZone(t *testing.T) {
	src := applyEdits(t, base, []edit{{28, "    combat-groups:", "    deployment-zone: [[0, 0], [48, 12]]\n    combat-groups:"}})
	sc, err := Parse("zone.yaml", []byte(src), Options{Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	if z := sc.Sides[0].DeploymentZone; z == nil || *z != [2][2]float64{{0, 0}, {48, 12}} {
		t.Fatalf("deployment zone %v", z)
	}
	if sc.Sides[1].DeploymentZone != nil {
		t.Fatal("a side without a zone has none")
	}
}

// CatalogFor picks the catalog of the ruleset the scenario names, so one
// parse both learns the ruleset and checks its profiles: an unknown profile
// is reported at its line as with Options.Catalog.
func TestCatalogFor(t *testing.T) {
	var asked []string
	opts := Options{CatalogFor: func(ruleset string) Catalog {
		asked = append(asked, ruleset)
		return catalog{"fusilier": true}
	}}
	_, err := Parse("base.yaml", []byte(base), opts)
	if len(asked) != 1 || asked[0] != "test" {
		t.Fatalf("CatalogFor asked for %q, want once for test", asked)
	}
	if err == nil || !strings.Contains(err.Error(), "zhanshi") {
		t.Fatalf("a profile the ruleset's catalog lacks was not reported: %v", err)
	}
	if _, err := Parse("base.yaml", []byte(base), Options{CatalogFor: func(string) Catalog { return testCatalog }}); err != nil {
		t.Fatalf("with every profile known: %v", err)
	}
	// Options.Catalog, when given, wins.
	if _, err := Parse("base.yaml", []byte(base), Options{Catalog: testCatalog, CatalogFor: func(string) Catalog { return catalog{} }}); err != nil {
		t.Fatalf("Options.Catalog given: %v", err)
	}
}
