// Package pgtest finds the PostgreSQL the tests of the shared store run
// against: the URL in ORDO_TEST_POSTGRES, which .ci/run sets after starting
// a server of its own.
package pgtest

import (
	"os"
	"testing"
)

// URL returns the test database's URL. Without one the test is skipped
// with a message on a developer's machine, and fails when CI=true.
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("ORDO_TEST_POSTGRES")
	if u != "" {
		return u
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("CI=true but ORDO_TEST_POSTGRES is not set: .ci/run starts a PostgreSQL and sets it")
	}
	t.Skip("no PostgreSQL: set ORDO_TEST_POSTGRES=postgres://USER@HOST:PORT/DB (.ci/run starts one)")
	return ""
}
