package infinity

import (
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// BS Attack (N4), Mimetism (N4): the target's Mimetism is a MOD to the
// enemy's BS Attack against it, not only to Discover: the fusilier (BS 12,
// +3 Range) shoots a Sniper with Mimetism -3 at SV 12, a Zhanshi without
// it at SV 15.
func TestMimetismModifiesBSAttack(t *testing.T) {
	for _, tc := range []struct {
		profile string
		sv      int
		mod     string
	}{
		{"sniper", 12, "-3 Mimetism"},
		{"zhanshi", 15, ""},
	} {
		t.Run(tc.profile, func(t *testing.T) {
			y := strings.Replace(duelYAML("at: [10, 4], facing: 90", "at: [10, 10], facing: 90", ""), "profile: zhanshi", "profile: "+tc.profile, 1)
			st := setup(t, y, nil)
			do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
			do(t, st, "red", AROs{})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			ev := do(t, st, rules.ChanceSeat, Resolve{}, 20, 20, 20)
			sv := rolledBy(ev)["fusilier"].SV
			if sv.Value != tc.sv || !strings.Contains(sv.String(), "+3 Range") {
				t.Fatalf("SV %s, want %d", sv, tc.sv)
			}
			if got := strings.Contains(sv.String(), "Mimetism"); got != (tc.mod != "") || !strings.Contains(sv.String(), tc.mod) {
				t.Fatalf("SV %s, want the MOD %q", sv, tc.mod)
			}
		})
	}
}

// Mimetism (N4) in ARO: the Zhanshi's BS Attack ARO against an active
// Sniper with Mimetism -3 takes the -3 as well.
func TestMimetismModifiesBSAttackARO(t *testing.T) {
	y := strings.Replace(duelYAML("at: [10, 4], facing: 90", "at: [10, 14], facing: 270", ""), "profile: fusilier", "profile: sniper", 1)
	st := setup(t, y, nil)
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "zhanshi", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 20)
	// Rifle at 8-16": +3; BS 11 +3 -3 = 11.
	if sv := rolledBy(ev)["zhanshi"].SV; sv.Value != 11 || !strings.Contains(sv.String(), "-3 Mimetism") {
		t.Fatalf("ARO SV %s, want 11 with -3 Mimetism", sv)
	}
}

// Discover (N4): a Discover roll takes the BS-like MODs, Partial Cover
// among them: the fusilier (WIP 13, +3 Range at 0-8") Discovers a marker
// behind a low wall at SV 13, one in the open at SV 16.
func TestDiscoverTakesCover(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cover bool
		sv    int
	}{{"in Partial Cover", true, 13}, {"in the open", false, 16}} {
		t.Run(tc.name, func(t *testing.T) {
			y := concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270")
			if tc.cover {
				y = strings.Replace(y, "sides:", `terrain:
  - {name: low-wall, polygon: [[8, 10.2], [12, 10.2], [12, 10.6], [8, 10.6]], cover: true}
sides:`, 1)
			}
			st := setup(t, y, nil)
			do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillDiscover, Target: "red-marker-1"}})
			for st.Order.Step == StepARO1 {
				do(t, st, "red", AROs{})
			}
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			for st.Order.Step == StepARO2 {
				do(t, st, "red", AROs{})
			}
			ev := do(t, st, rules.ChanceSeat, Resolve{}, 20)
			sv := rolledBy(ev)["fusilier"].SV
			if sv.Value != tc.sv || strings.Contains(sv.String(), "Partial Cover") != tc.cover {
				t.Fatalf("Discover SV %s, want %d", sv, tc.sv)
			}
		})
	}
}

// Unconscious (N4): a trooper left with exactly 0 W/STR goes Unconscious
// and, at once, Prone — unless its troop type cannot go Prone (TAGs).
func TestUnconsciousGoesProne(t *testing.T) {
	for _, tc := range []struct {
		profile string
		prone   bool
	}{{"zhanshi", true}, {"line-trooper", true}, {"tag", false}} {
		t.Run(tc.profile, func(t *testing.T) {
			y := strings.Replace(duelYAML("at: [10, 4], facing: 90", "at: [10, 12], facing: 270", ""), "profile: zhanshi", "profile: "+tc.profile, 1)
			st := setup(t, y, nil)
			st.Troopers[1].Wounds = 1
			do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "zhanshi"}})
			for st.Order.Step == StepARO1 {
				do(t, st, "red", AROs{})
			}
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			for st.Order.Step == StepARO2 {
				do(t, st, "red", AROs{})
			}
			// One hit (the 2), its save fails on a 1: 1 W/STR lost, 0 left.
			ev := do(t, st, rules.ChanceSeat, Resolve{}, 2, 20, 20, 1)
			z := st.Troopers[1]
			if z.Wounds != 0 || !z.States.Unconscious || z.States.Prone != tc.prone {
				t.Fatalf("%s: %+v, want Unconscious with Prone %v", tc.profile, z.States, tc.prone)
			}
			for _, e := range ev {
				if w, ok := e.(Wounded); ok && slices.Contains(w.States, "Prone") != tc.prone {
					t.Fatalf("the Wounded event says %v", w.States)
				}
			}
		})
	}
}
