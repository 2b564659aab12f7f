package match_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// clock is a test's time, moved by hand.
type clock struct{ ns atomic.Int64 }

func newClock() *clock {
	c := &clock{}
	c.ns.Store(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC).UnixNano())
	return c
}

func (c *clock) now() time.Time          { return time.Unix(0, c.ns.Load()).UTC() }
func (c *clock) advance(d time.Duration) { c.ns.Add(int64(d)) }
func memAuthority(t testing.TB, s store.Store, c *clock, m match.Memory) *match.Authority {
	return match.New(match.Options{Store: s, Library: library(t), Now: c.now, Memory: m})
}

// viewers are the viewers of a two-seat match.
var viewers = []rules.Viewer{rules.Spectator(), rules.PlayerView("blue"), rules.PlayerView("red")}

// answers is everything a match answers its viewers: each one's snapshot
// (as the API's bytes) and its whole log.
func answers(t *testing.T, a *match.Authority, id string) string {
	t.Helper()
	ctx := context.Background()
	var out []byte
	for _, v := range viewers {
		snap, err := a.SnapshotJSON(ctx, id, v, match.MenuAll)
		if err != nil {
			t.Fatal(err)
		}
		log, seq, err := a.Log(ctx, id, v, 0)
		if err != nil {
			t.Fatal(err)
		}
		lj, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		out = fmt.Appendf(out, "%v: %s\nseq %d log %s\n", v, snap, seq, lj)
	}
	return string(out)
}

// play makes n random legal moves in match id (fewer if the game ends),
// each with the action id prefix+step, and returns the last move's answer
// and what was sent.
func play(t *testing.T, a *match.Authority, id string, rng *rand.Rand, n int, prefix string) (last *match.Result, seat rules.Seat, seq int, aid string, act json.RawMessage) {
	t.Helper()
	ctx := context.Background()
	for step := range n {
		snap, err := a.Snapshot(ctx, id, rules.Spectator())
		if err != nil {
			t.Fatal(err)
		}
		if snap.Over {
			return
		}
		seat, seq, act = randomMove(t, a, id, rng)
		aid = fmt.Sprint(prefix, step)
		if last, err = a.Act(ctx, id, seat, seq, aid, act); err != nil {
			t.Fatalf("step %d: %s %s: %v", step, seat, act, err)
		}
	}
	return
}

// A match idle for longer than Memory.Idle leaves memory, and on its next
// request is rebuilt from the store by replay: it answers every viewer
// exactly as before (snapshot bytes, log), a retried action id gets the
// same answer without being applied again, and play goes on.
func TestIdleMatchLeavesMemoryAndAnswersTheSame(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), clk, match.Memory{Idle: 10 * time.Minute})
	c, err := a.Create(ctx, match.CreateRequest{Name: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	res, seat, seq, aid, act := play(t, a, c.ID, rng, 25, "a")
	if res == nil {
		t.Fatal("the game ended before any move")
	}
	before := answers(t, a, c.ID)

	clk.advance(9 * time.Minute)
	if n := a.Sweep(); n != 0 || a.LiveCount() != 1 {
		t.Fatalf("after 9 idle minutes of 10: %d left memory, %d live; want 0 and 1", n, a.LiveCount())
	}
	clk.advance(time.Minute)
	if n := a.Sweep(); n != 1 || a.LiveCount() != 0 {
		t.Fatalf("after 10 idle minutes: %d left memory, %d live; want 1 and 0", n, a.LiveCount())
	}
	if st := a.Stats(); st.Evicted[match.EvictedIdle] != 1 || st.Rebuilt != 0 {
		t.Fatalf("stats %+v: want one idle eviction, nothing rebuilt yet", st)
	}

	if after := answers(t, a, c.ID); after != before {
		t.Fatalf("the rebuilt match answers differently:\nbefore\n%s\nafter\n%s", before, after)
	}
	if st := a.Stats(); st.Live != 1 || st.Rebuilt != 1 {
		t.Fatalf("stats %+v: want the match live again, rebuilt once", st)
	}
	// Evicted again, then a retry of the last action: answered as the
	// first time, applied once.
	clk.advance(time.Hour)
	a.Sweep()
	again, err := a.Act(ctx, c.ID, seat, seq, aid, act)
	if err != nil {
		t.Fatalf("retrying action %q after a rebuild: %v", aid, err)
	}
	if !reflect.DeepEqual(res, again) {
		t.Fatalf("a retried action is answered differently after a rebuild: %+v, then %+v", res, again)
	}
	if after := answers(t, a, c.ID); after != before {
		t.Fatal("a retried action was applied again after a rebuild")
	}
	play(t, a, c.ID, rng, 5, "b")
}

// A finished match leaves memory after Memory.Finished without a request,
// while a match in play idle as long stays; the finished one still exports
// and answers the same.
func TestFinishedMatchLeavesMemory(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), clk, match.Memory{Idle: time.Hour, Finished: time.Minute})
	done, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	going, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	play(t, a, done.ID, rng, 500, "a")
	if snap, _ := a.Snapshot(ctx, done.ID, rules.Spectator()); !snap.Over {
		t.Fatal("the duel did not end in 500 moves")
	}
	x1, err := a.Export(ctx, done.ID)
	if err != nil {
		t.Fatal(err)
	}
	before := answers(t, a, done.ID)
	clk.advance(59 * time.Second)
	if n := a.Sweep(); n != 0 {
		t.Fatalf("%d matches left memory before a minute", n)
	}
	clk.advance(time.Second)
	if n := a.Sweep(); n != 1 || a.LiveCount() != 1 {
		t.Fatalf("a minute after: %d left memory, %d live; want the finished one to leave", n, a.LiveCount())
	}
	if st := a.Stats(); st.Evicted[match.EvictedFinished] != 1 {
		t.Fatalf("stats %+v: want one finished match evicted", st)
	}
	// The match in play is still in memory: asking for it rebuilds nothing.
	if _, err := a.Snapshot(ctx, going.ID, rules.Spectator()); err != nil {
		t.Fatal(err)
	}
	if st := a.Stats(); st.Rebuilt != 0 {
		t.Fatalf("stats %+v: the match in play was rebuilt", st)
	}
	x2, err := a.Export(ctx, done.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(x1, x2) {
		t.Fatal("the finished match exports differently after a rebuild")
	}
	if after := answers(t, a, done.ID); after != before {
		t.Fatalf("the finished match answers differently after a rebuild:\n%s\n%s", before, after)
	}
}

// At most Memory.MaxLive matches stay in memory: the least recently asked
// for leaves first.
func TestLiveMatchBound(t *testing.T) {
	ctx := context.Background()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), newClock(), match.Memory{MaxLive: 2})
	var ids []string
	for range 2 {
		c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.ID)
	}
	// The first is asked for again, so the second is the least recent.
	if _, err := a.Snapshot(ctx, ids[0], rules.Spectator()); err != nil {
		t.Fatal(err)
	}
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	ids = append(ids, c.ID)
	if st := a.Stats(); st.Live != 2 || st.Evicted[match.EvictedBound] != 1 {
		t.Fatalf("stats %+v: want 2 live, one evicted by the bound", st)
	}
	for _, id := range []string{ids[0], ids[2]} {
		if _, err := a.Snapshot(ctx, id, rules.Spectator()); err != nil {
			t.Fatal(err)
		}
	}
	if st := a.Stats(); st.Rebuilt != 0 {
		t.Fatalf("stats %+v: a recent match was rebuilt", st)
	}
	if _, err := a.Snapshot(ctx, ids[1], rules.Spectator()); err != nil {
		t.Fatal(err)
	}
	if st := a.Stats(); st.Rebuilt != 1 || st.Live != 2 {
		t.Fatalf("stats %+v: want the least recent rebuilt and still 2 live", st)
	}
}

// A request for a match that does not exist answers not-found and sends
// no real match out of memory to make room for it, however many such
// requests come: only a match that loads counts against Memory.MaxLive.
func TestMissingMatchEvictsNone(t *testing.T) {
	ctx := context.Background()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), newClock(), match.Memory{MaxLive: 1})
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		_, err := a.Snapshot(ctx, fmt.Sprintf("%032x", i), rules.Spectator())
		if me, ok := err.(*match.Error); !ok || me.Code != match.CodeNotFound {
			t.Fatalf("a missing match: %v, want not-found", err)
		}
	}
	if st := a.Stats(); st.Live != 1 || st.Evicted[match.EvictedBound] != 0 {
		t.Fatalf("stats %+v: requests for missing matches evicted the real one", st)
	}
	if _, err := a.Snapshot(ctx, c.ID, rules.Spectator()); err != nil {
		t.Fatal(err)
	}
	if st := a.Stats(); st.Rebuilt != 0 {
		t.Fatalf("stats %+v: the real match was rebuilt", st)
	}
}

// A match a feed watches stays in memory however long it is idle, and
// leaves once the feed is gone.
func TestWatchedMatchStays(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), clk, match.Memory{Idle: time.Minute, MaxLive: 1})
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	release, err := a.Watch(ctx, c.ID, rules.Spectator())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Create(ctx, match.CreateRequest{Name: "duel"}); err != nil {
		t.Fatal(err)
	}
	clk.advance(time.Hour)
	a.Sweep()
	_, ch, err := a.Wait(ctx, c.ID, rules.Spectator(), 0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if st := a.Stats(); st.Rebuilt != 0 {
		t.Fatalf("stats %+v: the watched match left memory", st)
	}
	// An action wakes the feed's channel: it is the match's own.
	if _, err := a.Act(ctx, c.ID, "blue", 0, "e", json.RawMessage(`{"kind":"end-orders"}`)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ch:
	default:
		t.Fatal("the watched match's channel was not closed by an action")
	}
	release()
	clk.advance(time.Hour)
	if n := a.Sweep(); n != 1 {
		t.Fatalf("%d left memory once the feed was gone, want 1", n)
	}
}

// Acknowledged actions are never lost to eviction: matches played at once
// by concurrent clients while the bound (one live match) and sweeps keep
// throwing them out of memory. Every acknowledged action is in the store
// exactly once, at the seq it was answered with, and a fresh authority
// rebuilds each match to the same answers.
func TestEvictionLosesNoAction(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	s := openStore(t, filepath.Join(t.TempDir(), "m.db"))
	a := memAuthority(t, s, clk, match.Memory{MaxLive: 1, Idle: time.Nanosecond, Finished: time.Nanosecond})
	const matches, moves = 4, 15
	ids := make([]string, matches)
	for i := range ids {
		c, err := a.Create(ctx, match.CreateRequest{Name: "demo"})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = c.ID
	}
	stop := make(chan struct{})
	sweeps := make(chan int)
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				sweeps <- n
				return
			default:
				clk.advance(time.Second)
				a.Sweep()
				n++
			}
		}
	}()
	type ack struct {
		seat rules.Seat
		id   string
		seq  int
	}
	acks := make([][]ack, matches)
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 9))
			for step := range moves {
				snap, err := a.Snapshot(ctx, id, rules.Spectator())
				if err != nil {
					t.Error(err)
					return
				}
				if snap.Over {
					return
				}
				seat, seq, act := randomMove(t, a, id, rng)
				aid := fmt.Sprint("m", step)
				res, err := a.Act(ctx, id, seat, seq, aid, act)
				if err != nil {
					t.Errorf("match %d step %d: %v", i, step, err)
					return
				}
				acks[i] = append(acks[i], ack{seat, aid, seq})
				_ = res
			}
		})
	}
	wg.Wait()
	close(stop)
	if n := <-sweeps; n == 0 {
		t.Fatal("no sweep ran")
	}
	st := a.Stats()
	if st.Rebuilt < matches || st.Evicted[match.EvictedBound]+st.Evicted[match.EvictedIdle] == 0 {
		t.Fatalf("stats %+v: the matches were not thrown out of memory and rebuilt", st)
	}
	t.Logf("stats %+v", st)
	fresh := memAuthority(t, s, clk, match.Memory{})
	for i, id := range ids {
		es, err := s.Entries(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, e := range es {
			if e.ActionID != "" {
				seen[e.Seat+"/"+e.ActionID]++
			}
		}
		for _, k := range acks[i] {
			key := string(k.seat) + "/" + k.id
			if seen[key] != 1 {
				t.Errorf("match %d: acknowledged action %s is in the log %d times", i, key, seen[key])
			}
			if k.seq >= len(es) || es[k.seq].ActionID != k.id || es[k.seq].Seat != string(k.seat) {
				t.Errorf("match %d: action %s was acknowledged at seq %d, which the log does not hold", i, key, k.seq)
			}
		}
		if len(seen) != len(acks[i]) {
			t.Errorf("match %d: %d client actions in the log, %d acknowledged", i, len(seen), len(acks[i]))
		}
		if got, want := answers(t, fresh, id), answers(t, a, id); got != want {
			t.Errorf("match %d: a fresh authority answers differently", i)
		}
	}
}

// Each feed keeps its match in memory, so feeds are bounded per match
// (Memory.MaxFeedsPerMatch) and in all (Memory.MaxFeeds): past either,
// Watch refuses with CodeTooManyFeeds, saying which bound, and a refused
// feed holds nothing (the match still leaves memory once the others go).
func TestWatchBoundsFeeds(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), clk, match.Memory{Idle: time.Minute, MaxFeedsPerMatch: 2, MaxFeeds: 3})
	var ids []string
	for range 2 {
		c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.ID)
	}
	refused := func(id, says string) {
		t.Helper()
		_, err := a.Watch(ctx, id, rules.Spectator())
		var me *match.Error
		if !errors.As(err, &me) || me.Code != match.CodeTooManyFeeds || !strings.Contains(me.Message, says) {
			t.Fatalf("Watch(%s) = %v, want %s saying %q", id, err, match.CodeTooManyFeeds, says)
		}
	}
	var releases []func()
	watch := func(id string) {
		t.Helper()
		release, err := a.Watch(ctx, id, rules.Spectator())
		if err != nil {
			t.Fatalf("Watch(%s): %v", id, err)
		}
		releases = append(releases, release)
	}
	watch(ids[0])
	watch(ids[0])
	refused(ids[0], "already has 2 spectator feeds, the most one match may have")
	watch(ids[1])
	refused(ids[1], "the server already has 3 feeds")
	releases[0]()
	watch(ids[1]) // a released feed frees its place in all
	for _, r := range releases[1:] {
		r()
	}
	clk.advance(time.Hour)
	if n := a.Sweep(); n != 2 {
		t.Fatalf("%d left memory once the feeds were gone, want 2 (a refused feed kept one)", n)
	}
}

// A match in memory (here one a feed keeps there) lets its viewers'
// encoded snapshots go once it has gone SnapshotsIdle without a request,
// and encodes them again, the same bytes, when next asked, without
// rebuilding the match.
func TestIdleMatchLetsItsSnapshotsGo(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), clk, match.Memory{Idle: time.Hour})
	c, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	release, err := a.Watch(ctx, c.ID, rules.Spectator())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	first, err := a.SnapshotJSON(ctx, c.ID, rules.Spectator(), match.MenuAll)
	if err != nil {
		t.Fatal(err)
	}
	kept := func() bool {
		t.Helper()
		b, err := a.SnapshotJSON(ctx, c.ID, rules.Spectator(), match.MenuAll)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != string(first) {
			t.Fatalf("the snapshot changed:\n%s\nwant\n%s", b, first)
		}
		return &b[0] == &first[0]
	}
	clk.advance(match.SnapshotsIdle / 2)
	a.Sweep()
	if !kept() {
		t.Fatal("the snapshot was encoded again before SnapshotsIdle")
	}
	clk.advance(match.SnapshotsIdle)
	a.Sweep()
	if kept() {
		t.Fatal("the snapshot was kept after SnapshotsIdle without a request")
	}
	if st := a.Stats(); st.Rebuilt != 0 || a.LiveCount() != 1 {
		t.Fatalf("stats %+v, %d live: the match itself should stay", st, a.LiveCount())
	}
}

// Memory bound in bytes (issue 27): Memory.MaxLive alone let 10,000
// mid-game matches take 1.7 GB. With Memory.MaxBytes the live matches'
// estimated bytes stay under the bound however many there are — the least
// recently asked for leave ("bytes") — and a match that left answers
// exactly as before when asked again.
func TestLiveBytesBound(t *testing.T) {
	ctx := context.Background()
	const limit = 400 << 10
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), newClock(), match.Memory{MaxBytes: limit})
	rng := rand.New(rand.NewPCG(9, 9))
	var ids []string
	before := map[string]string{}
	for i := range 12 {
		c, err := a.Create(ctx, match.CreateRequest{Name: "demo"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.ID)
		play(t, a, c.ID, rng, 30, fmt.Sprint("m", i, "-"))
		before[c.ID] = answers(t, a, c.ID)
		if st := a.Stats(); st.Bytes > limit+300<<10 {
			// The match in hand stays whatever its size: one demo match
			// mid-game over the bound at most.
			t.Fatalf("after %d matches: %d estimated bytes live, bound %d", i+1, st.Bytes, limit)
		}
	}
	st := a.Stats()
	if st.Evicted[match.EvictedBytes] == 0 || st.Live >= len(ids) {
		t.Fatalf("stats %+v: no match left memory for the bound in bytes", st)
	}
	for _, id := range ids {
		if got := answers(t, a, id); got != before[id] {
			t.Fatalf("match %s answers differently after leaving memory", id)
		}
	}
	if st := a.Stats(); st.Rebuilt == 0 {
		t.Fatalf("stats %+v: no match was rebuilt", st)
	}
}

// The estimate behind Memory.MaxBytes is of the right size: for demo
// matches mid-game, within a factor of two of the heap they take.
func TestLiveBytesEstimate(t *testing.T) {
	ctx := context.Background()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), newClock(), match.Memory{})
	rng := rand.New(rand.NewPCG(3, 9))
	var ids []string
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for i := range 40 {
		c, err := a.Create(ctx, match.CreateRequest{Name: "demo"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.ID)
		play(t, a, c.ID, rng, 40, fmt.Sprint("m", i, "-"))
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	heap, est := int64(m1.HeapAlloc)-int64(m0.HeapAlloc), a.Stats().Bytes
	if est < heap/2 || est > heap*2 {
		t.Fatalf("estimated %d bytes for %d bytes of heap", est, heap)
	}
	t.Logf("estimated %d bytes for %d bytes of heap", est, heap)
	runtime.KeepAlive(ids)
}

// Retention (issue 27): Prune deletes the matches with no action since
// the cutoff, with their logs, and they leave memory (not-found after);
// a match played since stays and answers as before.
func TestPruneAbandoned(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), clk, match.Memory{})
	rng := rand.New(rand.NewPCG(4, 4))
	abandoned, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	play(t, a, abandoned.ID, rng, 3, "x")
	played, err := a.Create(ctx, match.CreateRequest{Name: "duel"})
	if err != nil {
		t.Fatal(err)
	}
	clk.advance(48 * time.Hour)
	play(t, a, played.ID, rng, 3, "y")
	want := answers(t, a, played.ID)
	n, err := a.Prune(ctx, clk.now().Add(-24*time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("Prune: %d, %v; want the abandoned match", n, err)
	}
	if _, err := a.Snapshot(ctx, abandoned.ID, rules.Spectator()); !isCode(err, match.CodeNotFound) {
		t.Fatalf("the pruned match: %v, want not-found", err)
	}
	if got := answers(t, a, played.ID); got != want {
		t.Fatal("the match played since answers differently")
	}
}

// Retention keeps what a player expects to find: an unfinished match
// whose clock may still have time left (a correspondence game, days a
// move) stays however long since its last action, until its clock could
// have run out the retention period ago; a match whose open seat was
// taken since the cutoff stays; a finished match stays the retention
// period from its end, for replay. Abandoned ones go: no action for the
// period, a seat never taken, a clock run out long ago.
func TestRetentionKeepsWhatPlayersExpect(t *testing.T) {
	ctx := context.Background()
	clk := newClock()
	a := memAuthority(t, openStore(t, filepath.Join(t.TempDir(), "m.db")), clk, match.Memory{})
	rng := rand.New(rand.NewPCG(5, 5))
	create := func(req match.CreateRequest) *match.Created {
		t.Helper()
		req.Name = "duel"
		c, err := a.Create(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	days := func(n int) *match.TimeControl { return &match.TimeControl{Initial: time.Duration(n) * 24 * time.Hour} }
	longClock := create(match.CreateRequest{Clock: days(7)})
	play(t, a, longClock.ID, rng, 3, "l")
	shortClock := create(match.CreateRequest{Clock: &match.TimeControl{Initial: time.Hour}})
	play(t, a, shortClock.ID, rng, 3, "s")
	neverJoined := create(match.CreateRequest{Open: []string{"red"}, Clock: days(7)})
	joinedLate := create(match.CreateRequest{Open: []string{"red"}})
	endedEarly := create(match.CreateRequest{})
	endedLate := create(match.CreateRequest{})
	resign := func(id string) {
		t.Helper()
		snap, err := a.Snapshot(ctx, id, rules.Spectator())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Act(ctx, id, "blue", snap.Seq, "gg", json.RawMessage(`{"kind":"resign"}`)); err != nil {
			t.Fatal(err)
		}
	}
	resign(endedEarly.ID)
	clk.advance(3 * 24 * time.Hour)
	if _, err := a.Join(ctx, joinedLate.ID, "red"); err != nil {
		t.Fatal(err)
	}
	resign(endedLate.ID)
	clk.advance(2 * 24 * time.Hour)
	// Retained for 2 days, 5 days on.
	n, err := a.Prune(ctx, clk.now().Add(-2*24*time.Hour-time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		id   string
		kept bool
	}{
		{"unfinished, 7 days on its clock, 5 days idle", longClock.ID, true},
		{"unfinished, its hour-long clock out 5 days ago", shortClock.ID, false},
		{"a seat never taken in 5 days", neverJoined.ID, false},
		{"a seat taken 2 days ago", joinedLate.ID, true},
		{"ended by resignation 5 days ago", endedEarly.ID, false},
		{"ended by resignation 2 days ago", endedLate.ID, true},
	} {
		_, err := a.Snapshot(ctx, c.id, rules.Spectator())
		if c.kept && err != nil {
			t.Errorf("%s: %v, want it kept", c.name, err)
		}
		if !c.kept && !isCode(err, match.CodeNotFound) {
			t.Errorf("%s: %v, want it deleted", c.name, err)
		}
	}
	if n != 3 {
		t.Errorf("Prune deleted %d matches, want 3", n)
	}
}

// Retention: a mission match still waiting for its army lists has not
// started its game, so its clock has not run: nothing done for the
// retention period, it is abandoned like a seat never taken, however
// long its clock.
func TestRetentionDropsAMatchAbandonedBeforeItsLists(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1800000000, 0).UTC()
	a := missionAuthority(t, sqliteStore(t), &now)
	c, err := a.Create(ctx, match.CreateRequest{Mission: "uplink", Clock: &match.TimeControl{Initial: 7 * 24 * time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	now = now.Add(5 * 24 * time.Hour)
	if n, err := a.Prune(ctx, now.Add(-2*24*time.Hour)); err != nil || n != 1 {
		t.Fatalf("Prune: %d %v, want the match waiting 5 days for its lists deleted", n, err)
	}
	if _, err := a.Snapshot(ctx, c.ID, rules.Spectator()); !isCode(err, match.CodeNotFound) {
		t.Fatalf("the pruned match: %v, want not-found", err)
	}
}
