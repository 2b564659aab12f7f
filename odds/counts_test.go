package odds

import (
	"fmt"
	"github.com/ordo-rules/ordo/internal/testenv"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ordo-rules/ordo/dice"
)

// CountHits gives the exact number of ordered outcomes for each (h, c): it
// equals the enumeration's counts exactly, and everything adds up to
// 20^(Ba+Bb): on 12 random pairs of sides up to B3 by default, 300 with
// ORDO_LONG=1.
func TestCountHitsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for i := range testenv.Count(12, 300) {
		a, b := randomSide(r, 3).Roll, randomSide(r, 3).Roll
		if a.Template && b.Template {
			continue
		}
		name := fmt.Sprintf("%d/%+v/%+v", i, a, b)
		got, err := CountHits(a, b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		wa, wb := refCounts(a, &b)
		sum := new(big.Int).Set(got.NoHits)
		for side, want := range [][][]int64{wa, wb} {
			g := [][][]*big.Int{got.A, got.B}[side]
			for h := range want {
				for c := range want[h] {
					if h+c == 0 {
						continue
					}
					var n int64
					if g[h][c] != nil {
						n = g[h][c].Int64()
						sum.Add(sum, g[h][c])
					}
					if n != want[h][c] {
						t.Fatalf("%s side %d [%d][%d]: %d, enumeration %d", name, side, h, c, n, want[h][c])
					}
				}
			}
		}
		if sum.Cmp(got.Total) != 0 {
			t.Fatalf("%s: counts add to %v, total %v", name, sum, got.Total)
		}
	}
}

// Bursts far beyond enumeration: the exact counts, divided by 20^40,
// agree with the float tables of Hits, and no-hit count with its
// probability.
func TestCountHitsLarge(t *testing.T) {
	a, b := dice.Side{SV: 14, Burst: 20}, dice.Side{SV: 12, Burst: 20}
	got, err := CountHits(a, b)
	if err != nil {
		t.Fatal(err)
	}
	want := new(big.Int).Exp(big.NewInt(20), big.NewInt(40), nil)
	if got.Total.Cmp(want) != 0 {
		t.Fatalf("total %v", got.Total)
	}
	ta, tb, noHits, err := Hits(a, &b)
	if err != nil {
		t.Fatal(err)
	}
	ratio := func(n *big.Int) float64 {
		if n == nil {
			return 0
		}
		f, _ := new(big.Rat).SetFrac(n, got.Total).Float64()
		return f
	}
	if r := ratio(got.NoHits); !near(r, noHits, 1e-12) {
		t.Fatalf("no hits %.17g, Hits %.17g", r, noHits)
	}
	for side, pair := range []struct {
		c [][]*big.Int
		p [][]float64
	}{{got.A, ta.P}, {got.B, tb.P}} {
		for h := range pair.p {
			for c := range pair.p[h] {
				if h+c == 0 {
					continue
				}
				var n *big.Int
				if h < len(pair.c) && c < len(pair.c[h]) {
					n = pair.c[h][c]
				}
				if r := ratio(n); !near(r, pair.p[h][c], 1e-12) {
					t.Fatalf("side %d [%d][%d]: %.17g, Hits %.17g", side, h, c, r, pair.p[h][c])
				}
			}
		}
	}
}
