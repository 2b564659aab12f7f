package rules

import (
	"errors"
	"fmt"
)

// Code is the stable identifier of a kind of rule violation; clients branch
// on it, while Message is for people.
type Code string

// Codes shared by every ruleset. Rulesets add their own.
const (
	CodeNotYourTurn  Code = "not-your-turn"  // the seat is not prompted
	CodeWrongWindow  Code = "wrong-window"   // the action does not belong to this window
	CodeUnknown      Code = "unknown-action" // the ruleset has no such action kind
	CodeBadAction    Code = "bad-action"     // malformed parameters
	CodeGameOver     Code = "game-over"      // nobody may act any more
	CodeDice         Code = "dice"           // the dice source failed (a script ran out)
	CodeIllegal      Code = "illegal"        // a rule forbids it; Rule says which
	CodeUnknownRule  Code = "unknown-ruling" // a scenario names a ruling that does not exist
	CodeBadRulingVal Code = "bad-ruling"     // a ruling value that is not one of its readings
)

// RuleError is why an action was refused. Apply returns it and leaves the
// state exactly as it was.
type RuleError struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
	// Rule cites the rule that forbids it: a seed file and bullet, or a
	// section of the rules brief ("n4-core §4.1").
	Rule string `json:"rule,omitempty"`
}

func (e *RuleError) Error() string {
	if e.Rule != "" {
		return fmt.Sprintf("%s: %s (%s)", e.Code, e.Message, e.Rule)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Is matches RuleErrors by code, so errors.Is(err, &RuleError{Code: c})
// tests the kind.
func (e *RuleError) Is(target error) bool {
	t, ok := target.(*RuleError)
	return ok && t.Code == e.Code
}

// Errorf builds a RuleError citing rule.
func Errorf(code Code, rule, format string, args ...any) *RuleError {
	return &RuleError{Code: code, Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// AsRuleError returns the RuleError inside err, if any.
func AsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	ok := errors.As(err, &re)
	return re, ok
}
