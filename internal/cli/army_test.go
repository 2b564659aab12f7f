package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixtureCode is a 15-trooper army builder code of the invented units in
// infinity/army/testdata/units.json (its Lieutenant option first).
const fixtureCode = "g4QMb3Jkby1maXh0dXJlD0ZpeHR1cmUgRmlmdGVlboEsAgEBAAoAgfUBAgAAgfUBAQAAgfUBAQAAgfUBAQAAgfUBAwAAgfYBAQAAgfYBAQAAgfcBAQAAgfgBAQAAgfoBAQACAQAFAIH5AQEAAIH5AQEAAIH5AQEAAIH5AQEAAIH5AQEA"

func TestArmyCommand(t *testing.T) {
	dir := t.TempDir()
	twoLts := filepath.Join(dir, "two.yaml")
	if err := os.WriteFile(twoLts, []byte("name: x\npoints: 300\ncombat-groups:\n  - troopers:\n      - {profile: hmg, lieutenant: true}\n      - {profile: zhanshi, lieutenant: true}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	units := "../../infinity/army/testdata/units.json"
	out := filepath.Join(dir, "mine.yaml")
	host, err := os.ReadFile("../../data/armies/fantasy/river-host.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fantasyOver := filepath.Join(dir, "over.yaml")
	if err := os.WriteFile(fantasyOver, []byte(strings.Replace(string(host), "points: 600", "points: 400", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		argv []string
		code int
		out  string // in stdout
		err  string // in stderr
	}{
		{[]string{"ordo", "army", "check", "../../data/armies/blue-company.yaml"}, 0, "Blue company: legal under Army list and Combat Groups (N4): 10 troopers, 184/300 points, SWC 3/6", ""},
		{[]string{"ordo", "army", "check", "../../data/armies/blue-company.yaml"}, 0, "  fusilier-1           Fusilier 1             fusilier (combi-rifle)", ""},
		{[]string{"ordo", "army", "check", twoLts}, 1, "", twoLts + ":6:28: combat-groups[0].troopers[1].lieutenant: Lieutenant (N4): an army list has exactly one Lieutenant"},
		{[]string{"ordo", "army", "check", "../../data/armies/fantasy/river-host.yaml"}, 0, "The river host: legal under Choosing an army (fantasy): 4 units, 470/600 points", ""},
		{[]string{"ordo", "army", "check", "../../data/armies/fantasy/river-host.yaml"}, 0, "spearman          15 models, general (captain) General", ""},
		{[]string{"ordo", "army", "check", fantasyOver}, 1, "", fantasyOver + ":6:1: points: Choosing an army: the units cost 470 points, more than the army's 400"},
		{[]string{"ordo", "army", "check"}, 2, "", "give one list file"},
		{[]string{"ordo", "army", "check", "nosuch.yaml"}, 2, "", "nosuch.yaml"},
		{[]string{"ordo", "army"}, 2, "", "give check or import"},
		{[]string{"ordo", "army", "muster"}, 2, "", `unknown subcommand "muster"`},
		{[]string{"ordo", "army", "--help"}, 0, "usage: ordo army check LIST", ""},
		{[]string{"ordo", "army", "import", fixtureCode}, 2, "", "--units FILE is required"},
		{[]string{"ordo", "army", "import", fixtureCode, "--units", "nosuch.json", "--out", out}, 2, "", "nosuch.json: no such file"},
		{[]string{"ordo", "army", "import", "g4QMb3Jkby1maXh0dXJlB1Vua25vd26BLAEBAQABAIPnAQEA", "--units", units, "--out", out}, 2, "", "combat group 1, trooper 1: unit id 999 is not in " + units},
		{[]string{"ordo", "army", "import", "!!", "--units", units, "--out", out}, 2, "", "army code: not base64"},
		{[]string{"ordo", "army", "import", fixtureCode, "--units", units, "--out", out}, 0, `not played by Ordo, left out: Frost Scout (frost-scouts-1-1): weapon "Plasma Lance"`, ""},
		{[]string{"ordo", "army", "import", fixtureCode, "--units", units, "--out", out}, 2, "", "mine.yaml exists; give --force"},
		{[]string{"ordo", "army", "import", fixtureCode, "--units", units, "--out", out, "--force"}, 0, "Fixture Fifteen: legal under Army list and Combat Groups (N4): 15 troopers, 234/300 points, SWC 4/6", ""},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.argv, &stdout, &stderr)
		if code != tt.code || !strings.Contains(stdout.String(), tt.out) || !strings.Contains(stderr.String(), tt.err) {
			t.Errorf("%v: exit %d\nstdout %q\nstderr %q", tt.argv[1:], code, stdout.String(), stderr.String())
		}
		if tt.code == 2 && strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%v: stderr is not one line: %q", tt.argv[1:], stderr.String())
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "mine.catalog.yaml")); err != nil || !strings.Contains(string(b), "- id: vanguard-riflemen-1-2") {
		t.Errorf("the catalog file: %v\n%s", err, b)
	}
}
