// Package data holds the files Ordo embeds: the catalogs of the rulesets
// (catalog/*.yaml), validated when a ruleset loads them.
package data

import (
	"embed"
	"io/fs"
)

// Catalog is the shipped Infinity N4 catalog: illustrative unit profiles
// and weapons (infinity/catalog.Default loads it).
//
//go:embed catalog/*.yaml
var Catalog embed.FS

// Scenarios are the bundled scenarios (scenarios/**/*.yaml), which the
// server offers by name ("duel", "seed/dodge-fusilier").
//
//go:embed scenarios
var Scenarios embed.FS

// Fantasy is the shipped catalog of the fantasy ruleset: illustrative
// profiles only (fantasy.DefaultCatalog loads it).
//
//go:embed fantasy/*.yaml
var Fantasy embed.FS

// Missions are the bundled Infinity N4 missions (missions/*.yaml,
// docs/MISSIONS.md).
//
//go:embed missions/*.yaml
var Missions embed.FS

// ReadFile reads a bundled file by its path in data/
// ("scenarios/user-catalog/profiles.yml"): what a server may read for an
// upload that names a file (an army list's catalogs, docs/ARMIES.md),
// never its disk. A path that is none of them is fs.ErrNotExist.
func ReadFile(name string) ([]byte, error) {
	if fs.ValidPath(name) {
		for _, f := range []embed.FS{Catalog, Scenarios, Fantasy, Missions} {
			if b, err := f.ReadFile(name); err == nil {
				return b, nil
			}
		}
	}
	return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
}
