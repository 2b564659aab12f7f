package infinity

import (
	"math"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Combat Jump (Airborne Deployment; the G: Jumper (N4, PDF 2.1) rule's Hellcat, and the N4 text of
// the skill). A trooper with Combat Jump may start the game off the table,
// in reserve: it adds no Order in the Order Count, but may be activated
// with an Order of its combat group to declare Combat Jump, an Entire
// Order that places it on the table at the point its player declares.
// Then, before any ARO, it makes a PH Roll (the `landing` step): nothing
// opposes it Face to Face (G: Jumper (N4, PDF 2.1): "the Hellcat's Combat Jump is an
// Entire Order, no Face to Face Rolls are made"). If the roll passes the
// trooper stays where it was placed; if it fails, its player sets it down
// in the side's Deployment Zone, in contact with a table edge (the
// `place-jump` step). Only then do Mines go off and the reactive player
// declare AROs, against where the trooper stands.

// checkCombatJump checks a Combat Jump at declaration: a trooper in reserve
// with the skill, landing wholly on the table, on no base, on no
// impassable scenery, not in contact with an enemy nor with scenery that
// gives Cover (Combat Jump, N4).
func (s *State) checkCombatJump(o *Order, k Skill) error {
	tr := s.Troopers[o.Trooper]
	if !tr.States.Reserve || !s.profile(o.Trooper).HasSkill("Combat Jump") {
		return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1; Combat Jump)", "%s is not in reserve with Combat Jump", tr.ID)
	}
	if len(k.Route) != 1 {
		return rules.Errorf(rules.CodeBadAction, "G: Jumper (N4, PDF 2.1; Combat Jump)", "a Combat Jump names one landing point (route: [[x, y]])")
	}
	return s.checkLanding(o.Model, k.Route[0])
}

// checkLanding checks that model m can be set down at p.
func (s *State) checkLanding(m int, p [2]float64) error {
	if math.IsNaN(p[0]) || math.IsNaN(p[1]) || math.IsInf(p[0], 0) || math.IsInf(p[1], 0) {
		return rules.Errorf(rules.CodeBadAction, "G: Jumper (N4, PDF 2.1; Combat Jump)", "landing point %v", p)
	}
	landed := s.Models[m]
	landed.At = p
	b := landed.base()
	if b.Center.X-b.Radius < -geom.Eps || b.Center.Y-b.Radius < -geom.Eps || b.Center.X+b.Radius > s.Table.Width+geom.Eps || b.Center.Y+b.Radius > s.Table.Height+geom.Eps {
		return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1; Combat Jump)", "the landing point puts the base off the table")
	}
	seat := s.Troopers[landed.Trooper].Seat
	for i, other := range s.Models {
		if i == m || other.Removed || s.Troopers[other.Trooper].States.Hidden {
			continue
		}
		ob := other.base()
		d := math.Hypot(b.Center.X-ob.Center.X, b.Center.Y-ob.Center.Y) - b.Radius - ob.Radius
		if d < -geom.Eps {
			return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1; Combat Jump)", "the landing point is on %s's base", s.modelNameFor(i, seat))
		}
		if d <= geom.Eps && s.Troopers[other.Trooper].Seat != seat {
			return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1; Combat Jump)", "a Combat Jump cannot land in contact with an enemy (%s)", s.modelNameFor(i, seat))
		}
	}
	for _, tr := range s.geomTable().Terrain {
		d := tr.Outline.DistTo(b.Center)
		if tr.Flags.Has(geom.Impassable) && d < b.Radius-geom.Eps {
			return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1; Combat Jump)", "the landing point is on impassable scenery (%s)", tr.Name)
		}
		if tr.Flags.Has(geom.GivesCover) && d <= b.Radius+geom.Eps {
			return rules.Errorf(rules.CodeIllegal, "Combat Jump (N4)", "a Combat Jump cannot land in contact with scenery to get Cover (%s)", tr.Name)
		}
	}
	return nil
}

// land puts the jumping trooper on the table at its declared point.
func (s *State) land(t int, p [2]float64) []rules.Event {
	m := s.Troopers[t].Models[0]
	s.Troopers[t].States.Reserve = false
	s.Models[m].Removed = false
	s.Models[m].At = p
	return []rules.Event{Moved{Model: s.Models[m].ID, From: p, To: p, Why: "combat jump"}}
}

// landing is the jump's PH Roll, a Normal Roll.
func (s *State) landing(d dice.Source) ([]rules.Event, error) {
	o := s.Order
	if len(o.Transport) > 0 {
		return s.hackedLanding(d)
	}
	r := roller{trooper: o.Trooper, skill: o.First, active: true}
	s.buildSV(&r)
	roll, err := dice.Throw(d, r.roll.Side)
	if err != nil {
		return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
	}
	out, err := dice.Normal(roll)
	if err != nil {
		return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
	}
	events := []rules.Event{Rolled{Trooper: s.Troopers[o.Trooper].ID, Skill: SkillCombatJump, SV: r.sv, Dice: out.Dice, Hits: out.Hits, Crits: out.Crits, Roll: "normal"}}
	if !out.Scored() {
		o.Step = StepMissedJump
		return events, nil
	}
	return append(events, s.landed()...), nil
}

// landed ends a jump: Mines go off where the trooper stands, and the
// reactive player declares AROs.
func (s *State) landed() []rules.Event {
	return append(s.trigger(s.Order.Trooper), s.openWindow(1)...)
}

// checkPlaceJump checks where a failed jumper is set down: on the table as
// a landing is (checkLanding), its base wholly inside its side's
// Deployment Zone and touching a table edge.
func (s *State) checkPlaceJump(a PlaceJump) error {
	o := s.Order
	if a.Trooper != s.Troopers[o.Trooper].ID {
		return rules.Errorf(rules.CodeBadAction, "Combat Jump (N4)", "%q is not the trooper whose jump failed (%s)", a.Trooper, s.Troopers[o.Trooper].ID)
	}
	if math.IsNaN(a.Facing) || math.IsInf(a.Facing, 0) {
		return rules.Errorf(rules.CodeBadAction, "Combat Jump (N4)", "facing %v", a.Facing)
	}
	if err := s.checkLanding(o.Model, a.To); err != nil {
		return err
	}
	z := s.army(s.Troopers[o.Trooper].Seat).Zone
	r := s.Models[o.Model].base().Radius
	x, y := a.To[0], a.To[1]
	if z == nil || x-r < z[0][0]-geom.Eps || y-r < z[0][1]-geom.Eps || x+r > z[1][0]+geom.Eps || y+r > z[1][1]+geom.Eps {
		return rules.Errorf(rules.CodeIllegal, "Combat Jump (N4)", "a failed jump sets the trooper down inside its Deployment Zone; (%v, %v) is not", x, y)
	}
	if min(x-r, y-r, s.Table.Width-x-r, s.Table.Height-y-r) > geom.Eps {
		return rules.Errorf(rules.CodeIllegal, "Combat Jump (N4)", "a failed jump sets the trooper down in contact with a table edge; (%v, %v) touches none", x, y)
	}
	return nil
}

// placeJump sets the failed jumper down where its player chose, and the
// Order goes on from there: the AROs see it there.
func (s *State) placeJump(a PlaceJump) []rules.Event {
	o := s.Order
	m := &s.Models[o.Model]
	from := m.At
	m.At, m.Facing = a.To, a.Facing
	o.Path[0] = a.To
	events := []rules.Event{Moved{Model: m.ID, From: from, To: a.To, Why: "failed combat jump"}}
	return append(events, s.landed()...)
}

// jumpSpots are Legal's candidate spots for a failed jumper: along each
// table edge the Deployment Zone reaches, every 2", in contact with it.
func (s *State) jumpSpots() [][2]float64 {
	o := s.Order
	z := s.army(s.Troopers[o.Trooper].Seat).Zone
	if z == nil {
		return nil
	}
	return edgeSpots(*z, s.Models[o.Model].base().Radius, s.Table.Width, s.Table.Height)
}

// combatJumpSV is the jump's Normal PH Roll.
func (s *State) combatJumpSV(r *roller) dice.SuccessValue {
	mods := s.stateMods(r.trooper)
	if s.Troopers[r.trooper].States.ControlledJump {
		// +3 PH from a friendly hacker's Controlled Jump (Hacking (N3)).
		mods = append(mods, dice.Mod{Name: "Controlled Jump", Value: 3})
	}
	return dice.NewSuccessValue("PH", s.profile(r.trooper).PH, mods...)
}

// stepLanding is the Combat Jump's PH Roll, rolled by the chance seat
// before any ARO.
var stepLanding = stepDef{
	name:          StepLanding,
	order:         true,
	who:           chance,
	actions:       []stepAction{roll[Land]((*State).landing)},
	candidates:    one(Land{}),
	activeOnTable: true,
	invariants:    (*stateChecker).followsCombatJump,
}

// stepMissedJump is where the active player sets a failed jumper down in
// its Deployment Zone, in contact with a table edge.
var stepMissedJump = stepDef{
	name:    StepMissedJump,
	order:   true,
	who:     activePlayer,
	actions: []stepAction{act(checkWith((*State).checkPlaceJump), applyWith((*State).placeJump))},
	candidates: func(s *State, _ *menuBuilder) []rules.Action {
		var cands []rules.Action
		id, facing := s.Troopers[s.Order.Trooper].ID, s.Models[s.Order.Model].Facing
		for _, p := range s.jumpSpots() {
			cands = append(cands, PlaceJump{Trooper: id, To: p, Facing: facing})
		}
		return cands
	},
	activeOnTable: true,
	invariants:    (*stateChecker).followsCombatJump,
}

// followsCombatJump holds a decoded Order in a Combat Jump step to having
// declared one.
func (c *stateChecker) followsCombatJump() {
	o := c.s.Order
	if o.First.Name != SkillCombatJump {
		c.failf("order.first.name", "%q: the %s step follows a %s", o.First.Name, o.Step, SkillCombatJump)
	}
}
