package scenario

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// Bounds on a scenario file beyond its size and nesting
// (yamlfile.MaxFileSize, yamlfile.MaxDepth). Each list's own bound is the
// `max` tag on its field in Scenario and the types under it: 8 sides, 500
// terrain pieces of at most 256 corners each, 16 catalog files, 64
// rulings, 5,000 script steps of at most 500 forced dice each; a side's
// army is its ruleset's (100 troopers a side and 8 models a trooper for
// Infinity, the tags of its type), checked on the scan before the parse
// when the ruleset is known by then (ArmyTyper), and by Army.Decode. They sit far
// above any real table (an Infinity army has at most 15 troopers, a G:
// Jumper 3 models) and keep what follows the parse — validation, the
// pairwise checks of models and polygon edges — fast. A list over its bound
// is reported once, and its entries are not read.
const (
	// MaxTerrain and MaxPolygon are the bounds of the terrain list and of
	// a piece's polygon (the tags on Scenario.Terrain and
	// Terrain.Polygon), named for the rulesets' state decoders.
	MaxTerrain = 500
	MaxPolygon = 256
	// MaxEntries is the most entries a scenario file's lists and mappings
	// may hold in all (yamlfile.MaxEntries explains how they count): a
	// file within it is parsed in about 80 ms of CPU and 16 MB at worst,
	// the whole ordo process included; the shipped scenarios count 30 to
	// 200.
	MaxEntries = 10000
	// MaxString is the longest string, key or value, in bytes.
	MaxString = 200
	// MaxList bounds a list or mapping whose field has no `max` tag, and
	// every list and mapping inside free-form content (a scripted action,
	// an expected state).
	MaxList = 1000
)

// limitsOf is the bounds of the lists and mappings of a scenario file
// whose sides' armies are of type army (nil: unknown), as limitAt gives
// them.
func limitsOf(army reflect.Type) yamlfile.Limit {
	for army != nil && army.Kind() == reflect.Pointer {
		army = army.Elem()
	}
	if army != nil && army.Kind() != reflect.Struct {
		army = nil
	}
	return func(path []yamlfile.Step, mapping bool) int { return limitAt(path, mapping, army) }
}

// limitAt is the bound of the list or mapping at path in a scenario file,
// which yamlfile.ParseWithin checks on a scan of the bytes before the
// parser builds anything: the same bound the schema pass checks after it
// (the field's `max` tag, MaxList in free-form content and where a field
// has no tag), and MaxList for a mapping read into a struct. A side's army
// is held to the bounds of army, the ruleset's type that Army.Decode
// checks after the parse, when it is known (ArmyTyper), and to MaxList
// when it is not. It is 0, no bound of its own, where the format has no
// list or mapping: the schema pass reports that.
func limitAt(path []yamlfile.Step, mapping bool, army reflect.Type) int {
	t, max := reflect.TypeFor[Scenario](), MaxList
	for _, st := range path {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch t.Kind() {
		case reflect.Struct:
			if st.IsIndex {
				return 0
			}
			fields := yamlFields(t)
			i := slices.IndexFunc(fields, func(f yamlField) bool { return f.name == string(st.Key) })
			if i < 0 && t == sideType && army != nil {
				// A side's army, of the ruleset's type.
				fields = yamlFields(army)
				i = slices.IndexFunc(fields, func(f yamlField) bool { return f.name == string(st.Key) })
			}
			if i < 0 && t == sideType {
				// A side's army of a ruleset unknown here, or a key its
				// type lacks: bounded here as free-form content is; its
				// own bounds, or the unknown key, are reported by
				// Army.Decode after the parse, before anything reads it.
				return MaxList
			}
			if i < 0 {
				return 0
			}
			f := fields[i]
			t, max = f.typ, f.max
		case reflect.Slice, reflect.Array:
			if !st.IsIndex {
				return 0
			}
			t, max = t.Elem(), MaxList
		case reflect.Map:
			t, max = t.Elem(), MaxList
		case reflect.Interface:
			return MaxList // free-form content: every list and mapping in it
		default:
			return 0
		}
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		if mapping {
			// More keys than fields must repeat one or name an unknown
			// one, which the schema pass says better ("unknown key");
			// only past MaxList is a mapping refused unread.
			return MaxList
		}
	case reflect.Slice, reflect.Array:
		if !mapping {
			return max
		}
	case reflect.Map:
		if mapping {
			return max
		}
	case reflect.Interface:
		return MaxList
	}
	return 0
}

// maxOf is the bound of a field's list or mapping: its `max` tag, or MaxList.
func maxOf(f reflect.StructField) int {
	if n, err := strconv.Atoi(f.Tag.Get("max")); err == nil && n > 0 {
		return n
	}
	return MaxList
}

// Bounds reports every list, mapping and string of x, a ruleset's army
// built in Go for the side at path, that is over its bound (its fields'
// `max` tags, MaxList, MaxString), as Army.Decode does for a file. It
// reports whether all are within bounds.
func (v *Checker) Bounds(path string, x any) bool {
	n := len(v.errs)
	v.bounds(reflect.ValueOf(x), path, MaxList)
	return len(v.errs) == n
}

// bounds reports every list, mapping and string of a Scenario built in Go
// that is over its bound, as checkSchema does for a file: Validate checks
// them first, and the rest only if all are within bounds.
func (v *Checker) bounds(x reflect.Value, path string, max int) {
	switch x.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !x.IsNil() {
			v.bounds(x.Elem(), path, max)
		}
	case reflect.Struct:
		t := x.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			v.bounds(x.Field(i), yamlfile.ChildPath(path, name), maxOf(f))
		}
	case reflect.Slice, reflect.Array:
		if x.Kind() == reflect.Slice && x.Len() > max {
			v.Errorf(path, "%d entries, more than the %d a scenario may have here", x.Len(), max)
			return
		}
		for i := range x.Len() {
			v.bounds(x.Index(i), yamlfile.IndexPath(path, i), MaxList)
		}
	case reflect.Map:
		if x.Len() > max {
			v.Errorf(path, "%d entries, more than the %d a scenario may have here", x.Len(), max)
			return
		}
		keys := x.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			if len(k.String()) > MaxString {
				v.Errorf(path, "a key of %d bytes (%s), longer than the %d a scenario may have", len(k.String()), yamlfile.Prefix(k.String()), MaxString)
				continue
			}
			v.bounds(x.MapIndex(k), yamlfile.ChildPath(path, k.String()), MaxList)
		}
	case reflect.String:
		if s := x.String(); len(s) > MaxString {
			v.Errorf(path, "a string of %d bytes (%s), longer than the %d a scenario may have", len(s), yamlfile.Prefix(s), MaxString)
		}
	}
}
