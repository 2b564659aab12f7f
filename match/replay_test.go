package match_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
)

// A replay step answered from the replay cache is what the viewer saw at
// that step of the game: every step of a finished demo game (longer than
// the replay's checkpoint interval), asked in a random
// order and again (so from checkpoints before and after, and from the
// cache), shows each viewer exactly the observation it had live.
func TestObservationAtIsWhatTheViewerSaw(t *testing.T) {
	ctx := context.Background()
	a := newAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")))
	c, err := a.Create(ctx, match.CreateRequest{Name: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	viewers := []rules.Viewer{rules.Spectator(), rules.PlayerView("red"), rules.PlayerView("blue")}
	type at struct {
		n int
		v rules.Viewer
	}
	live := map[at][]byte{}
	record := func() bool {
		over := false
		for _, v := range viewers {
			s, err := a.Snapshot(ctx, c.ID, v)
			if err != nil {
				t.Fatal(err)
			}
			live[at{s.Seq, v}], over = s.Observation, s.Over
		}
		return over
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 0; !record(); n++ {
		if n > 2000 {
			t.Fatal("the game did not end in 2000 actions")
		}
		seat, seq, act := randomMove(t, a, c.ID, rng)
		if _, err := a.Act(ctx, c.ID, seat, seq, fmt.Sprintf("a%d", n), act); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d steps recorded", len(live)/3)
	var keys []at
	for k := range live {
		keys = append(keys, k)
	}
	for round := range 2 {
		rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		for _, k := range keys {
			obs, step, total, err := a.ObservationAt(ctx, c.ID, k.n, k.v)
			if err != nil {
				t.Fatal(err)
			}
			if step != k.n || total < k.n || !bytes.Equal(obs, live[k]) {
				t.Fatalf("round %d, step %d as %v: step %d of %d,\n%s\nwant\n%s", round, k.n, k.v, step, total, obs, live[k])
			}
		}
	}
}
