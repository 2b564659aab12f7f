package match

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Game is a ruleset the authority plays, and the catalog its scenarios'
// profiles are checked against at load (nil: none).
type Game struct {
	Ruleset rules.Ruleset
	Catalog scenario.Catalog
}

// Library is what the authority can play: the rulesets by name and the
// bundled scenarios by name.
type Library struct {
	Games map[string]Game
	// Scenarios are the bundled scenarios' YAML texts by name.
	Scenarios map[string][]byte
	// Missions are the bundled missions' texts by name, and MissionGame
	// sets a match on one up between army lists (mission.go); nil: the
	// server plays no missions.
	Missions    map[string][]byte
	MissionGame MissionGame
	// CheckArmy checks one seat's army list, sent after a mission match
	// was created (armies.go); nil: lists come only with the create.
	CheckArmy ArmyCheck

	// cache holds opening states by scenario text and rulings: most
	// matches start from a few bundled scenarios, and parsing one costs
	// far more than cloning its state.
	mu    sync.Mutex
	cache map[[sha256.Size]byte]opening
}

// opening is a cached setup.
type opening struct {
	rs rules.Ruleset
	sc *scenario.Scenario
	st rules.State
}

// maxCached bounds the setup cache; when full it is emptied.
const maxCached = 64

// BundledScenarios reads every *.yaml under root in fsys, named by its
// path below root without the extension ("duel", "seed/dodge-mine").
func BundledScenarios(fsys fs.FS, root string) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".yaml" {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		out[strings.TrimSuffix(strings.TrimPrefix(p, root+"/"), ".yaml")] = b
		return nil
	})
	return out, err
}

// ScenarioNames lists the bundled scenarios, sorted.
func (l *Library) ScenarioNames() []string {
	return slices.Sorted(maps.Keys(l.Scenarios))
}

// MaxScenarioBytes bounds an uploaded scenario's YAML text, checked before
// it is parsed.
const MaxScenarioBytes = 256 << 10

// setup parses a scenario text and builds its opening state under the
// scenario's rulings with the given ones laid over them. Setup errors are
// *rules.RuleError or *Error values that say what is wrong and where.
func (l *Library) setup(file string, text []byte, over map[string]string) (rules.Ruleset, *scenario.Scenario, rules.State, error) {
	if len(text) > MaxScenarioBytes {
		return nil, nil, nil, errorf(CodeTooLarge, "", "the scenario is %d bytes; at most %d are accepted", len(text), MaxScenarioBytes)
	}
	h := sha256.New()
	fmt.Fprintf(h, "%q\x00", file)
	h.Write(text)
	for _, k := range slices.Sorted(maps.Keys(over)) {
		fmt.Fprintf(h, "\x00%q=%q", k, over[k])
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	l.mu.Lock()
	o, ok := l.cache[key]
	l.mu.Unlock()
	if ok {
		return o.rs, o.sc, o.st.Clone(), nil
	}
	rs, sc, st, err := l.parseAndSetup(file, text, over)
	if err != nil {
		return nil, nil, nil, err
	}
	l.mu.Lock()
	if l.cache == nil || len(l.cache) >= maxCached {
		l.cache = map[[sha256.Size]byte]opening{}
	}
	l.cache[key] = opening{rs, sc, st.Clone()}
	l.mu.Unlock()
	return rs, sc, st, nil
}

func (l *Library) parseAndSetup(file string, text []byte, over map[string]string) (rules.Ruleset, *scenario.Scenario, rules.State, error) {
	if len(text) > MaxScenarioBytes {
		return nil, nil, nil, errorf(CodeTooLarge, "", "the scenario is %d bytes; at most %d are accepted", len(text), MaxScenarioBytes)
	}
	if bytes.HasPrefix(text, missionPrefix) {
		return l.setupMission(file, text, over)
	}
	// One parse: the profiles are checked against the catalog of the
	// ruleset the scenario names.
	sc, err := scenario.Parse(file, text, scenario.Options{CatalogFor: func(name string) scenario.Catalog {
		if g, ok := l.Games[name]; ok && g.Catalog != nil {
			return g.Catalog
		}
		return nil
	}})
	if err != nil {
		return nil, nil, nil, errorf(CodeBadScenario, "", "%s", oneLine(err))
	}
	g, ok := l.Games[sc.Ruleset]
	if !ok {
		return nil, nil, nil, errorf(CodeBadScenario, "", "%s: unknown ruleset %q (known: %s)", file, sc.Ruleset, strings.Join(slices.Sorted(maps.Keys(l.Games)), ", "))
	}
	if len(sc.Catalogs) > 0 {
		// The files would be read from the server's disk.
		return nil, nil, nil, errorf(CodeBadScenario, "", "%s: catalogs: a served scenario uses only the server's catalog", file)
	}
	chosen := maps.Clone(sc.Rulings)
	if chosen == nil {
		chosen = map[string]string{}
	}
	maps.Copy(chosen, over)
	rulings, err := rules.ResolveRulings(g.Ruleset.Rulings(), chosen)
	if err != nil {
		return nil, nil, nil, err
	}
	st, err := g.Ruleset.Setup(sc, rulings)
	if err != nil {
		if _, ok := rules.AsRuleError(err); ok {
			return nil, nil, nil, err
		}
		return nil, nil, nil, errorf(CodeBadScenario, "", "%s: %s", file, oneLine(err))
	}
	return g.Ruleset, sc, st, nil
}

func oneLine(err error) string {
	return strings.ReplaceAll(fmt.Sprint(err), "\n", "; ")
}

// Setup builds the opening state of a scenario text under the rulings laid
// over its own, as the authority does for a match; file names the text in
// errors.
func (l *Library) Setup(file string, text []byte, rulings map[string]string) (rules.Ruleset, rules.State, error) {
	rs, _, st, err := l.setup(file, text, rulings)
	return rs, st, err
}
