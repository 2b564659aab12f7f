package geom

import (
	"math"
	"testing"
)

func disc(x, y, r float64) Circle { return Circle{Center: Pt(x, y), Radius: r} }

func model(x, y, r, facing float64) Model {
	return Model{Base: disc(x, y, r), Facing: facing}
}

func marker(x, y, r float64) Model {
	return Model{Base: disc(x, y, r), Arc: Full360}
}

func box(x0, y0, x1, y1 float64) Polygon {
	return Polygon{Pt(x0, y0), Pt(x1, y0), Pt(x1, y1), Pt(x0, y1)}
}

func mustTable(t testing.TB, w, h float64, terrain ...Terrain) *Table {
	t.Helper()
	tb, err := NewTable(w, h, terrain...)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9 }

// s2 is the radius of a 25 mm base.
var s2 = MM(25) / 2
