package rules

import (
	"math/rand/v2"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/scenario"
)

// Option is one entry of the menu Legal returns: an action the seat could
// send, and, when it may not be sent now, why (the greyed-out item).
type Option struct {
	Action  Action     `json:"action"`
	Illegal *RuleError `json:"illegal,omitempty"`
}

// State is one position of a game. Every method but Apply leaves the state
// untouched; Apply is all or nothing.
type State interface {
	// Prompt says who may act now and in which window.
	Prompt() Prompt
	// Legal is the menu for seat: every action it may send now (a finite,
	// representative set where parameters are continuous), and greyed
	// entries with the rule that forbids them. It has a legal entry exactly
	// when the Prompt waits for seat, and lists every action Apply would
	// accept from seat, up to that sampling. For a seat the Prompt does not
	// wait for, it shows nothing that seat may not see (an empty menu is
	// always safe).
	Legal(seat Seat) []Option
	// Apply validates a, then applies it, taking any dice from d. A refused
	// action returns a *RuleError and leaves the state exactly as it was.
	Apply(seat Seat, a Action, d dice.Source) ([]Event, error)
	// Observe is the only view of the state that leaves the engine: what v
	// may see, as a JSON-encodable value.
	Observe(v Viewer) any
	// Redact is e as v may see it; false when v sees nothing of it.
	Redact(e Event, v Viewer) (Event, bool)
	// RedactAction is the action seat sent, as viewer v may see it; false when
	// v sees nothing of it. It is called on the state the action is applied to,
	// before Apply (the state that knows whose private facts the action names).
	RedactAction(seat Seat, a Action, v Viewer) (Action, bool)
	// Clone is a deep copy.
	Clone() State
}

// JSONRedactor is implemented by a State that gives a viewer's redacted
// events and actions already encoded: RedactJSON(e, v) is exactly
// rules.Encode of Redact(e, v)'s event, byte for byte, and false when
// Redact's is, and RedactActionJSON the same of RedactAction; but without
// decoding and encoding them again where the redaction is itself done on
// the JSON. A server redacts every action and event for every viewer, so
// this is on its hot path. rulestest checks the two agree; a wrapper
// state that changes Redact or RedactAction must change these too, or
// rulestest fails it.
type JSONRedactor interface {
	RedactJSON(e Event, v Viewer) ([]byte, bool, error)
	RedactActionJSON(seat Seat, a Action, v Viewer) ([]byte, bool, error)
}

// RedactActionJSON is the action seat sent as v may see it, encoded: the
// state's RedactActionJSON if it is a JSONRedactor, else Encode of its
// RedactAction.
func RedactActionJSON(st State, seat Seat, a Action, v Viewer) ([]byte, bool, error) {
	if r, ok := st.(JSONRedactor); ok {
		return r.RedactActionJSON(seat, a, v)
	}
	red, ok := st.RedactAction(seat, a, v)
	if !ok {
		return nil, false, nil
	}
	data, err := Encode(red)
	return data, err == nil, err
}

// RedactJSON is e as v may see it, encoded: the state's RedactJSON if it
// is a JSONRedactor, else Encode of its Redact.
func RedactJSON(st State, e Event, v Viewer) ([]byte, bool, error) {
	if r, ok := st.(JSONRedactor); ok {
		return r.RedactJSON(e, v)
	}
	red, ok := st.Redact(e, v)
	if !ok {
		return nil, false, nil
	}
	data, err := Encode(red)
	return data, err == nil, err
}

// Ruleset is a game: it sets states up and decodes what travels as JSON.
type Ruleset interface {
	// Name is the ruleset's identifier in scenario files ("infinity-n4").
	Name() string
	// Rulings lists the named rulings this ruleset implements.
	Rulings() []Ruling
	// Setup builds the opening state of a scenario under resolved rulings
	// (see ResolveRulings). It validates what the scenario loader cannot:
	// profiles, army rules, positions.
	Setup(sc *scenario.Scenario, r Rulings) (State, error)
	// DecodeAction reads an action from its flat JSON form.
	DecodeAction(data []byte) (Action, error)
	// DecodeEvent reads an event from its flat JSON form.
	DecodeEvent(data []byte) (Event, error)
	// DecodeState reads a state from the JSON that encoding/json writes for
	// it; a state survives the round trip unchanged.
	DecodeState(data []byte) (State, error)
}

// Canary is a marker string planted in one seat's private facts: no other
// seat, and no spectator, may ever see it.
type Canary struct {
	Value string `json:"value"`
	Owner Seat   `json:"owner"`
}

// CanaryPlanter is implemented by states that hold private information. The
// conformance suite plants canaries at setup and checks every observation and
// redacted event of every other viewer for them.
type CanaryPlanter interface {
	// PlantCanaries writes marker strings derived from prefix into the
	// state's private facts and says whose they are.
	PlantCanaries(prefix string) []Canary
}

// CanaryPublisher is implemented by states whose private facts can become
// public through an explicit reveal (a marker discovered, a hidden trooper
// placed on the table). The leak check stops guarding a canary once the
// state says it is public.
type CanaryPublisher interface {
	// CanaryPublic reports whether the fact holding the canary has been
	// revealed.
	CanaryPublic(value string) bool
}

// TwinMaker is implemented by states that hold private information, for the
// conformance suite's counterfactual leak check. A canary finds a private
// string that reaches the wrong viewer; a twin finds any private fact that
// does — a flag such as who the Lieutenant is, a position, a count, a menu
// entry, the wording of an action — by its consequences: two states that
// differ only in one seat's private facts must look the same to everyone
// else.
//
// The twin is the ruleset's own statement of what is private, and the check
// holds every channel to it: for every viewer who may not see owner's
// private facts, the Prompt, Observe, Legal of that viewer's seat, the next
// action as RedactAction shows it, the dice it takes, the events as Redact
// shows them, and what Observe shows after it are the same, byte for byte,
// for the state and its twin.
type TwinMaker interface {
	// Twin returns a copy of the state that differs from it only in
	// owner's private facts, drawn with r, and the action to send to the
	// copy in place of a, the action seat is about to send to this state.
	// That is a itself, unless seat is owner and a names or makes a private
	// choice, which the twin varies too: another trooper appointed
	// Lieutenant, another sealed bid. It returns false when owner has no
	// private fact that the next step leaves private (a fact the action
	// reveals — a marker that attacks, a hidden trooper that acts — is not
	// varied).
	Twin(owner, seat Seat, a Action, r *rand.Rand) (State, Action, bool)
}

// Determinizer is implemented by states, for players that search: a bot
// may not read the state it plays in, only what its seat is shown, yet a
// search needs a whole state to apply actions to. Determinize makes one
// the seat could believe it is in.
//
// The copy keeps every fact seat may see as it is, and draws with r every
// fact private to another seat that the ruleset's TwinMaker varies, without
// reading its true value: two states that differ only in other seats'
// private facts give the same copy, byte for byte, for the same draws. A
// state with no private facts returns a plain copy.
type Determinizer interface {
	Determinize(seat Seat, r *rand.Rand) State
}

// Scorer is implemented by states whose game is won on points: Scores is
// each seat's Victory Points as they stand, and once the game is over the
// seat with the most has won (a tie is a draw). Tools that play whole
// games (the bot arena) read the result from it.
type Scorer interface {
	Scores() map[Seat]int
}
