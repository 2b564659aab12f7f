package bot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/bot/arena"
	"github.com/ordo-rules/ordo/rules"
)

// An Observation is only for the seat the prompt waits for, holds its
// legal menu, and the random player picks from it, the same for the same
// seed.
func TestObserveAndRandom(t *testing.T) {
	g, err := arena.LoadBundled("demo")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bot.Observe(g.Opening, "red"); err == nil {
		t.Error("red observed a window that waits for blue (Order Expenditure Sequence (N4))")
	}
	o, err := bot.Observe(g.Opening, "blue")
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Menu()) < 2 || o.Seat() != "blue" || o.Prompt().Window != "orders" {
		t.Fatalf("blue's observation: %s, %s, %d actions", o.Seat(), o.Prompt().Window, len(o.Menu()))
	}
	r, _ := bot.New("random")
	pick := func(seed uint64) string {
		a, err := r.Decide(o, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := rules.Encode(a)
		return string(b)
	}
	if pick(3) != pick(3) {
		t.Error("random picked two actions for one seed")
	}
	seen := map[string]bool{}
	for s := range uint64(20) {
		seen[pick(s)] = true
	}
	if len(seen) < 5 {
		t.Errorf("random picked %d distinct actions in 20 seeds from a menu of %d", len(seen), len(o.Menu()))
	}
	if _, err := bot.New("oracle"); err == nil {
		t.Error("an unknown bot name was accepted")
	}
}

// A player's search (greedy makes menus of its own on sampled states)
// leaves the observed menu as it was.
func TestSearchLeavesTheMenu(t *testing.T) {
	for _, name := range []string{"demo", "fantasy-demo"} {
		o := openingObservation(t, name)
		encode := func() string {
			var out string
			for _, a := range o.Menu() {
				b, _ := rules.Encode(a)
				out += string(b) + "\n"
			}
			return out
		}
		before := encode()
		if _, err := (bot.Greedy{}).Decide(o, rand.New(rand.NewPCG(1, 2))); err != nil {
			t.Fatal(err)
		}
		if encode() != before {
			t.Errorf("%s: greedy's search changed the menu it was shown", name)
		}
	}
}

// MCTS with no time budget is deterministic: the same observation and seed
// give the same action, one of the menu's.
func TestMCTSDeterministic(t *testing.T) {
	for _, name := range []string{"demo", "fantasy-demo"} {
		o := openingObservation(t, name)
		m := bot.MCTS{Iterations: 12, Horizon: 12}
		pick := func() string {
			a, err := m.Decide(o, rand.New(rand.NewPCG(4, 5)))
			if err != nil {
				t.Fatal(err)
			}
			b, _ := rules.Encode(a)
			return string(b)
		}
		first := pick()
		if pick() != first {
			t.Errorf("%s: two searches with one seed chose differently", name)
		}
		found := false
		for _, a := range o.Menu() {
			b, _ := rules.Encode(a)
			found = found || string(b) == first
		}
		if !found {
			t.Errorf("%s: mcts chose %s, not on the menu", name, first)
		}
	}
}

// openingObservation is the first seat's Observation of the bundled
// scenario's opening.
func openingObservation(t *testing.T, name string) *bot.Observation {
	t.Helper()
	g, err := arena.LoadBundled(name)
	if err != nil {
		t.Fatal(err)
	}
	o, err := bot.Observe(g.Opening, g.Seats[0])
	if err != nil {
		t.Fatal(err)
	}
	return o
}
