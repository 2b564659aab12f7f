package infinity

import (
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/dice"
)

// Immunity (N4), the ammunition kind, as the Infinity wiki's N4 revision of
// the page gives it (docs/RULES.md): a trooper with Immunity (Shock), (AP)
// and so on, the profile listing the ammunition, is immune to that
// ammunition when it makes a Saving Roll against it: its special effects
// and traits are cancelled and it counts as Normal ammunition (one roll,
// the weapon's save attribute whole, a failure one W/STR). The other kinds
// (a game state, Total) are not in the catalog's profiles.

// immuneTo reports trooper t's Immunity to the ammunition named ammo.
func (s *State) immuneTo(t int, ammo string) bool {
	if t < 0 || ammo == "" {
		return false
	}
	sk, ok := s.profile(t).Skill("Immunity")
	return ok && slices.ContainsFunc(sk.Params, func(p string) bool { return strings.EqualFold(p, ammo) })
}

// savingAmmo is the ammunition trooper t saves against when hit with a:
// Normal when it is immune to a.
func (s *State) savingAmmo(t int, a dice.Ammo) dice.Ammo {
	if a.Name == "N" || !s.immuneTo(t, a.Name) {
		return a
	}
	n, err := dice.LookupAmmo("N")
	if err != nil {
		return a
	}
	return n
}
