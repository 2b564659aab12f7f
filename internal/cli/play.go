package cli

import (
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

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
	missionFile := fs.String("mission", "", "play this mission (docs/MISSIONS.md) between the --blue and --red army lists")
	blueList := fs.String("blue", "", "with --mission: blue's army list")
	redList := fs.String("red", "", "with --mission: red's army list")
	bots := map[rules.Seat]string{}
	fs.Func("bot", "SEAT=BOT: a bot plays that seat in the random games", func(v string) error {
		seat, name, ok := strings.Cut(v, "=")
		if !ok || seat == "" || name == "" {
			return fmt.Errorf("%q: give SEAT=BOT (red=greedy)", v)
		}
		if _, err := bot.New(name); err != nil {
			return err
		}
		bots[rules.Seat(seat)] = name
		return nil
	})
	pos, err := ParseFlags(fs, args)
	if err != nil {
		return FlagError(err, "ordo play", playUsage, stdout, stderr)
	}
	switch {
	case *missionFile != "" || *blueList != "" || *redList != "":
		if *missionFile == "" || *blueList == "" || *redList == "" {
			fmt.Fprintln(stderr, "ordo play: a mission is played between two lists: give --mission, --blue and --red")
			return 2
		}
		if len(pos) > 1 || (len(pos) == 0 && *randomN == 0) {
			fmt.Fprintf(stderr, "ordo play: with --mission, one script file (or --random N), got %q\n", pos)
			return 2
		}
		script := ""
		if len(pos) == 1 {
			script = pos[0]
		}
		rs, sc, err := missionPlay(*missionFile, *blueList, *redList, script)
		if err != nil {
			fmt.Fprintf(stderr, "ordo play: %s\n", strings.ReplaceAll(err.Error(), "\n", "; "))
			return 2
		}
		return playLoaded(rs, sc, sc.File, stdout, stderr, play.Options{JSON: *jsonOut, Random: *randomN, Seed: *seed, Menu: *menu}, bots, *viewer)
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
	if len(bots) > 0 && *randomN == 0 {
		fmt.Fprintln(stderr, "ordo play: --bot plays in random games: give --random N")
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
	return playLoaded(rs, sc, file, stdout, stderr, play.Options{JSON: *jsonOut, Random: *randomN, Seed: *seed, Menu: *menu}, bots, *viewer)
}

// playLoaded plays a loaded scenario under rs with the bots and viewer
// of ordo play's flags.
func playLoaded(rs rules.Ruleset, sc *scenario.Scenario, file string, stdout, stderr io.Writer, opt play.Options, bots map[rules.Seat]string, viewer string) int {
	for _, seat := range slices.Sorted(maps.Keys(bots)) {
		name := bots[seat]
		if !slices.ContainsFunc(sc.Sides, func(s scenario.Side) bool { return s.Seat == string(seat) }) {
			fmt.Fprintf(stderr, "ordo play: --bot %s=%s: no such seat in %s\n", seat, name, file)
			return 2
		}
		p, _ := bot.New(name)
		if opt.Bots == nil {
			opt.Bots = map[rules.Seat]play.Chooser{}
		}
		opt.Bots[seat] = func(st rules.State, seat rules.Seat, r *rand.Rand) (rules.Action, error) {
			return bot.Act(p, st, seat, r)
		}
	}
	switch viewer {
	case "":
	case "spectator":
		opt.Viewer = rules.Spectator()
	default:
		known := false
		for _, s := range sc.Sides {
			known = known || s.Seat == viewer
		}
		if !known {
			fmt.Fprintf(stderr, "ordo play: --viewer %q: no such seat in %s\n", viewer, file)
			return 2
		}
		opt.Viewer = rules.PlayerView(rules.Seat(viewer))
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
