package fantasy

import (
	"fmt"
	"math"
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Rules cited by this file.
const (
	ruleChargeOut  = "Charging out of a unit"
	ruleCharge     = "Charges"
	ruleReactions  = "Charge reactions"
	ruleFailed     = "Failed charges"
	ruleRemaining  = "Remaining moves"
	ruleMarch      = "March"
	ruleReform     = "Reform"
	ruleBackward   = "Moving backwards"
	ruleJoin       = "Joining a unit"
	ruleLeave      = "Leaving a unit"
	ruleUnitSpace  = "Unit spacing (1 inch apart)"
	ruleCompulsory = "Compulsory moves: rally and flee"
	ruleFly        = "Fly"
)

// flyingRate is a flyer's move when it flies (its march is twice that):
// it passes over units and ends on the ground (Fly).
const flyingRate = 10

// rate is a unit's normal move: its slowest model's Movement, or 10" for
// a unit that flies.
func (s *State) rate(u *Unit, fly bool) float64 {
	if fly {
		return flyingRate
	}
	return float64(s.slowestM(u))
}

// engaged reports whether a unit is in close combat.
func (u *Unit) engaged() bool { return len(u.Engage) > 0 }

// slowestM is the combined unit's Movement: its slowest model's.
func (s *State) slowestM(u *Unit) int {
	m := math.MaxInt
	for i := range u.Models {
		m = min(m, s.profile(&u.Models[i]).M)
	}
	return s.hexedM(u, m)
}

// flies reports whether every model of the unit can fly.
func (s *State) flies(u *Unit) bool {
	for i := range u.Models {
		if !s.profile(&u.Models[i]).Fly {
			return false
		}
	}
	return true
}

func (s *State) swift(u *Unit) bool {
	for i := range u.Models {
		if !s.profile(&u.Models[i]).Swiftstride() {
			return false
		}
	}
	return true
}

// frontArc reports whether point p is in the unit's front arc: ahead of
// its front edge, between the lines at 45° from its front corners.
func (u *Unit) frontArc(p geom.Point) bool { return u.frame().frontArc(p) }

// sideOf says which arc of u point p is in: front, flank or rear.
func (u *Unit) sideOf(p geom.Point) string {
	if u.frontArc(p) {
		return "front"
	}
	v := p.Sub(u.At)
	behind := -v.Dot(u.forward()) - float64(len(u.Ranks))*u.Base[1]
	if behind >= math.Abs(v.Dot(u.right()))-float64(u.Files)*u.Base[0]/2 {
		return "rear"
	}
	return "flank"
}

// partlyInFrontArc reports whether any part of target's footprint is in
// u's front arc. The arc is convex (ahead of the front edge and inside
// the two lines at 45° from its front corners), and so is the footprint:
// the footprint is clipped by the arc's three half-planes, and what is
// left is the part in the arc. Testing only the footprint's corners and
// centre would miss a wide or turned block that crosses the arc with an
// edge while its corners and centre all lie outside it.
func (u *Unit) partlyInFrontArc(t *Unit) bool {
	fr := u.frame()
	fw, rt := fr.fw, fr.rt
	w := float64(u.Files) * u.Base[0] / 2
	// Each half-plane keeps the points p with n·(p−At) + k ≥ 0 (within
	// geom.Eps, as frontArc): ahead ≥ 0, ahead ≥ lat − w, ahead ≥ −lat − w.
	planes := [3]struct {
		n geom.Vec
		k float64
	}{{fw, 0}, {fw.Sub(rt), w}, {fw.Add(rt), w}}
	// A convex polygon clipped by a half-plane gains at most one vertex:
	// four corners and three planes need at most seven.
	var bufA, bufB [8]geom.Point
	fp := t.footprint()
	poly := append(bufA[:0], fp[:]...)
	next := bufB[:0]
	for _, pl := range planes {
		next = next[:0]
		side := func(p geom.Point) float64 { return pl.n.Dot(p.Sub(u.At)) + pl.k + geom.Eps }
		for i, a := range poly {
			b := poly[(i+1)%len(poly)]
			da, db := side(a), side(b)
			if da >= 0 {
				next = append(next, a)
			}
			if (da >= 0) != (db >= 0) {
				next = append(next, geom.Lerp(a, b, da/(da-db)))
			}
		}
		if len(next) == 0 {
			return false
		}
		poly, next = next, poly
	}
	return true
}

// mover is the unit, or the character alone charging out of it, as a unit
// of its own for measuring (not stored).
func (s *State) mover(u *Unit, character string) *Unit {
	if character == "" {
		return u
	}
	_, _, nr, _, _ := u.block(character)
	m := u.model(character)
	c := u.modelCentre(character)
	p := s.profile(m)
	// He measures and moves on his own base, its front edge on his
	// block's, centred across it (Characters: different sized bases).
	lone := &Unit{ID: character, Seat: u.Seat, Models: []Model{*m}, Ranks: [][]string{{character}}, Files: 1,
		Facing: u.Facing, Base: p.Base}
	lone.At = c.Add(u.forward().Scale(float64(nr) * u.Base[1] / 2)) // his block's front edge
	lone.Points = p.Points
	return lone
}

// maxChargeRange is the longest charge the mover could roll: its M (10
// flying) + 12.
func (s *State) maxChargeRange(m *Unit) float64 {
	if s.flies(m) {
		return 22
	}
	return float64(s.slowestM(m)) + 12
}

// checkCharge validates a declaration without changing anything.
func (s *State) checkCharge(a DeclareCharge) (*Unit, *Unit, *rules.RuleError) {
	u, t := s.unit(a.Unit), s.unit(a.Target)
	if ex := s.chargeBy(a.Unit, a.Character); ex != nil && u != nil && t != nil && t.Seat != u.Seat {
		// Redirecting a charge: once, after its target fled, at another
		// enemy (Redirecting a charge, 8th edition).
		switch {
		case ex.Reaction != "flee" || ex.Redirected:
			return nil, nil, rules.Errorf(CodeCharge, ruleCharge, "%s has already declared a charge (a charge is redirected once, when its target flees)", chargerName(ex))
		case ex.Target == a.Target:
			return nil, nil, rules.Errorf(CodeCharge, ruleRedirect, "%s already charges %s: a redirected charge needs another target", chargerName(ex), a.Target)
		}
		return s.checkChargeGeometry(a, u, t)
	}
	switch {
	case u == nil:
		return nil, nil, rules.Errorf(CodeNoSuchID, ruleCharge, "no unit %q", a.Unit)
	case u.Seat != s.activeSeat():
		return nil, nil, rules.Errorf(CodeCharge, ruleCharge, "%s is not %s's unit", a.Unit, s.activeSeat())
	case t == nil:
		return nil, nil, rules.Errorf(CodeNoSuchID, ruleCharge, "no unit %q to charge", a.Target)
	case t.Seat == u.Seat:
		return nil, nil, rules.Errorf(CodeCharge, ruleCharge, "%s is a friendly unit", a.Target)
	case s.Turn == 1 && slices.Contains(s.NoFirstCharge, u.ID):
		return nil, nil, rules.Errorf(CodeCharge, ruleScouts+", "+ruleVanguard, "%s scouted or moved ahead before the battle: it may not charge in its side's first turn", u.ID)
	case u.Flags.NoCharge:
		return nil, nil, rules.Errorf(CodeCharge, ruleChargeOut, "a character charged out of %s this turn: neither the unit nor any other character in it may declare a charge", a.Unit)
	case u.Flags.Charged || slices.ContainsFunc(s.Charges, func(c Charge) bool { return c.Unit == a.Unit }):
		return nil, nil, rules.Errorf(CodeCharge, ruleCharge, "%s has already declared a charge", a.Unit)
	case u.Flags.Fleeing:
		return nil, nil, rules.Errorf(CodeCharge, ruleCharge, "%s is fleeing", a.Unit)
	case u.engaged():
		return nil, nil, rules.Errorf(CodeCharge, ruleCharge, "%s is in close combat", a.Unit)
	}
	if a.Character != "" {
		m := u.model(a.Character)
		if m == nil || m.Role != Character {
			return nil, nil, rules.Errorf(CodeNoSuchID, ruleChargeOut, "%s has no character %q", a.Unit, a.Character)
		}
		if len(u.Models) == 1 {
			return nil, nil, rules.Errorf(CodeCharge, ruleChargeOut, "%s is alone: declare the charge with his unit", a.Character)
		}
	}
	return s.checkChargeGeometry(a, u, t)
}

// ruleRedirect names the rule of redirected charges.
const ruleRedirect = "Redirecting a charge"

// chargeBy is the charge declared this turn by unit (or by its character
// charging out), or nil.
func (s *State) chargeBy(unit, character string) *Charge {
	for i := range s.Charges {
		if c := &s.Charges[i]; c.Unit == unit && c.Character == character {
			return c
		}
	}
	return nil
}

// checkChargeGeometry checks that the charger sees the target in its
// front arc and may reach it with the longest charge it could roll.
func (s *State) checkChargeGeometry(a DeclareCharge, u, t *Unit) (*Unit, *Unit, *rules.RuleError) {
	mv := s.mover(u, a.Character)
	if s.skirmishers(mv) {
		// Skirmishers see all round and turn to charge: the charge is
		// measured as if the unit already faced its target.
		c := *mv
		turnToward(&c, t.centre())
		mv = &c
	}
	if !mv.partlyInFrontArc(t) {
		return nil, nil, rules.Errorf(CodeCharge, ruleCharge, "%s is not in the front arc of %s", a.Target, mv.ID)
	}
	if ok, by := s.canSee(mv, t); !ok {
		return nil, nil, rules.Errorf(CodeCharge, ruleSight, "%s cannot see %s: %s is in the way", mv.ID, a.Target, by)
	}
	most := s.maxChargeRange(mv)
	if d := rectDistMover(mv, t); d > most+geom.Eps {
		return nil, nil, rules.Errorf(CodeCharge, ruleCharge, "%s is %.1f\" away, beyond the longest charge %s could roll (%.0f\")", a.Target, d, mv.ID, most)
	}
	p, err := s.chargePathWithin(mv, t, t.sideOf(mv.centre()), u.ID, most)
	if err != nil {
		return nil, nil, err
	}
	if p.cost > most+geom.Eps {
		return nil, nil, rules.Errorf(CodeCharge, ruleChargeMove, "%s's charge move to %s is %.1f\" with its wheel, beyond the longest charge it could roll (%.0f\")", mv.ID, a.Target, p.cost, most)
	}
	return u, t, nil
}

func rectDistMover(m, t *Unit) float64 { return rectDist(m.footprint(), t.footprint()) }

func (s *State) declareCharge(a DeclareCharge, r roller) error {
	u, t, err := s.checkCharge(a)
	if err != nil {
		return err
	}
	mv := s.mover(u, a.Character)
	if ex := s.chargeBy(a.Unit, a.Character); ex != nil {
		// Redirecting: a Leadership test; passed, the charge turns on
		// the new target, which reacts; failed, it goes on at the unit
		// that fled.
		ex.Redirected = true
		ld, ldNote := s.ld(u)
		pass, d, sum, note, err := s.ldTest(u, ld, false, r)
		if err != nil {
			return err
		}
		text := newLine().s(chargerName(ex), " tries to redirect its charge at ", t.ID, ": ").n(sum).s(" against Ld ").n(ld).s(ldNote, note, ", ", passFail(pass), " (", ruleRedirect, ")").String()
		if pass {
			ex.Target, ex.Reaction, ex.Side, ex.Distance = t.ID, "", t.sideOf(mv.centre()), rectDistMover(mv, t)
			s.Phase = PhaseReact
		}
		s.emit(Event{What: "charge-declared", Unit: u.ID, Model: a.Character, Dice: d, Value: ex.Distance, Text: text})
		return nil
	}
	c := Charge{Unit: a.Unit, Character: a.Character, Target: a.Target, Side: t.sideOf(mv.centre()), Distance: rectDistMover(mv, t)}
	s.Charges = append(s.Charges, c)
	text := fmt.Sprintf("%s declares a charge on %s's %s, %.1f\" away", u.ID, t.ID, c.Side, c.Distance)
	if a.Character == "" {
		u.Flags.Charged = true
	} else {
		// The unit stays behind and may still make its Remaining Move,
		// but neither it nor any other character in it may charge.
		u.Flags.NoCharge = true
		text = fmt.Sprintf("%s charges out of %s at %s's %s, %.1f\" away (%s)", a.Character, u.ID, t.ID, c.Side, c.Distance, ruleChargeOut)
	}
	s.emit(Event{What: "charge-declared", Unit: u.ID, Model: a.Character, Value: c.Distance, Text: text})
	s.Phase = PhaseReact
	return nil
}

// reactions a charged unit may choose, with the reason any is refused.
func (s *State) checkReaction(c *Charge, reaction string) *rules.RuleError {
	t, u := s.unit(c.Target), s.unit(c.Unit)
	switch reaction {
	case "hold":
		if t.Flags.Fleeing {
			return rules.Errorf(CodeCharge, ruleReactions, "%s is fleeing and must flee again", t.ID)
		}
		return nil
	case "flee":
		if t.engaged() {
			return rules.Errorf(CodeCharge, ruleReactions, "%s is in close combat: it can only hold", t.ID)
		}
		if s.immune(t) && !t.Flags.Fleeing {
			return rules.Errorf(CodeCharge, ruleImmune, "%s is Immune to Psychology: it may not flee from a charge", t.ID)
		}
		return nil
	case "stand-and-shoot":
		p := s.rf(t)
		mv := s.mover(u, c.Character)
		switch {
		case t.engaged():
			return rules.Errorf(CodeCharge, ruleReactions, "%s is in close combat: it can only hold", t.ID)
		case t.Flags.Fleeing:
			return rules.Errorf(CodeCharge, ruleReactions, "%s is fleeing and must flee again", t.ID)
		case p.Missile == nil:
			return rules.Errorf(CodeCharge, ruleReactions, "%s has no missile weapons to stand and shoot with", t.ID)
		case t.Flags.Shot:
			return rules.Errorf(CodeCharge, ruleReactions, "%s has already stood and shot this phase", t.ID)
		case c.Distance <= float64(s.slowestM(mv))+geom.Eps:
			return rules.Errorf(CodeCharge, ruleReactions, "the charger is %.1f\" away, not more than its Movement of %d: no time to stand and shoot", c.Distance, s.slowestM(mv))
		case !t.partlyInFrontArc(mv) && !s.skirmishers(t):
			// Stand & Shoot is a shooting attack, and a unit shoots only
			// at what is in its front arc (Shooting, 8th edition).
			return rules.Errorf(CodeCharge, ruleShooting, "%s is not in the front arc of %s: no standing and shooting at it", mv.ID, t.ID)
		}
		if ok, by := s.canSee(t, mv); !ok {
			return rules.Errorf(CodeCharge, ruleSight, "%s cannot see %s to stand and shoot: %s is in the way", t.ID, mv.ID, by)
		}
		return nil
	}
	return rules.Errorf(rules.CodeBadAction, ruleReactions, "reaction %q is none of hold, stand-and-shoot, flee", reaction)
}

func (s *State) react(a React, r roller) error {
	c := s.openCharge()
	if err := s.checkReaction(c, a.Reaction); err != nil {
		return err
	}
	c.Reaction = a.Reaction
	t, u := s.unit(c.Target), s.unit(c.Unit)
	s.emit(Event{What: "reaction", Unit: t.ID, Text: fmt.Sprintf("%s reacts to the charge of %s: %s", t.ID, chargerName(c), a.Reaction)})
	s.Phase = PhaseCharges
	if mv := s.mover(u, c.Character); a.Reaction != "flee" && s.anyHas(mv, RuleTerror) && !t.Flags.Fleeing && !s.immune(t) && !s.anyHas(t, RuleTerror) {
		// Terror: charged by a terrifying foe, the unit takes a Panic
		// test before its reaction; failed, it flees instead.
		ld, ldNote := s.ld(t)
		pass, d, sum, note, err := s.ldTest(t, ld, false, r)
		if err != nil {
			return err
		}
		s.emit(Event{What: "terror-test", Unit: t.ID, Dice: d, Text: newLine().s(t.ID, " tests against the Terror of ", mv.ID, ": ").n(sum).s(" against Ld ").n(ld).s(ldNote, note, ", ", passFail(pass), " (", ruleTerror, ")").String()})
		if !pass {
			c.Reaction = "flee"
			return s.flee(t, mv.centre(), r, "flees in terror")
		}
	}
	switch a.Reaction {
	case "flee":
		return s.flee(t, s.mover(u, c.Character).centre(), r, "flees from the charge")
	case "stand-and-shoot":
		t.Flags.Shot = true
		return s.standAndShoot(t, u, c, r)
	}
	return nil
}

func chargerName(c *Charge) string {
	if c.Character != "" {
		return c.Character
	}
	return c.Unit
}

// flee turns the unit about its centre to face directly away from a point
// and moves it 2D6"; a unit that leaves the table is destroyed.
func (s *State) flee(u *Unit, from geom.Point, r roller, why string) error {
	dist, d, err := s.fleeRoll(u, r)
	if err != nil {
		return err
	}
	before := *u
	s.fleeBy(u, from, dist, d, why)
	if s.unit(u.ID) != u {
		return nil // fled off the table
	}
	return s.dangerousMove(before, u, r)
}

func (s *State) fleeBy(u *Unit, from geom.Point, dist float64, d []int, why string) {
	c := u.centre()
	dir := c.Sub(from).Unit()
	if dir == (geom.Vec{}) {
		dir = u.forward().Neg()
	}
	u.Facing = math.Atan2(dir.Y, dir.X) * 180 / math.Pi
	nc := c.Add(dir.Scale(dist))
	u.At = nc.Add(u.forward().Scale(float64(len(u.Ranks)) * u.Base[1] / 2))
	u.Flags.Fleeing, u.Flags.Fled = true, true
	s.disengage(u)
	s.emit(Event{What: "fled", Unit: u.ID, Dice: d, Value: dist, Text: newLine().s(u.ID, " ", why, " ").inches(dist).s(`"`).String()})
	if !s.onTable(u) {
		s.destroy(u, "flees off the table")
	}
}

// destroy removes a unit; its points go to the other side (Dead or Fled),
// and 100 more for the General among its models (The King Is Dead).
func (s *State) destroy(u *Unit, why string) {
	s.panics = append(s.panics, panicCause{seat: u.Seat, src: *u, why: "friends destroyed"})
	s.disengage(u)
	s.Units = slices.DeleteFunc(s.Units, func(x *Unit) bool { return x == u })
	for i := range u.Models {
		if u.Models[i].General { // slain or fled off the table with it
			s.award(u.Seat, u.Models[i].ID, ruleKingIsDead, vpKing)
		}
	}
	s.award(u.Seat, u.ID, ruleDeadOrFled, u.Points)
	s.emit(Event{What: "destroyed", Unit: u.ID, Value: float64(u.Points), Text: u.ID + " " + why + " and is destroyed"})
}

func (s *State) disengage(u *Unit) {
	u.Rounds = 0
	for _, id := range u.Engage {
		if e := s.unit(id); e != nil {
			e.Engage = slices.DeleteFunc(e.Engage, func(x string) bool { return x == u.ID })
			if len(e.Engage) == 0 {
				e.Rounds = 0 // out of combat: its next one starts afresh (Hatred, flail)
			}
		}
	}
	u.Engage = nil
}

// endCharges closes the declarations; with no charge to move, the
// compulsory moves follow at once.
func (s *State) endCharges() error {
	if err := s.frenzyCharges(); err != nil {
		return err
	}
	s.Phase = PhaseChargeMoves
	return nil
}

// afterChargeMoves runs the compulsory moves once every charger has moved
// (and no choice is pending), then opens the Remaining Moves.
func (s *State) afterChargeMoves(r roller) error {
	if s.Phase != PhaseChargeMoves {
		return nil
	}
	for _, c := range s.Charges {
		if !c.Done {
			return nil
		}
	}
	for _, u := range slices.Clone(s.Units) {
		if u.Seat != s.activeSeat() || !u.Flags.Fleeing || u.Flags.Fled {
			continue
		}
		ld, ldNote := s.ld(u)
		need, double1 := ld, false
		against := fmt.Sprintf("Ld %d%s", ld, ldNote)
		if s.quarterLeft(u) {
			// Reduced to a quarter of its starting models or fewer, only
			// a double 1 rallies it (Rally fleeing units).
			need, double1 = 1, true
			against = fmt.Sprintf("a double 1 (%d of %d models left, a quarter or fewer)", u.nonCharacters(), u.Start)
		}
		rallies, d, sum, note, err := s.ldTest(u, need, double1, r)
		if err != nil {
			return err
		}
		if rallies {
			u.Flags.Fleeing = false
			u.Flags.Fled = true
			s.emit(Event{What: "rallied", Unit: u.ID, Dice: d, Text: fmt.Sprintf("%s rallies: %d against %s%s (%s)", u.ID, sum, against, note, ruleCompulsory)})
			continue
		}
		s.emit(Event{What: "rallied", Unit: u.ID, Dice: d, Text: fmt.Sprintf("%s fails to rally: %d against %s%s (%s)", u.ID, sum, against, note, ruleCompulsory)})
		// It flees on 2D6" straight ahead, the way it faces (Move fleeing
		// units).
		if err := s.fleeAhead(u, r); err != nil {
			return err
		}
	}
	s.Phase = PhaseRemaining
	return nil
}

// quarterLeft reports whether a unit has a quarter of its starting models
// or fewer left (its joined characters not counted).
func (s *State) quarterLeft(u *Unit) bool {
	return u.Start > 0 && 4*u.nonCharacters() <= u.Start
}

// fleeAhead moves a fleeing unit that failed to rally 2D6" (Swiftstride:
// the best two of 3D6) straight ahead in its facing, without turning; a
// unit that leaves the table is destroyed.
func (s *State) fleeAhead(u *Unit, r roller) error {
	dist, d, err := s.fleeRoll(u, r)
	if err != nil {
		return err
	}
	before := *u
	u.At = u.At.Add(u.forward().Scale(dist))
	u.Flags.Fleeing, u.Flags.Fled = true, true
	s.emit(Event{What: "fled", Unit: u.ID, Dice: d, Value: dist, Text: newLine().s(u.ID, " flees on ").inches(dist).s(`" straight ahead (`, ruleCompulsory, ")").String()})
	if !s.onTable(u) {
		s.destroy(u, "flees off the table")
		return nil
	}
	return s.dangerousMove(before, u, r)
}

// ld is the Leadership u tests on: its own (leadership), or its General's
// when he is within 12" and not fleeing and his is higher (Inspiring
// Presence), with a note saying so.
func (s *State) ld(u *Unit) (int, string) {
	ld := s.leadership(u)
	if g, gu := s.leaderNear(u, isGeneral); g != nil && g.ID != gu.Flags.SteppedBack {
		if gl := s.profile(g).Ld; gl > ld {
			return gl, " (" + g.ID + "'s, " + ruleInspiring + ")"
		}
	}
	return ld, ""
}

// leadership is the unit's best Ld. A character who stepped back from a
// refused challenge this turn lends none (Challenges: refusing).
func (s *State) leadership(u *Unit) int {
	ld := 0
	pc := s.profileCache()
	for i := range u.Models {
		if u.Models[i].ID == u.Flags.SteppedBack {
			continue
		}
		ld = max(ld, pc.of(&u.Models[i]).Ld)
	}
	if ld == 0 && len(u.Models) > 0 {
		// Nobody else to lend one: the unit's own.
		ld = s.rf(u).Ld
	}
	return ld
}

// chargeRoll rolls a charger's range: M + 2D6, or the best two of 3D6 with
// Swiftstride; a flying charger glides 10" and has Swiftstride. It returns
// the range, the dice, and the highest single die (the failed charge move).
func (s *State) chargeRoll(mv *Unit, r roller) (float64, []int, int, error) {
	m, n := s.chargeDice(mv)
	d, err := r.d6s(n)
	if err != nil {
		return 0, nil, 0, err
	}
	sorted := slices.Clone(d)
	slices.Sort(sorted)
	best := sorted[len(sorted)-1] + sorted[len(sorted)-2]
	return m + float64(best), d, sorted[len(sorted)-1], nil
}

// chargeDice is a charger's range roll: M plus the best two of n D6 (n
// is 3 with Swiftstride; a flyer glides 10" and has Swiftstride).
func (s *State) chargeDice(mv *Unit) (m float64, n int) {
	m, n = float64(s.slowestM(mv)), 2
	if s.flies(mv) {
		m, n = 10, 3
	} else if s.swift(mv) {
		n = 3
	}
	return m, n
}

func (s *State) checkChargeMove(a ChargeMove) (*Charge, *rules.RuleError) {
	for i := range s.Charges {
		if c := &s.Charges[i]; c.Unit == a.Unit && !c.Done {
			return c, nil
		}
	}
	return nil, rules.Errorf(CodeCharge, ruleCharge, "%s has no charge to move", a.Unit)
}

func (s *State) chargeMove(a ChargeMove, r roller) error {
	c, err := s.checkChargeMove(a)
	if err != nil {
		return err
	}
	c.Done = true
	u, t := s.unit(c.Unit), s.unit(c.Target)
	if u == nil {
		return nil // destroyed by Stand & Shoot
	}
	if c.Character != "" && u.model(c.Character) == nil {
		return nil // slain by Stand & Shoot
	}
	mv := s.mover(u, c.Character)
	if t != nil && c.Character == "" && s.skirmishers(mv) {
		turnToward(mv, t.centre()) // Skirmishers: a free turn to face the target
	}
	rng, d, high, rerr := s.chargeRoll(mv, r)
	if rerr != nil {
		return rerr
	}
	if t == nil {
		s.emit(Event{What: "charge-roll", Unit: u.ID, Dice: d, Value: rng, Text: fmt.Sprintf("%s's target is gone", chargerName(c))})
		return s.failCharge(c, u, mv, nil, 0, r)
	}
	if c.Reaction == "flee" {
		// The fleer turned about: the charger now comes at the side it
		// shows.
		c.Side = t.sideOf(mv.centre())
	}
	p, perr := s.chargePathWithin(mv, t, c.Side, u.ID, rng)
	if perr != nil {
		s.emit(Event{What: "charge-roll", Unit: u.ID, Model: c.Character, Dice: d, Value: rng, Text: fmt.Sprintf("%s rolls a charge range of %.0f\", but %s", chargerName(c), rng, perr.Message())})
		return s.failCharge(c, u, mv, t, float64(high), r)
	}
	s.emit(Event{What: "charge-roll", Unit: u.ID, Model: c.Character, Dice: d, Value: rng, Text: fmt.Sprintf("%s rolls a charge range of %.0f\" against a charge move of %.2f\" (%s)", chargerName(c), rng, p.cost, p.describe())})
	if rng+geom.Eps >= p.cost {
		before := *mv
		s.contact(c, u, mv, t, p)
		if t.Flags.Fleeing {
			// Charging a fleeing unit: caught, it is destroyed, and the
			// charger stands where it caught it, in no combat (Charging
			// a fleeing enemy, 8th edition).
			s.destroy(t, "is caught fleeing by the charge of "+chargerName(c))
		}
		if after := s.unit(mv.ID); after != nil {
			if s.flies(after) {
				return s.dangerousFlight(before, after, r)
			}
			return s.dangerousMove(before, after, r)
		}
		return nil
	}
	return s.failCharge(c, u, mv, t, float64(high), r)
}

// contact moves a successful charger along its charge move into base
// contact with the side of the target it charged, square to it.
func (s *State) contact(c *Charge, u, mv, t *Unit, p chargePath) {
	if c.Character != "" {
		ch := *u.model(c.Character)
		s.removeModel(u, ch.ID)
		s.parted(u, ch.ID)
		s.fillGaps(u, true)
		lone := &Unit{ID: ch.ID, Seat: u.Seat, Models: []Model{ch}, Ranks: [][]string{{ch.ID}}, Files: 1, Base: s.profile(&ch).Base,
			Points: s.profile(&ch).Points}
		lone.Flags.Charged = true
		u.Points -= lone.Points
		s.Units = append(s.Units, lone)
		mv = lone
	}
	mv.Facing = p.face
	mv.At = p.at
	mv.Flags.ChargedFrom = c.Side
	mv.Engage = appendOnce(mv.Engage, t.ID)
	t.Engage = appendOnce(t.Engage, mv.ID)
	s.emit(Event{What: "charged", Unit: mv.ID, Text: fmt.Sprintf("%s charges into %s's %s", mv.ID, t.ID, c.Side)})
}

func appendOnce(list []string, id string) []string {
	if slices.Contains(list, id) {
		return list
	}
	return append(list, id)
}

// failCharge moves the charger the highest die towards its target,
// wheeling round what is in its way (failedMove). A character charging
// out who ends less than 1" from his unit stays in it and the whole unit
// counts as having failed a charge.
func (s *State) failCharge(c *Charge, u, mv, t *Unit, high float64, r roller) error {
	// A charger whose target has gone stays where it is.
	fm := failedMove{end: *mv}
	if t != nil {
		fm = s.failedMove(mv, t, high, u.ID)
	}
	dist, how := fm.moved, ""
	if fm.route.n > 0 {
		how = ": " + describeLegs(fm.Legs())
	}
	if c.Character == "" {
		before := *u
		u.At, u.Facing = fm.end.At, fm.end.Facing
		u.Flags.FailedCharge = true
		s.emit(Event{What: "charge-failed", Unit: u.ID, Value: dist, Text: fmt.Sprintf("%s fails its charge and moves %.1f\"%s (%s)", u.ID, dist, how, ruleFailed)})
		return s.failedDanger(before, u, fm, r)
	}
	// The gap to his unit is measured from his own base.
	moved := fm.end
	base := moved.footprint()
	gap := math.Inf(1)
	for _, b := range u.rects(c.Character) {
		gap = min(gap, rectDist(base, b))
	}
	if gap+1e-9 < 1 {
		u.Flags.FailedCharge = true
		s.emit(Event{What: "charge-failed", Unit: u.ID, Model: c.Character, Value: gap, Text: fmt.Sprintf("%s's failed charge leaves him %.2f\" from %s, less than 1\": he stays in the unit and the whole unit counts as having failed a charge (%s)", c.Character, gap, u.ID, ruleChargeOut)})
		return nil
	}
	ch := *u.model(c.Character)
	s.removeModel(u, ch.ID)
	s.parted(u, ch.ID)
	lone := &Unit{ID: ch.ID, Seat: u.Seat, Models: []Model{ch}, Ranks: [][]string{{ch.ID}}, Files: 1, Base: mv.Base,
		Facing: moved.Facing, Points: s.profile(&ch).Points, At: moved.At}
	lone.Flags.Charged, lone.Flags.FailedCharge = true, true
	u.Points -= lone.Points
	s.Units = append(s.Units, lone)
	s.emit(Event{What: "charge-failed", Unit: u.ID, Model: ch.ID, Value: gap, Text: fmt.Sprintf("%s fails his charge and moves %.1f\"%s; %.2f\" from %s he is a unit of his own (%s)", ch.ID, dist, how, gap, u.ID, ruleChargeOut)})
	s.fillGaps(u, true)
	return s.failedDanger(*mv, lone, fm, r)
}

// failedDanger takes the Dangerous Terrain tests of a failed charge move
// (Forests and movement, Obstacles and movement: a failed charge is still
// a charge); a charger that did not move takes none.
func (s *State) failedDanger(before Unit, after *Unit, fm failedMove, r roller) error {
	if fm.route.n == 0 {
		return nil
	}
	if s.flies(after) {
		return s.dangerousFlight(before, after, r)
	}
	return s.dangerousMove(before, after, r)
}
