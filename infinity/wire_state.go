package infinity

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// CodeBadState is the code of a decoded state that the ruleset cannot
// play on: an index that points nowhere, a step it does not know, a value
// out of its range. The message names the field, as a path from the
// state's top ("state: models[3].trooper: …").
const CodeBadState rules.Code = "bad-state"

// MaxTableSize bounds a table's width and height, in inches. Tables are
// 48" at most in play; the bound only keeps the work a state can ask for
// (the spots a failed Combat Jump is offered along a table edge, the path
// samples of an Order) finite and small.
const MaxTableSize = 1000

// Bounds on what a state or an action may ask of the engine, beyond
// rules.MaxEncoded for actions and the scenario's bounds for the table.
const (
	// MaxStateSize is the most bytes of a state in JSON. A game of two full
	// armies on a table with scenery is some tens of KiB.
	MaxStateSize = 4 << 20
	// MaxRoutePoints is the most points of a Move's route (Move (N4)): a
	// real Move turns a few times; each point costs a check against the
	// scenery and every base.
	MaxRoutePoints = 64
)

// decodeState decodes and validates a state.
func decodeState(b []byte) (*State, error) {
	if len(b) > MaxStateSize {
		return nil, rules.Errorf(CodeBadState, "", "state: %d bytes, more than the %d a state may have", len(b), MaxStateSize)
	}
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		// encoding/json names the field of a value of the wrong type, and
		// the offset of a syntax error.
		return nil, rules.NewError(CodeBadState, "", "state: "+err.Error())
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	s.derive()
	return &s, nil
}

// stateChecker collects the first fault of a state.
type stateChecker struct {
	s   *State
	err error
}

// failf records a fault at path, keeping the first one.
func (c *stateChecker) failf(path, format string, args ...any) {
	if c.err == nil {
		// A string from the state is quoted only by its start: a state is
		// outside input, and a message never echoes a huge value.
		for i, a := range args {
			if v := reflect.ValueOf(a); v.Kind() == reflect.String && len(v.String()) > 64 {
				args[i] = v.String()[:64] + "…"
			}
		}
		c.err = rules.NewError(CodeBadState, "", "state: "+path+": "+fmt.Sprintf(format, args...))
	}
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// number checks a finite float.
func (c *stateChecker) number(path string, x float64) bool {
	if !finite(x) {
		c.failf(path, "%v is not a finite number", x)
		return false
	}
	return true
}

// point checks a finite point.
func (c *stateChecker) point(path string, p [2]float64) bool {
	return c.number(path+"[0]", p[0]) && c.number(path+"[1]", p[1])
}

// onTable checks a finite point on the table (a model's centre, a
// deployable, a point of a path).
func (c *stateChecker) onTable(path string, p [2]float64) bool {
	if !c.point(path, p) {
		return false
	}
	w, h := c.s.Table.Width, c.s.Table.Height
	if p[0] < -geom.Eps || p[1] < -geom.Eps || p[0] > w+geom.Eps || p[1] > h+geom.Eps {
		c.failf(path, "(%v, %v) is off the %v×%v table", p[0], p[1], w, h)
		return false
	}
	return true
}

// between checks an integer in [lo, hi].
func (c *stateChecker) between(path string, v, lo, hi int) bool {
	if v < lo || v > hi {
		c.failf(path, "%d is not in %d..%d", v, lo, hi)
		return false
	}
	return true
}

// trooper checks a trooper index.
func (c *stateChecker) trooper(path string, t int) bool {
	if t < 0 || t >= len(c.s.Troopers) {
		c.failf(path, "%d is not a trooper (%s)", t, indexRange(len(c.s.Troopers)))
		return false
	}
	return true
}

// troopers checks a list of trooper indexes.
func (c *stateChecker) troopers(path string, ts []int) bool {
	for i, t := range ts {
		if !c.trooper(fmt.Sprintf("%s[%d]", path, i), t) {
			return false
		}
	}
	return true
}

// onTableTrooper checks that trooper t (a valid index) has a model on the
// table, as the step the state is in needs.
func (c *stateChecker) onTableTrooper(path string, t int, why string) bool {
	if c.s.modelOf(t) < 0 {
		c.failf(path, "%s (trooper %d) has no model on the table, and %s", c.s.Troopers[t].ID, t, why)
		return false
	}
	return true
}

// seat checks a seat of the game.
func (c *stateChecker) seat(path string, seat rules.Seat) bool {
	if c.s.seatIndex(seat) < 0 {
		c.failf(path, "%q is not a seat (%v)", seat, c.s.Seats)
		return false
	}
	return true
}

func indexRange(n int) string {
	if n == 0 {
		return "there are none"
	}
	return fmt.Sprintf("0..%d", n-1)
}

// validate checks everything a decoded state refers to and the invariants
// Prompt, Legal, Observe and Apply rely on, so that no state that passes
// can make them panic: every index in range, every reference resolved,
// every number finite and every position on the table, and the slices an
// Order's step reads non-empty. It returns a *rules.RuleError with
// CodeBadState naming the field.
func (s *State) validate() error {
	c := &stateChecker{s: s}
	c.table()
	c.seats()
	c.catalog()
	c.hacking()
	c.armies()
	c.troopersAndModels()
	c.deployables()
	c.scenery()
	c.whiteNoise()
	c.smoke()
	c.turn()
	c.missionAndPreGame()
	if c.err == nil && s.Order != nil {
		c.order()
	}
	return c.err
}

func (c *stateChecker) table() {
	t := c.s.Table
	for _, d := range []struct {
		path string
		x    float64
	}{{"table.width", t.Width}, {"table.height", t.Height}} {
		if !finite(d.x) || d.x <= 0 || d.x > MaxTableSize {
			c.failf(d.path, "%v is not a size in inches greater than 0 and at most %d", d.x, MaxTableSize)
		}
	}
	// The bounds of a scenario file hold for a state too, before the
	// table's geometry is built (checking a polygon's edges is quadratic).
	if len(t.Terrain) > scenario.MaxTerrain {
		c.failf("table.terrain", "%d pieces, more than the %d a table may have", len(t.Terrain), scenario.MaxTerrain)
		return
	}
	for i, tr := range t.Terrain {
		path := fmt.Sprintf("table.terrain[%d].polygon", i)
		if len(tr.Polygon) < 3 {
			c.failf(path, "a polygon needs at least 3 corners, got %d", len(tr.Polygon))
		}
		if len(tr.Polygon) > scenario.MaxPolygon {
			c.failf(path, "%d corners, more than the %d a polygon may have", len(tr.Polygon), scenario.MaxPolygon)
			return
		}
		for j, p := range tr.Polygon {
			c.point(fmt.Sprintf("%s[%d]", path, j), p)
		}
	}
}

func (c *stateChecker) seats() {
	s := c.s
	if len(s.Seats) != 2 {
		c.failf("seats", "a game has two seats, got %d", len(s.Seats))
		return
	}
	for i, seat := range s.Seats {
		if seat == "" || seat == rules.ChanceSeat {
			c.failf(fmt.Sprintf("seats[%d]", i), "%q is not a player's seat", seat)
		}
	}
	if s.Seats[0] == s.Seats[1] {
		c.failf("seats[1]", "%q is seats[0] too: the two seats must differ", s.Seats[1])
	}
}

// catalog checks the profiles and weapons the state carries as the catalog
// checks them when it loads (Weapon.Check and Profile.Check in
// infinity/catalog): the values the rules compute with in their ranges,
// each entry under its own id, every weapon a profile names present.
func (c *stateChecker) catalog() {
	s := c.s
	for _, id := range slices.Sorted(maps.Keys(s.Weapons)) {
		w := s.Weapons[id]
		path := fmt.Sprintf("weapons[%q]", id)
		if w.ID != id {
			c.failf(path+".id", "%q is not the weapon's key %q", w.ID, id)
		}
		c.fieldErrors(path, w.Check())
	}
	for _, id := range slices.Sorted(maps.Keys(s.Profiles)) {
		p := s.Profiles[id]
		path := fmt.Sprintf("profiles[%q]", id)
		if p.ID != id {
			c.failf(path+".id", "%q is not the profile's key %q", p.ID, id)
		}
		c.fieldErrors(path, p.Check())
		for i, w := range p.Weapons {
			if _, ok := s.Weapons[w]; !ok {
				c.failf(fmt.Sprintf("%s.weapons[%d]", path, i), "%q is not in weapons", w)
			}
		}
	}
}

// hacking checks the programs and devices the state carries as the
// catalog checks them when it loads (Program.Check, Device.Check), each
// under its own id (Hacking (N3)).
func (c *stateChecker) hacking() {
	s := c.s
	for _, id := range sortedKeys(s.Programs) {
		p := s.Programs[id]
		path := fmt.Sprintf("programs[%q]", id)
		if p.ID != id {
			c.failf(path+".id", "%q is not the program's key %q", p.ID, id)
		}
		c.fieldErrors(path, p.Check())
	}
	for i, tr := range s.Troopers {
		c.checkExpires(fmt.Sprintf("troopers[%d]", i), tr)
	}
	for _, id := range sortedKeys(s.Devices) {
		d := s.Devices[id]
		path := fmt.Sprintf("devices[%q]", id)
		if d.ID != id {
			c.failf(path+".id", "%q is not the device's key %q", d.ID, id)
		}
		c.fieldErrors(path, d.Check())
	}
}

// fieldErrors records the first finding of a catalog check of the entry
// at path.
func (c *stateChecker) fieldErrors(path string, errs []catalog.FieldError) {
	for _, fe := range errs {
		c.failf(path+"."+fe.Field, "%s", fe.Msg)
	}
}

func (c *stateChecker) armies() {
	s := c.s
	if c.err != nil {
		return
	}
	if len(s.Armies) != len(s.Seats) {
		c.failf("armies", "one army for each seat: %d seats, %d armies", len(s.Seats), len(s.Armies))
		return
	}
	for i, a := range s.Armies {
		path := fmt.Sprintf("armies[%d]", i)
		if a.Seat != s.Seats[i] {
			c.failf(path+".seat", "%q is not seats[%d] (%q): armies are in seat order", a.Seat, i, s.Seats[i])
		}
		var names []string
		for j, g := range a.Groups {
			gp := fmt.Sprintf("%s.groups[%d]", path, j)
			if slices.Contains(names, g.Name) {
				c.failf(gp+".name", "combat group %q is listed twice", g.Name)
			}
			names = append(names, g.Name)
			c.between(gp+".pool", g.Pool, 0, math.MaxInt32)
		}
		c.fireteams(path, a)
		c.between(path+".lieutenantOrders", a.LieutenantOrders, 0, math.MaxInt32)
		c.between(path+".commandTokens", a.CommandTokens, 0, math.MaxInt32)
		c.between(path+".tokenCap", a.TokenCap, 0, 1)
		c.between(path+".tokensSpent", a.TokensSpent, 0, math.MaxInt32)
		if z := a.Zone; z != nil {
			zp := path + ".zone"
			if c.onTable(zp+"[0]", z[0]) && c.onTable(zp+"[1]", z[1]) && (z[0][0] >= z[1][0] || z[0][1] >= z[1][1]) {
				c.failf(zp, "[%v, %v]–[%v, %v]: the [min x, min y] corner comes first", z[0][0], z[0][1], z[1][0], z[1][1])
			}
		}
	}
}

func (c *stateChecker) troopersAndModels() {
	s := c.s
	if c.err != nil {
		return
	}
	owner := make([]int, len(s.Models)) // 1 + the trooper listing each model
	ids := map[string]int{}             // trooper id → its index
	for t, tr := range s.Troopers {
		path := fmt.Sprintf("troopers[%d]", t)
		if tr.ID == "" {
			c.failf(path+".id", "a trooper needs an id")
		}
		// Actions name troopers by id (Setup refuses two alike).
		if u, dup := ids[tr.ID]; dup {
			c.failf(path+".id", "%q is already troopers[%d]'s id", tr.ID, u)
		}
		ids[tr.ID] = t
		if !c.seat(path+".seat", tr.Seat) {
			continue
		}
		if _, ok := s.Profiles[tr.Profile]; !ok {
			c.failf(path+".profile", "%q is not in profiles", tr.Profile)
		}
		if a := s.army(tr.Seat); !slices.ContainsFunc(a.Groups, func(g Group) bool { return g.Name == tr.Group }) {
			c.failf(path+".group", "%q is not a combat group of %s", tr.Group, tr.Seat)
		}
		c.between(path+".irregularOrders", tr.IrregularOrders, 0, math.MaxInt32)
		if tr.KnownLieutenant && !tr.Lieutenant {
			c.failf(path+".knownLieutenant", "only the Lieutenant is known as the Lieutenant")
		}
		if tr.States.marker() && tr.Marker == "" {
			c.failf(path+".marker", "a Camouflaged or Impersonating trooper is known by its marker: it needs one")
		}
		c.checkImpersonation(path, tr)
		c.checkPossession(path, tr)
		if prof, ok := s.Profiles[tr.Profile]; ok && tr.States.Prone && !canGoProne(prof.Type) {
			c.failf(path+".states.prone", "a %s cannot be Prone (Guts Roll (N4), Unconscious (N4))", prof.Type)
		}
		if tr.Active && tr.Jumper == "" {
			c.failf(path+".active", "only a Proxy of a G: Jumper holds the Active Proxy Token")
		}
		if len(tr.Models) == 0 {
			c.failf(path+".models", "a trooper has at least one model")
		}
		for j, m := range tr.Models {
			mp := fmt.Sprintf("%s.models[%d]", path, j)
			if m < 0 || m >= len(s.Models) {
				c.failf(mp, "%d is not a model (%s)", m, indexRange(len(s.Models)))
				continue
			}
			if owner[m] != 0 {
				c.failf(mp, "model %d is listed by troopers[%d] too", m, owner[m]-1)
				continue
			}
			owner[m] = t + 1
		}
	}
	for t, tr := range s.Troopers {
		c.checkExpel(fmt.Sprintf("troopers[%d]", t), tr, ids)
	}
	for i, m := range s.Models {
		path := fmt.Sprintf("models[%d]", i)
		if !c.trooper(path+".trooper", m.Trooper) {
			continue
		}
		if owner[i] != m.Trooper+1 {
			c.failf(path+".trooper", "%d does not list this model in its models", m.Trooper)
		}
		c.onTable(path+".at", m.At)
		c.number(path+".facing", m.Facing)
		c.between(path+".s", m.S, 1, geom.MaxSilhouette)
	}
}

func (c *stateChecker) deployables() {
	s := c.s
	if c.err != nil {
		return
	}
	for i, d := range s.Deployables {
		path := fmt.Sprintf("deployables[%d]", i)
		c.seat(path+".seat", d.Seat)
		if d.Device != "" {
			if dev, ok := s.Devices[d.Device]; !ok || d.Weapon != "" || !deployableRepeater(dev) {
				c.failf(path+".device", "%q is not a deployable Repeater of devices (and a deployable names a weapon or a device)", d.Device)
			}
		} else if _, ok := s.Weapons[d.Weapon]; !ok {
			c.failf(path+".weapon", "%q is not in weapons", d.Weapon)
		}
		c.onTable(path+".at", d.At)
	}
}

func (c *stateChecker) turn() {
	s := c.s
	if c.err != nil {
		return
	}
	if s.Turn != 0 && s.Turn != 1 {
		c.failf("turn", "%d is not 0 or 1 (an index in seats)", s.Turn)
	}
	switch s.Phase {
	case PhaseOrders, PhaseAppoint, PhaseStrategic, PhaseInitiative, PhaseChoice, PhaseClassified, PhaseDeployment:
		if s.Rounds >= 1 {
			c.between("round", s.Round, 1, s.Rounds)
		}
	case PhaseOver:
		if s.Rounds >= 1 {
			c.between("round", s.Round, 1, s.Rounds+1)
		}
	default:
		c.failf("phase", "%q is not a phase (%s, %s, %s)", s.Phase, PhaseOrders, PhaseAppoint, PhaseOver)
	}
	if s.Rounds < 1 {
		c.failf("rounds", "%d: a game lasts at least one round", s.Rounds)
	}
	if s.Order != nil && s.Phase != PhaseOrders {
		c.failf("order", "an Order is resolved only in the %s phase, not %s", PhaseOrders, s.Phase)
	}
}

// skill checks a declared skill against the path it is made along: what
// declaration checked of it (the route of a Move or a Combat Jump, the
// path point and the dice of an attack) and resolution reads.
func (c *stateChecker) skill(path string, k Skill, pathLen int) {
	if factsOf(k.Name) == nil {
		c.failf(path+".name", "%q is not a skill", k.Name)
		return
	}
	if movesAlongRoute(k.Name) || k.Name == SkillCombatJump {
		if len(k.Route) > MaxRoutePoints {
			c.failf(path+".route", "%d points, more than the %d a route may have", len(k.Route), MaxRoutePoints)
			return
		}
		for i, p := range k.Route {
			c.onTable(fmt.Sprintf("%s.route[%d]", path, i), p)
		}
	}
	if k.Point != nil {
		// Smoke's point, a Speculative Attack's or a program's (White
		// Noise).
		c.onTable(path+".point", *k.Point)
	}
	if isAttack(k.Name) || k.Name == SkillDiscover {
		if k.From != nil && (*k.From < 0 || *k.From >= pathLen) {
			c.failf(path+".from", "%d is not a point of the path (%s)", *k.From, indexRange(pathLen))
		}
	}
	if isAttack(k.Name) {
		c.between(path+".burst", k.Burst, 0, catalog.MaxBurst)
		for i, sh := range k.Split {
			c.between(fmt.Sprintf("%s.split[%d].dice", path, i), sh.Dice, 1, catalog.MaxBurst)
		}
	}
}

func (c *stateChecker) order() {
	s := c.s
	o := s.Order
	if def := stepNamed(o.Step); def == nil || !def.order {
		c.failf("order.step", "%q is not a step of an Order", o.Step)
		return
	}
	if !c.trooper("order.trooper", o.Trooper) {
		return
	}
	if o.Model < 0 || o.Model >= len(s.Models) {
		c.failf("order.model", "%d is not a model (%s)", o.Model, indexRange(len(s.Models)))
		return
	}
	if s.Models[o.Model].Trooper != o.Trooper {
		c.failf("order.model", "model %d is not a model of order.trooper %d", o.Model, o.Trooper)
	}
	if s.Troopers[o.Trooper].Seat != s.active() {
		c.failf("order.trooper", "%s is not a trooper of the active seat %s", s.Troopers[o.Trooper].ID, s.active())
	}
	switch o.Source {
	case OrderRegular, OrderIrregular, OrderLieutenant:
	default:
		c.failf("order.source", "%q is not %s, %s or %s", o.Source, OrderRegular, OrderIrregular, OrderLieutenant)
	}
	if len(o.Path) == 0 {
		c.failf("order.path", "the path has at least the active model's starting point")
		return
	}
	length := 0.0
	for i, p := range o.Path {
		if c.onTable(fmt.Sprintf("order.path[%d]", i), p) && i > 0 {
			length += math.Hypot(p[0]-o.Path[i-1][0], p[1]-o.Path[i-1][1])
		}
	}
	if c.err != nil {
		return
	}
	// An Order moves at most two MOV values (Move (N4)).
	if limit := 2*catalog.MaxMOV + 1.0; length > limit {
		c.failf("order.path", "%.2f\" long: an Order moves at most %v\"", length, limit)
	}
	if o.FirstEnd < 0 || o.FirstEnd >= len(o.Path) {
		c.failf("order.firstEnd", "%d is not a point of the path (%s)", o.FirstEnd, indexRange(len(o.Path)))
	}
	if o.AttackFrom != nil && (*o.AttackFrom < 0 || *o.AttackFrom >= len(o.Path)) {
		c.failf("order.attackFrom", "%d is not a point of the path (%s)", *o.AttackFrom, indexRange(len(o.Path)))
	}
	c.skill("order.first", o.First, len(o.Path))
	if o.Second != nil {
		c.skill("order.second", *o.Second, len(o.Path))
	}
	for i, a := range o.AROs {
		path := fmt.Sprintf("order.aros[%d]", i)
		if !c.trooper(path+".trooper", a.Trooper) {
			continue
		}
		if s.Troopers[a.Trooper].Seat != s.reactive() {
			c.failf(path+".trooper", "%s is not a trooper of the reactive seat %s", s.Troopers[a.Trooper].ID, s.reactive())
		}
		c.between(path+".window", a.Window, 1, 2)
		if factsOf(a.Skill.Name) == nil {
			c.failf(path+".skill.name", "%q is not a skill", a.Skill.Name)
		}
		c.point(path+".at", a.At)
		c.troopers(path+".affected", a.Affected)
		if a.Against != 0 && c.trooper(path+".against", a.Against-1) && !slices.ContainsFunc(o.Team, func(m TeamMember) bool { return m.Trooper == a.Against-1 }) {
			c.failf(path+".against", "trooper %d is not a member the Order activates", a.Against-1)
		}
	}
	c.team()
	c.troopers("order.decided", o.Decided)
	c.troopers("order.transport", o.Transport)
	c.troopers("order.dodgers", o.Dodgers)
	c.troopers("order.affected", o.Affected)
	c.troopers("order.targets", o.Targets)
	c.troopers("order.alerters", o.Alerters)
	for i, e := range o.Eligible {
		path := fmt.Sprintf("order.eligible[%d]", i)
		if !c.trooper(path+".trooper", e.Trooper) {
			continue
		}
		if s.Troopers[e.Trooper].Seat != s.reactive() {
			c.failf(path+".trooper", "%s is not a trooper of the reactive seat %s", s.Troopers[e.Trooper].ID, s.reactive())
		}
		c.onTableTrooper(path+".trooper", e.Trooper, "an eligible trooper reacts from its model")
		c.point(path+".at", e.At)
		c.point(path+".atLoF", e.AtLoF)
		for j, ts := range e.Team {
			if c.trooper(fmt.Sprintf("%s.team[%d].trooper", path, j), ts.Trooper) && !slices.ContainsFunc(o.Team, func(m TeamMember) bool { return m.Trooper == ts.Trooper }) {
				c.failf(fmt.Sprintf("%s.team[%d].trooper", path, j), "trooper %d is not a member the Order activates", ts.Trooper)
			}
			c.point(fmt.Sprintf("%s.team[%d].at", path, j), ts.At)
		}
	}
	for i, m := range o.Mines {
		path := fmt.Sprintf("order.mines[%d]", i)
		if m.Deployable < 0 || m.Deployable >= len(s.Deployables) {
			c.failf(path+".deployable", "%d is not a deployable (%s)", m.Deployable, indexRange(len(s.Deployables)))
		}
		c.trooper(path+".trooper", m.Trooper)
	}
	for i, h := range o.HitBy {
		path := fmt.Sprintf("order.hitBy[%d]", i)
		if h[0] != -1 {
			c.trooper(path+"[0]", h[0])
		}
		c.trooper(path+"[1]", h[1])
	}
	for i, g := range o.Gutsers {
		path := fmt.Sprintf("order.gutsers[%d]", i)
		if c.trooper(path+".trooper", g.Trooper) {
			c.onTableTrooper(path+".trooper", g.Trooper, "a Guts movement moves its model")
		}
		c.troopers(path+".attackers", g.Attackers)
		c.between(path+".best", g.Best, 0, 2)
	}
	for _, list := range []struct {
		path  string
		names []string
	}{{"order.stranded", o.Stranded}, {"order.strandedBefore", o.StrandedBefore}} {
		for i, j := range list.names {
			if j == "" || !slices.ContainsFunc(s.Troopers, func(t Trooper) bool { return t.Jumper == j }) {
				c.failf(fmt.Sprintf("%s[%d]", list.path, i), "%q is not a G: Jumper", j)
			}
		}
	}
	if c.err != nil {
		return
	}
	c.orderStep()
}

// orderStep checks what the Order's step reads (its entry in the step
// table): the lists it takes the next trooper from, and the models that
// must stand on the table.
func (c *stateChecker) orderStep() {
	s := c.s
	o := s.Order
	def := stepNamed(o.Step)
	if def.invariants != nil {
		def.invariants(c)
	}
	if def.activeOnTable {
		// Until resolution the active model and every reacting trooper
		// stand on the table: the rolls are made from them.
		if s.Models[o.Model].Removed {
			c.failf("order.model", "model %d is off the table, and the %s step needs the active model on it", o.Model, o.Step)
		} else if s.modelOf(o.Trooper) != o.Model {
			c.failf("order.model", "model %d is not the model order.trooper %d stands on the table with", o.Model, o.Trooper)
		}
		for i, a := range o.AROs {
			c.onTableTrooper(fmt.Sprintf("order.aros[%d].trooper", i), a.Trooper, "an ARO is made from its model")
		}
	}
}

// need fails when a list the Order's step takes its next trooper from is
// empty.
func (c *stateChecker) need(field string, n int) {
	if n == 0 {
		c.failf("order."+field, "the %s step needs at least one entry", c.s.Order.Step)
	}
}

// fireteams checks an army's Fireteams (Fireteams (N4)): 2 to 5 members,
// each a trooper of the army in one Fireteam at most, the leader one of
// them.
func (c *stateChecker) fireteams(path string, a Army) {
	var seen []string
	for i, f := range a.Fireteams {
		fp := fmt.Sprintf("%s.fireteams[%d]", path, i)
		if !c.between(fp+".members", len(f.Members), 2, 5) {
			continue
		}
		for j, id := range f.Members {
			t := c.s.trooperIndex(id)
			switch {
			case t < 0 || c.s.Troopers[t].Seat != a.Seat:
				c.failf(fmt.Sprintf("%s.members[%d]", fp, j), "%q is not a trooper of %s", id, a.Seat)
			case slices.Contains(seen, id):
				c.failf(fmt.Sprintf("%s.members[%d]", fp, j), "%q is in two Fireteams", id)
			}
			seen = append(seen, id)
		}
		if !slices.Contains(f.Members, f.Leader) {
			c.failf(fp+".leader", "%q is not one of the members", f.Leader)
		}
	}
}

// team checks the members a Fireteam Order activates: troopers of the
// active seat with their models, each path on the table.
func (c *stateChecker) team() {
	o := c.s.Order
	c.between("order.teamSize", o.TeamSize, 0, 5)
	if o.Coordinated && (o.TeamSize != 0 || len(o.Team) == 0 || len(o.Team) > MaxCoordinated-1) {
		// Coordinated Orders (N4): the Spearhead and one to three others,
		// none of them a Fireteam.
		c.failf("order.coordinated", "a Coordinated Order activates 1 to %d troopers besides its Spearhead and no Fireteam (%d, team size %d)", MaxCoordinated-1, len(o.Team), o.TeamSize)
		return
	}
	if len(o.Team) > 4 {
		c.failf("order.team", "%d members besides the leader: at most 4", len(o.Team))
		return
	}
	for i, m := range o.Team {
		p := fmt.Sprintf("order.team[%d]", i)
		if !c.trooper(p+".trooper", m.Trooper) {
			return
		}
		if m.Model < 0 || m.Model >= len(c.s.Models) || c.s.Models[m.Model].Trooper != m.Trooper {
			c.failf(p+".model", "%d is not a model of trooper %d", m.Model, m.Trooper)
			return
		}
		if c.s.Troopers[m.Trooper].Seat != c.s.active() {
			c.failf(p+".trooper", "%s is not a trooper of the active seat", c.s.Troopers[m.Trooper].ID)
		}
		if len(m.Path) == 0 || len(m.Path) > 2*MaxRoutePoints+1 {
			c.failf(p+".path", "%d points: a member's path has 1 to %d", len(m.Path), 2*MaxRoutePoints+1)
			return
		}
		for j, pt := range m.Path {
			c.onTable(fmt.Sprintf("%s.path[%d]", p, j), pt)
		}
	}
}
