// Package casting gives the exact odds of a casting attempt of the fantasy
// ruleset's Magic phase against the dispel dice (docs/RULES.md, Casting
// spells, Dispelling spells): the power dice plus the wizard's level
// against the casting value, two or more natural 1s failing and two or
// more natural 6s casting with irresistible force (which no dispel stops,
// and which brings a miscast); then the dispel dice plus the dispelling
// wizard's level against the casting result, two or more 6s dispelling and
// two or more 1s failing whatever the total. It is what `ordo odds
// --ruleset fantasy --cast ...` prints, and what fantasy.State.CastOdds
// answers for a menu entry.
package casting

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/fantasy/wounds"
)

// Attempt is a casting attempt.
type Attempt struct {
	Dice  int `json:"dice"`  // power dice, 1 to 6
	Level int `json:"level"` // what the wizard adds (his level; 0 under fantasy-casting-dice: level)
	CV    int `json:"castingValue"`
}

// Dispel is the other side's dispel attempt.
type Dispel struct {
	Dice  int `json:"dice"`  // 0: no dispel
	Level int `json:"level"` // the dispelling wizard's level (0: none)
}

// The bounds, checked before anything is computed.
const (
	MaxCastDice   = 6
	MaxDispelDice = 12
	MaxLevel      = 4
	MaxCV         = 40
)

// Odds are the chances of each outcome.
type Odds struct {
	// Irresistible: two or more 6s, cast whatever the total and never
	// dispelled; the wizard then rolls on the miscast table.
	Irresistible *big.Rat
	// Failed: not cast (short of the casting value, or two or more 1s).
	Failed *big.Rat
	// Cast: cast, irresistible or not.
	Cast *big.Rat
	// Dispelled: cast, then dispelled.
	Dispelled *big.Rat
	// TakesEffect: cast and not dispelled.
	TakesEffect *big.Rat
}

// counts are the ways n dice fall, by their total and by how many 1s and
// 6s among them (0, 1, or 2 and more).
type counts [MaxDispelDice*6 + 1][3][3]int64

// roll counts the ways n d6 fall (6^n in all).
func roll(n int) *counts {
	var c counts
	c[0][0][0] = 1
	for range n {
		var next counts
		for sum := range c {
			for o := range 3 {
				for x := range 3 {
					w := c[sum][o][x]
					if w == 0 {
						continue
					}
					for f := 1; f <= 6; f++ {
						o2, x2 := o, x
						if f == 1 {
							o2 = min(2, o+1)
						}
						if f == 6 {
							x2 = min(2, x+1)
						}
						next[sum+f][o2][x2] += w
					}
				}
			}
		}
		c = next
	}
	return &c
}

func pow6(n int) int64 {
	p := int64(1)
	for range n {
		p *= 6
	}
	return p
}

// Check says what is out of bounds, or nil.
func Check(a Attempt, d Dispel) error {
	switch {
	case a.Dice < 1 || a.Dice > MaxCastDice:
		return fmt.Errorf("cast: %d power dice, want 1..%d", a.Dice, MaxCastDice)
	case a.Level < 0 || a.Level > MaxLevel || d.Level < 0 || d.Level > MaxLevel:
		return fmt.Errorf("level: want 0..%d", MaxLevel)
	case a.CV < 1 || a.CV > MaxCV:
		return fmt.Errorf("cast: casting value %d, want 1..%d", a.CV, MaxCV)
	case d.Dice < 0 || d.Dice > MaxDispelDice:
		return fmt.Errorf("dispel: %d dice, want 0..%d", d.Dice, MaxDispelDice)
	}
	return nil
}

// Compute is the exact odds of the attempt against the dispel. The
// numbers must pass Check.
func Compute(a Attempt, d Dispel) Odds {
	cast := roll(a.Dice)
	// holds[r] is the ways the dispel dice fail to reach a casting
	// result r: no two 6s, and two 1s or a total short of it.
	dispelWays := pow6(d.Dice)
	var dis *counts
	if d.Dice > 0 {
		dis = roll(d.Dice)
	}
	holds := func(r int) int64 {
		if d.Dice == 0 {
			return dispelWays
		}
		var n int64
		for sum := range dis {
			for o := range 3 {
				for x := range 2 {
					if w := dis[sum][o][x]; w > 0 && (o == 2 || sum+d.Level < r) {
						n += w
					}
				}
			}
		}
		return n
	}
	var irr, failed, castN, effect int64 // effect counts cast×dispel pairs
	for sum := range cast {
		for o := range 3 {
			for x := range 3 {
				w := cast[sum][o][x]
				switch {
				case w == 0:
				case x == 2:
					irr += w
				case o == 2 || sum+a.Level < a.CV:
					failed += w
				default:
					castN += w
					effect += w * holds(sum+a.Level)
				}
			}
		}
	}
	total := pow6(a.Dice)
	rat := func(n, of int64) *big.Rat { return new(big.Rat).SetFrac(big.NewInt(n), big.NewInt(of)) }
	o := Odds{Irresistible: rat(irr, total), Failed: rat(failed, total), Cast: rat(irr+castN, total)}
	// TakesEffect = irr/total + effect/(total·dispelWays), exactly.
	o.TakesEffect = new(big.Rat).Add(o.Irresistible, new(big.Rat).SetFrac(big.NewInt(effect), new(big.Int).Mul(big.NewInt(total), big.NewInt(dispelWays))))
	o.Dispelled = new(big.Rat).Sub(o.Cast, o.TakesEffect)
	return o
}

// parse reads words as key-value pairs ("3 dice", "dice 3", "dice=3",
// "level 2", "cv 7+"); a bare number is the dice.
func parse(spec, flag string, keys []string) (map[string]int, error) {
	words := strings.Fields(strings.ToLower(spec))
	if len(spec) > 200 || len(words) > 12 {
		return nil, fmt.Errorf("--%s %q: too long (12 words at most)", flag, spec)
	}
	out := map[string]int{}
	set := func(k, v string) error {
		if !contains(keys, k) {
			return fmt.Errorf("--%s: unknown word %q (%s)", flag, k, strings.Join(keys, ", "))
		}
		if _, dup := out[k]; dup {
			return fmt.Errorf("--%s: %s is given twice", flag, k)
		}
		n, err := strconv.Atoi(strings.TrimSuffix(v, "+"))
		if err != nil || n < 0 || n > 99 {
			return fmt.Errorf("--%s: %s %q: want a whole number", flag, k, v)
		}
		out[k] = n
		return nil
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		if k, v, ok := strings.Cut(w, "="); ok {
			if err := set(k, v); err != nil {
				return nil, err
			}
			continue
		}
		if _, err := strconv.Atoi(strings.TrimSuffix(w, "+")); err == nil {
			// "3 dice", or a bare number of dice.
			if i+1 < len(words) && contains(keys, words[i+1]) && words[i+1] == "dice" {
				i++
			}
			if err := set("dice", w); err != nil {
				return nil, err
			}
			continue
		}
		if i+1 >= len(words) {
			return nil, fmt.Errorf("--%s: %q needs a value", flag, w)
		}
		if err := set(w, words[i+1]); err != nil {
			return nil, err
		}
		i++
	}
	return out, nil
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// ParseCast reads "--cast": dice, level, cv ("3 dice level 2 cv 7").
func ParseCast(spec string) (Attempt, error) {
	m, err := parse(spec, "cast", []string{"dice", "level", "cv"})
	if err != nil {
		return Attempt{}, err
	}
	a := Attempt{Dice: m["dice"], Level: m["level"], CV: m["cv"]}
	if _, ok := m["cv"]; !ok {
		return a, fmt.Errorf("--cast: give cv, the spell's casting value (\"3 dice level 2 cv 7\")")
	}
	return a, Check(a, Dispel{})
}

// ParseDispel reads "--dispel": dice, level ("2 dice level 1").
func ParseDispel(spec string) (Dispel, error) {
	m, err := parse(spec, "dispel", []string{"dice", "level"})
	if err != nil {
		return Dispel{}, err
	}
	d := Dispel{Dice: m["dice"], Level: m["level"]}
	return d, Check(Attempt{Dice: 1, CV: 1}, d)
}

func pct(r *big.Rat) string {
	f, _ := r.Float64()
	return fmt.Sprintf("%.3f%%", 100*f)
}

// Report prints the odds, or writes them as JSON.
func Report(w io.Writer, a Attempt, d Dispel, asJSON bool) error {
	o := Compute(a, d)
	if asJSON {
		f := func(r *big.Rat) float64 { v, _ := r.Float64(); return v }
		return json.NewEncoder(w).Encode(struct {
			Cast         Attempt `json:"cast"`
			Dispel       Dispel  `json:"dispel"`
			CastChance   float64 `json:"castChance"`
			Irresistible float64 `json:"irresistible"`
			Failed       float64 `json:"failed"`
			Dispelled    float64 `json:"dispelled"`
			TakesEffect  float64 `json:"takesEffect"`
			Exact        string  `json:"takesEffectExact"`
		}{a, d, f(o.Cast), f(o.Irresistible), f(o.Failed), f(o.Dispelled), f(o.TakesEffect), o.TakesEffect.RatString()})
	}
	fmt.Fprintf(w, "casting: %d power dice + level %d against %d+ (fantasy)\n", a.Dice, a.Level, a.CV)
	if d.Dice > 0 {
		fmt.Fprintf(w, "dispel:  %d dispel dice + level %d against the casting result\n\n", d.Dice, d.Level)
	} else {
		fmt.Fprintf(w, "dispel:  none\n\n")
	}
	fmt.Fprintf(w, "cast            %s\n", pct(o.Cast))
	fmt.Fprintf(w, "  irresistible  %s (and a miscast)\n", pct(o.Irresistible))
	fmt.Fprintf(w, "not cast        %s\n", pct(o.Failed))
	fmt.Fprintf(w, "dispelled       %s\n", pct(o.Dispelled))
	fmt.Fprintf(w, "takes effect    %s (%s)\n", pct(o.TakesEffect), o.TakesEffect.RatString())
	return nil
}

// Main is `ordo odds --ruleset fantasy --cast "..." [--dispel "..."]
// [--json]`.
func Main(args []string, stdout, stderr io.Writer) int {
	fail := func(format string, v ...any) int {
		fmt.Fprintf(stderr, "ordo odds: "+format+"\n", v...)
		return 2
	}
	vals, asJSON, err := wounds.Flags(args, "a casting attempt", "cast", "dispel")
	if err != nil {
		return fail("%v", err)
	}
	cast, dispel := vals["cast"], vals["dispel"]
	a, err := ParseCast(cast)
	if err != nil {
		return fail("%v", err)
	}
	var d Dispel
	if dispel != "" {
		if d, err = ParseDispel(dispel); err != nil {
			return fail("%v", err)
		}
	}
	if err := Report(stdout, a, d, asJSON); err != nil {
		return fail("%v", err)
	}
	return 0
}
