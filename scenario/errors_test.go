package scenario

import (
	"errors"
	"strings"
	"testing"
)

func TestErrorFormat(t *testing.T) {
	cases := []struct {
		err  *Error
		want string
	}{
		{&Error{File: "a.yaml", Line: 3, Col: 5, Field: "sides[0].seat", Msg: "seat is required"}, "a.yaml:3:5: sides[0].seat: seat is required"},
		{&Error{File: "a.yaml", Line: 1, Col: 1, Msg: "the file holds no scenario"}, "a.yaml:1:1: the file holds no scenario"},
		{&Error{File: "a.yaml", Field: "rounds", Msg: "bad"}, "a.yaml: rounds: bad"},
		{&Error{Field: "rounds", Msg: "bad"}, "rounds: bad"},
		{&Error{Line: 2, Msg: "bad"}, "2: bad"},
	}
	for _, c := range cases {
		if got := c.err.Error(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	errs := Errors{cases[0].err, cases[1].err}
	if got, want := errs.Error(), cases[0].want+"\n"+cases[1].want; got != want {
		t.Errorf("Errors: got %q, want %q", got, want)
	}
	var e *Error
	if !errors.As(error(errs), &e) || e != cases[0].err {
		t.Errorf("errors.As does not find the first *Error")
	}
	if !errors.Is(error(errs), cases[1].err) {
		t.Errorf("errors.Is does not find the second *Error")
	}
}

func TestValidate(t *testing.T) {
	sc, err := Parse("base.yaml", []byte(base), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(sc, Options{Catalog: testCatalog}); err != nil {
		t.Fatalf("a parsed scenario does not validate: %v", err)
	}
	// A scenario changed in Go: errors name the field but no line.
	sc.Rounds = 0
	sc.Name = ""
	err = Validate(sc, Options{Catalog: catalog{}})
	var errs Errors
	if !errors.As(err, &errs) {
		t.Fatalf("got %T %v, want Errors", err, err)
	}
	want := []string{
		`base.yaml: name: name is required`,
		`base.yaml: rounds: rounds must be 1 or more, got 0`,
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%v", len(errs), len(want), err)
	}
	for i, w := range want {
		if got := errs[i].Error(); got != w {
			t.Errorf("error %d: got %q, want %q", i, got, w)
		}
	}
	if err := Validate(nil, Options{}); err == nil {
		t.Errorf("Validate(nil) = nil")
	}
	if err := Validate(&Scenario{}, Options{}); err == nil {
		t.Errorf("Validate(empty) = nil")
	}
}

// decode is only reached by input that passed checkSchema, but goccy's own
// errors and panics must still come out as positioned, named Errors.
func TestDecodeFallback(t *testing.T) {
	cases := []struct {
		src  string
		want string
	}{
		{"rounds: [1]\n", "d.yaml:1:9: rounds: "},
		{"sides:\n  - seat: [a]\n", "d.yaml:2:11: sides[0].seat: "},
		{"bogus: 1\n", `d.yaml:1:1: bogus: unknown field "bogus"`},
	}
	for _, c := range cases {
		body, errs := parseYAML("d.yaml", []byte(c.src), nil)
		if errs != nil {
			t.Fatal(errs)
		}
		_, err := decode("d.yaml", body, indexPositions(body))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got %v, want %s…", c.src, err, c.want)
		}
	}
	// goccy panics decoding three numbers into [2]float64: an army's
	// decoder (Army.Decode) reports it at the node.
	body, errs := parseYAML("d.yaml", []byte("at: [1, 2, 3]\n"), nil)
	if errs != nil {
		t.Fatal(errs)
	}
	var point struct {
		At [2]float64 `yaml:"at"`
	}
	if err := decodeNode("d.yaml", body, &point, nil); err == nil || !strings.HasPrefix(err.Error(), "d.yaml:1:1: cannot decode: ") {
		t.Errorf("three numbers into a point: got %v", err)
	}
}
