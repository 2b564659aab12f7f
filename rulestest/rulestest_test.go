package rulestest

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/duel"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/scenario"
)

func duelScenario() *scenario.Scenario {
	return &scenario.Scenario{
		Name: "duel", Ruleset: "duel", Rounds: 3, Initiative: "blue",
		Sides: []scenario.Side{{Seat: "blue"}, {Seat: "red"}},
	}
}

// The kernel's promises hold for a well-behaved ruleset: ten seeded games
// by default, forty with ORDO_LONG=1.
func TestDuelConforms(t *testing.T) {
	Run(t, duel.Ruleset{}, duelScenario(), Options{Playouts: testenv.Count(10, 40)})
}

// Each deliberate flaw is caught by the check meant for it: the suite can
// fail, and each of its checks can fail on its own. The counterfactual
// check is left out here, since it sees most flaws too (a different die, a
// different menu); TestCounterfactualCatchesLeaks proves it.
func TestSuiteCatchesFlaws(t *testing.T) {
	tests := []struct {
		name   string
		flaws  duel.Flaws
		checks []string // any of these may catch it first
	}{
		{"observation leaks a secret", duel.Flaws{LeakSecret: true}, []string{"leak"}},
		{"event leaks a private note", duel.Flaws{LeakNote: true}, []string{"leak"}},
		// The die drawn outside the dice source differs between the clone
		// and the original, between the live game and its replay, and
		// between two plays of one seed: whichever check first meets a
		// difference that shows in the state catches it, and that depends
		// on the unseeded draws. StampedMoves pins the determinism check.
		{"chance ignores the dice source", duel.Flaws{Nondeterminism: true}, []string{"clone", "replay", "determinism"}},
		{"a refused action changes the state", duel.Flaws{DirtyReject: true}, []string{"illegal"}},
		{"a prompt that names no seat", duel.Flaws{NoSeat: true}, []string{"legal"}},
		{"a state that does not survive JSON", duel.Flaws{LossyState: true}, []string{"round-trip"}},
		{"a game that never ends", duel.Flaws{NeverEnds: true}, []string{"ends"}},
		{"the same seed logs different moves", duel.Flaws{StampedMoves: true}, []string{"determinism"}},
		// Redact stamps what it hides: logs, states, replays and clones
		// all agree; only redacting the second play of the seed again,
		// for every viewer, shows the difference.
		{"the same seed shows different events", duel.Flaws{StampedRedact: true}, []string{"determinism"}},
		// Legal writes to a field JSON leaves out: every byte comparison
		// passes, only the deep-equal check on the value sees it.
		{"Legal writes to its state", duel.Flaws{DirtyLegal: true}, []string{"pure"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A duel of three rounds takes 24 steps; a game still running
			// at 60 never ends (every step replays the log from the start,
			// so the bound is kept near the game's length).
			err := Check(duel.Ruleset{Flaws: tt.flaws}, duelScenario(), Options{Playouts: 20, MaxSteps: 60, TwinEvery: -1})
			var v *Violation
			if !errors.As(err, &v) {
				t.Fatalf("the suite passed a flawed ruleset (err %v)", err)
			}
			if !slices.Contains(tt.checks, v.Check) {
				t.Fatalf("caught by %q, want one of %q: %v", v.Check, tt.checks, v)
			}
		})
	}
}

// The counterfactual check sees a private fact that leaks as a number, on
// each channel a viewer has: an action shown as sent, a menu, a count in an
// observation, an event. No canary is in any of them, and the canary check
// passes every one of these flawed rulesets.
func TestCounterfactualCatchesLeaks(t *testing.T) {
	tests := []struct {
		name  string
		flaws duel.Flaws
		what  string // the channel the check names
	}{
		{"a sealed bid shown in the action", duel.Flaws{LeakBidAction: true}, "the next action"},
		{"the bids made shown in another seat's menu", duel.Flaws{LeakBidMenu: true}, "what it is shown"},
		{"the total of the bids shown in the observation", duel.Flaws{LeakBidCount: true}, "what it is shown"},
		{"a private note shown in an event", duel.Flaws{LeakNote: true}, "the events of the next step"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := duel.Ruleset{Flaws: tt.flaws}
			err := Check(rs, duelScenario(), Options{Playouts: 10, MaxSteps: 200})
			var v *Violation
			if !errors.As(err, &v) || v.Check != "counterfactual" || !strings.Contains(v.Detail, tt.what) {
				t.Fatalf("got %v, want a counterfactual violation by %s", err, tt.what)
			}
			if tt.flaws.LeakNote {
				return // a planted canary finds this one too
			}
			if err := Check(rs, duelScenario(), Options{Playouts: 10, MaxSteps: 200, TwinEvery: -1}); err != nil {
				t.Fatalf("without twins the suite should pass this leak by: %v", err)
			}
		})
	}
}

// A Legal that writes where JSON does not look passes every other check:
// only the purity check, comparing the values themselves, catches it.
func TestOnlyPureCatchesDirtyLegal(t *testing.T) {
	rs := duel.Ruleset{Flaws: duel.Flaws{DirtyLegal: true}}
	if err := Check(rs, duelScenario(), Options{Playouts: 10, MaxSteps: 200, SkipPure: true}); err != nil {
		t.Fatalf("without the purity check the suite should pass this flaw by: %v", err)
	}
}
