package match_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// A turn notice set on one server reaches its seat whichever server
// applies the action that turns the game to it: the store's notice that a
// match's webhooks changed (store.Notice.Hooks) makes every server holding
// the match read them again. Before, a server that had loaded the match
// kept the webhooks it read then, and the seat set on another was lost.
func TestWebhookSetOnAnotherServer(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, filepath.Join(t.TempDir(), "m.db"))
	a, b := newAuthority(t, st), newAuthority(t, st)
	var mu sync.Mutex
	var got []match.Waiting
	a.OnWaiting(func(w match.Waiting) { mu.Lock(); got = append(got, w); mu.Unlock() })
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range []rules.Seat{"blue", "red"} {
		if err := b.SetWebhook(ctx, c.ID, seat, "https://hooks.example/"+string(seat)); err != nil {
			t.Fatal(err)
		}
	}
	a.Notify(ctx, store.Notice{MatchID: c.ID, Hooks: true})
	rng := randFor(3)
	for step := 0; step < 40; step++ {
		snap, err := a.Snapshot(ctx, c.ID, rules.Spectator())
		if err != nil {
			t.Fatal(err)
		}
		if snap.Over {
			break
		}
		seat, seq, act := randomMove(t, a, c.ID, rng)
		if _, err := a.Act(ctx, c.ID, seat, seq, "w"+string(rune('a'+step)), act); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) == 0 {
		t.Fatal("no turn notice: the webhooks set on the other server were not read")
	}
	for _, w := range got {
		if w.URL != "https://hooks.example/"+string(w.Seat) {
			t.Fatalf("notice %+v to the wrong URL", w)
		}
	}
}
