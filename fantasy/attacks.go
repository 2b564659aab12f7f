package fantasy

import (
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

// Close combat: attacking characters (8th edition). A model in base
// contact with an enemy character may choose to attack him rather than
// his unit's rank-and-file. The player whose turn it is names his
// models' choices with the fight action; the other player names his when
// asked before the blows (the counter-challenge step: with no-challenge,
// or with his own challenge). A model that names none attacks the
// rank-and-file when it touches any, else the character it touches.
// A model supporting from behind attacks where the model in front of it
// does. Nobody but his foe attacks a duellist, and nobody attacks a
// refuser who stepped back.

const ruleAttackCharacter = "Close combat: attacking characters"

// maxAttacks bounds the choices one action names.
const maxAttacks = 200

// Attack names the enemy character a model attacks this round.
type Attack struct {
	Model  string `json:"model"`  // the striker, in base contact
	Target string `json:"target"` // the enemy character he attacks
}

// attackChoices lists, for seat's models in the combat of units, each
// enemy character a model touches and may attack other than the one it
// attacks by default: the choices a player may name (and the menus list).
func (s *State) attackChoices(units []*Unit, seat rules.Seat) []Attack {
	return s.attackOptions(units, seat, false)
}

// attackOptions is attackChoices, with the default targets too when
// withDefault is set (naming one is accepted, and changes nothing).
func (s *State) attackOptions(units []*Unit, seat rules.Seat, withDefault bool) []Attack {
	var out []Attack
	d := s.duelOf(units)
	var foes []foe
	for _, u := range units {
		if u.Seat == seat {
			continue
		}
		x, _ := foeOf(u, nil)
		if len(x.chars) > 0 {
			foes = append(foes, x)
		}
	}
	if len(foes) == 0 {
		return nil
	}
	for _, u := range units {
		if u.Seat != seat {
			continue
		}
		for r, rank := range u.Ranks {
			for f, id := range rank {
				if id == "" || !u.origin(r, f) || (d != nil && d.Foe != "" && (id == d.Challenger || id == d.Foe)) || (d != nil && id == d.Retired) {
					continue
				}
				base, ok := u.modelRect(id)
				if !ok {
					continue
				}
				_, def := touched(base, foes)
				for i := range foes {
					for _, c := range foes[i].chars {
						if (c == def && !withDefault) || (d != nil && (c == d.Retired || d.Foe != "" && (c == d.Challenger || c == d.Foe))) {
							continue
						}
						if _, ok := s.touchedCharacter(base, foes[i:i+1], c); ok {
							out = append(out, Attack{Model: id, Target: c})
						}
					}
				}
			}
		}
	}
	return out
}

// duelOf is the challenge of the combat of units, or nil.
func (s *State) duelOf(units []*Unit) *Duel {
	if i := s.duelIn(units); i >= 0 {
		return &s.Duels[i]
	}
	return nil
}

// checkAttacks validates seat's choices in the combat of units.
func (s *State) checkAttacks(units []*Unit, seat rules.Seat, attacks []Attack) *rules.RuleError {
	if len(attacks) == 0 {
		return nil
	}
	if len(attacks) > maxAttacks {
		return rules.Errorf(rules.CodeBadAction, ruleAttackCharacter, "%d attacks named, at most %d", len(attacks), maxAttacks)
	}
	choices := s.attackOptions(units, seat, true)
	for i, a := range attacks {
		if slices.ContainsFunc(attacks[:i], func(b Attack) bool { return b.Model == a.Model }) {
			return rules.Errorf(rules.CodeBadAction, ruleAttackCharacter, "%s's attacks are named twice", a.Model)
		}
		if !slices.Contains(choices, a) {
			return rules.Errorf(CodeCombat, ruleAttackCharacter, "%s may not choose to attack %s: only a model of %s's in base contact with an enemy character may, and nobody but his foe attacks a duellist", a.Model, a.Target, seat)
		}
	}
	return nil
}

// aim records seat's choices for the round about to be fought.
func (s *State) aim(attacks []Attack) {
	s.Aims = append(s.Aims, attacks...)
}

// legalAttacks offers act with each single choice of seat's in the
// combat of units (act builds the action naming it).
func (s *State) legalAttacks(units []*Unit, seat rules.Seat, act func([]Attack) rules.Action, add func(rules.Action, *rules.RuleError)) {
	for _, a := range s.attackChoices(units, seat) {
		add(act([]Attack{a}), nil)
	}
}
