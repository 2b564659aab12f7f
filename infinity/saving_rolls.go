package infinity

import "github.com/ordo-rules/ordo/odds"

// saveRoll is one Saving Roll that an attack's successes force: which of
// the rolls each success makes it is (of: an index into the ammunition's
// or program's list, DA and DT making two), whether it is the extra roll a
// Critical adds, and whether it fails without a roll.
type saveRoll struct {
	of    int
	extra bool
	auto  bool
}

// expandSaves lists the Saving Rolls of successes (Criticals included, the
// first crits of them), each forcing perHit rolls, under the `criticals`
// ruling (docs/RULES.md, rulings): by default a Critical adds one more roll
// of the first kind (Critical (N4)); under n3-auto-wound a Critical's first
// roll fails without a roll and its others are still made (DA, DT: only
// the first roll is replaced). Weapons (applyHits) and hacking programs
// (hackHits) both expand their rolls here, so the two cannot drift apart.
// The list is built in buf.
func (s *State) expandSaves(buf []saveRoll, successes, crits, perHit int) []saveRoll {
	out := buf[:0]
	if perHit <= 0 {
		return out
	}
	for range successes {
		for i := range perHit {
			out = append(out, saveRoll{of: i})
		}
	}
	autoWound := s.Rulings.Get("criticals") == string(odds.CritAutoWound)
	for c := range crits {
		if autoWound {
			out[c*perHit].auto = true
			continue
		}
		out = append(out, saveRoll{extra: true})
	}
	return out
}
