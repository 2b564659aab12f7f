package fantasy

import (
	"math"
	"reflect"

	"github.com/ordo-rules/ordo/scenario"
)

// Army is a side's army in a scenario file as the fantasy ruleset reads
// it: the keys of a side beside the kernel's seat, name and faction.
type Army struct {
	// Units are the side's units: regiments in ranks and files, and
	// characters alone.
	Units []UnitSpec `yaml:"units" json:"units" max:"40"`
	// Zone is the side's deployment zone, [x0, y0, x1, y1] in inches: a
	// scenario giving every side one opens with a pitched battle's setting
	// up (Alternating units), its units' at and facing unused.
	Zone *Zone `yaml:"zone,omitempty" json:"zone,omitempty"`
}

// UnitSpec is one unit of a side (docs/SCENARIOS.md, the fantasy ruleset).
type UnitSpec struct {
	ID      string `yaml:"id" json:"id"`
	Profile string `yaml:"profile" json:"profile"`
	// Models is how many models of the profile, the command group
	// included (default 1).
	Models int `yaml:"models,omitempty" json:"models,omitempty"`
	// Files is the width of the front rank (default: the models, at most
	// 5).
	Files int `yaml:"files,omitempty" json:"files,omitempty"`
	// At is the centre of the unit's front rank, in inches; Facing its
	// direction in degrees counter-clockwise from the +x axis.
	At     [2]float64 `yaml:"at" json:"at"`
	Facing float64    `yaml:"facing" json:"facing"`
	// Command is the unit's command group: champion, standard, musician.
	Command []Role `yaml:"command,omitempty" json:"command,omitempty" max:"3"`
	// Characters join the unit at the start, in its front rank.
	Characters []CharacterSpec `yaml:"characters,omitempty" json:"characters,omitempty" max:"10"`
	// General and BattleStandard name a character alone as his side's
	// General or Battle Standard Bearer (Inspiring Presence, Hold Your
	// Ground!).
	General        bool `yaml:"general,omitempty" json:"general,omitempty"`
	BattleStandard bool `yaml:"battleStandard,omitempty" json:"battleStandard,omitempty"`
}

// CharacterSpec is a character who starts the game in a unit.
type CharacterSpec struct {
	ID      string `yaml:"id" json:"id"`
	Profile string `yaml:"profile" json:"profile"`
	// General and BattleStandard name him his side's General or Battle
	// Standard Bearer.
	General        bool `yaml:"general,omitempty" json:"general,omitempty"`
	BattleStandard bool `yaml:"battleStandard,omitempty" json:"battleStandard,omitempty"`
}

// armyOf is a side's army: decoded from the scenario file, with every
// problem of form at its file:line:col (a scenario.Errors), or as Go code
// set it.
func armyOf(a *scenario.Army) (*Army, error) {
	switch v := a.Value.(type) {
	case *Army:
		return v, nil
	case nil:
		army := new(Army)
		if errs := a.Decode(army); len(errs) > 0 {
			return nil, errs
		}
		return army, nil
	default:
		return nil, setupErr("%s: the side's army is a %T, not the fantasy ruleset's", a.Path(), v)
	}
}

// finite reports whether x is a number a table can hold.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// ArmyType is the fantasy army's type, Army: a scenario's sides are held
// to its bounds (40 units a side, 3 command models and 10 characters a
// unit) before the file is parsed. It is the scenario.ArmyTyper interface.
func (*Catalog) ArmyType() reflect.Type { return reflect.TypeFor[Army]() }

// ScenarioCatalog is the catalog a scenario file is loaded against
// (play.Catalogued): its terrain is checked (CheckTerrain) and its armies
// bounded (ArmyType) as the file is read, each problem at its line.
func (rs *Ruleset) ScenarioCatalog() scenario.Catalog {
	if rs.Catalog == nil {
		return nil
	}
	return rs.Catalog
}
