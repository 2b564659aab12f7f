package infinity

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// brawlState sets up blue's trooper of profile prof at (10, 10) facing red's
// fusilier in silhouette contact, on the Martial Arts tests' catalog.
func brawlState(t *testing.T, prof string) *State {
	t.Helper()
	y := hackYAML([]string{fmt.Sprintf("brawler %s 10 10 90", prof)}, []string{"victim fusilier 10 10.98425197 270"})
	return setupWithCatalog(t, "testdata/martial/catalog.yaml", y)
}

// Martial Arts (N4): a CC Attack by a trooper with the skill takes its
// level's Attack MOD, puts its Opponent MOD on the roll Face to Face with
// it (the victim's CC Attack in ARO), adds its Damage MOD to the PH the CC
// Weapon's Damage is, and its Burst MOD to the weapon's Burst: a level 1
// fighter (0, −3, +1, 0) and a level 5 master (+3, −3, +3, +1).
func TestMartialArts(t *testing.T) {
	for _, c := range []struct {
		prof              string
		sv, victimSV, dam int
		dice              int
	}{
		{"ma1-fighter", 17, 11, 11 - 1, 1},
		{"ma5-master", 21, 11, 14 - 1, 2},
	} {
		t.Run(c.prof, func(t *testing.T) {
			st := brawlState(t, c.prof)
			do(t, st, "blue", Activate{Trooper: "brawler", Order: OrderRegular, Skill: Skill{Name: SkillCCAttack, Target: "victim", Weapon: "cc-weapon"}})
			do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "victim", Skill: Skill{Name: SkillCCAttack, Target: "brawler", Weapon: "cc-weapon"}}}})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			faces := slices.Repeat([]int{10}, c.dice)
			// The victim's CC roll, then a Saving Roll for each hit.
			faces = append(append(faces, 2), slices.Repeat([]int{20}, c.dice)...)
			ev := do(t, st, rules.ChanceSeat, Resolve{}, faces...)
			r := rolledBy(ev)
			if r["brawler"].SV.Value != c.sv || len(r["brawler"].Dice) != c.dice || r["victim"].SV.Value != c.victimSV ||
				!strings.Contains(r["victim"].SV.String(), "Martial Arts") {
				t.Fatalf("rolls %+v: want the brawler at CC %d with %d dice, the victim at CC 14 -3 = %d", r, c.sv, c.dice, c.victimSV)
			}
			for _, e := range ev {
				if s, ok := e.(Saved); ok && s.AttackDamage != c.dam {
					t.Fatalf("Attack Damage %d, want %d (PH + the Damage MOD - ARM 1)", s.AttackDamage, c.dam)
				}
			}
		})
	}
}
