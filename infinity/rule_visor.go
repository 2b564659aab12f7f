package infinity

import "strings"

// Multispectral Visor (N4): equipment that sees through camouflage and
// visibility zones, in three levels. What each level does against what
// this engine plays:
//
//   - against Mimetism (the target's MOD on BS Attacks and Discover, a
//     Camouflaged marker's included): L1 lowers Mimetism −3 to 0 and −6
//     to −3; L2 and L3 lower any Mimetism to 0;
//   - White Noise (Hacking (N3)): its Circular Template blocks the Line of
//     Fire of a trooper using a visor of any level (hack_whitenoise.go);
//   - Smoke's Zero Visibility Zone (rule_smoke.go): L2 and L3 see through
//     it, L1 sees through it at −6, and none of them faces the throw.
//
// Terrain Visibility Zones are not played by the engine yet; Impersonation
// markers are, but what a visor does against them is not (a visor changes
// nothing there).

// ruleVisor is the rule the visor's MODs cite.
const ruleVisor = "Multispectral Visor (N4)"

// visorPrefix is the equipment name of a visor, before its level.
const visorPrefix = "Multispectral Visor L"

// visorLevel is the level (1 to 3) of the Multispectral Visor trooper t
// carries, or 0 without one.
func (s *State) visorLevel(t int) int {
	if t < 0 || t >= len(s.Troopers) {
		return 0
	}
	level := 0
	for _, e := range s.profile(t).Equipment {
		if l, ok := strings.CutPrefix(e, visorPrefix); ok && len(l) == 1 && l[0] >= '1' && l[0] <= '3' {
			level = max(level, int(l[0]-'0'))
		}
	}
	return level
}

// visorMimetism is the Mimetism MOD (−3 or −6) a trooper using a visor of
// the level sees: L1 lowers it by 3, L2 and L3 cancel it.
func visorMimetism(level, mimetism int) int {
	switch {
	case level >= 2:
		return 0
	case level == 1:
		return min(mimetism+3, 0)
	}
	return mimetism
}

// viewerTrooper is the trooper of model m, or -1.
func (s *State) viewerTrooper(m int) int {
	if m < 0 || m >= len(s.Models) {
		return -1
	}
	return s.Models[m].Trooper
}
