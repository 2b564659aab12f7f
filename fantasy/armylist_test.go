package fantasy

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// Choosing an army (8th edition), Leadership tests (the General and the
// Battle Standard Bearer), Joining a unit: a fantasy army list is refused
// with each rule it breaks at its file:line:col.
func TestArmyListRefusals(t *testing.T) {
	head := "ruleset: fantasy\nname: host\npoints: 300\nunits:\n"
	general := "  - {id: g, profile: captain, general: true}\n"
	for _, tc := range []struct {
		name, list string
		want       string // "" for a legal list; else "line:col: field: message" in part
	}{
		{"Choosing an army: a legal list", head + general + "  - {id: s, profile: spearman, models: 10, command: [standard]}\n", ""},
		{"Choosing an army: the points limit", head + general + "  - {id: s, profile: spearman, models: 41}\n", "3:1: points: Choosing an army: the units cost 306 points, more than the army's 300"},
		{"Choosing an army: no places in a list", head + "  - {id: g, profile: captain, general: true, at: [1, 2]}\n", "5:46: units[0].at: Choosing an army: an army list places no unit"},
		{"Choosing an army: a profile of the catalog", head + general + "  - {id: s, profile: nosuch}\n", `6:13: units[1].profile: unknown profile "nosuch"`},
		{"Leadership tests: one General", head + "  - {id: s, profile: spearman, models: 10}\n", "4:1: units: Leadership tests: the army has no General"},
		{"Leadership tests: not two Generals", head + general + "  - {id: h, profile: captain, general: true}\n", "6:5: units[1]: Leadership tests: a second General"},
		{"Leadership tests: at most one Battle Standard Bearer", head + general + "  - {id: b1, profile: captain, battleStandard: true}\n  - {id: b2, profile: captain, battleStandard: true}\n", "7:5: units[2]: Leadership tests: a second Battle Standard Bearer"},
		{"Joining a unit: a character joins only a unit he may", head + general + "  - {id: w, profile: wyrm, characters: [{id: c, profile: captain}]}\n", "(Joining a unit)"},
		{"Units and formation: unique ids", head + general + "  - {id: g, profile: spearman, models: 5}\n", `id "g" is already used`},
		{"an unknown field", head + general + "  - {id: s, profile: spearman, model: 5}\n", "6:32: unknown field \"model\""},
		{"the ruleset line", strings.Replace(head, "fantasy", "infinity-n4", 1) + general, "1:1: ruleset:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ParseArmyList("list.yaml", []byte(tc.list), ruleset(t).Catalog)
			if tc.want == "" {
				if err != nil || l == nil {
					t.Fatal(err)
				}
				return
			}
			var errs yamlfile.Errors
			if !errors.As(err, &errs) {
				t.Fatalf("got %v, want errors with %q", err, tc.want)
			}
			if !strings.Contains(err.Error(), "list.yaml:"+tc.want) && !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got\n%v\nwant %q", err, tc.want)
			}
		})
	}
}

// An army list is bounded before its parse: a file over 64 KiB, or with
// more entries than a list may have, is refused without being parsed.
func TestArmyListBounds(t *testing.T) {
	big := "ruleset: fantasy\nname: x\npoints: 5\nunits:\n" + strings.Repeat("  - {id: s, profile: spearman}\n", 3000)
	_, err := ParseArmyList("big.yaml", []byte(big), ruleset(t).Catalog)
	if err == nil || !strings.Contains(err.Error(), "big.yaml:") {
		t.Fatalf("got %v", err)
	}
	many := "ruleset: fantasy\nname: x\npoints: 5\nunits: [" + strings.Repeat("{id: s}, ", 2100) + "]\n"
	if _, err := ParseArmyList("many.yaml", []byte(many), ruleset(t).Catalog); err == nil {
		t.Fatal("a list of 2,100 entries was read")
	}
}

// The shipped example list is legal.
func TestShippedFantasyArmyList(t *testing.T) {
	b, err := os.ReadFile("../data/armies/fantasy/river-host.yaml")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseArmyList("river-host.yaml", b, ruleset(t).Catalog)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Total(ruleset(t).Catalog); got != 470 {
		t.Fatalf("total %d", got)
	}
}
