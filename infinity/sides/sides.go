// Package sides is the Infinity army of a scenario file: each side's
// troopers and their models, combat groups, deployables and Deployment
// Zone, as the scenario kernel passes them through (scenario.Army). Read
// decodes and checks them, reporting every problem at its file, line and
// column; the Infinity ruleset sets a game up from what it returns.
package sides

import (
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/internal/yamlfile"
	"github.com/ordo-rules/ordo/scenario"
)

// Side is one side's Infinity army: the keys of a side in a scenario file
// beside the kernel's seat, name and faction.
type Side struct {
	// Troopers lists the army. A trooper generates Orders and holds the
	// profile; its models stand on the table.
	Troopers []Trooper `yaml:"troopers" json:"troopers" max:"100"`
	// CombatGroups names each group and the troopers in it.
	CombatGroups []CombatGroup `yaml:"combat-groups" json:"combatGroups" max:"100"`
	// Deployables are the side's deployable weapons and equipment already
	// on the table (Mines, Deployable Repeaters and the like).
	Deployables []Deployable `yaml:"deployables,omitempty" json:"deployables,omitempty" max:"100"`
	// DeploymentZone is the side's Deployment Zone, a rectangle given by
	// its [min x, min y] and [max x, max y] corners in inches; rules that
	// send a trooper back to it (a failed Combat Jump) need one.
	DeploymentZone *[2][2]float64 `yaml:"deployment-zone,omitempty" json:"deploymentZone,omitempty"`
	// Fireteams are the Fireteams the army starts the game with, formed in
	// the Deployment Phase (Fireteams (N4); docs/RULES.md): public.
	Fireteams []Fireteam `yaml:"fireteams,omitempty" json:"fireteams,omitempty" max:"20"`
}

// Fireteam is one Fireteam declared in the army list (Fireteams (N4)): its
// type, its members and the member who carries the Fireteam Leader Token.
type Fireteam struct {
	// Type is core (3 to 5 members), haris (3) or duo (2).
	Type    string   `yaml:"type" json:"type"`
	Leader  string   `yaml:"leader" json:"leader"`
	Members []string `yaml:"members" json:"members" max:"10"`
}

// FireteamSize is how many members a Fireteam of each type is formed
// with (Fireteams (N4), Fireteam types): at least [0], at most [1].
var FireteamSize = map[string][2]int{"core": {3, 5}, "haris": {3, 3}, "duo": {2, 2}}

// Deployable is a deployable weapon or piece of equipment on the table:
// it names a weapon or a device, not both.
type Deployable struct {
	ID string `yaml:"id" json:"id"`
	// Weapon is a catalog weapon with the deployable trait.
	Weapon string `yaml:"weapon,omitempty" json:"weapon,omitempty"`
	// Device is a catalog device placed on the table (a Deployable
	// Repeater), carried by a trooper of the side.
	Device string `yaml:"device,omitempty" json:"device,omitempty"`
	// At is its centre, [x, y] in inches.
	At [2]float64 `yaml:"at" json:"at"`
}

// CombatGroup is one group of troopers sharing an Order pool.
type CombatGroup struct {
	Name     string   `yaml:"name" json:"name"`
	Troopers []string `yaml:"troopers" json:"troopers" max:"100"`
}

// Trooper is one trooper of an army list.
type Trooper struct {
	ID      string `yaml:"id" json:"id"`
	Profile string `yaml:"profile" json:"profile"` // a catalog reference
	// Lieutenant marks the army's Lieutenant: private information.
	Lieutenant bool `yaml:"lieutenant,omitempty" json:"lieutenant,omitempty"`
	// Deployment is how the trooper deploys: "" (on the table), "hidden"
	// (Hidden Deployment: its models' positions are private), "marker"
	// (deployed as a marker, e.g. Camouflaged), "reserve" (not yet).
	Deployment string  `yaml:"deployment,omitempty" json:"deployment,omitempty"`
	Models     []Model `yaml:"models" json:"models" max:"8"`
}

// Model is one model on the table.
type Model struct {
	ID string `yaml:"id" json:"id"`
	// At is the centre of the base, [x, y] in inches.
	At [2]float64 `yaml:"at" json:"at"`
	// Facing is the direction the model faces, in degrees counter-clockwise
	// from the +x axis.
	Facing float64 `yaml:"facing" json:"facing"`
	// Profile overrides the trooper's profile for this model (a G: Jumper's
	// proxies each have their own).
	Profile string `yaml:"profile,omitempty" json:"profile,omitempty"`
	// Silhouette overrides the profile's Silhouette for this model's base.
	Silhouette int `yaml:"silhouette,omitempty" json:"silhouette,omitempty"`
}

// Deployments a trooper may have; see Trooper.Deployment.
var deployments = []string{"", "hidden", "marker", "reserve"}

// Of is every side's army, in the order of sc.Sides: as read when the
// scenario was loaded, or read now against cat (nil: no profile check).
// The error is a scenario.Errors, each problem at its file:line:col.
//
// Of only reads sc: a scenario set up for many games at once (the
// conformance suite's playouts) is shared by their goroutines, so the
// armies read now are returned, not kept in it.
func Of(sc *scenario.Scenario, cat scenario.Catalog) ([]*Side, error) {
	if out, ok := read(sc); ok {
		return out, nil
	}
	c := scenario.NewChecker(sc)
	out := readArmies(sc, cat, c)
	if err := c.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// read is every side's army if all are decoded and checked.
func read(sc *scenario.Scenario) ([]*Side, bool) {
	out := make([]*Side, len(sc.Sides))
	for i := range sc.Sides {
		s, ok := sc.Sides[i].Army.Value.(*Side)
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

// Read decodes every side's army (a side built in Go keeps the *Side it
// was given), checks the armies against each other, the table and cat
// (nil: no profile check), and reports every problem on c. Each side's
// Army.Value is its *Side only when no problem was found.
func Read(sc *scenario.Scenario, cat scenario.Catalog, c *scenario.Checker) {
	if armies := readArmies(sc, cat, c); armies != nil {
		for i := range sc.Sides {
			sc.Sides[i].Army.Value = armies[i]
		}
	}
}

// readArmies is Read without keeping the armies in sc: each side's army,
// or nil when a problem was found.
func readArmies(sc *scenario.Scenario, cat scenario.Catalog, c *scenario.Checker) []*Side {
	r := &reader{Checker: c, sc: sc, cat: cat, troopers: map[string]trooperRef{}, armies: make([]*Side, len(sc.Sides))}
	before := c.Failed()
	for i := range sc.Sides {
		a := &sc.Sides[i].Army
		switch v := a.Value.(type) {
		case *Side:
			if c.Bounds(a.Path(), v) {
				r.armies[i] = v
			}
			continue
		case nil:
		default:
			c.Errorf(a.Path(), "the side's army is a %T, not an Infinity army", v)
			continue
		}
		s := new(Side)
		if errs := a.Decode(s); len(errs) > 0 {
			c.Add(errs)
			continue
		}
		r.armies[i] = s
	}
	if c.Failed() && !before {
		return nil // the shape is wrong: its meaning cannot be checked
	}
	r.check()
	if c.Failed() {
		return nil
	}
	return r.armies
}

type reader struct {
	*scenario.Checker
	sc     *scenario.Scenario
	cat    scenario.Catalog
	armies []*Side // by side; nil where a side did not decode
	// troopers maps every trooper id to where it is declared.
	troopers map[string]trooperRef
}

type trooperRef struct {
	side int
	path string
}

// check checks the armies: troopers and models, combat groups and
// Lieutenants, deployables, Deployment Zones and where the models stand.
func (r *reader) check() {
	// Every trooper first, so that a combat group naming a trooper of
	// another side can say whose it is.
	models := map[string]string{} // model id → its path
	for i := range r.armies {
		r.troopersOf(i, models)
	}
	for i := range r.armies {
		r.combatGroups(i)
		r.fireteams(i)
		r.deployables(i, models)
		r.deploymentZone(i)
	}
	if r.sc.Table.Sound() {
		r.placements()
	}
}

// path is the field path of side i's key.
func (r *reader) path(i int, key string) string {
	return yamlfile.ChildPath(r.sc.Sides[i].Army.Path(), key)
}

// deploymentZone checks a side's Deployment Zone: finite corners, the
// first below and left of the second, on the table.
func (r *reader) deploymentZone(i int) {
	if r.armies[i] == nil || r.armies[i].DeploymentZone == nil {
		return
	}
	z := r.armies[i].DeploymentZone
	path := r.path(i, "deployment-zone")
	for c := range 2 {
		for k := range 2 {
			if !r.Finite(yamlfile.IndexPath(yamlfile.IndexPath(path, c), k), z[c][k]) {
				return
			}
		}
	}
	lo, hi := z[0], z[1]
	if lo[0] >= hi[0] || lo[1] >= hi[1] {
		r.Errorf(path, "corners [%v, %v] and [%v, %v]: give the [min x, min y] corner first, then [max x, max y]", lo[0], lo[1], hi[0], hi[1])
		return
	}
	if w, h := r.sc.Table.Width, r.sc.Table.Height; r.sc.Table.Sound() && (lo[0] < 0 || lo[1] < 0 || hi[0] > w || hi[1] > h) {
		r.Errorf(path, "the zone [%v, %v]–[%v, %v] reaches off the %v×%v table", lo[0], lo[1], hi[0], hi[1], w, h)
	}
}

// deployables checks a side's deployable weapons: an id unique among
// models and deployables, a weapon, a centre on the table.
func (r *reader) deployables(i int, ids map[string]string) {
	if r.armies[i] == nil {
		return
	}
	for j, d := range r.armies[i].Deployables {
		path := yamlfile.IndexPath(r.path(i, "deployables"), j)
		if r.Unique(path, "id", d.ID, ids[d.ID], "id "+scenario.IDTaken) {
			ids[d.ID] = path
		}
		switch {
		case d.Weapon == "" && d.Device == "":
			r.Errorf(yamlfile.ChildPath(path, "weapon"), "a deployable names a weapon or a device")
		case d.Weapon != "" && d.Device != "":
			r.Errorf(yamlfile.ChildPath(path, "device"), "a deployable names a weapon or a device, not both")
		}
		r.OnTable(yamlfile.ChildPath(path, "at"), d.At)
	}
}

func (r *reader) troopersOf(i int, models map[string]string) {
	s := r.armies[i]
	if s == nil {
		return
	}
	seat := r.sc.Sides[i].Seat
	if len(s.Troopers) == 0 {
		r.Errorf(r.path(i, "troopers"), "side %q has no troopers", seat)
		return
	}
	lieutenant := ""
	for j, tr := range s.Troopers {
		tp := yamlfile.IndexPath(r.path(i, "troopers"), j)
		if r.Unique(tp, "id", tr.ID, r.troopers[tr.ID].path, "trooper id "+scenario.IDTaken) {
			r.troopers[tr.ID] = trooperRef{side: i, path: tp}
		}
		r.profile(yamlfile.ChildPath(tp, "profile"), tr.Profile, true)
		if tr.Lieutenant {
			if lieutenant != "" {
				r.Errorf(yamlfile.ChildPath(tp, "lieutenant"), "side %q already has a Lieutenant (%s); a side has exactly one", seat, r.Where(yamlfile.ChildPath(lieutenant, "lieutenant")))
			} else {
				lieutenant = tp
			}
		}
		if !slices.Contains(deployments, tr.Deployment) {
			r.Errorf(yamlfile.ChildPath(tp, "deployment"), "deployment must be hidden, marker or reserve, or absent for on the table; got %q", tr.Deployment)
		}
		if len(tr.Models) == 0 && tr.Deployment != "reserve" {
			r.Errorf(yamlfile.ChildPath(tp, "models"), "trooper %q needs at least one model unless its deployment is reserve", tr.ID)
		}
		for k := range tr.Models {
			r.model(yamlfile.IndexPath(yamlfile.ChildPath(tp, "models"), k), tr.Models[k], models)
		}
	}
	if lieutenant == "" {
		r.Errorf(r.sc.Sides[i].Army.Path(), "side %q has no Lieutenant; mark one trooper with lieutenant: true", seat)
	}
}

func (r *reader) model(path string, m Model, models map[string]string) {
	if r.Unique(path, "id", m.ID, models[m.ID], "model id "+scenario.IDTaken) {
		models[m.ID] = path
	}
	r.OnTable(yamlfile.ChildPath(path, "at"), m.At)
	r.Finite(yamlfile.ChildPath(path, "facing"), m.Facing)
	r.profile(yamlfile.ChildPath(path, "profile"), m.Profile, false)
	if m.Silhouette < 0 || m.Silhouette > geom.MaxSilhouette {
		r.Errorf(yamlfile.ChildPath(path, "silhouette"), "silhouette must be 1 to %d (or absent to keep the profile's), got %d", geom.MaxSilhouette, m.Silhouette)
	}
}

// profile checks a profile reference against the catalog, if there is one.
func (r *reader) profile(path, name string, required bool) {
	switch {
	case strings.TrimSpace(name) == "":
		if required {
			r.Errorf(path, "profile is required")
		}
	case r.cat != nil && !r.cat.HasProfile(name):
		r.Errorf(path, "unknown profile %q", name)
	}
}

// combatGroups checks that the groups of side i split its troopers: each
// named once, in one group, and only troopers of this side.
func (r *reader) combatGroups(i int) {
	s := r.armies[i]
	if s == nil {
		return
	}
	names := map[string]string{}     // group name → its path
	placed := map[string]cgMention{} // trooper id → first mention
	for g, cg := range s.CombatGroups {
		gp := yamlfile.IndexPath(r.path(i, "combat-groups"), g)
		if r.Unique(gp, "name", cg.Name, names[cg.Name], "combat group %q is already defined (%s)") {
			names[cg.Name] = gp
		}
		for k, id := range cg.Troopers {
			mp := yamlfile.IndexPath(yamlfile.ChildPath(gp, "troopers"), k)
			if !r.ownTrooper(mp, id, i) {
				continue
			}
			if prev, dup := placed[id]; dup {
				r.Errorf(mp, "trooper %q is already in combat group %q (%s); a trooper is in exactly one", id, prev.group, r.Where(prev.path))
			} else {
				placed[id] = cgMention{group: cg.Name, path: mp}
			}
		}
	}
	for j, tr := range s.Troopers {
		if tr.ID == "" {
			continue // already reported
		}
		tp := yamlfile.IndexPath(r.path(i, "troopers"), j)
		if ref := r.troopers[tr.ID]; ref.path != tp {
			continue // a duplicate id, already reported
		}
		if _, ok := placed[tr.ID]; !ok {
			r.Errorf(tp, "trooper %q is in no combat group", tr.ID)
		}
	}
}

type cgMention struct{ group, path string }

// fireteams checks a side's Fireteams (Fireteams (N4)): a known type and
// its number of members, members of this side named once in one
// Fireteam, all of one combat group and deployed on the table (a marker,
// a hidden trooper or one in reserve cannot join), and a leader among them.
func (r *reader) fireteams(i int) {
	s := r.armies[i]
	if s == nil {
		return
	}
	group := map[string]string{}
	for _, cg := range s.CombatGroups {
		for _, id := range cg.Troopers {
			group[id] = cg.Name
		}
	}
	deploy := map[string]string{}
	for _, tr := range s.Troopers {
		deploy[tr.ID] = tr.Deployment
	}
	in := map[string]string{} // trooper id → the path naming it in a Fireteam
	for f, ft := range s.Fireteams {
		fp := yamlfile.IndexPath(r.path(i, "fireteams"), f)
		size, ok := FireteamSize[ft.Type]
		if !ok {
			r.Errorf(yamlfile.ChildPath(fp, "type"), "fireteam type must be core, haris or duo, got %q", ft.Type)
		} else if n := len(ft.Members); n < size[0] || n > size[1] {
			if size[0] == size[1] {
				r.Errorf(yamlfile.ChildPath(fp, "members"), "a Fireteam %s is formed with %d members, this one has %d (Fireteams (N4))", ft.Type, size[0], n)
			} else {
				r.Errorf(yamlfile.ChildPath(fp, "members"), "a Fireteam %s is formed with %d to %d members, this one has %d (Fireteams (N4))", ft.Type, size[0], size[1], n)
			}
		}
		first := ""
		for k, id := range ft.Members {
			mp := yamlfile.IndexPath(yamlfile.ChildPath(fp, "members"), k)
			if !r.ownTrooper(mp, id, i) {
				continue
			}
			if prev, dup := in[id]; dup {
				r.Errorf(mp, "trooper %q is already in a Fireteam (%s); a trooper is in one Fireteam at most (Fireteams (N4))", id, r.Where(prev))
				continue
			}
			in[id] = mp
			if d := deploy[id]; d != "" {
				r.Errorf(mp, "trooper %q deploys %s: a trooper in Marker form, Hidden Deployment or reserve cannot be part of a Fireteam (Fireteams (N4))", id, d)
			}
			if first == "" {
				first = id
			} else if group[id] != group[first] {
				r.Errorf(mp, "trooper %q is in combat group %q, %q in %q: a Fireteam's members are of one combat group (Fireteams (N4))", id, group[id], first, group[first])
			}
		}
		if !slices.Contains(ft.Members, ft.Leader) {
			r.Errorf(yamlfile.ChildPath(fp, "leader"), "the Fireteam Leader %q is not one of its members", ft.Leader)
		}
	}
}

// ownTrooper reports whether id, named at path, is a trooper of side i,
// reporting it when not.
func (r *reader) ownTrooper(path, id string, i int) bool {
	seat := r.sc.Sides[i].Seat
	ref, known := r.troopers[id]
	switch {
	case !known:
		r.Errorf(path, "no trooper %q on side %q", id, seat)
		return false
	case ref.side != i:
		r.Errorf(path, "trooper %q belongs to side %q, not %q", id, r.sc.Sides[ref.side].Seat, seat)
		return false
	}
	return true
}
