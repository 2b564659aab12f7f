package fantasy

import (
	"maps"
	"math/rand/v2"

	"github.com/ordo-rules/ordo/rules"
)

// Determinize is the state as any seat believes it (rules.Determinizer):
// nothing in this game is private, so it is a plain copy and takes no draw.
func (s *State) Determinize(seat rules.Seat, r *rand.Rand) rules.State { return s.clone() }

// Scores is each side's victory points scored so far (rules.Scorer): at the
// end of the last round the side with more wins, equal points are a draw.
func (s *State) Scores() map[rules.Seat]int { return maps.Clone(s.Points) }
