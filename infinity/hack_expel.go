package infinity

import (
	"fmt"
	"math"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Expel (Hacking (N3)): a manned TAG, not Possessed, that fails its BTS
// roll expels its pilot. The TAG becomes Unmanned: it stays on the table
// (it can be shot and hacked, and counts for Victory Points while not
// Null) but cannot be activated and declares no ARO, whoever controls it,
// and adds no Order to the Order Count. The pilot, the profile the TAG's
// `pilot:` names, becomes a trooper of the same army and combat group,
// with its own Order in the Order Count; if the TAG was the Lieutenant,
// the pilot is. Mounting again is not played.
//
// Where the pilot goes: in base contact with the TAG, at the first free
// point of a fixed sequence, so that the same game gives the same place
// with no player's choice: straight behind the TAG (its facing + 180°),
// then 15° from there toward the TAG's right, 15° toward its left, 30°
// toward its right, and so on around the base. A point is free when the pilot's base is wholly on the table,
// overlaps no model and no impassable scenery, and touches no enemy model
// (it must not land Engaged). A trooper in Hidden Deployment is not on the
// table and does not block it, so where the pilot goes tells nothing of
// it. With no free point the pilot cannot get out: it stays aboard and
// the TAG is manned again. Like a Possession, the pilot is placed when the
// Order ends.

// ruleExpel is the rule the errors and events of this file cite.
const ruleExpel = "Hacking (N3), Expel"

// expel makes trooper u Unmanned; its pilot is placed when the Order
// ends (ejectPilots).
func (s *State) expel(u int, p catalog.Program) []rules.Event {
	tr := &s.Troopers[u]
	if tr.States.Unmanned {
		return nil
	}
	tr.States.Unmanned = true
	return []rules.Event{StateChanged{Trooper: tr.ID, State: "Unmanned", On: true, Why: p.Name}}
}

// addPilot copies in the profile, and its weapons, of the pilot a manned
// TAG's profile names, for Expel to place.
func (r Ruleset) addPilot(s *State, p catalog.Profile) {
	if p.Pilot == "" {
		return
	}
	pp, ok := r.Catalog.Profile(p.Pilot)
	if !ok {
		return
	}
	s.Profiles[pp.ID] = pp
	for _, wid := range pp.Weapons {
		if w, ok := r.Catalog.Weapon(wid); ok {
			s.Weapons[w.ID] = w
		}
	}
}

// PilotEjected is a pilot Expel threw out of its TAG, now a trooper on
// the table in base contact with it.
type PilotEjected struct {
	TAG   string     `json:"tag"`
	Pilot string     `json:"pilot"`
	At    [2]float64 `json:"at"`
}

func (PilotEjected) Kind() string { return "pilot-ejected" }

func (e PilotEjected) String() string {
	return fmt.Sprintf("%s's pilot %s gets out at (%.2f, %.2f) (Expel)", e.TAG, e.Pilot, e.At[0], e.At[1])
}

// ejectPilots places the pilot of every TAG that became Unmanned during
// the Order.
func (s *State) ejectPilots() []rules.Event {
	var events []rules.Event
	for u := range s.Troopers {
		if tr := s.Troopers[u]; !tr.States.Unmanned || tr.Pilot != "" {
			continue
		}
		events = append(events, s.ejectPilot(u)...)
	}
	return events
}

// ejectPilot places TAG u's pilot as a new trooper, or mans the TAG again
// when no point in base contact is free.
func (s *State) ejectPilot(u int) []rules.Event {
	tag := s.Troopers[u]
	pp, ok := s.Profiles[s.profile(u).Pilot]
	m := s.modelOf(u)
	if !ok || m < 0 {
		s.Troopers[u].States.Unmanned = false
		return []rules.Event{StateChanged{Trooper: tag.ID, State: "Unmanned", Why: "its pilot has nowhere to go"}}
	}
	at, ok := s.pilotSpot(m, pp.S, tag.Seat)
	if !ok {
		s.Troopers[u].States.Unmanned = false
		return []rules.Event{StateChanged{Trooper: tag.ID, State: "Unmanned", Why: "no room in base contact: the pilot stays aboard"}}
	}
	id := s.freshID(tag.ID + "-pilot")
	mid := s.freshID(s.Models[m].ID + "-pilot")
	pi := len(s.Troopers)
	s.Models = append(s.Models, Model{ID: mid, Trooper: pi, At: at, Facing: s.Models[m].Facing, S: pp.S})
	pilot := Trooper{ID: id, Seat: tag.Seat, Profile: pp.ID, Group: tag.Group, Wounds: pp.W, Cost: pp.Cost,
		Models: []int{len(s.Models) - 1}, Lieutenant: tag.Lieutenant, KnownLieutenant: tag.KnownLieutenant}
	if tag.Label != "" {
		// Labels end in a number: the pilot's is no other's.
		pilot.Label = tag.Label + "-pilot"
	}
	s.Troopers = append(s.Troopers, pilot)
	t := &s.Troopers[u]
	t.Pilot = id
	// The Lieutenant is the pilot, not the machine.
	t.Lieutenant, t.KnownLieutenant = false, false
	// The caches by trooper index grow by one.
	if s.derived != nil {
		s.derive()
	}
	return []rules.Event{PilotEjected{TAG: tag.ID, Pilot: id, At: at}}
}

// freshID is id, or id with the first number that makes it unused by
// any trooper or model.
func (s *State) freshID(id string) string {
	used := func(x string) bool { return s.trooperIndex(x) >= 0 || s.modelIndex(x) >= 0 }
	if !used(id) {
		return id
	}
	for n := 2; ; n++ {
		if x := fmt.Sprintf("%s-%d", id, n); !used(x) {
			return x
		}
	}
}

// pilotSpot is the first free point in base contact with model m for a
// base of Silhouette size, in the order the file comment gives.
func (s *State) pilotSpot(m, size int, seat rules.Seat) ([2]float64, bool) {
	tagBase := s.Models[m].base()
	probe := Model{S: size}
	r := probe.base().Radius
	d := tagBase.Radius + r
	for i := range 24 {
		step := (i + 1) / 2
		if i%2 == 0 {
			step = -step
		}
		a := radians(s.Models[m].Facing + 180 + float64(step)*15)
		at := [2]float64{tagBase.Center.X + d*math.Cos(a), tagBase.Center.Y + d*math.Sin(a)}
		if s.freeSpot2(at, r, m, seat) {
			return at, true
		}
	}
	return [2]float64{}, false
}

// freeSpot2 reports whether a base of radius r at at is wholly on the
// table, overlaps no model on the table (those in Hidden Deployment are
// not) nor impassable scenery, and touches no enemy of seat's; it may
// touch model self.
func (s *State) freeSpot2(at [2]float64, r float64, self int, seat rules.Seat) bool {
	if at[0]-r < -geom.Eps || at[1]-r < -geom.Eps || at[0]+r > s.Table.Width+geom.Eps || at[1]+r > s.Table.Height+geom.Eps {
		return false
	}
	for i, o := range s.Models {
		if o.Removed || s.Troopers[o.Trooper].States.Hidden || s.Troopers[o.Trooper].States.Reserve {
			continue
		}
		ob := o.base()
		gap := math.Hypot(at[0]-ob.Center.X, at[1]-ob.Center.Y) - r - ob.Radius
		if gap < -geom.Eps && i != self {
			return false
		}
		if gap <= geom.Eps && i != self && s.Troopers[o.Trooper].Seat != seat {
			return false
		}
	}
	c := geom.Pt(at[0], at[1])
	for _, tr := range s.geomTable().Terrain {
		if tr.Flags.Has(geom.Impassable) && tr.Outline.DistTo(c) < r-geom.Eps {
			return false
		}
	}
	return true
}

// cannotAct reports whether trooper t, though it stands on the table,
// can neither be activated nor react: an Unmanned TAG, whose pilot Expel
// threw out. The one test of it: the activation menu and its refusal
// (spendBar) and the ARO windows (eligible) all ask it.
func (s *State) cannotAct(t int) bool { return s.Troopers[t].States.Unmanned }

// checkExpel checks a decoded trooper's Expel as the engine leaves it: only
// a manned TAG becomes Unmanned; a TAG names its pilot only once Unmanned,
// and the pilot is a trooper; outside an Order an Unmanned TAG's pilot has
// been placed (ejectPilots). ids maps every trooper's id to its index.
func (c *stateChecker) checkExpel(path string, tr Trooper, ids map[string]int) {
	s := c.s
	if prof, ok := s.Profiles[tr.Profile]; ok && tr.States.Unmanned && (prof.Type != catalog.TAG || prof.Pilot == "") {
		c.failf(path+".states.unmanned", "only a manned TAG becomes Unmanned (Expel)")
	}
	_, named := ids[tr.Pilot]
	switch {
	case tr.Pilot != "" && !tr.States.Unmanned:
		c.failf(path+".pilot", "only an Unmanned TAG has put out its pilot")
	case tr.Pilot != "" && !named:
		c.failf(path+".pilot", "%q is not a trooper", tr.Pilot)
	case tr.States.Unmanned && tr.Pilot == "" && s.Order == nil:
		c.failf(path+".pilot", "no Order is under way: an Unmanned TAG's pilot has been placed")
	}
}
