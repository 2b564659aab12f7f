package terms

import (
	"encoding/json"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/odds"
)

// FuzzParseSide: no description makes the parser, Build, the odds or the
// renderer panic. A description is either refused with a one-line *Error,
// or it is a side that builds (as the active side, against a target, or as
// the reactive side against a shot) or fails with a clean *Error; a side that
// builds gives odds that sum to 1 and render.
func FuzzParseSide(f *testing.F) {
	for _, s := range []string{
		"BS 13 B3 mods=+3 dmg 13 ammo=DA",
		"BS 12 B1 dmg 13",
		"PH 11 arm=2 cover",
		"ph=10 bts=3",
		"template B2 dmg 14 shock",
		"WIP 13 B2 dmg 13 E/M save=BTS",
		"CC 23 B2 dmg 15 continuous plasma nocrit",
		"bs=9 b=4 -6:mimetism +3 mods=-3,+3:range_0-8 dam=0 T2 crit1",
		"BS 12 mods=+3, -3",
		"BS=",
		"+3:",
		"ammo",
	} {
		f.Add(s)
	}
	shot := mustParseF(f, "BS 12 B2 dmg 13 ammo=DA")
	f.Fuzz(func(t *testing.T, spec string) {
		s, err := ParseSide(spec)
		if err != nil {
			checkError(t, spec, err)
			return
		}
		if s.Rolls() && (s.Burst < 1 || s.Burst > odds.MaxBurst) {
			t.Fatalf("ParseSide(%q): Burst %d accepted", spec, s.Burst)
		}
		for _, c := range []struct {
			active   SideSpec
			reactive *SideSpec
		}{
			{s, nil},
			{s, &SideSpec{ARM: intp(3), PH: intp(10), Cover: true}},
			{shot, &s},
		} {
			m, err := Build(c.active, c.reactive, BuildOptions{})
			if err != nil {
				checkError(t, spec, err)
				continue
			}
			if m.Active.Side.Roll.Burst > 8 || m.Reactive.Side.Roll.Burst > 8 {
				continue // keep the fuzzer fast; size is not what it looks for
			}
			r, err := m.Odds(odds.Options{})
			if err != nil {
				t.Fatalf("%q built but its odds fail: %v", spec, err)
			}
			for _, d := range []odds.Dist{r.A.Inflicts, r.B.Inflicts} {
				if len(d.P) > 0 && math.Abs(d.AtLeast(0)-1) > 1e-9 {
					t.Fatalf("%q: a distribution sums to %v", spec, d.AtLeast(0))
				}
			}
			if err := Render(io.Discard, m, r); err != nil {
				t.Fatalf("%q: Render: %v", spec, err)
			}
			if _, err := json.Marshal(NewReport(m, r)); err != nil {
				t.Fatalf("%q: JSON: %v", spec, err)
			}
		}
	})
}

// checkError: every refusal is an *Error of one line.
func checkError(t *testing.T, spec string, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%q: error %T %v, want *Error", spec, err, err)
	}
	if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("%q: error %q is not one line", spec, msg)
	}
}

func mustParseF(f *testing.F, spec string) SideSpec {
	s, err := ParseSide(spec)
	if err != nil {
		f.Fatalf("ParseSide(%q): %v", spec, err)
	}
	return s
}
