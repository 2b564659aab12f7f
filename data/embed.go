// Package data holds the files Ordo embeds: the catalogs of the rulesets
// (catalog/*.yaml), validated when a ruleset loads them.
package data

import "embed"

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
