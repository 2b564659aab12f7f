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
	// General marks his side's General (Inspiring Presence), and
	// BattleStandard its Battle Standard Bearer (Hold Your Ground!, and
	// +1 combat result): characters a scenario names.
	General        bool `json:"general,omitempty"`
	BattleStandard bool `json:"battleStandard,omitempty"`
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
	// Rounds counts the rounds of close combat fought in the unit's
	// current combat (Hatred: the first round); 0 out of combat.
	Rounds int `json:"rounds,omitempty"`
	// Calmed is set once a frenzied unit has lost a combat: it has lost
	// its Frenzy for the rest of the game (Frenzy).
	Calmed bool `json:"calmed,omitempty"`
	// Start is how many models other than characters the unit began the
	// game with: reduced to a quarter of them or fewer, it rallies only
	// on a double 1 (Rally fleeing units); 0 for a unit of characters.
	Start int `json:"start,omitempty"`
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
	FreeReformed bool   `json:"freeReformed,omitempty"` // Fast Cavalry: made its free reform this turn
	Charged      bool   `json:"charged,omitempty"`      // the unit itself declared a charge (not set when only a character charged out of it: see NoCharge)
	NoCharge     bool   `json:"noCharge,omitempty"`     // a character charged out: no charge by the unit or its other characters
	FailedCharge bool   `json:"failedCharge,omitempty"` // failed a charge: no Remaining Move, no character leaves
	Joined       bool   `json:"joined,omitempty"`       // a character joined it this phase: it moves no further
	Shot         bool   `json:"shot,omitempty"`         // shot this turn (or stood and shot)
	Fleeing      bool   `json:"fleeing,omitempty"`      // lasting
	Fled         bool   `json:"fled,omitempty"`         // fled or rallied this turn
	ChargedFrom  string `json:"chargedFrom,omitempty"`  // front, flank or rear: where its charge hit (combat result)
	// SteppedBack is the character of the unit who stepped back from a
	// refused challenge this turn: he may not lend his Leadership
	// (Challenges: refusing).
	SteppedBack string `json:"steppedBack,omitempty"`
	// Panicked: the unit took a Panic test this phase (one a phase).
	Panicked bool `json:"panicked,omitempty"`
	// Shelled is how many models the unit had when it was first shot at
	// this phase (Panic: a quarter of them lost to shooting); 0 when not.
	Shelled int `json:"shelled,omitempty"`
	// Afraid: the unit failed its Fear test this turn's round and
	// fights with WS 1 (Fear).
	Afraid bool `json:"afraid,omitempty"`
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

// unitCentre is the unit's centre (Unit.centre) from the frame.
func (fr frame) unitCentre() geom.Point {
	u := fr.u
	return u.At.Add(fr.fw.Scale(-float64(len(u.Ranks)) * u.Base[1] / 2))
}

// frontArc is the unit's frontArc from the frame.
func (fr frame) frontArc(p geom.Point) bool {
	u := fr.u
	v := p.Sub(u.At)
	ahead, lat := v.Dot(fr.fw), v.Dot(fr.rt)
	w := float64(u.Files) * u.Base[0] / 2
	return ahead >= -geom.Eps && ahead >= math.Abs(lat)-w-geom.Eps
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
	fr := u.frame()
	for r, rank := range u.Ranks {
		for f, id := range rank {
			if id != "" && id != skip && u.origin(r, f) {
				_, _, nr, nf, _ := u.blockAt(r, f)
				out = append(out, fr.block(r, f, nr, nf))
			}
		}
	}
	return out
}

// Slots by base size (Characters: different sized bases). A unit's slots
// are its rank-and-file's bases; a model on a larger base (a mounted
// character in foot troops) stands in the block of slots his base covers,
// its files his width over the slot's width and its ranks his depth over
// the slot's depth, each rounded up. Ranks holds his id in every slot of
// the block; the block's front-left slot (its origin) stands for him
// wherever a model is counted once. His base is measured as the whole
// block: the block is the room the formation gives him.

// blockSize is how many files and ranks of slot-sized slots a base
// covers: one of each for a base no larger than a slot.
func blockSize(base, slot [2]float64) (files, ranks int) {
	const tol = 1e-6 // a base a hair over a whole number of slots still fits them
	files = max(1, int(math.Ceil(base[0]/slot[0]-tol)))
	ranks = max(1, int(math.Ceil(base[1]/slot[1]-tol)))
	return files, ranks
}

// wholeBlock reports whether a base covers its block exactly (a whole
// number of slots each way): only then does the block count as filled
// rank-and-file for the unit's ranks.
func wholeBlock(base, slot [2]float64) bool {
	nf, nr := blockSize(base, slot)
	return math.Abs(float64(nf)*slot[0]-base[0]) <= geom.Eps && math.Abs(float64(nr)*slot[1]-base[1]) <= geom.Eps
}

// slotEach reports whether every model of u stands in one slot: as many
// slots are filled as the unit has models (each model stands in at least
// one slot, as DecodeState checks), so no model has a block.
func (u *Unit) slotEach() bool {
	n := 0
	for _, rank := range u.Ranks {
		for _, id := range rank {
			if id != "" {
				n++
			}
		}
	}
	return n == len(u.Models)
}

// origin reports whether slot (r, f) is the front-left slot of the model
// standing in it (false for an empty slot).
func (u *Unit) origin(r, f int) bool {
	id := u.Ranks[r][f]
	return id != "" && (f == 0 || u.Ranks[r][f-1] != id) && (r == 0 || u.Ranks[r-1][f] != id)
}

// blockAt is the block of the model whose origin is slot (r, f): its
// ranks and files.
func (u *Unit) blockAt(r, f int) (int, int, int, int, string) {
	id := u.Ranks[r][f]
	nr, nf := 1, 1
	for f+nf < len(u.Ranks[r]) && u.Ranks[r][f+nf] == id {
		nf++
	}
	for r+nr < len(u.Ranks) && u.Ranks[r+nr][f] == id {
		nr++
	}
	return r, f, nr, nf, id
}

// block is where model id stands: its origin slot and its block's ranks
// and files, or ok false.
func (u *Unit) block(id string) (r, f, nr, nf int, ok bool) {
	r, f, ok = u.slotOf(id)
	if !ok {
		return 0, 0, 0, 0, false
	}
	r, f, nr, nf, _ = u.blockAt(r, f)
	return r, f, nr, nf, true
}

// big reports whether model id stands in more than one slot.
func (u *Unit) big(id string) bool {
	_, _, nr, nf, ok := u.block(id)
	return ok && nr*nf > 1
}

// block is the rectangle of nr ranks by nf files from slot (r, f).
func (fr frame) block(r, f, nr, nf int) rect {
	if nr == 1 && nf == 1 {
		return fr.base(fr.centre(r, f))
	}
	a, b := fr.centre(r, f), fr.centre(r+nr-1, f+nf-1)
	c := a.Add(b.Sub(a).Scale(0.5))
	fw, rt := fr.halfD.Scale(float64(nr)), fr.halfW.Scale(float64(nf))
	return rect{c.Add(fw).Add(rt.Neg()), c.Add(fw.Neg()).Add(rt.Neg()), c.Add(fw.Neg()).Add(rt), c.Add(fw).Add(rt)}
}

// modelRect is model id's base: his whole block.
func (u *Unit) modelRect(id string) (rect, bool) {
	r, f, nr, nf, ok := u.block(id)
	if !ok {
		return rect{}, false
	}
	return u.frame().block(r, f, nr, nf), true
}

// modelCentre is the centre of model id's block.
func (u *Unit) modelCentre(id string) geom.Point {
	r, f, nr, nf, _ := u.block(id)
	fr := u.frame()
	a, b := fr.centre(r, f), fr.centre(r+nr-1, f+nf-1)
	return a.Add(b.Sub(a).Scale(0.5))
}

// layoutBlocks is layout for a unit with a model on a larger base.
func (u *Unit) layoutBlocks(front, rest []Model, size func(Model) (int, int)) bool {
	u.Ranks = nil // never the slices of a unit this one was copied from
	grow := func(n int) {
		for len(u.Ranks) < n {
			u.Ranks = append(u.Ranks, make([]string, u.Files))
		}
	}
	free := func(r, f, nr, nf int) bool {
		grow(r + nr)
		for i := r; i < r+nr; i++ {
			for j := f; j < f+nf; j++ {
				if u.Ranks[i][j] != "" {
					return false
				}
			}
		}
		return true
	}
	order := centreOut(u.Files)
	for _, m := range front {
		nf, nr := size(m)
		if nf > u.Files {
			return false
		}
		for r := 0; ; r++ {
			f := -1
			for _, c := range blockOrder(u.Files, nf, order) {
				if free(r, c, nr, nf) {
					f = c
					break
				}
			}
			if f < 0 {
				continue
			}
			for i := r; i < r+nr; i++ {
				for j := f; j < f+nf; j++ {
					u.Ranks[i][j] = m.ID
				}
			}
			break
		}
	}
	k := 0
	for _, m := range rest {
		for {
			grow(k/u.Files + 1)
			if u.Ranks[k/u.Files][order[k%u.Files]] == "" {
				break
			}
			k++
		}
		u.Ranks[k/u.Files][order[k%u.Files]] = m.ID
		k++
	}
	for len(u.Ranks) > 1 && empty(u.Ranks[len(u.Ranks)-1]) {
		u.Ranks = u.Ranks[:len(u.Ranks)-1]
	}
	return true
}

// blockOrder lists the first files a block nf files wide may start at,
// the block's centre nearest the unit's centre first (the left one of
// two as near); for one file it is the unit's centre-out order.
func blockOrder(files, nf int, order []int) []int {
	if nf == 1 {
		return order
	}
	out := make([]int, 0, files-nf+1)
	for f := 0; f+nf <= files; f++ {
		out = append(out, f)
	}
	c := float64(files-1) / 2
	slices.SortStableFunc(out, func(a, b int) int {
		da, db := math.Abs(float64(a)+float64(nf-1)/2-c), math.Abs(float64(b)+float64(nf-1)/2-c)
		switch {
		case da < db-1e-9:
			return -1
		case db < da-1e-9:
			return 1
		}
		return 0
	})
	return out
}

// sizer gives the block a model of u takes, from its profile's base.
func (s *State) sizer(u *Unit) func(Model) (int, int) {
	return func(m Model) (int, int) { return blockSize(s.Profiles[m.Profile].Base, u.Base) }
}

// seatBlock places a joining character on a larger base than u's slots
// (In the First Rank!, Characters: different sized bases): the unit
// re-forms around him. He takes the block of nf files by nr ranks in the
// frontmost rank that has one free of models with the rule and of other
// blocks, the one nearest him (the left one of two as near); the
// rank-and-file standing there step back to the rear rank.
func (s *State) seatBlock(u *Unit, id string, nf, nr int, from geom.Point) {
	for r := 0; ; r++ {
		for len(u.Ranks) < r+nr {
			u.Ranks = append(u.Ranks, make([]string, u.Files))
		}
		fr := u.frame()
		best, bd := -1, 0.0
		for f := 0; f+nf <= u.Files; f++ {
			ok := true
			for i := r; i < r+nr && ok; i++ {
				for j := f; j < f+nf && ok; j++ {
					x := u.Ranks[i][j]
					ok = x == "" || (u.single(i, j) && u.model(x).Role == RankAndFile)
				}
			}
			if !ok {
				continue
			}
			a, b := fr.centre(r, f), fr.centre(r, f+nf-1)
			if d := a.Add(b.Sub(a).Scale(0.5)).Dist(from); best < 0 || d < bd-1e-9 {
				best, bd = f, d
			}
		}
		if best < 0 {
			continue
		}
		var displaced []string
		for i := r; i < r+nr; i++ {
			for j := best; j < best+nf; j++ {
				if x := u.Ranks[i][j]; x != "" {
					displaced = append(displaced, x)
				}
				u.Ranks[i][j] = id
			}
		}
		for _, x := range displaced {
			s.toRear(u, x)
		}
		return
	}
}

// vacate empties every slot of model id.
func (u *Unit) vacate(id string) {
	for _, rank := range u.Ranks {
		for f, x := range rank {
			if x == id {
				rank[f] = ""
			}
		}
	}
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

// model finds a model of the unit. Model ids are unique across the
// state; a model's id equals its unit's only in a character alone or a
// unit of characters, which bears the first one's id (setup and decoding
// refuse it elsewhere), so the id names one model either way.
func (u *Unit) model(id string) *Model {
	if id == "" { // an empty slot's id: only a model without an id matches
		for i := range u.Models {
			if u.Models[i].ID == "" {
				return &u.Models[i]
			}
		}
		return nil
	}
	// A unit's ids differ mostly in their last characters ("u-3",
	// "u-4"): the last byte tells most apart before a full comparison.
	last := id[len(id)-1]
	for i := range u.Models {
		if x := u.Models[i].ID; len(x) == len(id) && x[len(x)-1] == last && x == id {
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
	for i := range u.Models {
		m := &u.Models[i] // in place: a model is 64 bytes
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
	for i := range u.Models {
		m := &u.Models[i] // in place: a model is 64 bytes
		if m.Role != Character {
			n++
		}
	}
	return n
}

// coveredBy lists the models of the unit a round template of the given
// radius centred on c covers, fully or partly (the base counts as part of
// the model), in slot order: a model on a larger base is listed once, however
// many of his block's slots it covers (Templates).
func (u *Unit) coveredBy(c geom.Point, radius float64) []string {
	return u.modelsIn(func(b rect) bool {
		d := 0.0
		if !b.contains(c) {
			d = math.Inf(1)
			for i := range 4 {
				d = min(d, ptSeg(c, b[i], b[(i+1)%4]))
			}
		}
		return d < radius-geom.Eps
	})
}

// modelsIn lists the models of the unit whose bases meet test, in slot
// order: a model on a larger base is tested once, on his whole block.
func (u *Unit) modelsIn(test func(rect) bool) []string {
	var out []string
	fr := u.frame()
	for r, rank := range u.Ranks {
		for f, id := range rank {
			if !u.origin(r, f) {
				continue // empty, or a block already measured from its origin
			}
			_, _, nr, nf, _ := u.blockAt(r, f)
			if test(fr.block(r, f, nr, nf)) {
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
