package geom

import (
	"math"
	"slices"
	"testing"
)

func TestLoF(t *testing.T) {
	r := s2
	east := 0.0
	west := math.Pi
	// Viewer at (10,10) looking east, target 10" east at (20,10) looking west.
	v := model(10, 10, r, east)
	tgt := disc(20, 10, r)
	wall := Terrain{Name: "wall", Outline: box(14, 5, 16, 15), Flags: BlocksLoF | Impassable}
	lowWall := Terrain{Name: "low wall", Outline: box(14, 5, 16, 15), Flags: GivesCover}
	// A triangle whose apex reaches exactly the upper tangent line y = 10 + r.
	spike := func(apex float64) Terrain {
		return Terrain{Name: "spike", Outline: Polygon{Pt(14, 0), Pt(16, 0), Pt(15, apex)}, Flags: BlocksLoF}
	}
	// A wall whose top face lies exactly on the upper tangent line.
	face := func(top float64) Terrain {
		return Terrain{Name: "face", Outline: box(13, 0, 17, top), Flags: BlocksLoF}
	}
	tests := []struct {
		name     string
		terrain  []Terrain
		viewer   Model
		target   Circle
		blockers []Circle
		want     bool
	}{
		{"Line of Fire (N4) open table: a target ahead is in LoF", nil, v, tgt, nil, true},
		{"Line of Fire (N4) 180° arc: no LoF to a target behind", nil, model(10, 10, r, west), tgt, nil, false},
		{"Line of Fire (N4) 360° markers trace LoF behind", nil, Model{Base: v.Base, Facing: west, Arc: Full360}, tgt, nil, true},
		{"Line of Fire (N4) a target abeam is in the 180° arc", nil, model(10, 10, r, math.Pi/2), tgt, nil, true},
		{"Line of Fire (N4) scenery blocks LoF", []Terrain{wall}, v, tgt, nil, false},
		{"Line of Fire (N4) scenery that does not block LoF (cover only) does not", []Terrain{lowWall}, v, tgt, nil, true},
		{"Line of Fire (N4) troopers block LoF", nil, v, tgt, []Circle{disc(15, 10, 2)}, false},
		{"Line of Fire (N4) a blocker base tangent to the only open sight lines does not block", nil, v, tgt, []Circle{disc(15, 10, r)}, true},
		{"Line of Fire (N4) a blocker base a hair wider than the corridor blocks", nil, v, tgt, []Circle{disc(15, 10, r+1e-3)}, false},
		{"Line of Fire (N4) a sight line grazing a terrain corner is not blocked", []Terrain{spike(10 + r)}, v, tgt, nil, true},
		{"Line of Fire (N4) a corner reaching past the graze line blocks", []Terrain{spike(10 + r + 1e-3)}, v, tgt, nil, false},
		{"Line of Fire (N4) a sight line running along a wall's face is not blocked", []Terrain{face(10 + r)}, v, tgt, nil, true},
		{"Line of Fire (N4) a wall face a hair above the corridor blocks", []Terrain{face(10 + r + 1e-3)}, v, tgt, nil, false},
		{"Line of Fire (N4) part of the target seen round a corner is LoF", []Terrain{{Outline: box(14, 0, 16, 10.2), Flags: BlocksLoF}}, v, tgt, nil, true},
		{"Base contact (N4) bases in contact see each other through a crowd",
			nil, v, disc(10+2*r, 10, r),
			[]Circle{disc(10+r, 10+2*r, r), disc(10+r, 10-2*r, r)}, true},
		{"Line of Fire (N4) a blocker touching the target does not block by touching", nil, v, tgt, []Circle{disc(20+2*r, 10, r)}, true},
		{"Line of Fire (N4) a wall across the corridor that overlaps the viewer's base hides nothing in front of it",
			[]Terrain{{Outline: box(10.2, 8, 10.3, 12), Flags: BlocksLoF}}, v, tgt, nil, true},
		{"Line of Fire (N4) a base across the corridor that overlaps the target's far side leaves its near side seen",
			nil, v, tgt, []Circle{disc(21.5, 10, 1.6)}, true},
		{"Line of Fire (N4) a U-shaped piece whose arms cross both edges of the corridor is seen through",
			[]Terrain{{Outline: Polygon{Pt(14, 12), Pt(22, 12), Pt(22, 8), Pt(14, 8), Pt(14, 9.7), Pt(16, 9.7), Pt(16, 9.4),
				Pt(21, 9.4), Pt(21, 10.6), Pt(16, 10.6), Pt(16, 10.3), Pt(14, 10.3)}, Flags: BlocksLoF}}, v, tgt, nil, true},
		{"Line of Fire (N4) a wall across the target's base leaves its near side seen",
			[]Terrain{{Outline: box(19.8, 8, 19.9, 12), Flags: BlocksLoF}}, v, tgt, nil, true},
		{"Line of Fire (N4) an invalid blocker gives no LoF", nil, v, tgt, []Circle{disc(math.NaN(), 0, 1)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := mustTable(t, 48, 48, tt.terrain...)
			if got := tb.LoF(tt.viewer, tt.target, tt.blockers); got != tt.want {
				t.Fatalf("LoF = %v, want %v", got, tt.want)
			}
			// The same answer without the broad-phase index.
			lit := &Table{Width: 48, Height: 48, Terrain: tt.terrain}
			if got := lit.LoF(tt.viewer, tt.target, tt.blockers); got != tt.want {
				t.Fatalf("LoF on an unindexed table = %v, want %v", got, tt.want)
			}
			// LoFExcept gives the same answer through the blockers with
			// two more put in and left out by index: a base across the
			// corridor and a bad one, either of which alone would give no
			// Line of Fire.
			for a := range len(tt.blockers) + 1 {
				with := slices.Insert(slices.Clone(tt.blockers), a, disc(15, 10, 2))
				for b := range len(with) + 1 {
					with := slices.Insert(slices.Clone(with), b, disc(math.NaN(), 0, 1))
					skipA := a
					if b <= a {
						skipA++
					}
					if got := tb.LoFExcept(tt.viewer, tt.target, NewBases(with), skipA, b); got != tt.want {
						t.Fatalf("LoFExcept leaving out %d and %d of %v = %v, want %v", skipA, b, with, got, tt.want)
					}
				}
			}
			if got := tb.LoFExcept(tt.viewer, tt.target, NewBases(tt.blockers), -1, len(tt.blockers)); got != tt.want {
				t.Fatalf("LoFExcept leaving out none = %v, want %v", got, tt.want)
			}
		})
	}
}

// Line of Fire (N4) through narrow gaps: a clear line that none of the
// sample sight lines follows is still found (the samples are checked to
// miss it, so each case needs the exact search), and a gap no straight line
// can thread is not.
func TestLoFExact(t *testing.T) {
	sil := DefaultSilhouettes()
	base := func(s int, x, y float64) Circle {
		c, err := sil.Base(s, Pt(x, y))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	wall := func(pg Polygon) Terrain { return Terrain{Outline: pg, Flags: BlocksLoF} }
	// The counter-example of issue #9 item 12: the line
	// (36.613,25.740)→(17.386,17.191) is in arc and 0.259" clear of both
	// pieces.
	issueViewer := Model{Base: base(3, 36.755, 26.514), Facing: 189.8 * math.Pi / 180}
	issueTarget := base(7, 18.468, 17.154)
	issueTerrain := []Terrain{
		wall(Polygon{Pt(22.185, 16.106), Pt(21.922, 16.966), Pt(21.752, 17.474), Pt(19.664, 17.921), Pt(19.775, 15.519)}),
		wall(Polygon{Pt(21.198, 19.169), Pt(21.492, 23.983), Pt(20.331, 24.054), Pt(20.037, 19.24)}),
	}
	// Two walls just ahead of the viewer with a 3 mm slit between them at
	// 0.10"–0.22" off the centre line: the line y = 10.16 runs through it.
	v := model(10, 10, s2, 0)
	tgt := disc(30, 10, s2)
	slit := []Terrain{wall(box(11.5, 0, 12, 10.10)), wall(box(11.5, 10.22, 12, 20))}
	// A slit as narrow between two round pieces of 64 corners each: the
	// clear lines rest on corners whose edges are nearly in line.
	round := func(c Point, r float64) Terrain {
		var pg Polygon
		for i := range 64 {
			pg = append(pg, c.Add(FacingVec(float64(i)*2*math.Pi/64).Scale(r)))
		}
		return wall(pg)
	}
	roundSlit := []Terrain{round(Pt(11.75, 9.7), 0.4), round(Pt(11.75, 10.62), 0.4)}
	// The same slit, with a second pair of walls further on whose slit is
	// 0.3" lower: no straight line threads both.
	staggered := append(slices.Clone(slit), wall(box(20, 0, 20.5, 9.7)), wall(box(20, 9.82, 20.5, 20)))
	tests := []struct {
		name     string
		terrain  []Terrain
		viewer   Model
		target   Circle
		blockers []Circle
		want     bool
	}{
		{"Line of Fire (N4) issue #9 item 12: the 0.26\" wide line between two pieces is found", issueTerrain, issueViewer, issueTarget, nil, true},
		{"Line of Fire (N4) a 3 mm slit between two walls is seen through", slit, v, tgt, nil, true},
		{"Line of Fire (N4) a 3 mm slit between two round pieces is seen through", roundSlit, v, tgt, nil, true},
		{"Line of Fire (N4) a 3 mm slit between two bases is seen through", nil, v, tgt,
			[]Circle{disc(12, 10.10-1, 1), disc(12, 10.22+1, 1)}, true},
		{"Line of Fire (N4) a slit closed by a base behind it is not", slit, v, tgt, []Circle{disc(14, 10.16, 0.2)}, false},
		{"Line of Fire (N4) two slits out of line are not seen through", staggered, v, tgt, nil, false},
		{"Line of Fire (N4) 180° arc: a sliver of a close target just across the arc's edge is seen", nil,
			model(10, 10, s2, 116*math.Pi/180), disc(10+2*s2+0.1, 10, s2), nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := mustTable(t, 48, 48, tt.terrain...)
			sc := lofScene{tb, tt.viewer, tt.target, tt.blockers}
			if samplesSee(sc) {
				t.Fatal("a sample sight line is clear: the case does not need the exact search")
			}
			if got, _ := checkLoFScene(t, sc); got != tt.want {
				t.Fatalf("LoF = %v, want %v", got, tt.want)
			}
			lit := &Table{Width: 48, Height: 48, Terrain: tt.terrain}
			if got := lit.LoF(tt.viewer, tt.target, tt.blockers); got != tt.want {
				t.Fatalf("LoF on an unindexed table = %v, want %v", got, tt.want)
			}
		})
	}
}

// Line of Fire (N4) reciprocity: whether B sees A back depends on B's own arc.
func TestLoFReciprocity(t *testing.T) {
	tb := mustTable(t, 48, 48)
	a := model(10, 10, s2, 0)       // faces B
	b := model(20, 10, s2, math.Pi) // faces A
	if !tb.LoF(a, b.Base, nil) || !tb.LoF(b, a.Base, nil) {
		t.Fatal("models facing each other should see each other")
	}
	b.Facing = 0 // B turns its back
	if !tb.LoF(a, b.Base, nil) {
		t.Fatal("A should still see B")
	}
	if tb.LoF(b, a.Base, nil) {
		t.Fatal("B should not see A behind it")
	}
}

func TestLoFNilTable(t *testing.T) {
	var tb *Table
	if !tb.LoF(model(0, 0, 0.5, 0), disc(10, 0, 0.5), nil) {
		t.Fatal("a nil table is open ground")
	}
	if tb.LoF(model(0, 0, 0.5, 0), disc(10, 0, 0.5), []Circle{disc(5, 0, 2)}) {
		t.Fatal("blockers still block on a nil table")
	}
	if _, ok := tb.PartialCover(model(0, 0, 0.5, 0), disc(10, 0, 0.5), nil); ok {
		t.Fatal("cover on a nil table")
	}
}

func TestSightLines(t *testing.T) {
	v := model(0, 0, 1, 0)
	lines := SightLines(Model{Base: v.Base, Arc: Full360}, disc(10, 0, 0.5))
	if len(lines) != SightSamples*SightSamples {
		t.Fatalf("%d sight lines for a 360° viewer, want %d", len(lines), SightSamples*SightSamples)
	}
	// The centre line comes first and runs between the facing points.
	if c := lines[0]; !near(c.A.X, 1) || !near(c.A.Y, 0) || !near(c.B.X, 9.5) || !near(c.B.Y, 0) {
		t.Fatalf("centre line = %+v", c)
	}
	// The next two are the external common tangents: each touches both
	// circles, so its distance to each centre equals the radius.
	for _, s := range lines[1:3] {
		line := func(p Point) float64 {
			d := s.B.Sub(s.A)
			return math.Abs(d.Cross(p.Sub(s.A))) / d.Len()
		}
		if !near(line(Pt(0, 0)), 1) || !near(line(Pt(10, 0)), 0.5) {
			t.Fatalf("tangent line %+v is not tangent", s)
		}
	}
	seen := map[Segment]bool{}
	for _, s := range lines {
		if seen[s] {
			t.Fatalf("duplicate sight line %+v", s)
		}
		seen[s] = true
	}
	// A viewer looking north sees a target due east only through lines
	// ending on its northern half.
	for _, s := range SightLines(model(0, 0, 1, math.Pi/2), disc(10, 0, 0.5)) {
		if s.B.Y < -Eps {
			t.Fatalf("sight line %+v ends behind the viewer's arc", s)
		}
	}
}
