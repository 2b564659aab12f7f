// Command ordo is the Ordo command line: exact odds (`ordo odds`),
// scenarios (`ordo play`), rules listings (`ordo rules`), match
// verification (`ordo verify`), the game server (`ordo serve`) and its load
// generator (`ordo bench`), all in one process. The commands are package
// internal/cli's; `ordo help` lists them.
package main

import (
	"os"

	"github.com/ordo-rules/ordo/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args, os.Stdout, os.Stderr))
}
