// Package wounds gives the exact distribution of unsaved wounds that N
// attacks of the fantasy ruleset inflict: to hit (WS against WS in close
// combat, or BS with modifiers when shooting, a 6 then 4+/5+/6+ past 6),
// to wound (S against T), the armour save worsened by S, the ward save,
// and re-rolls of failed hits or wounds. It is what `ordo odds --ruleset
// fantasy` prints. Each attack is independent, so the count of unsaved
// wounds is binomial in the chance one attack gets through.
package wounds

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
)

// Attacks are the attacking side.
type Attacks struct {
	N            int  `json:"attacks"`
	WS           int  `json:"ws,omitempty"` // close combat, or
	BS           int  `json:"bs,omitempty"` // shooting
	Mods         int  `json:"mods,omitempty"`
	S            int  `json:"s"`
	RerollHits   bool `json:"rerollHits,omitempty"`
	RerollWounds bool `json:"rerollWounds,omitempty"`
}

// Target is the side attacked.
type Target struct {
	WS   int `json:"ws,omitempty"`
	T    int `json:"t"`
	Save int `json:"save,omitempty"` // 5 for 5+, 0 for none
	Ward int `json:"ward,omitempty"`
}

// MaxAttacks bounds N, checked before anything is computed.
const MaxAttacks = 1000

// Steps are the chances of each roll, for the report.
type Steps struct {
	Hit, Wound, FailSave, FailWard, Through *big.Rat
	HitNeed, WoundNeed, SaveNeed, WardNeed  int
}

// sixths is n/6.
func sixths(n int) *big.Rat { return big.NewRat(int64(max(0, min(n, 6))), 6) }

// atLeast is the chance of need or more on a D6 (a 1 always fails).
func atLeast(need int) *big.Rat {
	if need > 6 {
		return new(big.Rat)
	}
	return sixths(7 - max(need, 2))
}

func reroll(p *big.Rat) *big.Rat {
	// p + (1-p)p
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	return new(big.Rat).Add(p, new(big.Rat).Mul(q, p))
}

// HitNeed is the roll to hit: WS against WS (3+, 4+, 5+), or 7 − BS less
// modifiers (past 6: a 6 then 4+, 5+, 6+; 10 or more cannot hit).
func HitNeed(a Attacks, t Target) int {
	if a.BS > 0 {
		return max(2, 7-a.BS-a.Mods)
	}
	return MeleeNeed(a.WS, t.WS)
}

// MeleeNeed is the roll to hit in close combat, WS against the enemy's WS:
// 3+ against a lower WS, 5+ against more than double, 4+ otherwise. The
// engine's close combat and these odds both read it.
func MeleeNeed(ws, enemy int) int {
	switch {
	case ws > enemy:
		return 3
	case enemy > 2*ws:
		return 5
	}
	return 4
}

// SaveNeed is the armour save against S: each point of S above 3 worsens
// it by one; 7 or worse cannot be taken (a natural 1 always fails). save 0
// is no armour.
func SaveNeed(save, s int) int {
	if save == 0 {
		return 7
	}
	return max(2, save+max(0, s-3))
}

// WoundNeed is the roll to wound, S against T; 7 cannot wound.
func WoundNeed(s, t int) int {
	switch d := s - t; {
	case d >= 2:
		return 2
	case d == 1:
		return 3
	case d == 0:
		return 4
	case d == -1:
		return 5
	case d >= -3:
		return 6
	}
	return 7
}

// Chances works out each step exactly.
func Chances(a Attacks, t Target) Steps {
	st := Steps{HitNeed: HitNeed(a, t), WoundNeed: WoundNeed(a.S, t.T)}
	switch n := st.HitNeed; {
	case n <= 6:
		st.Hit = atLeast(n)
	case n <= 9:
		st.Hit = new(big.Rat).Mul(big.NewRat(1, 6), atLeast(n-3))
	default:
		st.Hit = new(big.Rat)
	}
	if a.RerollHits {
		st.Hit = reroll(st.Hit)
	}
	st.Wound = atLeast(st.WoundNeed)
	if a.RerollWounds {
		st.Wound = reroll(st.Wound)
	}
	st.SaveNeed, st.WardNeed = SaveNeed(t.Save, a.S), 7
	if t.Ward > 0 {
		st.WardNeed = max(2, t.Ward)
	}
	one := big.NewRat(1, 1)
	st.FailSave = new(big.Rat).Sub(one, atLeast(st.SaveNeed))
	st.FailWard = new(big.Rat).Sub(one, atLeast(st.WardNeed))
	st.Through = new(big.Rat).Mul(st.Hit, st.Wound)
	st.Through.Mul(st.Through, st.FailSave)
	st.Through.Mul(st.Through, st.FailWard)
	return st
}

// Distribution is the chance of exactly k unsaved wounds, k = 0..N.
func Distribution(a Attacks, t Target) []float64 {
	p, _ := Chances(a, t).Through.Float64()
	return Binomial(a.N, p)
}

// Binomial is the chance of exactly k successes, k = 0..n, of n
// independent tries each succeeding with chance p.
func Binomial(n int, p float64) []float64 {
	dist := make([]float64, n+1)
	dist[0] = 1
	for i := 1; i <= n; i++ {
		for k := i; k >= 1; k-- {
			dist[k] = dist[k]*(1-p) + dist[k-1]*p
		}
		dist[0] *= 1 - p
	}
	return dist
}

// Parse reads the game-term words of one side: "10 ws 4 s 3" or "ws 3 t 3
// save 5+". Each key takes its value joined, after "=", or as the next
// word; a bare number is the attack count.
func parse(spec string, set func(key, val string) error, bare func(string) error) error {
	words := strings.Fields(strings.ToLower(spec))
	if len(spec) > 200 || len(words) > 20 {
		return fmt.Errorf("%q: too long (20 words at most)", spec)
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		if k, v, ok := strings.Cut(w, "="); ok {
			if err := set(k, v); err != nil {
				return err
			}
			continue
		}
		if _, err := strconv.Atoi(strings.TrimSuffix(w, "+")); err == nil {
			if err := bare(w); err != nil {
				return err
			}
			continue
		}
		k := strings.TrimRight(w, "0123456789+-")
		if k != w && k != "" {
			if err := set(k, w[len(k):]); err != nil {
				return err
			}
			continue
		}
		if w == "reroll-hits" || w == "reroll-wounds" {
			if err := set(w, ""); err != nil {
				return err
			}
			continue
		}
		if i+1 >= len(words) {
			return fmt.Errorf("%q needs a value", w)
		}
		if err := set(w, words[i+1]); err != nil {
			return err
		}
		i++
	}
	return nil
}

func number(key, val string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(val, "+"), "+"))
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s %q: want a whole number %d..%d", key, val, lo, hi)
	}
	return n, nil
}

// ParseAttacks reads "--attacks": a count, ws or bs, s, mods (shooting
// modifiers, such as -1), reroll-hits, reroll-wounds.
func ParseAttacks(spec string) (Attacks, error) {
	var a Attacks
	seen := map[string]bool{}
	err := parse(spec, func(k, v string) error {
		if seen[k] {
			return fmt.Errorf("%s is given twice", k)
		}
		seen[k] = true
		var err error
		switch k {
		case "attacks", "n", "a":
			a.N, err = number(k, v, 1, MaxAttacks)
		case "ws":
			a.WS, err = number(k, v, 1, 10)
		case "bs":
			a.BS, err = number(k, v, 1, 10)
		case "s":
			a.S, err = number(k, v, 1, 10)
		case "mods", "mod":
			a.Mods, err = number(k, v, -6, 6)
		case "reroll-hits":
			a.RerollHits = true
		case "reroll-wounds":
			a.RerollWounds = true
		default:
			return fmt.Errorf("unknown word %q in --attacks (attacks, ws or bs, s, mods, reroll-hits, reroll-wounds)", k)
		}
		return err
	}, func(w string) error {
		if strings.HasPrefix(w, "-") || strings.HasPrefix(w, "+") {
			if seen["mods"] {
				return fmt.Errorf("mods are given twice")
			}
			seen["mods"] = true
			var err error
			a.Mods, err = number("mods", w, -6, 6)
			return err
		}
		if seen["attacks"] {
			return fmt.Errorf("%q: the number of attacks is given twice", w)
		}
		seen["attacks"] = true
		var err error
		a.N, err = number("attacks", w, 1, MaxAttacks)
		return err
	})
	switch {
	case err != nil:
		return a, err
	case a.N == 0:
		return a, fmt.Errorf("--attacks: give the number of attacks (\"10 ws 4 s 3\")")
	case (a.WS == 0) == (a.BS == 0):
		return a, fmt.Errorf("--attacks: give ws (close combat) or bs (shooting), one of them")
	case a.S == 0:
		return a, fmt.Errorf("--attacks: give s, the Strength of the attacks")
	case a.Mods != 0 && a.BS == 0:
		return a, fmt.Errorf("--attacks: mods are shooting modifiers; close combat has none")
	}
	return a, nil
}

// ParseTarget reads "--target": ws (close combat), t, save, ward.
func ParseTarget(spec string, melee bool) (Target, error) {
	var t Target
	seen := map[string]bool{}
	err := parse(spec, func(k, v string) error {
		if seen[k] {
			return fmt.Errorf("%s is given twice", k)
		}
		seen[k] = true
		var err error
		switch k {
		case "ws":
			t.WS, err = number(k, v, 1, 10)
		case "t":
			t.T, err = number(k, v, 1, 10)
		case "save", "sv", "as":
			t.Save, err = number("save", v, 1, 6)
		case "ward":
			t.Ward, err = number(k, v, 1, 6)
		default:
			return fmt.Errorf("unknown word %q in --target (ws, t, save, ward)", k)
		}
		return err
	}, func(w string) error { return fmt.Errorf("%q: name what the number is (ws, t, save, ward)", w) })
	switch {
	case err != nil:
		return t, err
	case t.T == 0:
		return t, fmt.Errorf("--target: give t, the target's Toughness")
	case melee && t.WS == 0:
		return t, fmt.Errorf("--target: close combat attacks need the target's ws")
	}
	return t, nil
}

func pct(r *big.Rat) string {
	f, _ := r.Float64()
	return fmt.Sprintf("%.3f%%", 100*f)
}

func need(n int) string {
	switch {
	case n <= 6:
		return fmt.Sprintf("%d+", n)
	case n <= 9:
		return fmt.Sprintf("6 then %d+", n-3)
	}
	return "impossible"
}

// Report writes the human table or, with asJSON, the JSON document.
func Report(w io.Writer, a Attacks, t Target, asJSON bool) error {
	st := Chances(a, t)
	dist := Distribution(a, t)
	if asJSON {
		through, _ := st.Through.Float64()
		return json.NewEncoder(w).Encode(struct {
			Attacks      Attacks   `json:"attacks"`
			Target       Target    `json:"target"`
			HitNeed      int       `json:"hitNeed"`
			WoundNeed    int       `json:"woundNeed"`
			SaveNeed     int       `json:"saveNeed"`
			WardNeed     int       `json:"wardNeed"`
			Through      float64   `json:"through"`
			ThroughExact string    `json:"throughExact"`
			Exactly      []float64 `json:"exactly"`
		}{a, t, st.HitNeed, st.WoundNeed, st.SaveNeed, st.WardNeed, through, st.Through.RatString(), dist})
	}
	kind := fmt.Sprintf("WS %d against WS %d", a.WS, t.WS)
	if a.BS > 0 {
		kind = fmt.Sprintf("BS %d", a.BS)
		if a.Mods != 0 {
			kind += fmt.Sprintf(" %+d", a.Mods)
		}
	}
	rr := func(b bool) string {
		if b {
			return ", re-rolling failures"
		}
		return ""
	}
	fmt.Fprintf(w, "%d attacks (fantasy)\n\n", a.N)
	fmt.Fprintf(w, "to hit    %-22s %-12s %s%s\n", kind, need(st.HitNeed), pct(st.Hit), rr(a.RerollHits))
	fmt.Fprintf(w, "to wound  %-22s %-12s %s%s\n", fmt.Sprintf("S %d against T %d", a.S, t.T), woundNeedText(st.WoundNeed), pct(st.Wound), rr(a.RerollWounds))
	fmt.Fprintf(w, "armour    %-22s %-12s %s fail\n", saveText(t.Save, a.S), saveNeedText(st.SaveNeed), pct(st.FailSave))
	fmt.Fprintf(w, "ward      %-22s %-12s %s fail\n", wardText(t.Ward), saveNeedText(st.WardNeed), pct(st.FailWard))
	fmt.Fprintf(w, "each attack: %s (%s) an unsaved wound\n\n", pct(st.Through), st.Through.RatString())
	fmt.Fprintf(w, "unsaved wounds   exactly   or more\n")
	tail := 1.0
	for k, p := range dist {
		if k > 0 && tail < 5e-6 {
			fmt.Fprintf(w, "  ...\n")
			break
		}
		more := ""
		if k > 0 {
			more = fmt.Sprintf("%8.3f%%", 100*tail)
		}
		fmt.Fprintf(w, "  %-14d %8.3f%% %s\n", k, 100*p, more)
		tail -= p
	}
	return nil
}

func saveNeedText(n int) string {
	if n > 6 {
		return "no save"
	}
	return fmt.Sprintf("%d+", n)
}

func woundNeedText(n int) string {
	if n > 6 {
		return "cannot wound"
	}
	return fmt.Sprintf("%d+", n)
}

func saveText(save, s int) string {
	if save == 0 {
		return "none"
	}
	return fmt.Sprintf("%d+ at S %d", save, s)
}

func wardText(ward int) string {
	if ward == 0 {
		return "none"
	}
	return fmt.Sprintf("%d+", ward)
}

// Flags reads the flags of `ordo odds --ruleset fantasy`: --json, and each
// of names with its value (--name value or --name=value); what is the
// command's name for itself in an unknown flag's message.
func Flags(args []string, what string, names ...string) (vals map[string]string, asJSON bool, err error) {
	vals = map[string]string{}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if name == "json" {
			asJSON = true
			continue
		}
		known := false
		for _, n := range names {
			known = known || n == name
		}
		if !known {
			return nil, false, fmt.Errorf("%s: unknown flag for %s (--%s, --json)", arg, what, strings.Join(names, ", --"))
		}
		if !hasVal {
			if i+1 >= len(args) {
				return nil, false, fmt.Errorf("%s needs a value", arg)
			}
			i++
			val = args[i]
		}
		vals[name] = val
	}
	return vals, asJSON, nil
}

// Main is `ordo odds --ruleset fantasy`: its flags after the ruleset.
func Main(args []string, stdout, stderr io.Writer) int {
	fail := func(format string, v ...any) int {
		fmt.Fprintf(stderr, "ordo odds: "+format+"\n", v...)
		return 2
	}
	vals, asJSON, err := Flags(args, "--ruleset fantasy", "attacks", "target")
	if err != nil {
		return fail("%v", err)
	}
	attacks, target := vals["attacks"], vals["target"]
	if attacks == "" || target == "" {
		return fail("--ruleset fantasy needs --attacks \"10 ws 4 s 3\" and --target \"ws 3 t 3 save 5+\"")
	}
	a, err := ParseAttacks(attacks)
	if err != nil {
		return fail("%v", err)
	}
	t, err := ParseTarget(target, a.WS > 0)
	if err != nil {
		return fail("%v", err)
	}
	if err := Report(stdout, a, t, asJSON); err != nil {
		return fail("%v", err)
	}
	return 0
}
