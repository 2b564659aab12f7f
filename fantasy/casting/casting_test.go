package casting

import (
	"bytes"
	"math/big"
	"strings"
	"testing"
)

// faces calls f with every way n d6 fall.
func faces(n int, f func([]int)) {
	d := make([]int, n)
	var rec func(int)
	rec = func(i int) {
		if i == n {
			f(d)
			return
		}
		for v := 1; v <= 6; v++ {
			d[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}

// tally is a roll's total, 1s and 6s.
func tally(d []int) (sum, ones, sixes int) {
	for _, v := range d {
		sum += v
		if v == 1 {
			ones++
		}
		if v == 6 {
			sixes++
		}
	}
	return
}

// Casting spells and Dispelling spells: Compute agrees with every throw of
// the dice counted one by one — two 6s cast irresistibly (never
// dispelled), two 1s fail, else the dice plus the level against the
// casting value; the dispel's two 6s succeed, two 1s fail, else its dice
// plus its level against the casting result.
func TestOddsCountEveryThrow(t *testing.T) {
	for _, tc := range []struct {
		a Attempt
		d Dispel
	}{
		{Attempt{1, 0, 3}, Dispel{}},
		{Attempt{2, 2, 7}, Dispel{1, 0}},
		{Attempt{2, 1, 9}, Dispel{2, 1}},
		{Attempt{3, 4, 12}, Dispel{3, 2}},
		{Attempt{4, 0, 10}, Dispel{2, 0}},
		{Attempt{1, 3, 5}, Dispel{4, 4}},
	} {
		var n, irr, failed, effect int64
		faces(tc.a.Dice, func(c []int) {
			sum, ones, sixes := tally(c)
			if sixes >= 2 {
				irr++
				return
			}
			if ones >= 2 || sum+tc.a.Level < tc.a.CV {
				failed++
				return
			}
			if tc.d.Dice == 0 {
				effect += pow6(0)
				return
			}
			faces(tc.d.Dice, func(d []int) {
				ds, do, dx := tally(d)
				if !(dx >= 2 || do < 2 && ds+tc.d.Level >= sum+tc.a.Level) {
					effect++
				}
			})
		})
		n = pow6(tc.a.Dice)
		o := Compute(tc.a, tc.d)
		want := new(big.Rat).Add(big.NewRat(irr, n), new(big.Rat).SetFrac64(effect, n*pow6(tc.d.Dice)))
		if o.Irresistible.Cmp(big.NewRat(irr, n)) != 0 || o.Failed.Cmp(big.NewRat(failed, n)) != 0 || o.TakesEffect.Cmp(want) != 0 {
			t.Errorf("%+v against %+v: %v %v %v, want %d/%d %d/%d %v", tc.a, tc.d, o.Irresistible, o.Failed, o.TakesEffect, irr, n, failed, n, want)
		}
		sum := new(big.Rat).Add(o.Failed, o.Cast)
		if sum.Cmp(big.NewRat(1, 1)) != 0 || o.Dispelled.Sign() < 0 {
			t.Errorf("%+v: cast and not cast add to %v; dispelled %v", tc.a, sum, o.Dispelled)
		}
	}
}

// The words of --cast and --dispel, and what is refused.
func TestOddsParse(t *testing.T) {
	for _, tc := range []struct {
		spec string
		want Attempt
		err  string
	}{
		{"3 dice level 2 cv 7", Attempt{3, 2, 7}, ""},
		{"dice=2 cv=7+", Attempt{2, 0, 7}, ""},
		{"4 cv 9 level 4", Attempt{4, 4, 9}, ""},
		{"7 dice cv 7", Attempt{}, "want 1..6"},
		{"3 dice", Attempt{}, "give cv"},
		{"3 dice cv", Attempt{}, "needs a value"},
		{"3 dice dice 2 cv 5", Attempt{}, "twice"},
		{"3 mana cv 5", Attempt{}, "unknown word"},
		{"2 dice level 5 cv 7", Attempt{}, "level"},
	} {
		a, err := ParseCast(tc.spec)
		switch {
		case tc.err == "" && (err != nil || a != tc.want):
			t.Errorf("%q: %+v, %v; want %+v", tc.spec, a, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: error %v, want one saying %q", tc.spec, err, tc.err)
		}
	}
	if d, err := ParseDispel("13 dice"); err == nil {
		t.Errorf("13 dispel dice: %+v accepted", d)
	}
}

func TestOddsMainPrints(t *testing.T) {
	var out, errs bytes.Buffer
	if code := Main([]string{"--cast", "3 dice level 2 cv 7", "--dispel=2 dice level 1"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "takes effect    80.916% (1573/1944)") {
		t.Fatalf("output:\n%s", out.String())
	}
	out.Reset()
	if code := Main([]string{"--cast", "1 cv 3", "--json"}, &out, &errs); code != 0 || !strings.Contains(out.String(), `"takesEffectExact":"2/3"`) {
		t.Fatalf("json (%d): %s", code, out.String())
	}
}

// FuzzCastingParse: no words make the parsers panic, and what they accept
// is within the bounds Compute takes.
func FuzzCastingParse(f *testing.F) {
	for _, s := range []string{"3 dice level 2 cv 7", "dice=2 cv=7+", "2 dice level 1", "cv", "99 99 99"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if a, err := ParseCast(s); err == nil {
			if Check(a, Dispel{}) != nil {
				t.Fatalf("%q: %+v accepted out of bounds", s, a)
			}
			Compute(a, Dispel{Dice: 2, Level: 1})
		}
		if d, err := ParseDispel(s); err == nil && Check(Attempt{Dice: 1, CV: 1}, d) != nil {
			t.Fatalf("%q: %+v accepted out of bounds", s, d)
		}
	})
}
