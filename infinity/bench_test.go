package infinity

import (
	"math/rand/v2"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// Issue #4 target: one BS Attack Order with one ARO, from declaration to
// conclusion, under 20 µs and 50 allocations.
func BenchmarkBSAttackOrder(b *testing.B) {
	t := &testing.T{}
	base := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), nil)
	steps := []struct {
		seat rules.Seat
		a    rules.Action
	}{
		{"blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}}},
		{"red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}}}},
		{"blue", Second{Skill: Skill{Name: SkillIdle}}},
	}
	b.ReportAllocs()
	// Each Order starts from a fresh state and its own seeded dice, as in
	// play; making those is not part of the Order, so they are made in
	// batches with the timer stopped.
	var fresh []*State
	var sources []*dice.PCG
	seed := uint64(0)
	for b.Loop() {
		if len(fresh) == 0 {
			b.StopTimer()
			for range 1024 {
				seed++
				fresh = append(fresh, base.clone())
				sources = append(sources, dice.NewPCG(seed, 7))
			}
			b.StartTimer()
		}
		st, src := fresh[len(fresh)-1], sources[len(sources)-1]
		fresh, sources = fresh[:len(fresh)-1], sources[:len(sources)-1]
		for _, s := range steps {
			if _, err := st.Apply(s.seat, s.a, nil); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := st.Apply(rules.ChanceSeat, Resolve{}, src); err != nil {
			b.Fatal(err)
		}
	}
}

// Issue #4 target: a full random playout of demo.yaml under 5 ms.
func BenchmarkDemoPlayout(b *testing.B) {
	rs := ruleset(b)
	sc := load(b, "../data/scenarios/demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		st, err := rs.Setup(sc, r)
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		src := dice.NewPCG(seed, 2)
		for st.Prompt().Kind != rules.GameOver {
			p := st.Prompt()
			seat := p.Seats[0]
			var legal []rules.Action
			for _, o := range st.Legal(seat) {
				if o.Illegal == nil {
					legal = append(legal, o.Action)
				}
			}
			if _, err := st.Apply(seat, legal[rng.IntN(len(legal))], src); err != nil {
				b.Fatal(err)
			}
		}
	}
}
