package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain runs main when the test binary is started as inf-dice-n4, so
// that TestBinary runs this package's main as a process without linking a
// second binary (go build would cost a link per run of the tests).
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "inf-dice-n4" {
		main()
	}
	os.Exit(m.Run())
}

// The dedicated binary answers exactly as `ordo odds --infdice`: the report,
// and the front end's error cases on standard output.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the test binary")
	}
	bin := filepath.Join(t.TempDir(), "inf-dice-n4")
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, self, 0o755); err != nil {
		t.Fatal(err)
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
