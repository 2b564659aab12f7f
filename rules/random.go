package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// RandomLegal picks a random move in st, as a random playout makes it: one
// of the seats the prompt names, drawn with rng, then one of that seat's
// Legal options that is not greyed out (Option.Illegal is nil), drawn with
// rng again. It takes exactly those two draws, in that order, so a playout
// seeded the same way picks the same moves.
//
// It fails, taking no draw, when the game is over; taking none, when the
// prompt names no seat although the game is not over; and after the seat's
// draw, when the seat drawn has no legal option. The errors say what is
// wrong without saying where, for the caller to add.
func RandomLegal(st State, rng *rand.Rand) (Seat, Action, error) {
	p := st.Prompt()
	if p.Kind == GameOver {
		return "", nil, errors.New("the game is over")
	}
	if len(p.Seats) == 0 {
		return "", nil, fmt.Errorf("the game is not over but its prompt (%s) names no seat", p.Window)
	}
	seat := p.Seats[rng.IntN(len(p.Seats))]
	var legal []Action
	for _, o := range st.Legal(seat) {
		if o.Illegal == nil {
			legal = append(legal, o.Action)
		}
	}
	if len(legal) == 0 {
		return "", nil, fmt.Errorf("%s is prompted (%s) but has no legal action", seat, p.Window)
	}
	return seat, legal[rng.IntN(len(legal))], nil
}
