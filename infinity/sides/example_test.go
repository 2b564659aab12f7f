package sides_test

import (
	"fmt"

	"github.com/ordo-rules/ordo/infinity/sides"
	"github.com/ordo-rules/ordo/scenario"
)

// reader reads the Infinity armies at load, every profile known.
type reader struct{}

func (reader) HasProfile(string) bool { return true }
func (reader) ReadArmies(sc *scenario.Scenario, c *scenario.Checker) {
	sides.Read(sc, nil, c)
}

// The armies' problems come with the kernel's, each at its file:line:col.
func ExampleRead() {
	src := []byte(`name: Broken
ruleset: test
table: {width: 24, height: 24}
sides:
  - seat: red
    troopers:
      - {id: a, profile: fusilier, lieutenant: true, models: [{id: a, at: [4, 4]}]}
      - {id: b, profile: fusilier, lieutenant: true, models: [{id: b, at: [30, 4]}]}
    combat-groups:
      - {name: "1", troopers: [a, b]}
      - {name: "2", troopers: [b]}
  - seat: blue
    troopers:
      - {id: c, profile: fusilier, models: [{id: c, at: [20, 20]}]}
    combat-groups: [{name: "1", troopers: [c]}]
initiative: red
rounds: 0
`)
	_, err := scenario.Parse("broken.yaml", src, scenario.Options{Catalog: reader{}})
	fmt.Println(err)
	// Output:
	// broken.yaml:8:48: sides[0].troopers[1].lieutenant: side "red" already has a Lieutenant (line 7); a side has exactly one
	// broken.yaml:8:75: sides[0].troopers[1].models[0].at: centre (30, 4) is off the 24×24 table
	// broken.yaml:11:32: sides[0].combat-groups[1].troopers[0]: trooper "b" is already in combat group "1" (line 10); a trooper is in exactly one
	// broken.yaml:12:5: sides[1]: side "blue" has no Lieutenant; mark one trooper with lieutenant: true
	// broken.yaml:17:9: rounds: rounds must be 1 or more, got 0
}
