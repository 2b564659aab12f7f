package fantasy

import (
	"math"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// The web table's drawing of the fantasy demo (Units and formations): one
// base per model, each a rectangle of the unit's base size (a character's
// larger base its own), laid out in the unit's files, and the front edge
// as wide as its files.
func TestBoard(t *testing.T) {
	rs := ruleset(t)
	sc := loadScenario(t, "../data/scenarios/fantasy-demo.yaml")
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	st, err := rs.Setup(sc, r)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	b := s.Board()
	if b.Width != s.Table[0] || b.Height != s.Table[1] || len(b.Units) != len(s.Units) {
		t.Fatalf("the board is %v×%v with %d units, want the table's %v with %d", b.Width, b.Height, len(b.Units), s.Table, len(s.Units))
	}
	dist := func(p, q [2]float64) float64 { return math.Hypot(p[0]-q[0], p[1]-q[1]) }
	for i, ub := range b.Units {
		u := s.Units[i]
		if ub.ID != u.ID || len(ub.Bases) != len(u.Models) {
			t.Fatalf("%s: %d bases drawn for %d models", ub.ID, len(ub.Bases), len(u.Models))
		}
		if w := dist(ub.Front[0], ub.Front[1]); math.Abs(w-float64(u.Files)*u.Base[0]) > 1e-9 {
			t.Errorf("%s: front edge %v″, want %d files of %v″", ub.ID, w, u.Files, u.Base[0])
		}
		for _, bb := range ub.Bases {
			w, d := dist(bb.Corners[0], bb.Corners[3]), dist(bb.Corners[0], bb.Corners[1])
			if bb.Role != Character && (math.Abs(w-u.Base[0]) > 1e-9 || math.Abs(d-u.Base[1]) > 1e-9) {
				t.Errorf("%s's %s: a base %v×%v, want %v", ub.ID, bb.Model, w, d, u.Base)
			}
		}
	}
}
