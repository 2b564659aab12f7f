package yamlfile

import (
	"fmt"
	"math"
	"strings"

	"github.com/goccy/go-yaml/ast"
)

// Reader turns a strict file's tree into values field by field, recording
// where each field is and every problem met, each at its file:line:col:
// unknown keys, keys given twice, wrong kinds and strings over MaxString
// are refused. What names the kind of file in messages ("mission").
type Reader struct {
	File      string
	What      string
	MaxString int
	// At is where each field read so far starts, by field path.
	At   map[string]Pos
	Errs Errors
}

// NewReader is a Reader of file, a What, with strings up to maxString
// bytes.
func NewReader(file, what string, maxString int) *Reader {
	return &Reader{File: file, What: what, MaxString: maxString, At: map[string]Pos{}}
}

// ErrorAt records a problem at p.
func (r *Reader) ErrorAt(p Pos, field, format string, args ...any) {
	r.Errs = append(r.Errs, &Error{File: r.File, Line: p.Line, Col: p.Col, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// Errorf records a problem at the field at path, or at its nearest
// enclosing field the file has.
func (r *Reader) Errorf(path, format string, args ...any) {
	p, ok := Lookup(r.At, path)
	if !ok {
		p = Pos{Line: 1, Col: 1}
	}
	r.ErrorAt(p, path, format, args...)
}

// Plain reports whether n is free of the YAML features the format does
// not use, reporting them if not.
func (r *Reader) Plain(n ast.Node, path string) bool {
	msg, bad := Unsupported(n, r.What)
	if msg != "" {
		r.ErrorAt(NodePos(n), path, "%s", msg)
	}
	return !bad
}

// Fields walks a mapping whose keys must be among keys, calling fn for
// each key with a value; it returns the keys given (with a value) and
// whether n was a mapping it could read.
func (r *Reader) Fields(n ast.Node, path string, keys []string, fn func(key string, v ast.Node, path string)) (map[string]bool, bool) {
	given := map[string]bool{}
	bad := func(at Pos, field, msg string) { r.ErrorAt(at, field, "%s", msg) }
	ok := Fields(n, path, keys, r.What, r.MaxString, bad, func(name string, k, v ast.Node, child string) {
		if _, twice := r.At[child]; twice {
			r.ErrorAt(NodePos(k), child, "%s is given twice", name)
			return
		}
		r.At[child] = NodePos(k)
		if IsNull(v) {
			return // an empty value is a missing one
		}
		given[name] = true
		fn(name, v, child)
	})
	return given, ok
}

// Missing reports the keys of required that given lacks, at path.
func (r *Reader) Missing(path string, given map[string]bool, required ...string) {
	var missing []string
	for _, k := range required {
		if !given[k] {
			missing = append(missing, k)
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		r.Errorf(path, "missing required field %s", missing[0])
	default:
		r.Errorf(path, "missing required fields %s", strings.Join(missing, ", "))
	}
}

// List walks a sequence of at most max entries, calling fn for each.
func (r *Reader) List(n ast.Node, path string, max int, fn func(i int, v ast.Node, path string)) bool {
	bad := func(at Pos, field, msg string) { r.ErrorAt(at, field, "%s", msg) }
	return Items(n, path, r.What, max, "a list may have here", bad, func(i int, v ast.Node, child string) {
		r.At[child] = NodePos(v)
		fn(i, v, child)
	})
}

// Str reads a string of at most MaxString bytes.
func (r *Reader) Str(n ast.Node, path string) (string, bool) {
	if !r.Plain(n, path) {
		return "", false
	}
	s, ok := n.(*ast.StringNode)
	if !ok {
		r.ErrorAt(NodePos(n), path, "want a string, got %s (quote it if it is meant as text)", Describe(n))
		return "", false
	}
	if len(s.Value) > r.MaxString {
		r.ErrorAt(NodePos(n), path, "a string of %d bytes (%s), longer than the %d %s %s may have", len(s.Value), Prefix(s.Value), r.MaxString, article(r.What), r.What)
		return "", false
	}
	return s.Value, true
}

// Strings reads a list of at most max strings; a single string stands for
// a list of one.
func (r *Reader) Strings(n ast.Node, path string, max int) ([]string, bool) {
	if _, ok := n.(*ast.StringNode); ok {
		s, ok := r.Str(n, path)
		return []string{s}, ok
	}
	out := []string{}
	good := true
	isList := r.List(n, path, max, func(_ int, v ast.Node, p string) {
		s, ok := r.Str(v, p)
		out = append(out, s)
		good = good && ok
	})
	return out, isList && good
}

// Number reads a finite number in [lo, hi]; whole insists on an integer.
func (r *Reader) Number(n ast.Node, path string, lo, hi float64, whole bool) (float64, bool) {
	if !r.Plain(n, path) {
		return 0, false
	}
	var v float64
	switch n := n.(type) {
	case *ast.IntegerNode:
		switch x := n.Value.(type) {
		case int64:
			v = float64(x)
		case uint64:
			v = float64(x)
		}
	case *ast.FloatNode:
		if whole {
			r.ErrorAt(NodePos(n), path, "want a whole number, got %s", Describe(n))
			return 0, false
		}
		v = n.Value
	default:
		r.ErrorAt(NodePos(n), path, "want a number, got %s", Describe(n))
		return 0, false
	}
	if math.IsNaN(v) || v < lo || v > hi {
		r.ErrorAt(NodePos(n), path, "want a number from %v to %v, got %s", lo, hi, Describe(n))
		return 0, false
	}
	return v, true
}

// Numbers reads a list of exactly len(out) numbers in [lo, hi] into out
// (a point [x, y]).
func (r *Reader) Numbers(n ast.Node, path string, lo, hi float64, out []float64) bool {
	got := 0
	good := true
	isList := r.List(n, path, len(out), func(i int, v ast.Node, p string) {
		x, ok := r.Number(v, p, lo, hi, false)
		out[i] = x
		good = good && ok
		got++
	})
	if isList && got != len(out) {
		r.ErrorAt(NodePos(n), path, "want %d numbers, got %d", len(out), got)
		return false
	}
	return isList && good
}

// Bool reads a boolean.
func (r *Reader) Bool(n ast.Node, path string) (bool, bool) {
	b, msg, ok := Bool(n, r.What)
	if msg != "" {
		r.ErrorAt(NodePos(n), path, "%s", msg)
	}
	return b, ok
}
