package oddsterms

import (
	"reflect"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
)

func fp(v float64) *float64 { return &v }

// A side named from the catalog: the trooper's attribute and own stats, the
// weapon's Burst, DAM and ammunition, and the Range MOD of the distance
// read off the weapon's range row (BS Attack (N4)); explicit words win; in
// ARO the weapon rolls B1.
func TestParseUnits(t *testing.T) {
	fusilier := func(s SideSpec) SideSpec {
		s.Trooper, s.ARM, s.BTS, s.PH, s.W = "fusilier", intp(1), intp(0), intp(11), intp(1)
		return s
	}
	for _, tc := range []struct {
		name, in string
		aro      bool
		want     SideSpec
	}{
		{"the issue's example: the Combi Rifle at 12\" is +3", "fusilier combi-rifle range 12", false, fusilier(SideSpec{
			Weapon: "combi-rifle", Range: fp(12), Attribute: "BS", Base: 12, Burst: 3, Damage: intp(13), Ammo: "N",
			Mods: []dice.Mod{{Name: "Range", Value: 3}}})},
		{"an 8\" edge belongs to the nearer band; 16-24 is -3", "Fusilier Combi-Rifle range=20 -3:mimetism", false, fusilier(SideSpec{
			Weapon: "combi-rifle", Range: fp(20), Attribute: "BS", Base: 12, Burst: 3, Damage: intp(13), Ammo: "N",
			Mods: []dice.Mod{{Name: "mimetism", Value: -3}, {Name: "Range", Value: -3}}})},
		{"in ARO the weapon rolls B1", "fusilier combi-rifle", true, fusilier(SideSpec{
			Weapon: "combi-rifle", Attribute: "BS", Base: 12, Burst: 1, Damage: intp(13), Ammo: "N"})},
		{"explicit words win over the catalog", "fusilier combi-rifle B2 BS 14 arm=4", false, func() SideSpec {
			s := fusilier(SideSpec{Weapon: "combi-rifle", Attribute: "BS", Base: 14, Burst: 2, Damage: intp(13), Ammo: "N"})
			s.ARM = intp(4)
			return s
		}()},
		{"a trooper alone is a target with its own stats", "fusilier cover", false, fusilier(SideSpec{Cover: true})},
		{"dodge rolls the trooper's PH", "fusilier dodge", false, fusilier(SideSpec{Attribute: "PH", Base: 11, Burst: 1})},
	} {
		var got SideSpec
		var err error
		if tc.aro {
			got, err = ParseReactive(tc.in)
		} else {
			got, err = ParseSide(tc.in)
		}
		if err != nil {
			t.Errorf("%s: %q: %v", tc.name, tc.in, err)
			continue
		}
		got.Text = ""
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %q:\n got %+v\nwant %+v", tc.name, tc.in, got, tc.want)
		}
	}
}

func TestParseUnitsErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"fusilier combi-rifle range 60", `word 3 "range 60": combi-rifle is out of range at 60"`},
		{"BS 12 range 12", "range needs a weapon from the catalog"},
		{"combi-rifle range 12", "combi-rifle needs the trooper who uses it"},
		{"fusilier zhanshi", "two troopers, fusilier (word 1) and zhanshi"},
		{"fusilier combi-rifle rifle", "two weapons"},
		{"fusilier combi-rifle ammo=DA", "combi-rifle has no DA mode (it has N)"},
		{"fusilier combi-rifle range -2", "range must be a distance in inches"},
		{"fusilier lasgun", "or a trooper and weapon from the catalog"},
		{"fusilier dodge combi-rifle", "a Dodge is not an attack"},
	} {
		_, err := ParseSide(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
}
