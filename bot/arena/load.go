package arena

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Game is a scenario set up to be played: its ruleset, its opening state
// and its two seats, first seat first.
type Game struct {
	Name    string
	Ruleset rules.Ruleset
	Opening rules.State
	Seats   [2]rules.Seat
}

// Rulesets makes the rulesets the bots play, by the name scenario files
// use.
func Rulesets() (map[string]rules.Ruleset, error) {
	inf, err := infinity.New()
	if err != nil {
		return nil, err
	}
	fan, err := fantasy.New()
	if err != nil {
		return nil, err
	}
	return map[string]rules.Ruleset{inf.Name(): inf, fan.Name(): fan}, nil
}

// Bundled lists the bundled scenarios by name ("demo", "seed/dodge-mine").
func Bundled() ([]string, error) {
	texts, err := match.BundledScenarios(data.Scenarios, "scenarios")
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(texts))
	for n := range texts {
		names = append(names, n)
	}
	slices.Sort(names)
	return names, nil
}

// LoadBundled sets up the bundled scenario of that name, reading the
// catalog files it lists from the bundle too.
func LoadBundled(name string) (*Game, error) {
	file := "scenarios/" + name + ".yaml"
	text, err := fs.ReadFile(data.Scenarios, file)
	if err != nil {
		names, _ := Bundled()
		return nil, fmt.Errorf("no bundled scenario %q (bundled: %s)", name, strings.Join(names, ", "))
	}
	return Setup(file, text, func(p string) ([]byte, error) { return fs.ReadFile(data.Scenarios, path.Clean(p)) })
}

// Setup parses a scenario text and sets up its game under its own
// rulings; readFile reads the catalog files it lists (nil: none may be
// listed).
func Setup(file string, text []byte, readFile func(string) ([]byte, error)) (*Game, error) {
	rss, err := Rulesets()
	if err != nil {
		return nil, err
	}
	sc, err := scenario.Parse(file, text, scenario.Options{ReadFile: readFile, CatalogFor: func(name string) scenario.Catalog {
		if inf, ok := rss[name].(infinity.Ruleset); ok {
			return inf.Catalog
		}
		return nil
	}})
	if err != nil {
		return nil, err
	}
	rs, ok := rss[sc.Ruleset]
	if !ok {
		return nil, fmt.Errorf("%s: the bots do not play ruleset %q", file, sc.Ruleset)
	}
	if len(sc.Sides) != 2 {
		return nil, fmt.Errorf("%s: %d sides; the arena plays two", file, len(sc.Sides))
	}
	rulings, err := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	st, err := rs.Setup(sc, rulings)
	if err != nil {
		return nil, fmt.Errorf("%s: setup: %w", file, err)
	}
	return &Game{Name: strings.TrimSuffix(path.Base(file), path.Ext(file)), Ruleset: rs, Opening: st,
		Seats: [2]rules.Seat{rules.Seat(sc.Sides[0].Seat), rules.Seat(sc.Sides[1].Seat)}}, nil
}
