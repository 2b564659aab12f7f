package play_test

import (
	"testing"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rulestest"
	"github.com/ordo-rules/ordo/scenario"
)

// hacking-demo.yaml — hackers with several devices, Repeaters, a manned TAG,
// an HI and a REM on each side (Hacking (N3)) — passes the conformance
// suite: replay, clone, round trip, purity, the canary and counterfactual
// leak checks, 200 random playouts with ORDO_LONG=1. Until the engine
// plays programs its hackers fight with their guns; the hacking rules
// will be held to the same suite on the same table.
func TestHackingDemoConforms(t *testing.T) {
	rs, err := infinity.New()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Load("../data/scenarios/hacking-demo.yaml", scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	rulestest.Run(t, rs, sc, rulestest.Options{Playouts: testenv.Count(3, 200), ReplayEvery: 25, TwinEvery: testenv.Count(8, 1)})
}
