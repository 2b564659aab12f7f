package match

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// Table actions are what a seat does at the table rather than in the
// game: resign, offer a draw, accept or decline one, ask to take back its
// last declaration and accept or refuse that. A seat sends them as
// actions ({"kind": "resign"}) and they are log entries like any other —
// a seat, the action, no dice — but no ruleset ever sees them: the
// authority works out the match's outcome from them, and replay and
// Verify pass over them.
const (
	KindResign      = "resign"
	KindOfferDraw   = "offer-draw"
	KindAcceptDraw  = "accept-draw"
	KindDeclineDraw = "decline-draw"
	KindRequestUndo = "request-undo"
	KindAcceptUndo  = "accept-undo"
	KindDeclineUndo = "decline-undo"
)

var tableKinds = []string{KindResign, KindOfferDraw, KindAcceptDraw, KindDeclineDraw, KindRequestUndo, KindAcceptUndo, KindDeclineUndo}

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
	// last is the log's last game entry, the one a take-back would undo:
	// its seat (the chance seat's own entries roll dice) and whether it
	// rolled; none once it was taken back.
	last     rules.Seat
	lastSeq  int
	rolled   bool
	undo     rules.Seat // the seat whose take-back request is open
	undoneAt int        // the seq of the entry the last accepted take-back undid
	// takeBacks counts the take-backs accepted in the match, by the seat
	// that accepted them (a computer player grants one a game).
	takeBacks map[rules.Seat]int
}

// undoable says whether seat may ask to take back the log's last game
// entry: its own declaration, of which no die was rolled (Undo by consent:
// nothing already rolled is undone).
func (t *table) undoable(seat rules.Seat) bool {
	return t.last == seat && !t.rolled
}

// apply checks and applies one table action of seat among seats, ended
// saying whether the rules have ended the game; a refusal is a
// *rules.RuleError and changes nothing. Once the game is over by the rules
// nothing is left to resign, offer or take back: the seed is published
// then, and a take-back would let the game go on with dice all can
// foresee.
func (t *table) apply(seat rules.Seat, kind string, seats []rules.Seat, ended bool) error {
	if !slices.Contains(seats, seat) {
		return rules.Errorf(rules.CodeNotYourTurn, "", "%s has no seat at this table", seat)
	}
	if t.outcome != nil {
		return rules.Errorf(rules.CodeGameOver, "", "the match is over (%s)", t.outcome.Reason)
	}
	if ended {
		return rules.Errorf(rules.CodeGameOver, "", "the game is over by the rules: nothing is left to resign, offer or take back")
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
	case KindRequestUndo:
		switch {
		case t.undo != "":
			return rules.Errorf(rules.CodeIllegal, "", "%s's take-back request is open already", t.undo)
		case t.last != seat:
			return rules.Errorf(rules.CodeIllegal, "", "%s may take back only its own last declaration, and the last entry is not one", seat)
		case t.rolled:
			return rules.Errorf(rules.CodeIllegal, "", "dice were rolled for %s's last declaration: nothing already rolled can be taken back", seat)
		}
		t.undo = seat
	case KindAcceptUndo, KindDeclineUndo:
		if t.undo == "" || t.undo == seat {
			return rules.Errorf(rules.CodeIllegal, "", "no take-back request of the other side is open to %s", kind)
		}
		if kind == KindAcceptUndo {
			// The game is back before the declaration; the one before it
			// is not the table's to take back (its state is not kept).
			t.undoneAt, t.last = t.lastSeq, ""
			// A new map: the caller may keep the table it copied this one
			// from (commitTable applies to a copy).
			n := make(map[rules.Seat]int, len(t.takeBacks)+1)
			for k, v := range t.takeBacks {
				n[k] = v
			}
			n[seat]++
			t.takeBacks = n
		}
		t.undo = ""
	default:
		return fmt.Errorf("table action %q", kind)
	}
	return nil
}

// moved notes a game entry at seq by seat, which rolled dice or not: an
// open draw offer lapses at a seat's action, an open take-back request at
// any.
func (t *table) moved(seat rules.Seat, seq int, rolled bool) {
	if seat != rules.ChanceSeat {
		t.offer = ""
	}
	t.undo = ""
	t.last, t.lastSeq, t.rolled = seat, seq, rolled || seat == rules.ChanceSeat
}

// asked reports whether another seat's draw offer or take-back request
// is open to seat: a question it may answer.
func (t *table) asked(seat rules.Seat) bool {
	return t.outcome == nil && ((t.offer != "" && t.offer != seat) || (t.undo != "" && t.undo != seat))
}

// options are the table actions seat may send now, ended saying whether
// the rules have ended the game.
func (t *table) options(seat rules.Seat, ended bool) []string {
	if t.outcome != nil || ended {
		return nil
	}
	out := []string{KindResign}
	switch t.offer {
	case "":
		out = append(out, KindOfferDraw)
	case seat:
	default:
		out = append(out, KindAcceptDraw, KindDeclineDraw)
	}
	switch t.undo {
	case "":
		if t.undoable(seat) {
			out = append(out, KindRequestUndo)
		}
	case seat:
	default:
		out = append(out, KindAcceptUndo, KindDeclineUndo)
	}
	return out
}
