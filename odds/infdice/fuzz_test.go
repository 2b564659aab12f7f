package infdice

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// FuzzParse feeds arbitrary argument lists (a string split on spaces) to
// Parse and Main, with and without noLimit, and checks: no panic; Parse
// fails exactly when Main exits non-zero; a failure is a *ParseError whose
// line Main prints on stdout; a success writes a report without error.
// Under noLimit, inputs with a large combined burst are only parsed, so
// that each iteration stays fast.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"9 3 1 4 NONE 12 1 1 12 NONE",
		"12 1 2 2 NONE 2 NONE 12 1 3 10 NONE 10 NONE 10 NONE",
		"T 1 1C 12 NONE 0 1 - 0 NONE",
		"10 2 2C 12 NONE 12 NONE 0 1 - 0 NONE",
		"12 6 3C 13 NONE 14 SHOCK 9 EM 11 3 1 13 NONE",
		"25*! 2 3 20 SHOCK 20 EM 0 C 0! 2 - 5 D",
		"T 1 3C 0 NONE 0 NONE 20 NONE 0 1 - 0 NONE",
		"12 10 3C 13 NONE 14 SHOCK 9 EM 11 10 1 13 NONE",
		"",
		"12",
		"12x 1 1 12 NONE 12 1 1 12 NONE",
		"12 1 3 12 NONE 12 NONE 12 NONE",
		"12 1 1 12 NONE 12 1 1 12 NONE extra",
		"T 5 1 12 NONE T 5 1 12 NONE",
		"99999999999999999999 -1 1C -5 none 12 1 - 0 NONE",
		"\x00 1 1 0 NONE\x00x  1 - 0 NONE",
	} {
		f.Add(seed, false)
		f.Add(seed, true)
	}
	f.Fuzz(func(t *testing.T, line string, noLimit bool) {
		args := strings.Split(line, " ")
		cfg, err := Parse(args, noLimit)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: error %v is not a *ParseError", line, err)
			}
		}
		if err == nil && cfg.P1.Burst+cfg.P2.Burst > 16 {
			return // valid, but too slow to report in every iteration
		}
		var out, errOut bytes.Buffer
		code := Main(args, noLimit, &out, &errOut)
		if (err != nil) != (code != 0) {
			t.Fatalf("%q: Parse error %v but Main exit %d", line, err, code)
		}
		if err != nil {
			if errOut.Len() != 0 || !strings.HasPrefix(out.String(), err.Error()+"\n") {
				t.Fatalf("%q: stdout %q, stderr %q for %v", line, out.String(), errOut.String(), err)
			}
			return
		}
		if errOut.Len() != 0 || !strings.HasPrefix(out.String(), "P1 STAT ") {
			t.Fatalf("%q: stdout %q, stderr %q", line, out.String(), errOut.String())
		}
		if err := Report(&bytes.Buffer{}, cfg); err != nil {
			t.Fatalf("%q: Report: %v", line, err)
		}
	})
}
