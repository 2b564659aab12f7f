package army

import (
	"errors"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// FuzzParse feeds Parse arbitrary bytes: it must not panic, and either
// refuses with a non-empty yamlfile.Errors, each placed in the file and
// on one line, or returns a list that passes Check again and whose
// troopers all have distinct ids.
func FuzzParse(f *testing.F) {
	f.Add([]byte(base))
	f.Add([]byte(four))
	f.Add([]byte(teamList))
	for _, seed := range []string{
		"",
		"name: x",
		"- a\n- b\n",
		"a: &x [*x]\n",
		"points: .nan\nswc: -.inf\n",
		"name: x\npoints: 300\ncombat-groups: [{troopers: [{profile: fusilier, deployment: [hidden, hidden, x]}]}]\n",
		"combat-groups: [[], {}, {troopers: {}}]\n",
		"%YAML 1.2\n---\nname: !!str 3\n",
		"? [a]\n: b\n",
	} {
		f.Add([]byte(seed))
	}
	cat, err := catalog.Default()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, c, err := Parse("f.yaml", data, Options{Catalog: cat})
		if err != nil {
			var errs yamlfile.Errors
			if !errors.As(err, &errs) || len(errs) == 0 {
				t.Fatalf("error %T is not a non-empty Errors: %v", err, err)
			}
			for _, e := range errs {
				if e.Line < 1 || e.Col < 1 || strings.Contains(e.Error(), "\n") {
					t.Fatalf("an error without a place, or over lines: %q", e.Error())
				}
			}
			return
		}
		if err := Check(l, c); err != nil {
			t.Fatalf("a parsed list fails Check: %v", err)
		}
		ids := map[string]bool{}
		for _, n := range l.Troopers(c) {
			if ids[n.ID] || n.ID == "" {
				t.Fatalf("trooper id %q twice or empty", n.ID)
			}
			ids[n.ID] = true
		}
	})
}
