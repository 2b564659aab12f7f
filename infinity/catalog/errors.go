package catalog

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Error is one problem in a catalog file. It names the file, the line and
// column of the offending node and the field, so that whoever wrote the file
// can go straight to the mistake (DESIGN.md point 10).
type Error struct {
	File string
	// Line and Col are 1-based; 0 means the position is unknown.
	Line, Col int
	// Field is the path of the field in the file's own spelling, e.g.
	// "profiles[2].weapons[1]"; "" is the whole file.
	Field string
	Msg   string

	// order is the index of the file among those loaded together, so that
	// the errors of several files are listed file by file.
	order int
}

// Error formats the problem as "file:line:col: field: message", the shape
// compilers use, so editors and CI logs can link to the line. Parts that are
// unknown are left out.
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
		b.WriteString(printable(e.Field))
		b.WriteString(": ")
	}
	b.WriteString(printable(e.Msg))
	return b.String()
}

// Errors is every problem found in the files of one load. Loading reports
// them all rather than stopping at the first, so that a catalog is fixed in
// one pass.
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

// sort orders the errors file by file (in load order), then as they appear
// in each file; errors at the same place keep the order they were found in.
func (es Errors) sort() {
	slices.SortStableFunc(es, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.order, b.order), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}

// printable keeps one error on one line: text taken from the file (a key, a
// value) may hold a newline or other control characters, which are escaped.
func printable(s string) string {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			q := strconv.Quote(s)
			return q[1 : len(q)-1]
		}
	}
	return s
}
