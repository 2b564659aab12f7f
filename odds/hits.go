// Package odds computes exact outcome distributions of Infinity rolls: a
// Normal Roll or a Face to Face Roll of any Burst, with Criticals, then the
// Saving Rolls the surviving hits force.
//
// Nothing is enumerated. The Face to Face Roll is solved by conditioning on
// the opponent's best die: given that rank, each of a side's dice survives
// independently, so the side's surviving (plain, critical) successes follow a
// multinomial law. Saving Rolls are then folded in by convolving per-hit
// distributions. Every die is judged by package dice, the same code that
// resolves rolls in a match, and the tests check this package against a
// brute-force enumeration of dice.FaceToFace.
package odds

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/ordo-rules/ordo/dice"
)

// MaxBurst is the largest Burst per side the calculator accepts. It is far
// above any game need; it keeps binomial coefficients well inside float64.
const MaxBurst = 100

// ErrBurst is returned for a Burst outside 1..MaxBurst.
var ErrBurst = errors.New("burst out of range")

// rankProb is the probability that one die shows a given rank.
type rankProb struct {
	rank int
	p    float64
	n    int64 // number of faces with this rank
}

// die is what the calculator reads once from package dice about one die of
// a side: each face's judged die, ordered by rank from the highest down, and
// the distribution of the die's rank.
type die struct {
	// rank holds the faces' ranks in descending order, and critsBefore[i]
	// the Criticals among the first i of them.
	rank        [dice.Faces]int
	critsBefore [dice.Faces + 1]int
	rankBuf     [dice.Faces]rankProb // ascending rank, distinct: rankBuf[:nRanks]
	nRanks      int
}

// cachedSV bounds the Success Values whose dice are prepared once: every
// roll a game makes. Others are prepared on each call.
const cachedSV = 40

// dieCache holds the prepared die of every Side shape with an SV in
// 0..cachedSV (index [template/noCrit/critOnOne flags][SV]); all SVs at or
// below 0 judge alike. Each entry is filled from package dice on its first
// use: a process that answers one roll (inf-dice-n4 behind a web page)
// prepares the two dice it needs, not all 328.
var dieCache [8][cachedSV + 1]cachedDie

// cachedDie is one entry of dieCache. Once ready it is read without a lock.
type cachedDie struct {
	ready atomic.Bool
	mu    sync.Mutex
	d     die
}

// get returns the entry, preparing it for s first if no one has.
func (c *cachedDie) get(s dice.Side) *die {
	if c.ready.Load() {
		return &c.d
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.ready.Load() {
		c.d.init(s)
		c.ready.Store(true)
	}
	return &c.d
}

// dieOf returns the prepared die of s, from the cache when it can.
func dieOf(s dice.Side, tmp *die) *die {
	sv := max(s.SV, 0)
	if s.Template {
		sv = 0 // a template's hits do not depend on the SV
	}
	if sv > cachedSV {
		tmp.init(s)
		return tmp
	}
	flags := 0
	if s.Template {
		flags |= 1
	}
	if s.NoCrit {
		flags |= 2
	}
	if s.CritOnOne {
		flags |= 4
	}
	return dieCache[flags][sv].get(dice.Side{SV: sv, Burst: 1, Template: s.Template, NoCrit: s.NoCrit, CritOnOne: s.CritOnOne})
}

// ranks is the distribution of one die's rank, ascending.
func (d *die) ranks() []rankProb { return d.rankBuf[:d.nRanks] }

// init fills d for one die of s. It fills a value the caller owns, so that
// the hot path allocates nothing for it.
func (d *die) init(s dice.Side) {
	faces := s.FaceRanks()
	// Insertion sort by descending rank: 20 elements, cheaper than a
	// general sort on this hot path.
	var crit [dice.Faces]bool
	for i, f := range faces {
		r, c := f.Rank(), f.Critical
		j := i
		for ; j > 0 && d.rank[j-1] < r; j-- {
			d.rank[j], crit[j] = d.rank[j-1], crit[j-1]
		}
		d.rank[j], crit[j] = r, c
	}
	d.critsBefore[0] = 0
	for i, c := range crit {
		d.critsBefore[i+1] = d.critsBefore[i]
		if c {
			d.critsBefore[i+1]++
		}
	}
	d.nRanks = 0
	for i := dice.Faces - 1; i >= 0; i-- {
		r := d.rank[i]
		if n := d.nRanks; n > 0 && d.rankBuf[n-1].rank == r {
			d.rankBuf[n-1].n++
			d.rankBuf[n-1].p = float64(d.rankBuf[n-1].n) / dice.Faces
			continue
		}
		d.rankBuf[d.nRanks] = rankProb{rank: r, n: 1, p: 1.0 / dice.Faces}
		d.nRanks++
	}
}

// survivors counts the faces that give a surviving Critical and a surviving
// plain success against an opposing outcome that blocks up to rank w: by
// dice.Die.Survives, exactly those ranked above w, a prefix of the
// descending ranks. from is a prefix length known to hold them all (the
// count for a lower w, or 20), so that scanning ascending blocks costs
// O(20) in all.
func (d *die) survivors(w, from int) (crit, plain, n int) {
	n = from
	for n > 0 && d.rank[n-1] <= w {
		n--
	}
	crit = d.critsBefore[n]
	return crit, n - crit, n
}

// blockers returns the distribution of dice.Outcome.Blocks for the side's
// roll: the best rank among its dice. A template blocks nothing (its
// automatic hits cancel nothing), nor does a side that does not roll.
func blockers(s dice.Side, d *die) []rankProb {
	if !s.Rolls() {
		return []rankProb{{rank: 0, p: 1, n: 1}}
	}
	// The best of Burst independent dice: P(best <= r) = P(one die <= r)^B,
	// so P(best = r_i) = F_i^B - F_{i-1}^B.
	out := make([]rankProb, 0, d.nRanks)
	cum, prev := 0.0, 0.0
	for _, rp := range d.ranks() {
		cum += rp.p
		f := pow(cum, s.Burst)
		if p := f - prev; p > 0 {
			out = append(out, rankProb{rank: rp.rank, p: p})
		}
		prev = f
	}
	return out
}

// HitTable is the distribution of one side's surviving successes:
// P[h][c] is the probability of exactly h plain and c critical surviving
// successes (h+c <= Burst). P[0][0] is the probability that the side scores
// nothing, for whatever reason.
type HitTable struct {
	P [][]float64 `json:"p"`
}

// Scores is the probability that the side has at least one surviving success.
func (t HitTable) Scores() float64 { return 1 - t.P[0][0] }

// Crits is the probability that the side has at least one surviving
// Critical.
func (t HitTable) Crits() float64 {
	sum := 0.0
	for h := range t.P {
		for c := 1; c < len(t.P[h]); c++ {
			sum += t.P[h][c]
		}
	}
	return sum
}

// newHitTable allocates the triangle h+c <= b, in one block.
func newHitTable(b int) HitTable {
	t := HitTable{P: make([][]float64, b+1)}
	cells := make([]float64, (b+1)*(b+2)/2)
	for h := range t.P {
		n := b + 1 - h
		t.P[h], cells = cells[:n:n], cells[n:]
	}
	return t
}

// hitTable computes a side's HitTable given the distribution of the rank
// blocking it.
func hitTable(s dice.Side, d *die, block []rankProb) HitTable {
	b := s.Burst
	t := newHitTable(b)
	pows := make([]float64, 3*(b+1))
	powN, powC, pow0 := pows[:b+1], pows[b+1:2*(b+1)], pows[2*(b+1):]
	prefix := dice.Faces
	binom := binomial()
	for i := 0; i < len(block); {
		// Neighbouring blocking ranks often leave the same faces
		// surviving: add their probabilities and do the work once.
		c, n, k := d.survivors(block[i].rank, prefix)
		prefix = k
		wp := block[i].p
		for i++; i < len(block); i++ {
			if _, _, k2 := d.survivors(block[i].rank, prefix); k2 != k {
				break
			}
			wp += block[i].p
		}
		pc, pn := float64(c)/dice.Faces, float64(n)/dice.Faces
		p0 := 1 - pc - pn
		powers(powN, pn)
		powers(powC, pc)
		powers(pow0, p0)
		for h := 0; h <= b; h++ {
			for c := 0; c <= b-h; c++ {
				t.P[h][c] += wp * binom[b][h] * binom[b-h][c] * powN[h] * powC[c] * pow0[b-h-c]
			}
		}
	}
	return t
}

// powers fills dst[i] = x^i.
func powers(dst []float64, x float64) {
	v := 1.0
	for i := range dst {
		dst[i] = v
		v *= x
	}
}

// pow is x^n for a small non-negative n.
func pow(x float64, n int) float64 {
	v := 1.0
	for range n {
		v *= x
	}
	return v
}

// binomial is Pascal's triangle up to MaxBurst, in float64 (exact: every
// entry is below 2^53). It is built on first use, not at start-up: a program
// that links odds without computing (ordo's other commands) does not pay for
// it.
var binomial = sync.OnceValue(func() [][]float64 {
	t := make([][]float64, MaxBurst+1)
	for i := range t {
		t[i] = make([]float64, i+1)
		t[i][0], t[i][i] = 1, 1
		for j := 1; j < i; j++ {
			t[i][j] = t[i-1][j-1] + t[i-1][j]
		}
	}
	return t
})

// checkSide validates one side's roll.
func checkSide(s dice.Side) error {
	if s.Burst < 1 || s.Burst > MaxBurst {
		return fmt.Errorf("%w: %d (1..%d)", ErrBurst, s.Burst, MaxBurst)
	}
	return nil
}

// Hits computes both sides' HitTables for a Face to Face Roll, or for a
// Normal Roll when b is nil. noHits is the probability that neither side
// scores.
func Hits(a dice.Side, b *dice.Side) (ta, tb HitTable, noHits float64, err error) {
	if err := checkSide(a); err != nil {
		return HitTable{}, HitTable{}, 0, err
	}
	if b == nil {
		var tmp die
		ta = hitTable(a, dieOf(a, &tmp), blockers(dice.Side{Burst: 1}, nil))
		return ta, newHitTable(0), ta.P[0][0], nil
	}
	if err := checkSide(*b); err != nil {
		return HitTable{}, HitTable{}, 0, err
	}
	if a.Template && b.Template {
		return HitTable{}, HitTable{}, 0, dice.ErrTwoTemplates
	}
	var tmpA, tmpB die
	da, db := dieOf(a, &tmpA), dieOf(*b, &tmpB)
	ta = hitTable(a, da, blockers(*b, db))
	tb = hitTable(*b, db, blockers(a, da))
	// Only one side can score in any outcome, so
	// P(neither) = 1 - P(a scores) - P(b scores).
	noHits = ta.P[0][0] + tb.P[0][0] - 1
	return ta, tb, noHits, nil
}
