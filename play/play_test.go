package play

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/duel"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

func load(t *testing.T, path string) *scenario.Scenario {
	t.Helper()
	sc, err := scenario.Load(path, scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// The script runs, its expectations hold, and the log reads one line per
// event.
func TestScriptPlays(t *testing.T) {
	var out bytes.Buffer
	if err := Run(duel.Ruleset{}, load(t, "testdata/duel.yaml"), &out, Options{}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		`#0 blue: {"kind":"scored","Seat":"blue","Die":7,"Note":"none"}`,
		`refused roll by red: wrong-window: roll outside the move window`,
		`#1 blue: {"kind":"bid","Seat":"blue","N":2}`,
		`#2 red: {"kind":"bid","Seat":"red","N":1}`,
		`#3 chance: {"kind":"resolved","Die":4,"Winner":"blue"}`,
		`waiting for red (move)`,
	}
	if got := strings.Split(strings.TrimSpace(out.String()), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("log:\n%s\nwant:\n%s", out.String(), strings.Join(want, "\n"))
	}
}

// --viewer: a seat sees the other seat's sealed bid redacted.
func TestViewerRedacts(t *testing.T) {
	var out bytes.Buffer
	if err := Run(duel.Ruleset{}, load(t, "testdata/duel.yaml"), &out, Options{Viewer: rules.PlayerView("red")}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `#1 blue: {"kind":"bid","Seat":"blue","N":-1}`) {
		t.Fatalf("red sees blue's bid:\n%s", out.String())
	}
	if !strings.Contains(out.String(), `#2 red: {"kind":"bid","Seat":"red","N":1}`) {
		t.Fatalf("red does not see its own bid:\n%s", out.String())
	}
}

// --json --viewer: the actions are redacted like the events: red and a
// spectator read blue's sealed bid as -1, in the action as in the event;
// blue reads its own.
func TestJSONRedactsActions(t *testing.T) {
	for _, tc := range []struct {
		v    rules.Viewer
		want string
	}{
		{rules.PlayerView("red"), `{"kind":"bid","N":-1}`},
		{rules.Spectator(), `{"kind":"bid","N":-1}`},
		{rules.PlayerView("blue"), `{"kind":"bid","N":2}`},
	} {
		var out bytes.Buffer
		if err := Run(duel.Ruleset{}, load(t, "testdata/duel.yaml"), &out, Options{Viewer: tc.v, JSON: true}); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out.String(), "\n")
		var line jsonLine
		if err := json.Unmarshal([]byte(lines[1]), &line); err != nil {
			t.Fatal(err)
		}
		if line.Seat != "blue" || string(line.Action) != tc.want {
			t.Errorf("%s reads blue's bid as %s, want %s", tc.v, line.Action, tc.want)
		}
	}
}

// A failed expectation names the step, its line and what differed.
func TestExpectationFails(t *testing.T) {
	data, err := os.ReadFile("testdata/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "score.blue: 9", "score.blue: 10", 1)
	sc, err := scenario.Parse("bad.yaml", []byte(bad), scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = Run(duel.Ruleset{}, sc, &bytes.Buffer{}, Options{})
	var xe *ExpectationError
	if !errors.As(err, &xe) {
		t.Fatalf("err %v, want an ExpectationError", err)
	}
	if xe.Step != 5 || xe.Line == 0 || !strings.Contains(xe.Error(), "state score.blue = 9, expected 10") {
		t.Fatalf("got %v (line %d)", xe, xe.Line)
	}
	if !strings.HasPrefix(xe.Error(), "bad.yaml:") {
		t.Fatalf("no file in %q", xe.Error())
	}
}

// A step that expects a refusal still checks its other expectations.
func TestRefusalChecksTheRest(t *testing.T) {
	data, err := os.ReadFile("testdata/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "expect: {error: wrong-window}", "expect: {error: wrong-window, window: nowhere}", 1)
	sc, err := scenario.Parse("bad.yaml", []byte(bad), scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = Run(duel.Ruleset{}, sc, &bytes.Buffer{}, Options{})
	var xe *ExpectationError
	if !errors.As(err, &xe) || !strings.Contains(xe.Error(), `expected "nowhere"`) {
		t.Fatalf("err %v, want the window expectation to fail", err)
	}
}

// Forced dice must be used exactly.
func TestForcedDiceMustBeUsed(t *testing.T) {
	data, _ := os.ReadFile("testdata/duel.yaml")
	bad := strings.Replace(string(data), "dice: [7]", "dice: [7, 3]", 1)
	sc, err := scenario.Parse("extra.yaml", []byte(bad), scenario.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = Run(duel.Ruleset{}, sc, &bytes.Buffer{}, Options{})
	if err == nil || !strings.Contains(err.Error(), "1 forced dice were not used") {
		t.Fatalf("err %v", err)
	}
}

// --json writes JSON Lines that decode, one per applied action.
func TestJSONLines(t *testing.T) {
	var out bytes.Buffer
	if err := Run(duel.Ruleset{}, load(t, "testdata/duel.yaml"), &out, Options{JSON: true}); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&out)
	n := 0
	for sc.Scan() {
		var line jsonLine
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if line.Seq != n {
			t.Fatalf("seq %d, want %d", line.Seq, n)
		}
		n++
	}
	if n != 4 {
		t.Fatalf("%d lines", n)
	}
}

// --random N --seed S: seeded playouts to the end, the same seed the same
// log.
func TestRandomPlayouts(t *testing.T) {
	sc := load(t, "testdata/duel.yaml")
	var a, b bytes.Buffer
	if err := Run(duel.Ruleset{}, sc, &a, Options{Random: 3, Seed: 9}); err != nil {
		t.Fatal(err)
	}
	if err := Run(duel.Ruleset{}, sc, &b, Options{Random: 3, Seed: 9}); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() || strings.Count(a.String(), "game over") != 3 {
		t.Fatalf("playouts:\n%s\n---\n%s", a.String(), b.String())
	}
}

// An action that caused nothing the viewer sees is printed as its sentence
// when it has one; otherwise as its kind when it has no fields, else as its
// JSON; then its dice.
func TestDescribeAction(t *testing.T) {
	for _, tc := range []struct {
		action string
		value  rules.Action
		want   string
	}{
		{`{"kind":"end-orders"}`, nil, "end-orders"},
		{`{"kind":"bid","Seat":"red","N":1}`, nil, `{"kind":"bid","Seat":"red","N":1}`},
		{`{"kind":"pass"}`, sentence{"passes"}, "passes"},
	} {
		if got := describeAction(rules.Entry{Action: json.RawMessage(tc.action)}, tc.value); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.action, got, tc.want)
		}
	}
	if got := describeAction(rules.Entry{Action: json.RawMessage(`{"kind":"resolve"}`), Dice: []int{3, 17}}, nil); got != "resolve, dice 3 17" {
		t.Errorf("with dice: got %q", got)
	}
}

// sentence is an action with its own sentence.
type sentence struct{ s string }

func (sentence) Kind() string     { return "pass" }
func (s sentence) String() string { return s.s }
