package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/ordo-rules/ordo/infinity/oddsterms"
	"github.com/ordo-rules/ordo/odds"
	"github.com/ordo-rules/ordo/odds/infdice"
)

// oddsUsage is printed by `ordo odds -h`. The grammar of a side is the
// package documentation of infinity/oddsterms.
const oddsUsage = `usage: ordo odds --active "SIDE" [--reactive "SIDE"] [flags]
       ordo odds [--no-limit] --infdice ARGS...   (inf-dice compatible)
       ordo odds --ruleset fantasy --attacks "ATTACKS" --target "TARGET" [--json]
                                                  (the fantasy ruleset's unsaved wounds; README)

Exact odds of a Normal or Face to Face Roll, with Saving Rolls.
Each SIDE is one quoted string of words, case-insensitive:

  BS 13 | CC 15 | PH 11 | WIP 13   the attribute rolled and its value (also BS13, BS=13)
  B3                               Burst (default 1)
  mods=+3,-6:mimetism  or  +3 -3   MODs, optionally named (−3 works too); the total is capped to +-12
  dmg 13                           the weapon's DAM (without it: no Saving Rolls)
  ammo=DA  or  DA                  N AP DA EXP T2 Shock PARA Stun E/M Plasma (default N)
  continuous                       Continuous Damage: failed saves are rolled again
  save=BTS                         the weapon attacks BTS instead of ARM
  template                         a Direct Template: hits without rolling
  arm=3 bts=3 ph=10                the side's own stats, for the other side's attack
  cover                            the side is in Partial Cover
  w=2 | str=2                      the side's W/STR, for the chance it falls (default 1)
  fusilier combi-rifle range 12    a trooper and weapon from the catalog (ordo rules lists
                                   them) and the distance: attribute, stats, Burst (B1 for
                                   the reactive side), DAM, ammo and the Range MOD; words
                                   given explicitly win
  dodge                            roll the catalog trooper's PH
  nocrit | crit1                   no Criticals | a successful 1 is also a Critical
  program carbonite                a hacking program from the catalog (ordo rules --programs):
                                   WIP with its Attack MOD, its Burst (B1 in ARO unless it
                                   says otherwise), Damage against BTS, Breaker and DT
  reset                            the reactive side Resets: Face to Face, with the
                                   program's Opponent MOD
  firewall | targeted              the side's states: -3 WIP to a program against it and
                                   +3 BTS | +3 WIP to a program against it

A reactive side with only arm/bts/ph/cover is a target: the active side makes a
Normal Roll against it. Without --reactive, the target has ARM 0 and BTS 0.

Flags:
  --active SIDE          the active trooper (required)
  --reactive SIDE        the reactive trooper, or the target
  --arm A,R              the active's and the reactive's ARM (,R: the reactive's only)
  --bts A,R              the same for BTS
  --criticals RULING     n4-extra-save (default) or n3-auto-wound
  --tail N               show continuous damage as "N or more" past N (default: automatic)
  --json                 print JSON instead of the table

Each distribution row ends with a bar (the likeliest row full width); under each
table, the chance the other side falls (Unconscious or Dead) given its W/STR.

Examples:
  ordo odds --active "BS 13 B3 mods=+3 dmg 13 ammo=DA" --reactive "BS 12 B1 dmg 13" --arm 1,3
  ordo odds --active "BS 12 dmg 13 ammo=AP" --reactive "arm=5 cover w=2"
  ordo odds --active "fusilier combi-rifle range 12" --reactive "zhanshi rifle"
  ordo odds --active "template dmg 13 ammo=Shock" --reactive "PH 11 arm=1 cover"
  ordo odds --active "WIP 14 program carbonite" --reactive "WIP 13 reset bts 6 firewall"
  ordo odds --infdice 13 3 1 13 NONE 12 1 1 13 NONE
  ordo odds --ruleset fantasy --attacks "10 ws 4 s 3" --target "ws 3 t 3 save 5+"
`

// oddsCommand routes `ordo odds`: with --infdice every later word is the
// inf-dice backend's argument, taken verbatim ("-1" and "-" included), and
// only --no-limit may come before it; otherwise the game-term flags apply.
func oddsCommand(args []string, stdout, stderr io.Writer) int {
	if code, done := oddsOtherRuleset(args, stdout, stderr); done {
		return code
	}
	noLimit := false
	for i, a := range args {
		switch a {
		case "--no-limit", "-no-limit":
			noLimit = true
			continue
		case "--infdice", "-infdice":
			return infdice.Main(args[i+1:], noLimit, stdout, stderr)
		}
		break
	}
	for _, a := range args {
		if a == "--infdice" || a == "-infdice" {
			return oddsFail(stderr, "--infdice goes first, with only --no-limit before it: every word after it is the inf-dice backend's (ordo odds --infdice 13 1 1 10 NONE 12 1 1 10 NONE); --active, --reactive and the other flags are the game-term form")
		}
	}
	if noLimit {
		return oddsFail(stderr, "--no-limit only goes with --infdice (ordo odds --no-limit --infdice ARGS...)")
	}
	return runOdds(args, stdout, stderr)
}

// oddsFail prints one line starting "ordo odds: " on stderr and returns 2.
func oddsFail(stderr io.Writer, format string, a ...any) int {
	msg := strings.ReplaceAll(fmt.Sprintf(format, a...), "\n", " ")
	fmt.Fprintf(stderr, "ordo odds: %s\n", msg)
	return 2
}

// maxTail bounds --tail: past it the table is only rows of 0.000%.
const maxTail = 1000

// onceString is a string flag that may be given only once, so that a second
// --active is an error rather than silently replacing the first.
type onceString struct {
	value string
	set   bool
}

func (o *onceString) String() string { return o.value }

func (o *onceString) Set(s string) error {
	if o.set {
		return errors.New("given twice")
	}
	o.value, o.set = s, true
	return nil
}

// runOdds is `ordo odds` with game-term flags. It prints the odds on stdout
// and returns 0, or prints one line starting "ordo odds: " on stderr and
// returns 2 for any bad input. `--infdice` is dispatched before this is
// called.
func runOdds(args []string, stdout, stderr io.Writer) int {
	fail := func(format string, a ...any) int { return oddsFail(stderr, format, a...) }

	fs := NewFlagSet("ordo odds")
	var active, reactive, arm, bts onceString
	fs.Var(&active, "active", "the active trooper's words")
	fs.Var(&reactive, "reactive", "the reactive trooper's words, or the target's")
	fs.Var(&arm, "arm", "ARM of the active and the reactive side: A,R")
	fs.Var(&bts, "bts", "BTS of the active and the reactive side: A,R")
	criticals := fs.String("criticals", string(odds.CritExtraSave), "the criticals ruling")
	tail := fs.Int("tail", 0, "show continuous damage as N or more past N")
	asJSON := fs.Bool("json", false, "print JSON")

	if _, err := ParseFlags(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, oddsUsage)
			return 0
		}
		return fail("%v (see ordo odds -h)", err)
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q: quote each side's words, e.g. --active \"BS 13 B3 dmg 13\"", fs.Arg(0))
	}
	if !active.set {
		return fail("--active is required, e.g. --active \"BS 13 B3 dmg 13\" (see ordo odds -h)")
	}
	if *tail < 0 || *tail > maxTail {
		return fail("--tail %d is out of range 0..%d", *tail, maxTail)
	}

	a, err := oddsterms.ParseSide(active.value)
	if err != nil {
		return fail("--active: %v", err)
	}
	var r *oddsterms.SideSpec
	if reactive.set {
		s, err := oddsterms.ParseReactive(reactive.value)
		if err != nil {
			return fail("--reactive: %v", err)
		}
		r = &s
	}
	opts := oddsterms.BuildOptions{Criticals: odds.CritRule(*criticals)}
	for _, f := range []struct {
		name string
		v    onceString
		dst  **oddsterms.Pair
	}{{"--arm", arm, &opts.ARM}, {"--bts", bts, &opts.BTS}} {
		if !f.v.set {
			continue
		}
		p, err := oddsterms.ParsePair(f.name, f.v.value)
		if err != nil {
			return fail("%v", err)
		}
		*f.dst = &p
	}

	m, err := oddsterms.Build(a, r, opts)
	if err != nil {
		return fail("%v", err)
	}
	res, err := m.Odds(odds.Options{TailAt: *tail})
	if err != nil {
		return fail("%v", err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(oddsterms.NewReport(m, res)); err != nil {
			return fail("writing JSON: %v", err)
		}
		return 0
	}
	if err := oddsterms.Render(stdout, m, res); err != nil {
		return fail("writing the table: %v", err)
	}
	return 0
}
