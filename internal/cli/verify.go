package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ordo-rules/ordo/match"
)

const verifyUsage = `usage: ordo verify FILE
       ordo verify --server URL MATCH

Checks a finished match, from an exported match file (GET
/api/matches/{id}/export saves one) or fetched from a server: the seed the
server published at the end matches the commitment it gave when the match was
created, every die of the log is the one the seed's generator gives for its
entry, and the log replays from the scenario to the end of the game. Exits 0
when all holds, 1 naming the first thing that does not, 2 on bad input.

Flags:
  --server URL   the server to fetch MATCH from (http://127.0.0.1:8080); the
                 fetch is made by ordo-serve, which ordo starts (ordo links
                 no network code)

Examples:
  ordo verify --server http://127.0.0.1:8080 9azjEh1UgzymSXMv
  curl -s localhost:8080/api/matches/9azjEh1UgzymSXMv/export > match.json
  ordo verify match.json
`

// maxExport bounds an export read from a file or a server.
const maxExport = 64 << 20

func runVerify(net *Network, args []string, stdout, stderr io.Writer) int {
	fs := NewFlagSet("ordo verify")
	srv := fs.String("server", "", "")
	pos, err := ParseFlags(fs, args)
	if err != nil {
		return FlagError(err, "ordo verify", verifyUsage, stdout, stderr)
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "ordo verify: give one FILE, or --server URL and one MATCH (see ordo verify --help)")
		return 2
	}
	var body []byte
	if *srv != "" {
		if net == nil || net.Get == nil {
			return runServeBinary("verify", args, stdout, stderr)
		}
		u := strings.TrimSuffix(*srv, "/") + "/api/matches/" + escapeSegment(pos[0]) + "/export"
		if body, err = net.Get(u, maxExport); err != nil {
			fmt.Fprintf(stderr, "ordo verify: %v\n", err)
			return 2
		}
	} else {
		f, err := os.Open(pos[0])
		if err != nil {
			fmt.Fprintf(stderr, "ordo verify: %v\n", err)
			return 2
		}
		defer f.Close()
		if body, err = io.ReadAll(io.LimitReader(f, maxExport)); err != nil {
			fmt.Fprintf(stderr, "ordo verify: %v\n", err)
			return 2
		}
	}
	var x match.Export
	if err := json.Unmarshal(body, &x); err != nil {
		fmt.Fprintf(stderr, "ordo verify: %s: not an exported match: %v\n", pos[0], err)
		return 2
	}
	lib, err := Library()
	if err != nil {
		fmt.Fprintf(stderr, "ordo verify: %v\n", err)
		return 2
	}
	v, err := lib.Verify(&x)
	if err != nil {
		fmt.Fprintf(stderr, "ordo verify: match %s: %v\n", x.ID, err)
		return 1
	}
	fmt.Fprintf(stdout, "match %s verified: the seed matches its commitment %s; %d entries replayed to the end of the game; all %d dice are the seed's\n",
		x.ID, x.Commitment, v.Entries, v.Dice)
	return 0
}

// escapeSegment percent-encodes a match id for one segment of a URL path:
// every byte but the unreserved ones (RFC 3986: letters, digits, "-", ".",
// "_", "~"). It is written here rather than taken from net/url, whose
// initialisation (net/netip's) every `ordo odds` process would pay for.
func escapeSegment(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
