package yamlfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
)

// hostile are the files of issue #10 (Bounded input) that took the YAML
// parser seconds and gigabytes, and the shapes near them: each must be
// refused by checkBounds, before any parsing, with one error that names
// the bound and the place.
var hostile = []struct {
	name string
	src  func() string
	want string // the error
}{
	{"[ nested 30,000 deep (60 KB)", func() string { return strings.Repeat("[", 30000) + strings.Repeat("]", 30000) },
		"f.yaml:1:101: the file nests deeper than 100 levels here (lists and mappings inside each other); nothing was parsed"},
	{"{a: nested 30,000 deep", func() string { return strings.Repeat("{a: ", 30000) + strings.Repeat("}", 30000) },
		"f.yaml:1:401: the file nests deeper than 100 levels here (lists and mappings inside each other); nothing was parsed"},
	{"[ nested 100,000 deep (200 KB)", func() string { return strings.Repeat("[", 100000) + strings.Repeat("]", 100000) },
		"f.yaml:1:101: the file nests deeper than 100 levels here (lists and mappings inside each other); nothing was parsed"},
	{"{a: nested 100,000 deep (500 KB)", func() string { return strings.Repeat("{a: ", 100000) + strings.Repeat("}", 100000) },
		"f.yaml: the file is larger than 256 KiB, the most a file may hold; nothing was parsed"},
	{"- nested on one line", func() string { return strings.Repeat("- ", 30000) + "x\n" },
		"f.yaml:1:201: the file nests deeper than 100 levels here (lists and mappings inside each other); nothing was parsed"},
	{"block mappings indented 101 deep", func() string {
		var b strings.Builder
		for i := range 101 {
			b.WriteString(strings.Repeat(" ", i) + "a:\n")
		}
		return b.String()
	}, "f.yaml:101:101: the file nests deeper than 100 levels here (lists and mappings inside each other); nothing was parsed"},
	{"a flow list inside block levels", func() string {
		return "a:\n  b:\n    - " + strings.Repeat("[", 98) + strings.Repeat("]", 98) + "\n"
	}, "f.yaml:3:104: the file nests deeper than 100 levels here (lists and mappings inside each other); nothing was parsed"},
	{"1 byte over the size bound", func() string { return strings.Repeat("#", MaxFileSize+1) },
		"f.yaml: the file is larger than 256 KiB, the most a file may hold; nothing was parsed"},
}

// Bounded input (issue #10): file size and nesting depth are refused by
// the byte scan, before the tokenizer or the parser run.
func TestBoundsRefuseBeforeParsing(t *testing.T) {
	for _, h := range hostile {
		t.Run(h.name, func(t *testing.T) {
			src := h.src()
			e := checkBounds("f.yaml", []byte(src))
			if e == nil || e.Error() != h.want {
				t.Fatalf("checkBounds = %v\nwant %s", e, h.want)
			}
			// ParseOne reports the same error.
			if _, e := ParseOne("f.yaml", []byte(src), "thing", ""); e == nil || e.Error() != h.want {
				t.Fatalf("ParseOne = %v\nwant %s", e, h.want)
			}
		})
	}
}

// The bounds leave room: a file of exactly MaxFileSize bytes, and nesting
// of exactly MaxDepth levels in each style, parse.
func TestBoundsAllowUpToTheLimit(t *testing.T) {
	var blocks strings.Builder
	for i := range MaxDepth - 1 {
		blocks.WriteString(strings.Repeat(" ", i) + "a:\n")
	}
	blocks.WriteString(strings.Repeat(" ", MaxDepth-1) + "a: 1\n")
	for name, src := range map[string]string{
		"size":           "a: 1\n" + strings.Repeat("#", MaxFileSize-5),
		"flow lists":     strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
		"flow mappings":  strings.Repeat("{a: ", MaxDepth-1) + "{a: 1" + strings.Repeat("}", MaxDepth),
		"compact lists":  strings.Repeat("- ", MaxDepth) + "x\n",
		"block mappings": blocks.String(),
		// Brackets and quotes inside quoted text are text.
		"quoted brackets": "a: \"" + strings.Repeat("[", 500) + "\"\nb: '" + strings.Repeat("{", 500) + "'\nc: x [y\n",
		"comment":         "a: 1 # " + strings.Repeat("[", 500) + "\n",
	} {
		if len(src) > MaxFileSize {
			t.Fatalf("%s: test input over the bound", name)
		}
		if _, e := ParseOne("f.yaml", []byte(src), "thing", ""); e != nil {
			t.Errorf("%s: %v", name, e)
		}
	}
}

// Bounded input: where the byte scan reads the file differently from the
// parser, the parser's own tokens are counted before it builds the tree,
// and the deep file is refused anyway. The scan takes a quote at the start
// of a literal block's line for the start of a quoted value; and the
// parser nests without indenting where YAML would not (an empty "- "
// takes the key on the next line as its value, a tag the next line's
// node), which took goccy/go-yaml 55 ms for 2,000 levels in 6 KB.
func TestBoundsTokenDepthBacksUpTheScan(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"quote in a literal block", "a: |\n  'x\nb: " + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + "\nc: |\n  '\n", "f.yaml:3:103"},
		{"empty entries and keys", strings.Repeat("- \n0:\n", 1000), "f.yaml:101:1"},
		{"tags with their value on the next line", strings.Repeat("- - !\n", 1000), "f.yaml:99:5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "quote in a literal block" {
				if e := checkBounds("f.yaml", []byte(c.src)); e != nil {
					t.Fatalf("the scan should miss this one (else the test proves nothing): %v", e)
				}
			}
			if tk := tokenDepth(lexer.Tokenize(c.src), MaxDepth); tk == nil {
				t.Fatal("tokenDepth missed the deep nesting")
			}
			want := c.want + ": the file nests deeper than 100 levels here (lists and mappings inside each other); nothing was parsed"
			if _, e := ParseOne("f.yaml", []byte(c.src), "thing", ""); e == nil || e.Error() != want {
				t.Fatalf("ParseOne = %v\nwant %s", e, want)
			}
		})
	}
}

// ReadFile reads at most the bound and one byte more: a file over it is
// refused by name without being read whole.
func TestReadFileBound(t *testing.T) {
	dir := t.TempDir()
	small, big := filepath.Join(dir, "small.yaml"), filepath.Join(dir, "big.yaml")
	os.WriteFile(small, []byte("a: 1\n"), 0o644)
	os.WriteFile(big, []byte(strings.Repeat("#", 101)), 0o644)
	if b, err := ReadFile(small, 100); err != nil || string(b) != "a: 1\n" {
		t.Errorf("ReadFile(small) = %q, %v", b, err)
	}
	if _, err := ReadFile(big, 100); err == nil || err.Error() != big+": the file is larger than 100 bytes, the most a file may hold; nothing was parsed" {
		t.Errorf("ReadFile(big) = %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "none.yaml"), 100); err == nil {
		t.Error("ReadFile of a missing file: no error")
	}
}

// astDepth is how deeply the parser's tree nests mappings and lists.
func astDepth(n ast.Node) int {
	switch n := n.(type) {
	case *ast.MappingNode:
		d := 0
		for _, mv := range n.Values {
			d = max(d, astDepth(mv.Key), astDepth(mv.Value))
		}
		return d + 1
	case *ast.MappingValueNode:
		return max(astDepth(n.Key), astDepth(n.Value)) + 1
	case *ast.MappingKeyNode:
		return astDepth(n.Value)
	case *ast.SequenceNode:
		d := 0
		for _, v := range n.Values {
			d = max(d, astDepth(v))
		}
		return d + 1
	case *ast.AnchorNode:
		return astDepth(n.Value)
	case *ast.TagNode:
		return astDepth(n.Value)
	}
	return 0
}

// FuzzParseOne: whatever the bytes, ParseOne does not panic, and the tree
// it returns nests no deeper than tokenDepth counted, so the bound the
// parser's cost depends on holds for every input it accepts.
//
//	go test -run '^$' -fuzz FuzzParseOne -fuzztime 60s -fuzzminimizetime 5s ./internal/yamlfile/
func FuzzParseOne(f *testing.F) {
	for _, seed := range []string{
		"a: 1\n", "a:\n- b:\n  - c: [1, {d: 2}]\n", "- - - x\n", "? [a]\n: b\n",
		"a: |\n  'x\nb: [[1]]\n", "a: 'it''s [' \nb: \"\\\"[\"\n", "[a 'b, [c]]\n", "a: b: c\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		body, e := ParseOne("f.yaml", data, "thing", "")
		if e != nil {
			if strings.Contains(e.Error(), "\n") {
				t.Fatalf("error on several lines: %q", e.Error())
			}
			return
		}
		counted := 0
		for tokens := lexer.Tokenize(string(data)); tokenDepth(tokens, counted) != nil; counted++ {
		}
		if d := astDepth(body); d > counted {
			t.Fatalf("the tree is %d deep, tokenDepth counted %d", d, counted)
		}
	})
}

// BenchmarkHostile measures the refusal of each hostile file (issue #10's
// table): go test -run '^$' -bench Hostile -benchmem ./internal/yamlfile/
func BenchmarkHostile(b *testing.B) {
	for _, h := range hostile {
		src := []byte(h.src())
		b.Run(h.name, func(b *testing.B) {
			for b.Loop() {
				if _, e := ParseOne("f.yaml", src, "thing", ""); e == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}
