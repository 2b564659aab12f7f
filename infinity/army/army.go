// Package army reads and checks Infinity N4 army lists: the YAML format of
// docs/ARMIES.md, checked against the Army List rules (Army list and
// Combat Groups (N4): points and SWC limits, at most 10 troopers a combat
// group and 15 in all, exactly one Lieutenant who is neither Irregular nor
// a REM; AVA, Unit Profile (N4)), and lists imported from the official
// army builder's codes (code.go, units.go, import.go).
//
// A list names catalog profiles (infinity/catalog): the shipped
// illustrative ones, and the player's own from the files its catalogs
// field lists, as scenarios do.
//
// Troopers have no ids of their own in a list: a player's typing never
// reaches the opponent. Each trooper's id and public label are made from
// its profile's name and a number ("Fusilier 2", fusilier-2), so that
// neither the Lieutenant nor a hidden trooper changes anyone else's
// (Troopers).
package army

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/ordo-rules/ordo/infinity/catalog"
)

// The deployment choices a trooper may take (docs/ARMIES.md), each needing
// a skill of its profile.
const (
	// Hidden: Hidden Deployment (N4), deployed with its position private.
	Hidden = "hidden"
	// Camouflage: deployed as a Camouflaged marker (Camouflaged (N4)).
	Camouflage = "camouflage"
	// Impersonation: deployed as an Impersonation marker (Impersonation (N4)).
	Impersonation = "impersonation"
	// Airborne: held back off the table, in reserve, for Airborne
	// Deployment (Combat Jump, Parachutist).
	Airborne = "airborne"
	// Infiltration: deployed beyond its Deployment Zone (Infiltration (N4)).
	Infiltration = "infiltration"
)

// Deployments lists the deployment choices in the order docs/ARMIES.md
// gives them.
func Deployments() []string {
	return []string{Hidden, Camouflage, Impersonation, Airborne, Infiltration}
}

// deploySkills are the skills that allow a deployment choice: any one
// will do. ok is false for a choice that is not one.
func deploySkills(d string) (skills []string, ok bool) {
	switch d {
	case Hidden:
		return []string{"Hidden Deployment"}, true
	case Camouflage:
		return []string{"Camouflage"}, true
	case Impersonation:
		return []string{"Impersonation"}, true
	case Airborne:
		return []string{"Airborne Deployment", "Combat Jump", "Parachutist"}, true
	case Infiltration:
		return []string{"Infiltration"}, true
	}
	return nil, false
}

// List is one army list.
type List struct {
	// File is where the list was read from, for messages.
	File string `json:"-"`
	// Name is the list's title; Faction is free text.
	Name    string `json:"name"`
	Faction string `json:"faction,omitempty"`
	// Points is the list's points limit (300 in a standard game).
	Points int `json:"points"`
	// SWC is the list's SWC limit; Parse fills in Points/50 (6 at 300
	// points) when the file leaves it out.
	SWC float64 `json:"swc"`
	// Catalogs are the catalog files the list reads, relative to it.
	Catalogs []string `json:"catalogs,omitempty"`
	// Fireteams are the Fireteams the list declares (fireteam.go): each
	// trooper names its own in Trooper.Fireteam.
	Fireteams []Fireteam `json:"fireteams,omitempty"`
	// Groups are the combat groups, in order.
	Groups []Group `json:"combatGroups"`
}

// Group is one combat group: its troopers share an Order pool.
type Group struct {
	Troopers []Trooper `json:"troopers"`
}

// Trooper is one trooper of a list: a profile, the option it takes, and
// the player's private choices.
type Trooper struct {
	Profile string `json:"profile"`
	// Option is the profile's option (loadout) id; empty for a profile
	// without options.
	Option string `json:"option,omitempty"`
	// Lieutenant marks the army's Lieutenant (private information).
	Lieutenant bool `json:"lieutenant,omitempty"`
	// Deployment holds the trooper's deployment choices (Deployments),
	// each allowed by a skill of its profile.
	Deployment []string `json:"deployment,omitempty"`
	// Fireteam is the name of the list's Fireteam the trooper is a member
	// of, or empty (Fireteams (N4)). The name is the list's own: it never
	// reaches the opponent.
	Fireteam string `json:"fireteam,omitempty"`
}

// Has reports whether the trooper took the deployment choice d.
func (t Trooper) Has(d string) bool { return slices.Contains(t.Deployment, d) }

// concealed orders the deployment choices for numbering (Troopers): the
// opponent sees a trooper deployed openly first, markers when revealed,
// hidden troopers last.
func (t Trooper) concealed() int {
	switch {
	case t.Has(Hidden):
		return 3
	case t.Has(Camouflage), t.Has(Impersonation):
		return 2
	case t.Has(Airborne):
		return 1
	}
	return 0
}

// Named is a trooper with its generated id and public label.
type Named struct {
	Trooper
	// Group is the index of its combat group, Index its place in it.
	Group, Index int
	// ID is the trooper's id in actions and logs ("fusilier-2"), Label
	// what every viewer is shown ("Fusilier 2").
	ID, Label string
}

// Troopers lists the list's troopers, group by group, with their ids and
// labels. Both are made from the profile's name (its id when the catalog
// lacks it) and a number, 1, 2, … among the troopers of that name, even
// for one alone: a lone "Fusilier" would tell a viewer that no other
// hides. The numbers go to the troopers deployed openly first, then those
// held in reserve, those deployed as markers, and the hidden ones last,
// each in list order: so a viewer who sees "Fusilier 1" and "Fusilier 2"
// learns nothing of a hidden third, and neither who is the Lieutenant nor
// any other private choice moves another trooper's number.
func (l *List) Troopers(cat *catalog.Catalog) []Named {
	var out []Named
	for g, grp := range l.Groups {
		for i, t := range grp.Troopers {
			out = append(out, Named{Trooper: t, Group: g, Index: i})
		}
	}
	names := make([]string, len(out))
	for i, n := range out {
		names[i] = n.Profile
		if p, ok := cat.Profile(n.Profile); ok {
			names[i] = p.Name
		}
	}
	ranks := make([]int, len(out))
	for i, n := range out {
		ranks[i] = n.concealed()
	}
	labels, ids := Number(names, ranks)
	for i := range out {
		out[i].Label, out[i].ID = labels[i], ids[i]
	}
	return out
}

// Number gives troopers their public labels and ids from their profiles'
// names alone (as Troopers does for a list): each name is numbered 1, 2, …
// by rank (how concealed the trooper deploys: 0 openly, higher later),
// then by place, so that no private choice moves the number of a trooper
// deployed more openly. ids are the labels as slugs ("Heavy Gunner 2" →
// "heavy-gunner-2"), distinct.
func Number(names []string, ranks []int) (labels, ids []string) {
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return ranks[a] - ranks[b] })
	labels, ids = make([]string, len(names)), make([]string, len(names))
	seen := map[string]int{}
	taken := map[string]bool{}
	for _, i := range order {
		seen[names[i]]++
		labels[i] = names[i] + " " + strconv.Itoa(seen[names[i]])
		ids[i] = uniqueID(slug(labels[i]), taken)
	}
	return labels, ids
}

// slug makes an id of a label: lower case letters and digits, other runs
// as one '-' ("Heavy Gunner 2" → heavy-gunner-2).
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			// A letter outside ASCII: ids stay ASCII, so it is dropped.
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "trooper"
	}
	return b.String()
}

// uniqueID is id, or id with a suffix when two labels give the same
// slug ("Mk.2" and "Mk 2").
func uniqueID(id string, taken map[string]bool) string {
	out := id
	for n := 2; taken[out]; n++ {
		out = id + "-" + strconv.Itoa(n)
	}
	taken[out] = true
	return out
}
