package infdice

import (
	"fmt"
	"math/big"
	"testing"
)

// statForms covers every STAT form of "Roll parameters": plain, above 20 (boost), "*"
// below and above 20, "!" (including the 0! bump and the ineffective !
// above 20), "*!" (crit only on a 1),
// and the template.
var statForms = []string{"0", "1", "5", "12", "20", "23", "30", "40", "12*", "25*", "12!", "0!", "25!", "5*!", "1*!", "25*!", "T"}

// mustPlayer parses one player's STAT and B through Parse.
func mustPlayer(t testing.TB, stat string, burst int) Player {
	t.Helper()
	args := []string{stat, fmt.Sprint(burst), "1", "10", "NONE", "0", "1", "-", "0", "NONE"}
	cfg, err := Parse(args, true)
	if err != nil {
		t.Fatalf("parse %q: %v", stat, err)
	}
	return cfg.P1
}

// face is one die face judged as the package doc's "Roll parameters" table says.
type face struct {
	hit, crit bool
	value     int
}

// judge is the package doc's "Roll parameters" judging of face r (1..20), written from the table
// and independent of package dice: the reference the mapping is checked
// against.
func (p *Player) judge(r int) face {
	if p.Template {
		return face{hit: true, value: 1}
	}
	v := r + p.Boost
	f := face{value: v, hit: v <= p.Stat}
	f.crit = f.hit && (v >= p.Crit || (p.CritOnOne && v == 1))
	return f
}

// bruteHits enumerates all 20^(B1+B2) ordered outcomes and resolves each one
// literally as "Face to Face" says: each side's best (CRIT, HIT(v) or MISS), then every
// die against the opponent's best. Tables are [h][c] counts.
func bruteHits(p1, p2 Player) (a, b [][]int64, none int64) {
	type best struct {
		crit, hit bool
		v         int
	}
	var j1, j2 [faces]face
	for r := range faces {
		j1[r], j2[r] = p1.judge(r+1), p2.judge(r+1)
	}
	bestOf := func(js *[faces]face, fs []int) best {
		var bb best
		for _, r := range fs {
			switch f := js[r]; {
			case f.crit:
				bb.crit, bb.hit = true, true
			case f.hit:
				bb.hit = true
				bb.v = max(bb.v, f.value)
			}
		}
		return bb
	}
	score := func(p, o *Player, js *[faces]face, fs []int, ob best) (h, c int) {
		for _, r := range fs {
			switch f := js[r]; {
			case !f.hit:
			case f.crit:
				if !ob.crit {
					c++
				}
			case p.Template:
				if !ob.hit {
					h++
				}
			case o.Template:
				h++
			case !ob.hit || (!ob.crit && ob.v < f.value):
				h++
			}
		}
		return h, c
	}
	table := func(b int) [][]int64 {
		t := make([][]int64, b+1)
		for i := range t {
			t[i] = make([]int64, b+1)
		}
		return t
	}
	a, b = table(p1.Burst), table(p2.Burst)
	n := p1.Burst + p2.Burst
	dice := make([]int, n) // faces 0..19 stand for 1..20
	for {
		f1, f2 := dice[:p1.Burst], dice[p1.Burst:]
		b1, b2 := bestOf(&j1, f1), bestOf(&j2, f2)
		h1, c1 := score(&p1, &p2, &j1, f1, b2)
		h2, c2 := score(&p2, &p1, &j2, f2, b1)
		switch {
		case h1+c1 > 0 && h2+c2 > 0:
			panic("both players scored")
		case h1+c1 > 0:
			a[h1][c1]++
		case h2+c2 > 0:
			b[h2][c2]++
		default:
			none++
		}
		i := 0
		for i < n && dice[i] == faces-1 {
			dice[i] = 0
			i++
		}
		if i == n {
			return a, b, none
		}
		dice[i]++
	}
}

// TestHitsBruteForce checks the hit table ("Face to Face") against a literal
// enumeration, for every pair of STAT forms ("Roll parameters") at small bursts.
func TestHitsBruteForce(t *testing.T) {
	bursts := [][2]int{{1, 1}, {2, 1}, {1, 2}}
	for _, s1 := range statForms {
		for _, s2 := range statForms {
			if s1 == "T" && s2 == "T" {
				continue
			}
			for _, bb := range bursts {
				checkHits(t, mustPlayer(t, s1, bb[0]), mustPlayer(t, s2, bb[1]), s1, s2)
			}
		}
	}
	for _, pair := range [][2]string{{"12", "12"}, {"5*!", "12"}, {"23", "T"}, {"25*!", "30"}, {"12!", "0!"}} {
		checkHits(t, mustPlayer(t, pair[0], 2), mustPlayer(t, pair[1], 2), pair[0], pair[1])
	}
}

func checkHits(t *testing.T, p1, p2 Player, s1, s2 string) {
	t.Helper()
	cfg := Config{P1: p1, P2: p2}
	hc, err := hitCounts(&cfg)
	if err != nil {
		t.Fatalf("%s B%d v %s B%d: %v", s1, p1.Burst, s2, p2.Burst, err)
	}
	a, b, none := bruteHits(p1, p2)
	name := fmt.Sprintf("%s B%d v %s B%d", s1, p1.Burst, s2, p2.Burst)
	compareTable(t, name+" P1", hc.A, a)
	compareTable(t, name+" P2", hc.B, b)
	if hc.NoHits.Cmp(big.NewInt(none)) != 0 {
		t.Errorf("%s: no hits %v, brute force %d", name, hc.NoHits, none)
	}
}

func compareTable(t *testing.T, name string, got [][]*big.Int, want [][]int64) {
	t.Helper()
	for h, row := range got {
		for c, n := range row {
			w := want[h][c]
			if (n == nil && w != 0) || (n != nil && n.Cmp(big.NewInt(w)) != 0) {
				t.Errorf("%s: [%d][%d] = %v, brute force %d", name, h, c, n, w)
			}
		}
	}
}

// TestSideMapping checks that Player.side judges every face of every STAT
// form exactly as the package doc's "Roll parameters" table does: hit, crit, and the value the
// opponent compares with.
func TestSideMapping(t *testing.T) {
	for _, st := range statForms {
		p := mustPlayer(t, st, 1)
		s := p.side()
		for r := 1; r <= faces; r++ {
			d, err := s.Judge(r)
			f := p.judge(r)
			if err != nil || d.Success != f.hit || d.Critical != f.crit || (f.hit && !s.Template && d.Result != f.value) {
				t.Errorf("%s face %d: dice %+v, spec %+v", st, r, d, f)
			}
		}
	}
}
