package fantasy

import (
	"math"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Charge move (one wheel) (8th edition, "Move chargers"), and Moving
// through units. Blue's unit "u" is 5 swordsmen (M4) 5 wide on 1" bases,
// its front edge's centre at (24, 10), facing up the table (90°).

// skewed places red's bowmen with their front facing 300° — turned 30°
// from square to u — so that u, wheeling 30° left on its left front
// corner, then has ahead inches to go straight on, its front's centre
// off the middle of the bowmen's front by across inches (along the
// bowmen's front, to its left as u sees it: positive toward +x).
func skewed(ahead, across float64) (spec []map[string]any, mid geom.Point) {
	// After the 30° wheel about (21.5, 10), u's front centre stands at:
	at2 := geom.Pt(21.5, 10).Add(geom.Vec{X: 2.5}.Rotate(math.Pi / 6))
	fw1 := deg(120) // square to the bowmen's front
	tan := deg(30)  // along it
	mid = at2.Add(fw1.Scale(ahead)).Add(tan.Scale(-across))
	return []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{mid.X, mid.Y}, 300, nil)}, mid
}

// deg is the unit vector at a facing in degrees.
func deg(d float64) geom.Vec { return geom.FacingVec(d * math.Pi / 180) }

func chargeUnit(t *testing.T, s *State, faces ...int) []Event {
	t.Helper()
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	apply(t, s, "red", React{Reaction: "hold"})
	apply(t, s, "blue", EndCharges{})
	return apply(t, s, "blue", ChargeMove{Unit: "u"}, faces...)
}

func blueU() []map[string]any {
	return []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil)}
}

// The wheel's cost — the outside model's arc, 30° of a 5" front, 2.62" —
// counts towards the charge range: 6" straight on after it makes 8.62",
// beyond a range of 8 though the bowmen's nearest corner is only 6" away;
// a range of 9 reaches, and the charger ends square to their front.
func TestChargeWheelCountsTowardsTheRange(t *testing.T) {
	red, mid := skewed(6, 0)
	s := battle(t, nil, blueU(), red)
	if d := unitDist(s.unit("u"), s.unit("target")); d > 6.01 {
		t.Fatalf("setup: the bowmen are %.2f\" away, want about 6", d)
	}
	evs := chargeUnit(t, s, 2, 2) // M4 + 4 = 8
	if has(evs, "charged") || !has(evs, "charge-failed") {
		t.Fatalf("8\" should not cover 6\" and a 30° wheel of a 5\" front: %v", evs)
	}

	s = battle(t, nil, blueU(), red)
	evs = chargeUnit(t, s, 2, 3) // 9
	if !has(evs, "charged") {
		t.Fatalf("9\" should cover 6\" and the wheel (8.62\"): %v", evs)
	}
	for _, e := range evs {
		if e.What == "charge-roll" && !strings.Contains(e.Text, "8.62") {
			t.Fatalf("the roll should be measured against 8.62\": %q", e.Text)
		}
	}
	u := s.unit("u")
	if u.At.Dist(mid) > 1e-6 || math.Abs(math.Remainder(u.Facing-120, 360)) > 1e-6 {
		t.Fatalf("the charger ends at %v facing %.2f, want its front centred on the bowmen's at %v, facing 120", u.At, u.Facing, mid)
	}
	if !u.engaged() {
		t.Fatal("the charger is not in combat")
	}
}

// Maximise contact: when the wheel alone would leave the charger 2" off
// the middle of the front it charges, it first moves straight on — 4", as
// the wheel then turns it 30° — so that its whole front ends in contact.
// The charge distance is 4 + 2.62 + (8 − 4·cos 30°) = 11.15".
func TestChargeMoveMaximisesContact(t *testing.T) {
	red, mid := skewed(8, -2)
	s := battle(t, nil, blueU(), red)
	evs := chargeUnit(t, s, 3, 4) // 11
	if has(evs, "charged") {
		t.Fatalf("11\" should fall short of 11.15\": %v", evs)
	}
	s = battle(t, nil, blueU(), red)
	evs = chargeUnit(t, s, 4, 4) // 12
	if !has(evs, "charged") {
		t.Fatalf("12\" should reach: %v", evs)
	}
	u := s.unit("u")
	if u.At.Dist(mid) > 1e-6 {
		t.Fatalf("the charger's front is centred at %v, want %v (its whole front in contact)", u.At, mid)
	}
	for _, e := range evs {
		if e.What == "charge-roll" && !strings.Contains(e.Text, `4.0" forward, 30° wheel left`) {
			t.Fatalf("the charge move should be 4\" forward then the wheel: %q", e.Text)
		}
	}
	// Every model of the charger's front rank touches the bowmen.
	x, _ := foeOf(s.unit("target"), nil)
	for f := range u.Files {
		if e, _ := touchedIn(u.baseAt(u.slotCentre(0, f)), &x); e == nil {
			t.Fatalf("front-rank file %d is not in contact", f)
		}
	}
}

// One wheel of at most 90°, then the door (Charge move (one wheel), 8th
// edition): a lone bowman off u's right front, facing 170°, would take a
// 100° wheel right to square up to; u wheels less than 90° towards him
// instead, moves on until its front corner meets his front, and closes the
// door — a free turn — to end square to him. Only the wheel and the
// straight moves count: 8.75", so a roll of 8 falls short and 9 reaches.
func TestChargeWheelAtMost90DegreesThenClosesTheDoor(t *testing.T) {
	red := []map[string]any{unitSpecOf("target", "bowman", 1, 1, [2]float64{30, 14}, 170, nil)}
	s := battle(t, nil, blueU(), red)
	u, tg := s.unit("u"), s.unit("target")
	p, err := s.chargePath(u, tg, tg.sideOf(u.centre()), u.ID)
	if err != nil {
		t.Fatalf("a charge needing more than 90° to square up may still wheel in and close the door: %v", err)
	}
	if p.door == 0 || math.Abs(math.Remainder(p.face-350, 360)) > 1e-6 {
		t.Fatalf("want a wheel in, a door closed and u square to the bowman (facing 350), got %s facing %.2f", p.describe(), p.face)
	}
	for _, l := range p.legs[:len(p.legs)-1] {
		if math.Abs(l.Wheel) > 90+1e-9 {
			t.Fatalf("the charge's one wheel is %.1f°, more than 90: %s", l.Wheel, p.describe())
		}
	}
	if math.Abs(p.cost-8.75) > 0.01 {
		t.Fatalf("the move costs %.3f\", want about 8.75: %s", p.cost, p.describe())
	}
	if evs := chargeUnit(t, s, 1, 3); has(evs, "charged") {
		t.Fatalf("8\" should fall short of %.2f\": %v", p.cost, evs)
	}
	s = battle(t, nil, blueU(), red)
	if evs := chargeUnit(t, s, 2, 3); !has(evs, "charged") {
		t.Fatalf("9\" should reach: %v", evs)
	}
	if u := s.unit("u"); math.Abs(math.Remainder(u.Facing-350, 360)) > 1e-6 || len(u.Engage) != 1 {
		t.Fatalf("u should end square to the bowman, facing 350, engaged with him: facing %.2f, engaged %v", u.Facing, u.Engage)
	}
}

// Charge move (one wheel) (8th edition): the charger brings as many
// models into contact as it can. u faces the bowmen square on, but only
// 0.4" of its front overlaps theirs: straight on, 6", one file would
// touch. Wheeling in and closing the door (7.92") brings its whole front
// into contact, so a roll of 8 does that; a roll of 6 reaches only
// straight on, and the charge goes in with the one file.
func TestChargeBringsAsManyModelsIntoContactAsItsRollAllows(t *testing.T) {
	red := []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{28.6, 16}, 270, nil)}
	for _, tc := range []struct {
		name  string
		dice  []int
		files int
	}{
		{"a roll of 8 wheels in: the whole front", []int{4, 4}, 5},
		{"a roll of 6 goes straight on: one file", []int{1, 1}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := battle(t, nil, blueU(), red)
			if evs := chargeUnit(t, s, tc.dice...); !has(evs, "charged") {
				t.Fatalf("the charge should reach: %v", evs)
			}
			u := s.unit("u")
			x, _ := foeOf(s.unit("target"), nil)
			in := 0
			for f := range u.Files {
				if e, _ := touchedIn(u.baseAt(u.slotCentre(0, f)), &x); e != nil {
					in++
				}
			}
			if in != tc.files || math.Abs(math.Remainder(u.Facing-90, 360)) > 1e-6 || math.Abs(u.At.Y-16) > 1e-6 {
				t.Fatalf("%d files in contact, facing %.2f, front at y=%.3f; want %d, square to the bowmen's front at y=16", in, u.Facing, u.At.Y, tc.files)
			}
		})
	}
}

// Moving through units: a unit between the charger and its target bars
// the charge; a Remaining Move may not pass through a unit even when it
// ends clear of it, and a flyer's flying move passes over.
func TestMovesMayNotPassThroughUnits(t *testing.T) {
	friend := unitSpecOf("f", "swordsman", 5, 5, [2]float64{24, 14}, 90, nil)
	// One model: the bowmen on either side of it stay in sight (Line of
	// sight: a unit as wide as u would hide them), but it stands in the
	// charge's way.
	post := unitSpecOf("f", "swordsman", 1, 1, [2]float64{24, 14}, 90, nil)
	s := battle(t, nil, append(blueU(), post), ahead(8))
	re := refused(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"}, CodeCharge)
	if re.Rule != ruleThrough || !strings.Contains(re.Message(), "through f") {
		t.Fatalf("refused with %q: %s; want %q naming f", re.Rule, re.Message(), ruleThrough)
	}

	far := []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{5, 44}, 270, nil)}
	s = battle(t, nil, append(blueU(), friend), far)
	apply(t, s, "blue", EndCharges{})
	march := Move{Unit: "u", March: true, Legs: []Leg{{Forward: 8}}} // ends 2" clear of f, beyond it
	re = refused(t, s, "blue", march, CodeMove)
	if re.Rule != ruleThrough || !strings.Contains(re.Message(), "through f") {
		t.Fatalf("refused with %q: %s; want %q naming f", re.Rule, re.Message(), ruleThrough)
	}

	harpies := []map[string]any{unitSpecOf("u", "harpy", 5, 5, [2]float64{24, 10}, 90, nil), unitSpecOf("f", "swordsman", 5, 5, [2]float64{24, 15}, 90, nil)}
	s = battle(t, nil, harpies, far)
	apply(t, s, "blue", EndCharges{})
	walk := Move{Unit: "u", March: true, Legs: []Leg{{Forward: 8}}}
	if re := refused(t, s, "blue", walk, CodeMove); re.Rule != ruleThrough {
		t.Fatalf("marching through f on foot refused with %q, want %q", re.Rule, ruleThrough)
	}
	apply(t, s, "blue", Move{Unit: "u", Fly: true, Legs: []Leg{{Forward: 10}}})
}

// Failed charges (8th edition): whether it wheels round a unit in its way
// or stops short of it, a failed charge never ends on top of it.
func TestFailedChargeStopsShortOfAUnitInTheWay(t *testing.T) {
	// A column to the right of the straight charge, but in the way of the
	// failed charge's slant towards the bowmen's centre.
	friend := unitSpecOf("f", "swordsman", 5, 1, [2]float64{27.8, 14}, 90, nil)
	red := []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{27, 20}, 270, nil)}
	s := battle(t, nil, append(blueU(), friend), red)
	evs := chargeUnit(t, s, 1, 4)
	if !has(evs, "charge-failed") {
		t.Fatalf("4 + 5 = 9 should fail against 10\": %v", evs)
	}
	u, f := s.unit("u"), s.unit("f")
	if fp, ffp := u.footprint(), f.footprint(); overlaps(fp[:], ffp[:], passTol) {
		t.Fatalf("the failed charge ended overlapping f: u at %v", u.At)
	}
}

// Moving through units: a character leaving his unit walks round another
// unit, not through it.
func TestLeavingMayNotPassThroughUnits(t *testing.T) {
	blue := []map[string]any{
		unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("c1", "captain")),
		unitSpecOf("f", "swordsman", 5, 5, [2]float64{24, 12}, 90, nil),
	}
	far := []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{5, 44}, 270, nil)}
	s := battle(t, nil, blue, far)
	apply(t, s, "blue", EndCharges{})
	// Straight ahead through f to 2" beyond it: within his 4", clear at the end.
	r, f, _ := s.unit("u").slotOf("c1")
	from := s.unit("u").slotCentre(r, f)
	to := geom.Pt(from.X, 13.5)
	if from.Dist(to) > 4 {
		t.Fatalf("setup: %v to %v is beyond his Movement", from, to)
	}
	re := refused(t, s, "blue", Leave{Unit: "u", Character: "c1", To: to}, CodeMove)
	if re.Rule != ruleThrough || !strings.Contains(re.Message(), "through f") {
		t.Fatalf("refused with %q: %s; want %q naming f", re.Rule, re.Message(), ruleThrough)
	}
}

// Impassable terrain bars a charge move across it as a unit does: a crag
// in the way of u's right-hand file, clear of its line of sight.
func TestChargeMayNotCrossImpassableTerrain(t *testing.T) {
	s := battle(t, nil, blueU(), ahead(8))
	s.Terrain = []Piece{box("the crag", Impassable, 26, 13, 27, 14)}
	re := refused(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"}, CodeCharge)
	if re.Rule != ruleImpassable || !strings.Contains(re.Message(), "the crag") {
		t.Fatalf("refused with %q: %s; want %q naming the crag", re.Rule, re.Message(), ruleImpassable)
	}
	s.Terrain = []Piece{box("the crag", Impassable, 26.6, 13, 27.6, 14)} // just clear of u's block
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
}

// Charging out of a unit, with a character on a larger base than his
// unit's: a mounted captain (M8, 1" by 2") in the front rank of swordsmen
// on 1" bases measures his charge and the gap his failed charge leaves
// from his own base. Rolling 1, 1 and 2 (Swiftstride: 8 + 1 + 2 = 11"
// against 18") he moves the highest die, 2", straight on: his 2"-deep
// base's rear edge is then level with the front of his unit, not 1" clear
// of it (a 1" slot would be) — he stays in it, and the unit counts as
// having failed a charge.
func TestChargeOutMeasuresTheCharactersOwnBase(t *testing.T) {
	unit := []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, chars("rider", "mounted-captain"))}
	s := battle(t, nil, unit, ahead(18))
	if r, f, _ := s.unit("u").slotOf("rider"); r != 0 || f != 2 {
		t.Fatalf("setup: rider in slot (%d, %d), want the middle of the front rank", r, f)
	}
	evs := chargeOut(t, s, "rider", "hold", 1, 1, 2) // Swiftstride: the best two of 3D6
	if !has(evs, "charge-failed") || s.unit("rider") != nil || !s.unit("u").Flags.FailedCharge {
		t.Fatalf("rider should stay in u, which failed a charge: %v", evs)
	}
}

// Fly: a flying charge passes over units and terrain in its way, as a
// flying move does; only a charge on the ground is barred by them
// (Moving through units).
func TestFlyingChargePassesOverUnits(t *testing.T) {
	harpies := []map[string]any{unitSpecOf("u", "harpy", 5, 5, [2]float64{24, 10}, 90, nil),
		unitSpecOf("f", "swordsman", 5, 5, [2]float64{24, 14}, 90, nil)}
	s := battle(t, nil, harpies, ahead(8))
	s.Terrain = []Piece{box("the crag", Impassable, 26, 12, 27, 12.5)}
	evs := chargeUnit(t, s, 3, 3, 3) // 10 + 6 = 16
	if !has(evs, "charged") {
		t.Fatalf("the harpies should fly over f and the crag into the bowmen: %v", evs)
	}
}

// Fly: a flying charge passes over what is in its way but may not end on
// top of a unit or on impassable terrain.
func TestFlyingChargeMayNotEndOnAUnitOrImpassableTerrain(t *testing.T) {
	harpies := []map[string]any{unitSpecOf("u", "harpy", 5, 5, [2]float64{24, 10}, 90, nil)}
	red := append(ahead(8), unitSpecOf("g", "bowman", 1, 1, [2]float64{22, 16.5}, 270, nil))
	s := battle(t, nil, harpies, red)
	re := refused(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"}, CodeCharge)
	if re.Rule != ruleFly || !strings.Contains(re.Message(), "on top of g") {
		t.Fatalf("refused with %q: %s; want %q naming g", re.Rule, re.Message(), ruleFly)
	}

	s = battle(t, nil, harpies, ahead(8))
	s.Terrain = []Piece{box("the crag", Impassable, 23, 17.2, 24, 17.8)}
	re = refused(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"}, CodeCharge)
	if re.Rule != ruleImpassable || !strings.Contains(re.Message(), "the crag") {
		t.Fatalf("refused with %q: %s; want %q naming the crag", re.Rule, re.Message(), ruleImpassable)
	}
}

// Charge move (one wheel), closing the door (8th edition, "Move
// chargers"): u, already square to the bowmen's front but 2.2" off to its
// side (no part of its front faces theirs), wheels right towards them,
// moves on until its front corner meets their front, and closes the door —
// the free turn that squares it up to them after contact. The charge is
// offered in the menu and ends with u square to the bowmen's front, in
// contact with it.
func TestChargeWheelsInWhenSquareButOffset(t *testing.T) {
	red := []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{31.2, 16}, 270, nil)}
	s := battle(t, nil, blueU(), red)
	legal, _ := legalOptions(s, "blue")
	if !hasAction(legal, rules.Action(DeclareCharge{Unit: "u", Target: "target"})) {
		_, _, err := s.checkCharge(DeclareCharge{Unit: "u", Target: "target"})
		t.Fatalf("the menu leaves out u's charge on the bowmen: %v", err)
	}
	// The move is about 10.2": a 71° wheel of a 5" front (6.2") and 4"
	// on. A range of 10 falls short; 11 reaches, as the door's own 71°
	// turn is free (counted, it would make the move over 16").
	if evs := chargeUnit(t, s, 3, 3); has(evs, "charged") || !has(evs, "charge-failed") {
		t.Fatalf("10\" should fall short of the wheel and the move on: %v", evs)
	}
	s = battle(t, nil, blueU(), red)
	evs := chargeUnit(t, s, 4, 3)
	if !has(evs, "charged") {
		t.Fatalf("11\" should wheel in and close the door: %v", evs)
	}
	u := s.unit("u")
	if math.Abs(math.Remainder(u.Facing-90, 360)) > 1e-6 {
		t.Fatalf("u ends facing %.3f, want 90 (square to the bowmen's front)", u.Facing)
	}
	if math.Abs(u.At.Y-16) > 1e-6 {
		t.Fatalf("u's front ends at y=%.4f, want 16 (on the bowmen's front)", u.At.Y)
	}
	x, _ := foeOf(s.unit("target"), nil)
	in := 0
	for f := range u.Files {
		if e, _ := touchedIn(u.baseAt(u.slotCentre(0, f)), &x); e != nil {
			in++
		}
	}
	if in == 0 {
		t.Fatal("no model of u's front rank touches the bowmen")
	}
	for _, e := range evs {
		if e.What == "charge-roll" && !strings.Contains(e.Text, "closes the door") {
			t.Fatalf("the charge move should say it closes the door: %q", e.Text)
		}
	}
}

// Closing the door (Charge move (one wheel)) works to either hand: bowmen
// off u's right front are met by a wheel right and the door closes
// leftwards on u's front-left corner; off its left, the mirror image. Only
// the wheel and the straight moves count: the door's turn is free.
func TestChargeClosesTheDoorEitherWay(t *testing.T) {
	for _, tc := range []struct {
		name  string
		x     float64
		wheel float64 // the sign of the wheel towards the bowmen
	}{
		{"off the right", 31.2, -1},
		{"off the left", 16.8, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := battle(t, nil, blueU(), []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{tc.x, 16}, 270, nil)})
			u, tg := s.unit("u"), s.unit("target")
			p, err := s.chargePath(u, tg, tg.sideOf(u.centre()), u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if p.door == 0 || len(p.legs) < 2 {
				t.Fatalf("want a wheel in and a door closed, got %s", p.describe())
			}
			wheel := p.legs[len(p.legs)-3].Wheel
			if math.Copysign(1, wheel) != tc.wheel || math.Abs(wheel+p.door) > 1e-9 {
				t.Fatalf("wheel %.2f then door %.2f: want a wheel towards the bowmen undone by the door", wheel, p.door)
			}
			var moved float64
			c := *u
			for _, l := range p.legs[:len(p.legs)-1] {
				moved += c.step(l)
			}
			if math.Abs(moved-p.cost) > 1e-9 {
				t.Fatalf("the move costs %.4f\", want %.4f\" (the wheel and straight moves, the door free)", p.cost, moved)
			}
			if math.Abs(p.at.Y-16) > 1e-6 || math.Abs(p.at.X-tc.x) > 1e-3 || math.Abs(math.Remainder(p.face-90, 360)) > 1e-6 {
				t.Fatalf("u ends at %v facing %.2f, want its front on the bowmen's at (%.1f, 16), facing 90", p.at, p.face, tc.x)
			}
		})
	}
}

// The charge's log sentence names only legs a player could measure: a
// nudge of a few thousandths of an inch before the wheel is not printed
// as 0.0" forward (Charge move (one wheel), 8th edition).
func TestDescribeLegsLeavesOutNudges(t *testing.T) {
	for _, c := range []struct {
		legs []Leg
		want string
	}{
		{nil, "no move"},
		{[]Leg{{Forward: 0.002}, {Wheel: 20}, {Forward: 3}}, `20° wheel left, 3.0" forward`},
		{[]Leg{{Wheel: -0.2}, {Forward: 4.5}}, `4.5" forward`},
		{[]Leg{{Backward: 2}, {Wheel: -35}}, `2.0" backward, 35° wheel right`},
		{[]Leg{{Forward: 0.001}}, "a move too small to measure"},
	} {
		if got := describeLegs(c.legs); got != c.want {
			t.Errorf("describeLegs(%+v) = %q, want %q", c.legs, got, c.want)
		}
	}
}
