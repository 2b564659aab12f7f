package army

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/infinity/sides"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// RuleFireteam names the rule a list's Fireteams are held to.
const RuleFireteam = "Fireteams (N4)"

// Fireteam is one Fireteam a list declares (Fireteams (N4)): its name,
// the list's own, and its type. Its members are the troopers whose
// fireteam field names it, in list order; the first holds the Fireteam
// Leader Token when the game starts.
type Fireteam struct {
	Name string `json:"name"`
	// Type is core (3 to 5 members), haris (3) or duo (2).
	Type string `json:"type"`
}

// The Fireteam types (Fireteams (N4), Fireteam Types).
const (
	Core  = "core"
	Haris = "haris"
	Duo   = "duo"
)

// FireteamMax is how many Fireteams of each type an army may have, where
// no Sectorial's Fireteams Chart says otherwise: one Core, one Haris, and
// Duos without limit (0).
var FireteamMax = map[string]int{Core: 1, Haris: 1, Duo: 0}

// Members lists the members of the list's Fireteam named name, in list
// order (the first is the Fireteam Leader).
func (l *List) Members(cat *catalog.Catalog, name string) []Named {
	var out []Named
	for _, n := range l.Troopers(cat) {
		if n.Fireteam == name {
			out = append(out, n)
		}
	}
	return out
}

// cannotJoin says why a trooper of profile p deploying as t chose may not
// be part of a Fireteam, or "" (Fireteams (N4): Troopers in Marker form or
// Hidden Deployment, with Infiltration or an Airborne Deployment skill,
// G: Jumpers; a Fireteam activates with a Regular Order, so not an
// Irregular trooper).
func cannotJoin(t Trooper, p catalog.Profile) string {
	switch {
	case p.Irregular:
		return p.Name + " is Irregular: a Fireteam activates with a Regular Order"
	case p.HasSkill("Infiltration"):
		return p.Name + " has Infiltration, and a trooper with Infiltration cannot be part of a Fireteam"
	case slices.ContainsFunc([]string{"Airborne Deployment", "Combat Jump", "Parachutist"}, p.HasSkill):
		return p.Name + " has an Airborne Deployment skill, and such a trooper cannot be part of a Fireteam"
	case p.HasSkill("G: Jumper"):
		return p.Name + " is a G: Jumper, whose Proxies cannot be part of a Fireteam"
	case t.Has(Hidden), t.Has(Camouflage), t.Has(Impersonation):
		return "it deploys " + t.Deployment[0] + ", and a trooper in Marker form or Hidden Deployment cannot be part of a Fireteam"
	}
	return ""
}

// fireteams checks the list's Fireteams (Fireteams (N4)): each declared
// once with a known type, no more of a type than the army may have, its
// members the troopers naming it, as many as its type is created with,
// all of one combat group and one unit, each able to be part of one.
func fireteams(l *List, cat *catalog.Catalog, r *reader) {
	declared := map[string]int{}
	count := map[string]int{}
	for i, f := range l.Fireteams {
		fp := yamlfile.IndexPath("fireteams", i)
		if prev, dup := declared[f.Name]; dup {
			r.Errorf(yamlfile.ChildPath(fp, "name"), "%s: the list declares a Fireteam %q twice (first at %s)", RuleFireteam, f.Name, yamlfile.IndexPath("fireteams", prev))
			continue
		}
		declared[f.Name] = i
		size, ok := sides.FireteamSize[f.Type] // members at least, at most
		if !ok {
			r.Errorf(yamlfile.ChildPath(fp, "type"), "%s: a Fireteam's type is core, haris or duo, got %q", RuleFireteam, f.Type)
			continue
		}
		count[f.Type]++
		if m := FireteamMax[f.Type]; m > 0 && count[f.Type] > m {
			r.Errorf(yamlfile.ChildPath(fp, "type"), "%s: an army has at most %d Fireteam %s; this is its %s", RuleFireteam, m, typeName(f.Type), ordinal(count[f.Type]))
		}
		type member struct {
			path, unit, name string
			group            int
		}
		var members []member
		for g, grp := range l.Groups {
			for k, t := range grp.Troopers {
				if t.Fireteam != f.Name {
					continue
				}
				mp := yamlfile.ChildPath(yamlfile.IndexPath(yamlfile.ChildPath(yamlfile.IndexPath("combat-groups", g), "troopers"), k), "fireteam")
				base, ok := cat.Profile(t.Profile)
				if !ok {
					continue // reported at its profile
				}
				p, _ := base.WithOption(t.Option)
				if why := cannotJoin(t, p); why != "" {
					r.Errorf(mp, "%s: this trooper cannot be part of Fireteam %q: %s", RuleFireteam, f.Name, why)
				}
				m := member{path: mp, unit: firstOf(p.Unit, t.Profile), name: p.Name, group: g}
				if len(members) > 0 {
					first := members[0]
					if m.group != first.group {
						r.Errorf(mp, "%s: a Fireteam's members are of one combat group; this one is in group %d, the Fireteam's first member in group %d", RuleFireteam, m.group+1, first.group+1)
					}
					if m.unit != first.unit {
						r.Errorf(mp, "%s: a Fireteam is formed of troopers of one unit, and this %s is not of the unit of its first member (%s)", RuleFireteam, m.name, first.name)
					}
				}
				members = append(members, m)
			}
		}
		if n := len(members); n < size[0] || n > size[1] {
			want := strconv.Itoa(size[0])
			if size[0] != size[1] {
				want += " to " + strconv.Itoa(size[1])
			}
			r.Errorf(fp, "%s: a Fireteam %s is created with %s members, and %d troopers name %q", RuleFireteam, typeName(f.Type), want, n, f.Name)
		}
	}
	for g, grp := range l.Groups {
		for k, t := range grp.Troopers {
			if _, ok := declared[t.Fireteam]; t.Fireteam != "" && !ok {
				mp := yamlfile.ChildPath(yamlfile.IndexPath(yamlfile.ChildPath(yamlfile.IndexPath("combat-groups", g), "troopers"), k), "fireteam")
				r.Errorf(mp, "%s: the list declares no Fireteam %q (declare it under fireteams:)", RuleFireteam, t.Fireteam)
			}
		}
	}
}

// typeName is a Fireteam type as players write it: Core, Haris, Duo.
func typeName(t string) string {
	if t == "" {
		return t
	}
	return strings.ToUpper(t[:1]) + t[1:]
}
