package fantasy

import (
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/rules"
)

const (
	ruleChallenge = "Challenges"
	// maxOverkill is the most that wounds beyond a duellist's last add
	// to the combat result (Challenges: overkill).
	maxOverkill = 5
)

// Duel is the challenge of one close combat. It is issued before the
// blows of a round: first the player whose turn it is may issue one, and
// if he does not, the other player may. The enemy accepts or refuses; on
// a refusal the challenger names an enemy character or champion who steps
// back and does not fight that round. One challenge a combat: an accepted
// one lasts, round after round and turn after turn, until one of the two
// falls or the combat ends for either (his unit flees or is destroyed);
// meanwhile nobody else in that combat may issue one. A refused one lasts
// its round.
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
		// Attacks, in the counter-challenge step only, names the
		// choices of the other models (Close combat: attacking
		// characters).
		Attacks []Attack `json:"attacks,omitempty"`
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
	// NoChallenge is the answer of the player whose turn it is not, when
	// asked before the blows: he issues no challenge, and the round is
	// fought. Attacks names the enemy characters his models choose to
	// attack (Close combat: attacking characters).
	NoChallenge struct {
		Attacks []Attack `json:"attacks,omitempty"`
	}
)

func (Challenge) Kind() string   { return string(KindChallenge) }
func (Accept) Kind() string      { return string(KindAccept) }
func (Refuse) Kind() string      { return string(KindRefuse) }
func (Retire) Kind() string      { return string(KindRetire) }
func (NoChallenge) Kind() string { return string(KindNoChallenge) }

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

// duelIn is the index in s.Duels of the challenge of the combat of units,
// or -1. A challenge whose units have both gone belongs to no combat.
func (s *State) duelIn(units []*Unit) int {
	for i, d := range s.Duels {
		if slices.ContainsFunc(units, func(x *Unit) bool { return x.ID == d.Unit || (d.FoeUnit != "" && x.ID == d.FoeUnit) }) {
			return i
		}
	}
	return -1
}

// open is the challenge waiting for an answer (or, refused, for the
// challenger to name who steps back): in those two steps, the last one
// issued (a challenge is appended when issued, and the round of an
// earlier one may still be to fight).
func (s *State) open() *Duel {
	if (s.Phase != PhaseChallenge && s.Phase != PhaseRetire) || len(s.Duels) == 0 {
		return nil
	}
	return &s.Duels[len(s.Duels)-1]
}

func (s *State) checkChallenge(a Challenge, seat rules.Seat) *rules.RuleError {
	u, err := s.combatUnit(a.Unit, seat, ruleChallenge)
	if err != nil {
		return err
	}
	units := s.combatOf(u)
	if i := s.duelIn(units); i >= 0 {
		return rules.Errorf(CodeCombat, ruleChallenge, "%s's challenge is already in this combat: one challenge a combat", s.Duels[i].Challenger)
	}
	m := u.model(a.Model)
	switch {
	case m == nil:
		return rules.Errorf(CodeNoSuchID, ruleChallenge, "%s has no model %q", a.Unit, a.Model)
	case m.Role != Character && m.Role != Champion:
		return rules.Errorf(CodeCombat, ruleChallenge, "%s is %s: only a character or a champion may issue a challenge", a.Model, m.Role)
	}
	if !slices.Contains(s.duellists(units, seat), a.Model) {
		return rules.Errorf(CodeCombat, ruleChallenge, "%s is not in base contact with the enemy: only a model in the fighting rank may issue a challenge", a.Model)
	}
	return nil
}

func (s *State) challenge(a Challenge, seat rules.Seat) error {
	if err := s.checkChallenge(a, seat); err != nil {
		return err
	}
	if len(a.Attacks) > 0 {
		if s.Phase != PhaseCounter {
			return rules.Errorf(rules.CodeBadAction, ruleAttackCharacter, "the player whose turn it is names his models' attacks with fight")
		}
		if err := s.checkAttacks(s.combatOf(s.unit(a.Unit)), seat, a.Attacks); err != nil {
			return err
		}
		s.aim(a.Attacks)
	}
	s.Duels = append(s.Duels, Duel{Unit: a.Unit, Challenger: a.Model})
	s.Phase = PhaseChallenge
	s.emit(Event{What: "challenge", Unit: a.Unit, Model: a.Model, Text: a.Model + " issues a challenge (" + ruleChallenge + ")"})
	return nil
}

// foeOptions are the enemy models that may accept (or, refused, be made
// to step back).
func (s *State) foeOptions() []string {
	d := s.open()
	if d == nil {
		return nil
	}
	u := s.unit(d.Unit)
	if u == nil {
		return nil
	}
	units := s.combatOf(u)
	return s.duellists(units, enemySeat(units, u.Seat))
}

func (s *State) checkAnswer(model string) *rules.RuleError {
	if d := s.open(); d == nil || !slices.Contains(s.foeOptions(), model) {
		return rules.Errorf(CodeCombat, ruleChallenge, "%s is not an enemy character or champion in base contact in the challenger's combat", model)
	}
	return nil
}

func (s *State) accept(a Accept, r roller) error {
	if err := s.checkAnswer(a.Model); err != nil {
		return err
	}
	d := s.open()
	d.Foe, d.FoeUnit = a.Model, s.unitOf(a.Model).ID
	s.emit(Event{What: "challenge-accepted", Unit: d.FoeUnit, Model: a.Model, Text: a.Model + " accepts " + d.Challenger + "'s challenge"})
	return s.answered(r)
}

// ruleNowhereToRun is the exception to refusing a challenge: a character
// who cannot be placed out of base contact with the enemy (a lone
// character, or one whose every fellow touches the enemy too) cannot step
// back, so he cannot refuse: he must fight.
const ruleNowhereToRun = "Nowhere to Run, Nowhere to Hide"

// cornered reports whether the character id of the challenged side
// cannot be placed out of base contact: no model of his unit stands out
// of it to take his place.
func (s *State) cornered(id string) bool {
	u := s.unitOf(id)
	if u == nil {
		return false
	}
	if m := u.model(id); m == nil || !s.profile(m).Character {
		return false // a champion is never made to step back
	}
	var touching []string
	for _, b := range s.blows(s.combatOf(u)) {
		if b.unit == u && b.r == 0 && !slices.Contains(touching, b.id) {
			touching = append(touching, b.id)
		}
	}
	return len(touching) >= len(u.Models)
}

// checkRefuse refuses a refusal when every model who could answer the
// challenge is a character with nowhere to go.
func (s *State) checkRefuse() *rules.RuleError {
	opts := s.foeOptions()
	if len(opts) == 0 {
		return nil
	}
	for _, id := range opts {
		if !s.cornered(id) {
			return nil
		}
	}
	return rules.Errorf(CodeCombat, ruleNowhereToRun, "%s cannot be placed out of base contact with the enemy: the challenge cannot be refused, it must be accepted", strings.Join(opts, ", "))
}

func (s *State) refuse(r roller) error {
	if err := s.checkRefuse(); err != nil {
		return err
	}
	d := s.open()
	nobody := len(s.foeOptions()) == 0
	d.Refused = true
	s.emit(Event{What: "challenge-refused", Model: d.Challenger, Text: d.Challenger + "'s challenge is refused"})
	if nobody {
		// Nobody could have accepted: nobody steps back.
		return s.answered(r)
	}
	s.Phase = PhaseRetire
	return nil
}

func (s *State) checkRetire(a Retire) *rules.RuleError {
	if err := s.checkAnswer(a.Model); err != nil {
		return err
	}
	if s.cornered(a.Model) {
		return rules.Errorf(CodeCombat, ruleNowhereToRun, "%s cannot be placed out of base contact with the enemy, so he cannot step back", a.Model)
	}
	return nil
}

func (s *State) retire(a Retire, r roller) error {
	if err := s.checkRetire(a); err != nil {
		return err
	}
	s.open().Retired = a.Model
	if u := s.unitOf(a.Model); u != nil && s.profile(u.model(a.Model)).Character {
		u.Flags.SteppedBack = a.Model
	}
	s.emit(Event{What: "retired", Model: a.Model, Text: a.Model + " steps back and does not fight this round (" + ruleChallenge + ": refused)"})
	return s.answered(r)
}

// answered goes on once a challenge is answered: back to the player whose
// turn it is, or, for a challenge the other player issued when asked,
// straight to the round he was asked before.
func (s *State) answered(r roller) error {
	s.Phase = PhaseCombat
	if s.Asked == "" {
		return nil
	}
	id := s.Asked
	s.Asked = ""
	return s.fightRound(s.unit(id), r)
}

// noChallenge is the other player's answer that he issues no challenge:
// the round he was asked before is fought, with his models' choices of
// whom they attack.
func (s *State) noChallenge(a NoChallenge, seat rules.Seat, r roller) error {
	if len(a.Attacks) > 0 {
		u := s.unit(s.Asked)
		if u == nil {
			return rules.Errorf(CodeCombat, ruleAttackCharacter, "no combat is about to be fought")
		}
		if err := s.checkAttacks(s.combatOf(u), seat, a.Attacks); err != nil {
			return err
		}
		s.aim(a.Attacks)
	}
	return s.answered(r)
}

// counterChallenge reports whether the player whose turn it is not may
// still issue a challenge in the combat of units before its round: there
// is none in it, and each side has a character or champion who could
// take part.
func (s *State) counterChallenge(units []*Unit) bool {
	if s.duelIn(units) >= 0 || len(units) == 0 {
		return false
	}
	active := s.activeSeat()
	other := enemySeat(units, active)
	// Most combats have no character or champion on one side: that needs
	// no blows worked out.
	if other == "" || !hasDuellistRole(units, active) || !hasDuellistRole(units, other) {
		return false
	}
	return len(s.duellists(units, other)) > 0 && len(s.duellists(units, active)) > 0
}

// hasDuellistRole reports whether seat's units among units have a
// character or a champion, in contact or not.
func hasDuellistRole(units []*Unit, seat rules.Seat) bool {
	for _, u := range units {
		if u.Seat != seat {
			continue
		}
		for i := range u.Models {
			if r := u.Models[i].Role; r == Character || r == Champion {
				return true
			}
		}
	}
	return false
}

// endDuels closes the challenges a round has settled: a refused one (it
// lasts its round), and an accepted one whose duellist has fallen or
// whose units are no longer in one combat.
func (s *State) endDuels() {
	s.Duels = slices.DeleteFunc(s.Duels, func(d Duel) bool { return !s.duelGoesOn(d) })
}

func (s *State) duelGoesOn(d Duel) bool {
	if d.Foe == "" {
		return false
	}
	u, f := s.unit(d.Unit), s.unit(d.FoeUnit)
	return u != nil && f != nil && u.model(d.Challenger) != nil && f.model(d.Foe) != nil &&
		u.engaged() && slices.Contains(s.combatOf(u), f)
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
		duellist := d.Foe != "" && (b.id == d.Challenger || b.id == d.Foe)
		if d.Foe != "" && !duellist && onlyDuellists(b.target, d) {
			// Nobody else attacks the duellists: a blow at a unit
			// holding nobody but a duellist (a lone challenger, or one
			// whose unit has fallen round him) is not struck at all.
			continue
		}
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

// onlyDuellists reports whether every model left in u is a duellist of
// the accepted challenge d.
func onlyDuellists(u *Unit, d *Duel) bool {
	for i := range u.Models {
		if id := u.Models[i].ID; id != d.Challenger && id != d.Foe {
			return false
		}
	}
	return true
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

// combatUnit finds seat's unit id in the combat about to be fought, for
// an action declared before its blows (a challenge, Make Way!): in the
// other player's counter-challenge step, a unit of the combat asked
// about; otherwise a unit whose combat the player whose turn it is may
// fight now. The refusals cite rule.
func (s *State) combatUnit(id string, seat rules.Seat, rule string) (*Unit, *rules.RuleError) {
	u := s.unit(id)
	switch {
	case u == nil:
		return nil, rules.Errorf(CodeNoSuchID, rule, "no unit %q", id)
	case u.Seat != seat:
		return nil, rules.Errorf(CodeCombat, rule, "%s is not %s's unit", id, seat)
	}
	if s.Phase == PhaseCounter {
		if as := s.unit(s.Asked); as == nil || !slices.Contains(s.combatOf(as), u) {
			return nil, rules.Errorf(CodeCombat, rule, "%s is not in the combat about to be fought (%s's)", id, s.Asked)
		}
	} else if _, err := s.checkFight(Fight{Unit: id}); err != nil {
		return nil, rules.Errorf(CodeCombat, rule, "%s", err.Message())
	}
	return u, nil
}
