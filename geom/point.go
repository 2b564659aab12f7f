package geom

import "math"

// Point is a position on the table, in inches.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Vec is a displacement between two positions, in inches.
type Vec struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Pt is shorthand for Point{x, y}.
func Pt(x, y float64) Point { return Point{x, y} }

// Add moves p by v.
func (p Point) Add(v Vec) Point { return Point{p.X + v.X, p.Y + v.Y} }

// Sub is the displacement from q to p.
func (p Point) Sub(q Point) Vec { return Vec{p.X - q.X, p.Y - q.Y} }

// Dist is the straight-line distance between p and q.
func (p Point) Dist(q Point) float64 { return p.Sub(q).Len() }

// Finite reports whether both coordinates are finite numbers.
//
// One test for both (x − x is 0 for a finite x, NaN otherwise; see
// Circle.Valid).
func (p Point) Finite() bool { return (p.X-p.X)+(p.Y-p.Y) == 0 }

// Lerp is the point a fraction t of the way from a to b.
func Lerp(a, b Point, t float64) Point {
	return Point{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}
}

// Add is v + w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub is v − w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale is k·v.
func (v Vec) Scale(k float64) Vec { return Vec{v.X * k, v.Y * k} }

// Neg is −v.
func (v Vec) Neg() Vec { return Vec{-v.X, -v.Y} }

// Dot is the scalar product.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// Cross is the z component of v × w: positive when w turns
// counter-clockwise from v.
func (v Vec) Cross(w Vec) float64 { return v.X*w.Y - v.Y*w.X }

// Len is the length of v.
func (v Vec) Len() float64 { return math.Sqrt(v.X*v.X + v.Y*v.Y) }

// Len2 is the squared length of v.
func (v Vec) Len2() float64 { return v.X*v.X + v.Y*v.Y }

// Unit is v scaled to length 1, or the zero vector when v is shorter than
// Eps (a direction that cannot be told).
func (v Vec) Unit() Vec {
	l := v.Len()
	if !(l > Eps) {
		return Vec{}
	}
	return Vec{v.X / l, v.Y / l}
}

// Perp is v turned a quarter turn counter-clockwise.
func (v Vec) Perp() Vec { return Vec{-v.Y, v.X} }

// Rotate turns v counter-clockwise by angle radians.
func (v Vec) Rotate(angle float64) Vec {
	s, c := math.Sincos(angle)
	return Vec{v.X*c - v.Y*s, v.X*s + v.Y*c}
}

// Angle is the direction of v in radians, in (−π, π].
func (v Vec) Angle() float64 { return math.Atan2(v.Y, v.X) }

// Finite reports whether both components are finite numbers.
func (v Vec) Finite() bool { return finite(v.X) && finite(v.Y) }

// finite reports whether x is neither NaN nor ±Inf.
func finite(x float64) bool { return x-x == 0 }
