package oddsterms

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/odds"
)

// mustParse parses a side or fails the test (or the fuzz target's setup).
func mustParse(t testing.TB, spec string) SideSpec {
	t.Helper()
	s, err := ParseSide(spec)
	if err != nil {
		t.Fatalf("ParseSide(%q): %v", spec, err)
	}
	return s
}

// build parses both sides ("" reactive: none) and builds them.
func build(t *testing.T, active, reactive string, opts BuildOptions) (Matchup, error) {
	t.Helper()
	a := mustParse(t, active)
	var r *SideSpec
	if reactive != "" {
		s := mustParse(t, reactive)
		r = &s
	}
	return Build(a, r, opts)
}

func damages(saves []odds.SaveRoll) []int {
	var d []int
	for _, s := range saves {
		d = append(d, s.Damage)
	}
	return d
}

func TestBuild(t *testing.T) {
	tests := []struct {
		name, active, reactive string
		opts                   BuildOptions
		faceToFace             bool
		activeSV, reactiveSV   int   // 0: not checked (template, target)
		activeDmg, reactiveDmg []int // Attack Damage of each Saving Roll
		activeTag              string
	}{
		{
			name:   "issue 2 example: --arm 1,3 gives the active ARM 1 and the reactive ARM 3",
			active: "BS 13 B3 mods=+3 dmg 13 ammo=DA", reactive: "BS 12 B1 dmg 13",
			opts:       BuildOptions{ARM: &Pair{Active: intp(1), Reactive: intp(3)}},
			faceToFace: true, activeSV: 16, reactiveSV: 12,
			activeDmg: []int{10, 10}, reactiveDmg: []int{12}, // Ammunition (N4): DA 2 saves per hit
		},
		{
			name:   "Saving Rolls (N4) Partial Cover: -3 BS for the attacker, -3 Attack Damage on the saves",
			active: "BS 12 dmg 13", reactive: "arm=2 cover",
			activeSV: 9, activeDmg: []int{8}, // the N4 core rules vector: Combi vs ARM 2 in cover → 8
		},
		{
			name:   "cover works both ways in a Face to Face Roll",
			active: "BS 12 dmg 13 cover", reactive: "BS 11 dmg 13 cover",
			faceToFace: true, activeSV: 9, reactiveSV: 8, activeDmg: []int{10}, reactiveDmg: []int{10},
		},
		{
			name:   "Saving Rolls (N4): a template ignores Partial Cover on the save",
			active: "template dmg 13", reactive: "PH 11 cover",
			faceToFace: true, reactiveSV: 11, activeDmg: []int{13},
		},
		{
			name:   "Partial Cover gives no BS MOD to a CC roll, and no cover in Close Combat",
			active: "CC 15 dmg 14", reactive: "CC 12 dmg 13 cover",
			faceToFace: true, activeSV: 15, reactiveSV: 12, activeDmg: []int{14}, reactiveDmg: []int{13},
		},
		{
			name:   "Saving Rolls (N4) cover lowers the Attack Damage of any non-template, non-CC attack; the -3 MOD is for BS only (BS Attack (N4))",
			active: "WIP 13 dmg 13 save=BTS", reactive: "bts=3 cover",
			activeSV: 13, activeDmg: []int{7},
		},
		{
			name:   "Ammunition (N4) AP halves ARM, rounding up: 5 → 3",
			active: "BS 12 dmg 13 ammo=AP", reactive: "arm=5",
			activeSV: 12, activeDmg: []int{10},
		},
		{
			name:   "Ammunition (N4) E/M: BTS 6 → 3, 2 saves, tagged EM",
			active: "WIP 13 dmg 13 ammo=E/M", reactive: "bts=6 arm=4",
			activeSV: 13, activeDmg: []int{10, 10}, activeTag: "EM",
		},
		{
			name:   "Ammunition (N4) EXP: 3 saves",
			active: "BS 12 dmg 14 EXP", opts: BuildOptions{ARM: &Pair{Reactive: intp(4)}},
			activeSV: 12, activeDmg: []int{10, 10, 10},
		},
		{
			name:   "Ammunition (N4) PARA saves against PH-6",
			active: "BS 12 dmg 13 PARA", reactive: "ph=10 arm=5",
			activeSV: 12, activeDmg: []int{9}, activeTag: "PARA",
		},
		{
			name:   "PARA against a Dodge uses the PH it rolls",
			active: "BS 12 dmg 13 PARA", reactive: "PH 12",
			faceToFace: true, activeSV: 12, reactiveSV: 12, activeDmg: []int{7}, activeTag: "PARA",
		},
		{
			name:   "Saving Rolls (N4) Combined Saving Roll: Plasma rolls ARM then BTS",
			active: "BS 12 dmg 14 plasma", reactive: "arm=3 bts=6",
			activeSV: 12, activeDmg: []int{11, 8},
		},
		{
			name:   "Stun saves against BTS, 2 per hit",
			active: "BS 12 dmg 13 stun", opts: BuildOptions{BTS: &Pair{Reactive: intp(3)}},
			activeSV: 12, activeDmg: []int{10, 10}, activeTag: "STUN",
		},
		{
			name:   "Success Value and MODs (N4) MOD cap: -6 -3 -6 = -15 → -12",
			active: "BS 13 mods=-6,-3,-6", activeSV: 1,
		},
		{
			name:   "the opponent's cover counts towards the cap",
			active: "BS 13 mods=-6,-6", reactive: "cover", activeSV: 1,
		},
		{
			name:   "a roll with no dmg forces no Saving Roll (Dodge, Reset)",
			active: "BS 13 B3 dmg 13", reactive: "PH 11",
			faceToFace: true, activeSV: 13, reactiveSV: 11, activeDmg: []int{13},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := build(t, tt.active, tt.reactive, tt.opts)
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			if m.FaceToFace != tt.faceToFace {
				t.Errorf("FaceToFace = %v, want %v", m.FaceToFace, tt.faceToFace)
			}
			if tt.activeSV != 0 && m.Active.Side.Roll.SV != tt.activeSV {
				t.Errorf("active SV = %d (%v), want %d", m.Active.Side.Roll.SV, m.Active.SV, tt.activeSV)
			}
			if tt.reactiveSV != 0 && m.Reactive.Side.Roll.SV != tt.reactiveSV {
				t.Errorf("reactive SV = %d (%v), want %d", m.Reactive.Side.Roll.SV, m.Reactive.SV, tt.reactiveSV)
			}
			if got := damages(m.Active.Side.Effect.Saves); !reflect.DeepEqual(got, tt.activeDmg) {
				t.Errorf("active Attack Damage = %v, want %v (%+v)", got, tt.activeDmg, m.Active.Saves)
			}
			if got := damages(m.Reactive.Side.Effect.Saves); !reflect.DeepEqual(got, tt.reactiveDmg) {
				t.Errorf("reactive Attack Damage = %v, want %v", got, tt.reactiveDmg)
			}
			for _, s := range m.Active.Side.Effect.Saves {
				if s.Tag != tt.activeTag {
					t.Errorf("active save tag = %q, want %q", s.Tag, tt.activeTag)
				}
			}
			if m.Criticals != odds.CritExtraSave || m.Active.Side.Effect.Crits != odds.CritExtraSave {
				t.Errorf("criticals = %q/%q, want the default %q", m.Criticals, m.Active.Side.Effect.Crits, odds.CritExtraSave)
			}
		})
	}
}

func TestBuildExplains(t *testing.T) {
	m, err := build(t, "BS 13 mods=-6,-3:mimetism,-6:range", "cover arm=5", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Success Value and MODs (N4): every MOD kept and named, the cap shown.
	want := "BS 13 -6 MOD -3 mimetism -6 range -3 Partial Cover (MODs -18 capped to -12) = 1"
	if got := m.Active.SV.String(); got != want {
		t.Errorf("SV = %q, want %q", got, want)
	}

	m, err = build(t, "BS 12 dmg 13 ammo=AP", "arm=5 cover", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Active.Saves[0].String(), "DAM 13 - ARM 3 (5 halved) - 3 Partial Cover = 7"; got != want {
		t.Errorf("AP save = %q, want %q", got, want)
	}
	m, err = build(t, "BS 12 dmg 13 ammo=PARA", "ph=10", BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Active.Saves[0].String(), "DAM 13 - PH 4 (10 -6) = 9"; got != want {
		t.Errorf("PARA save = %q, want %q", got, want)
	}
}

func TestBuildOptions(t *testing.T) {
	m, err := build(t, "BS 12 dmg 13 DA", "BS 11 dmg 13", BuildOptions{Criticals: odds.CritAutoWound})
	if err != nil {
		t.Fatal(err)
	}
	// docs/RULES.md (rulings) `criticals`: the chosen reading reaches both sides.
	if m.Active.Side.Effect.Crits != odds.CritAutoWound || m.Reactive.Side.Effect.Crits != odds.CritAutoWound {
		t.Errorf("criticals not passed on: %q, %q", m.Active.Side.Effect.Crits, m.Reactive.Side.Effect.Crits)
	}
	// --arm with no reactive side gives the target its ARM: a Normal Roll.
	m, err = build(t, "BS 12 dmg 13", "", BuildOptions{ARM: &Pair{Active: intp(1), Reactive: intp(3)}})
	if err != nil {
		t.Fatal(err)
	}
	if m.FaceToFace || deref(m.Reactive.Spec.ARM) != 3 || damages(m.Active.Side.Effect.Saves)[0] != 10 {
		t.Errorf("--arm 1,3 with no reactive: %+v", m)
	}
	// The same stat in the words and in the shorthand is given twice.
	if _, err := build(t, "BS 12 dmg 13", "arm=2", BuildOptions{ARM: &Pair{Reactive: intp(3)}}); err == nil ||
		!strings.Contains(err.Error(), "reactive side's ARM is given twice") {
		t.Errorf("ARM twice: %v", err)
	}
}

// TestBuildCriticals: Build takes exactly the readings of the `criticals`
// ruling that package odds knows (docs/RULES.md (rulings)), empty meaning n4-extra-save,
// and refuses any other with one message that lists them.
func TestBuildCriticals(t *testing.T) {
	for _, r := range append([]odds.CritRule{""}, odds.CritRules()...) {
		m, err := build(t, "BS 12 dmg 13", "", BuildOptions{Criticals: r})
		if err != nil {
			t.Fatalf("%q: %v", r, err)
		}
		want, _ := r.Resolve()
		if m.Criticals != want || m.Active.Side.Effect.Crits != want {
			t.Errorf("%q: matchup %q, effect %q; want %q", r, m.Criticals, m.Active.Side.Effect.Crits, want)
		}
	}
	_, err := build(t, "BS 12 dmg 13", "", BuildOptions{Criticals: "N3-AUTO-WOUND"})
	if want := `unknown criticals ruling "N3-AUTO-WOUND" (known: n4-extra-save, n3-auto-wound)`; err == nil || err.Error() != want {
		t.Errorf("Build: %v, want %q", err, want)
	}
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name, active, reactive string
		opts                   BuildOptions
		want                   string
	}{
		{"Face to Face Rolls (N4): two templates do not roll Face to Face", "template dmg 13", "template dmg 14", BuildOptions{}, "both sides are Direct Templates"},
		{"the active side must roll", "arm=3", "BS 12", BuildOptions{}, "the active side does not roll"},
		{"PARA needs the target's PH", "BS 12 dmg 13 PARA", "arm=1", BuildOptions{}, "PARA saves against the target's PH"},
		{"PARA needs the target's PH, reactive side", "BS 12", "BS 12 dmg 13 PARA", BuildOptions{}, "PARA saves against the active side's PH"},
		{"PARA needs the reactive's PH in Face to Face", "BS 12 dmg 13 PARA", "BS 12", BuildOptions{}, "PARA saves against the reactive side's PH"},
		{"unknown criticals ruling", "BS 12", "", BuildOptions{Criticals: "n5"}, `unknown criticals ruling "n5"`},
		{"BTS twice for the active side", "BS 12 bts=3", "", BuildOptions{BTS: &Pair{Active: intp(0)}}, "active side's BTS is given twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := build(t, tt.active, tt.reactive, tt.opts)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Build: %v, want an *Error", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Build: %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestParsePair(t *testing.T) {
	tests := []struct {
		in      string
		a, r    *int
		wantErr bool
	}{
		{in: "1,3", a: intp(1), r: intp(3)},
		{in: ",3", r: intp(3)},
		{in: "0,", a: intp(0)},
		{in: "40,40", a: intp(40), r: intp(40)},
		{in: "3", wantErr: true},
		{in: ",", wantErr: true},
		{in: "1,2,3", wantErr: true},
		{in: "-1,3", wantErr: true},
		{in: "1,41", wantErr: true},
		{in: "a,b", wantErr: true},
	}
	for _, tt := range tests {
		p, err := ParsePair("--arm", tt.in)
		if tt.wantErr {
			if err == nil {
				t.Errorf("ParsePair(%q) = %+v, want an error", tt.in, p)
			} else if !strings.Contains(err.Error(), "--arm") {
				t.Errorf("ParsePair(%q) = %q, want it to name the flag", tt.in, err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(p, Pair{Active: tt.a, Reactive: tt.r}) {
			t.Errorf("ParsePair(%q) = %+v, %v", tt.in, p, err)
		}
	}
}
