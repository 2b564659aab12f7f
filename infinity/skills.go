package infinity

import (
	"cmp"
	"math"
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// category is a skill's category for the legal combinations of an Order
// (Skill categories (N4)).
func category(name string) string {
	switch name {
	case SkillMove, SkillIdle, SkillDiscover:
		return "short-movement"
	case SkillBSAttack, SkillCCAttack, SkillDodge, SkillReset:
		return "short"
	case SkillSuppressiveFire, SkillCombatJump:
		return "entire"
	}
	return ""
}

// strayField names the first parameter k carries that its skill does not
// take ("" if none): a Dodge with a route, a Move with a target. Accepting
// and ignoring one would let a client believe it declared something it
// did not.
func (k Skill) strayField() string {
	takes := func(fields ...string) func(string) bool {
		return func(f string) bool { return slices.Contains(fields, f) }
	}
	var ok func(string) bool
	switch k.Name {
	case SkillMove, SkillCombatJump:
		ok = takes("route")
	case SkillBSAttack:
		ok = takes("target", "weapon", "ammo", "from", "split", "burst")
	case SkillCCAttack:
		ok = takes("target", "weapon", "ammo", "from", "burst")
	case SkillDiscover:
		ok = takes("target", "from")
	case SkillSuppressiveFire:
		ok = takes("weapon", "ammo")
	default:
		ok = takes()
	}
	for _, f := range []struct {
		name string
		set  bool
	}{
		{"route", len(k.Route) > 0}, {"target", k.Target != ""}, {"weapon", k.Weapon != ""},
		{"ammo", k.Ammo != ""}, {"from", k.From != nil}, {"split", len(k.Split) > 0}, {"burst", k.Burst != 0},
	} {
		if f.set && !ok(f.name) {
			return f.name
		}
	}
	return ""
}

// isAttack reports the Attack label.
func isAttack(name string) bool { return name == SkillBSAttack || name == SkillCCAttack }

// stateAllows checks what a trooper's states let it declare (States (N4)):
// IMM-A only Dodge, IMM-B only Reset, Engaged only CC Attack, Dodge, Idle
// and Reset, Stunned no Attack.
func stateAllows(st States, id, skill string) error {
	switch {
	case skill == SkillIdle && !st.Engaged:
		// Idle is declining to act, open to every state.
		return nil
	case st.ImmA && skill != SkillDodge:
		return rules.Errorf(rules.CodeIllegal, "Immobilized-A (N4)", "%s is IMM-A: it may only Dodge", id)
	case st.ImmB && skill != SkillReset:
		return rules.Errorf(rules.CodeIllegal, "Immobilized-B (N4)", "%s is IMM-B: it may only Reset", id)
	case st.Engaged && skill != SkillCCAttack && skill != SkillDodge && skill != SkillIdle && skill != SkillReset:
		return rules.Errorf(rules.CodeIllegal, "Engaged (N4)", "%s is Engaged: only CC Attack, Dodge, Idle and Reset", id)
	case st.Stunned && isAttack(skill):
		return rules.Errorf(rules.CodeIllegal, "Stunned (N4)", "%s is Stunned: no Attacks", id)
	}
	return nil
}

// canDeclare checks an active skill at declaration (Order Expenditure Sequence (N4) steps 1.2
// and 3): the combination with the first skill, the trooper's states, and
// the skill's own requirements (LoF is checked now; range at resolution).
func (s *State) canDeclare(o *Order, k Skill, first bool) error {
	tr := s.Troopers[o.Trooper]
	if category(k.Name) == "" {
		return rules.Errorf(rules.CodeBadAction, "Common Skills (N4)", "unknown skill %q (move, bs-attack, cc-attack, dodge, reset, idle, discover, suppressive-fire, combat-jump)", k.Name)
	}
	if f := k.strayField(); f != "" {
		return rules.Errorf(rules.CodeBadAction, "Common Skills (N4)", "%s takes no %s", k.Name, f)
	}
	if !first && category(o.First.Name) == "short" && category(k.Name) == "short" {
		return rules.Errorf(rules.CodeIllegal, "Skill categories (N4)", "%s then %s: two Short Skills in one Order are not allowed", o.First.Name, k.Name)
	}
	if !first && category(k.Name) == "entire" {
		return rules.Errorf(rules.CodeIllegal, "Skill categories (N4)", "%s is an Entire Order: it takes the whole Order", k.Name)
	}
	if err := stateAllows(tr.States, tr.ID, k.Name); err != nil {
		return err
	}
	p := s.profile(o.Trooper)
	if tr.States.Reserve && k.Name != SkillCombatJump {
		return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1; Combat Jump)", "%s is in reserve: it can only come on with a Combat Jump", tr.ID)
	}
	switch k.Name {
	case SkillCombatJump:
		return s.checkCombatJump(o, k)
	case SkillSuppressiveFire:
		_, err := s.weaponFor(o.Trooper, k)
		return err
	case SkillMove:
		mov := p.MOV[0]
		if !first {
			if o.First.Name == SkillMove {
				mov = p.MOV[1]
			}
		}
		return s.checkRoute(o, k.Route, float64(mov))
	case SkillDiscover:
		from, err := s.fromPoint(o, k)
		if err != nil {
			return err
		}
		return s.checkDiscover(o.Trooper, from, s.targetModel(k.Target, tr.Seat))
	case SkillBSAttack, SkillCCAttack:
		return s.checkAttack(o, k)
	}
	return nil
}

// checkAttack checks a BS or CC Attack at declaration: a split Burst share
// by share, the Burst against the burst-active ruling, and each target's
// requirements (Face to Face Rolls (N4), BS Attack (N4), CC Attack (N4)).
func (s *State) checkAttack(o *Order, k Skill) error {
	w, err := s.weaponFor(o.Trooper, k)
	if err != nil {
		return err
	}
	full := max(w.Burst, 1)
	if k.Burst > 0 {
		if s.Rulings.Get("burst-active") != "may-reduce" {
			return rules.Errorf(rules.CodeIllegal, "Face to Face Rolls (N4) (burst-active: full, errata 1.3)", "the active trooper rolls its full Burst of %d", full)
		}
		if k.Burst > full {
			return rules.Errorf(rules.CodeIllegal, "Face to Face Rolls (N4)", "Burst %d: the weapon has B%d", k.Burst, full)
		}
	}
	if len(k.Split) == 0 {
		return s.checkAttackTarget(o, k, w)
	}
	if k.Target != "" || isDirectTemplate(w) {
		return rules.Errorf(rules.CodeBadAction, "BS Attack (N4)", "a split Burst names its targets in split, and a template cannot split")
	}
	total := 0
	var seen []string
	for _, sh := range k.Split {
		if sh.Dice < 1 || slices.Contains(seen, sh.Target) {
			return rules.Errorf(rules.CodeBadAction, "BS Attack (N4)", "split: each target once, with at least one die")
		}
		seen = append(seen, sh.Target)
		total += sh.Dice
		one := k
		one.Target, one.Split = sh.Target, nil
		if err := s.checkAttackTarget(o, one, w); err != nil {
			return err
		}
	}
	want := full
	if k.Burst > 0 {
		want = k.Burst
	}
	if total != want {
		return rules.Errorf(rules.CodeIllegal, "Face to Face Rolls (N4)", "the split assigns %d dice of a Burst of %d", total, want)
	}
	return nil
}

// checkAttackTarget checks an attack with weapon w on one target.
func (s *State) checkAttackTarget(o *Order, k Skill, w catalog.Weapon) error {
	tr := s.Troopers[o.Trooper]
	from, err := s.fromPoint(o, k)
	if err != nil {
		return err
	}
	target := s.targetModel(k.Target, tr.Seat)
	if target < 0 || s.Troopers[s.Models[target].Trooper].Seat == tr.Seat {
		return rules.Errorf(rules.CodeBadAction, "BS Attack (N4)", "target %q is not an enemy model on the table", k.Target)
	}
	if s.Troopers[s.Models[target].Trooper].States.Camouflaged {
		return rules.Errorf(rules.CodeIllegal, "Camouflaged (N4)", "%s is a Camouflaged marker: Discover it first", k.Target)
	}
	shooter := s.Models[o.Model]
	shooter.At = from
	if k.Name == SkillBSAttack && isDirectTemplate(w) {
		if !s.lof(shooter, s.Models[target].base(), o.Model, target) {
			return rules.Errorf(rules.CodeIllegal, "Direct Template Weapons (N4)", "no Line of Fire to %s", k.Target)
		}
		_, err := s.placeTemplate(o.Model, from, w, target, s.Models[target].At)
		return err
	}
	if k.Name == SkillCCAttack {
		if !geom.InContact(shooter.base(), s.Models[target].base()) {
			return rules.Errorf(rules.CodeIllegal, "CC Attack (N4)", "CC Attack needs silhouette contact with %s", k.Target)
		}
		return nil
	}
	if !s.lof(shooter, s.Models[target].base(), o.Model, target) {
		return rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "no Line of Fire to %s", k.Target)
	}
	return nil
}

// fromPoint is the point of the path an attack is made from (BS Attack (N4):
// with Move + BS Attack, any one point of the route).
func (s *State) fromPoint(o *Order, k Skill) ([2]float64, error) {
	last := len(o.Path) - 1
	if k.From == nil {
		return o.Path[last], nil
	}
	if *k.From < 0 || *k.From > last {
		return [2]float64{}, rules.Errorf(rules.CodeBadAction, "BS Attack (N4)", "from %d: the path has points 0..%d", *k.From, last)
	}
	return o.Path[*k.From], nil
}

// weaponFor finds the weapon a BS or CC Attack uses: the named one, or the
// profile's first weapon fit for the skill.
func (s *State) weaponFor(t int, k Skill) (catalog.Weapon, error) {
	p := s.profile(t)
	fit := func(w catalog.Weapon) bool { return weaponFits(w, k.Name) }
	for _, id := range p.Weapons {
		w, ok := s.Weapons[id]
		if !ok || (k.Weapon != "" && id != k.Weapon) || (k.Weapon == "" && !fit(w)) {
			continue
		}
		if !fit(w) {
			return catalog.Weapon{}, rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s cannot be used for %s", w.Name, k.Name)
		}
		if k.Ammo != "" && !w.HasAmmo(k.Ammo) {
			return catalog.Weapon{}, rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s has no %s ammunition", w.Name, k.Ammo)
		}
		return w, nil
	}
	if k.Weapon != "" {
		return catalog.Weapon{}, rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s has no weapon %q", p.Name, k.Weapon)
	}
	return catalog.Weapon{}, rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s has no weapon for %s", p.Name, k.Name)
}

// weaponFits reports whether w may be used for the skill: CC weapons for a
// CC Attack, Suppressive Fire weapons for Suppressive Fire, and for a BS
// Attack ranged weapons and Direct Templates (BS Attack (N4), Direct
// Template Weapons (N4)); impact templates and deployables are not
// modelled yet.
func weaponFits(w catalog.Weapon, skill string) bool {
	switch skill {
	case SkillCCAttack:
		return w.Traits.CC
	case SkillSuppressiveFire:
		return w.Traits.SuppressiveFire
	}
	return !w.Traits.Deployable && (isDirectTemplate(w) || (len(w.Ranges) > 0 && w.Traits.Template == ""))
}

// eachWeaponChoice calls f with k armed in turn with every weapon of
// trooper t's profile fit for k's skill, and for a weapon with several
// ammunition modes with each of them (Ammo is left empty when the weapon
// has one): the weapon and its ammunition are discrete choices a player
// makes at declaration (Order Expenditure Sequence (N4) step 1.2), so the
// menu lists each. A trooper with no fit weapon gets k unarmed, which
// check greys with the reason.
func (s *State) eachWeaponChoice(t int, k Skill, f func(Skill)) {
	ids := s.profile(t).Weapons
	armed := false
	for i, id := range ids {
		w, ok := s.Weapons[id]
		if !ok || !weaponFits(w, k.Name) || slices.Contains(ids[:i], id) {
			continue
		}
		armed = true
		k.Weapon = id
		if len(w.Ammo) <= 1 {
			k.Ammo = ""
			f(k)
			continue
		}
		for _, a := range w.Ammo {
			k.Ammo = a
			f(k)
		}
	}
	if !armed {
		k.Weapon, k.Ammo = "", ""
		f(k)
	}
}

// checkRoute checks a Move (Move (N4)): a route, no longer than the MOV
// value, on the table, through no base and no impassable scenery.
func (s *State) checkRoute(o *Order, route [][2]float64, mov float64) error {
	if len(route) == 0 {
		return rules.Errorf(rules.CodeBadAction, "Move (N4)", "a Move needs a route")
	}
	if len(route) > MaxRoutePoints {
		return rules.Errorf(rules.CodeBadAction, "Move (N4)", "a route of %d points: at most %d", len(route), MaxRoutePoints)
	}
	var buf [8]geom.Point
	r := geom.Route(buf[:0])
	r = append(r, geom.Pt(o.Path[len(o.Path)-1][0], o.Path[len(o.Path)-1][1]))
	for _, p := range route {
		r = append(r, geom.Pt(p[0], p[1]))
	}
	if l := r.Length(); math.IsNaN(l) || l > mov+geom.Eps {
		return rules.Errorf(rules.CodeIllegal, "Move (N4)", "route of %.2f\" is longer than MOV %g\"", l, mov)
	}
	base := s.Models[o.Model].base()
	if err := s.geomTable().CheckRoute(r, base.Radius, s.bases(o.Model)); err != nil {
		return s.routeError(err, o.Model, "Move (N4)")
	}
	return nil
}

// routeError says in the table's terms why geom refused a route for the
// mover, citing rule: which leg of the route, and whose base or which piece
// of scenery is in the way.
func (s *State) routeError(err error, mover int, rule string) *rules.RuleError {
	re, ok := err.(*geom.RouteError)
	if !ok {
		return rules.Errorf(rules.CodeIllegal, rule, "%v", err)
	}
	leg := re.Leg + 1
	switch re.Fault {
	case geom.RouteLeavesTable:
		return rules.Errorf(rules.CodeIllegal, rule, "leg %d of the route leaves the table", leg)
	case geom.RouteCrossesBase:
		if m := s.baseModel(re.Obstacle, mover); m >= 0 {
			return rules.Errorf(rules.CodeIllegal, rule, "leg %d of the route passes through the base of %s", leg, s.publicName(s.Models[m].Trooper))
		}
	case geom.RouteCrossesImpassable:
		if re.Name == "" {
			return rules.Errorf(rules.CodeIllegal, rule, "leg %d of the route enters impassable terrain #%d", leg, re.Obstacle+1)
		}
		return rules.Errorf(rules.CodeIllegal, rule, "leg %d of the route enters impassable terrain %s", leg, re.Name)
	}
	return rules.Errorf(rules.CodeIllegal, rule, "%s", re.Error())
}

// lof is Line of Fire from viewer to target; every other model on the
// table blocks, markers excepted (none yet), and the moving model does not
// block along its own route (it is the target or the viewer here).
func (s *State) lof(viewer Model, target geom.Circle, viewerIdx, targetIdx int) bool {
	v := s.viewer(viewer)
	m := &s.menuLoF
	if m.on && m.valid && m.viewer == v && m.target == target && m.viewerIdx == viewerIdx && m.targetIdx == targetIdx {
		return m.sees
	}
	sees := s.geomTable().LoF(v, target, s.sightBases(viewerIdx, targetIdx))
	if m.on {
		*m = lofMemo{on: true, valid: true, viewer: v, target: target, viewerIdx: viewerIdx, targetIdx: targetIdx, sees: sees}
	}
	return sees
}

// lofMemo is the last Line of Fire answer, kept only while Legal runs
// (on): a trooper's candidates against one target — each weapon, each
// ammunition mode, each Order source — ask the same question in a row,
// Line of Fire does not depend on the weapon (range is judged at
// resolution), and nothing on the table moves while the menu is made.
type lofMemo struct {
	on, valid            bool
	viewer               geom.Model
	target               geom.Circle
	viewerIdx, targetIdx int
	sees                 bool
}

// moverSight is s.lof from one model to the moving model at any point of
// its path: what does not change along the path (the viewer, the
// blockers) is worked out once, for the path is sampled every inch. It is
// good until the state next collects bases.
type moverSight struct {
	table    *geom.Table
	viewer   geom.Model
	blockers []geom.Circle
}

func (s *State) sightOfMover(m, mover int) moverSight {
	return moverSight{s.geomTable(), s.viewer(s.Models[m]), s.sightBases(m, mover)}
}

// sees reports Line of Fire to the mover's base at.
func (v moverSight) sees(at geom.Circle) bool { return v.table.LoF(v.viewer, at, v.blockers) }

// eligibility is how a reactive trooper may react to the Order so far.
type eligibility struct {
	Trooper int  `json:"trooper"`
	LoF     bool `json:"lof"`
	ZoC     bool `json:"zoc"`
	// Template: affected by the active trooper's template, which lets it
	// Dodge (or Reset) without LoF or ZoC (ARO (N4), Dodge (N4)).
	Template bool `json:"template,omitempty"`
	// Proxy: an inactive Proxy of an eligible G: Jumper, which may Dodge or
	// Reset without LoF or ZoC (G: Jumper (N4, PDF 2.1), FAQ 1.0).
	Proxy bool       `json:"proxy,omitempty"`
	At    [2]float64 `json:"at"`    // the closest path point at which it qualifies
	AtLoF [2]float64 `json:"atLoF"` // the closest path point in its Line of Fire
}

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
	sight := s.sightOfMover(m, o.Model)
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
	if len(p.table) != len(s.Models) || len(p.byTrooper) != len(s.Troopers) {
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
	return modelSight{at: m.At, facing: m.Facing, s: m.S, removed: m.Removed, hidden: st.Hidden, camoufl: st.Camouflaged}
}

// eligible lists the reactive troopers that may declare an ARO now: not yet
// decided this Order, able to act, and with the active trooper in their
// Line of Fire or Zone of Control at some point of its activity (the N4 core rules
// ARO (N4)).
func (s *State) eligible() []eligibility {
	o := s.Order
	var out []eligibility
	active := s.Models[o.Model]
	for t := range s.Troopers {
		tr := &s.Troopers[t]
		if tr.Seat != s.reactive() || tr.States.Null() || slices.Contains(o.Decided, t) {
			continue
		}
		m := s.modelOf(t)
		if m < 0 {
			continue
		}
		sc := s.moverScan(t, m)
		e := eligibility{Trooper: t, LoF: sc.lof, ZoC: sc.zoc, At: sc.at, AtLoF: sc.atLoF}
		e.Template = slices.Contains(o.Affected, t)
		if e.LoF || e.ZoC || e.Template {
			if !e.LoF && !e.ZoC {
				e.At = active.At
			}
			out = append(out, e)
		}
	}
	return out
}

// canReact checks a declared ARO (ARO (N4); Dodge (N4) for Dodge).
func (s *State) canReact(t int, k Skill, e eligibility) error {
	tr := s.Troopers[t]
	if category(k.Name) != "short" && k.Name != SkillDiscover {
		return rules.Errorf(rules.CodeIllegal, "ARO (N4)", "%s is not an ARO", k.Name)
	}
	if f := k.strayField(); f != "" {
		return rules.Errorf(rules.CodeBadAction, "Common Skills (N4)", "%s takes no %s", k.Name, f)
	}
	if err := stateAllows(tr.States, tr.ID, k.Name); err != nil {
		return err
	}
	// Affected by a template only, or an inactive Proxy of a reacting G:
	// Jumper without LoF or ZoC: Dodge or Reset.
	if !e.LoF && !e.ZoC && k.Name != SkillDodge && k.Name != SkillReset {
		return rules.Errorf(rules.CodeIllegal, "ARO (N4), G: Jumper (N4, PDF 2.1)", "%s has the active trooper in neither LoF nor ZoC: it may only Dodge or Reset", tr.ID)
	}
	// ZoC without LoF: the zoc-aro ruling (N4 errata 1.1.1 allows any valid
	// ARO; the original N4 only Dodge or Reset).
	if !e.LoF && s.Rulings.Get("zoc-aro") == "dodge-reset-only" && k.Name != SkillDodge && k.Name != SkillReset {
		return rules.Errorf(rules.CodeIllegal, "ARO (N4) (zoc-aro: dodge-reset-only)", "%s has the active trooper in ZoC but not in LoF: only Dodge or Reset", tr.ID)
	}
	o := s.Order
	active := s.Models[o.Model]
	switch k.Name {
	case SkillDodge, SkillReset:
		// Seed 003: in the Reactive Turn, Dodge needs a valid ARO: being
		// eligible is that; so does Reset (Reset (N4)).
		return nil
	case SkillDiscover:
		if s.targetModel(k.Target, tr.Seat) != o.Model {
			return rules.Errorf(rules.CodeIllegal, "ARO (N4)", "an ARO acts against the active trooper (%s), not %q", s.publicName(o.Trooper), k.Target)
		}
		if !e.LoF {
			return rules.Errorf(rules.CodeIllegal, "Discover (N4)", "%s has no Line of Fire to %s", tr.ID, k.Target)
		}
		if !s.Troopers[o.Trooper].States.Camouflaged {
			return rules.Errorf(rules.CodeIllegal, "Discover (N4)", "Discover needs an enemy marker")
		}
		if slices.Contains(tr.Failed, s.Troopers[o.Trooper].Marker) {
			return rules.Errorf(rules.CodeIllegal, "Discover (N4)", "%s failed to Discover %s this turn", tr.ID, k.Target)
		}
		return nil
	case SkillBSAttack, SkillCCAttack:
		if len(k.Split) > 0 || k.Burst > 0 {
			return rules.Errorf(rules.CodeIllegal, "Face to Face Rolls (N4)", "an ARO rolls B1 against the active trooper: no split, no Burst")
		}
		if s.targetModel(k.Target, tr.Seat) != o.Model {
			return rules.Errorf(rules.CodeIllegal, "ARO (N4)", "an ARO attacks the active trooper (%s), not %q", s.publicName(o.Trooper), k.Target)
		}
		if s.Troopers[o.Trooper].States.Camouflaged {
			return rules.Errorf(rules.CodeIllegal, "Camouflaged (N4)", "%s is a Camouflaged marker: Discover it first", k.Target)
		}
		if _, err := s.weaponFor(t, k); err != nil {
			return err
		}
		at := active
		at.At = e.At
		m := s.modelOf(t)
		if k.Name == SkillCCAttack {
			if !geom.InContact(s.Models[m].base(), at.base()) {
				return rules.Errorf(rules.CodeIllegal, "CC Attack (N4)", "CC Attack needs silhouette contact with %s", active.ID)
			}
			return nil
		}
		if !e.LoF {
			return rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s has no Line of Fire to %s", tr.ID, active.ID)
		}
	}
	return nil
}
