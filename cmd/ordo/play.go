package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// rulesets are the games the binary plays, by the name scenario files use.
var rulesets = map[string]rules.Ruleset{}

// unloadable holds, by name, the rulesets the binary has but could not set
// up, and why: a command that needs one reports that error rather than
// calling the ruleset unknown.
var unloadable = map[string]error{}

func init() {
	// The Infinity ruleset over the embedded catalog; the catalog is part of
	// the binary, so failing to load it is a build defect caught by tests.
	rs, err := infinity.New()
	if err != nil {
		unloadable[infinity.Name] = err
		return
	}
	rulesets[rs.Name()] = rs
}

// unloadableError describes why the ruleset name could not be set up, on
// one line, or is "" if it was not one of the binary's own.
func unloadableError(name string) string {
	err, ok := unloadable[name]
	if !ok {
		return ""
	}
	return fmt.Sprintf("ruleset %q could not be loaded: %s", name, strings.ReplaceAll(err.Error(), "\n", "; "))
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

// runPlay is `ordo play FILE`: load a scenario, apply its script (or play
// random games) and print the adjudicated log. Exit 1 when an expectation
// fails, 2 on bad input.
func runPlay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ordo play", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	jsonOut := fs.Bool("json", false, "write the log as JSON Lines")
	viewer := fs.String("viewer", "", "print the log as this seat sees it (or 'spectator'); default: everything")
	randomN := fs.Int("random", 0, "play N seeded random games instead of the script")
	seed := fs.Uint64("seed", 1, "seed of the first random game")
	file, rest := "", args
	// The file may come before or after the flags.
	if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		file, rest = rest[0], rest[1:]
	}
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: ordo play FILE [--json] [--viewer SEAT|spectator] [--random N --seed S]")
			return 0
		}
		fmt.Fprintf(stderr, "ordo play: %v\n", err)
		return 2
	}
	if file == "" && fs.NArg() == 1 {
		file = fs.Arg(0)
	} else if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ordo play: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if file == "" {
		fmt.Fprintln(stderr, "ordo play: no scenario file (usage: ordo play FILE)")
		return 2
	}
	if *randomN < 0 {
		fmt.Fprintf(stderr, "ordo play: --random %d: must be 0 or more\n", *randomN)
		return 2
	}
	sc, err := scenario.Load(file, scenario.Options{})
	if err == nil && sc.Ruleset == infinity.Name {
		// Load again against the catalog, so an unknown profile is
		// reported at its line.
		if rs, ok := rulesets[infinity.Name].(infinity.Ruleset); ok {
			sc, err = scenario.Load(file, scenario.Options{Catalog: rs.Catalog})
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "ordo play: %s\n", strings.ReplaceAll(err.Error(), "\n", "; "))
		return 2
	}
	rs, ok := rulesets[sc.Ruleset]
	if !ok && unloadableError(sc.Ruleset) != "" {
		fmt.Fprintf(stderr, "ordo play: %s: %s\n", file, unloadableError(sc.Ruleset))
		return 2
	}
	if !ok {
		fmt.Fprintf(stderr, "ordo play: %s: unknown ruleset %q (known: %s)\n", file, sc.Ruleset, rulesetNames())
		return 2
	}
	opt := play.Options{JSON: *jsonOut, Random: *randomN, Seed: *seed}
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

// runRules is `ordo rules`: what the engine knows. --rulings lists the
// named rulings with their readings and why.
func runRules(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ordo rules", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rulings := fs.Bool("rulings", false, "list the named rulings")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "ordo rules: %v\n", err)
		return 2
	}
	if !*rulings {
		fmt.Fprintf(stdout, "rulesets: %s\nordo rules --rulings lists the named rulings\n", rulesetNames())
		if msg := unloadableError(infinity.Name); msg != "" {
			// The listing below is of the catalog that failed to load.
			fmt.Fprintf(stderr, "ordo rules: %s\n", msg)
			return 1
		}
		if rs, ok := rulesets[infinity.Name].(infinity.Ruleset); ok {
			fmt.Fprintf(stdout, "\n%s catalog: %s\n\nprofiles:\n", infinity.Name, strings.Join(rs.Catalog.Files(), ", "))
			for _, p := range rs.Catalog.Profiles() {
				fmt.Fprintf(stdout, "  %s\n", p)
			}
			fmt.Fprintln(stdout, "\nweapons:")
			for _, w := range rs.Catalog.Weapons() {
				fmt.Fprintf(stdout, "  %s\n", w)
			}
		}
		return 0
	}
	for _, r := range rules.Standard {
		fmt.Fprintf(stdout, "%s (%s)\n  default: %s\n  readings: %s\n  why: %s\n\n",
			r.Name, r.Ruleset, r.Default, strings.Join(r.Readings, " | "), r.Why)
	}
	return 0
}
