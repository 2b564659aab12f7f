package bot_test

import (
	"flag"
	"os"
	"testing"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/bot/arena"
)

var (
	arenaGames = flag.Int("arena.games", 0, "games of the hand-run arena (TestArenaByHand); 0 skips it")
	arenaName  = flag.String("arena.scenario", "demo", "the bundled scenario of the hand-run arena")
	arenaBlue  = flag.String("arena.blue", "greedy", "")
	arenaRed   = flag.String("arena.red", "random", "")
	arenaSeed  = flag.Uint64("arena.seed", 1, "")
)

// TestArenaByHand runs an arena when asked with -arena.games (a benchmark,
// not a test: docs/PERFORMANCE.md records its results).
func TestArenaByHand(t *testing.T) {
	if *arenaGames == 0 {
		t.Skip("a benchmark: give -arena.games")
	}
	g, err := arena.LoadBundled(*arenaName)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := bot.New(*arenaBlue)
	b, _ := bot.New(*arenaRed)
	res, err := arena.Run(g.Name, g.Opening, g.Seats, a, b, arena.Options{Games: *arenaGames, Seed: *arenaSeed})
	if err != nil {
		t.Fatal(err)
	}
	res.WriteText(os.Stdout)
}
