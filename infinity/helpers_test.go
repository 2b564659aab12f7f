package infinity

// The helpers every test file of the package shares: building a ruleset and
// a scenario, and applying or refusing actions with scripted dice.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

func ruleset(t testing.TB) Ruleset {
	t.Helper()
	rs, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func load(t testing.TB, path string) *scenario.Scenario {
	t.Helper()
	rs := ruleset(t)
	sc, err := scenario.Load(path, scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// duelYAML is a two-trooper table: blue's fusilier against red's zhanshi,
// with placements and facings given.
func duelYAML(fus, zh string, extra string) string {
	return fmt.Sprintf(`name: test
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: fusilier, profile: fusilier, lieutenant: true, models: [{id: fusilier, %s}]}
    combat-groups: [{name: "1", troopers: [fusilier]}]
  - seat: red
    troopers:
      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, %s}]}
%s    combat-groups: [{name: "1", troopers: [zhanshi%s]}]
initiative: blue
rounds: 2
`, fus, zh, extra, map[bool]string{true: ", line", false: ""}[extra != ""])
}

func setup(t *testing.T, yaml string, rulings map[string]string) *State {
	t.Helper()
	rs := ruleset(t)
	sc, err := scenario.Parse("test.yaml", []byte(yaml), scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	return setupScenario(t, rs, sc, rulings)
}

// setupFile sets up the scenario file at path (a path from this
// package's directory, e.g. "../data/scenarios/demo.yaml") with its own
// rulings.
func setupFile(t testing.TB, path string) *State {
	t.Helper()
	sc := load(t, path)
	return setupScenario(t, ruleset(t), sc, sc.Rulings)
}

// setupScenario sets sc up under the rulings chosen (the others at their
// defaults).
func setupScenario(t testing.TB, rs Ruleset, sc *scenario.Scenario, rulings map[string]string) *State {
	t.Helper()
	r, err := rules.ResolveRulings(rs.Rulings(), rulings)
	if err != nil {
		t.Fatal(err)
	}
	st, err := rs.Setup(sc, r)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// eachPrompt plays the seeded random playouts of the scenario file at
// path for seeds 1 to n (playRandomly) and calls f with each state and
// its prompt before the prompted seat acts, the game's end left out.
func eachPrompt(t *testing.T, path string, n uint64, f func(seed uint64, s *State, p rules.Prompt)) {
	t.Helper()
	for seed := uint64(1); seed <= n; seed++ {
		playRandomly(t, setupFile(t, path), seed, func(st rules.State) {
			s := st.(*State)
			if p := s.Prompt(); p.Kind != rules.GameOver {
				f(seed, s, p)
			}
		})
	}
}

func do(t *testing.T, st *State, seat rules.Seat, a rules.Action, faces ...int) []rules.Event {
	t.Helper()
	src, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := st.Apply(seat, sentAs(t, st, seat, a), src)
	if err != nil {
		t.Fatalf("%s by %s: %v", a.Kind(), seat, err)
	}
	if src.Remaining() != 0 {
		t.Fatalf("%s: %d dice unused", a.Kind(), src.Remaining())
	}
	return ev
}

func refused(t *testing.T, st *State, seat rules.Seat, a rules.Action, code rules.Code, want string) {
	t.Helper()
	_, err := st.Apply(seat, sentAs(t, st, seat, a), dice.NewPCG(1, 1))
	re, ok := rules.AsRuleError(err)
	if !ok || re.Code != code || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s by %s: err %v, want %s %q", a.Kind(), seat, err, code, want)
	}
}

// sentAs is a as seat's player sends it: the tests name enemy troopers
// in the open by their ids, as a scenario's author does.
func sentAs(t testing.TB, st *State, seat rules.Seat, a rules.Action) rules.Action {
	t.Helper()
	return st.AsAuthor(seat, a)
}

func rolledBy(evs []rules.Event) map[string]Rolled {
	out := map[string]Rolled{}
	for _, e := range evs {
		if r, ok := e.(Rolled); ok {
			out[r.Trooper] = r
		}
	}
	return out
}

func move(to ...[2]float64) Skill { return Skill{Name: SkillMove, Route: to} }

func mustScript(t *testing.T, faces ...int) dice.Source {
	t.Helper()
	s, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func stateEqual(t *testing.T, a, b *State) bool {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(ja) == string(jb)
}

func mustEncode(t *testing.T, a rules.Action) string {
	t.Helper()
	b, err := rules.Encode(a)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// playRandomly plays st to the end of the game as the random playouts and
// their benchmarks do: at each step the first prompted seat picks
// uniformly among its legal actions, with choices from PCG(seed, 1) and
// dice from PCG(seed, 2). each, when not nil, sees every position, the
// last (game over) included, before the action taken from it. A prompted
// seat with no legal action fails tb.
func playRandomly(tb testing.TB, st rules.State, seed uint64, each func(st rules.State)) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	src := dice.NewPCG(seed, 2)
	var legal []rules.Action
	for {
		if each != nil {
			each(st)
		}
		p := st.Prompt()
		if p.Kind == rules.GameOver {
			return
		}
		legal = legal[:0]
		for _, o := range st.Legal(p.Seats[0]) {
			if o.Illegal == nil {
				legal = append(legal, o.Action)
			}
		}
		if len(legal) == 0 {
			tb.Fatalf("seed %d: %s is prompted in %s with no legal action", seed, p.Seats[0], p.Window)
		}
		if _, err := st.Apply(p.Seats[0], legal[rng.IntN(len(legal))], src); err != nil {
			tb.Fatal(err)
		}
	}
}

// playSeeds plays every forced-dice scenario of data/scenarios/seed whose
// name matches pattern through `ordo play` (their scripts and
// expectations), and fails when fewer than least match.
func playSeeds(t *testing.T, pattern string, least int) {
	t.Helper()
	files, err := filepath.Glob("../data/scenarios/seed/" + pattern)
	if err != nil || len(files) < least {
		t.Fatalf("scenarios %v: %v", files, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			var out strings.Builder
			if err := play.Run(ruleset(t), load(t, f), &out, play.Options{}); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
		})
	}
}

// setupWithCatalog sets up the scenario yaml over the shipped catalog with
// the test catalog file at path added (illustrative profiles a test needs).
func setupWithCatalog(t *testing.T, path, yaml string) *State {
	t.Helper()
	rs := ruleset(t)
	cat, err := rs.Catalog.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	rs.Catalog = cat
	sc, err := scenario.Parse("test.yaml", []byte(yaml), scenario.Options{Catalog: cat})
	if err != nil {
		t.Fatal(err)
	}
	return setupScenario(t, rs, sc, nil)
}
