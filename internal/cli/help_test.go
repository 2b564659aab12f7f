package cli

import (
	"bytes"
	"strings"
	"testing"
)

// Every command prints its full help, with examples, on stdout and exits 0,
// however it is asked for.
func TestHelpEveryCommand(t *testing.T) {
	for _, c := range commands(nil) {
		for _, argv := range [][]string{
			{"ordo", "help", c.name},
			{"ordo", c.name, "-h"},
			{"ordo", c.name, "--help"},
			{"ordo", c.name, "-help"},
		} {
			if c.name == "help" && len(argv) == 3 && argv[2] != "help" {
				continue // "ordo help -h" asks for the help of "-h"
			}
			var out, errb bytes.Buffer
			code := run(argv, &out, &errb)
			if code != 0 || errb.Len() != 0 || out.String() != c.help {
				t.Errorf("%v: exit %d, stderr %q, stdout %q; want the command's help", argv[1:], code, errb.String(), out.String())
			}
		}
		if !strings.HasPrefix(c.help, "usage: ordo "+c.name) || !strings.Contains(c.help, "Example") {
			t.Errorf("%s: help does not start with its usage or has no examples:\n%s", c.name, c.help)
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
