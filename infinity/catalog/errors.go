package catalog

import "github.com/ordo-rules/ordo/internal/yamlfile"

// Error is one problem in a catalog file: file, line, column, field and
// message.
type Error = yamlfile.Error

// Errors is every problem found in the files of one load, file by file.
type Errors = yamlfile.Errors
