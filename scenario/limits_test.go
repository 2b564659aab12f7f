package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// side writes one side of a scenario with n troopers, each with one model,
// all in one combat group (which the bound on combat-group troopers then
// also meets).
func side(seat string, n int, id func(i int) string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  - seat: %s\n    troopers:\n", seat)
	for i := range n {
		fmt.Fprintf(&b, "      - {id: %s, profile: fusilier, lieutenant: %v, models: [{id: %s-m, at: [%d, %d], facing: 0}]}\n", id(i), i == 0, id(i), i%40+1, i/40*2+1)
	}
	b.WriteString("    combat-groups: [{name: \"1\", troopers: [")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(id(i))
	}
	b.WriteString("]}]\n")
	return b.String()
}

// scenarioWith writes a scenario around a red side and extra top-level
// fields.
func scenarioWith(red, extra string) string {
	return "name: bounds\nruleset: test\ntable: {width: 48, height: 48}\nsides:\n" + red +
		"  - seat: blue\n    troopers: [{id: b, profile: fusilier, lieutenant: true, models: [{id: b-m, at: [40, 40], facing: 0}]}]\n" +
		"    combat-groups: [{name: \"1\", troopers: [b]}]\n" + "initiative: red\nrounds: 1\n" + extra
}

func ids(prefix string) func(int) string {
	return func(i int) string { return fmt.Sprintf("%s%d", prefix, i) }
}

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
		{"101 troopers on a side", func() string { return scenarioWith(side("red", 101, ids("t")), "") },
			"f.yaml:7:7: sides[0].troopers: 101 entries, more than the 100 a scenario may have here; none was read\n" +
				"f.yaml:108:43: sides[0].combat-groups[0].troopers: 101 entries, more than the 100 a scenario may have here; none was read"},
		{"a polygon of 100,000 corners (2.3 MB)", func() string { return scenarioWith(side("red", 1, ids("t")), polygon(99999)) },
			"f.yaml: the file is larger than 256 KiB, the most a file may hold; nothing was parsed"},
		{"a polygon of 257 corners", func() string { return scenarioWith(side("red", 1, ids("t")), polygon(256)) },
			"f.yaml:16:14: terrain[0].polygon: 257 entries, more than the 256 a scenario may have here; none was read"},
		{"a 5 MB trooper id", func() string {
			return scenarioWith("  - seat: red\n    troopers: [{id: "+strings.Repeat("x", 5<<20)+", profile: fusilier}]\n", "")
		},
			"f.yaml: the file is larger than 256 KiB, the most a file may hold; nothing was parsed"},
		{"a trooper id over MaxString", func() string { return scenarioWith(side("red", 1, func(int) string { return longID }), "") },
			`f.yaml:7:14: sides[0].troopers[0].id: a string of 201 bytes ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…), longer than the 200 a scenario may have` + "\n" +
				`f.yaml:7:268: sides[0].troopers[0].models[0].id: a string of 203 bytes ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…), longer than the 200 a scenario may have` + "\n" +
				`f.yaml:8:44: sides[0].combat-groups[0].troopers[0]: a string of 201 bytes ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…), longer than the 200 a scenario may have`},
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
	for range 100 {
		sc.Sides[0].Troopers = append(sc.Sides[0].Troopers, sc.Sides[0].Troopers[0])
	}
	sc.Name = strings.Repeat("n", 5000)
	want := `f.yaml: name: a string of 5000 bytes ("nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"…), longer than the 200 a scenario may have` + "\n" +
		"f.yaml: sides[0].troopers: 101 entries, more than the 100 a scenario may have here"
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

// BenchmarkHostileScenario measures the refusal of issue #10's hostile
// scenarios that pass the file bounds: go test -run '^$' -bench Hostile -benchmem ./scenario/
func BenchmarkHostileScenario(b *testing.B) {
	for name, src := range map[string]string{
		"101 troopers":            scenarioWith(side("red", 101, ids("t")), ""),
		"2,000 troopers (250 KB)": scenarioWith(side("red", 2000, ids("t")), ""),
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Parse("f.yaml", []byte(src), Options{}); err == nil {
					b.Fatal("accepted")
				}
			}
		})
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
