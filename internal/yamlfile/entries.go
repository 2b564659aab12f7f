package yamlfile

import (
	"bytes"
	"fmt"
	"strconv"
)

// MaxEntries bounds the entries of all the lists and mappings of a file
// together, counted by a scan of its bytes before the tokenizer or the
// parser sees it; a reader may set a lower bound (ParseWithin). goccy/go-
// yaml's cost follows the nodes rather than the bytes: 20,000 one-
// character list entries (60 KB) take it 60 to 100 ms and 23 MB on the
// 2-core machine under load, and a block mapping costs more with every
// key (2,000 keys in one mapping took 120 ms and 21 MB, 20,000 keys 4 s
// and 1.7 GB). So an entry of a block mapping with n keys before it counts
// 1 + n/100: a block mapping of n keys counts about n + n²/200. The
// shipped scenarios and catalog files count 30 to 400; a catalog file of
// 1,000 weapons, the most its lists hold, about 13,000.
const MaxEntries = 20000

// A Step is one step of a path into a file's tree: a mapping's key, or an
// index in a list. Key is the key's text without its quotes: a slice of
// the file's bytes, so that the scan allocates nothing per key, unless
// the key was quoted with escapes.
type Step struct {
	Key     []byte
	Index   int
	IsIndex bool
}

// FieldPath is the path in the file's own spelling, as errors name
// fields: "sides[0].troopers".
func FieldPath(path []Step) string {
	s := ""
	for _, st := range path {
		if st.IsIndex {
			s = IndexPath(s, st.Index)
		} else {
			s = ChildPath(s, string(st.Key))
		}
	}
	return s
}

// A Limit is the most entries the list or mapping at path may hold, 0 for
// no bound of its own (only MaxEntries). It must not depend on the index
// of a list's entry: it is asked once for all the lists, and once for all
// the mappings, that are entries of one list. path is the scan's own
// buffer, valid only during the call.
type Limit func(path []Step, mapping bool) int

// checkEntries scans data's lists and mappings (scanEntries) and refuses
// the file when a collection holds more than limit allows there (limit
// may be nil), or else when they hold more than maxEntries entries in all.
// what names the kind of file in the message ("a scenario may have
// here"). It reports every collection over its limit, but none inside
// another one that is: the outer one's entries are not read.
func checkEntries(file string, data []byte, what string, limit Limit, maxEntries int) Errors {
	s := scanEntries(data, maxEntries, limit, nil)
	var errs Errors
	for _, o := range s.overs {
		errs = append(errs, &Error{File: file, Line: o.at.Line, Col: o.at.Col, Field: o.field,
			Msg: fmt.Sprintf("%d entries, more than the %d a %s may have here; none was read", o.entries, o.max, what)})
	}
	if len(errs) == 0 && s.over.Line > 0 {
		// No one list or mapping is too long, but together they are.
		errs = Errors{{File: file, Line: s.over.Line, Col: s.over.Col, Msg: fmt.Sprintf(
			"the file holds more than %s list and mapping entries in all by here (a block mapping's keys count more as it grows), the most a file may hold; nothing was parsed",
			thousands(maxEntries))}}
	}
	return errs
}

// thousands writes n with a comma between thousands, as docs/LIMITS.md does.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Kinds of collection.
const (
	blockSeq = iota
	blockMap
	flowSeq
	flowMap
)

// frame is an open collection during the scan.
type frame struct {
	kind int
	col  int // block collections: the column of their entries
	// step is how it hangs from the frame below it; known is false when
	// the scan could not tell its path (a complex key, an implicit mapping
	// inside a flow list, a second document): it is then bounded only by
	// MaxEntries.
	step  Step
	known bool
	// at is where it starts: its first entry for a block mapping, its
	// first "- " for a block list, its bracket for a flow collection (as
	// NodePos places the parsed node).
	at      Pos
	entries int
	max     int // its Limit, 0 for none
	// entryMax caches the Limit of its entries, lists [0] and mappings
	// [1], once asked (entryAsked).
	entryMax   [2]int
	entryAsked [2]bool
	// overMark is len(entryScan.overs) when it opened: the collections
	// over their bounds found inside it are those after the mark.
	overMark int
	// The last key of a mapping, for its value's path.
	key      []byte
	keyKnown bool
	// Flow collections: whether the next word starts an entry, whether a
	// ":" was seen in the entry (a flow mapping's value, or an implicit
	// mapping inside a flow list), and the last scalar of the entry.
	expect    bool
	colon     bool
	implicit  bool
	scalar    []byte
	hasScalar bool
}

// over is a collection over its bound.
type over struct {
	field        string
	at           Pos
	entries, max int
}

// pending is a block key or "- " whose value starts on a later line.
type pending struct {
	at  place
	col int
	key bool // a mapping key: a "- " at its own column is its value
}

// place is where a value hangs from the top frame: its step there, and
// whether its path is known (see frame).
type place struct {
	step  Step
	known bool
}

// entryScan reads the lists and mappings of a YAML file from its bytes,
// the way goccy/go-yaml's parser would for the subset Ordo's files use:
// block mappings and lists by indentation, flow collections by brackets
// and commas, quoted text, comments, block scalars ("|", ">"), anchors,
// tags and aliases stepped over. It errs toward counting fewer entries
// where its reading is unsure, never more: the parse that follows and the
// readers' own bounds stay the judges, the scan only refuses early. It
// holds only the open collections, so its memory follows the nesting, not
// the file.
type entryScan struct {
	data      []byte
	i         int
	line, col int
	stack     []frame
	total     int
	max       int
	over      Pos    // where the total passed max
	overs     []over // the collections over their bounds, outermost only
	limit     Limit
	buf       []Step // the path handed to limit
	// visit, for tests, sees every collection as it closes.
	visit     func(path []Step, f *frame)
	pend      pending
	hasPend   bool
	seen      bool // the file has content: a later line is no longer the root
	scalarCol int  // inside a block scalar: lines deeper than this column are its text; 0 outside
	stop      bool
	// RootValue's: the root key wanted, how often it was met, the rest of
	// the line from its value (nil when the value goes on past the line),
	// and whether the scan met what it may read otherwise than the parser
	// (a tag, an anchor or an alias, none of which Ordo's files use).
	want   []byte
	wanted int
	value  []byte
	unsure bool
}

// scanEntries reads data's collections in document order, each bounded
// as limit (may be nil) says, and notes the place of the entry that takes
// the count past max. The scan reads the whole file: it is linear in its
// bytes, which MaxFileSize bounds. visit may be nil.
func scanEntries(data []byte, max int, limit Limit, visit func(path []Step, f *frame)) *entryScan {
	s := &entryScan{data: data, line: 1, col: 1, max: max, limit: limit, visit: visit}
	s.run()
	return s
}

// run reads the whole file.
func (s *entryScan) run() {
	for s.i < len(s.data) && !s.stop {
		s.blockLine()
	}
	s.closeTo(0)
}

// path is the path of the collection at s.stack[n-1] (the root's is
// empty) into buf, which it reuses, followed by step if withStep: the path
// of a child of that collection.
func (s *entryScan) path(n int, step Step, withStep bool) []Step {
	s.buf = s.buf[:0]
	for i := 1; i < n; i++ {
		s.buf = append(s.buf, s.stack[i].step)
	}
	if withStep && n > 0 {
		s.buf = append(s.buf, step)
	}
	return s.buf
}

// closeTo closes the open collections above the first n, innermost
// first, holding each to its bound.
func (s *entryScan) closeTo(n int) {
	for len(s.stack) > n {
		k := len(s.stack)
		f := &s.stack[k-1]
		if s.visit != nil && f.known {
			s.visit(s.path(k, Step{}, false), f)
		}
		if f.max > 0 && f.entries > f.max {
			// Those inside it are not read.
			s.overs = append(s.overs[:f.overMark], over{FieldPath(s.path(k, Step{}, false)), f.at, f.entries, f.max})
		}
		s.stack = s.stack[:k-1]
	}
}

func (s *entryScan) adv() {
	if s.i >= len(s.data) {
		return
	}
	if s.data[s.i] == '\n' {
		s.line++
		s.col = 1
	} else if s.data[s.i]&0xC0 != 0x80 {
		s.col++
	}
	s.i++
}

// blank reports whether data[j] ends a word: a space, a tab, a line
// break or the end of the file.
func (s *entryScan) blank(j int) bool {
	return j >= len(s.data) || s.data[j] == ' ' || s.data[j] == '\t' || s.data[j] == '\n' || s.data[j] == '\r'
}

// eol reports whether the rest of the line is empty or a comment.
func (s *entryScan) eol() bool {
	return s.i >= len(s.data) || s.data[s.i] == '\n' || s.data[s.i] == '\r' || s.data[s.i] == '#'
}

func (s *entryScan) skipSpaces() {
	for s.i < len(s.data) && (s.data[s.i] == ' ' || s.data[s.i] == '\t') {
		s.adv()
	}
}

// skipLine moves past the end of the current line.
func (s *entryScan) skipLine() {
	for s.i < len(s.data) && s.data[s.i] != '\n' {
		s.adv()
	}
	s.adv()
}

// entry counts one entry of the collection of frame f, starting at at.
func (s *entryScan) entry(f *frame, at Pos) {
	w := 1
	if f.kind == blockMap {
		w += f.entries / 100
	}
	f.entries++
	s.total += w
	if s.total > s.max && s.over.Line == 0 {
		s.over = at
	}
}

// child is where the value of f's current entry hangs.
func (s *entryScan) child(f *frame) place {
	switch f.kind {
	case blockSeq, flowSeq:
		return place{Step{Index: f.entries - 1, IsIndex: true}, f.known && !f.implicit}
	}
	return place{Step{Key: f.key}, f.known && f.keyKnown}
}

// open starts a collection of the given kind at at, hanging at p from
// the top frame (at the root when there is none).
func (s *entryScan) open(kind int, p place, at Pos) *frame {
	mapping := kind == blockMap || kind == flowMap
	f := frame{kind: kind, col: at.Col, step: p.step, known: p.known, at: at, expect: true, overMark: len(s.overs)}
	k := 0
	if mapping {
		k = 1
	}
	n := len(s.stack)
	switch {
	case !p.known || s.limit == nil:
	case n > 0 && p.step.IsIndex && s.stack[n-1].entryAsked[k]:
		f.max = s.stack[n-1].entryMax[k]
	default:
		f.max = s.limit(s.path(n, p.step, true), mapping)
		if n > 0 && p.step.IsIndex {
			s.stack[n-1].entryMax[k], s.stack[n-1].entryAsked[k] = f.max, true
		}
	}
	s.stack = append(s.stack, f)
	return &s.stack[len(s.stack)-1]
}

// blockEntry counts an entry of the block collection of kind at at: of
// the open one at its column, or of a new one hanging at p.
func (s *entryScan) blockEntry(kind int, p place, at Pos) *frame {
	if n := len(s.stack); n > 0 && s.stack[n-1].kind == kind && s.stack[n-1].col == at.Col {
		f := &s.stack[n-1]
		s.entry(f, at)
		return f
	}
	f := s.open(kind, p, at)
	s.entry(f, at)
	return f
}

// blockLine reads one line in block context (and, through a flow
// collection or quoted text, the lines it spans).
func (s *entryScan) blockLine() {
	for s.i < len(s.data) && s.data[s.i] == ' ' {
		s.adv()
	}
	if s.eol() || s.data[s.i] == '\t' {
		if s.i < len(s.data) && s.data[s.i] == '\t' {
			// Content after a tab, which indents nothing in YAML: the
			// parser may read it as a node, or refuse it.
			s.skipSpaces()
			s.unsure = s.unsure || !s.eol()
		}
		s.skipLine()
		return
	}
	col := s.col
	if s.scalarCol > 0 {
		if col > s.scalarCol {
			s.skipLine()
			return
		}
		s.scalarCol = 0
	}
	if col == 1 && (bytes.HasPrefix(s.data[s.i:], []byte("---")) || bytes.HasPrefix(s.data[s.i:], []byte("..."))) && s.blank(s.i+3) {
		// A new document: ParseOne refuses a second one after parsing.
		s.closeTo(0)
		s.hasPend = false
		s.skipLine()
		return
	}
	dash := s.data[s.i] == '-' && s.blank(s.i+1)
	// Close the block collections this line is not inside; a key at a
	// list's column ends the list ("a:\n- x\nb: 1").
	n := len(s.stack)
	for n > 0 && (s.stack[n-1].col > col || s.stack[n-1].col == col && s.stack[n-1].kind == blockSeq && !dash) {
		n--
	}
	s.closeTo(n)
	var at place
	parentCol := col - 1
	switch p := s.pend; {
	case s.hasPend && (col > p.col || dash && p.key && col == p.col):
		at, parentCol = p.at, p.col
	case !s.seen:
		at.known = true // the document's root
	case s.hasPend && !p.key && col == p.col && !dash:
		// A key at the column of an empty "- " above it: the parser may
		// take it as the entry's value (see tokenDepth).
		s.unsure = true
	}
	s.hasPend, s.seen = false, true
	s.node(at, parentCol)
	s.skipLine()
}

// later notes that the value hanging at p starts on a later line, deeper
// than column col (or at col for a list under a key).
func (s *entryScan) later(p place, col int, key bool) {
	s.pend, s.hasPend = pending{at: p, col: col, key: key}, true
}

// node reads a node in block context at s.i, the value hanging at p of
// something at column parentCol.
func (s *entryScan) node(p place, parentCol int) {
	for !s.stop && !s.eol() {
		c := s.data[s.i]
		switch {
		case c == '-' && s.blank(s.i+1):
			dashCol := s.col
			f := s.blockEntry(blockSeq, p, Pos{s.line, s.col})
			s.adv()
			s.skipSpaces()
			p = s.child(f)
			if s.eol() {
				s.later(p, dashCol, false)
				return
			}
			parentCol = dashCol
		case c == '[' || c == '{':
			s.flow(p)
			return
		case c == '|' || c == '>':
			s.scalarCol = max(parentCol, 1)
			return
		case c == '&' || c == '!':
			// An anchor or a tag: the node follows, here or on a later line.
			for !s.blank(s.i) {
				s.adv()
			}
			s.unsure = true
			s.skipSpaces()
			if s.eol() {
				s.later(p, parentCol, false)
				return
			}
		case c == '*':
			s.unsure = true
			return // an alias: a value, or a key the scan does not read
		case c == '?' && s.i+1 < len(s.data) && (s.data[s.i+1] == ' ' || s.data[s.i+1] == '\t'):
			// A complex key: not in Ordo's files; the rest is left to the
			// parser.
			s.stop = true
			return
		default:
			at := Pos{s.line, s.col}
			key, known, ok := s.key()
			if !ok {
				return // a scalar: the rest of the line (or quoted lines) is text
			}
			f := s.blockEntry(blockMap, p, at)
			f.key, f.keyKnown = key, known
			s.adv() // the ":"
			s.skipSpaces()
			p = s.child(f)
			if s.want != nil && len(s.stack) == 1 && f.known && known && bytes.Equal(key, s.want) {
				if s.wanted++; s.wanted == 1 && !s.eol() {
					end := bytes.IndexByte(s.data[s.i:], '\n')
					if end < 0 {
						end = len(s.data) - s.i
					}
					s.value = bytes.TrimRight(s.data[s.i:s.i+end], "\r")
					if continued(s.data[s.i+end:], at.Col) {
						s.value = nil // plain text going on over the next lines
					}
				}
			}
			if s.eol() {
				s.later(p, at.Col, true)
				return
			}
			parentCol = at.Col
		}
	}
}

// key reads a block mapping's key at s.i and leaves s.i on its ":"; ok is
// false, with s.i past the text, when the node is a scalar, not a key.
// known is false for a quoted key the scan cannot unquote.
func (s *entryScan) key() (key []byte, known, ok bool) {
	start := s.i
	if q := s.data[s.i]; q == '\'' || q == '"' {
		text, closed := s.quoted()
		if !closed {
			return nil, false, false
		}
		s.skipSpaces()
		if s.i < len(s.data) && s.data[s.i] == ':' && s.blank(s.i+1) {
			text, known = unquote(q, text)
			return text, known, true
		}
		return nil, false, false
	}
	for j := s.i; j < len(s.data) && s.data[j] != '\n'; j++ {
		switch {
		case s.data[j] == '#' && j > start && (s.data[j-1] == ' ' || s.data[j-1] == '\t'):
			return nil, false, false
		case s.data[j] == ':' && s.blank(j+1):
			if j == start {
				return nil, false, false // no key: the parser reads it otherwise
			}
			for s.i < j {
				s.adv()
			}
			return bytes.TrimRight(s.data[start:j], " \t"), true, true
		}
	}
	return nil, false, false
}

// unquote is the text of a quoted key, written between quotes q: as
// written when it has no escapes (no allocation), else unquoted, with
// known false when the scan cannot (a key over several lines, an escape
// only YAML has).
func unquote(q byte, text []byte) ([]byte, bool) {
	if bytes.IndexByte(text, '\n') >= 0 {
		return text, false
	}
	if q == '\'' {
		if bytes.Contains(text, []byte("''")) {
			return bytes.ReplaceAll(text, []byte("''"), []byte("'")), true
		}
		return text, true
	}
	if bytes.IndexByte(text, '\\') < 0 {
		return text, true
	}
	u, err := strconv.Unquote(`"` + string(text) + `"`)
	return []byte(u), err == nil
}

// continued reports whether the next line with content after rest (the
// end of a line) is indented deeper than column col, as the lines that
// carry on a plain scalar are.
func continued(rest []byte, col int) bool {
	for len(rest) > 0 {
		rest = rest[1:] // the line break
		end := bytes.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
		}
		line := rest[:end]
		text := bytes.TrimLeft(line, " ")
		if len(bytes.TrimRight(text, " \t\r")) > 0 {
			return len(line)-len(text)+1 > col || text[0] == '\t'
		}
		rest = rest[end:]
	}
	return false
}

// quoted reads quoted text at s.i, over several lines if need be, and
// returns it as written, between the quotes.
func (s *entryScan) quoted() (text []byte, closed bool) {
	q := s.data[s.i]
	s.adv()
	start := s.i
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == q && q == '\'' && s.i+1 < len(s.data) && s.data[s.i+1] == '\'':
			s.adv()
		case c == q:
			text = s.data[start:s.i]
			s.adv()
			return text, true
		case c == '\\' && q == '"':
			s.adv()
		}
		s.adv()
	}
	return nil, false
}

// flow reads a flow collection at s.i, to its closing bracket.
func (s *entryScan) flow(p place) {
	base := len(s.stack)
	s.openFlow(p)
	for s.i < len(s.data) && len(s.stack) > base && !s.stop {
		f := &s.stack[len(s.stack)-1]
		c := s.data[s.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			s.adv()
		case c == '#' && (s.data[s.i-1] == ' ' || s.data[s.i-1] == '\t' || s.data[s.i-1] == '\n'):
			for s.i < len(s.data) && s.data[s.i] != '\n' {
				s.adv()
			}
		case c == ',':
			f.expect, f.colon, f.implicit, f.hasScalar = true, false, false, false
			s.adv()
		case c == ']' || c == '}':
			s.closeTo(len(s.stack) - 1)
			s.adv()
		case c == '[' || c == '{':
			s.flowWord(f)
			var q place
			switch {
			case f.kind == flowSeq && !f.colon:
				q = s.child(f)
			case f.kind == flowMap && f.colon:
				f.key, f.keyKnown = f.scalar, f.hasScalar
				q = s.child(f)
			}
			s.openFlow(q)
		case c == ':' && (s.blank(s.i+1) || isFlowIndicator(s.data[s.i+1]) || f.hasScalar && !f.colon):
			f.colon = true
			if f.kind == flowSeq {
				f.implicit = true
			}
			s.adv()
		case c == '\'' || c == '"':
			s.flowWord(f)
			text, closed := s.quoted()
			if !closed {
				s.stop = true // the parser reports it
				return
			}
			if !f.colon {
				f.scalar, f.hasScalar = unquote(c, text)
			}
		default:
			s.flowWord(f)
			start := s.i
			for s.i < len(s.data) {
				c := s.data[s.i]
				if c == ',' || c == '[' || c == ']' || c == '{' || c == '}' || c == '\n' || c == '\r' ||
					c == ':' && (s.blank(s.i+1) || isFlowIndicator(s.data[s.i+1])) ||
					c == '#' && s.i > start && (s.data[s.i-1] == ' ' || s.data[s.i-1] == '\t') {
					break
				}
				s.adv()
			}
			if !f.colon {
				f.scalar, f.hasScalar = bytes.TrimRight(s.data[start:s.i], " \t"), true
			}
		}
	}
}

// openFlow opens a flow collection at its bracket, s.i, hanging at p.
func (s *entryScan) openFlow(p place) {
	kind := flowSeq
	if s.data[s.i] == '{' {
		kind = flowMap
	}
	s.open(kind, p, Pos{s.line, s.col})
	s.adv()
}

// flowWord counts an entry of flow collection f if a word starts one.
func (s *entryScan) flowWord(f *frame) {
	if f.expect {
		f.expect = false
		s.entry(f, Pos{s.line, s.col})
	}
}
