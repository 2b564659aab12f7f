package sides

import (
	"fmt"
	"math"
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// Silhouettes is a Catalog that also knows each profile's Silhouette, so
// that the loader can check bases with their true sizes. A catalog without
// it, or a profile it does not know, gives the smallest base: then only
// overlaps that are certain are refused.
type Silhouettes interface {
	Silhouette(profile string) (int, bool)
}

// placed is one model standing on the table, for the placement checks.
type placed struct {
	path string // the model's field path
	id   string
	s    int // its Silhouette, 0 when unknown
	base geom.Circle
}

// placements checks where the models stand (Silhouette (N4), Movement and
// scenery: a base takes its own room on the table): no two bases overlap
// (touching is allowed: that is base contact), and no base stands in
// impassable terrain. A model of a trooper in reserve is not on the table
// and is not checked, nor is one whose position is already reported bad.
func (r *reader) placements() {
	var models []placed
	for i, side := range r.armies {
		if side == nil {
			continue
		}
		for j, tr := range side.Troopers {
			if tr.Deployment == "reserve" {
				continue
			}
			tp := yamlfile.IndexPath(r.path(i, "troopers"), j)
			for k, m := range tr.Models {
				if !geom.Pt(m.At[0], m.At[1]).Finite() {
					continue
				}
				profile := m.Profile
				if profile == "" {
					profile = tr.Profile
				}
				s := r.silhouette(m, profile)
				size := smallestBase
				if s > 0 {
					size = geom.DefaultSilhouettes()[s].BaseDiameter
				}
				models = append(models, placed{
					path: yamlfile.IndexPath(yamlfile.ChildPath(tp, "models"), k),
					id:   m.ID, s: s,
					base: geom.Circle{Center: geom.Pt(m.At[0], m.At[1]), Radius: size / 2},
				})
			}
		}
	}
	r.overlaps(models)
	r.inImpassable(models)
}

// smallestBase is the diameter of the smallest base of any Silhouette.
var smallestBase = func() float64 {
	d := math.Inf(1)
	for s := 1; s <= geom.MaxSilhouette; s++ {
		d = min(d, geom.DefaultSilhouettes()[s].BaseDiameter)
	}
	return d
}()

// silhouette is a model's Silhouette: its own override, else its profile's
// in the catalog, else 0 (unknown).
func (r *reader) silhouette(m Model, profile string) int {
	if m.Silhouette >= 1 && m.Silhouette <= geom.MaxSilhouette {
		return m.Silhouette
	}
	if c, ok := r.cat.(Silhouettes); ok {
		if s, ok := c.Silhouette(profile); ok && s >= 1 && s <= geom.MaxSilhouette {
			return s
		}
	}
	return 0
}

// describe names a model and its base for a message: `zhanshi (S2, 25 mm
// base)`.
func (p placed) describe() string {
	mm := math.Round(p.base.Radius * 2 * 25.4)
	if p.s == 0 {
		return fmt.Sprintf("%q (at least a %g mm base)", p.id, mm)
	}
	return fmt.Sprintf("%q (S%d, %g mm base)", p.id, p.s, mm)
}

// overlaps reports each model whose base overlaps an earlier one's, at the
// later model's position. Models are swept in order of x, so that only
// neighbours along x are compared.
func (r *reader) overlaps(models []placed) {
	order := make([]int, len(models))
	maxR := 0.0
	for i := range order {
		order[i] = i
		maxR = max(maxR, models[i].base.Radius)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch xa, xb := models[a].base.Center.X, models[b].base.Center.X; {
		case xa < xb:
			return -1
		case xa > xb:
			return 1
		}
		return 0
	})
	type pair struct{ first, second int }
	var found []pair
	for n, a := range order {
		for _, b := range order[n+1:] {
			if models[b].base.Center.X-models[a].base.Center.X >= models[a].base.Radius+maxR {
				break
			}
			if ma, mb := models[a].base, models[b].base; ma.Center.Dist(mb.Center) < ma.Radius+mb.Radius-geom.Eps {
				found = append(found, pair{min(a, b), max(a, b)})
			}
		}
	}
	// Report in file order, at the later model of each pair.
	slices.SortFunc(found, func(p, q pair) int {
		if p.second != q.second {
			return p.second - q.second
		}
		return p.first - q.first
	})
	for _, p := range found {
		a, b := models[p.first], models[p.second]
		r.Errorf(yamlfile.ChildPath(b.path, "at"), "the base of %s overlaps the base of %s (%s): bases may touch but not overlap",
			b.describe(), a.id, r.Where(yamlfile.ChildPath(a.path, "at")))
	}
}

// inImpassable reports each model whose base reaches into a piece of
// impassable terrain (by more than geom.Eps: touching its edge is fine).
func (r *reader) inImpassable(models []placed) {
	for i, t := range r.sc.Terrain {
		if !t.Impassable || len(t.Polygon) < 3 {
			continue
		}
		pg := make(geom.Polygon, len(t.Polygon))
		finite := true
		for j, p := range t.Polygon {
			pg[j] = geom.Pt(p[0], p[1])
			finite = finite && pg[j].Finite()
		}
		if !finite {
			continue // reported already
		}
		box := pg.Bounds()
		for _, m := range models {
			c, rad := m.base.Center, m.base.Radius
			if c.X+rad < box.Min.X || c.X-rad > box.Max.X || c.Y+rad < box.Min.Y || c.Y-rad > box.Max.Y {
				continue
			}
			if pg.DistTo(c) < rad-geom.Eps {
				name := t.Name
				if name == "" {
					name = yamlfile.IndexPath("terrain", i)
				}
				r.Errorf(yamlfile.ChildPath(m.path, "at"), "the base of %s stands in impassable terrain %q (%s)",
					m.describe(), name, r.Where(yamlfile.IndexPath("terrain", i)))
			}
		}
	}
}
