package infinity

import "github.com/ordo-rules/ordo/rules"

// irregular reports whether a trooper counts as Irregular in the Order
// Count: it gets its own Irregular Order instead of adding one to its
// group's pool. That is by its profile, while Isolated at the start of its
// Active Turn (Isolated (N4)), or when its army is in Loss of Lieutenant
// (Loss of Lieutenant (N4)). It does not bar the trooper from the pool's
// Regular Orders (Order types (N4)); canSpend says who may spend what.
func (s *State) irregular(t int) bool {
	tr := s.Troopers[t]
	// A trooper in Hidden Deployment adds nothing to the pool: it holds its
	// own Order, to place itself on the table (Hidden Deployment (N4)).
	// An army in Retreat! counts as in Loss of Lieutenant (Retreat! (N4)).
	army := s.army(tr.Seat)
	return s.profile(t).Irregular || tr.States.Isolated || tr.States.Hidden || army.LossOfLieutenant || army.Retreat
}

// startTurn runs the Tactical Phase of the active player's turn: the Loss
// of Lieutenant check, then the Order Count (Game Round and Player Turn (N4), Order Count (N4)).
func (s *State) startTurn() []rules.Event {
	seat := s.active()
	army := s.army(seat)
	army.LossOfLieutenant = s.lossOfLieutenant(seat)
	army.OrderDeclared = false
	retreat, over := s.retreatCheck(seat)
	if over {
		// Nobody left in Retreat!: the game ends (Retreat! (N4)).
		s.Phase = PhaseOver
		return append(retreat, s.gameEnded()...)
	}
	ev := s.orderCount(seat)
	// The army entering Loss of Lieutenant cancels Suppressive Fire.
	return append(append(retreat, ev), s.dropSuppressive()...)
}

// countingProxy is the Proxy through which G: Jumper j adds its one Order
// to the count (G: Jumper (N4, PDF 2.1)), or -1: the first that is on the table and
// neither Null nor Isolated, preferring one not in Hidden Deployment (a
// hidden Proxy would make the G: Jumper's Order Irregular, and which Proxy
// comes first in the army list must not decide that).
func (s *State) countingProxy(j string) int {
	hidden := -1
	for i, t := range s.Troopers {
		if t.Jumper != j || t.States.Null() || t.States.Isolated || s.modelOf(i) < 0 {
			continue
		}
		if !t.States.Hidden {
			return i
		}
		if hidden < 0 {
			hidden = i
		}
	}
	return hidden
}

// orderCount is the Order Count of seat's turn (Order Count (N4)): every pool,
// Irregular Order and Lieutenant Special Order counted afresh.
func (s *State) orderCount(seat rules.Seat) TurnStarted {
	army := s.army(seat)
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
		// Troopers not on the table and Null troopers add nothing; a G:
		// Jumper counts once, through one of its Proxies (G: Jumper (N4, PDF 2.1)).
		// A Possessed trooper gives neither side an Order, an Unmanned TAG
		// none (its pilot does) (Possessed (N4); Expel).
		if t.States.Null() || t.States.Possessed || t.States.Unmanned || s.modelOf(i) < 0 || (t.Jumper != "" && s.countingProxy(t.Jumper) != i) {
			continue
		}
		// The Lieutenant Special Order comes with a Lieutenant the army
		// counts as deployed, whatever Order the trooper itself adds: one
		// in Hidden Deployment holds an Irregular Order to place itself on
		// the table, and keeps the Special Order too (Lieutenant (N4),
		// Order Count (N4); the lieutenant-hidden ruling decides whether it
		// counts as deployed).
		if t.Lieutenant && !army.LossOfLieutenant && !army.Retreat {
			army.LieutenantOrders = 1
		}
		// Tactical Awareness (N4): an Irregular Order of its own besides
		// the one of its Training (rule_tactical_awareness.go).
		if ta := s.tacticalAwareness(i); ta > 0 {
			t.IrregularOrders += ta
			ev.Irregular[t.ID] += ta
		}
		if s.irregular(i) {
			t.IrregularOrders++
			ev.Irregular[t.ID]++
			continue
		}
		for g := range army.Groups {
			if army.Groups[g].Name == t.Group {
				army.Groups[g].Pool++
			}
		}
	}
	for _, g := range army.Groups {
		ev.Pools[g.Name] = g.Pool
	}
	ev.Lieutenant = army.LieutenantOrders
	return ev
}

// endTurn runs the States Phase and End of Turn, then starts the next
// Player Turn or ends the game (Game Round and Player Turn (N4)).
func (s *State) endTurn() []rules.Event {
	seat := s.active()
	var events []rules.Event
	// States Phase: Stunned ends at the start of the States Phase of the
	// turn (Stunned (N4)).
	for i := range s.Troopers {
		if s.Troopers[i].States.Stunned {
			s.Troopers[i].States.Stunned = false
			events = append(events, StateChanged{Trooper: s.Troopers[i].ID, State: "Stunned", On: false, Why: "States Phase"})
		}
	}
	// The states of programs with a duration end (Hacking (N3)).
	events = append(events, s.expirePrograms()...)
	events = append(events, s.expireWhiteNoise()...)
	events = append(events, s.expireSmoke()...)
	// A failed Discover bars its trooper from that marker until the next
	// Player Turn (Discover (N4)).
	for i := range s.Troopers {
		s.Troopers[i].Failed = nil
	}
	// Unused Orders are lost (Order types (N4)); a limit on Command Tokens
	// lasts the turn (Command Tokens (N4), Strategic Use).
	army := s.army(seat)
	army.TokenCap, army.TokensSpent = 0, 0
	for g := range army.Groups {
		army.Groups[g].Pool = 0
	}
	army.LieutenantOrders = 0
	for i := range s.Troopers {
		if s.Troopers[i].Seat == seat {
			s.Troopers[i].IrregularOrders = 0
		}
	}
	// End of Turn: a player in Loss of Lieutenant must appoint a new one
	// (Loss of Lieutenant (N4), Cancellation), if anyone can be.
	// Not while in Retreat! (Retreat! (N4)).
	if army.LossOfLieutenant && !army.Retreat && len(s.lieutenantCandidates(seat)) > 0 {
		s.Phase = PhaseAppoint
		return events
	}
	return append(events, s.nextTurn()...)
}

// jumperCasualty reports a G: Jumper whose every Proxy is Isolated or in a
// Null state: it counts as a casualty until one of them recovers (seed
// 000, PDF 2.1). It then generates no Order (orderCount skips Isolated and
// Null Proxies) and scores no Victory Points.
func (s *State) jumperCasualty(jumper string) bool {
	for _, t := range s.Troopers {
		if t.Jumper == jumper && !t.States.Isolated && !t.States.Null() {
			return false
		}
	}
	return true
}

// nextTurn closes the Player Turn and starts the next, or ends the game.
func (s *State) nextTurn() []rules.Event {
	seat := s.active()
	events := []rules.Event{TurnEnded{Round: s.Round, Seat: seat}}
	s.Turn++
	if s.Turn == len(s.Seats) {
		s.Turn = 0
		s.Round++
		// A mission scores at the end of each Game Round (rule_mission.go).
		events = append(events, s.roundEnded(s.Round-1)...)
	}
	if s.Round > s.Rounds {
		s.Phase = PhaseOver
		return append(events, s.gameEnded()...)
	}
	s.Phase = PhaseOrders
	return append(events, s.startTurn()...)
}

// victoryPoints is each side's surviving cost: troopers not in a Null state
// (Victory Points (N4)), each Proxy by its own cost, and none of a G: Jumper that
// counts as a casualty (G: Jumper (N4, PDF 2.1)).
func (s *State) victoryPoints() map[rules.Seat]int {
	vp := map[rules.Seat]int{}
	for _, seat := range s.Seats {
		vp[seat] = 0
	}
	for _, t := range s.Troopers {
		// A Possessed trooper counts for neither side (Possessed (N4)).
		if !t.States.Null() && !t.States.Possessed && (t.Jumper == "" || !s.jumperCasualty(t.Jumper)) {
			vp[t.Seat] += t.Cost
		}
	}
	return vp
}
