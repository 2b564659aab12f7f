package bot_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/bot/arena"
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
)

// The no-cheating check: on every bundled scenario, along seeded random
// playouts, every bot's decision for the prompted seat is the same on the
// state and on its counterfactual twins — copies that differ only in the
// other seat's private facts (rules.TwinMaker: the Lieutenant, a Hidden
// Deployment, the troopers behind markers, the Active Proxy Token) — with
// the same seed; the states the seat's Observation samples are the same,
// byte for byte; and the Observations themselves are the same value
// (reflect.DeepEqual, unexported fields and all they point to included),
// so that nothing a bot can reach from one leads to the state it was made
// from — whose legal menu is the Observation's, entry for entry; and the
// seat's Standing, by which it answers a draw offer, is the same.
func TestBotsDoNotCheat(t *testing.T) {
	names, err := arena.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	playouts := testenv.Count(1, 6)
	twins := 0
	for _, name := range names {
		g, err := arena.LoadBundled(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for p := range playouts {
			twins += noCheat(t, g, uint64(p))
		}
	}
	t.Logf("%d decisions compared with a twin", twins)
	if twins < 200 {
		t.Fatalf("only %d decisions were compared with a twin: the check proves little", twins)
	}
}

// noCheat walks one random playout of g and compares decisions on twins
// at every step; it returns how many decisions it compared.
func noCheat(t *testing.T, g *arena.Game, seed uint64) int {
	t.Helper()
	st := g.Opening.Clone()
	rng := rand.New(rand.NewPCG(seed, 1))
	src := dice.NewPCG(seed, 2)
	compared := 0
	for step := 0; step < 160 && st.Prompt().Kind != rules.GameOver; step++ {
		p := st.Prompt()
		if seat := p.Seats[0]; seat != rules.ChanceSeat {
			if o, err := bot.Observe(st, seat); err != nil || !bytes.Equal(encodeMenu(o.Menu()), legalMenu(st, seat)) {
				t.Fatalf("%s step %d (%s): %s's observed menu is not the state's legal menu (%v)", g.Name, step, p.Window, seat, err)
			}
			compared += compareTwins(t, g, st, seat, seed, step)
			if t.Failed() {
				return compared
			}
		}
		seat, a, err := rules.RandomLegal(st, rng)
		if err != nil {
			t.Fatalf("%s step %d: %v", g.Name, step, err)
		}
		if _, err := st.Apply(seat, a, src); err != nil {
			t.Fatalf("%s step %d: %v", g.Name, step, err)
		}
	}
	return compared
}

func compareTwins(t *testing.T, g *arena.Game, st rules.State, seat rules.Seat, seed uint64, step int) int {
	t.Helper()
	tm, ok := st.(rules.TwinMaker)
	if !ok {
		return 0
	}
	compared := 0
	for k, name := range bot.Players() {
		if k > 0 && step%8 != 0 {
			continue // the players that search, at every eighth step: they cost more
		}
		pl, err := bot.New(name)
		if err != nil {
			t.Fatal(err)
		}
		if name == "mcts" {
			if step%16 != 0 {
				continue
			}
			pl = bot.MCTS{Iterations: 8, Horizon: 10} // a short search: the check is of what it reads
		}
		decide := func(s rules.State) []byte {
			a, err := bot.Act(pl, s, seat, rand.New(rand.NewPCG(seed, uint64(step))))
			if err != nil {
				t.Fatalf("%s step %d: %v", g.Name, step, err)
			}
			b, _ := rules.Encode(a)
			return b
		}
		mine := decide(st)
		a, _ := g.Ruleset.DecodeAction(mine)
		for _, owner := range g.Seats {
			if owner == seat {
				continue
			}
			twin, _, ok := tm.Twin(owner, seat, a, rand.New(rand.NewPCG(seed, uint64(1000+step))))
			if !ok {
				continue
			}
			if theirs := decide(twin); !bytes.Equal(mine, theirs) {
				t.Errorf("%s step %d (%s): bot %s for %s decides %s, and %s on a twin that differs only in %s's private facts", g.Name, step, st.Prompt().Window, name, seat, mine, theirs, owner)
			}
			if k > 0 {
				compared++
				continue
			}
			x, y := sampled(st, seat, seed), sampled(twin, seat, seed)
			if !bytes.Equal(x, y) {
				t.Errorf("%s step %d: %s's sample of the state tells its twin apart (%s's private facts)", g.Name, step, seat, owner)
			}
			// The judgement a draw offer is answered by (AcceptDraw).
			if x, errx := bot.Standing(st, seat); errx != nil || x != standing(t, twin, seat) {
				t.Errorf("%s step %d: %s's standing tells the state from its twin (%s's private facts)", g.Name, step, seat, owner)
			}
			if ox, oy := observed(t, st, seat), observed(t, twin, seat); !reflect.DeepEqual(ox, oy) {
				t.Errorf("%s step %d (%s): %s's Observation tells the state from its twin (%s's private facts reach it)", g.Name, step, st.Prompt().Window, seat, owner)
			}
			compared++
		}
	}
	return compared
}

func observed(t *testing.T, st rules.State, seat rules.Seat) *bot.Observation {
	t.Helper()
	o, err := bot.Observe(st, seat)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func encodeMenu(menu []rules.Action) []byte {
	var out []byte
	for _, a := range menu {
		b, _ := rules.Encode(a)
		out = append(append(out, b...), '\n')
	}
	return out
}

// legalMenu is seat's legal menu of st, encoded as encodeMenu does.
func legalMenu(st rules.State, seat rules.Seat) []byte {
	var menu []rules.Action
	for _, o := range st.Legal(seat) {
		if o.Illegal == nil {
			menu = append(menu, o.Action)
		}
	}
	return encodeMenu(menu)
}

// sampled is the state seat's observation draws, as JSON.
func sampled(st rules.State, seat rules.Seat, seed uint64) []byte {
	o, err := bot.Observe(st, seat)
	if err != nil {
		return []byte(err.Error())
	}
	b, err := json.Marshal(o.Sample(rand.New(rand.NewPCG(seed, 7))))
	if err != nil {
		return []byte(err.Error())
	}
	return b
}

func standing(t *testing.T, st rules.State, seat rules.Seat) float64 {
	t.Helper()
	v, err := bot.Standing(st, seat)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
