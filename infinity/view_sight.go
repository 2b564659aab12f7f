package infinity

import (
	"math"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Sight is what one of the viewer's own troopers sees of the enemies the
// viewer sees on the table, for the web table's Line of Fire overlay
// (Line of Fire (N4), BS Attack (N4)): for each, whether the trooper has
// Line of Fire to it from where it stands, facing as it faces, the
// distance between their bases, and the range MOD of each of its weapons
// at that distance. A marker is left out: its base would tell the
// Silhouette behind it, and whether anything is seen behind it is the
// engine's to answer when the trooper declares (Camouflage (N4)).
type Sight struct {
	Trooper string        `json:"trooper"`
	Targets []SightTarget `json:"targets"`
}

// SightTarget is one enemy as the trooper sees it.
type SightTarget struct {
	Target string `json:"target"`
	LoF    bool   `json:"lof"`
	// Distance is between the bases' edges, in inches, to a hundredth.
	Distance float64 `json:"distance"`
	// Ranges is each weapon's range MOD at Distance, by weapon id; a
	// weapon out of range there is absent.
	Ranges map[string]int `json:"ranges,omitempty"`
}

// Sight is what trooper, one of v's own on the table, sees now. Nothing is
// changed: the question is asked of a copy of the state.
func (s *State) Sight(v rules.Viewer, trooper string) (Sight, error) {
	t := s.trooperIndex(trooper)
	if t < 0 || v.Role != rules.RolePlayer || s.Troopers[t].Seat != v.Seat {
		return Sight{}, rules.Errorf(rules.CodeIllegal, "Line of Fire (N4)", "%q is not one of your troopers", trooper)
	}
	m := s.modelOf(t)
	if m < 0 || s.Troopers[t].States.Dead {
		return Sight{}, rules.Errorf(rules.CodeIllegal, "Line of Fire (N4)", "%s is not on the table", trooper)
	}
	c := s.clone()
	out := Sight{Trooper: trooper, Targets: []SightTarget{}}
	from := c.Models[m]
	for u := range c.Troopers {
		tr := &c.Troopers[u]
		um := c.modelOf(u)
		if tr.Seat == v.Seat || tr.concealed() || tr.States.Dead || um < 0 {
			continue
		}
		d := geom.EdgeDistance(from.base(), c.Models[um].base())
		st := SightTarget{Target: c.publicName(u), LoF: c.sees(t, from.At, u), Distance: math.Round(d*100) / 100}
		for _, id := range c.profile(t).Weapons {
			w, ok := c.Weapons[id]
			if !ok {
				continue
			}
			if mod, ok := w.RangeMod(d); ok {
				if st.Ranges == nil {
					st.Ranges = map[string]int{}
				}
				st.Ranges[id] = mod
			}
		}
		out.Targets = append(out.Targets, st)
	}
	return out, nil
}
