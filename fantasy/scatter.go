package fantasy

import (
	"math"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Rules cited by scatter.
const (
	ruleScatter = "Templates: scatter"
	ruleMisfire = "Templates: misfire"
)

// Scatter (8th edition, stone throwers): a template weapon rolls no dice
// to hit. The player centres the template over a model of a unit it can
// see within range, then rolls the scatter die and the artillery die. The
// engine rolls them as d6s: the scatter die shows Hit! on 1–2 and an
// arrow on 3–6; the artillery die shows 2, 4, 6, 8 or 10 on 1–5 and a
// misfire on 6. On Hit! the template stays; on an arrow it moves the
// artillery die's inches in the arrow's direction, which the engine rolls
// on a d12 as a clock face, 12 straight on along the line of fire and 6
// back towards the firer (a table's scatter die points anywhere; twelve
// directions keep the roll a die a script can force). Wherever it lands it
// hits every model under it, of any unit, friend or foe. A misfire cancels
// the shot, and a d6 on the misfire chart says what became of the
// machine: 1 destroyed; 2–3 it suffers a wound with no armour save and
// may not shoot this turn or its side's next; 4–6 it may not shoot this
// turn.

// artilleryInches is the artillery die's number for a d6 face, 0 for the
// misfire.
func artilleryInches(face int) int {
	if face == 6 {
		return 0
	}
	return 2 * face
}

// scatterHit reports whether a scatter die face shows Hit!.
func scatterHit(face int) bool { return face <= 2 }

// scatterDir is the direction an arrow points for a d12 face: the line of
// fire turned face × 30° clockwise.
func scatterDir(fire geom.Vec, face int) geom.Vec {
	a := -float64(face%12) * math.Pi / 6
	return fire.Rotate(a)
}

// scatterShot fires a template weapon at the point at, inside t.
func (s *State) scatterShot(u, t *Unit, at geom.Point, r roller) error {
	p := s.rf(u)
	sc, err := r.d6()
	if err != nil {
		return err
	}
	art, err := r.d6()
	if err != nil {
		return err
	}
	faces := []int{sc, art}
	if artilleryInches(art) == 0 {
		return s.misfire(u, faces, r)
	}
	land := at
	line := newLine().s(u.ID, " fires its ", p.Missile.Name, " at ", t.ID, ": ")
	if scatterHit(sc) {
		line = line.s("Hit!, on target")
	} else {
		k, err := r.d12()
		if err != nil {
			return err
		}
		faces = append(faces, k)
		fire := at.Sub(u.At).Unit()
		if fire == (geom.Vec{}) {
			fire = u.forward()
		}
		n := artilleryInches(art)
		land = at.Add(scatterDir(fire, k).Scale(float64(n)))
		line = line.s("it scatters ").n(n).s(`" towards `).n(k).s(" o'clock")
	}
	s.emit(Event{What: "scatter", Unit: u.ID, Dice: faces, Value: land.Dist(at), Text: line.s(" (", ruleScatter, ")").String()})
	// Every unit with a model under the template is hit, in the state's
	// order; a vacated front slot waits for its owner only when one unit
	// is hit.
	type under struct {
		id      string
		covered []string
	}
	var hit []under
	for _, x := range s.Units {
		if c := x.coveredBy(land, p.Missile.Template/2); len(c) > 0 {
			hit = append(hit, under{x.ID, c})
		}
	}
	if len(hit) == 0 {
		s.emit(Event{What: "hits", Unit: u.ID, Text: u.ID + "'s shot lands on open ground"})
	}
	for _, h := range hit {
		x := s.unit(h.id)
		if x == nil {
			continue
		}
		if err := s.templateHitsOn(x, h.covered, p.Missile.S, r, len(hit) == 1); err != nil {
			return err
		}
	}
	return nil
}

// misfire rolls on the misfire chart.
func (s *State) misfire(u *Unit, faces []int, r roller) error {
	f, err := r.d6()
	if err != nil {
		return err
	}
	faces = append(faces, f)
	line := newLine().s(u.ID, " misfires: ")
	switch {
	case f == 1:
		s.emit(Event{What: "misfire", Unit: u.ID, Dice: faces, Text: line.s("destroyed (", ruleMisfire, ")").String()})
		s.destroy(u, "blows itself apart")
	case f <= 3:
		u.Silenced = s.Turn + len(s.Seats)
		s.emit(Event{What: "misfire", Unit: u.ID, Dice: faces, Text: line.s("disabled, it suffers a wound and may not shoot until its side's turn after next (", ruleMisfire, ")").String()})
		m := &u.Models[0]
		m.Wounds--
		if m.Wounds <= 0 {
			id := m.ID
			s.slay(u, id)
			s.emit(Event{What: "casualties", Unit: u.ID, Model: id, Text: id + " is slain"})
			if len(u.Models) == 0 {
				s.destroy(u, "is wrecked")
			}
		}
	default:
		s.emit(Event{What: "misfire", Unit: u.ID, Dice: faces, Text: line.s("no shot this turn (", ruleMisfire, ")").String()})
	}
	return nil
}

// d12 rolls a d12 (the scatter arrow's direction).
func (r roller) d12() (int, error) {
	f, err := dice.RollDie(r.src, 12)
	if err != nil {
		return 0, rules.Errorf(rules.CodeDice, "", "%v", err)
	}
	return f, nil
}

// ruleCannon names the cannon's rule.
const ruleCannon = "Cannons"

// cannonShot fires a cannon at the point at, inside t (Cannons, 8th
// edition): the artillery die says how far beyond the mark the ball lands
// (a misfire: the misfire chart), a second how far it bounces on along
// the line of fire (a misfire: it stops where it landed); every model on
// its path, from where it lands to where it stops, of any unit, is hit
// at the weapon's Strength with Multiple Wounds (D6).
func (s *State) cannonShot(u, t *Unit, at geom.Point, r roller) error {
	p := s.rf(u)
	first, err := r.d6()
	if err != nil {
		return err
	}
	if artilleryInches(first) == 0 {
		return s.misfire(u, []int{first}, r)
	}
	bounce, err := r.d6()
	if err != nil {
		return err
	}
	fire := at.Sub(u.At).Unit()
	if fire == (geom.Vec{}) {
		fire = u.forward()
	}
	land := at.Add(fire.Scale(float64(artilleryInches(first))))
	end := land.Add(fire.Scale(float64(artilleryInches(bounce))))
	line := newLine().s(u.ID, " fires its ", p.Missile.Name, " at ", t.ID, ": the ball lands ").n(artilleryInches(first)).s(`" beyond the mark and bounces `)
	if artilleryInches(bounce) == 0 {
		line = line.s("no further (a misfire on the bounce)")
	} else {
		line = line.n(artilleryInches(bounce)).s(`"`)
	}
	s.emit(Event{What: "scatter", Unit: u.ID, Dice: []int{first, bounce}, Value: end.Dist(at), Text: line.s(" (", ruleCannon, ")").String()})
	type under struct {
		id      string
		crossed []string
	}
	var hit []under
	for _, x := range s.Units {
		if x == u {
			continue
		}
		if c := x.crossedBy(land, end); len(c) > 0 {
			hit = append(hit, under{x.ID, c})
		}
	}
	if len(hit) == 0 {
		s.emit(Event{What: "hits", Unit: u.ID, Text: u.ID + "'s ball bounces over open ground"})
	}
	for _, h := range hit {
		if x := s.unit(h.id); x != nil {
			if err := s.templateHitsWith(x, h.crossed, p.Missile.S, strikeMods{traits: traitMW6}, r, len(hit) == 1); err != nil {
				return err
			}
		}
	}
	return nil
}

// crossedBy lists the models of u whose bases the segment from a to b
// touches (a model on a larger base once).
func (u *Unit) crossedBy(a, b geom.Point) []string {
	return u.modelsIn(func(q rect) bool { return segTouchesRect(a, b, q) })
}

// segTouchesRect reports whether segment ab touches the convex
// rectangle q: an end inside it, or crossing one of its edges.
func segTouchesRect(a, b geom.Point, q rect) bool {
	if q.contains(a) || q.contains(b) {
		return true
	}
	for i := range 4 {
		if ptSeg(q[i], a, b) <= geom.Eps || segsCross(a, b, q[i], q[(i+1)%4]) {
			return true
		}
	}
	return false
}

// segsCross reports whether segments ab and cd properly cross.
func segsCross(a, b, c, d geom.Point) bool {
	d1, d2 := b.Sub(a).Cross(c.Sub(a)), b.Sub(a).Cross(d.Sub(a))
	d3, d4 := d.Sub(c).Cross(a.Sub(c)), d.Sub(c).Cross(b.Sub(c))
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

// grapeshotRange is how far grapeshot reaches, in inches.
const grapeshotRange = 8

// grapeshot fires a cannon's grapeshot at t (Cannons: grapeshot, 8th
// edition): no roll to hit; the artillery die is the number of hits, at
// Strength 4 with Armour Piercing (a misfire: the misfire chart).
func (s *State) grapeshot(u, t *Unit, r roller) error {
	art, err := r.d6()
	if err != nil {
		return err
	}
	n := artilleryInches(art)
	if n == 0 {
		return s.misfire(u, []int{art}, r)
	}
	s.emit(Event{What: "shot", Unit: u.ID, Dice: []int{art}, Value: float64(n), Text: newLine().s(u.ID, " fires grapeshot at ", t.ID, ": ").n(n).s(" hits at S4, Armour Piercing (", ruleCannon, ")").String()})
	return s.hitUnitWith(u.Seat, t, n, 4, traitAP, r)
}
