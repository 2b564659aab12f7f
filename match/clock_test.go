package match_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
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
		// The seat out of time has the rules' defaults taken at each
		// of its prompts until the engine waits for the other.
		out := snap.Clock.Running[0]
		if n := a.Flag(ctx); n < 1 {
			t.Fatalf("Flag applied %d defaults once the clock ran out, want some", n)
		}
		log, _, err := a.Log(ctx, c.ID, rules.Spectator(), snap.Seq)
		if err != nil || len(log) == 0 {
			t.Fatalf("the log after %s's time ran out: %v %v", out, log, err)
		}
		for _, e := range log {
			if e.Seat != rules.ChanceSeat && (e.Seat != out || !e.Timeout) {
				t.Fatalf("entry %d after %s's time ran out: %+v, want its defaults", e.Seq, out, e)
			}
		}
		if after, _ := a.Snapshot(ctx, c.ID, rules.Spectator()); slices.Contains(after.Clock.Running, out) && !after.Over {
			t.Fatalf("%s out of time is still waited for: %+v", out, after.Clock)
		}
	}
}

// Clocks, with nobody looking: a match both players left runs out of time
// while the server is down. A server started on the store ends it as the
// clock rule says without anyone asking for it (Resume, which Run calls
// first), so that the lobby lists it over; a server asked for such a
// match answers with its clocks' defaults taken. Each default is logged
// at the moment its seat's time ran out, not when a server noticed, and
// the next seat's clock runs from then.
func TestClockRunsOutWhileTheServerIsDown(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	path := filepath.Join(t.TempDir(), "m.db")
	a := memAuthority(t, openStore(t, path), clk, match.Memory{})
	tc := &match.TimeControl{Initial: time.Minute, Increment: 5 * time.Second}
	var ids []string
	var before []*match.Snapshot
	for i := range 2 {
		c, err := a.Create(ctx, match.CreateRequest{Name: "duel", Clock: tc})
		if err != nil {
			t.Fatal(err)
		}
		clk.advance(10 * time.Second)
		seat, seq, act := randomMove(t, a, c.ID, randFor(uint64(i+1)))
		if _, err := a.Act(ctx, c.ID, seat, seq, "m1", act); err != nil {
			t.Fatal(err)
		}
		snap, err := a.Snapshot(ctx, c.ID, rules.Spectator())
		if err != nil || len(snap.Clock.Running) != 1 {
			t.Fatalf("the clocks after the first action: %+v %v", snap, err)
		}
		ids, before = append(ids, c.ID), append(before, snap)
	}
	// The server stops; a day passes.
	clk.advance(24 * time.Hour)
	check := func(b *match.Authority, i int) {
		t.Helper()
		id, snap := ids[i], before[i]
		after, err := b.Snapshot(ctx, id, rules.Spectator())
		if err != nil {
			t.Fatal(err)
		}
		if !after.Over {
			t.Fatalf("match %d a day after both players left: seq %d, not over", i, after.Seq)
		}
		log, _, err := b.Log(ctx, id, rules.Spectator(), snap.Seq)
		if err != nil || len(log) == 0 {
			t.Fatalf("the log after the clocks ran out: %v %v", log, err)
		}
		out := snap.Clock.Running[0]
		ranOut := snap.Clock.Since.Add(time.Duration(snap.Clock.RemainingMS[out]) * time.Millisecond)
		if !log[0].Timeout || log[0].Seat != out || !log[0].Time.Equal(ranOut) {
			t.Fatalf("the first entry after %s's time ran out at %v: %+v", out, ranOut, log[0])
		}
		for _, e := range log {
			if e.Seat != rules.ChanceSeat && !e.Timeout {
				t.Fatalf("entry %d by %s was no default taken for a seat out of time: %+v", e.Seq, e.Seat, e)
			}
			// The other seat's minute (and its one increment) ran from
			// the first flag: the game ended then, a day before now.
			if limit := ranOut.Add(tc.Initial + tc.Increment); e.Time.After(limit) {
				t.Fatalf("entry %d at %v: after both clocks had run out (%v)", e.Seq, e.Time, limit)
			}
		}
		for s, ms := range after.Clock.RemainingMS {
			if ms > 0 && len(after.Clock.Running) > 0 {
				t.Fatalf("%s has %d ms left and a clock runs in a match over", s, ms)
			}
		}
	}
	listed := func(b *match.Authority, status, id string) bool {
		t.Helper()
		ls, err := b.List(ctx, status, match.MaxList)
		if err != nil {
			t.Fatal(err)
		}
		return slices.ContainsFunc(ls, func(l match.Listed) bool { return l.ID == id })
	}
	// Asked for, on a server that has just started: answered with the
	// clocks' defaults taken, and the other match left as it was.
	asked := memAuthority(t, openStore(t, path), clk, match.Memory{})
	check(asked, 0)
	if !listed(asked, store.StatusOver, ids[0]) || !listed(asked, store.StatusPlaying, ids[1]) {
		t.Fatal("the lobby after one match was asked for: want it over and the other still in play")
	}
	// Nobody asks: the next server to start ends the other.
	b := memAuthority(t, openStore(t, path), clk, match.Memory{})
	n, err := b.Resume(ctx)
	if err != nil || n == 0 {
		t.Fatalf("Resume took %d defaults: %v", n, err)
	}
	if !listed(b, store.StatusOver, ids[1]) || listed(b, store.StatusPlaying, ids[1]) {
		t.Fatal("the lobby after a restart: the match whose clocks ran out while the server was down is not listed over")
	}
	check(b, 1)
	// A second look takes nothing more.
	if n, err := b.Resume(ctx); err != nil || n != 0 {
		t.Fatalf("Resume again took %d defaults: %v", n, err)
	}
}

// A match with a clock running that leaves memory for the bound on live
// matches is loaded again when its clock runs out (Flag), and takes its
// default, with nobody asking for it.
func TestClockRunsOutOutOfMemory(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	st := openStore(t, filepath.Join(t.TempDir(), "m.db"))
	a := memAuthority(t, st, clk, match.Memory{MaxLive: 1})
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel", Clock: &match.TimeControl{Initial: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Create(ctx, match.CreateRequest{Name: "duel"}); err != nil {
		t.Fatal(err)
	}
	if a.LiveCount() != 1 {
		t.Fatalf("%d matches live, want 1: the bound sends the first away", a.LiveCount())
	}
	clk.advance(59 * time.Minute)
	if n := a.Flag(ctx); n != 0 {
		t.Fatalf("Flag took %d defaults with a minute left", n)
	}
	clk.advance(2 * time.Minute)
	if n := a.Flag(ctx); n != 1 {
		t.Fatalf("Flag took %d defaults once the clock out of memory ran out, want 1", n)
	}
	es, err := st.Entries(ctx, c.ID, 0)
	if err != nil || len(es) == 0 || !strings.HasPrefix(es[len(es)-1].ActionID, "clock timeout") {
		t.Fatalf("the log of the match whose clock ran out out of memory: %+v %v", es, err)
	}
	if got, want := es[len(es)-1].Time, time.Date(2026, 1, 1, 13, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Fatalf("the default logged at %v, want %v, when the hour ran out", got, want)
	}
}
