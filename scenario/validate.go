package scenario

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// chanceSeat is the seat a script step names when the step is chance's to
// take (rolling the dice of a resolution) rather than a player's, so no
// side may take it. It is rules.chanceSeat, which this package cannot
// import: rules imports scenario.
const chanceSeat = "chance"

// Deployments a trooper may have; see Trooper.Deployment.
var deployments = []string{"", "hidden", "marker", "reserve"}

// Validate checks a Scenario built or changed in Go, as Parse checks a
// file, and returns an Errors listing every problem, or nil. Without a file
// there are no lines: each Error names the field only.
func Validate(sc *Scenario, opts Options) error {
	if sc == nil {
		return Errors{{Msg: "no scenario"}}
	}
	v := &validator{sc: sc}
	v.bounds(reflect.ValueOf(sc).Elem(), "", MaxList)
	if len(v.errs) > 0 {
		return v.errs
	}
	return errOrNil(validate(sc, opts, nil))
}

// validator collects the semantic problems of a decoded scenario. It works
// on the Go values, which are easy to reason about, and asks positions
// where each bad value came from; at is nil for a Scenario built in Go.
type validator struct {
	sc   *Scenario
	opts Options
	at   *positions
	errs Errors

	seats []string
	// troopers maps every trooper id to where it is declared.
	troopers map[string]trooperRef
}

type trooperRef struct {
	side int
	path string
}

func validate(sc *Scenario, opts Options, at *positions) Errors {
	v := &validator{sc: sc, opts: opts, at: at, troopers: map[string]trooperRef{}}
	v.required("name", sc.Name)
	v.required("ruleset", sc.Ruleset)
	v.rulings()
	for i, c := range sc.Catalogs {
		if strings.TrimSpace(c) == "" {
			v.errorf(yamlfile.IndexPath("catalogs", i), "catalog path is empty")
		}
	}
	tableOK := v.table()
	for i := range sc.Scenery {
		v.scenery(i)
	}
	for i := range sc.Terrain {
		v.terrain(i)
	}
	v.sides(tableOK)
	if tableOK {
		v.placements()
	}
	switch {
	case sc.Initiative == "":
		v.errorf("initiative", "initiative is required: name the seat that plays the first Player Turn")
	case !slices.Contains(v.seats, sc.Initiative):
		v.errorf("initiative", "initiative %q names no side (seats: %s)", sc.Initiative, v.seatList())
	}
	if sc.Rounds < 1 {
		v.errorf("rounds", "rounds must be 1 or more, got %d", sc.Rounds)
	}
	for i := range sc.Script {
		v.step(i)
	}
	return v.errs
}

func (v *validator) errorf(path, format string, args ...any) {
	at := v.at.lookup(path)
	v.errs = append(v.errs, &Error{File: v.sc.File, Line: at.Line, Col: at.Col, Field: path, Msg: fmt.Sprintf(format, args...)})
}

// where names an earlier node for a message about a duplicate: by line when
// the scenario came from a file, else by field path.
func (v *validator) where(path string) string {
	if at := v.at.lookup(path); at.Line > 0 {
		return fmt.Sprintf("line %d", at.Line)
	}
	return path
}

// required reports whether a required text field has a value, reporting
// it if not.
func (v *validator) required(path, value string) bool {
	if strings.TrimSpace(value) == "" {
		v.errorf(path, "%s is required", lastStep(path))
		return false
	}
	return true
}

// unique checks the key (field, an id or a name) of the entry at path, as
// every entry that others refer to by key is checked: it is required, and
// no earlier entry may have it. prev is the path of the earlier entry with
// this key, "" if there is none; taken formats the message for a repeat
// from the key and where the earlier one is. It reports whether the key is
// good and new, for the caller to record: each caller keeps its own record,
// since the troopers' also holds their side.
func (v *validator) unique(path, field, key, prev, taken string) bool {
	kp := yamlfile.ChildPath(path, field)
	if !v.required(kp, key) {
		return false
	}
	if prev != "" {
		v.errorf(kp, taken, key, v.where(yamlfile.ChildPath(prev, field)))
		return false
	}
	return true
}

// idTaken is the message for an id given twice, after the kind of id.
const idTaken = "%q is already used (%s); ids must be unique across the scenario"

// finite reports a NaN or infinite number, which no geometry or rule can
// use and which JSON (the log, the server) cannot carry.
func (v *validator) finite(path string, x float64) bool {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		v.errorf(path, "must be a finite number, got %v", x)
		return false
	}
	return true
}

func (v *validator) rulings() {
	names := make([]string, 0, len(v.sc.Rulings))
	for name := range v.sc.Rulings {
		names = append(names, name)
	}
	slices.Sort(names) // map order is random; reports must not be
	for _, name := range names {
		if strings.TrimSpace(name) == "" {
			v.errorf("rulings", "a ruling needs a name")
			continue
		}
		if strings.TrimSpace(v.sc.Rulings[name]) == "" {
			v.errorf(yamlfile.ChildPath("rulings", name), "ruling %q needs a reading", name)
		}
	}
}

// table reports whether the table has a usable size, so that positions
// are checked against it only then.
func (v *validator) table() bool {
	ok := true
	for _, d := range []struct {
		path string
		x    float64
	}{{"table.width", v.sc.Table.Width}, {"table.height", v.sc.Table.Height}} {
		if !(d.x > 0) || math.IsInf(d.x, 0) {
			v.errorf(d.path, "must be a finite number of inches greater than 0, got %v", d.x)
			ok = false
		}
	}
	return ok
}

func (v *validator) terrain(i int) {
	t := v.sc.Terrain[i]
	path := yamlfile.IndexPath("terrain", i)
	if len(t.Polygon) < 3 {
		v.errorf(yamlfile.ChildPath(path, "polygon"), "a polygon needs at least 3 corners, got %d", len(t.Polygon))
	}
	finite := true
	for j, p := range t.Polygon {
		for k, x := range p {
			finite = v.finite(yamlfile.IndexPath(yamlfile.IndexPath(yamlfile.ChildPath(path, "polygon"), j), k), x) && finite
		}
	}
	switch tc, ok := v.opts.Catalog.(TerrainChecker); {
	case ok && finite && len(t.Polygon) >= 3:
		if field, err := tc.CheckTerrain(t); err != nil {
			v.errorf(yamlfile.ChildPath(path, field), "%v", err)
		}
	case !ok && v.opts.Catalog != nil && t.Kind != "":
		v.errorf(yamlfile.ChildPath(path, "kind"), "ruleset %q takes no terrain kinds: say what the piece does with blocks-lof, cover and impassable", v.sc.Ruleset)
	}
}

// sides checks the armies: seats, troopers and models, combat groups and
// Lieutenants.
func (v *validator) sides(tableOK bool) {
	if n := len(v.sc.Sides); n < 2 {
		v.errorf("sides", "a scenario needs at least 2 sides, got %d", n)
	}
	for i, s := range v.sc.Sides {
		path := yamlfile.IndexPath("sides", i)
		seatPath := yamlfile.ChildPath(path, "seat")
		switch {
		case strings.TrimSpace(s.Seat) == "":
			v.errorf(seatPath, "seat is required")
		case s.Seat == chanceSeat:
			v.errorf(seatPath, "seat %q is reserved for chance in scripts; pick another", s.Seat)
		default:
			if j := slices.Index(v.seats, s.Seat); j >= 0 {
				v.errorf(seatPath, "seat %q is already taken by sides[%d] (%s)", s.Seat, j, v.where(yamlfile.ChildPath(yamlfile.IndexPath("sides", j), "seat")))
			}
		}
		// Keep the slice indexed like Sides, so that seat j is sides[j].
		v.seats = append(v.seats, s.Seat)
	}
	// Every trooper first, so that a combat group naming a trooper of
	// another side can say whose it is.
	models := map[string]string{} // model id → its path
	for i := range v.sc.Sides {
		v.troopersOf(i, models, tableOK)
	}
	for i := range v.sc.Sides {
		v.combatGroups(i)
		v.deployables(i, models, tableOK)
		v.deploymentZone(i, tableOK)
	}
}

// deploymentZone checks a side's Deployment Zone: finite corners, the
// first below and left of the second, on the table.
func (v *validator) deploymentZone(i int, tableOK bool) {
	z := v.sc.Sides[i].DeploymentZone
	if z == nil {
		return
	}
	path := yamlfile.ChildPath(yamlfile.IndexPath("sides", i), "deployment-zone")
	for c := range 2 {
		for k := range 2 {
			if !v.finite(yamlfile.IndexPath(yamlfile.IndexPath(path, c), k), z[c][k]) {
				return
			}
		}
	}
	lo, hi := z[0], z[1]
	if lo[0] >= hi[0] || lo[1] >= hi[1] {
		v.errorf(path, "corners [%v, %v] and [%v, %v]: give the [min x, min y] corner first, then [max x, max y]", lo[0], lo[1], hi[0], hi[1])
		return
	}
	if w, h := v.sc.Table.Width, v.sc.Table.Height; tableOK && (lo[0] < 0 || lo[1] < 0 || hi[0] > w || hi[1] > h) {
		v.errorf(path, "the zone [%v, %v]–[%v, %v] reaches off the %v×%v table", lo[0], lo[1], hi[0], hi[1], w, h)
	}
}

// deployables checks a side's deployable weapons: an id unique among
// models and deployables, a weapon, a centre on the table.
func (v *validator) deployables(i int, ids map[string]string, tableOK bool) {
	for j, d := range v.sc.Sides[i].Deployables {
		path := yamlfile.IndexPath(yamlfile.ChildPath(yamlfile.IndexPath("sides", i), "deployables"), j)
		if v.unique(path, "id", d.ID, ids[d.ID], "id "+idTaken) {
			ids[d.ID] = path
		}
		switch {
		case d.Weapon == "" && d.Device == "":
			v.errorf(yamlfile.ChildPath(path, "weapon"), "a deployable names a weapon or a device")
		case d.Weapon != "" && d.Device != "":
			v.errorf(yamlfile.ChildPath(path, "device"), "a deployable names a weapon or a device, not both")
		}
		v.onTable(yamlfile.ChildPath(path, "at"), d.At, tableOK)
	}
}

// onTable checks the centre at, found at path, of a model or deployable:
// finite coordinates and, when the table itself is sound (tableOK), a
// point on it.
func (v *validator) onTable(path string, at [2]float64, tableOK bool) {
	x, y := at[0], at[1]
	if !v.finite(yamlfile.IndexPath(path, 0), x) || !v.finite(yamlfile.IndexPath(path, 1), y) || !tableOK {
		return
	}
	if w, h := v.sc.Table.Width, v.sc.Table.Height; x < 0 || x > w || y < 0 || y > h {
		v.errorf(path, "centre (%v, %v) is off the %v×%v table", x, y, w, h)
	}
}

func (v *validator) troopersOf(i int, models map[string]string, tableOK bool) {
	s := v.sc.Sides[i]
	path := yamlfile.IndexPath("sides", i)
	if len(s.Units) > 0 {
		// A side of units: its ruleset checks them at Setup.
		if len(s.Troopers) > 0 {
			v.errorf(yamlfile.ChildPath(path, "units"), "side %q gives both troopers and units; a side gives one or the other", s.Seat)
		}
		for j, u := range s.Units {
			v.finiteAny(yamlfile.IndexPath(yamlfile.ChildPath(path, "units"), j), u)
		}
		return
	}
	if len(s.Troopers) == 0 {
		v.errorf(yamlfile.ChildPath(path, "troopers"), "side %q has no troopers (or units)", s.Seat)
		return
	}
	lieutenant := ""
	for j, tr := range s.Troopers {
		tp := yamlfile.IndexPath(yamlfile.ChildPath(path, "troopers"), j)
		if v.unique(tp, "id", tr.ID, v.troopers[tr.ID].path, "trooper id "+idTaken) {
			v.troopers[tr.ID] = trooperRef{side: i, path: tp}
		}
		v.profile(yamlfile.ChildPath(tp, "profile"), tr.Profile, true)
		if tr.Lieutenant {
			if lieutenant != "" {
				v.errorf(yamlfile.ChildPath(tp, "lieutenant"), "side %q already has a Lieutenant (%s); a side has exactly one", s.Seat, v.where(yamlfile.ChildPath(lieutenant, "lieutenant")))
			} else {
				lieutenant = tp
			}
		}
		if !slices.Contains(deployments, tr.Deployment) {
			v.errorf(yamlfile.ChildPath(tp, "deployment"), "deployment must be hidden, marker or reserve, or absent for on the table; got %q", tr.Deployment)
		}
		if len(tr.Models) == 0 && tr.Deployment != "reserve" {
			v.errorf(yamlfile.ChildPath(tp, "models"), "trooper %q needs at least one model unless its deployment is reserve", tr.ID)
		}
		for k := range tr.Models {
			v.model(yamlfile.IndexPath(yamlfile.ChildPath(tp, "models"), k), tr.Models[k], models, tableOK)
		}
	}
	if lieutenant == "" {
		v.errorf(path, "side %q has no Lieutenant; mark one trooper with lieutenant: true", s.Seat)
	}
}

func (v *validator) model(path string, m Model, models map[string]string, tableOK bool) {
	if v.unique(path, "id", m.ID, models[m.ID], "model id "+idTaken) {
		models[m.ID] = path
	}
	v.onTable(yamlfile.ChildPath(path, "at"), m.At, tableOK)
	v.finite(yamlfile.ChildPath(path, "facing"), m.Facing)
	v.profile(yamlfile.ChildPath(path, "profile"), m.Profile, false)
	if m.Silhouette < 0 || m.Silhouette > geom.MaxSilhouette {
		v.errorf(yamlfile.ChildPath(path, "silhouette"), "silhouette must be 1 to %d (or absent to keep the profile's), got %d", geom.MaxSilhouette, m.Silhouette)
	}
}

// profile checks a profile reference against the catalog, if there is one.
func (v *validator) profile(path, name string, required bool) {
	switch {
	case strings.TrimSpace(name) == "":
		if required {
			v.errorf(path, "profile is required")
		}
	case v.opts.Catalog != nil && !v.opts.Catalog.HasProfile(name):
		v.errorf(path, "unknown profile %q", name)
	}
}

// combatGroups checks that the groups of side i split its troopers: each
// named once, in one group, and only troopers of this side.
func (v *validator) combatGroups(i int) {
	s := v.sc.Sides[i]
	path := yamlfile.IndexPath("sides", i)
	names := map[string]string{}     // group name → its path
	placed := map[string]cgMention{} // trooper id → first mention
	for g, cg := range s.CombatGroups {
		gp := yamlfile.IndexPath(yamlfile.ChildPath(path, "combat-groups"), g)
		if v.unique(gp, "name", cg.Name, names[cg.Name], "combat group %q is already defined (%s)") {
			names[cg.Name] = gp
		}
		for k, id := range cg.Troopers {
			mp := yamlfile.IndexPath(yamlfile.ChildPath(gp, "troopers"), k)
			ref, known := v.troopers[id]
			switch {
			case !known:
				v.errorf(mp, "no trooper %q on side %q", id, s.Seat)
			case ref.side != i:
				v.errorf(mp, "trooper %q belongs to side %q, not %q", id, v.sc.Sides[ref.side].Seat, s.Seat)
			default:
				if prev, dup := placed[id]; dup {
					v.errorf(mp, "trooper %q is already in combat group %q (%s); a trooper is in exactly one", id, prev.group, v.where(prev.path))
				} else {
					placed[id] = cgMention{group: cg.Name, path: mp}
				}
			}
		}
	}
	for j, tr := range s.Troopers {
		if tr.ID == "" {
			continue // already reported
		}
		if ref := v.troopers[tr.ID]; ref.path != yamlfile.IndexPath(yamlfile.ChildPath(path, "troopers"), j) {
			continue // a duplicate id, already reported
		}
		if _, ok := placed[tr.ID]; !ok {
			v.errorf(yamlfile.IndexPath(yamlfile.ChildPath(path, "troopers"), j), "trooper %q is in no combat group", tr.ID)
		}
	}
}

type cgMention struct{ group, path string }

// step checks one scripted step; the ruleset checks the action itself.
func (v *validator) step(i int) {
	st := v.sc.Script[i]
	path := yamlfile.IndexPath("script", i)
	switch {
	case strings.TrimSpace(st.Seat) == "":
		v.errorf(yamlfile.ChildPath(path, "seat"), "seat is required")
	case st.Seat != chanceSeat && !slices.Contains(v.seats, st.Seat):
		v.errorf(yamlfile.ChildPath(path, "seat"), "seat %q names no side (seats: %s, or %q)", st.Seat, v.seatList(), chanceSeat)
	}
	ap := yamlfile.ChildPath(path, "action")
	switch kind, ok := st.Action["kind"]; {
	case len(st.Action) == 0:
		v.errorf(ap, "action is required")
	case !ok:
		v.errorf(ap, "action needs a kind")
	default:
		if s, isString := kind.(string); !isString || strings.TrimSpace(s) == "" {
			got := fmt.Sprint(kind)
			if isString {
				got = strconv.Quote(s)
			}
			v.errorf(yamlfile.ChildPath(ap, "kind"), "kind must be a non-empty string, got %s", got)
		}
	}
	v.finiteAny(ap, st.Action)
	for d, die := range st.Dice {
		if die < 1 || die > 20 {
			v.errorf(yamlfile.IndexPath(yamlfile.ChildPath(path, "dice"), d), "a d20 reads 1 to 20, got %d", die)
		}
	}
	ep := yamlfile.ChildPath(path, "expect")
	for k, seat := range st.Expect.Seats {
		if seat != chanceSeat && !slices.Contains(v.seats, seat) {
			v.errorf(yamlfile.IndexPath(yamlfile.ChildPath(ep, "seats"), k), "seat %q names no side (seats: %s, or %q)", seat, v.seatList(), chanceSeat)
		}
	}
	v.finiteAny(yamlfile.ChildPath(ep, "state"), st.Expect.State)
}

// finiteAny reports non-finite numbers anywhere in free-form content.
func (v *validator) finiteAny(path string, x any) {
	switch x := x.(type) {
	case float64:
		v.finite(path, x)
	case float32:
		v.finite(path, float64(x))
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			v.finiteAny(yamlfile.ChildPath(path, k), x[k])
		}
	case []any:
		for i, e := range x {
			v.finiteAny(yamlfile.IndexPath(path, i), e)
		}
	}
}

func (v *validator) seatList() string {
	var seats []string
	for _, s := range v.seats {
		if s != "" {
			seats = append(seats, strconv.Quote(s))
		}
	}
	if len(seats) == 0 {
		return "none"
	}
	return strings.Join(seats, ", ")
}

// lastStep is the last key of a path, for "x is required" messages.
func lastStep(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		path = path[i+1:]
	}
	if i := strings.IndexByte(path, '['); i > 0 {
		path = path[:i]
	}
	return path
}
