package yamlfile

import (
	"testing"

	"github.com/goccy/go-yaml/ast"
)

// RootValue reads a root key's value from the lines alone, and gives up
// (ok false) wherever the lines alone could mislead it.
func TestRootValue(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
		ok              bool
	}{
		{"first key", "ruleset: infinity-n4\nname: x\n", "infinity-n4", true},
		{"after the sides", "name: x\nsides:\n  - seat: a\n    ruleset: no\nruleset: fantasy\n", "fantasy", true},
		{"comment and CRLF", "# a scenario\r\nruleset: fantasy # the game\r\n", "fantasy", true},
		{"document start", "---\nruleset: fantasy\n", "fantasy", true},
		{"a directive (the scan reads no root after it)", "%YAML 1.2\n---\nruleset: fantasy\n", "", false},
		{"indented root", "  name: x\n  ruleset: fantasy\n", "fantasy", true},
		{"double quotes", "ruleset: \"fantasy\"  # q\n", "fantasy", true},
		{"single quotes", "ruleset: 'infinity-n4'\n", "infinity-n4", true},
		{"a longer key", "rulesets: x\nruleset:y\n", "", false},
		{"no key", "name: x\n", "", false},
		{"twice", "ruleset: a\nruleset: b\n", "", false},
		{"quoted text over lines at the root's column", "name: \"a\nruleset: b\"\nruleset: c\n", "c", true},
		{"a text block", "name: |\n  ruleset: b\nruleset: c\n", "c", true},
		{"a tag takes the next line", "a: !\nruleset: b\n", "", false},
		{"quoted over lines", "ruleset: 'a\n  b'\n", "", false},
		{"a complex key", "? a\n: b\nruleset: c\n", "", false},
		{"flow root", "{ruleset: fantasy}\n", "", false},
		{"list root", "- ruleset: fantasy\n", "", false},
		{"document start with content", "--- {ruleset: fantasy}\n", "", false},
		{"value on the next line", "ruleset:\n  fantasy\n", "", false},
		{"block scalar", "ruleset: |\n  fantasy\n", "", false},
		{"anchor", "ruleset: &r fantasy\n", "", false},
		{"escape", "ruleset: \"fan\\tasy\"\n", "", false},
		{"text after the quotes", "ruleset: 'fan' tasy\n", "", false},
		{"a mapping on its line", "ruleset: a: b\n", "", false},
		{"a key deeper", "name: x\nsides:\n  ruleset: fantasy\n", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := RootValue([]byte(c.src), "ruleset")
			if got != c.want || ok != c.ok {
				t.Fatalf("RootValue(%q) = %q, %v; want %q, %v", c.src, got, ok, c.want, c.ok)
			}
		})
	}
}

// FuzzRootValue: whatever the bytes, RootValue does not panic, and a value
// it reads is the parser's (as written): when the file parses to a mapping, that
// mapping's key holds the same text.
//
//	go test -run '^$' -fuzz FuzzRootValue -fuzztime 60s ./internal/yamlfile/
func FuzzRootValue(f *testing.F) {
	for _, seed := range []string{
		"ruleset: infinity-n4\nname: x\n", "name: |\n  a\nruleset: b\n", "a: 'x\nruleset: y'\nruleset: z\n",
		"ruleset: \"a\" # c\n", "---\nruleset: a\n...\n", "  ruleset: a\n b: c\n", "ruleset: a\n---\nruleset: b\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, ok := RootValue(data, "ruleset")
		if !ok {
			return
		}
		body, e := ParseOne("f.yaml", data, "thing", "")
		if e != nil {
			return
		}
		m, isMap := body.(*ast.MappingNode)
		if !isMap {
			t.Fatalf("RootValue read %q from a file whose root is %s", v, Describe(body))
		}
		for _, mv := range m.Values {
			if k, ok := KeyOf(mv).(*ast.StringNode); ok && k.Value == "ruleset" {
				// A word the parser reads as a number, a boolean or null
				// is read as written: the file's reader says what it makes
				// of it.
				got := TokenText(mv.Value)
				if s, ok := mv.Value.(*ast.StringNode); ok {
					got = s.Value
				}
				if got != v {
					t.Fatalf("RootValue read %q; the parser reads %s", v, Describe(mv.Value))
				}
				return
			}
		}
		t.Fatalf("RootValue read %q; the parser finds no such key", v)
	})
}
