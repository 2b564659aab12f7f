package cli

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/internal/duel"
	"github.com/ordo-rules/ordo/rules"
)

func TestPlayCommand(t *testing.T) {
	rulesets["duel"] = func() (rules.Ruleset, error) { return duel.Ruleset{}, nil }
	defer delete(rulesets, "duel")
	file := "../../play/testdata/duel.yaml"
	tests := []struct {
		argv []string
		code int
		out  string // in stdout
		err  string // in stderr
	}{
		{[]string{"ordo", "play", file}, 0, "waiting for red (move)", ""},
		{[]string{"ordo", "play", file, "--viewer", "red"}, 0, `"N":-1`, ""},
		{[]string{"ordo", "play", "--json", file}, 0, `{"seq":0,"seat":"blue"`, ""},
		{[]string{"ordo", "play", file, "--random", "2", "--seed", "4"}, 0, "== game 2 (seed 5)", ""},
		{[]string{"ordo", "play"}, 2, "", "no scenario file"},
		{[]string{"ordo", "play", file, "--viewer", "green"}, 2, "", `--viewer "green": no such seat`},
		{[]string{"ordo", "play", "nosuch.yaml"}, 2, "", "nosuch.yaml"},
		{[]string{"ordo", "play", file, "--bogus"}, 2, "", "flag provided but not defined"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		code := run(tt.argv, &out, &errb)
		if code != tt.code || !strings.Contains(out.String(), tt.out) || !strings.Contains(errb.String(), tt.err) {
			t.Errorf("%v: exit %d\nstdout %q\nstderr %q", tt.argv[1:], code, out.String(), errb.String())
		}
		if tt.code != 0 && strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%v: stderr is not one line: %q", tt.argv[1:], errb.String())
		}
	}
}

func TestPlayUnknownRuleset(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"ordo", "play", "../../play/testdata/duel.yaml"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `unknown ruleset "duel"`) {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}

func TestRulesRulings(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"ordo", "rules", "--rulings"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, name := range []string{"dodge-mods", "criticals", "zoc-aro", "burst-active", "exorcism-damage", "lieutenant-hidden", "fantasy-rank-and-file", "fantasy-look-out", "fantasy-allocator"} {
		if !strings.Contains(out.String(), name+" (") {
			t.Errorf("no ruling %s", name)
		}
	}
	// Rulings are explained as players know the rules, never by the
	// project's working documents, which are not in the repository.
	for _, line := range strings.Split(out.String(), "\n") {
		if !strings.HasPrefix(line, "  why: ") {
			continue // a reading's own name may be "seed" (fantasy-look-out)
		}
		for _, bad := range []string{"seed", "§", "RULINGS.md", "DESIGN.md", "n4-core"} {
			if strings.Contains(strings.ToLower(line), strings.ToLower(bad)) {
				t.Errorf("ordo rules --rulings cites %q: %s", bad, line)
			}
		}
	}
}

// A ruleset that failed to load is reported with its error, not as an
// unknown name.
func TestUnloadableRuleset(t *testing.T) {
	saved := rulesets[infinity.Name]
	rulesets[infinity.Name] = func() (rules.Ruleset, error) {
		return nil, errors.New("catalog.yaml:3:1: bad\ncatalog.yaml:4:1: worse")
	}
	defer func() { rulesets[infinity.Name] = saved }()
	want := `ruleset "infinity-n4" could not be loaded: catalog.yaml:3:1: bad; catalog.yaml:4:1: worse` + "\n"
	file := "../../data/scenarios/duel.yaml"
	var out, errb bytes.Buffer
	if code := run([]string{"ordo", "play", file}, &out, &errb); code != 2 || errb.String() != "ordo play: "+file+": "+want {
		t.Errorf("play: exit %d, stderr %q", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"ordo", "rules"}, &out, &errb); code != 1 || errb.String() != "ordo rules: "+want {
		t.Errorf("rules: exit %d, stderr %q", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"ordo", "rules", "--rulings"}, &out, &errb); code != 0 {
		t.Errorf("rules --rulings needs no catalog: exit %d, stderr %q", code, errb.String())
	}
}
