package match_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
)

// The encoded snapshot the API answers with is the very JSON of the
// Snapshot, for every viewer at every seq of a game played to its end
// (observations with hidden troopers, menus with greyed entries, the final
// prompt); and a snapshot read again after an action is the new one, not
// the one kept for the seq before.
func TestSnapshotJSONIsTheSnapshot(t *testing.T) {
	ctx := context.Background()
	a := newAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")))
	c, err := a.Create(ctx, match.CreateRequest{Name: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	viewers := []rules.Viewer{rules.Spectator(), rules.PlayerView("blue"), rules.PlayerView("red")}
	check := func(step int) (over bool) {
		t.Helper()
		for _, v := range viewers {
			// Twice: the second answer comes from the kept bytes.
			for i := range 4 {
				menu := []match.Menu{match.MenuAll, match.MenuLegal}[i%2]
				got, err := a.SnapshotJSON(ctx, c.ID, v, menu)
				if err != nil {
					t.Fatal(err)
				}
				snap, err := a.Snapshot(ctx, c.ID, v)
				if err != nil {
					t.Fatal(err)
				}
				if menu == match.MenuLegal {
					// Only the entries the seat may send, in the same order.
					snap.Menu = slices.DeleteFunc(snap.Menu, func(m match.MenuItem) bool { return m.Illegal != nil })
				}
				want, err := json.Marshal(snap)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("step %d, %v, menu %d: SnapshotJSON\n%s\nwant json.Marshal\n%s", step, v, menu, got, want)
				}
				over = snap.Over
			}
		}
		return over
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for step := 0; !check(step); step++ {
		if step > 150 {
			break
		}
		seat, seq, act := randomMove(t, a, c.ID, rng)
		if _, err := a.Act(ctx, c.ID, seat, seq, fmt.Sprint("s", step), act); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
}
