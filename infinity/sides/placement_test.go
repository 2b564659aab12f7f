package sides

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/scenario"
	"github.com/ordo-rules/ordo/scenario/scenariotest"
)

// sizes is a test catalog that knows Silhouettes.
type sizes map[string]int

func (c sizes) HasProfile(name string) bool { _, ok := c[name]; return ok }
func (c sizes) ReadArmies(sc *scenario.Scenario, ck *scenario.Checker) {
	Read(sc, c, ck)
}
func (c sizes) Silhouette(name string) (int, bool) {
	s, ok := c[name]
	return s, ok
}

// Placement (Silhouette (N4): a base takes its own room on the table;
// impassable scenery cannot be entered): a scenario whose bases overlap,
// or whose base stands in impassable terrain, is refused at load, at the
// model's position, naming the other model or the terrain. Touching is
// allowed, a trooper in reserve is not on the table, and a base's size
// comes from its Silhouette override or its profile's in the catalog.
func TestPlacement(t *testing.T) {
	impassable := edit{11, "blocks-lof: true", "impassable: true"}
	cases := []struct {
		name    string
		edits   []edit
		catalog scenario.Catalog
		want    string // the error, "" for none
	}{
		{"two models on one spot", []edit{{27, "at: [8, 5]", "at: [5, 5]"}}, testCatalog,
			`base.yaml:27:27: sides[0].troopers[1].models[0].at: the base of "r2m" (at least a 25 mm base) overlaps the base of r1m (line 20): bases may touch but not overlap`},
		{"S8 bases 2 inches apart", []edit{{21, "", "            silhouette: 8"}, {27, "at: [8, 5]", "at: [7, 5], silhouette: 8"}}, testCatalog,
			`base.yaml:27:27: sides[0].troopers[1].models[0].at: the base of "r2m" (S8, 70 mm base) overlaps the base of r1m (line 20): bases may touch but not overlap`},
		{"S4 profiles from the catalog", []edit{{27, "at: [8, 5]", "at: [7, 5]"}}, sizes{"fusilier": 4, "zhanshi": 2},
			`base.yaml:27:27: sides[0].troopers[1].models[0].at: the base of "r2m" (S4, 55 mm base) overlaps the base of r1m (line 20): bases may touch but not overlap`},
		{"the same without the catalog's sizes: 25 mm bases 2 inches apart", []edit{{27, "at: [8, 5]", "at: [7, 5]"}}, testCatalog, ""},
		{"bases in contact", []edit{{27, "at: [8, 5]", "at: [5.984251968503937, 5]"}}, testCatalog, ""},
		{"a model in reserve is not on the table", []edit{{25, "hidden", "reserve"}, {27, "at: [8, 5]", "at: [5, 5]"}}, testCatalog, ""},
		{"a model inside impassable terrain", []edit{impassable, {20, "at: [5, 5]", "at: [19, 11]"}}, testCatalog,
			`base.yaml:20:17: sides[0].troopers[0].models[0].at: the base of "r1m" (at least a 25 mm base) stands in impassable terrain "wall" (line 9)`},
		{"a base reaching over the edge of impassable terrain", []edit{impassable, {20, "at: [5, 5]", "at: [15, 9.8]"}}, testCatalog,
			`base.yaml:20:17: sides[0].troopers[0].models[0].at: the base of "r1m" (at least a 25 mm base) stands in impassable terrain "wall" (line 9)`},
		{"a base touching impassable terrain", []edit{impassable, {20, "at: [5, 5]", "at: [15, 9.5]"}}, testCatalog, ""},
		{"inside terrain that is not impassable", []edit{{20, "at: [5, 5]", "at: [19, 11]"}}, testCatalog, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := scenariotest.Apply(t, base, c.edits)
			_, err := scenario.Parse("base.yaml", []byte(src), scenario.Options{Catalog: c.catalog})
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case c.want != "" && (err == nil || err.Error() != c.want):
				t.Fatalf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}

// Placement, at the bound: 800 models (8 sides of 100) on one spot are
// refused quickly, each overlap reported once at the later model.
func TestPlacementManyModels(t *testing.T) {
	var b strings.Builder
	b.WriteString("name: crowd\nruleset: test\ntable: {width: 48, height: 48}\nsides:\n")
	seats := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	for _, seat := range seats {
		b.WriteString(side(seat, 100, ids(seat)))
	}
	b.WriteString("initiative: a\nrounds: 1\n")
	src := strings.ReplaceAll(b.String(), "at: [", "at: [1") // each side's models on the others' spots
	_, err := scenario.Parse("f.yaml", []byte(src), scenario.Options{Catalog: profiles(nil)})
	if err == nil {
		t.Fatal("accepted")
	}
	if n := strings.Count(err.Error(), "overlaps"); n < 700 {
		t.Errorf("%d overlaps reported", n)
	}
}
