package cli

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// ordo bench serve against a server of its own for 300 ms: it prints
// the rate, the percentiles and the CPU per action, and exits 0.
func TestBenchServe(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"ordo", "bench", "serve", "--matches", "2", "--duration", "300ms", "--scenario", "duel"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s, stdout %s", code, errb.String(), out.String())
	}
	for _, re := range []string{
		`(?m)^2 matches of duel at once for 300ms, reading legal menu entries, against a server in this process \(SQLite .*\)$`,
		`(?m)^acknowledged actions  [1-9]\d* in \d+\.\d s: \d+/s$`,
		`(?m)^action latency        p50 \d+\.\d ms  p90 \d+\.\d ms  p99 \d+\.\d ms  max \d+\.\d ms$`,
		`(?m)^matches               ([2-9]|[1-9]\d+) started, \d+ played to the end$`,
		`(?m)^CPU per action        \d+\.\d\d ms`,
	} {
		if !regexp.MustCompile(re).MatchString(out.String()) {
			t.Errorf("output lacks %s:\n%s", re, out.String())
		}
	}
}

// Bad input is refused with exit 2 and a line that says what is wrong;
// a scenario the server does not have fails the run (exit 1).
func TestBenchServeBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"bench"}, 2, "'ordo bench serve'"},
		{[]string{"bench", "odds"}, 2, "'ordo bench serve'"},
		{[]string{"bench", "serve", "--matches", "0"}, 2, "--matches 0"},
		{[]string{"bench", "serve", "--duration", "-1s"}, 2, "--duration"},
		{[]string{"bench", "serve", "--url", "http://127.0.0.1:1", "--db", "x.db"}, 2, "--url drives a running server"},
		{[]string{"bench", "serve", "--url", "localhost:8080"}, 2, "an http:// or https:// URL"},
		{[]string{"bench", "serve", "extra"}, 2, "unexpected arguments"},
		{[]string{"bench", "serve", "--matches", "1", "--duration", "300ms", "--scenario", "no-such"}, 1, `creating a match of "no-such": 422`},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"ordo"}, c.args...), &out, &errb)
		if code != c.code || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errb.String(), c.code, c.want)
		}
	}
}
