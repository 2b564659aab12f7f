package oddsterms

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/odds"
)

// The hacking words: a program by id or name, Reset, Firewall, Targeted; a
// catalog trooper gives the WIP and BTS (Hacking (N3)).
func TestParseHackWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want SideSpec
	}{
		{"WIP 14 program carbonite", SideSpec{Attribute: "WIP", Base: 14, Program: "carbonite"}},
		{"program Total_Control WIP=13", SideSpec{Attribute: "WIP", Base: 13, Program: "total-control"}},
		{"WIP 13 reset bts 6 firewall", SideSpec{Attribute: "WIP", Base: 13, Reset: true, BTS: intp(6), Firewall: true}},
		{"hacker-plus program brain-blast", SideSpec{Trooper: "hacker-plus", Attribute: "WIP", Base: 15, Program: "brain-blast",
			ARM: intp(2), BTS: intp(6), PH: intp(11), W: intp(1)}},
		{"WIP 15 program stop B1", SideSpec{Attribute: "WIP", Base: 15, Program: "stop", Burst: 1}},
		{"bts 3 targeted", SideSpec{BTS: intp(3), Targeted: true}},
		{"WIP 13 program exorcism dmg 16", SideSpec{Attribute: "WIP", Base: 13, Program: "exorcism", Damage: intp(16)}},
	} {
		got, err := ParseSide(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		tc.want.Text = tc.in
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.in, got, tc.want)
		}
	}
}

func TestParseHackErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"WIP 13 program fairy-dust", "Fairy Dust makes no roll"},
		{"WIP 13 program zap", `unknown program "zap"`},
		{"WIP 13 program carbonite reset", "a program or Reset, not both"},
		{"BS 13 program carbonite", "a program rolls WIP, not BS"},
		{"program carbonite", "a program rolls WIP: give it"},
		{"WIP 13 program carbonite B3", "Carbonite has B2"},
		{"WIP 13 reset B2", "Reset is one WIP roll"},
		{"WIP 13 reset dmg 13", "Reset inflicts nothing"},
		{"WIP 13 program carbonite cover", "does not apply to a program"},
		{"hacker combi-rifle program carbonite", "combi-rifle is a weapon"},
		{"zhanshi dodge reset", "Dodge cannot answer a Hacking Attack"},
		{"WIP 13 program carbonite program spotlight", "program given twice"},
	} {
		_, err := ParseSide(tc.in)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an *Error with %q", tc.in, err, tc.want)
		}
	}
}

func TestBuildHackErrors(t *testing.T) {
	for _, tc := range []struct{ name, active, reactive, want string }{
		{"Reset answers a program", "WIP 13 reset", "", "the active side declares Reset"},
		{"Reset answers an attack, not a Defense Protocol", "WIP 13 reset", "WIP 13 program breakwater", "the active side declares Reset"},
		{"Reset with no program", "BS 13 dmg 13", "WIP 13 reset", "give the active side one"},
		{"Dodge cannot avoid a Hacking Attack (Dodge (N4))", "WIP 13 program carbonite", "PH 11", "Dodge cannot avoid a Hacking Attack"},
		{"firewall without hacking", "BS 13 dmg 13", "arm=1 firewall", "changes only a hacking roll"},
	} {
		_, err := build(t, tc.active, tc.reactive, BuildOptions{})
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an *Error with %q", tc.name, err, tc.want)
		}
	}
}

// `ordo odds` with a program gives exactly what odds.Hack gives for the
// catalog program's columns: the numbers the engine's resolution uses.
// Every program that rolls, against a target, Reset and Breakwater.
func TestHackSameNumbers(t *testing.T) {
	cat, err := Catalog()
	if err != nil {
		t.Fatal(err)
	}
	bw, _ := cat.Program("breakwater")
	bwOdds := bw.HackOdds()
	for _, p := range cat.Programs() {
		// The active side declares a program that rolls and is not an
		// answer to something (a Defense Protocol, Hack Transport
		// Aircraft); only an attack is opposed.
		if !p.Rolls() || p.TargetsClass(catalog.TargetAttacker) || p.Effect == catalog.EffectDispersion {
			continue
		}
		po := p.HackOdds()
		cases := []struct {
			reactive string
			want     odds.Hacker
		}{
			{"bts 6 firewall", odds.Hacker{BTS: 6, Firewall: true}},
			{"WIP 13 reset bts 3 targeted", odds.Hacker{WIP: 13, BTS: 3, Reset: true, Targeted: true}},
			{"WIP 12 program breakwater bts 0", odds.Hacker{WIP: 12, Program: &bwOdds}},
		}
		if !p.Attack() {
			cases = cases[:1]
		}
		for _, tc := range cases {
			for _, crits := range odds.CritRules() {
				m, err := build(t, "WIP 14 program "+p.ID, tc.reactive, BuildOptions{Criticals: crits})
				if err != nil {
					t.Fatalf("%s against %q: %v", p.Name, tc.reactive, err)
				}
				got, err := m.Odds(odds.Options{})
				if err != nil {
					t.Fatal(err)
				}
				_, want, err := odds.Hack(odds.Hacker{WIP: 14, Program: &po, Active: true}, tc.want, crits, odds.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s (Hacking (N3)) against %q, %s: the words give\n%+v\nodds.Hack gives\n%+v", p.Name, tc.reactive, crits, got, want)
				}
			}
		}
	}
}

// A lethal program shows the chance its target falls; a non-lethal one
// does not.
func TestHackFalls(t *testing.T) {
	var b strings.Builder
	m, err := build(t, "WIP 15 program brain-blast", "bts 3 w=1", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, _ := m.Odds(odds.Options{})
	if err := Render(&b, m, res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "each failed roll takes 1 W/STR") || !strings.Contains(b.String(), "the target falls (Unconscious or Dead, W 1)") {
		t.Errorf("Brain Blast:\n%s", b.String())
	}
	b.Reset()
	m, _ = build(t, "WIP 15 program carbonite", "bts 3", BuildOptions{})
	res, _ = m.Odds(odds.Options{})
	_ = Render(&b, m, res)
	if strings.Contains(b.String(), "falls") || !strings.Contains(b.String(), "Non-Lethal: a failed roll applies imm-1") {
		t.Errorf("Carbonite:\n%s", b.String())
	}
	if r := NewReport(m, res); r.Summary.ReactiveFalls != nil || !r.Hacking || r.Active.Hack == nil || r.Active.Hack.Program.ID != "carbonite" {
		t.Errorf("report: %+v", r)
	}
}

// Hack Transport Aircraft (N3): WIP-6 Face to Face against the PH roll of a
// Combat Jump (+3 with Controlled Jump); the programs that answer an attack
// are refused on the active side, and a program that is no attack has
// nothing to oppose it.
func TestHackTransportAircraft(t *testing.T) {
	m, err := build(t, "PH 12 +3:controlled_jump", "WIP 14 program hack-transport-aircraft", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !m.FaceToFace || m.Active.SV.Value != 15 || m.Reactive.SV.Value != 8 || m.Reactive.Side.Roll.Burst != 1 {
		t.Fatalf("got active %s, reactive %s B%d", m.Active.SVText, m.Reactive.SVText, m.Reactive.Side.Roll.Burst)
	}
	got, _ := m.Odds(odds.Options{})
	want, _ := odds.FaceToFace(odds.Side{Roll: m.Active.Side.Roll}, odds.Side{Roll: m.Reactive.Side.Roll}, odds.Options{})
	if math.Abs(got.B.Hits.Scores()-want.B.Hits.Scores()) > 1e-15 || math.Abs(got.B.Hits.Scores()-0.1875) > 1e-12 {
		t.Errorf("the hacker wins %v, want %v (0.1875)", got.B.Hits.Scores(), want.B.Hits.Scores())
	}
	var b strings.Builder
	if err := Render(&b, m, got); err != nil || !strings.Contains(b.String(), "makes the Combat Jump fail (Dispersion)") {
		t.Errorf("render: %v\n%s", err, b.String())
	}
	for _, tc := range []struct{ active, reactive, want string }{
		{"WIP 13 program breakwater", "", "answers a Hacking Attack on its user"},
		{"WIP 13 program hack-transport-aircraft", "", "answers a Combat Jump"},
		{"BS 12", "WIP 14 program hack-transport-aircraft", "opposes the PH roll of a Combat Jump"},
		{"WIP 13 program lockpicker", "WIP 13 reset", "Lockpicker is not a Hacking Attack"},
		{"WIP 13 program carbonite", "WIP 13 program white-noise", "White Noise does not oppose a program"},
	} {
		_, err := build(t, tc.active, tc.reactive, BuildOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q against %q: %v, want %q", tc.active, tc.reactive, err, tc.want)
		}
	}
}

// Reset (N4) by the active trooper against a program a hacker declares in
// ARO (Hacking (N3)): `--active "WIP 13 reset bts 3" --reactive "WIP 14
// program blackout"` is Face to Face, Reset at WIP 13 B1 against
// Blackout at WIP 14 and its ARO Burst, each success of Blackout forcing
// a BTS roll at Damage 15 - BTS 3 = 12 on the active trooper.
func TestActiveResetAgainstProgramInARO(t *testing.T) {
	m, err := build(t, "WIP 13 reset bts 3", "WIP 14 program blackout", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !m.FaceToFace || !m.Hacking {
		t.Fatalf("Face to Face %v, hacking %v: want a Face to Face hacking roll", m.FaceToFace, m.Hacking)
	}
	if m.Active.Hack == nil || !m.Active.Hack.Reset || m.Active.SV.Value != 13 || m.Active.Side.Roll.Burst != 1 {
		t.Errorf("active side %+v: want Reset at WIP 13, B1", m.Active)
	}
	if m.Reactive.Hack == nil || m.Reactive.Hack.Program == nil || m.Reactive.Hack.Program.ID != "blackout" ||
		m.Reactive.SV.Value != 14 || m.Reactive.Side.Roll.Burst != 1 {
		t.Errorf("reactive side %+v: want Blackout at WIP 14, B1 in ARO", m.Reactive)
	}
	if s := m.Reactive.Hack.Saves; len(s) != 1 || s[0].AttackDamage != 12 {
		t.Errorf("Blackout's saves %+v: want one BTS roll at 15 - 3 = 12", s)
	}
}
