package fantasy

import (
	"fmt"
	"math"
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Pitched-battle deployment (docs/RULES.md: Deployment): when a scenario
// gives each side a deployment zone, the game opens with the armies off
// the table. The players take turns to set up one unit in their own zone
// (Alternating units: all of a side's war machines in one turn, its
// characters alone last, in one turn); then the units with Scouts are set
// up, a roll-off deciding who starts; then the units with Vanguard move, a
// roll-off deciding who starts; then the roll for the first turn, +1 for
// the side that finished deploying first.

// The deployment phases.
const (
	PhaseDeploy   Phase = "deploy"     // Alternating units
	PhaseScouts   Phase = "scouts"     // Scouts set up
	PhaseVanguard Phase = "vanguard"   // Vanguard moves
	PhaseFirst    Phase = "first-turn" // the roll's winner chooses who goes first
)

// The deployment actions.
const (
	KindDeploy      ActionKind = "deploy"
	KindEndVanguard ActionKind = "end-vanguard"
	KindFirstTurn   ActionKind = "first-turn"
)

// The rules of deployment, as players name them.
const (
	ruleAlternating = "Alternating units"
	ruleScouts      = "Scouts"
	ruleVanguard    = "Vanguard"
	ruleFirstTurn   = "Roll for the first turn"
	// Scouts and Vanguard: 12" from the enemy.
	scoutGap = 12
)

// The special rules of deployment.
const (
	RuleScouts   SpecialRule = "scouts"
	RuleVanguard SpecialRule = "vanguard"
)

type (
	// Deploy sets up a unit waiting off the table: the centre of its
	// front rank at At, facing Facing degrees (counter-clockwise from +x).
	Deploy struct {
		Unit   string     `json:"unit"`
		At     geom.Point `json:"at"`
		Facing float64    `json:"facing"`
	}
	// EndVanguard says its player moves no more units with Vanguard.
	EndVanguard struct{}
	// FirstTurn is the choice of the side that won the roll for the first
	// turn: the side that takes it (itself, or the other to go second).
	FirstTurn struct {
		Seat rules.Seat `json:"seat"`
	}
)

func (Deploy) Kind() string      { return string(KindDeploy) }
func (EndVanguard) Kind() string { return string(KindEndVanguard) }
func (FirstTurn) Kind() string   { return string(KindFirstTurn) }

// Zone is a side's deployment zone: the rectangle from its first corner
// to its second, in inches.
type Zone [4]float64

// contains reports whether p is inside the zone.
func (z Zone) contains(p geom.Point) bool {
	return p.X >= z[0]-geom.Eps && p.X <= z[2]+geom.Eps && p.Y >= z[1]-geom.Eps && p.Y <= z[3]+geom.Eps
}

// Deployment is the pitched battle's setting up, while it lasts.
type Deployment struct {
	// Finished lists the sides in the order they finished setting up their
	// army (the first adds 1 to its roll for the first turn).
	Finished []rules.Seat `json:"finished,omitempty"`
	// Run is what the side setting up must go on with in the same turn:
	// "war-machines" or "characters" (Alternating units); "" for none.
	Run string `json:"run,omitempty"`
	// Moved are the units that have made their Vanguard move, Passed the
	// sides that move no more.
	Moved  []string     `json:"moved,omitempty"`
	Passed []rules.Seat `json:"passed,omitempty"`
}

func (d *Deployment) clone() *Deployment {
	c := *d
	c.Finished = slices.Clone(d.Finished)
	c.Moved = slices.Clone(d.Moved)
	c.Passed = slices.Clone(d.Passed)
	return &c
}

// deploying reports whether the game is still being set up.
func (p Phase) deploying() bool {
	return p == PhaseDeploy || p == PhaseScouts || p == PhaseVanguard || p == PhaseFirst
}

// reserve finds a unit waiting off the table.
func (s *State) reserve(id string) *Unit {
	for _, u := range s.Reserve {
		if u.ID == id {
			return u
		}
	}
	return nil
}

// scout reports whether a waiting unit sets up with the Scouts: every
// model has the rule.
func (s *State) scout(u *Unit) bool { return s.allHave(u, RuleScouts) }

// lone reports whether u is a character alone (or a unit of characters).
func lone(u *Unit) bool { return allCharacters(u) }

// warMachine reports whether u is a war machine.
func (s *State) warMachine(u *Unit) bool { return s.rf(u).Type == WarMachine }

// waiting lists seat's units still to set up in the step: the Scouts in
// the scouts step, the others before.
func (s *State) waiting(seat rules.Seat, scouts bool) []*Unit {
	var out []*Unit
	for _, u := range s.Reserve {
		if u.Seat == seat && s.scout(u) == scouts {
			out = append(out, u)
		}
	}
	return out
}

// checkDeploy validates a Deploy and returns the unit where it would
// stand.
func (s *State) checkDeploy(seat rules.Seat, a Deploy) (*Unit, *rules.RuleError) {
	rule := ruleAlternating
	if s.Phase == PhaseScouts {
		rule = ruleScouts
	}
	u := s.reserve(a.Unit)
	switch {
	case u == nil:
		return nil, rules.Errorf(CodeNoSuchID, rule, "%q is no unit waiting to be set up", a.Unit)
	case u.Seat != seat:
		return nil, rules.Errorf(CodeDeploy, rule, "%s is not %s's unit", u.ID, seat)
	case !finite(a.At.X) || !finite(a.At.Y) || !finite(a.Facing) || math.Abs(a.Facing) > 360:
		return nil, rules.Errorf(rules.CodeBadAction, rule, "at %v, facing %v: want finite numbers, the facing within ±360", a.At, a.Facing)
	case s.Phase == PhaseScouts && !s.scout(u):
		return nil, rules.Errorf(CodeDeploy, ruleScouts, "%s has no Scouts: it was set up with the army", u.ID)
	case s.Phase == PhaseDeploy && s.scout(u):
		return nil, rules.Errorf(CodeDeploy, ruleScouts, "%s has Scouts: it is set up after both armies", u.ID)
	}
	if s.Phase == PhaseDeploy {
		if err := s.checkTurnOrder(seat, u); err != nil {
			return nil, err
		}
	}
	v := u.clone()
	v.At, v.Facing = a.At, a.Facing
	if !s.onTable(v) {
		return nil, rules.Errorf(CodeDeploy, rule, "%s would stand off the table", u.ID)
	}
	if name := s.ImpassableUnder(v); name != "" {
		return nil, rules.Errorf(CodeDeploy, ruleImpassable, "%s would stand on impassable terrain %q", u.ID, name)
	}
	if e := s.spaced(v); e != "" {
		return nil, rules.Errorf(CodeDeploy, ruleUnitSpace, "%s would stand within 1\" of %s", u.ID, e)
	}
	if !s.inZone(v) {
		if s.Phase != PhaseScouts {
			return nil, rules.Errorf(CodeDeploy, rule, "%s would stand outside %s's deployment zone %v", u.ID, seat, s.zone(seat))
		}
		if s.enemyNear(v, scoutGap) {
			return nil, rules.Errorf(CodeDeploy, ruleScouts, "%s outside its deployment zone must stand more than 12\" from the enemy", u.ID)
		}
	}
	return v, nil
}

// checkTurnOrder holds a side to Alternating units: its war machines in
// one turn, its characters alone last, in one turn.
func (s *State) checkTurnOrder(seat rules.Seat, u *Unit) *rules.RuleError {
	switch run := s.Deployment.Run; {
	case run == "war-machines" && !s.warMachine(u):
		return rules.Errorf(CodeDeploy, ruleAlternating, "%s is setting up its war machines, all in one turn: %s is none", seat, u.ID)
	case run == "characters" && !lone(u):
		return rules.Errorf(CodeDeploy, ruleAlternating, "%s is setting up its characters, all in one turn", seat)
	case lone(u):
		for _, w := range s.waiting(seat, false) {
			if !lone(w) {
				return rules.Errorf(CodeDeploy, ruleAlternating, "characters are set up last, after %s's other units (%s waits)", seat, w.ID)
			}
		}
	}
	return nil
}

// inZone reports whether every base of u stands in its side's zone.
func (s *State) inZone(u *Unit) bool {
	z := s.zone(u.Seat)
	for _, p := range u.footprint() {
		if !z.contains(p) {
			return false
		}
	}
	return true
}

func (s *State) zone(seat rules.Seat) Zone {
	if i := slices.Index(s.Seats, seat); i >= 0 && i < len(s.Zones) {
		return s.Zones[i]
	}
	return Zone{}
}

// deploy sets a unit up and passes the turn on.
func (s *State) deploy(seat rules.Seat, a Deploy, r roller) error {
	v, err := s.checkDeploy(seat, a)
	if err != nil {
		return err
	}
	s.Reserve = slices.DeleteFunc(s.Reserve, func(x *Unit) bool { return x.ID == v.ID })
	s.Units = append(s.Units, v)
	where := "in its deployment zone"
	if !s.inZone(v) {
		where = "more than 12\" from the enemy: it may not charge in the first turn if its side goes first"
		s.NoFirstCharge = append(s.NoFirstCharge, v.ID)
	}
	s.emit(Event{What: "deployed", Unit: v.ID, Text: newLine().s(v.ID, " is set up ", where).String()})
	if s.Phase == PhaseScouts {
		return s.nextScout(seat, r)
	}
	return s.nextDeployer(seat, v, r)
}

// nextDeployer passes the turn on after seat set up u (Alternating units).
func (s *State) nextDeployer(seat rules.Seat, u *Unit, r roller) error {
	d := s.Deployment
	left := s.waiting(seat, false)
	d.Run = ""
	switch {
	case len(left) == 0:
		if !slices.Contains(d.Finished, seat) {
			d.Finished = append(d.Finished, seat)
		}
	case s.warMachine(u) && slices.ContainsFunc(left, s.warMachine):
		d.Run = "war-machines"
		return nil
	case lone(u):
		d.Run = "characters" // the rest are characters too (checkTurnOrder)
		return nil
	}
	other := s.other(seat)
	switch {
	case len(s.waiting(other, false)) > 0:
		s.Active = slices.Index(s.Seats, other)
	case len(left) > 0:
	default:
		return s.startScouts(r)
	}
	return nil
}

// other is the seat after seat.
func (s *State) other(seat rules.Seat) rules.Seat {
	return s.Seats[(slices.Index(s.Seats, seat)+1)%len(s.Seats)]
}

// rollOff rolls a D6 for each of the two sides, again on a tie, adding
// bonus to the first side's roll; it returns the winner and the dice.
func (s *State) rollOff(bonus [2]int, r roller) (rules.Seat, []int, error) {
	var all []int
	for range 50 {
		d, err := r.d6s(2)
		if err != nil {
			return "", nil, err
		}
		all = append(all, d...)
		a, b := d[0]+bonus[0], d[1]+bonus[1]
		if a != b {
			if a > b {
				return s.Seats[0], all, nil
			}
			return s.Seats[1], all, nil
		}
	}
	return s.Seats[0], all, nil // fifty ties: cannot happen with fair dice
}

// startScouts opens the Scouts' setting up, or goes on to Vanguard.
func (s *State) startScouts(r roller) error {
	s.Deployment.Run = ""
	return s.openStep(PhaseScouts, func(seat rules.Seat) bool { return len(s.waiting(seat, true)) > 0 },
		"sets up the first Scouts ("+ruleScouts+")", s.startVanguard, r)
}

// openStep opens a step of the setting up for the sides some of whose units
// have its rule (has): a roll-off first when both sides have some (won
// says what the winner does); with none it goes on to next.
func (s *State) openStep(p Phase, has func(rules.Seat) bool, won string, next func(roller) error, r roller) error {
	var with []rules.Seat
	for _, seat := range s.Seats {
		if has(seat) {
			with = append(with, seat)
		}
	}
	switch len(with) {
	case 0:
		return next(r)
	case 1:
		s.Active = slices.Index(s.Seats, with[0])
	default:
		w, d, err := s.rollOff([2]int{}, r)
		if err != nil {
			return err
		}
		s.emit(Event{What: "roll-off", Dice: d, Text: newLine().s(string(w), " wins the roll-off and ", won).String()})
		s.Active = slices.Index(s.Seats, w)
	}
	s.Phase = p
	return nil
}

// nextScout passes the turn on after seat set up a unit of Scouts.
func (s *State) nextScout(seat rules.Seat, r roller) error {
	other := s.other(seat)
	switch {
	case len(s.waiting(other, true)) > 0:
		s.Active = slices.Index(s.Seats, other)
	case len(s.waiting(seat, true)) > 0:
	default:
		return s.startVanguard(r)
	}
	return nil
}

// vanguards lists seat's units that may still make a Vanguard move.
func (s *State) vanguards(seat rules.Seat) []*Unit {
	if slices.Contains(s.Deployment.Passed, seat) {
		return nil
	}
	var out []*Unit
	for _, u := range s.Units {
		if u.Seat == seat && s.allHave(u, RuleVanguard) && !slices.Contains(s.Deployment.Moved, u.ID) {
			out = append(out, u)
		}
	}
	return out
}

// startVanguard opens the Vanguard moves, or rolls for the first turn.
func (s *State) startVanguard(r roller) error {
	return s.openStep(PhaseVanguard, func(seat rules.Seat) bool { return len(s.vanguards(seat)) > 0 },
		"makes the first Vanguard move ("+ruleVanguard+")", s.firstTurn, r)
}

// checkVanguard validates a Vanguard move: a unit with the rule, once, an
// advance (no march), ending more than 12" from the enemy.
func (s *State) checkVanguard(a Move) (*Unit, *rules.RuleError) {
	u := s.unit(a.Unit)
	switch {
	case u == nil:
		return nil, rules.Errorf(CodeNoSuchID, ruleVanguard, "no such unit")
	case !s.allHave(u, RuleVanguard):
		return nil, rules.Errorf(CodeMove, ruleVanguard, "%s has no Vanguard", u.ID)
	case slices.Contains(s.Deployment.Moved, u.ID):
		return nil, rules.Errorf(CodeMove, ruleVanguard, "%s has made its Vanguard move", u.ID)
	case a.March:
		return nil, rules.Errorf(CodeMove, ruleVanguard, "a Vanguard move is no march")
	}
	moved, err := s.checkMove(a, s.rate(u, a.Fly))
	if err != nil {
		return nil, err
	}
	if s.enemyNear(moved, scoutGap) {
		return nil, rules.Errorf(CodeMove, ruleVanguard, "%s would end its Vanguard move within 12\" of the enemy", u.ID)
	}
	return moved, nil
}

// vanguard makes a Vanguard move and passes the turn on.
func (s *State) vanguard(seat rules.Seat, a Move, r roller) error {
	moved, err := s.checkVanguard(a)
	if err != nil {
		return err
	}
	u := s.unit(a.Unit)
	s.commitMove(u, moved, a)
	u.Flags = UnitFlags{} // the move does not count in the first turn
	s.Deployment.Moved = append(s.Deployment.Moved, u.ID)
	s.NoFirstCharge = append(s.NoFirstCharge, u.ID)
	s.emit(Event{What: "moved", Unit: u.ID, Text: newLine().s(u.ID, " makes its Vanguard move: it may not charge in the first turn if its side goes first (", ruleVanguard, ")").String()})
	return s.nextVanguard(seat, r)
}

// endVanguard: seat moves no more units with Vanguard.
func (s *State) endVanguard(seat rules.Seat, r roller) error {
	s.Deployment.Passed = append(s.Deployment.Passed, seat)
	return s.nextVanguard(seat, r)
}

func (s *State) nextVanguard(seat rules.Seat, r roller) error {
	other := s.other(seat)
	switch {
	case len(s.vanguards(other)) > 0:
		s.Active = slices.Index(s.Seats, other)
	case len(s.vanguards(seat)) > 0:
	default:
		return s.firstTurn(r)
	}
	return nil
}

// firstTurn rolls for the first turn, +1 for the side that finished
// setting up first; the winner chooses who takes it (first-turn).
func (s *State) firstTurn(r roller) error {
	var bonus [2]int
	if f := s.Deployment.Finished; len(f) > 0 {
		bonus[slices.Index(s.Seats, f[0])] = 1
	}
	w, d, err := s.rollOff(bonus, r)
	if err != nil {
		return err
	}
	line := newLine().s(string(w), " wins the roll for the first turn and chooses who takes it (", ruleFirstTurn)
	if f := s.Deployment.Finished; len(f) > 0 {
		line = line.s(": +1 to ", string(f[0]), ", who finished setting up first")
	}
	s.emit(Event{What: "roll-off", Dice: d, Text: line.s(")").String()})
	s.Active = slices.Index(s.Seats, w)
	s.Phase = PhaseFirst
	return nil
}

// chooseFirst gives the first turn to the side the roll's winner names,
// and the battle begins.
func (s *State) chooseFirst(a FirstTurn) error {
	i := slices.Index(s.Seats, a.Seat)
	if i < 0 {
		return rules.Errorf(rules.CodeBadAction, ruleFirstTurn, "%q is no side of the battle", a.Seat)
	}
	s.Deployment = nil
	s.Active = i
	s.Phase = PhaseCharges
	// The units that scouted or moved ahead may charge in the first turn
	// only when their side goes second.
	s.NoFirstCharge = slices.DeleteFunc(s.NoFirstCharge, func(id string) bool {
		u := s.unit(id)
		return u == nil || u.Seat != a.Seat
	})
	if len(s.NoFirstCharge) == 0 {
		s.NoFirstCharge = nil
	}
	s.emit(Event{What: "turn", Text: fmt.Sprintf("round %d: %s takes the first turn", s.Round, s.activeSeat())})
	return nil
}

// facingFrom is the facing of a unit in zone z looking at the table's
// centre, square to the nearest table edge's axis.
func (s *State) facingFrom(z Zone) float64 {
	cx, cy := (z[0]+z[2])/2, (z[1]+z[3])/2
	dx, dy := s.Table[0]/2-cx, s.Table[1]/2-cy
	switch {
	case math.Abs(dy) >= math.Abs(dx) && dy >= 0:
		return 90
	case math.Abs(dy) >= math.Abs(dx):
		return 270
	case dx >= 0:
		return 0
	}
	return 180
}

// spots are representative places for a unit in zone z: its front along
// the zone's edge nearest the centre and 6" behind it, at nine points
// across.
func (s *State) spots(z Zone) []Deploy {
	f := s.facingFrom(z)
	var out []Deploy
	for _, back := range []float64{0, 6} {
		for i := range 9 {
			t := (float64(i) + 0.5) / 9
			var p geom.Point
			switch f {
			case 90:
				p = geom.Pt(z[0]+t*(z[2]-z[0]), z[3]-back)
			case 270:
				p = geom.Pt(z[0]+t*(z[2]-z[0]), z[1]+back)
			case 0:
				p = geom.Pt(z[2]-back, z[1]+t*(z[3]-z[1]))
			default:
				p = geom.Pt(z[0]+back, z[1]+t*(z[3]-z[1]))
			}
			out = append(out, Deploy{At: geom.Pt(round2(p.X), round2(p.Y)), Facing: f})
		}
	}
	return out
}

// legalDeploy lists the places the menu offers seat's waiting units, each
// checked as Apply checks it: their own zone's spots, and for Scouts the
// spots across the middle of the table too.
func (s *State) legalDeploy(seat rules.Seat, add func(rules.Action, *rules.RuleError)) {
	z := s.zone(seat)
	spots := s.spots(z)
	if s.Phase == PhaseScouts {
		// The strip between the zone and the table's centre line.
		mid, f := z, s.facingFrom(z)
		switch f {
		case 90:
			mid[1], mid[3] = z[3], s.Table[1]/2
		case 270:
			mid[1], mid[3] = s.Table[1]/2, z[1]
		case 0:
			mid[0], mid[2] = z[2], s.Table[0]/2
		default:
			mid[0], mid[2] = s.Table[0]/2, z[0]
		}
		if mid[2] > mid[0] && mid[3] > mid[1] {
			spots = append(spots, s.spots(mid)...)
		}
	}
	for _, u := range s.waiting(seat, s.Phase == PhaseScouts) {
		shown := 0
		for _, sp := range spots {
			a := Deploy{Unit: u.ID, At: sp.At, Facing: sp.Facing}
			_, err := s.checkDeploy(seat, a)
			if err != nil && shown >= 2 {
				continue // a couple of refusals a unit say why; more say nothing new
			}
			if err != nil {
				shown++
			}
			add(a, err)
		}
	}
}

// legalVanguard lists Vanguard moves straight ahead, their full Movement
// and half of it, and the end of the moves.
func (s *State) legalVanguard(seat rules.Seat, add func(rules.Action, *rules.RuleError)) {
	for _, u := range s.vanguards(seat) {
		m := s.rate(u, false)
		for _, d := range []float64{m, m / 2} {
			a := Move{Unit: u.ID, Legs: []Leg{{Forward: round2(d)}}}
			_, err := s.checkVanguard(a)
			add(a, err)
		}
	}
	add(EndVanguard{}, nil)
}

// legalFirst lists the two choices of the roll's winner: to go first, or
// second.
func (s *State) legalFirst(seat rules.Seat, add func(rules.Action, *rules.RuleError)) {
	add(FirstTurn{Seat: seat}, nil)
	add(FirstTurn{Seat: s.other(seat)}, nil)
}

// validateDeployment holds a decoded state's setting up to what the game
// could have made.
func (s *State) validateDeployment(ids map[string]bool) error {
	if len(s.Zones) != 0 && len(s.Zones) != len(s.Seats) {
		return fmt.Errorf("zones: %d for %d seats", len(s.Zones), len(s.Seats))
	}
	for i, z := range s.Zones {
		if !(z[0] >= 0 && z[1] >= 0 && z[2] > z[0] && z[3] > z[1] && z[2] <= s.Table[0] && z[3] <= s.Table[1]) {
			return fmt.Errorf("zones[%d]: %v is no rectangle on the table", i, z)
		}
	}
	if (s.Deployment != nil) != s.Phase.deploying() {
		return fmt.Errorf("a deployment exactly while the armies are set up")
	}
	if len(s.Reserve) > 0 && s.Phase != PhaseDeploy && s.Phase != PhaseScouts {
		return fmt.Errorf("reserve: units wait off the table after the setting up")
	}
	if s.Phase.deploying() && len(s.Zones) == 0 {
		return fmt.Errorf("setting up with no deployment zones")
	}
	for i, u := range s.Reserve {
		if err := s.validateUnit(u, ids); err != nil {
			return fmt.Errorf("reserve[%d]: %w", i, err)
		}
	}
	if d := s.Deployment; d != nil {
		if len(d.Finished) > len(s.Seats) || len(d.Passed) > len(s.Seats) || len(d.Moved) > len(s.Units) {
			return fmt.Errorf("deployment: %+v", *d)
		}
		for _, seat := range append(slices.Clone(d.Finished), d.Passed...) {
			if !slices.Contains(s.Seats, seat) {
				return fmt.Errorf("deployment: %q is no seat", seat)
			}
		}
		if !slices.Contains([]string{"", "war-machines", "characters"}, d.Run) {
			return fmt.Errorf("deployment: run %q", d.Run)
		}
	}
	if len(s.NoFirstCharge) > len(s.Units)+len(s.Reserve) {
		return fmt.Errorf("noFirstCharge: %d units", len(s.NoFirstCharge))
	}
	return nil
}
