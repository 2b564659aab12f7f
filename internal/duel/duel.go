// Package duel is a minimal ruleset for testing the kernel, the conformance
// suite and the scenario runner, never for play: every kind of prompt
// (sequential, simultaneous, chance, game over), dice, private facts (each
// seat's secret, sealed bids) and redaction, in a few dozen lines of rules.
//
// Each turn the seat to move Rolls (adds a d20 to its score) or Passes; then
// both seats bid 0..2 at once, sealed; then a chance step rolls a d20 and,
// on 10 or less, the higher bidder scores the bid. After the scenario's
// rounds (one turn per seat each) the game is over.
package duel

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Ruleset is the duel. Its Flaws switch on deliberate bugs, to prove the
// conformance suite catches them.
type Ruleset struct {
	Flaws Flaws
}

// Flaws are deliberate bugs.
type Flaws struct {
	LeakSecret     bool // Observe shows every secret to everyone
	LeakNote       bool // Redact shows a mover's private note to everyone
	Nondeterminism bool // the chance step ignores the dice source
	DirtyReject    bool // a refused bid still changes the state
	NoSeat         bool // the bid window's prompt names no seat
	LossyState     bool // DecodeState loses the scores: a state does not survive JSON
	NeverEnds      bool // after the last turn the game starts over instead of ending
	StampedMoves   bool // Legal stamps each move with a serial from a package-level counter
	// StampedRedact: Redact stamps the note it hides with a serial from a
	// package-level counter, so two plays of one seed show the viewers
	// different events though their logs and states are the same.
	StampedRedact bool
	// DirtyLegal: Legal counts the menus it made in a field the JSON leaves
	// out, so that only a comparison of the values themselves sees it.
	DirtyLegal bool
	// Leaks no canary can find: numbers, not planted strings. Only the
	// counterfactual check (rules.TwinMaker) sees them.
	LeakBidAction bool // RedactAction shows a sealed bid to everyone
	LeakBidMenu   bool // the menu of a seat that is not prompted shows the bids made so far
	LeakBidCount  bool // Observe shows the total of the sealed bids
}

// serials numbers the moves Legal offers under the StampedMoves flaw. It is
// shared by every game, so the same seed played twice logs different moves,
// though each game, replayed or cloned, is consistent with itself: only
// the conformance suite's determinism check can see it.
var serials atomic.Uint64

func (d Ruleset) Name() string            { return "duel" }
func (d Ruleset) Rulings() []rules.Ruling { return nil }

type duelState struct {
	Seats  []rules.Seat          `json:"seats"`
	Score  map[rules.Seat]int    `json:"score"`
	Secret map[rules.Seat]string `json:"secret"`
	Bids   map[rules.Seat]int    `json:"bids"`
	Turn   int                   `json:"turn"`  // turns played
	Turns  int                   `json:"turns"` // turns in the game
	Phase  string                `json:"phase"` // move, bid, chance, over
	Flaws  Flaws                 `json:"-"`
	Errors int                   `json:"errors"` // bumped by the dirtyReject flaw
	menus  int                   // bumped by the DirtyLegal flaw
}

// The moves carry a Serial only under the StampedMoves flaw; it is zero,
// and left out of their JSON, otherwise.
type (
	rollAction struct {
		Serial uint64 `json:"serial,omitempty"`
	}
	passAction struct {
		Serial uint64 `json:"serial,omitempty"`
	}
	bidAction     struct{ N int }
	resolveAction struct{}
)

func (rollAction) Kind() string    { return "roll" }
func (passAction) Kind() string    { return "pass" }
func (bidAction) Kind() string     { return "bid" }
func (resolveAction) Kind() string { return "resolve" }

type (
	scoredEvent struct {
		Seat rules.Seat
		Die  int
		Note string // the mover's secret: private to the mover
	}
	bidEvent struct {
		Seat rules.Seat
		N    int // -1 when sealed
	}
	resolvedEvent struct {
		Die    int
		Winner rules.Seat
	}
)

func (scoredEvent) Kind() string   { return "scored" }
func (bidEvent) Kind() string      { return "bid" }
func (resolvedEvent) Kind() string { return "resolved" }

// The codec registers its kinds on first use (rules.Codec.Lazy), not at start.
var duelActions = &rules.Codec[rules.Action]{Lazy: func(c *rules.Codec[rules.Action]) {
	c.Register("roll", func() rules.Action { return &rollAction{} })
	c.Register("pass", func() rules.Action { return &passAction{} })
	c.Register("bid", func() rules.Action { return &bidAction{} })
	c.Register("resolve", func() rules.Action { return &resolveAction{} })
}}

// The codec registers its kinds on first use (rules.Codec.Lazy), not at start.
var duelEvents = &rules.Codec[rules.Event]{Lazy: func(c *rules.Codec[rules.Event]) {
	c.Register("scored", func() rules.Event { return &scoredEvent{} })
	c.Register("bid", func() rules.Event { return &bidEvent{} })
	c.Register("resolved", func() rules.Event { return &resolvedEvent{} })
}}

func (d Ruleset) DecodeAction(b []byte) (rules.Action, error) { return duelActions.Decode(b) }

func (d Ruleset) DecodeEvent(b []byte) (rules.Event, error) { return duelEvents.Decode(b) }

// DecodeState reads a state and refuses one that Setup and Apply could not
// have made (see validate): the JSON may come from a store or a client, and
// the rules index seats and write into the maps without looking.
func (d Ruleset) DecodeState(b []byte) (rules.State, error) {
	var s duelState
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("duel state: %w", err)
	}
	s.Flaws = d.Flaws
	if d.Flaws.LossyState {
		for seat := range s.Score {
			s.Score[seat] = 0
		}
	}
	return &s, nil
}

// validate checks what every duel state holds, so that no method can panic
// or go wrong on a decoded one: two distinct seats that are neither blank
// nor the chance seat (the rules take turns by Seats[Turn%2] and compare
// Seats[0] with Seats[1]); a score (never negative) and a secret for each
// seat and for nothing else (Observe shows every score key; Apply and
// PlantCanaries write into these maps); bids, present even when empty, only
// from seats and only 0..2, none outside the bid and chance windows, every
// seat's in the chance window and not every seat's in the bid window (the
// window closes on the last bid); two turns a round, at least one round;
// the turn within the game and the game over exactly when all turns are
// played. Setup checks its states the same way, so what it makes decodes.
func (s *duelState) validate() error {
	err := s.validateSeats()
	if err == nil {
		err = seatKeys("score", s.Score, s.Seats)
	}
	if err == nil {
		err = seatKeys("secret", s.Secret, s.Seats)
	}
	if err == nil {
		err = s.validateCounts()
	}
	if err == nil {
		err = s.validateBids()
	}
	return err
}

func (s *duelState) validateSeats() error {
	if len(s.Seats) != 2 {
		return fmt.Errorf("seats: a duel has 2, this state has %d", len(s.Seats))
	}
	for i, seat := range s.Seats {
		switch {
		case strings.TrimSpace(string(seat)) == "":
			return fmt.Errorf("seats[%d] is blank", i)
		case seat == rules.ChanceSeat:
			return fmt.Errorf("seats[%d] is %q, the seat of the dice", i, seat)
		case slices.Contains(s.Seats[:i], seat):
			return fmt.Errorf("seats[%d]: %q is already seats[%d]", i, seat, slices.Index(s.Seats, seat))
		}
	}
	return nil
}

// seatKeys checks that m has an entry for each of the seats (which are
// distinct) and for nothing else.
func seatKeys[V any](field string, m map[rules.Seat]V, seats []rules.Seat) error {
	for _, seat := range seats {
		if _, ok := m[seat]; !ok {
			return fmt.Errorf("%s has no entry for seat %q", field, seat)
		}
	}
	return foreignKey(field, m, seats)
}

// foreignKey names a key of m that is not one of the seats, the first in
// sorted order so that the message does not change from run to run.
func foreignKey[V any](field string, m map[rules.Seat]V, seats []rules.Seat) error {
	n := 0
	for _, seat := range seats {
		if _, ok := m[seat]; ok {
			n++
		}
	}
	if n == len(m) {
		return nil
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if !slices.Contains(seats, k) {
			return fmt.Errorf("%s names %q, which is not a seat", field, k)
		}
	}
	return nil
}

// validateCounts checks the scores, the turns and the phase.
func (s *duelState) validateCounts() error {
	for _, seat := range s.Seats {
		if n := s.Score[seat]; n < 0 {
			return fmt.Errorf("score of %q is %d; scores start at 0 and only grow", seat, n)
		}
	}
	if s.Errors < 0 {
		return fmt.Errorf("errors is %d; it only counts up", s.Errors)
	}
	if s.Turns < 2 || s.Turns%2 != 0 {
		return fmt.Errorf("turns is %d; a duel has two a round and at least one round", s.Turns)
	}
	if s.Turn < 0 || s.Turn > s.Turns {
		return fmt.Errorf("turn is %d, outside 0..%d", s.Turn, s.Turns)
	}
	switch s.Phase {
	case "move", "bid", "chance":
		if s.Turn == s.Turns {
			return fmt.Errorf("phase is %q but all %d turns are played", s.Phase, s.Turns)
		}
	case "over":
		if s.Turn < s.Turns {
			return fmt.Errorf("phase is %q at turn %d of %d", s.Phase, s.Turn, s.Turns)
		}
	default:
		return fmt.Errorf("phase %q is none of move, bid, chance, over", s.Phase)
	}
	return nil
}

// validateBids checks the sealed bids against the seats and the phase.
func (s *duelState) validateBids() error {
	if s.Bids == nil {
		return fmt.Errorf("bids are missing (an empty object when nobody has bid)")
	}
	if err := foreignKey("bids", s.Bids, s.Seats); err != nil {
		return err
	}
	for _, seat := range s.Seats {
		if n, ok := s.Bids[seat]; ok && (n < 0 || n > 2) {
			return fmt.Errorf("bid of %q is %d; bids run 0..2", seat, n)
		}
	}
	switch n := len(s.Bids); {
	case (s.Phase == "move" || s.Phase == "over") && n != 0:
		return fmt.Errorf("%d bids in phase %q; bids are made in the bid window", n, s.Phase)
	case s.Phase == "bid" && n == len(s.Seats):
		return fmt.Errorf("every seat has bid but the phase is still %q", s.Phase)
	case s.Phase == "chance" && n != len(s.Seats):
		return fmt.Errorf("%d bids in phase %q; the chance step follows every seat's bid", n, s.Phase)
	}
	return nil
}

func (d Ruleset) Setup(sc *scenario.Scenario, _ rules.Rulings) (rules.State, error) {
	s := &duelState{
		Score: map[rules.Seat]int{}, Secret: map[rules.Seat]string{}, Bids: map[rules.Seat]int{},
		Turns: 2 * sc.Rounds, Phase: "move", Flaws: d.Flaws,
	}
	for _, side := range sc.Sides {
		seat := rules.Seat(side.Seat)
		s.Seats = append(s.Seats, seat)
		s.Score[seat] = 0
		s.Secret[seat] = "none"
	}
	if len(s.Seats) != 2 || sc.Rounds < 1 {
		return nil, fmt.Errorf("duel needs two sides and at least one round")
	}
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("duel setup: %w", err)
	}
	return s, nil
}

func (s *duelState) PlantCanaries(prefix string) []rules.Canary {
	var out []rules.Canary
	for _, seat := range s.Seats {
		s.Secret[seat] = prefix + string(seat)
		out = append(out, rules.Canary{Value: s.Secret[seat], Owner: seat})
	}
	return out
}

func (s *duelState) mover() rules.Seat { return s.Seats[s.Turn%2] }

func (s *duelState) Prompt() rules.Prompt {
	switch s.Phase {
	case "move":
		return rules.Prompt{Kind: rules.Sequential, Seats: []rules.Seat{s.mover()}, Window: "move"}
	case "bid":
		var waiting []rules.Seat
		for _, seat := range s.Seats {
			if _, ok := s.Bids[seat]; !ok {
				waiting = append(waiting, seat)
			}
		}
		if s.Flaws.NoSeat {
			waiting = nil
		}
		return rules.Prompt{Kind: rules.Simultaneous, Seats: waiting, Window: "bid"}
	case "chance":
		return rules.Prompt{Kind: rules.Chance, Seats: []rules.Seat{rules.ChanceSeat}, Window: "resolve"}
	}
	return rules.Prompt{Kind: rules.GameOver}
}

func (s *duelState) Legal(seat rules.Seat) []rules.Option {
	if s.Flaws.DirtyLegal {
		s.menus++
	}
	p := s.Prompt()
	var opts []rules.Option
	switch s.Phase {
	case "move":
		opts = []rules.Option{{Action: rollAction{}}, {Action: passAction{}}}
		if s.Flaws.StampedMoves {
			opts = []rules.Option{{Action: rollAction{serials.Add(1)}}, {Action: passAction{serials.Add(1)}}}
		}
	case "bid":
		opts = []rules.Option{{Action: bidAction{0}}, {Action: bidAction{1}}, {Action: bidAction{2}},
			{Action: bidAction{3}, Illegal: rules.Errorf(rules.CodeIllegal, "duel bids", "bids run 0..2")}}
	case "chance":
		opts = []rules.Option{{Action: resolveAction{}}}
	}
	if !p.Waits(seat) {
		for i := range opts {
			if opts[i].Illegal == nil {
				opts[i].Illegal = rules.Errorf(rules.CodeNotYourTurn, "", "%s is not prompted", seat)
			}
		}
		if s.Flaws.LeakBidMenu {
			for _, other := range s.Seats {
				if n, ok := s.Bids[other]; ok {
					opts = append(opts, rules.Option{Action: bidAction{n}, Illegal: rules.Errorf(rules.CodeNotYourTurn, "", "%s bid it", other)})
				}
			}
		}
	}
	return opts
}

func (s *duelState) Apply(seat rules.Seat, a rules.Action, d dice.Source) ([]rules.Event, error) {
	p := s.Prompt()
	if p.Kind == rules.GameOver {
		return nil, rules.Errorf(rules.CodeGameOver, "", "the game is over")
	}
	if !p.Waits(seat) {
		return nil, rules.Errorf(rules.CodeNotYourTurn, "", "%s may not act in %s", seat, p.Window)
	}
	switch a := a.(type) {
	case rollAction, passAction:
		if s.Phase != "move" {
			return nil, rules.Errorf(rules.CodeWrongWindow, "", "%s outside the move window", a.Kind())
		}
		var events []rules.Event
		if _, ok := a.(rollAction); ok {
			die, err := d.D20()
			if err != nil {
				return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
			}
			s.Score[seat] += die
			events = append(events, scoredEvent{Seat: seat, Die: die, Note: s.Secret[seat]})
		}
		s.Phase = "bid"
		return events, nil
	case bidAction:
		if s.Phase != "bid" {
			return nil, rules.Errorf(rules.CodeWrongWindow, "", "bid outside the bid window")
		}
		if a.N < 0 || a.N > 2 {
			if s.Flaws.DirtyReject {
				s.Errors++
			}
			return nil, rules.Errorf(rules.CodeIllegal, "duel bids", "bid %d: bids run 0..2", a.N)
		}
		s.Bids[seat] = a.N
		if len(s.Bids) == len(s.Seats) {
			s.Phase = "chance"
		}
		return []rules.Event{bidEvent{Seat: seat, N: a.N}}, nil
	case resolveAction:
		die, err := d.D20()
		if err != nil {
			return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
		}
		if s.Flaws.Nondeterminism {
			die = rand.IntN(20) + 1
		}
		ev := resolvedEvent{Die: die}
		a0, a1 := s.Bids[s.Seats[0]], s.Bids[s.Seats[1]]
		if die <= 10 && a0 != a1 {
			ev.Winner = s.Seats[0]
			if a1 > a0 {
				ev.Winner = s.Seats[1]
			}
			s.Score[ev.Winner] += max(a0, a1)
		}
		clear(s.Bids)
		s.Turn++
		s.Phase = "move"
		if s.Turn >= s.Turns {
			s.Phase = "over"
			if s.Flaws.NeverEnds {
				s.Turn, s.Phase = 0, "move"
			}
		}
		return []rules.Event{ev}, nil
	}
	return nil, rules.Errorf(rules.CodeUnknown, "", "unknown action %s", a.Kind())
}

// duelView is what a viewer sees.
type duelView struct {
	Score  map[rules.Seat]int    `json:"score"`
	Secret map[rules.Seat]string `json:"secret,omitempty"`
	Bid    []rules.Seat          `json:"bid,omitempty"` // who has bid, not what
	Phase  string                `json:"phase"`
	Total  int                   `json:"total,omitempty"` // the LeakBidCount flaw
}

func (s *duelState) Observe(v rules.Viewer) any {
	view := duelView{Score: maps.Clone(s.Score), Secret: map[rules.Seat]string{}, Phase: s.Phase}
	for _, seat := range s.Seats {
		if v.Sees(seat) || s.Flaws.LeakSecret {
			view.Secret[seat] = s.Secret[seat]
		}
		if n, ok := s.Bids[seat]; ok {
			view.Bid = append(view.Bid, seat)
			if s.Flaws.LeakBidCount {
				view.Total += n
			}
		}
	}
	return view
}

func (s *duelState) Redact(e rules.Event, v rules.Viewer) (rules.Event, bool) {
	switch e := e.(type) {
	case bidEvent:
		if !v.Sees(e.Seat) {
			e.N = -1
		}
		return e, true
	case scoredEvent:
		if !v.Sees(e.Seat) && !s.Flaws.LeakNote {
			e.Note = ""
			if s.Flaws.StampedRedact {
				e.Note = fmt.Sprint(serials.Add(1))
			}
		}
		return e, true
	}
	return e, true
}

// RedactAction seals a bid: only its bidder sees how much it was; everyone
// sees that the seat bid (the bid event says so too).
func (s *duelState) RedactAction(seat rules.Seat, a rules.Action, v rules.Viewer) (rules.Action, bool) {
	if b, ok := a.(bidAction); ok && !v.Sees(seat) && !s.Flaws.LeakBidAction {
		b.N = -1
		return b, true
	}
	return a, true
}

func (s *duelState) Clone() rules.State {
	c := *s
	c.Seats = slices.Clone(s.Seats)
	c.Score = maps.Clone(s.Score)
	c.Secret = maps.Clone(s.Secret)
	c.Bids = maps.Clone(s.Bids)
	return &c
}

// Twin is the state with owner's private facts changed: its secret always,
// and its sealed bid while it stays sealed (the chance step that follows
// every seat's bid tells who bid higher, so none is varied then). When
// owner is about to bid, the twin bids another amount.
func (s *duelState) Twin(owner, seat rules.Seat, a rules.Action, r *rand.Rand) (rules.State, rules.Action, bool) {
	if !slices.Contains(s.Seats, owner) {
		return nil, nil, false
	}
	t := s.Clone().(*duelState)
	t.Secret[owner] = s.Secret[owner] + "~twin"
	if n, ok := t.Bids[owner]; ok && t.Phase == "bid" {
		t.Bids[owner] = (n + 1 + r.IntN(2)) % 3
	}
	if b, ok := a.(bidAction); ok && seat == owner && b.N >= 0 && b.N <= 2 {
		a = bidAction{(b.N + 1 + r.IntN(2)) % 3}
	}
	return t, a, true
}

// RollAction is the move that rolls a die, for tests outside the package.
func RollAction() rules.Action { return rollAction{} }
