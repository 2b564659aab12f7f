package catalog

import (
	"fmt"
	"math"

	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/goccy/go-yaml/ast"
)

// The catalog is read from goccy's syntax tree rather than decoded by
// reflection: walking the tree keeps every node's line and column, so each
// problem is reported at its own node and all of them in one pass, and it
// makes the format strict by construction — every key is looked up in the
// list its mapping takes, every scalar must have the kind its field wants
// (no "3" read as 3, no 1.5 truncated to 1).

// pos is a 1-based line and column; the zero pos means "unknown".
type pos = yamlfile.Pos

// reader turns one file's tree into catalog entries, recording where every
// field is and every problem met.
type reader struct {
	file  string
	order int
	// at maps a field path ("profiles[2].bs") to the position of its value
	// (of its key when the value is empty).
	at   map[string]pos
	errs Errors
}

func newReader(file string, order int) *reader {
	return &reader{file: file, order: order, at: map[string]pos{}}
}

// errorAt records a problem at a known position.
func (r *reader) errorAt(p pos, field, format string, args ...any) {
	r.errs = append(r.errs, &Error{File: r.file, Line: p.Line, Col: p.Col, Field: field, Msg: fmt.Sprintf(format, args...), Seq: r.order})
}

// errorf records a problem with the field at path, placed at the field or,
// if the file lacks it, at the nearest enclosing field that it has: a
// missing key is reported at the mapping that should hold it.
func (r *reader) errorf(path, format string, args ...any) {
	r.errorAt(r.lookup(path), path, format, args...)
}

func (r *reader) lookup(path string) pos {
	if p, ok := yamlfile.Lookup(r.at, path); ok {
		return p
	}
	return pos{Line: 1, Col: 1}
}

// parse parses the file into the body of its one document; nil with no
// error recorded means an empty file.
//
// Each list is held to MaxList on the scan of the bytes before the parse,
// so that a list over it costs no parse (Bounded input); the reader checks
// it again as it reads the list.
func (r *reader) parse(data []byte) ast.Node {
	body, errs := yamlfile.ParseWithin(r.file, data, "catalog", "invalid YAML: ", listLimit, yamlfile.MaxEntries)
	for _, e := range errs {
		e.Seq = r.order
		r.errs = append(r.errs, e)
	}
	return body
}

// listLimit bounds every list of a catalog file to MaxList, as the reader
// does (yamlfile.Items); a mapping's keys are bounded by the keys its
// reader knows.
func listLimit(_ []yamlfile.Step, mapping bool) int {
	if mapping {
		return 0
	}
	return MaxList
}

// plain reports whether n is free of the YAML features a catalog does not
// use (yamlfile.Unsupported), reporting them if not.
func (r *reader) plain(n ast.Node, path string) bool {
	msg, bad := yamlfile.Unsupported(n, "catalog")
	if msg != "" {
		r.errorAt(yamlfile.NodePos(n), path, "%s", msg)
	}
	return !bad
}

// fields walks a mapping whose keys must be among keys, calling fn for each
// key with a value. A key with an empty value is recorded (so a "required"
// error points at it) but fn is not called: an empty value is a missing one.
// It returns false if n is not a mapping whose fields can all be read.
func (r *reader) fields(n ast.Node, path string, keys []string, fn func(key string, v ast.Node, path string)) bool {
	bad := func(at pos, field, msg string) { r.errorAt(at, field, "%s", msg) }
	return yamlfile.Fields(n, path, keys, "catalog", MaxString, bad, func(name string, k, v ast.Node, child string) {
		if yamlfile.IsNull(v) {
			r.at[child] = yamlfile.NodePos(k)
			return
		}
		r.at[child] = yamlfile.NodePos(v)
		fn(name, v, child)
	})
}

// list walks a sequence, calling fn for each element. An empty value is an
// empty list.
func (r *reader) list(n ast.Node, path string, fn func(i int, v ast.Node, path string)) bool {
	bad := func(at pos, field, msg string) { r.errorAt(at, field, "%s", msg) }
	return yamlfile.Items(n, path, "catalog", MaxList, "a catalog file may have in one list", bad, func(i int, v ast.Node, child string) {
		r.at[child] = yamlfile.NodePos(v)
		fn(i, v, child) // fn reads v, which reports a non-plain node
	})
}

// str reads text.
func (r *reader) str(n ast.Node, path string) (string, bool) {
	if !r.plain(n, path) {
		return "", false
	}
	var s string
	switch n := n.(type) {
	case *ast.StringNode:
		s = n.Value
	case *ast.LiteralNode:
		if n.Value == nil {
			r.errorAt(yamlfile.NodePos(n), path, "want a string, got %s (quote it if it is meant as text)", yamlfile.Describe(n))
			return "", false
		}
		s = n.Value.Value
	default:
		r.errorAt(yamlfile.NodePos(n), path, "want a string, got %s (quote it if it is meant as text)", yamlfile.Describe(n))
		return "", false
	}
	if len(s) > MaxString {
		r.errorAt(yamlfile.NodePos(n), path, "a string of %d bytes (%s), longer than the %d a catalog file may have", len(s), yamlfile.Prefix(s), MaxString)
		return "", false
	}
	return s, true
}

// Bounds on a catalog file beyond its size and nesting
// (yamlfile.MaxFileSize, yamlfile.MaxDepth): the shipped files hold a
// dozen entries a list and no string over 40 bytes.
const (
	// MaxList is the most entries of any one list: profiles, weapons,
	// range bands, skills.
	MaxList = 1000
	// MaxString is the longest string, in bytes.
	MaxString = 200
)

// maxInt bounds the integers read, far beyond any sane value but small
// enough that no arithmetic on them overflows; the validator narrows them.
const maxInt = 1 << 30

// int reads a whole number.
func (r *reader) int(n ast.Node, path string) (int, bool) {
	if !r.plain(n, path) {
		return 0, false
	}
	in, ok := n.(*ast.IntegerNode)
	if !ok {
		r.errorAt(yamlfile.NodePos(n), path, "want a whole number, got %s", yamlfile.Describe(n))
		return 0, false
	}
	switch v := in.Value.(type) {
	case int64:
		if v >= -maxInt && v <= maxInt {
			return int(v), true
		}
	case uint64:
		if v <= maxInt {
			return int(v), true
		}
	default:
		r.errorAt(yamlfile.NodePos(n), path, "want a whole number, got %s", yamlfile.Describe(n))
		return 0, false
	}
	r.errorAt(yamlfile.NodePos(n), path, "%s is far too large", yamlfile.TokenText(n))
	return 0, false
}

// float reads a finite number.
func (r *reader) float(n ast.Node, path string) (float64, bool) {
	if !r.plain(n, path) {
		return 0, false
	}
	var v float64
	switch n := n.(type) {
	case *ast.IntegerNode:
		i, ok := r.int(n, path)
		return float64(i), ok
	case *ast.FloatNode:
		v = n.Value
	case *ast.InfinityNode, *ast.NanNode:
		r.errorAt(yamlfile.NodePos(n), path, "want a finite number, got %s", yamlfile.Describe(n))
		return 0, false
	default:
		r.errorAt(yamlfile.NodePos(n), path, "want a number, got %s", yamlfile.Describe(n))
		return 0, false
	}
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > maxInt {
		r.errorAt(yamlfile.NodePos(n), path, "want a finite number, got %s", yamlfile.Describe(n))
		return 0, false
	}
	return v, true
}

// bool reads true or false.
func (r *reader) bool(n ast.Node, path string) (bool, bool) {
	b, msg, ok := yamlfile.Bool(n, "catalog")
	if msg != "" {
		r.errorAt(yamlfile.NodePos(n), path, "%s", msg)
	}
	return b, ok
}

// strings reads a list of strings; a single string stands for a list of one.
// It fails if any element is not a string, so that the list is not checked
// further with holes in it.
func (r *reader) strings(n ast.Node, path string) ([]string, bool) {
	if _, ok := n.(*ast.StringNode); ok {
		s, _ := r.str(n, path)
		return []string{s}, true
	}
	var out []string
	good := true
	isList := r.list(n, path, func(_ int, v ast.Node, p string) {
		s, ok := r.str(v, p)
		out = append(out, s)
		good = good && ok
	})
	return out, isList && good
}
