package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// View is what one viewer may see of a game: everything public, and the
// private facts of the seats it may see (DESIGN.md point 6).
type View struct {
	Round    int           `json:"round"`
	Rounds   int           `json:"rounds"`
	Active   rules.Seat    `json:"active"`
	Phase    Phase         `json:"phase"`
	Prompt   rules.Prompt  `json:"prompt"`
	Armies   []ArmyView    `json:"armies"`
	Troopers []TrooperView `json:"troopers"`
	Models   []Model       `json:"models"`
	Order    *Order        `json:"order,omitempty"`
}

// ArmyView is an army as the viewer sees it.
type ArmyView struct {
	Seat             rules.Seat `json:"seat"`
	Groups           []Group    `json:"groups"`
	LieutenantOrders int        `json:"lieutenantOrders,omitempty"` // owner only
	LossOfLieutenant bool       `json:"lossOfLieutenant,omitempty"`
	Notes            string     `json:"notes,omitempty"` // owner only
}

// TrooperView is a trooper as the viewer sees it.
type TrooperView struct {
	ID              string     `json:"id"`
	Seat            rules.Seat `json:"seat"`
	Profile         string     `json:"profile"`
	Group           string     `json:"group"`
	Lieutenant      bool       `json:"lieutenant,omitempty"` // owner only
	Wounds          int        `json:"wounds"`
	States          []string   `json:"states"`
	IrregularOrders int        `json:"irregularOrders,omitempty"`
	Models          []string   `json:"models"`
}

// Observe is the state as v may see it. The Lieutenant's identity, the
// Lieutenant Special Orders and a player's notes are private to their
// owner (seed 001; n4-core §3.1).
func (s *State) Observe(v rules.Viewer) any {
	view := View{Round: s.Round, Rounds: s.Rounds, Phase: s.Phase, Prompt: s.Prompt(), Models: slices.Clone(s.Models)}
	if s.Phase != PhaseOver {
		view.Active = s.active()
	}
	for _, a := range s.Armies {
		av := ArmyView{Seat: a.Seat, Groups: slices.Clone(a.Groups), LossOfLieutenant: a.LossOfLieutenant}
		if v.Sees(a.Seat) {
			av.LieutenantOrders, av.Notes = a.LieutenantOrders, a.Notes
		}
		view.Armies = append(view.Armies, av)
	}
	for _, t := range s.Troopers {
		tv := TrooperView{ID: t.ID, Seat: t.Seat, Profile: t.Profile, Group: t.Group, Wounds: t.Wounds,
			States: t.States.Names(), IrregularOrders: t.IrregularOrders}
		if v.Sees(t.Seat) {
			tv.Lieutenant = t.Lieutenant
		}
		for _, m := range t.Models {
			tv.Models = append(tv.Models, s.Models[m].ID)
		}
		view.Troopers = append(view.Troopers, tv)
	}
	if s.Order != nil {
		o := s.Order.clone()
		if !v.Sees(s.Troopers[o.Trooper].Seat) && o.Source == OrderLieutenant {
			o.Source = "order"
		}
		view.Order = o
	}
	return view
}

// Redact hides private facts in events: which Order a trooper spent (the
// Lieutenant Special Order would name the Lieutenant) and the Lieutenant
// Special Orders counted.
func (s *State) Redact(e rules.Event, v rules.Viewer) (rules.Event, bool) {
	switch e := e.(type) {
	case OrderSpent:
		if t := s.trooperIndex(e.Trooper); t >= 0 && !v.Sees(s.Troopers[t].Seat) && e.Order == OrderLieutenant {
			e.Order = "order"
		}
		return e, true
	case TurnStarted:
		if !v.Sees(e.Seat) {
			e.Lieutenant = 0
		}
		return e, true
	}
	return e, true
}

// PlantCanaries writes marker strings into each player's private notes, for
// the conformance suite's leak check.
func (s *State) PlantCanaries(prefix string) []rules.Canary {
	var out []rules.Canary
	for i := range s.Armies {
		s.Armies[i].Notes = prefix + string(s.Armies[i].Seat)
		out = append(out, rules.Canary{Value: s.Armies[i].Notes, Owner: s.Armies[i].Seat})
	}
	return out
}

// Clone is a deep copy of everything a game changes. What never changes
// after Setup is shared: the seats, the terrain, each trooper's list of
// models, the profiles and weapons.
func (s *State) Clone() rules.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.Armies = slices.Clone(s.Armies)
	for i := range c.Armies {
		c.Armies[i].Groups = slices.Clone(s.Armies[i].Groups)
	}
	c.Troopers = slices.Clone(s.Troopers)
	c.Models = slices.Clone(s.Models)
	c.Deployables = slices.Clone(s.Deployables)
	c.scratch = nil
	if s.Order != nil {
		c.Order = s.Order.clone()
	}
	return &c
}

func (o *Order) clone() *Order {
	c := *o
	if o.Second != nil {
		c.secondBuf = *o.Second
		c.Second = &c.secondBuf
	}
	c.Path = append(c.pathBuf[:0:len(c.pathBuf)], o.Path...)
	c.AROs = slices.Clone(o.AROs)
	c.Decided = slices.Clone(o.Decided)
	c.Dodgers = slices.Clone(o.Dodgers)
	c.Eligible = slices.Clone(o.Eligible)
	c.Affected = slices.Clone(o.Affected)
	c.Mines = slices.Clone(o.Mines)
	c.HitBy = slices.Clone(o.HitBy)
	c.Gutsers = slices.Clone(o.Gutsers)
	return &c
}
