package bot

import (
	"math/rand/v2"

	"github.com/ordo-rules/ordo/rules"
)

// Greedy looks one step ahead: it draws one state the seat could believe
// it is in (Observation.Sample) and scores every legal action on it — the
// exact odds of the attacks it declares, the exposure it leaves, the
// position it reaches — then plays the best, ties broken with r.
// How it scores is the ruleset's: greedy_infinity.go, greedy_fantasy.go.
type Greedy struct{}

// Name is "greedy".
func (Greedy) Name() string { return "greedy" }

// Decide scores the menu on one sampled state and returns its best entry.
func (Greedy) Decide(o *Observation, r *rand.Rand) (rules.Action, error) {
	menu := o.Menu()
	if len(menu) == 1 {
		return menu[0], nil
	}
	return menu[best(scoreSample(o.Sample(r), o.Seat(), menu, r), r)], nil
}

// best is the index of the highest score, a tie drawn with r.
func best(scores []float64, r *rand.Rand) int {
	const eps = 1e-9
	top := scores[0]
	for _, v := range scores[1:] {
		top = max(top, v)
	}
	var at []int
	for i, v := range scores {
		if v >= top-eps {
			at = append(at, i)
		}
	}
	return at[r.IntN(len(at))]
}
