package geom

import (
	"errors"
	"fmt"
	"math"
)

// Polygon is a simple polygon given by its vertices in order (either
// winding); the closing edge from the last vertex back to the first is
// implied. Terrain footprints are polygons.
type Polygon []Point

// Validate reports a polygon that cannot be a terrain footprint: fewer than
// three vertices, a non-finite vertex, a zero-length edge, an area below
// Eps, or two edges that cross or touch (other than neighbours at their
// shared vertex).
func (pg Polygon) Validate() error {
	n := len(pg)
	if n < 3 {
		return fmt.Errorf("geom: polygon has %d vertices, want at least 3", n)
	}
	for i, p := range pg {
		if !p.Finite() {
			return fmt.Errorf("geom: polygon vertex %d is not finite", i)
		}
	}
	for i := range n {
		if pg.edge(i).Len() <= Eps {
			return fmt.Errorf("geom: polygon edge %d has zero length", i)
		}
	}
	if math.Abs(pg.Area()) <= Eps {
		return errors.New("geom: polygon has no area")
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if j == i+1 || (i == 0 && j == n-1) {
				continue // neighbours share a vertex
			}
			if pg.edge(i).Intersects(pg.edge(j)) {
				return fmt.Errorf("geom: polygon edges %d and %d cross", i, j)
			}
		}
	}
	return nil
}

// edge is the edge from vertex i to the next one.
func (pg Polygon) edge(i int) Segment {
	j := i + 1
	if j == len(pg) {
		j = 0
	}
	return Segment{pg[i], pg[j]}
}

// Area is the signed area: positive for counter-clockwise vertices.
func (pg Polygon) Area() float64 {
	s := 0.0
	for i := range pg {
		e := pg.edge(i)
		s += e.A.X*e.B.Y - e.B.X*e.A.Y
	}
	return s / 2
}

// Bounds is the polygon's bounding box.
func (pg Polygon) Bounds() Rect {
	if len(pg) == 0 {
		return Rect{}
	}
	r := Rect{pg[0], pg[0]}
	for _, p := range pg[1:] {
		r.Min.X = min(r.Min.X, p.X)
		r.Min.Y = min(r.Min.Y, p.Y)
		r.Max.X = max(r.Max.X, p.X)
		r.Max.Y = max(r.Max.Y, p.Y)
	}
	return r
}

// BoundaryDist is the distance from p to the polygon's outline.
//
// It is the least of the edges' Segment.DistTo, computed as the square root
// of the least squared distance: the square root is correctly rounded and
// so never decreasing, and the least root is the root of the least square,
// to the bit, for one square root instead of one per edge.
func (pg Polygon) BoundaryDist(p Point) float64 {
	if len(pg) == 0 {
		return math.Inf(1)
	}
	d2 := math.Inf(1)
	a := pg[len(pg)-1]
	for _, b := range pg {
		// Segment{a, b}.ClosestPoint(p), written out.
		c := a
		ab := b.Sub(a)
		if l2 := ab.Len2(); l2 > 0 {
			t := p.Sub(a).Dot(ab) / l2
			t = max(0, min(1, t))
			c = a.Add(ab.Scale(t))
		}
		d2 = min(d2, p.Sub(c).Len2())
		a = b
	}
	return math.Sqrt(d2)
}

// inside is the even-odd point-in-polygon test, ignoring the boundary.
func (pg Polygon) inside(p Point) bool {
	in := false
	n := len(pg)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := pg[i], pg[j]
		if (a.Y > p.Y) != (b.Y > p.Y) &&
			p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// Contains reports whether p is inside the polygon or on its outline
// (within Eps).
func (pg Polygon) Contains(p Point) bool {
	if len(pg) < 3 || !p.Finite() {
		return false
	}
	return pg.inside(p) || pg.BoundaryDist(p) <= Eps
}

// Interior reports whether p is strictly inside: inside and more than Eps
// from the outline. Only the interior blocks (see "Touching is not
// crossing" in the package documentation).
func (pg Polygon) Interior(p Point) bool {
	if len(pg) < 3 || !p.Finite() {
		return false
	}
	return pg.inside(p) && pg.BoundaryDist(p) > Eps
}

// DistTo is the distance from p to the polygon: 0 inside or on the outline,
// +Inf for a non-finite point.
func (pg Polygon) DistTo(p Point) float64 {
	if len(pg) < 3 || !p.Finite() {
		return math.Inf(1)
	}
	if pg.inside(p) {
		return 0
	}
	return pg.BoundaryDist(p)
}

// SegmentDist is the distance between the segment and the polygon: 0 when
// they touch or overlap.
func (pg Polygon) SegmentDist(s Segment) float64 {
	if len(pg) < 3 || !s.Finite() {
		return math.Inf(1)
	}
	if pg.inside(s.A) {
		return 0
	}
	d := math.Inf(1)
	for i := range pg {
		d = min(d, SegmentDistance(pg.edge(i), s))
	}
	return d
}

// CrossedBy reports whether the segment passes through the polygon's
// interior (Line of Fire (N4): scenery blocks LoF).
//
// Touching is not crossing: a segment that grazes a vertex, runs along an
// edge, or ends on the outline is not blocked; one that enters the interior
// by more than Eps is. The test: any proper crossing of an edge (both pairs
// of ends strictly, beyond Eps, on opposite sides) enters the interior.
// Without one, the segment can only change between inside and outside where
// a vertex lies on it, so it is cut at those vertices and the middle of each
// piece is tested for being strictly inside.
func (pg Polygon) CrossedBy(s Segment) bool {
	n := len(pg)
	if n < 3 || !s.Finite() {
		return false
	}
	ab := s.B.Sub(s.A)
	l := ab.Len()
	if l <= Eps {
		return pg.Interior(s.A)
	}
	inv := 1 / l
	var buf [16]float64
	cuts := append(buf[:0], 0, 1)
	for i := range n {
		e := pg.edge(i)
		oc := ab.Cross(e.A.Sub(s.A)) * inv // signed distance of e.A from the line
		od := ab.Cross(e.B.Sub(s.A)) * inv
		if math.Abs(oc) <= Eps {
			if t := ab.Dot(e.A.Sub(s.A)) * inv * inv; t > 0 && t < 1 {
				cuts = append(cuts, t)
			}
		}
		if (oc > Eps && od < -Eps) || (oc < -Eps && od > Eps) {
			cd := e.B.Sub(e.A)
			lcd := cd.Len()
			oa := cd.Cross(s.A.Sub(e.A)) / lcd
			ob := cd.Cross(s.B.Sub(e.A)) / lcd
			if (oa > Eps && ob < -Eps) || (oa < -Eps && ob > Eps) {
				return true
			}
		}
	}
	if len(cuts) > 2 {
		sortSmall(cuts)
	}
	for i := 1; i < len(cuts); i++ {
		t0, t1 := cuts[i-1], cuts[i]
		if (t1-t0)*l <= Eps {
			continue
		}
		if pg.Interior(Lerp(s.A, s.B, (t0+t1)/2)) {
			return true
		}
	}
	return false
}

// sortSmall is an insertion sort for the handful of cut parameters.
func sortSmall(a []float64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
