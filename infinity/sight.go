package infinity

import (
	"cmp"
	"math"
	"slices"
	"sync"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// geomTable is the geometry of the table, built once per game (it never
// changes during a game; see derived).
func (s *State) geomTable() *geom.Table {
	if s.derived != nil {
		if s.derived.doors != nil {
			return s.sceneryTable()
		}
		return s.derived.geo
	}
	return s.buildGeomTable()
}

// buildGeomTable builds the geometry of the table from s.Table.
func (s *State) buildGeomTable() *geom.Table {
	var terrain []geom.Terrain
	for _, tr := range s.Table.Terrain {
		var outline geom.Polygon
		for _, p := range tr.Polygon {
			outline = append(outline, geom.Pt(p[0], p[1]))
		}
		var f geom.Flags
		if tr.BlocksLoF {
			f |= geom.BlocksLoF
		}
		if tr.Cover {
			f |= geom.GivesCover
		}
		if tr.Impassable {
			f |= geom.Impassable
		}
		terrain = append(terrain, geom.Terrain{Name: tr.Name, Outline: outline, Flags: f})
	}
	terrain = s.appendShutDoors(terrain)
	t, err := geom.NewTable(s.Table.Width, s.Table.Height, terrain...)
	if err != nil {
		// Setup validated the terrain; an invalid piece leaves a bare table.
		t, _ = geom.NewTable(s.Table.Width, s.Table.Height)
	}
	return t
}

// baseBuf is a buffer for bases and sightBases, taken from basePool and
// given back with release once geom has answered. Every Line of Fire and
// route check collects the bases on the table: a new buffer each time
// would be an allocation each time, and a buffer kept in the State would
// make reading a state write to it. A pool is safe for clones used on
// several goroutines.
type baseBuf struct{ c []geom.Circle }

var basePool = sync.Pool{New: func() any { return new(baseBuf) }}

// takeBases takes a buffer from the pool.
func takeBases() *baseBuf { return basePool.Get().(*baseBuf) }

// release gives the buffer back; what bases returned in it is not to be
// used after.
func (b *baseBuf) release() {
	b.c = b.c[:0]
	basePool.Put(b)
}

// bases returns, in buf, the bases of every model on the table except
// those listed.
func (s *State) bases(buf *baseBuf, except ...int) []geom.Circle {
	buf.c = s.collectBases(buf.c[:0], false, except)
	return buf.c
}

// routeRefusal is geom's refusal of model m's route through the bases of
// the other models on the table (Move (N4)), Obstacle counted in
// bases(buf, m) as routeError reads it. While a menu is made its bases
// on the table, m's among them, are passed as they are, m's left out by
// index: copying them for each of the thousand routes a playout's menus
// check was a twentieth of its instructions.
func (s *State) routeRefusal(r geom.Route, m int) (geom.RouteError, bool) {
	t := s.geomTable()
	radius := s.Models[m].base().Radius
	if s.memo == nil {
		buf := takeBases()
		defer buf.release()
		return t.RouteRefusal(r, radius, s.bases(buf, m))
	}
	tb := s.memo.tableBases(s)
	skip := -1
	if m >= 0 && m < len(tb.at) {
		skip = tb.at[m]
	}
	re, refused := t.RouteRefusalExcept(r, radius, tb.checked, skip)
	switch {
	case re.Fault == geom.RouteInvalid && re.Obstacle >= 0:
		// A bad base (a model at no finite point): its message counts
		// the bases without m's, so ask again as outside a menu.
		buf := takeBases()
		defer buf.release()
		return t.RouteRefusal(r, radius, s.bases(buf, m))
	case re.Fault == geom.RouteCrossesBase && skip >= 0 && re.Obstacle > skip:
		re.Obstacle-- // counted without m's base, as bases(buf, m) does
	}
	return re, refused
}

// sightBases returns, in buf, the bases that block Line of Fire: those of
// bases but the markers, which do not (Line of Fire (N4)).
func (s *State) sightBases(buf *baseBuf, except ...int) []geom.Circle {
	buf.c = s.collectBases(buf.c[:0], true, except)
	return buf.c
}

// baseModel is the model whose base is k-th in bases(except...), or -1.
func (s *State) baseModel(k int, except ...int) int {
	for i := range s.Models {
		if s.onTable(i, false, except) {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

// onTable reports whether model i has a base on the table that counts for
// bases (or, with skipMarkers, for sightBases), leaving out except.
// Every Line of Fire and route check asks this of every model, so it reads
// in place rather than copying models and states.
func (s *State) onTable(i int, skipMarkers bool, except []int) bool {
	m := &s.Models[i]
	if m.Removed {
		return false
	}
	for _, x := range except {
		if x == i {
			return false
		}
	}
	st := &s.Troopers[m.Trooper].States
	return !st.Hidden && !(skipMarkers && st.marker())
}

func (s *State) collectBases(out []geom.Circle, skipMarkers bool, except []int) []geom.Circle {
	if s.memo != nil {
		t := s.memo.tableBases(s)
		if skipMarkers {
			return appendExcept(out, t.sight, t.sightAt, except)
		}
		return appendExcept(out, t.bases, t.at, except)
	}
	for i := range s.Models {
		if s.onTable(i, skipMarkers, except) {
			out = append(out, s.Models[i].base())
		}
	}
	return out
}

// appendExcept appends to out bases but those of the models in except, in
// order; at[m] is the index in bases of model m's base, or -1. The few
// bases left out are looked up there and the runs between them copied
// whole: a menu gathers the bases on the table a couple of thousand times
// a playout, and copying them one by one, asking of each whether it is
// left out, was a twentieth of the playout.
func appendExcept(out, bases []geom.Circle, at, except []int) []geom.Circle {
	var buf [4]int
	skip := buf[:0]
	for _, x := range except {
		if x >= 0 && x < len(at) && at[x] >= 0 && !slices.Contains(skip, at[x]) {
			skip = append(skip, at[x])
		}
	}
	slices.Sort(skip)
	from := 0
	for _, j := range skip {
		out = append(out, bases[from:j]...)
		from = j + 1
	}
	return append(out, bases[from:]...)
}

// tableBases are the bases on the table as a menu sees them, kept only
// while Legal runs (checkMemo): every Line of Fire and route check of a
// menu gathers the bases on the table, asking each model whether it is
// removed, Hidden or a marker, and nothing on the table changes while a
// menu is made. collectBases filters these instead, giving the same bases
// in the same order.
type tableBases struct {
	ready bool
	bases []geom.Circle // of the models on the table (not removed, not Hidden), in model order
	// sight is bases without the markers' bases: those that block Line
	// of Fire (sightBases).
	sight []geom.Circle
	// at and sightAt are, for each model, the index of its base in bases
	// and in sight, or -1.
	at, sightAt []int
	// checked and sightChecked are bases and sight checked once for
	// geom's questions (geom.Bases).
	checked, sightChecked geom.Bases
	// anyMarker: some model not removed is a marker (Camouflaged,
	// Impersonation). Most tables have none, and then no move of the
	// menu need look for one to touch (markerContact).
	anyMarker bool
}

// tableBases is the menu's tableBases, worked out on first use.
func (ms *checkMemo) tableBases(s *State) *tableBases {
	t := &ms.bases
	if t.ready {
		return t
	}
	t.bases = t.bases[:0]
	t.sight = t.sight[:0]
	t.at = slices.Grow(t.at[:0], len(s.Models))[:len(s.Models)]
	t.sightAt = slices.Grow(t.sightAt[:0], len(s.Models))[:len(s.Models)]
	t.anyMarker = false
	for i := range s.Models {
		if !s.Models[i].Removed && s.Troopers[s.Models[i].Trooper].States.marker() {
			t.anyMarker = true
		}
		t.at[i], t.sightAt[i] = -1, -1
		if s.onTable(i, false, nil) {
			t.at[i] = len(t.bases)
			t.bases = append(t.bases, s.Models[i].base())
			// A marker's base does not block Line of Fire.
			if !s.Troopers[s.Models[i].Trooper].States.marker() {
				t.sightAt[i] = len(t.sight)
				t.sight = append(t.sight, s.Models[i].base())
			}
		}
	}
	t.checked, t.sightChecked = geom.NewBases(t.bases), geom.NewBases(t.sight)
	t.ready = true
	return t
}

// sees reports Line of Fire from trooper t's model, standing at at, to
// trooper u's model.
func (s *State) sees(t int, at [2]float64, u int) bool {
	m, um := s.modelOf(t), s.modelOf(u)
	if m < 0 || um < 0 {
		return false
	}
	v := s.Models[m]
	v.At = at
	return s.lof(v, s.Models[um].base(), m, um)
}

// baseAt is model m's base placed at p.
func (s *State) baseAt(m int, p [2]float64) geom.Circle {
	mm := s.Models[m]
	mm.At = p
	return mm.base()
}

// lof is Line of Fire from viewer to target; every other model on the
// table blocks, markers excepted (none yet), and the moving model does not
// block along its own route (it is the target or the viewer here).
func (s *State) lof(viewer Model, target geom.Circle, viewerIdx, targetIdx int) bool {
	v := s.viewer(&viewer)
	var m *lofMemo
	if s.memo != nil {
		m = &s.memo.lof
		if m.valid && m.viewer == v && m.target == target && m.viewerIdx == viewerIdx && m.targetIdx == targetIdx {
			return m.sees
		}
	}
	var sees bool
	if m != nil && !s.zoneBlocks(viewerIdx) {
		// The menu's bases as they are, the viewer's and the target's
		// left out by index rather than copied out (LoFExcept).
		tb := s.memo.tableBases(s)
		sees = s.geomTable().LoFExcept(v, target, tb.sightChecked, sightIndex(tb.sightAt, viewerIdx), sightIndex(tb.sightAt, targetIdx))
	} else {
		buf := takeBases()
		buf.c = s.zoneBlockers(s.sightBases(buf, viewerIdx, targetIdx), viewerIdx)
		sees = s.geomTable().LoF(v, target, buf.c)
		buf.release()
	}
	if m != nil {
		// Field by field: the memo's other fields (the refusals, shotMemo)
		// stay, and copying them back over themselves was most of this.
		m.valid, m.viewer, m.target, m.viewerIdx, m.targetIdx, m.sees = true, v, target, viewerIdx, targetIdx, sees
	}
	return sees
}

// sightIndex is model m's index in a tableBases list whose indices are at,
// or -1.
func sightIndex(at []int, m int) int {
	if m < 0 || m >= len(at) {
		return -1
	}
	return at[m]
}

// lofMemo is the last Line of Fire answer, kept only while Legal runs
// (checkMemo): a trooper's candidates against one target — each weapon, each
// ammunition mode, each Order source — ask the same question in a row,
// Line of Fire does not depend on the weapon (range is judged at
// resolution), and nothing on the table moves while the menu is made.
type lofMemo struct {
	valid                bool
	viewer               geom.Model
	target               geom.Circle
	viewerIdx, targetIdx int
	sees                 bool
	// shot is the last ordinary BS Attack's answer (shotMemo).
	shot shotMemo
}

// noLoF refuses an attack on the target, named target, for want of Line
// of Fire, citing BS Attack (N4) or, for a Direct Template, Direct
// Template Weapons (N4). Every menu greys attacks on the enemies its
// troopers cannot see: the menus share one refusal per rule and name
// (namedRefusal).
func (s *State) noLoF(template bool, target string) *rules.RuleError {
	return s.namedRefusal(noLoFRule(template), "no Line of Fire to %s", target)
}

// noLoFRule is the rule noLoF cites.
func noLoFRule(template bool) string {
	if template {
		return "Direct Template Weapons (N4)"
	}
	return "BS Attack (N4)"
}

// moverSight is s.lof from one model to the moving model at any point of
// its path: what does not change along the path (the viewer, the
// blockers) is worked out once, for the path is sampled every inch. Its
// blockers are in the caller's buffer.
type moverSight struct {
	table    *geom.Table
	viewer   geom.Model
	blockers []geom.Circle
}

func (s *State) sightOfMover(buf *baseBuf, m, mover int) moverSight {
	buf.c = s.zoneBlockers(s.sightBases(buf, m, mover), m)
	return moverSight{s.geomTable(), s.viewer(&s.Models[m]), buf.c}
}

// sees reports Line of Fire to the mover's base at.
func (v moverSight) sees(at geom.Circle) bool { return v.table.LoF(v.viewer, at, v.blockers) }

// eachPathSample calls f with the points of the active model's path checked
// for AROs: every declared point and points every inch between them. It
// stops when f returns false.
func eachPathSample(path [][2]float64, f func(p [2]float64) bool) {
	eachPathSampleFrom(path, 0, f)
}

// eachPathSampleFrom is eachPathSample without the samples of
// path[:from]: those of the legs that end at path[from] and after. The
// samples of a path are those of its prefix followed by these.
func eachPathSampleFrom(path [][2]float64, from int, f func(p [2]float64) bool) {
	if from == 0 {
		if len(path) == 0 || !f(path[0]) {
			return
		}
		from = 1
	}
	for i := from; i < len(path); i++ {
		a, b := path[i-1], path[i]
		d := math.Hypot(b[0]-a[0], b[1]-a[1])
		n := int(math.Ceil(d))
		for k := 1; k <= n; k++ {
			t := float64(k) / float64(n)
			if !f([2]float64{a[0] + t*(b[0]-a[0]), a[1] + t*(b[1]-a[1])}) {
				return
			}
		}
	}
}

// pathScan is what eligible found for one reactive trooper over the first
// upTo points of the active model's path.
type pathScan struct {
	upTo          int
	lof, zoc      bool
	at, atLoF     [2]float64
	best, bestLoF float64 // the distances of at and atLoF
}

// scanPath extends sc, the scan of model m's view of the active model
// over o.Path[:sc.upTo], to the whole path: Zone of Control at every
// sample, and the closest sample in Line of Fire. Line of Fire is the
// costly test, so samples are tried nearest first and the first one seen
// settles it; ties in distance go to the earlier sample, as they would
// walking the path.
func (s *State) scanPath(sc *pathScan, m int, o *Order) {
	type sample struct {
		p   [2]float64
		d   float64
		zoc bool
	}
	var buf [32]sample
	samples := buf[:0]
	active := s.Models[o.Model]
	from := s.Models[m].base()
	eachPathSampleFrom(o.Path, sc.upTo, func(p [2]float64) bool {
		at := active
		at.At = p
		d := geom.EdgeDistance(from, at.base())
		samples = append(samples, sample{p: p, d: d, zoc: d <= geom.ZoCRadius+geom.Eps}) // geom.InZoC
		return true
	})
	slices.SortStableFunc(samples, func(a, b sample) int { return cmp.Compare(a.d, b.d) })
	blockers := takeBases()
	defer blockers.release()
	sight := s.sightOfMover(blockers, m, o.Model)
	seen := false // a sample of this stretch is in LoF: the nearest one
	for _, x := range samples {
		lof := false
		if !seen && x.d < sc.bestLoF {
			lof = sight.sees(geom.Circle{Center: geom.Pt(x.p[0], x.p[1]), Radius: active.base().Radius})
			seen = lof
		}
		if !lof && !x.zoc {
			continue
		}
		sc.lof = sc.lof || lof
		sc.zoc = sc.zoc || x.zoc
		if x.d < sc.best {
			sc.best, sc.at = x.d, x.p
		}
		if lof && x.d < sc.bestLoF {
			sc.bestLoF, sc.atLoF = x.d, x.p
		}
	}
}

// moverScan is trooper t's view, from its model m, of the active model over
// the whole path so far: the scan kept in the Order extended by what was
// added since, or a fresh one when the table has changed.
func (s *State) moverScan(t, m int) pathScan {
	o := s.Order
	scans := &o.scans
	if !scans.sameTable(s) {
		scans.table = slices.Grow(scans.table[:0], len(s.Models))[:len(s.Models)]
		for i := range s.Models {
			scans.table[i] = s.modelSight(i)
		}
		scans.byTrooper = slices.Grow(scans.byTrooper[:0], len(s.Troopers))[:len(s.Troopers)]
		clear(scans.byTrooper)
		scans.doors, scans.noise = s.shutMask(), len(s.WhiteNoise)+len(s.Smoke)
	}
	sc := scans.byTrooper[t]
	if sc.upTo == 0 || sc.upTo > len(o.Path) {
		sc = pathScan{best: math.Inf(1), bestLoF: math.Inf(1)}
	}
	s.scanPath(&sc, m, o)
	sc.upTo = len(o.Path)
	scans.byTrooper[t] = sc
	return sc
}

// pathScans keeps the scans of moverScan through an Order, so that the
// second ARO window scans only the path the second skill added (for a
// second skill without movement, nothing) and a Dodge's MODs at Resolution
// only what its window had not seen. It holds while the table is as it was
// (a Hidden or Camouflaged trooper revealed by its ARO changes what blocks
// Line of Fire); otherwise everything is scanned again. It is not part of
// the Order's value: clones and decoded states scan afresh, to the same
// result.
type pathScans struct {
	table     []modelSight // the models as they stood
	byTrooper []pathScan   // per trooper index; upTo 0 is not scanned
	// doors and noise are the shut doors and the White Noise templates
	// as they stood: both change what blocks Line of Fire.
	doors uint64
	noise int
}

// modelSight is what of a model Line of Fire and Zones of Control see.
type modelSight struct {
	at                       [2]float64
	facing                   float64
	s                        int
	removed, hidden, camoufl bool
}

// sameTable reports whether the models stand as they did when the scans
// were made.
func (p *pathScans) sameTable(s *State) bool {
	if len(p.table) != len(s.Models) || len(p.byTrooper) != len(s.Troopers) || p.doors != s.shutMask() || p.noise != len(s.WhiteNoise)+len(s.Smoke) {
		return false
	}
	for i := range s.Models {
		if p.table[i] != s.modelSight(i) {
			return false
		}
	}
	return true
}

func (s *State) modelSight(i int) modelSight {
	m := &s.Models[i]
	st := &s.Troopers[m.Trooper].States
	return modelSight{at: m.At, facing: m.Facing, s: m.S, removed: m.Removed, hidden: st.Hidden, camoufl: st.marker()}
}

// declMemo is the answer of the last first-skill declaration checked while
// Legal runs (checkMemo). The menu offers every skill of a trooper once for each
// Order it may spend (its Irregular Order, a Regular Order, the Lieutenant
// Special Order), in a row, and whether a skill may be declared does not
// depend on which Order pays for it (Order types (N4)): the candidates
// after the first take its answer instead of checking the skill again.
type declMemo struct {
	valid   bool
	trooper int
	// skill is the candidate's own skill, read in place: a candidate is
	// an action Legal made and boxed (actionRef), which nothing writes, and
	// copying a Skill into the memo for every skill checked cost more than
	// the check it saved. Legal drops it when the menu is made.
	skill *Skill
	// source is the Order source the skill was checked for: the
	// candidates that share its answer are those of the other sources
	// (a trooper's skill comes once for each), so a candidate for this
	// source is another skill, and answer need not compare the two.
	source OrderSource
	err    error
	// holder is 1 + the trooper whose new Order the scratch Order holds
	// (checkActivate built it in this menu); 0 for none.
	holder int
}

// menuDecl is the declaration memo of the menu being made; nil at any
// other time.
func (s *State) menuDecl() *declMemo {
	if s.memo == nil {
		return nil
	}
	return &s.memo.decl
}

// holds reports whether the scratch Order is trooper t's new Order, as
// checkActivate built it earlier in this menu.
func (m *declMemo) holds(t int) bool { return m != nil && m.holder == t+1 }

// hold records that the scratch Order is now trooper t's new Order.
func (m *declMemo) hold(t int) {
	if m != nil {
		m.holder = t + 1
	}
}

// canDeclareFirst is canDeclare for the first skill of an Order, keeping
// the answer for the other Order sources of one menu candidate (declMemo),
// which checkActivate asks before it calls this. Nothing canDeclare reads
// depends on o.Source.
func (s *State) canDeclareFirst(o *Order, k *Skill) error {
	m := s.menuDecl()
	err := s.canDeclare(o, k, true)
	if m != nil {
		*m = declMemo{valid: true, trooper: o.Trooper, skill: k, source: o.Source, err: err, holder: m.holder}
	}
	return err
}

// answer is the memo's answer for trooper t declaring k for the Order
// source, if it has one. A candidate for the source the memo was made for
// is taken for another skill without comparing them: most troopers have
// one source, and comparing every skill of theirs with the one before was
// a fiftieth of a playout. A menu listing one candidate twice would have
// the second checked again, to the same answer.
func (m *declMemo) answer(t int, k *Skill, source OrderSource) (ok bool, err error) {
	if m != nil && m.valid && m.trooper == t && m.source != source && sameSkill(m.skill, k) {
		return true, m.err
	}
	return false, nil
}

// sameSkill reports whether a and b declare the same thing, field by field
// (TestSameSkillComparesEveryField keeps it complete).
func sameSkill(a, b *Skill) bool {
	return a == b || a.Name == b.Name && a.Target == b.Target && a.Weapon == b.Weapon &&
		a.Ammo == b.Ammo && a.Program == b.Program && a.Guided == b.Guided &&
		a.Burst == b.Burst && (a.From == nil) == (b.From == nil) && (a.From == nil || *a.From == *b.From) &&
		slices.Equal(a.Route, b.Route) && slices.Equal(a.Split, b.Split) &&
		(a.Point == nil) == (b.Point == nil) && (a.Point == nil || *a.Point == *b.Point)
}
