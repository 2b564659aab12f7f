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
	var rs rules.Ruleset
	var names []string
	for _, r := range rulesets {
		names = append(names, r.Name())
	}
	// The file is read once: its profiles are checked against the catalog
	// of the ruleset it names as soon as that name is read.
	sc, err := scenario.Load(file, scenario.Options{CatalogFor: func(name string) scenario.Catalog {
		for _, r := range rulesets {
			if r.Name() == name {
				rs = r
				if c, ok := r.(Catalogued); ok {
					return c.ScenarioCatalog()
				}
			}
		}
		return nil
	}})
	if err != nil {
		return nil, err
	}
	if rs == nil {
		return nil, fmt.Errorf("%s: unknown ruleset %q (known: %v)", file, sc.Ruleset, names)
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
