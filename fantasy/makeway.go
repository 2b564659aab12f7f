package fantasy

import (
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Make Way! (8th edition): at the start of a close combat, before it is
// fought, a character whose unit is in the combat but who is not himself
// in base contact with an enemy may swap places with a rank-and-file or
// command model of his unit who is. He may not make way out of contact,
// only a character whose base fits his unit's slots makes way, and the
// swap keeps In the First Rank! (a character does not end further back
// than a rank with room for him). The player whose turn it is makes way
// before he fights the combat; the other player does when asked, before
// the blows, with his challenge (docs/RULES.md).

const ruleMakeWay = "Make Way!"

// MakeWay swaps a character not in base contact with a model of his unit
// that is.
type MakeWay struct {
	Unit      string `json:"unit"`
	Character string `json:"character"`
	With      string `json:"with"`
}

func (MakeWay) Kind() string { return string(KindMakeWay) }

// inContact reports whether model id of u touches an enemy model.
func (s *State) inContact(u *Unit, id string) bool {
	base, ok := u.modelRect(id) // his whole block, for a model on a larger base
	if !ok {
		return false
	}
	for _, eid := range u.Engage {
		if e := s.unit(eid); e != nil {
			x, _ := foeOf(e, nil)
			if t, _ := touchedIn(base, &x); t != nil {
				return true
			}
		}
	}
	return false
}

// fits reports whether a base of size b fits a slot of size slot.
func fits(b, slot [2]float64) bool {
	return b[0] <= slot[0]+geom.Eps && b[1] <= slot[1]+geom.Eps
}

// checkMakeWay validates a Make Way! by seat without changing anything.
func (s *State) checkMakeWay(a MakeWay, seat rules.Seat) *rules.RuleError {
	u, err := s.combatUnit(a.Unit, seat, ruleMakeWay)
	if err != nil {
		return err
	}
	ch, with := u.model(a.Character), u.model(a.With)
	switch {
	case ch == nil || ch.Role != Character:
		return rules.Errorf(CodeNoSuchID, ruleMakeWay, "%s has no character %q", a.Unit, a.Character)
	case with == nil || with.Role == Character:
		return rules.Errorf(CodeCombat, ruleMakeWay, "%q is no rank-and-file or command model of %s: a character makes way only past those", a.With, a.Unit)
	case s.inContact(u, a.Character):
		return rules.Errorf(CodeCombat, ruleMakeWay, "%s is already in base contact with the enemy: Make Way! never takes a character out of contact", a.Character)
	case !s.inContact(u, a.With):
		return rules.Errorf(CodeCombat, ruleMakeWay, "%s is not in base contact with the enemy", a.With)
	case !fits(s.profile(ch).Base, u.Base):
		b := s.profile(ch).Base
		return rules.Errorf(CodeCombat, ruleMakeWay, "%s's base (%.1f\" by %.1f\") does not fit %s's slots (%.1f\" by %.1f\")", a.Character, b[0], b[1], a.Unit, u.Base[0], u.Base[1])
	}
	if !u.swapped(a.Character, a.With).firstRankOK() {
		return rules.Errorf(CodeFirstRank, ruleFirstRank, "%s would stand further back than In the First Rank! allows", a.Character)
	}
	return nil
}

// swapped is a copy of u's ranks with two models' places swapped, for
// checking (the copy shares the models).
func (u *Unit) swapped(a, b string) *Unit {
	c := *u
	c.Ranks = make([][]string, len(u.Ranks))
	for i, rank := range u.Ranks {
		c.Ranks[i] = slices.Clone(rank)
	}
	ra, fa, _ := c.slotOf(a)
	rb, fb, _ := c.slotOf(b)
	c.Ranks[ra][fa], c.Ranks[rb][fb] = b, a
	return &c
}

func (s *State) makeWay(a MakeWay, seat rules.Seat) error {
	if err := s.checkMakeWay(a, seat); err != nil {
		return err
	}
	u := s.unit(a.Unit)
	ra, fa, _ := u.slotOf(a.Character)
	rb, fb, _ := u.slotOf(a.With)
	u.Ranks[ra][fa], u.Ranks[rb][fb] = a.With, a.Character
	s.emit(Event{What: "made-way", Unit: u.ID, Model: a.Character, Text: a.Character + " makes way past " + a.With + " into base contact (" + ruleMakeWay + ")"})
	return nil
}

// makeWays lists seat's possible Make Way! swaps in the combat
// of units: each character not in contact, with the model in contact
// nearest him that he may swap with.
//
// It asks what checkMakeWay asks, and gets the same answers, but not
// once per character and model: the unit's combat and the character's
// base once per character, which models touch an enemy once per unit,
// and the In the First Rank! swap only for a model nearer than the best
// so far (the only kind that could replace it).
func (s *State) makeWays(units []*Unit, seat rules.Seat) []MakeWay {
	var out []MakeWay
	for _, u := range units {
		if u.Seat != seat || len(u.Models) < 2 {
			continue
		}
		chars := u.characters()
		if len(chars) == 0 {
			continue
		}
		if _, err := s.combatUnit(u.ID, seat, ruleMakeWay); err != nil {
			continue
		}
		// Whether the model in each slot touches an enemy, worked out
		// when first asked: 0 not yet, 1 no, 2 yes.
		var buf [64]int8
		touch := buf[:0]
		for _, rank := range u.Ranks {
			touch = append(touch, make([]int8, len(rank))...)
		}
		for _, ch := range chars {
			if s.inContact(u, ch.ID) || !fits(s.profile(ch).Base, u.Base) {
				continue
			}
			r, f, _ := u.slotOf(ch.ID)
			from := u.slotCentre(r, f)
			best, bd := "", 0.0
			k := 0
			for rr, rank := range u.Ranks {
				for ff, id := range rank {
					k++
					m := u.model(id)
					if m == nil || m.Role == Character {
						continue
					}
					d := u.slotCentre(rr, ff).Dist(from)
					if best != "" && d >= bd-1e-9 {
						continue // it could not replace the best
					}
					if touch[k-1] == 0 {
						touch[k-1] = 1
						if s.inContact(u, id) {
							touch[k-1] = 2
						}
					}
					if touch[k-1] != 2 || !u.swapped(ch.ID, id).firstRankOK() {
						continue
					}
					best, bd = id, d
				}
			}
			if best != "" {
				out = append(out, MakeWay{Unit: u.ID, Character: ch.ID, With: best})
			}
		}
	}
	return out
}
