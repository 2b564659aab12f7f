package yamlfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"
)

// Fields walks the mapping n at path for a strict reader whose mapping
// takes only keys. Every problem goes to bad, at its place and field: n
// not a mapping or using a YAML feature Ordo's files do not (Unsupported),
// a key that is not a plain name or is longer than maxKey bytes, an
// unknown key. fn is called for each known key, in file order, with its
// key and value nodes and its field path. what names the kind of file in
// the messages ("catalog", "army list"). Fields returns false when n is
// not a mapping whose every key could be read.
func Fields(n ast.Node, path string, keys []string, what string, maxKey int,
	bad func(at Pos, field, msg string), fn func(name string, key, value ast.Node, path string)) bool {
	if msg, isBad := Unsupported(n, what); isBad {
		if msg != "" {
			bad(NodePos(n), path, msg)
		}
		return false
	}
	m, ok := n.(*ast.MappingNode)
	if !ok {
		bad(NodePos(n), path, fmt.Sprintf("want a mapping with keys %s, got %s", strings.Join(keys, ", "), Describe(n)))
		return false
	}
	shaped := true
	for _, mv := range m.Values {
		if mv == nil || mv.Key == nil {
			continue
		}
		k := KeyOf(mv)
		if msg, isBad := Unsupported(k, what); isBad {
			// A merge key stands for fields the reader will not see:
			// checking the mapping further would only report them missing.
			if msg != "" {
				bad(NodePos(k), path, msg)
			}
			shaped = false
			continue
		}
		name, ok := k.(*ast.StringNode)
		switch {
		case !ok:
			bad(NodePos(k), path, fmt.Sprintf("want a field name, got %s", Describe(k)))
			continue
		case len(name.Value) > maxKey:
			bad(NodePos(k), path, fmt.Sprintf("a field name of %d bytes (%s), longer than the %d %s %s file may have",
				len(name.Value), Prefix(name.Value), maxKey, article(what), what))
			continue
		}
		child := ChildPath(path, name.Value)
		if !slices.Contains(keys, name.Value) {
			bad(NodePos(k), child, fmt.Sprintf("unknown field %q (this mapping takes %s)", name.Value, strings.Join(keys, ", ")))
			continue
		}
		fn(name.Value, k, mv.Value, child)
	}
	return shaped
}

// article is "a" or "an" before word.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}

// Items walks the list n at path for a strict reader, calling fn for each
// entry with its field path. Every problem goes to bad: n not a list or
// using a YAML feature Ordo's files do not, or holding more than max
// entries ("N entries, more than the max <limit>; none was read", limit
// saying whose bound it is: "a catalog file may have in one list"), in
// which case none is read. Items returns false when n is not a list it
// read.
func Items(n ast.Node, path, what string, max int, limit string,
	bad func(at Pos, field, msg string), fn func(i int, v ast.Node, path string)) bool {
	if msg, isBad := Unsupported(n, what); isBad {
		if msg != "" {
			bad(NodePos(n), path, msg)
		}
		return false
	}
	seq, ok := n.(*ast.SequenceNode)
	if !ok {
		bad(NodePos(n), path, fmt.Sprintf("want a list, got %s", Describe(n)))
		return false
	}
	if len(seq.Values) > max {
		bad(NodePos(n), path, fmt.Sprintf("%d entries, more than the %d %s; none was read", len(seq.Values), max, limit))
		return false
	}
	for i, v := range seq.Values {
		fn(i, v, IndexPath(path, i))
	}
	return true
}

// Bool reads true or false at n for a strict reader; otherwise msg says
// what is wrong ("" when n is nil: nothing to report at) and ok is false.
// what names the kind of file, as for Unsupported.
func Bool(n ast.Node, what string) (v bool, msg string, ok bool) {
	if msg, isBad := Unsupported(n, what); isBad {
		return false, msg, false
	}
	b, isBool := n.(*ast.BoolNode)
	if !isBool {
		return false, "want true or false, got " + Describe(n), false
	}
	return b.Value, "", true
}
