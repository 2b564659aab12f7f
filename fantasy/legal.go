package fantasy

import (
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Legal is the menu: representative actions of the step the game waits
// in, each checked by the same code Apply runs, with the refused ones
// greyed out and the rule that refuses them. A seat the game does not wait
// for gets nothing.
func (s *State) Legal(seat rules.Seat) []rules.Option {
	if who, ok := s.actor(); !ok || who != seat {
		return nil
	}
	out := make([]rules.Option, 0, 32) // room for most menus without growing
	add := func(a rules.Action, err *rules.RuleError) {
		out = append(out, rules.Option{Action: a, Illegal: err})
	}
	switch s.Phase {
	case PhaseDeploy, PhaseScouts:
		s.legalDeploy(seat, add)
	case PhaseVanguard:
		s.legalVanguard(seat, add)
	case PhaseFirst:
		s.legalFirst(seat, add)
	case PhaseCharges:
		for _, u := range s.Units {
			if u.Seat != seat {
				continue
			}
			for _, t := range s.Units {
				if t.Seat == seat {
					continue
				}
				a := DeclareCharge{Unit: u.ID, Target: t.ID}
				_, _, err := s.checkCharge(a)
				add(a, err)
				if len(u.Models) > 1 {
					for _, ch := range u.characters() {
						a := DeclareCharge{Unit: u.ID, Character: ch.ID, Target: t.ID}
						_, _, err := s.checkCharge(a)
						add(a, err)
					}
				}
			}
		}
		add(EndCharges{}, s.frenzyCharges())
	case PhaseReact:
		c := s.openCharge()
		for _, r := range []string{"hold", "stand-and-shoot", "flee"} {
			add(React{Reaction: r}, s.checkReaction(c, r))
		}
	case PhaseChargeMoves:
		for _, c := range s.Charges {
			if !c.Done {
				add(ChargeMove{Unit: c.Unit}, nil)
			}
		}
	case PhaseRemaining:
		s.legalMoves(seat, add)
		add(EndMovement{}, nil)
	case PhaseMagic:
		s.legalMagic(seat, add)
	case PhaseDispel:
		s.legalDispel(seat, add)
	case PhaseShooting:
		for _, u := range s.Units {
			if u.Seat != seat || s.shots(u) == 0 {
				continue
			}
			for _, t := range s.Units {
				if t.Seat != seat {
					a := Shoot{Unit: u.ID, Target: t.ID}
					if s.rf(u).Missile.aimed() {
						c := t.slotCentre(0, t.Files/2)
						a.At = &geom.Point{X: round2(c.X), Y: round2(c.Y)}
					}
					_, _, err := s.checkShoot(a)
					add(a, err)
					if s.rf(u).Missile.Cannon {
						g := Shoot{Unit: u.ID, Target: t.ID, Grapeshot: true}
						_, _, err := s.checkShoot(g)
						add(g, err)
					}
				}
			}
		}
		add(EndShooting{}, nil)
	case PhaseCombat:
		var done []*Unit
		for _, u := range s.Units {
			if !u.engaged() || slices.Contains(done, u) {
				continue
			}
			done = append(done, s.combatOf(u)...)
			_, err := s.checkFight(Fight{Unit: u.ID})
			add(Fight{Unit: u.ID}, err)
			if err == nil {
				id := u.ID
				s.legalAttacks(s.combatOf(u), seat, func(at []Attack) rules.Action { return Fight{Unit: id, Attacks: at} }, add)
			}
			if err == nil {
				for _, mw := range s.makeWays(s.combatOf(u), seat) {
					add(mw, nil)
				}
			}
			if err == nil && s.duelIn(s.combatOf(u)) < 0 {
				s.legalChallenges(u, seat, add)
			}
		}
		var err *rules.RuleError
		for _, u := range s.Units {
			if u.engaged() && !slices.Contains(s.Fought, u.ID) {
				err = rules.Errorf(CodeCombat, ruleCloseCombat, "%s's combat has not been fought this turn", u.ID)
				break
			}
		}
		add(EndTurn{}, err)
	case PhaseAllocate:
		u := s.unit(s.Pending.Target)
		for _, a := range s.allocations(u, s.Pending) {
			add(Allocate{Hits: a}, nil)
		}
	case PhaseChallenge:
		for _, id := range s.foeOptions() {
			add(Accept{Model: id}, nil)
		}
		add(Refuse{}, s.checkRefuse())
	case PhaseCounter:
		if u := s.unit(s.Asked); u != nil {
			for _, mw := range s.makeWays(s.combatOf(u), seat) {
				add(mw, nil)
			}
			s.legalChallenges(u, seat, add)
		}
		add(NoChallenge{}, nil)
		if u := s.unit(s.Asked); u != nil {
			s.legalAttacks(s.combatOf(u), seat, func(at []Attack) rules.Action { return NoChallenge{Attacks: at} }, add)
		}
	case PhaseRetire:
		for _, id := range s.foeOptions() {
			add(Retire{Model: id}, s.checkRetire(Retire{Model: id}))
		}
	case PhasePursuit:
		for _, id := range s.Pursuit.Choose {
			add(Pursue{Unit: id}, nil)
			_, err := s.checkPursue(Pursue{Unit: id, Restrain: true})
			add(Pursue{Unit: id, Restrain: true}, err)
		}
	case PhaseMoveUp:
		u := s.unit(s.Vacancy.Unit)
		for _, id := range u.candidates(s.Vacancy.File) {
			add(MoveUp{Model: id}, nil)
		}
		rear := u.Ranks[len(u.Ranks)-1]
		for _, id := range rear {
			if m := u.model(id); m != nil && m.Role == RankAndFile {
				add(MoveUp{Model: id}, rules.Errorf(CodeFirstRank, ruleFirstRank, "%s is rank-and-file: models with In the First Rank! have priority", id))
				break
			}
		}
	}
	if len(out) == 0 {
		return nil // as before the room was made: an empty menu is nil
	}
	return out
}

// legalMoves offers each unit a few representative Remaining Moves: an
// advance of half and all its Movement, a march, a step back, wheels, a
// reform; each character may join a friendly unit or leave his own.
func (s *State) legalMoves(seat rules.Seat, add func(rules.Action, *rules.RuleError)) {
	for _, u := range s.Units {
		if u.Seat != seat {
			continue
		}
		m := float64(s.slowestM(u))
		// The moves' legs share one array (each capped, so none grows
		// into the next).
		l := []Leg{{Forward: m / 2}, {Forward: m}, {Forward: 2 * m}, {Backward: m / 2},
			{Wheel: 45}, {Forward: m / 2}, {Wheel: -45}, {Forward: m / 2},
			{Forward: flyingRate}, {Forward: 2 * flyingRate}}
		var buf [8]Move
		moves := append(buf[:0],
			Move{Unit: u.ID, Legs: l[0:1:1]},
			Move{Unit: u.ID, Legs: l[1:2:2]},
			Move{Unit: u.ID, March: true, Legs: l[2:3:3]},
			Move{Unit: u.ID, Legs: l[3:4:4]},
			Move{Unit: u.ID, Legs: l[4:6:6]},
			Move{Unit: u.ID, Legs: l[6:8:8]},
		)
		if s.flies(u) {
			moves = append(moves, Move{Unit: u.ID, Fly: true, Legs: l[8:9:9]},
				Move{Unit: u.ID, Fly: true, March: true, Legs: l[9:10:10]})
		}
		// A unit that may not move at all is refused every move and
		// reform for the same reason, the first check both make: it is
		// found once, not once for each of them. Like them it asks about
		// the unit the actions name (the first unit with u's id).
		cant := s.canMove(s.unit(u.ID))
		for _, mv := range moves {
			err := cant
			if err == nil {
				_, err = s.checkMove(mv, s.allowance(u, mv))
			}
			add(mv, err)
		}
		for _, f := range []float64{90, 180, 270} {
			a := Reform{Unit: u.ID, Files: u.Files, Facing: u.Facing + f}
			err := cant
			if err == nil {
				_, err = s.checkReform(a)
			}
			add(a, err)
		}
		if len(u.Models) == 1 && u.Models[0].Role == Character {
			for _, t := range s.Units {
				if t.Seat == seat && t != u {
					a := Join{Character: u.ID, Unit: t.ID}
					_, _, err := s.checkJoin(a)
					add(a, err)
				}
			}
		}
		if len(u.Models) > 1 {
			for _, ch := range u.characters() {
				r, f, _ := u.slotOf(ch.ID)
				to := u.slotCentre(r, f).Add(u.forward().Scale(float64(r)*u.Base[1] + u.Base[1] + 1.5))
				a := Leave{Unit: u.ID, Character: ch.ID, To: geom.Pt(round2(to.X), round2(to.Y))}
				_, err := s.checkLeave(a)
				add(a, err)
			}
		}
	}
}

// allowance is a move's allowance: M (10" flying), twice that marching.
func (s *State) allowance(u *Unit, mv Move) float64 {
	m := s.rate(u, mv.Fly)
	if mv.March {
		return 2 * m
	}
	return m
}

// round2 keeps menu points short and exact in JSON.
func round2(x float64) float64 { return float64(int64(x*100+0.5*sign(x))) / 100 }

func sign(x float64) float64 {
	if x < 0 {
		return -1
	}
	return 1
}
