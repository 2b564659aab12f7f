package infinity

import (
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// Tactical Awareness (N4): the Order Count gives a trooper with it an
// Irregular Order of its own besides the Regular Order it adds to the
// pool, which it may spend and nobody else; Isolated does not take it
// away (N4 FAQ 1.3).
func TestTacticalAwareness(t *testing.T) {
	st := setupWithCatalog(t, "testdata/martial/catalog.yaml", hackYAML([]string{"aware aware-trooper 4 4 90", "other fusilier 8 4 90"}, []string{"far fusilier 20 28 270"}))
	a := st.trooperIndex("aware")
	if got := st.Troopers[a].IrregularOrders; got != 1 {
		t.Fatalf("Irregular Orders %d, want 1", got)
	}
	pool := st.Armies[0].Groups[0].Pool
	do(t, st, "blue", Activate{Trooper: "aware", Order: OrderIrregular, Skill: move([2]float64{4, 6})})
	finishHackOrder(t, st)
	if st.Troopers[a].IrregularOrders != 0 || st.Armies[0].Groups[0].Pool != pool {
		t.Fatalf("after its Irregular Order: %d left, pool %d (was %d)", st.Troopers[a].IrregularOrders, st.Armies[0].Groups[0].Pool, pool)
	}
	refused(t, st, "blue", Activate{Trooper: "other", Order: OrderIrregular, Skill: move([2]float64{8, 6})}, rules.CodeIllegal, "")
	// Isolated keeps it.
	st.Troopers[a].States.Isolated = true
	if ev := st.orderCount("blue"); ev.Irregular["aware"] != 2 {
		t.Fatalf("Isolated: Irregular Orders %v, want 2 (its own and Tactical Awareness's)", ev.Irregular)
	}
}
