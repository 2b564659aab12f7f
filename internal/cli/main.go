// Package cli is the ordo command line: it reads the command word and runs
// the command, each one parsing its flags and calling the packages that do
// the work (odds, play, match, server, the stores, loadgen). One binary,
// cmd/ordo, runs all of it; invoked under the name inf-dice-n4 it is a
// drop-in replacement for the inf-dice calculator's N4 backend, exactly as
// `ordo odds --infdice ARGS...` (cmd/inf-dice-n4 is that alone, linked
// small for the fastest start).
//
// To add a subcommand, add an entry to the table in commands (main.go):
// its name, a one-line summary, its full help and the function that runs
// it. `ordo help`, `ordo help NAME`, `ordo NAME -h` and `ordo NAME --help`
// then list and print it.
//
// Nothing is loaded before a command asks for it: no package of the binary
// builds a table in its initialisation (cmd/ordo's
// TestOddsBuildsNoTablesAtStart), and `ordo odds` never reads the unit
// catalog, so that `ordo odds` starts at once.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/ordo-rules/ordo/odds/infdice"
)

// infdiceName is the name under which the binary behaves as inf-dice-n4.
const infdiceName = "inf-dice-n4"

// A command is one subcommand (see commands).
type command struct {
	name    string
	summary string // one line for the command list
	// help is the full text: usage lines, what it does, flags, examples.
	help string
	// run gets the words after the command name and returns the exit
	// status: 0 done, 1 the command ran and found a failure, 2 bad input.
	// It parses its flags (NewFlagSet, ParseFlags, FlagError) and calls
	// the packages that do the work.
	run func(args []string, stdout, stderr io.Writer) int
}

// commands is the table of subcommands, in the order `ordo help` shows
// them: the one place to register a new one. It is a function rather than
// a variable because help's entry refers back to it.
func commands() []command {
	return []command{
		{"odds", "exact odds of a Normal or Face to Face Roll, with Saving Rolls", oddsUsage, oddsCommand},
		{"play", "run a scenario file and print the adjudicated log", playUsage, runPlay},
		{"arena", "play bots against each other and count wins, draws and losses", arenaUsage, runArena},
		{"rules", "the rulesets, the loaded catalog and the named rulings", rulesUsage, runRules},
		{"army", "check an army list, or import an army builder code (docs/ARMIES.md)", armyUsage, withHelp(armyUsage, runArmy)},
		{"serve", "serve matches over HTTP and WebSocket (docs/API.md)", serveUsage, runServe},
		{"bench", "load a game server with many matches and measure it", benchUsage, withHelp(benchUsage, runBench)},
		{"verify", "check a finished match's seed, dice and log", verifyUsage,
			func(args []string, stdout, stderr io.Writer) int { return runVerify(httpGet, args, stdout, stderr) }},
		{"version", "the version of this binary", versionUsage, runVersion},
		{"help", "this list, or the full help of one command", helpUsage, runHelp},
	}
}

// withHelp answers -h and --help as the first word with help, for a
// command whose own words come before its flags (ordo bench serve).
func withHelp(help string, run func(args []string, stdout, stderr io.Writer) int) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			fmt.Fprint(stdout, help)
			return 0
		}
		return run(args, stdout, stderr)
	}
}

func lookupCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// Main is ordo's main without the process: argv[0] is the name the binary
// was invoked as. It returns the exit status.
func Main(argv []string, stdout, stderr io.Writer) int {
	name := ""
	if len(argv) > 0 {
		name = strings.TrimSuffix(filepath.Base(argv[0]), ".exe")
		argv = argv[1:]
	}
	if name == infdiceName {
		return infdice.Main(argv, false, stdout, stderr)
	}
	if len(argv) == 0 {
		fmt.Fprint(stderr, overview())
		return 2
	}
	switch argv[0] {
	case "-h", "-help", "--help":
		return runHelp(argv[1:], stdout, stderr)
	case "-version", "--version":
		return runVersion(argv[1:], stdout, stderr)
	}
	c, ok := lookupCommand(argv[0])
	if !ok {
		fmt.Fprintf(stderr, "ordo: unknown command %q (try 'ordo help')\n", argv[0])
		return 2
	}
	return c.run(argv[1:], stdout, stderr)
}

// overview is the text of `ordo help`: every command and its one line.
func overview() string {
	var b strings.Builder
	b.WriteString("usage: ordo COMMAND [ARGS...]\n\ncommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-8s  %s\n", c.name, c.summary)
	}
	b.WriteString(`
Examples:
  ordo odds --active "BS 13 B3 mods=+3 dmg 13 ammo=DA" --reactive "BS 12 B1 dmg 13" --arm 1,3
  ordo play data/scenarios/duel.yaml
  ordo play data/scenarios/demo.yaml --random 3 --seed 7 --viewer red

'ordo help COMMAND' or 'ordo COMMAND --help' prints the full help of one command.
Linked or copied as inf-dice-n4, the binary is 'ordo odds --infdice'.
`)
	return b.String()
}

const helpUsage = `usage: ordo help [COMMAND]

Without a COMMAND, lists the commands; with one, prints its full help (the same
text as 'ordo COMMAND --help').

Example:
  ordo help play
`

func runHelp(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		fmt.Fprint(stdout, overview())
		return 0
	case len(args) > 1:
		fmt.Fprintf(stderr, "ordo help: one command at a time, not %q\n", args)
		return 2
	}
	c, ok := lookupCommand(args[0])
	if !ok {
		fmt.Fprintf(stderr, "ordo help: unknown command %q (try 'ordo help')\n", args[0])
		return 2
	}
	fmt.Fprint(stdout, c.help)
	return 0
}

const versionUsage = `usage: ordo version
       ordo --version

Prints the module version (or "(devel)" for a build from a work tree), the
source revision when the build recorded it, the Go release and the platform.

Example:
  $ ordo version
  ordo (devel) 5c3a6f5abcde go1.26.0 linux/amd64
`

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("ordo version")
	if _, err := ParseFlags(fs, args); err != nil {
		return FlagError(err, "ordo version", versionUsage, stdout, stderr)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ordo version: takes no arguments, got %q\n", fs.Args())
		return 2
	}
	fmt.Fprintln(stdout, version())
	return 0
}

// version describes the build from what the Go toolchain recorded in it.
func version() string {
	v, rev := "(devel)", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
		modified := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" && modified {
			rev += "+modified"
		}
	}
	s := "ordo " + v
	if rev != "" {
		s += " " + rev
	}
	return fmt.Sprintf("%s %s %s/%s", s, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// NewFlagSet is a FlagSet that reports errors to its caller only: commands
// print them as one line of their own.
func NewFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// ParseFlags parses args with fs, taking flags and arguments in any order
// ("ordo play FILE --json" and "ordo play --json FILE" are the same); after
// "--" every word is an argument. It returns the arguments in order, which
// are also left in fs.Args().
func ParseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			pos = append(pos, rest...)
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	// Leave the arguments where flag.FlagSet.Args reports them.
	if err := fs.Parse(append([]string{"--"}, pos...)); err != nil {
		return nil, err
	}
	return pos, nil
}

// FlagError prints a flag parsing error as one line and returns 2, or, for
// -h and --help, prints the command's full help on stdout and returns 0.
func FlagError(err error, cmd, help string, stdout, stderr io.Writer) int {
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, help)
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v (see %s --help)\n", cmd, err, cmd)
	return 2
}
