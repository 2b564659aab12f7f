package infdice

import (
	"io"
	"testing"
)

// BenchmarkReport times whole reports. Upstream takes about 1.0 s for
// B5 v B4 and 21.6 s for B6 with three continuous saves v B3 on a 2-core
// machine (measured for docs/PERFORMANCE.md).
func BenchmarkReport(b *testing.B) {
	for _, bc := range []struct {
		name, args string
		noLimit    bool
	}{
		{"B1vB1", "13 1 1 10 NONE 12 1 1 10 NONE", false}, // the smallest input: start-up dominates
		{"B5vB4", "13 5 1 13 NONE 12 4 1 13 NONE", false},
		// The largest input of cmd/ordo's BenchmarkLargestInput, where the
		// processes are compared: this is Ordo's computation alone.
		{"B5_3vB4_3", "13 5 3 13 NONE 13 NONE 13 NONE 12 4 3 13 NONE 13 NONE 13 NONE", false},
		{"B6_3CvB3", "12 6 3C 13 NONE 14 SHOCK 9 EM 11 3 1 13 NONE", false},
		{"B20_3CvB20_nolimit", "12 20 3C 13 NONE 14 SHOCK 9 EM 11 20 2 13 NONE 6 EM", true},
	} {
		cfg, err := Parse(words(bc.args), bc.noLimit)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if err := Report(io.Discard, cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
