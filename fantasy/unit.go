package fantasy

import (
	"math"
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Role is what a model is in its unit.
type Role string

// The roles.
const (
	RankAndFile Role = "rank-and-file"
	Champion    Role = "champion"
	Standard    Role = "standard"
	Musician    Role = "musician"
	Character   Role = "character"
)

// firstRank reports whether the role has In the First Rank!: characters and
// the command group (champion, standard bearer, musician) are placed in the
// unit's front rank, overflowing as far forward as possible.
func (r Role) firstRank() bool { return r != RankAndFile }

// Model is one model of a unit.
type Model struct {
	ID      string `json:"id"`
	Profile string `json:"profile"`
	Role    Role   `json:"role"`
	// Wounds is how many wounds the model has left.
	Wounds int `json:"wounds"`
	// Joined is the player turn the character joined this unit in (0 when it
	// began in it): he may not leave in the turn he joined (Joining a unit).
	Joined int `json:"joined,omitempty"`
}

// Unit is a block of models in ranks and files, or a lone model (a
// character alone, a monster) as a unit of one.
type Unit struct {
	ID   string     `json:"id"`
	Seat rules.Seat `json:"seat"`
	// Models are the unit's models; Ranks places them: Ranks[0] is the front
	// rank, each rank has Files slots holding a model id or "" (a gap, only
	// in the rear rank).
	Models []Model    `json:"models"`
	Ranks  [][]string `json:"ranks"`
	Files  int        `json:"files"`
	At     geom.Point `json:"at"`     // the centre of the front edge
	Facing float64    `json:"facing"` // degrees counter-clockwise from +x
	Base   [2]float64 `json:"base"`   // every slot's width and depth
	Flags  UnitFlags  `json:"flags"`
	Pool   int        `json:"pool,omitempty"` // wounds suffered by the rank-and-file short of a whole model
	Engage []string   `json:"engaged,omitempty"`
	Points int        `json:"points"`
	// Silenced is the last player turn a war machine disabled by a
	// misfire may not shoot in (Scatter: misfires); 0 for none.
	Silenced int `json:"silenced,omitempty"`
}

// UnitFlags are what the unit has done this player turn, and its lasting
// states.
type UnitFlags struct {
	Moved        bool   `json:"moved,omitempty"`
	Marched      bool   `json:"marched,omitempty"`
	Reformed     bool   `json:"reformed,omitempty"`
	Charged      bool   `json:"charged,omitempty"`      // declared a charge (or a character charged out of it)
	NoCharge     bool   `json:"noCharge,omitempty"`     // a character charged out: no charge by the unit or its other characters
	FailedCharge bool   `json:"failedCharge,omitempty"` // failed a charge: no Remaining Move, no character leaves
	Joined       bool   `json:"joined,omitempty"`       // a character joined it this phase: it moves no further
	Shot         bool   `json:"shot,omitempty"`         // shot this turn (or stood and shot)
	Fleeing      bool   `json:"fleeing,omitempty"`      // lasting
	Fled         bool   `json:"fled,omitempty"`         // fled or rallied this turn
	ChargedFrom  string `json:"chargedFrom,omitempty"`  // front, flank or rear: where its charge hit (combat result)
}

// Geometry. Slot (r, f) is the f-th file (left to right as the unit faces)
// of rank r (0 the front).

func (u *Unit) forward() geom.Vec {
	a := u.Facing * math.Pi / 180
	return geom.Vec{X: math.Cos(a), Y: math.Sin(a)}
}

// right is the unit's right hand, a quarter turn clockwise from forward.
func (u *Unit) right() geom.Vec { return u.forward().Perp().Neg() }

// slotCentre is the centre of slot (r, f).
func (u *Unit) slotCentre(r, f int) geom.Point { return u.frame().centre(r, f) }

// frame is a unit's placement worked out once (its facing's sine and
// cosine), for loops over many slots.
type frame struct {
	u      *Unit
	fw, rt geom.Vec
	halfW  geom.Vec // half a base's width, to the right
	halfD  geom.Vec // half a base's depth, forward
	filesC float64  // the centre file, (files-1)/2
}

func (u *Unit) frame() frame {
	fw := u.forward()
	rt := fw.Perp().Neg()
	return frame{u: u, fw: fw, rt: rt, halfW: rt.Scale(u.Base[0] / 2), halfD: fw.Scale(u.Base[1] / 2), filesC: float64(u.Files-1) / 2}
}

func (fr frame) centre(r, f int) geom.Point {
	u := fr.u
	return u.At.Add(fr.fw.Scale(-(float64(r) + 0.5) * u.Base[1])).Add(fr.rt.Scale((float64(f) - fr.filesC) * u.Base[0]))
}

func (fr frame) base(c geom.Point) rect {
	fw, rt := fr.halfD, fr.halfW
	return rect{c.Add(fw).Add(rt.Neg()), c.Add(fw.Neg()).Add(rt.Neg()), c.Add(fw.Neg()).Add(rt), c.Add(fw).Add(rt)}
}

// rect is a base as four corners, counter-clockwise.
type rect [4]geom.Point

func (u *Unit) baseAt(c geom.Point) rect { return u.frame().base(c) }

// rects are the bases of the unit's models, skipping the model ids in skip.
func (u *Unit) rects(skip string) []rect {
	var out []rect
	for r, rank := range u.Ranks {
		for f, id := range rank {
			if id != "" && id != skip {
				out = append(out, u.baseAt(u.slotCentre(r, f)))
			}
		}
	}
	return out
}

// footprint is the whole block as one rectangle (front rank's width by the
// number of ranks), the shape charges and shooting measure to.
func (u *Unit) footprint() rect {
	w, d := float64(u.Files)*u.Base[0], float64(len(u.Ranks))*u.Base[1]
	fw := u.forward()
	rt := fw.Perp().Neg() // right(), without a second sine and cosine
	a := u.At.Add(rt.Scale(-w / 2))
	b := u.At.Add(rt.Scale(w / 2))
	return rect{a, a.Add(fw.Scale(-d)), b.Add(fw.Scale(-d)), b}
}

// centre is the middle of the footprint.
func (u *Unit) centre() geom.Point {
	return u.At.Add(u.forward().Scale(-float64(len(u.Ranks)) * u.Base[1] / 2))
}

// segDist is the distance between segments ab and cd.
func segDist(a, b, c, d geom.Point) float64 {
	if segCross(a, b, c, d) {
		return 0
	}
	return min(ptSeg(a, c, d), ptSeg(b, c, d), ptSeg(c, a, b), ptSeg(d, a, b))
}

func ptSeg(p, a, b geom.Point) float64 {
	ab := b.Sub(a)
	t := 0.0
	if l := ab.Len2(); l > 0 {
		t = max(0, min(1, p.Sub(a).Dot(ab)/l))
	}
	return p.Dist(a.Add(ab.Scale(t)))
}

func segCross(a, b, c, d geom.Point) bool {
	d1 := b.Sub(a).Cross(c.Sub(a))
	d2 := b.Sub(a).Cross(d.Sub(a))
	d3 := d.Sub(c).Cross(a.Sub(c))
	d4 := d.Sub(c).Cross(b.Sub(c))
	return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

func (r rect) contains(p geom.Point) bool {
	for i := range 4 {
		a, b := r[i], r[(i+1)%4]
		if b.Sub(a).Cross(p.Sub(a)) < -1e-9 {
			return false
		}
	}
	return true
}

// rectDist is the distance between two bases (0 when they touch or overlap).
func rectDist(p, q rect) float64 {
	if p.contains(q[0]) || q.contains(p[0]) {
		return 0
	}
	best := math.Inf(1)
	for i := range 4 {
		for j := range 4 {
			best = min(best, segDist(p[i], p[(i+1)%4], q[j], q[(j+1)%4]))
		}
	}
	return best
}

// unitDist is the distance between the closest points of two units.
func unitDist(a, b *Unit) float64 { return rectDist(a.footprint(), b.footprint()) }

// model finds a model of the unit.
func (u *Unit) model(id string) *Model {
	for i := range u.Models {
		if u.Models[i].ID == id {
			return &u.Models[i]
		}
	}
	return nil
}

// slotOf is where a model stands, or ok false.
func (u *Unit) slotOf(id string) (r, f int, ok bool) {
	for r, rank := range u.Ranks {
		if f := slices.Index(rank, id); f >= 0 {
			return r, f, true
		}
	}
	return 0, 0, false
}

// rankAndFileCount counts the models that protect a character: every model
// that is not a character, and not the champion unless champions count.
func (u *Unit) rankAndFileCount(championCounts bool) int {
	n := 0
	for _, m := range u.Models {
		if m.Role == Character || (m.Role == Champion && !championCounts) {
			continue
		}
		n++
	}
	return n
}

// characters lists the unit's characters, in the unit's order.
func (u *Unit) characters() []*Model {
	var out []*Model
	for i := range u.Models {
		if u.Models[i].Role == Character {
			out = append(out, &u.Models[i])
		}
	}
	return out
}

// nonCharacters counts every model that is not a character.
func (u *Unit) nonCharacters() int {
	n := 0
	for _, m := range u.Models {
		if m.Role != Character {
			n++
		}
	}
	return n
}

// coveredBy lists the models of the unit a round template of the given
// radius centred on c covers, fully or partly (the base counts as part of
// the model), in slot order.
func (u *Unit) coveredBy(c geom.Point, radius float64) []string {
	var out []string
	for r, rank := range u.Ranks {
		for f, id := range rank {
			if id == "" {
				continue
			}
			b := u.baseAt(u.slotCentre(r, f))
			d := 0.0
			if !b.contains(c) {
				d = math.Inf(1)
				for i := range 4 {
					d = min(d, ptSeg(c, b[i], b[(i+1)%4]))
				}
			}
			if d < radius-geom.Eps {
				out = append(out, id)
			}
		}
	}
	return out
}

// touching reports whether two bases are within eps of each other, by
// separated axes: no edge direction of either separates their
// projections by more than eps. (Corner to corner this admits a gap of up
// to eps·√2, well inside the contact tolerance.) It is the cheap test
// close combat runs for every pair of bases.
func touching(a, b rect, eps float64) bool { return closeOn(a, a, b, eps) && closeOn(b, a, b, eps) }

// closeOn reports whether no edge direction of r separates a's and b's
// projections by more than eps.
func closeOn(r, a, b rect, eps float64) bool {
	for i := range 2 {
		axis := r[i+1].Sub(r[i])
		l := axis.Len()
		if l == 0 {
			continue
		}
		amin, amax := project(a, axis)
		bmin, bmax := project(b, axis)
		if bmin-amax > eps*l || amin-bmax > eps*l {
			return false
		}
	}
	return true
}

func project(r rect, axis geom.Vec) (lo, hi float64) {
	// Plain comparisons: the builtin min and max on floats take care of
	// NaN, which no base has, at a cost close combat pays per pair.
	lo = r[0].X*axis.X + r[0].Y*axis.Y
	hi = lo
	for i := 1; i < 4; i++ {
		d := r[i].X*axis.X + r[i].Y*axis.Y
		if d < lo {
			lo = d
		}
		if d > hi {
			hi = d
		}
	}
	return lo, hi
}
