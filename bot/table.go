package bot

import (
	"fmt"

	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/rules"
)

// A computer player answers the table questions a person asks it — a draw
// offer, a take-back request — by a fixed policy (docs/BOTS.md), judged
// like its moves from what its seat may know and nothing else.

// drawBelow is the standing under which a computer player accepts a draw:
// it takes the draw when its own judgement says it is losing.
const drawBelow = 0.35

// takeBacksGranted is how many take-backs a computer player accepts in a
// match; it declines the ones after.
const takeBacksGranted = 1

// Standing is how seat judges st, from 0 (lost) to 1 (won), on the one
// state the seat believes it is in (Observe): the other seats' private
// facts are drawn, not read. It weighs what each side has won so far, so
// that armies of unequal points start even: in the Infinity game the
// points of the other side's troopers put out of the game (in a Null
// state: their Victory Points lost) and, in a mission, the Objective
// Points; in the fantasy game the Victory Points and the damage done to
// the other side's units still on the table (their points lost in models
// and wounds, half a fleeing unit's). The balance is squashed as mcts
// squashes its evaluation, by a logistic of all the points at stake. The
// state must be a rules.Determinizer.
func Standing(st rules.State, seat rules.Seat) (float64, error) {
	det, ok := st.(rules.Determinizer)
	if !ok {
		return 0, fmt.Errorf("bot: a %T cannot be sampled from a seat's view (it is no rules.Determinizer)", st)
	}
	belief, err := believe(det, seat)
	if err != nil {
		return 0, err
	}
	switch x := belief.(type) {
	case *fantasy.State:
		return fantasyStanding(x, seat), nil
	case *infinity.State:
		return infinityStanding(x, seat), nil
	}
	return evaluate(belief.(rules.State), seat), nil
}

// infinityStanding is Standing on an Infinity state: each side's score
// (Victory Points of its troopers left, and Objective Points) less the
// points of its whole army, balanced.
func infinityStanding(s *infinity.State, seat rules.Seat) float64 {
	army := map[rules.Seat]float64{}
	scale := 1.0
	for _, t := range s.Troopers {
		army[t.Seat] += float64(t.Cost)
		scale += float64(t.Cost)
	}
	balance := 0.0
	for who, v := range s.Scores() {
		if who == seat {
			balance += float64(v) - army[who]
		} else {
			balance -= float64(v) - army[who]
		}
	}
	return squash(balance, scale)
}

// fantasyStanding is Standing on a fantasy state: what each side has won
// (Victory Points, and the points the other side's units on the table
// have lost), balanced, squashed as evaluate squashes.
func fantasyStanding(s *fantasy.State, seat rules.Seat) float64 {
	balance, scale := 0.0, 1.0
	for who, p := range s.Points {
		if who == seat {
			balance += float64(p)
		} else {
			balance -= float64(p)
		}
		scale += float64(p)
	}
	for _, u := range s.Units {
		lost := float64(u.Points) - unitValue(s, u)
		if u.Seat == seat {
			balance -= lost
		} else {
			balance += lost
		}
		scale += float64(u.Points)
	}
	return squash(balance, scale)
}

// AcceptDraw is a computer player's answer to a draw offer made to seat:
// yes when its Standing is under 0.35, that is when it judges it is
// losing; no in an even or better game.
func AcceptDraw(st rules.State, seat rules.Seat) (bool, error) {
	v, err := Standing(st, seat)
	if err != nil {
		return false, err
	}
	return v < drawBelow, nil
}

// AcceptTakeBack is a computer player's answer to a take-back request
// when it has accepted granted of them in the match already: it grants
// one a match (a person learning the rules may misclick once) and
// declines the rest.
func AcceptTakeBack(granted int) bool { return granted < takeBacksGranted }
