package scenario

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
)

// Army is a side's army: every key of the side's mapping but the kernel's
// own (seat, name, faction), passed through to the ruleset as it stands in
// the file. The ruleset decodes it into a type of its own (Decode), checks
// it with a Checker, so that each problem is reported at its file, line
// and column, and keeps the result in Value. A side built in Go has no
// YAML: its Value is the ruleset's army as given.
type Army struct {
	// Value is the ruleset's army: what its reader decoded, or what Go
	// code set.
	Value any

	node *ast.MappingNode // the side's mapping; nil for a side built in Go
	file string
	at   *positions
	path string // the side's field path, "sides[1]"
}

// sideKeys are the keys of a side that the kernel reads itself; every
// other key is the ruleset's.
var sideKeys = []string{"seat", "name", "faction"}

// Path is the field path of the side this army belongs to ("sides[1]"),
// under which its fields are named in errors.
func (a *Army) Path() string { return a.path }

// Given reports whether the side's mapping has the ruleset's key name.
func (a *Army) Given(name string) bool {
	if a.node == nil {
		return false
	}
	for _, mv := range a.node.Values {
		if k, ok := keyName(yamlfile.KeyOf(mv)); ok && k == name {
			return true
		}
	}
	return false
}

// Decode decodes the army's keys into v, a pointer to the ruleset's army
// struct, checked against v's type as Parse checks the kernel's fields: no
// unknown key, each value of its field's type, each list within its field's
// `max` tag, each string within MaxString. It returns every problem, each
// at its file:line:col, or nil; v is set only when there is none. For a side
// built in Go it does nothing and returns nil.
func (a *Army) Decode(v any) Errors {
	if a.node == nil {
		return nil
	}
	t := reflect.TypeOf(v)
	if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return Errors{{File: a.file, Field: a.path, Msg: fmt.Sprintf("cannot decode an army into %T", v)}}
	}
	c := &schemaChecker{file: a.file, keys: map[string]bool{}}
	c.collectKeys(t.Elem(), map[reflect.Type]bool{})
	fields := yamlFields(t.Elem())
	takes := append(slices.Clone(sideKeys), yamlKeys(fields))
	own := &ast.MappingNode{BaseNode: a.node.BaseNode, Start: a.node.Start, End: a.node.End, IsFlowStyle: a.node.IsFlowStyle}
	for _, mv := range a.node.Values {
		name, ok := c.key(mv, a.path)
		if !ok || slices.Contains(sideKeys, name) {
			continue
		}
		i := slices.IndexFunc(fields, func(f yamlField) bool { return f.name == name })
		if i < 0 {
			c.errorf(mv.Key, yamlfile.ChildPath(a.path, name), "unknown field %q (a side takes %s); check the spelling", name, strings.Join(takes, ", "))
			continue
		}
		c.check(mv.Value, fields[i].typ, yamlfile.ChildPath(a.path, name), fields[i].max)
		own.Values = append(own.Values, mv)
	}
	if len(c.errs) > 0 {
		c.errs.Sort()
		return c.errs
	}
	if err := decodeNode(a.file, own, v, a.at); err != nil {
		return err
	}
	return nil
}

// decodeNode decodes n into v with goccy's strict decoder, its errors and
// panics turned into an Error at the node (or the token) they name.
func decodeNode(file string, n ast.Node, v any, at *positions) (errs Errors) {
	defer func() {
		// NodeToValue is third-party code too: see yamlfile.ParseOne.
		if r := recover(); r != nil {
			p := yamlfile.NodePos(n).OrStart()
			errs = Errors{{File: file, Line: p.Line, Col: p.Col, Msg: yamlfile.OneLine(fmt.Sprintf("cannot decode: %v", r))}}
		}
	}()
	if err := yaml.NodeToValue(n, v, yaml.Strict()); err != nil {
		return Errors{yamlError(file, err, at)}
	}
	return nil
}

// UnmarshalYAML reads the kernel's keys of a side and keeps the mapping
// for the ruleset (Army); Parse has checked its shape.
func (s *Side) UnmarshalYAML(n ast.Node) error {
	m, ok := n.(*ast.MappingNode)
	if !ok {
		return fmt.Errorf("a side is a mapping, got %s", yamlfile.Describe(n))
	}
	for _, mv := range m.Values {
		name, _ := keyName(yamlfile.KeyOf(mv))
		var dst *string
		switch name {
		case "seat":
			dst = &s.Seat
		case "name":
			dst = &s.Name
		case "faction":
			dst = &s.Faction
		default:
			continue
		}
		if err := yaml.NodeToValue(mv.Value, dst); err != nil {
			return err
		}
	}
	s.Army.node = m
	return nil
}

// Checker reports the problems of a scenario's armies, each at the place
// in the file its field path names ("sides[0].troopers[1].id"), or, for a
// scenario built in Go, at the path alone. A ruleset's army reader uses it
// as the loader checks the kernel's fields.
type Checker struct {
	sc   *Scenario
	errs Errors
}

// NewChecker is a Checker of sc's armies.
func NewChecker(sc *Scenario) *Checker { return &Checker{sc: sc} }

// Errorf reports a problem with the field at path.
func (c *Checker) Errorf(path, format string, args ...any) {
	at := c.sc.at.lookup(path)
	c.errs = append(c.errs, &Error{File: c.sc.File, Line: at.Line, Col: at.Col, Field: path, Msg: fmt.Sprintf(format, args...)})
}

// Add reports problems found elsewhere (Army.Decode's).
func (c *Checker) Add(errs Errors) { c.errs = append(c.errs, errs...) }

// Failed reports whether any problem has been reported.
func (c *Checker) Failed() bool { return len(c.errs) > 0 }

// Err is every problem reported, in file order, or nil.
func (c *Checker) Err() error {
	c.errs.Sort()
	return errOrNil(c.errs)
}

// Where names an earlier field for a message about a duplicate: by line
// when the scenario came from a file, else by field path.
func (c *Checker) Where(path string) string {
	if at := c.sc.at.lookup(path); at.Line > 0 {
		return fmt.Sprintf("line %d", at.Line)
	}
	return path
}

// Required reports whether the text field at path has a value, reporting
// it if not.
func (c *Checker) Required(path, value string) bool {
	if strings.TrimSpace(value) == "" {
		c.Errorf(path, "%s is required", lastStep(path))
		return false
	}
	return true
}

// Unique checks the key (field, an id or a name) of the entry at path, as
// every entry that others refer to by key is checked: it is required, and
// no earlier entry may have it. prev is the path of the earlier entry with
// this key, "" if there is none; taken formats the message for a repeat
// from the key and where the earlier one is. It reports whether the key is
// good and new, for the caller to record.
func (c *Checker) Unique(path, field, key, prev, taken string) bool {
	kp := yamlfile.ChildPath(path, field)
	if !c.Required(kp, key) {
		return false
	}
	if prev != "" {
		c.Errorf(kp, taken, key, c.Where(yamlfile.ChildPath(prev, field)))
		return false
	}
	return true
}

// IDTaken is the message for an id given twice, after the kind of id.
const IDTaken = "%q is already used (%s); ids must be unique across the scenario"

// Finite reports a NaN or infinite number, which no geometry or rule can
// use and which JSON (the log, the server) cannot carry.
func (c *Checker) Finite(path string, x float64) bool {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		c.Errorf(path, "must be a finite number, got %v", x)
		return false
	}
	return true
}

// OnTable checks the centre at, found at path, of a model or a piece on
// the table: finite coordinates and, when the table itself is sound, a
// point on it.
func (c *Checker) OnTable(path string, at [2]float64) {
	x, y := at[0], at[1]
	if !c.Finite(yamlfile.IndexPath(path, 0), x) || !c.Finite(yamlfile.IndexPath(path, 1), y) || !c.sc.Table.Sound() {
		return
	}
	if w, h := c.sc.Table.Width, c.sc.Table.Height; x < 0 || x > w || y < 0 || y > h {
		c.Errorf(path, "centre (%v, %v) is off the %v×%v table", x, y, w, h)
	}
}

// Sound reports whether the table has a usable size: each side finite
// and greater than 0.
func (t Table) Sound() bool {
	return t.Width > 0 && !math.IsInf(t.Width, 0) && t.Height > 0 && !math.IsInf(t.Height, 0)
}

// ArmyReader is a Catalog whose ruleset reads the sides' armies when the
// scenario is loaded, so that their problems are reported with the
// kernel's, all at once: it decodes each side's Army (setting its Value)
// and reports every problem on c.
type ArmyReader interface {
	ReadArmies(sc *Scenario, c *Checker)
}

// ArmyTyper is a Catalog that names its ruleset's army type, the struct a
// side's Army decodes into (Army.Decode): the scan of a file's bytes
// before the parse then holds each side's army to that type's bounds (its
// `max` tags), so that an army over them costs no parse. Parse learns the
// ruleset for Options.CatalogFor from the file's ruleset line
// (yamlfile.RootValue) before the scan.
type ArmyTyper interface {
	ArmyType() reflect.Type
}
