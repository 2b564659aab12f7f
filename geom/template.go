package geom

import (
	"fmt"
	"math"
)

// Template sizes. The official N4 template sheet was not found (the N4 core rules
// Impact Template Weapons (N4) lists the sizes as [UNVERIFIED]); these are the commonly used
// dimensions, in inches, and every function takes the size as a parameter,
// so a scenario or ruling can replace them.
const (
	// CircularTemplateDiameter is the diameter of the Circular Template
	// [UNVERIFIED: 3", the usual small blast size].
	CircularTemplateDiameter = 3.0
)

// SmallTeardrop is the Small Teardrop Template [UNVERIFIED]: 8" from tip
// to wide end, 2.5" across the wide end, a 0.5" rounded tip.
func SmallTeardrop() TeardropSize {
	return TeardropSize{Length: 8, NarrowWidth: 0.5, WideWidth: 2.5}
}

// LargeTeardrop is the Large Teardrop Template [UNVERIFIED]: 10" from tip
// to wide end, 3" across the wide end, a 0.5" rounded tip.
func LargeTeardrop() TeardropSize {
	return TeardropSize{Length: 10, NarrowWidth: 0.5, WideWidth: 3}
}

// CircleTouched lists, in order, the indices of the bases that a circular
// template touches or covers, touching counting (Direct Template Weapons (N4) "anyone
// touched or partially covered"; Impact Template Weapons (N4)). A Direct circular template is
// centred on the attacker's base (Direct Template Weapons (N4)), an Impact one on the Main
// Target's (Impact Template Weapons (N4)); the caller places it. Scenery does not shield (not
// modelled). An invalid template touches nothing; invalid bases are
// skipped.
func CircleTouched(template Circle, bases []Circle) []int {
	if !template.Valid() {
		return nil
	}
	var out []int
	for i, b := range bases {
		if InContact(template, b) {
			out = append(out, i)
		}
	}
	return out
}

// TeardropSize is the shape of a teardrop template: the convex hull of a
// small disc at the narrow end (the blast focus) and a large disc at the
// wide end, Length apart from tip to far edge.
type TeardropSize struct {
	// Length runs along the axis from the tip of the narrow end to the far
	// edge of the wide end.
	Length float64 `json:"length"`
	// NarrowWidth is the diameter of the rounded narrow end (0: a point).
	NarrowWidth float64 `json:"narrowWidth"`
	// WideWidth is the diameter of the wide end, the template's widest
	// point.
	WideWidth float64 `json:"wideWidth"`
}

// Validate reports a shape that is not a teardrop: non-finite values, a
// wide end not wider than the narrow one, or a length not beyond the wide
// end's diameter.
func (z TeardropSize) Validate() error {
	if !finite(z.Length) || !finite(z.NarrowWidth) || !finite(z.WideWidth) ||
		z.NarrowWidth < 0 || z.WideWidth <= z.NarrowWidth-Eps || z.WideWidth <= 0 || z.Length <= z.WideWidth {
		return fmt.Errorf("geom: teardrop %+v is not a teardrop (want 0 ≤ narrow ≤ wide < length)", z)
	}
	return nil
}

// Teardrop is a placed teardrop template: its tip (the blast focus), the
// direction its axis runs, and its size.
type Teardrop struct {
	Focus Point        `json:"focus"`
	Angle float64      `json:"angle"`
	Size  TeardropSize `json:"size"`
}

// PlaceTeardrop puts a Direct teardrop template in contact with the
// attacker's base (Direct Template Weapons (N4)): the tip touches the base edge at the
// given angle from its centre and the axis points straight away from the
// centre, so the template never passes through the attacker's Silhouette.
// (A caller wanting an oblique placement builds a Teardrop itself.) The
// attacker's own base touches the template at the tip: leave it out of the
// bases passed to Touched.
func PlaceTeardrop(attacker Circle, angle float64, size TeardropSize) (Teardrop, error) {
	if !attacker.Valid() || !finite(angle) {
		return Teardrop{}, fmt.Errorf("geom: cannot place a teardrop on base %+v at angle %v", attacker, angle)
	}
	if err := size.Validate(); err != nil {
		return Teardrop{}, err
	}
	return Teardrop{
		Focus: attacker.Center.Add(FacingVec(angle).Scale(attacker.Radius)),
		Angle: angle,
		Size:  size,
	}, nil
}

// Validate reports a template with a non-finite focus or angle or a bad
// size.
func (td Teardrop) Validate() error {
	if !td.Focus.Finite() || !finite(td.Angle) {
		return fmt.Errorf("geom: teardrop at %v angle %v is not finite", td.Focus, td.Angle)
	}
	return td.Size.Validate()
}

// Dist is the signed distance from p to the template's outline: negative
// inside, 0 on it, positive outside; +Inf when the template or the point is
// invalid.
//
// In the template's own frame (x across the axis, y along it from the
// narrow disc's centre), the outline is two arcs joined by the outer
// tangents of the discs (radii r0 at y = 0 and r1 at y = h). With
// b = (r0 − r1)/h and a = √(1 − b²), the tangent's normal is (a, b); a
// point whose projection k = −b·x + a·y falls before 0 or beyond a·h is
// nearest one of the discs, otherwise the tangent.
func (td Teardrop) Dist(p Point) float64 {
	if td.Validate() != nil || !p.Finite() {
		return math.Inf(1)
	}
	r0, r1 := td.Size.NarrowWidth/2, td.Size.WideWidth/2
	h := td.Size.Length - r0 - r1
	dir := FacingVec(td.Angle)
	c0 := td.Focus.Add(dir.Scale(r0))
	d := p.Sub(c0)
	y := d.Dot(dir)
	x := math.Abs(dir.Cross(d))
	b := (r0 - r1) / h
	a := math.Sqrt(1 - b*b)
	switch k := -b*x + a*y; {
	case k < 0:
		return math.Hypot(x, y) - r0
	case k > a*h:
		return math.Hypot(x, y-h) - r1
	default:
		return a*x + b*y - r0
	}
}

// Touches reports whether the template touches or covers the base,
// touching counting (Direct Template Weapons (N4)).
func (td Teardrop) Touches(c Circle) bool {
	if !c.Valid() {
		return false
	}
	// The whole template lies within its length of its focus: a base
	// farther than that (with a margin of Eps over the touching
	// distance, for rounding) cannot touch it, and most bases on the
	// table are, so the outline's distance is left unworked.
	if far := td.Size.Length + c.Radius + 2*Eps; c.Center.Sub(td.Focus).Len2() > far*far {
		return false
	}
	return td.Dist(c.Center) <= c.Radius+Eps
}

// Touched lists, in order, the indices of the bases the template touches.
// Scenery does not shield (not modelled).
func (td Teardrop) Touched(bases []Circle) []int {
	if td.Validate() != nil {
		return nil
	}
	var out []int
	for i, b := range bases {
		if td.Touches(b) {
			out = append(out, i)
		}
	}
	return out
}
