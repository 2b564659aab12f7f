package oddsterms

import (
	"encoding/json"
	"errors"
	"io"
	"math"
	"slices"
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
	for _, s := range slices.Concat(fuzzSeeds, fuzzRefusals) {
		f.Add(s)
	}
	shot := mustParse(f, fuzzShot)
	f.Fuzz(func(t *testing.T, spec string) {
		fuzzParseSide(t, shot, spec)
	})
}

// fuzzShot is the attack a fuzzed side faces as the reactive side.
const fuzzShot = "BS 12 B2 dmg 13 ammo=DA"

// fuzzSeeds and fuzzRefusals are FuzzParseSide's seed corpus. fuzzSeeds
// are sides that parse and build, so that the checks on the odds, the table
// and the JSON run from the first iteration and mutations start from sides
// that reach them; fuzzRefusals are descriptions ParseSide refuses, for the
// error checks. TestFuzzSeedsReachChecks keeps them that way.
var fuzzSeeds = []string{
	"BS 13 B3 mods=+3 dmg 13 ammo=DA",
	"BS 12 B1 dmg 13",
	"PH 11 arm=2 cover",
	"ph=10 bts=3",
	"template B2 dmg 14 shock",
	"CC 23 B2 dmg 15 continuous plasma nocrit",
	"bs=9 b=4 -6:mimetism +3 mods=-3,+3:range_0-8 dam=0 T2 crit1",
	"BS 12 mods=+3, -3",
	"WIP 13 B2 dmg 13 E/M",
	"WIP 14 dmg 13 save=BTS bts=3",
	"BS 11 B3 dmg 14 EXP cover arm=2",
	"BS 12 B2 dmg 14 PARA ph=11",
	"PH 12 B2 dmg 14 DA continuous crit1 arm=2",
	"WIP 14 program carbonite",
	"hacker-plus program sucker-punch +2 targeted",
	"WIP 15 program stop B1 firewall bts 3",
}

// fuzzRefusals are the seeds ParseSide refuses.
var fuzzRefusals = []string{
	"WIP 13 B2 dmg 13 E/M save=BTS",
	"BS=",
	"+3:",
	"ammo",
	"WIP 13 program fairy-dust",
}

// fuzzParseSide is FuzzParseSide's body. It returns how many of the four
// pairings of spec reached the checks on the odds; 0 means spec was refused
// or every pairing was skipped (refused by Build, or too large to compute
// quickly). Fuzzing ignores the count; TestFuzzSeedsReachChecks reads it.
func fuzzParseSide(t *testing.T, shot SideSpec, spec string) (checked int) {
	t.Helper()
	s, err := ParseSide(spec)
	if err != nil {
		checkError(t, spec, err)
		return 0
	}
	// A program's Burst is its own unless the words take part of it (0).
	if s.Rolls() && (s.Burst < 1 && !s.hacking() || s.Burst < 0 || s.Burst > odds.MaxBurst) {
		t.Fatalf("ParseSide(%q): Burst %d accepted", spec, s.Burst)
	}
	for _, c := range []struct {
		active   SideSpec
		reactive *SideSpec
	}{
		{s, nil},
		{s, &SideSpec{ARM: intp(3), PH: intp(10), Cover: true}},
		{shot, &s},
		{s, &SideSpec{Attribute: AttrWIP, Base: 13, Reset: true, BTS: intp(6), Firewall: true}},
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
		checked++
	}
	return checked
}

// TestFuzzSeedsReachChecks runs FuzzParseSide's seed corpus through its body
// and requires every seed of fuzzSeeds to reach the checks on the odds, the
// table and the JSON in at least one pairing, and every seed of fuzzRefusals
// to be refused by ParseSide with a clean *Error. Fuzzing skips many inputs,
// and should, but a corpus whose seeds are all refused or skipped would let
// the fuzz target (and the plain test run of its seeds) pass while checking
// nothing. Measured: all 16 of fuzzSeeds reach the checks, in 44 pairings
// (the hacking seeds against a target and a Reset, the others against a
// target and a shot).
func TestFuzzSeedsReachChecks(t *testing.T) {
	shot := mustParse(t, fuzzShot)
	pairings := 0
	for _, spec := range fuzzSeeds {
		n := fuzzParseSide(t, shot, spec)
		if n == 0 {
			t.Errorf("seed %q does not reach the checks on the odds: it is refused or skipped in every pairing", spec)
		}
		pairings += n
	}
	t.Logf("%d seeds reached the checks, in %d pairings", len(fuzzSeeds), pairings)
	for _, spec := range fuzzRefusals {
		_, err := ParseSide(spec)
		if err == nil {
			t.Errorf("refusal seed %q parses", spec)
			continue
		}
		checkError(t, spec, err)
		if n := fuzzParseSide(t, shot, spec); n != 0 {
			t.Errorf("refusal seed %q reached the checks in %d pairings", spec, n)
		}
	}
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
