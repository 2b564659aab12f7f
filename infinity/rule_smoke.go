package infinity

import (
	"fmt"
	"math"
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Smoke Ammunition (N4) and the Zero Visibility Zone (Visibility
// Conditions (N4)), as the Infinity wiki's N4 revisions give them
// (docs/RULES.md).
//
//   - Smoke is Non-Lethal and Targetless: a BS Attack with it names a point
//     of the table (`point`), in the thrower's Line of Fire and range, and
//     no target. Its Circular Template is placed when it is declared and
//     is a Zero Visibility Zone of infinite height: no Line of Fire is
//     drawn into, through or out of it — except by a trooper with a
//     Multispectral Visor L2 or L3, which sees through it, and one with L1,
//     which sees through it at −6 to every roll that needs Line of Fire
//     (Multispectral Visor (N4)).
//   - The throw is a Normal Roll (the weapon's attribute and the Range MOD
//     to the point), or Face to Face against every enemy attack declared
//     against the thrower (a BS Attack in ARO) whose Line of Fire passes
//     through the zone, not from a visor user. It must win them all: a
//     failed roll, or one comparison lost, removes the template in the
//     Effects step; an attack it beats fails.
//   - An enemy under the template may Dodge it, as a Normal Roll (it does
//     not face the throw).
//   - The template stays until the end of the Player Turn (the start of the
//     States Phase).
//
// In ARO, a throw is declared by a trooper that may react (the active
// trooper in its LoF or ZoC) at a point in its own Line of Fire and range;
// its template is laid at the declaration, and the throw is Face to Face
// with every attack of the active trooper whose Line of Fire passes
// through it (the active attack keeps only the successes that survive
// each of its comparisons). The Eclipse variant (the catalog has none) is
// not played, nor is the FAQ's rule that a trooper attacked from or
// through a Zero Visibility Zone treats it as a Poor Visibility Zone when
// it draws Line of Fire back.

// ruleSmoke is the rule this file's errors cite.
const ruleSmoke = "Smoke Ammunition (N4)"

// SmokeZone is a Smoke template on the table: a Zero Visibility Zone.
type SmokeZone struct {
	// By is the trooper who threw it.
	By   string     `json:"by"`
	Seat rules.Seat `json:"seat"`
	// At is the template's centre, in inches.
	At [2]float64 `json:"at"`
	// Turn is the Player Turn, counted from 0, at whose end it is removed.
	Turn int `json:"turn"`
}

// circle is the zone as geometry.
func (z SmokeZone) circle() geom.Circle {
	return geom.Circle{Center: geom.Pt(z.At[0], z.At[1]), Radius: impactRadius}
}

// SmokeChanged is a Smoke template laid (On) or removed, and why.
type SmokeChanged struct {
	By  string     `json:"by"`
	At  [2]float64 `json:"at"`
	On  bool       `json:"on"`
	Why string     `json:"why,omitempty"`
}

func (SmokeChanged) Kind() string { return "smoke" }

func (e SmokeChanged) String() string {
	if e.On {
		return fmt.Sprintf("%s lays Smoke at %s: a Zero Visibility Zone", e.By, point(e.At))
	}
	return fmt.Sprintf("%s's Smoke at %s is removed (%s)", e.By, point(e.At), e.Why)
}

// smokeAttack reports a BS Attack with Smoke ammunition: the weapon's only
// ammunition, or the mode chosen.
func smokeAttack(w *catalog.Weapon, k *Skill) bool {
	if k.Name != SkillBSAttack {
		return false
	}
	if k.Ammo != "" {
		return k.Ammo == catalog.SmokeAmmo
	}
	return len(w.Ammo) > 0 && w.Ammo[0] == catalog.SmokeAmmo
}

// checkSmoke checks a Smoke throw declared by the active trooper from
// from: a point on the table, no target, in Line of Fire and in range.
func (s *State) checkSmoke(o *Order, k *Skill, w *catalog.Weapon, from [2]float64) error {
	return s.checkThrow(o.Model, k, w, from)
}

// checkThrow checks a Smoke throw by the trooper of model m standing at
// from.
func (s *State) checkThrow(m int, k *Skill, w *catalog.Weapon, from [2]float64) error {
	if k.Point == nil || k.Target != "" || len(k.Split) > 0 || k.Burst > 0 {
		return rules.Errorf(rules.CodeBadAction, ruleSmoke, "Smoke is Targetless: it names a point (point: [x, y]) and no target")
	}
	p := *k.Point
	if !s.onTablePoint(p) {
		return rules.Errorf(rules.CodeBadAction, ruleSmoke, "the point (%g, %g) is off the table", p[0], p[1])
	}
	shooter := s.Models[m]
	shooter.At = from
	aim := geom.Circle{Center: geom.Pt(p[0], p[1]), Radius: smokeAimRadius}
	if !s.lof(shooter, aim, m, -1) {
		return rules.Errorf(rules.CodeIllegal, ruleSmoke, "no Line of Fire to the point (%g, %g)", p[0], p[1])
	}
	dist := geom.EdgeDistance(shooter.base(), aim)
	if _, ok := w.RangeMod(dist); !ok {
		return rules.Errorf(rules.CodeIllegal, ruleSmoke, "the point (%g, %g) is out of range of %s at %.2f\"", p[0], p[1], w.Name, dist)
	}
	return nil
}

// smokeAimRadius is the size of the point Smoke is thrown at, for Line of
// Fire and range: a hair's breadth.
const smokeAimRadius = 0.01

// laySmoke lays the template of the active trooper's Smoke throw k, at its
// declaration.
func (s *State) laySmoke(k *Skill) []rules.Event {
	return s.layZone(s.Order.Trooper, *k.Point)
}

// layZone lays trooper t's Smoke template at p; the enemies of t under it
// may Dodge it (Order.Affected, for the active trooper's throw).
func (s *State) layZone(t int, p [2]float64) []rules.Event {
	o := s.Order
	tr := &s.Troopers[t]
	z := SmokeZone{By: tr.ID, Seat: tr.Seat, At: p, Turn: s.playerTurn()}
	s.Smoke = append(s.Smoke[:len(s.Smoke):len(s.Smoke)], z)
	if t == o.Trooper {
		c := z.circle()
		for m := range s.Models {
			model := &s.Models[m]
			u := model.Trooper
			if !model.Removed && s.Troopers[u].Seat != tr.Seat && !s.Troopers[u].States.Hidden && geom.InContact(c, model.base()) && !slices.Contains(o.Affected, u) {
				o.Affected = append(o.Affected, u)
			}
		}
	}
	return []rules.Event{SmokeChanged{By: z.By, At: z.At, On: true}}
}

// smokeIndex is the index in Smoke of the zone the active trooper's throw
// laid (the last laid by it at the point), or -1.
func (s *State) smokeIndex(by string, at [2]float64) int {
	for i := len(s.Smoke) - 1; i >= 0; i-- {
		if z := s.Smoke[i]; z.By == by && z.At == at {
			return i
		}
	}
	return -1
}

// smokeBlocks reports whether Smoke blocks model m's Line of Fire: unless
// its trooper uses a Multispectral Visor (any level: L1 sees through at
// −6, smokeMods).
func (s *State) smokeBlocks(m int) bool {
	return len(s.Smoke) != 0 && s.visorLevel(s.viewerTrooper(m)) == 0
}

// zoneBlocks reports whether a template zone (White Noise, Smoke) blocks
// model m's Line of Fire.
func (s *State) zoneBlocks(m int) bool { return s.whiteNoiseBlocks(m) || s.smokeBlocks(m) }

// zoneBlockers appends to blockers the templates that block model m's Line
// of Fire: White Noise (for visor users) and Smoke (for the others).
func (s *State) zoneBlockers(blockers []geom.Circle, m int) []geom.Circle {
	blockers = s.whiteNoiseBlockers(blockers, m)
	if s.smokeBlocks(m) {
		for _, z := range s.Smoke {
			blockers = append(blockers, z.circle())
		}
	}
	return blockers
}

// throughSmoke reports a line from a to b crossing a Smoke zone.
func (s *State) throughSmoke(a, b [2]float64) bool {
	for _, z := range s.Smoke {
		if segmentDist(a, b, z.At) < impactRadius-geom.Eps {
			return true
		}
	}
	return false
}

// segmentDist is the distance from p to the segment ab.
func segmentDist(a, b, p [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = max(0, min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l2))
	}
	return math.Hypot(a[0]+t*dx-p[0], a[1]+t*dy-p[1])
}

// smokeMods adds the −6 of a Zero Visibility Zone to a roll that needs
// Line of Fire from model vm (a Multispectral Visor L1 user) to a target
// at target through Smoke.
func (s *State) smokeMods(mods []dice.Mod, vm int, target geom.Circle) []dice.Mod {
	if len(s.Smoke) == 0 || s.visorLevel(s.viewerTrooper(vm)) != 1 {
		return mods
	}
	if s.throughSmoke(s.Models[vm].At, [2]float64{target.Center.X, target.Center.Y}) {
		mods = append(mods, dice.Mod{Name: "Zero Visibility Zone", Value: -6})
	}
	return mods
}

// smokeRoller makes r the active trooper's Smoke throw: no target, the
// point as where it aims; the enemy attacks on the thrower whose Line of
// Fire passes through the zone are Face to Face with it (markSmokeFaced).
func (r *roller) smokeRoller(s *State, zone int) {
	r.smoke, r.target, r.to = zone+1, -1, s.Smoke[zone].At
}

// markSmokeFaced marks, among the rollers, the enemy attacks whose Line of
// Fire (from the attacker to where it meets its target) passes through the
// zone of a Smoke roller, not made by a Multispectral Visor user: they are
// Face to Face with the throw. Against the active trooper's throw these
// are the AROs on it; against one in ARO, the active trooper's attacks.
func (s *State) markSmokeFaced(rs []*roller) {
	for _, sm := range rs {
		if sm.smoke == 0 || sm.idle {
			continue
		}
		z := s.Smoke[sm.smoke-1]
		seat := s.Troopers[sm.trooper].Seat
		for _, r := range rs {
			if r.trooper < 0 || r.idle || r.smoke > 0 || r.active == sm.active || !isAttack(r.skill.Name) ||
				s.Troopers[r.trooper].Seat == seat || s.visorLevel(r.trooper) != 0 {
				continue
			}
			if sm.active && r.target != sm.trooper {
				continue
			}
			from := r.from
			if !r.active {
				if m := s.modelOf(r.trooper); m >= 0 {
					from = s.Models[m].At
				}
			}
			if segmentDist(from, r.to, z.At) < impactRadius-geom.Eps {
				r.smokeFaced = true
			}
		}
	}
}

// smokeSV is a Smoke throw's Success Value: the weapon's attribute, the
// Range MOD to the point and the thrower's state MODs; its Burst.
func (s *State) smokeSV(r *roller, mods []dice.Mod) {
	p := s.profile(r.trooper)
	m := s.modelOf(r.trooper)
	aim := geom.Circle{Center: geom.Pt(r.to[0], r.to[1]), Radius: smokeAimRadius}
	if mod, _ := r.arms().RangeMod(geom.EdgeDistance(s.baseAt(m, r.from), aim)); mod != 0 {
		mods = append(mods, dice.Mod{Name: "Range", Value: mod})
	}
	attr := r.arms().Attribute
	if attr == "" {
		attr = "BS"
	}
	r.sv = r.newSV(attr, attribute(p, attr), mods)
	r.roll = dice.Roll{Side: dice.Side{SV: r.sv.Value, Burst: s.activeBurst(r)}}
}

// smokeOutcome removes the zone of Smoke throw r when it failed or lost a
// comparison (its outcome is then no success).
func (s *State) smokeOutcome(r *roller) []rules.Event {
	if r.idle || r.out.Scored() {
		return nil
	}
	i := r.smoke - 1
	if i < 0 || i >= len(s.Smoke) {
		return nil
	}
	z := s.Smoke[i]
	s.Smoke = slices.Delete(slices.Clone(s.Smoke), i, i+1)
	return []rules.Event{SmokeChanged{By: z.By, At: z.At, Why: "the throw failed"}}
}

// expireSmoke removes, at the end of a Player Turn, the Smoke laid in it.
func (s *State) expireSmoke() []rules.Event {
	var events []rules.Event
	s.Smoke, events = expireZones(s.Smoke, s.playerTurn(), func(z SmokeZone) (int, rules.Event) {
		return z.Turn, SmokeChanged{By: z.By, At: z.At, Why: "end of the Player Turn"}
	})
	return events
}

// smokeViews appends the Smoke templates on the table, public like every
// template.
func (s *State) smokeViews(out []TemplateView) []TemplateView {
	for _, z := range s.Smoke {
		out = append(out, TemplateView{Kind: "circle", By: z.By, Seat: z.Seat, Weapon: "smoke", At: z.At, Radius: impactRadius})
	}
	return out
}

// smoke checks a decoded state's Smoke zones.
func (c *stateChecker) smoke() {
	s := c.s
	c.zones("smoke", len(s.Smoke), func(i int) (rules.Seat, string, [2]float64, int) {
		z := s.Smoke[i]
		return z.Seat, z.By, z.At, z.Turn
	})
}

// eachSmokeChoice offers trooper t, in its activation menu or as its
// second skill, a Smoke throw with each of its Smoke weapons at the point
// half-way to each enemy in the open: between them, where it blocks their
// Line of Fire.
func (s *State) eachSmokeChoice(t int, from [2]float64, f func(Skill)) {
	seat := s.Troopers[t].Seat
	s.eachSmokeWeapon(t, func(id, ammo string) {
		for m := range s.Models {
			model := &s.Models[m]
			enemy := &s.Troopers[model.Trooper]
			if model.Removed || enemy.Seat == seat || enemy.States.Hidden || enemy.States.marker() {
				continue
			}
			p := [2]float64{(from[0] + model.At[0]) / 2, (from[1] + model.At[1]) / 2}
			f(Skill{Name: SkillBSAttack, Weapon: id, Ammo: ammo, Point: &p})
		}
	})
}

// eachSmokeWeapon calls f with each weapon of trooper t that throws Smoke,
// and the ammunition to name (Smoke for a weapon of several modes).
func (s *State) eachSmokeWeapon(t int, f func(id, ammo string)) {
	ids, ws := s.profile(t).Weapons, s.weapons(t)
	for i, id := range ids {
		w := ws[i]
		if w == nil || slices.Contains(ids[:i], id) || !slices.Contains(w.Ammo, catalog.SmokeAmmo) {
			continue
		}
		ammo := ""
		if len(w.Ammo) > 1 {
			ammo = catalog.SmokeAmmo
		}
		f(id, ammo)
	}
}

// reactRules checks what special rules allow a reactive trooper's ARO:
// Stealth's unseen contact (rule_stealth.go), and a Smoke throw, which
// names a point instead of the active trooper: done reports the ARO
// decided here.
func (s *State) reactRules(t int, k Skill, e eligibility) (done bool, err error) {
	if err := s.stealthContact(t, k, e); err != nil {
		return true, err
	}
	if k.Name != SkillBSAttack {
		return false, nil
	}
	w, err := s.weaponRef(t, &k)
	if err != nil || !smokeAttack(w, &k) {
		return false, nil
	}
	if !e.LoF && !e.ZoC {
		return true, rules.Errorf(rules.CodeIllegal, ruleSmoke, "%s has the active trooper in neither LoF nor ZoC: it may only answer with %v", s.Troopers[t].ID, e.answers())
	}
	m := s.modelOf(t)
	return true, s.checkThrow(m, &k, w, s.Models[m].At)
}

// smokeARO lays the template of a Smoke throw declared in ARO, d.
func (s *State) smokeARO(d *ARO) []rules.Event {
	if d.Skill.Name != SkillBSAttack || d.Skill.Point == nil {
		return nil
	}
	if w, err := s.weaponRef(d.Trooper, &d.Skill); err != nil || !smokeAttack(w, &d.Skill) {
		return nil
	}
	return s.layZone(d.Trooper, *d.Skill.Point)
}

// smokeOfARO is the index in Smoke of the zone ARO a laid, when it is a
// Smoke throw; -1 otherwise.
func (s *State) smokeOfARO(a *ARO) int {
	if a.Skill.Name != SkillBSAttack || a.Skill.Point == nil {
		return -1
	}
	w, err := s.weaponRef(a.Trooper, &a.Skill)
	if err != nil || !smokeAttack(w, &a.Skill) {
		return -1
	}
	return s.smokeIndex(s.Troopers[a.Trooper].ID, *a.Skill.Point)
}

// eachSmokeARO offers reactive trooper t a Smoke throw at the point
// half-way to the active trooper, with each of its Smoke weapons.
func (s *State) eachSmokeARO(t int, f func(Skill)) {
	o := s.Order
	m, am := s.modelOf(t), o.Model
	if m < 0 {
		return
	}
	s.eachSmokeWeapon(t, func(id, ammo string) {
		at, to := s.Models[m].At, s.Models[am].At
		p := [2]float64{(at[0] + to[0]) / 2, (at[1] + to[1]) / 2}
		f(Skill{Name: SkillBSAttack, Weapon: id, Ammo: ammo, Point: &p})
	})
}

// smokeOf is the index in Smoke of the zone the active trooper's skill k
// laid, when k is a Smoke throw; -1 otherwise.
func (s *State) smokeOf(k *Skill) int {
	o := s.Order
	if k.Name != SkillBSAttack || k.Point == nil {
		return -1
	}
	w, err := s.weaponRef(o.Trooper, k)
	if err != nil || !smokeAttack(w, k) {
		return -1
	}
	return s.smokeIndex(s.Troopers[o.Trooper].ID, *k.Point)
}
