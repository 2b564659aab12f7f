// Package cli is the front of the ordo command line: it reads the command
// word, answers `ordo odds`, `ordo help` and `ordo version` itself, holds the
// help of every command, and hands the others (`ordo play`, `ordo rules`,
// `ordo verify`, `ordo serve`, `ordo bench`) to the full binary.
//
// Two binaries run it. cmd/ordo links only this package, the odds
// calculators and what they need: no rules engine, no match authority, no
// server, no network, no crypto. inf-dice's web front end starts `ordo odds
// --infdice` (or ordo linked as inf-dice-n4) once per page, and a Go
// program runs the initialisation of every package it links before main,
// whether or not the command uses it: each linked package costs its init,
// its pages and its itabs, and together they made `ordo odds` start slower
// than the C backend it replaces. cmd/ordo-serve, the full binary, links
// everything, package full (the commands that need an engine) and the
// server, and passes them to Main as a Full. ordo runs the commands it does
// not link by starting ordo-serve with the same words, found beside its own
// executable, built from the source tree the working directory is in, or
// on PATH (findServeBinary), as git runs git-NAME.
//
// Invoked under the name inf-dice-n4 (a symlink), either binary is a
// drop-in replacement for the inf-dice calculator's N4 backend, exactly as
// `ordo odds --infdice ARGS...`.
//
// Nothing is loaded before a command asks for it: `ordo odds` never reads
// the unit catalog either.
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

// Full is what only the full binary (ordo-serve) links: the commands that
// need a rules engine, the match authority, the server or the network
// (package full makes one). Each gets the words after its name and returns
// the exit status. A nil Full, or a nil field, runs that command in
// ordo-serve.
type Full struct {
	Play, Rules, Verify, Bench func(args []string, stdout, stderr io.Writer) int
	// Serve runs the server as ordo serve's flags say, until SIGINT or
	// SIGTERM; the front has parsed and checked them.
	Serve func(cfg ServeConfig, stdout, stderr io.Writer) int
}

// ServeBinary is the name of the full binary: the whole command line,
// server included.
const ServeBinary = "ordo-serve"

// The rulesets the front names without linking them (`ordo odds --ruleset
// NAME`); package full's tests check they are the rulesets' own names.
const (
	InfinityRuleset = "infinity-n4"
	FantasyRuleset  = "fantasy"
)

// infdiceName is the name under which the binary behaves as inf-dice-n4.
const infdiceName = "inf-dice-n4"

// A command is one subcommand. To add one, add an entry to commands: its
// help is then listed by `ordo help` and printed by `ordo help NAME`,
// `ordo NAME -h` and `ordo NAME --help`.
type command struct {
	name    string
	summary string // one line for the command list
	// help is the full text: usage lines, what it does, flags, examples.
	help string
	// run gets the words after the command name and returns the exit
	// status: 0 done, 1 the command ran and found a failure, 2 bad input.
	run func(args []string, stdout, stderr io.Writer) int
}

// commands lists the subcommands in the order `ordo help` shows them. It is
// a function rather than a variable because help's entry refers back to it;
// full is what the binary links of the full command line (nil: nothing).
func commands(full *Full) []command {
	if full == nil {
		full = &Full{}
	}
	return []command{
		{"odds", "exact odds of a Normal or Face to Face Roll, with Saving Rolls", oddsUsage, oddsCommand},
		{"play", "run a scenario file and print the adjudicated log", PlayUsage, orFull("play", PlayUsage, full.Play)},
		{"rules", "the rulesets, the loaded catalog and the named rulings", RulesUsage, orFull("rules", RulesUsage, full.Rules)},
		{"serve", "serve matches over HTTP and WebSocket (docs/API.md)", ServeUsage,
			func(args []string, stdout, stderr io.Writer) int { return runServe(full.Serve, args, stdout, stderr) }},
		{"bench", "load a game server with many matches and measure it", BenchUsage, orFull("bench", BenchUsage, full.Bench)},
		{"verify", "check a finished match's seed, dice and log", VerifyUsage, orFull("verify", VerifyUsage, full.Verify)},
		{"version", "the version of this binary", versionUsage, runVersion},
		{"help", "this list, or the full help of one command", helpUsage, runHelp},
	}
}

// orFull is the command name: it answers its help itself when asked first
// (`ordo play -h` needs no engine), and runs everything else with run when
// this binary links it, else in ordo-serve.
func orFull(name, help string, run func(args []string, stdout, stderr io.Writer) int) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			fmt.Fprint(stdout, help)
			return 0
		}
		if run != nil {
			return run(args, stdout, stderr)
		}
		return RunServeBinary(name, args, stdout, stderr)
	}
}

func lookupCommand(name string, full *Full) (command, bool) {
	for _, c := range commands(full) {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// Main is a binary's main without the process: argv[0] is the name the
// binary was invoked as, full what it links of the full command line (nil:
// nothing, and the commands that need it run in ordo-serve). It returns the
// exit status.
func Main(argv []string, stdout, stderr io.Writer, full *Full) int {
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
	c, ok := lookupCommand(argv[0], full)
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
	for _, c := range commands(nil) {
		fmt.Fprintf(&b, "  %-8s  %s\n", c.name, c.summary)
	}
	b.WriteString(`
Examples:
  ordo odds --active "BS 13 B3 mods=+3 dmg 13 ammo=DA" --reactive "BS 12 B1 dmg 13" --arm 1,3
  ordo play data/scenarios/duel.yaml
  ordo play data/scenarios/demo.yaml --random 3 --seed 7 --viewer red

'ordo help COMMAND' or 'ordo COMMAND --help' prints the full help of one command.
ordo runs odds, help and version itself, and the other commands in ordo-serve,
the full binary (the one beside ordo; in the Ordo source tree, one it builds
from the tree; else the one on PATH), so that 'ordo odds' starts at once.
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
	c, ok := lookupCommand(args[0], nil)
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
