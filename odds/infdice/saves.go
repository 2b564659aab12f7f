package infdice

import "math"

// saveCat is one saving-roll category as the model sees it.
type saveCat struct {
	p   float64 // DAM/20: the chance that one roll fails
	bit int     // the category's tag as a local mask bit; 0 for NONE
}

// saveModel is upstream's model of one player's saving rolls ("Saving rolls"), quirks
// included, computed exactly. Distributions are flat slices indexed
// s*masks + mask for s = 0..cap (cap meaning "cap or more"), with masks over
// the player's own distinct tags (at most 3, so at most 8 masks instead of
// upstream's 32); global maps a local mask back to upstream's bits.
type saveModel struct {
	ammo   Ammo
	cats   []saveCat
	cap    int
	masks  int
	global []uint8
}

// newSaveModel builds the model of p's saves with success cap S (which is
// also the continuous depth budget).
func newSaveModel(p *Player, S int) *saveModel {
	m := &saveModel{ammo: p.Ammo, cap: S, masks: 1, global: []uint8{0}}
	if p.Ammo == AmmoNone {
		return m // "-" never rolls a save nor carries a tag ("Saving rolls": no ammo)
	}
	var local []uint8 // upstream mask of each local bit
	for _, s := range p.Saves {
		g, _ := tagMask(s.Tag)
		bit := 0
		if g != 0 {
			i := 0
			for i < len(local) && local[i] != g {
				i++
			}
			if i == len(local) {
				local = append(local, g)
			}
			bit = 1 << i
		}
		m.cats = append(m.cats, saveCat{p: float64(s.Dam) / faces, bit: bit})
	}
	m.masks = 1 << len(local)
	m.global = make([]uint8, m.masks)
	for lm := range m.global {
		for i, g := range local {
			if lm&(1<<i) != 0 {
				m.global[lm] |= g
			}
		}
	}
	return m
}

// newDist is the point mass at 0 successes, no tag.
func (m *saveModel) newDist() []float64 {
	d := make([]float64, (m.cap+1)*m.masks)
	d[0] = 1
	return d
}

// base is the distribution of successes before the crit bonus for a player
// with n = h+c uncancelled hits and crits: every one of them forces one save
// in each category.
func (m *saveModel) base(n int) []float64 {
	switch {
	case n == 0:
		return m.newDist()
	case m.ammo == AmmoNone:
		d := make([]float64, (m.cap+1)*m.masks)
		d[min(n, m.cap)*m.masks] = 1
		return d
	case m.ammo == AmmoContinuous:
		return m.continuous(n)
	}
	// Normal ammo: Bin(n, DAM[k]/20) failures per category, all independent
	// ("Saving rolls": normal ammo), built one roll at a time; at most 3n, within the cap.
	d := m.newDist()
	for _, c := range m.cats {
		for range n {
			d = m.bernoulli(d, c)
		}
	}
	return d
}

// critBonus adds one crit's extra save: one roll at DAM[0]/TAG[0], never
// continuous, rolled even after the cap or the depth budget stopped the
// continuous categories, and the total clamped to the cap ("Saving rolls": normal and continuous ammo).
// Ammo "-" has none.
func (m *saveModel) critBonus(d []float64) []float64 {
	if m.ammo == AmmoNone {
		return d
	}
	return m.bernoulli(d, m.cats[0])
}

// bernoulli adds one independent roll of category c: it fails with
// probability c.p, adding one success (clamped to the cap) and the tag.
func (m *saveModel) bernoulli(d []float64, c saveCat) []float64 {
	S, M := m.cap, m.masks
	out := make([]float64, len(d))
	q := 1 - c.p
	for s := 0; s <= S; s++ {
		up := min(s+1, S) * M
		for mask := range M {
			x := d[s*M+mask]
			if x == 0 {
				continue
			}
			out[s*M+mask] += x * q
			out[up+(mask|c.bit)] += x * c.p
		}
	}
	return out
}

// continuous is the exact distribution of upstream's continuous process
// ("Saving rolls": continuous ammo) for n = h+c hits, before the crit bonus. Upstream runs, for each
// category k in turn,
//
//	pending = n
//	while pending > 0 && depth > 0 && s < S:
//	    f = failures among `pending` rolls; s += f; tag it if f > 0
//	    depth--; pending = f
//
// with one depth budget (S rounds) shared by all categories. It enumerates
// that tree; here it is a dynamic program, exact and polynomial.
//
// The depth budget is the expensive part to track, and it rarely matters.
// Every round either fails at least one save or is the zero-failure round
// that ends a category, so after k finished categories
//
//	rounds = (s - u) + k,  depth = S - s + u - k
//
// where u, the excess, sums f-1 over the rounds that failed. Once u >= N
// (the number of categories) the budget can no longer run out before the cap
// is reached, in this or any later category. Such "free" states need no
// round-by-round care: n pending saves at probability p fail
// NegBin(n, p) times in total, a sum of n independent geometric chains, and
// the cap only clamps the total. They are carried as plain (s, mask)
// distributions and chained one geometric at a time. The remaining "tight"
// states have u < N <= 3, so, past a category's first round, at most N
// pending saves: they are stepped round by round as (s, u, pending, mask) in
// increasing s. Every probability is a sum of products of DAM/20 and
// 1-DAM/20 terms, never a difference, so what upstream finds impossible
// stays exactly 0 and every possible outcome stays positive, as the report's
// line rules need.
func (m *saveModel) continuous(n int) []float64 {
	S, M, N := m.cap, m.masks, len(m.cats)
	P := N + 1                       // pending saves of a tight state after its first round: 1..N
	done := make([]float64, (S+1)*M) // stopped by the cap or the budget: later categories skipped
	tight := make([]float64, S*N*M)  // tight states at a category's start: [s][u][mask]
	tight[0] = 1
	var free []float64 // free states at a category's start: [s][mask], s < S
	for k, c := range m.cats {
		pmf := binomialRows(max(n, N), c.p)
		next := make([]float64, S*N*M)  // tight states that ended the category
		mid := make([]float64, S*N*P*M) // tight states within it: [s][u][pending][mask]
		chains := make([][]float64, n+1)
		chain := func(f int) []float64 { // free states with f geometric chains left
			if chains[f] == nil {
				chains[f] = make([]float64, S*M)
			}
			return chains[f]
		}
		roll := func(s, u, pending, mask int, x float64) {
			if S-s+u-k <= 0 {
				// Depth budget spent: pending re-rolls are dropped as if
				// passed, and later categories are skipped.
				done[s*M+mask] += x
				return
			}
			for f, pf := range pmf[pending][:pending+1] {
				q := x * pf
				if q == 0 {
					continue
				}
				if f == 0 {
					next[(s*N+u)*M+mask] += q
					continue
				}
				s2, u2, m2 := s+f, u+f-1, mask|c.bit
				switch {
				case s2 >= S:
					done[S*M+m2] += q
				case u2 >= N:
					chain(f)[s2*M+m2] += q
				default:
					mid[((s2*N+u2)*P+f)*M+m2] += q
				}
			}
		}
		// Every roll that fails anything moves to a larger s, so one sweep
		// in increasing s settles each state before it is rolled.
		for s := range S {
			for u := range N {
				for mask := range M {
					if x := tight[(s*N+u)*M+mask]; x != 0 {
						roll(s, u, n, mask, x)
					}
					for f := 1; f < P; f++ {
						if x := mid[((s*N+u)*P+f)*M+mask]; x != 0 {
							roll(s, u, f, mask, x)
						}
					}
				}
			}
		}
		if free != nil {
			into := chain(n)
			for i, x := range free {
				into[i] += x
			}
		}
		for f := n; f >= 1; f-- {
			if chains[f] != nil {
				m.geometric(chains[f], c, chain(f-1), done)
			}
		}
		free, tight = chains[0], next
	}
	out := done
	for s := range S {
		for u := range N {
			for mask := range M {
				out[s*M+mask] += tight[(s*N+u)*M+mask]
			}
		}
	}
	for i, x := range free {
		out[i] += x
	}
	return out
}

// geometric adds to into (s < cap) and done (at the cap) the result of one
// continuous chain on every state of a: a save re-rolled until it passes
// fails j times with probability p^j·(1-p); any failure adds c's tag.
//
//	zero[x] = (1-p)·a[x]
//	pos[x]  = Σ_{j>=1} a[x-j]·p^j·(1-p) = p·((1-p)·a[x-1] + pos[x-1])
//	capped  = Σ_x a[x]·p^(cap-x)   (the chain reaches the cap)
func (m *saveModel) geometric(a []float64, c saveCat, into, done []float64) {
	S, M := m.cap, m.masks
	p, q := c.p, 1-c.p
	for mask := range M {
		m2 := mask | c.bit
		var pos, capped float64
		for x := range S {
			if x > 0 {
				pos = p * (q*a[(x-1)*M+mask] + pos)
			}
			ax := a[x*M+mask]
			into[x*M+mask] += q * ax
			into[x*M+m2] += pos
			capped = (capped + ax) * p
		}
		done[S*M+m2] += capped
	}
}

// binomialRows returns pmf[n][f] = C(n,f)·p^f·(1-p)^(n-f) for n = 0..max,
// computed as upstream's success_prob does (with 0^0 = 1, so DAM 0 and
// DAM 20 give exact zeros).
func binomialRows(maxN int, p float64) [][]float64 {
	rows := make([][]float64, maxN+1)
	choose := []float64{1}
	for n := range rows {
		if n > 0 {
			next := make([]float64, n+1)
			next[0], next[n] = 1, 1
			for f := 1; f < n; f++ {
				next[f] = choose[f-1] + choose[f]
			}
			choose = next
		}
		rows[n] = make([]float64, n+1)
		for f := range rows[n] {
			rows[n][f] = choose[f] * math.Pow(p, float64(f)) * math.Pow(1-p, float64(n-f))
		}
	}
	return rows
}
