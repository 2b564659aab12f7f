package fantasy

import (
	"fmt"
	"math"
	"strings"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// The charge move (8th edition, "Move chargers"): the charger moves
// straight forward and may make one wheel, of at most 90°, to bring its
// front into contact with the side of the enemy it charges; the wheel's
// outside-model travel counts towards the charge range, and the charger
// brings as many models into contact as it can.
//
// The engine finds the move among two kinds. Squaring up (squarePath):
// the one wheel turns the charger square to the charged side (a charger
// that hits at a corner "closes the door" to align; folding that turn
// into the wheel measures it), and the forward distance before the wheel
// is the shortest that gives the most frontage in contact — forward,
// wheel, forward, the cost the straight distance plus the outside model's
// arc. Wheeling in (doorPath): forward, a wheel of at most 90° towards the
// side, forward until a front corner meets it, then the free turn that
// closes the door. The second is tried when the first is impossible (a
// squaring wheel over 90°, a front already past the side, no frontage: a
// charger square to the side but off to one side of it) or leaves part of
// the front that could touch out of contact. Of the moves clear of other
// units and impassable terrain (Moving through units), the engine takes
// one within the charge range rolled if there is one (at declaration, the
// longest it could roll), then the most frontage, then the shortest: a
// charger brings as many models into contact as its roll allows.
//
// What remains approximate: "models in contact" is measured as inches of
// the charger's front along the side; the wheel in is searched over whole
// degrees and refined near the best, not solved; only the charged side is
// reached for (a wheel that would also touch a second side is not sought);
// a unit already on the side is not shuffled to make room; and the door's
// turn closes on the charger alone (the target never turns to meet it).

// ruleChargeMove names the charge move.
const ruleChargeMove = "Charge move (one wheel)"

// minFrontage is the least width of the charger's front that must end in
// contact for the move to count as bringing its front into contact.
const minFrontage = 0.1

// chargePath is a charge move the engine found.
type chargePath struct {
	legs  []Leg
	cost  float64 // inches of the charge range it uses
	at    geom.Point
	face  float64 // the facing it ends with, square to the side it hits
	front float64 // inches of the charger's front in contact
	// door is the free turn, in degrees (positive to the left), that
	// closes the door after a front corner meets the side; when it is not
	// 0 it is the last of legs, there for the path checks, and not in cost.
	door float64
}

// describe says the move for people, the door closing last.
func (p chargePath) describe() string {
	if p.door == 0 {
		return describeLegs(p.legs)
	}
	return describeLegs(p.legs[:len(p.legs)-1]) + ", then closes the door (" + describeLegs(p.legs[len(p.legs)-1:]) + ", free)"
}

// edgeOf is the side of t a charger coming from p hits: its two corners
// and its outward normal.
func (t *Unit) edgeOf(side string, from geom.Point) (a, b geom.Point, out geom.Vec) {
	fp := t.footprint() // front-left, rear-left, rear-right, front-right
	switch side {
	case "front":
		a, b = fp[3], fp[0]
	case "rear":
		a, b = fp[1], fp[2]
	default:
		if t.right().Dot(from.Sub(t.centre())) > 0 {
			a, b = fp[2], fp[3]
		} else {
			a, b = fp[0], fp[1]
		}
	}
	mid := a.Add(b.Sub(a).Scale(0.5))
	out = b.Sub(a).Perp().Unit()
	if out.Dot(mid.Sub(t.centre())) < 0 {
		out = out.Neg()
	}
	return a, b, out
}

// chargePath finds mv's charge move into side of t, the one that brings
// the most of its front into contact (chargePathWithin, with no limit on
// its length).
func (s *State) chargePath(mv, t *Unit, side string, skip string) (chargePath, *rules.RuleError) {
	return s.chargePathWithin(mv, t, side, skip, math.Inf(1))
}

// chargePathWithin finds mv's charge move into side of t: of the moves
// clear of what is in the way, one within budget inches if there is one,
// then the one with the most of the front in contact, then the shortest
// (8th edition: the charger brings as many models into contact as it can
// with the move it has). It tries the move that squares the charger up
// with its one wheel and, when that is impossible or leaves part of the
// front that could touch out of contact, the move that wheels in to meet
// the side at a corner and closes the door (doorPath). It refuses, naming
// the rule, a charge that neither brings into contact, and one whose every
// move on the ground would pass through another unit or impassable
// terrain (skip names the unit a character charges out of, which he may
// pass); a flyer flies over them.
func (s *State) chargePathWithin(mv, t *Unit, side string, skip string, budget float64) (chargePath, *rules.RuleError) {
	e0, e1, out := t.edgeOf(side, mv.centre())
	wt := e1.Sub(e0).Len()
	fw0 := mv.forward()
	fw1 := out.Neg()
	theta := math.Atan2(fw0.Cross(fw1), fw0.Dot(fw1)) // radians, positive to the left
	deg := theta * 180 / math.Pi
	if math.Abs(deg) < 1e-9 {
		theta, deg = 0, 0
	}
	w := float64(mv.Files) * mv.Base[0]
	var (
		found [2]chargePath
		n     int
		first *rules.RuleError // the first move that was in the way
	)
	try := func(p chargePath) {
		cp, err := s.clearPath(mv, t, p, skip)
		if err != nil {
			if first == nil {
				first = err
			}
			return
		}
		found[n] = cp
		n++
	}
	// why says, with verbs for the charger, the target and the side, why
	// squaring up cannot be done (formatted only for a refusal).
	why := ""
	front := 0.0
	if math.Abs(deg) > 90+1e-6 {
		why = "over 90"
	} else {
		var p chargePath
		if p, why = mv.squarePath(e0, e1, out, theta); why == "" {
			front = p.front
			try(p)
		}
	}
	// The door is tried too when squaring up leaves part of the front
	// that could touch out of contact.
	if why != "" || front < min(w, wt)-frontTol {
		if p, ok := mv.doorPath(e0, e1, out, theta, budget); ok {
			try(p)
		}
	}
	if n == 0 {
		if first != nil {
			return chargePath{}, first
		}
		if why == "over 90" {
			return chargePath{}, rules.Errorf(CodeCharge, ruleChargeMove, "%s would need a wheel of %.0f° to face %s's %s: a charge makes one wheel of at most 90°, and no such wheel meets it at a corner to close the door", mv.ID, math.Abs(deg), t.ID, side)
		}
		return chargePath{}, rules.Errorf(CodeCharge, ruleChargeMove, why, mv.ID, t.ID, side)
	}
	best := found[0]
	for _, p := range found[1:n] {
		if betterCharge(p, best, budget) {
			best = p
		}
	}
	return best, nil
}

// betterCharge reports whether charge move x beats y: within budget when
// y is not, then more of the front in contact, then shorter.
func betterCharge(x, y chargePath, budget float64) bool {
	xin, yin := x.cost <= budget+geom.Eps, y.cost <= budget+geom.Eps
	if xin != yin {
		return xin
	}
	if x.front > y.front+frontTol {
		return true
	}
	return x.front > y.front-frontTol && x.cost < y.cost-1e-9
}

// squarePath is the charge move that squares mv up to the side (e0 to e1,
// outward normal out) with its one wheel of theta radians, with the least
// move straight on before the wheel that puts the most of its front in
// contact; or a reason, with verbs for the charger, the target and the
// side, that there is none.
func (mv *Unit) squarePath(e0, e1 geom.Point, out geom.Vec, theta float64) (chargePath, string) {
	tan := e1.Sub(e0)
	wt := tan.Len()
	tan = tan.Scale(1 / wt)
	mid := e0.Add(e1.Sub(e0).Scale(0.5))
	fw0 := mv.forward()
	fw1 := out.Neg()
	deg := theta * 180 / math.Pi
	w := float64(mv.Files) * mv.Base[0]
	// Where the front's centre stands after wheeling with no move first;
	// moving a inches before the wheel shifts it by a·fw0.
	c := *mv
	c.step(Leg{Wheel: deg})
	at2 := c.At
	b0 := at2.Sub(mid).Dot(out) // inches still to go after the wheel
	cos := math.Cos(theta)
	if b0 < -geom.Eps {
		return chargePath{}, "%s's front is already past %s's %s: no move straight ahead with one wheel reaches it, nor a wheel in to meet it at a corner and close the door"
	}
	aMax := math.Inf(1)
	if cos > 1e-9 {
		aMax = max(0, b0) / cos
	}
	// The front's centre across the side, and how it changes with a.
	l0, slope := at2.Sub(mid).Dot(tan), fw0.Dot(tan)
	half := math.Abs(wt-w) / 2 // within ±half, the most frontage touches
	a := 0.0
	if math.Abs(l0) > half && math.Abs(slope) > 1e-12 {
		goal := math.Copysign(half, l0)
		a = max(0, (goal-l0)/slope)
		a = min(a, aMax)
	}
	l := l0 + a*slope
	front := min(l+w/2, wt/2) - max(l-w/2, -wt/2)
	if front < minFrontage {
		return chargePath{}, "no move straight ahead with one wheel, nor a wheel in to meet it at a corner and close the door, brings %s's front into contact with %s's %s"
	}
	b := max(0, b0-a*cos)
	p := chargePath{cost: a + math.Abs(theta)*w + b, front: front, face: math.Atan2(fw1.Y, fw1.X) * 180 / math.Pi}
	for _, l := range []Leg{{Forward: a}, {Wheel: deg}, {Forward: b}} {
		if l.Forward > 1e-9 || l.Wheel != 0 {
			p.legs = append(p.legs, l)
		}
	}
	p.at = at2.Add(fw0.Scale(a)).Add(fw1.Scale(b))
	return p, ""
}

// clearPath refuses p when it would pass through another unit or
// impassable terrain, or, for a flyer, end on top of them.
func (s *State) clearPath(mv, t *Unit, p chargePath, skip string) (chargePath, *rules.RuleError) {
	// A flying charge passes over units and terrain (Fly), as a flying
	// move does, but lands clear of them.
	if s.flies(mv) {
		end := *mv
		end.At, end.Facing = p.at, p.face
		switch e, rock := s.slideThrough(&end, geom.Vec{}, skip, t.ID); {
		case e != "":
			return chargePath{}, rules.Errorf(CodeCharge, ruleFly, "%s's flying charge would end on top of %s", mv.ID, e)
		case rock != "":
			return chargePath{}, rules.Errorf(CodeCharge, ruleImpassable, "%s's flying charge would end on impassable terrain %q", mv.ID, rock)
		}
		return p, nil
	}
	// The target is no obstacle: a charger whose wheel meets it at a corner
	// closes the door and ends square to it all the same.
	if e := s.through(mv, p.legs, skip, t.ID); e != "" {
		return chargePath{}, rules.Errorf(CodeCharge, ruleThrough, "%s's charge move would pass through %s", mv.ID, e)
	}
	if e := s.ImpassableOnPath(mv, p.legs); e != "" {
		return chargePath{}, rules.Errorf(CodeCharge, ruleImpassable, "%s's charge move would cross impassable terrain %q", mv.ID, e)
	}
	return p, nil
}

// describeLegs says a move's legs for people: 3.0" forward, 20° wheel
// left, 4.5" forward. A leg too small to show at that precision (under
// 0.05" or half a degree: a charger nudged a few thousandths of an inch
// before its wheel) is left out rather than printed as 0.0" forward.
func describeLegs(legs []Leg) string {
	parts := make([]string, 0, len(legs))
	for _, x := range legs {
		switch {
		case x.Forward >= 0.05:
			parts = append(parts, fmt.Sprintf("%.1f\" forward", x.Forward))
		case x.Backward >= 0.05:
			parts = append(parts, fmt.Sprintf("%.1f\" backward", x.Backward))
		case x.Wheel >= 0.5:
			parts = append(parts, fmt.Sprintf("%.0f° wheel left", x.Wheel))
		case x.Wheel <= -0.5:
			parts = append(parts, fmt.Sprintf("%.0f° wheel right", -x.Wheel))
		}
	}
	if len(parts) == 0 {
		if len(legs) == 0 {
			return "no move"
		}
		return "a move too small to measure"
	}
	return strings.Join(parts, ", ")
}

// frontTol is how much more frontage counts as more when doorPath weighs
// two moves: a thousandth of an inch, below what a table can show.
const frontTol = 1e-3

// doorSteps are the wheels, in degrees, doorPath tries first: every
// degree of the 90° either way a charge may wheel.
const doorSteps = 90

// doorPath finds the other kind of charge move, for a charger that cannot
// square up to the side with its one wheel and still bring its front into
// contact (one already square to it but off to one side, say), or only a
// little of it: straight
// on, one wheel of at most 90° towards the side, straight on until a front
// corner meets the side (e0 to e1, outward normal out), then the free turn
// that closes the door — a wheel on that corner until the front lies
// along the side. The door's turn is not counted; the first wheel's
// outside-model arc and the straight moves are. theta is the turn, in
// radians, that would square the charger up to the side.
//
// Of the moves it tries — every whole degree of wheel, then a finer search
// around the best — it takes one within budget inches if there is one,
// then the one with the most of the front in contact, then the shortest. Each try is a little arithmetic on the
// charger's copy, with nothing allocated: the menu asks this for every
// charge it lists.
func (mv *Unit) doorPath(e0, e1 geom.Point, out geom.Vec, theta, budget float64) (chargePath, bool) {
	tan := e1.Sub(e0)
	wt := tan.Len()
	if wt < geom.Eps {
		return chargePath{}, false
	}
	tan = tan.Scale(1 / wt)
	mid := e0.Add(e1.Sub(e0).Scale(0.5))
	w := float64(mv.Files) * mv.Base[0]
	fw0 := mv.forward()
	fw1 := out.Neg()
	r1 := fw1.Perp().Neg()
	type try struct {
		ok          bool
		psi, a, b   float64 // the wheel (degrees) and the straight moves
		front, cost float64
	}
	var best try
	// beats reports whether x is the better of two moves: within budget
	// when y is not, then more frontage, then shorter.
	beats := func(x, y try) bool {
		if !x.ok {
			return false
		}
		if !y.ok {
			return true
		}
		if xin, yin := x.cost <= budget+geom.Eps, y.cost <= budget+geom.Eps; xin != yin {
			return xin
		}
		if x.front > y.front+frontTol {
			return true
		}
		return x.front > y.front-frontTol && x.cost < y.cost-1e-9
	}
	better := func(x try) bool { return beats(x, best) }
	r0 := mv.right()
	st, ct := math.Sincos(theta)
	eval := func(psi float64) try {
		// The wheel worked out here, as step does it (on the front corner
		// on the side it turns to), with one sine and cosine a try.
		sa, ca := math.Sincos(psi * math.Pi / 180)
		cd, sd := ca*ct+sa*st, sa*ct-ca*st // of delta, the wheel less theta: the door's turn is -delta
		if math.Abs(psi) > 90+1e-9 || cd < 1e-6 || math.Abs(sd) < 1e-9 {
			return try{} // no door to close, or a wheel away from the side
		}
		rot := func(v geom.Vec) geom.Vec { return geom.Vec{X: v.X*ca - v.Y*sa, Y: v.X*sa + v.Y*ca} }
		side := -1.0 // a left wheel pivots on the left front corner
		if psi < 0 {
			side = 1
		}
		pivot := mv.At.Add(r0.Scale(side * w / 2))
		at2 := pivot.Add(rot(mv.At.Sub(pivot)))
		fw2, r2 := rot(fw0), rot(r0)
		// The corner that leads: the right one when the wheel left the
		// charger turned left of square (it closes the door rightwards).
		lead := 1.0
		if sd < 0 {
			lead = -1
		}
		c0 := at2.Add(r2.Scale(lead * w / 2))
		d0, kd := c0.Sub(mid).Dot(out), fw0.Dot(out)
		l0 := c0.Sub(mid).Dot(tan) + d0/cd*fw2.Dot(tan)
		kl := fw0.Dot(tan) + kd/cd*fw2.Dot(tan)
		ext := -lead * r1.Dot(tan) // the front runs from the corner this way along the side
		var cands [6]float64
		n := 0
		cands[n] = 0
		n++
		if math.Abs(kd) > 1e-12 {
			cands[n] = -d0 / kd
			n++
		}
		if math.Abs(kl) > 1e-12 {
			for _, goal := range [...]float64{-wt / 2, wt / 2, -wt/2 - ext*w, wt/2 - ext*w} {
				cands[n] = (goal - l0) / kl
				n++
			}
		}
		var got try
		for _, a := range cands[:n] {
			if a < 0 {
				if a < -1e-9 {
					continue
				}
				a = 0
			}
			b := (d0 + a*kd) / cd
			if b < -1e-9 {
				continue
			}
			b = max(0, b)
			l := l0 + a*kl
			if math.Abs(l) > wt/2+1e-9 {
				continue // the corner misses the side
			}
			lo, hi := min(l, l+ext*w), max(l, l+ext*w)
			front := min(hi, wt/2) - max(lo, -wt/2)
			x := try{ok: front >= minFrontage, psi: psi, a: a, b: b, front: front, cost: a + math.Abs(psi)*math.Pi/180*w + b}
			if beats(x, got) {
				got = x
			}
		}
		return got
	}
	for i := -doorSteps; i <= doorSteps; i++ {
		if x := eval(float64(i)); better(x) {
			best = x
		}
	}
	if !best.ok {
		return chargePath{}, false
	}
	// Narrow in on the best wheel: to a twentieth of a degree within one
	// degree of it, then to a four-hundredth within a twentieth. (Moving
	// straight on before the wheel is cheaper than after it, which goes
	// aslant, so the best move may start with a sliver of one.)
	for _, step := range [...]float64{1.0 / 20, 1.0 / 400} {
		centre := best.psi
		for i := -20; i <= 20; i++ {
			if x := eval(centre + float64(i)*step); better(x) {
				best = x
			}
		}
	}
	door := theta*180/math.Pi - best.psi
	legs := make([]Leg, 0, 4)
	p := chargePath{cost: best.cost, front: best.front, face: math.Atan2(fw1.Y, fw1.X) * 180 / math.Pi, door: door}
	for _, l := range [...]Leg{{Forward: best.a}, {Wheel: best.psi}, {Forward: best.b}} {
		if l.Forward > 1e-9 || l.Wheel != 0 {
			legs = append(legs, l)
		}
	}
	p.legs = append(legs, Leg{Wheel: door})
	c := *mv // only At and Facing change: the slices are shared, never written
	for _, l := range p.legs {
		c.step(l)
	}
	p.at = c.At
	return p, true
}
