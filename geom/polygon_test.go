package geom

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

func TestPolygonValidate(t *testing.T) {
	bad := map[string]Polygon{
		"two vertices":    {Pt(0, 0), Pt(1, 1)},
		"no area":         {Pt(0, 0), Pt(1, 1), Pt(2, 2)},
		"bow tie":         {Pt(0, 0), Pt(2, 2), Pt(2, 0), Pt(0, 2)},
		"repeated vertex": {Pt(0, 0), Pt(1, 0), Pt(1, 0), Pt(1, 1)},
		"vertex on edge":  {Pt(0, 0), Pt(4, 0), Pt(4, 4), Pt(2, 0), Pt(0, 4)},
	}
	for name, pg := range bad {
		if err := pg.Validate(); err == nil {
			t.Errorf("%s validated", name)
		}
	}
	if err := box(0, 0, 1, 1).Validate(); err != nil {
		t.Error(err)
	}
	if _, err := NewTable(10, 10, Terrain{Name: "x", Outline: bad["bow tie"]}); err == nil {
		t.Error("NewTable accepted a bow tie")
	}
	if _, err := NewTable(10, 10, Terrain{Outline: box(0, 0, 1, 1), Flags: 0x80}); err == nil {
		t.Error("NewTable accepted unknown flags")
	}
}

func TestCrossedBy(t *testing.T) {
	sq := box(0, 0, 2, 2)
	// An L-shaped (concave) piece: the notch is the square [1,2]×[1,2].
	ell := Polygon{Pt(0, 0), Pt(2, 0), Pt(2, 1), Pt(1, 1), Pt(1, 2), Pt(0, 2)}
	tests := []struct {
		name string
		pg   Polygon
		s    Segment
		want bool
	}{
		{"a line straight through crosses", sq, Segment{Pt(-1, 1), Pt(3, 1)}, true},
		{"Line of Fire (N4) a line grazing a corner does not cross", sq, Segment{Pt(0, 4), Pt(4, 0)}, false},
		{"a diagonal through two corners crosses", sq, Segment{Pt(-1, -1), Pt(3, 3)}, true},
		{"Line of Fire (N4) a line along an edge does not cross", sq, Segment{Pt(-1, 2), Pt(3, 2)}, false},
		{"a line ending on the outline from outside does not cross", sq, Segment{Pt(-1, 1), Pt(0, 1)}, false},
		{"a line from the outline inwards crosses", sq, Segment{Pt(0, 1), Pt(1, 1)}, true},
		{"a line wholly inside crosses", sq, Segment{Pt(0.5, 0.5), Pt(1.5, 1.5)}, true},
		{"a line wholly outside does not cross", sq, Segment{Pt(3, 3), Pt(4, 4)}, false},
		{"a line through the notch of a concave piece does not cross", ell, Segment{Pt(1.5, 3), Pt(1.5, 1.0)}, false},
		{"a line through the notch's inner corner into the piece crosses", ell, Segment{Pt(2, 2), Pt(0.5, 0.5)}, true},
		{"a line across the notch ending at its inner corner does not cross", ell, Segment{Pt(2, 2), Pt(1, 1)}, false},
		{"a line along the notch's edge does not cross", ell, Segment{Pt(1, 3), Pt(1, 1)}, false},
		{"a point inside crosses", sq, Segment{Pt(1, 1), Pt(1, 1)}, true},
		{"a point on the outline does not", sq, Segment{Pt(0, 1), Pt(0, 1)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.pg.CrossedBy(tt.s); got != tt.want {
				t.Fatalf("CrossedBy(%+v) = %v, want %v", tt.s, got, tt.want)
			}
			rev := Segment{tt.s.B, tt.s.A}
			if got := tt.pg.CrossedBy(rev); got != tt.want {
				t.Fatalf("CrossedBy reversed = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestPolygonDistances(t *testing.T) {
	sq := box(0, 0, 2, 2)
	if d := sq.DistTo(Pt(5, 1)); !near(d, 3) {
		t.Errorf("DistTo = %v", d)
	}
	if d := sq.DistTo(Pt(1, 1)); d != 0 {
		t.Errorf("DistTo inside = %v", d)
	}
	if d := sq.SegmentDist(Segment{Pt(3, -5), Pt(3, 5)}); !near(d, 1) {
		t.Errorf("SegmentDist = %v", d)
	}
	if !sq.Contains(Pt(2, 1)) || sq.Interior(Pt(2, 1)) || !sq.Interior(Pt(1, 1)) {
		t.Error("boundary point: Contains but not Interior")
	}
	if a := sq.Area(); a != 4 {
		t.Errorf("Area = %v", a)
	}
}

// Nothing panics on arbitrary floats, NaN and infinities included.
func TestPropNoPanic(t *testing.T) {
	special := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, -0.0, 1e308, -1e308, 5e-324, Eps}
	f := func(t *rapid.T, label string) float64 {
		if rapid.Bool().Draw(t, label+".special") {
			return rapid.SampledFrom(special).Draw(t, label)
		}
		return rapid.Float64Range(-100, 100).Draw(t, label)
	}
	pt := func(t *rapid.T, label string) Point { return Pt(f(t, label+".x"), f(t, label+".y")) }
	rapid.Check(t, func(t *rapid.T) {
		c := Circle{pt(t, "c"), f(t, "r")}
		d := Circle{pt(t, "d"), f(t, "dr")}
		m := Model{Base: c, Facing: f(t, "facing"), Arc: Arc(rapid.IntRange(0, 2).Draw(t, "arc"))}
		pg := Polygon{pt(t, "p0"), pt(t, "p1"), pt(t, "p2")}
		tb := &Table{Width: f(t, "w"), Height: f(t, "h"), Terrain: []Terrain{{Outline: pg, Flags: allFlags}}}
		route := Route{pt(t, "r0"), pt(t, "r1")}
		_ = tb.LoF(m, d, []Circle{c, d})
		_, _ = tb.PartialCover(m, d, []Circle{c})
		_ = SightLines(m, d)
		_ = tb.CheckRoute(route, f(t, "mr"), []Circle{d})
		_ = EdgeDistance(c, d)
		_ = InZoC(c, d)
		_ = RouteInZoC(c, route, f(t, "rr"))
		_ = CircleTouched(c, []Circle{d})
		td := Teardrop{Focus: pt(t, "focus"), Angle: f(t, "angle"), Size: TeardropSize{f(t, "l"), f(t, "nw"), f(t, "ww")}}
		_ = td.Touched([]Circle{c, d})
		_, _ = PlaceTeardrop(c, f(t, "pa"), td.Size)
		_ = pg.Validate()
		_ = pg.CrossedBy(Segment{route[0], route[1]})
		_ = pg.SegmentDist(Segment{route[0], route[1]})
		_ = m.InArc(pt(t, "q"))
		_ = m.BaseInArc(d)
		_ = NormalizeAngle(f(t, "na"))
	})
}
