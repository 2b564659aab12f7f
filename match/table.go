package match

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// Table actions are what a seat does at the table rather than in the
// game: resign, offer a draw, accept or decline one. A seat sends them as
// actions ({"kind": "resign"}) and they are log entries like any other —
// a seat, the action, no dice — but no ruleset ever sees them: the
// authority works out the match's outcome from them, and replay and
// Verify pass over them.
const (
	KindResign      = "resign"
	KindOfferDraw   = "offer-draw"
	KindAcceptDraw  = "accept-draw"
	KindDeclineDraw = "decline-draw"
)

var tableKinds = []string{KindResign, KindOfferDraw, KindAcceptDraw, KindDeclineDraw}

// tableKind is the table action's kind if action is one: a JSON object
// of exactly one member, its kind. It says "" for anything else (the
// ruleset's to decode), and an error for a table kind with other members.
func tableKind(action []byte) (string, error) {
	if !bytes.Contains(action, []byte(`"kind"`)) {
		return "", nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(action, &m) != nil {
		return "", nil
	}
	var kind string
	if json.Unmarshal(m["kind"], &kind) != nil || !slices.Contains(tableKinds, kind) {
		return "", nil
	}
	if len(m) != 1 {
		return "", rules.Errorf(rules.CodeBadAction, "", "%q is a table action: it has no fields but its kind", kind)
	}
	return kind, nil
}

// Outcome is how a match ended at the table rather than by the rules'
// own end: a seat resigned (the other wins, or with more seats the game
// is over for all), or the seats agreed a draw.
type Outcome struct {
	Reason string     `json:"reason"` // "resigned" or "draw"
	Seat   rules.Seat `json:"seat,omitempty"`
	Winner rules.Seat `json:"winner,omitempty"`
}

// table is what the table actions of a log have settled so far.
type table struct {
	outcome *Outcome
	// offer is the seat whose draw offer is open: until the other seat
	// answers it, or the game moves on (a game action by a seat).
	offer rules.Seat
}

// apply checks and applies one table action of seat among seats; a
// refusal is a *rules.RuleError and changes nothing.
func (t *table) apply(seat rules.Seat, kind string, seats []rules.Seat) error {
	if !slices.Contains(seats, seat) {
		return rules.Errorf(rules.CodeNotYourTurn, "", "%s has no seat at this table", seat)
	}
	if t.outcome != nil {
		return rules.Errorf(rules.CodeGameOver, "", "the match is over (%s)", t.outcome.Reason)
	}
	switch kind {
	case KindResign:
		t.outcome = &Outcome{Reason: "resigned", Seat: seat}
		if len(seats) == 2 {
			t.outcome.Winner = seats[0]
			if seats[0] == seat {
				t.outcome.Winner = seats[1]
			}
		}
		t.offer = ""
	case KindOfferDraw:
		if t.offer != "" {
			return rules.Errorf(rules.CodeIllegal, "", "%s's draw offer is open already: answer it (accept-draw or decline-draw) or wait for the answer", t.offer)
		}
		t.offer = seat
	case KindAcceptDraw, KindDeclineDraw:
		if t.offer == "" || t.offer == seat {
			return rules.Errorf(rules.CodeIllegal, "", "no draw offer of the other side is open to %s", kind)
		}
		if kind == KindAcceptDraw {
			t.outcome = &Outcome{Reason: "draw"}
		}
		t.offer = ""
	default:
		return fmt.Errorf("table action %q", kind)
	}
	return nil
}

// moved notes a game action by a seat: an open draw offer lapses.
func (t *table) moved(seat rules.Seat) {
	if seat != rules.ChanceSeat {
		t.offer = ""
	}
}

// options are the table actions seat may send now.
func (t *table) options(seat rules.Seat) []string {
	if t.outcome != nil {
		return nil
	}
	switch t.offer {
	case "":
		return []string{KindResign, KindOfferDraw}
	case seat:
		return []string{KindResign}
	}
	return []string{KindResign, KindAcceptDraw, KindDeclineDraw}
}
