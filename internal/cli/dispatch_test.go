package cli

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

// inf-dice's web front end reads only the backend's standard output. The two
// error cases its form can produce (a combined Burst over 9, an ammunition tag
// it builds wrongly) must reach that page: the C backend prints its ERROR:
// line on stdout, and so does Ordo under both of its inf-dice entry points.
func TestInfdiceErrorsOnStdout(t *testing.T) {
	for _, tc := range []struct {
		args, want string
	}{
		{"13 6 1 10 NONE 12 4 1 10 NONE", "ERROR: Combined B value may not exceed 9\n"},
		{"13 1 1 10 NONE 12 1 1 10 SHOCK+", "ERROR: P2 TAG[0] 'SHOCK+' is unknown.\n"},
	} {
		for _, argv := range [][]string{
			append([]string{"inf-dice-n4"}, strings.Fields(tc.args)...),
			append([]string{"ordo", "odds", "--infdice"}, strings.Fields(tc.args)...),
		} {
			var out, errb bytes.Buffer
			code := run(argv, &out, &errb)
			if code == 0 || out.String() != tc.want || errb.Len() != 0 {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want stdout %q and nothing on stderr",
					argv, code, out.String(), errb.String(), tc.want)
			}
		}
	}
}
