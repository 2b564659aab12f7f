package fantasy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/scenario"
)

// Terrain, as the fantasy ruleset models it: flat pieces of scenery on a
// flat table (no heights, so no hills), each a polygon of one kind.
//
//   - impassable: no unit moves into or through it (flyers fly over it but
//     may not end on it), and it blocks lines of sight (Impassable
//     terrain, 8th edition);
//   - forest: a unit with half or more of its models in it is in soft
//     cover, and so is a target seen through one, unless the shooter looks
//     out of the forest it stands in (Forests and shooting, 8th edition);
//   - hedge and wall: obstacles; a target seen across a hedge is in soft
//     cover, across a wall in hard cover (Obstacles, Cover, 8th edition).
//     A shooter's own obstacle — within 1" of where it looks from — hides
//     nothing.
//
// Terrain slows no one (the 8th edition has no difficult ground), but it
// is dangerous to fast troops (Forests and movement, Obstacles and
// movement, Dangerous Terrain): a cavalry, monstrous cavalry or chariot
// model that marches, charges, flees or pursues through a forest or over
// a hedge or wall takes a Dangerous Terrain test, and so does a flyer
// that begins or ends a flying move in a forest.
//
// Other units block lines of sight too (Line of sight): see sightOf.

// TerrainKind is what a piece of terrain is.
type TerrainKind string

// The kinds.
const (
	Impassable TerrainKind = "impassable"
	Forest     TerrainKind = "forest"
	Hedge      TerrainKind = "hedge"
	Wall       TerrainKind = "wall"
)

var terrainKinds = [...]TerrainKind{Impassable, Forest, Hedge, Wall}

func (k TerrainKind) known() bool {
	for _, x := range terrainKinds {
		if k == x {
			return true
		}
	}
	return false
}

// Piece is one piece of terrain on the table.
type Piece struct {
	Name    string       `json:"name,omitempty"`
	Kind    TerrainKind  `json:"kind"`
	Polygon geom.Polygon `json:"polygon"`
}

// label names a piece in messages: its name, or its kind and index.
func (p *Piece) label(i int) string {
	if p.Name != "" {
		return p.Name
	}
	return fmt.Sprintf("%s %d", p.Kind, i)
}

// CheckTerrain checks one piece of a scenario's terrain for the fantasy
// ruleset, so the scenario loader can report a bad one at its field's
// file:line:col (scenario.TerrainChecker).
func (*Catalog) CheckTerrain(t scenario.Terrain) (field string, err error) {
	_, field, err = pieceOf(t)
	return field, err
}

// pieceOf reads a scenario's piece of terrain, or says which field is
// wrong and why.
func pieceOf(t scenario.Terrain) (Piece, string, error) {
	names := make([]string, len(terrainKinds))
	for i, k := range terrainKinds {
		names[i] = string(k)
	}
	switch {
	case t.Kind == "":
		return Piece{}, "kind", fmt.Errorf("a piece of terrain needs a kind: %s (Terrain)", strings.Join(names, ", "))
	case !TerrainKind(t.Kind).known():
		return Piece{}, "kind", fmt.Errorf("unknown terrain kind %q: the fantasy ruleset knows %s (hills need heights, which it does not model)", t.Kind, strings.Join(names, ", "))
	case t.BlocksLoF:
		return Piece{}, "blocks-lof", fmt.Errorf("the fantasy ruleset reads what a piece does from its kind: leave blocks-lof out")
	case t.Cover:
		return Piece{}, "cover", fmt.Errorf("the fantasy ruleset reads what a piece does from its kind: leave cover out")
	case t.Impassable:
		return Piece{}, "impassable", fmt.Errorf("the fantasy ruleset reads what a piece does from its kind: say kind: impassable instead")
	}
	pg := make(geom.Polygon, len(t.Polygon))
	for i, p := range t.Polygon {
		pg[i] = geom.Pt(p[0], p[1])
	}
	if err := pg.Validate(); err != nil {
		return Piece{}, "polygon", fmt.Errorf("%v", strings.TrimPrefix(err.Error(), "geom: "))
	}
	return Piece{Name: t.Name, Kind: TerrainKind(t.Kind), Polygon: pg}, "", nil
}

// validateTerrain checks a decoded state's terrain as Setup would have
// read it: bounded, every piece of a known kind on a sound polygon.
func (s *State) validateTerrain() error {
	if len(s.Terrain) > scenario.MaxTerrain {
		return fmt.Errorf("terrain: %d pieces, at most %d", len(s.Terrain), scenario.MaxTerrain)
	}
	for i, p := range s.Terrain {
		if !p.Kind.known() {
			return fmt.Errorf("terrain[%d]: unknown kind %q", i, p.Kind)
		}
		if len(p.Polygon) > scenario.MaxPolygon {
			return fmt.Errorf("terrain[%d]: %d corners, at most %d", i, len(p.Polygon), scenario.MaxPolygon)
		}
		if err := p.Polygon.Validate(); err != nil {
			return fmt.Errorf("terrain[%d]: %v", i, err)
		}
	}
	return nil
}

// Rules cited by terrain.
const (
	ruleSight      = "Line of sight"
	ruleCover      = "Cover"
	ruleImpassable = "Impassable terrain"
)

// sight is what a unit sees of another: how many of its models a line of
// sight reaches, and how many are obscured by hard cover (or hidden behind
// impassable terrain) and by soft cover only (or hidden behind other
// models).
type sight struct {
	models, seen int
	hard, soft   int
	blocker      string // what hides a model (a piece or a unit), for messages
	hardBy       string // what gives hard cover
	softBy       string // what gives soft cover
}

// screen is a unit that may stand across a line of sight: its footprint as
// four inward edge normals (unit length) through its corners, and a box
// around it to pass it by cheaply.
type screen struct {
	id     string
	corner [4]geom.Point
	normal [4]geom.Vec
	lo, hi geom.Point
}

// maxScreens is how many screens one look keeps on the stack; a look past
// more (a crowded table) grows onto the heap, still correct.
const maxScreens = 8

// tall reports whether a unit's models tower over other troops: a monster
// sees and is seen over smaller models (true line of sight, 8th edition;
// Large Target), which the flat table reads as over every unit not itself
// of monsters.
func (s *State) tall(u *Unit) bool { return s.rf(u).Type == Monster }

// home is the unit on the table a looker belongs to: itself, or for a
// character charging out (a unit of his own made for the move) the unit he
// stands in.
func (s *State) home(u *Unit) *Unit {
	for _, x := range s.Units {
		if x == u {
			return u
		}
	}
	if len(u.Models) == 1 {
		if h := s.unitOf(u.Models[0].ID); h != nil {
			return h
		}
	}
	return u
}

// screens appends to buf the units that may stand across a line from eye
// to t's models: every unit but u's and t's own whose box meets the box
// of the lines, less units of smaller models when u or t is tall.
func (s *State) screens(buf []screen, u, t *Unit, eye geom.Point, tfp rect) []screen {
	hu, ht := s.home(u), s.home(t)
	lo, hi := eye, eye
	for _, p := range tfp {
		lo, hi = geom.Pt(min(lo.X, p.X), min(lo.Y, p.Y)), geom.Pt(max(hi.X, p.X), max(hi.Y, p.Y))
	}
	over := s.tall(u) || s.tall(t)
	for _, x := range s.Units {
		if x == hu || x == ht || x == u || x == t {
			continue
		}
		fp := x.footprint()
		sc := screen{id: x.ID, corner: fp, lo: fp[0], hi: fp[0]}
		for _, p := range fp[1:] {
			sc.lo, sc.hi = geom.Pt(min(sc.lo.X, p.X), min(sc.lo.Y, p.Y)), geom.Pt(max(sc.hi.X, p.X), max(sc.hi.Y, p.Y))
		}
		if sc.hi.X <= lo.X || sc.lo.X >= hi.X || sc.hi.Y <= lo.Y || sc.lo.Y >= hi.Y {
			continue
		}
		if over && !s.tall(x) {
			continue
		}
		for i := range 4 {
			e := fp[(i+1)%4].Sub(fp[i])
			l := e.Len()
			if l < 1e-12 {
				continue
			}
			// The footprint is counter-clockwise: inside is to the left.
			sc.normal[i] = e.Perp().Scale(1 / l)
		}
		buf = append(buf, sc)
	}
	return buf
}

// across reports whether the segment a→b passes through the screen's
// inside by more than geom.Eps (a line along its edge, or touching a
// corner, passes by): the segment clipped to the footprint shrunk by Eps
// is not empty.
func (sc *screen) across(a, b geom.Point) bool {
	if max(a.X, b.X) <= sc.lo.X || min(a.X, b.X) >= sc.hi.X || max(a.Y, b.Y) <= sc.lo.Y || min(a.Y, b.Y) >= sc.hi.Y {
		return false
	}
	d := b.Sub(a)
	t0, t1 := 0.0, 1.0
	for i := range 4 {
		n := sc.normal[i]
		f0 := n.Dot(a.Sub(sc.corner[i])) - geom.Eps
		fd := n.Dot(d)
		switch {
		case fd == 0:
			if f0 <= 0 {
				return false
			}
		case fd > 0:
			t0 = max(t0, -f0/fd)
		default:
			t1 = min(t1, -f0/fd)
		}
		if t0 >= t1 {
			return false
		}
	}
	return true
}

// near is a piece of terrain that may touch a look's lines: its index, and
// whether it is the looker's own (an obstacle within 1" of the eye, a
// forest the eye stands in), which hides nothing from it.
type near struct {
	i   int
	own bool
}

// nearPieces appends to buf the pieces whose box meets the box of the
// lines from eye to the footprint tfp, worked out once per look rather
// than once per line.
func (s *State) nearPieces(buf []near, eye geom.Point, tfp rect) []near {
	if len(s.Terrain) == 0 {
		return buf
	}
	lo, hi := eye, eye
	for _, p := range tfp {
		lo, hi = geom.Pt(min(lo.X, p.X), min(lo.Y, p.Y)), geom.Pt(max(hi.X, p.X), max(hi.Y, p.Y))
	}
	for i := range s.Terrain {
		p := &s.Terrain[i]
		plo, phi := p.Polygon[0], p.Polygon[0]
		for _, q := range p.Polygon[1:] {
			plo, phi = geom.Pt(min(plo.X, q.X), min(plo.Y, q.Y)), geom.Pt(max(phi.X, q.X), max(phi.Y, q.Y))
		}
		if phi.X < lo.X-geom.Eps || plo.X > hi.X+geom.Eps || phi.Y < lo.Y-geom.Eps || plo.Y > hi.Y+geom.Eps {
			continue
		}
		n := near{i: i}
		switch p.Kind {
		case Wall, Hedge:
			n.own = p.Polygon.DistTo(eye) <= 1+geom.Eps
		case Forest:
			n.own = p.Polygon.Contains(eye)
		}
		buf = append(buf, n)
	}
	return buf
}

// sightOf traces a line from the middle of u's front edge to the centre
// of each of t's models (Line of sight, Cover): impassable terrain and
// other units hide a model (a unit of monsters sees and is seen over
// smaller troops); walls, hedges and forests obscure it. A hidden model
// counts towards cover as hard behind impassable terrain or a wall, as
// soft behind other models (Cover, 8th edition: other models obscure).
//
// A unit sees what any model of its front rank sees (8th edition): when
// nothing of t is in sight from the middle of u's front edge, u looks from
// the front of each file in turn and the first that sees t is the view
// (cover included).
func (s *State) sightOf(u, t *Unit) sight { return s.look(u, t, false) }

// look is sightOf; with first, each view stops at the first model seen.
func (s *State) look(u, t *Unit, first bool) sight {
	v := s.sightFrom(u, t, u.At, first)
	if v.seen > 0 || v.blocker == "" {
		return v
	}
	fr := u.frame()
	for f := range u.Files {
		off := float64(f) - fr.filesC
		if off == 0 {
			continue // the middle, already looked from
		}
		if w := s.sightFrom(u, t, u.At.Add(fr.rt.Scale(off*u.Base[0])), first); w.seen > 0 {
			return w
		}
	}
	return v
}

// sightFrom is sightOf from the given eye; with first it stops at the
// first model seen (enough for canSee).
func (s *State) sightFrom(u, t *Unit, eye geom.Point, first bool) sight {
	var out sight
	var buf [maxScreens]screen
	tfp := t.footprint()
	screens := s.screens(buf[:0], u, t, eye, tfp)
	var pbuf [maxScreens]near
	pieces := s.nearPieces(pbuf[:0], eye, tfp)
	tallT := s.tall(t)
	fr := t.frame()
	for r, rank := range t.Ranks {
		for f, id := range rank {
			if !t.origin(r, f) {
				continue // empty, or a model on a larger base seen once
			}
			out.models++
			if len(pieces) == 0 && len(screens) == 0 {
				out.seen++
				continue
			}
			c := fr.centre(r, f)
			if !t.single(r, f) {
				c = t.modelCentre(id)
			}
			line := geom.Segment{A: eye, B: c}
			blocked, hard, soft := "", "", ""
			for _, n := range pieces {
				i := n.i
				p := &s.Terrain[i]
				switch p.Kind {
				case Impassable:
					if blocked == "" && p.Polygon.CrossedBy(line) {
						blocked = p.label(i)
					}
				case Wall, Hedge:
					// Large Target: no cover from obstacles.
					if tallT || n.own || !p.Polygon.CrossedBy(line) {
						continue
					}
					if p.Kind == Wall && hard == "" {
						hard = p.label(i)
					} else if p.Kind == Hedge && soft == "" {
						soft = p.label(i)
					}
				case Forest:
					if soft == "" && (p.Polygon.Interior(c) || (!n.own && p.Polygon.CrossedBy(line))) {
						soft = p.label(i)
					}
				}
			}
			hidden := ""
			if blocked == "" {
				for i := range screens {
					if screens[i].across(eye, c) {
						hidden = screens[i].id
						break
					}
				}
			}
			switch {
			case blocked != "":
				// Out of sight behind impassable terrain: hard cover.
				if out.blocker == "" {
					out.blocker = blocked
				}
				hard = blocked
			case hidden != "":
				if out.blocker == "" {
					out.blocker = hidden
				}
				if hard == "" {
					soft = hidden
				}
			}
			switch {
			case hard != "":
				out.hard++
				if out.hardBy == "" {
					out.hardBy = hard
				}
			case soft != "":
				out.soft++
				if out.softBy == "" {
					out.softBy = soft
				}
			}
			if blocked == "" && hidden == "" {
				out.seen++
				if first {
					return out
				}
			}
		}
	}
	return out
}

// cover is the to-hit modifier the target's cover gives (Cover, 8th
// edition): a target with half or more of its models obscured is in
// cover, hard (−2) when half or more are behind hard cover or out of
// sight behind impassable terrain, else soft (−1). It returns the
// modifier and its reason.
func (v sight) cover() (int, string) {
	switch {
	case v.models == 0:
		return 0, ""
	case 2*v.hard >= v.models:
		return -2, "-2 hard cover (" + v.hardBy + ")"
	case 2*(v.hard+v.soft) >= v.models:
		by := v.softBy
		if by == "" {
			by = v.hardBy
		}
		return -1, "-1 soft cover (" + by + ")"
	}
	return 0, ""
}

// canSee reports whether u has a line of sight to at least one model of
// t, and otherwise names what is in the way: a unit may shoot at, stand
// and shoot at, or declare a charge against, only a unit it can see (Line
// of sight), from any model of its front rank.
func (s *State) canSee(u, t *Unit) (bool, string) {
	v := s.look(u, t, true)
	return v.seen > 0, v.blocker
}

// ImpassableOnPath is the first piece of impassable terrain u's block
// would pass over moving along legs on the ground, or "" when the way is
// clear. The movement rules call it beside their check for units in the
// way (Moving through units).
func (s *State) ImpassableOnPath(u *Unit, legs []Leg) string {
	hit := ""
	if !s.hasImpassable() {
		return ""
	}
	u.sweep(legs, func(piece []geom.Point) bool {
		hit = s.impassableUnder(piece)
		return hit == ""
	})
	return hit
}

// ImpassableUnder is the first piece of impassable terrain the unit
// stands on, or "": no unit may end a move on one (a flyer flies over but
// lands clear of it).
func (s *State) ImpassableUnder(u *Unit) string {
	if !s.hasImpassable() {
		return ""
	}
	fp := u.footprint()
	return s.impassableUnder(fp[:])
}

func (s *State) hasImpassable() bool {
	for i := range s.Terrain {
		if s.Terrain[i].Kind == Impassable {
			return true
		}
	}
	return false
}

// impassableUnder is the first impassable piece a convex area reaches into
// (touching its outline is not entering it).
func (s *State) impassableUnder(area []geom.Point) string {
	for i := range s.Terrain {
		if p := &s.Terrain[i]; p.Kind == Impassable && enters(area, p.Polygon) {
			return p.label(i)
		}
	}
	return ""
}

// enters reports whether the convex polygon area and the simple polygon
// pg overlap by more than geom.Eps: a corner of either strictly inside the
// other, or an edge of area passing through pg's interior.
func enters(area []geom.Point, pg geom.Polygon) bool {
	for i, a := range area {
		if pg.Interior(a) || pg.CrossedBy(geom.Segment{A: a, B: area[(i+1)%len(area)]}) {
			return true
		}
	}
	for _, q := range pg {
		if insideConvex(area, q) {
			return true
		}
	}
	return false
}

// insideConvex reports whether p is inside the convex polygon area (either
// winding) by more than geom.Eps.
func insideConvex(area []geom.Point, p geom.Point) bool {
	sign := 0.0
	for i, a := range area {
		e := area[(i+1)%len(area)].Sub(a)
		l := e.Len()
		if l < 1e-12 {
			continue
		}
		c := e.Cross(p.Sub(a)) / l
		if c >= -geom.Eps && c <= geom.Eps {
			return false
		}
		if sign == 0 {
			sign = c
		} else if (c > 0) != (sign > 0) {
			return false
		}
	}
	return sign != 0
}

// clonePieces copies terrain for a view, which must share nothing with
// the state.
func clonePieces(ps []Piece) []Piece {
	if ps == nil {
		return nil
	}
	out := make([]Piece, len(ps))
	for i, p := range ps {
		out[i] = Piece{Name: p.Name, Kind: p.Kind, Polygon: slices.Clone(p.Polygon)}
	}
	return out
}

// Rules cited by the Dangerous Terrain tests.
const (
	ruleDangerous = "Dangerous Terrain"
	ruleForestMv  = "Forests and movement"
	ruleObstacleM = "Obstacles and movement"
)

// riskyGround reports whether a troop type risks its models in forests and
// over obstacles when it moves fast: cavalry, monstrous cavalry and
// chariots (Forests and movement, Obstacles and movement, 8th edition).
func (t TroopType) riskyGround() bool {
	return t == Cavalry || t == MonstrousCavalry || t == Chariot
}

// dangerousMove takes the Dangerous Terrain tests of a march or a charge on the
// ground from before to u's place (Forests and movement, Obstacles and
// movement, 8th edition): each cavalry, monstrous cavalry or chariot model
// whose base passes through a forest or over a hedge or wall on its way
// (the hull of its base where it started and where it ends) tests once.
// Terrain slows no one.
func (s *State) dangerousMove(before Unit, u *Unit, r roller) error {
	if len(s.Terrain) == 0 {
		return nil
	}
	return s.dangerous(u, r, func(id string) string {
		if !s.profile(u.model(id)).Type.riskyGround() {
			return ""
		}
		a, ok1 := before.modelRect(id)
		b, ok2 := u.modelRect(id)
		if !ok1 || !ok2 {
			return ""
		}
		var pts [8]geom.Point
		copy(pts[:4], a[:])
		copy(pts[4:], b[:])
		var hb [16]geom.Point
		hull := hullInto(hb[:0], pts[:])
		for i := range s.Terrain {
			if p := &s.Terrain[i]; p.Kind != Impassable && enters(hull, p.Polygon) {
				return p.label(i)
			}
		}
		return ""
	})
}

// dangerousFlight takes the Dangerous Terrain tests of a flying move from
// before to u's place (Forests and movement, 8th edition): each model
// whose base is in a forest where the move begins or where it ends tests
// once; flying over one is safe.
func (s *State) dangerousFlight(before Unit, u *Unit, r roller) error {
	if len(s.Terrain) == 0 {
		return nil
	}
	return s.dangerous(u, r, func(id string) string {
		for _, w := range [2]*Unit{&before, u} {
			fp, ok := w.modelRect(id)
			if !ok {
				continue
			}
			for i := range s.Terrain {
				if p := &s.Terrain[i]; p.Kind == Forest && enters(fp[:], p.Polygon) {
					return p.label(i)
				}
			}
		}
		return ""
	})
}

// dangerous rolls a Dangerous Terrain test, a D6, for each of u's models
// that where names a piece for, in the unit's order: on a 1 the model
// suffers a wound with no armour save (its ward save, if any, is
// taken), a chariot D6 wounds (Dangerous Terrain, 8th edition). The rank-and-file's wounds come off the unit as
// any other (casualties from the rear, In the First Rank! filling the
// front); a character's are his own.
func (s *State) dangerous(u *Unit, r roller, where func(id string) string) error {
	var tbuf [16]string
	tested := tbuf[:0]
	for _, m := range u.Models {
		if where(m.ID) != "" {
			tested = append(tested, m.ID)
		}
	}
	pool := 0
	for _, id := range tested {
		m := u.model(id)
		p := s.profile(m)
		piece := where(id)
		f, err := r.d6()
		if err != nil {
			return err
		}
		faces, w := []int{f}, 0
		if f == 1 {
			w = 1
			if p.Type == Chariot {
				d, err := r.d6()
				if err != nil {
					return err
				}
				faces, w = append(faces, d), d
			}
		}
		// No armour save; a ward save is taken (it is never modified).
		warded := 0
		if w > 0 && p.Ward > 0 {
			if faces, err = r.appendD6s(faces, w); err != nil {
				return err
			}
			for _, d := range faces[len(faces)-w:] {
				if d >= max(2, p.Ward) {
					warded++
				}
			}
		}
		line := newLine().s(id, " tests for ", piece, ": ")
		if w == 0 {
			line = line.s("passed")
		} else {
			line = line.s("a 1, ").n(w).s(" wound")
			if w > 1 {
				line = line.s("s")
			}
			line = line.s(" with no armour save")
			if p.Ward > 0 {
				line = line.s(", ").n(warded).s(" saved on ward ", plus(p.Ward))
			}
		}
		w -= warded
		s.emit(Event{What: "dangerous-terrain", Unit: u.ID, Model: id, Dice: faces, Value: float64(w), Text: line.s(" (", ruleDangerous, ")").String()})
		if w == 0 {
			continue
		}
		if m.Role != Character {
			pool += w
			continue
		}
		m.Wounds -= w
		if m.Wounds <= 0 {
			s.slay(u, id)
			s.emit(Event{What: "casualties", Unit: u.ID, Model: id, Text: id + " is slain"})
		}
	}
	if pool > 0 && u.nonCharacters() > 0 {
		s.removeRankAndFile(u, pool)
	}
	if len(tested) > 0 {
		if len(u.Models) == 0 {
			s.destroy(u, "is lost to dangerous terrain")
			return nil
		}
		s.fillGaps(u, false)
	}
	return nil
}
