package fantasy

import (
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
