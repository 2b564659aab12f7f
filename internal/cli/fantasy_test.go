package cli

import (
	"bytes"
	"strings"
	"testing"
)

// ordo odds --ruleset fantasy prints the distribution of unsaved wounds;
// a bad ruleset name is one line and exit 2; ordo play runs the demo.
func TestFantasyCommands(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"ordo", "odds", "--ruleset", "fantasy", "--attacks", "10 ws 4 s 3", "--target", "ws 3 t 3 save 5+"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "(2/9)") {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"ordo", "odds", "--ruleset=chess"}, &out, &errb); code != 2 || !strings.HasPrefix(errb.String(), "ordo odds: --ruleset \"chess\"") {
		t.Fatalf("exit %d, %q", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"ordo", "play", "../../data/scenarios/fantasy-demo.yaml", "--random", "1", "--seed", "5"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "the battle ends") {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errb.String())
	}
}
