package match_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
)

// A match the rules ended is over at the table too: no seat may resign,
// offer a draw or ask to take back the last declaration after the game's
// end (the seed is published then, so a take-back would let the game go
// on with dice everyone can foresee), and the refusal changes nothing.
func TestNoTableActionAfterTheRulesEnd(t *testing.T) {
	ctx := context.Background()
	a := newAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")))
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for step := 0; ; step++ {
		snap, err := a.Snapshot(ctx, c.ID, rules.Spectator())
		if err != nil {
			t.Fatal(err)
		}
		if snap.Over {
			break
		}
		if step > 500 {
			t.Fatal("the game did not end in 500 actions")
		}
		seat, seq, act := randomMove(t, a, c.ID, rng)
		if _, err := a.Act(ctx, c.ID, seat, seq, fmt.Sprint("a", step), act); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
	before := snapshotJSON(t, a, c.ID)
	for _, seat := range []rules.Seat{"blue", "red"} {
		snap, err := a.Snapshot(ctx, c.ID, rules.PlayerView(seat))
		if err != nil {
			t.Fatal(err)
		}
		if len(snap.Table) != 0 {
			t.Errorf("%s's table actions after the end: %v", seat, snap.Table)
		}
		for _, kind := range []string{match.KindResign, match.KindOfferDraw, match.KindRequestUndo} {
			_, err := a.Act(ctx, c.ID, seat, snap.Seq, "late-"+kind, json.RawMessage(`{"kind":"`+kind+`"}`))
			re, ok := rules.AsRuleError(err)
			if !ok || re.Code != rules.CodeGameOver {
				t.Errorf("%s %s after the end: %v, want %s", seat, kind, err, rules.CodeGameOver)
			}
		}
	}
	if after := snapshotJSON(t, a, c.ID); after != before {
		t.Fatalf("a refused table action changed the match:\n%s\n%s", before, after)
	}
	// Verify refuses a forged log with a resignation after the end.
	x, err := a.Export(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Library().Verify(x); err != nil {
		t.Fatalf("verify: %v", err)
	}
	x.Log = append(x.Log, rules.Entry{Seq: len(x.Log), Seat: "red", Action: json.RawMessage(`{"kind":"resign"}`)})
	if _, err := a.Library().Verify(x); err == nil {
		t.Fatal("Verify accepted a resignation after the end of the game")
	}
}
