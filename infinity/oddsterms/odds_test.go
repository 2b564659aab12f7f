package oddsterms

import (
	"math"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/odds"
)

const eps = 1e-12

func near(a, b float64) bool { return math.Abs(a-b) <= eps }

// run parses, builds and computes a matchup.
func run(t *testing.T, active, reactive string, opts BuildOptions, oo odds.Options) (Matchup, odds.Result) {
	t.Helper()
	m, err := build(t, active, reactive, opts)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	r, err := m.Odds(oo)
	if err != nil {
		t.Fatalf("Odds: %v", err)
	}
	return m, r
}

// TestKnownAnswers checks the full path, words to odds, against sums done by
// hand.
func TestKnownAnswers(t *testing.T) {
	type want struct{ scores, noHits, k0, k1, k2 float64 }
	tests := []struct {
		name, active, reactive string
		opts                   BuildOptions
		want                   want
	}{
		{
			// Normal Roll (N4), Saving Rolls (N4): SV 12 gives 11 plain successes and a
			// Critical on 12; a hit fails its save on 1..13, a Critical
			// forces 2 saves. P(1) = 11/20·13/20 + 1/20·2·13/20·7/20.
			name: "BS 12 B1 dmg 13 against ARM 0", active: "BS 12 B1 dmg 13",
			want: want{scores: 12.0 / 20, noHits: 8.0 / 20,
				k0: 4789.0 / 8000, k1: 3042.0 / 8000, k2: 169.0 / 8000},
		},
		{
			// Saving Rolls (N4) Partial Cover: SV 12-3 = 9 (8 plain, Critical on
			// 9), Attack Damage 13-0-3 = 10: P(1) = 8/20·1/2 + 1/20·2·1/4.
			name: "the same shot at a target in Partial Cover", active: "BS 12 dmg 13", reactive: "cover",
			want: want{scores: 9.0 / 20, noHits: 11.0 / 20,
				k0: 1 - 0.225 - 0.0125, k1: 0.225, k2: 0.0125},
		},
		{
			// Ammunition (N4) DA: a plain hit forces 2 saves, a Critical 3.
			// SV 10 vs ARM 3, DAM 13: p = 10/20.
			// P(1) = 9/20·2·(1/4) + 1/20·3·(1/8); P(2) = 9/20·1/4 + 1/20·3/8.
			name: "DA", active: "BS 10 dmg 13 DA", opts: BuildOptions{ARM: &Pair{Reactive: intp(3)}},
			want: want{scores: 10.0 / 20, noHits: 10.0 / 20,
				k0: 0.5 + 9.0/20/4 + 1.0/20/8, k1: 9.0/20/2 + 3.0/20/8, k2: 9.0/20/4 + 3.0/20/8},
		},
		{
			// Face to Face Rolls (N4): B1 v B1 at SV 10 each. Nobody scores when both
			// fail (1/4) or both show the same face (10/400: equal results
			// cancel, and Critical v Critical cancels). Each side scores
			// half of the rest. Without dmg the success is the result.
			name: "Face to Face BS 10 v BS 10", active: "BS 10", reactive: "BS 10",
			want: want{scores: 0.3625, noHits: 0.275, k0: 1 - 0.3625, k1: 0.3625},
		},
		{
			// Direct Template Weapons (N4): a Direct Template hits unless the Dodge (PH 12)
			// succeeds: 8/20; the hit's save fails on 1..14.
			name: "template v Dodge", active: "template dmg 14", reactive: "PH 12",
			want: want{scores: 8.0 / 20, noHits: 0,
				k0: 1 - 0.4*0.7, k1: 0.4 * 0.7},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, r := run(t, tt.active, tt.reactive, tt.opts, odds.Options{})
			got := want{r.A.Hits.Scores(), r.NoHits, r.A.Inflicts.Exactly(0), r.A.Inflicts.Exactly(1), r.A.Inflicts.Exactly(2)}
			for _, c := range []struct {
				what      string
				got, want float64
			}{
				{"scores", got.scores, tt.want.scores}, {"no hits", got.noHits, tt.want.noHits},
				{"inflicts 0", got.k0, tt.want.k0}, {"inflicts 1", got.k1, tt.want.k1}, {"inflicts 2", got.k2, tt.want.k2},
			} {
				if !near(c.got, c.want) {
					t.Errorf("%s = %.15f, want %.15f", c.what, c.got, c.want)
				}
			}
		})
	}
}

// TestAgainstBruteForce checks whole matchups against an enumeration of
// every die through dice.FaceToFace (the same function that resolves rolls
// in a match), the Saving Rolls then summed by hand: each hit rolls the
// side's saves, each Critical one more of the first (ruling `criticals`,
// n4-extra-save).
func TestAgainstBruteForce(t *testing.T) {
	tests := []struct {
		name, active, reactive string
		opts                   BuildOptions
	}{
		{"issue 2 example", "BS 13 B3 mods=+3 dmg 13 ammo=DA", "BS 12 B1 dmg 13", BuildOptions{ARM: &Pair{Active: intp(1), Reactive: intp(3)}}},
		{"AP into cover v a Dodge", "BS 14 B3 dmg 15 AP", "PH 11 arm=5 cover", BuildOptions{}},
		{"E/M v Plasma", "WIP 13 B2 dmg 13 E/M", "WIP 12 B2 dmg 14 plasma bts=6", BuildOptions{BTS: &Pair{Active: intp(3)}}},
		{"SV above 20 v EXP", "CC 23 B2 dmg 15", "CC 14 B1 dmg 14 EXP arm=2", BuildOptions{}},
		{"template v a shot back", "template B2 dmg 13 shock", "BS 12 dmg 13", BuildOptions{}},
		{"a shot v a template ARO", "BS 11 B3 dmg 13", "template dmg 13 arm=2", BuildOptions{}},
		{"template v a Dodge", "template B2 dmg 13", "PH 11 cover", BuildOptions{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, r := run(t, tt.active, tt.reactive, tt.opts, odds.Options{})
			wa, wb, noHits := bruteForce(t, m)
			// The enumeration adds up to 20^4 small terms one by one, and
			// its own rounding reaches 1e-12.
			near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-10 }
			if !near(r.NoHits, noHits) {
				t.Errorf("no hits = %.15f, want %.15f", r.NoHits, noHits)
			}
			for _, side := range []struct {
				name string
				got  odds.Dist
				want []float64
			}{{"active", r.A.Inflicts, wa}, {"reactive", r.B.Inflicts, wb}} {
				for k := range max(len(side.want), side.got.Max()+1) {
					var w float64
					if k < len(side.want) {
						w = side.want[k]
					}
					if g := side.got.Exactly(k); !near(g, w) {
						t.Errorf("%s inflicts exactly %d: %.15f, want %.15f", side.name, k, g, w)
					}
				}
			}
		})
	}
}

// Direct Template Weapons (N4): against an attack, a Direct Template is a
// simultaneous Normal Roll that hits automatically; neither side cancels
// the other. BS 11 B3 against a template ARO: the shooter scores
// 1 - (9/20)^3, the template always, and both may inflict in the same
// roll. Only a roll without damage (a Dodge) opposes the template.
func TestTemplateAgainstAttack(t *testing.T) {
	for _, tc := range []struct {
		name, active, reactive       string
		simultaneous                 bool
		activeScores, reactiveScores float64
	}{
		{"a BS Attack against a template ARO", "BS 11 B3 dmg 13", "template dmg 13", true, 1 - math.Pow(9.0/20, 3), 1},
		{"a template against a BS Attack ARO", "template dmg 13", "BS 11 dmg 13", true, 1, 11.0 / 20},
		{"a template against a CC Attack ARO", "template dmg 13", "CC 15 dmg 12", true, 1, 15.0 / 20},
		{"a template against a Dodge", "template dmg 13", "PH 11", false, 9.0 / 20, 11.0 / 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, r := run(t, tc.active, tc.reactive, BuildOptions{}, odds.Options{})
			if m.Simultaneous != tc.simultaneous || m.FaceToFace == tc.simultaneous {
				t.Fatalf("simultaneous %v, face to face %v", m.Simultaneous, m.FaceToFace)
			}
			if a, b := r.A.Hits.Scores(), r.B.Hits.Scores(); !near(a, tc.activeScores) || !near(b, tc.reactiveScores) {
				t.Fatalf("scores %.6f and %.6f, want %.6f and %.6f", a, b, tc.activeScores, tc.reactiveScores)
			}
			if tc.simultaneous {
				both := (1 - r.A.Inflicts.Exactly(0)) * (1 - r.B.Inflicts.Exactly(0))
				if both == 0 || !near(r.Nothing, r.A.Inflicts.Exactly(0)*r.B.Inflicts.Exactly(0)) {
					t.Fatalf("independent rolls: nothing %.6f, both inflict %.6f", r.Nothing, both)
				}
			}
		})
	}
}

// bruteForce enumerates both sides' dice (a template throws none), judges
// them as the engine does — Face to Face, or for a template against an
// attack two Normal Rolls — and returns the distribution of what each side
// inflicts and P(nobody scores).
func bruteForce(t *testing.T, m Matchup) (da, db []float64, noHits float64) {
	t.Helper()
	a, b := m.Active, m.Reactive
	na, nb := faces(a.Side.Roll), faces(b.Side.Roll)
	total := math.Pow(dice.Faces, float64(na+nb))
	fs := make([]int, na+nb)
	for i := range fs {
		fs[i] = 1
	}
	for {
		ra := dice.Roll{Side: a.Side.Roll, Faces: append([]int(nil), fs[:na]...)}
		rb := dice.Roll{Side: b.Side.Roll, Faces: append([]int(nil), fs[na:]...)}
		if na == 0 {
			ra.Faces = nil
		}
		if nb == 0 {
			rb.Faces = nil
		}
		oa, ob, err := dice.FaceToFace(ra, rb)
		if m.Simultaneous {
			oa, err = dice.Normal(ra)
			if err == nil {
				ob, err = dice.Normal(rb)
			}
		}
		if err != nil {
			t.Fatalf("judging %v v %v: %v", ra, rb, err)
		}
		if !oa.Scored() && !ob.Scored() {
			noHits += 1 / total
		}
		da = addInto(da, failures(a.Side.Effect, oa), 1/total)
		db = addInto(db, failures(b.Side.Effect, ob), 1/total)
		// Next outcome, like an odometer.
		i := 0
		for i < len(fs) && fs[i] == dice.Faces {
			fs[i] = 1
			i++
		}
		if i == len(fs) {
			return da, db, noHits
		}
		fs[i]++
	}
}

// faces is the number of dice a side throws.
func faces(s dice.Side) int {
	if !s.Rolls() {
		return 0
	}
	return s.Burst
}

// failures is the distribution of failed saves given the surviving hits: a
// sum of independent rolls, each failing with Damage/20.
func failures(e odds.Effect, o dice.Outcome) []float64 {
	if len(e.Saves) == 0 {
		d := make([]float64, o.Hits+o.Crits+1)
		d[o.Hits+o.Crits] = 1
		return d
	}
	var ps []float64
	for range o.Hits {
		for _, s := range e.Saves {
			ps = append(ps, failP(s))
		}
	}
	for range o.Crits {
		for _, s := range e.Saves {
			ps = append(ps, failP(s))
		}
		ps = append(ps, failP(e.Saves[0]))
	}
	d := []float64{1}
	for _, p := range ps {
		next := make([]float64, len(d)+1)
		for k, q := range d {
			next[k] += q * (1 - p)
			next[k+1] += q * p
		}
		d = next
	}
	return d
}

func failP(s odds.SaveRoll) float64 {
	return float64(min(max(s.Damage, 0), dice.Faces)) / dice.Faces
}

// addInto adds w·d into acc, growing it.
func addInto(acc, d []float64, w float64) []float64 {
	for len(acc) < len(d) {
		acc = append(acc, 0)
	}
	for k, p := range d {
		acc[k] += w * p
	}
	return acc
}

// TestContinuousTail checks --tail: continuous damage reports "N or more" in
// the last row, and the rows still sum to 1.
func TestContinuousTail(t *testing.T) {
	// One BS 20 die (every face succeeds; 20 is a Critical) against a
	// target that always fails its save (Attack Damage 20): every chain of
	// continuous rolls is endless, so everything lands on the tail row.
	_, r := run(t, "BS 20 dmg 20 continuous", "", BuildOptions{}, odds.Options{TailAt: 5})
	d := r.A.Inflicts
	if !d.Tail || d.Max() != 5 {
		t.Fatalf("tail = %v, last row %d; want a tail at 5", d.Tail, d.Max())
	}
	if !near(d.Exactly(5), 1) || !near(d.AtLeast(0), 1) {
		t.Errorf("P(5 or more) = %v, total %v; want 1, 1", d.Exactly(5), d.AtLeast(0))
	}
}
