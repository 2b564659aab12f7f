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
// The engine finds the move: the one wheel turns the charger square to the
// charged side (a charger that hits at a corner "closes the door" to
// align; folding that turn into the wheel measures it), and the forward
// distance before the wheel is the shortest that gives the most frontage
// in contact. Forward, wheel, forward: the cost is the straight distance
// plus the outside model's arc, and the path may not pass through other
// units (Moving through units).

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

// chargePath finds mv's charge move into side of t. It refuses, naming
// the rule, a move that needs a wheel of more than 90°, one that cannot
// bring the charger's front into contact, and one on the ground that would
// pass through another unit or impassable terrain (skip names the unit a
// character charges out of, which he may pass); a flyer flies over them.
func (s *State) chargePath(mv, t *Unit, side string, skip string) (chargePath, *rules.RuleError) {
	e0, e1, out := t.edgeOf(side, mv.centre())
	tan := e1.Sub(e0)
	wt := tan.Len()
	tan = tan.Scale(1 / wt)
	mid := e0.Add(e1.Sub(e0).Scale(0.5))
	fw0 := mv.forward()
	fw1 := out.Neg()
	theta := math.Atan2(fw0.Cross(fw1), fw0.Dot(fw1)) // radians, positive to the left
	deg := theta * 180 / math.Pi
	if math.Abs(deg) > 90+1e-6 {
		return chargePath{}, rules.Errorf(CodeCharge, ruleChargeMove, "%s would need a wheel of %.0f° to face %s's %s: a charge makes one wheel of at most 90°", mv.ID, math.Abs(deg), t.ID, side)
	}
	if math.Abs(deg) < 1e-9 {
		theta, deg = 0, 0
	}
	w := float64(mv.Files) * mv.Base[0]
	// Where the front's centre stands after wheeling with no move first;
	// moving a inches before the wheel shifts it by a·fw0.
	c := *mv
	c.step(Leg{Wheel: deg})
	at2 := c.At
	b0 := at2.Sub(mid).Dot(out) // inches still to go after the wheel
	cos := math.Cos(theta)
	if b0 < -geom.Eps {
		return chargePath{}, rules.Errorf(CodeCharge, ruleChargeMove, "%s's front is already past %s's %s: no move straight ahead with one wheel reaches it", mv.ID, t.ID, side)
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
		return chargePath{}, rules.Errorf(CodeCharge, ruleChargeMove, "no move straight ahead with one wheel brings %s's front into contact with %s's %s", mv.ID, t.ID, side)
	}
	b := max(0, b0-a*cos)
	p := chargePath{cost: a + math.Abs(theta)*w + b, front: front, face: math.Atan2(fw1.Y, fw1.X) * 180 / math.Pi}
	for _, l := range []Leg{{Forward: a}, {Wheel: deg}, {Forward: b}} {
		if l.Forward > 1e-9 || l.Wheel != 0 {
			p.legs = append(p.legs, l)
		}
	}
	p.at = at2.Add(fw0.Scale(a)).Add(fw1.Scale(b))
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
// left, 4.5" forward.
func describeLegs(legs []Leg) string {
	if len(legs) == 0 {
		return "no move"
	}
	parts := make([]string, len(legs))
	for i, x := range legs {
		switch {
		case x.Forward > 0:
			parts[i] = fmt.Sprintf("%.1f\" forward", x.Forward)
		case x.Backward > 0:
			parts[i] = fmt.Sprintf("%.1f\" backward", x.Backward)
		case x.Wheel > 0:
			parts[i] = fmt.Sprintf("%.0f° wheel left", x.Wheel)
		default:
			parts[i] = fmt.Sprintf("%.0f° wheel right", -x.Wheel)
		}
	}
	return strings.Join(parts, ", ")
}
