package oddsterms

import "fmt"

// Error is a mistake in a side's description: what is wrong (Msg) and where
// (Word, the offending word or words as typed, and Pos, its 1-based position
// among the side's words; 0 when the mistake is about the side as a whole).
//
// Its text is always one line, so a command line tool can print it as is.
type Error struct {
	Word string
	Pos  int
	Msg  string
}

func (e *Error) Error() string {
	if e.Pos <= 0 {
		return e.Msg
	}
	return fmt.Sprintf("word %d %q: %s", e.Pos, e.Word, e.Msg)
}

// errorf builds an *Error about the word w.
func errorf(w word, format string, args ...any) *Error {
	return &Error{Word: w.text, Pos: w.pos, Msg: fmt.Sprintf(format, args...)}
}

// sideErrorf builds an *Error about a whole side or about the matchup.
func sideErrorf(format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...)}
}
