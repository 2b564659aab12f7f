package rules

import (
	"encoding/json"
	"fmt"

	"github.com/ordo-rules/ordo/dice"
)

// Entry is one line of a match log: who did what, and the dice it took. A
// match is its setup plus these entries; its state is their fold.
type Entry struct {
	Seq    int             `json:"seq"`
	Seat   Seat            `json:"seat"`
	Action json.RawMessage `json:"action"`
	Dice   []int           `json:"dice,omitempty"`
}

// recorder hands out dice from a source and remembers them.
type recorder struct {
	src  dice.Source
	dice []int
}

// Infallible passes on whether the recorded source can fail.
func (r *recorder) Infallible() bool { return dice.IsInfallible(r.src) }

func (r *recorder) D20() (int, error) {
	d, err := r.src.D20()
	if err == nil {
		r.dice = append(r.dice, d)
	}
	return d, err
}

// Step applies one action to st and returns the log entry that records it,
// with every die the action took. On error nothing is recorded and st is
// unchanged (Apply is all or nothing).
func Step(st State, seq int, seat Seat, a Action, src dice.Source) (Entry, []Event, error) {
	body, err := Encode(a)
	if err != nil {
		return Entry{}, nil, Errorf(CodeBadAction, "", "%v", err)
	}
	rec := &recorder{src: src}
	events, err := st.Apply(seat, a, rec)
	if err != nil {
		return Entry{}, nil, err
	}
	return Entry{Seq: seq, Seat: seat, Action: body, Dice: rec.dice}, events, nil
}

// Replay applies a log to a fresh state from the same setup. Each entry's
// action is decoded by the ruleset and takes exactly the dice recorded with
// it: no random generator is involved, and a log whose dice do not match
// its actions is an error.
func Replay(rs Ruleset, st State, log []Entry) (State, error) {
	for i, e := range log {
		if e.Seq != i {
			return nil, fmt.Errorf("log entry %d: seq %d out of order", i, e.Seq)
		}
		a, err := rs.DecodeAction(e.Action)
		if err != nil {
			return nil, fmt.Errorf("log entry %d: %w", i, err)
		}
		script, err := dice.NewScript(e.Dice...)
		if err != nil {
			return nil, fmt.Errorf("log entry %d: %w", i, err)
		}
		if _, err := st.Apply(e.Seat, a, script); err != nil {
			return nil, fmt.Errorf("log entry %d (%s by %s): %w", i, a.Kind(), e.Seat, err)
		}
		if n := script.Remaining(); n != 0 {
			return nil, fmt.Errorf("log entry %d (%s by %s): %d recorded dice were not used", i, a.Kind(), e.Seat, n)
		}
	}
	return st, nil
}

// Die hands out one die of any size and records its face (dice.Sized).
func (r *recorder) Die(faces int) (int, error) {
	d, err := dice.RollDie(r.src, faces)
	if err == nil {
		r.dice = append(r.dice, d)
	}
	return d, err
}
