package infinity

import (
	"math/rand/v2"
	"slices"

	"github.com/ordo-rules/ordo/infinity/mission"
	"github.com/ordo-rules/ordo/rules"
)

// Classified Objectives (docs/MISSIONS.md): after the Initiative choices
// each player picks one card of the mission's deck privately — the
// opponent learns only that a card was picked — and the card is revealed
// when it scores: at the end of the first Game Round whose end finds its
// condition met (every zone it names controlled, every console held, or
// enough enemy troopers in a Null state).

// StepClassified is where each player picks its Classified Objective.
const StepClassified Step = "classified"

// PhaseClassified is the pre-game's Classified Objective choices.
const PhaseClassified = Phase(StepClassified)

// ChooseClassified picks the player's Classified Objective (private).
type ChooseClassified struct {
	Objective string `json:"objective"`
}

func (ChooseClassified) Kind() string { return string(KindChooseClassified) }

// ClassifiedChosen is a player's pick; the opponent's copy names no card.
type ClassifiedChosen struct {
	Seat      rules.Seat `json:"seat"`
	Objective string     `json:"objective,omitempty"`
}

func (ClassifiedChosen) Kind() string { return "classified-chosen" }

// ClassifiedScored reveals a Classified Objective as it scores.
type ClassifiedScored struct {
	Round     int        `json:"round"`
	Seat      rules.Seat `json:"seat"`
	Objective string     `json:"objective"`
	Name      string     `json:"name"`
	OP        int        `json:"op"`
	Total     int        `json:"total"`
}

func (ClassifiedScored) Kind() string { return "classified-scored" }

// card is the deck's card of that id, or nil.
func (ms *MissionState) card(id string) *mission.Classified {
	for i := range ms.Deck {
		if ms.Deck[i].ID == id {
			return &ms.Deck[i]
		}
	}
	return nil
}

// startClassified opens the Classified Objective choices when the mission
// has a deck, the first player to act first; else deployment begins.
func (s *State) startClassified() []rules.Event {
	if s.Mission == nil || len(s.Mission.Deck) == 0 {
		s.Phase = PhaseDeployment
		return s.advanceDeployment()
	}
	s.Phase = PhaseClassified
	s.PreGame.Chooser = s.Seats[0]
	return nil
}

func (s *State) checkChooseClassified(a ChooseClassified) error {
	if s.Mission.card(a.Objective) == nil {
		return rules.Errorf(rules.CodeBadAction, "Classified Objectives (docs/MISSIONS.md)", "%q is not a card of the mission's deck", a.Objective)
	}
	return nil
}

func (s *State) chooseClassified(a ChooseClassified) []rules.Event {
	seat := s.PreGame.Chooser
	ms := s.Mission
	if ms.Classified == nil {
		ms.Classified = map[rules.Seat]string{}
	}
	ms.Classified[seat] = a.Objective
	events := []rules.Event{ClassifiedChosen{Seat: seat, Objective: a.Objective}}
	if seat == s.Seats[0] {
		s.PreGame.Chooser = s.Seats[1]
		return events
	}
	s.PreGame.Chooser = ""
	s.Phase = PhaseDeployment
	return append(events, s.advanceDeployment()...)
}

func (s *State) classifiedCandidates() []rules.Action {
	out := make([]rules.Action, 0, len(s.Mission.Deck))
	for _, c := range s.Mission.Deck {
		out = append(out, ChooseClassified{Objective: c.ID})
	}
	return out
}

var stepClassified = stepDef{
	name:       StepClassified,
	who:        func(s *State) (rules.PromptKind, int) { return rules.Sequential, s.seatIndex(s.PreGame.Chooser) },
	actions:    []stepAction{act(checkWith((*State).checkChooseClassified), applyWith((*State).chooseClassified))},
	candidates: func(s *State, _ *menuBuilder) []rules.Action { return s.classifiedCandidates() },
}

// classifiedMet reports whether seat's card's condition holds now.
func (s *State) classifiedMet(seat rules.Seat, c *mission.Classified) bool {
	ms := s.Mission
	switch c.Rule {
	case mission.ClassifiedKill:
		n := 0
		for _, t := range s.Troopers {
			if t.Seat != seat && t.States.Null() {
				n++
			}
		}
		return n >= c.Count
	case mission.ClassifiedControl, mission.ClassifiedConsoles:
		for _, id := range c.Objectives {
			i := ms.objectiveIndex(id)
			if i < 0 {
				return false
			}
			o := &ms.Objectives[i]
			holder := o.Holder
			if o.Kind == mission.KindZone {
				holder = s.controller(o)
			}
			if holder != seat {
				return false
			}
		}
		return len(c.Objectives) > 0
	}
	return false
}

// scoreClassified scores, and reveals, each Classified Objective whose
// condition holds at the end of a Game Round.
func (s *State) scoreClassified() []rules.Event {
	ms := s.Mission
	var events []rules.Event
	for _, seat := range s.Seats {
		id, ok := ms.Classified[seat]
		if !ok || slices.Contains(ms.Revealed, seat) {
			continue
		}
		c := ms.card(id)
		if c == nil || !s.classifiedMet(seat, c) {
			continue
		}
		ms.Revealed = append(ms.Revealed, seat)
		n := c.OP
		if ms.MaxOP > 0 {
			n = max(min(n, ms.MaxOP-ms.OP[seat]), 0)
		}
		ms.OP[seat] += n
		events = append(events, ClassifiedScored{Round: s.Round, Seat: seat, Objective: c.ID, Name: c.Name, OP: n, Total: ms.OP[seat]})
	}
	return events
}

// twinClassified gives owner another Classified Objective: the opponent
// must not tell which it picked until it scores. Not varied when the next
// action ends a Game Round or the game (endsRound: the round's scoring may
// reveal it).
func (s *State) twinClassified(owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.Action, bool) {
	ms := s.Mission
	if ms == nil || len(ms.Deck) < 2 || slices.Contains(ms.Revealed, owner) {
		return nil, false
	}
	pick := func(not string) string {
		var others []string
		for _, c := range ms.Deck {
			if c.ID != not {
				others = append(others, c.ID)
			}
		}
		return others[r.IntN(len(others))]
	}
	if x, ok := a.(ChooseClassified); ok && seat == owner && s.Phase == PhaseClassified {
		// The twin picks another card.
		return ChooseClassified{Objective: pick(x.Objective)}, true
	}
	id, ok := ms.Classified[owner]
	if !ok {
		return nil, false
	}
	if s.endsRound(a) {
		return nil, false
	}
	s.Mission.Classified[owner] = pick(id)
	return a, true
}

// endsRound reports whether action a, sent next, ends a Game Round or the
// game, either of which scores the round and may reveal a Classified
// Objective (roundEnded, gameEnded): an End of Turn (EndOrders, or Appoint
// after it) closing the round's last Player Turn, or one after which the
// next player's Tactical Phase finds its army in Retreat! with nobody
// left (Retreat! (N4)), which ends the game in the middle of the round.
// The End of Turn is played on a copy to tell.
func (s *State) endsRound(a rules.Action) bool {
	c := s.clone()
	switch a.(type) {
	case EndOrders:
		c.endTurn()
	case Appoint:
		c.nextTurn()
	default:
		return false
	}
	return c.Round != s.Round || c.Phase == PhaseOver
}
