// Package geom is the table geometry of Ordo: where models stand, what they
// can see, how far things are (Line of Fire and Zone of Control (N4)).
//
// # Units and frame
//
// Every length is in inches, as a float64 (the N4 core rules: N4 measures in
// inches). The table is the rectangle [0, Width] × [0, Height]; X runs along
// the width and Y along the depth. Angles are radians, counter-clockwise from
// the +X axis in that (right-handed, Y-up) frame: a facing of 0 looks along
// +X, π/2 along +Y. A renderer whose Y axis points down (SVG) sees the same
// angles turn clockwise on screen; that is the renderer's business.
//
// # Tolerance
//
// Eps is the one tolerance used for every comparison in the package: two
// things "touch" when they are within Eps of each other, a distance "is at
// most" d when it is ≤ d + Eps, and something "crosses" an obstacle only when
// it gets more than Eps inside it. Eps is a numerical tolerance, not a
// gameplay one: 1e-6" is far below anything a player can measure, and tools
// that place models by hand should snap them into contact rather than rely on
// it.
//
// # Touching is not crossing
//
// The rules read "touching counts" for contact, ZoC and templates
// (Base contact (N4), Direct Template Weapons (N4)) and "passing through" for movement and Line of Fire
// (Move (N4), Line of Fire (N4)). The package keeps both halves consistently:
//
//   - contact, Zone of Control and templates include the boundary: a base
//     that touches counts;
//   - obstacles (terrain interiors, other bases) block only what enters them:
//     a sight line that grazes a terrain corner, runs along a wall's face, or
//     is tangent to a base is not blocked, and a route that touches a base or
//     an impassable piece without entering it is legal.
//
// # Robustness
//
// No function panics on any float input. A NaN or infinite coordinate,
// radius or angle makes predicates return false, distances return +Inf, and
// constructors and checks return an error.
package geom

// Eps is the tolerance of every geometric comparison, in inches.
const Eps = 1e-6
