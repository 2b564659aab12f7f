package infinity

import (
	"slices"
	"testing"
)

// Critical (N4) and the `criticals` ruling: the Saving Rolls that
// successes force, for weapons and hacking programs alike. A Critical adds
// one roll of the first kind; under n3-auto-wound it fails its own hit's
// first roll without a roll, and DA's or DT's second roll is still made
// (the second Critical replaces the second hit's first roll, not the first
// hit's second).
func TestExpandSaves(t *testing.T) {
	for _, c := range []struct {
		name                     string
		ruling                   string
		successes, crits, perHit int
		want                     []saveRoll
	}{
		{name: "N, one success", successes: 1, perHit: 1, want: []saveRoll{{}}},
		{name: "DA/DT, two successes: two rolls each", successes: 2, perHit: 2, want: []saveRoll{{}, {of: 1}, {}, {of: 1}}},
		{name: "n4-extra-save: a Critical adds a roll of the first kind", successes: 1, crits: 1, perHit: 2,
			want: []saveRoll{{}, {of: 1}, {extra: true}}},
		{name: "n3-auto-wound: each Critical fails its own hit's first roll", ruling: "n3-auto-wound", successes: 2, crits: 2, perHit: 2,
			want: []saveRoll{{auto: true}, {of: 1}, {auto: true}, {of: 1}}},
		{name: "n3-auto-wound, N: the Critical's one roll fails unrolled", ruling: "n3-auto-wound", successes: 2, crits: 1, perHit: 1,
			want: []saveRoll{{auto: true}, {}}},
		{name: "no Damage: no roll", successes: 2, crits: 1, perHit: 0, want: []saveRoll{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rulings map[string]string
			if c.ruling != "" {
				rulings = map[string]string{"criticals": c.ruling}
			}
			st := setup(t, duelYAML("at: [2, 2]", "at: [20, 20]", ""), rulings)
			var buf [8]saveRoll
			if got := st.expandSaves(buf[:0], c.successes, c.crits, c.perHit); !slices.Equal(got, c.want) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
}
