package yamlfile

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/token"
)

// The bounds on a YAML file, checked before the parser sees it. Ordo's
// files are small: the shipped scenarios and catalog files hold 1 to 6 KiB
// and nest about 10 levels deep. The bounds sit far above that and far
// below what makes the parser slow: goccy/go-yaml takes about 0.6 ms and
// 180 bytes of memory per byte of input, and time and memory quadratic in
// the nesting depth (30,000 levels of "[" took 0.9 s and 1.4 GB), so a
// file within both bounds parses in about 150 ms and 50 MB at worst.
const (
	// MaxFileSize is the most bytes a scenario or catalog file may hold.
	MaxFileSize = 256 << 10
	// MaxDepth is the deepest a YAML file may nest, counting every block
	// level (an indented mapping or list, or a "- " list entry) and every
	// flow level ("[" or "{").
	MaxDepth = 100
)

// ReadFile reads a file of at most max bytes. A bigger one is refused
// without reading it whole, with an Error naming the file and the bound.
func ReadFile(path string, max int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > max {
		return nil, TooBig(path, max)
	}
	return data, nil
}

// TooBig is the error for a file over max bytes.
func TooBig(file string, max int) *Error {
	return &Error{File: file, Msg: fmt.Sprintf("the file is larger than %s, the most a file may hold; nothing was parsed", Size(max))}
}

// Size writes a byte count the way docs/LIMITS.md's table does.
func Size(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// checkBounds refuses a file over the size or depth bound before any
// parsing: its size, then a scan of its bytes (scanDepth).
func checkBounds(file string, data []byte) *Error {
	if len(data) > MaxFileSize {
		return TooBig(file, MaxFileSize)
	}
	if p := scanDepth(data, MaxDepth); p.Line > 0 {
		return tooDeep(file, p)
	}
	return nil
}

func tooDeep(file string, p Pos) *Error {
	return &Error{File: file, Line: p.Line, Col: p.Col, Msg: fmt.Sprintf("the file nests deeper than %d levels here (lists and mappings inside each other); nothing was parsed", MaxDepth)}
}

// scanDepth is a quick look at data's nesting, without parsing it: the
// place where it first goes deeper than max levels, or the zero Pos.
//
// It counts conservatively, erring toward more depth: every "[" or "{"
// that may open a flow collection is a level; each line's indentation
// opens a block level when it is deeper than the line before it, closes
// those deeper than it otherwise, and a "- " or "? " followed on its line
// by another or by a key ("- a: 1") opens one more. Quoted text and
// comments are skipped as the parser skips them. Where this reading and
// the parser's could differ (a quote at the start of a line of a literal
// block, say), the tokens are counted again by tokenDepth before the
// parser builds anything.
func scanDepth(data []byte, max int) Pos {
	var (
		flow     int   // open "[" and "{"
		dangling int   // tags and anchors whose value is on a later line
		block    []int // columns of the open block levels
		line     = 1
		col      = 1
		i        int
	)
	// advance moves i on by n bytes, keeping line and col.
	advance := func(n int) {
		for k := 0; k < n && i < len(data); k++ {
			if data[i] == '\n' {
				line++
				col = 1
			} else if !utf8.RuneStart(data[i]) {
				// a continuation byte: same column
			} else {
				col++
			}
			i++
		}
	}
	space := func(j int) bool {
		return j >= len(data) || data[j] == ' ' || data[j] == '\t' || data[j] == '\n' || data[j] == '\r'
	}
	deeper := func() bool { return flow+len(block)+dangling > max }
	for i < len(data) {
		// The start of a line: its indentation sets the block levels.
		indent := 0
		for i+indent < len(data) && data[i+indent] == ' ' {
			indent++
		}
		advance(indent)
		if i < len(data) && flow == 0 && !strings.ContainsRune("\r\n#[{'\"", rune(data[i])) {
			for len(block) > 0 && block[len(block)-1] >= col {
				block = block[:len(block)-1]
			}
			block = append(block, col)
			if deeper() {
				return Pos{line, col}
			}
		}
		plain := false // inside unquoted text
		for i < len(data) && data[i] != '\n' {
			c := data[i]
			switch {
			case c == '#' && (i == 0 || space(i-1)):
				for i < len(data) && data[i] != '\n' {
					advance(1)
				}
				continue
			case (c == '\'' || c == '"') && !plain:
				advance(1)
				for i < len(data) {
					if data[i] == c {
						if c == '\'' && i+1 < len(data) && data[i+1] == '\'' {
							advance(2) // '' is a quote inside single quotes
							continue
						}
						break
					}
					if c == '"' && data[i] == '\\' {
						advance(1)
					}
					advance(1)
				}
				if i >= len(data) {
					return Pos{} // unterminated: the parser says so
				}
				advance(1)
				plain = true
				continue
			case (c == '[' || c == '{') && (flow > 0 || !plain):
				flow++
				if deeper() {
					return Pos{line, col}
				}
				plain = false
			case (c == ']' || c == '}') && flow > 0:
				flow--
				plain = true
			case c == ',' && flow > 0:
				plain = false
			case (c == '-' || c == '?' || c == ':') && space(i+1) && flow == 0 && (c == ':' || !plain):
				// A block entry or key opens a level at the next content;
				// ": " ends a key.
				plain = false
				if c != ':' {
					advance(1)
					for i < len(data) && (data[i] == ' ' || data[i] == '\t') {
						advance(1)
					}
					if opensBlock(data[i:]) {
						block = append(block, col)
						if deeper() {
							return Pos{line, col}
						}
					}
					continue
				}
			case c == ':' && flow > 0 && (space(i+1) || isFlowIndicator(data[i+1])):
				plain = false
			case (c == '!' || c == '&') && !plain:
				// A tag or anchor with nothing after it on its line takes
				// the next line's node, at any indentation: a level for
				// good (see tokenDepth).
				j := i
				for j < len(data) && !space(j) {
					j++
				}
				for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\r') {
					j++
				}
				if j >= len(data) || data[j] == '\n' || data[j] == '#' {
					dangling++
					if deeper() {
						return Pos{line, col}
					}
				}
				plain = true
			case c == ' ' || c == '\t' || c == '\r':
			default:
				plain = true
			}
			advance(1)
		}
		advance(1) // the newline
	}
	return Pos{}
}

// opensBlock reports whether the content after a "- " or "? " opens a
// block level of its own: another "- " or "? ", or a key ("a: 1").
func opensBlock(rest []byte) bool {
	if end := bytes.IndexByte(rest, '\n'); end >= 0 {
		rest = rest[:end]
	}
	if len(rest) == 0 || strings.IndexByte("[{'\"#", rest[0]) >= 0 {
		return false
	}
	if (rest[0] == '-' || rest[0] == '?') && (len(rest) == 1 || rest[1] == ' ' || rest[1] == '\t' || rest[1] == '\r') {
		return true
	}
	return bytes.Contains(rest, []byte(": ")) || bytes.HasSuffix(bytes.TrimRight(rest, " \t\r"), []byte(":"))
}

func isFlowIndicator(c byte) bool {
	return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'
}

// tokenDepth counts the nesting of the parser's own tokens, exactly for
// flow collections and as scanDepth does for block levels (by the column
// where each entry or key starts), and returns the token where it first
// goes deeper than max, or nil. It backs scanDepth up: the parser builds
// its tree from these tokens, so no reading of quotes or plain text can
// differ from the parser's here.
func tokenDepth(tokens token.Tokens, max int) *token.Token {
	type level struct {
		col int
		seq bool // a block list, opened by "- "; else a block mapping
	}
	flow, dangling := 0, 0
	var block []level
	for i, tk := range tokens {
		col, seq, child := 0, false, false
		switch tk.Type {
		case token.SequenceStartType, token.MappingStartType:
			flow++
		case token.SequenceEndType, token.MappingEndType:
			if flow > 0 {
				flow--
			}
		case token.SequenceEntryType:
			if flow == 0 && tk.Position != nil {
				col, seq = tk.Position.Column, true
			}
		case token.MappingKeyType:
			if flow == 0 && tk.Position != nil {
				col = tk.Position.Column
			}
		case token.MappingValueType:
			if flow == 0 {
				var j int
				col, j = keyStart(tokens, i)
				// The parser takes a key right after an empty "- " as
				// that entry's value, at any column: a level deeper.
				child = j > 0 && tokens[j-1].Type == token.SequenceEntryType
			}
		case token.DocumentHeaderType:
			block = block[:0]
		case token.TagType, token.AnchorType:
			// The parser takes the next node as a tag's or anchor's value
			// even when it starts on a later line at any column, so lines
			// of "- !" nest without indenting: every such tag or anchor
			// counts as a level for good. (Both are refused in Ordo's
			// files anyway, once parsed.)
			if i+1 < len(tokens) && tk.Position != nil && tokens[i+1].Position != nil && tokens[i+1].Position.Line > tk.Position.Line {
				dangling++
			}
		}
		if col > 0 {
			// A list may sit at its parent key's column ("a:\n- x"): it is
			// a level of its own; a key at a list's column ends the list.
			for n := len(block); n > 0 && !child && (block[n-1].col > col || block[n-1].col == col && block[n-1].seq && !seq); n-- {
				block = block[:n-1]
			}
			if n := len(block); child || n == 0 || block[n-1].col < col || block[n-1].seq != seq {
				block = append(block, level{col, seq})
			}
		}
		if flow+len(block)+dangling > max {
			return tk
		}
	}
	return nil
}

// keyStart is the column where the key before the ":" at tokens[i]
// starts, and the index of its first token: everything on the key's line
// after the last block indicator ("- ", "? ", ": ") is the key, a flow
// collection from its opening bracket, tags, anchors and aliases included.
// The column is 0 when unknown.
func keyStart(tokens token.Tokens, i int) (col, first int) {
	line := func(k int) int {
		if tokens[k].Position == nil {
			return -1
		}
		return tokens[k].Position.Line
	}
	j := i - 1
	if j < 0 {
		return 0, 0
	}
	for j >= 0 {
		// Step over a flow collection whole, to its opening bracket.
		if t := tokens[j].Type; t == token.SequenceEndType || t == token.MappingEndType {
			for open := 0; j >= 0; j-- {
				switch tokens[j].Type {
				case token.SequenceEndType, token.MappingEndType:
					open++
				case token.SequenceStartType, token.MappingStartType:
					open--
				}
				if open == 0 {
					break
				}
			}
			if j < 0 {
				return 0, 0
			}
		}
		if j == 0 || line(j-1) != line(j) {
			break
		}
		switch tokens[j-1].Type {
		case token.SequenceEntryType, token.MappingKeyType, token.MappingValueType, token.CommentType:
		default:
			j--
			continue
		}
		break
	}
	if tokens[j].Position == nil {
		return 0, j
	}
	return tokens[j].Position.Column, j
}
