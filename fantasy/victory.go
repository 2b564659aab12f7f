package fantasy

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/rules"
)

// Victory points (docs/RULES.md, Victory points): what a pitched battle is
// won on. Each entry of the tally is one award to one side, kept as the
// game goes (a unit destroyed or fled off the table, a General slain, a
// standard seized) and completed at the end (units below half strength).

// The rules an award follows, as players name them.
const (
	ruleDeadOrFled  = "Dead or Fled"
	ruleKingIsDead  = "The King Is Dead"
	ruleSeized      = "Seized Standards"
	ruleHalf        = "Below half strength"
	ruleVictory     = "Victory points"
	vpKing          = 100 // The King Is Dead
	vpStandard      = 25  // Seized Standards: a unit's standard
	vpBattleBanner  = 100 // Seized Standards: the Battle Standard
	vpMargin        = 100 // Victory points: the least lead that wins
	maxAwards       = 4 * maxUnits * (maxModels/10 + 2)
	rulingHalfPoint = "fantasy-half-strength"
)

// Award is one side's victory points for one enemy unit or model.
type Award struct {
	Seat rules.Seat `json:"seat"` // the side that scores
	Unit string     `json:"unit"` // the enemy unit, character or standard bearer scored for
	Rule string     `json:"rule"` // Dead or Fled, The King Is Dead, Seized Standards, Below half strength
	VP   int        `json:"vp"`
}

// awardRules are the rules an Award may follow.
var awardRules = [...]string{ruleDeadOrFled, ruleKingIsDead, ruleSeized, ruleHalf}

// award gives every side but loser vp victory points for unit under rule,
// in the tally and the points, and says so in the log.
func (s *State) award(loser rules.Seat, unit, rule string, vp int) {
	if vp <= 0 {
		return
	}
	// Copies of the state share the points and the tally until one scores
	// (see clone): the map is replaced, the tally's capacity was clipped.
	s.Points = cloneMap(s.Points)
	for _, seat := range s.Seats {
		if seat == loser {
			continue
		}
		s.Points[seat] += vp
		s.Awards = append(s.Awards, Award{Seat: seat, Unit: unit, Rule: rule, VP: vp})
		if rule != ruleDeadOrFled { // the "destroyed" event already says so
			s.emit(Event{What: "victory-points", Unit: unit, Value: float64(vp),
				Text: newLine().s(string(seat), " scores ").n(vp).s(" victory points for ", unit, " (", rule, ")").String()})
		}
	}
}

// closeCombat reports whether casualties now fall in close combat: a round
// being fought, or a question asked in its middle, or a pursuit.
func (s *State) closeCombat() bool {
	p := s.Phase
	if p == PhaseAllocate || p == PhaseMoveUp {
		p = s.Resume
	}
	return p == PhaseCombat || p == PhaseChallenge || p == PhaseRetire || p == PhaseCounter || p == PhasePursuit
}

// slay takes a slain model off the table and scores him: a character who
// leaves others in his unit is worth his own points (Dead or Fled: a
// character is a unit of his own for victory points); the General is
// worth 100 more (The King Is Dead); a standard bearer slain in close
// combat gives his standard to the enemy (Seized Standards). A character
// alone is scored with his unit when it is destroyed.
func (s *State) slay(u *Unit, id string) {
	m := u.model(id)
	if m == nil {
		return
	}
	s.trophies(u, m)
	if m.Role == Character && len(u.Models) > 1 {
		p := s.profile(m).Points
		s.award(u.Seat, m.ID, ruleDeadOrFled, p)
		u.Points = max(0, u.Points-p)
	}
	s.removeModel(u, id)
}

// trophies scores the General and the standards of a model gone from the
// table: the General slain or fled (The King Is Dead), a standard taken in
// close combat or by a pursuer (Seized Standards).
func (s *State) trophies(u *Unit, m *Model) {
	if m.General {
		s.award(u.Seat, m.ID, ruleKingIsDead, vpKing)
	}
	if !s.closeCombat() {
		return
	}
	switch {
	case m.BattleStandard:
		s.award(u.Seat, m.ID, ruleSeized, vpBattleBanner)
	case m.Role == Standard:
		s.award(u.Seat, m.ID, ruleSeized, vpStandard)
	}
}

// halfStrength scores, at the end of the battle, every unit left below
// half of the models it began with (a unit of one model: below half its
// Wounds), and every character below half his Wounds: half their points,
// rounded up (docs/RULES.md: fantasy-half-strength).
func (s *State) halfStrength() {
	if s.Rulings.Get(rulingHalfPoint) == "none" {
		return
	}
	half := func(p int) int { return (p + 1) / 2 }
	for _, u := range s.Units {
		rest := u.Points
		for i := range u.Models {
			m := &u.Models[i]
			if m.Role != Character {
				continue
			}
			p := s.profile(m)
			rest -= p.Points
			if 2*m.Wounds < p.W {
				s.award(u.Seat, m.ID, ruleHalf, half(p.Points))
			}
		}
		n := u.nonCharacters()
		switch {
		case rest <= 0 || n == 0:
		case u.Start > 1 && 2*n < u.Start:
			s.award(u.Seat, u.ID, ruleHalf, half(rest))
		case u.Start <= 1 && n == 1:
			if m := s.loneModel(u); m != nil && 2*m.Wounds < s.profile(m).W {
				s.award(u.Seat, u.ID, ruleHalf, half(rest))
			}
		}
	}
}

// loneModel is the one non-character model of u.
func (s *State) loneModel(u *Unit) *Model {
	for i := range u.Models {
		if u.Models[i].Role != Character {
			return &u.Models[i]
		}
	}
	return nil
}

// decide scores the end of the battle and names the winner (Victory
// points): a side that has wiped out the enemy army wins; otherwise a side
// wins with at least 100 victory points more than the other; anything else
// is a draw.
func (s *State) decide() {
	s.halfStrength()
	alive := map[rules.Seat]bool{}
	for _, u := range s.Units {
		alive[u.Seat] = true
	}
	s.Winner = ""
	why := ""
	seats := slices.Sorted(maps.Keys(s.Points))
	if len(alive) == 1 && len(seats) > 1 {
		for seat := range alive {
			s.Winner, why = seat, "the enemy army is wiped out"
		}
	} else if len(seats) == 2 {
		a, b := seats[0], seats[1]
		switch d := s.Points[a] - s.Points[b]; {
		case d >= vpMargin:
			s.Winner, why = a, fmt.Sprintf("%d victory points ahead", d)
		case -d >= vpMargin:
			s.Winner, why = b, fmt.Sprintf("%d victory points ahead", -d)
		default:
			why = fmt.Sprintf("a draw: fewer than %d victory points apart", vpMargin)
		}
	}
	var b strings.Builder
	b.WriteString("the battle ends: victory points")
	for i, seat := range seats {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s %d", seat, s.Points[seat])
	}
	if s.Winner != "" {
		fmt.Fprintf(&b, "; %s wins, %s", s.Winner, why)
	} else if why != "" {
		b.WriteString("; " + why)
	}
	b.WriteString(" (" + ruleVictory + ")")
	s.emit(Event{What: "game-over", Text: b.String()})
}

// Result is the end of the battle in words: each side's victory points and
// the winner or a draw; "" while the game goes on.
func (s *State) Result() string {
	if s.Phase != PhaseOver {
		return ""
	}
	var b strings.Builder
	b.WriteString("victory points:")
	for i, seat := range slices.Sorted(maps.Keys(s.Points)) {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s %d", seat, s.Points[seat])
	}
	if s.Winner != "" {
		b.WriteString("; " + string(s.Winner) + " wins")
	} else {
		b.WriteString("; a draw")
	}
	return b.String()
}

// checkAwards holds a decoded tally to what the game could have made: each
// award to a seat, for a known rule, and each side's points their sum.
func (s *State) checkAwards() error {
	if len(s.Awards) > maxAwards {
		return fmt.Errorf("awards: %d, at most %d", len(s.Awards), maxAwards)
	}
	sum := map[rules.Seat]int{}
	for i, a := range s.Awards {
		if !slices.Contains(s.Seats, a.Seat) || !slices.Contains(awardRules[:], a.Rule) || a.VP <= 0 || a.VP > 100000 || a.Unit == "" {
			return fmt.Errorf("awards[%d]: %+v is no award the game makes", i, a)
		}
		sum[a.Seat] += a.VP
	}
	for _, seat := range s.Seats {
		if s.Points[seat] != sum[seat] {
			return fmt.Errorf("points: %s has %d, its awards sum to %d", seat, s.Points[seat], sum[seat])
		}
	}
	if s.Winner != "" && (s.Phase != PhaseOver || !slices.Contains(s.Seats, s.Winner)) {
		return fmt.Errorf("winner %q before the end or no seat", s.Winner)
	}
	return nil
}

// caught destroys a fleeing unit its pursuer, by, caught: its standards
// are seized (Seized Standards) as it dies.
func (s *State) caught(u *Unit, by string) {
	for i := range u.Models {
		if m := &u.Models[i]; m.BattleStandard || m.Role == Standard {
			vp := vpStandard
			if m.BattleStandard {
				vp = vpBattleBanner
			}
			s.award(u.Seat, m.ID, ruleSeized, vp)
		}
	}
	s.destroy(u, "is caught by "+by)
}
