package yamlfile

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// ParseOne parses a file that holds one YAML document and returns the
// document's body: nil, with no error, when the file holds none (it is
// empty, or only comments), since whether that is wrong is the reader's
// to say. A syntax error or a second document is one Error, placed in file.
//
// what names the kind of file in the message about a second document ("a
// catalog file holds one YAML document"). syntax starts a syntax error's
// message, before the parser's own: the readers word it differently
// ("invalid YAML: " for catalogs, nothing for scenarios), and their users
// and tests know those words.
//
// Before the tokenizer or the parser sees the file, its size, nesting and
// entries are checked against MaxFileSize, MaxDepth and MaxEntries by
// scans of its bytes (checkBounds, checkEntries), and its nesting again on
// the tokens (tokenDepth): the parser's cost grows with the square of the
// depth and with every node, so a small hostile file could otherwise take
// seconds and gigabytes.
//
// The parser is third-party code fed untrusted input (user files, and
// uploads through the server): a panic in it becomes an Error at the
// file's start instead of taking the process down.
func ParseOne(file string, data []byte, what, syntax string) (ast.Node, *Error) {
	body, errs := ParseWithin(file, data, what, syntax, nil, MaxEntries)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return body, nil
}

// ParseWithin is ParseOne that also holds each list and mapping to its
// reader's bound, limit (nil: none of its own), and all of them together
// to maxEntries (at most MaxEntries), before the parser sees the file: the
// reader's own check after parsing comes too late to spare the parser a
// list of 60,000 entries. Each collection over its bound is one Error, "N
// entries, more than the M a <what> may have here", at the collection,
// naming its field.
func ParseWithin(file string, data []byte, what, syntax string, limit Limit, maxEntries int) (body ast.Node, errs Errors) {
	defer func() {
		if r := recover(); r != nil {
			body, errs = nil, Errors{{File: file, Line: 1, Col: 1, Msg: OneLine(fmt.Sprintf("cannot parse YAML: %v", r))}}
		}
	}()
	if e := checkBounds(file, data); e != nil {
		return nil, Errors{e}
	}
	if line := emptyDocument(data); line > 0 {
		return nil, Errors{{File: file, Line: line, Col: 1, Msg: fmt.Sprintf("an empty YAML document ends here: a %s file holds one document (remove the extra \"---\")", what)}}
	}
	if line := directive(data); line > 0 {
		// The scan of the entries reads no document after a directive, so
		// a file with one would reach the parser unbounded by its limits.
		return nil, Errors{{File: file, Line: line, Col: 1, Msg: fmt.Sprintf("a YAML directive (%%YAML, %%TAG): a %s file takes none (remove the line)", what)}}
	}
	if errs := checkEntries(file, data, what, limit, min(maxEntries, MaxEntries)); len(errs) > 0 {
		return nil, errs
	}
	tokens := lexer.Tokenize(string(data))
	if tk := tokenDepth(tokens, MaxDepth); tk != nil {
		return nil, Errors{tooDeep(file, TokenPos(tk).OrStart())}
	}
	f, err := parser.Parse(tokens, 0)
	if err != nil {
		msg, tk := SplitError(err)
		p := TokenPos(tk).OrStart()
		return nil, Errors{{File: file, Line: p.Line, Col: p.Col, Msg: syntax + msg}}
	}
	var docs []*ast.DocumentNode
	for _, d := range f.Docs {
		if d != nil && d.Body != nil {
			docs = append(docs, d)
		}
	}
	switch len(docs) {
	case 0:
		return nil, nil
	case 1:
		return docs[0].Body, nil
	}
	p := TokenPos(docs[1].Start) // the "---" that starts it
	if p.Line == 0 {
		p = NodePos(docs[1].Body)
	}
	return nil, Errors{{File: file, Line: p.Line, Col: p.Col, Msg: fmt.Sprintf("a %s file holds one YAML document; found a second", what)}}
}

// SplitError splits an error from goccy/go-yaml into its message, on one
// line, and the token it blames (nil if it names none). goccy's own
// Error() text carries the position and an excerpt of the source over
// several lines; an Error places itself and stays on one line.
func SplitError(err error) (msg string, tk *token.Token) {
	var ye yaml.Error
	if errors.As(err, &ye) {
		return OneLine(ye.GetMessage()), ye.GetToken()
	}
	return OneLine(err.Error()), nil
}

// OrStart is p, or the file's first line and column when p is unknown:
// a problem in a file always gets a line, so an editor can jump to it.
func (p Pos) OrStart() Pos {
	if p.Line == 0 {
		return Pos{Line: 1, Col: 1}
	}
	return p
}

// emptyDocument is the line of a "---" that follows another with nothing
// but blank and comment lines between them, or 0. That empty document is
// legal YAML, but goccy/go-yaml (v1.19.2) then drops the document after it
// without a word, so a file that starts with "---" twice would load as
// empty; it is refused instead.
// directive is the line of a YAML directive ("%YAML 1.2", "%TAG ...") in
// the lines before the document's first content, or 0 for none.
func directive(data []byte) int {
	for i, line := range strings.Split(string(data), "\n") {
		switch t := strings.TrimSpace(line); {
		case strings.HasPrefix(line, "%"):
			return i + 1
		case t == "" || strings.HasPrefix(t, "#"):
		default:
			return 0
		}
	}
	return 0
}

func emptyDocument(data []byte) int {
	open := false // a "---" with no content after it yet
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case line == "---" || strings.HasPrefix(line, "--- ") || strings.HasPrefix(line, "---\t"):
			rest := strings.TrimSpace(line[3:])
			if open {
				return i + 1
			}
			open = rest == "" || strings.HasPrefix(rest, "#")
		case strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#"):
		default:
			open = false
		}
	}
	return 0
}
