package match

import "fmt"

// Code identifies an error of the authority that is not a rule's refusal
// (those are *rules.RuleError).
type Code string

// The authority's error codes; the server maps each to an HTTP status.
const (
	CodeNotFound       Code = "not-found"       // no such match
	CodeStale          Code = "stale-seq"       // the client's seq is not the match's
	CodeBadScenario    Code = "bad-scenario"    // the scenario does not load or set up
	CodeTooLarge       Code = "too-large"       // an input over its bound
	CodeBadRequest     Code = "bad-request"     // a malformed field (an action id)
	CodeNotOver        Code = "not-over"        // the seed and export wait for the end
	CodeUnavailable    Code = "unavailable"     // the store failed: nothing was applied
	CodeForbidden      Code = "forbidden"       // the viewer may not do this
	CodeCorrupt        Code = "corrupt-match"   // the stored log does not replay
	CodeTooManyFeeds   Code = "too-many-feeds"  // past a bound on WebSocket feeds (Memory)
	CodeSeatTaken      Code = "seat-taken"      // the seat asked for has its player already
	CodeBadArmy        Code = "bad-army"        // a seat's army list is refused (Problems say where)
	CodeAwaitingArmies Code = "awaiting-armies" // the game waits for the seats' army lists
	CodeArmiesClosed   Code = "armies-closed"   // the game has started: the lists are fixed
)

// Error is a refusal by the authority. Seq is the match's current seq for
// CodeStale.
type Error struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
	Rule    string `json:"rule,omitempty"`
	Seq     *int   `json:"seq,omitempty"`
	// Problems are each problem of a refused army list (CodeBadArmy).
	Problems []Problem `json:"problems,omitempty"`
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

func errorf(code Code, rule, format string, args ...any) *Error {
	return &Error{Code: code, Rule: rule, Message: fmt.Sprintf(format, args...)}
}
