package infinity

import (
	"fmt"
	"sync"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Hackable Scenery Items (Lockpicker, Hacking (N3)): pieces of scenery a
// scenario declares with a state that a Lockpicker roll flips. Two kinds:
//
//   - a door, open or shut: a shut door blocks Line of Fire and movement
//     (it is LoF-blocking, impassable terrain); an open one is nothing;
//   - a console, active or inactive: the state is shown to every viewer
//     and left to the scenario's objectives (a script may expect it); it
//     changes nothing on the table.
//
// Their states are public: the items stand on the table in every view.

// The kinds and states of Hackable Scenery Items, as the scenario spells
// them.
const (
	SceneryDoor    = "door"
	SceneryConsole = "console"

	DoorOpen        = "open"
	DoorShut        = "shut"
	ConsoleActive   = "active"
	ConsoleInactive = "inactive"
)

// SceneryItem is a Hackable Scenery Item on the table.
type SceneryItem struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// Polygon is its footprint, corners in order, in inches.
	Polygon [][2]float64 `json:"polygon"`
	// State is open or shut (a door), active or inactive (a console).
	State string `json:"state"`
	// Mod is the scenario's MOD to a Lockpicker roll on it.
	Mod int `json:"mod,omitempty"`
}

// outline is the item's footprint as geometry.
func (it SceneryItem) outline() geom.Polygon {
	out := make(geom.Polygon, len(it.Polygon))
	for i, p := range it.Polygon {
		out[i] = geom.Pt(p[0], p[1])
	}
	return out
}

// blocks reports an item that is terrain now: a shut door.
func (it SceneryItem) blocks() bool { return it.Kind == SceneryDoor && it.State == DoorShut }

// flipped is the other state of the item's kind.
func (it SceneryItem) flipped() string {
	switch it.State {
	case DoorOpen:
		return DoorShut
	case DoorShut:
		return DoorOpen
	case ConsoleActive:
		return ConsoleInactive
	}
	return ConsoleActive
}

// sceneryStates are the states each kind may be in (a switch: a
// package-level map would be built at every start of ordo).
func sceneryStates(kind string) ([2]string, bool) {
	switch kind {
	case SceneryDoor:
		return [2]string{DoorOpen, DoorShut}, true
	case SceneryConsole:
		return [2]string{ConsoleActive, ConsoleInactive}, true
	}
	return [2]string{}, false
}

// maxScenery bounds the items of a game: the shut doors are a bit mask.
const maxScenery = 64

// contactSlack is how far apart a base and an item may be, or how far
// the base may reach into it, and still be only in base contact: about a
// millimetre, the precision of a model placed against scenery by hand
// and of a scenario's coordinates.
const contactSlack = 0.04

// touches reports a base in contact with (or overlapping) a footprint.
func touches(pg geom.Polygon, base geom.Circle) bool {
	return pg.DistTo(base.Center) <= base.Radius+contactSlack
}

// overlaps reports a base reaching into a footprint's interior by more
// than the contact slack: standing in it.
func overlaps(pg geom.Polygon, base geom.Circle) bool {
	return pg.DistTo(base.Center) < base.Radius-contactSlack || pg.Interior(base.Center)
}

// sceneryIndex is the index of the item with this id, or -1.
func (s *State) sceneryIndex(id string) int {
	for i, it := range s.Scenery {
		if it.ID == id {
			return i
		}
	}
	return -1
}

// setupScenery copies the scenario's items into the state: each a valid
// polygon, its id no model's.
func (s *State) setupScenery(items []scenario.Scenery) error {
	const rule = "Hackable Scenery Items (Lockpicker)"
	if len(items) > maxScenery {
		return setupError(rule, "%d Hackable Scenery Items, more than %d", len(items), maxScenery)
	}
	for _, sc := range items {
		it := SceneryItem{ID: sc.ID, Kind: sc.Kind, Polygon: sc.Polygon, State: sc.State, Mod: sc.Mod}
		if err := it.outline().Validate(); err != nil {
			return setupError(rule, "scenery %s: %v", sc.ID, err)
		}
		if s.modelIndex(sc.ID) >= 0 {
			return setupError(rule, "scenery %s: the id is a model's", sc.ID)
		}
		if it.blocks() {
			for m := range s.Models {
				if s.onTable(m, false, nil) && overlaps(it.outline(), s.Models[m].base()) {
					return setupError(rule, "%s is shut on %s's base: open it, or move the model", it.ID, s.Models[m].ID)
				}
			}
		}
		s.Scenery = append(s.Scenery, it)
	}
	return nil
}

// shutMask has bit i set when item i blocks (a shut door).
func (s *State) shutMask() uint64 {
	var m uint64
	for i, it := range s.Scenery {
		if i < maxScenery && it.blocks() {
			m |= 1 << i
		}
	}
	return m
}

// appendShutDoors appends the shut doors to the table's terrain: each
// blocks Line of Fire and movement.
func (s *State) appendShutDoors(terrain []geom.Terrain) []geom.Terrain {
	for _, it := range s.Scenery {
		if it.blocks() {
			terrain = append(terrain, geom.Terrain{Name: it.ID, Outline: it.outline(), Flags: geom.BlocksLoF | geom.Impassable})
		}
	}
	return terrain
}

// doorTables are the geometries of the table for each set of shut doors
// the game has met, built on first use and shared by every clone of a
// game (derived): the doors a Lockpicker flips are few, and building a
// table for each Line of Fire would cost far more than the lookup.
type doorTables struct {
	mu     sync.Mutex
	tables map[uint64]*geom.Table
}

// sceneryTable is the table's geometry with the doors as they stand now.
func (s *State) sceneryTable() *geom.Table {
	d := s.derived
	mask := s.shutMask()
	if mask == d.geoDoors || d.doors == nil {
		return d.geo
	}
	d.doors.mu.Lock()
	defer d.doors.mu.Unlock()
	if t, ok := d.doors.tables[mask]; ok {
		return t
	}
	t := s.buildGeomTable()
	if d.doors.tables == nil {
		d.doors.tables = map[uint64]*geom.Table{}
	}
	d.doors.tables[mask] = t
	return t
}

// operate flips the state of the item hacker t's Lockpicker names.
func (s *State) operate(t int, k Skill) []rules.Event {
	i := s.sceneryIndex(k.Target)
	if i < 0 {
		return nil
	}
	s.Scenery = append([]SceneryItem(nil), s.Scenery...)
	it := &s.Scenery[i]
	it.State = it.flipped()
	return []rules.Event{SceneryChanged{Item: it.ID, State: it.State, By: s.Troopers[t].ID}}
}

// SceneryChanged is a Hackable Scenery Item changing state.
type SceneryChanged struct {
	Item  string `json:"item"`
	State string `json:"state"`
	By    string `json:"by"`
}

func (SceneryChanged) Kind() string { return "scenery-changed" }

func (e SceneryChanged) String() string {
	return fmt.Sprintf("%s is now %s (%s's Lockpicker)", e.Item, e.State, e.By)
}

// scenery checks a decoded state's items.
func (c *stateChecker) scenery() {
	s := c.s
	if c.err != nil {
		return
	}
	if len(s.Scenery) > maxScenery {
		c.failf("scenery", "%d items, more than %d", len(s.Scenery), maxScenery)
		return
	}
	for i, it := range s.Scenery {
		path := fmt.Sprintf("scenery[%d]", i)
		states, ok := sceneryStates(it.Kind)
		switch {
		case !ok:
			c.failf(path+".kind", "%q is not door or console", it.Kind)
		case it.State != states[0] && it.State != states[1]:
			c.failf(path+".state", "%q is not %s or %s", it.State, states[0], states[1])
		case len(it.Polygon) > 32:
			c.failf(path+".polygon", "%d corners, more than 32", len(it.Polygon))
		case it.Mod < -12 || it.Mod > 12:
			c.failf(path+".mod", "%d is not a MOD from -12 to 12", it.Mod)
		case len(it.ID) == 0 || len(it.ID) > scenario.MaxString:
			c.failf(path+".id", "an id of 1 to %d bytes", scenario.MaxString)
		default:
			if err := it.outline().Validate(); err != nil {
				c.failf(path+".polygon", "%v", err)
			}
		}
		if c.err != nil {
			return
		}
	}
}

// sceneryViews are the items as every viewer sees them: all of them, in
// their states (a copy: the view shares nothing with the state).
func (s *State) sceneryViews() []SceneryItem {
	if len(s.Scenery) == 0 {
		return nil
	}
	out := make([]SceneryItem, len(s.Scenery))
	for i, it := range s.Scenery {
		it.Polygon = append([][2]float64(nil), it.Polygon...)
		out[i] = it
	}
	return out
}
