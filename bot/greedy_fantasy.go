package bot

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/rules"
)

// The weights of greedy's fantasy scores, in points (a unit's points
// value, as the victory points count it).
const (
	// rolls is how many throws of the dice each action is tried with;
	// turnRolls how many for a choice played to the end of the turn
	// (toTurnEnd).
	rolls     = 4
	turnRolls = 8
	// closeIn is the value of each inch a unit without missiles moves
	// toward the nearest enemy unit, per point of its own value.
	closeIn = 0.004
	// inRange is the share of its value a unit with missiles gains by
	// moving where it can shoot at something; moveAim the share a move costs
	// it (a unit that moved shoots worse, Shooting: to hit).
	inRange = 0.1
	moveAim = 0.02
	// fleeing is the share of its value a fleeing unit keeps.
	fleeing = 0.5
	// threatened is the share of its value a unit risks standing within
	// the charge reach of a stronger enemy; threatening the share of a
	// weaker enemy's value a unit that can charge it threatens.
	threatened  = 0.3
	threatening = 0.1
	// reform is what a reform costs: the unit moves and shoots no more
	// this turn (Reform).
	reform = 0.5
	// follow is how many of the steps that finish an action (allocating
	// hits, challenges, pursuit) the look-ahead takes at most.
	follow = 8
)

// finishing reports the windows that finish what an action began — the
// hits of a volley allocated, a challenge answered, a pursuit chosen, a
// spell's dispel attempted (the first entry: one die) —
// which the look-ahead plays through before it values the result.
func finishing(window string) bool {
	switch fantasy.Phase(window) {
	case fantasy.PhaseAllocate, fantasy.PhaseMoveUp, fantasy.PhasePursuit, fantasy.PhaseChallenge, fantasy.PhaseRetire, fantasy.PhaseCounter, fantasy.PhaseDispel:
		return true
	}
	return false
}

// toTurnEnd reports the windows whose choices are valued at the end of
// the player turn (rollout): a charge and its reaction play out in the
// close combat that follows, a combat in its pursuit.
func toTurnEnd(window string) bool {
	switch fantasy.Phase(window) {
	case fantasy.PhaseCharges, fantasy.PhaseReact, fantasy.PhaseCombat, fantasy.PhasePursuit, fantasy.PhaseChallenge, fantasy.PhaseCounter, fantasy.PhaseRetire:
		return true
	}
	return false
}

// rollout applies seat's action a to a copy of s with dice d, then plays
// the rest of the player turn with a plain policy for both sides (preferred):
// the declared charges moved, every combat fought, pursuits made, no
// challenge, the other phases ended, seat's charged units holding; an enemy
// unit charged reacts in each of its ways in turn, by variant.
func rollout(s *fantasy.State, seat rules.Seat, a rules.Action, d dice.Source, variant int) (*fantasy.State, bool) {
	c := s.Clone()
	if _, err := c.Apply(seat, a, d); err != nil {
		return nil, false
	}
	cs := c.(*fantasy.State)
	turn := cs.Turn
	for range turnSteps {
		p := c.Prompt()
		if p.Kind == rules.GameOver || len(p.Seats) == 0 || cs.Turn != turn {
			break
		}
		if p.Window == string(fantasy.PhaseReact) && p.Seats[0] != seat {
			// The enemy's reaction to a charge is not known: each throw
			// of the dice takes another.
			var reactions []rules.Action
			for _, o := range c.Legal(p.Seats[0]) {
				if o.Illegal == nil {
					reactions = append(reactions, o.Action)
				}
			}
			if len(reactions) > 0 {
				if _, err := c.Apply(p.Seats[0], reactions[variant%len(reactions)], d); err != nil {
					break
				}
				continue
			}
		}
		pick, rank := rules.Action(nil), len(preferred)+1
		for _, o := range c.Legal(p.Seats[0]) {
			if o.Illegal != nil {
				continue
			}
			k := o.Action.Kind()
			if x, ok := plain(o.Action).(fantasy.React); ok && x.Reaction != "hold" {
				k = "react-other"
			}
			r := slices.Index(preferred[:], k)
			if r < 0 {
				r = len(preferred)
			}
			if r < rank {
				pick, rank = o.Action, r
			}
		}
		if pick == nil {
			break
		}
		if _, err := c.Apply(p.Seats[0], pick, d); err != nil {
			break
		}
	}
	return cs, true
}

// preferred ranks the action kinds of rollout's policy, best first.
var preferred = [...]string{"charge-move", "fight", "pursue", "no-challenge", "refuse", "react", "allocate", "move-up", "retire",
	"no-dispel", "end-charges", "end-movement", "end-magic", "end-shooting", "end-turn"}

// turnSteps bounds a rollout.
const turnSteps = 40

// through applies seat's action a to a copy of s with dice d, then plays
// the windows that finish it with their first legal entry (no challenge
// where one may be declined), and returns the copy; false if a is refused.
func through(s *fantasy.State, seat rules.Seat, a rules.Action, d dice.Source, _ int) (*fantasy.State, bool) {
	c := s.Clone()
	if _, err := c.Apply(seat, a, d); err != nil {
		return nil, false
	}
	for range follow {
		p := c.Prompt()
		if p.Kind == rules.GameOver || len(p.Seats) == 0 || !finishing(p.Window) {
			break
		}
		var pick rules.Action
		for _, o := range c.Legal(p.Seats[0]) {
			if o.Illegal != nil {
				continue
			}
			if pick == nil {
				pick = o.Action
			}
			if _, ok := plain(o.Action).(fantasy.NoChallenge); ok {
				pick = o.Action
				break
			}
		}
		if pick == nil {
			break
		}
		if _, err := c.Apply(p.Seats[0], pick, d); err != nil {
			break
		}
	}
	return c.(*fantasy.State), true
}

// scoreFantasy scores each menu entry on s for seat (see Greedy): the
// action is applied to copies of s with several throws of the dice drawn
// with r (the dice of shooting, close combat, Break tests, flight and
// pursuit), and each copy is valued by the points each side has scored and
// what its units are still worth (models and wounds left, fleeing units at
// a share); to that a charge adds how much stronger the charger is than
// its target, and a move the inches it gains toward the nearest enemy (a
// unit with missiles: toward most of its range from it).
func scoreFantasy(s *fantasy.State, seat rules.Seat, menu []rules.Action, r *rand.Rand) []float64 {
	seeds := make([]uint64, turnRolls)
	for k := range seeds {
		seeds[k] = r.Uint64()
	}
	base := worth(s, seat)
	o := s.Prompt().Window
	scores := make([]float64, len(menu))
	for i, a := range menu {
		play, tries := through, seeds[:rolls]
		if toTurnEnd(o) {
			play, tries = rollout, seeds
		}
		sum, n := 0.0, 0
		for k, seed := range tries {
			c, ok := play(s, seat, a, dice.NewPCG(seed, 0xfa), k)
			if !ok {
				continue
			}
			sum += worth(c, seat) - base
			n++
		}
		if n > 0 {
			scores[i] = sum / float64(n)
		}
		switch x := a.(type) {
		case fantasy.Move:
			if c, ok := through(s, seat, a, dice.NewPCG(seeds[0], 0xfa), 0); ok {
				scores[i] += placing(s, c, x.Unit)
			}
		case fantasy.Reform:
			scores[i] -= reform
		case fantasy.Join:
			// A lone character under threat is safe in a unit.
			if c := unitByID(s, x.Character); c != nil {
				scores[i] += max(0, -reach(s, c))
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

func unitByID(s *fantasy.State, id string) *fantasy.Unit {
	for _, u := range s.Units {
		if u.ID == id {
			return u
		}
	}
	return nil
}

// placing is what a move of unit id from s to t gains: for a unit with
// missiles, whether it can shoot at something after it and not before (and
// having nothing to shoot at, the inches toward the nearest enemy), less
// the move's cost to its aim; for any other, the
// inches toward the nearest enemy unit, per point of the unit's value; and
// the change in its reach (reach).
func placing(s, t *fantasy.State, id string) float64 {
	before, after := unitByID(s, id), unitByID(t, id)
	if before == nil || after == nil {
		return 0
	}
	v := unitValue(s, before)
	gain := reach(t, after) - reach(s, before)
	d0, d1 := nearestEnemy(s, before), nearestEnemy(t, after)
	if math.IsInf(d0, 1) || math.IsInf(d1, 1) {
		return gain
	}
	if missileRange(s, before) > 0 {
		s0, s1 := shootable(s, id), shootable(t, id)
		gain += inRange*v*(s1-s0) - moveAim*v
		if s0 == 0 {
			gain += closeIn * v * (d0 - d1)
		}
		return gain
	}
	if lone(before) && reach(s, before) < 0 {
		// A lone character under threat heads for a unit to join.
		return gain + closeIn*v*(nearestFriend(s, before)-nearestFriend(t, after))
	}
	return gain + closeIn*v*(d0-d1)
}

// lone reports a character standing alone.
func lone(u *fantasy.Unit) bool { return len(u.Models) == 1 && u.Models[0].Role == fantasy.Character }

// nearestFriend is the distance from unit u to the nearest unit of its
// side of more than one model, neither fleeing nor in close combat.
func nearestFriend(s *fantasy.State, u *fantasy.Unit) float64 {
	d := math.Inf(1)
	for _, o := range s.Units {
		if o != u && o.Seat == u.Seat && len(o.Models) > 1 && free(o) {
			d = min(d, math.Hypot(o.At.X-u.At.X, o.At.Y-u.At.Y))
		}
	}
	if math.IsInf(d, 1) {
		return 0
	}
	return d
}

// shootable is 1 when unit id, its movement ended where it stands in s,
// could shoot at something (a legal shot on the shooting menu: in range,
// in its front arc, in sight), else 0.
func shootable(s *fantasy.State, id string) float64 {
	u := unitByID(s, id)
	if u == nil {
		return 0
	}
	c := rules.State(s.Clone())
	for range 3 {
		p := c.Prompt()
		if len(p.Seats) == 0 || p.Seats[0] != u.Seat {
			return 0
		}
		if p.Window == string(fantasy.PhaseShooting) {
			break
		}
		if p.Window != string(fantasy.PhaseRemaining) {
			return 0
		}
		if _, err := c.Apply(u.Seat, fantasy.EndMovement{}, dice.NewPCG(0, 0)); err != nil {
			return 0
		}
	}
	for _, o := range c.Legal(u.Seat) {
		if x, ok := plain(o.Action).(fantasy.Shoot); ok && o.Illegal == nil && x.Unit == id {
			return 1
		}
	}
	return 0
}

// reach is what unit u's place is worth against the charges of the next
// turns (Charge range: twice the Movement): for each enemy unit that could
// charge it (one neither in close combat nor fleeing), a share of its value when that unit is the stronger, and for
// each it could charge, a share of that unit's value when it is the
// stronger. Strength is taken as value left.
func reach(s *fantasy.State, u *fantasy.Unit) float64 {
	mine := unitValue(s, u)
	v := 0.0
	for _, e := range s.Units {
		if e.Seat == u.Seat {
			continue
		}
		theirs := unitValue(s, e)
		d := math.Hypot(e.At.X-u.At.X, e.At.Y-u.At.Y)
		if d <= chargeReach(s, e) && theirs > mine && free(e) {
			v -= threatened * mine
		}
		if d <= chargeReach(s, u) && mine > theirs && missileRange(s, u) == 0 && free(u) {
			v += threatening * theirs
		}
	}
	return v
}

// free reports a unit that may declare a charge: not in close combat,
// not fleeing.
func free(u *fantasy.Unit) bool { return len(u.Engage) == 0 && !u.Flags.Fleeing }

// chargeReach is how far unit u can charge: twice its slowest model's
// Movement, and a little for the wheel.
func chargeReach(s *fantasy.State, u *fantasy.Unit) float64 {
	m := math.Inf(1)
	for _, x := range u.Models {
		m = min(m, float64(s.Profiles[x.Profile].M))
	}
	if math.IsInf(m, 1) || m <= 0 {
		return 0
	}
	return 2*m + 1
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
