package main

import (
	"io"
	"os"
	"testing"

	"github.com/ordo-rules/ordo/internal/cli"
)

// TestMain lets the test binary stand in for ordo: with ORDO_TEST_MAIN=1
// it runs the command line it was given, as main does, so the tests can
// start `ordo serve` as a real process and kill it.
func TestMain(m *testing.M) {
	if os.Getenv("ORDO_TEST_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// run is ordo's main without the process.
func run(argv []string, stdout, stderr io.Writer) int {
	return cli.Main(argv, stdout, stderr)
}

// smallestInput is the smallest input of inf-dice's N4 backend: B1 against
// B1, no Saving Roll modifiers.
const smallestInput = "13 1 1 10 NONE 12 1 1 10 NONE"
