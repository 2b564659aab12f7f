package army

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// base is a legal 300-point list of the shipped profiles: 117 points, 1.5
// SWC, one Lieutenant, every deployment choice its profile allows.
const base = `name: Blue company
points: 300
combat-groups:
  - troopers:
      - {profile: fusilier, option: combi-rifle, lieutenant: true}
      - {profile: hmg}
      - {profile: sniper, deployment: hidden}
      - {profile: scout, deployment: [camouflage, infiltration]}
      - {profile: hellcat, deployment: airborne}
`

// edit replaces old in base with repl, failing if old is not there once.
func edit(t *testing.T, old, repl string) string {
	t.Helper()
	if strings.Count(base, old) != 1 {
		t.Fatalf("%q is not in the base list exactly once", old)
	}
	return strings.Replace(base, old, repl, 1)
}

// group is a combat group of n troopers of profile p, as the base list
// writes one.
func group(n int, p string) string {
	return "  - troopers:\n" + strings.Repeat("      - {profile: "+p+"}\n", n)
}

// want is one expected error: its place and a part of its message.
type want struct{ at, msg string }

func checkErrors(t *testing.T, err error, wants ...want) {
	t.Helper()
	var errs yamlfile.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("got %v (%T), want yamlfile.Errors", err, err)
	}
	if len(errs) != len(wants) {
		t.Errorf("got %d errors, want %d:\n%v", len(errs), len(wants), errs)
	}
	for i := range min(len(errs), len(wants)) {
		got, w := errs[i].Error(), wants[i]
		if !strings.HasPrefix(got, w.at+": ") || !strings.Contains(got[len(w.at):], w.msg) {
			t.Errorf("error %d:\n got %s\nwant %s: …%s…", i, got, w.at, w.msg)
		}
		if strings.Contains(got, "\n") {
			t.Errorf("error %d spans lines: %q", i, got)
		}
	}
}

func TestBaseListIsLegal(t *testing.T) {
	l, cat, err := Parse("t.yaml", []byte(base), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != "Blue company" || l.Points != 300 || l.SWC != 6 || len(l.Groups) != 1 || len(l.Groups[0].Troopers) != 5 {
		t.Fatalf("read %+v", l)
	}
	if !cat.HasProfile("hellcat") {
		t.Fatal("the catalog lacks the shipped profiles")
	}
}

// TestRules has one list per refusal of the Army List rules, each naming
// the rule and the file:line:col of what breaks it.
func TestRules(t *testing.T) {
	const lt = "      - {profile: fusilier, option: combi-rifle, lieutenant: true}\n"
	for _, tc := range []struct {
		name, old, repl string
		want            []want
	}{
		// Army list and Combat Groups (N4): points and SWC limits.
		{"points limit", "points: 300", "points: 100", []want{{"t.yaml:2:1: points", "Army list and Combat Groups (N4): the troopers cost 117 points, more than the list's limit of 100"}}},
		{"points exactly at the limit", "points: 300", "points: 117", nil},
		{"SWC limit given", "points: 300", "points: 300\nswc: 1", []want{{"t.yaml:3:1: swc", "Army list and Combat Groups (N4): the troopers' SWC is 1.5, more than the list's limit of 1"}}},
		{"SWC limit from the points", "points: 300", "points: 150", nil}, // 3 SWC at 150 points
		{"SWC limit from the points, passed", "points: 300", "points: 50", []want{
			{"t.yaml:2:1: points", "the troopers cost 117 points, more than the list's limit of 50"},
			{"t.yaml:2:1: swc", "Army list and Combat Groups (N4): the troopers' SWC is 1.5, more than the list's limit of 1"}}},
		{"an option's SWC counts", "option: combi-rifle", "option: missile-launcher", nil}, // 3 SWC

		// Army list and Combat Groups (N4): at most 10 troopers a group, 15 a list.
		{"11 in a group", "      - {profile: hellcat, deployment: airborne}\n", "      - {profile: hellcat, deployment: airborne}\n" + strings.Repeat("      - {profile: line-trooper}\n", 6),
			[]want{{"t.yaml:15:9: combat-groups[0].troopers[10]", "Army list and Combat Groups (N4): a combat group holds at most 10 troopers; this is its 11th"}}},
		{"10 in a group", "      - {profile: hellcat, deployment: airborne}\n", "      - {profile: hellcat, deployment: airborne}\n" + strings.Repeat("      - {profile: line-trooper}\n", 5), nil},
		{"16 in the list", "      - {profile: hellcat, deployment: airborne}\n", "      - {profile: hellcat, deployment: airborne}\n" + group(10, "militia") + group(1, "militia"),
			[]want{{"t.yaml:22:9: combat-groups[2].troopers[0]", "Army list and Combat Groups (N4): an army list includes at most 15 troopers; this is the 16th"}}},
		{"15 in the list", "      - {profile: hellcat, deployment: airborne}\n", "      - {profile: hellcat, deployment: airborne}\n" + group(10, "militia"), nil},
		{"an empty group", "      - {profile: hellcat, deployment: airborne}\n", "      - {profile: hellcat, deployment: airborne}\n  - troopers: []\n",
			[]want{{"t.yaml:10:5: combat-groups[1]", "Army list and Combat Groups (N4): a combat group holds at least one trooper"}}},

		// Lieutenant (N4): exactly one, neither Irregular nor a REM.
		{"no Lieutenant", ", lieutenant: true}", "}", []want{{"t.yaml:3:1: combat-groups", "Lieutenant (N4): an army list has exactly one Lieutenant, and none is marked"}}},
		{"two Lieutenants", "{profile: hmg}", "{profile: hmg, lieutenant: true}", []want{{"t.yaml:6:24: combat-groups[0].troopers[1].lieutenant", "Lieutenant (N4): an army list has exactly one Lieutenant; combat-groups[0].troopers[0] is already"}}},
		{"an Irregular Lieutenant", lt, "      - {profile: militia, lieutenant: true}\n      - {profile: fusilier, option: combi-rifle}\n", []want{{"t.yaml:5:28: combat-groups[0].troopers[0].lieutenant", "Lieutenant (N4): an Irregular trooper cannot be the Lieutenant, and Militia is Irregular"}}},
		{"a REM Lieutenant", lt, "      - {profile: remote, lieutenant: true}\n      - {profile: fusilier, option: combi-rifle}\n", []want{{"t.yaml:5:27: combat-groups[0].troopers[0].lieutenant", "Lieutenant (N4): a REM cannot be the Lieutenant, and Support Remote is a REM"}}},

		// Unit Profile (N4): AVA, options.
		{"AVA passed", "{profile: sniper, deployment: hidden}", "{profile: sniper, deployment: hidden}\n      - {profile: sniper}", []want{{"t.yaml:8:10: combat-groups[0].troopers[3].profile", "Unit Profile (N4): Sniper has AVA 1, and this is the 2nd in the list"}}},
		{"AVA reached", "{profile: hmg}", "{profile: hmg}\n      - {profile: hmg}", nil},
		{"AVA passed, options together", "{profile: hmg}", "{profile: hmg}\n      - {profile: hmg}\n      - {profile: hmg}", []want{{"t.yaml:8:10: combat-groups[0].troopers[3].profile", "Heavy Gunner has AVA 2, and this is the 3rd"}}},
		{"an option left out", "fusilier, option: combi-rifle,", "fusilier,", []want{{"t.yaml:5:9: combat-groups[0].troopers[0]", "Unit Profile (N4): Fusilier comes in options; choose one with option: (combi-rifle, missile-launcher)"}}},
		{"an unknown option", "option: combi-rifle", "option: rifle", []want{{"t.yaml:5:29: combat-groups[0].troopers[0].option", `Unit Profile (N4): Fusilier has no option "rifle" (its options: combi-rifle, missile-launcher)`}}},
		{"an option of a profile without", "{profile: hmg}", "{profile: hmg, option: x}", []want{{"t.yaml:6:24: combat-groups[0].troopers[1].option", "Unit Profile (N4): Heavy Gunner has no options; leave option out"}}},
		{"an unknown profile", "{profile: hmg}", "{profile: heavy-trooper}", []want{{"t.yaml:6:10: combat-groups[0].troopers[1].profile", `unknown profile "heavy-trooper": no loaded catalog has it`}}},
		{"a profile misspelt", "{profile: hmg}", "{profile: HMG}", []want{{"t.yaml:6:10: combat-groups[0].troopers[1].profile", `unknown profile "HMG": did you mean "hmg"?`}}},

		// Deployment choices need the skill.
		{"hidden without the skill", "{profile: hmg}", "{profile: hmg, deployment: hidden}", []want{{"t.yaml:6:24: combat-groups[0].troopers[1].deployment", "Hidden Deployment (N4): hidden needs Hidden Deployment, which Heavy Gunner does not have"}}},
		{"airborne without the skill", "{profile: hmg}", "{profile: hmg, deployment: [airborne]}", []want{{"t.yaml:6:37: combat-groups[0].troopers[1].deployment[0]", "Airborne Deployment (N4): airborne needs Airborne Deployment or Combat Jump or Parachutist, which Heavy Gunner does not have"}}},
		{"impersonation without the skill", "deployment: [camouflage, infiltration]", "deployment: [impersonation]", []want{{"t.yaml:8:39: combat-groups[0].troopers[3].deployment[0]", "Impersonation (N4): impersonation needs Impersonation, which Scout does not have"}}},
		{"two concealments", "deployment: [camouflage, infiltration]", "deployment: [camouflage, hidden]", []want{
			{"t.yaml:8:26: combat-groups[0].troopers[3].deployment", "Hidden Deployment (N4): a trooper deploys in one concealed way, not hidden and camouflage"},
			{"t.yaml:8:51: combat-groups[0].troopers[3].deployment[1]", "Hidden Deployment (N4): hidden needs Hidden Deployment, which Scout does not have"}}},
		{"an unknown deployment", "deployment: hidden}", "deployment: ninja}", []want{{"t.yaml:7:27: combat-groups[0].troopers[2].deployment", `unknown deployment "ninja" (known: hidden, camouflage, impersonation, airborne, infiltration)`}}},
		{"a deployment twice", "deployment: [camouflage, infiltration]", "deployment: [camouflage, camouflage]", []want{{"t.yaml:8:51: combat-groups[0].troopers[3].deployment[1]", "deployment camouflage is listed twice"}}},

		// The format.
		{"unknown key", "points: 300", "points: 300\nsize: 3", []want{{"t.yaml:3:1: size", `unknown field "size" (this mapping takes name, faction, points, swc, catalogs, fireteams, combat-groups)`}}},
		{"misplaced id", "{profile: hmg}", "{profile: hmg, id: b-lt}", []want{{"t.yaml:6:24: combat-groups[0].troopers[1].id", `unknown field "id"`}}},
		{"points as text", "points: 300", `points: "300"`, []want{{"t.yaml:2:9: points", "want a number, got a string (300)"}}},
		{"points a fraction", "points: 300", "points: 300.5", []want{{"t.yaml:2:9: points", "want a whole number"}}},
		{"points too many", "points: 300", "points: 5000", []want{{"t.yaml:2:9: points", "want a number from 0 to 1000"}}},
		{"missing fields", "name: Blue company\npoints: 300\n", "", []want{{"t.yaml:1:1", "missing required fields name, points"}}},
		{"an anchor", "{profile: hmg}", "&x {profile: hmg}", []want{{"t.yaml:6:9: combat-groups[0].troopers[1]", "anchors, aliases and merge keys are not supported"}}},
		{"too many groups", "      - {profile: hellcat, deployment: airborne}\n", "      - {profile: hellcat, deployment: airborne}\n" + strings.Repeat(group(1, "militia"), 15),
			[]want{{"t.yaml:4:3: combat-groups", "16 entries, more than the 15 a list may have here; none was read"}}},
		{"a group too long to read", "      - {profile: hellcat, deployment: airborne}\n", "      - {profile: hellcat, deployment: airborne}\n" + strings.Repeat("      - {profile: militia}\n", 26),
			[]want{{"t.yaml:5:7: combat-groups[0].troopers", "31 entries, more than the 30 a list may have here; none was read"}}},
		{"syntax", "{profile: hmg}", "{profile: hmg", []want{{"t.yaml:7:7", "invalid YAML"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Parse("t.yaml", []byte(edit(t, tc.old, tc.repl)), Options{})
			if tc.want == nil {
				if err != nil {
					t.Fatalf("want a legal list, got\n%v", err)
				}
				return
			}
			checkErrors(t, err, tc.want...)
		})
	}
}

// An option's SWC replaces its profile's (Unit Profile (N4)) and counts
// toward the list's limit (Army list and Combat Groups (N4)).
func TestOptionSWC(t *testing.T) {
	src := strings.Replace(edit(t, "option: combi-rifle", "option: missile-launcher"), "points: 300\n", "points: 300\nswc: 2\n", 1)
	_, _, err := Parse("t.yaml", []byte(src), Options{})
	checkErrors(t, err, want{"t.yaml:3:1: swc", "Army list and Combat Groups (N4): the troopers' SWC is 3, more than the list's limit of 2"})
}

// A list names the player's own profiles through catalogs, as a scenario
// does: a file next to the list, read over the shipped catalog; problems
// in it are reported at its own file:line:col.
func TestCatalogs(t *testing.T) {
	dir := t.TempDir()
	mine := `profiles:
  - {id: warden, name: Warden, type: MI, mov: 4-4, cc: 15, bs: 12, ph: 11, wip: 13, arm: 2, bts: 3, w: 1, s: 2, cost: 20, ava: 1, weapons: [combi-rifle, pistol]}
`
	if err := os.WriteFile(filepath.Join(dir, "mine.yaml"), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	list := "catalogs: [mine.yaml]\n" + edit(t, "{profile: hmg}", "{profile: warden}")
	path := filepath.Join(dir, "list.yaml")
	if err := os.WriteFile(path, []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	l, cat, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !cat.HasProfile("warden") || l.Groups[0].Troopers[1].Profile != "warden" {
		t.Fatal("the list's own profile is not there")
	}

	// Read without a disk (an upload), a list may not name catalogs.
	_, _, err = Parse(path, []byte(list), Options{})
	checkErrors(t, err, want{path + ":1:1: catalogs", "may not name catalog files"})

	// A missing file, at its entry.
	missing := strings.Replace(list, "mine.yaml", "gone.yaml", 1)
	if err := os.WriteFile(path, []byte(missing), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = Load(path, Options{})
	checkErrors(t, err, want{path + ":1:12: catalogs[0]", "cannot read the catalog file " + filepath.Join(dir, "gone.yaml") + ": no such file"})

	// A problem inside the file, at its own place.
	if err := os.WriteFile(filepath.Join(dir, "mine.yaml"), []byte(strings.Replace(mine, "ava: 1", "ava: 99", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = Load(path, Options{})
	checkErrors(t, err, want{filepath.Join(dir, "mine.yaml") + ":2:128: profiles[0].ava", "ava must be 0 to 15"})
}

// The example lists in data/armies are legal, read from disk (`ordo army
// check`) and as a server reads an upload (Bundled): the catalog files they
// name are bundled.
func TestShippedLists(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "data", "armies", "*.yaml"))
	if err != nil || len(files) < 2 {
		t.Fatalf("the shipped lists: %v %v", files, err)
	}
	for _, f := range files {
		if _, _, err := Load(f, Options{}); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := Parse("red.yaml", text, Options{ReadFile: Bundled}); err != nil {
			t.Errorf("%s uploaded: %v", f, err)
		}
	}
}

// A list sent to a server names catalog files by their paths from
// data/armies, and only the bundled files are read (Bundled): none of the
// server's disk, nothing outside the bundled data.
func TestBundledCatalogs(t *testing.T) {
	for _, c := range []struct {
		entry string
		ok    bool
	}{
		{"../scenarios/user-catalog/profiles.yml", true},
		{"../scenarios/./user-catalog/../user-catalog/profiles.yml", true},
		{"profiles.yml", false},
		{"../scenarios/user-catalog/nothing.yml", false},
		{"../../go.mod", false},
		{"../../../../../../etc/passwd", false},
		{"/etc/passwd", false},
		{"../scenarios/user-catalog/", false},
	} {
		list := "catalogs: [" + c.entry + "]\n" + edit(t, "{profile: hmg}", "{profile: snare-specialist}")
		_, cat, err := Parse("red.yaml", []byte(list), Options{ReadFile: Bundled})
		switch {
		case c.ok && (err != nil || !cat.HasProfile("snare-specialist")):
			t.Errorf("%s: %v", c.entry, err)
		case !c.ok:
			checkErrors(t, err, want{"red.yaml:1:12: catalogs[0]", "not a bundled catalog file"})
		}
	}
}
