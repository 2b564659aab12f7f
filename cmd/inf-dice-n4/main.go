// Command inf-dice-n4 is Ordo's drop-in for the N4 backend of the community
// dice calculator inf-dice: the same arguments, the same report and error
// lines on standard output (package odds/infdice). It is `ordo odds
// --infdice` in a binary of its own, which links nothing else, so that a web
// front end that starts it for every page pays only for the odds: it starts
// as fast as a Go hello-world. The ordo binary linked or copied under this
// name behaves the same, with the start-up of everything ordo links.
package main

import (
	"os"

	"github.com/ordo-rules/ordo/odds/infdice"
)

func main() {
	os.Exit(infdice.Main(os.Args[1:], false, os.Stdout, os.Stderr))
}
