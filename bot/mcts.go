package bot

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/rules"
)

// MCTS is Monte-Carlo tree search over information sets (single-observer
// ISMCTS): each iteration draws a state the seat could believe it is in
// (Observation.Sample), walks the tree of the actions played from the
// decision on — the seat's and the enemy's, each side choosing by UCB1
// among the candidates legal in that sample, the dice drawn afresh for the
// iteration (open loop) — adds one new action, plays on with a quick
// policy for a bounded number of actions, and values the position reached
// (the Victory Points balance; in the fantasy game, also the damage done
// to the units still on the table: evaluate). The seat
// plays the root's most visited action.
//
// The root's candidates are greedy's best (Greedy scored on one sample),
// so the search spends its time telling good moves apart; deeper nodes take
// the attacks first, then a spread of the rest of the menu. It draws only
// from r: with Budget zero, the same observation and seed give the same
// action.
type MCTS struct {
	// Iterations per decision (default 200).
	Iterations int
	// Budget, when positive, also stops the search after that much wall
	// time: faster, but no longer the same action for the same seed.
	Budget time.Duration
	// Horizon is how many actions a playout goes past the tree (default
	// 30); Width how many candidates a node below the root weighs
	// (default 8); RootWidth how many of greedy's best the root weighs
	// (default 6).
	Horizon, Width, RootWidth int
}

// Name is "mcts".
func (MCTS) Name() string { return "mcts" }

func (m MCTS) withDefaults() MCTS {
	if m.Iterations <= 0 {
		m.Iterations = 200
	}
	if m.Horizon <= 0 {
		m.Horizon = 30
	}
	if m.Width <= 0 {
		m.Width = 8
	}
	if m.RootWidth <= 0 {
		m.RootWidth = 6
	}
	return m
}

// node is one action in the tree, reached from its parent.
type node struct {
	mover    rules.Seat // who played the action into this node
	visits   float64
	reward   float64 // summed, from mover's side
	avail    float64 // times it was a candidate when its parent was visited
	children map[string]*node
	order    []string // children's keys, in the order they were added
}

func (n *node) child(key string, mover rules.Seat) (*node, bool) {
	if c, ok := n.children[key]; ok {
		return c, true
	}
	if n.children == nil {
		n.children = map[string]*node{}
	}
	c := &node{mover: mover}
	n.children[key] = c
	n.order = append(n.order, key)
	return c, false
}

// Decide searches and returns the root's most visited candidate.
func (m MCTS) Decide(o *Observation, r *rand.Rand) (rules.Action, error) {
	m = m.withDefaults()
	menu := o.Menu()
	if len(menu) == 1 {
		return menu[0], nil
	}
	// The root's candidates: greedy's best on one sample.
	scores := scoreSample(o.Sample(r), o.Seat(), menu, r)
	idx := make([]int, len(menu))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case scores[a] > scores[b]:
			return -1
		case scores[a] < scores[b]:
			return 1
		}
		return 0
	})
	idx = idx[:min(len(idx), m.RootWidth)]
	roots := make([]rules.Action, len(idx))
	keys := make([]string, len(idx))
	for k, i := range idx {
		roots[k], keys[k] = menu[i], key(menu[i])
	}
	if len(roots) == 1 {
		return roots[0], nil
	}
	root := &node{}
	start := time.Now()
	for it := 0; it < m.Iterations; it++ {
		if m.Budget > 0 && it > 0 && time.Since(start) > m.Budget {
			break
		}
		m.iterate(o, root, roots, keys, r)
	}
	best, most := 0, -1.0
	for k, kk := range keys {
		if c := root.children[kk]; c != nil && c.visits > most {
			best, most = k, c.visits
		}
	}
	return roots[best], nil
}

// iterate runs one iteration: sample, select and expand, play out, back up.
func (m MCTS) iterate(o *Observation, root *node, roots []rules.Action, keys []string, r *rand.Rand) {
	st := o.Sample(r)
	d := dice.NewPCG(r.Uint64(), 0x3c75)
	path := []*node{root}
	cur := root
	expanded := false
	for depth := 0; !expanded && st.Prompt().Kind != rules.GameOver; depth++ {
		p := st.Prompt()
		seat := p.Seats[0]
		if seat == rules.ChanceSeat {
			if !chanceStep(st, d) {
				break
			}
			continue
		}
		var cands []rules.Action
		var ckeys []string
		if depth == 0 {
			cands, ckeys = roots, keys
		} else {
			cands, ckeys = m.candidates(st, seat)
		}
		if len(cands) == 0 {
			break
		}
		// Expand the first candidate never tried here, else choose by UCB1
		// among those available in this sample.
		pick := -1
		for k, kk := range ckeys {
			if c, ok := cur.children[kk]; !ok || c.visits == 0 {
				pick = k
				break
			}
		}
		for _, kk := range ckeys {
			if c, ok := cur.children[kk]; ok {
				c.avail++
			}
		}
		if pick < 0 {
			bestV := math.Inf(-1)
			for k, kk := range ckeys {
				c := cur.children[kk]
				v := c.reward/c.visits + 0.7*math.Sqrt(math.Log(max(c.avail, 1))/c.visits)
				if v > bestV {
					pick, bestV = k, v
				}
			}
		}
		next, existed := cur.child(ckeys[pick], seat)
		if !existed {
			next.avail = 1
			expanded = true
		}
		if _, err := st.Apply(seat, cands[pick], d); err != nil {
			break
		}
		cur = next
		path = append(path, cur)
	}
	playout(st, d, r, m.Horizon)
	value := evaluate(st, o.Seat())
	for _, n := range path[1:] {
		n.visits++
		if n.mover == o.Seat() {
			n.reward += value
		} else {
			n.reward += 1 - value
		}
	}
}

// candidates are the actions a node below the root weighs: the legal ones,
// attacks first, then a spread over the rest, Width at most, with their
// keys.
func (m MCTS) candidates(st rules.State, seat rules.Seat) ([]rules.Action, []string) {
	var first, rest []rules.Action
	for _, o := range st.Legal(seat) {
		if o.Illegal != nil {
			continue
		}
		a := plain(o.Action)
		if attacking(a) {
			first = append(first, a)
		} else {
			rest = append(rest, a)
		}
	}
	out := first[:min(len(first), m.Width)]
	if room := m.Width - len(out); room > 0 && len(rest) > 0 {
		step := max(1, len(rest)/room)
		for i := 0; i < len(rest) && len(out) < m.Width; i += step {
			out = append(out, rest[i])
		}
	}
	keys := make([]string, len(out))
	for i, a := range out {
		keys[i] = key(a)
	}
	return out, keys
}

// attacking reports an action that declares an attack (a BS or CC Attack,
// a hacking program, a shot, a charge, a fight).
func attacking(a rules.Action) bool {
	skill := func(k infinity.Skill) bool { return attackSkill(k.Name) }
	switch x := a.(type) {
	case infinity.Activate:
		return skill(x.Skill)
	case infinity.Second:
		return skill(x.Skill)
	case infinity.AROs:
		return slices.ContainsFunc(x.Declarations, func(d infinity.ARODecl) bool { return skill(d.Skill) })
	case fantasy.Shoot, fantasy.DeclareCharge, fantasy.Fight:
		return true
	}
	return false
}

// key names an action in the tree: its encoding.
func key(a rules.Action) string {
	b, err := rules.Encode(a)
	if err != nil {
		return a.Kind()
	}
	return string(b)
}

// chanceStep takes a chance window's one legal action.
func chanceStep(st rules.State, d dice.Source) bool {
	for _, o := range st.Legal(rules.ChanceSeat) {
		if o.Illegal == nil {
			_, err := st.Apply(rules.ChanceSeat, o.Action, d)
			return err == nil
		}
	}
	return false
}

// playout plays up to n actions with the quick policy: an attack when
// there is one (drawn among them), else any legal action.
func playout(st rules.State, d dice.Source, r *rand.Rand, n int) {
	for range n {
		p := st.Prompt()
		if p.Kind == rules.GameOver || len(p.Seats) == 0 {
			return
		}
		seat := p.Seats[0]
		if seat == rules.ChanceSeat {
			if !chanceStep(st, d) {
				return
			}
			continue
		}
		var attacks, all []rules.Action
		for _, o := range st.Legal(seat) {
			if o.Illegal != nil {
				continue
			}
			a := plain(o.Action)
			all = append(all, a)
			if attacking(a) {
				attacks = append(attacks, a)
			}
		}
		if len(all) == 0 {
			return
		}
		pool := all
		if len(attacks) > 0 {
			pool = attacks
		}
		if _, err := st.Apply(seat, pool[r.IntN(len(pool))], d); err != nil {
			return
		}
	}
}

// evaluate is the position for seat, from 0 (lost) to 1 (won): the
// balance of Victory Points, squashed by a logistic of the armies' size;
// in the fantasy game, which is won on the Victory Points of the units
// destroyed, what each side has won so far (fantasyStanding: the Victory
// Points and the damage done to the units still on the table), so that
// the smaller army does not start the search as good as lost.
func evaluate(st rules.State, seat rules.Seat) float64 {
	balance, scale := 0.0, 1.0
	switch s := st.(type) {
	case *fantasy.State:
		return fantasyStanding(s, seat)
	case rules.Scorer:
		for who, v := range s.Scores() {
			if who == seat {
				balance += float64(v)
			} else {
				balance -= float64(v)
			}
			scale += float64(v)
		}
	}
	return squash(balance, scale)
}

// squash maps a balance of points to a value from 0 to 1 by a logistic
// of the points at stake (scale).
func squash(balance, scale float64) float64 { return 1 / (1 + math.Exp(-8*balance/scale)) }

// scoreSample is greedy's scoring of menu on the sample s.
func scoreSample(s rules.State, seat rules.Seat, menu []rules.Action, r *rand.Rand) []float64 {
	switch x := s.(type) {
	case *infinity.State:
		return scoreInfinity(x, seat, menu)
	case *fantasy.State:
		return scoreFantasy(x, seat, menu, r)
	}
	return make([]float64, len(menu))
}
