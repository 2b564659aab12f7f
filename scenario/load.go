package scenario

import (
	"errors"
	"fmt"
	"os"
	"reflect"

	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
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
	data, err := os.ReadFile(path)
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

// parseYAML parses data into the body of its one document.
func parseYAML(file string, data []byte) (body ast.Node, errs Errors) {
	defer func() {
		// The parser is third-party code fed untrusted input (the server
		// accepts uploaded scenarios); a panic there must become an error,
		// not take the process down.
		if r := recover(); r != nil {
			body, errs = nil, Errors{{File: file, Line: 1, Col: 1, Msg: yamlfile.OneLine(fmt.Sprintf("cannot parse YAML: %v", r))}}
		}
	}()
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, Errors{yamlError(file, err, nil)}
	}
	var docs []*ast.DocumentNode
	for _, d := range f.Docs {
		if d != nil && d.Body != nil {
			docs = append(docs, d)
		}
	}
	switch {
	case len(docs) == 0:
		return nil, Errors{{File: file, Line: 1, Col: 1, Msg: "the file holds no scenario"}}
	case len(docs) > 1:
		at := yamlfile.TokenPos(docs[1].Start) // the "---" that starts it
		if at.Line == 0 {
			at = yamlfile.NodePos(docs[1].Body)
		}
		return nil, Errors{{File: file, Line: at.Line, Col: at.Col, Msg: "a scenario file holds one YAML document; found a second"}}
	}
	return docs[0].Body, nil
}

// decode fills a Scenario from a body that passed checkSchema. goccy's
// strict mode stays on as a second line of defence; any error it still
// raises is turned into an Error naming the field.
func decode(file string, body ast.Node, at *positions) (sc *Scenario, err error) {
	defer func() {
		if r := recover(); r != nil {
			p := yamlfile.NodePos(body)
			if p.Line == 0 {
				p.Line, p.Col = 1, 1 // no position: the file's start, as parseYAML does
			}
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
	e := &Error{File: file, Msg: yamlfile.OneLine(err.Error())}
	var ye yaml.Error
	if errors.As(err, &ye) {
		e.Msg = yamlfile.OneLine(ye.GetMessage())
		if tk := ye.GetToken(); tk != nil {
			p := yamlfile.TokenPos(tk)
			e.Line, e.Col = p.Line, p.Col
			if at != nil {
				e.Field = at.byToken[tk]
			}
		}
	}
	if e.Line == 0 {
		e.Line, e.Col = 1, 1
	}
	return e
}
