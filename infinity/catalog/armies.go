package catalog

import (
	"reflect"

	"github.com/ordo-rules/ordo/infinity/sides"
	"github.com/ordo-rules/ordo/scenario"
)

// ReadArmies reads the sides' Infinity armies when a scenario is loaded
// against this catalog, so that their problems (an unknown profile, two
// Lieutenants, overlapping bases) come with the rest of the file's, each
// at its line. It is the scenario.ArmyReader interface.
func (c *Catalog) ReadArmies(sc *scenario.Scenario, ck *scenario.Checker) {
	sides.Read(sc, c, ck)
}

// ArmyType is the Infinity army's type, sides.Side: a scenario's sides are
// held to its bounds (100 troopers a side, 8 models a trooper) before the
// file is parsed. It is the scenario.ArmyTyper interface.
func (c *Catalog) ArmyType() reflect.Type { return reflect.TypeFor[sides.Side]() }
