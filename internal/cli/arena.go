package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/bot/arena"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// maxArenaGames bounds --games; maxIterations and maxBudget bound an mcts
// decision.
const (
	maxArenaGames = 100000
	maxIterations = 1000000
	maxBudget     = time.Minute
)

// tune gives an mcts player the iterations and wall time asked for (0:
// its own default, no time limit); other players are left as they are.
func tune(p bot.Player, iterations int, budget time.Duration) bot.Player {
	if m, ok := p.(bot.MCTS); ok {
		m.Iterations, m.Budget = iterations, budget
		if budget > 0 && iterations == 0 {
			m.Iterations = maxIterations // the budget decides
		}
		return m
	}
	return p
}

// arenaUsage is the help of ordo arena.
const arenaUsage = `usage: ordo arena SCENARIO --blue BOT --red BOT [--games N] [--seed S] [--json] [--iterations N] [--budget D]

Plays one bot against another over N games of a scenario and prints the first
bot's wins, draws and losses with a 95% confidence interval (Wilson) and each
bot's mean time per decision. The two trade seats every other game: --blue
plays the scenario's first seat in games 1, 3, ... and its second seat in
games 2, 4, .... The same seed plays the same games. A bot sees only what its
seat may see (docs/BOTS.md).

SCENARIO is a bundled scenario's name (demo, fantasy-demo, seed/dodge-mine) or
a scenario file.

Bots: random (uniform over the legal actions), greedy (one step ahead by the
exact odds), mcts (Monte-Carlo tree search over sampled states, 200 iterations
a decision).

Flags (in any order, before or after SCENARIO):
  --blue BOT   the first bot (default greedy)
  --red BOT    the second bot (default random)
  --games N    games to play (default 10; at most 100000)
  --seed S     the first game's seed (default 1; game i uses S+i-1)
  --json       print the result as one JSON object
  --iterations N  mcts: iterations a decision (default 200)
  --budget D   mcts: wall time a decision (1s, 500ms); with it and no
               --iterations, the time alone decides (then the same seed
               may play different games)

Examples:
  ordo arena demo --blue greedy --red random --games 200
  ordo arena fantasy-demo --blue greedy --red random --games 20 --seed 7 --json
  ordo arena fantasy-demo --blue mcts --red greedy --games 10
  ordo arena demo --blue mcts --red greedy --games 4 --budget 1s
`

// runArena is `ordo arena`: bots against each other (bot/arena). Exit 1 when
// a game fails (a bot's action refused), 2 on bad input.
func runArena(args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("ordo arena")
	blue := fs.String("blue", "greedy", "the first bot")
	red := fs.String("red", "random", "the second bot")
	games := fs.Int("games", 10, "games to play")
	seed := fs.Uint64("seed", 1, "the first game's seed")
	jsonOut := fs.Bool("json", false, "print JSON")
	iterations := fs.Int("iterations", 0, "mcts: iterations a decision")
	budget := fs.Duration("budget", 0, "mcts: wall time a decision")
	pos, err := ParseFlags(fs, args)
	if err != nil {
		return FlagError(err, "ordo arena", arenaUsage, stdout, stderr)
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "ordo arena: give one scenario, got %d (see ordo arena --help)\n", len(pos))
		return 2
	}
	if *games < 1 || *games > maxArenaGames {
		fmt.Fprintf(stderr, "ordo arena: --games %d: give 1 to %d\n", *games, maxArenaGames)
		return 2
	}
	first, err := bot.New(*blue)
	if err != nil {
		fmt.Fprintf(stderr, "ordo arena: --blue: %v\n", err)
		return 2
	}
	second, err := bot.New(*red)
	if err != nil {
		fmt.Fprintf(stderr, "ordo arena: --red: %v\n", err)
		return 2
	}
	if *iterations < 0 || *iterations > maxIterations || *budget < 0 || *budget > maxBudget {
		fmt.Fprintf(stderr, "ordo arena: --iterations %d, --budget %s: give 0 to %d iterations and 0 to %s\n", *iterations, *budget, maxIterations, maxBudget)
		return 2
	}
	first, second = tune(first, *iterations, *budget), tune(second, *iterations, *budget)
	g, err := loadArena(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "ordo arena: %s\n", strings.ReplaceAll(err.Error(), "\n", "; "))
		return 2
	}
	res, err := arena.Run(g.Name, g.Opening, g.Seats, first, second, arena.Options{Games: *games, Seed: *seed})
	if err != nil {
		fmt.Fprintf(stderr, "ordo arena: %v\n", err)
		return 1
	}
	if *jsonOut {
		err = res.WriteJSON(stdout)
	} else {
		err = res.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "ordo arena: %v\n", err)
		return 1
	}
	return 0
}

// loadArena sets up a scenario file, or else the bundled scenario of that
// name.
func loadArena(name string) (*arena.Game, error) {
	if _, err := os.Stat(name); err != nil {
		return arena.LoadBundled(name)
	}
	text, err := yamlfile.ReadFile(name, yamlfile.MaxFileSize)
	if err != nil {
		return nil, err
	}
	return arena.Setup(name, text, func(p string) ([]byte, error) { return yamlfile.ReadFile(p, yamlfile.MaxFileSize) })
}
