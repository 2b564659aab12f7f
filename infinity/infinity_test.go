package infinity

import (
	"testing"

	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rulestest"
)

// Issue #4 acceptance: rulestest passes on demo.yaml with at least 200
// seeded random playouts; the counterfactual leak check samples every
// tenth step by default, every other step with ORDO_LONG=1.
func TestDemoConforms(t *testing.T) {
	n := testenv.Count(3, 200)
	rulestest.Run(t, ruleset(t), load(t, "../data/scenarios/demo.yaml"), rulestest.Options{Playouts: n, ReplayEvery: 25, TwinEvery: testenv.Count(10, 2)})
}

// The Loss of Lieutenant seed scenario conforms, private facts included:
// the Lieutenant, the appointment at the End of Turn (Loss of Lieutenant
// (N4)).
func TestLossOfLieutenantConforms(t *testing.T) {
	n := testenv.Count(3, 100)
	rulestest.Run(t, ruleset(t), load(t, "../data/scenarios/seed/loss-of-lieutenant.yaml"), rulestest.Options{Playouts: n, ReplayEvery: 25, TwinEvery: testenv.Count(3, 1)})
}
