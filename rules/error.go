package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// Code is the stable identifier of a kind of rule violation; clients branch
// on it, while the message is for people.
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
//
// Its message is formatted when it is read, not when the error is made:
// Legal greys out most of the candidates it checks, and nobody reads most
// of those reasons, so formatting them all would cost a large share of a
// menu (the playout benchmark). Errorf keeps the arguments only when
// they are plain values (numbers, strings, booleans, and arrays and structs
// of them), which cannot change afterwards; anything else is formatted at
// once. The JSON form carries the
// formatted message.
//
// A RuleError is never written once made (Message formats a copy each
// time it is read), so one may be shared, between menu entries and
// goroutines alike.
type RuleError struct {
	Code Code
	// Rule cites the rule that forbids it as a player names it
	// ("Skill categories (N4)", "Dodge (N4)"; docs/RULES.md).
	Rule string

	// text is the message when nargs is 0, else its format, whose
	// arguments are args[:nargs], the third and fourth in more.
	text  string
	args  [inlineArgs]any
	more  *[maxLazyArgs - inlineArgs]any
	nargs int
}

// maxLazyArgs is how many arguments a RuleError keeps for formatting
// later; kept in it, so that the caller's argument list need not outlive
// the call.
const maxLazyArgs = 4

// inlineArgs is how many of them it keeps inline. A menu makes hundreds
// of RuleErrors, almost all with one or two arguments: room for two keeps
// it at 96 bytes, where room for four made it 144 (the playout
// benchmark), and the rare third and fourth take an allocation of their
// own.
const inlineArgs = 2

// NewError builds a RuleError with a ready message.
func NewError(code Code, rule, message string) *RuleError {
	return &RuleError{Code: code, Rule: rule, text: message}
}

// Errorf builds a RuleError citing rule, its message formatted as by
// fmt.Sprintf.
func Errorf(code Code, rule, format string, args ...any) *RuleError {
	e := &RuleError{Code: code, Rule: rule}
	if len(args) == 0 {
		e.text = format
		if strings.Contains(format, "%") {
			e.text = fmt.Sprintf(format, args...) // "%%", at once: rare
		}
		return e
	}
	if len(args) > maxLazyArgs {
		e.text = fmt.Sprintf(format, args...)
		return e
	}
	for _, a := range args {
		if !plainValue(a) {
			e.text = fmt.Sprintf(format, args...)
			return e
		}
	}
	e.text, e.nargs = format, len(args)
	copy(e.args[:], args)
	if len(args) > inlineArgs {
		e.more = new([maxLazyArgs - inlineArgs]any)
		copy(e.more[:], args[inlineArgs:])
	}
	return e
}

// plainValue reports whether a is a value that no later change to the
// state can alter: a boolean, a number, a string, or an array or struct
// made only of those (a String method on such a type sees only its own
// copy). Anything holding a pointer, slice or map is not.
func plainValue(a any) bool {
	if a == nil {
		return true
	}
	t := reflect.TypeOf(a)
	switch t.Kind() {
	case reflect.Array, reflect.Struct:
		if v, ok := plainTypes.Load(t); ok {
			return v.(bool)
		}
		v := plainType(t)
		plainTypes.Store(t, v)
		return v
	}
	return plainType(t)
}

// plainTypes caches plainType for arrays and structs.
var plainTypes sync.Map // reflect.Type → bool

func plainType(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	case reflect.Array:
		return plainType(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !plainType(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// Message is the explanation for people.
func (e *RuleError) Message() string {
	switch {
	case e.nargs == 0:
		return e.text
	case e.nargs <= inlineArgs:
		return fmt.Sprintf(e.text, e.args[:e.nargs]...)
	}
	var args [maxLazyArgs]any
	copy(args[copy(args[:], e.args[:]):], e.more[:])
	return fmt.Sprintf(e.text, args[:e.nargs]...)
}

func (e *RuleError) Error() string {
	if e.Rule != "" {
		return fmt.Sprintf("%s: %s (%s)", e.Code, e.Message(), e.Rule)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message())
}

// Is matches RuleErrors by code, so errors.Is(err, &RuleError{Code: c})
// tests the kind.
func (e *RuleError) Is(target error) bool {
	t, ok := target.(*RuleError)
	return ok && t.Code == e.Code
}

// ruleErrorJSON is the wire form of a RuleError.
type ruleErrorJSON struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
	Rule    string `json:"rule,omitempty"`
}

// MarshalJSON writes the code, the formatted message and the rule.
func (e *RuleError) MarshalJSON() ([]byte, error) {
	return json.Marshal(ruleErrorJSON{Code: e.Code, Message: e.Message(), Rule: e.Rule})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (e *RuleError) UnmarshalJSON(b []byte) error {
	var w ruleErrorJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*e = RuleError{Code: w.Code, Rule: w.Rule, text: w.Message}
	return nil
}

// AsRuleError returns the RuleError inside err, if any.
func AsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	ok := errors.As(err, &re)
	return re, ok
}
