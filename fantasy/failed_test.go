package fantasy

import (
	"math"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/geom"
)

// Failed charges (8th edition): the charger moves the highest die of its
// charge roll directly towards its target, wheeling round impassable
// terrain and units in its way by the shortest route; a flyer flies it
// (Fly), over what is in its way, ending clear of it.

// failedEvent is the charge-failed event among evs.
func failedEvent(t *testing.T, evs []Event) Event {
	t.Helper()
	for _, e := range evs {
		if e.What == "charge-failed" {
			return e
		}
	}
	t.Fatalf("no charge-failed event: %v", evs)
	return Event{}
}

// declared is s with u's charge on the target declared and held, ready
// for its charge move.
func declared(t *testing.T, s *State) *State {
	t.Helper()
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	apply(t, s, "red", React{Reaction: "hold"})
	apply(t, s, "blue", EndCharges{})
	return s
}

// routeCost is what legs cost u.
func routeCost(u *Unit, legs []Leg) float64 {
	c := *u
	sum := 0.0
	for _, l := range legs {
		sum += c.step(l)
	}
	return sum
}

// inTheWay is the setup of the failed charges that wheel round something:
// blue's swordsmen u (5 wide, front at y = 10) charge red's bowmen 12"
// ahead and to their right (centred at x = 27); straight ahead, the
// charge path is clear, but the move towards the bowmen's centre runs
// into the ground just beyond u's right front.
func inTheWay(t *testing.T, blue ...map[string]any) *State {
	red := []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{27, 22}, 270, nil)}
	return declared(t, battle(t, nil, append(blueU(), blue...), red))
}

// wheelsRound checks that u, rolling 1 and 6 (11", short of 12"), moves
// its whole highest die, 6", round what is in its way, and ends where the
// rule, worked out by hand, puts it.
//
// The bowmen's centre is 3" right of and 13" beyond u's centre (24, 9.5),
// a bearing of atan(3/13) = 12.99° to the right. Turning right wheels u on
// its right front corner (26.5, 10), 0.1" from what is in the way (x from
// 26.6, y from 10 to 15): the direct move runs into it at once. The
// detours (failed.go) turn aside from that bearing by 10°, 20°, 30°, 45°,
// 60° or 90°: 10° to the left still turns u 2.99° to the right, into the
// obstacle within 2"; 20° to the left turns it 7.01° to the left, away
// from the obstacle, and is the least turn that clears it, so it ends
// nearest the bowmen — going straight on for the rest (a wheel back to
// the right alongside the obstacle, which runs to y = 15, would run into
// it again). So u wheels 7.01° left on its left front corner (21.5, 10),
// which costs that arc of its 5" front, 0.61", and goes straight on for
// the other 5.39".
func wheelsRound(t *testing.T, s *State, what string) {
	t.Helper()
	u0, tg := *s.unit("u"), s.unit("target")
	bear := math.Atan2(3, 13) * 180 / math.Pi
	wheel := func(deg float64) (Leg, float64) { return Leg{Wheel: deg}, math.Abs(deg) * math.Pi / 180 * 5 }
	// The direct move (the wheel right to face the bowmen, then straight
	// on) runs into what is in the way.
	right, cost := wheel(-bear)
	direct := []Leg{right, {Forward: 6 - cost}}
	hit := s.through(&u0, direct, "u")
	if hit == "" {
		hit = s.ImpassableOnPath(&u0, direct)
	}
	if !strings.Contains(hit, what) {
		t.Fatalf("setup: the move straight towards the bowmen should run into %s, it meets %q", what, hit)
	}
	theta := 20 - bear // degrees to the left
	left, cost := wheel(theta)
	legs := []Leg{left, {Forward: 6 - cost}}
	rad := theta * math.Pi / 180
	fw := geom.Vec{X: -math.Sin(rad), Y: math.Cos(rad)}
	rt := geom.Vec{X: math.Cos(rad), Y: math.Sin(rad)}
	wantAt := geom.Pt(21.5, 10).Add(rt.Scale(2.5)).Add(fw.Scale(6 - cost))
	wantFacing := 90 + theta
	// The figures the comment above gives.
	if math.Abs(theta-7.005) > 1e-3 || math.Abs(cost-0.611) > 1e-3 {
		t.Fatalf("the hand-worked wheel is %.3f° costing %.3f\"", theta, cost)
	}

	e := failedEvent(t, apply(t, s, "blue", ChargeMove{Unit: "u"}, 1, 6))
	u := s.unit("u")
	if math.Abs(e.Value-6) > 1e-6 || !strings.Contains(e.Text, "wheel") {
		t.Fatalf("moved %v\", want the whole highest die, 6\", wheeling: %s", e.Value, e.Text)
	}
	if u.At.Dist(wantAt) > 1e-6 || math.Abs(u.Facing-wantFacing) > 1e-6 {
		t.Fatalf("u ends at %v facing %.3f, want %v facing %.3f (a %.2f° wheel left, then %.2f\" straight on): %s", u.At, u.Facing, wantAt, wantFacing, theta, 6-cost, e.Text)
	}
	// The rule's other points, on the hand-worked route: it costs the 6",
	// passes through nothing, and ends clear of the bowmen and of what is
	// in the way.
	if c := routeCost(&u0, legs); math.Abs(c-6) > 1e-6 {
		t.Fatalf("the route %s costs %v\" as a move, want 6", describeLegs(legs), c)
	}
	if e := s.through(&u0, legs); e != "" {
		t.Fatalf("the route %s passes through %s", describeLegs(legs), e)
	}
	if e := s.ImpassableOnPath(&u0, legs); e != "" {
		t.Fatalf("the route %s crosses %s", describeLegs(legs), e)
	}
	if d := unitDist(u, tg); d < stopGap-1e-9 {
		t.Fatalf("u ends %v\" from the bowmen: a failed charge ends clear of its target", d)
	}
	// Its right front corner, the nearest point to the obstacle's left
	// side x = 26.6, stands clear of it.
	if x := u.At.Add(rt.Scale(2.5)).X; x > 26.6-0.5 {
		t.Fatalf("u's right front corner ends at x = %v, want well clear of x = 26.6", x)
	}
}

// Failed charge (8th edition) wheels round a unit in its way: a column
// of friends stands across the move towards the bowmen's centre.
func TestFailedChargeWheelsRoundAUnit(t *testing.T) {
	wheelsRound(t, inTheWay(t, unitSpecOf("f", "swordsman", 5, 1, [2]float64{27.1, 15}, 90, nil)), "f")
}

// Failed charge (8th edition) wheels round impassable terrain: a crag in
// place of the column (woods, hedges and walls do not slow or stop a move
// on this table: only impassable terrain is in the way).
func TestFailedChargeWheelsRoundImpassableTerrain(t *testing.T) {
	s := battle(t, nil, blueU(), []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{27, 22}, 270, nil)})
	s.Terrain = []Piece{box("the crag", Impassable, 26.6, 10, 27.6, 15)}
	wheelsRound(t, declared(t, s), "the crag")
}

// harpiesBehind is blue's 5 harpies (8" wide on 1.6" bases, front at
// y = 10) charging red's bowmen 20" ahead, with blue's thin lines of
// swordsmen across the way, each (front y, unit id) as given.
func harpiesBehind(t *testing.T, lines ...any) *State {
	blue := []map[string]any{unitSpecOf("u", "harpy", 5, 5, [2]float64{24, 10}, 90, nil)}
	for i := 0; i < len(lines); i += 2 {
		blue = append(blue, unitSpecOf(lines[i+1].(string), "swordsman", 5, 5, [2]float64{24, lines[i].(float64)}, 90, nil))
	}
	return declared(t, battle(t, nil, blue, ahead(20)))
}

// Fly: a flyer's failed charge flies over the units in its way. The
// harpies roll 1, 1 and 6 (10 + 7 = 17", short of 20") and fly the
// highest die, 6", over the swordsmen 1" ahead of them, landing beyond.
func TestFailedFlyingChargeFliesOverUnits(t *testing.T) {
	s := harpiesBehind(t, 12.0, "g")
	e := failedEvent(t, apply(t, s, "blue", ChargeMove{Unit: "u"}, 1, 1, 6))
	if u := s.unit("u"); math.Abs(e.Value-6) > 1e-9 || math.Abs(u.At.Y-16) > 1e-9 || u.At.X != 24 {
		t.Fatalf("the harpies should fly 6\" straight on over g to y = 16, at %v: %s", u.At, e.Text)
	}
}

// Fly: a flyer's failed charge may not end on top of a unit; it ends
// shorter, on the same line, at the nearest clear spot before the one it
// would land on. The harpies fly over g (front at y = 12); rolling 1, 1
// and 6 (17") they would land 6" on, on f, and put down just short of it
// instead. Rolling 1, 2 and 3 (15") with f closer, the spot just short of
// f is on g, so they land just short of g, 1" on.
func TestFailedFlyingChargeLandsShortOfAUnit(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fFront float64
		dice   []int
		want   float64 // inches flown
	}{
		{"over g, short of f", 16.5, []int{1, 1, 6}, 5.5},
		{"short of f is on g: short of g", 13.5, []int{1, 2, 3}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := harpiesBehind(t, 12.0, "g", tc.fFront, "f")
			e := failedEvent(t, apply(t, s, "blue", ChargeMove{Unit: "u"}, tc.dice...))
			u := s.unit("u")
			// (Touching counts within passTol, as for any move.)
			if math.Abs(e.Value-tc.want) > passTol+1e-4 || math.Abs(u.At.Y-10-tc.want) > passTol+1e-4 || u.At.X != 24 {
				t.Fatalf("the harpies should fly %v\" straight on, at %v: %s", tc.want, u.At, e.Text)
			}
			for _, o := range []string{"g", "f"} {
				if fp, ofp := u.footprint(), s.unit(o).footprint(); overlaps(fp[:], ofp[:], passTol) {
					t.Fatalf("the harpies landed on %s at %v", o, u.At)
				}
			}
		})
	}
}

// Fly: nor may a flyer's failed charge end in impassable terrain: flying
// over g, the harpies' 6" would land them on a crag, and they put down
// short of it.
func TestFailedFlyingChargeLandsShortOfImpassableTerrain(t *testing.T) {
	blue := []map[string]any{unitSpecOf("u", "harpy", 5, 5, [2]float64{24, 10}, 90, nil), unitSpecOf("g", "swordsman", 5, 5, [2]float64{24, 12}, 90, nil)}
	s := battle(t, nil, blue, ahead(20))
	s.Terrain = []Piece{box("the crag", Impassable, 26, 14, 28, 15)}
	e := failedEvent(t, apply(t, declared(t, s), "blue", ChargeMove{Unit: "u"}, 1, 1, 6))
	if u := s.unit("u"); math.Abs(e.Value-4) > 1e-4 || math.Abs(u.At.Y-14) > 1e-4 || u.At.X != 24 {
		t.Fatalf("the harpies should land short of the crag, 4\" on, at %v: %s", u.At, e.Text)
	}
}

// BenchmarkFailedChargeDetour times the failed charge move that searches
// its detours: the swordsmen's 6" round the column in their way.
func BenchmarkFailedChargeDetour(b *testing.B) {
	red := []map[string]any{unitSpecOf("target", "bowman", 5, 5, [2]float64{27, 22}, 270, nil)}
	s := battle(b, nil, append(blueU(), unitSpecOf("f", "swordsman", 5, 1, [2]float64{27.1, 15}, 90, nil)), red)
	u, tg := s.unit("u"), s.unit("target")
	b.ReportAllocs()
	for b.Loop() {
		if m := s.failedMove(u, tg, 6, "u"); m.moved != 6 {
			b.Fatal(m.moved)
		}
	}
}
