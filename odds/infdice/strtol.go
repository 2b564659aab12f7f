package infdice

import (
	"math"
	"strings"
)

// cString cuts s at its first NUL byte: upstream sees its arguments as C
// strings, so nothing after a NUL exists for it.
func cString(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// isCSpace is C's isspace in the "C" locale.
func isCSpace(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

// strtol is C's strtol(s, &end, 10) on an LP64 system: optional leading
// white space and sign, then decimal digits, clamped to the range of a
// 64-bit long on overflow. end is the index of the first byte not consumed,
// and 0 when no digit was found (C then sets end to the start of the string,
// even past white space or a sign).
func strtol(s string) (v int64, end int) {
	i := 0
	for i < len(s) && isCSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	limit := uint64(math.MaxInt64)
	if neg {
		limit++ // |LONG_MIN|
	}
	start := i
	var acc uint64
	overflow := false
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		d := uint64(s[i] - '0')
		if overflow || acc > (limit-d)/10 {
			overflow = true
			continue
		}
		acc = acc*10 + d
	}
	if i == start {
		return 0, 0
	}
	switch {
	case overflow && neg:
		return math.MinInt64, i
	case overflow:
		return math.MaxInt64, i
	case neg:
		return -int64(acc), i // acc == 1<<63 wraps to MinInt64, which is right
	}
	return int64(acc), i
}

// cInt is the C assignment of a long to an int as gcc does it on LP64: the
// low 32 bits, so "4294967297" reads as 1 and an overflowing strtol
// (LONG_MAX) as -1. Upstream range-checks the int, so this decides which
// message a huge argument gets, and even whether it is accepted.
func cInt(v int64) int { return int(int32(v)) }

// atoiC reads an argument the way upstream reads B and DAM:
// (int)strtol(s, NULL, 10), trailing junk ignored ("3x" is 3, "abc" is 0).
func atoiC(s string) int {
	v, _ := strtol(s)
	return cInt(v)
}
