package arena_test

import (
	"math"
	"testing"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/bot/arena"
	"github.com/ordo-rules/ordo/rules"
)

// A short arena on each ruleset's demo: every game ends, the counts add
// up, the seats trade, and the same seed gives the same games.
func TestShortArena(t *testing.T) {
	for _, name := range []string{"demo", "fantasy-demo"} {
		g, err := arena.LoadBundled(name)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := bot.New("random")
		run := func() arena.Result {
			res, err := arena.Run(g.Name, g.Opening, g.Seats, r, r, arena.Options{Games: 2, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		a, b := run(), run()
		if a.Wins+a.Draws+a.Losses != 2 || a.Decisions["random"] == 0 || a.Steps <= 0 {
			t.Errorf("%s: %+v", name, a)
		}
		if a.Wins != b.Wins || a.Draws != b.Draws || a.Steps != b.Steps || a.Decisions["random"] != b.Decisions["random"] {
			t.Errorf("%s: the same seed played different games: %+v and %+v", name, a, b)
		}
	}
}

// The Wilson score interval at 95%, against worked values.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high float64
	}{
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{5, 10, 0.2366, 0.7634},
		{180, 200, 0.8506, 0.9343},
	} {
		lo, hi := arena.Wilson(c.k, c.n, 1.959964)
		if math.Abs(lo-c.low) > 5e-4 || math.Abs(hi-c.high) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f–%.4f, want %.4f–%.4f", c.k, c.n, lo, hi, c.low, c.high)
		}
	}
}

// Greedy, which weighs attacks by their exact odds, wins a short arena
// against random on the demo (the arena is deterministic for its seed; the
// 200-game figures are in docs/PERFORMANCE.md).
func TestGreedyBeatsRandomOnTheDemo(t *testing.T) {
	g, err := arena.LoadBundled("demo")
	if err != nil {
		t.Fatal(err)
	}
	gr, _ := bot.New("greedy")
	r, _ := bot.New("random")
	res, err := arena.Run(g.Name, g.Opening, g.Seats, gr, r, arena.Options{Games: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Wins != 2 {
		t.Errorf("greedy won %d of 2 games against random: %+v", res.Wins, res)
	}
}

// The arena counts a game as its rules decide it: the fantasy battle is
// won by wiping out the enemy army or by 100 Victory Points more, and a
// smaller lead is a draw (Victory points; docs/FANTASY.md).
func TestFantasyWinnerByItsRules(t *testing.T) {
	g, err := arena.LoadBundled("fantasy-demo")
	if err != nil {
		t.Fatal(err)
	}
	greedy, _ := bot.New("greedy")
	random, _ := bot.New("random")
	players := map[rules.Seat]bot.Player{g.Seats[0]: greedy, g.Seats[1]: random}
	narrow := 0
	for seed := range uint64(12) {
		out, err := arena.Play(g.Opening, players, seed, 20000)
		if err != nil {
			t.Fatal(err)
		}
		lead := out.Scores[g.Seats[0]] - out.Scores[g.Seats[1]]
		if lead < 0 {
			lead = -lead
		}
		if lead > 0 && lead < 100 {
			narrow++
			if out.Winner != "" {
				t.Errorf("seed %d: %v, %s wins by a lead of %d Victory Points; want a draw", seed, out.Scores, out.Winner, lead)
			}
		}
	}
	if narrow == 0 {
		t.Fatal("no game ended with a lead under 100 Victory Points: the check proves nothing")
	}
}
