// Package full is the part of the ordo command line that needs the rules
// engines: `ordo play`, `ordo rules` and `ordo verify`, the rulesets by name
// and the Library the server plays, and the running of `ordo serve` and
// `ordo bench` with the server the binary passes in (a Network). Only the
// full binary, cmd/ordo-serve, links it: cmd/ordo, the lean front (package
// cli), runs these commands by starting that binary, so that `ordo odds`
// pays at start for none of the engines' packages. The help texts and the
// flag parsing helpers stay in package cli, which both binaries link.
package full

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/internal/cli"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
)

// Network is what cmd/ordo-serve links beside the engines: the server and
// an HTTP client. A nil Network, or a nil field, runs the command that
// needs it in ordo-serve.
type Network struct {
	// Serve runs the server until ctx ends (`ordo serve`).
	Serve func(ctx context.Context, cfg cli.ServeConfig, log *slog.Logger) error
	// Get fetches the body of url with a GET, at most limit bytes; an
	// answer other than 200 is an error quoting it (`ordo verify --server`).
	Get func(url string, limit int64) ([]byte, error)
	// Bench runs `ordo bench` with the words after it.
	Bench func(args []string, stdout, stderr io.Writer) int
}

// Commands is the full command line for cli.Main: play, rules and verify
// here, serve and bench with net's server.
func Commands(net *Network) *cli.Full {
	if net == nil {
		net = &Network{}
	}
	f := &cli.Full{
		Play:  runPlay,
		Rules: runRules,
		Verify: func(args []string, stdout, stderr io.Writer) int {
			return runVerify(net.Get, args, stdout, stderr)
		},
		Bench: net.Bench,
	}
	if serve := net.Serve; serve != nil {
		f.Serve = func(cfg cli.ServeConfig, stdout, stderr io.Writer) int {
			return runServe(serve, cfg, stderr)
		}
	}
	return f
}

// runServe runs the server until SIGINT or SIGTERM, logging to stderr.
func runServe(serve func(context.Context, cli.ServeConfig, *slog.Logger) error, cfg cli.ServeConfig, stderr io.Writer) int {
	log := slog.New(slog.NewTextHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, cfg, log); err != nil {
		log.Error("ordo serve", "err", err)
		return 1
	}
	return 0
}

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

// Library is every ruleset of the binary and the bundled scenarios: what
// the server plays and what ordo verify replays a match with.
func Library() (*match.Library, error) {
	lib := &match.Library{Games: map[string]match.Game{}}
	for name := range rulesets {
		rs, err := loadRuleset(name)
		if err != nil {
			return nil, err
		}
		g := match.Game{Ruleset: rs}
		if irs, ok := rs.(infinity.Ruleset); ok {
			g.Catalog = irs.Catalog
		}
		lib.Games[name] = g
	}
	sc, err := match.BundledScenarios(data.Scenarios, "scenarios")
	if err != nil {
		return nil, err
	}
	lib.Scenarios = sc
	return lib, nil
}
