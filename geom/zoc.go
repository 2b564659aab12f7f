package geom

import "math"

// ZoCRadius is the reach of a Zone of Control: 8" from the outer edge of
// the Silhouette (Zone of Control (N4)). The ±8" vertical band is not modelled (2D).
const ZoCRadius = 8.0

// EdgeDistance is the distance between the closest parts of two bases
// (Silhouette (N4) "Measuring"): centre distance minus both radii, and 0 when
// they touch or overlap. It is symmetric and never negative; an invalid
// base gives +Inf.
func EdgeDistance(a, b Circle) float64 {
	if !a.Valid() || !b.Valid() {
		return math.Inf(1)
	}
	return max(0, a.Center.Dist(b.Center)-(a.Radius+b.Radius)) // a+b == b+a exactly: symmetric
}

// InContact reports base (Silhouette) contact: the bases touch, within Eps,
// or overlap (Base contact (N4)). A base is in contact with itself (PDF 2.1).
func InContact(a, b Circle) bool { return EdgeDistance(a, b) <= Eps }

// InZoC reports whether base b is inside the Zone of Control of base a:
// within 8" edge to edge, touching the zone counting as inside
// (Zone of Control (N4), Base contact (N4) "Inside"). The relation is symmetric: a is in b's ZoC
// exactly when b is in a's.
func InZoC(a, b Circle) bool { return EdgeDistance(a, b) <= ZoCRadius+Eps }

// RouteEdgeDistance is the least edge-to-edge distance between a base of
// the given radius moving along the route (its centre on the polyline) and
// the base other: 0 if it touches or passes through it, +Inf for an empty
// or invalid route.
func RouteEdgeDistance(r Route, radius float64, other Circle) float64 {
	if len(r) == 0 || !finite(radius) || radius < 0 || !other.Valid() || r.Validate() != nil {
		return math.Inf(1)
	}
	d := math.Inf(1)
	for i := range r.legs() {
		d = min(d, r.leg(i).DistTo(other.Center))
	}
	return max(0, d-radius-other.Radius)
}

// RouteInZoC reports whether a base of the given radius moving along the
// route enters the Zone of Control of owner at any point of the path
// (Zone of Control (N4): the ZoC check may be made from any point of the active
// trooper's path).
func RouteInZoC(owner Circle, r Route, radius float64) bool {
	return RouteEdgeDistance(r, radius, owner) <= ZoCRadius+Eps
}
