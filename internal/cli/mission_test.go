package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayMission: ordo play --mission plays a mission between two army
// lists from the Initiative Roll (docs/MISSIONS.md): the shipped Uplink
// script to its score; red's view never shows blue's hidden Sniper;
// random games; and the refusals.
func TestPlayMission(t *testing.T) {
	m, blue, red := "../../data/missions/uplink.yaml", "../../data/armies/blue-company.yaml", "../../data/armies/red-company.yaml"
	script := "../../data/missions/scripts/uplink.yaml"
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("script:\n  - {seat: green, action: {kind: end-orders}}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		argv    []string
		code    int
		out     string // in stdout
		err     string // in stderr
		without string // not in stdout
	}{
		{[]string{"ordo", "play", "--mission", m, "--blue", blue, "--red", red, script}, 0, "Objective Points: blue 6, red 0. blue wins", "", "setup:"},
		{[]string{"ordo", "play", "--mission", m, "--blue", blue, "--red", red, script, "--viewer", "red"}, 0, "blue picks a Classified Objective\n", "", "sniper"},
		{[]string{"ordo", "play", "--mission", m, "--blue", blue, "--red", red, script, "--viewer", "red"}, 0, "blue reveals its Classified Objective West Link", "", "west-link"},
		{[]string{"ordo", "play", "--mission", "../../data/missions/crossroads.yaml", "--blue", blue, "--red", red, "--random", "1"}, 0, "game over", "", ""},
		{[]string{"ordo", "play", "--mission", m, "--blue", blue}, 2, "", "give --mission, --blue and --red", ""},
		{[]string{"ordo", "play", "--mission", m, "--blue", blue, "--red", red}, 2, "", "one script file (or --random N)", ""},
		{[]string{"ordo", "play", "--mission", m, "--blue", blue, "--red", red, bad}, 2, "", `bad.yaml:2:`, ""},
		{[]string{"ordo", "play", "--mission", blue, "--blue", blue, "--red", red, script}, 2, "", "blue-company.yaml", ""},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		code := run(tt.argv, &out, &errb)
		if code != tt.code || !strings.Contains(out.String(), tt.out) || !strings.Contains(errb.String(), tt.err) ||
			(tt.without != "" && strings.Contains(out.String(), tt.without)) {
			t.Errorf("%v: exit %d\nstdout %q\nstderr %q", tt.argv[2:], code, out.String(), errb.String())
		}
	}
}
