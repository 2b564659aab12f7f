package match

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// Export is a finished match as a file: its setup, the seed and its
// commitment, and the whole log with every action as sent and every die.
// Verify checks one.
type Export struct {
	ID           string            `json:"id"`
	Ruleset      string            `json:"ruleset"`
	ScenarioName string            `json:"scenario_name,omitempty"`
	Scenario     string            `json:"scenario"`
	Rulings      map[string]string `json:"rulings"`
	Commitment   string            `json:"seed_commitment"`
	Seed         string            `json:"seed"`
	Log          []rules.Entry     `json:"log"`
	// Bots are the seats computer players played (POST /api/matches
	// "bots"): each of their decisions drew from BotRand, so that, with
	// the seed, anyone can play them again.
	Bots map[rules.Seat]string `json:"bots,omitempty"`
}

// Verification is what Verify established.
type Verification struct {
	Entries int          // log entries replayed
	Dice    int          // dice re-derived from the seed
	Prompt  rules.Prompt // the final state's prompt
	// Outcome is how the match ended at the table, if it did (a
	// resignation or an agreed draw, logged as table actions).
	Outcome *Outcome
}

// Verify checks an exported match: the seed matches the commitment
// published at creation; every entry's dice are exactly the ones the
// seed's generator gives for its seq; and the log replays, from the
// scenario's setup, to the end of the game — or to a resignation or an
// agreed draw (table actions, which carry no dice and pass over the
// game's state).
func (lib *Library) Verify(x *Export) (*Verification, error) {
	seed, err := hex.DecodeString(x.Seed)
	if err != nil || len(seed) != SeedBytes {
		return nil, fmt.Errorf("seed: not %d bytes in hex", SeedBytes)
	}
	if got := Commitment(seed, x.ID); got != x.Commitment {
		return nil, fmt.Errorf("the seed does not match the commitment: it commits to %s, the match published %s", got, x.Commitment)
	}
	file := x.ScenarioName
	if file == "" {
		file = "scenario"
	}
	rs, sc, st, err := lib.setup(file, []byte(x.Scenario), x.Rulings)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	if rs.Name() != x.Ruleset {
		return nil, fmt.Errorf("the scenario is for %s, the export says %s", rs.Name(), x.Ruleset)
	}
	v := &Verification{}
	var seats []rules.Seat
	for _, side := range sc.Sides {
		seats = append(seats, rules.Seat(side.Seat))
	}
	var t table
	// The state before a seat's declaration that rolled nothing, kept when
	// the log takes one back.
	var prev rules.State
	undoes := slices.ContainsFunc(x.Log, func(e rules.Entry) bool { k, _ := tableKind(e.Action); return k == KindAcceptUndo })
	for i, e := range x.Log {
		if e.Seq != i {
			return nil, fmt.Errorf("log entry %d: seq %d out of order", i, e.Seq)
		}
		kind, err := tableKind(e.Action)
		if err == nil && kind != "" {
			if len(e.Dice) > 0 {
				err = fmt.Errorf("%d dice on a table action", len(e.Dice))
			} else {
				err = t.apply(e.Seat, kind, seats, st.Prompt().Kind == rules.GameOver)
			}
			if err == nil && kind == KindAcceptUndo {
				if prev == nil {
					err = fmt.Errorf("the declaration taken back is not there")
				}
				st, prev = prev, nil
			}
		}
		if err != nil {
			return nil, fmt.Errorf("log entry %d (%s by %s) is refused: %w", i, kind, e.Seat, err)
		}
		if kind != "" {
			v.Entries++
			continue
		}
		if t.outcome != nil {
			return nil, fmt.Errorf("log entry %d by %s follows the end of the match (%s)", i, e.Seat, t.outcome.Reason)
		}
		prev = nil
		if undoes && e.Seat != rules.ChanceSeat {
			prev = st.Clone()
		}
		act, err := rs.DecodeAction(e.Action)
		if err != nil {
			return nil, fmt.Errorf("log entry %d: %w", i, err)
		}
		got, _, err := rules.Step(st, i, e.Seat, act, Dice(seed, i))
		if err != nil {
			return nil, fmt.Errorf("log entry %d (%s by %s) is refused: %w", i, act.Kind(), e.Seat, err)
		}
		if !slices.Equal(got.Dice, e.Dice) {
			return nil, fmt.Errorf("log entry %d (%s by %s): the log has dice %v, the seed gives %v", i, act.Kind(), e.Seat, e.Dice, got.Dice)
		}
		if !sameJSON(got.Action, e.Action) {
			return nil, fmt.Errorf("log entry %d: the action %s reads back as %s", i, e.Action, got.Action)
		}
		if len(got.Dice) > 0 {
			prev = nil
		}
		t.moved(e.Seat, i, len(got.Dice) > 0)
		v.Entries++
		v.Dice += len(got.Dice)
	}
	v.Prompt, v.Outcome = st.Prompt(), t.outcome
	if v.Prompt.Kind != rules.GameOver && t.outcome == nil {
		return v, fmt.Errorf("the log ends before the game does (waiting for %v in %s)", v.Prompt.Seats, v.Prompt.Window)
	}
	return v, nil
}

func sameJSON(a, b []byte) bool {
	var x, y bytes.Buffer
	if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
		return false
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}
