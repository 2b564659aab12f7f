// (The rulesets this binary plays, by name, and the Library of games and
// scenarios that the server and ordo verify use.)

package cli

import (
	"fmt"
	"github.com/ordo-rules/ordo/infinity/army"
	"maps"
	"sort"
	"strings"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
)

// rulesets are the games the binary plays, by the name scenario files use,
// as constructors: a ruleset (and the catalog behind it) is built only when a
// command needs it, so `ordo odds` and `ordo help` never pay for parsing the
// unit catalog.
var rulesets = map[string]func() (rules.Ruleset, error){
	infinity.Name: func() (rules.Ruleset, error) {
		// The Infinity ruleset over the embedded catalog; the catalog is
		// part of the binary, so failing to load it is a build defect
		// caught by tests.
		return infinity.New()
	},
	fantasy.Name: func() (rules.Ruleset, error) { return fantasy.New() },
}

// loadRuleset builds the named ruleset. Its error is one line, naming the
// ruleset and, for one that failed to load, why.
func loadRuleset(name string) (rules.Ruleset, error) {
	newRuleset, ok := rulesets[name]
	if !ok {
		return nil, fmt.Errorf("unknown ruleset %q (known: %s)", name, rulesetNames())
	}
	rs, err := newRuleset()
	if err != nil {
		return nil, fmt.Errorf("ruleset %q could not be loaded: %s", name, strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	return rs, nil
}

func rulesetNames() string {
	names := make([]string, 0, len(rulesets))
	for n := range rulesets {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "none yet"
	}
	return strings.Join(names, ", ")
}

// Library is every ruleset of the binary and the bundled scenarios: what
// the server plays and what ordo verify replays a match with.
func Library() (*match.Library, error) {
	lib := &match.Library{Games: map[string]match.Game{}}
	for name := range rulesets {
		rs, err := loadRuleset(name)
		if err != nil {
			return nil, err
		}
		g := match.Game{Ruleset: rs}
		if c, ok := rs.(play.Catalogued); ok {
			g.Catalog = c.ScenarioCatalog()
		}
		if irs, ok := rs.(infinity.Ruleset); ok {
			lib.MissionGame = irs.MissionMatch
			// A seat's own list, sent after creation: checked as `ordo
			// army check` and MissionMatch read it.
			cat := irs.Catalog
			lib.CheckArmy = func(list []byte) error {
				_, _, err := army.Parse("army.yaml", list, army.Options{Catalog: cat, ReadFile: army.Bundled})
				return err
			}
		}
		lib.Games[name] = g
	}
	sc, err := match.BundledScenarios(data.Scenarios, "scenarios")
	if err != nil {
		return nil, err
	}
	lib.Scenarios = sc
	// The bundled missions (data/missions), not their example scripts.
	ms, err := match.BundledScenarios(data.Missions, "missions")
	if err != nil {
		return nil, err
	}
	maps.DeleteFunc(ms, func(name string, _ []byte) bool { return strings.Contains(name, "/") })
	lib.Missions = ms
	return lib, nil
}
