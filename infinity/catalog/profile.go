package catalog

import (
	"fmt"
	"slices"
	"strings"
)

// TroopType is a profile's troop type (Troop Types (N4)). Rules key off it: E/M
// immobilises HI/TAG/REM/VH (Ammunition (N4)), TAG/REM/VH count Structure instead of
// Wounds (Wounds, Unconscious and Dead (N4)), REMs cannot be Lieutenant (Army list and Combat Groups (N4)), HI/TAG/REM/VH are
// Hackable (Characteristics (N4)).
type TroopType string

// The troop types a catalog may name.
const (
	LI  TroopType = "LI"  // Light Infantry
	MI  TroopType = "MI"  // Medium Infantry
	HI  TroopType = "HI"  // Heavy Infantry: Hackable
	TAG TroopType = "TAG" // Tactical Armored Gear: Hackable, Structure
	REM TroopType = "REM" // Remote: Hackable, Structure, never Lieutenant
	SK  TroopType = "SK"  // Skirmisher
	WB  TroopType = "WB"  // Warband
	// VH (Vehicle) appears in N4 texts beside TAG and REM (Ammunition (N4) E/M, Wounds, Unconscious and Dead (N4)):
	// Hackable, Structure. No illustrative profile uses it.
	VH TroopType = "VH"
)

// TroopTypes lists the known troop types in the order the rules print them.
func TroopTypes() []TroopType { return []TroopType{LI, MI, HI, TAG, REM, SK, WB, VH} }

// Known reports whether t is one of TroopTypes.
func (t TroopType) Known() bool { return slices.Contains(TroopTypes(), t) }

// Structure reports whether the type counts Structure (STR) rather than
// Wounds: TAG, REM and VH (Wounds, Unconscious and Dead (N4)). Mechanically the two are the same.
func (t TroopType) Structure() bool { return t == TAG || t == REM || t == VH }

// Hackable reports whether every profile of this type is Hackable: HI, TAG,
// REM and VH (Troop Types (N4)–8.3). Other profiles are Hackable only if they
// say so.
func (t TroopType) Hackable() bool { return t == HI || t == TAG || t == REM || t == VH }

// Profile is one unit profile (Unit Profile (N4)): the attributes a trooper or a
// model uses, its troop type and characteristics, skills, equipment and
// weapons. Distances are in inches.
//
// A Profile returned by a Catalog is a copy: changing it (or its slices)
// does not change the catalog.
type Profile struct {
	// ID is the catalog key that scenarios and armies refer to: lower case
	// letters, digits, '-', '_' and '.', starting with a letter or digit.
	// Profiles and weapons have separate ids.
	ID string `json:"id"`
	// Name is the display name.
	Name string `json:"name"`

	// MOV is the two movement values in inches: the first for the first
	// Movement skill of an Order, the second for the second (Move (N4)); 0..12.
	MOV [2]int `json:"mov"`
	// CC, BS, PH and WIP are the attributes rolled for Close Combat, BS
	// Attacks, Dodge and PH rolls, and Discover/Reset/hacking/Guts (Unit Profile (N4));
	// 0..30 each (values above 20 are legal: Success Value above 20 (N4) adds the excess to the
	// die).
	CC  int `json:"cc"`
	BS  int `json:"bs"`
	PH  int `json:"ph"`
	WIP int `json:"wip"`
	// ARM and BTS are the Saving Roll attributes against ARM and BTS
	// weapons (Saving Rolls (N4)); 0..15 each.
	ARM int `json:"arm"`
	BTS int `json:"bts"`
	// W is the Wounds, or the Structure if STR is set (Wounds, Unconscious and Dead (N4)); 1..10. W/STR
	// at exactly 0 is Unconscious, below 0 Dead.
	W int `json:"w"`
	// STR marks W as Structure; it is set exactly for TAG, REM and VH.
	STR bool `json:"str,omitempty"`
	// S is the Silhouette (Silhouette (N4)), 1..8: the size of the model's cylinder
	// (geom.DefaultSilhouettes).
	S int `json:"s"`

	// Type is the troop type (Troop Types (N4)).
	Type TroopType `json:"type"`
	// Irregular troopers generate an Irregular Order that only they use;
	// Regular ones feed their combat group's pool (Order types (N4)). Irregular
	// troopers cannot be Lieutenant (Army list and Combat Groups (N4)).
	Irregular bool `json:"irregular,omitempty"`
	// Hackable troopers can be targeted by programs whose target is
	// "Hackable" (Characteristics (N4)). Always true for HI, TAG, REM and VH; other
	// profiles set it in the file.
	Hackable bool `json:"hackable,omitempty"`
	// Cost is the profile's points cost; it is also its Victory Points
	// value (Victory Points (N4)), counted per proxy for a G: Jumper (G: Jumper (N4, PDF 2.1)); 0..999.
	Cost int `json:"cost"`
	// SWC is the profile's Support Weapon Cost, in steps of 0.5 (Army
	// list and Combat Groups (N4): an army's SWC may not pass its cap, 6
	// at 300 points); 0..MaxSWC. Optional, 0 when not given.
	SWC float64 `json:"swc,omitempty"`
	// AVA is the profile's Availability: the most troopers of it one army
	// list may hold (Unit Profile (N4)); 0, the default, is "Total", no
	// limit. Options of one profile count together, and so do profiles
	// of one Unit.
	AVA int `json:"ava,omitempty"`
	// Unit names the unit the profile is one loadout of, where a unit's
	// loadouts are separate profiles (an imported army code's, one per
	// option): an army list counts the troopers of one unit together
	// toward its AVA (Unit Profile (N4)). Empty is the profile alone.
	Unit string `json:"unit,omitempty"`
	// Options are the profile's loadouts, as an army list picks them: each
	// with its own cost and SWC, and the weapons and equipment it carries
	// instead of the profile's own. A profile without options is taken
	// as it is, with its own cost, SWC, weapons and equipment.
	Options []Option `json:"options,omitempty"`

	// Skills are the profile's Special Skills (Unit Profile (N4)), each a name known to
	// the catalog (KnownSkills) with its level or parameters.
	Skills []Skill `json:"skills,omitempty"`
	// Equipment names the profile's equipment (KnownEquipment).
	Equipment []string `json:"equipment,omitempty"`
	// Weapons are weapon ids of the same catalog, in the profile's order.
	Weapons []string `json:"weapons,omitempty"`
	// Pilot is the profile id of a manned TAG's pilot, who leaves it when
	// the TAG is hacked with Expel (Hacking (N3)); empty for any other
	// profile. A TAG without a pilot is unmanned.
	Pilot string `json:"pilot,omitempty"`
}

// Option is one loadout of a profile (Unit Profile (N4)): what an army
// list names beside the profile to say which weapons a trooper carries and
// what it costs.
type Option struct {
	// ID names the option in army lists; unique within its profile.
	ID string `json:"id"`
	// Name is the display name; the ID when not given.
	Name string `json:"name,omitempty"`
	// Cost and SWC replace the profile's (0..MaxCost; 0..MaxSWC in steps
	// of 0.5).
	Cost int     `json:"cost"`
	SWC  float64 `json:"swc,omitempty"`
	// Weapons, when given, replace the profile's weapons; Equipment, when
	// given, the profile's equipment.
	Weapons   []string `json:"weapons,omitempty"`
	Equipment []string `json:"equipment,omitempty"`
}

// Option finds the profile's option with this id.
func (p Profile) Option(id string) (Option, bool) {
	for _, o := range p.Options {
		if o.ID == id {
			return o.clone(), true
		}
	}
	return Option{}, false
}

// WithOption is the profile as a trooper who takes option id carries it:
// the option's cost, SWC, and its weapons and equipment where it gives
// them. The empty id is the profile itself. ok is false for an id the
// profile has no option of.
func (p Profile) WithOption(id string) (Profile, bool) {
	out := p.clone()
	if id == "" {
		return out, true
	}
	o, ok := p.Option(id)
	if !ok {
		return Profile{}, false
	}
	out.Cost, out.SWC = o.Cost, o.SWC
	if o.Weapons != nil {
		out.Weapons = o.Weapons
	}
	if o.Equipment != nil {
		out.Equipment = o.Equipment
	}
	return out, true
}

func (o Option) clone() Option {
	o.Weapons = slices.Clone(o.Weapons)
	o.Equipment = slices.Clone(o.Equipment)
	return o
}

// Skill is one Special Skill on a profile.
type Skill struct {
	// Name is the skill's canonical name, as KnownSkills spells it.
	Name string `json:"name"`
	// Level is the skill's level or value where it has one — Martial Arts
	// L2 is 2, Mimetism −6 is -6 — and 0 otherwise.
	Level int `json:"level,omitempty"`
	// Params are the skill's parameters where it takes any, e.g. the ammo
	// an Immunity covers.
	Params []string `json:"params,omitempty"`
}

// String writes the skill as a profile prints it: "Martial Arts L2",
// "Mimetism (-6)", "Immunity (Shock)".
func (s Skill) String() string {
	out := s.Name
	switch {
	case s.Level > 0:
		out += fmt.Sprintf(" L%d", s.Level)
	case s.Level < 0:
		out += fmt.Sprintf(" (%d)", s.Level)
	}
	if len(s.Params) > 0 {
		out += " (" + strings.Join(s.Params, ", ") + ")"
	}
	return out
}

// Skill finds the profile's skill with this name (canonical spelling).
func (p Profile) Skill(name string) (Skill, bool) {
	for _, s := range p.Skills {
		if s.Name == name {
			return s, true
		}
	}
	return Skill{}, false
}

// HasSkill reports whether the profile has the skill (canonical spelling).
func (p Profile) HasSkill(name string) bool {
	_, ok := p.Skill(name)
	return ok
}

// HasEquipment reports whether the profile carries the equipment.
func (p Profile) HasEquipment(name string) bool { return slices.Contains(p.Equipment, name) }

// CanBeLieutenant reports whether the profile may be chosen as Lieutenant:
// neither Irregular nor a REM (Army list and Combat Groups (N4)).
func (p Profile) CanBeLieutenant() bool { return !p.Irregular && p.Type != REM }

// WoundsName is "STR" for a profile that counts Structure, else "W".
func (p Profile) WoundsName() string {
	if p.STR {
		return "STR"
	}
	return "W"
}

// String writes the profile on one line, as `ordo rules` may list it:
// "hmg (Heavy Gunner) HI Hackable, MOV 4-2 CC 14 BS 13 PH 13 WIP 13 ARM 4 BTS 3 W 2 S 2, 40 pts".
func (p Profile) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s) %s", p.ID, p.Name, p.Type)
	if p.Irregular {
		b.WriteString(" Irregular")
	}
	if p.Hackable {
		b.WriteString(" Hackable")
	}
	fmt.Fprintf(&b, ", MOV %d-%d CC %d BS %d PH %d WIP %d ARM %d BTS %d %s %d S %d, %d pts",
		p.MOV[0], p.MOV[1], p.CC, p.BS, p.PH, p.WIP, p.ARM, p.BTS, p.WoundsName(), p.W, p.S, p.Cost)
	return b.String()
}

// clone copies the slices, so that a caller cannot change the catalog
// through a returned Profile.
func (p Profile) clone() Profile {
	p.Skills = slices.Clone(p.Skills)
	for i := range p.Skills {
		p.Skills[i].Params = slices.Clone(p.Skills[i].Params)
	}
	p.Equipment = slices.Clone(p.Equipment)
	p.Weapons = slices.Clone(p.Weapons)
	if p.Options != nil {
		opts := make([]Option, len(p.Options))
		for i, o := range p.Options {
			opts[i] = o.clone()
		}
		p.Options = opts
	}
	return p
}
