package main

import (
	"bytes"
	"strings"
	"testing"
)

// The issue #2 acceptance example, through every way of reaching the
// inf-dice compatible backend.
func TestInfdiceEntryPoints(t *testing.T) {
	args := strings.Fields("9 3 1 4 NONE 12 1 1 12 NONE")
	for _, argv := range [][]string{
		append([]string{"ordo", "odds", "--infdice"}, args...),
		append([]string{"ordo", "odds", "--no-limit", "--infdice"}, args...),
		append([]string{"/usr/local/bin/inf-dice-n4"}, args...),
	} {
		var out, errb bytes.Buffer
		if code := run(argv, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", argv, code, errb.String())
		}
		for _, line := range []string{
			"P1 Scores  1+ Successes:  17.410%",
			"No Successes: 61.442%",
			"P2 Scores  1+ Successes:  21.148%",
		} {
			if !strings.Contains(out.String(), line+"\n") {
				t.Errorf("%v: no line %q", argv[:2], line)
			}
		}
	}
}

// Words after --infdice are the backend's, verbatim: "-1" is a stat, not a
// flag.
func TestInfdiceArgsVerbatim(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(strings.Fields("ordo odds --infdice -1 1 - 0 NONE 12 1 1 12 NONE"), &out, &errb)
	if code == 0 || strings.Contains(errb.String(), "flag") {
		t.Fatalf("exit %d, stderr %q: want the backend's own stat error", code, errb.String())
	}
}

func TestCommandErrors(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"ordo"}, "usage"},
		{[]string{"ordo", "nosuch"}, `unknown command "nosuch"`},
		{[]string{"ordo", "odds", "--no-limit", "--active", "BS 12"}, "--no-limit only goes with --infdice"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if code := run(tt.argv, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d", tt.argv, code)
		}
		if !strings.Contains(errb.String(), tt.want) {
			t.Errorf("%v: stderr %q, want %q", tt.argv, errb.String(), tt.want)
		}
	}
}
