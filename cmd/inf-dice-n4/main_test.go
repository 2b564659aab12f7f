package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The dedicated binary answers exactly as `ordo odds --infdice`: the report,
// and the front end's error cases on standard output.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "inf-dice-n4")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		args, want string
		code       int
	}{
		{"9 3 1 4 NONE 12 1 1 12 NONE", "P1 Scores  1+ Successes:  17.410%\n", 0},
		{"13 6 1 10 NONE 12 4 1 10 NONE", "ERROR: Combined B value may not exceed 9\n", 1},
	} {
		var out, errb bytes.Buffer
		cmd := exec.Command(bin, strings.Fields(tc.args)...)
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.code || !strings.Contains(out.String(), tc.want) || errb.Len() != 0 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", tc.args, code, out.String(), errb.String())
		}
	}
}
