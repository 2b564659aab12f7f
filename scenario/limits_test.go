package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/yamlfile"
	"github.com/ordo-rules/ordo/scenario/scenariotest"
)

var (
	side         = scenariotest.Side
	scenarioWith = scenariotest.With
	ids          = scenariotest.IDs
)

// Bounded input (issue #10): each bound of a scenario file is refused with
// one error at the list or string over it, before its entries are read,
// and an error quotes at most the start of a bad value.
func TestScenarioBounds(t *testing.T) {
	polygon := func(n int) string {
		return "terrain:\n  - name: wall\n    polygon: [" + strings.Repeat("[12.5, 7.25], ", n) + "[1, 1]]\n"
	}
	longID := strings.Repeat("x", MaxString+1)
	cases := []struct {
		name string
		src  func() string
		want string
	}{
		{"100,000 troopers (10.6 MB)", func() string {
			return scenarioWith("  - seat: red\n    troopers:\n"+strings.Repeat("      - {id: trooper, profile: fusilier, models: [{id: model, at: [1, 1], facing: 0}]}\n", 100000), "")
		},
			"f.yaml: the file is larger than 256 KiB, the most a file may hold; nothing was parsed"},
		{"a polygon of 100,000 corners (2.3 MB)", func() string { return scenarioWith(side("red", 1, ids("t")), polygon(99999)) },
			"f.yaml: the file is larger than 256 KiB, the most a file may hold; nothing was parsed"},
		{"a polygon of 257 corners", func() string { return scenarioWith(side("red", 1, ids("t")), polygon(256)) },
			"f.yaml:16:14: terrain[0].polygon: 257 entries, more than the 256 a scenario may have here; none was read"},
		{"a 5 MB trooper id", func() string {
			return scenarioWith("  - seat: red\n    troopers: [{id: "+strings.Repeat("x", 5<<20)+", profile: fusilier}]\n", "")
		},
			"f.yaml: the file is larger than 256 KiB, the most a file may hold; nothing was parsed"},
		{"501 forced dice in a step", func() string {
			return scenarioWith(side("red", 1, ids("t")), "script:\n  - seat: red\n    action: {kind: k}\n    dice: ["+strings.Repeat("1, ", 500)+"1]\n")
		},
			"f.yaml:17:11: script[0].dice: 501 entries, more than the 500 a scenario may have here; none was read"},
		{"a Move route of 1,001 points in a scripted action", func() string {
			return scenarioWith(side("red", 1, ids("t")), "script:\n  - seat: red\n    action: {kind: activate, skill: {name: move, route: ["+strings.Repeat("[1, 1], ", 1000)+"[1, 1]]}}\n")
		},
			"f.yaml:16:57: script[0].action.skill.route: 1001 entries, more than the 1000 a scenario may have here; none was read"},
		{"a long key in free-form content", func() string {
			return scenarioWith(side("red", 1, ids("t")), "script:\n  - seat: red\n    action: {kind: k, "+longID+": 1}\n")
		},
			`f.yaml:16:23: script[0].action: a string of 201 bytes ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…), longer than the 200 a scenario may have`},
		{"9 sides", func() string {
			return "name: x\nruleset: test\ntable: {width: 48, height: 48}\nsides: [" + strings.Repeat("{seat: a}, ", 8) + "{seat: a}]\ninitiative: a\nrounds: 1\n"
		},
			"f.yaml:4:8: sides: 9 entries, more than the 8 a scenario may have here; none was read"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("f.yaml", []byte(c.src()), Options{Catalog: testCatalog})
			if err == nil || err.Error() != c.want {
				got := fmt.Sprint(err)
				if len(got) > 500 {
					got = got[:500] + "…"
				}
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// The bounds leave room: a side of 100 troopers and a polygon of 256
// corners load.
func TestScenarioBoundsAllowTheLimit(t *testing.T) {
	var poly strings.Builder
	poly.WriteString("terrain:\n  - name: wall\n    polygon: [")
	for i := range 256 {
		// a convex polygon: points on a circle of radius 5 around (24, 24)
		if i > 0 {
			poly.WriteString(", ")
		}
		fmt.Fprintf(&poly, "[%d, %d]", 24+i%5, 24+i/50) // shape is not checked here
	}
	poly.WriteString("]\n")
	src := scenarioWith(side("red", 100, ids("t")), poly.String())
	if _, err := Parse("f.yaml", []byte(src), Options{Catalog: testCatalog}); err != nil {
		t.Fatal(err)
	}
}

// Bounded input: a scenario built in Go is held to the same bounds by
// Validate, before anything else is checked.
func TestValidateBounds(t *testing.T) {
	sc, err := Parse("f.yaml", []byte(scenarioWith(side("red", 1, ids("t")), "")), Options{Catalog: testCatalog})
	if err != nil {
		t.Fatal(err)
	}
	sc.Name = strings.Repeat("n", 5000)
	sc.Sides[1].Faction = strings.Repeat("f", 300)
	want := `f.yaml: name: a string of 5000 bytes ("nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"…), longer than the 200 a scenario may have` + "\n" +
		`f.yaml: sides[1].faction: a string of 300 bytes ("ffffffffffffffffffffffffffffffff"…), longer than the 200 a scenario may have`
	if err := Validate(sc, Options{}); err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
}

// Bounded input: Load reads no more than the size bound and a byte.
func TestLoadFileSizeBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(path, []byte(strings.Repeat("#", yamlfile.MaxFileSize+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path, Options{})
	if want := path + ": the file is larger than 256 KiB, the most a file may hold; nothing was parsed"; err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}

// MaxTerrain and MaxPolygon, which the rulesets' state decoders use, are
// the bounds the file's tags give.
func TestBoundConstantsMatchTags(t *testing.T) {
	f, _ := reflect.TypeFor[Scenario]().FieldByName("Terrain")
	g, _ := reflect.TypeFor[Terrain]().FieldByName("Polygon")
	if maxOf(f) != MaxTerrain || maxOf(g) != MaxPolygon {
		t.Errorf("terrain %d (MaxTerrain %d), polygon %d (MaxPolygon %d)", maxOf(f), MaxTerrain, maxOf(g), MaxPolygon)
	}
}

// Bounded input (issue #10): a file just under the size bound full of
// tiny entries, one list or mapping over its bound, is refused by the scan
// of its bytes before the YAML parser sees it (which took 160 ms and 47 MB
// for 2,000 troopers, and seconds for a mapping of 20,000 keys): the same
// error as the schema pass gives, and a handful of allocations where the
// parser makes one a token or more. One case per bound.
func TestScenarioBoundsBeforeParsing(t *testing.T) {
	const base = "name: b\nruleset: test\ntable: {width: 48, height: 48}\ninitiative: red\nrounds: 1\n"
	// fill repeats item after prefix, as often as the size bound allows,
	// and closes with suffix; n is how many items it wrote.
	fill := func(prefix, item, suffix string) (src string, n int) {
		n = (yamlfile.MaxFileSize - len(base) - len(prefix) - len(suffix) - 16) / len(item)
		return base + prefix + strings.Repeat(item, n) + suffix, n
	}
	side := "sides:\n  - seat: red\n    "
	step := "script:\n  - seat: red\n    action: {kind: k}\n    "
	for _, tc := range []struct {
		bound, prefix, item, suffix, field string
		max                                int
	}{
		{"8 sides", "sides: [", "{seat: a}, ", "]\n", "sides", 8},
		{"1,000 entries in an army list (the ruleset's)", side + "troopers: [", "{}, ", "]\n", "sides[0].troopers", 1000},
		{"1,000 entries in a list inside an army", side + "troopers:\n      - id: t\n        models: [", "{}, ", "]\n", "sides[0].troopers[0].models", 1000},
		{"500 terrain pieces", "terrain: [", "{}, ", "]\n", "terrain", 500},
		{"256 polygon corners", "terrain:\n  - name: wall\n    polygon: [", "[1, 1], ", "]\n", "terrain[0].polygon", 256},
		{"16 catalog files", "catalogs: [", "a, ", "]\n", "catalogs", 16},
		{"64 rulings", "rulings:\n", "  k: v\n", "", "rulings", 64},
		{"5,000 script steps", "script: [", "{}, ", "]\n", "script", 5000},
		{"500 forced dice a step", step + "dice: [", "1, ", "]\n", "script[0].dice", 500},
		{"8 expected seats", step + "expect: {seats: [", "a, ", "]}\n", "script[0].expect.seats", 8},
		{"500 expected events", step + "expect: {events: [", "e, ", "]}\n", "script[0].expect.events", 500},
		{"500 expected states", step + "expect:\n      state:\n", "        k: 1\n", "", "script[0].expect.state", 500},
		{"1,000 entries in a list of an action", "script:\n  - seat: red\n    action: {kind: k, route: [", "[1, 1], ", "]}\n", "script[0].action.route", 1000},
		{"1,000 keys in an action", "script:\n  - seat: red\n    action: {", "k: 1, ", "}\n", "script[0].action", 1000},
		{"1,000 keys in a mapping of fields", "", "", "", "", 1000},
	} {
		t.Run(tc.bound, func(t *testing.T) {
			var src string
			var n int
			switch tc.bound {
			default:
				src, n = fill(tc.prefix, tc.item, tc.suffix)
			case "1,000 keys in a mapping of fields":
				var b strings.Builder
				for i := 0; b.Len() < yamlfile.MaxFileSize-200; i++ {
					fmt.Fprintf(&b, "k%d: 1\n", i)
				}
				src = base + b.String()
				n = 5 + strings.Count(b.String(), "\n")
			}
			if len(src) > yamlfile.MaxFileSize {
				t.Fatalf("%d bytes", len(src))
			}
			data := []byte(src)
			var err error
			allocs := testing.AllocsPerRun(1, func() { _, err = Parse("f.yaml", data, Options{}) })
			want := fmt.Sprintf("%d entries, more than the %d a scenario may have here; none was read", n, tc.max)
			if tc.field != "" {
				want = tc.field + ": " + want
			}
			if err == nil || !strings.HasSuffix(err.Error(), want) || strings.Contains(err.Error(), "\n") {
				got := fmt.Sprint(err)
				if len(got) > 300 {
					got = got[:300] + "…"
				}
				t.Fatalf("got  %s\nwant …%s", got, want)
			}
			if allocs > 100 {
				t.Errorf("%v allocations: the parser ran", allocs)
			}
		})
	}
}

// Bounded input: a scenario whose lists are each within their bounds but
// hold more than MaxEntries entries together (20 steps of 500 forced dice)
// is refused before the parser sees it; 19 such steps are within it.
func TestScenarioEntriesInAll(t *testing.T) {
	const base = "name: b\nruleset: test\ntable: {width: 48, height: 48}\ninitiative: red\nrounds: 1\nscript:\n"
	step := "  - seat: red\n    action: {kind: k}\n    dice: [" + strings.Repeat("1, ", 499) + "1]\n"
	data := []byte(base + strings.Repeat(step, 20))
	var err error
	allocs := testing.AllocsPerRun(1, func() { _, err = Parse("f.yaml", data, Options{}) })
	want := "f.yaml:66:1188: the file holds more than 10,000 list and mapping entries in all by here (a block mapping's keys count more as it grows), the most a file may hold; nothing was parsed"
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
	if allocs > 100 {
		t.Errorf("%v allocations: the parser ran", allocs)
	}
	if _, err := Parse("f.yaml", []byte(base+strings.Repeat(step, 19)), Options{}); err == nil || strings.Contains(err.Error(), "in all") {
		t.Fatalf("19 steps: %v", err)
	}
}
