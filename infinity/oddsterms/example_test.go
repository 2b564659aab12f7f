package oddsterms_test

import (
	"fmt"
	"log"

	"github.com/ordo-rules/ordo/infinity/oddsterms"
	"github.com/ordo-rules/ordo/odds"
)

// The exact odds of a Face to Face Roll, from the words a player uses at
// the table: a BS 13 trooper with +3 and a B3 DA rifle against a BS 12 B1
// one with ARM 3.
func Example() {
	active, err := oddsterms.ParseSide("BS 13 B3 mods=+3 dmg 13 ammo=DA arm=1")
	if err != nil {
		log.Fatal(err)
	}
	reactive, err := oddsterms.ParseSide("BS 12 B1 dmg 13 arm=3 w=2")
	if err != nil {
		log.Fatal(err)
	}
	m, err := oddsterms.Build(active, &reactive, oddsterms.BuildOptions{})
	if err != nil {
		log.Fatal(err)
	}
	r, err := m.Odds(odds.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("active SV: %s\n", m.Active.SVText)
	fmt.Printf("active scores: %.3f%%\n", 100*r.A.Hits.Scores())
	fmt.Printf("reactive scores: %.3f%%\n", 100*r.B.Hits.Scores())
	fmt.Printf("two or more failed saves (the W 2 target falls): %.3f%%\n", 100*r.A.Inflicts.AtLeast(2))
	// Output:
	// active SV: BS 13 +3 MOD = 16
	// active scores: 85.742%
	// reactive scores: 11.155%
	// two or more failed saves (the W 2 target falls): 56.719%
}
