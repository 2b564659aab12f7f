package fantasy

import (
	"maps"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// box is a rectangular piece of terrain.
func box(name string, kind TerrainKind, x0, y0, x1, y1 float64) Piece {
	return Piece{Name: name, Kind: kind, Polygon: geom.Polygon{geom.Pt(x0, y0), geom.Pt(x1, y0), geom.Pt(x1, y1), geom.Pt(x0, y1)}}
}

// shootingAt is blue's bowmen (front edge centred on (24, 10), facing
// the target) in the Shooting phase, the target's bowmen 10" ahead (5
// files of 1" bases, x 21.5..26.5, y 20..22), with the terrain given.
func shootingAt(t *testing.T, terrain ...Piece) *State {
	t.Helper()
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, nil)}, ahead(10))
	s.Terrain = terrain
	openRemaining(t, s)
	apply(t, s, "blue", EndMovement{})
	return s
}

func TestTerrainCover(t *testing.T) {
	for _, tc := range []struct {
		name    string
		terrain []Piece
		want    string // what the shot needs, as the event says it
	}{
		// BS 3 needs 4+ in the open.
		{"open ground", nil, "needing 4+:"},
		// Cover (8th edition): across a wall, hard cover, −2.
		{"wall: hard cover -2", []Piece{box("the wall", Wall, 18, 15, 30, 15.5)}, "needing 6+ -2 hard cover (the wall):"},
		// Across a hedge, soft cover, −1.
		{"hedge: soft cover -1", []Piece{box("", Hedge, 18, 15, 30, 15.5)}, "needing 5+ -1 soft cover (hedge 0):"},
		// Forests and shooting (8th edition): a target in a forest is in
		// soft cover.
		{"target in a forest", []Piece{box("the wood", Forest, 20, 19, 28, 30)}, "needing 5+ -1 soft cover (the wood):"},
		// Seen through a forest: soft cover.
		{"seen through a forest", []Piece{box("the wood", Forest, 18, 14, 30, 16)}, "needing 5+ -1 soft cover (the wood):"},
		// The shooter looks out of the forest it stands in: no cover.
		{"looking out of a forest", []Piece{box("the wood", Forest, 18, 5, 30, 12)}, "needing 4+:"},
		// Cover needs half or more of the target obscured: a wall in
		// front of one file of five hides two models of ten.
		{"less than half behind the wall", []Piece{box("the wall", Wall, 24.7, 15, 30, 15.5)}, "needing 4+:"},
		// A shooter's own obstacle, within 1" of where it looks from,
		// hides nothing.
		{"the shooter's own wall", []Piece{box("the wall", Wall, 18, 10.5, 30, 11)}, "needing 4+:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := shootingAt(t, tc.terrain...)
			evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, ones(10)...)
			if got := text(evs, "shot"); !strings.Contains(got, tc.want) {
				t.Fatalf("%q, want %q", got, tc.want)
			}
		})
	}
}

// Line of sight (8th edition): impassable terrain blocks it; a unit
// cannot shoot at, or charge, what it cannot see.
func TestTerrainImpassableBlocksLineOfSight(t *testing.T) {
	s := shootingAt(t, box("the crag", Impassable, 18, 14, 30, 16))
	re := refused(t, s, "blue", Shoot{Unit: "u", Target: "target"}, CodeShoot)
	if re.Rule != ruleSight || !strings.Contains(re.Error(), "the crag") {
		t.Fatalf("%v: want the Line of sight rule naming the crag", re)
	}
	s = battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)}, ahead(8))
	s.Terrain = []Piece{box("the crag", Impassable, 18, 14, 30, 16)}
	re = refused(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"}, CodeCharge)
	if re.Rule != ruleSight {
		t.Fatalf("%v: a charge needs a line of sight too", re)
	}
	// With part of the target in sight the charge may be declared, and
	// the half hidden behind the rock gives hard cover to a shot.
	s = shootingAt(t, box("the crag", Impassable, 23.8, 14, 30, 16))
	evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, ones(10)...)
	if got := text(evs, "shot"); !strings.Contains(got, "-2 hard cover (the crag)") {
		t.Fatalf("%q: half the target behind the crag is in hard cover", got)
	}
}

// Impassable terrain: no unit moves into or through it; a flyer flies
// over it but may not land on it; no reform onto it.
func TestTerrainImpassableBlocksMoves(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)}, target())
	s.Terrain = []Piece{box("the crag", Impassable, 20, 13, 28, 14)}
	openRemaining(t, s)
	re := refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 4}}}, CodeMove)
	if re.Rule != ruleImpassable || !strings.Contains(re.Error(), "the crag") {
		t.Fatalf("%v", re)
	}
	refused(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 3.5}}}, CodeMove) // ends on it
	apply(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 2}}})               // stops short
	s = battle(t, nil, []map[string]any{unitSpecOf("u", "harpy", 1, 1, [2]float64{24, 10}, 90, nil)}, target())
	s.Terrain = []Piece{box("the crag", Impassable, 20, 13, 28, 14)}
	openRemaining(t, s)
	refused(t, s, "blue", Move{Unit: "u", Fly: true, Legs: []Leg{{Forward: 4}}}, CodeMove)
	apply(t, s, "blue", Move{Unit: "u", Fly: true, Legs: []Leg{{Forward: 7}}})
}

// Terrain in a scenario: each piece needs a kind the ruleset knows, on a
// sound polygon; the loader reports a bad one at its line and column.
func TestTerrainScenarioChecks(t *testing.T) {
	rs := ruleset(t)
	doc := func(piece string) string {
		return "name: t\nruleset: fantasy\ntable: {width: 48, height: 48}\ninitiative: blue\nrounds: 1\nterrain:\n" + piece +
			"sides:\n  - seat: blue\n    units: [{id: u, profile: swordsman, models: 5, at: [24, 10], facing: 90}]\n" +
			"  - seat: red\n    units: [{id: r, profile: swordsman, models: 5, at: [24, 40], facing: 270}]\n"
	}
	for _, tc := range []struct{ piece, want string }{
		{"  - {name: knoll, kind: hill, polygon: [[1, 1], [5, 1], [5, 5]]}\n", "t.yaml:7:"},
		{"  - {name: knoll, polygon: [[1, 1], [5, 1], [5, 5]]}\n", "needs a kind"},
		{"  - {name: rock, kind: impassable, impassable: true, polygon: [[1, 1], [5, 1], [5, 5]]}\n", "say kind: impassable instead"},
		{"  - {name: bow, kind: wall, polygon: [[1, 1], [5, 5], [5, 1], [1, 5]]}\n", "terrain[0].polygon"},
	} {
		_, err := scenario.Parse("t.yaml", []byte(doc(tc.piece)), scenario.Options{Catalog: rs.Catalog})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "terrain[0]") {
			t.Errorf("%s: err %v, want %q at terrain[0]", tc.piece, err, tc.want)
		}
	}
	sc, err := scenario.Parse("t.yaml", []byte(doc("  - {name: rock, kind: impassable, polygon: [[20, 8], [28, 8], [28, 9.5], [20, 9.5]]}\n")), scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := rules.ResolveRulings(rs.Rulings(), nil)
	if _, err := rs.Setup(sc, r); err == nil || !strings.Contains(err.Error(), "impassable terrain \"rock\"") {
		t.Fatalf("a unit standing on a rock: %v", err)
	}
	sc.Terrain[0].Polygon = [][2]float64{{1, 1}, {5, 1}, {5, 5}}
	st, err := rs.Setup(sc, r)
	if err != nil {
		t.Fatal(err)
	}
	if p := st.(*State).Terrain; len(p) != 1 || p[0].Kind != Impassable || p[0].Name != "rock" {
		t.Fatalf("terrain %+v", p)
	}
	// A state read back refuses terrain Setup would not have made.
	bad := strings.Replace(mustJSON(t, st), `"kind":"impassable"`, `"kind":"hill"`, 1)
	if _, err := rs.DecodeState([]byte(bad)); err == nil {
		t.Fatal("a state with a hill decodes")
	}
}

// screened is shootingAt with one more unit standing between the bowmen
// and their target: blue's own or red's, a block of swordsmen whose front
// edge is centred on at, files wide.
func screened(t *testing.T, seat string, profile string, at [2]float64, files int, terrain ...Piece) *State {
	t.Helper()
	blue := []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, nil)}
	red := ahead(10)
	screen := unitSpecOf("screen", profile, files, files, at, 90, nil)
	if seat == "blue" {
		blue = append(blue, screen)
	} else {
		red = append(red, screen)
	}
	s := battle(t, nil, blue, red)
	s.Terrain = terrain
	openRemaining(t, s)
	apply(t, s, "blue", EndMovement{})
	return s
}

// Line of sight (8th edition): a line from the shooter to its target may
// not pass through other models, friend or foe. A unit standing across
// every line hides the target: no shot, and the menu offers none.
func TestLineOfSightOtherUnitsBlock(t *testing.T) {
	for _, seat := range []string{"blue", "red"} {
		t.Run(seat+"'s unit in the way", func(t *testing.T) {
			s := screened(t, seat, "swordsman", [2]float64{24, 15}, 5)
			re := refused(t, s, "blue", Shoot{Unit: "u", Target: "target"}, CodeShoot)
			if re.Rule != ruleSight || !strings.Contains(re.Error(), "screen is in the way") {
				t.Fatalf("%v: want the Line of sight rule naming the screen", re)
			}
			legal, _ := legalOptions(s, "blue")
			for _, a := range legal {
				if sh, ok := a.(Shoot); ok && sh.Target == "target" {
					t.Fatalf("the menu offers %+v at a hidden target", sh)
				}
			}
		})
	}
	// A unit sees what any model of its front rank sees: one model just
	// before the middle of the bowmen's front hides the target from
	// there, but not from the files either side, which look past it and
	// see every model in the open.
	s := screened(t, "blue", "captain", [2]float64{24, 12}, 1)
	if v := s.sightFrom(s.unit("u"), s.unit("target"), s.unit("u").At, false); v.seen != 0 {
		t.Fatalf("%+v: the middle of the front should see nothing", v)
	}
	evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, ones(10)...)
	if got := text(evs, "shot"); !strings.Contains(got, "needing 4+:") {
		t.Fatalf("%q: the first file sees the target in the open", got)
	}
	// The shooter's own unit and the target's never hide it: with the
	// screen moved aside, the same shot is taken in the open.
	s = screened(t, "red", "swordsman", [2]float64{10, 15}, 5)
	evs = apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, ones(10)...)
	if got := text(evs, "shot"); !strings.Contains(got, "needing 4+:") {
		t.Fatalf("%q: a clear line needs no cover", got)
	}
}

// Cover (8th edition): the majority of the target's models hidden behind
// other models is soft cover (−1); fewer than half hidden is no cover. A
// unit seen past a screen that hides only some of it can still be shot.
func TestCoverFromUnitsInTheWay(t *testing.T) {
	for _, tc := range []struct {
		name   string
		at     [2]float64
		files  int
		hidden int
		want   string
	}{
		// Four files, x 23.4..27.4: the lines to the eight models right
		// of x 22.5 pass through it; two of ten are seen.
		{"eight of ten hidden: soft cover", [2]float64{25.4, 15}, 4, 8, "needing 5+ -1 soft cover (screen):"},
		// Three files, x 24..27: four of ten hidden (the lines to the
		// middle file run along its edge, which hides nothing).
		{"four of ten hidden: no cover", [2]float64{25.5, 15}, 3, 4, "needing 4+:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := screened(t, "blue", "swordsman", tc.at, tc.files)
			if v := s.sightOf(s.unit("u"), s.unit("target")); v.models-v.seen != tc.hidden || v.soft != tc.hidden {
				t.Fatalf("%+v: want %d models hidden, in soft cover", v, tc.hidden)
			}
			evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, ones(10)...)
			if got := text(evs, "shot"); !strings.Contains(got, tc.want) {
				t.Fatalf("%q, want %q", got, tc.want)
			}
		})
	}
	// Behind a screen and a wall both, the models are in hard cover.
	s := screened(t, "blue", "swordsman", [2]float64{25.4, 15}, 4, box("the wall", Wall, 18, 17, 30, 17.5))
	evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, ones(10)...)
	if got := text(evs, "shot"); !strings.Contains(got, "-2 hard cover (the wall)") {
		t.Fatalf("%q: a wall behind the screen is hard cover", got)
	}
}

// Monsters (8th edition: true line of sight; Large Target): a monster
// towers over smaller troops, seen over them and seeing over them, and
// no obstacle gives it cover; a monster in the way hides smaller troops.
func TestLineOfSightMonstersSeenOverSmallerTroops(t *testing.T) {
	wyrm := func(t *testing.T, screenProfile string, files int, terrain ...Piece) *State {
		t.Helper()
		blue := []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, nil),
			unitSpecOf("screen", screenProfile, files, files, [2]float64{24, 15}, 90, nil)}
		red := []map[string]any{unitSpecOf("target", "wyrm", 1, 1, [2]float64{24, 20}, 270, nil)}
		s := battle(t, nil, blue, red)
		s.Terrain = terrain
		openRemaining(t, s)
		apply(t, s, "blue", EndMovement{})
		return s
	}
	// A wyrm behind a rank of swordsmen: seen over them, no cover.
	s := wyrm(t, "swordsman", 5)
	evs := apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, ones(10)...)
	if got := text(evs, "shot"); !strings.Contains(got, "needing 4+:") {
		t.Fatalf("%q: a monster is seen over infantry", got)
	}
	// Large Target: a wall before the wyrm gives it no cover either.
	s = wyrm(t, "swordsman", 5, box("the wall", Wall, 18, 17, 30, 17.5))
	evs = apply(t, s, "blue", Shoot{Unit: "u", Target: "target"}, ones(10)...)
	if got := text(evs, "shot"); !strings.Contains(got, "needing 4+:") {
		t.Fatalf("%q: a large target claims no cover from obstacles", got)
	}
	// Other monsters in the way hide it.
	s = wyrm(t, "wyrm", 2)
	if re := refused(t, s, "blue", Shoot{Unit: "u", Target: "target"}, CodeShoot); re.Rule != ruleSight {
		t.Fatalf("%v: a monster hides a monster", re)
	}
	// A monster sees over smaller troops too: a wyrm looking past a rank
	// of swordsmen sees the bowmen beyond (the sight its charge needs),
	// which the swordsmen's own comrades behind them could not.
	s = battle(t, nil, []map[string]any{unitSpecOf("u", "wyrm", 1, 1, [2]float64{24, 10}, 90, nil),
		unitSpecOf("screen", "swordsman", 5, 5, [2]float64{24, 13}, 90, nil)}, ahead(10))
	if ok, by := s.canSee(s.unit("u"), s.unit("target")); !ok {
		t.Fatalf("a monster cannot see over infantry: %s in the way", by)
	}
	s = battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, nil),
		unitSpecOf("screen", "swordsman", 5, 5, [2]float64{24, 13}, 90, nil)}, ahead(10))
	if ok, _ := s.canSee(s.unit("u"), s.unit("target")); ok {
		t.Fatal("infantry sees through a unit of infantry")
	}
}

// Declaring a charge (8th edition) needs a line of sight to the target:
// a unit in the way forbids it.
func TestChargeNeedsLineOfSightPastUnits(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)},
		append(ahead(8), unitSpecOf("screen", "swordsman", 5, 5, [2]float64{24, 14}, 90, nil)))
	re := refused(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"}, CodeCharge)
	if re.Rule != ruleSight || !strings.Contains(re.Error(), "screen is in the way") {
		t.Fatalf("%v: want the Line of sight rule naming the screen", re)
	}
}

// Stand & Shoot (8th edition) is a shooting attack: the charged unit must
// see its charger. A unit that stepped in front of the bowmen after the
// charge was declared hides the charger from them.
func TestStandAndShootNeedsLineOfSight(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)},
		append(ahead(8), unitSpecOf("screen", "swordsman", 5, 5, [2]float64{24, 40}, 270, nil)))
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	// The screen stands 0.5" before the bowmen's front, across every
	// line from it to the swordsmen.
	sc := s.unit("screen")
	sc.At, sc.Facing = geom.Pt(24, 16.5), 270
	re := refused(t, s, "red", React{Reaction: "stand-and-shoot"}, CodeCharge)
	if re.Rule != ruleSight || !strings.Contains(re.Error(), "screen is in the way") {
		t.Fatalf("%v: want the Line of sight rule naming the screen", re)
	}
	apply(t, s, "red", React{Reaction: "hold"})
}

// BenchmarkLineOfSight is one unit's look at another across a wall, a
// hedge, a forest and a crag with a unit part-way in the way (Line of
// sight, Cover): the menus make it for every shooter and charger against
// every enemy, so it must stay cheap and allocate nothing.
func BenchmarkLineOfSight(b *testing.B) {
	s := battle(b, nil, []map[string]any{unitSpecOf("u", "bowman", 10, 5, [2]float64{24, 10}, 90, nil),
		unitSpecOf("screen", "swordsman", 4, 4, [2]float64{25.4, 15}, 90, nil)}, ahead(10))
	s.Terrain = []Piece{box("the wall", Wall, 18, 17, 30, 17.5), box("", Hedge, 30, 12, 40, 12.5),
		box("the wood", Forest, 1, 22, 9, 27), box("the crag", Impassable, 40, 30, 43, 32)}
	u, t := s.unit("u"), s.unit("target")
	b.ReportAllocs()
	for b.Loop() {
		if ok, _ := s.canSee(u, t); !ok {
			b.Fatal("the target is part-way in sight")
		}
	}
}

// remaining is blue's unit u of n models of profile p in one rank, front
// edge centred on (24, 10) facing up the table, in the Remaining Moves
// with the terrain given; red's target is far off (no march test).
func remaining(t *testing.T, p string, n int, terrain ...Piece) *State {
	t.Helper()
	s := battle(t, nil, []map[string]any{unitSpecOf("u", p, n, n, [2]float64{24, 10}, 90, nil)}, target())
	s.Terrain = terrain
	openRemaining(t, s)
	return s
}

// Forests and movement, Obstacles and movement, Dangerous Terrain (8th
// edition): a cavalry, monstrous cavalry or chariot model that marches
// through a forest or over an obstacle takes a Dangerous Terrain test, a
// D6: on a 1 it suffers a wound with no armour save (a chariot D6
// wounds). An advance, and infantry, take none; terrain does not slow
// anyone.
func TestDangerousTerrainMarchingThroughAForestOrOverAnObstacle(t *testing.T) {
	wood := box("the wood", Forest, 20, 13, 28, 16)
	march := Move{Unit: "u", March: true, Legs: []Leg{{Forward: 10}}}
	// Five riders march through the wood: five tests, one 1, one rider
	// lost (W1, no armour save).
	s := remaining(t, "rider", 5, wood)
	evs := apply(t, s, "blue", march, 2, 1, 3, 4, 5)
	if got := text(evs, "dangerous-terrain"); !strings.Contains(got, "the wood") || len(s.unit("u").Models) != 4 {
		t.Fatalf("%q, %d riders: want one lost in the wood", got, len(s.unit("u").Models))
	}
	// All pass: none lost, the full 10" marched.
	s = remaining(t, "rider", 5, wood)
	apply(t, s, "blue", march, 2, 3, 4, 5, 6)
	if u := s.unit("u"); len(u.Models) != 5 || u.At.Y != 20 {
		t.Fatalf("%d riders at %v: none lost, 10\" marched", len(u.Models), u.At)
	}
	// Only the models whose bases pass through it: the wood covers the
	// two files on the right (x 25..27), so two riders test.
	s = remaining(t, "rider", 5, box("the copse", Forest, 25.2, 13, 28, 16))
	apply(t, s, "blue", march, 6, 6)
	// Over a wall: every rider crosses it.
	s = remaining(t, "rider", 5, box("the wall", Wall, 18, 14, 30, 14.5))
	evs = apply(t, s, "blue", march, 1, 1, 6, 6, 6)
	if got := text(evs, "dangerous-terrain"); !strings.Contains(got, "the wall") || len(s.unit("u").Models) != 3 {
		t.Fatalf("%q, %d riders: want two lost at the wall", got, len(s.unit("u").Models))
	}
	// An advance through the wood takes no test, nor does infantry's march.
	s = remaining(t, "rider", 5, wood)
	apply(t, s, "blue", Move{Unit: "u", Legs: []Leg{{Forward: 8}}})
	s = remaining(t, "swordsman", 5, wood)
	apply(t, s, "blue", Move{Unit: "u", March: true, Legs: []Leg{{Forward: 8}}})
	// A chariot that fails suffers D6 wounds: a 1, then 3 of its 4.
	s = remaining(t, "war-wagon", 1, wood)
	apply(t, s, "blue", march, 1, 3)
	if w := s.unit("u").Pool; w != 3 {
		t.Fatalf("the war wagon has suffered %d wounds, want 3", w)
	}
	// No armour save, but a ward save is taken: riders with a 5+ ward
	// save one wound of two (a 5) and lose one rider (a 4).
	s = remaining(t, "rider", 5, wood)
	s.Profiles = maps.Clone(s.Profiles)
	p := s.Profiles["rider"]
	p.Ward = 5
	s.Profiles["rider"] = p
	evs = apply(t, s, "blue", march, 1, 5, 1, 4, 6, 6, 6)
	if got := text(evs, "dangerous-terrain"); !strings.Contains(got, "1 saved on ward 5+") || len(s.unit("u").Models) != 4 {
		t.Fatalf("%q, %d riders: the ward save should save one wound of two", got, len(s.unit("u").Models))
	}
	// A 1 and a 4: the chariot is wrecked.
	s = remaining(t, "war-wagon", 1, wood)
	evs = apply(t, s, "blue", march, 1, 4)
	if s.unit("u") != nil || !has(evs, "destroyed") {
		t.Fatalf("the war wagon should be destroyed: %v", evs)
	}
}

// Forests and movement (8th edition): a model with Fly that begins or
// ends a flying move in a forest takes a Dangerous Terrain test; flying
// over one takes none.
func TestDangerousTerrainFlyersInForests(t *testing.T) {
	fly := Move{Unit: "u", Fly: true, Legs: []Leg{{Forward: 8}}}
	s := remaining(t, "harpy", 1, box("the wood", Forest, 20, 16, 28, 20))
	evs := apply(t, s, "blue", fly, 1) // lands in the wood: W2, one wound
	if got := text(evs, "dangerous-terrain"); !strings.Contains(got, "the wood") || s.unit("u").Pool != 1 {
		t.Fatalf("%q: the harpy should suffer a wound landing in the wood", got)
	}
	s = remaining(t, "harpy", 1, box("the wood", Forest, 20, 7, 28, 11))
	apply(t, s, "blue", fly, 6) // takes off from it
	s = remaining(t, "harpy", 1, box("the wood", Forest, 20, 12, 28, 14))
	apply(t, s, "blue", fly) // over it: no test
}

// Forests and movement (8th edition): a cavalry model that charges
// through a forest tests too, after its charge move; one who charges out
// of his unit tests alone.
func TestDangerousTerrainChargingThroughAForest(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "rider", 5, 5, [2]float64{24, 10}, 90, nil)}, ahead(8))
	s.Terrain = []Piece{box("the wood", Forest, 20, 13, 28, 16)}
	evs := chargeUnit(t, s, 3, 3, 3, 1, 6, 6, 6, 6) // Swiftstride 6, then five tests
	if !has(evs, "charged") || !has(evs, "dangerous-terrain") || len(s.unit("u").Models) != 4 {
		t.Fatalf("the riders should charge home through the wood and lose one: %v", evs)
	}
	// A mounted captain charging out of infantry tests, his unit does not
	// move and does not.
	s = battle(t, nil, []map[string]any{unitSpecOf("u", "swordsman", 5, 5, [2]float64{24, 10}, 90, chars("cap", "mounted-captain"))}, ahead(8))
	s.Terrain = []Piece{box("the wood", Forest, 20, 13, 28, 16)}
	evs = chargeOut(t, s, "cap", "hold", 3, 3, 3, 1)
	if c := s.unit("cap"); c == nil || c.Models[0].Wounds != 1 || !strings.Contains(text(evs, "dangerous-terrain"), "cap tests for the wood") {
		t.Fatalf("the captain should charge out through the wood and suffer a wound: %v", evs)
	}
}

// Forests and movement, Failed charges (8th edition): a failed charge is
// still a charge, so cavalry whose failed charge move (the highest die)
// passes through a forest tests too.
func TestDangerousTerrainFailedChargeThroughAForest(t *testing.T) {
	s := battle(t, nil, []map[string]any{unitSpecOf("u", "rider", 5, 5, [2]float64{24, 10}, 90, nil)}, ahead(16))
	s.Terrain = []Piece{box("the wood", Forest, 20, 10.5, 28, 11.5)}
	// Swiftstride 1, 1, 2: short of 16"; the riders move the highest die,
	// 2", through the wood, and five test: one 1, one rider lost.
	evs := chargeUnit(t, s, 1, 1, 2, 1, 6, 6, 6, 6)
	if !has(evs, "charge-failed") || !strings.Contains(text(evs, "dangerous-terrain"), "the wood") || len(s.unit("u").Models) != 4 {
		t.Fatalf("the riders' failed charge through the wood should lose one: %v", evs)
	}
}

// Forests and movement (8th edition): cavalry fleeing through a forest
// tests, whether it flees from a charge or breaks from a combat, and so
// does cavalry pursuing through one.
func TestDangerousTerrainFleeingAndPursuing(t *testing.T) {
	// Red's riders flee a charge 6" (3D6, Swiftstride: the best two)
	// straight back through the wood behind them.
	s := battle(t, nil, blueU(), []map[string]any{unitSpecOf("target", "rider", 5, 5, [2]float64{24, 18}, 270, nil)})
	s.Terrain = []Piece{box("the wood", Forest, 20, 21, 28, 25)}
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	evs := apply(t, s, "red", React{Reaction: "flee"}, 3, 3, 3, 6, 6, 1, 6, 6)
	if !has(evs, "fled") || !strings.Contains(text(evs, "dangerous-terrain"), "the wood") || len(s.unit("target").Models) != 4 {
		t.Fatalf("the riders should flee through the wood and lose one: %v", evs)
	}

	// Blue's riders beat red's spearmen, who flee 2"; the riders pursue
	// 2" (the best two of 3D6), catch them, and ride into the wood.
	s = battle(t, nil, []map[string]any{unitSpecOf("u", "rider", 5, 5, [2]float64{24, 10}, 90, nil)},
		[]map[string]any{unitSpecOf("target", "spearman", 5, 5, [2]float64{24, 15}, 270, nil)})
	s.Terrain = []Piece{box("the wood", Forest, 20, 16, 28, 19)}
	if evs := chargeUnit(t, s, 6, 6, 6); !has(evs, "charged") {
		t.Fatalf("the charge failed: %v", evs)
	}
	resultOf(t, s, map[rules.Seat]int{"blue": 3}, 6, 5)
	evs = apply(t, s, "blue", Pursue{Unit: "u"}, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6)
	if s.unit("target") != nil || !strings.Contains(text(evs, "dangerous-terrain"), "the wood") || len(s.unit("u").Models) != 4 {
		t.Fatalf("the riders should catch the spearmen and lose one in the wood: %v", evs)
	}
}

// Obstacles and combat (8th edition): in the round they charge, models
// of a unit charging an enemy that touches the far side of a hedge or
// wall, in contact with it or supporting one that is, are at −1 to hit
// (the 8th edition's Hedges and Walls each give −1; needing 6s to hit a
// defended obstacle is the older editions' rule, not played); the
// defenders strike as usual, and so do chargers whose foe stands clear
// of the obstacle.
func TestObstaclesAndCombatChargersAtADefendedHedge(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hedge Piece
		want  string
	}{
		// The spearmen's front is at y 15, the hedge's far side: the
		// swordsmen (WS4 against WS3) need 4+ rather than 3+.
		{"defended", box("the hedge", Hedge, 0, 14.5, 48, 15), "u: 10 attacks at Initiative 4 on target needing 4+ (-1 charging across the hedge, Obstacles and combat): 0 hits"},
		// A wall is the same −1, not 6s to hit.
		{"defended wall", box("the wall", Wall, 0, 14.5, 48, 15), "u: 10 attacks at Initiative 4 on target needing 4+ (-1 charging across the wall, Obstacles and combat): 0 hits"},
		// A hedge 3" behind the swordsmen's front: no one defends it.
		{"undefended", box("the hedge", Hedge, 0, 11.5, 48, 12), "u: 10 attacks at Initiative 4 on target needing 3+: 0 hits"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := engagedPair(t,
				[]map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)},
				[]map[string]any{unitSpecOf("target", "spearman", 10, 5, [2]float64{24, 15}, 270, nil)})
			s.Terrain = []Piece{tc.hedge}
			apply(t, s, "blue", EndMovement{})
			apply(t, s, "blue", EndShooting{})
			evs := fightAll(t, s, "u", ones(countDice(t, s))...)
			var mine, theirs string
			for _, e := range evs {
				if e.What == "fought" && e.Unit == "u" {
					mine = e.Text
				} else if e.What == "fought" && e.Unit == "target" {
					theirs = e.Text
				}
			}
			if !strings.Contains(mine, tc.want) {
				t.Fatalf("chargers %q, want %q", mine, tc.want)
			}
			if !strings.Contains(theirs, "needing 4+:") {
				t.Fatalf("defenders %q: the defenders strike as usual", theirs)
			}
			// All 1s: a draw. In red's turn, the next round, the
			// swordsmen strike as usual.
			apply(t, s, "blue", EndTurn{})
			for _, a := range []rules.Action{EndCharges{}, EndMovement{}, EndShooting{}} {
				apply(t, s, "red", a)
			}
			evs = apply(t, s, "red", Fight{Unit: "target"}, ones(countDice(t, s))...)
			for _, e := range evs {
				if e.What == "fought" && e.Unit == "u" && !strings.Contains(e.Text, "needing 3+:") {
					t.Fatalf("next round %q: the penalty is for the round of the charge only", e.Text)
				}
			}
		})
	}
}
