package fantasy

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// uniqueUnitIDs fails the test when two units share an id: lookups by id
// find the first, so the second could never be moved or checked.
func uniqueUnitIDs(t *testing.T, s *State) {
	t.Helper()
	seen := map[string]bool{}
	for _, u := range s.Units {
		if seen[u.ID] {
			t.Fatalf("two units are called %q", u.ID)
		}
		seen[u.ID] = true
	}
}

// knightJoinsCaptain has the knight join the captain, both standing alone,
// in blue's first turn and plays on to blue's next turn, when either may
// leave.
func knightJoinsCaptain(t *testing.T, s *State) {
	t.Helper()
	openRemaining(t, s)
	apply(t, s, "blue", Join{Character: "knight", Unit: "captain"})
	if s.unit("knight") != nil || len(s.unit("captain").Models) != 2 {
		t.Fatal("the knight should have joined the captain's unit")
	}
	for _, a := range []rules.Action{EndMovement{}, EndShooting{}, EndTurn{}} {
		apply(t, s, "blue", a)
	}
	for _, a := range []rules.Action{EndCharges{}, EndMovement{}, EndShooting{}, EndTurn{}} {
		apply(t, s, "red", a)
	}
}

// Joining a unit / Leaving a unit (docs/RULES.md): a character may join
// another character, forming an all-character unit that bears the first
// one's id. When that first character leaves it in a later turn he stands
// alone under his own id, and the unit he leaves takes the id of a model
// still in it, so no two units ever share an id.
func TestJoinThenLeaveKeepsUnitIdsUnique(t *testing.T) {
	blue := []map[string]any{
		unitSpecOf("captain", "captain", 1, 1, [2]float64{24, 10}, 90, nil),
		unitSpecOf("knight", "captain", 1, 1, [2]float64{24, 13}, 90, nil),
	}
	s := battle(t, nil, blue, target())
	knightJoinsCaptain(t, s)
	openRemaining(t, s)
	u := s.unit("captain")
	r, f, _ := u.slotOf("captain")
	to := u.slotCentre(r, f).Add(u.forward().Scale(3))
	evs := apply(t, s, "blue", Leave{Unit: "captain", Character: "captain", To: geom.Pt(round2(to.X), round2(to.Y))})
	apartAsCaptainAndKnight(t, s)
	if got := text(evs, "left"); !strings.Contains(got, "knight") {
		t.Fatalf("the leave event %q should name the unit's new id", got)
	}
	// Both units are reachable by their ids: the knight's unit can still
	// move (it has not moved this turn), and the menu's moves apply.
	legal, _ := legalOptions(s, "blue")
	moves := 0
	for _, a := range legal {
		if m, ok := a.(Move); ok && m.Unit == "knight" {
			moves++
		}
	}
	if moves == 0 {
		t.Fatal("the menu offers no move for the knight's unit")
	}
	if err := s.validate(); err != nil {
		t.Fatalf("the state after the leave is invalid: %v", err)
	}
}

// The decoder refuses a state in which two units share an id (Joining a
// unit, Leaving a unit): the lookups by id could reach only the first.
func TestDecodeRefusesDuplicateUnitIds(t *testing.T) {
	blue := []map[string]any{
		unitSpecOf("captain", "captain", 1, 1, [2]float64{24, 10}, 90, nil),
		unitSpecOf("knight", "captain", 1, 1, [2]float64{24, 13}, 90, nil),
	}
	s := battle(t, nil, blue, target())
	s.unit("knight").ID = "captain"
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ruleset(t).DecodeState(b)
	if err == nil || !strings.Contains(err.Error(), `"captain"`) || !strings.Contains(err.Error(), "units[1]") {
		t.Fatalf("a state with two units called captain: %v, want it refused naming units[1] and the id", err)
	}
}

// Charging out of a unit (docs/RULES.md): the captain charges out of the
// all-character unit that bears his id. He charges as a unit of his own
// under his id; the unit he leaves takes the knight's id, and the enemy is
// engaged with the captain alone.
func TestChargeOutOfCharacterUnitKeepsUnitIdsUnique(t *testing.T) {
	for _, tc := range []struct {
		name  string
		faces []int
		want  string
	}{
		{"charge succeeds", []int{6, 6}, "charged"},
		{"charge fails far from his unit", []int{6, 1}, "charge-failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			blue := []map[string]any{
				unitSpecOf("captain", "captain", 1, 1, [2]float64{24, 10}, 90, nil),
				unitSpecOf("knight", "captain", 1, 1, [2]float64{24, 8}, 90, nil),
			}
			red := []map[string]any{unitSpecOf("target", "bowman", 10, 5, [2]float64{24, 24}, 270, nil)}
			s := battle(t, nil, blue, red)
			knightJoinsCaptain(t, s)
			apply(t, s, "blue", DeclareCharge{Unit: "captain", Character: "captain", Target: "target"})
			apply(t, s, "red", React{Reaction: "hold"})
			apply(t, s, "blue", EndCharges{})
			evs := apply(t, s, "blue", ChargeMove{Unit: "captain"}, tc.faces...)
			if !has(evs, tc.want) {
				t.Fatalf("events %v, want %s", evs, tc.want)
			}
			apartAsCaptainAndKnight(t, s)
			if rest := s.unit("knight"); tc.want == "charged" && (!slices.Equal(s.unit("target").Engage, []string{"captain"}) || len(rest.Engage) != 0) {
				t.Fatalf("target engaged with %v, knight with %v: only the captain charged", s.unit("target").Engage, rest.Engage)
			}
			if err := s.validate(); err != nil {
				t.Fatalf("the state after the charge is invalid: %v", err)
			}
		})
	}
}

// apartAsCaptainAndKnight checks that the unit ids are unique and that the
// captain stands alone as unit captain while the unit he left is called
// knight, after the model in it.
func apartAsCaptainAndKnight(t *testing.T, s *State) {
	t.Helper()
	uniqueUnitIDs(t, s)
	lone, rest := s.unit("captain"), s.unit("knight")
	switch {
	case lone == nil || len(lone.Models) != 1 || lone.Models[0].ID != "captain":
		t.Fatalf("the captain should stand alone as unit captain, got %+v", lone)
	case rest == nil || len(rest.Models) != 1 || rest.Models[0].ID != "knight":
		t.Fatalf("the unit he left should be called knight, after the model in it, got %+v", rest)
	}
}

// Joining a unit, Leaving a unit (docs/RULES.md): only a character alone
// or a unit of characters bears a character's id. A scenario whose
// regiment "u" has a captain also called "u" is refused at setup with a
// typed error naming both, and a saved state with such a unit is refused
// on decoding: the id would name both the regiment and one model in it.
func TestCharacterMayNotShareHisRegimentsId(t *testing.T) {
	rs := ruleset(t)
	sc := &scenario.Scenario{Name: "test", Ruleset: Name, Table: scenario.Table{Width: 48, Height: 48},
		Initiative: "blue", Rounds: 2, Sides: []scenario.Side{
			side(t, "blue", []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("u", "captain"))}),
			side(t, "red", target())}}
	r, err := rules.ResolveRulings(rs.Rulings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = rs.Setup(sc, r)
	var errs scenario.Errors
	if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != "sides[0].units[0].characters[0].id" || !strings.Contains(errs[0].Msg, `character "u" has the id of his unit "u"`) {
		t.Fatalf("setup: %v, want an error naming the character, his unit and where", err)
	}
	// The same unit in a saved state: the captain renamed "u".
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))}, target())
	u := s.unit("u")
	u.model("captain").ID = "u"
	for _, rank := range u.Ranks {
		for f := range rank {
			if rank[f] == "captain" {
				rank[f] = "u"
			}
		}
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	_, err = rs.DecodeState(b)
	var re *rules.RuleError
	if !errors.As(err, &re) || re.Code != CodeBadState || !strings.Contains(re.Error(), `model "u" has the id of its unit`) || !strings.Contains(re.Error(), "units[0]") {
		t.Fatalf("decoding: %v, want a %s error naming units[0] and the model", err, CodeBadState)
	}
	// A unit of characters bears the first one's id: still accepted.
	blue := []map[string]any{
		unitSpecOf("captain", "captain", 1, 1, [2]float64{24, 10}, 90, nil),
		unitSpecOf("knight", "captain", 1, 1, [2]float64{24, 8}, 90, nil),
	}
	s = battle(t, nil, blue, target())
	knightJoinsCaptain(t, s)
	if b, err = json.Marshal(s); err != nil {
		t.Fatal(err)
	}
	if _, err := rs.DecodeState(b); err != nil {
		t.Fatalf("a unit of characters bears the first one's id: %v", err)
	}
}
