package odds

import "testing"

// BenchmarkHack: the odds of one hacking roll, planned and computed
// (Carbonite, B2 with DT, against a Reset by a trooper with a Firewall;
// Stop! against a target).
func BenchmarkHack(b *testing.B) {
	for _, bc := range []struct {
		name             string
		active, reactive Hacker
	}{
		{"CarboniteVsReset", Hacker{WIP: 14, Program: &carbonite, Active: true}, Hacker{WIP: 13, BTS: 6, Firewall: true, Reset: true}},
		{"StopVsTarget", Hacker{WIP: 15, Program: &stop, Active: true}, Hacker{BTS: 6}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := Hack(bc.active, bc.reactive, CritExtraSave, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
