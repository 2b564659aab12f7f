package geom

import "math"

// The exact search of LoF, run when no single obstacle seals the corridor
// (sightQuery.sealed) and no sample line is clear.
//
// A sight line runs from a point of one end region to a point of the
// other: the viewer's base, and the target's base (cut, for a 180° viewer,
// by the front half-plane). Every obstacle is an open set: the interior of
// a blocking terrain piece, or a blocking base less Eps. If some sight line
// is clear, then so is a line that touches two "features" at once, where a
// feature is something a sight line can be pressed against:
//
//   - an end region's outline: the viewer's base circle, the target's base
//     circle, the two corners where the arc's edge cuts the target's base;
//   - an obstacle's outline: a blocking base's circle, a convex corner of a
//     terrain piece (a line cannot rest on a concave one);
//   - a point where an obstacle's outline crosses an end region's outline
//     (a blocker overlapping a base), where a line's end can slide into the
//     obstacle.
//
// Why: take a clear line and slide it sideways until it touches a feature
// (it must, since it has to keep meeting both bases); then turn it about
// that feature, keeping the contact, until it touches a second one (it
// must: turned far enough it misses a base). It stays clear throughout.
// So the search tries every line tangent to two features, each on its
// non-blocking side, and cuts it to the part between the two end regions.
// Lines that cannot be the turning point of that argument are dropped
// before the obstacle test: a touched obstacle feature must lie on the part
// between the ends, and a terrain corner must have both its edges on one
// side of the line. Corners are dropped before any pairing when they lie
// outside the hull of the two bases or when no line resting on them meets
// both bases (canRest).

// Feature kinds.
const (
	featEnd    uint8 = iota // an end region's circle or corner
	featDisc                // a blocking base
	featVertex              // a convex corner of a blocking terrain piece
	featCut                 // an obstacle's outline crossing an end's outline
)

// feature is a circle of radius r (0 for a point) a sight line may touch.
type feature struct {
	c    Point
	r    float64
	kind uint8
	// featVertex: unit vectors from the corner along its two edges.
	in, out Vec
}

// gapTol is the slack, in inches, of the exact search's own constructions:
// a line within gapTol of tangent to an end circle meets it, and a touched
// feature within gapTol of the part between the ends lies on it. It is far
// below Eps, so the final obstacle test (with Eps) decides.
const gapTol = 1e-9

// exactSearch holds the two end regions and the features of one LoF
// question.
type exactSearch struct {
	// The end regions: discs e0 and e1. When front is set, the line's end
	// in e1 must also satisfy (x − o)·f ≥ −Eps/2: the viewer's closed front
	// half-plane, half its tolerance inside so that the ends found pass
	// inFront with room to spare.
	c0, c1 Point
	r0, r1 float64
	front  bool
	o      Point
	f      Vec
	// swapped: e0 is the target and e1 the viewer (Full360 only, to ask
	// the question the same way round whichever model asks it).
	swapped bool
	// The hull of the two discs: unit axis u from c0 to c1, distance d,
	// the outer normals of the two external tangents, and sin α.
	u, np, nm Vec
	d, sin    float64
	corners   [2]Point
	nCorners  int

	// The features: the first len(buf) in buf (no allocation in the
	// common case), the rest in more.
	nFeats int
	buf    [40]feature
	more   []feature

	witness Segment // the clear line found, from the viewer's end
}

// exact reports whether any sight line from the viewer's base to the
// target's in-arc part avoids every culled obstacle (see LoF), leaving the
// line in q.witness. The bases are not in contact.
func (q *sightQuery) exact(target Circle) bool {
	var x exactSearch
	v := q.viewer
	x.c0, x.r0, x.c1, x.r1 = v.Base.Center, v.Base.Radius, target.Center, target.Radius
	if v.Arc == Front180 {
		x.o, x.f = v.Base.Center, q.facing
		g := target.Center.Sub(x.o).Dot(x.f) + Eps/2
		switch {
		case g < -target.Radius:
			return false // no part of the target in arc
		case g < target.Radius:
			x.front = true
			foot := target.Center.Add(x.f.Scale(-g))
			h := math.Sqrt(max(0, target.Radius*target.Radius-g*g))
			side := x.f.Perp().Scale(h)
			x.corners = [2]Point{foot.Add(side), foot.Add(side.Neg())}
			x.nCorners = 2
		}
	} else if less(target, v.Base) {
		x.swapped = true
		x.c0, x.r0, x.c1, x.r1 = x.c1, x.r1, x.c0, x.r0
	}
	x.hull()
	x.gather(q)
	if !x.search(q) {
		return false
	}
	if x.swapped {
		x.witness = Segment{x.witness.B, x.witness.A}
	}
	q.witness = x.witness
	return true
}

// less orders two bases by centre, then radius: the canonical way round.
func less(a, b Circle) bool {
	switch {
	case a.Center.X != b.Center.X:
		return a.Center.X < b.Center.X
	case a.Center.Y != b.Center.Y:
		return a.Center.Y < b.Center.Y
	}
	return a.Radius < b.Radius
}

// hull sets up the convex hull of the two end discs, which holds every
// sight line (see inHull).
func (x *exactSearch) hull() {
	d := x.c1.Sub(x.c0)
	x.d = d.Len()
	x.u = d.Scale(1 / x.d) // the bases are apart: d > r0 + r1 > 0
	n := x.u.Perp()
	x.sin = max(-1, min(1, (x.r0-x.r1)/x.d))
	cos := math.Sqrt(1 - x.sin*x.sin)
	x.np = x.u.Scale(x.sin).Add(n.Scale(cos))
	x.nm = x.u.Scale(x.sin).Sub(n.Scale(cos))
}

// sealed reports whether a single obstacle blocks every sight line to a
// target wholly in arc: a blocking base, or a terrain piece, that crosses
// both external common tangents of the two bases (the sides of their hull,
// sample lines 0 and last) at points more than Eps deep in it, and meets
// neither base. For a piece, "deep" is more than Eps inside every edge's
// line: such points lie in its kernel, the convex part that sees all of it
// (the whole piece when it is convex). Between those two points the
// obstacle holds a chord more than Eps deep (depth is concave on a convex
// set) that cuts the hull in two, one base on each side, so every sight
// line crosses it. This settles most blocked pairs before any sample line
// is tested.
func (q *sightQuery) sealed(target Circle) bool {
	if q.viewer.Arc == Front180 && target.Center.Sub(q.viewer.Base.Center).Dot(q.facing)+Eps/2 < target.Radius {
		return false // the arc's edge cuts the target: the hull has other sides
	}
	const last = SightSamples - 1
	v := q.viewer.Base
	top, bottom := Segment{q.vp[0], q.tp[0]}, Segment{q.vp[last], q.tp[last]}
	for _, i := range q.circBuf[:q.nCirc] {
		if sealsCircle(q.blockers[i], v, target, top, bottom) {
			return true
		}
	}
	for _, i := range q.circMore {
		if sealsCircle(q.blockers[i], v, target, top, bottom) {
			return true
		}
	}
	for _, i := range q.polyBuf[:q.nPoly] {
		if q.sealsPolygon(int(i), v, target, top, bottom) {
			return true
		}
	}
	for _, i := range q.polyMore {
		if q.sealsPolygon(int(i), v, target, top, bottom) {
			return true
		}
	}
	return false
}

// sealsCircle is sealed's test of a blocking base b between the bases v
// and target, whose hull's sides are top and bottom.
func sealsCircle(b, v, target Circle, top, bottom Segment) bool {
	return blocksCircle(b, top) && blocksCircle(b, bottom) &&
		v.Center.Dist(b.Center) >= v.Radius+b.Radius-Eps && target.Center.Dist(b.Center) >= target.Radius+b.Radius-Eps
}

// sealsPolygon is sealed's test of terrain piece i.
func (q *sightQuery) sealsPolygon(i int, v, target Circle, top, bottom Segment) bool {
	pg := q.t.Terrain[i].Outline
	scale := q.t.edgeScales(i)
	if scale == nil {
		// A table not built by NewTable: on the stack, not a new list
		// for every question.
		var buf [16]float64
		scale = edgeScales(pg, buf[:0])
	}
	if !deepCrossing(pg, scale, top) || !deepCrossing(pg, scale, bottom) {
		return false
	}
	box := q.t.box(i)
	return clearOf(pg, box, v.Center, v.Radius) && clearOf(pg, box, target.Center, target.Radius)
}

// clearOf reports whether pg.DistTo(p) >= r, for pg within box: at once
// when p is plainly further than r from the box on one axis, for the
// polygon is no nearer than its box, and otherwise from the distance. The
// margin is far above the rounding of the distance, so the answer is the
// distance's in every case.
func clearOf(pg Polygon, box Rect, p Point, r float64) bool {
	if gap, tol := boxGap(box, p, r); gap >= r+tol {
		return true
	}
	return pg.DistTo(p) >= r
}

// boxGap is how far p lies outside box along the axis it is furthest out
// on (≤ 0 inside), which no polygon inside the box is nearer than, and a
// margin, for a distance d compared with it, far above the rounding of
// gap, of the polygon's distance and of d.
func boxGap(box Rect, p Point, d float64) (gap, tol float64) {
	gap = max(box.Min.X-p.X, p.X-box.Max.X, box.Min.Y-p.Y, p.Y-box.Max.Y)
	tol = 1e-12 * (1 + math.Abs(p.X) + math.Abs(p.Y) + math.Abs(box.Min.X) + math.Abs(box.Min.Y) +
		math.Abs(box.Max.X) + math.Abs(box.Max.Y) + math.Abs(d))
	return gap, tol
}

// orientation is 1 for a polygon whose vertices run counter-clockwise
// (positive area), −1 otherwise: what deepCrossing needs to know its inside.
func orientation(pg Polygon) float64 {
	if pg.Area() < 0 {
		return -1
	}
	return 1
}

// edgeScales appends to buf, for each edge of pg in order, pg's
// orientation over the edge's length: what deepCrossing scales the edge's
// cross products by to make them inward distances. It depends only on pg,
// so a Table works it out once per piece.
func edgeScales(pg Polygon, buf []float64) []float64 {
	sign := orientation(pg)
	for i := range pg {
		e := pg.edge(i)
		buf = append(buf, sign/e.B.Sub(e.A).Len())
	}
	return buf
}

// deepCrossing reports whether some point of s lies more than Eps inside
// every edge's line of pg: in its kernel, and more than Eps from its
// outline. scale is pg's edgeScales.
func deepCrossing(pg Polygon, scale []float64, s Segment) bool {
	lo, hi := 0.0, 1.0
	d := s.B.Sub(s.A)
	for i := range pg {
		e := pg.edge(i)
		ed := e.B.Sub(e.A)
		inv := scale[i]
		// The inward distance of s.A + t·d from the edge line: a + b·t.
		a := ed.Cross(s.A.Sub(e.A)) * inv
		b := ed.Cross(d) * inv
		// lo = max(lo, t) and hi = min(hi, t), written as comparisons:
		// this loop is the seal test's cost. A NaN t is kept as max and
		// min keep it. Zeros differ only in sign: lo is never −0 (it
		// starts at +0 and only grows), and hi can be (t = −0 when a is
		// Eps), but a zero hi has already ended the loop through lo ≥ hi
		// unless lo is NaN, and a NaN lo decides the rest whatever hi is.
		switch {
		case b > 0:
			if t := (Eps - a) / b; t > lo || t != t {
				lo = t
			}
		case b < 0:
			if t := (Eps - a) / b; t < hi || t != t {
				hi = t
			}
		case a <= Eps:
			return false
		}
		if lo >= hi {
			return false
		}
	}
	return true
}

// inHull reports whether p lies in the convex hull of the two end discs
// (within 1e-7"): in either disc, or between the two external tangents
// and the chords joining their points of contact.
func (x *exactSearch) inHull(p Point) bool {
	const tol = 1e-7
	if p.Sub(x.c0).Len2() <= (x.r0+tol)*(x.r0+tol) || p.Sub(x.c1).Len2() <= (x.r1+tol)*(x.r1+tol) {
		return true
	}
	w := p.Sub(x.c0)
	a := w.Dot(x.u)
	return w.Dot(x.np) <= x.r0+tol && w.Dot(x.nm) <= x.r0+tol &&
		a >= x.r0*x.sin-tol && a <= x.d+x.r1*x.sin+tol
}

// add appends a feature.
func (x *exactSearch) add(f feature) {
	if x.nFeats < len(x.buf) {
		x.buf[x.nFeats] = f
	} else {
		x.more = append(x.more, f)
	}
	x.nFeats++
}

// feat is the i-th feature.
func (x *exactSearch) feat(i int) *feature {
	if i < len(x.buf) {
		return &x.buf[i]
	}
	return &x.more[i-len(x.buf)]
}

// gather lists the features: the ends, the culled blockers, the convex
// corners of the culled terrain inside the hull, and the points where an
// obstacle's outline crosses an end's outline.
func (x *exactSearch) gather(q *sightQuery) {
	x.add(feature{c: x.c0, r: x.r0, kind: featEnd})
	x.add(feature{c: x.c1, r: x.r1, kind: featEnd})
	for _, c := range x.corners[:x.nCorners] {
		x.add(feature{c: c, kind: featEnd})
	}
	disc := func(i int32) {
		b := q.blockers[i]
		x.add(feature{c: b.Center, r: b.Radius, kind: featDisc})
		x.cutCircle(b)
	}
	for _, i := range q.circBuf[:q.nCirc] {
		disc(i)
	}
	for _, i := range q.circMore {
		disc(i)
	}
	poly := func(i int32) {
		x.corner(q.t.Terrain[i].Outline)
		x.cutPolygon(q.t.Terrain[i].Outline, q.t.box(int(i)))
	}
	for _, i := range q.polyBuf[:q.nPoly] {
		poly(i)
	}
	for _, i := range q.polyMore {
		poly(i)
	}
}

// corner adds the convex corners of pg that lie in the hull.
func (x *exactSearch) corner(pg Polygon) {
	n := len(pg)
	ccw := pg.Area() > 0
	for i, p := range pg {
		if !x.inHull(p) {
			continue
		}
		prev, next := pg[(i+n-1)%n], pg[(i+1)%n]
		in, out := prev.Sub(p), next.Sub(p)
		// Convex: turning from the incoming edge to the outgoing one goes
		// the polygon's way round.
		if turn := p.Sub(prev).Cross(next.Sub(p)); (turn > 0) != ccw || turn == 0 {
			continue
		}
		f := feature{c: p, kind: featVertex, in: in.Scale(1 / in.Len()), out: out.Scale(1 / out.Len())}
		if x.canRest(&f) {
			x.add(f)
		}
	}
}

// An arc of line directions, taken modulo π (a line has no way round):
// the directions within half of centre.
type dirArc struct{ centre, half float64 }

// contains reports whether direction a is in the arc, within a small slack
// so that the filter below never drops a corner it needs.
func (r dirArc) contains(a float64) bool {
	if r.half >= math.Pi/2 {
		return true
	}
	d := math.Remainder(a-r.centre, math.Pi) // in [−π/2, π/2]
	return math.Abs(d) <= r.half+1e-7
}

// towards is the arc of directions of the lines through p that meet the
// disc (c, r): all of them when p is in it.
func towards(p, c Point, r float64) dirArc {
	w := c.Sub(p)
	l := w.Len()
	if l <= r {
		return dirArc{0, math.Pi}
	}
	return dirArc{w.Angle(), math.Asin(r / l)}
}

// canRest reports whether some line can rest on the terrain corner f (both
// its edges on one side) and meet both end discs. A corner with a wide
// angle, such as one of the many of a round piece, admits only a narrow arc
// of directions, and most such corners can hold no sight line: dropping
// them keeps the search small when pieces have many corners.
func (x *exactSearch) canRest(f *feature) bool {
	// The lines through the corner that miss the piece's inside run within
	// (π − angle)/2 of square to the bisector of the corner.
	bis := f.in.Add(f.out)
	if bis.Len2() < 1e-24 {
		return true // a straight corner: cannot happen in a valid polygon
	}
	inner := math.Acos(max(-1, min(1, f.in.Dot(f.out)))) // the corner's angle, below π
	arcs := [3]dirArc{
		{bis.Angle() + math.Pi/2, (math.Pi - inner) / 2},
		towards(f.c, x.c0, x.r0),
		towards(f.c, x.c1, x.r1),
	}
	// Three arcs share a direction exactly when one of their ends is in
	// all three (or one of them is every direction).
	for _, r := range arcs {
		for _, a := range [2]float64{r.centre - r.half, r.centre + r.half} {
			if arcs[0].contains(a) && arcs[1].contains(a) && arcs[2].contains(a) {
				return true
			}
		}
	}
	return arcs[0].half >= math.Pi/2 && arcs[1].half >= math.Pi/2 && arcs[2].half >= math.Pi/2
}

// cutCircle adds the points where the circle b crosses an end's outline.
//
// A blocker that only touches a base (within Eps: it blocks as a disc Eps
// smaller) never holds a sight line's end, so it adds no points there; nor
// does a terrain edge that enters a base by no more than Eps (cutPolygon).
// Troopers in base contact are common, and this keeps them cheap.
func (x *exactSearch) cutCircle(b Circle) {
	var pts [2]Point
	var n int
	if x.c0.Dist(b.Center) < x.r0+b.Radius-Eps {
		pts, n = circleCircle(b.Center, b.Radius, x.c0, x.r0)
		x.cuts(pts[:n], false)
	}
	if x.c1.Dist(b.Center) < x.r1+b.Radius-Eps {
		pts, n = circleCircle(b.Center, b.Radius, x.c1, x.r1)
		x.cuts(pts[:n], true)
	}
	if x.nCorners == 2 {
		pts, n = segmentCircle(x.corners[0], x.corners[1], b.Center, b.Radius)
		x.cuts(pts[:n], false)
	}
}

// cutPolygon adds the points where the outline of pg, whose box is box,
// crosses an end's outline.
func (x *exactSearch) cutPolygon(pg Polygon, box Rect) {
	e0 := Circle{x.c0, x.r0}.Bounds()
	e1 := Circle{x.c1, x.r1}.Bounds()
	near0, near1 := box.Overlaps(e0), box.Overlaps(e1)
	if !near0 && !near1 {
		return
	}
	for i := range pg {
		e := pg.edge(i)
		if near0 && e.DistTo(x.c0) < x.r0-Eps {
			pts, n := segmentCircle(e.A, e.B, x.c0, x.r0)
			x.cuts(pts[:n], false)
		}
		if near1 && e.DistTo(x.c1) < x.r1-Eps {
			pts, n := segmentCircle(e.A, e.B, x.c1, x.r1)
			x.cuts(pts[:n], true)
		}
		if near1 && x.nCorners == 2 {
			if p, ok := segmentCross(e.A, e.B, x.corners[0], x.corners[1]); ok {
				x.add(feature{c: p, kind: featCut})
			}
		}
	}
}

// cuts adds the crossing points pts, those outside e1's half-plane
// excepted when inArc is set.
func (x *exactSearch) cuts(pts []Point, inArc bool) {
	for _, p := range pts {
		if !inArc || x.inFront(p) {
			x.add(feature{c: p, kind: featCut})
		}
	}
}

// inFront reports whether p satisfies the end e1's half-plane, if any.
func (x *exactSearch) inFront(p Point) bool {
	return !x.front || p.Sub(x.o).Dot(x.f)+Eps/2 >= -gapTol
}

// search tries the lines tangent to every pair of features.
func (x *exactSearch) search(q *sightQuery) bool {
	for i := range x.nFeats {
		a := x.feat(i)
		for j := i + 1; j < x.nFeats; j++ {
			if x.pair(q, a, x.feat(j)) {
				return true
			}
		}
	}
	return false
}

// pair tries the lines tangent to both features, each on its own side: the
// common tangents of two circles (two outer, two crossing), the two
// tangents from a point to a circle, the line through two points.
func (x *exactSearch) pair(q *sightQuery, a, b *feature) bool {
	d := a.c.Sub(b.c)
	d2 := d.Len2()
	if d2 <= gapTol*gapTol {
		return false
	}
	dp := d.Perp()
	sigmas := 2 // which side of the line b lies on, relative to a
	if a.r == 0 || b.r == 0 {
		sigmas = 1
	}
	for s := range sigmas {
		sigma := 1 - 2*float64(s)
		k := a.r - sigma*b.r // n·(a.c − b.c) for the line's unit normal n
		disc := d2 - k*k
		if disc < -gapTol*d2 {
			continue // one circle holds the other: no such tangent
		}
		root := math.Sqrt(max(0, disc))
		for m := 1.0; m >= -1; m -= 2 {
			n := d.Scale(k / d2).Add(dp.Scale(m * root / d2))
			// The line touches a at p0 = a.c − r·n and runs along e.
			p0 := a.c.Add(n.Scale(-a.r))
			e := n.Perp()
			tb := b.c.Add(n.Scale(-sigma * b.r)).Sub(p0).Dot(e)
			if x.try(q, p0, e, n, a, 0, b, tb) {
				return true
			}
			if root == 0 || (a.r == 0 && b.r == 0) {
				break // both signs give the same line
			}
		}
	}
	return false
}

// try tests the line through p0 along the unit vector e (unit normal n)
// that touches features a and b at parameters ta and tb: cut to the part
// between the two end regions, is it clear?
func (x *exactSearch) try(q *sightQuery, p0 Point, e, n Vec, a *feature, ta float64, b *feature, tb float64) bool {
	if !supports(a, e) || !supports(b, e) {
		return false
	}
	lo0, hi0, ok := chord(p0, e, n, x.c0, x.r0)
	if !ok {
		return false
	}
	lo1, hi1, ok := chord(p0, e, n, x.c1, x.r1)
	if !ok {
		return false
	}
	if x.front {
		// (p0 + t·e − o)·f + Eps/2 ≥ 0
		g0 := p0.Sub(x.o).Dot(x.f) + Eps/2
		g1 := e.Dot(x.f)
		switch {
		case math.Abs(g1) < 1e-12:
			if g0 < -gapTol {
				return false
			}
		case g1 > 0:
			lo1 = max(lo1, -g0/g1)
		default:
			hi1 = min(hi1, -g0/g1)
		}
		if lo1 > hi1 {
			return false
		}
	}
	var t0, t1 float64 // the viewer's end and the target's end
	switch {
	case hi0 < lo1:
		t0, t1 = hi0, lo1
	case hi1 < lo0:
		t0, t1 = lo0, hi1
	default:
		return false // the chords overlap: only bases in contact do
	}
	lo, hi := min(t0, t1)-gapTol, max(t0, t1)+gapTol
	if (a.kind != featEnd && (ta < lo || ta > hi)) || (b.kind != featEnd && (tb < lo || tb > hi)) {
		return false // an obstacle touched off the sight line does not hold it
	}
	s := Segment{p0.Add(e.Scale(t0)), p0.Add(e.Scale(t1))}
	if !q.clear(s) {
		return false
	}
	x.witness = s
	return true
}

// supports reports whether the line along e may rest on feature f without
// entering it: for a terrain corner, both its edges lie on one side.
func supports(f *feature, e Vec) bool {
	if f.kind != featVertex {
		return true
	}
	const tol = 1e-12
	s1, s2 := e.Cross(f.in), e.Cross(f.out)
	return !((s1 > tol && s2 < -tol) || (s1 < -tol && s2 > tol))
}

// chord is the parameter interval in which the line p0 + t·e (unit normal
// n) meets the disc (c, r); a line within gapTol of tangent touches it.
func chord(p0 Point, e, n Vec, c Point, r float64) (lo, hi float64, ok bool) {
	w := c.Sub(p0)
	off := w.Dot(n)
	if math.Abs(off) > r+gapTol {
		return 0, 0, false
	}
	mid := w.Dot(e)
	h := math.Sqrt(max(0, r*r-off*off))
	return mid - h, mid + h, true
}

// circleCircle is the crossing points of two circles, and their number.
func circleCircle(c0 Point, r0 float64, c1 Point, r1 float64) (pts [2]Point, n int) {
	d := c1.Sub(c0)
	l := d.Len()
	if l <= gapTol || l > r0+r1 || l < math.Abs(r0-r1) {
		return pts, 0
	}
	a := (r0*r0 - r1*r1 + l*l) / (2 * l) // along d from c0
	h := math.Sqrt(max(0, r0*r0-a*a))
	u := d.Scale(1 / l)
	m := c0.Add(u.Scale(a))
	return [2]Point{m.Add(u.Perp().Scale(h)), m.Add(u.Perp().Scale(-h))}, 2
}

// segmentCircle is the points where the segment ab crosses the circle
// (c, r), and their number.
func segmentCircle(a, b, c Point, r float64) (pts [2]Point, n int) {
	ab := b.Sub(a)
	l2 := ab.Len2()
	if l2 == 0 {
		return pts, 0
	}
	w := a.Sub(c)
	// |w + t·ab|² = r²
	hb := w.Dot(ab) / l2
	cc := (w.Len2() - r*r) / l2
	disc := hb*hb - cc
	if disc < 0 {
		return pts, 0
	}
	root := math.Sqrt(disc)
	for _, t := range [2]float64{-hb - root, -hb + root} {
		if t >= 0 && t <= 1 {
			pts[n] = a.Add(ab.Scale(t))
			n++
		}
	}
	return pts, n
}

// segmentCross is the crossing point of segments ab and cd, if they cross.
func segmentCross(a, b, c, d Point) (Point, bool) {
	r, s := b.Sub(a), d.Sub(c)
	den := r.Cross(s)
	if den == 0 {
		return Point{}, false
	}
	w := c.Sub(a)
	t, u := w.Cross(s)/den, w.Cross(r)/den
	if t < 0 || t > 1 || u < 0 || u > 1 {
		return Point{}, false
	}
	return a.Add(r.Scale(t)), true
}
