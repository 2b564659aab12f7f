// Package scenariotest holds what the tests of the scenario format and of
// the rulesets' army readers share: a valid scenario whose lines the tests
// edit in place, so that each can name the exact line and column of the
// error it expects, and the check of those errors.
package scenariotest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// Base is a valid Infinity-shaped scenario of the ruleset "test". The line
// numbers in the comments stay true under Apply's edits.
const Base = `name: Test skirmish                               #  1
ruleset: test                                     #  2
rulings:                                          #  3
  dodge-mods: single                              #  4
table:                                            #  5
  width: 48                                       #  6
  height: 48                                      #  7
terrain:                                          #  8
  - name: wall                                    #  9
    polygon: [[10, 10], [20, 10], [20, 12]]       # 10
    blocks-lof: true                              # 11
sides:                                            # 12
  - seat: red                                     # 13
    troopers:                                     # 14
      - id: r1                                    # 15
        profile: fusilier                         # 16
        lieutenant: true                          # 17
        models:                                   # 18
          - id: r1m                               # 19
            at: [5, 5]                            # 20
            facing: 90                            # 21
      - id: r2                                    # 22
        profile: fusilier                         # 23
        lieutenant: false                         # 24
        deployment: hidden                        # 25
        models:                                   # 26
          - {id: r2m, at: [8, 5], facing: 90}     # 27
    combat-groups:                                # 28
      - name: "1"                                 # 29
        troopers: [r1]                            # 30
      - name: "2"                                 # 31
        troopers: [r2]                            # 32
  - seat: blue                                    # 33
    troopers:                                     # 34
      - id: b1                                    # 35
        profile: zhanshi                          # 36
        lieutenant: true                          # 37
        models:                                   # 38
          - {id: b1m, at: [40, 40], facing: 270}  # 39
    combat-groups:                                # 40
      - name: "1"                                 # 41
        troopers: [b1]                            # 42
initiative: red                                   # 43
rounds: 3                                         # 44
script:                                           # 45
  - seat: red                                     # 46
    action: {kind: move, model: r1m, to: [6, 8]}  # 47
    dice: [12]                                    # 48
    expect:                                       # 49
      events: [moved]                             # 50
      seats: [blue]                               # 51
`

// Edit replaces Old by New on one line (1-based) of a source; an empty Old
// replaces the whole line.
type Edit struct {
	Line     int
	Old, New string
}

// An Editing is Edit or a test's own type of the same fields, whose
// literals may then leave the field names out.
type Editing interface {
	~struct {
		Line     int
		Old, New string
	}
}

// Apply applies edits to src.
func Apply[E Editing](t testing.TB, src string, edits []E) string {
	t.Helper()
	lines := strings.Split(src, "\n")
	for _, ed := range edits {
		e := Edit(ed)
		l := lines[e.Line-1]
		if e.Old == "" {
			lines[e.Line-1] = e.New
			continue
		}
		if strings.Count(l, e.Old) != 1 {
			t.Fatalf("edit: line %d %q does not hold %q exactly once", e.Line, l, e.Old)
		}
		lines[e.Line-1] = strings.Replace(l, e.Old, e.New, 1)
	}
	return strings.Join(lines, "\n")
}

// Want is one expected error: its exact position and field, and a part of
// its message.
type Want struct {
	Line, Col int
	Field     string
	Msg       string
}

// A Wanting is Want or a test's own type of the same fields.
type Wanting interface {
	~struct {
		Line, Col int
		Field     string
		Msg       string
	}
}

// Check checks that err lists exactly the errors wants, in order, each in
// file at its place.
func Check[W Wanting](t testing.TB, err error, file string, wants []W) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want %d", len(wants))
	}
	var errs yamlfile.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("error is %T, want Errors: %v", err, err)
	}
	if len(errs) != len(wants) {
		t.Errorf("got %d errors, want %d:\n%v", len(errs), len(wants), err)
	}
	for i, ww := range wants {
		if i >= len(errs) {
			break
		}
		w, e := Want(ww), errs[i]
		if e.File != file || e.Line != w.Line || e.Col != w.Col || e.Field != w.Field || !strings.Contains(e.Msg, w.Msg) {
			t.Errorf("error %d:\n got %s\nwant %s:%d:%d: %s: …%s…", i, e, file, w.Line, w.Col, w.Field, w.Msg)
		}
	}
}

// Side writes one Infinity side of a scenario with n troopers, each with
// one model, all in one combat group.
func Side(seat string, n int, id func(i int) string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  - seat: %s\n    troopers:\n", seat)
	for i := range n {
		fmt.Fprintf(&b, "      - {id: %s, profile: fusilier, lieutenant: %v, models: [{id: %s-m, at: [%d, %d], facing: 0}]}\n", id(i), i == 0, id(i), i%40+1, i/40*2+1)
	}
	b.WriteString("    combat-groups: [{name: \"1\", troopers: [")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(id(i))
	}
	b.WriteString("]}]\n")
	return b.String()
}

// With writes a scenario around a red side (Side) and extra top-level
// fields, blue's side being one trooper.
func With(red, extra string) string {
	return "name: bounds\nruleset: test\ntable: {width: 48, height: 48}\nsides:\n" + red +
		"  - seat: blue\n    troopers: [{id: b, profile: fusilier, lieutenant: true, models: [{id: b-m, at: [40, 40], facing: 0}]}]\n" +
		"    combat-groups: [{name: \"1\", troopers: [b]}]\n" + "initiative: red\nrounds: 1\n" + extra
}

// IDs numbers ids after prefix.
func IDs(prefix string) func(int) string {
	return func(i int) string { return fmt.Sprintf("%s%d", prefix, i) }
}
