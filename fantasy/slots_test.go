package fantasy

import (
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/geom"
)

// Slots by base size (Characters: different sized bases, docs/RULES.md):
// a model on a larger base than his unit's slots stands in the block of
// slots his base covers.

// slotsOf lists the slots model id stands in, as [rank, file] pairs.
func slotsOf(u *Unit, id string) [][2]int {
	var out [][2]int
	for r, rank := range u.Ranks {
		for f, x := range rank {
			if x == id {
				out = append(out, [2]int{r, f})
			}
		}
	}
	return out
}

// mustBeValid fails the test when the state breaks an invariant the
// decoder checks.
func mustBeValid(t *testing.T, s *State) {
	t.Helper()
	if err := s.validate(); err != nil {
		t.Fatalf("the state is invalid: %v", err)
	}
}

// A Captain on a warhorse (1" by 2") in Swordsmen on 1" by 1" bases takes
// the front-rank slot and the one behind it, in one file; the two
// rank-and-file he displaces go to the rear, and the block counts toward
// the unit's depth.
func TestSlotsByBaseSizeMountedCaptainTakesTwoRanks(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("cap", "mounted-captain"))}, target())
	u := s.unit("u")
	got := slotsOf(u, "cap")
	if len(got) != 2 || got[0][0] != 0 || got[1][0] != 1 || got[0][1] != got[1][1] {
		t.Fatalf("the mounted captain stands in %v; want the front rank and the one behind, one file", got)
	}
	if len(u.Ranks) != 3 || len(slices.DeleteFunc(slices.Clone(u.Ranks[2]), func(id string) bool { return id == "" })) != 2 {
		t.Fatalf("ranks %v: want two full ranks and the two displaced swordsmen behind", u.Ranks)
	}
	fp := u.footprint()
	if d := fp[0].Dist(fp[1]); d < 3-geom.Eps || d > 3+geom.Eps {
		t.Fatalf("the block is %.2f\" deep, want 3", d)
	}
	mustBeValid(t, s)
	if r, ok := u.modelRect("cap"); !ok || r[0].Dist(r[1]) < 2-geom.Eps {
		t.Fatalf("his base is measured %v: want 2\" deep", r)
	}
}

// Ranks for the combat result count his block as filled by rank-and-file
// when his base covers whole slots: 8 Swordsmen 5 wide with the mounted
// Captain have a second rank of five.
func TestSlotsByBaseSizeBlockCountsTowardTheRanks(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 8, 5, [2]float64{24, 10}, 90, chars("cap", "mounted-captain"))}, target())
	if b := s.rankBonus(s.unit("u")); b != 1 {
		t.Fatalf("rank bonus %d, want +1 (his block fills the second rank); ranks %v", b, s.unit("u").Ranks)
	}
	if n := s.ranks(s.unit("u")); n != 2 {
		t.Fatalf("Steadfast counts %d ranks, want 2", n)
	}
}

// A base that does not cover whole slots (1.6" by 2.4" on 1" slots) still
// takes the block it rounds up to (2 files by 3 ranks), but the block does
// not count as rank-and-file for the ranks.
func TestSlotsByBaseSizeBaseOffTheSlotsDoesNotCountForRanks(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 13, 5, [2]float64{24, 10}, 90, chars("hero", "winged-hero"))}, target())
	u := s.unit("u")
	if got := slotsOf(u, "hero"); len(got) != 6 {
		t.Fatalf("the winged hero stands in %v; want a block of 2 files by 3 ranks", got)
	}
	mustBeValid(t, s)
	if b := s.rankBonus(u); b != 0 {
		t.Fatalf("rank bonus %d, want 0: ranks behind the first hold 3, 3 and 4 swordsmen; %v", b, u.Ranks)
	}
}

// A mounted character in the front rank touches the enemy along his
// whole width: the winged hero's block covers files 3 and 4 of a 9-wide
// unit; bowmen touching files 4 to 7 are in contact with him, and bowmen
// touching both his files still meet one striker.
func TestSlotsByBaseSizeCharacterFightsAlongHisWholeWidth(t *testing.T) {
	for _, tc := range []struct {
		name string
		x    float64 // the bowmen's centre
	}{{"right file only", 25.3}, {"both files", 23.5}} {
		t.Run(tc.name, func(t *testing.T) {
			blue := unitSpecOf("u", "swordsman", 9, 9, [2]float64{24, 10}, 90, chars("hero", "winged-hero"))
			red := unitSpecOf("target", "bowman", 3, 3, [2]float64{tc.x, 15}, 270, nil)
			s := engagedPair(t, []map[string]any{blue}, []map[string]any{red})
			u := s.unit("u")
			if got := slotsOf(u, "hero"); len(got) != 6 || got[0] != [2]int{0, 3} || got[1] != [2]int{0, 4} {
				t.Fatalf("the hero stands in %v; want files 3 and 4 of ranks 0-2", got)
			}
			if !s.inContact(u, "hero") {
				t.Fatal("the hero's block touches the bowmen, yet he is not in contact")
			}
			n := 0
			for _, b := range s.blows(s.combatOf(u)) {
				if b.id == "hero" {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("the hero strikes %d times in the list of blows, want once", n)
			}
		})
	}
}

// A template over the rear of his base hits him, and a template over his
// whole block hits him once (Templates: the base counts as part of the
// model).
func TestSlotsByBaseSizeTemplateOverHisBlockHitsHimOnce(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("cap", "mounted-captain"))}, target())
	u := s.unit("u")
	_, f, _ := u.slotOf("cap")
	if c := u.coveredBy(u.slotCentre(1, f), 0.3); !slices.Equal(c, []string{"cap"}) {
		t.Fatalf("a small template on his horse's rear half covers %v, want the captain", c)
	}
	c := u.coveredBy(cornerOf(u, 0, f), 1.2)
	n := 0
	for _, id := range c {
		if id == "cap" {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("a template over his block lists him %d times: %v", n, c)
	}
}

// Casualty removal: a slain mounted Captain leaves his whole block, and
// the unit closes up from the rear rank (In the First Rank!).
func TestSlotsByBaseSizeSlainCaptainLeavesHisBlockToTheRanks(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("cap", "mounted-captain"))}, target())
	u := s.unit("u")
	s.removeModel(u, "cap")
	s.fillGaps(u, false)
	if got := slotsOf(u, "cap"); len(got) != 0 {
		t.Fatalf("the slain captain still stands in %v", got)
	}
	if len(u.Ranks) != 2 || slices.Contains(u.Ranks[0], "") || slices.Contains(u.Ranks[1], "") {
		t.Fatalf("ranks %v: want two full ranks of five", u.Ranks)
	}
	mustBeValid(t, s)
}

// Joining a unit: the unit re-forms around a joining mounted Captain, who
// takes the front-rank slot nearest him and the one behind; the two
// swordsmen there step back to the rear.
func TestSlotsByBaseSizeJoiningCaptainTakesHisBlock(t *testing.T) {
	blue := []map[string]any{
		unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil),
		unitSpecOf("cap", "mounted-captain", 1, 1, [2]float64{26, 13}, 270, nil),
	}
	s := battle(t, nil, blue, target())
	openRemaining(t, s)
	apply(t, s, "blue", Join{Character: "cap", Unit: "u"})
	u := s.unit("u")
	got := slotsOf(u, "cap")
	if len(got) != 2 || got[0] != [2]int{0, 4} || got[1] != [2]int{1, 4} {
		t.Fatalf("the captain stands in %v; want file 4 (nearest him) of the first two ranks", got)
	}
	if len(u.Ranks) != 3 {
		t.Fatalf("ranks %v: the two displaced swordsmen should form a third rank", u.Ranks)
	}
	mustBeValid(t, s)
}

// Leaving a unit: the mounted Captain's block empties and the unit closes
// up behind him.
func TestSlotsByBaseSizeLeavingCaptainEmptiesHisBlock(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("cap", "mounted-captain"))}, target())
	openRemaining(t, s)
	u := s.unit("u")
	c := u.modelCentre("cap")
	to := c.Add(u.forward().Scale(5))
	apply(t, s, "blue", Leave{Unit: "u", Character: "cap", To: geom.Pt(round2(to.X), round2(to.Y))})
	u = s.unit("u")
	if len(slotsOf(u, "cap")) != 0 || len(u.Ranks) != 2 || slices.Contains(u.Ranks[1], "") {
		t.Fatalf("ranks %v after he left: want two full ranks of five", u.Ranks)
	}
	if lone := s.unit("cap"); lone == nil || lone.Base != [2]float64{1, 2} {
		t.Fatalf("he should stand alone on his own base: %+v", lone)
	}
	mustBeValid(t, s)
}

// Reform: the unit re-forms with his block kept whole, in the front rank.
func TestSlotsByBaseSizeReformKeepsHisBlock(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("cap", "mounted-captain"))}, target())
	openRemaining(t, s)
	apply(t, s, "blue", Reform{Unit: "u", Files: 4, Facing: 90})
	u := s.unit("u")
	got := slotsOf(u, "cap")
	if len(got) != 2 || got[0][0] != 0 || got[1][0] != 1 || got[0][1] != got[1][1] {
		t.Fatalf("after the reform he stands in %v", got)
	}
	mustBeValid(t, s)
}

// In the First Rank!: a reposition never splits his block; he keeps it
// (the reposition moves single slots).
func TestSlotsByBaseSizeRepositionKeepsHisBlockWhole(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("cap", "mounted-captain"))}, target())
	openRemaining(t, s)
	re := refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 1}}, Reposition: []Reposition{{Model: "cap", Rank: 0, File: 0}}}, CodeFirstRank)
	if re.Rule != ruleFirstRank || !strings.Contains(re.Message(), "base") {
		t.Fatalf("refused with %q: %s", re.Rule, re.Message())
	}
}

// The decoder refuses a mounted Captain standing in one slot of a unit
// on smaller bases: his block must match his base.
func TestDecodeRefusesABlockThatDoesNotMatchHisBase(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("cap", "mounted-captain"))}, target())
	u := s.unit("u")
	r, f, _ := u.slotOf("cap")
	u.Ranks[r+1][f] = u.Ranks[2][0]
	u.Ranks[2][0] = ""
	if u.Ranks[r+1][f] == "" {
		u.Ranks[r+1][f] = u.Ranks[2][4]
	}
	if err := s.validate(); err == nil || !strings.Contains(err.Error(), "cap") {
		t.Fatalf("validate: %v; want a refusal naming the captain", err)
	}
}

// In the First Rank!: a mounted Captain who overflowed behind a front rank
// full of models with the rule moves up, his whole block, when a front
// slot is vacated and no model with the rule standing in one slot is
// behind; the swordsman in his way takes the slot he leaves.
func TestSlotsByBaseSizeMountedCaptainMovesUpIntoAVacatedFrontSlot(t *testing.T) {
	spec := unitSpecOf("u", "swordsman", 13, 5, [2]float64{24, 10}, 90, chars("a", "captain", "b", "captain", "cap", "mounted-captain"))
	spec["command"] = []any{"champion", "standard", "musician"}
	s := battle(t, nil, []map[string]any{spec}, target())
	u := s.unit("u")
	if got := slotsOf(u, "cap"); len(got) != 2 || got[0][0] != 1 {
		t.Fatalf("setup: the mounted captain stands in %v; want an overflow block from the second rank", got)
	}
	_, f, _ := u.slotOf("a")
	s.removeModel(u, "a")
	s.fillGaps(u, false)
	if got := slotsOf(u, "cap"); len(got) != 2 || got[0] != [2]int{0, f} || got[1] != [2]int{1, f} {
		t.Fatalf("the mounted captain stands in %v; want file %d of the first two ranks", got, f)
	}
	if slices.Contains(u.Ranks[0], "") {
		t.Fatalf("front rank %v has a gap", u.Ranks[0])
	}
	mustBeValid(t, s)
}

// Reform: a formation narrower than a character's base is refused, and
// changes nothing (the winged hero's block is 2 files wide).
func TestSlotsByBaseSizeReformNarrowerThanHisBaseIsRefused(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 13, 5, [2]float64{24, 10}, 90, chars("hero", "winged-hero"))}, target())
	openRemaining(t, s)
	re := refused(t, s, "blue", Reform{Unit: "u", Files: 1, Facing: 90}, CodeMove)
	if re.Rule != ruleReform || !strings.Contains(re.Message(), "narrower than a character's base") {
		t.Fatalf("refused with %q: %s", re.Rule, re.Message())
	}
}

// Joining a unit: a character whose base is wider than the unit (the
// winged hero's 2-file block against a column 1 file wide) is refused,
// and a join naming a model to displace is refused for a character on a
// larger base (he takes the block nearest him).
func TestSlotsByBaseSizeJoinNeedsRoomForHisBlock(t *testing.T) {
	blue := []map[string]any{
		unitSpecOf("u", "swordsman", 5, 1, [2]float64{24, 10}, 90, map[string]any{"command": []any{"champion"}}),
		unitSpecOf("hero", "winged-hero", 1, 1, [2]float64{27, 8}, 90, nil),
		unitSpecOf("cap", "mounted-captain", 1, 1, [2]float64{21, 8}, 90, nil),
	}
	s := battle(t, nil, blue, target())
	openRemaining(t, s)
	re := refused(t, s, "blue", Join{Character: "hero", Unit: "u"}, CodeJoin)
	if re.Rule != ruleJoin || !strings.Contains(re.Message(), "at least 2 files wide") {
		t.Fatalf("refused with %q: %s", re.Rule, re.Message())
	}
	refused(t, s, "blue", Join{Character: "cap", Unit: "u", Displace: "u-champion"}, CodeJoin)
	apply(t, s, "blue", Join{Character: "cap", Unit: "u"})
	mustBeValid(t, s)
	if got := slotsOf(s.unit("u"), "cap"); len(got) != 2 || got[0] != [2]int{1, 0} {
		t.Fatalf("behind the champion's front rank the captain stands in %v; want ranks 1 and 2", got)
	}
}

// In the First Rank!, Characters with different sized bases: a character
// on a larger base left behind an emptied front slot, with no model
// standing in one slot to fill it, moves up with his whole base (a vortex
// collapsing on a hedge witch slew her in front of the mounted General who
// had joined her, and the General stayed two ranks back).
func TestFirstRankBlockMovesUpWhenAloneBehind(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("witch", "hedge-witch", 1, 1, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("red-captain", "mounted-captain", 1, 1, [2]float64{24, 40}, 270, nil)})
	u := s.unit("witch")
	u.Models = append(u.Models, Model{ID: "gen", Profile: "mounted-captain", Role: Character, Wounds: 2})
	u.Ranks = [][]string{{"witch"}, {"gen"}, {"gen"}}
	if err := s.validate(); err != nil {
		t.Fatal(err)
	}
	s.removeModel(u, "witch")
	s.fillGaps(u, true)
	if u.Ranks[0][0] != "gen" {
		t.Fatalf("ranks %v: the General stays behind the emptied front", u.Ranks)
	}
	if err := s.validate(); err != nil {
		t.Fatal(err)
	}
}

// Removing casualties, Characters with different sized bases: a unit whose
// last models standing in one slot are all in its front rank, beside a
// character whose base reaches into the second, closes up its front rank
// (the empty files go) instead of keeping a gap in front of an empty rank.
func TestFrontRankClosesUpBesideABlock(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("bows", "bowman", 4, 4, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("red-captain", "mounted-captain", 1, 1, [2]float64{24, 40}, 270, nil)})
	u := s.unit("bows")
	u.Models = append(u.Models, Model{ID: "gen", Profile: "mounted-captain", Role: Character, Wounds: 2})
	u.Files = 5
	u.Ranks = [][]string{{"bows-1", "bows-2", "gen", "bows-3", ""}, {"bows-4", "", "gen", "", ""}}
	s.removeModel(u, "bows-4")
	s.fillGaps(u, false)
	if err := s.validate(); err != nil {
		t.Fatalf("ranks %v: %v", u.Ranks, err)
	}
	if u.Files != 4 || u.Ranks[0][2] != "gen" {
		t.Fatalf("files %d, ranks %v", u.Files, u.Ranks)
	}
}
