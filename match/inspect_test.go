package match_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
)

// Inspect hands the live state and its seq to a read-only question;
// StateAt rebuilds the match at a step of its log, the live state past
// its end; an unknown match is CodeNotFound.
func TestInspect(t *testing.T) {
	ctx := context.Background()
	a := newAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")))
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	var width float64
	var seq int
	err = a.Inspect(ctx, c.ID, func(st rules.State, n int) error {
		width, seq = st.(*infinity.State).Table.Width, n
		return nil
	})
	if err != nil || width != 24 || seq != 0 {
		t.Fatalf("Inspect: width %v, seq %d, err %v; want the duel's 24\" table at seq 0", width, seq, err)
	}
	// StateAt 0 is the setup; past the log, the live state.
	seat, seq0, act := randomMove(t, a, c.ID, rand.New(rand.NewPCG(1, 2)))
	if _, err := a.Act(ctx, c.ID, seat, seq0, "a1", act); err != nil {
		t.Fatal(err)
	}
	st0, total, err := a.StateAt(ctx, c.ID, 0)
	if err != nil || total == 0 {
		t.Fatalf("StateAt 0: total %d, %v", total, err)
	}
	if st0.Prompt().Seats[0] != seat {
		t.Fatalf("StateAt 0 waits for %v, want %s as at the start", st0.Prompt().Seats, seat)
	}
	end, _, err := a.StateAt(ctx, c.ID, 99)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := a.Snapshot(ctx, c.ID, rules.Spectator())
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(end.Observe(rules.Spectator())); string(got) != string(snap.Observation) {
		t.Fatalf("StateAt past the end:\n%s\nthe live match:\n%s", got, snap.Observation)
	}
	var me *match.Error
	if err := a.Inspect(ctx, "nope", func(rules.State, int) error { return nil }); !errors.As(err, &me) || me.Code != match.CodeNotFound {
		t.Fatalf("Inspect of no match: %v", err)
	}
}
