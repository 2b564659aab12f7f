package odds

import (
	"errors"
	"fmt"

	"github.com/ordo-rules/ordo/dice"
)

// SaveRoll is one category of Saving Roll that each surviving hit forces on
// the target.
type SaveRoll struct {
	// Damage is the Attack Damage: the roll fails on a die at or below it
	// (Saving Rolls (N4)), so with probability clamp(Damage, 0, 20)/20.
	Damage int `json:"damage"`
	// Tag names what a failure of this roll carries besides a success
	// ("SHOCK", "EM", ...); empty for plain damage.
	Tag string `json:"tag,omitempty"`
}

// failP is the probability that one such roll fails: the faces package
// dice judges failed, over the faces of the die.
func (r SaveRoll) failP() float64 {
	failed := 0
	for f := 1; f <= dice.Faces; f++ {
		if dice.SaveFails(r.Damage, f) {
			failed++
		}
	}
	return float64(failed) / dice.Faces
}

// CritRule is the `criticals` ruling: what a Critical adds to its hit.
type CritRule string

// The two readings of the `criticals` ruling (docs/RULES.md (rulings)).
const (
	// CritExtraSave (n4-extra-save, the default): each Critical forces one
	// more roll of the first save category.
	CritExtraSave CritRule = "n4-extra-save"
	// CritAutoWound (n3-auto-wound): a Critical's first Saving Roll is failed
	// without rolling; the hit's other rolls are still made.
	CritAutoWound CritRule = "n3-auto-wound"
)

// critRules are the readings of the `criticals` ruling, the default first.
// This list is the only place that says which readings exist: Effect's
// validation and every caller that takes a ruling from a user (package
// terms) check against it through Resolve, so that a reading cannot be
// accepted by one and refused by the other.
var critRules = [...]CritRule{CritExtraSave, CritAutoWound}

// CritRules lists the readings of the `criticals` ruling, the default first,
// for messages and help texts that name them. It returns a copy, so that no
// caller can change what Resolve accepts.
func CritRules() []CritRule { return append([]CritRule(nil), critRules[:]...) }

// Resolve returns the reading r stands for, CritExtraSave when r is empty
// (the ruling's default), and false when r is no reading of the ruling.
// Readings match exactly, as docs/RULES.md (rulings) spells them.
func (r CritRule) Resolve() (CritRule, bool) {
	if r == "" {
		return critRules[0], true
	}
	for _, k := range critRules {
		if r == k {
			return r, true
		}
	}
	return "", false
}

// Effect is what each surviving success of a side does to its target.
type Effect struct {
	// Saves lists the Saving Rolls one hit forces, one of each (Normal
	// ammo 1, DA 2, EXP 3; ARM and BTS for combined rolls). With no saves
	// the hit itself is the success (Dodge, Reset, smoke: nothing to save).
	Saves []SaveRoll `json:"saves,omitempty"`
	// Continuous re-rolls every failed save, in the same category, until it
	// passes; each failure is one more success.
	Continuous bool `json:"continuous,omitempty"`
	// Crits is the `criticals` ruling; empty means CritExtraSave.
	Crits CritRule `json:"crits,omitempty"`
}

// MaxTags is the number of distinct tags one side's saves may carry.
const MaxTags = 8

// ErrEffect is returned for an Effect the calculator cannot take.
var ErrEffect = errors.New("invalid effect")

// tags lists the distinct non-empty tags, in order of first use.
func (e Effect) tags() []string {
	var ts []string
	for _, s := range e.Saves {
		if s.Tag != "" && tagBit(ts, s.Tag) == 0 {
			ts = append(ts, s.Tag)
		}
	}
	return ts
}

// tagBit is the mask bit of tag within tags, or 0 for no tag.
func tagBit(tags []string, tag string) int {
	for i, t := range tags {
		if t == tag {
			return 1 << i
		}
	}
	return 0
}

func (e Effect) validate() error {
	if _, ok := e.Crits.Resolve(); !ok {
		return fmt.Errorf("%w: unknown criticals ruling %q", ErrEffect, e.Crits)
	}
	if n := len(e.tags()); n > MaxTags {
		return fmt.Errorf("%w: %d distinct tags, at most %d", ErrEffect, n, MaxTags)
	}
	return nil
}

// Dist is a distribution over the number of successes a side inflicts (each
// a failed Saving Roll, or each hit when there are no saves) and the set of
// tags those failures carried. P[s][mask] is the probability of exactly s
// successes with exactly the tags in mask (bit i is Tags[i]). When Tail is
// set the last row holds "len(P)-1 or more". The whole table sums to 1.
type Dist struct {
	Tags []string    `json:"tags,omitempty"`
	P    [][]float64 `json:"p"`
	Tail bool        `json:"tail,omitempty"`
}

// Exactly is the probability of exactly s successes, any tags (for the tail
// row, s or more).
func (d Dist) Exactly(s int) float64 {
	if s < 0 || s >= len(d.P) {
		return 0
	}
	sum := 0.0
	for _, p := range d.P[s] {
		sum += p
	}
	return sum
}

// AtLeast is the probability of s or more successes.
func (d Dist) AtLeast(s int) float64 {
	sum := 0.0
	for i := max(s, 0); i < len(d.P); i++ {
		sum += d.Exactly(i)
	}
	return sum
}

// WithTag is the probability of exactly s successes (s or more on the tail
// row) with tag among the failures.
func (d Dist) WithTag(s int, tag string) float64 {
	bit := tagBit(d.Tags, tag)
	if bit == 0 || s < 0 || s >= len(d.P) {
		return 0
	}
	sum := 0.0
	for m, p := range d.P[s] {
		if m&bit != 0 {
			sum += p
		}
	}
	return sum
}

// Max is the largest row index.
func (d Dist) Max() int { return len(d.P) - 1 }

// grid is the working form of a Dist: rows 0..last of m masks each, stored
// flat, with hi the highest row that may hold mass, so that convolutions skip
// the empty rows above it.
type grid struct {
	m, last, hi int
	p           []float64
}

// arena hands out zeroed grids of one shape from one allocation: a call of
// Inflicted needs a few dozen small grids, and on the hot path allocating
// each one costs more than the arithmetic.
type arena struct {
	m, last int
	buf     []float64
}

func newArena(m, last, grids int) *arena {
	return &arena{m: m, last: last, buf: make([]float64, grids*(last+1)*m)}
}

// grid returns a zeroed grid, from the arena while it lasts.
func (a *arena) grid() grid {
	n := (a.last + 1) * a.m
	if len(a.buf) < n {
		a.buf = make([]float64, 8*n)
	}
	g := grid{m: a.m, last: a.last, p: a.buf[:n:n]}
	a.buf = a.buf[n:]
	return g
}

// delta is the grid holding everything at (row, mask).
func (a *arena) delta(row, mask int) grid {
	g := a.grid()
	row = min(row, a.last)
	g.p[row*a.m+mask] = 1
	g.hi = row
	return g
}

// convolve returns the distribution of the sum of two independent draws,
// with tag sets joined; sums past the last row land on it (the tail).
func (a *arena) convolve(x, y grid) grid {
	out := a.grid()
	out.hi = min(x.hi+y.hi, x.last)
	m := x.m
	for i := 0; i <= x.hi; i++ {
		rx := x.p[i*m : (i+1)*m]
		for mi, px := range rx {
			if px == 0 {
				continue
			}
			for j := 0; j <= y.hi; j++ {
				k := min(i+j, out.last) * m
				ry := y.p[j*m : (j+1)*m]
				if m == 1 {
					out.p[k] += px * ry[0]
					continue
				}
				for mj, py := range ry {
					out.p[k+(mi|mj)] += px * py
				}
			}
		}
	}
	return out
}

// addScaled adds k·y into x (same shape).
func (x *grid) addScaled(k float64, y grid) {
	n := (y.hi + 1) * y.m
	for i, v := range y.p[:n] {
		x.p[i] += k * v
	}
	x.hi = max(x.hi, y.hi)
}

// one is the distribution of a single roll of r, or of the chain of rolls a
// continuous r starts: k failures with probability p^k(1-p), and the tail
// past the last row.
func (a *arena) one(tags []string, r SaveRoll, continuous bool) grid {
	g := a.grid()
	m, last := a.m, a.last
	p := r.failP()
	bit := tagBit(tags, r.Tag)
	if !continuous {
		g.hi = min(1, last)
		g.p[0] = 1 - p
		g.p[g.hi*m+bit] += p
		return g
	}
	g.hi = last
	pk := 1.0 // p^k
	g.p[0] = 1 - p
	for k := 1; k < last; k++ {
		pk *= p
		g.p[k*m+bit] = pk * (1 - p)
	}
	if last > 0 {
		pk *= p
	}
	g.p[last*m+bit] += pk // every chain of at least `last` failures
	return g
}

// perHit returns the distributions of what one plain hit and one Critical
// inflict.
func (e Effect) perHit(tags []string, a *arena) (hit, crit grid) {
	if len(e.Saves) == 0 {
		// No saving roll: the hit is the success.
		hit = a.delta(1, 0)
		return hit, hit
	}
	hit = a.one(tags, e.Saves[0], e.Continuous)
	for _, s := range e.Saves[1:] {
		hit = a.convolve(hit, a.one(tags, s, e.Continuous))
	}
	switch e.Crits {
	case CritAutoWound:
		// The first roll is failed without rolling; the others are made.
		crit = a.delta(1, tagBit(tags, e.Saves[0].Tag))
		for _, s := range e.Saves[1:] {
			crit = a.convolve(crit, a.one(tags, s, e.Continuous))
		}
	default:
		// One more roll of the first category, with the same traits.
		crit = a.convolve(hit, a.one(tags, e.Saves[0], e.Continuous))
	}
	return hit, crit
}

// Inflicted folds the Saving Rolls into a side's HitTable: the distribution
// of the successes the side inflicts. tailAt, when positive, lumps "tailAt or
// more" into one row; it is needed for continuous damage, whose count has no
// bound, and is otherwise only applied when smaller than the exact maximum.
func Inflicted(t HitTable, e Effect, tailAt int) (Dist, error) {
	if err := e.validate(); err != nil {
		return Dist{}, err
	}
	b := len(t.P) - 1
	perHit := max(len(e.Saves), 1)
	last, tail := b*(perHit+1), false
	if e.Continuous && len(e.Saves) > 0 {
		if tailAt <= 0 {
			return Dist{}, fmt.Errorf("%w: continuous damage needs a tail row (tailAt > 0)", ErrEffect)
		}
		last, tail = tailAt, true
	} else if tailAt > 0 && tailAt < last {
		last, tail = tailAt, true
	}
	tags := e.tags()
	m := 1 << len(tags)
	a := newArena(m, last, 2*len(e.Saves)+4*b+8)
	hit, crit := e.perHit(tags, a)

	// Σ_{h,c} P(h,c)·hit^h⊗crit^c = Σ_c crit^c ⊗ (Σ_h P(h,c)·hit^h).
	hitPow := make([]grid, b+1)
	hitPow[0] = a.delta(0, 0)
	for h := 1; h <= b; h++ {
		hitPow[h] = a.convolve(hitPow[h-1], hit)
	}
	out := a.grid()
	critPow := hitPow[0]
	for c := 0; c <= b; c++ {
		if c > 0 {
			critPow = a.convolve(critPow, crit)
		}
		sum := a.grid()
		any := false
		for h := 0; h+c <= b; h++ {
			if p := t.P[h][c]; p != 0 {
				sum.addScaled(p, hitPow[h])
				any = true
			}
		}
		switch {
		case !any:
		case c == 0:
			out.addScaled(1, sum)
		default:
			out.addScaled(1, a.convolve(critPow, sum))
		}
	}
	return out.dist(tags, tail), nil
}

// dist turns the grid into a Dist; without a tail, rows above the highest
// one holding mass are dropped.
func (g grid) dist(tags []string, tail bool) Dist {
	rows := g.last + 1
	if !tail {
		rows = g.hi + 1
		for rows > 1 && rowZero(g.p[(rows-1)*g.m:rows*g.m]) {
			rows--
		}
	}
	d := Dist{Tags: tags, P: make([][]float64, rows), Tail: tail}
	for i := range d.P {
		d.P[i] = g.p[i*g.m : (i+1)*g.m : (i+1)*g.m]
	}
	return d
}

func rowZero(r []float64) bool {
	for _, p := range r {
		if p != 0 {
			return false
		}
	}
	return true
}
