package geom

import "math"

// SightSamples is the number of sample points taken on each base for Line
// of Fire; LoF tries the SightSamples² sample sight lines first.
const SightSamples = 5

// LoF reports whether viewer has Line of Fire to the target's base
// (Line of Fire (N4)).
//
// # The rule
//
// LoF is a straight line from any part of the viewer to any part of the
// target, inside the viewer's arc, that no LoF-blocking terrain and no other
// model's base crosses. The blockers are the bases the caller passes: other
// troopers, friend or foe. The caller leaves out the viewer and the target,
// every marker (markers do not block LoF) and the moving model along its own
// route (it does not block LoF there, Move (N4)).
//
// The geometry is flat: a sight line runs from any point of the viewer's
// base to any point of the target's base that lies in the viewer's arc (the
// closed front half-plane for a 180° arc, anywhere for 360°), and is
// blocked when it enters the interior of a LoF-blocking terrain piece or
// of another base by more than Eps.
//
// # The search: exact
//
// LoF answers exactly that question, up to the package tolerance Eps: it
// is true when some sight line is clear, however narrow the gap it threads,
// and false only when none is. It works in three stages, each exact in what
// it concludes.
//
// First, when the target is wholly in arc, a test for a single obstacle
// that seals the corridor: a blocking base or terrain piece that crosses
// both outer edges of the corridor (the two external common tangents of
// the bases) more than Eps deep (for a concave piece, inside its kernel:
// the convex part that sees all of it), and touches neither base.
// Every sight line must then cross it, so there is no LoF. This settles
// most blocked pairs at once.
//
// Second, a fixed set of sample sight lines, cheap and usually enough when
// the target is in plain view:
//
//   - SightSamples points on each base, evenly spaced in angle along the
//     side that faces the other base, from one external common tangent to
//     the other. With 5 samples these are the two tangent points (the
//     outer edges of the corridor between the bases), the point facing the
//     other base (the centre-to-centre line, cut at the base edges), and the
//     two points half-way between;
//   - every pairing of a viewer point with a target point in the viewer's
//     arc: the two tangent lines, the centre line, lines parallel to them
//     and crossing diagonals, 25 lines in all, centre line first.
//
// Third, when none of them is clear, an exact search decides. If any sight
// line is clear, then one is that touches two "features" at once: slide a
// clear line sideways until it touches something, then turn it about that
// contact until it touches something else; it stays clear throughout. The
// features are the two base circles, the two corners where a 180° arc's
// edge cuts the target's base, the blocking bases, the convex corners of
// blocking terrain inside the corridor between the bases, and the points
// where an obstacle's outline crosses a base's outline. So the search tries
// every line tangent to two features, each on its non-blocking side, cut to
// the stretch between the two bases, and reports whether any is clear; a
// line is dropped unseen when a terrain corner it rests on would put it
// inside the piece, or when an obstacle it touches lies off that stretch.
// The tests check the answer against a brute-force search over all sight
// lines: every line LoF finds is a real, clear sight line, and no line
// 0.01" clear of every obstacle is missed.
//
// With a 360° arc both ways, LoF is symmetric: the seal test and the
// sample lines are the same set of lines either way round, and the exact
// search puts the two bases in a fixed order, so that it asks the same
// question whichever model asks it. Reciprocity between troopers is
// decided only by each viewer's own arc.
//
// # Edge cases (deliberate)
//
//   - Touching is not crossing: a sight line that grazes a terrain corner,
//     runs along a wall's face, or is tangent to a blocker's base is not
//     blocked (see the package documentation). So a gap between two pieces
//     that touch at a corner, or between two bases in contact, lets a line
//     through when a straight line can pass through the touching point.
//   - The rules' demand that a visible part be at least about 3 mm × 3 mm
//     (Line of Fire (N4), [N3]) is not modelled: a sliver of the target's
//     base across the arc's edge, or seen through a gap, is seen.
//   - Bases in contact (touching or overlapping) see each other when the
//     target is in arc, whatever the blockers and terrain: nothing fits
//     between them (Base contact (N4)).
//   - A blocker that touches the viewer or the target does not block by
//     touching; only lines through its interior are blocked. One that
//     overlaps a base blocks the lines through its interior, not the rest
//     of that base.
//   - Any invalid input (NaN, ±Inf, negative radius) gives false.
//
// # Cost
//
// Obstacles are first culled against the corridor between the two bases
// (bounding boxes, then the strip the corridor spans); the seal test costs
// two checks per remaining obstacle; each obstacle is tested only against
// the sight lines whose bounding box it touches, the obstacle that blocked
// the previous line first; the search stops at the first clear line. The
// exact search runs only when every sample line is blocked and no single
// obstacle seals the corridor; with F features in the corridor and k
// obstacles it tries O(F²) lines, most dropped by the cheap checks above
// before the O(k) obstacle test. Terrain corners that no line resting on
// them could carry from one base to the other are left out of F first,
// which keeps round pieces with many corners cheap. No allocation unless
// more than 16 obstacles of a kind or 40 features crowd one corridor.
// Figures are in docs/PERFORMANCE.md.
func (t *Table) LoF(viewer Model, target Circle, blockers []Circle) bool {
	var q sightQuery
	return q.lof(t, viewer, target, blockers)
}

// LoFExcept is LoF with blockers[skipA] and blockers[skipB] left out (an
// index outside blockers leaves none out): a caller that keeps the bases
// on the table, the viewer's and the target's among them, asks through
// them without copying them for each question.
func (t *Table) LoFExcept(viewer Model, target Circle, blockers Bases, skipA, skipB int) bool {
	if blockers.firstBad(skipA, skipB) >= 0 {
		return false // as LoF through an invalid blocker
	}
	q := sightQuery{skipA: skipA + 1, skipB: skipB + 1, checked: true}
	return q.lof(t, viewer, target, blockers.c)
}

// lof is LoF, leaving in q the sample points for further questions about
// the same pair (PartialCover).
func (q *sightQuery) lof(t *Table, viewer Model, target Circle, blockers []Circle) bool {
	return q.init(t, viewer, target, blockers, BlocksLoF) && q.decide(target)
}

// decide is LoF once init has set the query up.
func (q *sightQuery) decide(target Circle) bool {
	if InContact(q.viewer.Base, target) {
		return true // nothing fits between bases that touch
	}
	if q.sealed(target) {
		return false
	}
	for k := range SightSamples * SightSamples {
		s, ok := q.line(k)
		if ok && q.clear(s) {
			q.witness = s
			return true
		}
	}
	return q.exact(target)
}

// SightLines returns the sample sight lines LoF tries before its exact
// search for this viewer and target, in the order it tries them, without
// those outside the viewer's arc; for renderers and tests. LoF may be found
// on a line none of them follows.
func SightLines(viewer Model, target Circle) []Segment {
	var q sightQuery
	if !q.init(nil, viewer, target, nil, 0) {
		return nil
	}
	var out []Segment
	for k := range SightSamples * SightSamples {
		if s, ok := q.line(k); ok {
			out = append(out, s)
		}
	}
	return out
}

// sightQuery holds the sample points and the culled obstacles of one
// viewer–target pair.
type sightQuery struct {
	t      *Table
	viewer Model
	facing Vec
	vp, tp [SightSamples]Point
	// inner: vp and tp hold every sample, not only the tangent points
	// (innerSamples); sinA and target are what placing them takes.
	inner    bool
	sinA     float64
	target   Circle
	blockers []Circle
	// skipA and skipB are 1 + the indices of blockers left out
	// (LoFExcept); 0 for none.
	skipA, skipB int
	checked      bool // the blockers are known to be valid (LoFExcept)
	// The culled obstacles: indices into t.Terrain and blockers. The first
	// len(buf) of each live in the fixed arrays (no allocation in the
	// common case), the rest in the overflow slices.
	nPoly, nCirc       int
	polyBuf, circBuf   [16]int32
	polyMore, circMore []int32
	u, n               Vec     // unit axis from viewer to target, and its normal
	reach              float64 // the corridor's half width: the larger radius
	distance           float64 // centre to centre
	// The obstacle that blocked the last line tested (clear), -1 if none:
	// an index into blockers or into the table's terrain.
	lastCirc, lastPoly int
	// The clear sight line found, from the viewer's base to the target's.
	witness Segment
}

// init validates the inputs, computes the sample points and culls the
// obstacles: the blockers, and the terrain whose flags include mask (none
// when mask is 0). It fails when an input is invalid or the target is out
// of the viewer's arc.
func (q *sightQuery) init(t *Table, viewer Model, target Circle, blockers []Circle, mask Flags) bool {
	if !viewer.Valid() || !target.Valid() {
		return false
	}
	// BaseInArc, with the facing worked out once for it and the query.
	facing := FacingVec(viewer.Facing)
	if viewer.Arc != Full360 && !(target.Center.Sub(viewer.Base.Center).Dot(facing)+target.Radius >= -Eps) {
		return false
	}
	for i := 0; !q.checked && i < len(blockers); i++ {
		if !blockers[i].Valid() {
			return false
		}
	}
	q.t, q.viewer, q.facing = t, viewer, facing
	q.lastCirc, q.lastPoly = -1, -1
	q.samples(target)
	q.blockers = blockers
	q.cull(target, mask)
	return true
}

// samples places SightSamples points on each base (see LoF).
//
// An external common tangent of two discs touches both where the outward
// normal ν is the same vector, with ν·u = sin α = (rv − rt)/d for the
// viewer→target axis u: at angle ±θ from u, θ = π/2 − α. The viewer's
// points run over normals from −θ to +θ about u; the target's over the
// same normals measured the other way round, from −φ to +φ about −u with
// φ = π/2 + α, so that sample i of each is on the same side and i = 0,
// i = last are the tangent points. Swapping viewer and target gives the
// same set of lines.
//
// The five angles are 0, ±θ/2 and ±θ (and the same of φ), so no
// trigonometry is needed: cos θ = sin α, sin θ = cos α, and the half
// angles (θ/2 and φ/2 lie in [0, π/2]) follow from cos θ by the half-angle
// formulas, cos(θ/2) = √((1+sin α)/2) = sin(φ/2) and
// sin(θ/2) = √((1−sin α)/2) = cos(φ/2). This is the cheap half of every
// Line of Fire query, so it is computed exactly in this form rather than by
// rotating a vector step by step.
func (q *sightQuery) samples(target Circle) {
	v := q.viewer.Base
	d := target.Center.Sub(v.Center)
	dist := d.Len()
	var s float64 // sin α
	if dist > Eps {
		q.u = d.Scale(1 / dist)
		s = (v.Radius - target.Radius) / dist
	} else {
		q.u = q.facing
		dist = 0
		switch {
		case v.Radius > target.Radius:
			s = 1
		case v.Radius < target.Radius:
			s = -1
		}
	}
	s = max(-1, min(1, s))
	c := math.Sqrt(1 - s*s) // cos α = sin θ = sin φ
	q.n = q.u.Perp()
	q.distance = dist
	q.reach = max(v.Radius, target.Radius)
	q.sinA, q.target, q.inner = s, target, false

	// Each normal as (component along the axis, component along n): the
	// viewer's about u, the target's about −u. The tangent points now: the
	// seal test reads them, and settles about half the questions; the
	// others when a sight line first needs them (innerSamples).
	q.place(0, [2]float64{s, -c}, [2]float64{-s, -c})
	q.place(SightSamples-1, [2]float64{s, c}, [2]float64{-s, c})
}

// innerSamples places the samples between the tangent points (see
// samples): the quarter points and the centre line's ends.
func (q *sightQuery) innerSamples() {
	s := q.sinA
	a := math.Sqrt((1 + s) / 2) // cos(θ/2) = sin(φ/2)
	b := math.Sqrt((1 - s) / 2) // sin(θ/2) = cos(φ/2)
	q.place(1, [2]float64{a, -b}, [2]float64{b, -a})
	q.place(2, [2]float64{1, 0}, [2]float64{1, 0})
	q.place(3, [2]float64{a, b}, [2]float64{b, a})
	q.inner = true
}

// place puts sample i of the viewer's base at normal vn about u, and of
// the target's at tn about −u.
func (q *sightQuery) place(i int, vn, tn [2]float64) {
	v, target := q.viewer.Base, q.target
	q.vp[i] = v.Center.Add(q.u.Scale(vn[0] * v.Radius)).Add(q.n.Scale(vn[1] * v.Radius))
	q.tp[i] = target.Center.Add(q.u.Scale(-tn[0] * target.Radius)).Add(q.n.Scale(tn[1] * target.Radius))
}

// samples writes its normals out for five samples, the tangent points,
// the quarter points and the centre line: more would not compile (this
// constant would be negative), fewer neither (its array literals overflow).
const _ uint = 5 - SightSamples

// sightOrder is the test order of the sight lines, as (viewer point,
// target point) pairs: the centre line, the two tangent lines, then the
// rest row by row.
var sightOrder = func() (pairs [SightSamples * SightSamples][2]uint8) {
	const mid, last = SightSamples / 2, SightSamples - 1
	pairs[0] = [2]uint8{mid, mid}
	pairs[1] = [2]uint8{0, 0}
	pairs[2] = [2]uint8{last, last}
	k := 3
	for i := range SightSamples {
		for j := range SightSamples {
			if i == j && (i == mid || i == 0 || i == last) {
				continue
			}
			pairs[k] = [2]uint8{uint8(i), uint8(j)}
			k++
		}
	}
	return pairs
}()

// line is the k-th sight line in test order and whether the viewer's arc
// admits it (its target end must lie in a 180° viewer's front half-plane).
func (q *sightQuery) line(k int) (Segment, bool) {
	if !q.inner {
		q.innerSamples()
	}
	p := sightOrder[k]
	s := Segment{q.vp[p[0]], q.tp[p[1]]}
	if q.viewer.Arc == Front180 && !q.viewer.inFront(q.facing, s.B) {
		return s, false
	}
	return s, true
}

// cull keeps the terrain pieces with the mask's flags and the blockers that
// can reach the corridor between the two bases (their convex hull). The
// corridor lies within reach of the centre segment, so a blocker further
// than its radius + reach from that segment cannot cross any sight line;
// a terrain piece is kept when its box meets the corridor's box and the
// strip |(p − cv)·n| ≤ reach, −reach ≤ (p − cv)·u ≤ d + reach.
func (q *sightQuery) cull(target Circle, mask Flags) {
	v := q.viewer.Base
	corridor := v.Bounds().Union(target.Bounds())
	centre := Segment{v.Center, target.Center}
	// b.Bounds().Overlaps(corridor), with the corridor's side of each
	// comparison worked out once rather than for every base: the same
	// numbers compared, so the same answer.
	maxX, maxY := corridor.Max.X+Eps, corridor.Max.Y+Eps
	for i := range q.blockers {
		b := &q.blockers[i]
		if b.Radius <= Eps || !(b.Center.X-b.Radius <= maxX && corridor.Min.X <= (b.Center.X+b.Radius)+Eps &&
			b.Center.Y-b.Radius <= maxY && corridor.Min.Y <= (b.Center.Y+b.Radius)+Eps) || q.skips(i) {
			continue
		}
		if reach := b.Radius + q.reach; centre.ClosestPoint(b.Center).Sub(b.Center).Len2() >= reach*reach {
			continue
		}
		if q.nCirc < len(q.circBuf) {
			q.circBuf[q.nCirc] = int32(i)
			q.nCirc++
		} else {
			q.circMore = append(q.circMore, int32(i))
		}
	}
	if mask == 0 {
		return
	}
	for i, tr := range q.t.terrain() {
		if !tr.Flags.Has(mask) {
			continue
		}
		box := q.t.box(i)
		if !box.Overlaps(corridor) || !q.inStrip(box) {
			continue
		}
		if q.nPoly < len(q.polyBuf) {
			q.polyBuf[q.nPoly] = int32(i)
			q.nPoly++
		} else {
			q.polyMore = append(q.polyMore, int32(i))
		}
	}
}

// skips reports whether blocker i is left out (LoFExcept).
func (q *sightQuery) skips(i int) bool { return i+1 == q.skipA || i+1 == q.skipB }

// recull replaces the culled obstacles with the terrain carrying mask, and
// no blockers, keeping the sample points.
func (q *sightQuery) recull(target Circle, mask Flags) {
	q.blockers = nil
	q.nPoly, q.nCirc = 0, 0
	q.polyMore, q.circMore = q.polyMore[:0], q.circMore[:0]
	q.lastCirc, q.lastPoly = -1, -1
	q.cull(target, mask)
}

// inStrip reports whether the box may meet the corridor's strip: whether
// its corners' extents along n and u, from the viewer's centre, reach
// within the corridor's half width of the centre line and its length.
//
// The extents are taken from the box's centre and half sizes, ±(hx·|n.x| +
// hy·|n.y|) about the centre's projection, which is the corners' extent
// with fewer operations; it rounds differently, so a box within a hair of
// the strip's edge is decided by its four corners as before (inStripCorners),
// and the answer is always theirs.
func (q *sightQuery) inStrip(b Rect) bool {
	o := q.viewer.Base.Center
	hx, hy := (b.Max.X-b.Min.X)/2, (b.Max.Y-b.Min.Y)/2
	d := Point{b.Min.X + hx, b.Min.Y + hy}.Sub(o)
	cn, cu := d.Dot(q.n), d.Dot(q.u)
	en := hx*math.Abs(q.n.X) + hy*math.Abs(q.n.Y)
	eu := hx*math.Abs(q.u.X) + hy*math.Abs(q.u.Y)
	r := q.reach + Eps
	// The four tests as gaps: all ≥ 0 is in the strip. The two forms
	// differ by a few roundings of numbers no larger than the coordinates,
	// the reach and the distance, each off by a few parts in 10¹⁶.
	g0, g1 := r-(cn-en), (cn+en)+r
	g2, g3 := (cu+eu)+r, q.distance+r-(cu-eu)
	tol := 1e-12 * (1 + math.Abs(b.Min.X) + math.Abs(b.Min.Y) + math.Abs(b.Max.X) + math.Abs(b.Max.Y) +
		math.Abs(o.X) + math.Abs(o.Y) + r + q.distance)
	switch lo := min(g0, g1, g2, g3); {
	case lo > tol:
		return true
	case lo < -tol:
		return false
	}
	return q.inStripCorners(b)
}

// inStripCorners is inStrip from the box's four corners.
func (q *sightQuery) inStripCorners(b Rect) bool {
	o := q.viewer.Base.Center
	corners := [4]Point{b.Min, {b.Max.X, b.Min.Y}, b.Max, {b.Min.X, b.Max.Y}}
	nMin, nMax := math.Inf(1), math.Inf(-1)
	uMin, uMax := math.Inf(1), math.Inf(-1)
	for _, c := range corners {
		d := c.Sub(o)
		pn, pu := d.Dot(q.n), d.Dot(q.u)
		nMin, nMax = min(nMin, pn), max(nMax, pn)
		uMin, uMax = min(uMin, pu), max(uMax, pu)
	}
	r := q.reach + Eps
	return nMin <= r && nMax >= -r && uMax >= -r && uMin <= q.distance+r
}

// clear reports whether no culled obstacle blocks the sight line.
//
// The obstacle that blocked the previous line is tried first: when
// something stands between the two bases it usually blocks every line, and
// a blocked pair tests all of them.
func (q *sightQuery) clear(s Segment) bool {
	box := s.Bounds()
	switch {
	case q.lastCirc >= 0 && blocksCircle(q.blockers[q.lastCirc], s):
		return false
	case q.lastPoly >= 0 && q.crosses(q.lastPoly, box, s):
		return false
	}
	for _, i := range q.circBuf[:q.nCirc] {
		if blocksCircle(q.blockers[i], s) {
			q.lastCirc, q.lastPoly = int(i), -1
			return false
		}
	}
	for _, i := range q.circMore {
		if blocksCircle(q.blockers[i], s) {
			q.lastCirc, q.lastPoly = int(i), -1
			return false
		}
	}
	for _, i := range q.polyBuf[:q.nPoly] {
		if q.crosses(int(i), box, s) {
			q.lastCirc, q.lastPoly = -1, int(i)
			return false
		}
	}
	for _, i := range q.polyMore {
		if q.crosses(int(i), box, s) {
			q.lastCirc, q.lastPoly = -1, int(i)
			return false
		}
	}
	return true
}

// crosses reports whether the sight line s, whose box is box, enters
// terrain piece i.
func (q *sightQuery) crosses(i int, box Rect, s Segment) bool {
	return q.t.box(i).Overlaps(box) && q.t.Terrain[i].Outline.CrossedBy(s)
}

// terrainCandidates calls f with each culled terrain index until f
// returns true, and reports whether it did.
func (q *sightQuery) terrainCandidates(f func(i int) bool) bool {
	for _, i := range q.polyBuf[:q.nPoly] {
		if f(int(i)) {
			return true
		}
	}
	for _, i := range q.polyMore {
		if f(int(i)) {
			return true
		}
	}
	return false
}

// blocksCircle reports whether the segment enters the disc by more than
// Eps: tangent lines and lines that merely touch do not.
func blocksCircle(c Circle, s Segment) bool {
	return s.DistTo(c.Center) < c.Radius-Eps
}
