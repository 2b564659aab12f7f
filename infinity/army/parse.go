package army

import (
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
	// MaxFireteams is the most Fireteams a list may declare: each has two
	// members at least, and a list 15 troopers.
	MaxFireteams = 7
)

// The keys of each mapping of the format.
var (
	listKeys     = []string{"name", "faction", "points", "swc", "catalogs", "fireteams", "combat-groups"}
	groupKeys    = []string{"troopers"}
	trooperKeys  = []string{"profile", "option", "lieutenant", "deployment", "fireteam"}
	fireteamKeys = []string{"name", "type"}
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
	case len(path) == 1 && key(0) == "fireteams" && !mapping:
		return MaxFireteams
	case len(path) == 3 && key(0) == "combat-groups" && key(2) == "troopers" && !mapping:
		return MaxGroupEntries
	case len(path) == 5 && key(4) == "deployment" && !mapping:
		return len(Deployments())
	}
	return 0
}

// reader turns a list file's tree into a List (yamlfile.Reader): the
// format is strict (unknown keys, wrong kinds and missing fields are
// refused, each at its file:line:col).
type reader struct{ *yamlfile.Reader }

// newReader is a reader of an army list file.
func newReader(file string) *reader { return &reader{yamlfile.NewReader(file, "army list", MaxString)} }

// decode reads a list file's bytes into a List, or every problem of form
// (bad YAML, unknown keys, wrong kinds, missing fields).
func decode(file string, data []byte) (*List, *reader) {
	r := newReader(file)
	if len(data) > MaxFileSize {
		r.Errs = append(r.Errs, yamlfile.TooBig(file, MaxFileSize))
		return nil, r
	}
	body, errs := yamlfile.ParseWithin(file, data, "list", "invalid YAML: ", limitAt, MaxEntries)
	if len(errs) > 0 {
		r.Errs = errs
		return nil, r
	}
	if body == nil {
		r.ErrorAt(yamlfile.Pos{Line: 1, Col: 1}, "", "the file holds no army list")
		return nil, r
	}
	r.At[""] = yamlfile.NodePos(body)
	l := &List{File: file}
	given, ok := r.Fields(body, "", listKeys, func(key string, v ast.Node, p string) {
		switch key {
		case "name":
			l.Name, _ = r.Str(v, p)
		case "faction":
			l.Faction, _ = r.Str(v, p)
		case "points":
			x, _ := r.Number(v, p, 0, MaxPoints, true)
			l.Points = int(x)
		case "swc":
			l.SWC, _ = r.Number(v, p, 0, MaxSWC, false)
		case "catalogs":
			l.Catalogs, _ = r.Strings(v, p, MaxCatalogs)
		case "fireteams":
			r.List(v, p, MaxFireteams, func(_ int, fn ast.Node, fp string) {
				l.Fireteams = append(l.Fireteams, r.fireteam(fn, fp))
			})
		case "combat-groups":
			r.List(v, p, MaxGroups, func(_ int, gn ast.Node, gp string) {
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
			r.Errorf("", "missing required field%s %s", plural(len(missing)), strings.Join(missing, ", "))
		}
		if !given["swc"] {
			l.SWC = float64(l.Points) / 50 // 6 SWC at 300 points
		}
	}
	return l, r
}

func (r *reader) group(n ast.Node, path string) Group {
	var g Group
	given, ok := r.Fields(n, path, groupKeys, func(_ string, v ast.Node, p string) {
		r.List(v, p, MaxGroupEntries, func(_ int, tn ast.Node, tp string) {
			g.Troopers = append(g.Troopers, r.trooper(tn, tp))
		})
	})
	if ok && !given["troopers"] {
		r.Errorf(path, "missing required field troopers")
	}
	return g
}

func (r *reader) trooper(n ast.Node, path string) Trooper {
	var t Trooper
	given, ok := r.Fields(n, path, trooperKeys, func(key string, v ast.Node, p string) {
		switch key {
		case "profile":
			t.Profile, _ = r.Str(v, p)
		case "option":
			t.Option, _ = r.Str(v, p)
		case "lieutenant":
			t.Lieutenant, _ = r.Bool(v, p)
		case "deployment":
			t.Deployment, _ = r.Strings(v, p, len(Deployments()))
		case "fireteam":
			t.Fireteam, _ = r.Str(v, p)
		}
	})
	if ok && !given["profile"] {
		r.Errorf(path, "missing required field profile")
	}
	return t
}

func (r *reader) fireteam(n ast.Node, path string) Fireteam {
	var f Fireteam
	given, ok := r.Fields(n, path, fireteamKeys, func(key string, v ast.Node, p string) {
		switch key {
		case "name":
			f.Name, _ = r.Str(v, p)
		case "type":
			f.Type, _ = r.Str(v, p)
		}
	})
	if ok {
		var missing []string
		for _, k := range fireteamKeys {
			if !given[k] {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			r.Errorf(path, "missing required field%s %s", plural(len(missing)), strings.Join(missing, ", "))
		}
	}
	return f
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
