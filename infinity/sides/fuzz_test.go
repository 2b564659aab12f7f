package sides

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/scenario"
)

// FuzzRead feeds a scenario's sides arbitrary bytes, read as Infinity
// armies at load. Whatever the input, nothing panics; loading either fails
// with a non-empty Errors, each error positioned and on one line, or every
// side holds its army, which Of returns and Validate accepts again.
func FuzzRead(f *testing.F) {
	f.Add([]byte(base))
	if example, err := os.ReadFile("../../scenario/testdata/example.yaml"); err == nil {
		f.Add(example)
	}
	for _, seed := range []string{
		"sides: [{seat: a, troopers: [{id: t, models: [{at: [1, 2, 3]}]}]}, {seat: b}]\n",
		"sides: [{seat: a, troopers: [{id: t, profile: p, lieutenant: true, models: [{id: m, at: [.nan, 1]}]}], combat-groups: [{name: g, troopers: [t, t, u]}]}]\n",
		"sides: [{seat: a, units: [{id: u}], deployment-zone: [[1, 1], [0, 0]], deployables: [{id: d}]}]\n",
		"sides: [{seat: a, troopers: &x [*x]}]\n",
	} {
		f.Add([]byte("name: f\nruleset: test\ntable: {width: 24, height: 24}\ninitiative: a\nrounds: 1\n" + seed))
	}
	opts := scenario.Options{Catalog: testCatalog}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := scenario.Parse("fuzz.yaml", data, opts)
		if err != nil {
			var errs scenario.Errors
			if !errors.As(err, &errs) || len(errs) == 0 {
				t.Fatalf("error is %T, want a non-empty Errors: %v", err, err)
			}
			for _, e := range errs {
				if e.Line < 1 || e.Col < 0 || e.File != "fuzz.yaml" || strings.Contains(e.Error(), "\n") {
					t.Fatalf("badly formed error %q (line %d, col %d)", e, e.Line, e.Col)
				}
			}
			return
		}
		armies, err := Of(sc, testCatalog)
		if err != nil || len(armies) != len(sc.Sides) {
			t.Fatalf("loaded, but its armies are not there: %v", err)
		}
		if err := scenario.Validate(sc, opts); err != nil {
			t.Fatalf("Parse accepted armies Validate rejects: %v", err)
		}
	})
}
