package fantasy

import (
	"testing"

	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rulestest"
	"github.com/ordo-rules/ordo/scenario"
)

// ruleset is New's ruleset: DefaultCatalog parses the shipped files once per
// process, so every test may take a catalog of its own.
func ruleset(t testing.TB) *Ruleset {
	t.Helper()
	rs, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func loadScenario(t testing.TB, path string) *scenario.Scenario {
	t.Helper()
	rs := ruleset(t)
	sc, err := scenario.Load(path, scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// fantasy-demo.yaml passes the conformance suite: 200 random playouts
// with ORDO_LONG=1, a sample otherwise.
func TestDemoConforms(t *testing.T) {
	n, every := testenv.Count(2, 200), testenv.Count(8, 1)
	sc := loadScenario(t, "../data/scenarios/fantasy-demo.yaml")
	rulestest.Run(t, ruleset(t), sc, rulestest.Options{Playouts: n, ReplayEvery: every})
}

// fantasy-battle.yaml — the special rules, psychology, a General and a
// Battle Standard Bearer, a monster, cavalry and a war machine — passes
// the conformance suite: 200 random playouts with ORDO_LONG=1, a sample
// otherwise.
func TestBattleConforms(t *testing.T) {
	n, every := testenv.Count(2, 200), testenv.Count(8, 1)
	sc := loadScenario(t, "../data/scenarios/fantasy-battle.yaml")
	rulestest.Run(t, ruleset(t), sc, rulestest.Options{Playouts: n, ReplayEvery: every})
}

// fantasy-pitched.yaml — a pitched battle set up by the game from
// deployment zones (units in turn, scouts, vanguard, the roll for the
// first turn) and decided on victory points — passes the conformance
// suite: 200 random playouts with ORDO_LONG=1, a sample otherwise.
func TestPitchedConforms(t *testing.T) {
	n, every := testenv.Count(2, 200), testenv.Count(8, 1)
	sc := loadScenario(t, "../data/scenarios/fantasy-pitched.yaml")
	rulestest.Run(t, ruleset(t), sc, rulestest.Options{Playouts: n, ReplayEvery: every})
}
