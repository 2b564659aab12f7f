// Package rules is the ruleset-neutral kernel every game in Ordo plugs into:
// who sits at the table (Seat, Viewer), who may act now and in which window
// (Prompt), what they may do (Option), what happens (Action, Event), why an
// action is refused (RuleError), the named rulings where sources disagree
// (Rulings), and the append-only log a match is the fold of (Entry).
//
// A Ruleset sets a game up; a State is one position of it. States are pure:
// randomness enters only through a dice.Source passed to Apply, and every
// die Apply takes is recorded in the log entry, so Replay rebuilds a state
// from its setup and log without any random generator.
//
// Private information stays in the state: Observe, Legal, Redact (events)
// and RedactAction (actions, asked before they are applied) are the only
// ways out, and each shows a viewer only what it may see. Two optional
// interfaces let the conformance suite (rulestest) test that: a
// CanaryPlanter writes marker strings into private facts, which no other
// viewer may ever receive, and a TwinMaker makes a twin of a state that
// differs only in one seat's private facts, which every other viewer must
// be unable to tell apart from it on any channel. A ruleset with private
// facts implements both.
package rules
