package play

import (
	"fmt"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Game is a scenario set up under its ruleset: the opening State, ready for
// Prompt, Legal and Apply.
type Game struct {
	Scenario *scenario.Scenario
	Ruleset  rules.Ruleset
	// Rulings are the scenario's choices with every other ruling at its
	// default.
	Rulings rules.Rulings
	State   rules.State
}

// Catalogued is a ruleset whose scenarios name entries of its catalog: Load
// checks every profile a scenario names against it, so that an unknown one
// is reported at its line of the file.
type Catalogued interface {
	ScenarioCatalog() scenario.Catalog
}

// Load reads the scenario file and sets it up: the one call a program needs
// before asking the game what may be done. The rulesets are those the
// program plays; the scenario picks one by name, and naming any other is an
// error listing them.
func Load(file string, rulesets ...rules.Ruleset) (*Game, error) {
	sc, err := scenario.Load(file, scenario.Options{})
	if err != nil {
		return nil, err
	}
	var rs rules.Ruleset
	var names []string
	for _, r := range rulesets {
		names = append(names, r.Name())
		if r.Name() == sc.Ruleset {
			rs = r
		}
	}
	if rs == nil {
		return nil, fmt.Errorf("%s: unknown ruleset %q (known: %v)", file, sc.Ruleset, names)
	}
	if c, ok := rs.(Catalogued); ok {
		if sc, err = scenario.Load(file, scenario.Options{Catalog: c.ScenarioCatalog()}); err != nil {
			return nil, err
		}
	}
	return Setup(rs, sc)
}

// Setup sets a loaded scenario up under rs with its rulings.
func Setup(rs rules.Ruleset, sc *scenario.Scenario) (*Game, error) {
	rulings, err := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.File, err)
	}
	st, err := rs.Setup(sc, rulings)
	if err != nil {
		return nil, fmt.Errorf("%s: setup: %w", sc.File, err)
	}
	return &Game{Scenario: sc, Ruleset: rs, Rulings: rulings, State: st}, nil
}
