package infinity

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Bounded input (issue #10): a Move's route has at most MaxRoutePoints
// points (Move (N4): a route is checked against every base and every piece
// of scenery, point by point). A longer one is refused before any of it is
// checked, and the refusal changes nothing; at the bound it is judged as
// usual.
func TestMoveRouteBound(t *testing.T) {
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [20, 20], facing: 0", ""), nil)
	before, _ := json.Marshal(st)
	route := make([][2]float64, MaxRoutePoints+1)
	for i := range route {
		route[i] = [2]float64{10, 4 + float64(i%2)*0.01}
	}
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move(route...)}, rules.CodeBadAction, "a route of 65 points: at most 64")
	if after, _ := json.Marshal(st); string(after) != string(before) {
		t.Fatal("the refused Move changed the state")
	}
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move(route[:MaxRoutePoints]...)})
}

// Bounded input: a state in JSON is refused over MaxStateSize, and its
// table over the scenario's bounds (terrain pieces, polygon corners) before
// the table's geometry is built; an Order's Move route over MaxRoutePoints
// is refused too. A message quotes only the start of a long string.
func TestDecodeStateBounds(t *testing.T) {
	rs := ruleset(t)
	st := setup(t, duelYAML("at: [10, 4], facing: 90", "at: [20, 20], facing: 0", ""), nil)

	if _, err := rs.DecodeState([]byte(`{"seats":["` + strings.Repeat("x", MaxStateSize) + `"]}`)); err == nil ||
		err.Error() != "bad-state: state: 4194318 bytes, more than the 4194304 a state may have" {
		t.Errorf("an oversized state: %v", err)
	}

	square := [][2]float64{{1, 1}, {2, 1}, {2, 2}}
	s := st.Clone().(*State)
	for range scenario.MaxTerrain + 1 {
		s.Table.Terrain = append(s.Table.Terrain, scenario.Terrain{Name: "box", Polygon: square})
	}
	refusedState(t, rs, s, "state: table.terrain: 501 pieces, more than the 500 a table may have")

	s = st.Clone().(*State)
	corners := make([][2]float64, scenario.MaxPolygon+1)
	for i := range corners {
		corners[i] = [2]float64{1 + float64(i)/1000, 1 + float64(i*i)/1e6}
	}
	s.Table.Terrain = append(s.Table.Terrain, scenario.Terrain{Name: "blob", Polygon: corners})
	refusedState(t, rs, s, "state: table.terrain[0].polygon: 257 corners, more than the 256 a polygon may have")

	s = st.Clone().(*State)
	s.Order = &Order{Trooper: 0, Model: 0, Source: OrderRegular, Step: StepARO1, First: move(make([][2]float64, MaxRoutePoints+1)...), Path: [][2]float64{s.Models[0].At}}
	refusedState(t, rs, s, "state: order.first.route: 65 points, more than the 64 a route may have")

	s = st.Clone().(*State)
	s.Phase = Phase(strings.Repeat("p", 100000))
	b, _ := json.Marshal(s)
	_, err := rs.DecodeState(b)
	if err == nil || len(err.Error()) > 200 || !strings.Contains(err.Error(), "pppp…") {
		t.Errorf("a 100 KB phase: the error is %d bytes: %.300s", len(err.Error()), err)
	}
}
