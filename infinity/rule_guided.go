package infinity

import (
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// checkUTurn checks U-Turn declared by reactive hacker t.
func (s *State) checkUTurn(t int, p catalog.Program, k Skill) error {
	return rules.Errorf(rules.CodeIllegal, ruleComSat, "%s answers a Guided attack", p.Name)
}
