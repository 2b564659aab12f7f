package cli

import (
	"bytes"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/rules"
)

// run is ordo's main without the process.
func run(argv []string, stdout, stderr io.Writer) int {
	return Main(argv, stdout, stderr)
}

// `ordo verify --server URL MATCH` puts the match id in one path segment of
// the export URL: everything but the unreserved bytes is percent-encoded,
// so an id cannot add a segment or a query, and the server decodes it back.
func TestVerifyEscapesMatchSegment(t *testing.T) {
	for _, tc := range []struct{ id, want string }{
		{"m-01_a.b~c", "m-01_a.b~c"},
		{"a/b", "a%2Fb"},
		{"../x?y#z", "..%2Fx%3Fy%23z"},
		{"two words", "two%20words"},
		{"é%", "%C3%A9%25"},
	} {
		got := escapeSegment(tc.id)
		if got != tc.want {
			t.Errorf("escapeSegment(%q) = %q, want %q", tc.id, got, tc.want)
		}
		if back, err := url.PathUnescape(got); err != nil || back != tc.id {
			t.Errorf("url.PathUnescape(%q) = %q, %v; want %q", got, back, err, tc.id)
		}
	}
}

// Flags and arguments come in any order.
func TestFlagsAnyOrder(t *testing.T) {
	file := "../../data/scenarios/duel.yaml"
	var want string
	for i, argv := range [][]string{
		{"ordo", "play", file, "--viewer", "red", "--json"},
		{"ordo", "play", "--viewer", "red", file, "--json"},
		{"ordo", "play", "--json", "--viewer", "red", file},
		{"ordo", "play", "--json", "--viewer=red", "--", file},
	} {
		var out, errb bytes.Buffer
		if code := run(argv, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", argv[1:], code, errb.String())
		}
		if i == 0 {
			want = out.String()
		} else if out.String() != want {
			t.Errorf("%v: a different log from %v", argv[1:], []string{file, "--viewer", "red", "--json"})
		}
	}
	a, b := []string{"ordo", "odds", "--active", "BS 13 dmg 13", "--json", "--reactive", "arm=3"},
		[]string{"ordo", "odds", "--json", "--reactive", "arm=3", "--active", "BS 13 dmg 13"}
	var outA, outB, errb bytes.Buffer
	if run(a, &outA, &errb) != 0 || run(b, &outB, &errb) != 0 || outA.String() != outB.String() {
		t.Errorf("odds flags in another order: stderr %q", errb.String())
	}
	// --infdice takes the backend's words: mixed with the game-term flags
	// it is a clear error, not an unknown flag.
	errb.Reset()
	if code := run([]string{"ordo", "odds", "--active", "BS 13", "--infdice", "13", "1", "1", "10", "NONE"}, &outA, &errb); code != 2 || !strings.Contains(errb.String(), "--infdice goes first") {
		t.Errorf("--active then --infdice: exit %d, stderr %q", code, errb.String())
	}
}

// `ordo odds` (either form) and `ordo help` never build a ruleset: loading
// the unit catalog is for the commands that use it.
func TestOddsLoadsNoRuleset(t *testing.T) {
	saved := rulesets[infinity.Name]
	built := 0
	rulesets[infinity.Name] = func() (rules.Ruleset, error) { built++; return saved() }
	defer func() { rulesets[infinity.Name] = saved }()
	for _, argv := range [][]string{
		{"ordo", "odds", "--active", "BS 13 B3 dmg 13"},
		{"ordo", "odds", "--infdice", "13", "1", "1", "10", "NONE", "12", "1", "1", "10", "NONE"},
		{"inf-dice-n4", "13", "1", "1", "10", "NONE", "12", "1", "1", "10", "NONE"},
		{"ordo", "help"},
	} {
		var out, errb bytes.Buffer
		if code := run(argv, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", argv, code, errb.String())
		}
	}
	if built != 0 {
		t.Errorf("the Infinity ruleset was built %d times", built)
	}
	var out, errb bytes.Buffer
	if run([]string{"ordo", "rules"}, &out, &errb); built != 1 {
		t.Errorf("ordo rules built the ruleset %d times, want 1", built)
	}
}

// `ordo play FILE --menu` prints, after the script, the prompted seat's
// actions as steps to paste, and the greyed ones with their reasons; only
// to a viewer who may see that seat's menu.
func TestPlayMenu(t *testing.T) {
	file := "../../data/scenarios/duel.yaml"
	var out, errb bytes.Buffer
	if code := run([]string{"ordo", "play", file, "--menu"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	for _, want := range []string{"waiting for blue (orders)\n# blue may act now (orders); paste a step into the script:\n  - seat: blue\n    action: {kind: end-orders}\n    # end the Orders Phase\n  - seat: blue\n    action: {kind: activate, ", "#     not allowed: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run([]string{"ordo", "play", file, "--menu", "--viewer", "red"}, &out, &errb); code != 0 || strings.Contains(out.String(), "seat: blue") {
		t.Errorf("red sees blue's menu: exit %d\n%s", code, out.String())
	}
	for _, bad := range [][]string{{"--menu", "--random", "2"}, {"--menu", "--json"}} {
		errb.Reset()
		if code := run(append([]string{"ordo", "play", file}, bad...), &out, &errb); code != 2 || !strings.Contains(errb.String(), "--menu") {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errb.String())
		}
	}
}

// An export over the bound is refused as too large, from a file (by its
// size, before reading it) and from a server (read one byte past the
// bound), not cut at the bound and reported as broken JSON.
func TestVerifyRefusesAnOversizedExport(t *testing.T) {
	file := filepath.Join(t.TempDir(), "big.json")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(maxExport + 1); err != nil { // sparse: nothing is written
		t.Fatal(err)
	}
	f.Close()
	var asked int64
	get := func(url string, limit int64) ([]byte, error) {
		asked = limit
		return make([]byte, limit), nil // untouched pages: cheap
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"file", []string{file}},
		{"server", []string{"--server", "http://localhost:1", "m1"}},
	} {
		var out, errb bytes.Buffer
		code := runVerify(get, tc.args, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), "larger than the 64 MB an export may be") {
			t.Errorf("%s: exit %d, stderr %q; want 2 and the export refused as too large", tc.name, code, errb.String())
		}
	}
	if asked != maxExport+1 {
		t.Errorf("the server's answer was read up to %d bytes, want one past the bound (%d)", asked, maxExport+1)
	}
}
