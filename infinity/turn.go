package infinity

import (
	"github.com/ordo-rules/ordo/rules"
)

// lossOfLieutenant is the check of the Tactical Phase (seed 001; n4-core
// §3.8): no Lieutenant deployed, or the Lieutenant in a Null state or
// Isolated, puts the army in Loss of Lieutenant for the turn. An army already
// in Loss of Lieutenant stays in it until a new Lieutenant is appointed.
func (s *State) lossOfLieutenant(seat rules.Seat) bool {
	if s.army(seat).LossOfLieutenant {
		return true
	}
	for i, t := range s.Troopers {
		if t.Seat != seat || !t.Lieutenant {
			continue
		}
		deployed := s.modelOf(i) >= 0
		if t.States.Hidden && s.Rulings.Get("lieutenant-hidden") == "not-deployed" {
			deployed = false
		}
		return !deployed || t.States.Null() || t.States.Isolated
	}
	return true
}

// irregular reports whether a trooper acts as Irregular this turn: by its
// profile, while Isolated at the start of its Active Turn (n4-core §7.1), or
// when its army is in Loss of Lieutenant (seed 001).
func (s *State) irregular(t int) bool {
	tr := s.Troopers[t]
	// A trooper in Hidden Deployment adds nothing to the pool: it holds its
	// own Order, to place itself on the table (n4-core §7.12).
	return s.profile(t).Irregular || tr.States.Isolated || tr.States.Hidden || s.army(tr.Seat).LossOfLieutenant
}

// startTurn runs the Tactical Phase of the active player's turn: the Loss
// of Lieutenant check, then the Order Count (n4-core §3.4, §3.5).
func (s *State) startTurn() []rules.Event {
	seat := s.active()
	army := s.army(seat)
	army.LossOfLieutenant = s.lossOfLieutenant(seat)
	ev := TurnStarted{Round: s.Round, Seat: seat, Pools: map[string]int{}, Irregular: map[string]int{}, LossOfLieutenant: army.LossOfLieutenant}
	for g := range army.Groups {
		army.Groups[g].Pool = 0
	}
	army.LieutenantOrders = 0
	for i := range s.Troopers {
		t := &s.Troopers[i]
		if t.Seat != seat {
			continue
		}
		t.IrregularOrders = 0
		// Troopers not on the table and Null troopers add nothing.
		if t.States.Null() || s.modelOf(i) < 0 {
			continue
		}
		if s.irregular(i) {
			t.IrregularOrders = 1
			ev.Irregular[t.ID] = 1
			continue
		}
		for g := range army.Groups {
			if army.Groups[g].Name == t.Group {
				army.Groups[g].Pool++
			}
		}
		if t.Lieutenant && !army.LossOfLieutenant {
			army.LieutenantOrders = 1
		}
	}
	for _, g := range army.Groups {
		ev.Pools[g.Name] = g.Pool
	}
	ev.Lieutenant = army.LieutenantOrders
	// The army entering Loss of Lieutenant cancels Suppressive Fire.
	return append([]rules.Event{ev}, s.dropSuppressive()...)
}

// endTurn runs the States Phase and End of Turn, then starts the next
// Player Turn or ends the game (n4-core §3.4).
func (s *State) endTurn() []rules.Event {
	seat := s.active()
	var events []rules.Event
	// States Phase: Stunned ends at the start of the States Phase of the
	// turn (n4-core §7.8).
	for i := range s.Troopers {
		if s.Troopers[i].States.Stunned {
			s.Troopers[i].States.Stunned = false
			events = append(events, StateChanged{Trooper: s.Troopers[i].ID, State: "Stunned", On: false, Why: "States Phase"})
		}
	}
	// A failed Discover bars its trooper from that marker until the next
	// Player Turn (n4-core §5.6).
	for i := range s.Troopers {
		s.Troopers[i].Failed = nil
	}
	// Unused Orders are lost (n4-core §3.2).
	army := s.army(seat)
	for g := range army.Groups {
		army.Groups[g].Pool = 0
	}
	army.LieutenantOrders = 0
	for i := range s.Troopers {
		if s.Troopers[i].Seat == seat {
			s.Troopers[i].IrregularOrders = 0
		}
	}
	events = append(events, TurnEnded{Round: s.Round, Seat: seat})
	s.Turn++
	if s.Turn == len(s.Seats) {
		s.Turn = 0
		s.Round++
	}
	if s.Round > s.Rounds {
		s.Phase = PhaseOver
		return append(events, GameEnded{VictoryPoints: s.victoryPoints()})
	}
	return append(events, s.startTurn()...)
}

// victoryPoints is each side's surviving cost: troopers not in a Null state
// (n4-core §10.1).
func (s *State) victoryPoints() map[rules.Seat]int {
	vp := map[rules.Seat]int{}
	for _, seat := range s.Seats {
		vp[seat] = 0
	}
	for _, t := range s.Troopers {
		if !t.States.Null() {
			vp[t.Seat] += t.Cost
		}
	}
	return vp
}
