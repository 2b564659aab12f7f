package yamlfile

import (
	"errors"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// ParseOne's errors are the ones both readers print, so their text and
// place are pinned here as well as in each reader's tests.
func TestParseOne(t *testing.T) {
	cases := []struct {
		name, src, syntax string
		want              string // the error, "" for none
		body              bool   // whether a body comes back
	}{
		{name: "empty", src: ""},
		{name: "comments only", src: "# nothing\n"},
		{name: "one document", src: "a: 1\n", body: true},
		{name: "marked document", src: "# c\n---\na: 1\n...\n", body: true},
		{name: "second document", src: "a: 1\n---\nb: 2\n", want: "f.yaml:2:1: a thing file holds one YAML document; found a second"},
		{name: "syntax", src: "a: [1\n", want: "f.yaml:1:4: sequence end token ']' not found"},
		// goccy drops the document after an empty one: refused, not lost.
		{name: "empty document first", src: "---\n# c\n\n---\na: 1\n", want: `f.yaml:4:1: an empty YAML document ends here: a thing file holds one document (remove the extra "---")`},
		{name: "empty document after content", src: "a: 1\n---\n---\nb: 2\n", want: `f.yaml:3:1: an empty YAML document ends here: a thing file holds one document (remove the extra "---")`},
		{name: "marker with content", src: "--- # c\na: 1\n", body: true},
		{name: "marker inside a scalar is content", src: "a: |\n  ---\n  ---\n", body: true},
		{name: "syntax with prefix", src: "a: [1\n", syntax: "invalid YAML: ", want: "f.yaml:1:4: invalid YAML: sequence end token ']' not found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body, err := ParseOne("f.yaml", []byte(c.src), "thing", c.syntax)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("unexpected error %v", err)
			case c.want != "" && (err == nil || err.Error() != c.want):
				t.Fatalf("got error %v, want %s", err, c.want)
			case c.body != (body != nil):
				t.Fatalf("got body %v, want one: %v", body, c.body)
			}
		})
	}
}

// SplitError keeps goccy's message without its position and source
// excerpt, and any other error on one line.
func TestSplitError(t *testing.T) {
	_, err := parser.ParseBytes([]byte("a: [1\n"), 0)
	msg, tk := SplitError(err)
	if msg != "sequence end token ']' not found" || TokenPos(tk) != (Pos{1, 4}) {
		t.Errorf("SplitError(%v) = %q at %v", err, msg, TokenPos(tk))
	}
	if msg, tk := SplitError(errors.New("plain\n  error")); msg != "plain error" || tk != nil {
		t.Errorf("SplitError(plain) = %q, %v", msg, tk)
	}
}

func TestOrStart(t *testing.T) {
	if got := (Pos{}).OrStart(); got != (Pos{1, 1}) {
		t.Errorf("unknown: %v", got)
	}
	if got := (Pos{3, 0}).OrStart(); got != (Pos{3, 0}) {
		t.Errorf("known line: %v", got)
	}
	var n ast.Node
	if got := NodePos(n).OrStart(); got != (Pos{1, 1}) {
		t.Errorf("nil node: %v", got)
	}
}

// Unsupported's messages are the ones both readers print.
func TestUnsupported(t *testing.T) {
	body, err := ParseOne("f.yaml", []byte("a: &x 1\nb: *x\nc: !!str 2\nd: plain\n"), "thing", "")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"a": "anchors, aliases and merge keys are not supported in thing files; write the value out",
		"b": "anchors, aliases and merge keys are not supported in thing files; write the value out",
		"c": "tags are not supported in thing files; quote a value to make it a string",
		"d": "",
	}
	for _, mv := range body.(*ast.MappingNode).Values {
		k := KeyOf(mv).(*ast.StringNode).Value
		msg, bad := Unsupported(mv.Value, "thing")
		if msg != want[k] || bad != (want[k] != "") {
			t.Errorf("%s: Unsupported = %q, %v; want %q", k, msg, bad, want[k])
		}
	}
	if msg, bad := Unsupported(nil, "thing"); msg != "" || !bad {
		t.Errorf("nil: Unsupported = %q, %v; want no message, bad", msg, bad)
	}
	if msg, bad := Unsupported(&ast.CommentGroupNode{}, "thing"); msg != "unexpected a comment here" || !bad {
		t.Errorf("comment: Unsupported = %q, %v", msg, bad)
	}
}

// KeyOf unwraps the explicit "? key" form.
func TestKeyOf(t *testing.T) {
	body, err := ParseOne("f.yaml", []byte("? a\n: 1\nb: 2\n"), "thing", "")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, mv := range body.(*ast.MappingNode).Values {
		s, ok := KeyOf(mv).(*ast.StringNode)
		if !ok {
			t.Fatalf("KeyOf(%v) = %T, want a string", mv, KeyOf(mv))
		}
		keys = append(keys, s.Value)
	}
	if strings.Join(keys, ",") != "a,b" {
		t.Errorf("keys %v", keys)
	}
	if KeyOf(nil) != nil || KeyOf(&ast.MappingValueNode{}) != nil {
		t.Error("KeyOf of no entry or no key is not nil")
	}
}

// Lookup falls back to the nearest ancestor the map holds.
func TestLookup(t *testing.T) {
	at := map[string]Pos{"": {1, 1}, "a": {2, 3}, "a.b[1]": {4, 5}}
	cases := []struct {
		path string
		want Pos
	}{
		{"a.b[1]", Pos{4, 5}},
		{"a.b[1].c", Pos{4, 5}},
		{"a.b[2]", Pos{2, 3}},
		{"z", Pos{1, 1}},
	}
	for _, c := range cases {
		if got, ok := Lookup(at, c.path); !ok || got != c.want {
			t.Errorf("Lookup(%q) = %v, %v; want %v", c.path, got, ok, c.want)
		}
	}
	if got, ok := Lookup(map[string]Pos{"a": {2, 3}}, "z.y"); ok || got != (Pos{}) {
		t.Errorf("Lookup without a root = %v, %v; want unknown", got, ok)
	}
}
