package fantasy

import (
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/geom"
)

// Acceptance tests T14–T19 (templates and Look Out Sir!) and T20–T29
// (casualties and In the First Rank!).

// templateOn drops a round template on unit u, centred between the slots
// of rank r files f and f+1 and ranks r and r+1 when two ranks are asked
// for, and returns the models it covers.
func cornerOf(u *Unit, r, f int) geom.Point {
	a, b := u.slotCentre(r, f), u.slotCentre(r+1, f+1)
	return a.Add(b.Sub(a).Scale(0.5))
}

// fire lands a template covering the given models and returns the
// per-model hits; faces are every die it takes (Look Out Sir! first,
// then to wound).
func fire(t *testing.T, s *State, covered []string, faces ...int) map[string]int {
	t.Helper()
	s.Phase = PhaseShooting
	src := script(t, faces...)
	if err := s.templateHits(s.unit("u"), covered, 3, src); err != nil {
		t.Fatal(err)
	}
	if n := src.src.(interface{ Remaining() int }).Remaining(); n != 0 {
		t.Fatalf("%d dice left unused", n)
	}
	return allocated(t, s.stepped)
}

func lookOutRolled(s *State) bool {
	return slices.ContainsFunc(s.stepped, func(e Event) bool { return e.What == "look-out-sir" && len(e.Dice) > 0 })
}

func TestT14TemplateOnProtectedCaptainNoDice(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 6, 4, [2]float64{24, 10}, 90, chars("captain", "captain"))}, target())
	u := s.unit("u")
	covered := u.coveredBy(cornerOf(u, 0, 1), 0.9)
	if len(covered) != 4 || !slices.Contains(covered, "captain") {
		t.Fatalf("the template covers %v, want the Captain and 3 R&F", covered)
	}
	per := fire(t, s, covered, ones(4)...) // four to-wound dice, nothing else
	if per["captain"] != 0 || rfHits(u, per) != 4 || lookOutRolled(s) {
		t.Fatalf("Captain %d, R&F %d, look-out rolled %v; want 0, 4, no dice", per["captain"], rfHits(u, per), lookOutRolled(s))
	}
}

func TestT15TemplateOnUnprotectedCaptain(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 4, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))}, target())
	u := s.unit("u")
	covered := u.coveredBy(u.slotCentre(0, 2), 1.2) // the Captain in the centre and his two neighbours
	if len(covered) != 3 || !slices.Contains(covered, "captain") {
		t.Fatalf("covers %v", covered)
	}
	per := fire(t, s, covered, ones(3)...)
	if per["captain"] != 1 || rfHits(u, per) != 2 {
		t.Fatalf("Captain %d, R&F %d; want 1 and 2", per["captain"], rfHits(u, per))
	}
}

func TestT16TemplateOnOtherTypeCaptain(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 6, 7, [2]float64{24, 10}, 90, chars("captain", "mounted-captain"))}, target())
	u := s.unit("u")
	covered := u.coveredBy(u.slotCentre(0, 3).Add(u.right().Scale(0.5)), 0.4) // the Captain and the R&F on his right
	if len(covered) != 2 || !slices.Contains(covered, "captain") {
		t.Fatalf("covers %v", covered)
	}
	per := fire(t, s, covered, ones(2)...)
	if per["captain"] != 1 || rfHits(u, per) != 1 {
		t.Fatalf("Captain %d, R&F %d; want 1 and 1", per["captain"], rfHits(u, per))
	}
}

func TestT17LookOutSir8thRollsTwoPlus(t *testing.T) {
	spec := []map[string]any{unitSpecOf("u", "swordsman", 6, 7, [2]float64{24, 10}, 90, chars("captain", "captain"))}
	eighth := map[string]string{"fantasy-look-out": "8th"}
	s := battle(t, eighth, spec, target())
	per := fire(t, s, []string{"captain"}, 1, 1) // Look Out Sir! 1, then his to-wound roll
	if per["captain"] != 1 || !lookOutRolled(s) {
		t.Fatalf("a Look Out Sir! of 1: Captain %d (rolled %v), want hit", per["captain"], lookOutRolled(s))
	}
	s = battle(t, eighth, spec, target())
	per = fire(t, s, []string{"captain"}, 2, 1) // 2 passes: the R&F take it
	if per["captain"] != 0 || rfHits(s.unit("u"), per) != 1 {
		t.Fatalf("a Look Out Sir! of 2: Captain %d, R&F %d; want 0 and 1", per["captain"], rfHits(s.unit("u"), per))
	}
	// The page's reading: automatic, no die.
	s = battle(t, nil, spec, target())
	per = fire(t, s, []string{"captain"}, 1)
	if per["captain"] != 0 || lookOutRolled(s) {
		t.Fatalf("seed: Captain %d, rolled %v; want 0 and no roll", per["captain"], lookOutRolled(s))
	}
}

func TestT18ChampionDoesNotCountTowardsFive(t *testing.T) {
	spec := []map[string]any{unitSpecOf("u", "swordsman", 5, 6, [2]float64{24, 10}, 90,
		map[string]any{"command": []any{"champion"}, "characters": []any{map[string]any{"id": "captain", "profile": "captain"}}})}
	for _, reading := range []string{"8th", "seed"} {
		s := battle(t, map[string]string{"fantasy-look-out": reading}, spec, target())
		per := fire(t, s, []string{"captain"}, 1) // only his to-wound die
		if per["captain"] != 1 || lookOutRolled(s) {
			t.Fatalf("%s: Captain %d, rolled %v; want hit, no roll", reading, per["captain"], lookOutRolled(s))
		}
	}
}

func TestT19ChampionLookOutSirNeedsFiveRankAndFile(t *testing.T) {
	spec := func(models int) []map[string]any {
		return []map[string]any{unitSpecOf("u", "swordsman", models, models, [2]float64{24, 10}, 90,
			map[string]any{"command": []any{"champion", "standard", "musician"}})}
	}
	eighth := map[string]string{"fantasy-look-out": "8th"}
	s := battle(t, eighth, spec(6), target()) // 3 troopers + standard + musician
	per := fire(t, s, []string{"u-champion"}, 2, 1)
	if !lookOutRolled(s) || per["u-champion"] != 0 {
		t.Fatalf("5 R&F: rolled %v, champion %d; want a 2+ roll that passes", lookOutRolled(s), per["u-champion"])
	}
	s = battle(t, eighth, spec(5), target()) // 2 troopers + standard + musician
	per = fire(t, s, []string{"u-champion"}, 1)
	if lookOutRolled(s) || per["u-champion"] != 1 {
		t.Fatalf("4 R&F: rolled %v, champion %d; want no roll, champion hit", lookOutRolled(s), per["u-champion"])
	}
}

// wound lands n hits on the rank-and-file of u, all wounding and unsaved.
func wound(t *testing.T, s *State, direct map[string]int, pool int) {
	t.Helper()
	n := pool
	for _, k := range direct {
		n += k
	}
	faces := append(slices.Repeat([]int{6}, n), ones(n)...)
	if s.Phase == PhaseCharges {
		s.Phase = PhaseShooting
	}
	if err := s.resolveHits(s.unit("u"), direct, pool, 5, script(t, faces...), true); err != nil {
		t.Fatal(err)
	}
}

func count(rank []string) int {
	n := 0
	for _, id := range rank {
		if id != "" {
			n++
		}
	}
	return n
}

func TestT20CasualtiesFromTheRear(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 14, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))}, target())
	u := s.unit("u")
	front := slices.Clone(u.Ranks[0])
	if len(u.Ranks) != 3 || !slices.Contains(front, "captain") {
		t.Fatalf("ranks %v", u.Ranks)
	}
	wound(t, s, nil, 6)
	if len(u.Ranks) != 2 || count(u.Ranks[1]) != 4 || !slices.Equal(u.Ranks[0], front) {
		t.Fatalf("ranks after 6 casualties %v; want rank 3 gone, rank 2 of 4, rank 1 %v", u.Ranks, front)
	}
}

func TestT21SingleRankLosesBothEnds(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 7, 7, [2]float64{24, 10}, 90, nil)}, target())
	u := s.unit("u")
	ends := []string{u.Ranks[0][0], u.Ranks[0][6]}
	centre := u.centre()
	wound(t, s, nil, 2)
	if u.Files != 5 || len(u.Models) != 5 || u.model(ends[0]) != nil || u.model(ends[1]) != nil {
		t.Fatalf("files %d, ranks %v; want 5 with both ends %v removed", u.Files, u.Ranks, ends)
	}
	if u.centre().Dist(centre) > 1e-9 {
		t.Fatalf("centre moved from %v to %v", centre, u.centre())
	}
}

func TestT22CommandGroupRemovedLast(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90,
		map[string]any{"command": []any{"champion", "standard", "musician"}})}, target())
	wound(t, s, nil, 4)
	u := s.unit("u")
	if len(u.Models) != 1 || u.Models[0].Role != Champion {
		t.Fatalf("models left %+v; want the champion alone", u.Models)
	}
	var order []string
	for _, e := range s.stepped {
		if e.What == "casualties" {
			order = append(order, e.Text)
		}
	}
	if len(order) != 1 || order[0] != "u loses u-1, u-2, u-musician, u-standard" {
		t.Fatalf("removal %q; want the troopers, then the musician, then the standard bearer", order)
	}
}

// ruleUnit is a 5-wide unit with a full command group and the given
// characters, 10 rank-and-file behind.
func ruleUnit(characters ...string) []map[string]any {
	cs := chars(characters...)
	cs["command"] = []any{"champion", "standard", "musician"}
	return []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, cs)}
}

func frontRuleModels(u *Unit) (rule, rf int) {
	for _, id := range u.Ranks[0] {
		if m := u.model(id); m != nil && m.Role.firstRank() {
			rule++
		} else if m != nil {
			rf++
		}
	}
	return rule, rf
}

func TestT23SixRuleModelsInAFiveWideUnit(t *testing.T) {
	blue := append(ruleUnit("c1", "captain", "c2", "captain"), unitSpecOf("c3", "captain", 1, 1, [2]float64{24, 12.5}, 90, nil))
	for _, displace := range []string{"", "u-champion"} {
		s := battle(t, nil, blue, target())
		apply(t, s, "blue", EndCharges{})
		apply(t, s, "blue", Join{Character: "c3", Unit: "u", Displace: displace})
		u := s.unit("u")
		rule, rf := frontRuleModels(u)
		second := "c3"
		if displace != "" {
			second = displace
		}
		if rule != 5 || rf != 0 || !slices.Contains(u.Ranks[1], second) || !u.firstRankOK() {
			t.Fatalf("displace %q: ranks %v; want 5 rule-models in front and %s in rank 2", displace, u.Ranks, second)
		}
	}
}

func TestT24CharacterBehindMovesUp(t *testing.T) {
	s := battle(t, nil, ruleUnit("c1", "captain", "c2", "captain", "c3", "captain"), target())
	u := s.unit("u")
	if !slices.Contains(u.Ranks[1], "c3") {
		t.Fatalf("ranks %v: c3 should overflow into rank 2", u.Ranks)
	}
	_, f, _ := u.slotOf("c1")
	wound(t, s, map[string]int{"c1": 2}, 0)
	if u.Ranks[0][f] != "c3" {
		t.Fatalf("front rank %v: c3 should fill c1's slot %d", u.Ranks[0], f)
	}
	if rule, rf := frontRuleModels(u); rule != 5 || rf != 0 {
		t.Fatalf("front rank %v holds %d R&F", u.Ranks[0], rf)
	}
}

func TestT25RankAndFileFromTheRearFills(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 12, 5, [2]float64{24, 10}, 90, chars("c1", "captain"))}, target())
	u := s.unit("u")
	rear := count(u.Ranks[len(u.Ranks)-1])
	nranks := len(u.Ranks)
	_, f, _ := u.slotOf("c1")
	wound(t, s, map[string]int{"c1": 2}, 0)
	m := u.model(u.Ranks[0][f])
	if m == nil || m.Role != RankAndFile || len(u.Ranks) != nranks || count(u.Ranks[nranks-1]) != rear-1 {
		t.Fatalf("ranks %v: a rear-rank R&F should fill the front slot and the rear rank drop from %d to %d", u.Ranks, rear, rear-1)
	}
}

func TestT26OwnerChoosesWhoMovesUp(t *testing.T) {
	for _, who := range []string{"a", "b"} {
		s := battle(t, nil, ruleUnit("c1", "captain", "c2", "captain", "a", "captain", "b", "captain"), target())
		wound(t, s, map[string]int{"c1": 2}, 0)
		if p := s.Prompt(); p.Window != string(PhaseMoveUp) || !p.Waits("blue") {
			t.Fatalf("prompt %+v; want blue to name who moves up", p)
		}
		legal, greyed := legalOptions(s, "blue")
		if len(legal) != 2 || len(greyed) != 1 {
			t.Fatalf("menu %v, greyed %v", legal, greyed)
		}
		u := s.unit("u")
		rf := u.Ranks[len(u.Ranks)-1][0]
		re := refused(t, s, "blue", MoveUp{Model: rf}, CodeFirstRank)
		if re.Rule != ruleFirstRank {
			t.Fatalf("cites %q", re.Rule)
		}
		apply(t, s, "blue", MoveUp{Model: who})
		u = s.unit("u") // Apply replaces the units
		if r, _, _ := u.slotOf(who); r != 0 || s.Phase != PhaseShooting {
			t.Fatalf("%s in rank %d, phase %s", who, r, s.Phase)
		}
	}
}

// openRemaining puts blue in its Remaining Moves.
func openRemaining(t *testing.T, s *State) {
	t.Helper()
	apply(t, s, "blue", EndCharges{})
	if s.Phase != PhaseRemaining {
		t.Fatalf("phase %s", s.Phase)
	}
}

func TestT27RepositionCountsTowardsTheAdvance(t *testing.T) {
	spec := []map[string]any{unitSpecOf("u", "swordsman", 9, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))}
	s := battle(t, nil, spec, target())
	openRemaining(t, s)
	if _, f, _ := s.unit("u").slotOf("captain"); f != 2 {
		t.Fatalf("captain in file %d", f)
	}
	rp := []Reposition{{Model: "captain", Rank: 0, File: 0}} // 2" along the front rank
	refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 3}}, Reposition: rp}, CodeFirstRank)
	apply(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 2}}, Reposition: rp})
	if _, f, _ := s.unit("u").slotOf("captain"); f != 0 {
		t.Fatalf("captain in file %d, want 0", f)
	}
}

func TestT28RepositionCountsTowardsTheMarch(t *testing.T) {
	spec := []map[string]any{unitSpecOf("u", "swordsman", 13, 7, [2]float64{24, 10}, 90, chars("captain", "captain"))}
	s := battle(t, nil, spec, target())
	openRemaining(t, s)
	refused(t, s, "blue", Move{Unit: "u", March: true, Legs: []Leg{{Forward: 6}}, Reposition: []Reposition{{Model: "captain", File: 0}}}, CodeFirstRank)
	apply(t, s, "blue", Move{Unit: "u", March: true, Legs: []Leg{{Forward: 6}}, Reposition: []Reposition{{Model: "captain", File: 1}}})
}

func TestT29AutoRearrangementMovesOneNearestRankAndFile(t *testing.T) {
	blue := []map[string]any{
		unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil),
		unitSpecOf("captain", "captain", 1, 1, [2]float64{26.5, 11}, 90, nil), // beside the right end of the front rank
	}
	s := battle(t, nil, blue, target())
	openRemaining(t, s)
	u := s.unit("u")
	before := map[string][2]int{}
	for _, m := range u.Models {
		r, f, _ := u.slotOf(m.ID)
		before[m.ID] = [2]int{r, f}
	}
	nearest := u.Ranks[0][4]
	apply(t, s, "blue", Join{Character: "captain", Unit: "u"})
	u = s.unit("u") // Apply replaces the units
	var moved []string
	for _, m := range u.Models {
		r, f, _ := u.slotOf(m.ID)
		if b, ok := before[m.ID]; ok && b != [2]int{r, f} {
			moved = append(moved, m.ID)
		}
	}
	if len(moved) != 1 || moved[0] != nearest {
		t.Fatalf("moved %v; want exactly the nearest front R&F %s", moved, nearest)
	}
	if r, f, _ := u.slotOf("captain"); r != 0 || f != 4 {
		t.Fatalf("captain at (%d, %d), want the front slot (0, 4)", r, f)
	}
}
