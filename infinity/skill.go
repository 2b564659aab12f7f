package infinity

import (
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// SkillName is a skill as the wire spells it ("bs-attack").
type SkillName string

// The skills an Order or an ARO may declare (Common Skills (N4), Dodge (N4),
// Suppressive Fire (N4), Discover (N4), Combat Jump). Their facts are in
// skillTable.
const (
	SkillIdle            SkillName = "idle"
	SkillDodge           SkillName = "dodge"
	SkillReset           SkillName = "reset"
	SkillSuppressiveFire SkillName = "suppressive-fire"
	SkillMove            SkillName = "move"
	SkillDiscover        SkillName = "discover"
	SkillBSAttack        SkillName = "bs-attack"
	SkillCCAttack        SkillName = "cc-attack"
	SkillCombatJump      SkillName = "combat-jump"
	// SkillHack declares a hacking program (Hacking (N3); hack_*.go).
	SkillHack SkillName = "hack"
)

// Category is a skill's category for the legal combinations of an Order
// (Skill categories (N4)): two Short Skills, or a Short Movement Skill and
// a Short Skill, or one Entire Order.
type Category string

// The skill categories.
const (
	CategoryShortMovement Category = "short-movement"
	CategoryShort         Category = "short"
	CategoryEntire        Category = "entire"
)

// param is a parameter a declared Skill may carry, by its JSON name.
type param string

// The parameters of a Skill.
const (
	paramRoute  param = "route"
	paramTarget param = "target"
	paramWeapon param = "weapon"
	paramAmmo   param = "ammo"
	paramFrom   param = "from"
	paramSplit  param = "split"
	paramBurst  param = "burst"
	// paramProgram names the hacking program a hack declares.
	paramProgram param = "program"
	// paramGuided makes a BS Attack a Guided attack (rule_guided.go).
	paramGuided param = "guided"
	// paramPoint is a point of the table a program aims at (White Noise).
	paramPoint param = "point"
)

// menuKind says how Legal offers a skill (eachSkillCandidate).
type menuKind uint8

const (
	// menuNone: not offered among an Order's skills (Combat Jump has its
	// own candidates, the landing spots).
	menuNone menuKind = iota
	// menuPlain: once, with no parameter.
	menuPlain
	// menuWeapons: once per weapon fit for it and ammunition mode.
	menuWeapons
	// menuRoutes: one route along each heading at full MOV.
	menuRoutes
	// menuMarkers: on each enemy marker (Camouflaged, Impersonation).
	menuMarkers
	// menuEnemies: on each enemy, once per weapon and ammunition mode.
	menuEnemies
	// menuReach: like menuEnemies, only on enemies within reach of a move.
	menuReach
	// menuPrograms: on each enemy, once per program the trooper may
	// declare (eachProgramChoice).
	menuPrograms
	// menuCautious: Cautious Movement's routes (eachCautiousChoice).
	menuCautious
	// menuSpeculative: on each enemy, once per Impact Template weapon
	// (eachSpeculativeChoice).
	menuSpeculative
	// menuPatients: on each allied patient (eachPatientChoice).
	menuPatients
)

// skillFacts are what the engine knows of one skill, in one place: the
// checks, the menus, the log and the errors read them here rather than
// each keeping its own list.
type skillFacts struct {
	name SkillName
	// title is the skill as the rulebook names it ("BS Attack").
	title    string
	category Category
	// params are the parameters it takes; any other is refused.
	params []param
	// takes is params as a set, filled in at start.
	takes paramSet
	// aro: it may be declared as an ARO (ARO (N4)).
	aro bool
	// attack: it carries the Attack label.
	attack bool
	// rolls: it makes a roll at Resolution.
	rolls bool
	// keepsCamouflage: a Camouflaged trooper declares it without being
	// revealed (Camouflaged (N4)).
	keepsCamouflage bool
	// menu is how Legal offers it.
	menu menuKind
}

// skillTable holds every skill, in the order the menu offers them: first
// the ones with no target, then those with one, for each enemy in turn.
var skillTable = [...]skillFacts{
	{name: SkillIdle, title: "Idle", category: CategoryShortMovement, keepsCamouflage: true, menu: menuPlain},
	{name: SkillDodge, title: "Dodge", category: CategoryShort, aro: true, rolls: true, menu: menuPlain},
	{name: SkillReset, title: "Reset", category: CategoryShort, aro: true, rolls: true, menu: menuPlain},
	{name: SkillSuppressiveFire, title: "Suppressive Fire", category: CategoryEntire,
		params: []param{paramWeapon, paramAmmo}, menu: menuWeapons},
	{name: SkillMove, title: "Move", category: CategoryShortMovement, params: []param{paramRoute},
		keepsCamouflage: true, menu: menuRoutes},
	{name: SkillDiscover, title: "Discover", category: CategoryShortMovement, params: []param{paramTarget, paramFrom},
		aro: true, rolls: true, menu: menuMarkers},
	{name: SkillBSAttack, title: "BS Attack", category: CategoryShort,
		params: []param{paramTarget, paramWeapon, paramAmmo, paramFrom, paramSplit, paramBurst, paramGuided, paramPoint},
		aro:    true, attack: true, rolls: true, menu: menuEnemies},
	{name: SkillCCAttack, title: "CC Attack", category: CategoryShort,
		params: []param{paramTarget, paramWeapon, paramAmmo, paramFrom, paramBurst},
		aro:    true, attack: true, rolls: true, menu: menuReach},
	{name: SkillCombatJump, title: "Combat Jump", category: CategoryEntire, params: []param{paramRoute}},
	{name: SkillSpeculative, title: "Speculative Attack", category: CategoryEntire,
		params: []param{paramTarget, paramWeapon, paramAmmo, paramPoint}, attack: true, rolls: true, menu: menuSpeculative},
	{name: SkillCautiousMove, title: "Cautious Movement", category: CategoryEntire, params: []param{paramRoute},
		keepsCamouflage: true, menu: menuCautious},
	// Recovering a trooper (rule_medic.go); resolved by medics, not as
	// a roller.
	{name: SkillDoctor, title: "Doctor", category: CategoryShort, params: []param{paramTarget}, menu: menuPatients},
	{name: SkillParamedic, title: "Paramedic", category: CategoryShort, params: []param{paramTarget}, menu: menuPatients},
	{name: SkillMediKit, title: "MediKit", category: CategoryShort, params: []param{paramTarget}, menu: menuPatients},
	{name: SkillEngineer, title: "Engineer", category: CategoryShort, params: []param{paramTarget}, menu: menuPatients},
	{name: SkillGizmoKit, title: "GizmoKit", category: CategoryShort, params: []param{paramTarget}, menu: menuPatients},
	{name: SkillEngineerStates, title: "Engineer (cancelling states)", category: CategoryShort, params: []param{paramTarget}, menu: menuPatients},
	// Activating a console (rule_mission.go); resolved by interactions,
	// not as a roller, and offered by the Orders menu's `interact` and the
	// second skill's consoles (interactSeconds).
	{name: SkillInteract, title: "Activate", category: CategoryShort, params: []param{paramTarget}},
	// A program's own skill type decides its category (skillCategory).
	{name: SkillHack, title: "Hacking Program", category: CategoryShort, params: []param{paramTarget, paramProgram, paramFrom, paramSplit, paramPoint},
		aro: true, attack: true, rolls: true, menu: menuPrograms},
}

// factsOf is the skillTable entry of name; nil for a skill the engine does
// not know.
//
// Every check asks it, several times a candidate, so it looks the name up
// by its length and first byte before comparing it whole, rather than
// comparing it with each name of the table in turn (a fiftieth of a
// playout's instructions).
func factsOf(name SkillName) *skillFacts {
	if len(name) == 0 || len(name) >= len(skillIndex) {
		return nil
	}
	for _, i := range skillIndex[len(name)][name[0]%skillBuckets] {
		if i == 0 {
			break
		}
		if f := &skillTable[i-1]; f.name == name {
			return f
		}
	}
	return nil
}

// skillBuckets is how many buckets of first bytes skillIndex keeps per
// length of name.
const skillBuckets = 8

// skillIndex holds, by a name's length and first byte (modulo
// skillBuckets), 1 + the index in skillTable of each skill with that
// length and first byte; 0 ends the list. Worked out at start
// (TestFactsOfFindsEverySkill checks that it finds every skill).
var skillIndex = func() (x [24][skillBuckets][len(skillTable)]uint8) {
	for i, f := range skillTable {
		if len(f.name) == 0 || len(f.name) >= len(x) {
			continue // not indexed: the test above fails
		}
		l := &x[len(f.name)][f.name[0]%skillBuckets]
		n := 0
		for l[n] != 0 {
			n++
		}
		l[n] = uint8(i + 1)
	}
	return x
}()

// knownSkills lists the skills for an error message: "move, bs-attack, …".
// It is worked out when an error needs it, not at start.
func knownSkills() string {
	names := make([]string, len(skillTable))
	for i, f := range skillTable {
		names[i] = string(f.name)
	}
	return strings.Join(names, ", ")
}

// category is a skill's category; "" for an unknown skill.
func category(name SkillName) Category {
	if f := factsOf(name); f != nil {
		return f.category
	}
	return ""
}

// strayField names the first parameter k carries that its skill does not
// take ("" if none): a Dodge with a route, a Move with a target. Accepting
// and ignoring one would let a client believe it declared something it
// did not.
func (k *Skill) strayField() string { return k.strayFieldOf(factsOf(k.Name)) }

// strayFieldOf is strayField for a skill whose facts are f (nil for an
// unknown skill, which takes nothing). Every candidate of a menu is asked
// this, so the parameters k carries are gathered as a set of bits, in the
// order of Skill's fields, and set against those the skill takes.
func (k *Skill) strayFieldOf(f *skillFacts) string {
	// Bit by bit rather than through a list of the fields: every menu
	// candidate's check asks this, and building the list was most of it.
	set := paramIf(len(k.Route) > 0, 0) | paramIf(k.Target != "", 1) | paramIf(k.Weapon != "", 2) | paramIf(k.Ammo != "", 3) |
		paramIf(k.From != nil, 4) | paramIf(len(k.Split) > 0, 5) | paramIf(k.Burst != 0, 6) | paramIf(k.Program != "", 7) |
		paramIf(k.Guided, 8) | paramIf(k.Point != nil, 9)
	if f != nil {
		set &^= f.takes
	}
	if set == 0 {
		return ""
	}
	return string(paramOrder[bits.TrailingZeros16(uint16(set))])
}

// paramSet is a set of parameters, bit i standing for paramOrder[i].
type paramSet uint16

// paramIf is the set of paramOrder[i] when on, else the empty set.
func paramIf(on bool, i uint) paramSet {
	if on {
		return 1 << i
	}
	return 0
}

// paramOrder is the parameters in the order of Skill's fields.
var paramOrder = [...]param{paramRoute, paramTarget, paramWeapon, paramAmmo, paramFrom, paramSplit, paramBurst, paramProgram, paramGuided, paramPoint}

// paramsOf is the set of ps.
func paramsOf(ps []param) paramSet {
	var set paramSet
	for _, p := range ps {
		set |= 1 << slices.Index(paramOrder[:], p)
	}
	return set
}

func init() {
	for i := range skillTable {
		skillTable[i].takes = paramsOf(skillTable[i].params)
	}
}

// isAttack reports the Attack label.
func isAttack(name SkillName) bool {
	f := factsOf(name)
	return f != nil && f.attack
}

// stateAllows checks what a trooper's states let it declare (States (N4)):
// IMM-A only Dodge, IMM-B only Reset, Engaged only CC Attack, Dodge, Idle
// and Reset, Stunned no Attack.
//
// It reads the states in place: every candidate of every menu asks it,
// and the states are many fields to copy.
func stateAllows(st *States, id string, skill SkillName) error {
	switch {
	case skill == SkillIdle && !st.Engaged:
		// Idle is declining to act, open to every state.
		return nil
	case st.ImmA && skill != SkillDodge:
		return rules.Errorf(rules.CodeIllegal, "Immobilized-A (N4)", "%s is IMM-A: it may only Dodge", id)
	case st.ImmB && skill != SkillReset:
		return rules.Errorf(rules.CodeIllegal, "Immobilized-B (N4)", "%s is IMM-B: it may only Reset", id)
	case st.Imm1 && skill != SkillReset && skill != SkillDiscover:
		return rules.Errorf(rules.CodeIllegal, "Immobilized-1 (Hacking)", "%s is IMM-1: it may only Reset or Discover", id)
	case st.Engaged && skill != SkillCCAttack && skill != SkillDodge && skill != SkillIdle && skill != SkillReset:
		return rules.Errorf(rules.CodeIllegal, "Engaged (N4)", "%s is Engaged: only CC Attack, Dodge, Idle and Reset", id)
	case st.Stunned && isAttack(skill):
		return rules.Errorf(rules.CodeIllegal, "Stunned (N4)", "%s is Stunned: no Attacks", id)
	}
	return retreatRefusal(st, id, skill)
}

// canDeclare checks an active skill at declaration (Order Expenditure Sequence (N4) steps 1.2
// and 3): the combination with the first skill, the trooper's states, and
// the skill's own requirements (LoF is checked now; range at resolution).
func (s *State) canDeclare(o *Order, k *Skill, first bool) error {
	tr := &s.Troopers[o.Trooper]
	facts := factsOf(k.Name)
	if facts == nil {
		return rules.Errorf(rules.CodeBadAction, "Common Skills (N4)", "unknown skill %q (%s)", k.Name, knownSkills())
	}
	if f := k.strayFieldOf(facts); f != "" {
		return rules.Errorf(rules.CodeBadAction, "Common Skills (N4)", "%s takes no %s", k.Name, f)
	}
	if !first {
		// The second skill's category first, once: only a Short one
		// needs the first skill's.
		switch s.skillCategory(k) {
		case CategoryShort:
			if s.skillCategory(&o.First) == CategoryShort {
				return s.twoShortSkills(o.First.Name, k.Name)
			}
		case CategoryEntire:
			return rules.Errorf(rules.CodeIllegal, "Skill categories (N4)", "%s is an Entire Order: it takes the whole Order", k.Name)
		}
	}
	if err := stateAllows(&tr.States, tr.ID, k.Name); err != nil {
		return err
	}
	if tr.States.Reserve && k.Name != SkillCombatJump {
		return rules.Errorf(rules.CodeIllegal, "G: Jumper (N4, PDF 2.1; Combat Jump)", "%s is in reserve: it can only come on with a Combat Jump", tr.ID)
	}
	switch k.Name {
	case SkillCombatJump:
		return s.checkCombatJump(o, *k)
	case SkillCautiousMove:
		return s.checkCautious(o, k)
	case SkillSpeculative:
		return s.checkSpeculative(o, k)
	case SkillSuppressiveFire:
		_, err := s.weaponRef(o.Trooper, k)
		return err
	case SkillMove:
		// The profile only for a Move: most candidates are not one.
		p := s.profile(o.Trooper)
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
	case SkillDoctor, SkillParamedic, SkillMediKit, SkillEngineer, SkillGizmoKit, SkillEngineerStates:
		return s.checkMedic(o, k)
	case SkillHack:
		return s.checkHack(o, k)
	case SkillInteract:
		return s.checkInteract(o, k)
	}
	return nil
}

// twoShortSkills refuses a second Short Skill after a first one (Skill
// categories (N4)). The candidates of a menu refused for the same two
// skills come in a row (each route of a Move, each weapon and target of
// an attack) and share one error (shortMemo).
func (s *State) twoShortSkills(first, second SkillName) *rules.RuleError {
	var m *shortMemo
	if s.memo != nil {
		m = &s.memo.short
		if m.err != nil && m.first == first && m.second == second {
			return m.err
		}
	}
	err := rules.Errorf(rules.CodeIllegal, "Skill categories (N4)", "%s then %s: two Short Skills in one Order are not allowed", first, second)
	if m != nil {
		*m = shortMemo{first, second, err}
	}
	return err
}

// shortMemo is the last refusal of two Short Skills made while Legal runs
// (checkMemo).
type shortMemo struct {
	first, second SkillName
	err           *rules.RuleError
}

// checkAttack checks a BS or CC Attack at declaration: a split Burst share
// by share, the Burst against the burst-active ruling, and each target's
// requirements (Face to Face Rolls (N4), BS Attack (N4), CC Attack (N4)).
func (s *State) checkAttack(o *Order, k *Skill) error {
	// The weapon in place, not a copy: every attack candidate of every
	// menu comes here.
	w, err := s.weaponRef(o.Trooper, k)
	if err != nil {
		return err
	}
	if err := checkGuidedShape(k); err != nil {
		return err
	}
	if smokeAttack(w, k) {
		// Targetless, at a point (rule_smoke.go).
		from, err := s.fromPoint(o, k)
		if err != nil {
			return err
		}
		return s.checkSmoke(o, k, w, from)
	}
	if k.Point != nil {
		return rules.Errorf(rules.CodeBadAction, "BS Attack (N4)", "a BS Attack names a point only with Smoke")
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
	if k.Target != "" || w.Traits.Template.Direct() {
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
		one := *k
		one.Target, one.Split = sh.Target, nil
		if err := s.checkAttackTarget(o, &one, w); err != nil {
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
func (s *State) checkAttackTarget(o *Order, k *Skill, w *catalog.Weapon) error {
	from, err := s.fromPoint(o, k)
	if err != nil {
		return err
	}
	if s.memo == nil || k.Name != SkillBSAttack || k.Guided || w.Traits.Template.Direct() {
		return s.checkTarget(o, k, w, from)
	}
	// An ordinary BS Attack: while Legal runs, the last answer for this
	// shooter, point and target stands for every weapon and ammunition
	// mode (shotMemo).
	m := &s.memo.lof.shot
	if m.valid && m.trooper == o.Trooper && m.model == o.Model && m.from == from && m.target == k.Target {
		return m.err
	}
	err = s.checkTarget(o, k, w, from)
	*m = shotMemo{valid: true, trooper: o.Trooper, model: o.Model, from: from, target: k.Target, err: err}
	return err
}

// shotMemo is the last answer checkTarget gave an ordinary BS Attack (no
// Direct Template, not Guided) while Legal runs (checkMemo): a
// trooper's attack candidates on one target — each weapon and ammunition
// mode — ask it in a row, and for such an attack the answer depends on
// neither: only on the target named (an enemy model on the table, not a
// marker to Discover first) and on Line of Fire from the shooter's point
// to it (BS Attack (N4); range is judged at resolution), and nothing on
// the table moves while a menu is made.
type shotMemo struct {
	valid          bool
	trooper, model int
	from           [2]float64
	target         string
	err            error
}

// checkTarget is checkAttackTarget from the point from, with no memo.
func (s *State) checkTarget(o *Order, k *Skill, w *catalog.Weapon, from [2]float64) error {
	tr := &s.Troopers[o.Trooper]
	target := s.targetModel(k.Target, tr.Seat)
	if target < 0 || s.Troopers[s.Models[target].Trooper].Seat == tr.Seat {
		return rules.Errorf(rules.CodeBadAction, "BS Attack (N4)", "target %q is not an enemy model on the table", k.Target)
	}
	if err := markerRefusal(&s.Troopers[s.Models[target].Trooper].States, k.Target); err != nil {
		return err
	}
	shooter := s.Models[o.Model]
	shooter.At = from
	if k.Name == SkillBSAttack && w.Traits.Template.Direct() {
		if !s.lof(shooter, s.Models[target].base(), o.Model, target) {
			return s.noLoF(true, k.Target)
		}
		_, err := s.placeTemplate(o.Model, from, *w, target, s.Models[target].At)
		return err
	}
	if k.Name == SkillCCAttack {
		if !geom.InContact(shooter.base(), s.Models[target].base()) {
			return rules.Errorf(rules.CodeIllegal, "CC Attack (N4)", "CC Attack needs silhouette contact with %s", k.Target)
		}
		return nil
	}
	if k.Guided {
		return s.checkGuided(o, *k, *w, target)
	}
	if isImpact(w) {
		return s.checkImpactTarget(shooter, o.Model, target, k.Target)
	}
	if !s.lof(shooter, s.Models[target].base(), o.Model, target) {
		return s.noLoF(false, k.Target)
	}
	return nil
}

// fromPoint is the point of the path an attack is made from (BS Attack (N4):
// with Move + BS Attack, any one point of the route).
func (s *State) fromPoint(o *Order, k *Skill) ([2]float64, error) {
	return pathPoint(o.Path, k)
}

// pathPoint is fromPoint on a path of the caller's.
func pathPoint(path [][2]float64, k *Skill) ([2]float64, error) {
	last := len(path) - 1
	if k.From == nil {
		return path[last], nil
	}
	if *k.From < 0 || *k.From > last {
		return [2]float64{}, rules.Errorf(rules.CodeBadAction, "BS Attack (N4)", "from %d: the path has points 0..%d", *k.From, last)
	}
	return path[*k.From], nil
}

// weaponFor finds the weapon a BS or CC Attack uses: the named one, or the
// profile's first weapon fit for the skill.
func (s *State) weaponFor(t int, k *Skill) (catalog.Weapon, error) {
	w, err := s.weaponRef(t, k)
	if err != nil {
		return catalog.Weapon{}, err
	}
	return *w, nil
}

// weaponRef is weaponFor's weapon in the trooper's weapons, not copied.
func (s *State) weaponRef(t int, k *Skill) (*catalog.Weapon, error) {
	p := s.profile(t)
	fit := func(w *catalog.Weapon) bool { return weaponFits(w, k.Name) }
	ws := s.weapons(t)
	for i, id := range p.Weapons {
		w := ws[i]
		if w == nil || (k.Weapon != "" && id != k.Weapon) || (k.Weapon == "" && !fit(w)) {
			continue
		}
		if !fit(w) {
			return nil, rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s cannot be used for %s", w.Name, k.Name)
		}
		if k.Ammo != "" && !w.HasAmmo(k.Ammo) {
			return nil, rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s has no %s ammunition", w.Name, k.Ammo)
		}
		return w, nil
	}
	if k.Weapon != "" {
		return nil, rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s has no weapon %q", p.Name, k.Weapon)
	}
	return nil, rules.Errorf(rules.CodeIllegal, "BS Attack (N4)", "%s has no weapon for %s", p.Name, k.Name)
}

// weaponFits reports whether w may be used for the skill: CC weapons for a
// CC Attack, Suppressive Fire weapons for Suppressive Fire, for a BS
// Attack ranged weapons, Direct Templates and Impact Templates (BS Attack
// (N4), Direct Template Weapons (N4), Impact Template Weapons (N4)), and
// Impact Templates with a range for a Speculative Attack; deployables are
// placed, not shot.
func weaponFits(w *catalog.Weapon, skill SkillName) bool {
	switch skill {
	case SkillCCAttack:
		return w.Traits.CC
	case SkillSuppressiveFire:
		return w.Traits.SuppressiveFire
	case SkillSpeculative:
		return isImpact(w) && len(w.Ranges) > 0 && !slices.Contains(w.Ammo, catalog.SmokeAmmo)
	}
	return !w.Traits.Deployable && (isDirectTemplate(w) || (len(w.Ranges) > 0 && (w.Traits.Template == "" || isImpact(w))))
}

// eachWeaponChoice calls f with k armed in turn with every weapon of
// trooper t's profile fit for k's skill, and for a weapon with several
// ammunition modes with each of them (Ammo is left empty when the weapon
// has one): the weapon and its ammunition are discrete choices a player
// makes at declaration (Order Expenditure Sequence (N4) step 1.2), so the
// menu lists each. A trooper with no fit weapon gets k unarmed, which
// check greys with the reason.
func (s *State) eachWeaponChoice(t int, k Skill, f func(Skill)) {
	ids, ws := s.profile(t).Weapons, s.weapons(t)
	armed := false
	for i, id := range ids {
		w := ws[i]
		if w == nil || !weaponFits(w, k.Name) || slices.Contains(ids[:i], id) {
			continue
		}
		armed = true
		k.Weapon = id
		if w.SmokeOnly() {
			// Thrown at a point, not at an enemy (eachSmokeChoice).
			continue
		}
		if len(w.Ammo) <= 1 {
			k.Ammo = ""
			f(k)
			continue
		}
		for _, a := range w.Ammo {
			if a == catalog.SmokeAmmo {
				continue
			}
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
	if re, refused := s.routeRefusal(r, o.Model); refused {
		return s.routeError(&re, o.Model, "Move (N4)")
	}
	base := s.Models[o.Model].base()
	base.Center = r[len(r)-1]
	return s.markerContact(o.Trooper, base)
}

// markerContact refuses a move of trooper t that ends with its base at
// end in contact with an enemy marker: a trooper cannot enter contact with
// an enemy Camouflaged or Impersonation marker (Camouflaged (N4),
// Impersonation (N4)). A trooper in Hidden Deployment is not on the table:
// refusing for it would tell where it is.
func (s *State) markerContact(t int, end geom.Circle) error {
	if s.memo != nil && !s.memo.tableBases(s).anyMarker {
		return nil
	}
	seat := s.Troopers[t].Seat
	for i := range s.Models {
		m := &s.Models[i]
		e := &s.Troopers[m.Trooper]
		if m.Removed || !e.States.marker() || e.Seat == seat || !geom.InContact(end, m.base()) {
			continue
		}
		rule := "Camouflaged (N4)"
		if e.States.Impersonation > 0 {
			rule = ruleImpersonation
		}
		return rules.Errorf(rules.CodeIllegal, rule, "the move ends in contact with the enemy marker %s: a trooper cannot enter contact with an enemy marker", s.modelNameFor(i, seat))
	}
	return nil
}

// routeError says in the table's terms why geom refused a route for the
// mover, citing rule: which leg of the route, and whose base or which piece
// of scenery is in the way.
func (s *State) routeError(re *geom.RouteError, mover int, rule string) *rules.RuleError {
	switch {
	case s.memo == nil:
		return s.makeRouteError(re, mover, rule)
	case re.Fault != geom.RouteLeavesTable && re.Fault != geom.RouteCrossesBase && re.Fault != geom.RouteCrossesImpassable:
		return s.makeRouteError(re, mover, rule)
	}
	// While Legal runs, the refusals alike share one error: a menu
	// refuses the same leg leaving the table, or passing through one base,
	// for many troopers' and headings' Moves.
	k := routeRefusal{rule: rule, fault: re.Fault, leg: re.Leg, obstacle: re.Obstacle, name: re.Name, mover: mover}
	if re.Fault == geom.RouteLeavesTable {
		k.obstacle, k.name, k.mover = 0, "", -1 // the message names neither
	}
	m := &s.memo.routes
	for i := range *m {
		if (*m)[i].key == k {
			return (*m)[i].err
		}
	}
	err := s.makeRouteError(re, mover, rule)
	if len(*m) < maxRouteRefusals {
		*m = append(*m, routeRefusalErr{k, err})
	}
	return err
}

// routeRefusal is what a route refusal's message is made of (routeError).
type routeRefusal struct {
	rule          string
	fault         geom.RouteFault
	leg, obstacle int
	name          string
	mover         int
}

// routeRefusalErr is a route refusal made while Legal runs, for the
// refusals alike that follow.
type routeRefusalErr struct {
	key routeRefusal
	err *rules.RuleError
}

// maxRouteRefusals is how many route refusals a menu keeps to share.
const maxRouteRefusals = 16

// makeRouteError is routeError without the menu's sharing.
func (s *State) makeRouteError(re *geom.RouteError, mover int, rule string) *rules.RuleError {
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

// Skill is one declared skill with all its parameters (Order Expenditure Sequence (N4) step
// 1.2: targets, Burst, ammunition, and for movement the exact route).
type Skill struct {
	Name SkillName `json:"name"`
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
	// Program is the id of the hacking program a hack declares.
	Program string `json:"program,omitempty"`
	// Guided declares a BS Attack with a Guided weapon on a Targeted enemy
	// without Line of Fire: an Entire Order (Guided (N4), rule_guided.go).
	Guided bool `json:"guided,omitempty"`
	// Point is the point of the table a program aims at, in inches (White
	// Noise: the centre of its Circular Template).
	Point *[2]float64 `json:"point,omitempty"`
}

// BurstShare is the dice of a split Burst assigned to one target.
type BurstShare struct {
	Target string `json:"target"`
	Dice   int    `json:"dice"`
}
