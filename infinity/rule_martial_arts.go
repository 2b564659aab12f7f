package infinity

import (
	"strconv"

	"github.com/ordo-rules/ordo/dice"
)

// Martial Arts (N4), as the Infinity wiki's N4 revision of the page gives
// its chart (docs/RULES.md): a CC Special Skill in levels 1 to 5 that
// applies whenever its user declares a CC Attack, in the Active Turn or in
// ARO.
//
//	Level  Attack MOD  Opponent MOD  Damage MOD  Burst MOD
//	1      0           −3            +1          0
//	2      +3          −3            +1          0
//	3      +3          −3            +2          0
//	4      +3          −3            +3          0
//	5      +3          −3            +3          +1
//
// The Attack MOD is on the user's CC; the Opponent MOD on the roll of the
// enemy it is Face to Face with (its CC Attack or Dodge); the Damage MOD on
// the PH that makes the Damage of a weapon whose Damage is PH; the Burst
// MOD on the CC weapon's Burst.

// martialArts is a level's row of the chart.
type martialArts struct {
	attack, opponent, damage, burst int
}

// martialArtsChart is the chart by level (index 0 unused).
var martialArtsChart = [6]martialArts{
	{},
	{0, -3, 1, 0},
	{3, -3, 1, 0},
	{3, -3, 2, 0},
	{3, -3, 3, 0},
	{3, -3, 3, 1},
}

// martialLevel is trooper t's Martial Arts level, 0 without it.
func (s *State) martialLevel(t int) int {
	if t < 0 {
		return 0
	}
	if sk, ok := s.profile(t).Skill("Martial Arts"); ok && sk.Level >= 1 && sk.Level < len(martialArtsChart) {
		return sk.Level
	}
	return 0
}

// martialRow is the chart's row for roller r: a CC Attack by a trooper
// with Martial Arts; the zero row otherwise.
func (s *State) martialRow(r *roller) (martialArts, int) {
	if r == nil || r.skill.Name != SkillCCAttack {
		return martialArts{}, 0
	}
	l := s.martialLevel(r.trooper)
	return martialArtsChart[l], l
}

// martialName names a level's MOD.
func martialName(level int) string { return "Martial Arts L" + strconv.Itoa(level) }

// martialMods appends to a CC Attack's MODs its Attack MOD, and to any
// roll Face to Face with a Martial Arts CC Attack that one's Opponent MOD
// (the largest, if several).
func (s *State) martialMods(r *roller, mods []dice.Mod) []dice.Mod {
	if row, l := s.martialRow(r); row.attack != 0 {
		mods = append(mods, dice.Mod{Name: martialName(l), Value: row.attack})
	}
	worst, level := 0, 0
	for _, o := range r.opps {
		if row, l := s.martialRow(o); row.opponent < worst {
			worst, level = row.opponent, l
		}
	}
	if worst != 0 {
		mods = append(mods, dice.Mod{Name: martialName(level) + " (opponent)", Value: worst})
	}
	return mods
}

// martialDamage is the Damage MOD of roller r's CC Attack with a weapon
// whose Damage is PH.
func (s *State) martialDamage(r *roller) int {
	if r.arms().DamageAttribute != "PH" {
		return 0
	}
	row, _ := s.martialRow(r)
	return row.damage
}

// martialBurst is the Burst MOD of roller r's CC Attack.
func (s *State) martialBurst(r *roller) int {
	row, _ := s.martialRow(r)
	return row.burst
}
