package fantasy

import (
	"slices"

	"github.com/ordo-rules/ordo/rules"
)

const (
	ruleChallenge = "Challenges"
	// maxOverkill is the most that wounds beyond a duellist's last add
	// to the combat result (Challenges: overkill).
	maxOverkill = 5
)

// Duel is the challenge of the combat about to be fought: issued by the
// player whose turn it is, then accepted or refused by the enemy; on a
// refusal the challenger names an enemy character or champion who steps
// back and does not fight this round. It lasts one round: the next Fight
// of its combat resolves it and clears it.
type Duel struct {
	Unit       string `json:"unit"`       // the challenger's unit
	Challenger string `json:"challenger"` // the character or champion who issued it
	Foe        string `json:"foe,omitempty"`
	FoeUnit    string `json:"foeUnit,omitempty"`
	Refused    bool   `json:"refused,omitempty"`
	Retired    string `json:"retired,omitempty"` // the refuser who steps back
}

// The challenge actions.
type (
	// Challenge issues a challenge with a character or champion in base
	// contact, before the combat is fought.
	Challenge struct {
		Unit  string `json:"unit"`
		Model string `json:"model"`
	}
	// Accept answers a challenge with a character or champion in base
	// contact.
	Accept struct {
		Model string `json:"model"`
	}
	// Refuse declines a challenge.
	Refuse struct{}
	// Retire names the enemy character or champion who, the challenge
	// refused, steps back and does not fight this round.
	Retire struct {
		Model string `json:"model"`
	}
)

func (Challenge) Kind() string { return "challenge" }
func (Accept) Kind() string    { return "accept" }
func (Refuse) Kind() string    { return "refuse" }
func (Retire) Kind() string    { return "retire" }

// duellists are the models of units that may take part in a challenge on
// seat's side: characters and champions of seat's units in the combat who
// strike in base contact (in the fighting rank).
func (s *State) duellists(units []*Unit, seat rules.Seat) []string {
	var out []string
	for _, b := range s.blows(units) {
		if b.unit.Seat != seat || b.r != 0 || slices.Contains(out, b.id) {
			continue
		}
		if m := b.unit.model(b.id); m != nil && (m.Role == Character || m.Role == Champion) {
			out = append(out, b.id)
		}
	}
	return out
}

// enemySeat is the other side of a combat from seat.
func enemySeat(units []*Unit, seat rules.Seat) rules.Seat {
	for _, u := range units {
		if u.Seat != seat {
			return u.Seat
		}
	}
	return ""
}

func (s *State) checkChallenge(a Challenge, seat rules.Seat) *rules.RuleError {
	u := s.unit(a.Unit)
	switch {
	case u == nil:
		return rules.Errorf(CodeNoSuchID, ruleChallenge, "no unit %q", a.Unit)
	case u.Seat != seat:
		return rules.Errorf(CodeCombat, ruleChallenge, "%s is not %s's unit", a.Unit, seat)
	case s.Duel != nil:
		return rules.Errorf(CodeCombat, ruleChallenge, "%s's challenge is waiting to be fought: one challenge at a time", s.Duel.Challenger)
	}
	if _, err := s.checkFight(Fight{Unit: a.Unit}); err != nil {
		return err
	}
	m := u.model(a.Model)
	switch {
	case m == nil:
		return rules.Errorf(CodeNoSuchID, ruleChallenge, "%s has no model %q", a.Unit, a.Model)
	case m.Role != Character && m.Role != Champion:
		return rules.Errorf(CodeCombat, ruleChallenge, "%s is %s: only a character or a champion may issue a challenge", a.Model, m.Role)
	}
	units := s.combatOf(u)
	if !slices.Contains(s.duellists(units, seat), a.Model) {
		return rules.Errorf(CodeCombat, ruleChallenge, "%s is not in base contact with the enemy: only a model in the fighting rank may issue a challenge", a.Model)
	}
	return nil
}

func (s *State) challenge(a Challenge, seat rules.Seat) error {
	if err := s.checkChallenge(a, seat); err != nil {
		return err
	}
	s.Duel = &Duel{Unit: a.Unit, Challenger: a.Model}
	s.Phase = PhaseChallenge
	s.emit(Event{What: "challenge", Unit: a.Unit, Model: a.Model, Text: a.Model + " issues a challenge (" + ruleChallenge + ")"})
	return nil
}

// foeOptions are the enemy models that may accept (or, refused, be made
// to step back).
func (s *State) foeOptions() []string {
	u := s.unit(s.Duel.Unit)
	if u == nil {
		return nil
	}
	units := s.combatOf(u)
	return s.duellists(units, enemySeat(units, u.Seat))
}

func (s *State) checkAnswer(model string) *rules.RuleError {
	if !slices.Contains(s.foeOptions(), model) {
		return rules.Errorf(CodeCombat, ruleChallenge, "%s is not an enemy character or champion in base contact in %s's combat", model, s.Duel.Unit)
	}
	return nil
}

func (s *State) accept(a Accept) error {
	if err := s.checkAnswer(a.Model); err != nil {
		return err
	}
	s.Duel.Foe, s.Duel.FoeUnit = a.Model, s.unitOf(a.Model).ID
	s.Phase = PhaseCombat
	s.emit(Event{What: "challenge-accepted", Unit: s.Duel.FoeUnit, Model: a.Model, Text: a.Model + " accepts " + s.Duel.Challenger + "'s challenge"})
	return nil
}

func (s *State) refuse() error {
	s.Duel.Refused = true
	if len(s.foeOptions()) == 0 {
		// Nobody could have accepted: nobody steps back.
		s.Phase = PhaseCombat
	} else {
		s.Phase = PhaseRetire
	}
	s.emit(Event{What: "challenge-refused", Model: s.Duel.Challenger, Text: s.Duel.Challenger + "'s challenge is refused"})
	return nil
}

func (s *State) retire(a Retire) error {
	if err := s.checkAnswer(a.Model); err != nil {
		return err
	}
	s.Duel.Retired = a.Model
	s.Phase = PhaseCombat
	s.emit(Event{What: "retired", Model: a.Model, Text: a.Model + " steps back and does not fight this round (" + ruleChallenge + ": refused)"})
	return nil
}

// duelBlows applies the challenge to a combat's blows: the duellists
// strike only each other, nobody else strikes them (their blows go to the
// rank-and-file), and a refuser who stepped back does not strike and
// cannot be struck. A refused challenge shields nobody else.
func (s *State) duelBlows(all []blow, d *Duel) []blow {
	var foe *Unit
	if d.Foe != "" {
		foe = s.unit(d.FoeUnit)
	}
	var ch *Unit
	if d.Foe != "" {
		ch = s.unit(d.Unit)
	}
	out := all[:0]
	for _, b := range all {
		switch {
		case d.Retired != "" && b.id == d.Retired:
			continue
		case d.Foe != "" && b.id == d.Challenger:
			// The duellists strike only each other: one whose foe
			// has fallen strikes nobody else this round.
			if foe == nil || foe.model(d.Foe) == nil {
				continue
			}
			b.target, b.model = foe, d.Foe
		case d.Foe != "" && b.id == d.Foe:
			if ch == nil || ch.model(d.Challenger) == nil {
				continue
			}
			b.target, b.model = ch, d.Challenger
		case b.model != "" && (b.model == d.Retired || d.Foe != "" && (b.model == d.Challenger || b.model == d.Foe)):
			// Refused, the challenger is in no challenge: he may be
			// struck like any character.
			b.model = ""
		}
		out = append(out, b)
	}
	return out
}

// legalChallenges offers each of seat's characters and champions in u's
// combat a challenge, and greys out one rank-and-file model to show the
// rule.
func (s *State) legalChallenges(u *Unit, seat rules.Seat, add func(rules.Action, *rules.RuleError)) {
	for _, x := range s.combatOf(u) {
		if x.Seat != seat {
			continue
		}
		greyed := false
		for _, m := range x.Models {
			if m.Role == RankAndFile && greyed {
				continue
			}
			a := Challenge{Unit: x.ID, Model: m.ID}
			err := s.checkChallenge(a, seat)
			if err != nil && m.Role != RankAndFile {
				continue // out of contact: not worth a line
			}
			greyed = greyed || m.Role == RankAndFile
			add(a, err)
		}
	}
}
