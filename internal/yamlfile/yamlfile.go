// Package yamlfile holds what Ordo's strict YAML readers (scenario files,
// catalog files) share: parsing a file of one document safely, errors that
// name file, line, column and field, where a node of
// goccy/go-yaml's tree starts, how to describe a node in a message, and the
// field paths errors use ("sides[0].troopers[2].id").
package yamlfile

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// Error is one problem in a file: its file, the line and column of the
// offending node, the field, and what is wrong.
type Error struct {
	File string
	// Line and Col are 1-based; 0 means the position is unknown.
	Line, Col int
	// Field is the path of the field in the file's own spelling, e.g.
	// "sides[0].combat-groups[1].troopers[2]"; "" is the whole file.
	Field string
	Msg   string
	// Seq orders the files of one load (0 for a single file), so that the
	// errors of several files are listed file by file.
	Seq int
}

// Error formats the problem as "file:line:col: field: message", the shape
// compilers use, so editors and CI logs can link to the line. Unknown parts
// are left out, and text from the file is kept on one line.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		if e.File != "" {
			b.WriteByte(':')
		}
		b.WriteString(strconv.Itoa(e.Line))
		if e.Col > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(e.Col))
		}
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString(Printable(e.Field))
		b.WriteString(": ")
	}
	b.WriteString(Printable(e.Msg))
	return b.String()
}

// Errors is every problem found in one load: a reader reports them all, so
// that a file is fixed in one pass.
type Errors []*Error

// Error formats the problems one per line.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap exposes each *Error to errors.Is and errors.As.
func (es Errors) Unwrap() []error {
	errs := make([]error, len(es))
	for i, e := range es {
		errs[i] = e
	}
	return errs
}

// Sort orders the errors file by file, then as they appear in each file;
// errors at the same place keep the order they were found in.
func (es Errors) Sort() {
	slices.SortStableFunc(es, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.Seq, b.Seq), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}

// Printable keeps text on one line: a key or value from the file may hold a
// newline or other control characters, which are escaped.
func Printable(s string) string {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			q := strconv.Quote(s)
			return q[1 : len(q)-1]
		}
	}
	return s
}

// Prefix quotes the start of s for a message about a bad value: at most 32
// bytes (on a rune boundary), then "…" if there was more, so that a huge
// value is never echoed whole.
func Prefix(s string) string {
	const n = 32
	if len(s) <= n {
		return strconv.Quote(s)
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…"
}

// Pos is a 1-based line and column; zero is unknown.
type Pos struct{ Line, Col int }

// NodePos is where a node starts. A block mapping's own token is its first
// ':', so it is placed at its first key instead, where a reader looks.
func NodePos(n ast.Node) Pos {
	if d, ok := n.(*ast.DocumentNode); ok {
		return NodePos(d.Body)
	}
	if m, ok := n.(*ast.MappingNode); ok && !m.IsFlowStyle && len(m.Values) > 0 && m.Values[0] != nil && m.Values[0].Key != nil {
		return NodePos(m.Values[0].Key)
	}
	return TokenPos(NodeToken(n))
}

// NodeToken is n.GetToken without the traps: a nil node, or a document
// without a body, whose GetToken dereferences nil.
func NodeToken(n ast.Node) *token.Token {
	switch n := n.(type) {
	case nil:
		return nil
	case *ast.DocumentNode:
		if n.Body == nil {
			return n.Start
		}
		return NodeToken(n.Body)
	case *ast.MappingValueNode:
		if n.Key == nil {
			return n.Start
		}
		return NodeToken(n.Key)
	case *ast.MappingKeyNode:
		return n.Start
	}
	return n.GetToken()
}

// TokenPos is a token's position.
func TokenPos(tk *token.Token) Pos {
	if tk == nil || tk.Position == nil {
		return Pos{}
	}
	return Pos{Line: tk.Position.Line, Col: tk.Position.Column}
}

// TokenText is the text of a node's token, or "".
func TokenText(n ast.Node) string {
	if tk := NodeToken(n); tk != nil {
		return tk.Value
	}
	return ""
}

// IsNull reports an absent or null node.
func IsNull(n ast.Node) bool {
	_, ok := n.(*ast.NullNode)
	return n == nil || ok
}

// Describe names what a node holds, for messages: `an integer (12)`.
func Describe(n ast.Node) string {
	var what string
	switch n.(type) {
	case nil, *ast.NullNode:
		return "nothing"
	case *ast.MappingNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.StringNode, *ast.LiteralNode:
		what = "a string"
	case *ast.IntegerNode:
		what = "an integer"
	case *ast.FloatNode:
		what = "a number"
	case *ast.InfinityNode, *ast.NanNode:
		what = "a non-finite number"
	case *ast.BoolNode:
		what = "a boolean"
	default:
		return "a " + n.Type().YAMLName()
	}
	if t := TokenText(n); t != "" && len(t) <= 40 {
		return fmt.Sprintf("%s (%s)", what, Printable(t))
	}
	return what
}

// ChildPath is path's field key: "sides[0]" + "seat" → "sides[0].seat".
func ChildPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// IndexPath is path's element i: "sides" + 0 → "sides[0]".
func IndexPath(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// ParentPath drops the last step of a path: "a.b[2]" → "a.b" → "a" → "".
func ParentPath(path string) string {
	if strings.HasSuffix(path, "]") {
		if i := strings.LastIndexByte(path, '['); i >= 0 {
			return path[:i]
		}
	}
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return ""
}

// OneLine folds a parser's message onto one line: an error names one place
// and must stay one line.
func OneLine(msg string) string { return strings.Join(strings.Fields(msg), " ") }

// Unsupported says what is wrong with n, if it is one of the YAML features
// Ordo's files do not use, naming the kind of file (what: "catalog",
// "scenario") in the message. An anchor or alias would let one node stand
// in several places, so a problem in it could not be given one line; a tag
// changes how a scalar reads behind the reader's back; the other node kinds
// refused here never stand as a value. A nil node is bad with no message:
// there is nothing to report it at.
func Unsupported(n ast.Node, what string) (msg string, bad bool) {
	switch n.(type) {
	case nil:
		return "", true
	case *ast.AnchorNode, *ast.AliasNode, *ast.MergeKeyNode:
		return "anchors, aliases and merge keys are not supported in " + what + " files; write the value out", true
	case *ast.TagNode:
		return "tags are not supported in " + what + " files; quote a value to make it a string", true
	case *ast.DirectiveNode, *ast.CommentNode, *ast.CommentGroupNode, *ast.DocumentNode,
		*ast.MappingValueNode, *ast.MappingKeyNode, *ast.SequenceEntryNode:
		return "unexpected " + Describe(n) + " here", true
	}
	return "", false
}

// KeyOf is the key node of a mapping entry, unwrapped from the explicit
// "? key" form, or nil for an entry without a key.
func KeyOf(mv *ast.MappingValueNode) ast.Node {
	if mv == nil || mv.Key == nil {
		return nil
	}
	var k ast.Node = mv.Key
	if mk, ok := k.(*ast.MappingKeyNode); ok {
		return mk.Value
	}
	return k
}

// Lookup returns the position of path in at or, if at lacks it, of its
// nearest ancestor there: a missing field is reported where it should have
// been, in the mapping that lacks it. ok is false when neither path nor
// any ancestor, the root "" included, is known.
func Lookup(at map[string]Pos, path string) (p Pos, ok bool) {
	for {
		if p, ok := at[path]; ok {
			return p, true
		}
		if path == "" {
			return Pos{}, false
		}
		path = ParentPath(path)
	}
}
