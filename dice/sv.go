// Package dice holds the one definition of an Infinity roll that every other
// package uses: how a Success Value is built from an attribute and named MODs,
// how a single d20 is judged against it, how two sides' dice cancel in a Face
// to Face Roll, and where dice come from (a seeded, recorded source or a
// script of forced results).
//
// The rules are those of Infinity N4 (Rolls (N4)). The package is pure:
// nothing here reads a clock or a global random generator.
package dice

import (
	"fmt"
	"strconv"
	"strings"
)

// ModCap is the largest magnitude the total of all MODs on one roll may have
// (Success Value and MODs (N4)): the cap applies to the sum, not to each MOD.
const ModCap = 12

// Mod is one named modifier to a roll, kept so that the log and the table can
// say why a Success Value is what it is ("+3 range 0-8", "-3 Partial Cover").
type Mod struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// String renders the MOD as a player writes it: "+3 Range 0-8".
func (m Mod) String() string {
	return fmt.Sprintf("%+d %s", m.Value, m.Name)
}

// SuccessValue is an attribute plus its MODs. Value is the number a die is
// judged against; the other fields say how it was reached.
type SuccessValue struct {
	Attribute string `json:"attribute"` // "BS", "PH", "WIP", ...
	Base      int    `json:"base"`      // the attribute before MODs
	Mods      []Mod  `json:"mods,omitempty"`
	Sum       int    `json:"sum"`   // the plain sum of Mods
	Total     int    `json:"total"` // Sum clamped to ±ModCap
	Value     int    `json:"value"` // Base + Total
}

// NewSuccessValue builds SV = base + clamp(sum(mods), -12, +12)
// (Success Value and MODs (N4)). The MODs are copied and kept in the order given.
func NewSuccessValue(attribute string, base int, mods ...Mod) SuccessValue {
	var kept []Mod
	if len(mods) > 0 {
		kept = append([]Mod(nil), mods...)
	}
	return SuccessValueOf(attribute, base, kept)
}

// SuccessValueOf is NewSuccessValue keeping mods itself rather than a
// copy: for a caller that built them for this value alone and will not
// write to them again (a resolution that gives all its rolls' MODs one
// block).
func SuccessValueOf(attribute string, base int, mods []Mod) SuccessValue {
	sv := SuccessValue{Attribute: attribute, Base: base}
	if len(mods) > 0 {
		sv.Mods = mods
	}
	for _, m := range mods {
		sv.Sum += m.Value
	}
	sv.Total = ClampMods(sv.Sum)
	sv.Value = base + sv.Total
	return sv
}

// ClampMods applies the ±12 cap to a total of MODs (Success Value and MODs (N4)).
func ClampMods(sum int) int {
	return min(max(sum, -ModCap), ModCap)
}

// Capped reports whether the cap changed the sum of the MODs.
func (sv SuccessValue) Capped() bool { return sv.Sum != sv.Total }

// String explains the value: "BS 12 +3 Range 0-8 -3 Partial Cover = 12", with
// "(capped to -12)" when the cap applied.
func (sv SuccessValue) String() string {
	var b strings.Builder
	b.WriteString(sv.Attribute)
	if sv.Attribute != "" {
		b.WriteByte(' ')
	}
	b.WriteString(strconv.Itoa(sv.Base))
	for _, m := range sv.Mods {
		b.WriteByte(' ')
		b.WriteString(m.String())
	}
	if sv.Capped() {
		fmt.Fprintf(&b, " (MODs %+d capped to %+d)", sv.Sum, sv.Total)
	}
	fmt.Fprintf(&b, " = %d", sv.Value)
	return b.String()
}
