package oddsterms

import "strings"

// word is one whitespace-separated word of a side's description and its
// 1-based position, kept so that errors can point at it.
type word struct {
	text string
	pos  int
}

// splitWords cuts a description into words.
func splitWords(spec string) []word {
	fields := strings.Fields(spec)
	ws := make([]word, len(fields))
	for i, f := range fields {
		ws[i] = word{text: f, pos: i + 1}
	}
	return ws
}

// join is the word w followed by its value word v, as one word for errors
// ("BS 99").
func join(w, v word) word {
	return word{text: w.text + " " + v.text, pos: w.pos}
}

// splitKey separates a word into a key and a value. Players write the same
// thing three ways, and all are accepted: "BS=13" (eq is true), "BS13" (the
// key's letters run straight into a number), or "BS" alone, whose value is
// then the next word (val is empty).
func splitKey(w string) (key, val string, eq bool) {
	if i := strings.IndexByte(w, '='); i >= 0 {
		return w[:i], w[i+1:], true
	}
	i := 0
	for i < len(w) && isLetter(w[i]) {
		i++
	}
	if i > 0 && i < len(w) && (isDigit(w[i]) || w[i] == '+' || w[i] == '-') {
		return w[:i], w[i:], false
	}
	return w, "", false
}

// isSignedNumber reports a word that starts like "+3" or "-6": a bare MOD.
func isSignedNumber(w string) bool {
	return len(w) > 1 && (w[0] == '+' || w[0] == '-') && isDigit(w[1])
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
