package geom

// Segment is the straight line from A to B: a sight line, one leg of a
// route, or a terrain edge.
type Segment struct {
	A Point `json:"a"`
	B Point `json:"b"`
}

// Len is the length of the segment.
func (s Segment) Len() float64 { return s.A.Dist(s.B) }

// Finite reports whether both ends are finite.
func (s Segment) Finite() bool {
	return (s.A.X-s.A.X)+(s.A.Y-s.A.Y)+(s.B.X-s.B.X)+(s.B.Y-s.B.Y) == 0 // see Point.Finite
}

// Bounds is the smallest axis-aligned rectangle holding the segment.
func (s Segment) Bounds() Rect {
	return Rect{
		Min: Point{min(s.A.X, s.B.X), min(s.A.Y, s.B.Y)},
		Max: Point{max(s.A.X, s.B.X), max(s.A.Y, s.B.Y)},
	}
}

// ClosestPoint is the point of the segment nearest to p.
func (s Segment) ClosestPoint(p Point) Point {
	ab := s.B.Sub(s.A)
	l2 := ab.Len2()
	if !(l2 > 0) {
		return s.A
	}
	t := p.Sub(s.A).Dot(ab) / l2
	t = max(0, min(1, t))
	return s.A.Add(ab.Scale(t))
}

// DistTo is the distance from p to the nearest point of the segment.
func (s Segment) DistTo(p Point) float64 { return p.Dist(s.ClosestPoint(p)) }

// Intersects reports whether the two segments share a point, touching
// included (within Eps).
func (s Segment) Intersects(t Segment) bool { return SegmentDistance(s, t) <= Eps }

// SegmentDistance is the distance between the nearest points of two
// segments: 0 when they touch or cross.
func SegmentDistance(s, t Segment) float64 {
	if properCross(s, t) {
		return 0
	}
	return min(
		min(s.DistTo(t.A), s.DistTo(t.B)),
		min(t.DistTo(s.A), t.DistTo(s.B)),
	)
}

// properCross reports whether each segment's ends lie strictly on opposite
// sides of the other's line. Touching configurations are left to the
// endpoint distances of SegmentDistance.
func properCross(s, t Segment) bool {
	d := s.B.Sub(s.A)
	e := t.B.Sub(t.A)
	o1 := d.Cross(t.A.Sub(s.A))
	o2 := d.Cross(t.B.Sub(s.A))
	o3 := e.Cross(s.A.Sub(t.A))
	o4 := e.Cross(s.B.Sub(t.A))
	return ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) &&
		((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))
}

// Rect is an axis-aligned rectangle, used for the table and as the
// broad-phase bounding box of obstacles.
type Rect struct {
	Min Point `json:"min"`
	Max Point `json:"max"`
}

// Overlaps reports whether the rectangles share a point, within Eps.
func (r Rect) Overlaps(o Rect) bool {
	return r.Min.X <= o.Max.X+Eps && o.Min.X <= r.Max.X+Eps &&
		r.Min.Y <= o.Max.Y+Eps && o.Min.Y <= r.Max.Y+Eps
}

// Contains reports whether p is inside the rectangle or on its border,
// within Eps.
func (r Rect) Contains(p Point) bool {
	return p.X >= r.Min.X-Eps && p.X <= r.Max.X+Eps &&
		p.Y >= r.Min.Y-Eps && p.Y <= r.Max.Y+Eps
}

// Union is the smallest rectangle holding both.
func (r Rect) Union(o Rect) Rect {
	return Rect{
		Min: Point{min(r.Min.X, o.Min.X), min(r.Min.Y, o.Min.Y)},
		Max: Point{max(r.Max.X, o.Max.X), max(r.Max.Y, o.Max.Y)},
	}
}
