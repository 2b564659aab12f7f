package fantasy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// victoryBattle is blue's spearmen (10 with a standard, 60 + 60 points)
// against red's swordsmen (10 with a standard, 70 points, led by the General
// and the Battle Standard Bearer, captains of 60 points each), bowmen (80)
// and a winged hero alone (140).
func victoryBattle(t *testing.T, rulings map[string]string) *State {
	t.Helper()
	blue := []map[string]any{unitSpecOf("spears", "spearman", 10, 5, [2]float64{24, 10}, 90,
		map[string]any{"command": []any{"standard"}, "characters": []any{map[string]any{"id": "blue-gen", "profile": "captain", "general": true}}})}
	red := []map[string]any{
		unitSpecOf("swords", "swordsman", 10, 5, [2]float64{24, 30}, 270, map[string]any{"command": []any{"standard"},
			"characters": []any{map[string]any{"id": "red-gen", "profile": "captain", "general": true}, map[string]any{"id": "red-bsb", "profile": "captain", "battleStandard": true}}}),
		unitSpecOf("red-bows", "bowman", 10, 5, [2]float64{40, 44}, 270, nil),
		unitSpecOf("red-hero", "winged-hero", 1, 1, [2]float64{6, 44}, 270, nil),
	}
	return battle(t, rulings, blue, red)
}

// Victory points (8th edition: Dead or Fled, The King Is Dead, Seized
// Standards; below half strength by the fantasy-half-strength ruling):
// what blue scores for what befalls red's army.
func TestVictoryPoints(t *testing.T) {
	lose := func(s *State, id string, left int) {
		u := s.unit(id)
		for u.nonCharacters() > left {
			s.removeModel(u, u.Models[len(u.Models)-1].ID)
		}
	}
	for _, tc := range []struct {
		name    string
		rulings map[string]string
		act     func(s *State)
		want    int
		rules   []string
	}{
		{"Dead or Fled: a unit destroyed gives its points", nil,
			func(s *State) { s.destroy(s.unit("red-bows"), "is wiped out") }, 80, []string{ruleDeadOrFled}},
		{"Dead or Fled: a unit fled off the table gives its points", nil,
			func(s *State) { s.destroy(s.unit("red-bows"), "flees off the table") }, 80, []string{ruleDeadOrFled}},
		{"Dead or Fled: a character slain in his unit is a unit of his own", nil,
			func(s *State) { s.slay(s.unit("swords"), "red-bsb") }, 60, []string{ruleDeadOrFled}},
		{"Dead or Fled: the unit a slain character leaves is worth its own points", nil,
			func(s *State) {
				s.slay(s.unit("swords"), "red-bsb")
				s.destroy(s.unit("swords"), "flees off the table")
			},
			60 + 130 + 100, []string{ruleDeadOrFled, ruleKingIsDead, ruleDeadOrFled}},
		{"The King Is Dead: the General slain scores 100 more", nil,
			func(s *State) { s.slay(s.unit("swords"), "red-gen") }, 160, []string{ruleKingIsDead, ruleDeadOrFled}},
		{"The King Is Dead: the General fled off the table with his unit", nil,
			func(s *State) { s.destroy(s.unit("swords"), "flees off the table") }, 190 + 100, []string{ruleKingIsDead, ruleDeadOrFled}},
		{"Seized Standards: a standard bearer slain in close combat", nil,
			func(s *State) { s.Phase = PhaseCombat; s.removeRankAndFile(s.unit("swords"), 10) }, 25, []string{ruleSeized}},
		{"Seized Standards: a standard bearer shot down is not seized", nil,
			func(s *State) { s.Phase = PhaseShooting; s.removeRankAndFile(s.unit("swords"), 10) }, 0, nil},
		{"Seized Standards: the Battle Standard slain in close combat scores 100", nil,
			func(s *State) { s.Phase = PhaseCombat; s.slay(s.unit("swords"), "red-bsb") }, 60 + 100, []string{ruleSeized, ruleDeadOrFled}},
		{"Seized Standards: a unit caught by its pursuer gives up its standards", nil,
			func(s *State) { s.caught(s.unit("swords"), "spears") }, 190 + 100 + 25 + 100,
			[]string{ruleSeized, ruleSeized, ruleKingIsDead, ruleDeadOrFled}},
		{"Below half strength: half the points, rounded up, at the end", nil,
			func(s *State) { lose(s, "red-bows", 4); s.halfStrength() }, 40, []string{ruleHalf}},
		{"Below half strength: exactly half is not below", nil,
			func(s *State) { lose(s, "red-bows", 5); s.halfStrength() }, 0, nil},
		{"Below half strength: the rank-and-file apart from their characters", nil,
			func(s *State) { lose(s, "swords", 3); s.halfStrength() }, 35, []string{ruleHalf}},
		{"Below half strength: a character alone below half his Wounds", nil,
			func(s *State) { s.unit("red-hero").Models[0].Wounds = 1; s.halfStrength() }, 70, []string{ruleHalf}},
		{"Below half strength: a joined character below half his Wounds", nil,
			func(s *State) { s.unit("swords").model("red-gen").Wounds = 0; s.halfStrength() }, 30, []string{ruleHalf}},
		{"Below half strength: nothing under fantasy-half-strength: none (8th edition)", map[string]string{"fantasy-half-strength": "none"},
			func(s *State) { lose(s, "red-bows", 1); s.halfStrength() }, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := victoryBattle(t, tc.rulings)
			tc.act(s)
			if s.Points["blue"] != tc.want || s.Points["red"] != 0 {
				t.Fatalf("points %v, want blue %d, red 0; awards %+v", s.Points, tc.want, s.Awards)
			}
			var got []string
			for _, a := range s.Awards {
				got = append(got, a.Rule)
			}
			if strings.Join(got, "|") != strings.Join(tc.rules, "|") {
				t.Fatalf("awards %+v, want rules %v", s.Awards, tc.rules)
			}
			if err := s.checkAwards(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Victory points (8th edition): a side wins by wiping out the enemy army
// or by at least 100 victory points more; anything else is a draw.
func TestVictoryPointsWinner(t *testing.T) {
	for _, tc := range []struct {
		name      string
		blue, red int
		wipeRed   bool
		winner    rules.Seat
	}{
		{"100 ahead wins", 180, 80, false, "blue"},
		{"99 ahead is a draw", 179, 80, false, ""},
		{"level is a draw", 0, 0, false, ""},
		{"the other side 100 ahead wins", 0, 140, false, "red"},
		{"the enemy army wiped out wins whatever the points", 0, 0, true, "blue"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := victoryBattle(t, nil)
			s.award("red", "x", ruleDeadOrFled, tc.blue)
			s.award("blue", "y", ruleDeadOrFled, tc.red)
			if tc.wipeRed {
				s.Units = s.Units[:1]
			}
			s.Phase = PhaseOver
			s.decide()
			if s.Winner != tc.winner {
				t.Fatalf("blue %d, red %d: winner %q, want %q (%s)", tc.blue, tc.red, s.Winner, tc.winner, s.stepped[len(s.stepped)-1].Text)
			}
		})
	}
}

// Victory points at the end of the battle: the last turn's end scores the
// units below half strength, names the winner, and the view, the log and
// a state read back all carry the tally.
func TestVictoryPointsAtTheEnd(t *testing.T) {
	s := victoryBattle(t, nil)
	s.destroy(s.unit("red-hero"), "flees off the table")
	u := s.unit("red-bows")
	for len(u.Models) > 2 {
		s.removeModel(u, u.Models[len(u.Models)-1].ID)
	}
	s.fillGaps(u, false)
	s.stepped = nil
	s.Round, s.Turn, s.Active, s.Phase = 2, 4, 1, PhaseCombat
	evs := apply(t, s, "red", EndTurn{})
	if s.Phase != PhaseOver || s.Winner != "blue" || s.Points["blue"] != 180 {
		t.Fatalf("phase %s, winner %q, points %v, want over, blue, 140 + 40", s.Phase, s.Winner, s.Points)
	}
	last := evs[len(evs)-1]
	if last.What != "game-over" || !strings.Contains(last.Text, "blue 180, red 0; blue wins") {
		t.Fatalf("last event %+v", last)
	}
	view := s.Observe(rules.Viewer{Seat: "red"}).(View)
	if view.Result != "victory points: blue 180, red 0; blue wins" || len(view.Awards) != 2 {
		t.Fatalf("view result %q, awards %+v", view.Result, view.Awards)
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	rs := ruleset(t)
	back, err := rs.DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	if back.(*State).Result() != s.Result() {
		t.Fatalf("read back: %q", back.(*State).Result())
	}
	s.Points["blue"]++ // points that are not the tally's sum
	b, _ = json.Marshal(s)
	if _, err := rs.DecodeState(b); err == nil {
		t.Fatal("a state whose points are not its awards' sum was read")
	}
}
