package infinity

import (
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
)

// Immunity (N4), the ammunition kind: a trooper with Immunity (Shock) makes
// its Saving Roll against Shock as against Normal ammunition, so a failed
// roll that takes its last Wound leaves it Unconscious; the same roll
// kills a trooper without it (Shock kills the Unconscious, Ammunition
// (N4)).
func TestImmunity(t *testing.T) {
	for _, c := range []struct {
		prof string
		dead bool
	}{{"shock-proof", false}, {"fusilier", true}} {
		t.Run(c.prof, func(t *testing.T) {
			st := setupWithCatalog(t, "testdata/immunity/catalog.yaml", hackYAML([]string{"lt fusilier 2 2 90"}, []string{"victim " + c.prof + " 10 10 270"}))
			w := catalog.Weapon{ID: "shock-gun", Name: "Shock Gun", Damage: 15, Burst: 1, Ammo: []string{"Shock"}, Save: "ARM"}
			v := st.trooperIndex("victim")
			hit := roller{trooper: -1, source: "mine-1", weapon: &w, target: v, ammo: "Shock", out: dice.Outcome{Hits: 1}}
			if _, err := st.applyHits(&hit, mustScript(t, 1)); err != nil {
				t.Fatal(err)
			}
			if got := st.Troopers[v].States.Dead; got != c.dead {
				t.Fatalf("Dead %v, want %v (states %v)", got, c.dead, st.Troopers[v].States)
			}
			if !c.dead && !st.Troopers[v].States.Unconscious {
				t.Fatalf("states %v: want Unconscious", st.Troopers[v].States)
			}
		})
	}
}
