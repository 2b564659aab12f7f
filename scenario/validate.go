package scenario

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// chanceSeat is the seat a script step names when the step is chance's to
// take (rolling the dice of a resolution) rather than a player's, so no
// side may take it. It is rules.chanceSeat, which this package cannot
// import: rules imports scenario.
const chanceSeat = "chance"

// Validate checks a Scenario built or changed in Go, as Parse checks a
// file, and returns an Errors listing every problem, or nil. Without a file
// there are no lines: each Error names the field only.
func Validate(sc *Scenario, opts Options) error {
	if sc == nil {
		return Errors{{Msg: "no scenario"}}
	}
	sc.at = nil // changed in Go: its fields are named by path alone
	v := &validator{Checker: NewChecker(sc), sc: sc}
	v.bounds(reflect.ValueOf(sc).Elem(), "", MaxList)
	if v.Failed() {
		return v.Err()
	}
	return errOrNil(validate(sc, opts, nil))
}

// validator collects the semantic problems of a decoded scenario. It works
// on the Go values, which are easy to reason about, and asks positions
// where each bad value came from; at is nil for a Scenario built in Go.
type validator struct {
	*Checker
	sc    *Scenario
	opts  Options
	seats []string
}

func validate(sc *Scenario, opts Options, at *positions) Errors {
	sc.at = at
	for i := range sc.Sides {
		if sc.Sides[i].Army.path == "" {
			sc.Sides[i].Army.path = yamlfile.IndexPath("sides", i)
		}
	}
	v := &validator{Checker: NewChecker(sc), sc: sc, opts: opts}
	v.Required("name", sc.Name)
	v.Required("ruleset", sc.Ruleset)
	v.rulings()
	for i, c := range sc.Catalogs {
		if strings.TrimSpace(c) == "" {
			v.Errorf(yamlfile.IndexPath("catalogs", i), "catalog path is empty")
		}
	}
	v.table()
	for i := range sc.Scenery {
		v.scenery(i)
	}
	for i := range sc.Terrain {
		v.terrain(i)
	}
	v.sides()
	if r, ok := opts.Catalog.(ArmyReader); ok {
		r.ReadArmies(sc, v.Checker)
	}
	switch {
	case sc.Initiative == "":
		v.Errorf("initiative", "initiative is required: name the seat that plays the first Player Turn")
	case !slices.Contains(v.seats, sc.Initiative):
		v.Errorf("initiative", "initiative %q names no side (seats: %s)", sc.Initiative, v.seatList())
	}
	if sc.Rounds < 1 {
		v.Errorf("rounds", "rounds must be 1 or more, got %d", sc.Rounds)
	}
	for i := range sc.Script {
		v.step(i)
	}
	return v.errs
}

func (v *validator) rulings() {
	names := make([]string, 0, len(v.sc.Rulings))
	for name := range v.sc.Rulings {
		names = append(names, name)
	}
	slices.Sort(names) // map order is random; reports must not be
	for _, name := range names {
		if strings.TrimSpace(name) == "" {
			v.Errorf("rulings", "a ruling needs a name")
			continue
		}
		if strings.TrimSpace(v.sc.Rulings[name]) == "" {
			v.Errorf(yamlfile.ChildPath("rulings", name), "ruling %q needs a reading", name)
		}
	}
}

// table checks the table's size; positions are checked against it only
// when it is Sound.
func (v *validator) table() {
	for _, d := range []struct {
		path string
		x    float64
	}{{"table.width", v.sc.Table.Width}, {"table.height", v.sc.Table.Height}} {
		if !(d.x > 0) || math.IsInf(d.x, 0) {
			v.Errorf(d.path, "must be a finite number of inches greater than 0, got %v", d.x)
		}
	}
}

func (v *validator) terrain(i int) {
	t := v.sc.Terrain[i]
	path := yamlfile.IndexPath("terrain", i)
	if len(t.Polygon) < 3 {
		v.Errorf(yamlfile.ChildPath(path, "polygon"), "a polygon needs at least 3 corners, got %d", len(t.Polygon))
	}
	finite := true
	for j, p := range t.Polygon {
		for k, x := range p {
			finite = v.Finite(yamlfile.IndexPath(yamlfile.IndexPath(yamlfile.ChildPath(path, "polygon"), j), k), x) && finite
		}
	}
	switch tc, ok := v.opts.Catalog.(TerrainChecker); {
	case ok && finite && len(t.Polygon) >= 3:
		if field, err := tc.CheckTerrain(t); err != nil {
			v.Errorf(yamlfile.ChildPath(path, field), "%v", err)
		}
	case !ok && v.opts.Catalog != nil && t.Kind != "":
		v.Errorf(yamlfile.ChildPath(path, "kind"), "ruleset %q takes no terrain kinds: say what the piece does with blocks-lof, cover and impassable", v.sc.Ruleset)
	}
}

// sides checks the seats; the ruleset checks the armies (ArmyReader).
func (v *validator) sides() {
	if n := len(v.sc.Sides); n < 2 {
		v.Errorf("sides", "a scenario needs at least 2 sides, got %d", n)
	}
	for i, s := range v.sc.Sides {
		path := yamlfile.IndexPath("sides", i)
		seatPath := yamlfile.ChildPath(path, "seat")
		switch {
		case strings.TrimSpace(s.Seat) == "":
			v.Errorf(seatPath, "seat is required")
		case s.Seat == chanceSeat:
			v.Errorf(seatPath, "seat %q is reserved for chance in scripts; pick another", s.Seat)
		default:
			if j := slices.Index(v.seats, s.Seat); j >= 0 {
				v.Errorf(seatPath, "seat %q is already taken by sides[%d] (%s)", s.Seat, j, v.Where(yamlfile.ChildPath(yamlfile.IndexPath("sides", j), "seat")))
			}
		}
		// Keep the slice indexed like Sides, so that seat j is sides[j].
		v.seats = append(v.seats, s.Seat)
	}
}

// step checks one scripted step; the ruleset checks the action itself.
func (v *validator) step(i int) {
	st := v.sc.Script[i]
	path := yamlfile.IndexPath("script", i)
	switch {
	case strings.TrimSpace(st.Seat) == "":
		v.Errorf(yamlfile.ChildPath(path, "seat"), "seat is required")
	case st.Seat != chanceSeat && !slices.Contains(v.seats, st.Seat):
		v.Errorf(yamlfile.ChildPath(path, "seat"), "seat %q names no side (seats: %s, or %q)", st.Seat, v.seatList(), chanceSeat)
	}
	ap := yamlfile.ChildPath(path, "action")
	switch kind, ok := st.Action["kind"]; {
	case len(st.Action) == 0:
		v.Errorf(ap, "action is required")
	case !ok:
		v.Errorf(ap, "action needs a kind")
	default:
		if s, isString := kind.(string); !isString || strings.TrimSpace(s) == "" {
			got := fmt.Sprint(kind)
			if isString {
				got = strconv.Quote(s)
			}
			v.Errorf(yamlfile.ChildPath(ap, "kind"), "kind must be a non-empty string, got %s", got)
		}
	}
	v.finiteAny(ap, st.Action)
	for d, die := range st.Dice {
		if die < 1 || die > 20 {
			v.Errorf(yamlfile.IndexPath(yamlfile.ChildPath(path, "dice"), d), "a d20 reads 1 to 20, got %d", die)
		}
	}
	ep := yamlfile.ChildPath(path, "expect")
	for k, seat := range st.Expect.Seats {
		if seat != chanceSeat && !slices.Contains(v.seats, seat) {
			v.Errorf(yamlfile.IndexPath(yamlfile.ChildPath(ep, "seats"), k), "seat %q names no side (seats: %s, or %q)", seat, v.seatList(), chanceSeat)
		}
	}
	v.finiteAny(yamlfile.ChildPath(ep, "state"), st.Expect.State)
}

// finiteAny reports non-finite numbers anywhere in free-form content.
func (v *validator) finiteAny(path string, x any) {
	switch x := x.(type) {
	case float64:
		v.Finite(path, x)
	case float32:
		v.Finite(path, float64(x))
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
