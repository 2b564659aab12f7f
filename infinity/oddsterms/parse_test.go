package oddsterms

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
)

func TestParseSide(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want SideSpec
	}{
		{
			name: "issue 2 example, active side",
			in:   "BS 13 B3 mods=+3 dmg 13 ammo=DA",
			want: SideSpec{Attribute: "BS", Base: 13, Burst: 3, Mods: []dice.Mod{{Name: "MOD", Value: 3}}, Damage: intp(13), Ammo: "DA"},
		},
		{
			name: "issue 2 example, reactive side: Normal ammo by default",
			in:   "BS 12 B1 dmg 13",
			want: SideSpec{Attribute: "BS", Base: 12, Burst: 1, Damage: intp(13), Ammo: "N"},
		},
		{
			name: "joined and '=' forms, any case, Burst 1 by default",
			in:   "bs13 DMG=14 Ammo=ap",
			want: SideSpec{Attribute: "BS", Base: 13, Burst: 1, Damage: intp(14), Ammo: "AP"},
		},
		{
			name: "value as the next word everywhere",
			in:   "CC 15 B 2 dam 14 ammo E/M",
			want: SideSpec{Attribute: "CC", Base: 15, Burst: 2, Damage: intp(14), Ammo: "E/M"},
		},
		{
			name: "bare ammunition name, EM spelled without the slash",
			in:   "WIP 13 dmg 13 em",
			want: SideSpec{Attribute: "WIP", Base: 13, Burst: 1, Damage: intp(13), Ammo: "E/M"},
		},
		{
			name: "the typeset minus sign (U+2212) reads as -, bare and in lists",
			in:   "BS 12 \u22123 mods=\u22126:mimetism,+3",
			want: SideSpec{Attribute: "BS", Base: 12, Burst: 1, Mods: []dice.Mod{
				{Name: "MOD", Value: -3}, {Name: "mimetism", Value: -6}, {Name: "MOD", Value: 3},
			}},
		},
		{
			name: "W and STR give the side's W/STR",
			in:   "arm=3 w=2",
			want: SideSpec{ARM: intp(3), W: intp(2)},
		},
		{
			name: "STR joined",
			in:   "arm=6 STR3",
			want: SideSpec{ARM: intp(6), W: intp(3)},
		},
		{
			name: "named MODs, bare MODs and lists add up in order",
			in:   "BS 12 +3:range -6:low_visibility mods=-3,+3:targeted, mod=-3",
			want: SideSpec{Attribute: "BS", Base: 12, Burst: 1, Mods: []dice.Mod{
				{Name: "range", Value: 3}, {Name: "low visibility", Value: -6},
				{Name: "MOD", Value: -3}, {Name: "targeted", Value: 3}, {Name: "MOD", Value: -3},
			}},
		},
		{
			name: "mods=+3, -3 with a space after the comma",
			in:   "BS 12 mods=+3, -3",
			want: SideSpec{Attribute: "BS", Base: 12, Burst: 1, Mods: []dice.Mod{{Name: "MOD", Value: 3}, {Name: "MOD", Value: -3}}},
		},
		{
			name: "PH N rolls PH (a Dodge) and is the side's PH too",
			in:   "PH 11 arm=2 cover",
			want: SideSpec{Attribute: "PH", Base: 11, Burst: 1, PH: intp(11), ARM: intp(2), Cover: true},
		},
		{
			name: "ph=N only gives the PH that PARA saves use: a target",
			in:   "ph=10 ARM 1 bts=3",
			want: SideSpec{PH: intp(10), ARM: intp(1), BTS: intp(3)},
		},
		{
			name: "a target in cover",
			in:   "cover",
			want: SideSpec{Cover: true},
		},
		{
			name: "Direct Template with Shock, Direct Template Weapons (N4)",
			in:   "template B2 dmg 14 shock",
			want: SideSpec{Template: true, Burst: 2, Damage: intp(14), Ammo: "Shock"},
		},
		{
			name: "continuous damage, BTS save",
			in:   "BS 11 dmg 12 continuous save=bts",
			want: SideSpec{Attribute: "BS", Base: 11, Burst: 1, Damage: intp(12), Ammo: "N", Continuous: true, Save: "BTS"},
		},
		{
			name: "nocrit, crit1, T2 before the words it follows",
			in:   "T2 dmg 15 BS 14 nocrit",
			want: SideSpec{Attribute: "BS", Base: 14, Burst: 1, Damage: intp(15), Ammo: "T2", NoCrit: true},
		},
		{
			name: "limits: attribute 40, Burst odds.MaxBurst, DAM 0",
			in:   "BS 40 B100 dmg 0",
			want: SideSpec{Attribute: "BS", Base: 40, Burst: 100, Damage: intp(0), Ammo: "N"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseSide(tt.in)
			if err != nil {
				t.Fatalf("ParseSide(%q): %v", tt.in, err)
			}
			tt.want.Text = tt.in
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseSide(%q)\n got %+v\nwant %+v", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseSideErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		pos  int    // the word the error points at, 0 for the whole side
		want string // a part of the message
	}{
		{"empty", "  ", 0, "empty side"},
		{"unknown word", "BS 13 B3 dmg13 bananas", 5, `word 5 "bananas": unknown word`},
		{"unknown ammunition names the known ones", "BS 13 dmg 13 ammo=XX", 5,
			`word 5 "ammo=XX": unknown ammunition "XX" (known: AP, DA, E/M, EXP, N, PARA, Plasma, Shock, Smoke, Stun, T2)`},
		{"attribute above 40", "BS 41", 1, `word 1 "BS 41": BS 41 is out of range 0..40`},
		{"negative attribute", "CC=-1", 1, "CC -1 is out of range 0..40"},
		{"attribute not a number", "BS B3", 1, `BS must be a whole number 0..40, got "B3"`},
		{"huge number", "WIP 99999999999999999999999", 1, "WIP must be a whole number"},
		{"attribute without value", "B3 BS", 2, "BS needs a value"},
		{"nothing after =", "BS= 13", 1, "nothing after '='"},
		{"burst 0", "BS 12 B0", 3, "Burst 0 is out of range 1..100"},
		{"burst above odds.MaxBurst", "BS 12 B 101", 3, "Burst 101 is out of range 1..100"},
		{"damage out of range", "BS 12 dmg 41", 3, "DAM 41 is out of range 0..40"},
		{"ARM out of range", "arm=41", 1, "ARM 41 is out of range 0..40"},
		{"BTS negative", "BS 12 bts=-3", 3, "BTS -3 is out of range"},
		{"malformed MOD", "BS 12 mods=+3,x", 3, `MOD "x" is not a whole number`},
		{"empty MOD in a list", "BS 12 mods=+3,,-3", 3, "empty MOD"},
		{"empty mods=", "BS 12 mods=", 3, "nothing after '='"},
		{"bare MOD needs a sign to be a MOD", "BS 12 3", 3, "unknown word"},
		{"MOD out of range", "BS 12 -41", 3, "MOD -41 is out of range"},
		{"MOD name empty", "BS 12 +3:", 3, "MOD name after ':'"},
		{"MOD name with odd characters", "BS 12 mods=+3:a;b", 3, `MOD name "a;b" may use`},
		{"MOD list item not a number", "BS 12 mod 3x", 3, `MOD "3x" is not a whole number`},
		{"duplicated attribute", "BS 13 B3 BS 12", 4, `BS given twice (first as word 1 "BS 13")`},
		{"duplicated burst", "BS 13 B3 B2", 4, "B given twice"},
		{"duplicated ammo", "BS 13 dmg 13 DA ammo=EXP", 6, "ammo given twice"},
		{"duplicated cover", "cover arm=1 COVER", 3, "cover given twice"},
		{"duplicated PH", "PH 11 ph=10", 3, "PH given twice"},
		{"two attributes", "BS 13 CC 15", 3, "two attributes to roll, BS (word 1) and CC"},
		{"BS and PH hints at ph=", "BS 13 PH 10", 3, "write ph=N"},
		{"missing attribute", "B3 dmg 13 ammo=DA", 1, "missing attribute"},
		{"missing attribute for MODs", "arm=1 +3", 2, "missing attribute"},
		{"template with an attribute", "BS 13 template", 3, "a Direct Template hits without rolling"},
		{"template with MODs", "template -3", 2, "takes no MODs"},
		{"template never crits", "template crit1", 2, "never crits"},
		{"nocrit and crit1", "BS 12 nocrit crit1", 4, "contradict"},
		{"ammo without damage", "BS 13 ammo=DA", 3, "needs the weapon's damage"},
		{"continuous without damage", "BS 13 continuous", 3, "needs the weapon's damage"},
		{"save= is ARM or BTS", "BS 13 dmg 13 save=PH", 5, "save must be ARM or BTS"},
		{"E/M fixes its save attribute", "BS 13 dmg 13 E/M save=ARM", 6, "E/M ammunition always saves against BTS"},
		{"Plasma fixes its save attribute", "BS 13 dmg 13 save=BTS plasma", 5, "ARM+BTS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSide(tt.in)
			if err == nil {
				t.Fatalf("ParseSide(%q): no error, want %q", tt.in, tt.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("ParseSide(%q): error %T, want *Error", tt.in, err)
			}
			if e.Pos != tt.pos {
				t.Errorf("ParseSide(%q): error at word %d, want %d (%v)", tt.in, e.Pos, tt.pos, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseSide(%q) = %q, want it to contain %q", tt.in, err, tt.want)
			}
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Errorf("ParseSide(%q): error spans lines: %q", tt.in, err)
			}
		})
	}
}
