package infinity

import (
	"fmt"

	"github.com/ordo-rules/ordo/rules"
)

// Retreat! (N4): in the Tactical Phase of each of its Active Turns, an
// army whose surviving troopers (their Cost, as Victory Points (N4) count
// it: none in a Null state) add up to 25% or less of its army list's points
// enters Retreat!; above 25% at a later check, it leaves it. While in
// Retreat!:
//
//   - it counts as in Loss of Lieutenant: no Lieutenant Special Order, every
//     trooper Irregular, and no new Lieutenant is appointed;
//   - at the start of each of its Active Turns every surviving trooper on
//     the table takes a Retreat! token (Courage spares it: Irregular, but no
//     token). A trooper with the token may declare only Short Movement
//     Skills, Cautious Movement, Dodge and Reset, in either turn;
//   - every Marker state of the army is cancelled on entering it
//     (Camouflaged, Impersonation: the troopers are revealed);
//   - the game ends when the army has no trooper left on the table that is
//     not in a Null state.
//
// Not played yet (docs/RULES.md): leaving the table through the widest edge
// of the own Deployment Zone to count as a survivor, and the Command Token
// that cancels one trooper's Retreat!. Veteran and Religious Troop, which
// change the above, are refused at load (catalog, not played).

// ruleRetreat is the rule this file's errors cite.
const ruleRetreat = "Retreat! (N4)"

// retreatPercent is the share of the army list's points, in percent, at or
// below which an army is in Retreat!.
const retreatPercent = 25

// armyPoints is the army list's points of seat: the Cost of every trooper
// it started with.
func (s *State) armyPoints(seat rules.Seat) int {
	total := 0
	for _, t := range s.Troopers {
		if t.Seat == seat {
			total += t.Cost
		}
	}
	return total
}

// retreatCheck is the Retreat! check of seat's Tactical Phase: it sets or
// clears the army's Retreat! and its troopers' tokens, and reports the
// change. over: the army is in Retreat! with nobody left, and the game ends.
func (s *State) retreatCheck(seat rules.Seat) (events []rules.Event, over bool) {
	army := s.army(seat)
	points := s.armyPoints(seat)
	left := s.victoryPoints()[seat]
	in := points > 0 && left*100 <= points*retreatPercent
	if in != army.Retreat {
		army.Retreat = in
		events = append(events, RetreatChanged{Seat: seat, On: in})
		if in {
			// Retreat! cancels the army's Fireteams (rule_fireteam.go).
			events = append(events, s.dissolveFireteams(seat, "Retreat!")...)
		}
	}
	standing := false
	for i := range s.Troopers {
		tr := &s.Troopers[i]
		if tr.Seat != seat {
			continue
		}
		if !in {
			tr.States.Retreat = false
			continue
		}
		if tr.States.marker() {
			events = append(events, s.reveal(i, "Retreat!")...)
		}
		onTable := !tr.States.Null() && s.modelOf(i) >= 0
		standing = standing || onTable
		tr.States.Retreat = onTable && !s.profile(i).HasSkill("Courage")
	}
	return events, in && !standing
}

// retreatRefusal refuses a skill that a trooper with a Retreat! token may
// not declare: all but Short Movement Skills, Cautious Movement, Dodge and
// Reset.
func retreatRefusal(st *States, id string, skill SkillName) error {
	if !st.Retreat {
		return nil
	}
	switch {
	case skill == SkillCautiousMove, skill == SkillDodge, skill == SkillReset, category(skill) == CategoryShortMovement:
		return nil
	}
	return rules.Errorf(rules.CodeIllegal, ruleRetreat, "%s has a Retreat! token: only Short Movement Skills, Cautious Movement, Dodge and Reset", id)
}

// RetreatChanged is an army entering or leaving Retreat!. It does not say
// the count that decided it: the survivors' cost includes troopers the
// opponent may not know of (Hidden Deployment (N4)).
type RetreatChanged struct {
	Seat rules.Seat `json:"seat"`
	On   bool       `json:"on"`
}

func (RetreatChanged) Kind() string { return "retreat" }

func (e RetreatChanged) String() string {
	if e.On {
		return fmt.Sprintf("%s's army enters Retreat!: its survivors are worth 25%% or less of its points", e.Seat)
	}
	return fmt.Sprintf("%s's army leaves Retreat!: its survivors are worth more than 25%% of its points", e.Seat)
}

// CancelRetreat is the Command Token use that cancels one trooper's
// Retreat! (Command Tokens (N4), Retreat! (N4)): a Tactical Use, accepted
// between Orders of the army's Active Turn. The trooper loses its Retreat!
// token until the next Tactical Phase deals the tokens again; it stays
// Irregular, as its army still counts as in Loss of Lieutenant.
type CancelRetreat struct {
	Trooper string `json:"trooper"`
}

// KindCancelRetreat is CancelRetreat's kind.
const KindCancelRetreat ActionKind = "cancel-retreat"

func (CancelRetreat) Kind() string { return string(KindCancelRetreat) }

func (a CancelRetreat) String() string {
	return "spend a Command Token to cancel the Retreat! of " + a.Trooper
}

// RetreatCancelled is one trooper's Retreat! cancelled with a Command
// Token.
type RetreatCancelled struct {
	Seat    rules.Seat `json:"seat"`
	Trooper string     `json:"trooper"`
	Tokens  int        `json:"tokens"` // Command Tokens left
}

func (RetreatCancelled) Kind() string { return "retreat-cancelled" }

func (e RetreatCancelled) String() string {
	return fmt.Sprintf("%s spends a Command Token: %s no longer holds a Retreat! token (%s left)", e.Seat, e.Trooper, plural(e.Tokens, "Command Token"))
}

// checkCancelRetreat validates the Tactical Use.
func (s *State) checkCancelRetreat(a CancelRetreat) error {
	seat := s.active()
	t := s.trooperIndex(a.Trooper)
	switch {
	case t < 0 || s.Troopers[t].Seat != seat:
		return rules.Errorf(rules.CodeBadAction, "Command Tokens (N4)", "%q is not a trooper of %s", a.Trooper, seat)
	case !s.Troopers[t].States.Retreat:
		return rules.Errorf(rules.CodeIllegal, ruleRetreat, "%s holds no Retreat! token", a.Trooper)
	}
	return s.tokenBar(seat, "cancel-retreat")
}

// cancelRetreat spends the token and takes the trooper's Retreat! token.
func (s *State) cancelRetreat(a CancelRetreat) []rules.Event {
	army := s.army(s.active())
	s.spendToken(army.Seat)
	s.Troopers[s.trooperIndex(a.Trooper)].States.Retreat = false
	return []rules.Event{RetreatCancelled{Seat: army.Seat, Trooper: a.Trooper, Tokens: army.CommandTokens}}
}

// cancelRetreatCandidates offer each of the active army's troopers with a
// Retreat! token, while a Command Token is left.
func (s *State) cancelRetreatCandidates() []rules.Action {
	army := s.army(s.active())
	if !army.Retreat || !s.canSpendToken(army.Seat) {
		return nil
	}
	var out []rules.Action
	for _, t := range s.Troopers {
		if t.Seat == army.Seat && t.States.Retreat {
			out = append(out, CancelRetreat{Trooper: t.ID})
		}
	}
	return out
}
