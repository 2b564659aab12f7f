//go:build !unix

package cli

import "syscall"

// dieOf does nothing where a process cannot send itself a signal: the
// caller returns the status a shell would report.
func dieOf(sig syscall.Signal) {}
