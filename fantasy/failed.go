package fantasy

import (
	"math"

	"github.com/ordo-rules/ordo/geom"
)

// Failed charges (8th edition): a charger that does not reach its target
// moves directly towards it as far as the highest single D6 of its charge
// roll, wheeling round impassable terrain and units in its way by the
// shortest route; a flyer flies that move (Fly), passing over units and
// terrain, and may not end on top of a unit or in impassable terrain.
//
// The rule as the engine plays it. The move is made of the legs any move
// is made of — straight on, and wheels on a front corner whose outside
// model's travel counts — and their cost adds up to the highest die. The
// move "directly towards" the target wheels to face the target's centre
// and goes straight on. On the ground it may not pass through another
// unit (the target included) or impassable terrain; a character charging
// out passes through his own unit. It stops at the least gap of stopGap
// from the target: a failed charge never ends in contact.
//
// The approximation. The shortest route round what is in the way is
// sought among a few candidates, not solved for exactly: when the direct
// move is stopped short by something other than the target, the engine
// also tries each heading 10°, 20°, 30°, 45°, 60° and 90° to either side
// of the target, going straight on for a third, two thirds or all of what
// the first wheel leaves, then wheeling to face the target again and
// going straight on for the rest. Each candidate runs as far along its
// legs as it can without passing through anything, and the move is the
// one that ends nearest the target (closest points, as a charge range is
// measured); a tie goes to the direct move, then to the smaller turn
// aside, then left before right, then the shorter first leg — so the same
// table gives the same move. A route that needs more than two wheels or
// a first leg aside of other lengths (a unit boxed in a U of terrain,
// say) is not found: the unit then moves as far as the best of the tried
// ones takes it, perhaps nowhere.
//
// A flyer's failed charge is the direct move only, over whatever is in
// its way. When the spot it would end on is taken — by a unit, impassable
// terrain or the table's edge — it ends shorter, on the same line: at the
// nearest spot before that one that is clear, or where it stands if none
// is.
//
// Edge cases: a charger whose target has gone does not move; a wheel of
// less than a millionth of a degree is no wheel (a target dead ahead is
// met straight on, so the gap a character charging out leaves is exact);
// every route stays on the table.
//
// Cost: one direct move and, only when it is stopped short by something
// in the way, 36 more; each is a fixed bisection (failSteps halvings) of
// path sweeps against the other units' footprints, on the mover's copy,
// with legs kept in fixed arrays. Failed charges are applied, never
// listed by the menu, so playouts pay this only when a charge fails.

// stopGap is how far short of its target a failed charge stops, in
// inches: clear of it, not in base contact.
const stopGap = 0.01

// failSteps is how many times the search halves the run along a route
// to find how far it gets: 2^-20 of a 6" die, a few millionths of an inch.
const failSteps = 20

// failAside are the headings, in degrees off the target's bearing, a
// failed charge stopped short tries to go round what is in its way.
var failAside = [...]float64{10, 20, 30, 45, 60, 90}

// failShares are the shares of what is left after the first wheel that a
// detour goes straight on before wheeling back to face the target.
var failShares = [...]float64{1.0 / 3, 2.0 / 3, 1}

// failRoute is a failed charge's route: at most four legs.
type failRoute struct {
	legs [4]Leg
	n    int
}

func (r *failRoute) add(l Leg) {
	if l.Forward > 1e-9 || math.Abs(l.Wheel) >= 1e-6 {
		r.legs[r.n] = l
		r.n++
	}
}

// failedMove is a failed charge's move found by failedMove: its legs, the
// unit where it ends, and the inches it moved.
type failedMove struct {
	route failRoute
	end   Unit
	moved float64
}

// Legs are the move's legs.
func (m *failedMove) Legs() []Leg { return m.route.legs[:m.route.n] }

// bearing is the turn, in degrees positive to the left, that faces c
// towards p from its centre.
func bearing(c *Unit, p geom.Point) float64 {
	fw := c.forward()
	d := p.Sub(c.centre())
	if d.Len2() < 1e-18 {
		return 0
	}
	a := math.Atan2(fw.Cross(d), fw.Dot(d)) * 180 / math.Pi
	if math.Abs(a) < 1e-6 {
		return 0
	}
	return a
}

// legCost is what a leg costs c (its width for a wheel).
func legCost(l Leg, w float64) float64 {
	switch {
	case l.Wheel != 0:
		return math.Abs(l.Wheel) * math.Pi / 180 * w
	case l.Backward > 0:
		return 2 * l.Backward
	}
	return l.Forward
}

// failRouteOf builds the route aside degrees off the bearing to goal,
// going straight on for share of what the first wheel leaves before
// wheeling back to face goal; aside 0 is the direct move. The legs cost
// budget in all (a wheel cut short when it alone spends it).
func failRouteOf(mv *Unit, goal geom.Point, aside, share, budget float64) failRoute {
	var r failRoute
	c := *mv // only At and Facing change
	w := float64(c.Files) * c.Base[0]
	rem := budget
	wheel := func(a float64) {
		if a == 0 || rem <= 0 {
			return
		}
		if cost := math.Abs(a) * math.Pi / 180 * w; cost > rem {
			a = math.Copysign(rem/(math.Pi/180*w), a)
			rem = 0
		} else {
			rem -= cost
		}
		l := Leg{Wheel: a}
		r.add(l)
		c.step(l)
	}
	forward := func(d float64) {
		if d <= 0 {
			return
		}
		l := Leg{Forward: d}
		r.add(l)
		rem -= d
		c.step(l)
	}
	first := bearing(&c, goal)
	if aside != 0 {
		first += aside
	}
	wheel(first)
	if aside == 0 || share >= 1 {
		forward(rem)
		return r
	}
	forward(share * rem)
	wheel(bearing(&c, goal))
	forward(rem)
	return r
}

// prefix is the first s inches of r's legs for a unit w wide, into dst.
func (r *failRoute) prefix(s, w float64) failRoute {
	var p failRoute
	for _, l := range r.legs[:r.n] {
		if s <= 0 {
			break
		}
		cost := legCost(l, w)
		if cost <= s {
			p.add(l)
			s -= cost
			continue
		}
		if l.Wheel != 0 {
			p.add(Leg{Wheel: math.Copysign(s/(math.Pi/180*w), l.Wheel)})
		} else {
			p.add(Leg{Forward: s})
		}
		break
	}
	return p
}

// failedMove finds the failed charge move of mv, high inches towards t
// (skip names the unit a character charges out of, which he may pass).
func (s *State) failedMove(mv, t *Unit, high float64, skip string) failedMove {
	w := float64(mv.Files) * mv.Base[0]
	goal := t.centre()
	tfp := t.footprint()
	fly := s.flies(mv)
	// run is how far along r the mover gets: the longest prefix whose end
	// and (on the ground) path are clear, found by bisection.
	var end Unit
	at := func(r *failRoute, d float64) (*Unit, failRoute) {
		p := r.prefix(d, w)
		end = *mv
		for _, l := range p.legs[:p.n] {
			end.step(l)
		}
		return &end, p
	}
	blocked := func(r *failRoute, d float64) bool {
		e, p := at(r, d)
		fp := e.footprint()
		if rectDist(fp, tfp) < stopGap || !s.onTable(e) {
			return true
		}
		if fly {
			return false // the spot it lands on is checked apart
		}
		return s.through(mv, p.legs[:p.n], skip) != "" || s.ImpassableOnPath(mv, p.legs[:p.n]) != ""
	}
	// No point of the block travels more than reach times the inches a
	// move costs (a wheel's rear corner swings further than the outside
	// model), so a route blocked within hi inches ends no nearer the
	// target than gap0 - reach·hi: a detour that cannot beat the best
	// move so far is dropped as soon as its bisection shows it.
	gap0 := rectDist(mv.footprint(), tfp)
	reach := math.Hypot(w, float64(len(mv.Ranks))*mv.Base[1]) / w
	run := func(r *failRoute, bound float64) (float64, bool) {
		if !blocked(r, high) {
			return high, true
		}
		lo, hi := 0.0, high
		for range failSteps {
			if gap0-reach*hi >= bound {
				return 0, false
			}
			mid := (lo + hi) / 2
			if blocked(r, mid) {
				hi = mid
			} else {
				lo = mid
			}
		}
		return lo, true
	}
	result := func(r *failRoute, d float64) failedMove {
		e, p := at(r, d)
		return failedMove{route: p, end: *e, moved: d}
	}

	direct := failRouteOf(mv, goal, 0, 1, high)
	d, _ := run(&direct, math.Inf(-1))
	if fly {
		return result(&direct, s.landing(mv, &direct, d, w, skip))
	}
	best := result(&direct, d)
	bestGap := rectDist(best.end.footprint(), tfp)
	if d >= high || bestGap < stopGap+1e-3 {
		return best // it ran its whole distance, or up to the target
	}
	for _, a := range failAside {
		for _, side := range [...]float64{1, -1} {
			for _, sh := range failShares {
				r := failRouteOf(mv, goal, side*a, sh, high)
				d, ok := run(&r, bestGap-1e-6)
				if !ok {
					continue
				}
				m := result(&r, d)
				if g := rectDist(m.end.footprint(), tfp); g < bestGap-1e-6 {
					best, bestGap = m, g
				}
			}
		}
	}
	return best
}

// landing is how far along r (the direct move, run d inches before it
// would meet the target or the table's edge) a flyer flies: d when it
// lands clear of units and impassable terrain; or else, stepping back
// over each thing it would land on (a unit or piece of terrain, which is
// convex or near enough: the stretch of the line it covers is one piece),
// the nearest clear spot before it; or 0, where it stands.
func (s *State) landing(mv *Unit, r *failRoute, d, w float64, skip string) float64 {
	on := func(x float64) (unit, rock string) {
		p := r.prefix(x, w)
		e := *mv
		for _, l := range p.legs[:p.n] {
			e.step(l)
		}
		return s.slideThrough(&e, geom.Vec{}, skip)
	}
	// Each step back passes one more thing in the way; there are no more
	// of them than units and pieces of terrain.
	for range len(s.Units) + len(s.Terrain) + 2 {
		if d <= 0 {
			return 0
		}
		u, rock := on(d)
		if u == "" && rock == "" {
			return d
		}
		lo, hi := 0.0, d
		for range failSteps {
			mid := (lo + hi) / 2
			if mu, mr := on(mid); (u != "" && mu == u) || (u == "" && mr == rock) {
				hi = mid
			} else {
				lo = mid
			}
		}
		d = lo
	}
	return 0
}
