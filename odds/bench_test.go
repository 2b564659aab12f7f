package odds

import (
	"testing"

	"github.com/ordo-rules/ordo/dice"
)

// The issue #2 benchmark cases: each side shoots with one Saving Roll per
// hit unless said otherwise; docs/PERFORMANCE.md records the figures beside those of
// the enumerating inf-dice backend.
func BenchmarkFaceToFace(b *testing.B) {
	save := func(n int, continuous bool) Effect {
		e := Effect{Continuous: continuous}
		for range n {
			e.Saves = append(e.Saves, SaveRoll{Damage: 10})
		}
		return e
	}
	side := func(sv, burst int, e Effect) Side {
		return Side{Roll: dice.Side{SV: sv, Burst: burst}, Effect: e}
	}
	cases := []struct {
		name string
		a, b Side
	}{
		{"B1_v_B1", side(13, 1, save(1, false)), side(12, 1, save(1, false))},
		{"B3_v_B1", side(13, 3, save(1, false)), side(12, 1, save(1, false))},
		{"B5_v_B4", side(13, 5, save(1, false)), side(12, 4, save(1, false))},
		{"B6_v_B3", side(13, 6, save(1, false)), side(12, 3, save(1, false))},
		{"B6_3C_v_B3", side(13, 6, save(3, true)), side(12, 3, save(1, false))},
		{"B10_3_v_B10_3", side(13, 10, save(3, false)), side(12, 10, save(3, false))},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := FaceToFace(c.a, c.b, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
