package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Camouflaged markers, Hidden Deployment and Discover (Discover (N4), Camouflaged (N4),
// Hidden Deployment (N4)).
//
// A Camouflaged trooper stands on the table as a marker; its opponent knows
// it by its marker label only, and must Discover it before attacking it. A
// trooper in Hidden Deployment is not on the table at all: its position is
// private, it blocks nothing, it cannot be targeted, and its opponent sees
// nothing of it until it acts (an Order or an ARO places it on the table).

// Revealed is a marker or a hidden trooper placed on the table as itself.
type Revealed struct {
	Trooper string     `json:"trooper"`
	Model   string     `json:"model"`
	Marker  string     `json:"marker,omitempty"` // the label it was known by
	At      [2]float64 `json:"at"`
	Why     string     `json:"why"`
}

func (Revealed) Kind() string { return "revealed" }

// concealed reports a trooper whose identity or presence the other side
// does not know.
func (t *Trooper) concealed() bool { return t.States.marker() || t.States.Hidden }

// targetModel resolves what seat calls a model: its own model by its id,
// an enemy's by its public label (labels.go), or for an enemy's
// Camouflaged marker its marker label — never an enemy's id, which that
// seat cannot know: an enemy's id reads as unknown, whoever bears it.
// -1 when nothing matches.
func (s *State) targetModel(ref string, seat rules.Seat) int {
	for i := range s.Models {
		m := &s.Models[i] // in place: every attack candidate looks its target up
		if m.Removed {
			continue
		}
		t := &s.Troopers[m.Trooper]
		switch {
		case t.Seat == seat || (t.Possession.Owner == seat && t.States.Possessed):
			if m.ID == ref {
				return i
			}
		case t.States.Hidden:
		case t.States.marker():
			if t.Marker == ref {
				return i
			}
		case s.modelLabel(i) == ref:
			return i
		}
	}
	return -1
}

// modelNameFor is how a player of seat refers to model i: an enemy
// marker by its label (Camouflaged (N4), Impersonation (N4)), any other
// enemy model by its public label, his own by its id.
func (s *State) modelNameFor(i int, seat rules.Seat) string {
	if t := &s.Troopers[s.Models[i].Trooper]; t.Seat != seat && (t.Possession.Owner != seat || !t.States.Possessed) {
		if t.States.marker() {
			return t.Marker
		}
		return s.modelLabel(i)
	}
	return s.Models[i].ID
}

// publicName is how seat's opponent refers to trooper t's model: its
// marker's label, or its public label.
func (s *State) publicName(t int) string {
	if tr := &s.Troopers[t]; tr.States.marker() {
		return tr.Marker
	}
	if m := s.modelOf(t); m >= 0 {
		return s.modelLabel(m)
	}
	return s.label(t)
}

// reveal takes a trooper out of Camouflaged, Impersonation or Hidden
// Deployment; a Cybermask ends with the marker it made (hack_cybermask.go).
func (s *State) reveal(t int, why string) []rules.Event {
	tr := &s.Troopers[t]
	if !tr.concealed() {
		return nil
	}
	ev := Revealed{Trooper: tr.ID, Why: why}
	if tr.States.marker() {
		ev.Marker = tr.Marker
	}
	if m := s.modelOf(t); m >= 0 {
		ev.Model, ev.At = s.Models[m].ID, s.Models[m].At
	}
	tr.States.Camouflaged, tr.States.Hidden, tr.States.Impersonation = false, false, 0
	tr.Marker = ""
	s.unmask(t)
	return []rules.Event{ev}
}

// keepsCamouflage reports a skill a Camouflaged trooper may declare without
// revealing itself: a Short Movement Skill without a roll (Camouflaged (N4)).
func keepsCamouflage(name SkillName) bool {
	f := factsOf(name)
	return f != nil && f.keepsCamouflage
}

// discoverMod is the Discover range MOD (Discover (N4)): 0-8: +3, 8-32: 0,
// 32-48: -3, 48-96: -6; beyond, out of range.
func discoverMod(d float64) (int, bool) {
	switch {
	case d < 0:
		return 0, false
	case d <= 8+geom.Eps:
		return 3, true
	case d <= 32+geom.Eps:
		return 0, true
	case d <= 48+geom.Eps:
		return -3, true
	case d <= 96+geom.Eps:
		return -6, true
	}
	return 0, false
}

// checkDiscover checks a Discover at declaration: an enemy marker
// (Camouflaged or Impersonation), in Line of Fire, that this trooper has
// not failed to Discover this Player Turn (Discover (N4)).
func (s *State) checkDiscover(t int, from [2]float64, target int) error {
	tr := s.Troopers[t]
	if target < 0 || !s.Troopers[s.Models[target].Trooper].States.marker() {
		return rules.Errorf(rules.CodeIllegal, "Discover (N4)", "Discover needs an enemy marker")
	}
	marker := s.Troopers[s.Models[target].Trooper].Marker
	if slices.Contains(tr.Failed, marker) {
		return rules.Errorf(rules.CodeIllegal, "Discover (N4)", "%s failed to Discover %s this turn", tr.ID, marker)
	}
	m := s.modelOf(t)
	viewer := s.Models[m]
	viewer.At = from
	if !s.lof(viewer, s.Models[target].base(), m, target) {
		return rules.Errorf(rules.CodeIllegal, "Discover (N4)", "no Line of Fire to %s", marker)
	}
	return nil
}

// discoverSV builds a Discover roll: WIP with the Discover range MOD and
// the BS-like MODs of its target, Partial Cover and Mimetism (Discover (N4)).
func (s *State) discoverSV(r *roller) (dice.SuccessValue, bool) {
	tm := s.modelOf(r.target)
	m := s.modelOf(r.trooper)
	viewer := s.Models[m]
	viewer.At = r.from
	// The target where the roll is made against it: for an ARO, the
	// point of the active trooper's path it reacts to.
	target := s.baseAt(tm, r.to)
	dist := geom.EdgeDistance(viewer.base(), target)
	mod, ok := discoverMod(dist)
	mods, _ := s.targetMods(viewer, m, tm, target)
	mods = append(mods, s.stateMods(r.trooper)...)
	mods = append(mods, impersonationDiscoverMods(s.Troopers[r.target].States)...)
	if mod != 0 {
		mods = append(mods, dice.Mod{Name: "Range", Value: mod})
	}
	mods = s.fireteamDiscoverMod(r, mods) // Fireteams (N4)
	return dice.NewSuccessValue("WIP", s.profile(r.trooper).WIP, mods...), ok
}

// discovered applies a Discover's result: success reveals the marker,
// failure bars this trooper from that marker for the rest of the Player
// Turn.
func (s *State) discovered(r *roller) []rules.Event {
	target := &s.Troopers[r.target]
	if !target.States.marker() {
		return nil
	}
	if r.out.Scored() {
		if ev, ok := s.discoveredImpersonation(r); ok {
			return ev
		}
		return s.reveal(r.target, "Discovered by "+s.Troopers[r.trooper].ID)
	}
	tr := &s.Troopers[r.trooper]
	tr.Failed = append(tr.Failed, target.Marker)
	return nil
}
