package fantasy

import (
	"fmt"
	"math"
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// canMove says why a unit may not make a Remaining Move, or nil.
func (s *State) canMove(u *Unit) *rules.RuleError {
	switch {
	case u == nil:
		return rules.Errorf(CodeNoSuchID, ruleRemaining, "no such unit")
	case u.Seat != s.activeSeat():
		return rules.Errorf(CodeMove, ruleRemaining, "%s is not %s's unit", u.ID, s.activeSeat())
	case u.Flags.FailedCharge:
		return rules.Errorf(CodeMove, ruleFailed, "%s failed a charge this turn: it makes no Remaining Move", u.ID)
	case u.Flags.Charged:
		return rules.Errorf(CodeMove, ruleRemaining, "%s charged this turn", u.ID)
	case u.Flags.Joined:
		return rules.Errorf(CodeMove, ruleJoin, "a character joined %s this phase: neither may move further", u.ID)
	case u.Flags.Fleeing || u.Flags.Fled:
		return rules.Errorf(CodeMove, ruleCompulsory, "%s fled or rallied this turn", u.ID)
	case u.engaged():
		return rules.Errorf(CodeMove, ruleRemaining, "%s is in close combat", u.ID)
	case u.Flags.Moved || u.Flags.Reformed:
		return rules.Errorf(CodeMove, ruleRemaining, "%s has already moved", u.ID)
	}
	return nil
}

// path applies the legs of a move to a copy of the unit and returns it
// with the allowance the legs cost (a wheel costs the outside model's
// travel; backwards costs double). Legs change only the copy's place and
// facing, so it shares the unit's models and ranks: a caller that
// rearranges them clones it first.
func (u *Unit) path(legs []Leg) (*Unit, float64, *rules.RuleError) {
	c := new(Unit)
	*c = *u
	cost := 0.0
	fwd, back := false, false
	for i, l := range legs {
		n := 0
		for _, x := range []float64{l.Forward, l.Backward, l.Wheel} {
			if x != 0 {
				n++
			}
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, 0, rules.Errorf(rules.CodeBadAction, ruleRemaining, "legs[%d]: not a number", i)
			}
		}
		if n != 1 || l.Forward < 0 || l.Backward < 0 || math.Abs(l.Wheel) > 360 {
			return nil, 0, rules.Errorf(rules.CodeBadAction, ruleRemaining, "legs[%d]: give one of forward (inches), backward (inches) or wheel (degrees)", i)
		}
		if l.Backward > 0 {
			back = true
		} else {
			fwd = true
		}
		cost += c.step(l)
	}
	if fwd && back {
		return nil, 0, rules.Errorf(CodeMove, ruleBackward, "a move is forward (with wheels) or backward, not both")
	}
	return c, cost, nil
}

// enemyNear reports whether a non-fleeing enemy unit is within d inches.
func (s *State) enemyNear(u *Unit, d float64) bool {
	fu := u.footprint()
	lo, hi := bounds(fu[:])
	for _, e := range s.Units {
		if e.Seat == u.Seat || e.Flags.Fleeing {
			continue
		}
		fe := e.footprint()
		if boxGap(lo, hi, fe) > d+boxSlack {
			continue // their boxes are further apart than d: so are they
		}
		if rectDist(fu, fe) <= d+geom.Eps {
			return true
		}
	}
	return false
}

// spaced says which unit a unit at its new place comes within 1" of.
func (s *State) spaced(u *Unit) string {
	fu := u.footprint()
	lo, hi := bounds(fu[:])
	for _, e := range s.Units {
		if e.ID == u.ID {
			continue
		}
		fe := e.footprint()
		if boxGap(lo, hi, fe) > 1+boxSlack {
			continue // their boxes are over 1" apart: so are they
		}
		if rectDist(fu, fe) < 1-geom.Eps {
			return e.ID
		}
	}
	return ""
}

// boxSlack keeps the box test on the safe side of rounding: a pair the
// boxes reject is always further apart than the exact measure needs.
const boxSlack = 1e-6

// boxGap is how far the box lo–hi stands from the box around r along the
// axis they are furthest apart on (0 or less when the boxes meet). Two
// shapes are never closer than their boxes, so a menu rejects most pairs
// of units with this before it measures them exactly (Unit spacing).
func boxGap(lo, hi geom.Point, r rect) float64 {
	rlo, rhi := bounds(r[:])
	return max(rlo.X-hi.X, lo.X-rhi.X, rlo.Y-hi.Y, lo.Y-rhi.Y)
}

// checkMove validates a Remaining Move except the march test; it returns
// the unit where it would end and the allowance spent.
func (s *State) checkMove(a Move, allowance float64) (*Unit, *rules.RuleError) {
	u := s.unit(a.Unit)
	if err := s.canMove(u); err != nil {
		return nil, err
	}
	if len(a.Legs) > 20 || len(a.Reposition) > 10 {
		return nil, rules.Errorf(rules.CodeBadAction, ruleRemaining, "at most 20 legs and 10 repositions")
	}
	if a.Fly && !s.flies(u) {
		return nil, rules.Errorf(CodeMove, ruleFly, "%s cannot fly: only a unit whose every model has Fly flies", u.ID)
	}
	moved, cost, err := u.path(a.Legs)
	if err != nil {
		return nil, err
	}
	for _, l := range a.Legs {
		if l.Backward > 0 && a.March {
			return nil, rules.Errorf(CodeMove, ruleMarch, "a march moves forward only")
		}
	}
	if cost > allowance+geom.Eps {
		what := "advance"
		if a.March {
			what = "march"
		}
		if len(a.Legs) > 0 && a.Legs[0].Backward > 0 {
			return nil, rules.Errorf(CodeMove, ruleBackward, "%s moves backwards at half rate: %.1f\" back costs %.1f\" of its %.0f\"", u.ID, cost/2, cost, allowance)
		}
		return nil, rules.Errorf(CodeMove, ruleRemaining, "%s's %s costs %.1f\", more than its %.0f\"", u.ID, what, cost, allowance)
	}
	// A flyer passes over units (Fly).
	if !a.Fly {
		if e := s.through(u, a.Legs); e != "" {
			return nil, rules.Errorf(CodeMove, ruleThrough, "%s's move would pass through %s", u.ID, e)
		}
		if e := s.ImpassableOnPath(u, a.Legs); e != "" {
			return nil, rules.Errorf(CodeMove, ruleImpassable, "%s's move would cross impassable terrain %q", u.ID, e)
		}
	}
	if e := s.ImpassableUnder(moved); e != "" {
		return nil, rules.Errorf(CodeMove, ruleImpassable, "%s would end its move on impassable terrain %q", u.ID, e)
	}
	if len(a.Reposition) > 0 {
		moved = moved.clone() // the repositions swap slots in its ranks
	}
	for _, rp := range a.Reposition {
		m := moved.model(rp.Model)
		if m == nil || !m.Role.firstRank() {
			return nil, rules.Errorf(CodeFirstRank, ruleFirstRank, "%s is no model of %s with In the First Rank!", rp.Model, u.ID)
		}
		if rp.Rank < 0 || rp.Rank >= len(moved.Ranks) || rp.File < 0 || rp.File >= moved.Files {
			return nil, rules.Errorf(rules.CodeBadAction, ruleFirstRank, "%s: slot (%d, %d) is outside %s", rp.Model, rp.Rank, rp.File, u.ID)
		}
		r0, f0, _ := moved.slotOf(rp.Model)
		if !moved.single(r0, f0) || (moved.Ranks[rp.Rank][rp.File] != "" && !moved.single(rp.Rank, rp.File)) {
			return nil, rules.Errorf(CodeFirstRank, ruleFirstRank, "%s: a model on a larger base than %s's slots keeps the block his base covers: he changes place only when the unit reforms", rp.Model, u.ID)
		}
		d := moved.slotCentre(r0, f0).Dist(moved.slotCentre(rp.Rank, rp.File))
		if cost+d > allowance+geom.Eps {
			return nil, rules.Errorf(CodeFirstRank, ruleFirstRank, "%s would travel %.1f\" (the unit's %.1f\" and %.1f\" changing place), more than the %.0f\" the unit's models may move", rp.Model, cost+d, cost, d, allowance)
		}
		moved.Ranks[r0][f0], moved.Ranks[rp.Rank][rp.File] = moved.Ranks[rp.Rank][rp.File], moved.Ranks[r0][f0]
	}
	if !moved.firstRankOK() {
		return nil, rules.Errorf(CodeFirstRank, ruleFirstRank, "the models with In the First Rank! must stand as close to the front rank as they can")
	}
	if !s.onTable(moved) {
		return nil, rules.Errorf(CodeMove, ruleRemaining, "%s would leave the table", u.ID)
	}
	if e := s.spaced(moved); e != "" {
		return nil, rules.Errorf(CodeMove, ruleUnitSpace, "%s would end within 1\" of %s", u.ID, e)
	}
	return moved, nil
}

func (s *State) move(a Move, r roller) error {
	u := s.unit(a.Unit)
	if err := s.canMove(u); err != nil {
		return err
	}
	m := s.rate(u, a.Fly)
	allowance := m
	if a.March {
		allowance = 2 * m
		if s.enemyNear(u, 8) {
			// The march test comes first; its dice are rolled only for a
			// move that is legal as an advance at least.
			if _, err := s.checkMove(a, allowance); err != nil {
				return err
			}
			ld, ldNote := s.ld(u)
			pass, d, sum, note, err := s.ldTest(u, ld, false, r)
			if err != nil {
				return err
			}
			s.emit(Event{What: "march-test", Unit: u.ID, Dice: d, Text: fmt.Sprintf("%s tests Leadership to march with an enemy within 8\": %d against %d%s%s, %s (%s)", u.ID, sum, ld, ldNote, note, passFail(pass), ruleMarch)})
			if !pass {
				// It may move only at its normal rate and still counts
				// as having marched (it cannot shoot).
				moved, err := s.checkMove(a, m)
				if err == nil {
					s.commitMove(u, moved, a)
				} else {
					s.emit(Event{What: "moved", Unit: u.ID, Text: fmt.Sprintf("%s may move only %.0f\" and stays: %s", u.ID, m, err.Message())})
				}
				u.Flags.Marched, u.Flags.Moved = true, true
				return nil
			}
		}
	}
	moved, err := s.checkMove(a, allowance)
	if err != nil {
		return err
	}
	before := *u
	s.commitMove(u, moved, a)
	switch {
	case a.Fly:
		return s.dangerousFlight(before, u, r)
	case a.March:
		return s.dangerousMove(before, u, r)
	}
	return nil
}

func passFail(ok bool) string {
	if ok {
		return "passed"
	}
	return "failed"
}

func (s *State) commitMove(u, moved *Unit, a Move) {
	marched := u.Flags.Marched || a.March
	*u = *moved
	u.Flags.Moved = true
	u.Flags.Marched = marched
	what := "moved"
	if marched {
		what = "marched"
	}
	s.emit(Event{What: what, Unit: u.ID, Text: fmt.Sprintf("%s %s to (%.1f, %.1f) facing %.0f°", u.ID, what, u.At.X, u.At.Y, u.Facing)})
}

// checkReform validates a reform and returns the reformed unit: the centre
// stays, any number of files and any facing, and no model moves more than
// twice its Movement.
func (s *State) checkReform(a Reform) (*Unit, *rules.RuleError) {
	u := s.unit(a.Unit)
	if err := s.canMove(u); err != nil {
		return nil, err
	}
	if u.Flags.FreeReformed {
		return nil, rules.Errorf(CodeMove, ruleFastCavalry, "%s has already made its free reform this turn", u.ID)
	}
	if a.Files < 1 || a.Files > len(u.Models) || math.IsNaN(a.Facing) || math.IsInf(a.Facing, 0) {
		return nil, rules.Errorf(rules.CodeBadAction, ruleReform, "files must be 1..%d and facing a number", len(u.Models))
	}
	// The reformed unit shares the unit's models (a reform only rearranges
	// them); layout gives it ranks of its own.
	c := new(Unit)
	*c = *u
	centre := u.centre()
	c.Files = a.Files
	c.Facing = math.Mod(a.Facing, 360)
	// The models with In the First Rank! first, then the rest, in one list.
	order := make([]Model, 0, len(u.Models))
	for _, m := range u.Models {
		if m.Role.firstRank() {
			order = append(order, m)
		}
	}
	nfront := len(order)
	for _, m := range u.Models {
		if !m.Role.firstRank() {
			order = append(order, m)
		}
	}
	if !c.layout(order[:nfront], order[nfront:], s.sizer(c)) {
		return nil, rules.Errorf(CodeMove, ruleReform, "%d files are narrower than a character's base in %s (Characters: different sized bases)", a.Files, u.ID)
	}
	c.At = centre.Add(c.forward().Scale(float64(len(c.Ranks)) * c.Base[1] / 2))
	limit := 2 * float64(s.slowestM(u))
	fu, fc := u.frame(), c.frame() // one sine and cosine each for every slot
	for _, m := range u.Models {
		r0, f0, _ := u.slotOf(m.ID)
		r1, f1, _ := c.slotOf(m.ID)
		from, to := fu.centre(r0, f0), fc.centre(r1, f1)
		if u.big(m.ID) {
			from, to = u.modelCentre(m.ID), c.modelCentre(m.ID)
		}
		if d := from.Dist(to); d > limit+geom.Eps {
			return nil, rules.Errorf(CodeMove, ruleReform, "%s would move %.1f\" in the reform, more than twice its Movement (%.0f\")", m.ID, d, limit)
		}
	}
	if !s.onTable(c) {
		return nil, rules.Errorf(CodeMove, ruleReform, "%s would leave the table", u.ID)
	}
	if e := s.ImpassableUnder(c); e != "" {
		return nil, rules.Errorf(CodeMove, ruleImpassable, "%s would reform onto impassable terrain %q", u.ID, e)
	}
	if e := s.spaced(c); e != "" {
		return nil, rules.Errorf(CodeMove, ruleUnitSpace, "%s would end within 1\" of %s", u.ID, e)
	}
	return c, nil
}

func (s *State) reform(a Reform) error {
	c, err := s.checkReform(a)
	if err != nil {
		return err
	}
	u := s.unit(a.Unit)
	*u = *c
	if s.allHave(u, RuleFastCavalry) || s.skirmishers(u) {
		// Fast Cavalry: a free reform; it may still move and shoot.
		u.Flags.FreeReformed = true
		s.emit(Event{What: "reformed", Unit: u.ID, Text: fmt.Sprintf("%s reforms %d wide facing %.0f°: a free reform, it may still move and shoot (%s)", u.ID, u.Files, u.Facing, ruleFastCavalry)})
		return nil
	}
	u.Flags.Reformed, u.Flags.Moved = true, true
	s.emit(Event{What: "reformed", Unit: u.ID, Text: fmt.Sprintf("%s reforms %d wide facing %.0f°: it moves no further and cannot shoot this turn (%s)", u.ID, u.Files, u.Facing, ruleReform)})
	return nil
}

// checkJoin validates a character joining a unit.
func (s *State) checkJoin(a Join) (*Unit, *Unit, *rules.RuleError) {
	c, u := s.unit(a.Character), s.unit(a.Unit)
	switch {
	case c == nil || len(c.Models) != 1 || c.Models[0].Role != Character:
		return nil, nil, rules.Errorf(CodeNoSuchID, ruleJoin, "%q is no character standing alone", a.Character)
	case u == nil || u == c:
		return nil, nil, rules.Errorf(CodeNoSuchID, ruleJoin, "no unit %q to join", a.Unit)
	case c.Seat != s.activeSeat() || u.Seat != c.Seat:
		return nil, nil, rules.Errorf(CodeJoin, ruleJoin, "a character joins a unit of his own side in his Movement phase")
	}
	if err := s.canMove(c); err != nil {
		return nil, nil, err
	}
	cp := s.profile(&c.Models[0])
	up := s.rf(u)
	switch {
	case u.Flags.Fleeing:
		return nil, nil, rules.Errorf(CodeJoin, ruleJoin, "%s is fleeing: no character may join it", u.ID)
	case u.engaged():
		return nil, nil, rules.Errorf(CodeJoin, ruleJoin, "%s is in close combat: no character may join it", u.ID)
	case !up.Type.joinable():
		return nil, nil, rules.Errorf(CodeJoin, ruleJoin, "%s is a unit of %s: characters join only infantry, war beasts, cavalry and the monstrous types", u.ID, up.Type)
	case s.flies(u):
		return nil, nil, rules.Errorf(CodeJoin, ruleJoin, "%s is a unit of flyers: characters may not join it", u.ID)
	case !cp.Type.joinable():
		return nil, nil, rules.Errorf(CodeJoin, ruleJoin, "%s is a %s: he cannot join any unit", c.ID, cp.Type)
	}
	if d := unitDist(c, u); d > float64(cp.M)+geom.Eps {
		return nil, nil, rules.Errorf(CodeJoin, ruleJoin, "%s is %.1f\" from %s, beyond his Movement of %d", c.ID, d, u.ID, cp.M)
	}
	if nf, nr := blockSize(cp.Base, u.Base); nf > u.Files || (a.Displace != "" && nf*nr > 1) {
		return nil, nil, rules.Errorf(CodeJoin, ruleJoin, "%s's base covers %d by %d of %s's slots: he takes the block nearest him (no displace), in a unit at least %d files wide (Characters: different sized bases)", c.ID, nf, nr, u.ID, nf)
	}
	if a.Displace != "" {
		m := u.model(a.Displace)
		r, _, _ := u.slotOf(a.Displace)
		if m == nil || !m.Role.firstRank() || r != 0 {
			return nil, nil, rules.Errorf(CodeFirstRank, ruleFirstRank, "%s is no model with In the First Rank! in %s's front rank", a.Displace, u.ID)
		}
	}
	return c, u, nil
}

func (s *State) join(a Join) error {
	c, u, err := s.checkJoin(a)
	if err != nil {
		return err
	}
	ch := c.Models[0]
	ch.Joined = s.Turn
	u.Models = append(u.Models, ch)
	u.Points += c.Points
	s.Units = slices.DeleteFunc(s.Units, func(x *Unit) bool { return x == c })
	s.seat(u, ch.ID, c.centre(), a.Displace)
	u.Flags.Joined = true
	s.emit(Event{What: "joined", Unit: u.ID, Model: ch.ID, Text: fmt.Sprintf("%s joins %s: neither may move further this phase (%s)", ch.ID, u.ID, ruleJoin)})
	return nil
}

// seat places a joining character (In the First Rank!): in the front-rank
// slot of the rank-and-file nearest him, who steps back to the rear rank;
// when the front rank holds only models with the rule, he takes the
// second rank (or the displaced model's place, and it steps back).
func (s *State) seat(u *Unit, id string, from geom.Point, displace string) {
	if nf, nr := s.sizer(u)(*u.model(id)); nf*nr > 1 {
		s.seatBlock(u, id, nf, nr, from)
		return
	}
	target := 0
	if displace != "" {
		r, f, _ := u.slotOf(displace)
		u.Ranks[r][f] = id
		id = displace
		target = 1
	}
	for r := target; ; r++ {
		if r >= len(u.Ranks) {
			u.Ranks = append(u.Ranks, make([]string, u.Files))
		}
		best, bf, bd := "", -1, 0.0
		for f, x := range u.Ranks[r] {
			m := u.model(x)
			if x != "" && (m == nil || m.Role.firstRank()) {
				continue
			}
			if d := u.slotCentre(r, f).Dist(from); bf < 0 || d < bd-1e-9 {
				best, bf, bd = x, f, d
			}
		}
		if bf < 0 {
			continue
		}
		u.Ranks[r][bf] = id
		if best != "" {
			s.toRear(u, best)
		}
		return
	}
}

// toRear puts a model in the first empty slot of the rear rank, or a new
// rank.
func (s *State) toRear(u *Unit, id string) {
	rear := len(u.Ranks) - 1
	if f := slices.Index(u.Ranks[rear], ""); f >= 0 && rear > 0 {
		u.Ranks[rear][f] = id
		return
	}
	nr := make([]string, u.Files)
	nr[centreOut(u.Files)[0]] = id
	u.Ranks = append(u.Ranks, nr)
}

// checkLeave validates a character leaving his unit in the Remaining Moves.
func (s *State) checkLeave(a Leave) (*Unit, *rules.RuleError) {
	u := s.unit(a.Unit)
	if u == nil {
		return nil, rules.Errorf(CodeNoSuchID, ruleLeave, "no unit %q", a.Unit)
	}
	m := u.model(a.Character)
	switch {
	case m == nil || m.Role != Character || len(u.Models) == 1:
		return nil, rules.Errorf(CodeNoSuchID, ruleLeave, "%s has no character %q who could leave it", a.Unit, a.Character)
	case m.Joined == s.Turn:
		return nil, rules.Errorf(CodeJoin, ruleLeave, "%s joined %s this turn: he may not leave it in the same turn", a.Character, a.Unit)
	case !a.To.Finite():
		return nil, rules.Errorf(rules.CodeBadAction, ruleLeave, "to: not a point")
	}
	if err := s.canMove(u); err != nil {
		return nil, err
	}
	from := u.modelCentre(a.Character) // the middle of his block
	if d, mm := from.Dist(a.To), s.profile(m).M; d > float64(mm)+geom.Eps {
		return nil, rules.Errorf(CodeMove, ruleLeave, "%s would move %.1f\", more than his Movement of %d", a.Character, d, mm)
	}
	lone := s.lone(u, *m, a.To)
	if !s.onTable(lone) {
		return nil, rules.Errorf(CodeMove, ruleLeave, "%s would leave the table", a.Character)
	}
	start := s.lone(u, *m, from)
	switch e, rock := s.slideThrough(start, a.To.Sub(from), u.ID); {
	case e != "":
		return nil, rules.Errorf(CodeMove, ruleThrough, "%s would pass through %s", a.Character, e)
	case rock != "":
		return nil, rules.Errorf(CodeMove, ruleImpassable, "%s would cross impassable terrain %q", a.Character, rock)
	}
	if e := s.ImpassableUnder(lone); e != "" {
		return nil, rules.Errorf(CodeMove, ruleImpassable, "%s would end on impassable terrain %q", a.Character, e)
	}
	for _, b := range u.rects(a.Character) {
		if rectDist(lone.footprint(), b) < 1-geom.Eps {
			return nil, rules.Errorf(CodeMove, ruleUnitSpace, "%s would end within 1\" of %s", a.Character, a.Unit)
		}
	}
	return lone, nil
}

// lone is a character standing as his own unit, centred on c, facing as
// his unit did.
func (s *State) lone(u *Unit, m Model, c geom.Point) *Unit {
	l := &Unit{ID: m.ID, Seat: u.Seat, Models: []Model{m}, Ranks: [][]string{{m.ID}}, Files: 1, Base: s.profile(&m).Base,
		Facing: u.Facing, Points: s.profile(&m).Points}
	l.At = c.Add(l.forward().Scale(l.Base[1] / 2))
	return l
}

func (s *State) leave(a Leave) error {
	lone, err := s.checkLeave(a)
	if err != nil {
		return err
	}
	u := s.unit(a.Unit)
	s.removeModel(u, a.Character)
	was := s.parted(u, a.Character)
	u.Points -= lone.Points
	lone.Flags.Moved = true
	s.Units = append(s.Units, lone)
	text := fmt.Sprintf("%s leaves %s (%s)", a.Character, u.ID, ruleLeave)
	if was != u.ID {
		text = fmt.Sprintf("%s leaves his unit, which is now %s (%s)", a.Character, u.ID, ruleLeave)
	}
	s.emit(Event{What: "left", Unit: u.ID, Model: a.Character, Text: text})
	s.fillGaps(u, true)
	return nil
}

// parted keeps unit ids unique when a character steps out of his unit
// (Leaving a unit, or charging out of it): a unit of characters bears the
// id of the first of them, and when that one leaves he stands alone under
// his own id, so the unit he leaves takes the id of the first model still
// in it. Model ids are unique and no other unit bears one of this unit's
// model ids, so the new id is free. Call it after the model is removed and
// before his own unit is added; it returns the unit's former id.
func (s *State) parted(u *Unit, left string) string {
	old := u.ID
	if old != left || len(u.Models) == 0 {
		return old
	}
	s.rename(old, u.Models[0].ID)
	return old
}

// rename gives a unit a new id and follows it in every reference to it.
func (s *State) rename(old, id string) {
	swap := func(x *string) {
		if *x == old {
			*x = id
		}
	}
	each := func(xs []string) {
		for i := range xs {
			swap(&xs[i])
		}
	}
	for _, u := range s.Units {
		swap(&u.ID)
		each(u.Engage)
	}
	for i := range s.Charges {
		swap(&s.Charges[i].Unit)
		swap(&s.Charges[i].Target)
	}
	for i := range s.Duels {
		swap(&s.Duels[i].Unit)
		swap(&s.Duels[i].FoeUnit)
	}
	each(s.Fought)
	swap(&s.Asked)
	if s.Pending != nil {
		swap(&s.Pending.Target)
	}
	if s.Vacancy != nil {
		swap(&s.Vacancy.Unit)
	}
	if p := s.Pursuit; p != nil {
		each(p.Broken)
		each(p.Units)
		each(p.Choose)
		each(p.Pursue)
	}
}
