package scenario

import (
	"strings"
	"testing"
)

// A side may give ruleset-specific units instead of troopers: the loader
// keeps them for the ruleset and does not ask for a Lieutenant or combat
// groups; a side that gives both, or neither, is refused.
func TestSideOfUnits(t *testing.T) {
	const head = "name: units\nruleset: fantasy\ntable: {width: 48, height: 48}\ninitiative: red\nrounds: 1\nsides:\n"
	ok := head + `  - seat: red
    units: [{id: spears, profile: spearman, at: [10, 10], facing: 90, files: 5}]
  - seat: blue
    units: [{id: knights, profile: knight, at: [10, 30], facing: 270}]
`
	sc, err := Parse("units.yaml", []byte(ok), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := sc.Sides[0].Units[0]["files"]; got != uint64(5) && got != 5 && got != float64(5) {
		t.Fatalf("units[0].files = %#v", got)
	}
	both := head + `  - seat: red
    units: [{id: spears}]
    troopers: [{id: t, profile: fusilier, lieutenant: true, models: [{id: m, at: [1, 1], facing: 0}]}]
    combat-groups: [{name: "1", troopers: [t]}]
  - seat: blue
    units: [{id: knights}]
`
	if _, err := Parse("both.yaml", []byte(both), Options{}); err == nil || !strings.Contains(err.Error(), "both troopers and units") {
		t.Fatalf("a side with troopers and units: %v", err)
	}
	neither := head + "  - seat: red\n  - seat: blue\n    units: [{id: k}]\n"
	if _, err := Parse("neither.yaml", []byte(neither), Options{}); err == nil || !strings.Contains(err.Error(), "no troopers (or units)") {
		t.Fatalf("a side with neither: %v", err)
	}
}
