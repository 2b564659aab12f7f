// Package mission reads Infinity N4 mission files (docs/MISSIONS.md): the
// table, the two Deployment Zones, the terrain, the objectives on the table
// (zones to control, consoles to activate), the Game Rounds, and how
// Objective Points (OP) are scored at the end of each round and of the
// game, with the tie-breaker. The engine plays a mission with two army
// lists (infinity.MissionGame); this package only reads and checks the
// file.
//
// A mission file is outside input: it is bounded (size, nesting, entries,
// strings, counts) before it is parsed, and every problem is reported as
// file:line:col: field: message.
package mission

// Ruleset is the ruleset a mission file names.
const Ruleset = "infinity-n4"

// Objective kinds (docs/MISSIONS.md).
const (
	// KindZone is an area to control at scoring time: the player whose
	// troopers inside it are worth more points controls it.
	KindZone = "zone"
	// KindConsole is a console a Specialist Troop activates with a Short
	// Skill and a WIP Roll; the last player to activate it holds it.
	KindConsole = "console"
)

// Scoring rules (docs/MISSIONS.md).
const (
	// RuleControl: OP for each listed zone the player controls.
	RuleControl = "control"
	// RuleDominate: OP for controlling more of the listed zones than the
	// opponent.
	RuleDominate = "dominate"
	// RuleConsoles: OP for each listed console the player holds.
	RuleConsoles = "consoles"
	// RuleKillTarget: OP when the enemy's Designated Target is in a Null
	// state (or off the table, Dead).
	RuleKillTarget = "kill-target"
	// RuleProtectTarget: OP when the player's own Designated Target is
	// not in a Null state.
	RuleProtectTarget = "protect-target"
)

// When a scoring rule scores.
const (
	// EachRound: at the end of every Game Round, the last included.
	EachRound = "each-round"
	// GameEnd: once, at the end of the game.
	GameEnd = "game-end"
)

// Designated Target choices.
const (
	// TargetHighestCost: each army's Designated Target is its costliest
	// trooper deployed openly (not a marker, not hidden, not in reserve)
	// when deployment ends; a tie goes to the first in army-list order.
	TargetHighestCost = "highest-cost"
)

// Classified Objective rules: what a card asks (docs/MISSIONS.md).
const (
	// ClassifiedControl: control every listed zone at the end of a round.
	ClassifiedControl = "control"
	// ClassifiedConsoles: hold every listed console at the end of a round.
	ClassifiedConsoles = "consoles"
	// ClassifiedKill: at least Count enemy troopers in a Null state at the
	// end of a round.
	ClassifiedKill = "kill"
)

// Classified is one Classified Objective card of the mission's deck: each
// player picks one privately, and it is revealed only when scored.
type Classified struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Rule       string   `json:"rule"`
	Objectives []string `json:"objectives,omitempty"`
	Count      int      `json:"count,omitempty"`
	OP         int      `json:"op"`
}

// Tie-breakers: who wins when OP are level, before Victory Points.
const (
	TieZones         = "zones"          // more zones controlled at the end of the game
	TieConsoles      = "consoles"       // more consoles held at the end of the game
	TieVictoryPoints = "victory-points" // straight to Victory Points
)

// Rect is an axis-aligned rectangle: its [min x, min y] and [max x, max
// y] corners, in inches.
type Rect [2][2]float64

// Contains reports whether p lies inside r (edges included).
func (r Rect) Contains(p [2]float64) bool {
	return p[0] >= r[0][0] && p[0] <= r[1][0] && p[1] >= r[0][1] && p[1] <= r[1][1]
}

// Overlaps reports whether r and o share more than an edge.
func (r Rect) Overlaps(o Rect) bool { return overlap(r, o) }

// Terrain is one piece of scenery, as in scenario files.
type Terrain struct {
	Name       string       `json:"name"`
	Polygon    [][2]float64 `json:"polygon"`
	BlocksLoF  bool         `json:"blocksLoF,omitempty"`
	Cover      bool         `json:"cover,omitempty"`
	Impassable bool         `json:"impassable,omitempty"`
}

// Objective is one objective on the table: a zone (Area) or a console
// (At).
type Objective struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Name is what players call it ("North quadrant"); the id when left
	// out.
	Name string     `json:"name"`
	At   [2]float64 `json:"at,omitzero"`
	Area Rect       `json:"area,omitzero"`
}

// Score is one scoring rule.
type Score struct {
	Rule string `json:"rule"`
	When string `json:"when"`
	// Objectives are the zones or consoles the rule counts (all of the
	// right kind when the file leaves it out).
	Objectives []string `json:"objectives,omitempty"`
	OP         int      `json:"op"`
}

// Mission is one mission file.
type Mission struct {
	File    string  `json:"-"`
	Name    string  `json:"name"`
	Ruleset string  `json:"ruleset"`
	Width   float64 `json:"width"`
	Height  float64 `json:"height"`
	Rounds  int     `json:"rounds"`
	// Zones are the two Deployment Zones; the player who keeps Deployment
	// picks one (Initiative and Deployment (N4)).
	Zones      [2]Rect     `json:"zones"`
	Terrain    []Terrain   `json:"terrain,omitempty"`
	Objectives []Objective `json:"objectives,omitempty"`
	Scoring    []Score     `json:"scoring"`
	// Target is how each army's Designated Target is chosen ("" for none).
	Target string `json:"target,omitempty"`
	// Classified is the deck of Classified Objectives (none: the mission
	// has no Classified Objectives).
	Classified []Classified `json:"classified,omitempty"`
	// MaxOP caps a player's OP (0: no cap).
	MaxOP      int    `json:"maxOP,omitempty"`
	TieBreaker string `json:"tieBreaker"`
}

// Objective is the objective of that id, or nil.
func (m *Mission) Objective(id string) *Objective {
	for i := range m.Objectives {
		if m.Objectives[i].ID == id {
			return &m.Objectives[i]
		}
	}
	return nil
}

// Counted is the objectives a scoring rule counts: its own list, or every
// objective of the kind it reads.
func (m *Mission) Counted(sc Score) []string {
	if len(sc.Objectives) > 0 {
		return sc.Objectives
	}
	kind := ruleKind(sc.Rule)
	var out []string
	for _, o := range m.Objectives {
		if o.Kind == kind {
			out = append(out, o.ID)
		}
	}
	return out
}

// ruleKind is the objective kind a scoring rule reads ("" for none).
func ruleKind(rule string) string {
	switch rule {
	case RuleControl, RuleDominate:
		return KindZone
	case RuleConsoles:
		return KindConsole
	}
	return ""
}
