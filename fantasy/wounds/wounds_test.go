package wounds_test

import (
	"bytes"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/fantasy/wounds"
	"pgregory.net/rapid"
)

// The example: 10 attacks, WS 4 against WS 3 (3+), S 3 against T 3
// (4+), a 5+ save: each attack is 2/3 · 1/2 · 2/3 = 2/9.
func TestWoundsChancesOfTheExample(t *testing.T) {
	a, err := wounds.ParseAttacks("10 ws 4 s 3")
	if err != nil {
		t.Fatal(err)
	}
	tg, err := wounds.ParseTarget("ws 3 t 3 save 5+", true)
	if err != nil {
		t.Fatal(err)
	}
	if got := wounds.Chances(a, tg).Through; got.Cmp(big.NewRat(2, 9)) != 0 {
		t.Fatalf("each attack %s, want 2/9", got.RatString())
	}
	d := wounds.Distribution(a, tg)
	// P(0) = (7/9)^10
	if want := math.Pow(7.0/9, 10); math.Abs(d[0]-want) > 1e-15 {
		t.Fatalf("P(0) = %v, want %v", d[0], want)
	}
}

// Each step by the rules: shooting past 6 (a 6 then 4+), armour worsened
// by S (S 5 against 4+ is 6+), a ward after it, re-rolls of failures.
func TestWoundsChancesSteps(t *testing.T) {
	tests := []struct {
		a    wounds.Attacks
		t    wounds.Target
		want *big.Rat
	}{
		{wounds.Attacks{N: 1, BS: 1, Mods: -1, S: 3}, wounds.Target{T: 3}, big.NewRat(1*3*3, 6*6*6)},                // 7+: 1/6·3/6, then 4+ to wound
		{wounds.Attacks{N: 1, WS: 3, S: 5}, wounds.Target{WS: 3, T: 3, Save: 4}, big.NewRat(3*5*5, 6*6*6)},          // 4+, 2+, save 6+ fails 5/6
		{wounds.Attacks{N: 1, WS: 3, S: 3}, wounds.Target{WS: 7, T: 3, Ward: 5}, big.NewRat(2*3*4, 6*6*6)},          // 5+, 4+, ward 5+ fails 4/6
		{wounds.Attacks{N: 1, WS: 3, S: 3, RerollHits: true}, wounds.Target{WS: 3, T: 3}, big.NewRat(27, 72)},       // (1/2+1/4)·1/2
		{wounds.Attacks{N: 1, WS: 3, S: 3, RerollWounds: true}, wounds.Target{WS: 3, T: 5}, big.NewRat(1*11, 2*36)}, // 1/2 · (1/6+5/36)
		{wounds.Attacks{N: 1, WS: 3, S: 2}, wounds.Target{WS: 3, T: 6}, new(big.Rat)},                               // S-T = -4 cannot wound
	}
	for i, tt := range tests {
		if got := wounds.Chances(tt.a, tt.t).Through; got.Cmp(tt.want) != 0 {
			t.Errorf("case %d: %s, want %s", i, got.RatString(), tt.want.RatString())
		}
	}
}

// The distribution matches enumerating every attack's outcome, and sums
// to 1.
func TestWoundsDistributionProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := wounds.Attacks{N: rapid.IntRange(1, 12).Draw(t, "n"), WS: rapid.IntRange(1, 10).Draw(t, "ws"), S: rapid.IntRange(1, 10).Draw(t, "s"),
			RerollHits: rapid.Bool().Draw(t, "rh")}
		tg := wounds.Target{WS: rapid.IntRange(1, 10).Draw(t, "tws"), T: rapid.IntRange(1, 10).Draw(t, "t"), Save: rapid.IntRange(0, 6).Draw(t, "sv")}
		p, _ := wounds.Chances(a, tg).Through.Float64()
		d := wounds.Distribution(a, tg)
		// enumerate the 2^N patterns of through / not through
		want := make([]float64, a.N+1)
		for mask := range 1 << a.N {
			k, pr := 0, 1.0
			for i := range a.N {
				if mask&(1<<i) != 0 {
					k++
					pr *= p
				} else {
					pr *= 1 - p
				}
			}
			want[k] += pr
		}
		sum := 0.0
		for k := range d {
			sum += d[k]
			if math.Abs(d[k]-want[k]) > 1e-12 {
				t.Fatalf("P(%d) = %v, enumeration %v", k, d[k], want[k])
			}
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Fatalf("sums to %v", sum)
		}
	})
}

func TestWoundsParseErrors(t *testing.T) {
	for _, tt := range []struct{ attacks, target, want string }{
		{"ws 4 s 3", "ws 3 t 3", "number of attacks"},
		{"10 s 3", "ws 3 t 3", "ws (close combat) or bs"},
		{"10 ws 4 bs 3 s 3", "t 3", "one of them"},
		{"10 ws 4", "ws 3 t 3", "Strength"},
		{"2000 ws 4 s 3", "ws 3 t 3", "1..1000"},
		{"10 ws 4 s 3 x 1", "ws 3 t 3", "unknown word"},
		{"10 ws 4 s 3", "t 3", "target's ws"},
		{"10 ws 4 s 3", "ws 3 save 5+", "Toughness"},
		{"10 ws 4 s 3 -1", "ws 3 t 3", "shooting modifiers"},
	} {
		var out, errb bytes.Buffer
		code := wounds.Main([]string{"--attacks", tt.attacks, "--target", tt.target}, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), tt.want) || !strings.HasPrefix(errb.String(), "ordo odds: ") {
			t.Errorf("%q / %q: exit %d, %q; want %q", tt.attacks, tt.target, code, errb.String(), tt.want)
		}
	}
}

func TestWoundsMainPrintsTheTable(t *testing.T) {
	var out, errb bytes.Buffer
	if code := wounds.Main([]string{"--attacks", "10 ws 4 s 3", "--target=ws 3 t 3 save 5+"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"each attack: 22.222% (2/9)", "  0                 8.101%", "  1                23.147%   91.899%"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("missing %q in\n%s", want, out.String())
		}
	}
}

func FuzzWoundsParse(f *testing.F) {
	f.Add("10 ws 4 s 3", "ws 3 t 3 save 5+")
	f.Add("20 bs3 -1 s=3 reroll-hits", "t 3 ward 6+")
	f.Fuzz(func(t *testing.T, attacks, target string) {
		a, err := wounds.ParseAttacks(attacks)
		if err != nil {
			return
		}
		tg, err := wounds.ParseTarget(target, a.WS > 0)
		if err != nil {
			return
		}
		if a.N > wounds.MaxAttacks {
			t.Fatalf("N %d past the bound", a.N)
		}
		d := wounds.Distribution(a, tg)
		sum := 0.0
		for _, p := range d {
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("sums to %v", sum)
		}
	})
}
