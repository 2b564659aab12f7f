//go:build unix

package full

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/internal/cli"
)

// Ctrl-C (or kill -INT) during the build of ordo-serve: ordo passes the
// signal on to the go command, waits for it, removes its build-*
// directory and dies of the signal, as it would have without the build;
// no half-built binary is put in place.
func TestBuildServeIntoInterruptedLeavesNoTemp(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "0123456789abcdef")
	note := filepath.Join(t.TempDir(), "note")
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), "ORDO_TEST_CLI_ROLE=build", "ORDO_TEST_GO=interrupt", "ORDO_TEST_DIR="+dir, "ORDO_TEST_GO_NOTE="+note)
	out, err := cmd.CombinedOutput()
	ee, ok := errors.AsType[*exec.ExitError](err)
	if !ok {
		t.Fatalf("ordo's build ended with %v (%q); want it to die of SIGINT", err, out)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGINT {
		t.Errorf("ordo's build ended with %v (%q); want it to die of SIGINT", err, out)
	}
	if b, err := os.ReadFile(note); err != nil || string(b) != "passed on: interrupt" {
		t.Errorf("the go command noted %q (%v); want the interrupt passed on to it", b, err)
	}
	if left := temps(t, dir); len(left) != 0 {
		t.Errorf("an interrupted build left %q", left)
	}
	if exists(filepath.Join(dir, cli.ServeBinary)) {
		t.Errorf("an interrupted build put its binary in place")
	}
}

// TestBuildServeIntoSecondInterruptStopsAtOnce: a second Ctrl-C while ordo
// waits for a go command slow to stop kills it and ends ordo at once,
// however long ordo would otherwise wait (BuildStopWait, an hour here).
func TestBuildServeIntoSecondInterruptStopsAtOnce(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "0123456789abcdef")
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), "ORDO_TEST_CLI_ROLE=build", "ORDO_TEST_GO=interrupt-twice", "ORDO_TEST_DIR="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(50 * time.Second): // the fake go command sleeps a minute
		cmd.Process.Kill()
		<-done
		t.Fatal("a second interrupt did not stop ordo's build: it waited on the go command")
	}
	ee, ok := errors.AsType[*exec.ExitError](err)
	if !ok {
		t.Fatalf("ordo's build ended with %v; want it to die of SIGINT", err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGINT {
		t.Errorf("ordo's build ended with %v; want it to die of SIGINT", err)
	}
	if left := temps(t, dir); len(left) != 0 {
		t.Errorf("an interrupted build left %q", left)
	}
}
