package geom

import "math"

// A model's facing is an angle in radians, counter-clockwise from +X (see
// the package documentation). FacingVec turns it into the unit vector the
// arc tests use.

// FacingVec is the unit vector a model with this facing looks along.
func FacingVec(facing float64) Vec {
	s, c := math.Sincos(facing)
	return Vec{c, s}
}

// FacingToward is the facing that looks from one point straight at another
// (0 when they coincide).
func FacingToward(from, to Point) float64 {
	d := to.Sub(from)
	if d.Len() <= Eps {
		return 0
	}
	return d.Angle()
}

// NormalizeAngle maps an angle to (−π, π]. NaN and ±Inf give NaN.
func NormalizeAngle(a float64) float64 {
	if !finite(a) {
		return math.NaN()
	}
	a = math.Remainder(a, 2*math.Pi)
	if a <= -math.Pi {
		a += 2 * math.Pi
	}
	return a
}

// Arc is how far round a model can trace Line of Fire (Line of Fire (N4)).
type Arc uint8

const (
	// Front180 is a trooper's arc: the half-plane in front of the line
	// through its base centre square to its facing. It is the zero value.
	Front180 Arc = iota
	// Full360 is the all-round arc of markers (Camouflaged, Impersonation)
	// and of some skills.
	Full360
)

// String names the arc.
func (a Arc) String() string {
	switch a {
	case Front180:
		return "180"
	case Full360:
		return "360"
	}
	return "invalid"
}

// Model is a model on the table as geometry sees it: its base, its facing
// and its arc of vision.
type Model struct {
	Base   Circle  `json:"base"`
	Facing float64 `json:"facing"`
	Arc    Arc     `json:"arc"`
}

// Valid reports a usable model: a valid base with a radius above Eps, a
// finite facing and a known arc.
func (m Model) Valid() bool {
	return m.Base.Valid() && m.Base.Radius > Eps && finite(m.Facing) && m.Arc <= Full360
}

// InArc reports whether point p lies in the model's arc (Line of Fire (N4)).
//
// The front arc is the closed half-plane in front of the line through the
// base centre square to the facing: a point exactly abeam (90° to either
// side) is inside, as is the centre itself. Closed, because the package
// counts touching as in (see "Touching is not crossing"). Full360 contains
// every point.
func (m Model) InArc(p Point) bool {
	if !m.Valid() || !p.Finite() {
		return false
	}
	if m.Arc == Full360 {
		return true
	}
	return m.inFront(FacingVec(m.Facing), p)
}

// inFront is the closed half-plane test with a precomputed facing vector.
func (m Model) inFront(f Vec, p Point) bool {
	return p.Sub(m.Base.Center).Dot(f) >= -Eps
}

// BaseInArc reports whether any part of the base c lies in the model's arc:
// the disc reaches the closed front half-plane (Line of Fire (N4) "any part of
// the target"; Base contact (N4) "inside" a zone means touching or partly within it).
func (m Model) BaseInArc(c Circle) bool {
	if !m.Valid() || !c.Valid() {
		return false
	}
	if m.Arc == Full360 {
		return true
	}
	return c.Center.Sub(m.Base.Center).Dot(FacingVec(m.Facing))+c.Radius >= -Eps
}
