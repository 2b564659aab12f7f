package odds

import (
	"math/big"

	"github.com/ordo-rules/ordo/dice"
)

// HitCounts is Hits in exact integers: of the 20^(Ba+Bb) equally likely
// ordered outcomes of both sides' dice (a template or a side that cannot
// succeed still counts its 20 faces per die), A[h][c] and B[h][c] count those
// in which that side ends with exactly h plain and c critical surviving
// successes, and NoHits those in which neither scores. The (0,0) entries are
// nil: "scores nothing" is NoHits plus the other side's scoring outcomes.
//
// It exists for reports that print exact outcome counts (the inf-dice
// compatible report); the float64 Hits is what everything else uses.
type HitCounts struct {
	A, B   [][]*big.Int
	NoHits *big.Int
	Total  *big.Int
}

// CountHits computes HitCounts for a Face to Face Roll.
func CountHits(a, b dice.Side) (HitCounts, error) {
	for _, s := range []dice.Side{a, b} {
		if err := checkSide(s); err != nil {
			return HitCounts{}, err
		}
	}
	if a.Template && b.Template {
		return HitCounts{}, dice.ErrTwoTemplates
	}
	var tmpA, tmpB die
	da, db := dieOf(a, &tmpA), dieOf(b, &tmpB)
	hc := HitCounts{
		A:     countTable(a, da, blockerCounts(b, db)),
		B:     countTable(b, db, blockerCounts(a, da)),
		Total: new(big.Int).Exp(big.NewInt(dice.Faces), big.NewInt(int64(a.Burst+b.Burst)), nil),
	}
	hc.NoHits = new(big.Int).Set(hc.Total)
	for _, t := range [][][]*big.Int{hc.A, hc.B} {
		for h := range t {
			for c := range t[h] {
				if t[h][c] != nil {
					hc.NoHits.Sub(hc.NoHits, t[h][c])
				}
			}
		}
	}
	return hc, nil
}

// rankCount is the number of outcomes of one side's dice whose best rank is
// rank.
type rankCount struct {
	rank int
	n    *big.Int
}

// blockerCounts is blockers in counts out of 20^B.
func blockerCounts(s dice.Side, d *die) []rankCount {
	if !s.Rolls() {
		return []rankCount{{0, new(big.Int).Exp(big.NewInt(dice.Faces), big.NewInt(int64(s.Burst)), nil)}}
	}
	var out []rankCount
	burst := big.NewInt(int64(s.Burst))
	var cum int64
	prev := new(big.Int)
	for _, rp := range d.ranks() {
		cum += rp.n
		f := new(big.Int).Exp(big.NewInt(cum), burst, nil)
		if d := new(big.Int).Sub(f, prev); d.Sign() > 0 {
			out = append(out, rankCount{rp.rank, d})
		}
		prev = f
	}
	return out
}

// countTable is hitTable in counts. The (0,0) entry is left nil.
func countTable(s dice.Side, d *die, block []rankCount) [][]*big.Int {
	b := s.Burst
	t := make([][]*big.Int, b+1)
	for h := range t {
		t[h] = make([]*big.Int, b+1-h)
	}
	term := new(big.Int)
	prefix := dice.Faces
	for _, w := range block {
		nc, nn, k := d.survivors(w.rank, prefix)
		prefix = k
		n0 := dice.Faces - nc - nn
		for h := 0; h <= b; h++ {
			for c := 0; c <= b-h; c++ {
				if h+c == 0 {
					continue
				}
				term.Binomial(int64(b), int64(h))
				term.Mul(term, new(big.Int).Binomial(int64(b-h), int64(c)))
				term.Mul(term, ipow(nn, h))
				term.Mul(term, ipow(nc, c))
				term.Mul(term, ipow(n0, b-h-c))
				if term.Sign() == 0 {
					continue
				}
				term.Mul(term, w.n)
				if t[h][c] == nil {
					t[h][c] = new(big.Int)
				}
				t[h][c].Add(t[h][c], term)
			}
		}
	}
	return t
}

// ipow is x^n as a big.Int.
func ipow(x, n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(int64(x)), big.NewInt(int64(n)), nil)
}
