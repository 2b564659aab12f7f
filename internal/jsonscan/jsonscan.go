// Package jsonscan reads the shape of a JSON text from its bytes, without
// decoding it: the bounds a reader checks before it hands untrusted JSON
// to a decoder (nesting, list lengths) are counted on the bytes outside
// its strings.
package jsonscan

import "iter"

// Outside yields each byte of b that lies outside a string, with its
// offset: the brackets, commas, colons and the bytes of numbers and
// literals. A string's quotes and contents, escapes included, are
// skipped. It does not check the syntax: a decoder does.
func Outside(b []byte) iter.Seq2[int, byte] {
	return func(yield func(int, byte) bool) {
		inString, escaped := false, false
		for i, c := range b {
			switch {
			case inString:
				switch {
				case escaped:
					escaped = false
				case c == '\\':
					escaped = true
				case c == '"':
					inString = false
				}
			case c == '"':
				inString = true
			default:
				if !yield(i, c) {
					return
				}
			}
		}
	}
}
