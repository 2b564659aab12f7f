package geom

import (
	"math"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// Generators: a 48" table, bases from 0.3" to 1.5" in radius, terrain as
// rotated rectangles and triangles.

func genPoint(t *rapid.T, label string) Point {
	return Pt(rapid.Float64Range(0, 48).Draw(t, label+".x"), rapid.Float64Range(0, 48).Draw(t, label+".y"))
}

func genCircle(t *rapid.T, label string) Circle {
	return Circle{Center: genPoint(t, label), Radius: rapid.Float64Range(0.3, 1.5).Draw(t, label+".r")}
}

func genModel(t *rapid.T, label string, arc Arc) Model {
	return Model{Base: genCircle(t, label), Facing: rapid.Float64Range(-math.Pi, math.Pi).Draw(t, label+".facing"), Arc: arc}
}

func genTerrain(t *rapid.T, label string) Terrain {
	c := genPoint(t, label)
	var pg Polygon
	if rapid.Bool().Draw(t, label+".triangle") {
		for i := range 3 {
			a := float64(i)*2*math.Pi/3 + rapid.Float64Range(-0.8, 0.8).Draw(t, label+".a")
			d := rapid.Float64Range(0.5, 5).Draw(t, label+".d")
			pg = append(pg, c.Add(FacingVec(a).Scale(d)))
		}
	} else {
		w := rapid.Float64Range(0.2, 6).Draw(t, label+".w")
		h := rapid.Float64Range(0.2, 6).Draw(t, label+".h")
		rot := rapid.Float64Range(0, math.Pi).Draw(t, label+".rot")
		for _, v := range []Vec{{-w, -h}, {w, -h}, {w, h}, {-w, h}} {
			pg = append(pg, c.Add(v.Rotate(rot)))
		}
	}
	flags := Flags(rapid.IntRange(0, int(allFlags)).Draw(t, label+".flags"))
	return Terrain{Outline: pg, Flags: flags}
}

func genTable(t *rapid.T) *Table {
	n := rapid.IntRange(0, 8).Draw(t, "terrain")
	var ts []Terrain
	for i := range n {
		tr := genTerrain(t, "t"+string(rune('0'+i)))
		if tr.Outline.Validate() == nil {
			ts = append(ts, tr)
		}
	}
	tb, err := NewTable(48, 48, ts...)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func genBlockers(t *rapid.T) []Circle {
	n := rapid.IntRange(0, 6).Draw(t, "blockers")
	var bs []Circle
	for i := range n {
		bs = append(bs, genCircle(t, "b"+string(rune('0'+i))))
	}
	return bs
}

func TestPropEdgeDistance(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genCircle(t, "a"), genCircle(t, "b")
		d := EdgeDistance(a, b)
		if d < 0 {
			t.Fatalf("negative distance %v", d)
		}
		if d != EdgeDistance(b, a) {
			t.Fatalf("asymmetric: %v vs %v", d, EdgeDistance(b, a))
		}
		if EdgeDistance(a, a) != 0 {
			t.Fatal("a base is not at distance 0 from itself")
		}
	})
}

func TestPropZoCContainment(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genCircle(t, "a")
		rb := rapid.Float64Range(0.3, 1.5).Draw(t, "rb")
		gap := rapid.Float64Range(0, ZoCRadius).Draw(t, "gap")
		dir := FacingVec(rapid.Float64Range(-math.Pi, math.Pi).Draw(t, "dir"))
		b := Circle{Center: a.Center.Add(dir.Scale(a.Radius + rb + gap)), Radius: rb}
		if !InZoC(a, b) || !InZoC(b, a) {
			t.Fatalf("a base %v\" away (edge to edge) is not in ZoC both ways", gap)
		}
		touching := Circle{Center: a.Center.Add(dir.Scale(a.Radius + rb)), Radius: rb}
		if !InContact(a, touching) || !InZoC(a, touching) || !InZoC(touching, a) {
			t.Fatal("a touching base is not in contact and in ZoC")
		}
		// Any pair: ZoC is exactly "edge distance ≤ 8", both ways.
		c := genCircle(t, "c")
		if InZoC(a, c) != (EdgeDistance(a, c) <= ZoCRadius+Eps) || InZoC(a, c) != InZoC(c, a) {
			t.Fatal("ZoC disagrees with the edge distance or is asymmetric")
		}
	})
}

func TestPropLoFArcMonotonic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb := genTable(t)
		v := genModel(t, "v", Front180)
		tgt := genCircle(t, "tgt")
		bs := genBlockers(t)
		all := v
		all.Arc = Full360
		if tb.LoF(v, tgt, bs) && !tb.LoF(all, tgt, bs) {
			t.Fatal("LoF with a 180° arc but not with 360°")
		}
	})
}

func TestPropLoFBlockers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb := genTable(t)
		v := genModel(t, "v", Arc(rapid.IntRange(0, 1).Draw(t, "arc")))
		tgt := genCircle(t, "tgt")
		bs := genBlockers(t)
		extra := genCircle(t, "extra")
		with := tb.LoF(v, tgt, append(slices.Clone(bs), extra))
		without := tb.LoF(v, tgt, bs)
		if with && !without {
			t.Fatal("adding a blocker created LoF")
		}
		if len(bs) > 0 {
			i := rapid.IntRange(0, len(bs)-1).Draw(t, "remove")
			fewer := slices.Delete(slices.Clone(bs), i, i+1)
			if without && !tb.LoF(v, tgt, fewer) {
				t.Fatal("removing a blocker removed LoF")
			}
		}
	})
}

// CrossedBy against its definition: a segment that is not crossing has no
// point strictly inside the polygon. Half the segments run through or along
// the polygon's vertices, where the shortcuts live.
func TestPropCrossedBy(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tr := genTerrain(t, "t")
		pg := tr.Outline
		if pg.Validate() != nil {
			return
		}
		var s Segment
		if rapid.Bool().Draw(t, "through-vertices") {
			i := rapid.IntRange(0, len(pg)-1).Draw(t, "i")
			j := rapid.IntRange(0, len(pg)-1).Draw(t, "j")
			k := rapid.Float64Range(-2, 3).Draw(t, "k")
			s = Segment{Lerp(pg[i], pg[j], -k), Lerp(pg[i], pg[j], 1+k)}
		} else {
			s = Segment{genPoint(t, "a"), genPoint(t, "b")}
		}
		if pg.CrossedBy(s) != pg.CrossedBy(Segment{s.B, s.A}) {
			t.Fatalf("CrossedBy depends on the segment's direction: %v", s)
		}
		if pg.CrossedBy(s) {
			return
		}
		for i := range 1001 {
			if p := Lerp(s.A, s.B, float64(i)/1000); pg.Interior(p) {
				t.Fatalf("not crossing, yet %v is strictly inside %v", p, pg)
			}
		}
	})
}

func TestPropLoFTerrainMonotonic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb := genTable(t)
		if len(tb.Terrain) == 0 {
			return
		}
		v := genModel(t, "v", Front180)
		tgt := genCircle(t, "tgt")
		i := rapid.IntRange(0, len(tb.Terrain)-1).Draw(t, "remove")
		fewer, err := NewTable(48, 48, slices.Delete(slices.Clone(tb.Terrain), i, i+1)...)
		if err != nil {
			t.Fatal(err)
		}
		if tb.LoF(v, tgt, nil) && !fewer.LoF(v, tgt, nil) {
			t.Fatal("removing a terrain piece removed LoF")
		}
	})
}

// With all-round arcs the sample lines are the same both ways, so LoF is
// symmetric (Line of Fire (N4) reciprocity, arcs aside).
func TestPropLoFSymmetric360(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb := genTable(t)
		a, b := genModel(t, "a", Full360), genModel(t, "b", Full360)
		bs := genBlockers(t)
		if tb.LoF(a, b.Base, bs) != tb.LoF(b, a.Base, bs) {
			t.Fatal("LoF between two 360° models is not symmetric")
		}
	})
}

// The broad phase never changes the answer: the indexed table agrees with
// the same table built as a literal (boxes computed on every query), and
// whenever one of the sample sight lines is clear of every obstacle, tested
// one by one without culling, LoF is true.
func TestPropLoFBroadPhase(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb := genTable(t)
		v := genModel(t, "v", Arc(rapid.IntRange(0, 1).Draw(t, "arc")))
		tgt := genCircle(t, "tgt")
		bs := genBlockers(t)
		got := tb.LoF(v, tgt, bs)
		lit := &Table{Width: tb.Width, Height: tb.Height, Terrain: tb.Terrain}
		if lit.LoF(v, tgt, bs) != got {
			t.Fatal("LoF differs between the indexed and the literal table")
		}
		sample := InContact(v.Base, tgt) && v.BaseInArc(tgt)
		for _, s := range SightLines(v, tgt) {
			clear := true
			for _, b := range bs {
				if blocksCircle(b, s) {
					clear = false
				}
			}
			for _, tr := range tb.Terrain {
				if tr.Flags.Has(BlocksLoF) && tr.Outline.CrossedBy(s) {
					clear = false
				}
			}
			if clear {
				sample = true
			}
		}
		if sample && !got {
			t.Fatal("a sample sight line is clear, yet no LoF")
		}
	})
}

func TestPropRouteLength(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 8).Draw(t, "n")
		var r Route
		for i := range n {
			r = append(r, genPoint(t, "p"+string(rune('0'+i))))
		}
		if l, d := r.Length(), r[0].Dist(r[len(r)-1]); l < d-1e-9 {
			t.Fatalf("route length %v below the straight-line distance %v", l, d)
		}
	})
}

func TestPropCircleTemplateMonotonic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genPoint(t, "c")
		r1 := rapid.Float64Range(0, 5).Draw(t, "r1")
		r2 := r1 + rapid.Float64Range(0, 5).Draw(t, "dr")
		var bases []Circle
		for i := range rapid.IntRange(0, 10).Draw(t, "n") {
			bases = append(bases, genCircle(t, "b"+string(rune('0'+i))))
		}
		small := CircleTouched(Circle{c, r1}, bases)
		large := CircleTouched(Circle{c, r2}, bases)
		for _, i := range small {
			if !slices.Contains(large, i) {
				t.Fatalf("base %d touched by radius %v but not by %v", i, r1, r2)
			}
		}
	})
}

// A route is legal only if the moving base never overlaps another base:
// check the sweep against dense samples along each leg.
func TestPropRouteBases(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := Route{genPoint(t, "a"), genPoint(t, "b")}
		radius := rapid.Float64Range(0.3, 1.5).Draw(t, "radius")
		other := genCircle(t, "other")
		err := (*Table)(nil).CheckRoute(r, radius, []Circle{other})
		for i := 0; i <= 200; i++ {
			p := Lerp(r[0], r[1], float64(i)/200)
			if p.Dist(other.Center) < radius+other.Radius-1e-3 && err == nil {
				t.Fatalf("route overlaps the base at %v but was accepted", p)
			}
		}
	})
}

// Touches skips the outline's distance for a base farther from the focus
// than the template's length: it must answer as the distance would
// (Direct Template Weapons (N4): touching counts), bases near that reach,
// along and around the axis, included.
func TestPropTeardropTouchesAsDist(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		size := SmallTeardrop()
		if rapid.Bool().Draw(t, "large") {
			size = LargeTeardrop()
		}
		td := Teardrop{Focus: genPoint(t, "focus"), Angle: rapid.Float64Range(-math.Pi, math.Pi).Draw(t, "angle"), Size: size}
		radius := rapid.Float64Range(0.3, 1.5).Draw(t, "r")
		// A base around the far end: off the axis by up to 40°, at about
		// the distance a base touching the tip has.
		off := rapid.Float64Range(-0.7, 0.7).Draw(t, "off")
		d := size.Length + radius + rapid.Float64Range(-0.5, 0.5).Draw(t, "d")
		c := Circle{Center: td.Focus.Add(FacingVec(td.Angle + off).Scale(d)), Radius: radius}
		if rapid.Bool().Draw(t, "anywhere") {
			c = genCircle(t, "c")
		}
		if got, want := td.Touches(c), td.Dist(c.Center) <= c.Radius+Eps; got != want {
			t.Fatalf("Touches(%+v) = %v, the outline's distance %v says %v", c, got, td.Dist(c.Center), want)
		}
	})
}
