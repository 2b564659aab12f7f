package yamlfile

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"pgregory.net/rapid"
)

// treeColl is a list or mapping of the parsed tree.
type treeColl struct {
	entries int
	mapping bool
	at      Pos
}

// treeCollections lists the lists and mappings of a parsed tree by their
// path (keyOf).
func treeCollections(n ast.Node, path []Step, out map[string]treeColl) {
	switch n := n.(type) {
	case *ast.AnchorNode:
		treeCollections(n.Value, path, out)
	case *ast.TagNode:
		treeCollections(n.Value, path, out)
	case *ast.MappingNode:
		out[keyOf(path)] = treeColl{len(n.Values), true, NodePos(n)}
		for _, mv := range n.Values {
			treeCollections(mv.Value, append(path[:len(path):len(path)], Step{Key: []byte(treeKey(mv))}), out)
		}
	case *ast.MappingValueNode:
		out[keyOf(path)] = treeColl{1, true, NodePos(n)}
		treeCollections(n.Value, append(path[:len(path):len(path)], Step{Key: []byte(treeKey(n))}), out)
	case *ast.SequenceNode:
		out[keyOf(path)] = treeColl{len(n.Values), false, NodePos(n)}
		for i, v := range n.Values {
			treeCollections(v, append(path[:len(path):len(path)], Step{Index: i, IsIndex: true}), out)
		}
	}
}

// keyOf writes a path so that no two differ only by an empty key.
func keyOf(path []Step) string {
	var b strings.Builder
	for _, st := range path {
		if st.IsIndex {
			fmt.Fprintf(&b, "[%d]", st.Index)
		} else {
			fmt.Fprintf(&b, ".%q", st.Key)
		}
	}
	return b.String()
}

func treeKey(mv *ast.MappingValueNode) string {
	if s, ok := KeyOf(mv).(*ast.StringNode); ok {
		return s.Value
	}
	return KeyOf(mv).String()
}

// scannedCollections lists what scanEntries reads, by path, for the
// collections whose path it could tell.
func scannedCollections(data []byte) map[string]treeColl {
	out := map[string]treeColl{}
	scanEntries(data, 1<<30, nil, func(path []Step, f *frame) {
		out[keyOf(path)] = treeColl{f.entries, f.kind == blockMap || f.kind == flowMap, f.at}
	})
	return out
}

// sameCollections reports how the scan's reading of src differs from the
// parser's: a collection it reads that the parser does not, or with other
// entries, kind or place; and, when complete, one the parser has that it
// does not read.
func sameCollections(t interface {
	Helper()
	Errorf(string, ...any)
	Fatalf(string, ...any)
}, src string, complete bool) {
	t.Helper()
	body, err := ParseOne("f.yaml", []byte(src), "thing", "")
	if err != nil {
		t.Fatalf("%q does not parse: %v", src, err)
	}
	tree := map[string]treeColl{}
	treeCollections(body, nil, tree)
	scan := scannedCollections([]byte(src))
	for _, p := range slices.Sorted(maps.Keys(scan)) {
		if got, want := scan[p], tree[p]; got != want {
			t.Errorf("%q: at %q the scan reads %+v, the parser %+v", src, p, got, want)
		}
	}
	if complete {
		for _, p := range slices.Sorted(maps.Keys(tree)) {
			if _, ok := scan[p]; !ok {
				t.Errorf("%q: the scan does not read %q (%+v)", src, p, tree[p])
			}
		}
	}
}

// Bounded input: the scan that counts entries before parsing reads each
// list and mapping as the parser builds it — its path, kind, place and
// entries — in the shapes Ordo's files use and the ones that could
// mislead a byte scan (colons, dashes and brackets in quotes, comments and
// block scalars).
func TestScanEntriesReadsAsTheParser(t *testing.T) {
	for _, src := range []string{
		"a: 1\nb: 2\n",
		"a:\n  b: 1\n  c: [1, 2, 3]\nd: {e: 1, f: [x, y]}\n",
		"a:\n- 1\n- 2\nb: 3\n",
		"a:\n  - 1\n  - 2\n",
		"- 1\n- [2, 3]\n- {a: 1}\n",
		"- a: 1\n  b: 2\n- c: 3\n",
		"- - 1\n  - 2\n- - 3\n",
		"-\n  a: 1\n-\n  - 2\n",
		"a: [1, [2, 3], {b: [4]}, []]\n",
		"a: [\n  1,\n  2, # two\n  3\n]\nb: 1\n",
		"a: 'x: y'\nb: \"- z\"\nc: '[1, 2]'\nd: \"#no\"\n",
		"'a b': 1\n\"c\": [1, 2]\n",
		"a: x # a: comment, [1, 2]\nb: [1, 2] # - c\n",
		"# only: a comment\na: 1\n",
		"a: |\n  b: 1\n  - 2\n  [3, 4]\nc: >\n  d: 5\ne: 1\n",
		"- |\n  a: 1\n- 2\n",
		"a: &x\n  b: 1\nc: *x\nd: !!str 3\n",
		"a: &y [1, 2]\n",
		"url: http://example.com/a:b\n",
		"a: b:c\n",
		"a: {b: 'c, d', e: \"f: g\"}\n",
		"a: ['x, y', \"z]\"]\n",
		"a: {\"b\": [1, 2], 'c': {d: 1}}\n",
		"a:\r\n  - 1\r\n  - 2\r\nb: [1, 2]\r\n",
		"a: 1\n\n\nb:\n\n  - 1\n\n  - 2\n",
		"a:\n  b:\n    c:\n      - [1, 2]\n      - 3\n  d: 4\ne: 5\n",
		"---\na: [1, 2]\n...\n",
		"a: 'it''s: here'\nb: [1]\n",
		"a: \"multi\n  line: x\"\nb: [1, 2]\n",
		"a: [1, 2,]\n",
		"a: {}\nb: []\nc: [{}, []]\n",
		"[1, 2, {a: [3]}]\n",
		"{a: 1, b: [2]}\n",
		"é: [1, 2]\nb: ['ü', 2]\n",
	} {
		sameCollections(t, src, true)
	}
	// Shapes whose paths the scan cannot tell: it leaves them out rather
	// than guess (they are bounded only by MaxEntries).
	for _, src := range []string{
		"a: [b: [1, 2], c: 3]\n",
	} {
		sameCollections(t, src, false)
	}
}

// The same, on documents goccy/go-yaml and encoding/json write from random
// trees, in block and flow style, with keys and strings that look like
// YAML syntax.
func TestScanEntriesReadsAsTheParserRapid(t *testing.T) {
	words := []string{"a", "b c", "x: y", "- z", "[q]", "{w}", "#h", "a #b", "'s'", `"d"`, "", ":", "?", "|", ">", "&a", "*b", "!t", "1", "true", "null", "é", "multi\nline", " lead", "trail "}
	var value func(depth int) *rapid.Generator[any]
	value = func(depth int) *rapid.Generator[any] {
		scalar := rapid.Map(rapid.SampledFrom(words), func(s string) any { return s })
		if depth == 0 {
			return scalar
		}
		list := rapid.Map(rapid.SliceOfN(value(depth-1), 0, 5), func(v []any) any { return v })
		mapping := rapid.Map(rapid.MapOfN(rapid.SampledFrom(words), value(depth-1), 0, 5), func(v map[string]any) any { return v })
		return rapid.OneOf(scalar, list, mapping)
	}
	rapid.Check(t, func(t *rapid.T) {
		v := value(4).Draw(t, "tree")
		var docs []string
		for _, opts := range [][]yaml.EncodeOption{nil, {yaml.Flow(true)}, {yaml.IndentSequence(true)}, {yaml.Indent(4)}} {
			b, err := yaml.MarshalWithOptions(v, opts...)
			if err != nil {
				t.Fatalf("marshal: %v", err)
			}
			docs = append(docs, string(b))
		}
		j, _ := json.Marshal(v)
		docs = append(docs, string(j))
		j, _ = json.MarshalIndent(v, "", "  ")
		docs = append(docs, string(j))
		for _, d := range docs {
			if _, err := ParseOne("f.yaml", []byte(d), "thing", ""); err != nil {
				continue // goccy cannot read back what it wrote: not the scan's concern
			}
			sameCollections(t, d, true)
		}
	})
}

// Bounded input: the bound on every list and mapping entry of a file
// together (here 10,000, a scenario's) is refused before the parser sees
// the file; a block mapping's n keys count n + about n²/200.
func TestEntriesBound(t *testing.T) {
	flow := func(n int) string { return "a: [" + strings.Repeat("1, ", n-1) + "1]\n" }
	keys := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "k%d: 1\n", i)
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, src, want string
	}{
		{"10,000 entries (a key and its list of 9,999)", flow(9999), ""},
		{"10,001 entries", flow(10000), "f.yaml:1:30002: the file holds more than 10,000 list and mapping entries in all by here (a block mapping's keys count more as it grows), the most a file may hold; nothing was parsed"},
		{"a block mapping of 1,300 keys", keys(1300), ""},
		{"a block mapping of 1,400 keys", keys(1400), "f.yaml:1365:1: the file holds more than 10,000 list and mapping entries in all by here (a block mapping's keys count more as it grows), the most a file may hold; nothing was parsed"},
		{"a flow mapping of 9,999 keys", "{" + strings.ReplaceAll(strings.TrimSuffix(keys(9999), "\n"), "\n", ", ") + "}\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs := checkEntries("f.yaml", []byte(tc.src), "thing", nil, 10000)
			if tc.want == "" && len(errs) > 0 || tc.want != "" && (errs == nil || errs.Error() != tc.want) {
				t.Fatalf("got %v, want %q", errs, tc.want)
			}
		})
	}
}

// A reader's Limit is checked on the scan: each list or mapping over its
// bound is one error at its start, naming its field, and none inside one
// is reported (its entries are not read).
func TestEntriesLimit(t *testing.T) {
	limit := func(path []Step, mapping bool) int {
		switch p := FieldPath(path); {
		case p == "list" && !mapping:
			return 3
		case strings.HasPrefix(p, "list[") && !mapping:
			return 1
		case p == "map" && mapping:
			return 2
		}
		return 0
	}
	src := "list:\n  - [1, 2]\n  - 2\n  - 3\n  - 4\nmap: {a: 1, b: [1, 2, 3], c: 3}\nother: [1, 2, 3, 4, 5]\nfine: [[1, 2]]\n"
	want := "f.yaml:2:3: list: 4 entries, more than the 3 a thing may have here; none was read\n" +
		"f.yaml:6:6: map: 3 entries, more than the 2 a thing may have here; none was read"
	if errs := checkEntries("f.yaml", []byte(src), "thing", limit, MaxEntries); errs == nil || errs.Error() != want {
		t.Fatalf("got  %v\nwant %s", errs, want)
	}
	if errs := checkEntries("f.yaml", []byte("list: [[1], 2]\n"), "thing", limit, MaxEntries); errs != nil {
		t.Fatalf("within the limits: %v", errs)
	}
	if errs := checkEntries("f.yaml", []byte("list: [[1, 2], 2]\n"), "thing", limit, MaxEntries); errs == nil || errs.Error() != "f.yaml:1:8: list[0]: 2 entries, more than the 1 a thing may have here; none was read" {
		t.Fatalf("nested: %v", errs)
	}
}

// Files just under the size bound, full of tiny entries, that took the
// parser from 0.1 s and 23 MB (a flow list) to 9 s and 3.8 GB (a block
// mapping of 26,000 keys) are refused by the scan, which allocates a
// handful of times where the parser allocates once a token or more.
func TestHostileEntriesRefusedBeforeParsing(t *testing.T) {
	var keys strings.Builder
	for i := 0; keys.Len() < MaxFileSize-20; i++ {
		fmt.Fprintf(&keys, "k%d: 1\n", i)
	}
	for name, src := range map[string]string{
		"a flow list of 87,000 entries (256 KiB)": "a: [" + strings.Repeat("1, ", (MaxFileSize-10)/3) + "1]\n",
		"a block list of 65,000 entries":          "a:\n" + strings.Repeat("- 1\n", (MaxFileSize-10)/4),
		"a block mapping of 26,000 keys":          keys.String(),
		"lists of 1,000 entries, 80 of them":      strings.Repeat("- ["+strings.Repeat("1,", 999)+"1]\n", 80),
	} {
		t.Run(name, func(t *testing.T) {
			data := []byte(src)
			if len(data) > MaxFileSize {
				t.Fatalf("%d bytes", len(data))
			}
			var err *Error
			allocs := testing.AllocsPerRun(1, func() { _, err = ParseOne("f.yaml", data, "thing", "") })
			if err == nil || !strings.Contains(err.Msg, "more than 20,000 list and mapping entries") {
				t.Fatalf("got %v", err)
			}
			if allocs > 100 {
				t.Errorf("%v allocations: the parser ran", allocs)
			}
		})
	}
}

// unsupportedFinder is an ast.Visitor that notes an anchor, alias, merge
// key or tag.
type unsupportedFinder bool

func (f *unsupportedFinder) Visit(n ast.Node) ast.Visitor {
	switch n.(type) {
	case *ast.AnchorNode, *ast.AliasNode, *ast.MergeKeyNode, *ast.TagNode:
		*f = true
		return nil
	}
	return f
}

// The scan never panics or loops, whatever the bytes, and where the
// parser reads the file, every collection the scan reads is one of the
// parser's, of its kind, with no more entries: the scan can refuse a file
// early, never a file its reader would accept. (Where they are placed may
// differ in YAML that Ordo's readers refuse, such as tags.)
func FuzzScanEntries(f *testing.F) {
	for _, s := range []string{"a: [1, 2]\n", "- a: 1\n  b: [x, {y: 2}]\n", "a: |\n  - 1\n", "'a': \"b\"\n", "a: [b: 1]\n", "? x\n: y\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		scanEntries([]byte(src), MaxEntries, func([]Step, bool) int { return 1 }, nil)
		body, err := ParseOne("f.yaml", []byte(src), "thing", "")
		if err != nil || body == nil || !utf8.ValidString(src) || strings.ContainsFunc(src, func(r rune) bool { return r < ' ' && r != '\t' && r != '\n' }) {
			// The parser reads invalid UTF-8 and control characters (a lone
			// carriage return among them) in its own ways; no field of
			// Ordo's files has such a name.
			return
		}
		var refused unsupportedFinder
		if ast.Walk(&refused, body); refused {
			return // anchors, aliases and tags: every reader refuses the file once parsed
		}
		tree := map[string]treeColl{}
		treeCollections(body, nil, tree)
		for p, got := range scannedCollections([]byte(src)) {
			want, ok := tree[p]
			if !ok || got.mapping != want.mapping || got.entries > want.entries {
				t.Errorf("%q: at %q the scan reads %+v, the parser %+v (%v)", src, p, got, want, ok)
			}
		}
	})
}

// The scan of the entries reads no document after a YAML directive, so a
// file with one is refused before it: a list over its limit cannot reach
// the parser behind "%YAML 1.2" (Bounded input, docs/LIMITS.md).
func TestDirectiveRefusedBeforeTheScan(t *testing.T) {
	limit := func(path []Step, mapping bool) int {
		if FieldPath(path) == "list" && !mapping {
			return 3
		}
		return 0
	}
	for _, tc := range []struct{ src, want string }{
		{"%YAML 1.2\n---\nlist: [1, 2, 3, 4]\n", "f.yaml:1:1: a YAML directive (%YAML, %TAG): a thing file takes none (remove the line)"},
		{"# a comment\n\n%TAG ! tag:example.com,2000:\n---\nlist: [1]\n", "f.yaml:3:1: a YAML directive (%YAML, %TAG): a thing file takes none (remove the line)"},
		{"list: [1, 2, 3, 4]\n", "f.yaml:1:7: list: 4 entries, more than the 3 a thing may have here; none was read"},
	} {
		if _, errs := ParseWithin("f.yaml", []byte(tc.src), "thing", "", limit, MaxEntries); errs == nil || errs.Error() != tc.want {
			t.Errorf("%q: got %v\nwant %s", tc.src, errs, tc.want)
		}
	}
	if _, errs := ParseWithin("f.yaml", []byte("list: [1, 2]\nnote: \"100%\"\n"), "thing", "", limit, MaxEntries); errs != nil {
		t.Errorf("a %% in a value is no directive: %v", errs)
	}
}
