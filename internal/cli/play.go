package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// rulesets are the games the binary plays, by the name scenario files use,
// as constructors: a ruleset (and the catalog behind it) is built only when a
// command needs it, so `ordo odds` and `ordo help` never pay for parsing the
// unit catalog.
var rulesets = map[string]func() (rules.Ruleset, error){
	infinity.Name: func() (rules.Ruleset, error) {
		// The Infinity ruleset over the embedded catalog; the catalog is
		// part of the binary, so failing to load it is a build defect
		// caught by tests.
		return infinity.New()
	},
}

// loadRuleset builds the named ruleset. Its error is one line, naming the
// ruleset and, for one that failed to load, why.
func loadRuleset(name string) (rules.Ruleset, error) {
	newRuleset, ok := rulesets[name]
	if !ok {
		return nil, fmt.Errorf("unknown ruleset %q (known: %s)", name, rulesetNames())
	}
	rs, err := newRuleset()
	if err != nil {
		return nil, fmt.Errorf("ruleset %q could not be loaded: %s", name, strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	return rs, nil
}

func rulesetNames() string {
	names := make([]string, 0, len(rulesets))
	for n := range rulesets {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "none yet"
	}
	return strings.Join(names, ", ")
}

const playUsage = `usage: ordo play FILE [--json] [--viewer SEAT|spectator] [--menu] [--random N [--seed S]]

Loads a scenario (a YAML file; its format is docs/SCENARIOS.md), applies its
script of actions with their forced dice and expectations, or plays N seeded
random games instead, and prints the adjudicated log one line per event as the
chosen viewer sees it. Exits 1 naming the first expectation that fails, 2 on a
bad file or flag.

Flags (in any order, before or after FILE):
  --json             print JSON Lines (one object per applied action) instead of text
  --viewer SEAT      print the log as that seat sees it; "spectator" for a spectator;
                     default: everything (the admin view)
  --menu             after the script, print what the prompted seat may do now, as
                     that seat sees it: each legal action as a step to paste into
                     the script, then each greyed one with the rule that forbids it
  --random N         ignore the script and play N random games, each choosing among
                     the legal actions at every step
  --seed S           the seed of the first random game (default 1; game i uses S+i-1)

Examples:
  ordo play data/scenarios/duel.yaml
  ordo play data/scenarios/seed/loss-of-lieutenant.yaml --viewer red
  ordo play data/scenarios/demo.yaml --random 3 --seed 7
  ordo play --json data/scenarios/duel.yaml
  ordo play data/scenarios/duel.yaml --menu --viewer blue
`

// runPlay is `ordo play FILE`: load a scenario, apply its script (or play
// random games) and print the adjudicated log. Exit 1 when an expectation
// fails, 2 on bad input.
func runPlay(args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("ordo play")
	jsonOut := fs.Bool("json", false, "write the log as JSON Lines")
	viewer := fs.String("viewer", "", "print the log as this seat sees it (or 'spectator'); default: everything")
	randomN := fs.Int("random", 0, "play N seeded random games instead of the script")
	seed := fs.Uint64("seed", 1, "seed of the first random game")
	menu := fs.Bool("menu", false, "after the script, print the prompted seat's legal and greyed actions")
	pos, err := ParseFlags(fs, args)
	if err != nil {
		return FlagError(err, "ordo play", playUsage, stdout, stderr)
	}
	switch {
	case len(pos) == 0:
		fmt.Fprintln(stderr, "ordo play: no scenario file (usage: ordo play FILE; see ordo play --help)")
		return 2
	case len(pos) > 1:
		fmt.Fprintf(stderr, "ordo play: one scenario file at a time, got %q\n", pos)
		return 2
	}
	file := pos[0]
	if *menu && (*randomN > 0 || *jsonOut) {
		fmt.Fprintln(stderr, "ordo play: --menu follows the script in the text log: not with --random or --json")
		return 2
	}
	if *randomN < 0 {
		fmt.Fprintf(stderr, "ordo play: --random %d: must be 0 or more\n", *randomN)
		return 2
	}
	// The file is read once: the ruleset it names is built as soon as its
	// name is read, and its catalog checks the profiles, so an unknown one
	// is reported at its line.
	var rs rules.Ruleset
	var rsErr error
	sc, err := scenario.Load(file, scenario.Options{CatalogFor: func(name string) scenario.Catalog {
		if rs, rsErr = loadRuleset(name); rsErr == nil {
			if c, ok := rs.(play.Catalogued); ok {
				return c.ScenarioCatalog()
			}
		}
		return nil
	}})
	if err != nil {
		fmt.Fprintf(stderr, "ordo play: %s\n", strings.ReplaceAll(err.Error(), "\n", "; "))
		return 2
	}
	if rsErr != nil {
		fmt.Fprintf(stderr, "ordo play: %s: %v\n", file, rsErr)
		return 2
	}
	opt := play.Options{JSON: *jsonOut, Random: *randomN, Seed: *seed, Menu: *menu}
	switch *viewer {
	case "":
	case "spectator":
		opt.Viewer = rules.Spectator()
	default:
		known := false
		for _, s := range sc.Sides {
			known = known || s.Seat == *viewer
		}
		if !known {
			fmt.Fprintf(stderr, "ordo play: --viewer %q: no such seat in %s\n", *viewer, file)
			return 2
		}
		opt.Viewer = rules.PlayerView(rules.Seat(*viewer))
	}
	if err := play.Run(rs, sc, stdout, opt); err != nil {
		fmt.Fprintf(stderr, "ordo play: %v\n", err)
		return 1
	}
	return 0
}

const rulesUsage = `usage: ordo rules [--rulings | --programs | --devices]

Without flags, lists the rulesets this binary plays and the profiles and
weapons of the Infinity catalog it ships (illustrative profiles only).

Flags:
  --rulings    list the named rulings (where sources disagree or are silent):
               each one's default, its readings and why; a scenario picks
               a reading under "rulings:" (docs/RULES.md explains each)
  --programs   print each hacking program of the catalog as a card: group,
               category, Attack and Opponent MODs, Damage, Burst in each
               turn, targets, skill type, duration, range, ammunition,
               effect, labels, and the devices that carry it
  --devices    print the hacking devices with the program groups and
               programs each carries, and the Repeaters, with the profiles
               that carry each

Examples:
  ordo rules
  ordo rules --rulings
  ordo rules --programs
  ordo rules --devices
`

// runRules is `ordo rules`: what the engine knows. --rulings lists the
// named rulings with their readings and why.
func runRules(args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("ordo rules")
	rulings := fs.Bool("rulings", false, "list the named rulings")
	programs := fs.Bool("programs", false, "print each hacking program as a card")
	devices := fs.Bool("devices", false, "print the hacking devices and Repeaters")
	if _, err := ParseFlags(fs, args); err != nil {
		return FlagError(err, "ordo rules", rulesUsage, stdout, stderr)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ordo rules: takes no arguments, got %q (see ordo rules --help)\n", fs.Args())
		return 2
	}
	if n := countTrue(*rulings, *programs, *devices); n > 1 {
		fmt.Fprintf(stderr, "ordo rules: give one of --rulings, --programs and --devices (see ordo rules --help)\n")
		return 2
	}
	if *rulings {
		for _, r := range rules.Standard {
			fmt.Fprintf(stdout, "%s (%s)\n  default: %s\n  readings: %s\n  why: %s\n\n",
				r.Name, r.Ruleset, r.Default, strings.Join(r.Readings, " | "), r.Why)
		}
		return 0
	}
	if !*programs && !*devices {
		fmt.Fprintf(stdout, "rulesets: %s\nordo rules --rulings lists the named rulings\n", rulesetNames())
	}
	rs, err := loadRuleset(infinity.Name)
	if err != nil {
		fmt.Fprintf(stderr, "ordo rules: %v\n", err)
		return 1
	}
	if irs, ok := rs.(infinity.Ruleset); ok && (*programs || *devices) {
		if *programs {
			printPrograms(stdout, irs.Catalog)
		} else {
			printDevices(stdout, irs.Catalog)
		}
		return 0
	}
	if irs, ok := rs.(infinity.Ruleset); ok {
		fmt.Fprintf(stdout, "\n%s catalog: %s\n\nprofiles:\n", infinity.Name, strings.Join(irs.Catalog.Files(), ", "))
		for _, p := range irs.Catalog.Profiles() {
			fmt.Fprintf(stdout, "  %s\n", p)
		}
		fmt.Fprintln(stdout, "\nweapons:")
		for _, w := range irs.Catalog.Weapons() {
			fmt.Fprintf(stdout, "  %s\n", w)
		}
	}
	return 0
}
