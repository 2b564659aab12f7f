package rulestest

import (
	"errors"
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/internal/duel"
	"github.com/ordo-rules/ordo/scenario"
)

func duelScenario() *scenario.Scenario {
	return &scenario.Scenario{
		Name: "duel", Ruleset: "duel", Rounds: 3, Initiative: "blue",
		Sides: []scenario.Side{{Seat: "blue"}, {Seat: "red"}},
	}
}

// The kernel's promises hold for a well-behaved ruleset.
func TestDuelConforms(t *testing.T) {
	Run(t, duel.Ruleset{}, duelScenario(), Options{Playouts: 40})
}

// Each deliberate flaw is caught by the check meant for it: the suite can
// fail.
func TestSuiteCatchesFlaws(t *testing.T) {
	tests := []struct {
		name   string
		flaws  duel.Flaws
		checks []string // any of these may catch it first
	}{
		{"observation leaks a secret", duel.Flaws{LeakSecret: true}, []string{"leak"}},
		{"event leaks a private note", duel.Flaws{LeakNote: true}, []string{"leak"}},
		{"chance ignores the dice source", duel.Flaws{Nondeterminism: true}, []string{"clone", "replay", "determinism"}},
		{"a refused action changes the state", duel.Flaws{DirtyReject: true}, []string{"illegal"}},
		{"a prompt that names no seat", duel.Flaws{NoSeat: true}, []string{"legal"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(duel.Ruleset{Flaws: tt.flaws}, duelScenario(), Options{Playouts: 20})
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
