// Package catalog holds the data of the Infinity N4 ruleset: unit profiles
// (Unit Profile (N4)) and weapons (BS Attack (N4), Direct Template Weapons (N4)–6.6, ammunition Ammunition (N4)),
// and the hacking programs, hacking devices and Repeaters (Hacking (N3);
// program.go, device.go).
//
// Data is data: profiles and weapons live in YAML
// files, the shipped ones embedded from data/catalog with go:embed, and
// users may load their own on top. Every file is checked strictly at load —
// unknown keys, wrong kinds, values out of their sane range, unknown troop
// types, skills, equipment or ammunition, range bands that overlap, weapon
// references that do not resolve, ids defined twice — and every problem is
// reported, each as "file:line:col: field: message" (Errors).
//
// The shipped catalog is illustrative: made-up profiles shaped like N4's,
// with the numbers the seeds give (the Fusilier's BS 12 and the Zhanshi's
// PH 10 from the Dodge seed; the G: Jumper seed's proxies and Hellcat). It is
// not Corvus Belli's unit data.
//
// A Catalog is immutable once built and safe for concurrent use; lookups
// return copies.
package catalog

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Catalog is a validated set of profiles, weapons, programs and devices,
// merged from one or more files. Every weapon a profile names is in the
// catalog, as is a TAG's pilot and every upgrade a device carries.
//
// It implements scenario.Catalog (HasProfile), so a scenario naming an
// unknown profile fails at load, at the line of the reference.
type Catalog struct {
	profiles map[string]Profile
	weapons  map[string]Weapon
	// programs and devices are the hacking data (program.go, device.go).
	programs map[string]Program
	devices  map[string]Device
	// defined says where each id was defined ("profile:fusilier"), to name
	// both places when a later file defines it again.
	defined map[string]place
	// files are the files loaded, in order.
	files []string
}

// place is where an entry was defined.
type place struct {
	file string
	pos  pos
}

// String writes the place as "file:line:col".
func (p place) String() string {
	return p.file + ":" + strconv.Itoa(p.pos.Line) + ":" + strconv.Itoa(p.pos.Col)
}

// empty returns a catalog with nothing in it.
func empty() *Catalog {
	return &Catalog{profiles: map[string]Profile{}, weapons: map[string]Weapon{}, programs: map[string]Program{},
		devices: map[string]Device{}, defined: map[string]place{}}
}

// copy returns a catalog with c's entries, to extend without changing c. A
// nil c gives an empty catalog.
func (c *Catalog) copy() *Catalog {
	out := empty()
	if c != nil {
		maps.Copy(out.profiles, c.profiles)
		maps.Copy(out.weapons, c.weapons)
		maps.Copy(out.programs, c.programs)
		maps.Copy(out.devices, c.devices)
		maps.Copy(out.defined, c.defined)
		out.files = slices.Clone(c.files)
	}
	return out
}

// Profile returns the profile with this id.
func (c *Catalog) Profile(id string) (Profile, bool) {
	if c == nil {
		return Profile{}, false
	}
	p, ok := c.profiles[id]
	return p.clone(), ok
}

// HasProfile reports whether the catalog has a profile with this id. It is
// the scenario.Catalog interface.
func (c *Catalog) HasProfile(id string) bool {
	if c == nil {
		return false
	}
	_, ok := c.profiles[id]
	return ok
}

// Silhouette returns the Silhouette (S) of the profile with this id. It is
// the scenario.Silhouettes interface: the loader checks with it that no two
// bases overlap.
func (c *Catalog) Silhouette(id string) (int, bool) {
	if c == nil {
		return 0, false
	}
	p, ok := c.profiles[id]
	return p.S, ok
}

// Weapon returns the weapon with this id.
func (c *Catalog) Weapon(id string) (Weapon, bool) {
	if c == nil {
		return Weapon{}, false
	}
	w, ok := c.weapons[id]
	return w.clone(), ok
}

// Profiles lists every profile, sorted by id.
func (c *Catalog) Profiles() []Profile {
	if c == nil {
		return nil
	}
	out := make([]Profile, 0, len(c.profiles))
	for _, id := range slices.Sorted(maps.Keys(c.profiles)) {
		out = append(out, c.profiles[id].clone())
	}
	return out
}

// Weapons lists every weapon, sorted by id.
func (c *Catalog) Weapons() []Weapon {
	if c == nil {
		return nil
	}
	out := make([]Weapon, 0, len(c.weapons))
	for _, id := range slices.Sorted(maps.Keys(c.weapons)) {
		out = append(out, c.weapons[id].clone())
	}
	return out
}

// WeaponsOf returns the weapons of a profile, in the profile's order. A
// profile from this catalog names only weapons it has; ids it lacks are
// skipped.
func (c *Catalog) WeaponsOf(p Profile) []Weapon {
	var out []Weapon
	for _, id := range p.Weapons {
		if w, ok := c.Weapon(id); ok {
			out = append(out, w)
		}
	}
	return out
}

// Files lists the files the catalog was loaded from, in load order.
func (c *Catalog) Files() []string {
	if c == nil {
		return nil
	}
	return slices.Clone(c.files)
}

// String summarises the catalog: "12 profiles, 11 weapons from a.yaml, b.yaml".
func (c *Catalog) String() string {
	if c == nil {
		return "empty catalog"
	}
	s := plural(len(c.profiles), "profile") + ", " + plural(len(c.weapons), "weapon") + c.hackingSummary()
	if len(c.files) > 0 {
		s += " from " + strings.Join(c.files, ", ")
	}
	return s
}

func plural(n int, what string) string {
	s := strconv.Itoa(n) + " " + what
	if n != 1 {
		s += "s"
	}
	return s
}
