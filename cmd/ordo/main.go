// Command ordo is the Ordo command line: exact odds (`ordo odds`),
// scenarios (`ordo play`), rules listings (`ordo rules`), match
// verification (`ordo verify`) and the game server (`ordo serve`); package
// internal/cli has the commands.
//
// It links no network code, so that it starts as fast as a Go hello-world:
// the inf-dice web front end starts `ordo odds --infdice` (or ordo linked
// as inf-dice-n4) once per page, and a Go program initialises every package
// it links before main. `ordo serve` and `ordo verify --server` run in
// ordo-serve (cmd/ordo-serve), the same commands with the server, its
// stores and an HTTP client linked, found beside ordo or on PATH.
package main

import (
	"os"

	"github.com/ordo-rules/ordo/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args, os.Stdout, os.Stderr, nil))
}
