package fantasy

import (
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// Make Way! (8th edition): blue's 9 swordsmen, 9 wide, with a character
// in the middle of the front rank, have charged 3 bowmen who touch only
// their three left-hand files; it is blue's close combat phase.
func makeWayReady(t *testing.T, character string, red map[string]any) *State {
	t.Helper()
	blue := unitSpecOf("u", "swordsman", 9, 9, [2]float64{24, 10}, 90, chars("cap", character))
	s := engagedPair(t, []map[string]any{blue}, []map[string]any{red})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	return s
}

func bowmenLeft(extra map[string]any) map[string]any {
	return unitSpecOf("target", "bowman", 3, 3, [2]float64{20.9, 15}, 270, extra)
}

// frontModel is the model in file f of u's front rank.
func frontModel(s *State, f int) string { return s.unit("u").Ranks[0][f] }

func TestMakeWaySwapsAStrandedCharacterIntoContact(t *testing.T) {
	s := makeWayReady(t, "captain", bowmenLeft(nil))
	u := s.unit("u")
	if _, f, _ := u.slotOf("cap"); f != 4 || s.inContact(u, "cap") {
		t.Fatalf("setup: cap in file %d, in contact %v; want file 4, out of contact", f, s.inContact(u, "cap"))
	}
	want := MakeWay{Unit: "u", Character: "cap", With: frontModel(s, 2)} // the nearest model in contact
	legal, _ := legalOptions(s, "blue")
	if !hasAction(legal, rules.Action(want)) {
		t.Fatalf("the menu should offer %+v: %v", want, legal)
	}
	// Only past a model in contact.
	re := refused(t, s, "blue", MakeWay{Unit: "u", Character: "cap", With: frontModel(s, 6)}, CodeCombat)
	if re.Rule != ruleMakeWay || !strings.Contains(re.Message(), "not in base contact") {
		t.Fatalf("refused with %q: %s", re.Rule, re.Message())
	}
	evs := apply(t, s, "blue", want)
	if !has(evs, "made-way") || frontModel(s, 2) != "cap" || frontModel(s, 4) != want.With {
		t.Fatalf("cap should now stand in file 2 and %s in file 4: %v, events %v", want.With, u.Ranks[0], evs)
	}
	if !slices.ContainsFunc(s.blows(s.combatOf(u)), func(b blow) bool { return b.id == "cap" && b.r == 0 }) {
		t.Fatal("cap, in contact now, does not strike")
	}
	// Never out of contact: now that he touches, he may not make way again.
	re = refused(t, s, "blue", MakeWay{Unit: "u", Character: "cap", With: frontModel(s, 1)}, CodeCombat)
	if re.Rule != ruleMakeWay || !strings.Contains(re.Message(), "already in base contact") {
		t.Fatalf("refused with %q: %s", re.Rule, re.Message())
	}
}

// It is only possible when his base fits the rank-and-file's slots: a
// mounted character (1" by 2") in a unit on 1" by 1" bases may not.
func TestMakeWayOnlyWhenHisBaseFits(t *testing.T) {
	s := makeWayReady(t, "mounted-captain", bowmenLeft(nil))
	re := refused(t, s, "blue", MakeWay{Unit: "u", Character: "cap", With: frontModel(s, 2)}, CodeCombat)
	if re.Rule != ruleMakeWay || !strings.Contains(re.Message(), "does not fit") {
		t.Fatalf("refused with %q: %s", re.Rule, re.Message())
	}
	if legal, _ := legalOptions(s, "blue"); slices.ContainsFunc(legal, func(a rules.Action) bool { _, ok := a.(MakeWay); return ok }) {
		t.Fatalf("the menu offers a Make Way! that does not fit: %v", legal)
	}
}

// The player whose turn it is not makes way too: asked before the blows,
// red's stranded captain swaps into contact, and the round is fought with
// him in it.
func TestMakeWayByThePlayerWhoseTurnItIsNot(t *testing.T) {
	// Red's 5 bowmen, 5 wide, with their captain in the middle; blue's
	// lone swordsman touches only red's file at x = 26 (a wider charger
	// off to the side would wheel in to bring all its front into contact,
	// Charge move (one wheel)).
	blue := unitSpecOf("u", "swordsman", 1, 1, [2]float64{26, 10}, 90, nil)
	red := unitSpecOf("target", "bowman", 5, 5, [2]float64{24, 15}, 270, chars("rcap", "captain"))
	s := engagedPair(t, []map[string]any{blue}, []map[string]any{red})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	tu := s.unit("target")
	if s.inContact(tu, "rcap") {
		t.Fatalf("setup: rcap touches the enemy: %v", tu.Ranks)
	}
	apply(t, s, "blue", Fight{Unit: "u"})
	if p := s.Prompt(); s.Phase != PhaseCounter || len(p.Seats) != 1 || p.Seats[0] != "red" {
		t.Fatalf("red should be asked before the blows: phase %s, prompt %+v", s.Phase, p)
	}
	legal, _ := legalOptions(s, "red")
	i := slices.IndexFunc(legal, func(a rules.Action) bool { mw, ok := a.(MakeWay); return ok && mw.Character == "rcap" })
	if i < 0 {
		t.Fatalf("red's menu lacks a Make Way! for rcap: %v", legal)
	}
	apply(t, s, "red", legal[i])
	if !s.inContact(s.unit("target"), "rcap") {
		t.Fatal("rcap is not in contact after making way")
	}
	if !slices.ContainsFunc(s.blows(s.combatOf(s.unit("u"))), func(b blow) bool { return b.id == "rcap" }) {
		t.Fatal("rcap, in contact now, does not strike")
	}
	// All miss; blue wins by its charge, and red's break test (double 1)
	// holds.
	evs := apply(t, s, "red", NoChallenge{}, ones(7)...)
	// The captain (I5, A3) is the only red model with Initiative 5.
	if !slices.ContainsFunc(evs, func(e Event) bool {
		return e.What == "fought" && e.Unit == "target" && strings.Contains(e.Text, "3 attacks at Initiative 5")
	}) {
		t.Fatalf("rcap should strike in the round: %v", evs)
	}
}
