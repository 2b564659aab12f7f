package scenario

import (
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// Scenery is a Hackable Scenery Item: a piece of scenery with a state
// that a Lockpicker roll flips (Hacking (N3)).
type Scenery struct {
	ID string `yaml:"id" json:"id"`
	// Kind is "door" (open or shut; a shut door blocks Line of Fire and
	// movement) or "console" (active or inactive).
	Kind string `yaml:"kind" json:"kind"`
	// Polygon lists the corners, in order, as [x, y] in inches.
	Polygon [][2]float64 `yaml:"polygon" json:"polygon" max:"32"`
	// State is the item's state at the start: open or shut, active or
	// inactive.
	State string `yaml:"state" json:"state"`
	// Mod is a MOD to a Lockpicker roll on the item, from -12 to 12.
	Mod int `yaml:"mod,omitempty" json:"mod,omitempty"`
}

// sceneryStates are the states of each kind of item (a switch, not a
// map: a package-level map is built at every start of ordo).
func sceneryStates(kind string) ([2]string, bool) {
	switch kind {
	case "door":
		return [2]string{"open", "shut"}, true
	case "console":
		return [2]string{"active", "inactive"}, true
	}
	return [2]string{}, false
}

// scenery checks item i: an id unique among the items, a known kind and a
// state of it, a polygon of 3 corners or more on the table, a MOD within
// ±12.
func (v *validator) scenery(i int) {
	it := v.sc.Scenery[i]
	path := yamlfile.IndexPath("scenery", i)
	if v.Required(yamlfile.ChildPath(path, "id"), it.ID) {
		for j := range i {
			if v.sc.Scenery[j].ID == it.ID {
				v.Errorf(yamlfile.ChildPath(path, "id"), "id %q is already taken by scenery[%d] (%s)", it.ID, j, v.Where(yamlfile.ChildPath(yamlfile.IndexPath("scenery", j), "id")))
			}
		}
	}
	states, ok := sceneryStates(it.Kind)
	switch {
	case !ok:
		v.Errorf(yamlfile.ChildPath(path, "kind"), "%q is not a kind of Hackable Scenery Item: door or console", it.Kind)
	case it.State != states[0] && it.State != states[1]:
		v.Errorf(yamlfile.ChildPath(path, "state"), "a %s is %s or %s, not %q", it.Kind, states[0], states[1], it.State)
	}
	if it.Mod < -12 || it.Mod > 12 {
		v.Errorf(yamlfile.ChildPath(path, "mod"), "a MOD from -12 to 12, got %d", it.Mod)
	}
	poly := yamlfile.ChildPath(path, "polygon")
	if len(it.Polygon) < 3 {
		v.Errorf(poly, "a polygon needs at least 3 corners, got %d", len(it.Polygon))
	}
	for j, p := range it.Polygon {
		for k, x := range p {
			v.Finite(yamlfile.IndexPath(yamlfile.IndexPath(poly, j), k), x)
		}
	}
}
