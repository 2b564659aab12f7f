package catalog

import (
	"slices"
	"strings"
	"sync"
)

// skillSpec says what a known skill takes besides its name.
type skillSpec struct {
	// levels are the values Level may take; nil means the skill has no
	// level (Level must be 0).
	levels []int
	// levelRequired: the skill is meaningless without one of levels.
	levelRequired bool
	// params is what Params hold: "" (none allowed), "ammo" (ammunition
	// names, at least one).
	params string
	// notPlayed: an N4 skill the engine does not play yet. A profile that
	// lists it is refused at load, naming it, rather than played as if it
	// lacked the skill; KnownSkills leaves it out, and so the army
	// importer names it as not played.
	notPlayed bool
}

var (
	skillSpecsOnce  sync.Once
	skillSpecsTable map[string]skillSpec
)

// skillSpecs are the Special Skills a catalog may give a profile. The list
// is closed on purpose: the engine implements the skills it knows, and a
// misspelt or unknown skill must be an error at load rather than a profile
// that silently lacks a rule. A ruleset that implements a new skill adds it
// here. Sources: Order types (N4), Impetuous Phase (N4), Loss of Lieutenant (N4), Common Skills (N4), States (N4), Characteristics (N4), Hacking (N4), Lieutenant (N4) and the
// seeds (000 G: Jumper, 003 Dodge).
//
// The table is built on first use rather than at start: every command links
// this package, and `ordo odds` must start about as fast as a Go
// hello-world.
func skillSpecs() map[string]skillSpec {
	skillSpecsOnce.Do(func() {
		skillSpecsTable = map[string]skillSpec{
			"Airborne Deployment":  {},
			"Camouflage":           {},                                                  // Camouflaged marker state (Camouflaged (N4))
			"Combat Jump":          {},                                                  // Airborne Deployment, an Entire Order (G: Jumper (N4, PDF 2.1))
			"Courage":              {},                                                  // ignores Guts; Stun's auto-fail (Characteristics (N4))
			"Doctor":               {},                                                  // Doctor (N4): rule_medic.go
			"Engineer":             {},                                                  // Engineer (N4): rule_medic.go
			"Forward Deployment":   {levels: []int{1, 2}, levelRequired: true},          // Forward Deployment (N4): L1 +4", L2 +8" beyond the Deployment Zone
			"Forward Observer":     {},                                                  // the Forward Observer weapon the profile lists (Targeted (N4))
			"G: Jumper":            {},                                                  // G: Jumper (N4, PDF 2.1)
			"Hacker":               {},                                                  // needs a hacking device (KnownEquipment)
			"Hidden Deployment":    {},                                                  // Hidden Deployment (N4)
			"Immunity":             {params: "ammo"},                                    // Immunity (N4), the ammunition kind: rule_immunity.go
			"Impersonation":        {levels: []int{1, 2}},                               // Impersonation (N4): 2 deploys as IMP-2 only, else IMP-1
			"Infiltration":         {},                                                  // Infiltration (N4), deployment
			"Lieutenant":           {levels: []int{1, 2}},                               // Lieutenant (N4); the level is a variant's extra Order or Command Token
			"Martial Arts":         {levels: []int{1, 2, 3, 4, 5}, levelRequired: true}, // Martial Arts (N4): rule_martial_arts.go
			"Mimetism":             {levels: []int{-3, -6}, levelRequired: true},        // BS MOD to attackers (BS Attack (N4))
			"Parachutist":          {},                                                  // Airborne Deployment (deployment)
			"Paramedic":            {},                                                  // Paramedic (N4): rule_medic.go
			"Sixth Sense":          {},                                                  // against Stealth (Stealth (N4))
			"Specialist Operative": {},                                                  // a Specialist Troop, who interacts with objectives (docs/MISSIONS.md)
			"Stealth":              {},                                                  // Stealth (N4)
			"Tactical Awareness":   {},                                                  // Tactical Awareness (N4): rule_tactical_awareness.go

			// Known to N4, not played yet: a profile that lists one is
			// refused at load (notPlayed).
			"Berserk":                 {notPlayed: true},
			"Chain of Command":        {notPlayed: true}, // a Specialist Troop, but its Loss of Lieutenant rule is not played
			"Climbing Plus":           {notPlayed: true},
			"Dogged":                  {notPlayed: true},
			"Extremely Impetuous":     {notPlayed: true},
			"Frenzy":                  {notPlayed: true},
			"Impetuous":               {notPlayed: true},
			"NCO":                     {notPlayed: true},
			"No Wound Incapacitation": {notPlayed: true},
			"Religious Troop":         {notPlayed: true},
			"Super-Jump":              {notPlayed: true},
			"Veteran":                 {levels: []int{1, 2}, notPlayed: true},
		}
	})
	return skillSpecsTable
}

// knownEquipment is the equipment a catalog may give a profile, closed for
// the same reason as the skills. The hacking devices are those of the Hacking
// Devices (N3) table (see docs/RULES.md, Hacking (N3)).
var knownEquipment = []string{
	"Assault Hacking Device",
	"Defensive Hacking Device",
	"Deployable Repeater",
	"EI Assault Hacking Device",
	"EI Hacking Device",
	"EI Killer Hacking Device",
	"EVO Hacking Device",
	"GizmoKit",
	"Hacking Device",
	"Hacking Device Plus",
	"Killer Hacking Device",
	"Medikit",
	"Multispectral Visor L1",
	"Multispectral Visor L2",
	"Multispectral Visor L3",
	"Repeater",
	"White Hacking Device",
}

// KnownSkills lists the skill names a catalog may use, sorted: those the
// engine plays.
func KnownSkills() []string {
	names := make([]string, 0, len(skillSpecs()))
	for name, spec := range skillSpecs() {
		if !spec.notPlayed {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// notPlayedEquipment are the N4 pieces of Equipment the engine does not
// play yet: a profile that carries one is refused at load, naming it, as
// for a skill not played (skillSpec.notPlayed).
var notPlayedEquipment = []string{"Biometric Visor", "Holoprojector", "Motorcycle", "Nanoscreen"}

// notPlayed is the spelling of got among the N4 skills (what "skill") or
// equipment (what "equipment") the engine knows of but does not play, if
// it is one.
func notPlayed(what, got string) (string, bool) {
	var list []string
	switch what {
	case "skill":
		for name, spec := range skillSpecs() {
			if spec.notPlayed {
				list = append(list, name)
			}
		}
		slices.Sort(list)
	case "equipment":
		list = notPlayedEquipment
	}
	if slices.Contains(list, got) {
		return got, true
	}
	return closest(got, list)
}

// KnownEquipment lists the equipment names a catalog may use, sorted.
func KnownEquipment() []string {
	out := slices.Clone(knownEquipment)
	slices.Sort(out)
	return out
}

// IsHackingDevice reports whether a piece of equipment is a hacking device,
// which makes its carrier a Hacker for programs that target Hackers
// (Characteristics (N4)). Every hacking device's name holds "Hacking
// Device", Hacking Device Plus included.
func IsHackingDevice(equipment string) bool {
	return slices.Contains(knownEquipment, equipment) && strings.Contains(equipment, "Hacking Device")
}

// Closest is the spelling among known of a name that differs from it only
// in case, spaces or punctuation ("martial arts" → "Martial Arts"): how
// the catalog suggests a name, and how an importer matches another
// source's names to the catalog's.
func Closest(name string, known []string) (string, bool) { return closest(name, known) }

// closest is Closest.
func closest(name string, known []string) (string, bool) {
	key := fold(name)
	for _, k := range known {
		if fold(k) == key {
			return k, true
		}
	}
	return "", false
}

func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// SkillTakes says what a known skill takes besides its name: the levels it
// may have (nil for none), whether one is required, and whether it takes
// parameters (the ammunition an Immunity covers). An importer uses it to
// give a skill the level its data names, or to leave out one it cannot.
func SkillTakes(name string) (levels []int, levelRequired, params bool) {
	spec := skillSpecs()[name]
	return slices.Clone(spec.levels), spec.levelRequired, spec.params != ""
}
