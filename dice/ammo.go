package dice

import (
	"fmt"
	"sort"
	"strings"
)

// SaveFails judges one Saving Roll (Saving Rolls (N4)): a die at or below the
// Attack Damage fails, anything above passes.
func SaveFails(attackDamage, face int) bool { return face <= attackDamage }

// CoverDamageMod is what Partial Cover takes off the Attack Damage of a
// non-template attack (Saving Rolls (N4)).
const CoverDamageMod = -3

// coverMod is CoverMod's value; unexported so that no caller can change it.
var coverMod = Mod{Name: "Partial Cover", Value: -3}

// CoverMod is the MOD Partial Cover gives to a BS roll against the trooper in
// cover (Saving Rolls (N4), BS Attack (N4)). Its Attack Damage twin is CoverDamageMod. Each
// call returns the same value; Mod has no reference fields, so a caller's
// copy cannot change it.
func CoverMod() Mod { return coverMod }

// Ammo is one N4 ammunition: how many Saving Rolls each hit forces, against
// which attribute, and what a failed roll does (Ammunition (N4)).
type Ammo struct {
	Name string `json:"name"`
	// Saves is the number of Saving Rolls per successful hit. A Critical adds
	// one more (ruling `criticals`, default n4-extra-save).
	Saves int `json:"saves"`
	// Attribute overrides the weapon's save attribute: "BTS" for E/M, "PH" for
	// PARA; "ARM+BTS" for Plasma's combined roll; empty keeps the weapon's.
	Attribute string `json:"attribute,omitempty"`
	// AttributeMod is added to the save attribute (PARA: PH-6).
	AttributeMod int `json:"attributeMod,omitempty"`
	// Halves halves the save attribute, rounding up (AP, E/M).
	Halves bool `json:"halves,omitempty"`
	// Effect names what a failed Saving Roll does besides or instead of a
	// lost W/STR: "SHOCK", "EM", "STUN", "PARA". It is the tag the odds
	// calculator tracks.
	Effect string `json:"effect,omitempty"`
	// NonLethal ammo removes no W/STR; it only applies its Effect.
	NonLethal bool `json:"nonLethal,omitempty"`
	// WoundsPerFail is the W/STR a failed Saving Roll removes (T2: 2; the
	// Critical's extra roll always removes 1).
	WoundsPerFail int `json:"woundsPerFail,omitempty"`
}

// ammoTable is the N4 ammunition summary (Ammunition (N4)).
var ammoTable = []Ammo{
	{Name: "N", Saves: 1, WoundsPerFail: 1},
	{Name: "AP", Saves: 1, Halves: true, WoundsPerFail: 1},
	{Name: "DA", Saves: 2, WoundsPerFail: 1},
	{Name: "EXP", Saves: 3, WoundsPerFail: 1},
	{Name: "T2", Saves: 1, WoundsPerFail: 2},
	{Name: "Shock", Saves: 1, Effect: "SHOCK", WoundsPerFail: 1},
	{Name: "PARA", Saves: 1, Attribute: "PH", AttributeMod: -6, Effect: "PARA", NonLethal: true},
	{Name: "Stun", Saves: 2, Attribute: "BTS", Effect: "STUN", NonLethal: true},
	{Name: "E/M", Saves: 2, Attribute: "BTS", Halves: true, Effect: "EM", NonLethal: true},
	{Name: "Plasma", Saves: 1, Attribute: "ARM+BTS", WoundsPerFail: 1},
	// Smoke: Non-Lethal and Targetless; it forces no Saving Roll, it lays a
	// Zero Visibility Zone (Smoke Ammunition (N4); infinity/rule_smoke.go).
	{Name: "Smoke", Effect: "SMOKE", NonLethal: true},
}

// LookupAmmo finds an ammunition by name, ignoring case; "EM" and "E/M" are
// the same.
func LookupAmmo(name string) (Ammo, error) {
	// A name as the table spells it, which catalogs use, is found without
	// folding every name of the table (a lookup for every Saving Roll).
	for i := range ammoTable {
		if ammoTable[i].Name == name {
			return ammoTable[i], nil
		}
	}
	key := strings.ToUpper(strings.ReplaceAll(name, "/", ""))
	for _, a := range ammoTable {
		if strings.ToUpper(strings.ReplaceAll(a.Name, "/", "")) == key {
			return a, nil
		}
	}
	return Ammo{}, fmt.Errorf("unknown ammunition %q (known: %s)", name, strings.Join(AmmoNames(), ", "))
}

// AmmoNames lists the known ammunitions, sorted.
func AmmoNames() []string {
	names := make([]string, len(ammoTable))
	for i, a := range ammoTable {
		names[i] = a.Name
	}
	sort.Strings(names)
	return names
}

// SaveAttribute is the save attribute after the ammunition's changes: PH-6
// for PARA, halved and rounded up for AP and E/M (a value above 0 never drops
// below 1, which rounding up already gives).
func (a Ammo) SaveAttribute(value int) int {
	v := value + a.AttributeMod
	if a.Halves && v > 0 {
		v = (v + 1) / 2
	}
	return v
}

// SaveAttributes lists the attribute of each Saving Roll one hit with this
// ammunition forces, in order (Saving Rolls (N4), Ammunition (N4)). A combined ARM+BTS save
// (Plasma) is one "ARM" and one "BTS" roll. Any other ammunition makes Saves
// rolls, each against its own Attribute ("BTS" for Stun and E/M, "PH" for
// PARA) or, when it keeps the weapon's, against weaponSave ("ARM" when
// weaponSave is empty). The first entry is the roll a Critical repeats
// (Saving Rolls (N4): a combined save's Critical adds an ARM roll). The result is a new
// slice, never nil for a known ammunition.
func (a Ammo) SaveAttributes(weaponSave string) []string {
	if a.Attribute == "ARM+BTS" {
		return []string{"ARM", "BTS"}
	}
	attr := a.Attribute
	if attr == "" {
		attr = weaponSave
		if attr == "" {
			attr = "ARM"
		}
	}
	out := make([]string, a.Saves)
	for i := range out {
		out[i] = attr
	}
	return out
}

// AttackDamage is the number a Saving Roll must beat (Saving Rolls (N4)): the
// weapon's DAM less the (possibly halved) save attribute, less 3 for Partial
// Cover against a non-template attack, plus any other MODs.
func (a Ammo) AttackDamage(dam, saveAttribute int, partialCover bool, mods ...int) int {
	d := dam - a.SaveAttribute(saveAttribute)
	if partialCover {
		d += CoverDamageMod
	}
	for _, m := range mods {
		d += m
	}
	return d
}
