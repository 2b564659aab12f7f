package geom

import (
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/ordo-rules/ordo/internal/testenv"
	"pgregory.net/rapid"
)

// The brute-force reference for Line of Fire (N4): a branch-and-bound
// search over every sight line, independent of LoF's own search. It knows
// nothing of features or tangents; it only measures distances.
//
// A sight line runs from a point P of the viewer's base outline to a point
// Q of the outline of the target's in-arc part (a line from inside a base
// contains one from its outline). Both outlines are walked by arc length,
// so a box [α0, α1] × [β0, β1] of parameters moves each end by at most the
// box's side. The clearance of a line, the least signed distance from its
// points to any obstacle (negative inside), changes by at most as much as
// its ends move; so a box whose centre line has clearance c holds no line
// with clearance above c + half its larger side, and is dropped when that
// is below the clearance sought. The search stops at the first line with
// the clearance sought, and gives up on boxes smaller than refResolution:
// it finds every line whose clearance is at least minClear + refResolution.

// refResolution is the half side below which the reference stops splitting.
const refResolution = 0.001

// refBudget caps the boxes the reference examines for one pair.
const refBudget = 400_000

// refOutline walks an end region's outline by arc length.
type refOutline struct {
	c        Point
	r        float64
	a0, span float64 // the arc: angles a0 .. a0+span
	chordA   Point   // the chord from the arc's end back to its start
	chordB   Point
	length   float64
}

// at is the point at arc length s.
func (o refOutline) at(s float64) Point {
	arc := o.span * o.r
	if s <= arc {
		a := o.a0 + s/o.r
		return Pt(o.c.X+o.r*math.Cos(a), o.c.Y+o.r*math.Sin(a))
	}
	l := o.chordA.Dist(o.chordB)
	if l == 0 {
		return o.chordA
	}
	return Lerp(o.chordA, o.chordB, min(1, (s-arc)/l))
}

// refTargetOutline is the outline of the target's part in the viewer's
// closed front half-plane (the whole base for a 360° viewer), and false
// when no part of it is in arc.
func refTargetOutline(v Model, tgt Circle) (refOutline, bool) {
	whole := refOutline{c: tgt.Center, r: tgt.Radius, span: 2 * math.Pi, length: 2 * math.Pi * tgt.Radius}
	if v.Arc == Full360 {
		return whole, true
	}
	f := FacingVec(v.Facing)
	g := tgt.Center.Sub(v.Base.Center).Dot(f) // the centre's distance in front
	if g >= tgt.Radius {
		return whole, true
	}
	if g <= -tgt.Radius {
		return refOutline{}, false
	}
	half := math.Acos(-g / tgt.Radius) // the in-arc part spans ±half about f
	fa := math.Atan2(f.Y, f.X)
	o := refOutline{c: tgt.Center, r: tgt.Radius, a0: fa - half, span: 2 * half}
	o.chordA = o.at(o.span * o.r)
	o.chordB = o.at(0)
	o.length = o.span*o.r + o.chordA.Dist(o.chordB)
	return o, true
}

// refClearance is the least signed distance from the segment to the
// obstacles: exact when positive; when the segment enters an obstacle, an
// upper bound on it (minus the greatest depth found at sample points).
func refClearance(blockers []Circle, terrain []Polygon, s Segment) float64 {
	c := math.Inf(1)
	for _, b := range blockers {
		c = min(c, s.DistTo(b.Center)-b.Radius)
	}
	for _, pg := range terrain {
		if d := pg.SegmentDist(s); d > 0 {
			c = min(c, d)
			continue
		}
		depth := 0.0
		for i := range 17 {
			if p := Lerp(s.A, s.B, float64(i)/16); pg.inside(p) {
				depth = max(depth, pg.BoundaryDist(p))
			}
		}
		c = min(c, -depth)
	}
	return c
}

// refLoF looks for a sight line whose clearance is at least minClear. It
// reports the line, whether it found one, and whether it ran out of budget.
func refLoF(tb *Table, v Model, tgt Circle, blockers []Circle, minClear float64) (Segment, bool, bool) {
	q, ok := refTargetOutline(v, tgt)
	if !ok {
		return Segment{}, false, false
	}
	p := refOutline{c: v.Base.Center, r: v.Base.Radius, span: 2 * math.Pi, length: 2 * math.Pi * v.Base.Radius}
	// Every sight line lies within the larger radius of the segment
	// joining the two centres; an obstacle further away cannot affect the
	// clearance sought unless it is closer than minClear to that band.
	centre := Segment{v.Base.Center, tgt.Center}
	reach := max(v.Base.Radius, tgt.Radius) + minClear
	var bs []Circle
	for _, b := range blockers {
		if centre.DistTo(b.Center)-b.Radius <= reach {
			bs = append(bs, b)
		}
	}
	var pgs []Polygon
	for _, tr := range tb.terrain() {
		if tr.Flags.Has(BlocksLoF) && tr.Outline.SegmentDist(centre) <= reach {
			pgs = append(pgs, tr.Outline)
		}
	}
	type box struct{ a0, a1, b0, b1 float64 }
	stack := []box{{0, p.length, 0, q.length}}
	for n := 0; len(stack) > 0; n++ {
		if n == refBudget {
			return Segment{}, false, true
		}
		bx := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		am, bm := (bx.a0+bx.a1)/2, (bx.b0+bx.b1)/2
		s := Segment{p.at(am), q.at(bm)}
		c := refClearance(bs, pgs, s)
		if c >= minClear {
			return s, true, false
		}
		h := max(bx.a1-bx.a0, bx.b1-bx.b0) / 2
		if c+h < minClear || h < refResolution {
			continue
		}
		if bx.a1-bx.a0 >= bx.b1-bx.b0 {
			stack = append(stack, box{bx.a0, am, bx.b0, bx.b1}, box{am, bx.a1, bx.b0, bx.b1})
		} else {
			stack = append(stack, box{bx.a0, bx.a1, bx.b0, bm}, box{bx.a0, bx.a1, bm, bx.b1})
		}
	}
	return Segment{}, false, false
}

// checkWitness checks, without LoF's own tests, that the line LoF found is
// a sight line: it runs from the viewer's base to the target's base, ends
// in the viewer's arc, and enters no obstacle by more than Eps.
func checkWitness(tb *Table, v Model, tgt Circle, blockers []Circle, s Segment) string {
	const slack = 1e-9
	switch {
	case s.A.Dist(v.Base.Center) > v.Base.Radius+slack:
		return "starts outside the viewer's base"
	case s.B.Dist(tgt.Center) > tgt.Radius+slack:
		return "ends outside the target's base"
	case v.Arc == Front180 && s.B.Sub(v.Base.Center).Dot(FacingVec(v.Facing)) < -Eps:
		return "ends outside the viewer's arc"
	}
	for _, b := range blockers {
		if s.DistTo(b.Center) < b.Radius-Eps-slack {
			return "crosses a blocker's base"
		}
	}
	for _, tr := range tb.terrain() {
		if !tr.Flags.Has(BlocksLoF) {
			continue
		}
		pg := tr.Outline
		// Where the line crosses an edge it may go in or out: test the middle
		// of every stretch between crossings, and a fine comb of points.
		ts := []float64{0, 1}
		for i := range pg {
			if p, ok := segmentCross(s.A, s.B, pg.edge(i).A, pg.edge(i).B); ok {
				ts = append(ts, s.A.Dist(p)/s.Len())
			}
		}
		sortSmall(ts)
		for i := 1; i < len(ts); i++ {
			if pg.Interior(Lerp(s.A, s.B, (ts[i-1]+ts[i])/2)) && pg.BoundaryDist(Lerp(s.A, s.B, (ts[i-1]+ts[i])/2)) > Eps+slack {
				return "crosses a terrain piece"
			}
		}
		for i := range 4001 {
			if p := Lerp(s.A, s.B, float64(i)/4000); pg.inside(p) && pg.BoundaryDist(p) > Eps+slack {
				return "crosses a terrain piece"
			}
		}
	}
	return ""
}

// lofScene is a viewer, a target, and obstacles strewn about the line
// between them, so that narrow gaps are common.
type lofScene struct {
	tb       *Table
	viewer   Model
	target   Circle
	blockers []Circle
}

// draw is the source of numbers a scene is made from: rapid's or a seeded
// generator's.
type draw interface {
	float(lo, hi float64) float64
	intn(lo, hi int) int // lo..hi inclusive
}

type rapidDraw struct{ t *rapid.T }

func (d rapidDraw) float(lo, hi float64) float64 { return rapid.Float64Range(lo, hi).Draw(d.t, "f") }
func (d rapidDraw) intn(lo, hi int) int          { return rapid.IntRange(lo, hi).Draw(d.t, "i") }

type seedDraw struct{ r *rand.Rand }

func (d seedDraw) float(lo, hi float64) float64 { return lo + d.r.Float64()*(hi-lo) }
func (d seedDraw) intn(lo, hi int) int          { return lo + d.r.IntN(hi-lo+1) }

// genLoFScene draws a scene: a viewer and a target of Silhouettes 1–7 on a
// table up to 48", facing anywhere from straight at the target to well
// away (so the arc's edge may cut the target), 1–30 terrain pieces
// (rectangles, triangles, round pieces of up to 48 corners and irregular,
// possibly concave, polygons), some of them touching the viewer's or the
// target's base, and 0–6 blocking bases, most of them near the line
// between the two, some in base contact with the viewer or the target.
func genLoFScene(d draw) (lofScene, bool) {
	sil := DefaultSilhouettes()
	size := d.float(12, 48)
	vb, _ := sil.Base(d.intn(1, 7), Pt(d.float(1, size-1), d.float(1, size-1)))
	tb, _ := sil.Base(d.intn(1, 7), Pt(d.float(1, size-1), d.float(1, size-1)))
	if InContact(vb, tb) {
		return lofScene{}, false
	}
	toward := FacingToward(vb.Center, tb.Center)
	var facing float64
	if d.intn(0, 3) == 0 {
		facing = d.float(-math.Pi, math.Pi)
	} else {
		facing = toward + d.float(-1.7, 1.7)
	}
	axis := tb.Center.Sub(vb.Center)
	normal := axis.Unit().Perp()
	near := func(spread float64) Point {
		return Lerp(vb.Center, tb.Center, d.float(-0.1, 1.1)).Add(normal.Scale(d.float(-spread, spread)))
	}
	var ts []Terrain
	for range d.intn(1, 30) {
		c := Pt(d.float(0, size), d.float(0, size))
		if d.intn(0, 3) == 0 {
			c = near(4)
		}
		var pg Polygon
		switch d.intn(0, 3) {
		case 0:
			w, h, rot := d.float(0.1, 3), d.float(0.1, 3), d.float(0, math.Pi)
			for _, v := range []Vec{{-w, -h}, {w, -h}, {w, h}, {-w, h}} {
				pg = append(pg, c.Add(v.Rotate(rot)))
			}
		case 1:
			for i := range 3 {
				pg = append(pg, c.Add(FacingVec(float64(i)*2*math.Pi/3+d.float(-0.8, 0.8)).Scale(d.float(0.3, 3))))
			}
		case 2:
			// A round piece of many corners: most of them too flat to
			// hold a sight line.
			n, r := d.intn(8, 48), d.float(0.2, 2)
			for i := range n {
				pg = append(pg, c.Add(FacingVec(float64(i)*2*math.Pi/float64(n)).Scale(r*d.float(0.97, 1))))
			}
		default:
			n := d.intn(4, 7)
			for i := range n {
				pg = append(pg, c.Add(FacingVec(float64(i)*2*math.Pi/float64(n)).Scale(d.float(0.2, 3))))
			}
		}
		// Models stand against walls: move some pieces to touch the
		// viewer's or the target's base.
		if d.intn(0, 9) == 0 {
			end := [2]Circle{vb, tb}[d.intn(0, 1)]
			if !pg.inside(end.Center) {
				var near Point
				best := math.Inf(1)
				for i := range pg {
					if p := pg.edge(i).ClosestPoint(end.Center); p.Dist(end.Center) < best {
						near, best = p, p.Dist(end.Center)
					}
				}
				shift := end.Center.Sub(near).Scale((best - end.Radius) / best)
				for i := range pg {
					pg[i] = pg[i].Add(shift)
				}
			}
		}
		flags := BlocksLoF
		if d.intn(0, 5) == 0 {
			flags = GivesCover
		}
		if pg.Validate() == nil {
			ts = append(ts, Terrain{Outline: pg, Flags: flags})
		}
	}
	table, err := NewTable(size, size, ts...)
	if err != nil {
		return lofScene{}, false
	}
	var bs []Circle
	for range d.intn(0, 6) {
		b, _ := sil.Base(d.intn(1, 7), near(4))
		// Troopers often stand in base contact: put some blockers touching
		// the viewer or the target.
		if k := d.intn(0, 5); k < 2 {
			end := [2]Circle{vb, tb}[k]
			b.Center = end.Center.Add(FacingVec(d.float(-math.Pi, math.Pi)).Scale(end.Radius + b.Radius))
		}
		bs = append(bs, b)
	}
	return lofScene{table, Model{Base: vb, Facing: facing}, tb, bs}, true
}

// checkLoFScene compares LoF with the reference on one scene: a line LoF
// finds is a real sight line, and LoF finds one whenever the reference
// finds a line 0.01" clear of everything. It reports whether LoF said yes
// and whether the reference found a line.
func checkLoFScene(t fataler, sc lofScene) (got, ref bool) {
	t.Helper()
	var q sightQuery
	got = q.lof(sc.tb, sc.viewer, sc.target, sc.blockers)
	if got != sc.tb.LoF(sc.viewer, sc.target, sc.blockers) {
		t.Fatal("LoF and its query disagree")
	}
	if got {
		if why := checkWitness(sc.tb, sc.viewer, sc.target, sc.blockers, q.witness); why != "" {
			t.Fatalf("LoF's line %v %s\n%s", q.witness, why, describeScene(sc))
		}
	}
	line, ref, _ := refLoF(sc.tb, sc.viewer, sc.target, sc.blockers, 0.01-refResolution)
	if ref && !got {
		t.Fatalf("no LoF, yet the line %v is 0.01\" clear of everything\n%s", line, describeScene(sc))
	}
	return got, ref
}

// fataler is what checkLoFScene needs of *testing.T and *rapid.T.
type fataler interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

func describeScene(sc lofScene) string {
	s := "viewer " + fmtCircle(sc.viewer.Base) + " facing " + fmtF(sc.viewer.Facing*180/math.Pi) + "°, target " + fmtCircle(sc.target) + "\n"
	for _, b := range sc.blockers {
		s += "blocker " + fmtCircle(b) + "\n"
	}
	for _, tr := range sc.tb.Terrain {
		s += "terrain " + tr.Flags.String() + ":"
		for _, p := range tr.Outline {
			s += " (" + fmtF(p.X) + "," + fmtF(p.Y) + ")"
		}
		s += "\n"
	}
	return s
}

func fmtCircle(c Circle) string {
	return "(" + fmtF(c.Center.X) + "," + fmtF(c.Center.Y) + ") r " + fmtF(c.Radius)
}

func fmtF(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// Line of Fire (N4), exactly: on random scenes crowded about the line of
// sight, LoF agrees with the brute-force reference (see refLoF). The
// reference takes milliseconds a scene, so it checks 30 scenes by default,
// rapid's 100 (or -rapid.checks) with ORDO_LONG=1.
func TestPropLoFExact(t *testing.T) {
	shortRapid(t, 30)
	rapid.Check(t, func(t *rapid.T) {
		sc, ok := genLoFScene(rapidDraw{t})
		if !ok {
			t.Skip("bases in contact")
		}
		checkLoFScene(t, sc)
	})
}

// The same comparison on a fixed sweep of seeded scenes (ORDO_LONG=1 for
// the full count), with the share of pairs the sample lines alone miss.
func TestLoFExactSweep(t *testing.T) {
	n := testenv.Count(15, 10_000)
	r := seedDraw{rand.New(rand.NewPCG(12, 2026))}
	var pairs, seen, refSeen, samplesOnly int
	for pairs < n {
		sc, ok := genLoFScene(r)
		if !ok {
			continue
		}
		pairs++
		got, ref := checkLoFScene(t, sc)
		if got {
			seen++
		}
		if ref {
			refSeen++
		}
		if got && !samplesSee(sc) {
			samplesOnly++
		}
	}
	t.Logf("%d pairs: LoF %d, reference (0.01\" clear) %d, found only by the exact search %d", pairs, seen, refSeen, samplesOnly)
}

// samplesSee reports whether one of the sample sight lines is clear.
func samplesSee(sc lofScene) bool {
	var q sightQuery
	if !q.init(sc.tb, sc.viewer, sc.target, sc.blockers, BlocksLoF) {
		return false
	}
	for k := range SightSamples * SightSamples {
		if s, ok := q.line(k); ok && q.clear(s) {
			return true
		}
	}
	return false
}

// The exact search keeps LoF's monotone and symmetric laws on crowded
// scenes, where it decides most answers: more obstacles never make LoF,
// fewer never take it away, a 360° arc sees whatever a 180° arc sees, and
// two 360° models see each other both ways or not at all.
func TestPropLoFExactLaws(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc, ok := genLoFScene(rapidDraw{t})
		if !ok {
			t.Skip("bases in contact")
		}
		tb, v, tgt, bs := sc.tb, sc.viewer, sc.target, sc.blockers
		got := tb.LoF(v, tgt, bs)
		extra := Circle{Lerp(v.Base.Center, tgt.Center, rapid.Float64Range(0, 1).Draw(t, "extra.at")), rapid.Float64Range(0.05, 1).Draw(t, "extra.r")}
		if !got && tb.LoF(v, tgt, append(slices.Clone(bs), extra)) {
			t.Fatal("adding a blocker created LoF")
		}
		if n := len(tb.Terrain); n > 0 && got {
			i := rapid.IntRange(0, n-1).Draw(t, "remove")
			fewer, err := NewTable(tb.Width, tb.Height, slices.Delete(slices.Clone(tb.Terrain), i, i+1)...)
			if err != nil {
				t.Fatal(err)
			}
			if !fewer.LoF(v, tgt, bs) {
				t.Fatal("removing a terrain piece removed LoF")
			}
		}
		all := v
		all.Arc = Full360
		if got && !tb.LoF(all, tgt, bs) {
			t.Fatal("LoF with a 180° arc but not with 360°")
		}
		back := Model{Base: tgt, Arc: Full360}
		if tb.LoF(all, tgt, bs) != tb.LoF(back, v.Base, bs) {
			t.Fatal("LoF between two 360° models is not symmetric")
		}
	})
}

// shortRapid makes the rapid.Check calls of t check n cases instead of
// rapid's default, unless ORDO_LONG=1 is set or the number was chosen with
// -rapid.checks or RAPID_CHECKS. rapid reads the number from its flag when a
// check starts, so the flag is set for t and put back after it; no test of
// this package runs in parallel with another.
func shortRapid(t *testing.T, n int) {
	t.Helper()
	f := flag.Lookup("rapid.checks")
	if testenv.Long() || f == nil || os.Getenv("RAPID_CHECKS") != "" {
		return
	}
	chosen := false
	flag.Visit(func(g *flag.Flag) { chosen = chosen || g == f })
	if chosen {
		return
	}
	old := f.Value.String()
	if err := f.Value.Set(strconv.Itoa(n)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}
