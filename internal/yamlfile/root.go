package yamlfile

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// RootValue reads the value of key in the mapping at the root of a file
// from its bytes, without parsing it: the text after the key on the key's
// line, a plain word or words, or quoted text without escapes. It reads
// the file as the scan of its lists and mappings does (entryScan), and
// gives up (ok false) where that reading may differ from the parser's: the
// root is not a block mapping, a line break that is "\r" alone, a tag, an anchor or an alias, a complex key, the key given more than once or not at all, or a
// value of any other kind (on later lines, quoted over several lines, a
// collection). It is linear in the file's bytes.
//
// A reader uses it to choose, before the parse, bounds that depend on the
// value (the army of the ruleset a scenario names): the parse and the
// reader's own checks stay the judges of the file.
func RootValue(data []byte, key string) (value string, ok bool) {
	for i := bytes.IndexByte(data, '\r'); i >= 0; {
		if i+1 == len(data) || data[i+1] != '\n' {
			return "", false // a line break of old Macs, which the scan does not know
		}
		j := bytes.IndexByte(data[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	s := &entryScan{data: data, line: 1, col: 1, max: MaxEntries, want: []byte(key)}
	s.run()
	if s.stop || s.unsure || s.wanted != 1 || s.value == nil {
		return "", false
	}
	return scalarOnLine(s.value)
}

// scalarOnLine is the value of a scalar that is all of the rest of its
// line, v (from the value's first byte): a plain word or words
// up to a comment, or text in quotes without escapes followed by nothing
// but a comment.
func scalarOnLine(v []byte) (string, bool) {
	if len(v) == 0 || !utf8.Valid(v) {
		return "", false
	}
	if q := v[0]; q == '\'' || q == '"' {
		end := bytes.IndexByte(v[1:], q)
		if end < 0 {
			return "", false
		}
		text, tail := v[1:1+end], bytes.TrimLeft(v[2+end:], " \t")
		if q == '"' && bytes.IndexByte(text, '\\') >= 0 || q == '\'' && len(tail) > 0 && tail[0] == '\'' {
			return "", false // an escape, or '' inside single quotes
		}
		if len(tail) > 0 && tail[0] != '#' {
			return "", false
		}
		return string(text), true
	}
	if strings.IndexByte("[]{}-?:|>&!*%@`,#", v[0]) >= 0 {
		return "", false // a collection, a block scalar, an anchor, a tag, an alias or a word the format refuses
	}
	if i := bytes.Index(v, []byte(" #")); i >= 0 {
		v = v[:i]
	}
	if i := bytes.Index(v, []byte("\t#")); i >= 0 {
		v = v[:i]
	}
	v = bytes.TrimRight(v, " \t")
	if bytes.Contains(v, []byte(": ")) || bytes.HasSuffix(v, []byte(":")) || bytes.IndexByte(v, '\t') >= 0 {
		return "", false // a mapping on the key's line (invalid), or a tab the parser reads its own way
	}
	return string(v), true
}
