package oddsterms

import (
	"strconv"
	"strings"
)

// Pair is a stat given for both sides at once (--arm 1,3): the active's and
// the reactive's, either of which may be missing.
type Pair struct {
	Active   *int `json:"active,omitempty"`
	Reactive *int `json:"reactive,omitempty"`
}

// ParsePair reads "A,R" with each part 0..MaxStat; one part may be empty
// (",3" gives only the reactive's).
func ParsePair(stat, s string) (Pair, error) {
	a, r, ok := strings.Cut(s, ",")
	if !ok || strings.Contains(r, ",") || a == "" && r == "" {
		return Pair{}, sideErrorf("%s wants ACTIVE,REACTIVE (e.g. 1,3; ,3 for the reactive only), got %q", stat, s)
	}
	var p Pair
	for _, part := range []struct {
		text string
		dst  **int
	}{{a, &p.Active}, {r, &p.Reactive}} {
		if part.text == "" {
			continue
		}
		n, err := strconv.Atoi(part.text)
		if err != nil || n < 0 || n > MaxStat {
			return Pair{}, sideErrorf("%s %q: each value must be a whole number 0..%d", stat, s, MaxStat)
		}
		*part.dst = intp(n)
	}
	return p, nil
}

// setStat gives a side a stat from a --arm/--bts shorthand.
func setStat(s *SideSpec, side, stat string, v *int) error {
	if v == nil {
		return nil
	}
	dst := &s.ARM
	if stat == SaveBTS {
		dst = &s.BTS
	}
	if *dst != nil {
		return sideErrorf("the %s side's %s is given twice: %d in its words and %d by --%s",
			side, stat, **dst, *v, strings.ToLower(stat))
	}
	*dst = intp(*v)
	return nil
}
