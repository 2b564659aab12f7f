package rules

import (
	"slices"
	"sort"
	"strings"
)

// Ruling is a named choice where the sources disagree (docs/RULES.md (rulings)): the
// engine implements every reading, uses Default unless a scenario picks
// another, and `ordo rules --rulings` lists them with Why.
type Ruling struct {
	Name     string   `json:"name"`
	Ruleset  string   `json:"ruleset"`
	Default  string   `json:"default"`
	Readings []string `json:"readings"` // every accepted value, Default first
	Why      string   `json:"why"`
}

// Rulings is the value chosen for every ruling of a game.
type Rulings map[string]string

// Get is the chosen value of a ruling ("" if the ruling is unknown).
func (r Rulings) Get(name string) string { return r[name] }

// ResolveRulings checks the choices a scenario makes against defs and fills
// in the defaults. An unknown name or a value that is not one of the
// ruling's readings is a *RuleError.
func ResolveRulings(defs []Ruling, chosen map[string]string) (Rulings, error) {
	out := Rulings{}
	for _, d := range defs {
		out[d.Name] = d.Default
	}
	names := make([]string, 0, len(chosen))
	for n := range chosen {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		v := chosen[n]
		i := slices.IndexFunc(defs, func(d Ruling) bool { return d.Name == n })
		if i < 0 {
			return nil, Errorf(CodeUnknownRule, "docs/RULES.md (rulings)", "unknown ruling %q (known: %s)", n, strings.Join(rulingNames(defs), ", "))
		}
		if !slices.Contains(defs[i].Readings, v) {
			return nil, Errorf(CodeBadRulingVal, "docs/RULES.md (rulings)", "ruling %q has no reading %q (readings: %s)", n, v, strings.Join(defs[i].Readings, ", "))
		}
		out[n] = v
	}
	return out, nil
}

func rulingNames(defs []Ruling) []string {
	out := make([]string, len(defs))
	for i, d := range defs {
		out[i] = d.Name
	}
	return out
}

// Standard is the table of docs/RULES.md (rulings): every ruling Ordo knows, for every
// ruleset. Rulesets return their own rows from Rulings.
var Standard = []Ruling{
	{Name: "edition", Ruleset: "infinity-n4", Default: "n4-pdf-2.1", Readings: []string{"n4-pdf-2.1"},
		Why: "Infinity N4 as of the rules PDF 2.1 (July 2023): G: Jumper exists only from that revision; Dodge and Loss of Lieutenant read the same in every N4 printing"},
	{Name: "dodge-mods", Ruleset: "infinity-n4", Default: "single", Readings: []string{"single", "stack"},
		Why: "Dodge (N4): its rules box says only one -3 MOD is applied when several circumstances meet; the worked Mine example printed with it still subtracts 6"},
	{Name: "criticals", Ruleset: "infinity-n4", Default: "n4-extra-save", Readings: []string{"n4-extra-save", "n3-auto-wound"},
		Why: "N4 core (a Critical adds one Saving Roll) vs the N3 hacking chapter (a Critical removes 1 W/STR with no roll; for DA/DT it replaces the first roll; non-lethal programs apply the state)"},
	{Name: "zoc-aro", Ruleset: "infinity-n4", Default: "any-valid", Readings: []string{"any-valid", "dodge-reset-only"},
		Why: "N4 errata 1.1.1 allows any valid ARO inside ZoC without LoF; the original N4 (2020) allowed only Dodge or Reset"},
	{Name: "burst-active", Ruleset: "infinity-n4", Default: "full", Readings: []string{"full", "may-reduce"},
		Why: "N4 errata 1.3: the active trooper rolls its full Burst; the original N4 let it roll fewer"},
	{Name: "exorcism-damage", Ruleset: "infinity-n4", Default: "18", Readings: []string{"18", "16"},
		Why: "the Exorcism hacking program is printed with DAM 18 in the program table and 16 on its program card"},
	{Name: "lieutenant-hidden", Ruleset: "infinity-n4", Default: "deployed", Readings: []string{"deployed", "not-deployed"},
		Why: "N4 forum reading: a Lieutenant in Hidden Deployment counts as deployed (no Loss of Lieutenant); N5 changed it"},
	{Name: "fantasy-rank-and-file", Ruleset: "fantasy", Default: "5", Readings: []string{"5", "6"},
		Why: "the English originals of the rule say a combined unit with 5 or more rank-and-file of the character's type protects him; the translated text read literally says more than 5, which leaves exactly 5 uncovered"},
	{Name: "fantasy-look-out", Ruleset: "fantasy", Default: "seed", Readings: []string{"seed", "8th"},
		Why: "the fantasy ruleset's text passes template hits on a protected character to the rank-and-file automatically; Warhammer Fantasy 8th edition rolls 2+ per hit (Look Out Sir!)"},
	{Name: "fantasy-casting-dice", Ruleset: "fantasy", Default: "8th", Readings: []string{"8th", "level"},
		Why: "Warhammer Fantasy 8th edition lets a wizard roll up to six power dice and adds his level to the casting and dispel results; the earlier editions cap the dice at his level + 1 and add nothing"},
	{Name: "fantasy-allocator", Ruleset: "fantasy", Default: "attacker", Readings: []string{"attacker", "owner"},
		Why: "the fantasy ruleset's text has the attacking player distribute hits on an unprotected combined unit"},
	{Name: "fantasy-half-strength", Ruleset: "fantasy", Default: "half", Readings: []string{"half", "none"},
		Why: "Victory points: the earlier editions (and this project's issue) score half a unit's points for a unit left below half strength; Warhammer Fantasy 8th edition scores only units destroyed or fled off the table"},
}

// StandardFor returns the rows of Standard for one ruleset.
func StandardFor(ruleset string) []Ruling {
	var out []Ruling
	for _, r := range Standard {
		if r.Ruleset == ruleset {
			out = append(out, r)
		}
	}
	return out
}
