package scenario

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
)

// Catalog answers whether a profile exists. The scenario package does not
// know any ruleset's profiles; the ruleset's catalog implements this so a
// scenario naming a profile that does not exist is caught at load, at the
// line of the reference, instead of at Setup.
type Catalog interface {
	HasProfile(name string) bool
}

// Extender is a Catalog that takes more files: the ones a scenario's
// catalogs field lists. Extend returns a new catalog with the files'
// entries merged over the receiver's, which is unchanged; an error in a
// file is reported at its own file:line:col.
type Extender interface {
	Catalog
	Extend(files []CatalogFile) (Catalog, error)
}

// TerrainChecker is a Catalog whose ruleset reads terrain its own way: the
// loader hands it each piece and reports a problem at the field it names
// (a key of the piece, such as "kind"), with the file's line and column.
type TerrainChecker interface {
	CheckTerrain(t Terrain) (field string, err error)
}

// CatalogFile is one file the catalogs field lists, read: its path
// resolved against the scenario file's directory, and its bytes.
type CatalogFile struct {
	Path string
	Data []byte
}

// Options tunes loading.
type Options struct {
	// Catalog checks profile references; nil skips the check. If it is an
	// Extender, the files the scenario's catalogs field lists are merged
	// over it first.
	Catalog Catalog
	// CatalogFor, when Catalog is nil, gives the catalog of the ruleset the
	// scenario names, once its ruleset field is read: a program that plays
	// several rulesets parses the file once instead of once to learn the
	// ruleset and again to check its profiles. It may return nil (no check).
	CatalogFor func(ruleset string) Catalog
	// ReadFile reads a file the catalogs field lists, at its path resolved
	// against the scenario file's directory. Load sets it to read from disk,
	// at most yamlfile.MaxFileSize bytes; nil leaves the files unread (a
	// server parsing an upload must not read its own disk for it), and then
	// the scenario's Catalog is nil if it lists any.
	ReadFile func(path string) ([]byte, error)
}

// Load reads and parses the scenario file at path, and the catalog files
// it lists. See Parse.
func Load(path string, opts Options) (*Scenario, error) {
	if opts.ReadFile == nil {
		opts.ReadFile = func(p string) ([]byte, error) { return yamlfile.ReadFile(p, yamlfile.MaxFileSize) }
	}
	data, err := yamlfile.ReadFile(path, yamlfile.MaxFileSize)
	if e, ok := err.(*Error); ok {
		return nil, Errors{e}
	}
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return Parse(path, data, opts)
}

// Parse decodes and validates a scenario. file names the source in error
// messages and is kept in Scenario.File.
//
// On failure the error is an Errors listing every problem found, each with
// file, line, column and field. Problems of form (bad YAML, unknown keys,
// wrong types) are reported first and alone: until the file has the right
// shape its meaning cannot be checked without a cascade of spurious
// complaints. Once it has, every semantic problem is reported.
func Parse(file string, data []byte, opts Options) (*Scenario, error) {
	// The ruleset's catalog is asked for before the parse when the file's
	// ruleset line can be read from its bytes, so that the scan holds the
	// armies to the ruleset's bounds (ArmyTyper); it is asked again after
	// the parse only if the file names another.
	asked, early := "", false
	if opts.Catalog == nil && opts.CatalogFor != nil && len(data) <= yamlfile.MaxFileSize {
		if asked, early = yamlfile.RootValue(data, "ruleset"); early {
			opts.Catalog = opts.CatalogFor(asked)
		}
	}
	var army reflect.Type
	if t, ok := opts.Catalog.(ArmyTyper); ok {
		army = t.ArmyType()
	}
	body, errs := parseYAML(file, data, army)
	if errs != nil {
		return nil, errs
	}
	if errs := checkSchema(body, reflect.TypeFor[Scenario](), file); len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	at := indexPositions(body)
	sc, err := decode(file, body, at)
	if err != nil {
		return nil, err
	}
	sc.File = file
	sc.at = at
	for i := range sc.Sides {
		a := &sc.Sides[i].Army
		a.file, a.at, a.path = file, at, yamlfile.IndexPath("sides", i)
	}
	if early && sc.Ruleset != asked || !early && opts.Catalog == nil && opts.CatalogFor != nil {
		opts.Catalog = opts.CatalogFor(sc.Ruleset)
	}
	for i := range sc.Script {
		sc.Script[i].Line = at.lookup(yamlfile.IndexPath("script", i)).Line
	}
	if errs := sc.readCatalogs(&opts, at); len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	if errs := validate(sc, opts, at); len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return sc, nil
}

// parseYAML parses data into the body of its one document, which a
// scenario file must have.
func parseYAML(file string, data []byte, army reflect.Type) (ast.Node, Errors) {
	body, errs := yamlfile.ParseWithin(file, data, "scenario", "", limitsOf(army), MaxEntries)
	switch {
	case len(errs) > 0:
		return nil, errs
	case body == nil:
		return nil, Errors{{File: file, Line: 1, Col: 1, Msg: "the file holds no scenario"}}
	}
	return body, nil
}

// decode fills a Scenario from a body that passed checkSchema. goccy's
// strict mode stays on as a second line of defence; any error it still
// raises is turned into an Error naming the field.
func decode(file string, body ast.Node, at *positions) (sc *Scenario, err error) {
	defer func() {
		// NodeToValue is third-party code too: see yamlfile.ParseOne.
		if r := recover(); r != nil {
			p := yamlfile.NodePos(body).OrStart()
			sc, err = nil, Errors{{File: file, Line: p.Line, Col: p.Col, Msg: yamlfile.OneLine(fmt.Sprintf("cannot decode: %v", r))}}
		}
	}()
	sc = new(Scenario)
	if err := yaml.NodeToValue(body, sc, yaml.Strict()); err != nil {
		return nil, Errors{yamlError(file, err, at)}
	}
	return sc, nil
}

// yamlError converts an error from goccy, which carries the offending token
// but not the field, into an Error. at, if not nil, names the field.
func yamlError(file string, err error, at *positions) *Error {
	msg, tk := yamlfile.SplitError(err)
	p := yamlfile.TokenPos(tk).OrStart()
	e := &Error{File: file, Line: p.Line, Col: p.Col, Msg: msg}
	if tk != nil && at != nil {
		e.Field = at.byToken[tk]
	}
	return e
}

// readCatalogs reads the files the catalogs field lists ("User catalogs"
// in docs/SCENARIOS.md) and, if opts.Catalog is an Extender, merges them over
// it: opts.Catalog and sc.Catalog become the merged catalog, against which
// the profiles are then checked. A file that cannot be read is an error at
// its entry in the list; an error inside a file is at its own place.
func (sc *Scenario) readCatalogs(opts *Options, at *positions) Errors {
	if len(sc.Catalogs) == 0 {
		sc.Catalog = opts.Catalog
		return nil
	}
	if opts.ReadFile == nil {
		return nil // unread: sc.Catalog stays nil
	}
	var errs Errors
	files := make([]CatalogFile, 0, len(sc.Catalogs))
	for i, name := range sc.Catalogs {
		if strings.TrimSpace(name) == "" {
			continue // validate reports it
		}
		path := name
		if !filepath.IsAbs(path) {
			path = filepath.Join(filepath.Dir(sc.File), path)
		}
		data, err := opts.ReadFile(path)
		if err != nil {
			p := at.lookup(yamlfile.IndexPath("catalogs", i))
			msg := err.Error()
			if e, ok := err.(*Error); ok {
				msg = e.Msg
			} else if errors.Is(err, fs.ErrNotExist) {
				msg = "no such file"
			}
			errs = append(errs, &Error{File: sc.File, Line: p.Line, Col: p.Col, Field: yamlfile.IndexPath("catalogs", i),
				Msg: fmt.Sprintf("cannot read the catalog file %s: %s", path, yamlfile.OneLine(msg))})
			continue
		}
		files = append(files, CatalogFile{Path: path, Data: data})
	}
	if len(errs) > 0 {
		return errs
	}
	ext, ok := opts.Catalog.(Extender)
	if !ok {
		return nil // read, so a missing file is caught; nothing to merge into
	}
	merged, err := ext.Extend(files)
	if err != nil {
		var es Errors
		if errors.As(err, &es) {
			// Each file's errors come after the scenario's own.
			for _, e := range es {
				e.Seq++
			}
			return es
		}
		p := at.lookup("catalogs")
		return Errors{{File: sc.File, Line: p.Line, Col: p.Col, Field: "catalogs", Msg: yamlfile.OneLine(err.Error())}}
	}
	opts.Catalog, sc.Catalog = merged, merged
	return nil
}
