package scenario

import (
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// Error is one problem in a scenario file: file, line, column, field and
// message.
type Error = yamlfile.Error

// Errors is every problem found in one scenario file: loading reports them
// all rather than stopping at the first.
type Errors = yamlfile.Errors

// errOrNil returns nil for an empty list, so that callers can test the
// result against nil: a nil Errors stored in an error interface is not nil.
func errOrNil(es Errors) error {
	if len(es) == 0 {
		return nil
	}
	return es
}
