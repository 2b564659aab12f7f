package scenario

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Error is one problem in a scenario file. It names the file, the line and
// column of the offending node and the field, so that a user can go
// straight to the mistake (DESIGN.md point 10) and a tool can underline it.
type Error struct {
	File string
	// Line and Col are 1-based; 0 means the position is unknown, as for a
	// Scenario built in Go and checked with Validate.
	Line, Col int
	// Field is the path of the field in the file's own spelling, e.g.
	// "sides[0].combat-groups[1].troopers[2]"; "" is the whole file.
	Field string
	Msg   string
}

// Error formats the problem as "file:line:col: field: message", the shape
// compilers use, so editors and CI logs can link to the line. Parts that
// are unknown are left out.
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
	}
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
	msg := e.Msg
	if p := printable(msg); p != msg {
		msg = p[1 : len(p)-1] // escaped, without the quotes around it
	}
	b.WriteString(msg)
	return b.String()
}

// Errors is every problem found in one scenario file. Loading reports them
// all at once rather than stopping at the first, so a user fixes a file in
// one pass instead of one error per run.
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

// sortByPosition orders errors as they appear in the file; errors with the
// same position (or none) keep the order in which they were found.
func (es Errors) sortByPosition() {
	slices.SortStableFunc(es, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
}

// errOrNil returns nil for an empty list, so that callers can test the
// result against nil: a nil Errors stored in an error interface is not nil.
func (es Errors) errOrNil() error {
	if len(es) == 0 {
		return nil
	}
	return es
}

// printable returns s as is if it reads well on one line, else quoted with
// escapes: a key or value from the file may hold a newline, and one error
// must stay one line.
func printable(s string) string {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}
