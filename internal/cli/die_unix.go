//go:build unix

package cli

import (
	"os/signal"
	"syscall"
	"time"
)

// dieOf ends this process with the signal sig, its default action
// restored; it returns only if that did not end it.
func dieOf(sig syscall.Signal) {
	signal.Reset(sig)
	if syscall.Kill(syscall.Getpid(), sig) == nil {
		time.Sleep(time.Second) // the signal is on its way
	}
}
