package full

import (
	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/rules"
)

// The fantasy ruleset over its embedded catalog, beside Infinity.
func init() {
	rulesets[fantasy.Name] = func() (rules.Ruleset, error) { return fantasy.New() }
}
