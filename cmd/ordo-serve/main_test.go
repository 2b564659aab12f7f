package main

import (
	"slices"
	"testing"
)

// ordo-serve without a command word is ordo serve; with one, it is that
// ordo command (ordo runs `ordo-serve serve ...` and `ordo-serve verify
// ...`).
func TestServeArgs(t *testing.T) {
	for _, tc := range []struct{ in, want []string }{
		{nil, []string{"ordo-serve", "serve"}},
		{[]string{"ordo-serve"}, []string{"ordo-serve", "serve"}},
		{[]string{"ordo-serve", "--addr", ":1"}, []string{"ordo-serve", "serve", "--addr", ":1"}},
		{[]string{"ordo-serve", "--help"}, []string{"ordo-serve", "serve", "--help"}},
		{[]string{"ordo-serve", "serve", "--db", "x"}, []string{"ordo-serve", "serve", "--db", "x"}},
		{[]string{"ordo-serve", "verify", "--server", "u", "m"}, []string{"ordo-serve", "verify", "--server", "u", "m"}},
		{[]string{"ordo-serve", "--version"}, []string{"ordo-serve", "--version"}},
	} {
		if got := serveArgs(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("serveArgs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
