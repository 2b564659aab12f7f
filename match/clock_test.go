package match_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
)

// Clocks: each seat's time runs while the engine waits for it, from the
// log's timestamps; its game action earns the increment; a seat out of
// time has the engine take the rules' default for it (no ARO declared,
// the Orders Phase ended), logged as a timeout; and another authority on
// the same store shows the same clocks.
func TestClocks(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	st := openStore(t, filepath.Join(t.TempDir(), "m.db"))
	a := memAuthority(t, st, clk, match.Memory{})
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel", Clock: &match.TimeControl{Initial: time.Minute, Increment: 10 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := a.Snapshot(ctx, c.ID, rules.Spectator())
	if err != nil {
		t.Fatal(err)
	}
	if snap.Clock == nil || snap.Clock.RemainingMS["red"] != 60000 || snap.Clock.RemainingMS["blue"] != 60000 || len(snap.Clock.Running) != 1 {
		t.Fatalf("the clocks at the start: %+v", snap.Clock)
	}
	mover := snap.Clock.Running[0]
	clk.advance(20 * time.Second)
	seat, seq, act := randomMove(t, a, c.ID, randFor(1))
	if seat != mover {
		t.Fatalf("the clock runs for %s, the prompt waits for %s", mover, seat)
	}
	if _, err := a.Act(ctx, c.ID, seat, seq, "m1", act); err != nil {
		t.Fatal(err)
	}
	snap, _ = a.Snapshot(ctx, c.ID, rules.Spectator())
	if got := snap.Clock.RemainingMS[mover]; got != 50000 {
		t.Fatalf("%s's clock after 20 s and its action: %d ms, want 50000 (60 − 20 + 10)", mover, got)
	}
	// Nobody acts: whoever the engine waits for runs out of time.
	waiting := snap.Clock.Running
	if len(waiting) == 0 {
		t.Fatalf("no clock runs: %+v", snap.Clock)
	}
	out := waiting[0]
	if out == mover {
		t.Fatalf("after %s's declaration the clock still runs for it, not for the reacting seat", mover)
	}
	clk.advance(time.Duration(snap.Clock.RemainingMS[out]+1) * time.Millisecond)
	if n := a.Flag(ctx); n != 1 {
		t.Fatalf("Flag applied %d defaults, want 1", n)
	}
	log, _, err := a.Log(ctx, c.ID, rules.Spectator(), snap.Seq)
	if err != nil || len(log) == 0 || !log[0].Timeout || log[0].Seat != out {
		t.Fatalf("the entry after the time ran out: %+v %v", log, err)
	}
	// The rules' default for a reacting seat: no ARO declared.
	if a := string(log[0].Action); a != `{"kind":"aro","declarations":null}` {
		t.Fatalf("the default taken for %s out of time: %s, want no ARO", out, a)
	}
	after, _ := a.Snapshot(ctx, c.ID, rules.Spectator())
	if after.Clock.RemainingMS[out] > 0 {
		t.Fatalf("%s's clock after its flag fell: %d ms", out, after.Clock.RemainingMS[out])
	}
	// Derived from the log: another authority shows the same clocks.
	b := memAuthority(t, st, clk, match.Memory{})
	again, err := b.Snapshot(ctx, c.ID, rules.Spectator())
	if err != nil {
		t.Fatal(err)
	}
	if string(mustJSON(t, again.Clock)) != string(mustJSON(t, after.Clock)) {
		t.Fatalf("rebuilt clocks %+v, want %+v", again.Clock, after.Clock)
	}
	// A time control out of its bounds is refused.
	if _, err := a.Create(ctx, match.CreateRequest{Name: "duel", Clock: &match.TimeControl{Initial: 0}}); !isCode(err, match.CodeBadRequest) {
		t.Fatalf("a clock of 0 s: %v", err)
	}
}

func randFor(n uint64) *rand.Rand { return rand.New(rand.NewPCG(n, n)) }

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A match whose clock runs does not leave memory for idling (only the
// bounds on live matches send it away), so that its flag falls on time
// with nobody asking for it.
func TestRunningClockStaysInMemory(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), clk, match.Memory{Idle: time.Minute})
	for _, tc := range []*match.TimeControl{{Initial: time.Hour}, nil} {
		if _, err := a.Create(ctx, match.CreateRequest{Name: "duel", Clock: tc}); err != nil {
			t.Fatal(err)
		}
	}
	clk.advance(2 * time.Minute)
	if n := a.Sweep(); n != 1 || a.LiveCount() != 1 {
		t.Fatalf("swept %d, %d live: want only the match without a clock gone", n, a.LiveCount())
	}
	clk.advance(time.Hour)
	if n := a.Flag(ctx); n != 1 {
		t.Fatalf("Flag applied %d defaults an hour on, want 1", n)
	}
}

// A match with a seat still open for a player to join plays nothing on
// the clock: nobody has sat at the open seat to run out of time, and the
// seat that has sat down must not see its game played for it by timeouts
// before it has an opponent.
func TestNoFlagWhileASeatIsOpen(t *testing.T) {
	ctx := context.Background()
	for _, open := range []string{"blue", "red"} {
		clk := newClock()
		a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), clk, match.Memory{})
		c, err := a.Create(ctx, match.CreateRequest{Name: "duel", Open: []string{open}, Clock: &match.TimeControl{Initial: time.Minute}})
		if err != nil {
			t.Fatal(err)
		}
		before, _ := a.Snapshot(ctx, c.ID, rules.Spectator())
		for range 5 {
			clk.advance(2 * time.Minute)
			if n := a.Flag(ctx); n != 0 {
				t.Fatalf("seat %s open: Flag applied %d defaults", open, n)
			}
		}
		if after, _ := a.Snapshot(ctx, c.ID, rules.Spectator()); after.Seq != before.Seq {
			t.Fatalf("seat %s open: the match moved from seq %d to %d on the clock", open, before.Seq, after.Seq)
		}
	}
}

// No clock runs before every seat has its player, as on a chess server:
// a match created with a seat open shows both clocks whole and none
// running however long it waits, an action sent meanwhile costs and
// earns nothing, and the clocks start when the last seat is taken — also
// on a server that learns of the seat taken on another only later, and
// on one that rebuilds the match from the store.
func TestClocksStartWhenEverySeatIsTaken(t *testing.T) {
	ctx := context.Background()
	for _, open := range []rules.Seat{"blue", "red"} {
		clk := newClock()
		st := openStore(t, filepath.Join(t.TempDir(), "m.db"))
		a := memAuthority(t, st, clk, match.Memory{})
		other := memAuthority(t, st, clk, match.Memory{})
		c, err := a.Create(ctx, match.CreateRequest{Name: "duel", Open: []string{string(open)}, Clock: &match.TimeControl{Initial: time.Minute, Increment: 10 * time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		clk.advance(10 * time.Minute)
		snap, _ := a.Snapshot(ctx, c.ID, rules.Spectator())
		if snap.Clock.RemainingMS["red"] != 60000 || snap.Clock.RemainingMS["blue"] != 60000 || len(snap.Clock.Running) != 0 {
			t.Fatalf("seat %s open for 10 minutes: the clocks %+v, want both whole and none running", open, snap.Clock)
		}
		// The creator's seat, if prompted, acts before its opponent
		// sits: nothing is charged or earned.
		if seat, seq, act := randomMove(t, a, c.ID, randFor(2)); seat != open {
			if _, err := a.Act(ctx, c.ID, seat, seq, "early", act); err != nil {
				t.Fatal(err)
			}
			snap, _ = a.Snapshot(ctx, c.ID, rules.Spectator())
			if snap.Clock.RemainingMS[seat] != 60000 {
				t.Fatalf("seat %s open: %s's action moved its clock to %d ms", open, seat, snap.Clock.RemainingMS[seat])
			}
		}
		clk.advance(5 * time.Minute)
		sec, err := other.Join(ctx, c.ID, open) // on another server
		if err != nil {
			t.Fatal(err)
		}
		clk.advance(20 * time.Second)
		// This server learns of the seat when its token comes here.
		if s, err := a.Authenticate(ctx, c.ID, sec.Token); err != nil || s != open {
			t.Fatalf("the joined seat's token: %s %v", s, err)
		}
		snap, _ = a.Snapshot(ctx, c.ID, rules.Spectator())
		if len(snap.Clock.Running) != 1 {
			t.Fatalf("every seat taken: the clocks %+v, want the prompted seat's running", snap.Clock)
		}
		seat, seq, act := randomMove(t, a, c.ID, randFor(3))
		if _, err := a.Act(ctx, c.ID, seat, seq, "m1", act); err != nil {
			t.Fatal(err)
		}
		snap, _ = a.Snapshot(ctx, c.ID, rules.Spectator())
		if got := snap.Clock.RemainingMS[seat]; got != 50000 {
			t.Fatalf("seat %s joined 20 s before %s's action: its clock %d ms, want 50000 (60 − 20 + 10)", open, seat, got)
		}
		rebuilt, err := memAuthority(t, st, clk, match.Memory{}).Snapshot(ctx, c.ID, rules.Spectator())
		if err != nil || string(mustJSON(t, rebuilt.Clock)) != string(mustJSON(t, snap.Clock)) {
			t.Fatalf("the clocks rebuilt from the store: %+v %v, want %+v", rebuilt.Clock, err, snap.Clock)
		}
		if len(snap.Clock.Running) == 0 {
			continue
		}
		clk.advance(time.Duration(snap.Clock.RemainingMS[snap.Clock.Running[0]]+1) * time.Millisecond)
		if n := a.Flag(ctx); n != 1 {
			t.Fatalf("Flag applied %d defaults once the clock ran out, want 1", n)
		}
	}
}
