package infdice

import (
	"errors"
	"fmt"
	"io"
)

// Exit statuses of Main.
const (
	ExitOK    = 0
	ExitError = 1 // an argument or report error; upstream's exit(1)
	ExitUsage = 2 // an argument-count error, where upstream prints its usage
)

// Main runs the backend on args, the words after the program name taken
// verbatim ("-1" and "-" are arguments; there are no flags). It writes the
// report to stdout and returns ExitOK, or writes upstream's error line (and
// its usage line, where upstream prints one) to stderr and returns non-zero.
//
// Two deliberate differences from upstream, which prints everything to
// stdout: errors go to stderr, and the argument-count errors that upstream
// answers with its usage and exit status 0 return ExitUsage, so that a caller
// can tell a report from a complaint.
func Main(args []string, noLimit bool, stdout, stderr io.Writer) int {
	cfg, err := Parse(args, noLimit)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			if pe.Msg != "" {
				fmt.Fprintln(stderr, pe.Msg)
			}
			if pe.Usage {
				fmt.Fprintln(stderr, usageLine())
				return ExitUsage
			}
			return ExitError
		}
		fmt.Fprintln(stderr, "ERROR:", err)
		return ExitError
	}
	if err := Report(stdout, cfg); err != nil {
		fmt.Fprintln(stderr, "ERROR:", err)
		return ExitError
	}
	return ExitOK
}
