package play_test

import (
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
)

// Load a scenario and ask what the prompted seat may do: one call sets the
// game up; the state's Legal is the menu.
func ExampleLoad() {
	rs, err := infinity.New()
	if err != nil {
		log.Fatal(err)
	}
	g, err := play.Load("../data/scenarios/duel.yaml", rs)
	if err != nil {
		log.Fatal(err)
	}
	pr := g.State.Prompt()
	fmt.Println("waiting for", pr.Seats[0], "in", pr.Window)
	for _, o := range g.State.Legal(pr.Seats[0]) {
		if s := fmt.Sprint(o.Action); o.Illegal == nil && strings.Contains(s, "Regular Order, BS Attack") {
			fmt.Println(s)
		}
	}
	// Output:
	// waiting for blue in orders
	// fusilier: a Regular Order, BS Attack on red-zhanshi-1 with combi-rifle
	// fusilier: a Regular Order, BS Attack on red-zhanshi-1 with pistol
}

// Play a seeded random game: every step picks one of the legal actions,
// and the same seed plays the same game.
func ExampleRun() {
	rs, err := infinity.New()
	if err != nil {
		log.Fatal(err)
	}
	g, err := play.Load("../data/scenarios/demo.yaml", rs)
	if err != nil {
		log.Fatal(err)
	}
	var log1, log2 strings.Builder
	for _, w := range []*strings.Builder{&log1, &log2} {
		if err := play.Run(rs, g.Scenario, w, play.Options{Random: 1, Seed: 42, Viewer: rules.Spectator()}); err != nil {
			log.Fatal(err)
		}
	}
	lines := strings.Split(strings.TrimSpace(log1.String()), "\n")
	fmt.Println(lines[len(lines)-1])
	fmt.Println("same game again:", log1.String() == log2.String())
	// Output:
	// game over
	// same game again: true
}

// Print the menu of the prompted seat, ready to paste into a script.
func ExampleMenu() {
	rs, err := infinity.New()
	if err != nil {
		log.Fatal(err)
	}
	g, err := play.Load("../data/scenarios/duel.yaml", rs)
	if err != nil {
		log.Fatal(err)
	}
	if err := play.Menu(os.Stdout, g.State, rules.PlayerView("red")); err != nil {
		log.Fatal(err)
	}
	fmt.Println("(red is not prompted: its menu is empty)")
	// Output:
	// (red is not prompted: its menu is empty)
}
