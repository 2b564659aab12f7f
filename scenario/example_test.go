package scenario_test

import (
	"fmt"

	"github.com/ordo-rules/ordo/scenario"
)

// A scenario needs a name, a ruleset, a table, at least two sides each with
// one Lieutenant and its troopers split into combat groups, the seat with
// initiative and the number of rounds. A script is optional.
func ExampleParse() {
	src := []byte(`
name: Duel
ruleset: test
table: {width: 24, height: 24}
sides:
  - seat: red
    troopers:
      - id: alpha
        profile: fusilier
        lieutenant: true
        models: [{id: alpha, at: [4, 4], facing: 45}]
    combat-groups: [{name: "1", troopers: [alpha]}]
  - seat: blue
    troopers:
      - id: omega
        profile: fusilier
        lieutenant: true
        models: [{id: omega, at: [20, 20], facing: 225}]
    combat-groups: [{name: "1", troopers: [omega]}]
initiative: red
rounds: 1
script:
  - seat: red
    action: {kind: move, model: alpha, to: [4, 8]}
`)
	sc, err := scenario.Parse("duel.yaml", src, scenario.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s (%s): %d sides, %s first, %d round\n", sc.Name, sc.Ruleset, len(sc.Sides), sc.Initiative, sc.Rounds)
	for _, st := range sc.Script {
		fmt.Printf("line %d: %s %v\n", st.Line, st.Seat, st.Action["kind"])
	}
	// Output:
	// Duel (test): 2 sides, red first, 1 round
	// line 23: red move
}

// Every problem is reported, each with file:line:col and the field; a
// ruleset's reader (Options.Catalog as an ArmyReader) adds its armies'.
func ExampleParse_errors() {
	src := []byte(`name: Broken
ruleset: test
table: {width: 24, height: 0}
sides:
  - seat: red
  - seat: red
initiative: green
rounds: 0
`)
	_, err := scenario.Parse("broken.yaml", src, scenario.Options{})
	fmt.Println(err)
	// Output:
	// broken.yaml:3:28: table.height: must be a finite number of inches greater than 0, got 0
	// broken.yaml:6:11: sides[1].seat: seat "red" is already taken by sides[0] (line 5)
	// broken.yaml:7:13: initiative: initiative "green" names no side (seats: "red", "red")
	// broken.yaml:8:9: rounds: rounds must be 1 or more, got 0
}

// Load reads a file; see testdata/example.yaml for the format with comments.
func ExampleLoad() {
	sc, err := scenario.Load("testdata/example.yaml", scenario.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range sc.Sides {
		fmt.Printf("%s: troopers given %v\n", s.Seat, s.Army.Given("troopers"))
	}
	fmt.Printf("%d scripted steps\n", len(sc.Script))
	// Output:
	// red: troopers given true
	// blue: troopers given true
	// 3 scripted steps
}
