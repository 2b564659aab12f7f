package infdice

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// The save model ("Saving rolls") is checked against two independent references:
// refPerSave follows upstream's sequential process one saving roll at a
// time, branching on pass or fail with its probability (exponential, so only
// for small caps), and refRounds follows the continuous ammo pseudocode round by round
// over the full state (category, pending, s, depth, mask), with no excess or
// geometric-chain shortcut (fine at the real cap of 24 for small n).

// final records one outcome: min(s, cap) successes with the local mask.
func (m *saveModel) final(out []float64, s, mask int, pr float64) {
	out[min(s, m.cap)*m.masks+mask] += pr
}

// refPerSave is the model by exhaustive recursion over single saving rolls.
func refPerSave(m *saveModel, n, c int) []float64 {
	out := make([]float64, (m.cap+1)*m.masks)
	N := len(m.cats)
	// rolls rolls `left` saves of category cat, one by one, then calls next
	// with the number failed.
	var rolls func(cat saveCat, left, failed int, pr float64, next func(f int, pr float64))
	rolls = func(cat saveCat, left, failed int, pr float64, next func(f int, pr float64)) {
		if left == 0 {
			next(failed, pr)
			return
		}
		if q := pr * (1 - cat.p); q != 0 {
			rolls(cat, left-1, failed, q, next)
		}
		if q := pr * cat.p; q != 0 {
			rolls(cat, left-1, failed+1, q, next)
		}
	}
	tag := func(mask, f, bit int) int {
		if f > 0 {
			return mask | bit
		}
		return mask
	}
	bonus := func(s, mask int, pr float64) {
		if m.ammo == AmmoNone {
			m.final(out, s, mask, pr)
			return
		}
		rolls(m.cats[0], c, 0, pr, func(f int, pr float64) {
			m.final(out, s+f, tag(mask, f, m.cats[0].bit), pr)
		})
	}
	switch m.ammo {
	case AmmoNone:
		bonus(n, 0, 1)
	case AmmoNormal:
		var cat func(k, s, mask int, pr float64)
		cat = func(k, s, mask int, pr float64) {
			if k == N {
				bonus(s, mask, pr)
				return
			}
			rolls(m.cats[k], n, 0, pr, func(f int, pr float64) {
				cat(k+1, s+f, tag(mask, f, m.cats[k].bit), pr)
			})
		}
		cat(0, 0, 0, 1)
	case AmmoContinuous:
		var round func(k, pending, s, depth, mask int, pr float64)
		round = func(k, pending, s, depth, mask int, pr float64) {
			if k == N {
				bonus(s, mask, pr)
				return
			}
			if pending == 0 || depth == 0 || s >= m.cap {
				round(k+1, n, s, depth, mask, pr)
				return
			}
			rolls(m.cats[k], pending, 0, pr, func(f int, pr float64) {
				round(k, f, s+f, depth-1, tag(mask, f, m.cats[k].bit), pr)
			})
		}
		round(0, n, 0, m.cap, 0, 1)
	}
	return out
}

// refRounds is the continuous process of continuous ammo run forward over full states,
// one round at a time, with binomial rounds as in upstream.
func refRounds(m *saveModel, n, c int) []float64 {
	type state struct{ k, pending, s, depth, mask int }
	N, S := len(m.cats), m.cap
	cur := map[state]float64{{0, n, 0, S, 0}: 1}
	before := make([]float64, (S+1)*m.masks) // before the crit bonus
	for len(cur) > 0 {
		next := map[state]float64{}
		for st, pr := range cur {
			switch {
			case st.k == N:
				m.final(before, st.s, st.mask, pr)
			case st.pending == 0 || st.depth == 0 || st.s >= S:
				next[state{st.k + 1, n, st.s, st.depth, st.mask}] += pr
			default:
				cat := m.cats[st.k]
				for f, pf := range binomialRows(st.pending, cat.p)[st.pending] {
					if q := pr * pf; q != 0 {
						mask := st.mask
						if f > 0 {
							mask |= cat.bit
						}
						next[state{st.k, f, st.s + f, st.depth - 1, mask}] += q
					}
				}
			}
		}
		cur = next
	}
	for range c {
		before = m.critBonus(before)
	}
	return before
}

// modelDist is what the model under test gives for (h, c) = (n-c, c).
func modelDist(m *saveModel, n, c int) []float64 {
	d := m.base(n)
	for range c {
		d = m.critBonus(d)
	}
	return d
}

// compareDists requires equal zero patterns (the report prints a line iff
// a value is non-zero) and values within 1e-12.
func compareDists(t *testing.T, name string, m *saveModel, got, want []float64) {
	t.Helper()
	for i := range want {
		g, w := got[i], want[i]
		if (g == 0) != (w == 0) || math.Abs(g-w) > 1e-12 {
			t.Errorf("%s: s=%d mask=%d: model %.17g, reference %.17g", name, i/m.masks, i%m.masks, g, w)
		}
	}
	sum := 0.0
	for _, g := range got {
		sum += g
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("%s: total %.17g", name, sum)
	}
}

// randomPlayer draws a player's ammo and saves: DAM 0, 20 and values in
// between, tags shared or distinct.
func randomPlayer(r *rand.Rand, ammo Ammo) Player {
	p := Player{Ammo: ammo, Saves: make([]Save, 1+r.IntN(3))}
	if ammo == AmmoNone {
		p.Saves = p.Saves[:1]
	}
	tags := []string{"NONE", "SHOCK", "EM", "NONE", "E"}
	for k := range p.Saves {
		dam := r.IntN(21)
		switch r.IntN(5) {
		case 0:
			dam = 0
		case 1:
			dam = 20
		}
		p.Saves[k] = Save{Dam: dam, Tag: tags[r.IntN(len(tags))]}
	}
	return p
}

func describe(p Player, n, c, S int) string {
	return fmt.Sprintf("%v %v n=%d c=%d cap=%d", p.Ammo, p.Saves, n, c, S)
}

// TestSavesPerSave compares the model with the per-save recursion on random
// small cases, every ammo kind, caps small enough for the cap and the depth
// budget to bind often (all of "Saving rolls").
func TestSavesPerSave(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 1500 {
		p := randomPlayer(r, Ammo(r.IntN(3)))
		S := 1 + r.IntN(8)
		n := r.IntN(4)
		c := r.IntN(n + 1)
		m := newSaveModel(&p, S)
		compareDists(t, describe(p, n, c, S), m, modelDist(m, n, c), refPerSave(m, n, c))
	}
}

// TestSavesRounds compares the continuous model with the round-by-round
// reference at upstream's cap of 24, bursts up to 6 ("Saving rolls": continuous ammo).
func TestSavesRounds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 300 {
		p := randomPlayer(r, AmmoContinuous)
		n := 1 + r.IntN(6)
		if i%3 == 0 {
			n = 1 + r.IntN(2)
		}
		c := r.IntN(n + 1)
		m := newSaveModel(&p, successMax)
		compareDists(t, describe(p, n, c, successMax), m, modelDist(m, n, c), refRounds(m, n, c))
	}
}

// TestSavesQuirks pins the worked examples of continuous ammo exactly.
func TestSavesQuirks(t *testing.T) {
	cont := func(saves ...Save) *saveModel {
		return newSaveModel(&Player{Ammo: AmmoContinuous, Saves: saves}, successMax)
	}
	at := func(m *saveModel, d []float64, s, mask int) float64 { return d[s*m.masks+mask] }

	// A DAM 20 save in a later category stops below the cap: the budget is
	// shared and category 0 spent a round.
	for _, tc := range []struct {
		saves []Save
		want  int
	}{
		{[]Save{{0, "NONE"}, {20, "NONE"}}, 23},
		{[]Save{{0, "NONE"}, {0, "NONE"}, {20, "NONE"}}, 22},
		{[]Save{{20, "NONE"}}, 24},
	} {
		m := cont(tc.saves...)
		if got := at(m, m.base(1), tc.want, 0); got != 1 {
			t.Errorf("%v: P(%d) = %v, want 1", tc.saves, tc.want, got)
		}
	}

	// Geometric law: P(s) = 0.6^s·0.4 below the cap, 0.6^24 at it.
	m := cont(Save{12, "NONE"})
	d := m.base(1)
	for s := 0; s <= successMax; s++ {
		want := math.Pow(0.6, float64(s)) * 0.4
		if s == successMax {
			want = math.Pow(0.6, successMax)
		}
		if got := at(m, d, s, 0); math.Abs(got-want) > 1e-15 {
			t.Errorf("geometric: P(%d) = %v, want %v", s, got, want)
		}
	}

	// Save 0 alone reaches the cap, so the later SHOCK save is never rolled.
	m = cont(Save{20, "NONE"}, Save{20, "SHOCK"})
	d = m.base(1)
	if at(m, d, successMax, 0) != 1 || at(m, d, successMax, 1) != 0 {
		t.Errorf("skipped SHOCK: got %v", d[successMax*m.masks:])
	}

	// The crit bonus is rolled after the budget ran out: a crit with
	// "10 SHOCK 20 NONE" stops at 23 (budget), then the bonus may fail.
	m = cont(Save{10, "SHOCK"}, Save{20, "NONE"})
	d = modelDist(m, 1, 1)
	h24 := math.Pow(0.5, 24)
	want := map[[2]int]float64{
		{23, 0}: 0.5 * 0.5,         // save 0 passes at once, bonus passes
		{23, 1}: 0.5 * (0.5 - h24), // save 0 fails 1..23 times, bonus passes
		{24, 1}: 0.5 + 0.5*h24,     // bonus fails, or save 0 fails 24 times
		{24, 0}: 0,
	}
	for k, w := range want {
		if got := at(m, d, k[0], k[1]); math.Abs(got-w) > 1e-15 {
			t.Errorf("bonus after budget: P(%d, mask %d) = %v, want %v", k[0], k[1], got, w)
		}
	}
}
