package infinity

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// A scenario's catalogs field (issue #9 item 10): the user's own catalog
// file next to the scenario is loaded and merged over the shipped catalog,
// so its Snare Specialist is a known profile, and in play its shipped
// Pulse Carbine and Snare Rifle do what the ammunition says: a failed E/M
// Saving Roll leaves the Fusilier Isolated, a failed PARA one leaves the
// Zhanshi IMM-A, and neither loses a Wound (Ammunition (N4), Isolated
// (N4), Immobilized-A (N4)). The script's forced dice and expectations
// check each step.
func TestUserCatalogScenario(t *testing.T) {
	sc := load(t, "../data/scenarios/user-catalog/em-and-para.yaml")
	if !sc.Catalog.HasProfile("snare-specialist") {
		t.Fatal("the user's profile is not in the scenario's catalog")
	}
	var out bytes.Buffer
	if err := play.Run(ruleset(t), sc, &out, play.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{"fusilier enters Isolated (E/M)", "zhanshi enters IMM-A (PARA)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, out.String())
		}
	}
}

// The catalogs field: an error inside a user's catalog file is reported at
// that file's line and column; a file that does not exist is an error at
// its entry in the scenario; and a scenario whose catalogs were not loaded
// with it (parsed without reading files) is refused at Setup rather than
// played without them.
func TestUserCatalogErrors(t *testing.T) {
	rs := ruleset(t)
	dir := t.TempDir()
	src, err := os.ReadFile("../data/scenarios/user-catalog/em-and-para.yaml")
	if err != nil {
		t.Fatal(err)
	}
	scenarioPath := filepath.Join(dir, "s.yaml")
	os.WriteFile(scenarioPath, src, 0o644)

	// A bad value in the user's file: at the file's own line and column.
	os.WriteFile(filepath.Join(dir, "profiles.yml"), []byte(strings.Replace(userProfile, "type: MI", "type: QQ", 1)), 0o644)
	_, err = scenario.Load(scenarioPath, scenario.Options{Catalog: rs.Catalog})
	if want := filepath.Join(dir, "profiles.yml") + `:4:11: profiles[0].type: unknown troop type "QQ" (known: LI, MI, HI, TAG, REM, SK, WB, VH)`; err == nil || err.Error() != want {
		t.Errorf("a bad user file: %v", err)
	}

	// A profile the shipped catalog has already: both places named.
	os.WriteFile(filepath.Join(dir, "profiles.yml"), []byte(strings.Replace(userProfile, "snare-specialist", "fusilier", 1)), 0o644)
	_, err = scenario.Load(scenarioPath, scenario.Options{Catalog: rs.Catalog})
	if err == nil || !strings.Contains(err.Error(), `profile "fusilier" is defined twice: first at data/catalog/profiles.yaml:`) {
		t.Errorf("a user profile named like a shipped one: %v", err)
	}

	// A missing file: at the catalogs entry, with or without a catalog to
	// merge into.
	os.Remove(filepath.Join(dir, "profiles.yml"))
	for _, opts := range []scenario.Options{{}, {Catalog: rs.Catalog}} {
		_, err = scenario.Load(scenarioPath, opts)
		if want := scenarioPath + ":9:12: catalogs[0]: cannot read the catalog file " + filepath.Join(dir, "profiles.yml") + ": no such file"; err == nil || err.Error() != want {
			t.Errorf("a missing file:\n got %v\nwant %s", err, want)
		}
	}

	// Parsed without reading files (as a server parses an upload): the
	// user's profile is unknown, and a scenario naming only shipped
	// profiles is refused at Setup.
	_, err = scenario.Parse("s.yaml", src, scenario.Options{Catalog: rs.Catalog})
	if err == nil || !strings.Contains(err.Error(), `unknown profile "snare-specialist"`) {
		t.Errorf("parsed without files: %v", err)
	}
	shipped := strings.Replace(string(src), "profile: snare-specialist", "profile: fusilier", 1)
	sc, err := scenario.Parse("s.yaml", []byte(shipped), scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
	if _, err := rs.Setup(sc, r); err == nil || !strings.Contains(err.Error(), "the scenario lists catalog files (profiles.yml) that were not loaded with it") {
		t.Errorf("Setup without the catalogs: %v", err)
	}
}

const userProfile = `profiles:
  - id: snare-specialist
    name: Snare Specialist
    type: MI
    mov: 4-4
    cc: 14
    bs: 12
    ph: 12
    wip: 13
    arm: 2
    bts: 3
    w: 1
    s: 2
    cost: 22
    weapons: [pulse-carbine, snare-rifle, pistol]
`
