package bot

import (
	"math"
	"math/rand/v2"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/rules"
)

// The weights of greedy's fantasy scores, in points (a unit's points
// value, as the victory points count it).
const (
	// rolls is how many throws of the dice each action is tried with.
	rolls = 4
	// closeIn is the value of each inch a unit without missiles moves
	// toward the nearest enemy unit, per point of its own value.
	closeIn = 0.004
	// keepRange is the value of each inch a unit with missiles moves
	// toward most of its range from the nearest enemy unit, per point.
	keepRange = 0.004
	// chargeWeight is the share of the weaker side's value a charge is
	// worth, scaled by how much stronger the charger is.
	chargeWeight = 0.5
	// fleeing is the share of its value a fleeing unit keeps.
	fleeing = 0.5
)

// scoreFantasy scores each menu entry on s for seat (see Greedy): the
// action is applied to copies of s with several throws of the dice drawn
// with r (the dice of shooting, close combat, Break tests, flight and
// pursuit), and each copy is valued by the points each side has scored and
// what its units are still worth (models and wounds left, fleeing units at
// a share); to that a charge adds how much stronger the charger is than
// its target, and a move the inches it gains toward the nearest enemy (a
// unit with missiles: toward most of its range from it).
func scoreFantasy(s *fantasy.State, seat rules.Seat, menu []rules.Action, r *rand.Rand) []float64 {
	seeds := make([]uint64, rolls)
	for k := range seeds {
		seeds[k] = r.Uint64()
	}
	base := worth(s, seat)
	scores := make([]float64, len(menu))
	for i, a := range menu {
		sum, n := 0.0, 0
		for _, seed := range seeds {
			c := s.Clone()
			if _, err := c.Apply(seat, a, dice.NewPCG(seed, 0xfa)); err != nil {
				continue
			}
			sum += worth(c.(*fantasy.State), seat) - base
			n++
		}
		if n > 0 {
			scores[i] = sum / float64(n)
		}
		switch x := a.(type) {
		case fantasy.DeclareCharge:
			scores[i] += chargeValue(s, x)
		case fantasy.Move:
			if c := s.Clone(); func() bool { _, err := c.Apply(seat, a, dice.NewPCG(seeds[0], 0xfa)); return err == nil }() {
				scores[i] += placing(s, c.(*fantasy.State), x.Unit)
			}
		}
	}
	return scores
}

// worth is the balance of s for seat: victory points scored, then the
// value of every unit on the table, seat's counting for it and the other
// side's against.
func worth(s *fantasy.State, seat rules.Seat) float64 {
	v := 0.0
	for who, p := range s.Points {
		if who == seat {
			v += float64(p)
		} else {
			v -= float64(p)
		}
	}
	for _, u := range s.Units {
		if u.Seat == seat {
			v += unitValue(s, u)
		} else {
			v -= unitValue(s, u)
		}
	}
	return v
}

// unitValue is what a unit is still worth: its points in the share of
// its rank and file left (of wounds, for a unit of characters), at a share
// while it flees.
func unitValue(s *fantasy.State, u *fantasy.Unit) float64 {
	left, full := 0.0, 0.0
	for _, m := range u.Models {
		w := float64(max(s.Profiles[m.Profile].W, 1))
		left += float64(m.Wounds) / w
		full++
	}
	if u.Start > 0 {
		full = max(full, float64(u.Start))
	}
	v := float64(u.Points)
	if full > 0 {
		v *= left / full
	}
	if u.Flags.Fleeing {
		v *= fleeing
	}
	return v
}

// chargeValue is a charge's promise: the weaker side's value, taken as
// gained when the charger is the stronger and lost when it is the weaker.
func chargeValue(s *fantasy.State, c fantasy.DeclareCharge) float64 {
	me, them := unitByID(s, c.Unit), unitByID(s, c.Target)
	if me == nil || them == nil {
		return 0
	}
	a, b := unitValue(s, me), unitValue(s, them)
	if a+b == 0 {
		return 0
	}
	return chargeWeight * min(a, b) * (2*a/(a+b) - 1)
}

func unitByID(s *fantasy.State, id string) *fantasy.Unit {
	for _, u := range s.Units {
		if u.ID == id {
			return u
		}
	}
	return nil
}

// placing is what a move of unit id from s to t gains: the inches toward
// the nearest enemy unit, or for a unit with missiles toward most of its
// range from it, per point of the unit's value.
func placing(s, t *fantasy.State, id string) float64 {
	before, after := unitByID(s, id), unitByID(t, id)
	if before == nil || after == nil {
		return 0
	}
	d0, d1 := nearestEnemy(s, before), nearestEnemy(t, after)
	if math.IsInf(d0, 1) || math.IsInf(d1, 1) {
		return 0
	}
	v := unitValue(s, before)
	if rng := missileRange(s, before); rng > 0 {
		want := 0.8 * rng
		return keepRange * v * (math.Abs(d0-want) - math.Abs(d1-want))
	}
	return closeIn * v * (d0 - d1)
}

// nearestEnemy is the distance from unit u to the nearest unit of another
// side, front edge centre to front edge centre.
func nearestEnemy(s *fantasy.State, u *fantasy.Unit) float64 {
	d := math.Inf(1)
	for _, o := range s.Units {
		if o.Seat != u.Seat {
			d = min(d, math.Hypot(o.At.X-u.At.X, o.At.Y-u.At.Y))
		}
	}
	return d
}

// missileRange is the longest range of the missiles in unit u, 0 for none.
func missileRange(s *fantasy.State, u *fantasy.Unit) float64 {
	r := 0
	for _, m := range u.Models {
		if mis := s.Profiles[m.Profile].Missile; mis != nil {
			r = max(r, mis.Range)
		}
	}
	return float64(r)
}
