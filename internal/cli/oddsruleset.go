package cli

import (
	"io"
	"strings"

	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/fantasy/casting"
	"github.com/ordo-rules/ordo/fantasy/wounds"
	"github.com/ordo-rules/ordo/infinity"
)

// oddsOtherRuleset routes `ordo odds --ruleset fantasy ...` to the fantasy
// calculator (the exact distribution of unsaved wounds), and `--ruleset
// infinity-n4 ...` to Infinity's without the flag. done is false when
// there is no --ruleset: the arguments are Infinity's.
func oddsOtherRuleset(args []string, stdout, stderr io.Writer) (int, bool) {
	for i, a := range args {
		if a == "--infdice" || a == "-infdice" {
			return 0, false // every later word is the inf-dice backend's
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "ruleset" || !strings.HasPrefix(a, "-") {
			continue
		}
		rest := append([]string{}, args[:i]...)
		if !hasVal {
			if i+1 >= len(args) {
				return oddsFail(stderr, "--ruleset needs a value (fantasy or %s)", infinity.Name), true
			}
			val = args[i+1]
			rest = append(rest, args[i+2:]...)
		} else {
			rest = append(rest, args[i+1:]...)
		}
		switch val {
		case fantasy.Name:
			if castingFlags(rest) {
				return casting.Main(rest, stdout, stderr), true
			}
			return wounds.Main(rest, stdout, stderr), true
		case infinity.Name:
			return oddsCommand(rest, stdout, stderr), true
		}
		return oddsFail(stderr, "--ruleset %q: the calculators are %s and fantasy", val, infinity.Name), true
	}
	return 0, false
}

// castingFlags reports whether fantasy odds arguments ask about a casting
// attempt (--cast, --dispel) rather than attacks.
func castingFlags(args []string) bool {
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "cast" || name == "dispel") {
			return true
		}
	}
	return false
}
