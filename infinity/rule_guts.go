package infinity

import (
	"math"
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// The Guts Roll (Guts Roll (N4)), in the Conclusion of the Order: every
// trooper that received a successful Attack this Order (one that forced a
// Saving Roll or a state), unless Engaged, Null or Immobilized (IMM-1 too), makes a
// Normal WIP Roll; Courage spares it and Stun makes it fail. A trooper that
// fails — or whose player chooses to fail — must move up to 2" to get out
// of its attackers' Line of Fire if it can; if it cannot, to Partial Cover
// from them; if it cannot, it goes Prone. The move generates no AROs and
// may not end in contact with an enemy.
//
// Going Prone is the last of those options, and a trooper that cannot be
// Prone (a TAG: Unconscious (N4)) has no such option: a failed roll with
// nowhere to go leaves it standing where it is. A trooper that passed may
// also stay and go Prone (GutsMove.Prone): that is choosing to fail, held
// to the same order, so it is open only where no 2" move gets it out of
// Line of Fire or into Partial Cover, and it ends Suppressive Fire as any
// failure does.

// Guts is the chance step that rolls the Guts Rolls.
type Guts struct{}

// GutsMove is a trooper's Guts movement: a move up to 2" (To, Facing), or
// Stay. Staying after a failed roll means going Prone (for a trooper that
// can); after a passed roll it means holding firm, unless Prone is set too:
// then the trooper chooses to fail and goes Prone where it stands. Moving
// after a passed roll is choosing to fail. Prone goes only with Stay; an
// action without it reads as before it existed.
type GutsMove struct {
	Trooper string     `json:"trooper"`
	To      [2]float64 `json:"to"`
	Facing  float64    `json:"facing"`
	Stay    bool       `json:"stay,omitempty"`
	Prone   bool       `json:"prone,omitempty"`
}

func (Guts) Kind() string     { return string(KindGuts) }
func (GutsMove) Kind() string { return string(KindGutsMove) }

// GutsCheck is one trooper's Guts Roll.
type GutsCheck struct {
	Trooper string            `json:"trooper"`
	SV      dice.SuccessValue `json:"sv"`
	Dice    []dice.Die        `json:"dice,omitempty"`
	Passed  bool              `json:"passed"`
	Why     string            `json:"why,omitempty"` // "Stunned": failed without a roll
}

func (GutsCheck) Kind() string { return "guts-check" }

// GutsPending is a trooper waiting to make its Guts movement choice.
type GutsPending struct {
	Trooper   int   `json:"trooper"`
	Passed    bool  `json:"passed"`
	Attackers []int `json:"attackers"`
	// Best is the best a 2" move can achieve, found when the roll is made
	// (for a passed roll too: moving after it is choosing to fail):
	// 0 out of the attackers' LoF, 1 Partial Cover from them, 2 neither.
	Best int `json:"best"`
}

// gutsCandidates are the troopers hit this Order that must roll.
func (s *State) gutsCandidates() []int {
	var out []int
	for _, h := range s.Order.HitBy {
		t := h[1]
		if slices.Contains(out, t) {
			continue
		}
		st := s.Troopers[t].States
		if st.Null() || st.Engaged || st.Immobilized() || s.profile(t).HasSkill("Courage") || s.modelOf(t) < 0 {
			continue
		}
		out = append(out, t)
	}
	return out
}

// guts rolls every candidate's Guts Roll.
func (s *State) guts(d dice.Source) ([]rules.Event, error) {
	o := s.Order
	var events []rules.Event
	for _, t := range s.gutsCandidates() {
		tr := s.Troopers[t]
		ev := GutsCheck{Trooper: tr.ID}
		if tr.States.Stunned {
			// Stun: the next Guts Roll fails automatically (Ammunition (N4)).
			ev.Why = "Stunned"
		} else {
			ev.SV = dice.NewSuccessValue("WIP", s.profile(t).WIP)
			roll, err := dice.Throw(d, dice.Side{SV: ev.SV.Value, Burst: 1})
			if err != nil {
				return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
			}
			out, err := dice.Normal(roll)
			if err != nil {
				return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
			}
			ev.Dice, ev.Passed = out.Dice, out.Scored()
		}
		// Best holds a passed roll too: choosing to fail is failing.
		g := GutsPending{Trooper: t, Passed: ev.Passed, Attackers: s.attackersOf(t)}
		g.Best = s.gutsBest(g)
		o.Gutsers = append(o.Gutsers, g)
		events = append(events, ev)
	}
	return append(events, s.advanceConclusion()...), nil
}

// gutsBest is the best a Guts movement of g's trooper can achieve on the
// table as it stands (gutsOption's ranks).
func (s *State) gutsBest(g GutsPending) int {
	best := 2
	if m := s.modelOf(g.Trooper); m >= 0 {
		for _, p := range s.gutsSpots(m) {
			best = min(best, s.gutsOption(m, p, g.Attackers))
		}
	}
	return best
}

// attackersOf are the troopers whose attacks hit t this Order.
func (s *State) attackersOf(t int) []int {
	var out []int
	for _, h := range s.Order.HitBy {
		if h[1] == t && h[0] >= 0 && !slices.Contains(out, h[0]) {
			out = append(out, h[0])
		}
	}
	return out
}

// gutsOption ranks where a Guts movement can end, best first: out of every
// attacker's Line of Fire (0), in Partial Cover from all of them (1), or
// neither (2).
func (s *State) gutsOption(m int, at [2]float64, attackers []int) int {
	mm := s.Models[m]
	mm.At = at
	target := mm.base()
	seen, covered := false, true
	for _, a := range attackers {
		am := s.modelOf(a)
		if am < 0 {
			continue
		}
		if s.lof(s.Models[am], target, am, m) {
			seen = true
			buf := takeBases()
			_, ok := s.geomTable().PartialCover(s.Models[am].geomModel(), target, s.sightBases(buf, am, m))
			buf.release()
			if !ok {
				covered = false
			}
		}
	}
	switch {
	case !seen:
		return 0
	case covered:
		return 1
	}
	return 2
}

// gutsSpots are the places a Guts movement is searched over: eight
// headings at 1" and 2", that a legal route reaches without contact with an
// enemy.
func (s *State) gutsSpots(m int) [][2]float64 {
	var out [][2]float64
	from := s.Models[m].At
	for _, r := range []float64{1, 2} {
		for _, deg := range directions {
			a := radians(deg)
			to := [2]float64{from[0] + r*math.Cos(a), from[1] + r*math.Sin(a)}
			if s.checkGutsRoute(m, to) == nil {
				out = append(out, to)
			}
		}
	}
	return out
}

// checkGutsRoute checks a Guts movement: up to 2", the movement rules, and
// no contact with an enemy at its end.
func (s *State) checkGutsRoute(m int, to [2]float64) error {
	route := geom.Route{s.Models[m].point(), geom.Pt(to[0], to[1])}
	if l := route.Length(); math.IsNaN(l) || l > DodgeMove2+geom.Eps {
		return rules.Errorf(rules.CodeIllegal, "Guts Roll (N4)", "a Guts movement is up to 2\", not %.2f\"", l)
	}
	if re, refused := s.routeRefusal(route, m); refused {
		return s.routeError(&re, m, "Guts Roll (N4) (general movement rules)")
	}
	moved := s.Models[m]
	moved.At = to
	seat := s.Troopers[moved.Trooper].Seat
	// A trooper in Hidden Deployment is not on the table (onTable), and a
	// marker is named by its label (Camouflaged (N4)).
	for i, other := range s.Models {
		if i != m && s.onTable(i, false, nil) && s.Troopers[other.Trooper].Seat != seat && geom.InContact(moved.base(), other.base()) {
			return rules.Errorf(rules.CodeIllegal, "Guts Roll (N4)", "a Guts movement cannot end in contact with an enemy (%s)", s.modelNameFor(i, seat))
		}
	}
	return nil
}

// checkGutsMove validates a Guts movement choice.
func (s *State) checkGutsMove(a GutsMove) error {
	g := s.Order.Gutsers[0]
	t := g.Trooper
	if a.Trooper != s.Troopers[t].ID {
		return rules.Errorf(rules.CodeIllegal, "Guts Roll (N4)", "%s moves now, not %q", s.Troopers[t].ID, a.Trooper)
	}
	m := s.modelOf(t)
	// A passed roll that moves chooses to fail, and a chosen failure is
	// held to the best option as a rolled one is.
	best := g.Best
	if a.Prone && !a.Stay {
		return rules.Errorf(rules.CodeBadAction, "Guts Roll (N4)", "prone goes with stay: going Prone is done where the trooper stands")
	}
	if a.Stay {
		failing := !g.Passed || a.Prone
		switch {
		case failing && best < 2 && g.Passed:
			return rules.Errorf(rules.CodeIllegal, "Guts Roll (N4)", "choosing to fail a Guts Roll by going Prone is open only where no movement helps: %s must move %s, and can", s.Troopers[t].ID, gutsGoal(best))
		case failing && best < 2:
			return rules.Errorf(rules.CodeIllegal, "Guts Roll (N4)", "a failed Guts Roll must move %s: it can", gutsGoal(best))
		case a.Prone && !canGoProne(s.profile(t).Type):
			return rules.Errorf(rules.CodeIllegal, "Guts Roll (N4)", "%s is a %s, which cannot go Prone", s.Troopers[t].ID, s.profile(t).Type)
		}
		return nil
	}
	if math.IsNaN(a.Facing) || math.IsInf(a.Facing, 0) {
		return rules.Errorf(rules.CodeBadAction, "Guts Roll (N4)", "facing %v", a.Facing)
	}
	if err := s.checkGutsRoute(m, a.To); err != nil {
		return err
	}
	got := s.gutsOption(m, a.To, g.Attackers)
	switch {
	case got > best:
		return rules.Errorf(rules.CodeIllegal, "Guts Roll (N4)", "the Guts movement must get %s: this one does not", gutsGoal(best))
	case got == 2:
		// (So best is 2 too.) A move that hides from nothing is none of
		// the options: with nowhere to go, a failure goes Prone where it
		// stands (a TAG stays standing).
		return rules.Errorf(rules.CodeIllegal, "Guts Roll (N4)", "this Guts movement gets neither out of the attackers' Line of Fire nor into Partial Cover: with nowhere to go, %s stays (and goes Prone)", s.Troopers[t].ID)
	}
	return nil
}

func gutsGoal(option int) string {
	if option == 0 {
		return "out of the attackers' Line of Fire"
	}
	return "into Partial Cover from the attackers"
}

// gutsMove applies a Guts movement choice.
func (s *State) gutsMove(a GutsMove) []rules.Event {
	o := s.Order
	g := o.Gutsers[0]
	o.Gutsers = o.Gutsers[1:]
	t := g.Trooper
	var events []rules.Event
	failed := !g.Passed || !a.Stay || a.Prone
	switch {
	case a.Stay && failed:
		if !s.Troopers[t].States.Prone && canGoProne(s.profile(t).Type) {
			s.Troopers[t].States.Prone = true
			events = append(events, StateChanged{Trooper: s.Troopers[t].ID, State: "Prone", On: true, Why: "Guts Roll"})
		}
	case !a.Stay:
		m := s.modelOf(t)
		from := s.Models[m].At
		s.Models[m].At, s.Models[m].Facing = a.To, a.Facing
		events = append(events, Moved{Model: s.Models[m].ID, From: from, To: a.To, Why: "guts"})
	}
	// The troopers still to choose choose on the table as it now stands:
	// this movement may have blocked another's way out of Line of Fire
	// (or opened one), so each one's best is worked out again —
	// else a trooper could be held to a place no movement reaches.
	if !a.Stay && len(o.Gutsers) > 0 {
		rest := slices.Clone(o.Gutsers)
		for i := range rest {
			rest[i].Best = s.gutsBest(rest[i])
		}
		o.Gutsers = rest
	}
	// Failing a Guts Roll — rolled, or chosen by moving — cancels
	// Suppressive Fire (Suppressive Fire (N4)).
	if failed {
		events = append(events, s.leaveSuppressive(t, "failed Guts Roll")...)
	}
	return append(events, s.advanceConclusion()...)
}

// stepGuts is the Conclusion's Guts Rolls, rolled by the chance seat.
var stepGuts = stepDef{
	name:       StepGuts,
	order:      true,
	who:        chance,
	actions:    []stepAction{roll[Guts]((*State).guts)},
	candidates: one(Guts{}),
}

// stepGutsMove is each rolled trooper's Guts movement, or staying put.
var stepGutsMove = stepDef{
	name:       StepGutsMove,
	order:      true,
	who:        func(s *State) (rules.PromptKind, int) { return ownerOf(s, s.Order.Gutsers[0].Trooper) },
	actions:    []stepAction{act(checkWith((*State).checkGutsMove), applyWith((*State).gutsMove))},
	candidates: (*State).gutsCandidatesMoves,
	invariants: func(c *stateChecker) { c.need("gutsers", len(c.s.Order.Gutsers)) },
}
