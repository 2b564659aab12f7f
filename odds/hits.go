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
	"slices"

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

// blockers returns the distribution of dice.Outcome.Blocks for the side's
// roll: the best rank among its dice. A template blocks nothing (its
// automatic hits cancel nothing), nor does a side that does not roll.
func blockers(s dice.Side) []rankProb {
	if !s.Rolls() {
		return []rankProb{{rank: 0, p: 1, n: 1}}
	}
	// The best of Burst independent dice: P(best <= r) = P(one die <= r)^B.
	per := dieRanks(s)
	// P(best <= r_i) = F_i^B; P(best = r_i) = F_i^B - F_{i-1}^B.
	out := make([]rankProb, 0, len(per))
	cum, prev := 0.0, 0.0
	for _, rp := range per {
		cum += rp.p
		f := pow(cum, s.Burst)
		if p := f - prev; p > 0 {
			out = append(out, rankProb{rank: rp.rank, p: p})
		}
		prev = f
	}
	return out
}

// dieRanks is the distribution of one die's rank, ascending.
func dieRanks(s dice.Side) []rankProb {
	faces := s.FaceRanks()
	var ranks [dice.Faces]int
	for i, d := range faces {
		ranks[i] = d.Rank()
	}
	slices.Sort(ranks[:])
	out := make([]rankProb, 0, dice.Faces)
	for _, r := range ranks {
		if n := len(out); n > 0 && out[n-1].rank == r {
			out[n-1].n++
			out[n-1].p = float64(out[n-1].n) / dice.Faces
			continue
		}
		out = append(out, rankProb{rank: r, n: 1, p: 1.0 / dice.Faces})
	}
	return out
}

// survivalFaces counts, for one die of s facing a best opposing rank w, the
// faces that give a surviving Critical and a surviving plain success.
func survivalFaces(faces *[dice.Faces]dice.Die, w int) (crit, plain int) {
	for _, d := range faces {
		if !d.Survives(w) {
			continue
		}
		if d.Critical {
			crit++
		} else {
			plain++
		}
	}
	return crit, plain
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

// newHitTable allocates the triangle h+c <= b.
func newHitTable(b int) HitTable {
	t := HitTable{P: make([][]float64, b+1)}
	for h := range t.P {
		t.P[h] = make([]float64, b+1-h)
	}
	return t
}

// hitTable computes a side's HitTable given the distribution of the rank
// blocking it.
func hitTable(s dice.Side, block []rankProb, binom [][]float64) HitTable {
	b := s.Burst
	t := newHitTable(b)
	faces := s.FaceRanks()
	powN := make([]float64, b+1)
	powC := make([]float64, b+1)
	pow0 := make([]float64, b+1)
	for _, w := range block {
		c, n := survivalFaces(&faces, w.rank)
		pc, pn := float64(c)/dice.Faces, float64(n)/dice.Faces
		p0 := 1 - pc - pn
		powers(powN, pn)
		powers(powC, pc)
		powers(pow0, p0)
		for h := 0; h <= b; h++ {
			for c := 0; c <= b-h; c++ {
				t.P[h][c] += w.p * binom[b][h] * binom[b-h][c] * powN[h] * powC[c] * pow0[b-h-c]
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

// binomials returns Pascal's triangle up to n as float64.
func binomials(n int) [][]float64 {
	t := make([][]float64, n+1)
	for i := range t {
		t[i] = make([]float64, i+1)
		t[i][0], t[i][i] = 1, 1
		for j := 1; j < i; j++ {
			t[i][j] = t[i-1][j-1] + t[i-1][j]
		}
	}
	return t
}

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
		ta = hitTable(a, blockers(dice.Side{Burst: 1}), binomials(a.Burst))
		return ta, newHitTable(0), ta.P[0][0], nil
	}
	if err := checkSide(*b); err != nil {
		return HitTable{}, HitTable{}, 0, err
	}
	if a.Template && b.Template {
		return HitTable{}, HitTable{}, 0, dice.ErrTwoTemplates
	}
	binom := binomials(max(a.Burst, b.Burst))
	ta = hitTable(a, blockers(*b), binom)
	tb = hitTable(*b, blockers(a), binom)
	// Only one side can score in any outcome, so
	// P(neither) = 1 - P(a scores) - P(b scores).
	noHits = ta.P[0][0] + tb.P[0][0] - 1
	return ta, tb, noHits, nil
}
