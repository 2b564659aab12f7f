package infinity

import (
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

// Skill names (Common Skills (N4), Dodge (N4)).
const (
	SkillMove     = "move"
	SkillBSAttack = "bs-attack"
	SkillCCAttack = "cc-attack"
	SkillDodge    = "dodge"
	SkillIdle     = "idle"
	SkillReset    = "reset"
	// SkillSuppressiveFire is the Suppressive Fire Entire Order (the N4 core rules
	// Suppressive Fire (N4)).
	SkillSuppressiveFire = "suppressive-fire"
)

// Skill is one declared skill with all its parameters (Order Expenditure Sequence (N4) step
// 1.2: targets, Burst, ammunition, and for movement the exact route).
type Skill struct {
	Name string `json:"name"`
	// Route lists the points a Move passes through after the model's
	// position, in inches; the last is where it ends.
	Route [][2]float64 `json:"route,omitempty"`
	// Target is the model attacked.
	Target string `json:"target,omitempty"`
	// Weapon is the weapon id (a BS or CC Attack); empty picks the
	// profile's first weapon fit for the skill.
	Weapon string `json:"weapon,omitempty"`
	// Ammo picks one of the weapon's modes; empty is its first.
	Ammo string `json:"ammo,omitempty"`
	// From is, for an attack combined with a Move, the index of the point of
	// the trooper's path it is made from (0: where the Order began); nil is
	// the end of the movement declared so far (BS Attack (N4)).
	From *int `json:"from,omitempty"`
	// Split divides an active BS Attack's Burst between several targets at
	// declaration (Face to Face Rolls (N4), BS Attack (N4)); it replaces Target.
	Split []BurstShare `json:"split,omitempty"`
	// Burst, when positive, rolls fewer dice than the weapon's Burst: only
	// under the burst-active: may-reduce ruling (the original N4).
	Burst int `json:"burst,omitempty"`
}

// BurstShare is the dice of a split Burst assigned to one target.
type BurstShare struct {
	Target string `json:"target"`
	Dice   int    `json:"dice"`
}

// SkillCombatJump is the Combat Jump Entire Order.
const SkillCombatJump = "combat-jump"

// SkillDiscover is the Discover skill (Discover (N4)).
const SkillDiscover = "discover"
