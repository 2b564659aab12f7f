package geom

import (
	"math"
	"testing"
)

// Nothing may panic on any float input: NaN and ±Inf make predicates false,
// distances +Inf and checks return errors.
func TestNonFiniteInputs(t *testing.T) {
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1)}
	tb := mustTable(t, 48, 48,
		Terrain{Outline: box(10, 10, 12, 12), Flags: BlocksLoF | GivesCover | Impassable})
	good := disc(5, 5, 0.5)
	for _, x := range bad {
		circles := []Circle{disc(x, 5, 0.5), disc(5, x, 0.5), disc(5, 5, x)}
		models := []Model{model(x, 5, 0.5, 0), model(5, 5, x, 0), model(5, 5, 0.5, x)}
		for _, c := range circles {
			if c.Valid() || c.Contains(Pt(5, 5)) {
				t.Errorf("%+v is valid", c)
			}
			if d := EdgeDistance(good, c); !math.IsInf(d, 1) {
				t.Errorf("EdgeDistance(%+v) = %v, want +Inf", c, d)
			}
			if InContact(good, c) || InZoC(c, good) {
				t.Errorf("%+v in contact or ZoC", c)
			}
			if tb.LoF(model(1, 1, 0.5, 0), c, nil) || tb.LoF(model(1, 1, 0.5, 0), good, []Circle{c}) {
				t.Errorf("LoF with %+v", c)
			}
			if _, ok := tb.PartialCover(model(1, 1, 0.5, 0), c, nil); ok {
				t.Errorf("cover for %+v", c)
			}
			if len(CircleTouched(c, []Circle{good})) != 0 {
				t.Errorf("template %+v touches", c)
			}
			if len(CircleTouched(good, []Circle{c})) != 0 {
				t.Errorf("template touches %+v", c)
			}
			if err := tb.CheckRoute(Route{Pt(1, 1), Pt(2, 2)}, 0.5, []Circle{c}); err == nil {
				t.Errorf("route past %+v accepted", c)
			}
			if d := RouteEdgeDistance(Route{Pt(1, 1)}, 0.5, c); !math.IsInf(d, 1) {
				t.Errorf("RouteEdgeDistance to %+v = %v", c, d)
			}
			if _, err := PlaceTeardrop(c, 0, SmallTeardrop()); err == nil {
				t.Errorf("teardrop placed on %+v", c)
			}
		}
		for _, m := range models {
			if m.Valid() || m.InArc(Pt(6, 5)) || m.BaseInArc(good) {
				t.Errorf("%+v sees", m)
			}
			if tb.LoF(m, good, nil) || SightLines(m, good) != nil {
				t.Errorf("LoF from %+v", m)
			}
		}
		p := Pt(x, 1)
		if model(1, 1, 0.5, 0).InArc(p) {
			t.Errorf("InArc(%v)", p)
		}
		for _, pg := range []Polygon{box(10, 10, 12, 12), {Pt(0, 0), Pt(x, 1), Pt(1, 1)}} {
			if pg.Contains(p) || pg.Interior(p) || pg.CrossedBy(Segment{p, Pt(11, 11)}) {
				t.Errorf("polygon %v holds %v", pg, p)
			}
			if !math.IsInf(pg.DistTo(p), 1) || !math.IsInf(pg.SegmentDist(Segment{p, Pt(0, 0)}), 1) {
				t.Errorf("polygon distance to %v is finite", p)
			}
			_ = pg.Bounds()
			_ = pg.Area()
			_ = pg.BoundaryDist(p)
		}
		if err := (Polygon{Pt(0, 0), Pt(x, 1), Pt(1, 1)}).Validate(); err == nil {
			t.Error("non-finite polygon validated")
		}
		if _, err := NewTable(x, 48); err == nil {
			t.Errorf("table width %v accepted", x)
		}
		if err := tb.CheckRoute(Route{Pt(1, 1), p}, 0.5, nil); err == nil {
			t.Errorf("route to %v accepted", p)
		}
		if err := tb.CheckRoute(Route{Pt(1, 1), Pt(2, 2)}, x, nil); err == nil {
			t.Errorf("radius %v accepted", x)
		}
		_ = Route{Pt(1, 1), p}.Length()
		if RouteInZoC(good, Route{p}, 0.5) {
			t.Errorf("route at %v in ZoC", p)
		}
		if _, err := PlaceTeardrop(good, x, SmallTeardrop()); err == nil {
			t.Errorf("teardrop at angle %v placed", x)
		}
		for _, z := range []TeardropSize{{x, 0.5, 2}, {8, x, 2}, {8, 0.5, x}} {
			if _, err := PlaceTeardrop(good, 0, z); err == nil {
				t.Errorf("teardrop %+v placed", z)
			}
			td := Teardrop{Focus: Pt(1, 1), Size: z}
			if td.Touches(good) || td.Touched([]Circle{good}) != nil || !math.IsInf(td.Dist(Pt(1, 1)), 1) {
				t.Errorf("teardrop %+v touches", z)
			}
		}
		td, _ := PlaceTeardrop(good, 0, SmallTeardrop())
		if td.Touches(disc(x, 5, 1)) || !math.IsInf(td.Dist(p), 1) {
			t.Errorf("teardrop touches a base at %v", x)
		}
		if !math.IsNaN(NormalizeAngle(x)) {
			t.Errorf("NormalizeAngle(%v) is a number", x)
		}
		_ = FacingVec(x)
		_ = FacingToward(p, Pt(1, 1))
		_ = Vec{x, 1}.Unit()
		_ = Segment{p, Pt(1, 1)}.ClosestPoint(Pt(0, 0))
		_ = SegmentDistance(Segment{p, Pt(1, 1)}, Segment{Pt(0, 0), Pt(x, x)})
		tab := DefaultSilhouettes()
		tab[2].Height = x
		if _, err := tab.Base(2, Pt(1, 1)); err == nil {
			t.Errorf("Silhouette with height %v accepted", x)
		}
	}
}
