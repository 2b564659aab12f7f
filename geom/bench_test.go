package geom

import (
	"math"
	"math/rand/v2"
	"testing"
)

// benchScene is a 48" × 48" table with 30 terrain pieces (rotated
// rectangles, 1–6" a side, half of them blocking LoF) and 30 models on
// 25–55 mm bases, placed clear of the terrain and of each other.
func benchScene(b *testing.B) (*Table, []Model) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ts []Terrain
	for len(ts) < 30 {
		c := Pt(4+rng.Float64()*40, 4+rng.Float64()*40)
		w, h := 0.5+rng.Float64()*2.5, 0.5+rng.Float64()*2.5
		rot := rng.Float64() * math.Pi
		var pg Polygon
		for _, v := range []Vec{{-w, -h}, {w, -h}, {w, h}, {-w, h}} {
			pg = append(pg, c.Add(v.Rotate(rot)))
		}
		flags := GivesCover | Impassable
		if len(ts)%2 == 0 {
			flags |= BlocksLoF
		}
		ts = append(ts, Terrain{Outline: pg, Flags: flags})
	}
	tb, err := NewTable(48, 48, ts...)
	if err != nil {
		b.Fatal(err)
	}
	radii := []float64{MM(25) / 2, MM(40) / 2, MM(55) / 2}
	var ms []Model
	for len(ms) < 30 {
		m := Model{
			Base:   Circle{Pt(1+rng.Float64()*46, 1+rng.Float64()*46), radii[rng.IntN(len(radii))]},
			Facing: rng.Float64() * 2 * math.Pi,
		}
		ok := true
		for _, tr := range ts {
			if tr.Outline.DistTo(m.Base.Center) <= m.Base.Radius {
				ok = false
			}
		}
		for _, o := range ms {
			if InContact(o.Base, m.Base) {
				ok = false
			}
		}
		if ok {
			ms = append(ms, m)
		}
	}
	return tb, ms
}

// lofPair is one LoF query over the scene: the blockers are the 28 other
// models.
type lofPair struct {
	viewer   Model
	target   Circle
	blockers []Circle
}

func benchPairs(ms []Model) []lofPair {
	var pairs []lofPair
	for i := range ms {
		for j := range ms {
			if i == j {
				continue
			}
			var bs []Circle
			for k, m := range ms {
				if k != i && k != j {
					bs = append(bs, m.Base)
				}
			}
			v := ms[i]
			v.Facing = FacingToward(v.Base.Center, ms[j].Base.Center) // in arc: the full test runs
			pairs = append(pairs, lofPair{v, ms[j].Base, bs})
		}
	}
	return pairs
}

// BenchmarkLoF: LoF between two models on a table with 30 terrain pieces
// and 30 models, averaged over every ordered pair (visible and blocked).
func BenchmarkLoF(b *testing.B) {
	tb, ms := benchScene(b)
	pairs := benchPairs(ms)
	seen := 0
	for _, p := range pairs {
		if tb.LoF(p.viewer, p.target, p.blockers) {
			seen++
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := &pairs[i%len(pairs)]
		tb.LoF(p.viewer, p.target, p.blockers)
	}
	b.ReportMetric(float64(seen)/float64(len(pairs))*100, "%visible")
}

// BenchmarkLoFBlocked times only the pairs without LoF: every sight line is
// tested, the worst case.
func BenchmarkLoFBlocked(b *testing.B) {
	tb, ms := benchScene(b)
	var blocked []lofPair
	for _, p := range benchPairs(ms) {
		if !tb.LoF(p.viewer, p.target, p.blockers) {
			blocked = append(blocked, p)
		}
	}
	if len(blocked) == 0 {
		b.Skip("no blocked pair")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := &blocked[i%len(blocked)]
		tb.LoF(p.viewer, p.target, p.blockers)
	}
}

// BenchmarkPartialCover is a cover query on the same scene.
func BenchmarkPartialCover(b *testing.B) {
	tb, ms := benchScene(b)
	pairs := benchPairs(ms)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := &pairs[i%len(pairs)]
		tb.PartialCover(p.viewer, p.target, p.blockers)
	}
}

// BenchmarkLoFCrowded: LoF on the test suite's crowded scenes (up to 30
// pieces, a third of them and up to 6 bases strewn about the line between
// the two models; see genLoFScene), where narrow gaps are common and the
// exact search often runs.
func BenchmarkLoFCrowded(b *testing.B) {
	r := seedDraw{rand.New(rand.NewPCG(7, 7))}
	var scenes []lofScene
	for len(scenes) < 1000 {
		if sc, ok := genLoFScene(r); ok {
			scenes = append(scenes, sc)
		}
	}
	seen, exact := 0, 0
	for _, sc := range scenes {
		if sc.tb.LoF(sc.viewer, sc.target, sc.blockers) {
			seen++
		}
		if !samplesSee(sc) {
			exact++
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		sc := &scenes[i%len(scenes)]
		sc.tb.LoF(sc.viewer, sc.target, sc.blockers)
	}
	b.ReportMetric(float64(seen)/float64(len(scenes))*100, "%visible")
	b.ReportMetric(float64(exact)/float64(len(scenes))*100, "%exact")
}

// BenchmarkLoFManyCorners: a barrier of six overlapping round pieces of 64
// corners each across the corridor, no one of which seals it alone; the
// exact search must show that no line gets through.
func BenchmarkLoFManyCorners(b *testing.B) {
	var ts []Terrain
	for k := range 6 {
		c := Pt(20, 8.6+float64(k)*0.6)
		var pg Polygon
		for i := range 64 {
			pg = append(pg, c.Add(FacingVec(float64(i)*2*math.Pi/64).Scale(0.4)))
		}
		ts = append(ts, Terrain{Outline: pg, Flags: BlocksLoF})
	}
	tb, err := NewTable(48, 48, ts...)
	if err != nil {
		b.Fatal(err)
	}
	v := Model{Base: Circle{Pt(10, 10), MM(55) / 2}}
	tgt := Circle{Pt(30, 10), MM(55) / 2}
	if tb.LoF(v, tgt, nil) {
		b.Fatal("the barrier should block LoF")
	}
	b.ReportAllocs()
	for b.Loop() {
		tb.LoF(v, tgt, nil)
	}
}

// BenchmarkRouteRefusal: a one-leg route for each model of the bench scene
// to a point 2–6" away in any direction, checked against the table edge,
// the Impassable terrain and the 29 other bases, as a menu of Move
// destinations checks them (some legal, some refused).
func BenchmarkRouteRefusal(b *testing.B) {
	tb, ms := benchScene(b)
	type query struct {
		r      Route
		radius float64
		others []Circle
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var qs []query
	refused := 0
	for len(qs) < 300 {
		i := len(qs) % len(ms)
		var others []Circle
		for j, m := range ms {
			if j != i {
				others = append(others, m.Base)
			}
		}
		from := ms[i].Base
		to := from.Center.Add(FacingVec(rng.Float64() * 2 * math.Pi).Scale(2 + rng.Float64()*4))
		q := query{Route{from.Center, to}, from.Radius, others}
		if _, no := tb.RouteRefusal(q.r, q.radius, q.others); no {
			refused++
		}
		qs = append(qs, q)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		q := &qs[i%len(qs)]
		tb.RouteRefusal(q.r, q.radius, q.others)
	}
	b.ReportMetric(float64(refused)/float64(len(qs))*100, "%refused")
}
