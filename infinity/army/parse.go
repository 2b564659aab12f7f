package army

import (
	"fmt"
	"math"
	"strings"

	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/goccy/go-yaml/ast"
)

// Bounds on a list file beyond yamlfile's (nesting, entries): an army
// list has at most 15 troopers, so these sit well above any real list and
// keep a hostile file cheap. A list over its bound is refused unread.
const (
	// MaxFileSize is the most bytes a list file may hold (a 15-trooper
	// list with comments is about 2 KiB).
	MaxFileSize = 64 << 10
	// MaxGroups is the most combat groups: each holds a trooper, and a
	// list at most 15.
	MaxGroups = 15
	// MaxGroupEntries is the most troopers a group's list may hold before
	// it is refused unread; up to it, more than 10 is the rule's refusal
	// (Army list and Combat Groups (N4)), with its trooper named.
	MaxGroupEntries = 30
	// MaxCatalogs is the most catalog files a list may read.
	MaxCatalogs = 16
	// MaxString is the longest string, in bytes.
	MaxString = 200
	// MaxEntries bounds a list file's lists and mappings together.
	MaxEntries = 2000
	// MaxPoints bounds a list's points limit.
	MaxPoints = 1000
	// MaxSWC bounds a list's SWC limit.
	MaxSWC = 20
)

// The keys of each mapping of the format.
var (
	listKeys    = []string{"name", "faction", "points", "swc", "catalogs", "combat-groups"}
	groupKeys   = []string{"troopers"}
	trooperKeys = []string{"profile", "option", "lieutenant", "deployment"}
)

// limitAt is the bound of the list or mapping at path, checked on the
// file's bytes before it is parsed (yamlfile.ParseWithin).
func limitAt(path []yamlfile.Step, mapping bool) int {
	key := func(i int) string {
		if i < len(path) && !path[i].IsIndex {
			return string(path[i].Key)
		}
		return ""
	}
	switch {
	case len(path) == 1 && key(0) == "combat-groups" && !mapping:
		return MaxGroups
	case len(path) == 1 && key(0) == "catalogs" && !mapping:
		return MaxCatalogs
	case len(path) == 3 && key(0) == "combat-groups" && key(2) == "troopers" && !mapping:
		return MaxGroupEntries
	case len(path) == 5 && key(4) == "deployment" && !mapping:
		return len(Deployments())
	}
	return 0
}

// reader turns a list file's tree into a List, recording where each field
// is and every problem met: the format is strict (unknown keys, wrong
// kinds and missing fields are refused, each at its file:line:col).
type reader struct {
	file string
	at   map[string]yamlfile.Pos
	errs yamlfile.Errors
}

func (r *reader) errorAt(p yamlfile.Pos, field, format string, args ...any) {
	r.errs = append(r.errs, &yamlfile.Error{File: r.file, Line: p.Line, Col: p.Col, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// errorf records a problem at the field at path, or at its nearest
// enclosing field the file has.
func (r *reader) errorf(path, format string, args ...any) {
	p, ok := yamlfile.Lookup(r.at, path)
	if !ok {
		p = yamlfile.Pos{Line: 1, Col: 1}
	}
	r.errorAt(p, path, format, args...)
}

// plain reports whether n is free of the YAML features a list does not
// use, reporting them if not.
func (r *reader) plain(n ast.Node, path string) bool {
	msg, bad := yamlfile.Unsupported(n, "army list")
	if msg != "" {
		r.errorAt(yamlfile.NodePos(n), path, "%s", msg)
	}
	return !bad
}

// fields walks a mapping whose keys must be among keys, calling fn for each
// key with a value; it returns the keys given (with a value).
func (r *reader) fields(n ast.Node, path string, keys []string, fn func(key string, v ast.Node, path string)) (map[string]bool, bool) {
	given := map[string]bool{}
	bad := func(at yamlfile.Pos, field, msg string) { r.errorAt(at, field, "%s", msg) }
	ok := yamlfile.Fields(n, path, keys, "army list", MaxString, bad, func(name string, k, v ast.Node, child string) {
		if _, twice := r.at[child]; twice {
			r.errorAt(yamlfile.NodePos(k), child, "%s is given twice", name)
			return
		}
		r.at[child] = yamlfile.NodePos(k)
		if yamlfile.IsNull(v) {
			return // an empty value is a missing one
		}
		given[name] = true
		fn(name, v, child)
	})
	return given, ok
}

// list walks a sequence, calling fn for each element.
func (r *reader) list(n ast.Node, path string, max int, fn func(i int, v ast.Node, path string)) bool {
	bad := func(at yamlfile.Pos, field, msg string) { r.errorAt(at, field, "%s", msg) }
	return yamlfile.Items(n, path, "army list", max, "a list may have here", bad, func(i int, v ast.Node, child string) {
		r.at[child] = yamlfile.NodePos(v)
		fn(i, v, child)
	})
}

func (r *reader) str(n ast.Node, path string) (string, bool) {
	if !r.plain(n, path) {
		return "", false
	}
	s, ok := n.(*ast.StringNode)
	if !ok {
		r.errorAt(yamlfile.NodePos(n), path, "want a string, got %s (quote it if it is meant as text)", yamlfile.Describe(n))
		return "", false
	}
	if len(s.Value) > MaxString {
		r.errorAt(yamlfile.NodePos(n), path, "a string of %d bytes (%s), longer than the %d a list may have", len(s.Value), yamlfile.Prefix(s.Value), MaxString)
		return "", false
	}
	return s.Value, true
}

// strings reads a list of strings; a single string stands for a list of one.
func (r *reader) strings(n ast.Node, path string, max int) ([]string, bool) {
	if _, ok := n.(*ast.StringNode); ok {
		s, ok := r.str(n, path)
		return []string{s}, ok
	}
	out := []string{}
	good := true
	isList := r.list(n, path, max, func(_ int, v ast.Node, p string) {
		s, ok := r.str(v, p)
		out = append(out, s)
		good = good && ok
	})
	return out, isList && good
}

// number reads a finite number in [0, max]; whole insists on an integer.
func (r *reader) number(n ast.Node, path string, max float64, whole bool) (float64, bool) {
	if !r.plain(n, path) {
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
			r.errorAt(yamlfile.NodePos(n), path, "want a whole number, got %s", yamlfile.Describe(n))
			return 0, false
		}
		v = n.Value
	default:
		r.errorAt(yamlfile.NodePos(n), path, "want a number, got %s", yamlfile.Describe(n))
		return 0, false
	}
	if math.IsNaN(v) || v < 0 || v > max {
		r.errorAt(yamlfile.NodePos(n), path, "want a number from 0 to %v, got %s", max, yamlfile.Describe(n))
		return 0, false
	}
	return v, true
}

func (r *reader) bool(n ast.Node, path string) (bool, bool) {
	b, msg, ok := yamlfile.Bool(n, "army list")
	if msg != "" {
		r.errorAt(yamlfile.NodePos(n), path, "%s", msg)
	}
	return b, ok
}

// decode reads a list file's bytes into a List, or every problem of form
// (bad YAML, unknown keys, wrong kinds, missing fields).
func decode(file string, data []byte) (*List, *reader) {
	r := &reader{file: file, at: map[string]yamlfile.Pos{}}
	if len(data) > MaxFileSize {
		r.errs = append(r.errs, yamlfile.TooBig(file, MaxFileSize))
		return nil, r
	}
	body, errs := yamlfile.ParseWithin(file, data, "list", "invalid YAML: ", limitAt, MaxEntries)
	if len(errs) > 0 {
		r.errs = errs
		return nil, r
	}
	if body == nil {
		r.errorAt(yamlfile.Pos{Line: 1, Col: 1}, "", "the file holds no army list")
		return nil, r
	}
	r.at[""] = yamlfile.NodePos(body)
	l := &List{File: file}
	given, ok := r.fields(body, "", listKeys, func(key string, v ast.Node, p string) {
		switch key {
		case "name":
			l.Name, _ = r.str(v, p)
		case "faction":
			l.Faction, _ = r.str(v, p)
		case "points":
			x, _ := r.number(v, p, MaxPoints, true)
			l.Points = int(x)
		case "swc":
			l.SWC, _ = r.number(v, p, MaxSWC, false)
		case "catalogs":
			l.Catalogs, _ = r.strings(v, p, MaxCatalogs)
		case "combat-groups":
			r.list(v, p, MaxGroups, func(_ int, gn ast.Node, gp string) {
				l.Groups = append(l.Groups, r.group(gn, gp))
			})
		}
	})
	if ok {
		var missing []string
		for _, k := range []string{"name", "points", "combat-groups"} {
			if !given[k] {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			r.errorf("", "missing required field%s %s", plural(len(missing)), strings.Join(missing, ", "))
		}
		if !given["swc"] {
			l.SWC = float64(l.Points) / 50 // 6 SWC at 300 points
		}
	}
	return l, r
}

func (r *reader) group(n ast.Node, path string) Group {
	var g Group
	given, ok := r.fields(n, path, groupKeys, func(_ string, v ast.Node, p string) {
		r.list(v, p, MaxGroupEntries, func(_ int, tn ast.Node, tp string) {
			g.Troopers = append(g.Troopers, r.trooper(tn, tp))
		})
	})
	if ok && !given["troopers"] {
		r.errorf(path, "missing required field troopers")
	}
	return g
}

func (r *reader) trooper(n ast.Node, path string) Trooper {
	var t Trooper
	given, ok := r.fields(n, path, trooperKeys, func(key string, v ast.Node, p string) {
		switch key {
		case "profile":
			t.Profile, _ = r.str(v, p)
		case "option":
			t.Option, _ = r.str(v, p)
		case "lieutenant":
			t.Lieutenant, _ = r.bool(v, p)
		case "deployment":
			t.Deployment, _ = r.strings(v, p, len(Deployments()))
		}
	})
	if ok && !given["profile"] {
		r.errorf(path, "missing required field profile")
	}
	return t
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
