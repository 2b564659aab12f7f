package fantasy

import (
	"math/rand/v2"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// playout plays one random game of the scenario to its end and returns the
// number of steps.
func playout(tb testing.TB, rs *Ruleset, st rules.State, seed uint64) int {
	rng := rand.New(rand.NewPCG(seed, 1))
	src := dice.NewPCG(seed, 2)
	for n := 0; ; n++ {
		if st.Prompt().Kind == rules.GameOver {
			return n
		}
		seat, a, err := rules.RandomLegal(st, rng)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := st.Apply(seat, a, src); err != nil {
			tb.Fatalf("step %d: %s %s: %v", n, seat, a.Kind(), err)
		}
		if n > 5000 {
			tb.Fatal("the game does not end")
		}
	}
}

// BenchmarkDemoPlayout is a full random playout of fantasy-demo.yaml,
// choosing among Legal at every step (target: under 10 ms).
func BenchmarkDemoPlayout(b *testing.B) {
	rs := ruleset(b)
	sc := loadScenario(b, "../data/scenarios/fantasy-demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	start, err := rs.Setup(sc, r)
	if err != nil {
		b.Fatal(err)
	}
	steps := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		steps += playout(b, rs, start.Clone(), uint64(i))
	}
	b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
}
