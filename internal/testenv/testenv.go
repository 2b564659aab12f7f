// Package testenv says how much the test suites should do.
//
// The README's `go test ./...` must stay under 20 seconds on an idle 2-core
// machine, so randomized suites (conformance playouts, brute-force sweeps,
// simulations) run a small sample by default. CI sets ORDO_LONG=1 and runs
// them in full.
package testenv

import "os"

// Long reports whether the long randomized suites should run in full: the
// environment variable ORDO_LONG is set to anything but "" or "0".
func Long() bool {
	v := os.Getenv("ORDO_LONG")
	return v != "" && v != "0"
}

// Count is long when the long suites run and short otherwise.
func Count(short, long int) int {
	if Long() {
		return long
	}
	return short
}
