package odds

import (
	"errors"
	"fmt"
	"github.com/ordo-rules/ordo/internal/testenv"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/dice"
)

// randomSide draws a side with B <= maxB and any ammunition shape: no saves
// (Dodge), 1–3 save categories (N, DA, EXP, ARM+BTS), tags, continuous
// damage, both `criticals` rulings, templates, SV from below 0 to above 20.
func randomSide(r *rand.Rand, maxB int) Side {
	s := Side{Roll: dice.Side{
		SV:        r.IntN(48) - 3,
		Burst:     1 + r.IntN(maxB),
		Template:  r.IntN(8) == 0,
		NoCrit:    r.IntN(10) == 0,
		CritOnOne: r.IntN(10) == 0,
	}}
	tags := []string{"", "", "SHOCK", "EM", "STUN"}
	n := r.IntN(4) // 0: the hit itself is the success
	for range n {
		s.Effect.Saves = append(s.Effect.Saves, SaveRoll{Damage: r.IntN(24) - 2, Tag: tags[r.IntN(len(tags))]})
	}
	s.Effect.Continuous = n > 0 && r.IntN(3) == 0
	if r.IntN(3) == 0 {
		s.Effect.Crits = CritAutoWound
	}
	return s
}

// The fast calculator equals the brute-force enumeration over
// dice.FaceToFace on 2,000 random small inputs with ORDO_LONG=1, to 1e-12
// (issue #2 acceptance); 40 by default, where the enumeration of B3 against
// B3 makes most of the package's time.
func TestMatchesBruteForce(t *testing.T) {
	const chunks = 8
	n := testenv.Count(40, 2000)
	for k := range chunks {
		t.Run(fmt.Sprint("chunk", k), func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewPCG(uint64(k), 2026))
			for i := range n / chunks {
				if !checkRandomInput(t, r, fmt.Sprint(k, "/", i)) {
					return
				}
			}
		})
	}
}

// checkRandomInput draws one input, compares the calculator with the
// reference and reports whether it agreed.
func checkRandomInput(t *testing.T, r *rand.Rand, id string) bool {
	a, b := randomSide(r, 3), randomSide(r, 3)
	normal := r.IntN(6) == 0
	if a.Roll.Template && b.Roll.Template {
		b.Roll.Template = false
	}
	tailAt := 0
	if r.IntN(2) == 0 {
		tailAt = 2 + r.IntN(8)
	}
	name := fmt.Sprintf("%s/%+v/%+v/normal=%v/tail=%d", id, a, b, normal, tailAt)
	opt := Options{TailAt: tailAt}
	var got Result
	var err error
	var refA, refB [][]float64
	if normal {
		got, err = Normal(a, opt)
		refA, _ = refHits(a.Roll, nil)
	} else {
		got, err = FaceToFace(a, b, opt)
		refA, refB = refHits(a.Roll, &b.Roll)
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	compareTable(t, name+" A hits", got.A.Hits.P, refA)
	compareDist(t, name+" A inflicts", got.A.Inflicts, refInflicted(refA, a.Effect, got.A.Inflicts.Max()))
	if !normal {
		compareTable(t, name+" B hits", got.B.Hits.P, refB)
		compareDist(t, name+" B inflicts", got.B.Inflicts, refInflicted(refB, b.Effect, got.B.Inflicts.Max()))
	}
	checkSums(t, name, got, normal)
	return !t.Failed()
}

func compareTable(t *testing.T, name string, got, want [][]float64) {
	t.Helper()
	for h := range want {
		for c := range want[h] {
			if !near(got[h][c], want[h][c], 1e-12) {
				t.Errorf("%s: P[%d][%d] = %.17g, brute force %.17g", name, h, c, got[h][c], want[h][c])
			}
		}
	}
}

func compareDist(t *testing.T, name string, got Dist, want map[[2]int]float64) {
	t.Helper()
	for s, row := range got.P {
		for m, p := range row {
			if w := want[[2]int{s, m}]; !near(p, w, 1e-12) {
				t.Errorf("%s: P[%d successes][mask %b] = %.17g, reference %.17g", name, s, m, p, w)
			}
		}
	}
	for sm, w := range want {
		if (sm[0] >= len(got.P) || sm[1] >= len(got.P[0])) && w > 1e-12 {
			t.Errorf("%s: reference has %.3g at %v, outside the result", name, w, sm)
		}
	}
}

// checkSums: every distribution sums to 1 within 1e-12, and the derived
// probabilities agree with each other.
func checkSums(t *testing.T, name string, r Result, normal bool) {
	t.Helper()
	sides := []SideResult{r.A}
	if !normal {
		sides = append(sides, r.B)
	}
	for i, s := range sides {
		var sum float64
		for _, row := range s.Hits.P {
			for _, p := range row {
				sum += p
			}
		}
		if !near(sum, 1, 1e-12) {
			t.Errorf("%s side %d: hit table sums to %.17g", name, i, sum)
		}
		if d := s.Inflicts.AtLeast(0); !near(d, 1, 1e-12) {
			t.Errorf("%s side %d: inflicted sums to %.17g", name, i, d)
		}
		if s.Inflicts.Exactly(0) < s.Hits.P[0][0]-1e-12 {
			t.Errorf("%s side %d: inflicts nothing less often than it scores nothing", name, i)
		}
	}
	if r.NoHits < -1e-12 || r.Nothing < r.NoHits-1e-12 || r.Nothing > 1+1e-12 {
		t.Errorf("%s: noHits %.17g nothing %.17g", name, r.NoHits, r.Nothing)
	}
}

// Any Burst up to at least 20 per side, exact to 1e-12, and any number of
// successes: continuous damage has an exact tail.
func TestLargeBursts(t *testing.T) {
	for _, b := range []int{10, 20, 40, 100} {
		a := Side{Roll: dice.Side{SV: 15, Burst: b}, Effect: Effect{Saves: []SaveRoll{{Damage: 9}, {Damage: 9}, {Damage: 9, Tag: "SHOCK"}}}}
		o := Side{Roll: dice.Side{SV: 13, Burst: b}, Effect: Effect{Saves: []SaveRoll{{Damage: 12}}, Continuous: true}}
		r, err := FaceToFace(a, o, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkSums(t, fmt.Sprintf("B%d", b), r, false)
		if !r.B.Inflicts.Tail {
			t.Errorf("B%d: continuous damage without a tail row", b)
		}
	}
}

// Normal Roll (N4): a Normal Roll of BS 12 B1 with DAM 13 against ARM 0
// (Attack Damage 13): a plain hit (faces 1–11) fails 13/20 saves; the
// Critical (face 12) forces two saves (criticals: n4-extra-save).
func TestNormalRollKnownAnswer(t *testing.T) {
	s := Side{Roll: dice.Side{SV: 12, Burst: 1}, Effect: Effect{Saves: []SaveRoll{{Damage: 13}}}}
	r, err := Normal(s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := 13.0 / 20
	want := []float64{
		8.0/20 + 11.0/20*(1-p) + 1.0/20*(1-p)*(1-p),
		11.0/20*p + 1.0/20*2*p*(1-p),
		1.0 / 20 * p * p,
	}
	for s, w := range want {
		if !near(r.A.Inflicts.Exactly(s), w, 1e-15) {
			t.Errorf("exactly %d: %.17g, want %.17g", s, r.A.Inflicts.Exactly(s), w)
		}
	}
	// criticals: n3-auto-wound — the Critical wounds without a roll.
	s.Effect.Crits = CritAutoWound
	r, _ = Normal(s, Options{})
	if w := 11.0/20*p + 1.0/20; !near(r.A.Inflicts.Exactly(1), w, 1e-15) {
		t.Errorf("auto-wound: exactly 1 = %.17g, want %.17g", r.A.Inflicts.Exactly(1), w)
	}
}

// Continuous damage: one hit that always lands, each save failing with
// probability 0.6, is geometric: P(s) = 0.6^s·0.4, and 0.6^T at the tail.
func TestContinuousGeometric(t *testing.T) {
	s := Side{Roll: dice.Side{Template: true, Burst: 1}, Effect: Effect{Saves: []SaveRoll{{Damage: 12}}, Continuous: true}}
	r, err := Normal(s, Options{TailAt: 30})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 30; k++ {
		if w := math.Pow(0.6, float64(k)) * 0.4; !near(r.A.Inflicts.Exactly(k), w, 1e-15) {
			t.Errorf("exactly %d: %.17g, want %.17g", k, r.A.Inflicts.Exactly(k), w)
		}
	}
	if w := math.Pow(0.6, 30); !near(r.A.Inflicts.Exactly(30), w, 1e-15) {
		t.Errorf("tail: %.17g, want %.17g", r.A.Inflicts.Exactly(30), w)
	}
}

// The Face to Face Rolls (N4) worked case {12c, 5} vs {10} as odds: A's chance of a Critical
// hit includes that outcome; a tie leaves nobody scoring.
func TestTieAndCritOdds(t *testing.T) {
	a := Side{Roll: dice.Side{SV: 12, Burst: 1}}
	b := Side{Roll: dice.Side{SV: 12, Burst: 1}}
	r, err := FaceToFace(a, b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Equal SVs: symmetric; nobody scores on equal faces, Crit vs Crit, or
	// both failing: 12/20·1/20 (ties among successes, incl. 12 v 12) + (8/20)².
	if w := 12.0/400 + 64.0/400; !near(r.NoHits, w, 1e-15) {
		t.Errorf("no hits %.17g, want %.17g", r.NoHits, w)
	}
	if !near(r.A.Hits.Scores(), r.B.Hits.Scores(), 1e-15) {
		t.Errorf("asymmetric: %v %v", r.A.Hits.Scores(), r.B.Hits.Scores())
	}
	// A Critical survives unless B also crits: 1/20·19/20.
	if w := 19.0 / 400; !near(r.A.Hits.P[0][1], w, 1e-15) {
		t.Errorf("A crit %.17g, want %.17g", r.A.Hits.P[0][1], w)
	}
}

func TestRejects(t *testing.T) {
	ok := Side{Roll: dice.Side{SV: 10, Burst: 1}}
	tests := []struct {
		name string
		a, b Side
		want error
	}{
		{"burst 0", Side{Roll: dice.Side{SV: 10}}, ok, ErrBurst},
		{"burst above MaxBurst", ok, Side{Roll: dice.Side{SV: 10, Burst: MaxBurst + 1}}, ErrBurst},
		{"two templates", Side{Roll: dice.Side{Template: true, Burst: 1}}, Side{Roll: dice.Side{Template: true, Burst: 1}}, dice.ErrTwoTemplates},
		{"unknown criticals ruling", Side{Roll: ok.Roll, Effect: Effect{Saves: []SaveRoll{{Damage: 3}}, Crits: "n5"}}, ok, ErrEffect},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := FaceToFace(tt.a, tt.b, Options{}); !errors.Is(err, tt.want) {
				t.Fatalf("err %v, want %v", err, tt.want)
			}
		})
	}
	many := Effect{}
	for i := range MaxTags + 1 {
		many.Saves = append(many.Saves, SaveRoll{Damage: 5, Tag: fmt.Sprint("T", i)})
	}
	if _, err := Normal(Side{Roll: ok.Roll, Effect: many}, Options{}); !errors.Is(err, ErrEffect) {
		t.Fatalf("too many tags: %v", err)
	}
}

// The `criticals` ruling (docs/RULES.md (rulings)) has exactly the readings
// n4-extra-save, the default, and n3-auto-wound, spelled exactly; Resolve is
// the one check of them, and Effect validation agrees with it word for word.
func TestCritRuleResolve(t *testing.T) {
	if got := CritRules(); !slices.Equal(got, []CritRule{CritExtraSave, CritAutoWound}) {
		t.Fatalf("CritRules() = %q", got)
	}
	CritRules()[0] = "changed" // a caller's copy: Resolve must not see it
	for _, tt := range []struct {
		in   CritRule
		want CritRule
		ok   bool
	}{
		{"", CritExtraSave, true},
		{CritExtraSave, CritExtraSave, true},
		{CritAutoWound, CritAutoWound, true},
		{"N4-EXTRA-SAVE", "", false},
		{"n5", "", false},
		{"changed", "", false},
	} {
		got, ok := tt.in.Resolve()
		if got != tt.want || ok != tt.ok {
			t.Errorf("%q.Resolve() = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
		side := Side{Roll: dice.Side{SV: 10, Burst: 1}, Effect: Effect{Saves: []SaveRoll{{Damage: 3}}, Crits: tt.in}}
		_, err := Normal(side, Options{})
		if tt.ok != (err == nil) {
			t.Errorf("Normal with Crits %q: %v, but Resolve says %v", tt.in, err, tt.ok)
		}
		if want := fmt.Sprintf("invalid effect: unknown criticals ruling %q", tt.in); !tt.ok && (err == nil || err.Error() != want) {
			t.Errorf("Normal with Crits %q: error %v, want %q", tt.in, err, want)
		}
	}
}

// A million Face to Face Rolls thrown with dice.PCG and resolved with
// dice.FaceToFace and dice.SaveFails agree with the exact distribution
// within sampling error (5 standard deviations per bucket).
func TestSimulationAgrees(t *testing.T) {
	n := testenv.Count(100_000, 1_000_000)
	a := Side{Roll: dice.Side{SV: 14, Burst: 3}, Effect: Effect{Saves: []SaveRoll{{Damage: 10}, {Damage: 10, Tag: "SHOCK"}}}}
	b := Side{Roll: dice.Side{SV: 23, Burst: 1}, Effect: Effect{Saves: []SaveRoll{{Damage: 11}}, Continuous: true}}
	exact, err := FaceToFace(a, b, Options{TailAt: 12})
	if err != nil {
		t.Fatal(err)
	}
	src := dice.NewPCG(7, 11)
	var countA, countB [13]int
	for range n {
		ra, err := dice.Throw(src, a.Roll)
		if err != nil {
			t.Fatal(err)
		}
		rb, _ := dice.Throw(src, b.Roll)
		oa, ob, err := dice.FaceToFace(ra, rb)
		if err != nil {
			t.Fatal(err)
		}
		countA[min(simulateSaves(src, oa, a.Effect), 12)]++
		countB[min(simulateSaves(src, ob, b.Effect), 12)]++
	}
	for k := range 13 {
		for name, pair := range map[string]struct {
			count int
			p     float64
		}{"A": {countA[k], exact.A.Inflicts.Exactly(k)}, "B": {countB[k], exact.B.Inflicts.Exactly(k)}} {
			f := float64(pair.count) / float64(n)
			sigma := math.Sqrt(pair.p*(1-pair.p)/float64(n)) + 1e-9
			if math.Abs(f-pair.p) > 5*sigma {
				t.Errorf("%s exactly %d: simulated %.6f, exact %.6f (%.1f sigma)", name, k, f, pair.p, math.Abs(f-pair.p)/sigma)
			}
		}
	}
}

// simulateSaves rolls the Saving Rolls of an outcome one die at a time.
func simulateSaves(src dice.Source, o dice.Outcome, e Effect) int {
	if len(e.Saves) == 0 {
		return o.Hits + o.Crits
	}
	fails := 0
	save := func(r SaveRoll) {
		for {
			f, _ := src.D20()
			if !dice.SaveFails(r.Damage, f) {
				return
			}
			fails++
			if !e.Continuous {
				return
			}
		}
	}
	for range o.Hits + o.Crits {
		for _, r := range e.Saves {
			save(r)
		}
	}
	for range o.Crits {
		save(e.Saves[0])
	}
	return fails
}
