package scenario

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/goccy/go-yaml/ast"
)

// checkSchema walks the AST beside the Go type it will be decoded into and
// reports every node that does not fit: unknown keys, a mapping where a
// list belongs, a word where a number belongs, and so on.
//
// goccy's strict decoder already rejects unknown keys, but it stops at the
// first problem and it is lenient where a rules engine must not be: it
// truncates "rounds: 1.5" to 1, reads "rounds: \"3\"" as 3 and "id: 12" as
// "12", and it panics on a point with three coordinates. Checking first
// lets Parse report all of these at once, each at its node, and hand the
// decoder only input it decodes faithfully.
func checkSchema(body ast.Node, t reflect.Type, file string) Errors {
	c := &schemaChecker{file: file, keys: map[string]bool{}}
	c.collectKeys(t, map[reflect.Type]bool{})
	c.check(body, t, "", MaxList)
	return c.errs
}

type schemaChecker struct {
	file string
	// keys holds every key any mapping of the format takes, to tell a
	// misplaced key (wrong indentation) from a misspelt one.
	keys map[string]bool
	errs Errors
}

func (c *schemaChecker) collectKeys(t reflect.Type, seen map[reflect.Type]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Struct:
		for _, f := range yamlFields(t) {
			c.keys[f.name] = true
			c.collectKeys(f.typ, seen)
		}
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Pointer:
		c.collectKeys(t.Elem(), seen)
	}
}

func (c *schemaChecker) errorf(n ast.Node, path, format string, args ...any) {
	at := yamlfile.NodePos(n)
	c.errs = append(c.errs, &Error{File: c.file, Line: at.Line, Col: at.Col, Field: path, Msg: fmt.Sprintf(format, args...)})
}

// check reports where n cannot be decoded into a value of type t. max is
// the most entries a list or mapping there may have.
func (c *schemaChecker) check(n ast.Node, t reflect.Type, path string, max int) {
	if !c.plain(n, path) {
		return
	}
	if _, ok := n.(*ast.NullNode); ok {
		// An empty value leaves the field at its zero value; the validator
		// reports it if the field is required.
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		// An optional value: present, it is checked as the value.
		c.check(n, t.Elem(), path, max)
	case reflect.Struct:
		c.checkStruct(n, t, path)
	case reflect.Slice:
		seq, ok := n.(*ast.SequenceNode)
		if !ok {
			c.errorf(n, path, "want a list, got %s", yamlfile.Describe(n))
			return
		}
		if c.tooMany(n, path, len(seq.Values), max) {
			return
		}
		for i, v := range seq.Values {
			c.check(v, t.Elem(), yamlfile.IndexPath(path, i), MaxList)
		}
	case reflect.Array:
		seq, ok := n.(*ast.SequenceNode)
		if !ok || len(seq.Values) != t.Len() {
			if t.Elem().Kind() == reflect.Array {
				c.errorf(n, path, "want a list of exactly %d points, as [[x, y], [x, y]], got %s", t.Len(), describeList(n))
				return
			}
			c.errorf(n, path, "want a list of exactly %d %ss, as [x, y], got %s", t.Len(), kindName(t.Elem()), yamlfile.Describe(n))
			return
		}
		for i, v := range seq.Values {
			c.check(v, t.Elem(), yamlfile.IndexPath(path, i), MaxList)
		}
	case reflect.Map:
		m, ok := n.(*ast.MappingNode)
		if !ok {
			c.errorf(n, path, "want a mapping of names to values, got %s", yamlfile.Describe(n))
			return
		}
		if c.tooMany(n, path, len(m.Values), max) {
			return
		}
		for _, mv := range m.Values {
			name, ok := c.key(mv, path)
			if ok {
				c.check(mv.Value, t.Elem(), yamlfile.ChildPath(path, name), MaxList)
			}
		}
	case reflect.Interface:
		c.checkAny(n, path)
	case reflect.String:
		if !isString(n) {
			c.errorf(n, path, "want a string, got %s (quote it if it is meant as text)", yamlfile.Describe(n))
			return
		}
		c.tooLong(n, path, yamlfile.TokenText(n))
	case reflect.Bool:
		if _, ok := n.(*ast.BoolNode); !ok {
			c.errorf(n, path, "want true or false, got %s", yamlfile.Describe(n))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		c.checkInt(n, t, path)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		c.checkUint(n, t, path)
	case reflect.Float32, reflect.Float64:
		switch n.(type) {
		case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
			// Infinity and NaN decode; the validator rejects them with the
			// field's own message.
		default:
			c.errorf(n, path, "want a number, got %s", yamlfile.Describe(n))
		}
	default:
		// Every field of Scenario has one of the kinds above; a new field
		// of another kind must be taught here rather than let through.
		c.errorf(n, path, "cannot check a value of Go type %s", t)
	}
}

// plain reports whether n is free of the YAML features a scenario does not
// use (yamlfile.Unsupported), reporting them if not. Neither anchors nor
// tags are needed to write a scenario out.
func (c *schemaChecker) plain(n ast.Node, path string) bool {
	msg, bad := yamlfile.Unsupported(n, "scenario")
	if msg != "" {
		c.errorf(n, path, "%s", msg)
	}
	return !bad
}

func (c *schemaChecker) checkStruct(n ast.Node, t reflect.Type, path string) {
	m, ok := n.(*ast.MappingNode)
	if !ok {
		c.errorf(n, path, "want a mapping with keys %s, got %s", yamlKeys(yamlFields(t)), yamlfile.Describe(n))
		return
	}
	fields := yamlFields(t)
	for _, mv := range m.Values {
		name, ok := c.key(mv, path)
		if !ok {
			continue
		}
		i := slices.IndexFunc(fields, func(f yamlField) bool { return f.name == name })
		if i < 0 && t == sideType {
			continue // the army's: its ruleset checks it (Army.Decode)
		}
		if i < 0 {
			// A key the format knows, under the wrong parent, is the usual
			// sign of wrong indentation: say so rather than leave the user
			// to wonder why a valid key is "unknown".
			hint := "check the spelling"
			if c.keys[name] {
				hint = "it belongs at another level: check the indentation"
			}
			c.errorf(mv.Key, yamlfile.ChildPath(path, name), "unknown field %q (this mapping takes %s); %s", name, yamlKeys(fields), hint)
			continue
		}
		c.check(mv.Value, fields[i].typ, yamlfile.ChildPath(path, name), fields[i].max)
	}
}

// sideType is Side, whose keys but the kernel's are its army's.
var sideType = reflect.TypeFor[Side]()

// key returns the name of a mapping entry's key, reporting keys that are
// not plain strings.
func (c *schemaChecker) key(mv *ast.MappingValueNode, path string) (string, bool) {
	if mv == nil || mv.Key == nil {
		return "", false
	}
	k := yamlfile.KeyOf(mv)
	if !c.plain(k, path) {
		return "", false
	}
	name, ok := keyName(k)
	if !ok {
		c.errorf(k, yamlfile.ChildPath(path, yamlfile.Prefix(name)), "want a string as key, got %s", yamlfile.Describe(k))
		return "", false
	}
	if c.tooLong(k, path, name) {
		return "", false
	}
	return name, true
}

// checkAny checks free-form content (a scripted action, an expected state):
// any YAML value will do, as long as it is plain and its keys are strings,
// so that it survives a round trip through JSON.
func (c *schemaChecker) checkAny(n ast.Node, path string) {
	if !c.plain(n, path) {
		return
	}
	switch n := n.(type) {
	case *ast.MappingNode:
		if c.tooMany(n, path, len(n.Values), MaxList) {
			return
		}
		for _, mv := range n.Values {
			if name, ok := c.key(mv, path); ok {
				c.checkAny(mv.Value, yamlfile.ChildPath(path, name))
			}
		}
	case *ast.SequenceNode:
		if c.tooMany(n, path, len(n.Values), MaxList) {
			return
		}
		for i, v := range n.Values {
			c.checkAny(v, yamlfile.IndexPath(path, i))
		}
	case *ast.StringNode, *ast.LiteralNode:
		c.tooLong(n, path, yamlfile.TokenText(n))
	}
}

func (c *schemaChecker) checkInt(n ast.Node, t reflect.Type, path string) {
	in, ok := n.(*ast.IntegerNode)
	if !ok {
		c.errorf(n, path, "want a whole number, got %s", yamlfile.Describe(n))
		return
	}
	var v int64
	switch x := in.Value.(type) {
	case int64:
		v = x
	case uint64:
		if x > 1<<63-1 {
			c.errorf(n, path, "%d is too large", x)
			return
		}
		v = int64(x)
	default:
		c.errorf(n, path, "want a whole number, got %s", yamlfile.Describe(n))
		return
	}
	if reflect.Zero(t).OverflowInt(v) {
		c.errorf(n, path, "%d is out of range", v)
	}
}

func (c *schemaChecker) checkUint(n ast.Node, t reflect.Type, path string) {
	in, ok := n.(*ast.IntegerNode)
	if !ok {
		c.errorf(n, path, "want a whole number, got %s", yamlfile.Describe(n))
		return
	}
	var v uint64
	switch x := in.Value.(type) {
	case uint64:
		v = x
	case int64:
		if x < 0 {
			c.errorf(n, path, "want a number 0 or more, got %d", x)
			return
		}
		v = uint64(x)
	default:
		c.errorf(n, path, "want a whole number, got %s", yamlfile.Describe(n))
		return
	}
	if reflect.Zero(t).OverflowUint(v) {
		c.errorf(n, path, "%d is out of range", v)
	}
}

// isString reports whether n is text: plain, quoted, or a block literal.
func isString(n ast.Node) bool {
	switch n.(type) {
	case *ast.StringNode, *ast.LiteralNode:
		return true
	}
	return false
}

// kindName names a Go element type for messages.
// describeList describes n, counting a list's items.
func describeList(n ast.Node) string {
	if seq, ok := n.(*ast.SequenceNode); ok {
		return fmt.Sprintf("a list of %d", len(seq.Values))
	}
	return yamlfile.Describe(n)
}

func kindName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	}
	return t.String()
}

// yamlField is one key a struct takes in YAML.
type yamlField struct {
	name string
	typ  reflect.Type
	max  int // the most entries its list or mapping may have
}

// tooMany reports a list or mapping of more than max entries, once, so
// that none of its entries is read.
func (c *schemaChecker) tooMany(n ast.Node, path string, count, max int) bool {
	if count <= max {
		return false
	}
	c.errorf(n, path, "%d entries, more than the %d a scenario may have here; none was read", count, max)
	return true
}

// tooLong reports a string of more than MaxString bytes, quoting only its
// start.
func (c *schemaChecker) tooLong(n ast.Node, path, s string) bool {
	if len(s) <= MaxString {
		return false
	}
	c.errorf(n, path, "a string of %d bytes (%s), longer than the %d a scenario may have", len(s), yamlfile.Prefix(s), MaxString)
	return true
}

// yamlFields lists the YAML keys of a struct in declaration order, which
// reads like the documentation when listed in a message. Fields tagged "-"
// are not part of the file.
func yamlFields(t reflect.Type) []yamlField {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]yamlField)
	}
	var fields []yamlField
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name) // goccy's default
		}
		fields = append(fields, yamlField{name, f.Type, maxOf(f)})
	}
	fieldCache.Store(t, fields)
	return fields
}

// fieldCache holds yamlFields' answers by type: the scan before parsing
// asks for them once for each list or mapping of the file.
var fieldCache sync.Map

func yamlKeys(fields []yamlField) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	return strings.Join(names, ", ")
}
