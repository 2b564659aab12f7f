package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// Every command ordo lists in `ordo help` prints its full help, with
// examples, on stdout and exits 0, however it is asked for: the same text
// each way, the usage text where the command has one of its own.
func TestHelpEveryCommand(t *testing.T) {
	var list, errb bytes.Buffer
	if code := run([]string{"ordo", "help"}, &list, &errb); code != 0 {
		t.Fatalf("ordo help: exit %d, stderr %q", code, errb.String())
	}
	_, rest, _ := strings.Cut(list.String(), "commands:\n")
	block, _, _ := strings.Cut(rest, "\n\n")
	var names []string
	for line := range strings.Lines(block) {
		names = append(names, strings.Fields(line)[0])
	}
	if want := []string{"odds", "play", "arena", "rules", "army", "serve", "bench", "verify", "version", "help"}; !slices.Equal(names, want) {
		t.Fatalf("ordo help lists %q, want %q", names, want)
	}
	exported := map[string]string{
		"play": playUsage, "arena": arenaUsage, "rules": rulesUsage, "army": armyUsage, "serve": serveUsage,
		"bench": benchUsage, "verify": verifyUsage,
	}
	for _, name := range names {
		var first bytes.Buffer
		if code := run([]string{"ordo", "help", name}, &first, &errb); code != 0 || errb.Len() != 0 {
			t.Fatalf("help %s: exit %d, stderr %q", name, code, errb.String())
		}
		help := first.String()
		if !strings.HasPrefix(help, "usage: ordo "+name) || !strings.Contains(help, "Example") {
			t.Errorf("%s: help does not start with its usage or has no examples:\n%s", name, help)
		}
		if want, ok := exported[name]; ok && help != want {
			t.Errorf("help %s: %q, want its usage text %q", name, help, want)
		}
		for _, argv := range [][]string{
			{"ordo", name, "-h"},
			{"ordo", name, "--help"},
			{"ordo", name, "-help"},
		} {
			if name == "help" {
				continue // "ordo help -h" asks for the help of "-h"
			}
			var out, errb bytes.Buffer
			code := run(argv, &out, &errb)
			if code != 0 || errb.Len() != 0 || out.String() != help {
				t.Errorf("%v: exit %d, stderr %q, stdout %q; want the command's help", argv[1:], code, errb.String(), out.String())
			}
		}
	}
	for _, argv := range [][]string{{"ordo", "help"}, {"ordo", "--help"}, {"ordo", "-h"}} {
		var out, errb bytes.Buffer
		if code := run(argv, &out, &errb); code != 0 || !strings.Contains(out.String(), "commands:\n  odds") {
			t.Errorf("%v: exit %d, stdout %q", argv[1:], code, out.String())
		}
	}
}

func TestVersion(t *testing.T) {
	for _, argv := range [][]string{{"ordo", "version"}, {"ordo", "--version"}} {
		var out, errb bytes.Buffer
		if code := run(argv, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "ordo ") || !strings.Contains(out.String(), " go1.") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", argv[1:], code, out.String(), errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"ordo", "version", "extra"}, &out, &errb); code != 2 {
		t.Errorf("version extra: exit %d", code)
	}
}
