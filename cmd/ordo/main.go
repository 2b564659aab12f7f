// Command ordo is the Ordo command line: exact odds (`ordo odds`),
// scenarios (`ordo play`), rules listings (`ordo rules`), match
// verification (`ordo verify`) and the game server (`ordo serve`).
//
// It is the lean front (package internal/cli): it runs `ordo odds`, `ordo
// help` and `ordo version` itself and links nothing else — no rules engine,
// no match authority, no server, no network, no crypto — so that it starts
// faster than inf-dice's C backend: the inf-dice web front end starts `ordo
// odds --infdice` (or ordo linked as inf-dice-n4) once per page, and a Go
// program initialises every package it links before main. Every other
// command runs in ordo-serve (cmd/ordo-serve), the full command line, found
// beside ordo, built from the source tree the working directory is in, or
// on PATH.
package main

import (
	"os"

	"github.com/ordo-rules/ordo/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args, os.Stdout, os.Stderr, nil))
}
