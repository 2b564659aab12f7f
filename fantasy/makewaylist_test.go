package fantasy

import (
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// naiveMakeWays is Make Way!'s listing as the rule reads: every character
// and every model of his unit put through checkMakeWay, keeping for each
// character the valid swap nearest him (the first in rank order among
// equals).
func naiveMakeWays(s *State, units []*Unit, seat rules.Seat) []MakeWay {
	var out []MakeWay
	for _, u := range units {
		if u.Seat != seat || len(u.Models) < 2 {
			continue
		}
		for _, ch := range u.characters() {
			r, f, _ := u.slotOf(ch.ID)
			from := u.slotCentre(r, f)
			best, bd := "", 0.0
			for rr, rank := range u.Ranks {
				for ff, id := range rank {
					if m := u.model(id); m == nil || m.Role == Character {
						continue
					}
					if s.checkMakeWay(MakeWay{Unit: u.ID, Character: ch.ID, With: id}, seat) != nil {
						continue
					}
					if d := u.slotCentre(rr, ff).Dist(from); best == "" || d < bd-1e-9 {
						best, bd = id, d
					}
				}
			}
			if best != "" {
				out = append(out, MakeWay{Unit: u.ID, Character: ch.ID, With: best})
			}
		}
	}
	return out
}

// Make Way! (8th edition): the menu's listing, which skips work, offers
// exactly the swaps a check of every character and model would — a
// captain out of contact, one on a base too big for the slots, two
// characters, and the other seat, which has none.
func TestMakeWayListingMatchesTheFullCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    *State
	}{
		{"captain", makeWayReady(t, "captain", bowmenLeft(nil))},
		{"mounted captain", makeWayReady(t, "mounted-captain", bowmenLeft(nil))},
		{"two characters", engagedPair(t,
			[]map[string]any{unitSpecOf("u", "swordsman", 18, 9, [2]float64{24, 10}, 90, chars("c1", "captain", "c2", "captain"))},
			[]map[string]any{bowmenLeft(nil)})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			units := tc.s.combatOf(tc.s.unit("u"))
			if len(tc.s.makeWays(units, "blue")) == 0 && tc.name != "mounted captain" {
				t.Fatal("setup: blue should have a Make Way! to offer")
			}
			for _, seat := range []rules.Seat{"blue", "red"} {
				got, want := tc.s.makeWays(units, seat), naiveMakeWays(tc.s, units, seat)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: the listing offers %v, the full check %v", seat, got, want)
				}
			}
		})
	}
}

// BenchmarkMakeWays times Make Way!'s listing for a stranded captain in a
// 9-wide unit, beside the check of every character and model.
func BenchmarkMakeWays(b *testing.B) {
	blue := unitSpecOf("u", "swordsman", 9, 9, [2]float64{24, 10}, 90, chars("cap", "captain"))
	s := battle(b, nil, []map[string]any{blue}, []map[string]any{bowmenLeft(nil)})
	apply(b, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	apply(b, s, "red", React{Reaction: "hold"})
	apply(b, s, "blue", EndCharges{})
	apply(b, s, "blue", ChargeMove{Unit: "u"}, 6, 6)
	apply(b, s, "blue", EndMovement{})
	apply(b, s, "blue", EndShooting{})
	units := s.combatOf(s.unit("u"))
	for _, bc := range []struct {
		name string
		list func() []MakeWay
	}{
		{"listing", func() []MakeWay { return s.makeWays(units, "blue") }},
		{"full-check", func() []MakeWay { return naiveMakeWays(s, units, "blue") }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if len(bc.list()) != 1 {
					b.Fatal("want one swap")
				}
			}
		})
	}
}
