package infinity

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// Multispectral Visor (N4): L1 lowers Mimetism −3 to 0 and −6 to −3; L2
// and L3 lower any Mimetism to 0; no visor leaves it.
func TestVisorLevelsLowerMimetism(t *testing.T) {
	for _, tc := range []struct{ level, mimetism, want int }{
		{0, -3, -3}, {0, -6, -6},
		{1, -3, 0}, {1, -6, -3},
		{2, -3, 0}, {2, -6, 0},
		{3, -3, 0}, {3, -6, 0},
	} {
		if got := visorMimetism(tc.level, tc.mimetism); got != tc.want {
			t.Errorf("Multispectral Visor L%d against Mimetism %d: %d, want %d", tc.level, tc.mimetism, got, tc.want)
		}
	}
}

// Multispectral Visor (N4), in play: a BS Attack on a Sniper (Mimetism
// −3) at 6" (+3 Range) takes no Mimetism MOD from a shooter with a visor
// of any level, and −3 from one without. The level is read from the
// profile's equipment.
func TestVisorInBSAttack(t *testing.T) {
	for _, tc := range []struct {
		profile string
		level   int
		sv      int
	}{
		{"fusilier", 0, 12},     // BS 12 +3 −3
		{"msv-rifleman", 1, 15}, // BS 12 +3
		{"msv-marksman", 2, 16}, // BS 13 +3
		{"msv-hunter", 3, 16},   // BS 13 +3
	} {
		t.Run(tc.profile, func(t *testing.T) {
			y := duelYAML("at: [10, 4], facing: 90", "at: [10, 10], facing: 90", "")
			y = strings.Replace(y, "profile: zhanshi", "profile: sniper", 1)
			y = strings.Replace(y, "profile: fusilier", "profile: "+tc.profile, 1)
			st := setup(t, y, nil)
			if got := st.visorLevel(st.trooperIndex("fusilier")); got != tc.level {
				t.Fatalf("visor level %d, want %d", got, tc.level)
			}
			w, faces := "combi-rifle", []int{20, 20, 20}
			if tc.profile == "msv-marksman" {
				w, faces = "multi-sniper-rifle", []int{20, 20}
			}
			do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi", Weapon: w}})
			do(t, st, "red", AROs{})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			ev := do(t, st, rules.ChanceSeat, Resolve{}, faces...)
			sv := rolledBy(ev)["fusilier"].SV
			if strings.Contains(sv.String(), "Mimetism") != (tc.level == 0) {
				t.Fatalf("SV %s: Mimetism MOD present %v, want %v", sv, !(tc.level == 0), tc.level == 0)
			}
			if tc.profile != "msv-marksman" && sv.Value != tc.sv {
				t.Fatalf("SV %s, want %d", sv, tc.sv)
			}
		})
	}
}
