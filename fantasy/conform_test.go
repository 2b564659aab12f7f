package fantasy

import (
	"sync"
	"testing"

	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rulestest"
	"github.com/ordo-rules/ordo/scenario"
)

// shippedCatalog is the shipped catalog (what New uses), parsed once for
// all of the package's tests: parsing it again for each of them was a third
// of their time. Sharing it is safe because nothing writes to a catalog once
// parsed (Setup copies the profiles it uses into the state; a server shares
// one catalog across all its matches the same way).
var shippedCatalog = sync.OnceValues(DefaultCatalog)

// ruleset is New's ruleset, over the catalog parsed once.
func ruleset(t testing.TB) *Ruleset {
	t.Helper()
	c, err := shippedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return &Ruleset{Catalog: c}
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
