package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ordo-rules/ordo/match"
)

// maxExport bounds an export read from a file or a server: a file's size
// is checked before it is read, and a server's answer is read one byte
// past it, so that a longer one is refused as too large rather than cut
// and reported as broken JSON.
const maxExport = 64 << 20

// tooLarge is the refusal of an export over maxExport.
func tooLarge(what string) error {
	return fmt.Errorf("%s: larger than the %d MB an export may be", what, maxExport>>20)
}

func runVerify(get func(url string, limit int64) ([]byte, error), args []string, stdout, stderr io.Writer) int {
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
		u := strings.TrimSuffix(*srv, "/") + "/api/matches/" + escapeSegment(pos[0]) + "/export"
		if body, err = get(u, maxExport+1); err != nil {
			fmt.Fprintf(stderr, "ordo verify: %v\n", err)
			return 2
		}
		if len(body) > maxExport {
			fmt.Fprintf(stderr, "ordo verify: %v\n", tooLarge("match "+pos[0]))
			return 2
		}
	} else {
		f, err := os.Open(pos[0])
		if err != nil {
			fmt.Fprintf(stderr, "ordo verify: %v\n", err)
			return 2
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.Size() > maxExport {
			fmt.Fprintf(stderr, "ordo verify: %v\n", tooLarge(pos[0]))
			return 2
		}
		if body, err = io.ReadAll(io.LimitReader(f, maxExport+1)); err != nil {
			fmt.Fprintf(stderr, "ordo verify: %v\n", err)
			return 2
		}
		if len(body) > maxExport { // grew since Stat, or not a regular file
			fmt.Fprintf(stderr, "ordo verify: %v\n", tooLarge(pos[0]))
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
// "_", "~"), stricter than net/url's PathEscape, which leaves the
// sub-delimiters ("&", "=", "+", ...) as they are.
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
