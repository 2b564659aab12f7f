package cli

import (
	"fmt"
	"io"
)

// BenchUsage is the help of ordo bench.
const BenchUsage = `usage: ordo bench serve [--matches N] [--duration D] [--scenario NAME] [--seed N]
                        [--full-menu] [--rate N] [--url URL | --db FILE | --postgres URL]

Measures what a game server sustains: N matches played at once over the HTTP
API, each by a client that reads its seat's legal menu entries (?menu=legal)
and sends one of them at random, a new match started whenever one ends. It prints the
acknowledged actions per second and the latency of an action request (50th,
90th, 99th percentile and the longest).

Without --url it starts a server in this process on a loopback port, over a
fresh SQLite file (a temporary one unless --db names it) or PostgreSQL
(--postgres), and also prints the process's CPU time per action (server and
clients together). With --url it drives a server already running, such as
'ordo serve' in another terminal; the matches it creates stay in that
server's store.

Flags:
  --matches N       matches played at once (default 100)
  --duration D      how long to run (default 10s)
  --scenario NAME   the bundled scenario to play (default demo)
  --seed N          seeds the clients' choices (default 1)
  --full-menu       the clients ask for the whole menu, greyed entries
                    included, as the web table does
  --rate N          pace the clients to N actions per second over all
                    matches, as players at tables would (default 0: each
                    client sends its next action as soon as the last is
                    answered, which measures the server saturated)
  --url URL         a running server ("http://127.0.0.1:8080")
  --db FILE         the in-process server's SQLite file (default: a new
                    temporary file, removed afterwards)
  --postgres URL    the in-process server keeps matches in PostgreSQL

Example:
  ordo bench serve --matches 100 --duration 20s
  ordo bench serve --matches 100 --rate 2000
  ordo serve --db /tmp/load.db & ordo bench serve --url http://127.0.0.1:8080
`

// runBench answers ordo bench's help itself and runs the load generator
// where the Network is linked: in ordo-serve, which the ordo binary starts
// for it.
func runBench(net *Network, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprint(stdout, BenchUsage)
		return 0
	}
	if net == nil || net.Bench == nil {
		return runServeBinary("bench", args, stdout, stderr)
	}
	return net.Bench(args, stdout, stderr)
}
