package infdice

import (
	"math/big"

	"github.com/ordo-rules/ordo/odds"
)

// result is everything the report prints, before formatting.
type result struct {
	cap       int
	hits      odds.HitCounts
	rollsMade *big.Int
	// w[p][s*numMasks+mask] is upstream's p->success[s][mask]: the sum over
	// (h, c) of hit count × P(s successes with exactly these tags | h, c).
	// P2's (0,0) row holds the outcomes where nobody hits, as upstream
	// files them, so No Successes is w[0][0] + w[1][0].
	w [2][]float64
}

// compute runs the model for cfg, which must be valid: a Config from Parse,
// or one Report has validated. It does not validate cfg again, so that
// Report is the one layer that checks a Config, before it writes anything;
// what package odds checks of its own inputs (hitCounts) is still returned.
func compute(cfg *Config) (*result, error) {
	hc, err := hitCounts(cfg)
	if err != nil {
		return nil, err
	}
	r := &result{cap: cfg.successCap(), hits: hc, rollsMade: rollsMade(cfg)}
	tables := [2][][]*big.Int{hc.A, hc.B}
	for i, p := range cfg.players() {
		count := func(h, c int) *big.Int {
			if h == 0 && c == 0 {
				if i == 1 && hc.NoHits.Sign() > 0 {
					return hc.NoHits
				}
				return nil
			}
			if n := tables[i][h][c]; n != nil && n.Sign() > 0 {
				return n
			}
			return nil
		}
		r.w[i] = weights(newSaveModel(p, r.cap), p.Burst, count)
	}
	return r, nil
}

// weights folds the saves into one player's hit counts ("Report"):
// w[s][mask] = Σ_{h,c} count(h,c)·P(s, mask | h, c). The continuous or
// normal part depends on h+c only and is computed once per n = h+c; the
// crit bonus is then added one crit at a time.
func weights(m *saveModel, burst int, count func(h, c int) *big.Int) []float64 {
	w := make([]float64, (m.cap+1)*numMasks)
	for n := 0; n <= burst; n++ {
		needed := false
		for c := 0; c <= n; c++ {
			needed = needed || count(n-c, c) != nil
		}
		if !needed {
			continue
		}
		d := m.base(n)
		for c := 0; c <= n; c++ {
			if c > 0 {
				d = m.critBonus(d)
			}
			cnt := count(n-c, c)
			if cnt == nil {
				continue
			}
			k := toFloat(cnt)
			for s := 0; s <= m.cap; s++ {
				for mask, g := range m.global {
					if x := d[s*m.masks+mask]; x != 0 {
						w[s*numMasks+int(g)] += x * k
					}
				}
			}
		}
	}
	return w
}

// toFloat converts a count to the double upstream would hold: the nearest,
// ties to even, as C's int64-to-double conversion.
func toFloat(x *big.Int) float64 {
	if x.IsInt64() {
		return float64(x.Int64())
	}
	f, _ := new(big.Float).SetInt(x).Float64()
	return f
}

// rollsMade is upstream's "Actual Rolls Made": how many dice combinations
// its enumeration visits. It rolls each player's dice as a non-decreasing
// sequence (symmetry) and stops a die's loop at the first missing value
// (every higher value misses too), so a player with highest hitting face H
// visits the multisets of B values from 1..min(H+1, 20), C(M+B-1, B) of
// them; a template rolls once. The two players' enumerations nest, so the
// total is the product. This reproduces every figure in upstream's tests
// (e.g. 2860 = C(12,3)·13 for "9 3 ... 12 1 ...").
func rollsMade(cfg *Config) *big.Int {
	total := big.NewInt(1)
	for _, p := range cfg.players() {
		if p.Template {
			continue
		}
		top := min(max(p.Stat-p.Boost, 0)+1, faces)
		total.Mul(total, new(big.Int).Binomial(int64(top+p.Burst-1), int64(p.Burst)))
	}
	return total
}
