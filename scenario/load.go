package scenario

import (
	"fmt"
	"reflect"

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

// Options tunes loading.
type Options struct {
	// Catalog checks profile references; nil skips the check.
	Catalog Catalog
}

// Load reads and parses the scenario file at path. See Parse.
func Load(path string, opts Options) (*Scenario, error) {
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
	body, errs := parseYAML(file, data)
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
	for i := range sc.Script {
		sc.Script[i].Line = at.lookup(yamlfile.IndexPath("script", i)).Line
	}
	if errs := validate(sc, opts, at); len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return sc, nil
}

// parseYAML parses data into the body of its one document, which a
// scenario file must have.
func parseYAML(file string, data []byte) (ast.Node, Errors) {
	body, err := yamlfile.ParseOne(file, data, "scenario", "")
	switch {
	case err != nil:
		return nil, Errors{err}
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
