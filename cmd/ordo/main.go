// Command ordo is the one Ordo binary: exact odds (`ordo odds`), scenarios
// (`ordo play`), rules listings (`ordo rules`), and, as the project grows,
// the game server (`ordo serve`). Subcommands only parse their arguments and
// call packages.
//
// Invoked under the name inf-dice-n4 (a symlink), the binary is a drop-in
// replacement for the inf-dice calculator's N4 backend, exactly as
// `ordo odds --infdice ARGS...`.
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ordo-rules/ordo/odds/infdice"
)

// infdiceName is the name under which the binary behaves as inf-dice-n4.
const infdiceName = "inf-dice-n4"

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

const usage = `usage: ordo COMMAND [ARGS...]

commands:
  odds      exact odds of a Normal or Face to Face Roll
            ordo odds --active "BS 13 B3 mods=+3 dmg 13 ammo=DA" --reactive "BS 12 B1 dmg 13" --arm 1,3
            ordo odds [--no-limit] --infdice ARGS...   (inf-dice-n4 compatible)
  play      run a scenario file and print the adjudicated log
            ordo play FILE [--json] [--viewer SEAT|spectator] [--random N --seed S]
  rules     what the engine knows; ordo rules --rulings lists the named rulings
  help      this text

Run 'ordo odds -h' for the odds flags.
`

// run is main without the process: argv[0] is the name the binary was
// invoked as. It returns the exit status.
func run(argv []string, stdout, stderr io.Writer) int {
	name := ""
	if len(argv) > 0 {
		name = strings.TrimSuffix(filepath.Base(argv[0]), ".exe")
		argv = argv[1:]
	}
	if name == infdiceName {
		return infdice.Main(argv, false, stdout, stderr)
	}
	if len(argv) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch argv[0] {
	case "odds":
		return oddsCommand(argv[1:], stdout, stderr)
	case "play":
		return runPlay(argv[1:], stdout, stderr)
	case "rules":
		return runRules(argv[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "ordo: unknown command %q (try 'ordo help')\n", argv[0])
		return 2
	}
}

// oddsCommand routes `ordo odds`: with --infdice every later word is the
// inf-dice backend's argument, taken verbatim ("-1" and "-" included), and
// only --no-limit may come before it; otherwise the game-term flags apply.
func oddsCommand(args []string, stdout, stderr io.Writer) int {
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
	if noLimit {
		fmt.Fprintln(stderr, "ordo odds: --no-limit only goes with --infdice (ordo odds --no-limit --infdice ARGS...)")
		return 2
	}
	return runOdds(args, stdout, stderr)
}
