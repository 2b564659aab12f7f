package match

import (
	"context"
	"math"
	"time"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// Memory bounds what the authority keeps in memory. A match is its setup
// and its log, both in the store, so any match can leave memory and be
// rebuilt by replaying its log on its next request; what is lost is only
// the time to replay it (a few milliseconds for a whole game) and the
// snapshots encoded for the current seq.
type Memory struct {
	// MaxLive bounds the matches in memory: past it, the least recently
	// asked for leaves (default DefaultMaxLive; negative: no bound). A
	// match followed by a WebSocket feed, or in the middle of a request,
	// stays, so the bound may be exceeded while they are more than it.
	MaxLive int
	// MaxBytes bounds the same by their estimated size in memory (default
	// DefaultMaxBytes; negative: no bound): a match's setup and every
	// entry's views, as measured on the bundled scenarios (a demo game
	// of 120 entries holds about 240 KB), and its encoded snapshots.
	MaxBytes int64
	// Idle is how long a match in play may go without a request before
	// it leaves memory (default DefaultIdle; negative: never).
	Idle time.Duration
	// Finished is the same for a match whose game is over, which nobody
	// plays any more but players and spectators still look at for a while
	// (default DefaultFinished; negative: never).
	Finished time.Duration
	// MaxFeeds bounds the WebSocket feeds following matches in all
	// (default DefaultMaxFeeds), and MaxFeedsPerMatch the spectators'
	// feeds following one match (default DefaultMaxFeedsPerMatch);
	// negative: no bound. A feed keeps its match in memory and holds a
	// connection, so without them spectators could pin any number of
	// matches. Past either, Watch refuses the feed with CodeTooManyFeeds.
	// Seats' feeds are counted apart (MaxFeeds of them in all, and
	// MaxFeedsPerSeat per seat of a match, default DefaultMaxFeedsPerSeat),
	// so spectators never take a seat's place.
	MaxFeeds         int
	MaxFeedsPerMatch int
	MaxFeedsPerSeat  int
}

// The defaults of Memory.
const (
	DefaultMaxLive  = 10000
	DefaultMaxBytes = 1 << 30
	DefaultIdle     = 30 * time.Minute
	DefaultFinished = time.Minute
	// Two seats and their spectators.
	DefaultMaxFeedsPerMatch = 64
	DefaultMaxFeeds         = 4096
	// A player with the table open in a few tabs or devices.
	DefaultMaxFeedsPerSeat = 8
)

func (m Memory) withDefaults() Memory {
	if m.MaxLive == 0 {
		m.MaxLive = DefaultMaxLive
	}
	if m.MaxBytes == 0 {
		m.MaxBytes = DefaultMaxBytes
	}
	if m.Idle == 0 {
		m.Idle = DefaultIdle
	}
	if m.Finished == 0 {
		m.Finished = DefaultFinished
	}
	if m.MaxFeeds == 0 {
		m.MaxFeeds = DefaultMaxFeeds
	}
	if m.MaxFeedsPerMatch == 0 {
		m.MaxFeedsPerMatch = DefaultMaxFeedsPerMatch
	}
	if m.MaxFeedsPerSeat == 0 {
		m.MaxFeedsPerSeat = DefaultMaxFeedsPerSeat
	}
	return m
}

// Why a match left memory, as Stats counts it.
const (
	EvictedFinished = "finished" // game over and not asked for in Memory.Finished
	EvictedIdle     = "idle"     // not asked for in Memory.Idle
	EvictedBound    = "bound"    // the least recently used past Memory.MaxLive
	EvictedBytes    = "bytes"    // the least recently used past Memory.MaxBytes
)

// Stats are the authority's counters about matches in memory.
type Stats struct {
	// Live is the number of matches in memory now, and Bytes their
	// estimated size (Memory.MaxBytes).
	Live  int
	Bytes int64
	// Rebuilt counts the matches loaded from the store by replaying their
	// log (after a start, or after leaving memory).
	Rebuilt int64
	// Evicted counts the matches that left memory, by reason
	// (EvictedFinished, EvictedIdle, EvictedBound).
	Evicted map[string]int64
}

// Stats returns the counters now.
func (a *Authority) Stats() Stats {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.stats
	s.Live = len(a.live)
	s.Bytes = a.bytes.Load()
	s.Evicted = map[string]int64{}
	for k, v := range a.stats.Evicted {
		s.Evicted[k] = v
	}
	return s
}

// LiveCount is the number of matches held in memory.
func (a *Authority) LiveCount() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.live)
}

// insert puts a new match in memory as the most recently used, then lets
// the least recently used ones go while there are more than MaxLive
// (bound). Called with a.mu held.
func (a *Authority) insert(l *live) {
	a.push(l)
	a.bound(l)
}

// push puts l in the map and at the front of the LRU list, without
// bounding them. Called with a.mu held.
func (a *Authority) push(l *live) {
	a.live[l.id] = l
	l.total = &a.bytes
	l.elem = a.lru.PushFront(l)
	l.used = a.now()
}

// bound lets the least recently used matches other than l go while there
// are more than MaxLive, or they hold more than MaxBytes. Called with a.mu
// held.
func (a *Authority) bound(l *live) {
	for e := a.lru.Back(); e != nil; {
		why := ""
		switch {
		case a.mem.MaxLive >= 0 && len(a.live) > a.mem.MaxLive:
			why = EvictedBound
		case a.overBytes():
			why = EvictedBytes
		default:
			return
		}
		prev := e.Prev()
		if v := e.Value.(*live); v != l {
			a.tryEvict(v, why)
		}
		e = prev
	}
}

// overBytes says whether the live matches hold more than Memory.MaxBytes.
func (a *Authority) overBytes() bool {
	return a.mem.MaxBytes >= 0 && a.bytes.Load() > a.mem.MaxBytes
}

// grow counts n more estimated bytes of l (negative: fewer). Called with
// l.mu held.
func (l *live) grow(n int64) {
	l.bytes += n
	if l.total != nil {
		l.total.Add(n)
	}
}

// dropSnaps lets the encoded snapshots go. Called with l.mu held.
func (l *live) dropSnaps() {
	for _, b := range l.snaps {
		l.grow(-int64(len(b)))
	}
	clear(l.snaps)
}

// setupBytes estimates a match's size in memory before its first entry:
// its setup state, which grows with the scenario's text (about 3.5 bytes
// a byte on the bundled scenarios), and its record.
func setupBytes(rec *store.Match) int64 {
	return 4*int64(len(rec.Scenario)) + 4096
}

// entryBytes estimates an entry's size in memory: every viewer's view of
// it (measured at about twice their encoded size) and its bookkeeping.
func entryBytes(e logged) int64 {
	n := int64(256)
	for _, v := range e.views {
		n += 64 + int64(len(v.Action))
		for _, ev := range v.Events {
			n += 24 + int64(len(ev))
		}
	}
	return 2 * n
}

// remove takes l out of the map and the LRU list. Called with a.mu held.
func (a *Authority) remove(l *live) {
	delete(a.live, l.id)
	a.lru.Remove(l.elem)
}

// tryEvict lets l leave memory unless a request holds it or a feed
// follows it. Called with a.mu held; it only tries l's lock, so it never
// waits for a request while holding the authority's.
func (a *Authority) tryEvict(l *live, why string) bool {
	if !l.mu.TryLock() {
		return false
	}
	defer l.mu.Unlock()
	if l.watchers > 0 {
		return false
	}
	a.evict(l, why)
	return true
}

// maxDeadlines bounds the deadlines remembered of matches that left
// memory with a clock running; past it one is not remembered, and its
// clock is seen run out when the match is next asked for or a server
// next starts (Resume).
const maxDeadlines = 100000

// evict drops l. Called with a.mu and l.mu held.
func (a *Authority) evict(l *live, why string) {
	a.remove(l)
	if l.loaded && !l.over() {
		if t, ok := l.clocks.deadline(); ok && len(a.deadlines) < maxDeadlines {
			a.deadlines[l.id] = t
		}
	}
	l.evicted = true
	l.closeGone()
	if l.loaded {
		// Nobody should wait on it (feeds watch), but whoever does wakes
		// and asks again.
		l.broadcast()
	}
	l.loaded = false
	l.st, l.log, l.actions, l.snaps, l.chat, l.before, l.hooks = nil, nil, nil, nil, nil, nil, nil
	l.grow(-l.bytes)
	if a.stats.Evicted == nil {
		a.stats.Evicted = map[string]int64{}
	}
	a.stats.Evicted[why]++
}

// SnapshotsIdle is how long a match in memory keeps its viewers' encoded
// snapshots (SnapshotJSON) without a request: a match a feed keeps in
// memory, or one not yet idle for Memory.Idle, then lets them go, and the
// next request encodes its viewer's again.
const SnapshotsIdle = time.Minute

// Sweep lets go the matches idle for longer than Memory.Idle, and the
// finished ones idle for longer than Memory.Finished, and the encoded
// snapshots of those idle for longer than SnapshotsIdle. Run calls it
// periodically; it returns how many matches left.
func (a *Authority) Sweep() int {
	now := a.now()
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for e := a.lru.Back(); e != nil; {
		prev := e.Prev()
		l := e.Value.(*live)
		e = prev
		idle := now.Sub(l.used)
		if idle >= SnapshotsIdle && l.mu.TryLock() {
			l.dropSnaps()
			l.snaps = nil
			l.mu.Unlock()
		}
		stale := a.mem.Idle >= 0 && idle >= a.mem.Idle
		if !stale && (a.mem.Finished < 0 || idle < a.mem.Finished) {
			continue
		}
		if !l.mu.TryLock() {
			continue // a request holds it: it is not idle
		}
		why := ""
		switch {
		case l.watchers > 0 || !l.loaded:
		case len(l.clocks.running()) > 0 && !l.over():
			// A clock runs: it stays for Flag to see its time run out
			// (only the bounds on live matches send it away).
		case stale:
			why = EvictedIdle
		case l.over():
			why = EvictedFinished
		}
		if why != "" {
			a.evict(l, why)
			n++
		}
		l.mu.Unlock()
	}
	return n
}

// Run sweeps (Sweep) until ctx ends, at a fraction of the shorter of the
// idle times.
func (a *Authority) Run(ctx context.Context) {
	every := time.Minute
	for _, d := range []time.Duration{a.mem.Idle, a.mem.Finished} {
		if d > 0 {
			every = min(every, d/4)
		}
	}
	every = max(every, time.Second)
	t := time.NewTicker(every)
	defer t.Stop()
	flag := time.NewTicker(time.Second)
	defer flag.Stop()
	if n, err := a.Resume(ctx); err != nil {
		a.log.Warn("match: looking at the matches with a clock", "err", err)
	} else if n > 0 {
		a.log.Info("match: clocks that ran out while the server was down took their defaults", "defaults", n)
	}
	var prune <-chan time.Time
	if a.retain > 0 {
		p := time.NewTicker(PruneEvery)
		defer p.Stop()
		prune = p.C
		a.prune(ctx)
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n := a.Sweep(); n > 0 {
				a.log.Debug("match: left memory", "matches", n)
			}
		case <-prune:
			a.prune(ctx)
		case <-flag.C:
			a.Flag(ctx)
		}
	}
}

// PruneEvery is how often Run deletes the matches past Options.Retain.
const PruneEvery = time.Hour

func (a *Authority) prune(ctx context.Context) {
	n, err := a.Prune(ctx, a.now().Add(-a.retain))
	if err != nil {
		a.log.Warn("match: deleting old matches", "err", err)
		return
	}
	if n > 0 {
		a.log.Info("match: deleted matches with no action since the retention period", "matches", n, "retain", a.retain)
	}
}

// Prune deletes from the store (store.Store.Prune) the matches nothing
// has happened to since before that retention drops (dropStale), and lets
// them leave memory; it returns how many it deleted.
func (a *Authority) Prune(ctx context.Context, before time.Time) (int, error) {
	ids, err := a.store.Prune(ctx, before, func(m store.Stale) bool { return dropStale(m, before) })
	if err != nil {
		return 0, unavailable(err)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, id := range ids {
		if l := a.live[id]; l != nil {
			a.tryEvict(l, EvictedIdle)
		}
	}
	return len(ids), nil
}

// dropStale says whether retention deletes a match nothing has happened
// to since before (store.Stale.Last is earlier): a finished one, kept
// that long from its end for replay; an abandoned one — unfinished, with
// no clock, or with a seat still open or army lists still out (its clocks
// have not started). An
// unfinished match whose clocks run stays while its clock might still
// have had time left at before: nothing is lost from a correspondence
// game whose player has days left to move. Its time left is not worked
// out (that takes a replay); at most it is the initial time plus an
// increment for every entry of its log.
func dropStale(m store.Stale, before time.Time) bool {
	if m.Status == store.StatusOver {
		return true
	}
	tc, err := decodeTimeControl(m.Clock)
	if err != nil {
		return false // what cannot be judged stays
	}
	if tc == nil || m.Status == store.StatusOpen || m.Status == store.StatusArmies {
		return true // no clock runs before the game
	}
	left := tc.Initial
	if n := time.Duration(m.Entries); n > 0 && tc.Increment > 0 {
		if tc.Increment > (math.MaxInt64-left)/n {
			return false
		}
		left += tc.Increment * n
	}
	return m.Last.Add(left).Before(before)
}

// Watch keeps match id in memory while a feed of viewer v follows it,
// until release is called: a feed waits on the match's channel (Wait),
// which a match rebuilt after leaving memory would no longer close.
//
// Spectators' feeds are bounded by Memory.MaxFeedsPerMatch on the match
// and Memory.MaxFeeds in all; each seat's by Memory.MaxFeedsPerSeat on
// the match and MaxFeeds in all, counted apart, so that however many
// spectators come a seat always gets its feed. Past a bound Watch refuses
// the feed with CodeTooManyFeeds, changing nothing.
func (a *Authority) Watch(ctx context.Context, id string, v rules.Viewer) (release func(), err error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, err
	}
	seat := v.Role == rules.RolePlayer
	all, limit, n := &a.feeds, a.mem.MaxFeedsPerMatch, l.watchers-l.seatWatchers()
	if seat {
		all, limit, n = &a.seatFeeds, a.mem.MaxFeedsPerSeat, l.seatFeeds[v.Seat]
	}
	if limit >= 0 && n >= limit {
		l.mu.Unlock()
		if seat {
			return nil, errorf(CodeTooManyFeeds, "", "seat %s already has %d feeds on match %s, the most a seat may have; close one", v.Seat, limit, id)
		}
		return nil, errorf(CodeTooManyFeeds, "", "match %s already has %d spectator feeds, the most one match may have; try again later", id, limit)
	}
	if n := all.Add(1); a.mem.MaxFeeds >= 0 && n > int64(a.mem.MaxFeeds) {
		all.Add(-1)
		l.mu.Unlock()
		return nil, errorf(CodeTooManyFeeds, "", "the server already has %d feeds, the most it may have; try again later", a.mem.MaxFeeds)
	}
	l.watchers++
	if seat {
		if l.seatFeeds == nil {
			l.seatFeeds = map[rules.Seat]int{}
		}
		l.seatFeeds[v.Seat]++
	}
	l.mu.Unlock()
	return func() {
		all.Add(-1)
		l.mu.Lock()
		l.watchers--
		if seat {
			l.seatFeeds[v.Seat]--
		}
		l.mu.Unlock()
		a.mu.Lock()
		l.used = a.now()
		a.mu.Unlock()
	}, nil
}

// seatWatchers is how many of the match's feeds are seats'. Called with
// l.mu held.
func (l *live) seatWatchers() int {
	n := 0
	for _, k := range l.seatFeeds {
		n += k
	}
	return n
}
