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
// verbatim ("-1" and "-" are arguments; there are no flags). Like upstream it
// writes everything it has to say on stdout: the report, or upstream's error
// line (and its usage line, where upstream prints one). inf-dice's web front
// end runs the backend and shows only its standard output, so an error
// printed anywhere else would reach the page as an empty result.
//
// Only two things differ from upstream, neither on stdout: the argument-count
// errors, which upstream answers with its usage and exit status 0, return
// ExitUsage so that a script can tell a report from a complaint; and when
// stdout itself cannot be written, that failure is told on stderr, the one
// stream left.
func Main(args []string, noLimit bool, stdout, stderr io.Writer) int {
	out := &errWriter{w: stdout}
	code := answer(args, noLimit, out)
	if out.err != nil {
		fmt.Fprintln(stderr, "ERROR: writing the report:", out.err)
		return ExitError
	}
	return code
}

func answer(args []string, noLimit bool, out io.Writer) int {
	cfg, err := Parse(args, noLimit)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			if pe.Msg != "" {
				fmt.Fprintln(out, pe.Msg)
			}
			if pe.Usage {
				fmt.Fprintln(out, usageLine())
				return ExitUsage
			}
			return ExitError
		}
		fmt.Fprintln(out, "ERROR:", err)
		return ExitError
	}
	// Report buffers its output and writes nothing when it fails before the
	// end, so an error line is never appended to half a report.
	if err := Report(out, cfg); err != nil {
		fmt.Fprintln(out, "ERROR:", err)
		return ExitError
	}
	return ExitOK
}

// errWriter remembers the first write error, so that Main can tell a report
// it could not deliver from one that had an error of its own.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
