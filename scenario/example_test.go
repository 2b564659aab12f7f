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

// Every problem is reported, each with file:line:col and the field.
func ExampleParse_errors() {
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
	_, err := scenario.Parse("broken.yaml", src, scenario.Options{})
	fmt.Println(err)
	// Output:
	// broken.yaml:8:48: sides[0].troopers[1].lieutenant: side "red" already has a Lieutenant (line 7); a side has exactly one
	// broken.yaml:8:75: sides[0].troopers[1].models[0].at: centre (30, 4) is off the 24×24 table
	// broken.yaml:11:32: sides[0].combat-groups[1].troopers[0]: trooper "b" is already in combat group "1" (line 10); a trooper is in exactly one
	// broken.yaml:12:5: sides[1]: side "blue" has no Lieutenant; mark one trooper with lieutenant: true
	// broken.yaml:17:9: rounds: rounds must be 1 or more, got 0
}

// Load reads a file; see testdata/example.yaml for the format with comments.
func ExampleLoad() {
	sc, err := scenario.Load("testdata/example.yaml", scenario.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range sc.Sides {
		fmt.Printf("%s: troopers %d\n", s.Seat, len(s.Troopers))
	}
	fmt.Printf("%d scripted steps\n", len(sc.Script))
	// Output:
	// red: troopers 3
	// blue: troopers 1
	// 3 scripted steps
}
