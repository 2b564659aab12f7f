package mission

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

const small = `name: Test
ruleset: infinity-n4
table: {width: 24, height: 24}
rounds: 2
deployment-zones:
  - [[0, 0], [24, 6]]
  - [[0, 18], [24, 24]]
objectives:
  - {id: mid, kind: zone, area: [[0, 8], [24, 16]]}
  - {id: box, kind: console, at: [12, 12]}
scoring:
  - {rule: control, when: each-round, op: 1}
  - {rule: consoles, when: game-end, op: 2}
`

// TestBundledMissions reads every shipped mission.
func TestBundledMissions(t *testing.T) {
	names, err := fs.Glob(data.Missions, "missions/*.yaml")
	if err != nil || len(names) < 3 {
		t.Fatalf("bundled missions: %v %v", names, err)
	}
	for _, n := range names {
		b, _ := fs.ReadFile(data.Missions, n)
		m, err := Parse(n, b)
		if err != nil {
			t.Errorf("%s: %v", n, err)
			continue
		}
		if m.Rounds != 3 || len(m.Scoring) == 0 {
			t.Errorf("%s: %+v", n, m)
		}
	}
}

func TestParseSmall(t *testing.T) {
	m, err := Parse("m.yaml", []byte(small))
	if err != nil {
		t.Fatal(err)
	}
	if m.Objective("box").At != [2]float64{12, 12} || m.TieBreaker != TieVictoryPoints || m.Objective("mid").Name != "mid" {
		t.Fatalf("%+v", m)
	}
	if got := m.Counted(m.Scoring[0]); len(got) != 1 || got[0] != "mid" {
		t.Fatalf("control counts %v", got)
	}
}

// TestParseRefusals: each problem is refused at its file:line:col, naming
// the field and, for a rule, the rule.
func TestParseRefusals(t *testing.T) {
	for _, c := range []struct{ name, from, to, want string }{
		{"unknown field", "rounds: 2", "rounds: 2\nturns: 3", "m.yaml:5:1: turns: unknown field"},
		{"rounds bound", "rounds: 2", "rounds: 11", "m.yaml:4:9: rounds: want a number from 1 to 10"},
		{"ruleset", "ruleset: infinity-n4", "ruleset: fantasy", "ruleset: a mission is for the infinity-n4 ruleset"},
		{"zones overlap", "[[0, 18], [24, 24]]", "[[0, 4], [24, 24]]", "Initiative and Deployment (N4): the two Deployment Zones overlap"},
		{"one zone", "  - [[0, 18], [24, 24]]\n", "", "a mission has two Deployment Zones, this one 1"},
		{"off table", "at: [12, 12]", "at: [12, 30]", "objectives[1].at: [12, 30] is off the 24×24 table"},
		{"unknown kind", "kind: console", "kind: antenna", `objectives[1].kind: unknown objective kind "antenna"`},
		{"duplicate id", "id: box", "id: mid", `objectives[1].id: objective id "mid" is also objectives[0]'s`},
		{"wrong kind", "{rule: consoles, when: game-end, op: 2}", "{rule: consoles, when: game-end, op: 2, objectives: [mid]}", "scoring[1].objectives[0]: consoles counts consoles, and mid is a zone"},
		{"unknown rule", "rule: control", "rule: hold", `scoring[0].rule: unknown scoring rule "hold"`},
		{"when", "when: each-round", "when: sometimes", `scoring[0].when: want each-round or game-end`},
		{"target needed", "{rule: control, when: each-round, op: 1}", "{rule: kill-target, when: game-end, op: 3}", "kill-target needs a Designated Target"},
		{"tie-breaker", "rounds: 2", "rounds: 2\ntie-breaker: coin", `tie-breaker: unknown tie-breaker "coin"`},
		{"missing", "rounds: 2\n", "", "missing required field rounds"},
		{"empty area", "area: [[0, 8], [24, 16]]", "area: [[10, 8], [4, 16]]", "is empty"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(small, c.from, c.to, 1)
			if src == small {
				t.Fatalf("%q not in the mission", c.from)
			}
			_, err := Parse("m.yaml", []byte(src))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestParseBounds: a list over its bound is refused before it is read.
func TestParseBounds(t *testing.T) {
	var b strings.Builder
	b.WriteString(small + "terrain:\n")
	for range MaxTerrain + 1 {
		b.WriteString("  - {name: x, polygon: [[1, 1], [2, 1], [2, 2]]}\n")
	}
	_, err := Parse("m.yaml", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "more than the 200") {
		t.Fatalf("got %v", err)
	}
	if _, err := Parse("m.yaml", make([]byte, MaxFileSize+1)); err == nil {
		t.Fatal("an oversized file was read")
	}
}

// FuzzParse: Parse never panics, and refuses with placed one-line errors
// or returns a mission that passes its own checks.
func FuzzParse(f *testing.F) {
	f.Add([]byte(small))
	for _, seed := range []string{"", "name: x", "- a\n", "a: &x [*x]\n", "table: {width: .nan}\n", "deployment-zones: [[[0,0]], 3, []]\n",
		"objectives: [{id: a, kind: zone, at: [1, 2], area: [[0,0],[1,1]]}]\n"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Parse("f.yaml", b)
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
		if m.Width <= 0 || m.Height <= 0 || m.Rounds < 1 || len(m.Scoring) == 0 {
			t.Fatalf("accepted %+v", m)
		}
		for _, sc := range m.Scoring {
			for _, id := range m.Counted(sc) {
				if m.Objective(id) == nil {
					t.Fatalf("rule %s counts unknown %s", sc.Rule, id)
				}
			}
		}
	})
}
