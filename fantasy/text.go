package fantasy

import "strconv"

// line builds an event's sentence by appending, without fmt: a round of
// close combat writes a dozen of them, and formatting was a tenth of its
// cost. Each method appends and returns the longer line.
type line []byte

// newLine is an empty line with room for a typical sentence.
func newLine() line { return make(line, 0, 96) }

func (l line) s(parts ...string) line {
	for _, p := range parts {
		l = append(l, p...)
	}
	return l
}

// n appends an integer in decimal, as %d does.
func (l line) n(v int) line { return strconv.AppendInt(l, int64(v), 10) }

// inches appends a whole number of inches, as %.0f does.
func (l line) inches(v float64) line { return strconv.AppendFloat(l, v, 'f', 0, 64) }

func (l line) String() string { return string(l) }
