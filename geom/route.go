package geom

import (
	"fmt"
	"math"
)

// Route is a declared movement: the positions of the moving base's centre,
// from where it stands to where it ends, joined by straight legs
// (Move (N4): the player declares the final location and the exact
// route). Leg i runs from r[i] to r[i+1]; a route of one point is a single
// leg of length 0 (standing still).
type Route []Point

// Length is the distance travelled along the route.
func (r Route) Length() float64 {
	sum := 0.0
	for i := 1; i < len(r); i++ {
		sum += r[i-1].Dist(r[i])
	}
	return sum
}

// Validate reports an empty route or a non-finite point.
func (r Route) Validate() error {
	if e, bad := r.fault(); bad {
		return &e
	}
	return nil
}

// fault is Validate's refusal as a value, for RouteRefusal, which must not
// allocate.
func (r Route) fault() (RouteError, bool) {
	if len(r) == 0 {
		return RouteError{Fault: RouteInvalid, Leg: -1, Obstacle: -1, Reason: "empty route"}, true
	}
	for i, p := range r {
		if !p.Finite() {
			return RouteError{Fault: RouteInvalid, Leg: max(i-1, 0), Obstacle: -1, Reason: fmt.Sprintf("point %d is not finite", i)}, true
		}
	}
	return RouteError{}, false
}

// finite reports whether every point of r is finite, in one sum: the
// test a well-formed route passes before fault is asked why not.
func (r Route) finite() bool {
	sum := 0.0
	for _, p := range r {
		sum += (p.X - p.X) + (p.Y - p.Y)
	}
	return sum == 0
}

// legs is the number of legs (1 for a one-point route).
func (r Route) legs() int { return max(len(r)-1, 1) }

// leg is leg i as a segment.
func (r Route) leg(i int) Segment {
	if len(r) == 1 {
		return Segment{r[0], r[0]}
	}
	return Segment{r[i], r[i+1]}
}

// RouteFault says why a route is illegal.
type RouteFault uint8

const (
	// RouteInvalid: empty route, non-finite point or bad radius.
	RouteInvalid RouteFault = iota + 1
	// RouteLeavesTable: the moving base would leave the table.
	RouteLeavesTable
	// RouteCrossesBase: the moving base would pass through another base.
	RouteCrossesBase
	// RouteCrossesImpassable: the moving base would enter Impassable terrain.
	RouteCrossesImpassable
)

// String names the fault.
func (f RouteFault) String() string {
	switch f {
	case RouteInvalid:
		return "invalid route"
	case RouteLeavesTable:
		return "leaves the table"
	case RouteCrossesBase:
		return "passes through a base"
	case RouteCrossesImpassable:
		return "enters impassable terrain"
	}
	return fmt.Sprintf("RouteFault(%d)", uint8(f))
}

// RouteError is why a route is illegal, and where.
type RouteError struct {
	Fault RouteFault
	// Leg is the index of the first offending leg (route[Leg] →
	// route[Leg+1]); for a non-finite point, the first leg that uses it;
	// -1 when the route as a whole is malformed (empty, bad radius, bad
	// base).
	Leg int
	// Obstacle is the index of the base (in the others passed to
	// CheckRoute) or of the terrain piece (in Table.Terrain) that is hit;
	// -1 when there is none.
	Obstacle int
	// Name is the terrain piece's name, when it has one.
	Name string
	// Reason adds detail for RouteInvalid.
	Reason string
}

// Error describes the fault.
func (e *RouteError) Error() string {
	switch e.Fault {
	case RouteInvalid:
		return "geom: invalid route: " + e.Reason
	case RouteCrossesBase:
		return fmt.Sprintf("geom: route leg %d passes through base %d", e.Leg, e.Obstacle)
	case RouteCrossesImpassable:
		if e.Name != "" {
			return fmt.Sprintf("geom: route leg %d enters impassable terrain %d (%q)", e.Leg, e.Obstacle, e.Name)
		}
		return fmt.Sprintf("geom: route leg %d enters impassable terrain %d", e.Leg, e.Obstacle)
	}
	return fmt.Sprintf("geom: route leg %d %v", e.Leg, e.Fault)
}

// CheckRoute reports whether a base of the given radius may follow the
// route (Move (N4)), and if not, the first leg that fails and why, as a
// *RouteError. The whole base is swept along each leg:
//
//   - it may not pass through another model's base: its centre must stay at
//     least the sum of the radii from every other centre. Touching is
//     allowed, so a route that brushes past a base, or ends in base
//     contact, is legal. The caller passes the bases that obstruct movement
//     (not the mover's own);
//   - it may not enter Impassable terrain: touching its outline is allowed;
//   - it may not leave the table: the whole base stays inside
//     [0, Width] × [0, Height] (a nil table has no edges).
//
// Legs are checked in order, and for each leg the table edge, then terrain
// in table order, then bases in the order given. Surface, climbing and
// MOV-distance requirements are the ruleset's business (Length gives the
// distance).
func (t *Table) CheckRoute(r Route, radius float64, others []Circle) error {
	if e, refused := t.RouteRefusal(r, radius, others); refused {
		return &e
	}
	return nil
}

// RouteRefusal is CheckRoute with the refusal as a value: refused reports
// an illegal route, and e says why. A menu checks many routes and refuses
// many of them; this allocates nothing for a well-formed route.
func (t *Table) RouteRefusal(r Route, radius float64, others []Circle) (e RouteError, refused bool) {
	return t.RouteRefusalExcept(r, radius, NewBases(others), -1)
}

// Bases are circles checked once (NewBases) for the many route and Line
// of Fire questions a caller asks through them (RouteRefusalExcept,
// LoFExcept): each question would otherwise test every one again.
type Bases struct {
	c   []Circle
	bad int // 1 + the index of the first circle that is not Valid; 0 for none
}

// NewBases checks c, which it keeps: c is not to change after.
func NewBases(c []Circle) Bases {
	for i, o := range c {
		if !o.Valid() {
			return Bases{c: c, bad: i + 1}
		}
	}
	return Bases{c: c}
}

// Circles are the circles b was made of.
func (b Bases) Circles() []Circle { return b.c }

// firstBad is the index of the first circle not Valid, leaving out
// c[skipA] and c[skipB]; -1 for none.
func (b Bases) firstBad(skipA, skipB int) int {
	if b.bad == 0 {
		return -1
	}
	for i := b.bad - 1; i < len(b.c); i++ {
		if !b.c[i].Valid() && i != skipA && i != skipB {
			return i
		}
	}
	return -1
}

// RouteRefusalExcept is RouteRefusal through others but others[skip] (a
// skip outside others leaves none out): the same refusal as RouteRefusal
// through the others without it, save that a base is counted (Obstacle,
// and the Reason of a bad base) by its index in others. A caller that
// keeps the bases on the table, the mover's among them, checks many
// routes through them without copying them each time.
func (t *Table) RouteRefusalExcept(r Route, radius float64, bases Bases, skip int) (e RouteError, refused bool) {
	if len(r) == 0 || !r.finite() {
		if e, bad := r.fault(); bad {
			return e, true
		}
	}
	if !finite(radius) || radius < 0 {
		return RouteError{Fault: RouteInvalid, Leg: -1, Obstacle: -1, Reason: fmt.Sprintf("radius %v", radius)}, true
	}
	if i := bases.firstBad(skip, -1); i >= 0 {
		return RouteError{Fault: RouteInvalid, Leg: -1, Obstacle: i, Reason: fmt.Sprintf("base %d is not valid", i)}, true
	}
	others := bases.c
	terrain := t.terrain()
	boxes := t.boxesOf()
	for i := range r.legs() {
		s := r.leg(i)
		if t != nil && (!t.holds(s.A, radius) || !t.holds(s.B, radius)) {
			return RouteError{Fault: RouteLeavesTable, Leg: i, Obstacle: -1}, true
		}
		box := s.Bounds()
		for j := range terrain {
			tr := &terrain[j]
			if !tr.Flags.Has(Impassable) {
				continue
			}
			var tb Rect
			if boxes != nil {
				tb = boxes[j]
			} else {
				tb = tr.Outline.Bounds()
			}
			// The piece's box grown by the radius must meet the leg's
			// (sweepEnters asks it first; asked here, most pieces cost no
			// call).
			if !(tb.Min.X-radius <= box.Max.X+Eps && box.Min.X <= tb.Max.X+radius+Eps &&
				tb.Min.Y-radius <= box.Max.Y+Eps && box.Min.Y <= tb.Max.Y+radius+Eps) {
				continue
			}
			if sweepEnters(tr.Outline, tb, s, radius) {
				return RouteError{Fault: RouteCrossesImpassable, Leg: i, Obstacle: j, Name: tr.Name}, true
			}
		}
		for j, o := range others {
			if nearLeg(o, box, radius) && j != skip && s.DistTo(o.Center) < o.Radius+radius-Eps {
				return RouteError{Fault: RouteCrossesBase, Leg: i, Obstacle: j}, true
			}
		}
	}
	return RouteError{}, false
}

// nearLeg reports whether the base o may be near enough the leg whose box
// is box for a base of the given radius swept along it to pass through o.
// A base whose centre is clear of the leg's bounding box by more than the
// distance that would refuse it cannot be refused: most bases on the table
// are, and the box test is far cheaper than the distance (the margin of Eps
// keeps rounding out of it).
func nearLeg(o Circle, box Rect, radius float64) bool {
	far := o.Radius + radius
	return o.Center.X >= box.Min.X-far && o.Center.X <= box.Max.X+far &&
		o.Center.Y >= box.Min.Y-far && o.Center.Y <= box.Max.Y+far
}

// holds reports whether a base of radius r centred on p is on the table.
func (t *Table) holds(p Point, r float64) bool {
	return p.X-r >= -Eps && p.X+r <= t.Width+Eps && p.Y-r >= -Eps && p.Y+r <= t.Height+Eps
}

// sweepEnters reports whether a disc of radius r swept along s gets more
// than Eps inside the polygon: the centre line crosses the interior, or the
// disc reaches across the outline, or the whole sweep lies inside.
func sweepEnters(pg Polygon, box Rect, s Segment, r float64) bool {
	grown := Rect{Min: Point{box.Min.X - r, box.Min.Y - r}, Max: Point{box.Max.X + r, box.Max.Y + r}}
	if !grown.Overlaps(s.Bounds()) {
		return false
	}
	if pg.CrossedBy(s) || pg.Interior(s.A) {
		return true
	}
	d := math.Inf(1)
	for i := range pg {
		d = min(d, SegmentDistance(pg.edge(i), s))
	}
	return d < r-Eps
}
