package infinity

import "github.com/ordo-rules/ordo/dice"

// Marksmanship L2 (N3), as Assisted Fire grants it to a REM (Hacking (N3),
// Supportware): an Automatic Skill that works when its user declares a BS
// Attack, letting it ignore the -3 BS MOD of the target's Partial Cover.
// The Cover's bonus to the target's Saving Roll stays: the skill changes
// where the shot lands, not what it meets. The skill is optional, but
// ignoring a negative MOD is never worse, so the engine always applies it.

// marksmanshipMods are the target MODs of trooper t's BS Attack: without
// the Partial Cover MOD when t has Marksmanship L2. mods is the list
// targetMods returned; it is filtered in place.
func (s *State) marksmanshipMods(t int, mods []dice.Mod) []dice.Mod {
	if !s.Troopers[t].States.Marksmanship {
		return mods
	}
	cover := dice.CoverMod()
	out := mods[:0]
	for _, m := range mods {
		if m != cover {
			out = append(out, m)
		}
	}
	return out
}
