package fantasy

import (
	"math/rand/v2"
	"slices"
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
func BenchmarkDemoPlayout(b *testing.B) { benchPlayout(b, "../data/scenarios/fantasy-demo.yaml") }

// BenchmarkBattlePlayout is a full random playout of fantasy-battle.yaml,
// with its special rules and psychology (target: under 20 ms).
func BenchmarkBattlePlayout(b *testing.B) { benchPlayout(b, "../data/scenarios/fantasy-battle.yaml") }

func benchPlayout(b *testing.B, file string) {
	rs := ruleset(b)
	sc := loadScenario(b, file)
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

// BenchmarkCloseCombat resolves one round of close combat — ten swordsmen
// and their captain charging fifteen spearmen with a standard and a
// musician, 11 models against 17 — from the Fight action to the break
// test and any pursuit, with seeded dice (target: under 20 µs).
func BenchmarkCloseCombat(b *testing.B) {
	s := battle(b, nil,
		[]map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))},
		[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 15}, 270, map[string]any{"command": []any{"standard", "musician"}})})
	for _, a := range []rules.Action{DeclareCharge{Unit: "u", Target: "target"}} {
		if _, err := s.Apply("blue", a, dice.NewPCG(1, 1)); err != nil {
			b.Fatal(err)
		}
	}
	src, _ := dice.NewScript(6, 6)
	for _, step := range []struct {
		seat rules.Seat
		a    rules.Action
		d    dice.Source
	}{{"red", React{Reaction: "hold"}, dice.NewPCG(1, 1)}, {"blue", EndCharges{}, dice.NewPCG(1, 1)}, {"blue", ChargeMove{Unit: "u"}, src},
		{"blue", EndMovement{}, dice.NewPCG(1, 1)}, {"blue", EndShooting{}, dice.NewPCG(1, 1)}} {
		if _, err := s.Apply(step.seat, step.a, step.d); err != nil {
			b.Fatal(err)
		}
	}
	if !s.unit("u").engaged() {
		b.Fatal("not engaged")
	}
	// Each iteration fights on a fresh copy of the position, made inside
	// the timed loop (a copy made ahead, outside the timer, comes to the
	// fight cold in the cache and measured slower). That copy is the
	// harness's, not the combat's: the "copy" sub-benchmark times it
	// alone, so that the combat is "fight" less "copy".
	b.Run("fight", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			st := s.clone()
			if _, err := st.Apply("blue", Fight{Unit: "u"}, dice.NewPCG(uint64(i), 4)); err != nil {
				b.Fatal(err)
			}
			// Red, whose models touch the captain, says whom they
			// attack (Close combat: attacking characters): the unit.
			if _, err := st.Apply("red", NoChallenge{}, dice.NewPCG(uint64(i), 4)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("copy", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			benchSink = s.clone()
		}
	})
}

// benchSink keeps a benchmark's result alive, so the compiler cannot drop
// the work that made it.
var benchSink *State

// fallible is a PCG source without its Infallible method, so Apply takes
// the copy; it rolls the same faces.
type fallible struct{ p *dice.PCG }

func (f fallible) D20() (int, error)          { return f.p.D20() }
func (f fallible) Die(faces int) (int, error) { return f.p.Die(faces) }

// A round of close combat fought on the state itself (a source that
// cannot fail) ends byte for byte where the copy Apply otherwise works
// on ends, with the same events; a refused Fight changes nothing either
// way.
func TestFightInPlaceMatchesCopy(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, map[string]any{"command": []any{"champion"}})},
		[]map[string]any{unitSpecOf("target", "spearman", 15, 5, [2]float64{24, 15}, 270, map[string]any{"command": []any{"standard", "musician"}})})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	a, b := s.clone(), s.clone()
	ea, err := a.Apply("blue", Fight{Unit: "u"}, dice.NewPCG(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	eb, err := b.Apply("blue", Fight{Unit: "u"}, fallible{dice.NewPCG(3, 4)})
	if err != nil {
		t.Fatal(err)
	}
	if !dice.IsInfallible(dice.NewPCG(3, 4)) || dice.IsInfallible(fallible{dice.NewPCG(3, 4)}) {
		t.Fatal("set-up: the two sources should differ in Infallible")
	}
	if len(ea) < 5 || !slices.Contains(a.Fought, "u") {
		t.Fatalf("set-up: the round should be fought: %d events", len(ea))
	}
	if mustJSON(t, a) != mustJSON(t, b) || mustJSON(t, ea) != mustJSON(t, eb) {
		t.Fatalf("in place and on a copy differ:\n%s\n%s", mustJSON(t, ea), mustJSON(t, eb))
	}
	before := mustJSON(t, a)
	if _, err := a.Apply("blue", Fight{Unit: "u"}, dice.NewPCG(3, 4)); err == nil {
		t.Fatal("a combat fought twice in a turn")
	}
	if mustJSON(t, a) != before {
		t.Fatal("a refused Fight changed the state")
	}
}

// BenchmarkChargePathDoor finds the charge move of a charger square to the
// bowmen's front but off to its side, which must wheel in, meet it at a
// corner and close the door (Charge move (one wheel)): the menu asks this
// for every charge it lists (target: under 50 µs).
func BenchmarkChargePathDoor(b *testing.B) {
	s := battle(b, nil, blueU(), []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{31.2, 16}, 270, nil)})
	u, t := s.unit("u"), s.unit("target")
	side := t.sideOf(u.centre())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.chargePath(u, t, side, u.ID); err != nil {
			b.Fatal(err)
		}
	}
}
