package infinity

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/rules"
)

// View is what one viewer may see of a game: everything public, and the
// private facts of the seats it may see.
type View struct {
	Round    int           `json:"round"`
	Rounds   int           `json:"rounds"`
	Active   rules.Seat    `json:"active"`
	Phase    Phase         `json:"phase"`
	Prompt   rules.Prompt  `json:"prompt"`
	Armies   []ArmyView    `json:"armies"`
	Troopers []TrooperView `json:"troopers"`
	Models   []ModelView   `json:"models"`
	Order    *OrderView    `json:"order,omitempty"`
}

// ModelView is a model as the viewer sees it: an enemy marker shows its
// label, not its trooper.
type ModelView struct {
	ID      string     `json:"id"`
	Trooper string     `json:"trooper"`
	At      [2]float64 `json:"at"`
	Facing  float64    `json:"facing"`
	S       int        `json:"s"`
	Removed bool       `json:"removed,omitempty"`
}

// OrderView is the Order in progress as the viewer sees it.
type OrderView struct {
	Trooper string       `json:"trooper"`
	Source  string       `json:"source"`
	Step    string       `json:"step"`
	First   Skill        `json:"first"`
	Second  *Skill       `json:"second,omitempty"`
	Path    [][2]float64 `json:"path"`
}

// ArmyView is an army as the viewer sees it.
type ArmyView struct {
	Seat             rules.Seat `json:"seat"`
	Groups           []Group    `json:"groups"`
	LieutenantOrders int        `json:"lieutenantOrders,omitempty"` // owner only
	LossOfLieutenant bool       `json:"lossOfLieutenant"`
	CommandTokens    int        `json:"commandTokens"`
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
	// Marker: an enemy Camouflaged marker; ID is its label and nothing
	// else of the trooper is shown.
	Marker bool `json:"marker,omitempty"`
	// Jumper names a Proxy's G: Jumper, and Active marks the Proxy with
	// the Active Proxy Token, which is on the table for all to see.
	Jumper string `json:"jumper,omitempty"`
	Active bool   `json:"active,omitempty"`
}

// Observe is the state as v may see it. The Lieutenant's identity, the
// Lieutenant Special Orders and a player's notes are private to their
// owner (Loss of Lieutenant (N4); Army list and Combat Groups (N4)).
func (s *State) Observe(v rules.Viewer) any {
	view := View{Round: s.Round, Rounds: s.Rounds, Phase: s.Phase, Prompt: s.Prompt()}
	if s.Phase != PhaseOver {
		view.Active = s.active()
	}
	for _, a := range s.Armies {
		av := ArmyView{Seat: a.Seat, Groups: slices.Clone(a.Groups), LossOfLieutenant: a.LossOfLieutenant, CommandTokens: a.CommandTokens}
		if v.Sees(a.Seat) {
			av.LieutenantOrders, av.Notes = a.LieutenantOrders, a.Notes
		}
		view.Armies = append(view.Armies, av)
	}
	// Enemy markers come after the troopers in the open, in the order of
	// their labels: in army-list order, their order would tell which
	// trooper each one is.
	var markers []TrooperView
	var markerModels []ModelView
	for _, t := range s.Troopers {
		sees := v.Sees(t.Seat)
		switch {
		case !sees && t.States.Hidden:
			// Not on the table: nothing of it shows (Hidden Deployment (N4)).
			continue
		case !sees && t.States.Camouflaged:
			markers = append(markers, TrooperView{ID: t.Marker, Seat: t.Seat, States: []string{"Camouflaged"}, Models: []string{t.Marker}, Marker: true, Active: t.Active, Lieutenant: t.KnownLieutenant})
			continue
		}
		tv := TrooperView{ID: t.ID, Seat: t.Seat, Profile: t.Profile, Group: t.Group, Wounds: t.Wounds,
			States: t.States.Names(), IrregularOrders: t.IrregularOrders, Jumper: t.Jumper, Active: t.Active}
		if sees || t.KnownLieutenant {
			tv.Lieutenant = t.Lieutenant
		}
		for _, m := range t.Models {
			tv.Models = append(tv.Models, s.Models[m].ID)
		}
		view.Troopers = append(view.Troopers, tv)
	}
	slices.SortFunc(markers, func(a, b TrooperView) int { return strings.Compare(a.ID, b.ID) })
	view.Troopers = append(view.Troopers, markers...)
	for _, m := range s.Models {
		t := s.Troopers[m.Trooper]
		mv := ModelView{ID: m.ID, Trooper: t.ID, At: m.At, Facing: m.Facing, S: m.S, Removed: m.Removed}
		if !v.Sees(t.Seat) {
			if t.States.Hidden {
				continue
			}
			if t.States.Camouflaged {
				mv.ID, mv.Trooper = t.Marker, t.Marker
				markerModels = append(markerModels, mv)
				continue
			}
		}
		view.Models = append(view.Models, mv)
	}
	slices.SortFunc(markerModels, func(a, b ModelView) int { return strings.Compare(a.ID, b.ID) })
	view.Models = append(view.Models, markerModels...)
	if o := s.Order; o != nil {
		t := s.Troopers[o.Trooper]
		ov := &OrderView{Trooper: t.ID, Source: o.Source, Step: o.Step, First: o.First, Second: o.Second, Path: slices.Clone(o.Path)}
		if !v.Sees(t.Seat) {
			ov.Trooper = s.publicName(o.Trooper)
			if o.Source == OrderLieutenant && s.leaks.halfHiddenLSO {
				ov.Source = "order"
			}
		}
		view.Order = ov
	}
	return view
}

// Redact hides private facts in events: which Order a trooper spent (the
// Lieutenant Special Order would name the Lieutenant), the Lieutenant
// Special Orders counted, and every trace of a concealed trooper: an enemy
// marker is named by its label, and nothing about a trooper in Hidden
// Deployment reaches its opponent.
func (s *State) Redact(e rules.Event, v rules.Viewer) (rules.Event, bool) {
	switch ev := e.(type) {
	case OrderSpent:
		if t := s.trooperIndex(ev.Trooper); t >= 0 && !v.Sees(s.Troopers[t].Seat) && ev.Order == OrderLieutenant && s.leaks.halfHiddenLSO {
			ev.Order = "order"
		}
		e = ev
	case TurnStarted:
		if !v.Sees(ev.Seat) {
			ev.Lieutenant = 0
			irr := map[string]int{}
			for id, n := range ev.Irregular {
				if t := s.trooperIndex(id); t < 0 || !s.Troopers[t].States.Hidden {
					irr[id] = n
				}
			}
			ev.Irregular = irr
		}
		e = ev
	case Transferred:
		// A concealed trooper's combat group is not shown to the opponent;
		// a G: Jumper with a Proxy in the open shows its group on that one.
		if !v.Sees(ev.Seat) && !slices.ContainsFunc(s.unitMembers(ev.Trooper), func(t int) bool { return !s.Troopers[t].concealed() }) {
			ev.Trooper = ""
		}
		e = ev
	case Appointed:
		// The new Lieutenant's identity is private (Loss of Lieutenant (N4)).
		if !v.Sees(ev.Seat) {
			ev.Trooper = ""
		}
		e = ev
	case AROsDeclared:
		// A trooper in Hidden Deployment is not named to the opponent,
		// whether it forfeits or waits; markers come last, in the order
		// of their labels (in army-list order, the order would tell which
		// trooper each one is).
		shown := func(ids []string) []string {
			var kept, markers []string
			for _, id := range ids {
				t := s.trooperIndex(id)
				switch {
				case t < 0 || v.Sees(s.Troopers[t].Seat) || !s.Troopers[t].concealed():
					kept = append(kept, id)
				case s.Troopers[t].States.Camouflaged:
					markers = append(markers, id)
				}
			}
			slices.SortFunc(markers, func(a, b string) int {
				return strings.Compare(s.Troopers[s.trooperIndex(a)].Marker, s.Troopers[s.trooperIndex(b)].Marker)
			})
			return append(kept, markers...)
		}
		ev.Forfeited, ev.Delayed = shown(ev.Forfeited), shown(ev.Delayed)
		e = ev
	}
	return s.conceal(e, v)
}

// conceal renames enemy markers to their labels in an event and drops an
// event that would name a trooper in Hidden Deployment.
func (s *State) conceal(e rules.Event, v rules.Viewer) (rules.Event, bool) {
	data, ok := s.concealJSON(e, v, nil)
	if !ok {
		return nil, false
	}
	if data == nil {
		return e, true
	}
	out, err := eventCodec.Decode(data)
	if err != nil {
		return nil, false
	}
	return out, true
}

// concealJSON is the JSON of x (an event or an action) with every name of a
// concealed trooper v may not see replaced: a Camouflaged trooper's id and
// model ids by its marker label. It is false when x names a trooper in
// Hidden Deployment, and nil when nothing needs renaming. The troopers in
// open (indexes) are left alone: the action or event places them on the
// table as themselves.
func (s *State) concealJSON(x rules.Kinded, v rules.Viewer, open []int) ([]byte, bool) {
	var drop, from, to []string
	for i, t := range s.Troopers {
		if !t.concealed() || v.Sees(t.Seat) || slices.Contains(open, i) {
			continue
		}
		names := []string{t.ID}
		for _, m := range t.Models {
			if s.Models[m].ID != t.ID {
				names = append(names, s.Models[m].ID)
			}
		}
		for _, n := range names {
			q := strconv.Quote(n)
			if t.States.Hidden {
				drop = append(drop, q)
			} else {
				from, to = append(from, q), append(to, strconv.Quote(t.Marker))
			}
		}
	}
	if len(drop)+len(from) == 0 {
		return nil, true
	}
	data, err := rules.Encode(x)
	if err != nil {
		return nil, false
	}
	text := string(data)
	for _, q := range drop {
		if strings.Contains(text, q) {
			return nil, false
		}
	}
	changed := false
	for i, q := range from {
		if strings.Contains(text, q) {
			text, changed = strings.ReplaceAll(text, q, to[i]), true
		}
	}
	if !changed {
		return nil, true
	}
	return []byte(text), true
}

// PlantCanaries writes marker strings into each player's private facts, for
// the conformance suite's leak check: the player's notes, and the names of
// its concealed troopers (a marker's or a hidden trooper's identity) and
// their models.
func (s *State) PlantCanaries(prefix string) []rules.Canary {
	var out []rules.Canary
	for i := range s.Armies {
		s.Armies[i].Notes = prefix + string(s.Armies[i].Seat)
		out = append(out, rules.Canary{Value: s.Armies[i].Notes, Owner: s.Armies[i].Seat})
	}
	for i := range s.Troopers {
		t := &s.Troopers[i]
		if !t.concealed() {
			continue
		}
		t.ID = prefix + t.ID
		out = append(out, rules.Canary{Value: t.ID, Owner: t.Seat})
		for _, m := range t.Models {
			s.Models[m].ID = prefix + s.Models[m].ID
			out = append(out, rules.Canary{Value: s.Models[m].ID, Owner: t.Seat})
		}
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
	for i := range c.Troopers {
		// A trooper's failed Discovers grow by append: the copy must not
		// write into the original's spare capacity.
		c.Troopers[i].Failed = slices.Clip(c.Troopers[i].Failed)
	}
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
	c.scans = pathScans{}
	if o.AttackFrom != nil {
		from := *o.AttackFrom
		c.AttackFrom = &from
	}
	c.AROs = slices.Clone(o.AROs)
	c.Decided = slices.Clone(o.Decided)
	c.Dodgers = slices.Clone(o.Dodgers)
	c.Eligible = slices.Clone(o.Eligible)
	c.Affected = slices.Clone(o.Affected)
	c.Mines = slices.Clone(o.Mines)
	c.HitBy = slices.Clone(o.HitBy)
	c.Gutsers = slices.Clone(o.Gutsers)
	c.Targets = append(c.targetsBuf[:0:len(c.targetsBuf)], o.Targets...)
	c.Alerters = slices.Clone(o.Alerters)
	c.Stranded = slices.Clone(o.Stranded)
	c.StrandedBefore = slices.Clone(o.StrandedBefore)
	return &c
}

// CanaryPublic reports a planted name that is public now: the trooper or
// model bearing it is no longer concealed.
func (s *State) CanaryPublic(value string) bool {
	for _, t := range s.Troopers {
		if t.ID == value {
			return !t.concealed()
		}
	}
	for _, m := range s.Models {
		if m.ID == value {
			return !s.Troopers[m.Trooper].concealed()
		}
	}
	return false
}
