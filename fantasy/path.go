package fantasy

import (
	"math"
	"slices"

	"github.com/ordo-rules/ordo/geom"
)

// Path checks: a unit moving on the ground may not pass through another
// unit, friend or foe (Moving through units). The area a unit's block
// sweeps is covered by convex pieces — the hull of its footprint before
// and after a straight leg, and of each pair of footprints a few degrees
// apart along a wheel — and each piece is tested against every other
// unit's footprint by separating axes. Impassable terrain, when the table
// has some, is one more obstacle for the same pieces.

// ruleThrough is the rule a blocked path cites.
const ruleThrough = "Moving through units"

// wheelStep is the largest turn between the footprints whose hull covers
// part of a wheel: the arc bulges past the chord by at most
// radius·(1 − cos(step/2)), under 0.004" per inch of unit width at 10°.
const wheelStep = 10.0

// passTol is how far a piece may overlap a unit before it counts as
// passing through it: units that start or end in base contact touch, they
// do not pass through each other.
const passTol = 0.01

// step moves a unit one leg (a wheel pivots on the front corner on the
// side it turns to) and returns the allowance the leg costs: a wheel the
// outside model's travel, backwards double.
func (c *Unit) step(l Leg) float64 {
	switch {
	case l.Forward > 0:
		c.At = c.At.Add(c.forward().Scale(l.Forward))
		return l.Forward
	case l.Backward > 0:
		c.At = c.At.Add(c.forward().Scale(-l.Backward))
		return 2 * l.Backward
	case l.Wheel != 0:
		w := float64(c.Files) * c.Base[0]
		side := -1.0 // a left wheel pivots on the left front corner
		if l.Wheel < 0 {
			side = 1
		}
		pivot := c.At.Add(c.right().Scale(side * w / 2))
		ang := l.Wheel * math.Pi / 180
		c.At = pivot.Add(c.At.Sub(pivot).Rotate(ang))
		c.Facing = math.Mod(c.Facing+l.Wheel, 360)
		return math.Abs(ang) * w
	}
	return 0
}

// sweep calls f with convex pieces that together cover the ground u's
// block passes over along legs (legs already validated), stopping when f
// returns false.
func (u *Unit) sweep(legs []Leg, f func(piece []geom.Point) bool) {
	c := *u // only At and Facing change: the slices are shared, never written
	var buf [8]geom.Point
	var hb [16]geom.Point
	for _, l := range legs {
		n := 1
		if l.Wheel != 0 {
			n = int(math.Ceil(math.Abs(l.Wheel) / wheelStep))
		}
		part := l
		part.Wheel = l.Wheel / float64(n)
		for range n {
			before := c.footprint()
			c.step(part)
			after := c.footprint()
			pts := append(append(buf[:0], before[:]...), after[:]...)
			if !f(hullInto(hb[:0], pts)) {
				return
			}
		}
	}
}

// through is the first unit (in the state's order) that u's block passes
// through along legs, skipping the units skip names; "" when the way is
// clear.
func (s *State) through(u *Unit, legs []Leg, skip ...string) string {
	// The other units' footprints and boxes are worked out once for the
	// whole sweep, not once for each of its pieces.
	type obstacle struct {
		id     string
		fp     rect
		lo, hi geom.Point
	}
	var buf [16]obstacle
	obs := buf[:0]
	for _, e := range s.Units {
		if e.ID == u.ID || slices.Contains(skip, e.ID) {
			continue
		}
		fp := e.footprint()
		lo, hi := bounds(fp[:])
		obs = append(obs, obstacle{e.ID, fp, lo, hi})
	}
	if len(obs) == 0 {
		return ""
	}
	hit := ""
	u.sweep(legs, func(piece []geom.Point) bool {
		lo, hi := bounds(piece)
		for i := range obs {
			o := &obs[i]
			if o.lo.X > hi.X || o.lo.Y > hi.Y || o.hi.X < lo.X || o.hi.Y < lo.Y {
				continue // their boxes are apart: so are they
			}
			if overlaps(piece, o.fp[:], passTol) {
				hit = o.id
				return false
			}
		}
		return true
	})
	return hit
}

// bounds is the box around pts.
func bounds(pts []geom.Point) (lo, hi geom.Point) {
	lo, hi = pts[0], pts[0]
	for _, p := range pts[1:] {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	return lo, hi
}

// hull is the convex hull of pts, counter-clockwise (Andrew's monotone
// chain); pts is reordered.
func hull(pts []geom.Point) []geom.Point { return hullInto(make([]geom.Point, 0, 2*len(pts)), pts) }

// hullInto is hull built in dst's storage (sweeps call it for every
// piece: no allocation when dst has room for twice the points).
func hullInto(out, pts []geom.Point) []geom.Point {
	slices.SortFunc(pts, func(a, b geom.Point) int {
		switch {
		case a.X < b.X || (a.X == b.X && a.Y < b.Y):
			return -1
		case a.X == b.X && a.Y == b.Y:
			return 0
		}
		return 1
	})
	for pass := range 2 {
		start := len(out)
		for i := range pts {
			p := pts[i]
			if pass == 1 {
				p = pts[len(pts)-1-i]
			}
			for len(out) >= start+2 && out[len(out)-1].Sub(out[len(out)-2]).Cross(p.Sub(out[len(out)-2])) <= 1e-12 {
				out = out[:len(out)-1]
			}
			out = append(out, p)
		}
		out = out[:len(out)-1] // the last point starts the other chain
	}
	return out
}

// overlaps reports whether two convex polygons overlap by more than tol
// along every axis their edges give (separating axes): polygons that
// only touch, or overlap by less than tol, do not.
func overlaps(a, b []geom.Point, tol float64) bool {
	return !separates(a, a, b, tol) && !separates(b, a, b, tol)
}

// separates reports whether an edge normal of p keeps a and b apart, or
// overlapping by no more than tol.
func separates(p, a, b []geom.Point, tol float64) bool {
	for i := range p {
		e := p[(i+1)%len(p)].Sub(p[i])
		l := e.Len()
		if l < 1e-12 {
			continue
		}
		n := e.Perp().Scale(1 / l)
		alo, ahi := extent(a, n)
		blo, bhi := extent(b, n)
		if min(ahi, bhi)-max(alo, blo) <= tol {
			return true
		}
	}
	return false
}

func extent(p []geom.Point, n geom.Vec) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, q := range p {
		d := q.X*n.X + q.Y*n.Y
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// slideThrough is the first unit (skipping those skip names) u's block
// passes through sliding by v without turning, or else the first piece of
// impassable terrain it crosses; both "" when the way is clear.
func (s *State) slideThrough(u *Unit, v geom.Vec, skip ...string) (unit, terrain string) {
	fp := u.footprint()
	var buf [8]geom.Point
	pts := append(buf[:0], fp[:]...)
	for _, p := range fp {
		pts = append(pts, p.Add(v))
	}
	piece := hull(pts)
	for _, e := range s.Units {
		if e.ID == u.ID || slices.Contains(skip, e.ID) {
			continue
		}
		efp := e.footprint()
		if overlaps(piece, efp[:], passTol) {
			return e.ID, ""
		}
	}
	if s.hasImpassable() {
		return "", s.impassableUnder(piece)
	}
	return "", ""
}
