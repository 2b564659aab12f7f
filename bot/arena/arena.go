// Package arena plays bots against each other over whole games and counts
// the results: what `ordo arena` runs. Each game starts from the scenario's
// opening position with its own seed; the two players trade seats every
// other game, so that neither keeps the side with the initiative or the
// better deployment. Every action a bot sends goes through Apply like a
// person's, and a refused one stops the arena with an error.
package arena

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/rules"
)

// Options say how many games to play and from which seed.
type Options struct {
	// Games is the number of games (at least 1).
	Games int
	// Seed is the first game's seed; game i plays with Seed+i.
	Seed uint64
	// MaxSteps bounds one game's actions (default 20000): a game that
	// does not end by then is an error.
	MaxSteps int
}

// Result is the count of an arena, from the first player's side.
type Result struct {
	Scenario string `json:"scenario"`
	// First and Second name the players: First is the one given as blue
	// (it plays the first seat in the odd-numbered games, 1, 3, ...).
	First  string `json:"first"`
	Second string `json:"second"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"`
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
	// WinRate is Wins/Games; Low and High bound it with 95% confidence
	// (Wilson score interval).
	WinRate float64 `json:"winRate"`
	Low     float64 `json:"low"`
	High    float64 `json:"high"`
	// Decisions and MeanDecision are, per player name, how many
	// decisions it made and their mean wall time.
	Decisions    map[string]int           `json:"decisions"`
	MeanDecision map[string]time.Duration `json:"meanDecisionNs"`
	// Steps is the mean number of actions per game.
	Steps float64 `json:"steps"`
}

// Run plays opt.Games games of first against second from the opening state
// (which it does not change), on seats (the scenario's two seats, first
// seat first).
func Run(name string, opening rules.State, seats [2]rules.Seat, first, second bot.Player, opt Options) (Result, error) {
	if opt.Games < 1 {
		return Result{}, fmt.Errorf("arena: %d games: give at least 1", opt.Games)
	}
	if opt.MaxSteps <= 0 {
		opt.MaxSteps = 20000
	}
	res := Result{Scenario: name, First: first.Name(), Second: second.Name(), Games: opt.Games,
		Decisions: map[string]int{}, MeanDecision: map[string]time.Duration{}}
	spent := map[string]time.Duration{}
	steps := 0
	for g := range opt.Games {
		seed := opt.Seed + uint64(g)
		players := map[rules.Seat]bot.Player{seats[0]: first, seats[1]: second}
		mine := seats[0]
		if g%2 == 1 {
			players = map[rules.Seat]bot.Player{seats[0]: second, seats[1]: first}
			mine = seats[1]
		}
		out, err := Play(opening, players, seed, opt.MaxSteps)
		if err != nil {
			return res, fmt.Errorf("arena: game %d (seed %d): %w", g+1, seed, err)
		}
		steps += out.Steps
		for seat, p := range players {
			res.Decisions[p.Name()] += out.Decisions[seat]
			spent[p.Name()] += out.Spent[seat]
		}
		switch out.Winner {
		case "":
			res.Draws++
		case mine:
			res.Wins++
		default:
			res.Losses++
		}
	}
	for name, n := range res.Decisions {
		if n > 0 {
			res.MeanDecision[name] = spent[name] / time.Duration(n)
		}
	}
	res.WinRate = float64(res.Wins) / float64(res.Games)
	res.Low, res.High = Wilson(res.Wins, res.Games, 1.959964)
	res.Steps = float64(steps) / float64(res.Games)
	return res, nil
}

// Outcome is one game's end.
type Outcome struct {
	// Winner is the winner by the game's rules: the seat with the most
	// Victory Points, or the one the rules name their own way (the fantasy
	// battle's 100-point lead, an Infinity mission's Objective Points);
	// empty for a draw.
	Winner rules.Seat
	Scores map[rules.Seat]int
	Steps  int
	// Decisions and Spent are, per seat, the decisions its bot made and
	// the wall time they took.
	Decisions map[rules.Seat]int
	Spent     map[rules.Seat]time.Duration
}

// Play plays one game from a copy of opening to its end: each prompted
// seat's player decides from its Observation, with a generator of its own
// seeded from seed; chance windows take their one action; the dice come
// from seed too. The state must be a rules.Scorer.
func Play(opening rules.State, players map[rules.Seat]bot.Player, seed uint64, maxSteps int) (Outcome, error) {
	st := opening.Clone()
	src := dice.NewPCG(seed, 0xd1ce)
	rngs := map[rules.Seat]*rand.Rand{}
	for seat := range players {
		rngs[seat] = rand.New(rand.NewPCG(seed, seatStream(seat)))
	}
	out := Outcome{Decisions: map[rules.Seat]int{}, Spent: map[rules.Seat]time.Duration{}}
	for st.Prompt().Kind != rules.GameOver {
		if out.Steps >= maxSteps {
			return out, fmt.Errorf("the game did not end within %d actions", maxSteps)
		}
		p := st.Prompt()
		if len(p.Seats) == 0 {
			return out, fmt.Errorf("the prompt (%s) names no seat", p.Window)
		}
		seat := p.Seats[0]
		var a rules.Action
		if seat == rules.ChanceSeat {
			i := slices.IndexFunc(st.Legal(seat), func(o rules.Option) bool { return o.Illegal == nil })
			if i < 0 {
				return out, fmt.Errorf("the chance window (%s) has no legal action", p.Window)
			}
			a = st.Legal(seat)[i].Action
		} else {
			pl, ok := players[seat]
			if !ok {
				return out, fmt.Errorf("%s is prompted (%s) but has no player", seat, p.Window)
			}
			start := time.Now()
			var err error
			if a, err = bot.Act(pl, st, seat, rngs[seat]); err != nil {
				return out, err
			}
			out.Spent[seat] += time.Since(start)
			out.Decisions[seat]++
		}
		if _, err := st.Apply(seat, a, src); err != nil {
			return out, fmt.Errorf("step %d: %s's %s was refused: %w", out.Steps, seat, a.Kind(), err)
		}
		out.Steps++
	}
	sc, ok := st.(rules.Scorer)
	if !ok {
		return out, fmt.Errorf("a %T does not say who won (it is no rules.Scorer)", st)
	}
	out.Scores = sc.Scores()
	if w, ok := decided(st); ok {
		out.Winner = w
		return out, nil
	}
	best, tie := rules.Seat(""), false
	for _, seat := range slices.Sorted(maps.Keys(out.Scores)) {
		switch v := out.Scores[seat]; {
		case best == "" || v > out.Scores[best]:
			best, tie = seat, false
		case v == out.Scores[best]:
			tie = true
		}
	}
	if !tie {
		out.Winner = best
	}
	return out, nil
}

// decided is the winner a game's rules name at its end, when they name
// one their own way: the fantasy battle (Victory points: the enemy army
// wiped out, or 100 points more; anything else a draw) and an Infinity
// mission (Objective Points, then its tie-breaker, then Victory Points);
// "" for a draw. Otherwise the most points win (Play).
func decided(st rules.State) (rules.Seat, bool) {
	switch s := st.(type) {
	case *fantasy.State:
		return s.Winner, true
	case *infinity.State:
		if s.Mission != nil {
			return s.Mission.Winner, true
		}
	}
	return "", false
}

// seatStream is the stream of seat's generator: the seat's name hashed
// (FNV-1a), so that each seat draws its own numbers whatever the map order.
func seatStream(seat rules.Seat) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(seat); i++ {
		h ^= uint64(seat[i])
		h *= 1099511628211
	}
	return h
}

// Wilson is the Wilson score interval of k successes in n trials at the
// normal quantile z (1.96 for 95%).
func Wilson(k, n int, z float64) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	p, fn := float64(k)/float64(n), float64(n)
	d := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / d
	h := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / d
	return math.Max(0, c-h), math.Min(1, c+h)
}

// WriteText prints the result for a person.
func (r Result) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "%s: %s vs %s, %d games (seats swapped every other game)\n"+
		"  %s: %d wins, %d draws, %d losses — wins %.1f%% (95%% CI %.1f–%.1f%%, Wilson)\n"+
		"  mean decision: %s %s, %s %s; %.0f actions a game\n",
		r.Scenario, r.First, r.Second, r.Games, r.First, r.Wins, r.Draws, r.Losses,
		100*r.WinRate, 100*r.Low, 100*r.High,
		r.First, r.MeanDecision[r.First].Round(time.Microsecond), r.Second, r.MeanDecision[r.Second].Round(time.Microsecond), r.Steps)
	return err
}

// WriteJSON prints the result as one JSON object.
func (r Result) WriteJSON(w io.Writer) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}
