package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"
)

// FuzzParse feeds Parse arbitrary bytes. Whatever the input, Parse must not
// panic; it either fails with a non-empty Errors, each error positioned and
// on one line, or returns a scenario that validates again on its own and
// that, written back out as YAML, parses again to the same YAML.
func FuzzParse(f *testing.F) {
	f.Add([]byte(base))
	if example, err := os.ReadFile("testdata/example.yaml"); err == nil {
		f.Add(example)
	}
	for _, seed := range []string{
		"",
		"name: x",
		"- a\n- b\n",
		"a: &x [*x]\n",
		"table: {width: .nan, height: -.inf}\n",
		"sides: [{seat: a, troopers: [{id: t, models: [{at: [1, 2, 3]}]}]}]\n",
		"rounds: 99999999999999999999999\nseed: -3\n",
		"script: [{seat: chance, action: {kind: k, x: [.nan, {y: .inf}]}, dice: [0, 21]}]\n",
		"%YAML 1.2\n---\nname: !!str 3\n...\n---\nname: y\n",
		"? [a]\n: b\n",
		"name: |\n  multi\n  line\n",
	} {
		f.Add([]byte(seed))
	}
	opts := Options{Catalog: testCatalog}
	f.Fuzz(func(t *testing.T, data []byte) {
		// The fuzzer has no time limit per input: a parser stuck in a loop
		// would only show as a stalled exec count. Crash instead, with the
		// stacks, so the input is saved like any other failure.
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				buf := make([]byte, 1<<20)
				n := runtime.Stack(buf, true)
				panic(fmt.Sprintf("Parse hangs on %q\n%s", data, buf[:n]))
			}
		}()
		sc, err := Parse("fuzz.yaml", data, opts)
		if err != nil {
			var errs Errors
			if !errors.As(err, &errs) || len(errs) == 0 {
				t.Fatalf("error is %T, want a non-empty Errors: %v", err, err)
			}
			if sc != nil {
				t.Fatalf("Parse returned a scenario with an error")
			}
			for _, e := range errs {
				if e.Line < 1 || e.Col < 0 || e.File != "fuzz.yaml" || strings.Contains(e.Error(), "\n") {
					t.Fatalf("badly formed error %q (line %d, col %d)", e, e.Line, e.Col)
				}
			}
			return
		}
		if err := Validate(sc, opts); err != nil {
			t.Fatalf("Parse accepted a scenario Validate rejects: %v", err)
		}
		out, err := yaml.Marshal(sc)
		if err != nil {
			t.Fatalf("cannot marshal a parsed scenario: %v", err)
		}
		sc2, err := Parse("fuzz.yaml", out, opts)
		if err != nil {
			t.Fatalf("a parsed scenario, written out, does not parse:\n%s\n%v", out, err)
		}
		out2, err := yaml.Marshal(sc2)
		if err != nil {
			t.Fatalf("cannot marshal a parsed scenario: %v", err)
		}
		if !bytes.Equal(out, out2) {
			t.Fatalf("round trip changed the scenario:\n%s\nbecame\n%s", out, out2)
		}
	})
}
