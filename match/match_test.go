package match_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/sqlite"
)

func library(t testing.TB) *match.Library {
	t.Helper()
	rs, err := infinity.New()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := match.BundledScenarios(data.Scenarios, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	return &match.Library{Games: map[string]match.Game{rs.Name(): {Ruleset: rs, Catalog: rs.Catalog}}, Scenarios: sc}
}

func openStore(t testing.TB, path string) store.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func newAuthority(t testing.TB, s store.Store) *match.Authority {
	return match.New(match.Options{Store: s, Library: library(t)})
}

// randomMove picks, as a client would, a prompted seat and one of the
// legal entries of its menu.
func randomMove(t testing.TB, a *match.Authority, id string, rng *rand.Rand) (rules.Seat, int, json.RawMessage) {
	t.Helper()
	ctx := context.Background()
	spec, err := a.Snapshot(ctx, id, rules.Spectator())
	if err != nil {
		t.Fatal(err)
	}
	if len(spec.Prompt.Seats) == 0 {
		t.Fatalf("no seat is prompted: %+v", spec.Prompt)
	}
	seat := spec.Prompt.Seats[rng.IntN(len(spec.Prompt.Seats))]
	snap, err := a.Snapshot(ctx, id, rules.PlayerView(seat))
	if err != nil {
		t.Fatal(err)
	}
	var legal []json.RawMessage
	for _, m := range snap.Menu {
		if m.Illegal == nil {
			legal = append(legal, m.Action)
		}
	}
	if len(legal) == 0 {
		t.Fatalf("%s is prompted with no legal entry", seat)
	}
	return seat, snap.Seq, legal[rng.IntN(len(legal))]
}

// A match played to its end through the authority exports a file that
// verifies: the commitment holds, every die is the seed's, the log replays
// to the end of the game.
func TestPlayVerifyAndRebuild(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	s := openStore(t, path)
	a := newAuthority(t, s)
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Seats) != 2 || c.Seats["blue"].Token == c.Seats["red"].Token || len(c.Seats["blue"].Token) < 22 {
		t.Fatalf("seats %+v: want two different tokens of at least 128 bits", c.Seats)
	}
	if _, err := a.Seed(ctx, c.ID); !isCode(err, match.CodeNotOver) {
		t.Fatalf("seed before the end: %v, want %s", err, match.CodeNotOver)
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
		res, err := a.Act(ctx, c.ID, seat, seq, "a"+string(rune('A'+step%26))+string(rune('0'+step/26)), act)
		if err != nil {
			t.Fatalf("step %d: %s %s: %v", step, seat, act, err)
		}
		if res.Seq <= seq {
			t.Fatalf("step %d: seq %d after %d", step, res.Seq, seq)
		}
	}
	x, err := a.Export(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.Library().Verify(x)
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	t.Logf("verified %+v", v)
	if v.Entries != len(x.Log) || v.Dice == 0 {
		t.Fatalf("verified %+v of %d entries", v, len(x.Log))
	}
	// A second authority on the same file rebuilds the same match: every
	// viewer's snapshot and log are the same.
	b := newAuthority(t, s)
	for _, viewer := range []rules.Viewer{rules.Spectator(), rules.PlayerView("blue"), rules.PlayerView("red")} {
		s1, err1 := a.Snapshot(ctx, c.ID, viewer)
		s2, err2 := b.Snapshot(ctx, c.ID, viewer)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		j1, _ := json.Marshal(s1)
		j2, _ := json.Marshal(s2)
		if string(j1) != string(j2) {
			t.Fatalf("%v: rebuilt snapshot differs:\n%s\n%s", viewer, j1, j2)
		}
		l1, _, _ := a.Log(ctx, c.ID, viewer, 0)
		l2, _, _ := b.Log(ctx, c.ID, viewer, 0)
		if !reflect.DeepEqual(l1, l2) {
			t.Fatalf("%v: rebuilt log differs", viewer)
		}
	}
	// A tampered die, or another seed, does not verify.
	bad := *x
	bad.Log = append([]rules.Entry(nil), x.Log...)
	for i, e := range bad.Log {
		if len(e.Dice) > 0 {
			d := append([]int(nil), e.Dice...)
			d[0] = d[0]%20 + 1
			bad.Log[i].Dice = d
			break
		}
	}
	if _, err := a.Library().Verify(&bad); err == nil {
		t.Fatal("a log with a changed die verified")
	}
	bad = *x
	bad.Seed = x.Seed[:len(x.Seed)-2] + "00"
	if x.Seed[len(x.Seed)-2:] == "00" {
		bad.Seed = x.Seed[:len(x.Seed)-2] + "01"
	}
	if _, err := a.Library().Verify(&bad); err == nil {
		t.Fatal("another seed verified against the commitment")
	}
}

func isCode(err error, c match.Code) bool {
	var me *match.Error
	return errors.As(err, &me) && me.Code == c
}

func snapshotJSON(t *testing.T, a *match.Authority, id string) string {
	t.Helper()
	s, err := a.Snapshot(context.Background(), id, rules.Admin())
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(s)
	return string(b)
}

// A refused action, a stale seq and a repeated action id change nothing;
// the repeated id is answered as the first time.
func TestRefusalsChangeNothing(t *testing.T) {
	ctx := context.Background()
	a := newAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")))
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	before := snapshotJSON(t, a, c.ID)
	// Red may not act in Blue's Orders phase.
	_, err = a.Act(ctx, c.ID, "red", 0, "x1", json.RawMessage(`{"kind":"end-orders"}`))
	if re, ok := rules.AsRuleError(err); !ok || re.Code != rules.CodeNotYourTurn {
		t.Fatalf("red acting in blue's turn: %v, want %s", err, rules.CodeNotYourTurn)
	}
	if _, err := a.Act(ctx, c.ID, "blue", 3, "x2", json.RawMessage(`{"kind":"end-orders"}`)); !isCode(err, match.CodeStale) {
		t.Fatalf("stale seq: %v", err)
	}
	if _, err := a.Act(ctx, c.ID, "blue", 0, "x3", json.RawMessage(`{"kind":"no-such"}`)); err == nil {
		t.Fatal("an unknown kind was applied")
	}
	if got := snapshotJSON(t, a, c.ID); got != before {
		t.Fatalf("refusals changed the match:\n%s\n%s", before, got)
	}
	first, err := a.Act(ctx, c.ID, "blue", 0, "end", json.RawMessage(`{"kind":"end-orders"}`))
	if err != nil {
		t.Fatal(err)
	}
	after := snapshotJSON(t, a, c.ID)
	again, err := a.Act(ctx, c.ID, "blue", 0, "end", json.RawMessage(`{"kind":"end-orders"}`))
	if err != nil {
		t.Fatalf("the same action id again: %v", err)
	}
	if !reflect.DeepEqual(first, again) {
		t.Fatalf("a retried action is answered differently: %+v, then %+v", first, again)
	}
	if got := snapshotJSON(t, a, c.ID); got != after {
		t.Fatal("a retried action was applied twice")
	}
}

// failingStore refuses every append, as a full disk would.
type failingStore struct{ store.Store }

func (failingStore) Append(context.Context, string, []store.Entry) error {
	return errors.New("disk full")
}

// An action whose entry cannot be committed is not acknowledged, and the
// match is as it was.
func TestFailedCommitLeavesMatch(t *testing.T) {
	ctx := context.Background()
	s := openStore(t, filepath.Join(t.TempDir(), "m.db"))
	good := newAuthority(t, s)
	c, err := good.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	a := newAuthority(t, failingStore{s})
	before := snapshotJSON(t, a, c.ID)
	act := json.RawMessage(`{"kind":"activate","trooper":"fusilier","order":"regular","skill":{"name":"move","route":[[10,11]]}}`)
	if _, err := a.Act(ctx, c.ID, "blue", 0, "a1", act); !isCode(err, match.CodeUnavailable) {
		t.Fatalf("append failing: %v, want %s", err, match.CodeUnavailable)
	}
	if got := snapshotJSON(t, a, c.ID); got != before {
		t.Fatalf("a failed commit changed the match")
	}
	if _, err := good.Act(ctx, c.ID, "blue", 0, "a1", act); err != nil {
		t.Fatalf("the same action through a working store: %v", err)
	}
}

// The answer to an action carries the prompt its entries led to (the one
// every snapshot then shows), so a client knows who acts next without
// asking for the match again.
func TestAnswerCarriesThePrompt(t *testing.T) {
	ctx := context.Background()
	a := newAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")))
	c, err := a.Create(ctx, match.CreateRequest{Name: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for step := range 30 {
		seat, seq, act := randomMove(t, a, c.ID, rng)
		res, err := a.Act(ctx, c.ID, seat, seq, "p"+string(rune('a'+step)), act)
		if err != nil {
			t.Fatal(err)
		}
		snap, err := a.Snapshot(ctx, c.ID, rules.Spectator())
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(res.Prompt, snap.Prompt) {
			t.Fatalf("step %d: the answer's prompt %+v, the match's %+v", step, res.Prompt, snap.Prompt)
		}
		if snap.Over {
			break
		}
	}
}
