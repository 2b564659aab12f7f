package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// The Lieutenant (Loss of Lieutenant (N4), Lieutenant (N4)). Which trooper
// is the Lieutenant is private until it spends its Lieutenant Special
// Order, which reveals it. In the Tactical Phase an army whose Lieutenant
// is absent, Null or Isolated falls into Loss of Lieutenant: no Lieutenant
// Special Order. At the End of Turn its player appoints a new Lieutenant
// (the appoint-lieutenant step, stepAppoint), who is private again.

// lieutenantPrivate reports whether which of owner's troopers holds the
// Lieutenant role is private now (Lieutenant (N4), Loss of Lieutenant
// (N4)): in the Orders Phase, and in a mission's pre-game once the
// Initiative Roll (which shows the Lieutenant's WIP) is rolled; while the
// army is not in Loss of Lieutenant (the role is then no one's until a
// new Lieutenant is appointed); no Lieutenant Special Order of owner's is
// being spent (declaring it reveals the Lieutenant); and no trooper of
// owner's has revealed itself as Lieutenant, a Possessed one included
// (Possessed (N4)). A Lieutenant of the enemy's that owner controls tells
// nothing of owner's own. It is the one statement of when the role is
// private: Determinize draws it (drawLieutenant) and the leak check's
// twins vary it (twinLieutenant, twinPossessedLieutenant) exactly then.
func (s *State) lieutenantPrivate(owner rules.Seat) bool {
	switch s.Phase {
	case PhaseOrders, PhaseChoice, PhaseClassified, PhaseDeployment:
	default:
		return false
	}
	if s.army(owner).LossOfLieutenant || (s.Order != nil && s.Order.Source == OrderLieutenant && s.Troopers[s.Order.Trooper].Seat == owner) {
		return false
	}
	for i := range s.Troopers {
		tr := &s.Troopers[i]
		if tr.ownedBy(owner) && (tr.KnownLieutenant || tr.Possession.Known) {
			return false
		}
	}
	return true
}

// lieutenantCountsNow reports whether trooper t's unit, as Lieutenant,
// would keep its army out of Loss of Lieutenant: on the table now in the
// Orders Phase (unitCounts), on it when the first turn starts during the
// pre-game (pregameUnitCounts).
func (s *State) lieutenantCountsNow(t int) bool {
	if s.Phase == PhaseOrders {
		return s.unitCounts(t)
	}
	return s.pregameUnitCounts(t)
}

// lossOfLieutenant is the check of the Tactical Phase (Loss of Lieutenant
// (N4)): no Lieutenant deployed, or the Lieutenant in a Null state or
// Isolated, puts the army in Loss of Lieutenant for the turn. An army already
// in Loss of Lieutenant stays in it until a new Lieutenant is appointed.
func (s *State) lossOfLieutenant(seat rules.Seat) bool {
	if s.army(seat).LossOfLieutenant {
		return true
	}
	// A G: Jumper Lieutenant is lost only when every Proxy is (G: Jumper (N4, PDF 2.1),
	// G: Jumper and Lieutenant).
	for i, t := range s.Troopers {
		if t.Seat != seat || !t.Lieutenant {
			continue
		}
		deployed := s.modelOf(i) >= 0
		if t.States.Hidden && s.Rulings.Get("lieutenant-hidden") == "not-deployed" {
			deployed = false
		}
		if deployed && !t.States.Null() && !t.States.Isolated {
			return false
		}
	}
	return true
}

// Appoint names the new Lieutenant at the End of Turn (Loss of Lieutenant (N4)): at no
// cost, neither Irregular nor a REM; its identity stays private.
type Appoint struct {
	Trooper string `json:"trooper"`
}

func (Appoint) Kind() string { return string(KindAppoint) }

// Appointed is a new Lieutenant; its opponent only learns that one was
// appointed.
type Appointed struct {
	Seat    rules.Seat `json:"seat"`
	Trooper string     `json:"trooper,omitempty"`
}

func (Appointed) Kind() string { return "appointed" }

// LieutenantRevealed is a Lieutenant made public by spending its
// Lieutenant Special Order (Lieutenant (N4)). Trooper is its id, or its
// marker's label for the opponent while it stays Camouflaged.
type LieutenantRevealed struct {
	Seat    rules.Seat `json:"seat"`
	Trooper string     `json:"trooper"`
}

func (LieutenantRevealed) Kind() string { return "lieutenant-revealed" }

// revealLieutenant makes trooper t's unit the known Lieutenant.
func (s *State) revealLieutenant(t int) []rules.Event {
	for _, m := range s.unitMembers(s.Troopers[t].ID) {
		s.Troopers[m].KnownLieutenant = true
	}
	return []rules.Event{LieutenantRevealed{Seat: s.Troopers[t].Seat, Trooper: s.Troopers[t].ID}}
}

// lieutenantCandidates are the troopers seat may appoint: on the table (or
// in Hidden Deployment), not in a Null state, and whose profile is neither
// Irregular nor a REM (Loss of Lieutenant (N4), IMPORTANT).
func (s *State) lieutenantCandidates(seat rules.Seat) []int {
	var out []int
	for i, t := range s.Troopers {
		if t.Seat == seat && !t.States.Null() && !t.States.Possessed && !t.States.Unmanned && s.modelOf(i) >= 0 && s.profile(i).CanBeLieutenant() {
			out = append(out, i)
		}
	}
	return out
}

// checkAppoint validates an appointment.
func (s *State) checkAppoint(a Appoint) error {
	t := s.trooperIndex(a.Trooper)
	if t < 0 || s.Troopers[t].Seat != s.active() {
		return rules.Errorf(rules.CodeBadAction, "Loss of Lieutenant (N4)", "%q is not a trooper of %s", a.Trooper, s.active())
	}
	if !slices.Contains(s.lieutenantCandidates(s.active()), t) {
		if !s.profile(t).CanBeLieutenant() {
			return rules.Errorf(rules.CodeIllegal, "Loss of Lieutenant (N4; IMPORTANT)", "%s cannot be Lieutenant: Irregular troopers and REMs cannot", a.Trooper)
		}
		return rules.Errorf(rules.CodeIllegal, "Loss of Lieutenant (N4)", "%s cannot be appointed: it is not on the table or is in a Null state", a.Trooper)
	}
	return nil
}

// appoint makes the new Lieutenant, ends Loss of Lieutenant, and closes the
// turn.
func (s *State) appoint(a Appoint) []rules.Event {
	seat := s.active()
	// A G: Jumper is Lieutenant with all its Proxies (G: Jumper (N4, PDF 2.1), G: Jumper
	// and Lieutenant).
	unit := s.unitMembers(a.Trooper)
	for i := range s.Troopers {
		if s.Troopers[i].Seat == seat {
			s.Troopers[i].Lieutenant = slices.Contains(unit, i)
			// The new Lieutenant is private again (Loss of Lieutenant (N4)).
			s.Troopers[i].KnownLieutenant = false
		}
	}
	s.army(seat).LossOfLieutenant = false
	s.forgetPossessedLieutenant(seat)
	events := []rules.Event{Appointed{Seat: seat, Trooper: a.Trooper}}
	return append(events, s.nextTurn()...)
}

// stepAppoint is the End of Turn step where the active player, in Loss of
// Lieutenant, appoints a new Lieutenant: nothing else may be sent until it
// does.
var stepAppoint = stepDef{
	name:    StepAppoint,
	who:     activePlayer,
	actions: []stepAction{act(checkWith((*State).checkAppoint), applyWith((*State).appoint))},
	wrong: func(a rules.Action) error {
		return rules.Errorf(rules.CodeWrongWindow, "Loss of Lieutenant (N4)", "%s: the player must first appoint a new Lieutenant", a.Kind())
	},
	// Every trooper of the army, so that the menu says why the Irregular,
	// the REMs and the fallen cannot be appointed.
	candidates: func(s *State, _ *menuBuilder) []rules.Action {
		var cands []rules.Action
		for _, t := range s.Troopers {
			if t.Seat == s.active() {
				cands = append(cands, Appoint{Trooper: t.ID})
			}
		}
		return cands
	},
}
