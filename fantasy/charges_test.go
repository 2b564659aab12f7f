package fantasy

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Acceptance tests T30–T37 (Charging out of a unit) and T38–T44 (charges
// and movement). Blue's unit "u" faces up the table (facing 90) with its
// front edge at y = 10; red's target stands dead ahead, facing it, at the
// distance each test needs (1" bases).

// ahead is a red unit of 10 bowmen whose front edge is d inches ahead of
// blue's front edge at y = 10.
func ahead(d float64) []map[string]any {
	return []map[string]any{unitSpecOf("target", "bowman", 10, 5, [2]float64{24, 10 + d}, 270, nil)}
}

// chargeOut declares the charge of character ch out of u, holds, ends the
// declarations and moves the charge with the dice given.
func chargeOut(t *testing.T, s *State, ch string, reaction string, faces ...int) []Event {
	t.Helper()
	apply(t, s, "blue", DeclareCharge{Unit: "u", Character: ch, Target: "target"})
	apply(t, s, "red", React{Reaction: reaction})
	apply(t, s, "blue", EndCharges{})
	return apply(t, s, "blue", ChargeMove{Unit: "u"}, faces...)
}

func has(evs []Event, what string) bool {
	return slices.ContainsFunc(evs, func(e Event) bool { return e.What == what })
}

func TestT30ChargeOutBarsTheUnitAndItsCharacters(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("c1", "captain", "c2", "captain"))}, ahead(8))
	apply(t, s, "blue", DeclareCharge{Unit: "u", Character: "c1", Target: "target"})
	apply(t, s, "red", React{Reaction: "hold"})
	for _, a := range []DeclareCharge{{Unit: "u", Target: "target"}, {Unit: "u", Character: "c2", Target: "target"}} {
		if re := refused(t, s, "blue", a, CodeCharge); re.Rule != ruleChargeOut {
			t.Fatalf("%+v refused citing %q, want %q", a, re.Rule, ruleChargeOut)
		}
	}
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", ChargeMove{Unit: "u"}, 6, 6)
	apply(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 2}}})
}

func TestT31ChargeOutUsesTheCharactersMovement(t *testing.T) {
	unit := []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("hero", "fleet-captain"))}
	s := battle(t, nil, unit, ahead(12))
	evs := chargeOut(t, s, "hero", "hold", 3, 4)
	if !has(evs, "charged") {
		t.Fatalf("M5 + 3 + 4 = 12 should reach a target 12\" away: %v", evs)
	}
	s = battle(t, nil, unit, ahead(12.5))
	evs = chargeOut(t, s, "hero", "hold", 3, 4)
	if has(evs, "charged") || !has(evs, "charge-failed") {
		t.Fatalf("12 should not reach 12.5\": %v", evs)
	}
}

func TestT32FlyingChargeOut(t *testing.T) {
	unit := []map[string]any{unitSpecOf("u", "rider", 10, 5, [2]float64{24, 10}, 90, chars("hero", "winged-hero"))}
	s := battle(t, nil, unit, ahead(18))
	evs := chargeOut(t, s, "hero", "hold", 1, 3, 5)
	for _, e := range evs {
		if e.What == "charge-roll" && e.Value != 18 {
			t.Fatalf("flying charge range %v, want 10 + 3 + 5 = 18", e.Value)
		}
	}
	if !has(evs, "charged") {
		t.Fatalf("18\" should reach 18\": %v", evs)
	}
}

func TestT33StandAndShootAtACharacterChargingOut(t *testing.T) {
	unit := []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))}
	// 10 bowmen 8" away: BS3 needs 4+, -1 for standing and shooting: 5+.
	shots := []int{6, 6, 6, 1, 1, 1, 1, 1, 1, 1}
	s := battle(t, nil, unit, ahead(8))
	apply(t, s, "blue", DeclareCharge{Unit: "u", Character: "captain", Target: "target"})
	evs := apply(t, s, "red", React{Reaction: "stand-and-shoot"}, append(shots, 1, 1, 1)...)
	if per := allocated(t, evs); per["captain"] != 3 {
		t.Fatalf("seed: %v, want all 3 hits on the Captain", per)
	}
	s = battle(t, map[string]string{"fantasy-look-out": "8th"}, unit, ahead(8))
	apply(t, s, "blue", DeclareCharge{Unit: "u", Character: "captain", Target: "target"})
	// Look Out Sir! 4, 4, 1: two hits pass to the unit he left.
	evs = apply(t, s, "red", React{Reaction: "stand-and-shoot"}, append(shots, 4, 4, 1, 1, 1, 1)...)
	per := allocated(t, evs)
	if per["captain"] != 1 || rfHits(s.unit("u"), per) != 2 {
		t.Fatalf("8th: %v, want the Captain 1 and the unit 2", per)
	}
}

func TestT34SuccessfulChargeOut(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 12, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))}, ahead(8))
	_, f, _ := s.unit("u").slotOf("captain")
	evs := chargeOut(t, s, "captain", "hold", 4, 4)
	u, c, tg := s.unit("u"), s.unit("captain"), s.unit("target")
	if !has(evs, "charged") || u.model("captain") != nil || c == nil {
		t.Fatalf("the Captain should have left his unit: %v", evs)
	}
	if d := rectDist(c.footprint(), tg.footprint()); d > 1e-6 || !slices.Contains(c.Engage, "target") {
		t.Fatalf("the Captain is %v\" from his target, engaged %v", d, c.Engage)
	}
	if m := u.model(u.Ranks[0][f]); m == nil || m.Role != RankAndFile {
		t.Fatalf("front rank %v: his slot should be filled from the rear", u.Ranks[0])
	}
}

func TestT35FailedChargeOutFromTheFrontRankLeaves(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))}, ahead(14))
	before := s.unit("u").slotCentre(0, 2)
	evs := chargeOut(t, s, "captain", "hold", 2, 5)
	c := s.unit("captain")
	if c == nil || s.unit("u").Flags.FailedCharge || !has(evs, "charge-failed") {
		t.Fatalf("the Captain should stand alone 5\" ahead and the unit not be flagged: %v", evs)
	}
	if d := c.centre().Dist(before); math.Abs(d-5) > 1e-9 {
		t.Fatalf("the Captain moved %v\", want 5 (the highest die)", d)
	}
	// His 1"-deep base now stands 4" clear of his neighbours' bases (the
	// brief's "gap of 5\"" counts the move): 1" or more either way.
	for _, e := range evs {
		if e.What == "charge-failed" && e.Value != 4 {
			t.Fatalf("gap %v, want 4 base to base", e.Value)
		}
	}
}

func TestT36FailedChargeOutFromRankTwoStays(t *testing.T) {
	s := battle(t, nil, ruleUnit("c1", "captain", "c2", "captain", "c3", "captain"), ahead(14))
	if r, _, _ := s.unit("u").slotOf("c3"); r != 1 {
		t.Fatal("c3 should stand in rank 2")
	}
	evs := chargeOut(t, s, "c3", "hold", 1, 1)
	u := s.unit("u")
	if u.model("c3") == nil || !u.Flags.FailedCharge || !u.firstRankOK() || !has(evs, "charge-failed") {
		t.Fatalf("c3 should stay in the unit, which counts as having failed a charge: %v", evs)
	}
	refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 1}}}, CodeMove)
	refused(t, s, "blue", Leave{Unit: "u", Character: "c1", To: u.slotCentre(0, 0).Add(u.forward().Scale(3))}, CodeMove)
}

// The gap is measured base to base: a front-rank Captain on a 1"-deep
// base who moves 2" ends with his base exactly 1" from his neighbours'.
func TestT37GapOfExactlyOneInchLeaves(t *testing.T) {
	unit := []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))}
	s := battle(t, nil, unit, ahead(14))
	evs := chargeOut(t, s, "captain", "hold", 1, 2)
	for _, e := range evs {
		if e.What == "charge-failed" && e.Value != 1 {
			t.Fatalf("gap %v, want exactly 1", e.Value)
		}
	}
	if s.unit("captain") == nil || s.unit("u").model("captain") != nil || s.unit("u").Flags.FailedCharge {
		t.Fatal("a gap of exactly 1\" is \"1 inch or more\": the Captain leaves")
	}
	// Moving 1" leaves his base touching his neighbours' corners: he stays.
	s = battle(t, nil, unit, ahead(14))
	chargeOut(t, s, "captain", "hold", 1, 1)
	if s.unit("u").model("captain") == nil || !s.unit("u").Flags.FailedCharge {
		t.Fatal("a gap under 1\": the Captain stays and the unit counts as having failed a charge")
	}
}

// charge declares u's charge on the target, with a reaction, and moves it.
func charge(t *testing.T, s *State, reaction string, react []int, faces ...int) []Event {
	t.Helper()
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	apply(t, s, "red", React{Reaction: reaction}, react...)
	apply(t, s, "blue", EndCharges{})
	return apply(t, s, "blue", ChargeMove{Unit: "u"}, faces...)
}

func TestT38ChargeRangeIsMovementPlusTwoDice(t *testing.T) {
	unit := []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)}
	s := battle(t, nil, unit, ahead(11))
	if evs := charge(t, s, "hold", nil, 3, 4); !has(evs, "charged") {
		t.Fatalf("11\" against 11.0\" succeeds: %v", evs)
	}
	s = battle(t, nil, unit, ahead(11.1))
	at := s.unit("u").At
	evs := charge(t, s, "hold", nil, 3, 4)
	if has(evs, "charged") || !s.unit("u").Flags.FailedCharge {
		t.Fatalf("11\" against 11.1\" fails: %v", evs)
	}
	if d := s.unit("u").At.Dist(at); math.Abs(d-4) > 1e-9 {
		t.Fatalf("the failed charge moved %v\", want 4 (the highest die)", d)
	}
}

func TestT39StandAndShootNeedsMoreThanTheChargersMovement(t *testing.T) {
	unit := []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)}
	s := battle(t, nil, unit, ahead(4))
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	legal, _ := legalOptions(s, "red")
	if hasAction(legal, rules.Action(React{Reaction: "stand-and-shoot"})) {
		t.Fatal("a charger 4\" away with M4: Stand & Shoot must not be offered")
	}
	refused(t, s, "red", React{Reaction: "stand-and-shoot"}, CodeCharge)
	s = battle(t, nil, unit, ahead(4.5))
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	legal, _ = legalOptions(s, "red")
	if !hasAction(legal, rules.Action(React{Reaction: "stand-and-shoot"})) {
		t.Fatal("from 4.5\" Stand & Shoot is offered")
	}
	evs := apply(t, s, "red", React{Reaction: "stand-and-shoot"}, ones(10)...)
	for _, e := range evs {
		if e.What == "stand-and-shoot" && !strings.Contains(e.Text, "needing 5+ -1 stand and shoot") {
			t.Fatalf("%q: BS3 at -1 needs 5+", e.Text)
		}
	}
}

func TestT40FleeingOutOfReachFailsTheCharge(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)}, ahead(6))
	before := s.unit("target").centre()
	from := s.unit("u").centre()
	evs := charge(t, s, "flee", []int{6, 6}, 1, 1)
	tg := s.unit("target")
	away := before.Sub(from).Unit()
	if moved := tg.centre().Sub(before); math.Abs(moved.Len()-12) > 1e-9 || moved.Unit().Dot(away) < 1-1e-9 {
		t.Fatalf("the fleeing unit moved %v, want 12\" directly away from the charger", moved)
	}
	if has(evs, "charged") || !has(evs, "charge-failed") {
		t.Fatalf("M4 + 2 cannot reach the fled unit: %v", evs)
	}
}

func TestT41MarchBlockedByANearEnemy(t *testing.T) {
	blue := []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, nil)}
	// An enemy 7" to the unit's left, not in its way.
	red := []map[string]any{unitSpecOf("target", "swordsman", 5, 5, [2]float64{12.5, 10}, 90, nil)}
	s := battle(t, nil, blue, red)
	openRemaining(t, s)
	refused(t, s, "blue", Move{Unit: "u", March: true, Legs: []Leg{{Forward: 9}}}, CodeMove)
	evs := apply(t, s, "blue", Move{Unit: "u", March: true, Legs: []Leg{{Forward: 4}}}, 6, 6)
	if !has(evs, "march-test") || !s.unit("u").Flags.Marched {
		t.Fatalf("the march needs a Leadership test, and a failed one still counts as marching: %v", evs)
	}
	if d := s.unit("u").At.Y - 10; math.Abs(d-4) > 1e-9 {
		t.Fatalf("moved %v\", want 4", d)
	}
	apply(t, s, "blue", EndMovement{})
	refused(t, s, "blue", Shoot{Unit: "u", Target: "target"}, CodeShoot)
	// A failed test with a longer march: at most 4", so the unit stays.
	s = battle(t, nil, blue, red)
	openRemaining(t, s)
	apply(t, s, "blue", Move{Unit: "u", March: true, Legs: []Leg{{Forward: 8}}}, 6, 6)
	if d := s.unit("u").At.Y - 10; d > 4 {
		t.Fatalf("moved %v\" after a failed march test", d)
	}
	// With no enemy within 8" there is no test (no dice).
	red[0]["at"] = []any{6.0, 10.0}
	s = battle(t, nil, blue, red)
	openRemaining(t, s)
	apply(t, s, "blue", Move{Unit: "u", March: true, Legs: []Leg{{Forward: 8}}})
}

func TestT42Reform(t *testing.T) {
	blue := []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, nil)}
	s := battle(t, nil, blue, target())
	openRemaining(t, s)
	old := s.unit("u").clone()
	apply(t, s, "blue", Reform{Unit: "u", Files: 2, Facing: 0})
	u := s.unit("u")
	if u.centre().Dist(old.centre()) > 1e-9 {
		t.Fatal("the centre moved")
	}
	for _, m := range u.Models {
		r0, f0, _ := old.slotOf(m.ID)
		r1, f1, _ := u.slotOf(m.ID)
		if d := old.slotCentre(r0, f0).Dist(u.slotCentre(r1, f1)); d > 8 {
			t.Fatalf("%s travelled %v\", more than 8", m.ID, d)
		}
	}
	refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 1}}}, CodeMove)
	apply(t, s, "blue", EndMovement{})
	refused(t, s, "blue", Shoot{Unit: "u", Target: "target"}, CodeShoot)
	// A line of 20 turned into a column of one: the end models would
	// travel more than 8".
	s = battle(t, nil, []map[string]any{unitSpecOf("u", "bowman", 20, 20, [2]float64{24, 10}, 90, nil)}, target())
	openRemaining(t, s)
	refused(t, s, "blue", Reform{Unit: "u", Files: 1, Facing: 90}, CodeMove)
}

func TestT43BackwardsAtHalfRateUnmixed(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)}, target())
	openRemaining(t, s)
	refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Backward: 2.5}}}, CodeMove)
	re := refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 1}, {Backward: 1}}}, CodeMove)
	if re.Rule != ruleBackward {
		t.Fatalf("cites %q", re.Rule)
	}
	apply(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Backward: 2}}})
	if d := 10 - s.unit("u").At.Y; math.Abs(d-2) > 1e-9 {
		t.Fatalf("moved back %v\"", d)
	}
}

func TestT44Joining(t *testing.T) {
	blue := []map[string]any{
		unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil),
		unitSpecOf("captain", "captain", 1, 1, [2]float64{24, 12.5}, 90, nil),
	}
	s := battle(t, nil, blue, target())
	openRemaining(t, s)
	apply(t, s, "blue", Join{Character: "captain", Unit: "u"})
	refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 1}}}, CodeMove)
	re := refused(t, s, "blue", Leave{Unit: "u", Character: "captain", To: s.unit("u").At.Add(s.unit("u").forward().Scale(3))}, CodeJoin)
	if re.Rule != ruleLeave {
		t.Fatalf("cites %q", re.Rule)
	}
	// Units a character may not join: monsters, chariots, swarms, war
	// machines, flyers.
	for _, p := range []string{"wyrm", "war-wagon", "rat-swarm", "stone-thrower", "harpy"} {
		blue := []map[string]any{
			unitSpecOf("u", p, 1, 1, [2]float64{24, 10}, 90, nil),
			unitSpecOf("captain", "captain", 1, 1, [2]float64{27.5, 8}, 90, nil),
		}
		s := battle(t, nil, blue, target())
		openRemaining(t, s)
		refused(t, s, "blue", Join{Character: "captain", Unit: "u"}, CodeJoin)
	}
	// A fleeing unit (as a failed break test leaves it).
	s = battle(t, nil, blue, target())
	openRemaining(t, s)
	s.unit("u").Flags.Fleeing = true
	refused(t, s, "blue", Join{Character: "captain", Unit: "u"}, CodeJoin)
	// A unit in close combat, after a successful charge.
	blue[1]["at"] = []any{28.0, 9.5}
	s = battle(t, nil, blue, ahead(5))
	charge(t, s, "hold", nil, 6, 6)
	refused(t, s, "blue", Join{Character: "captain", Unit: "u"}, CodeJoin)
}

// Fly: a unit whose every model flies may fly its Remaining Move, 10" or
// 20" marching, whatever its Movement; a unit that cannot fly may not.
func TestFlyingMoveAndFlyingMarch(t *testing.T) {
	harpies := []map[string]any{unitSpecOf("harpies", "harpy", 3, 3, [2]float64{24, 4}, 90, nil),
		unitSpecOf("u", "swordsman", 5, 5, [2]float64{8, 4}, 90, nil)}
	s := battle(t, nil, harpies, target())
	openRemaining(t, s)
	// On the ground a harpy (M 4) marches 8".
	refused(t, s, "blue", Move{Unit: "harpies", March: true, Legs: []Leg{{Forward: 9}}}, CodeMove)
	refused(t, s, "blue", Move{Unit: "harpies", Fly: true, March: true, Legs: []Leg{{Forward: 20.5}}}, CodeMove)
	re := refused(t, s, "blue", Move{Unit: "u", Fly: true, Legs: []Leg{{Forward: 1}}}, CodeMove)
	if re.Rule != ruleFly {
		t.Fatalf("a unit without Fly flying cites %q", re.Rule)
	}
	legal, _ := legalOptions(s, "blue")
	if !strings.Contains(mustJSON(t, legal), `{"unit":"harpies","march":true,"fly":true,"legs":[{"forward":20}]}`) {
		t.Fatalf("the menu offers no flying march: %s", mustJSON(t, legal))
	}
	apply(t, s, "blue", Move{Unit: "harpies", Fly: true, March: true, Legs: []Leg{{Forward: 20}}})
	if d := s.unit("harpies").At.Y - 4; math.Abs(d-20) > 1e-9 || !s.unit("harpies").Flags.Marched {
		t.Fatalf("flew %v\", want a 20\" flying march", d)
	}
	s = battle(t, nil, harpies, target())
	openRemaining(t, s)
	refused(t, s, "blue", Move{Unit: "harpies", Fly: true, Legs: []Leg{{Forward: 10.5}}}, CodeMove)
	apply(t, s, "blue", Move{Unit: "harpies", Fly: true, Legs: []Leg{{Forward: 10}}})
	if d := s.unit("harpies").At.Y - 4; math.Abs(d-10) > 1e-9 {
		t.Fatalf("flew %v\", want 10\"", d)
	}
}

// Stand & Shoot (8th edition) is a shooting attack, and a unit shoots
// only at a target in its front arc: bowmen charged in the rear may not
// stand and shoot; charged in the front, they may.
func TestStandAndShootNeedsTheChargerInTheFrontArc(t *testing.T) {
	unit := []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)}
	// The bowmen face away from the swordsmen, their rear 14" ahead.
	s := battle(t, nil, unit, []map[string]any{unitSpecOf("target", "bowman", 10, 5, [2]float64{24, 26}, 90, nil)})
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	legal, _ := legalOptions(s, "red")
	if hasAction(legal, rules.Action(React{Reaction: "stand-and-shoot"})) {
		t.Fatal("a charger behind the bowmen: Stand & Shoot must not be offered")
	}
	re := refused(t, s, "red", React{Reaction: "stand-and-shoot"}, CodeCharge)
	if re.Rule != ruleShooting || !strings.Contains(re.Error(), "u is not in the front arc of target") {
		t.Fatalf("%v: want the Shooting rule naming the front arc", re)
	}
	apply(t, s, "red", React{Reaction: "hold"})
	// Facing the swordsmen, the same distance away: offered.
	s = battle(t, nil, unit, ahead(14))
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	legal, _ = legalOptions(s, "red")
	if !hasAction(legal, rules.Action(React{Reaction: "stand-and-shoot"})) {
		t.Fatal("a charger in front of the bowmen: Stand & Shoot is offered")
	}
}

// crossingHorde is a horde 27 files wide, 5" in front of a single file of
// bowmen at (24, 20) facing up the table, and off to their right: its
// front edge crosses the bowmen's front arc while its four corners and
// its centre all lie outside the arc.
func crossingHorde() map[string]any {
	return unitSpecOf("horde", "spearman", 27, 27, [2]float64{30.5, 25}, 270, nil)
}

// Shooting and Stand & Shoot (8th edition): a unit shoots at what is
// partly in its front arc, and "partly" is any part of the target's
// footprint, not only a corner or the centre. The table checks the arc
// test against footprints placed by hand: the crossing horde is in the
// arc by its front edge alone; a shorter line beside it is clear of the
// arc; a corner touching the arc's side line counts; a unit behind the
// front edge does not.
func TestFrontArcAnyPartOfTheFootprint(t *testing.T) {
	bowmen := &Unit{At: geom.Pt(24, 20), Facing: 90, Files: 1, Ranks: make([][]string, 3), Base: [2]float64{1, 1}}
	line := func(x, y, facing float64, files, ranks int) *Unit {
		return &Unit{At: geom.Pt(x, y), Facing: facing, Files: files, Ranks: make([][]string, ranks), Base: [2]float64{1, 1}}
	}
	for _, c := range []struct {
		name string
		u    *Unit
		want bool
	}{
		{"a horde crossing the arc by its front edge, corners and centre outside", line(30.5, 25, 270, 27, 1), true},
		{"a line of 10 to the right, clear of the arc", line(37, 25, 270, 10, 1), false},
		// The arc's right side line at 25" ahead is x = 24 + 0.5 + 5 = 29.5;
		// a unit facing right with its rear left corner exactly there.
		{"a corner on the arc's side line", line(34.5, 25, 0, 1, 5), true},
		{"a unit level with the bowmen, beside their flank", line(30, 18, 270, 3, 1), false},
		{"a unit behind the bowmen", line(24, 10, 90, 5, 1), false},
	} {
		if got := bowmen.partlyInFrontArc(c.u); got != c.want {
			t.Errorf("%s: partly in the front arc = %v, want %v", c.name, got, c.want)
		}
	}
	// The first case is the one corners and centre miss.
	h := line(30.5, 25, 270, 27, 1)
	fp := h.footprint()
	for _, c := range append(fp[:], h.centre()) {
		if bowmen.frontArc(c) {
			t.Fatalf("the crossing horde needs every corner and its centre outside the arc; %v is in it", c)
		}
	}
}

// Shooting (8th edition): bowmen may shoot at a horde whose front edge
// alone crosses their front arc (TestFrontArcAnyPartOfTheFootprint's
// crossing horde).
func TestShootingAtAHordeCrossingTheArcByAnEdge(t *testing.T) {
	bowmen := []map[string]any{unitSpecOf("u", "bowman", 3, 1, [2]float64{24, 20}, 90, nil)}
	s := battle(t, nil, bowmen, []map[string]any{crossingHorde()})
	openRemaining(t, s)
	apply(t, s, "blue", EndMovement{})
	evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "horde"}, ones(2)...)
	if !has(evs, "shot") {
		t.Fatalf("the bowmen shoot at the horde: %v", evs)
	}
}

// Stand & Shoot (8th edition): the charged unit stands and shoots at a
// charger partly in its front arc, any part of its footprint. The engine's
// charge move gives the crossing horde no path to the bowmen (its centre
// is outside their front arc, so it charges their flank, and its front is
// already past that flank), so the horde declares a charge from straight
// ahead and is then placed across the arc, to check the reaction's rule
// alone.
func TestStandAndShootAtAChargerCrossingTheArcByAnEdge(t *testing.T) {
	horde := crossingHorde()
	horde["id"] = "u"
	horde["at"] = []any{24.0, 25.0}
	bowmen := []map[string]any{unitSpecOf("target", "bowman", 3, 1, [2]float64{24, 20}, 90, nil)}
	s := battle(t, nil, []map[string]any{horde}, bowmen)
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	s.unit("u").At = geom.Pt(30.5, 25)
	legal, _ := legalOptions(s, "red")
	if !hasAction(legal, rules.Action(React{Reaction: "stand-and-shoot"})) {
		t.Fatalf("a charger crossing the front arc by an edge: Stand & Shoot is offered; menu %s", mustJSON(t, legal))
	}
	s.unit("u").At = geom.Pt(24, 10) // behind the bowmen, clear of the arc
	re := refused(t, s, "red", React{Reaction: "stand-and-shoot"}, CodeCharge)
	if re.Rule != ruleShooting || !strings.Contains(re.Error(), "not in the front arc of target") {
		t.Fatalf("%v: want the Shooting rule naming the front arc", re)
	}
}

// Charging out of a unit (8th edition): when only a character charges
// out, the unit he leaves has not charged — no charger's flag, so none of
// a charger's treatment (no −1 as a charger at a defended obstacle, no
// bar on its Remaining Move or its shooting); it is only barred from
// declaring a charge of its own. The captain, a unit of his own now, has
// charged.
func TestChargeOutLeavesTheUnitNotACharger(t *testing.T) {
	blue := []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, chars("captain", "captain"))}
	red := append(ahead(8), unitSpecOf("other", "spearman", 5, 5, [2]float64{38, 24}, 270, nil))
	s := battle(t, nil, blue, red)
	evs := chargeOut(t, s, "captain", "hold", 4, 4)
	if !has(evs, "charged") {
		t.Fatalf("the captain should reach the bowmen 8\" away with 4 + 4 + 4: %v", evs)
	}
	if u, c := s.unit("u"), s.unit("captain"); u.Flags.Charged || !u.Flags.NoCharge || !c.Flags.Charged {
		t.Fatalf("flags: unit %+v, captain %+v; want only the captain flagged as a charger", u.Flags, c.Flags)
	}
	apply(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 1}}})
	apply(t, s, "blue", EndMovement{})
	if evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "other"}, ones(10)...); !has(evs, "shot") {
		t.Fatalf("the unit the captain left may shoot: %v", evs)
	}
}
