package match

import (
	"bytes"
	"container/list"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"sync"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// Bounds of the replay cache (Authority.replays).
const (
	// ReplayMatches bounds the matches whose replays are kept; the least
	// recently asked for goes first.
	ReplayMatches = 32
	// ReplayBytes bounds the encoded observations kept over all of them.
	ReplayBytes = 32 << 20
	// replayEvery is how often (in entries) a replayed state is kept as a
	// checkpoint to replay from, so that stepping back costs at most this
	// many entries.
	replayEvery = 64
	// replaysAtOnce bounds the replays computed at the same time: past it
	// a request waits its turn, so that anonymous requests for replays
	// cannot take every core.
	replaysAtOnce = 2
	// maxObservations bounds the observations kept of one match.
	maxObservations = 4096
)

// replays is the authority's cache of replays: for each of the matches
// last stepped through (a replay page, GET .../replay/{n}) or verified, its
// log as stored (actions and dice), checkpoints of its state along the
// log, the observations already answered, and its verification once the
// game is over. A step asked for again costs a map lookup; a new step
// costs the entries since the nearest checkpoint, never a read of the
// whole log from the store.
type replays struct {
	mu    sync.Mutex
	byID  map[string]*replayed
	lru   *list.List // of *replayed, the most recently asked for first
	bytes int        // observation bytes held, over all matches
	slots chan struct{}
}

type obsKey struct {
	n      int
	viewer string
}

// replayed is one match's replay. Its fields are guarded by mu.
type replayed struct {
	id   string
	elem *list.Element

	mu      sync.Mutex
	rec     *store.Match
	rs      rules.Ruleset
	entries []store.Entry       // the log as stored, without the views
	checks  map[int]rules.State // the state after n entries, every replayEvery
	obs     map[obsKey][]byte
	// bytes counts obs's bytes; guarded by replays.mu, not mu.
	bytes int
	// export and checked are set once the game is over (the log no longer
	// changes).
	export  *Export
	checked *Checked
}

func newReplays() *replays {
	return &replays{byID: map[string]*replayed{}, lru: list.New(), slots: make(chan struct{}, replaysAtOnce)}
}

// entry returns id's replay, made the most recently used.
func (c *replays) entry(id string) *replayed {
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.byID[id]
	if r == nil {
		r = &replayed{id: id}
		r.elem = c.lru.PushFront(r)
		c.byID[id] = r
		for c.lru.Len() > ReplayMatches {
			c.drop(c.lru.Back().Value.(*replayed))
		}
		return r
	}
	c.lru.MoveToFront(r.elem)
	return r
}

// drop forgets r. Called with c.mu held.
func (c *replays) drop(r *replayed) {
	c.lru.Remove(r.elem)
	delete(c.byID, r.id)
	c.bytes -= r.bytes
}

// kept counts n more observation bytes of keep (negative: fewer) and
// drops the least recently used matches but keep while over ReplayBytes.
func (c *replays) kept(keep *replayed, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byID[keep.id] != keep {
		return // dropped already: its bytes are no longer counted
	}
	keep.bytes += n
	c.bytes += n
	for e := c.lru.Back(); e != nil && c.bytes > ReplayBytes; {
		prev := e.Prev()
		if r := e.Value.(*replayed); r != keep {
			c.drop(r)
		}
		e = prev
	}
}

// turn waits for a replay slot; done gives it back.
func (c *replays) turn(ctx context.Context) (done func(), err error) {
	select {
	case c.slots <- struct{}{}:
		return func() { <-c.slots }, nil
	case <-ctx.Done():
		return nil, unavailable(ctx.Err())
	}
}

// replayFor returns match id's replay, locked, with its log read up to
// total entries (the match's seq when asked). The caller unlocks r.mu.
//
// With over set, a match whose game is not over is refused (CodeNotOver)
// before anything is read.
func (a *Authority) replayFor(ctx context.Context, id string, over bool) (r *replayed, total int, err error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	rec, rs, total := l.rec, l.rs, len(l.log)
	if over && !l.over() {
		l.mu.Unlock()
		return nil, 0, errorf(CodeNotOver, "", "match %s is exported when the game is over", id)
	}
	l.mu.Unlock()
	r = a.replays.entry(id)
	r.mu.Lock()
	if r.rec == nil || !bytes.Equal(r.rec.Scenario, rec.Scenario) {
		// New, or asked for before the army lists of a mission match
		// were in (its log was empty then).
		n := 0
		for _, b := range r.obs {
			n += len(b)
		}
		if n > 0 {
			a.replays.kept(r, -n)
		}
		r.rec, r.rs, r.checks, r.obs = rec, rs, map[int]rules.State{}, map[obsKey][]byte{}
	}
	if len(r.entries) < total {
		done, err := a.replays.turn(ctx)
		if err != nil {
			r.mu.Unlock()
			return nil, 0, err
		}
		es, err := a.store.Entries(ctx, id, len(r.entries))
		done()
		if err != nil {
			r.mu.Unlock()
			return nil, 0, unavailable(err)
		}
		for _, e := range es {
			if e.Seq != len(r.entries) {
				r.mu.Unlock()
				return nil, 0, errorf(CodeCorrupt, "", "match %s: entry %d follows %d entries", id, e.Seq, len(r.entries))
			}
			e.Views = nil // what the replay needs is the action and its dice
			r.entries = append(r.entries, e)
		}
	}
	return r, min(total, len(r.entries)), nil
}

// stateAt is the match's state after its first n entries, replayed from
// the nearest checkpoint at or before n; the caller must not change it
// (it may be a checkpoint). Called with r.mu held.
func (a *Authority) stateAt(ctx context.Context, r *replayed, n int) (rules.State, error) {
	from := n / replayEvery * replayEvery
	for from > 0 && r.checks[from] == nil {
		from -= replayEvery
	}
	var st rules.State
	if from == 0 && r.checks[0] == nil {
		file := r.rec.ScenarioName
		if file == "" {
			file = "scenario"
		}
		_, _, s, err := a.lib.setup(file, r.rec.Scenario, r.rec.Rulings)
		var me *Error
		if errors.As(err, &me) && me.Code == CodeAwaitingArmies {
			return nil, err
		}
		if err != nil {
			return nil, errorf(CodeCorrupt, "", "match %s no longer sets up: %v", r.id, err)
		}
		r.checks[0] = s
	}
	if from == n {
		return r.checks[n], nil
	}
	done, err := a.replays.turn(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	// A take-back in the way returns to the state before the declaration
	// it undoes, which only a replay from the start has at hand.
	undoes := slices.ContainsFunc(r.entries[from:n], func(e store.Entry) bool { k, _ := tableKind(e.Action); return k == KindAcceptUndo })
	if undoes {
		from = 0
	}
	var prev rules.State
	st = r.checks[from].Clone()
	for i := from; i < n; i++ {
		e := r.entries[i]
		if kind, _ := tableKind(e.Action); kind != "" {
			// The table's, not the game's: the state is unchanged, but
			// for a take-back.
			if kind == KindAcceptUndo && prev != nil {
				st, prev = prev, nil
			}
			if k := i + 1; k%replayEvery == 0 && r.checks[k] == nil {
				r.checks[k] = st.Clone()
			}
			continue
		}
		prev = nil
		if undoes && len(e.Dice) == 0 && rules.Seat(e.Seat) != rules.ChanceSeat {
			prev = st.Clone()
		}
		act, err := r.rs.DecodeAction(e.Action)
		if err != nil {
			return nil, errorf(CodeCorrupt, "", "match %s entry %d: %v", r.id, e.Seq, err)
		}
		script, err := dice.NewScript(e.Dice...)
		if err != nil {
			return nil, errorf(CodeCorrupt, "", "match %s entry %d: %v", r.id, e.Seq, err)
		}
		if _, err := st.Apply(rules.Seat(e.Seat), act, script); err != nil {
			return nil, errorf(CodeCorrupt, "", "match %s entry %d does not replay: %v", r.id, e.Seq, err)
		}
		if k := i + 1; k%replayEvery == 0 && r.checks[k] == nil {
			r.checks[k] = st.Clone()
		}
	}
	return st, nil
}

// StateAt rebuilds match id as it stood after its first n entries, by
// replaying them with their recorded dice (for stepping through a
// replay), and returns it with the log's length. n past the log is the
// log's end. The state is the caller's own.
func (a *Authority) StateAt(ctx context.Context, id string, n int) (rules.State, int, error) {
	r, total, err := a.replayFor(ctx, id, false)
	if err != nil {
		return nil, 0, err
	}
	defer r.mu.Unlock()
	st, err := a.stateAt(ctx, r, min(max(n, 0), total))
	if err != nil {
		return nil, 0, err
	}
	return st.Clone(), total, nil
}

// ObservationAt is viewer v's observation of match id after its first n
// entries (n past the log is its end), encoded, with the step it is at and
// the log's length: what a replay page shows at step n. A step already
// answered for the viewer is answered from the cache (Authority.replays);
// the caller must not change the bytes.
func (a *Authority) ObservationAt(ctx context.Context, id string, n int, v rules.Viewer) (obs []byte, step, total int, err error) {
	r, total, err := a.replayFor(ctx, id, false)
	if err != nil {
		return nil, 0, 0, err
	}
	defer r.mu.Unlock()
	n = min(max(n, 0), total)
	key := obsKey{n, viewerKey(v)}
	if b, ok := r.obs[key]; ok {
		return b, n, total, nil
	}
	st, err := a.stateAt(ctx, r, n)
	if err != nil {
		return nil, 0, 0, err
	}
	b, err := json.Marshal(st.Observe(v))
	if err != nil {
		return nil, 0, 0, errorf(CodeCorrupt, "", "match %s: the observation does not encode: %v", id, err)
	}
	if len(r.obs) >= maxObservations {
		// One match stepped through by many viewers: start again.
		n := 0
		for _, b := range r.obs {
			n += len(b)
		}
		clear(r.obs)
		a.replays.kept(r, -n)
	}
	r.obs[key] = b
	a.replays.kept(r, len(b))
	return b, n, total, nil
}

// Export returns the finished match as a file; before the game is over
// it is refused (CodeNotOver), since the log holds every private fact and
// the seed every future die. It is built once per match from the replay
// cache; the caller must not change it.
func (a *Authority) Export(ctx context.Context, id string) (*Export, error) {
	r, total, err := a.replayFor(ctx, id, true)
	if err != nil {
		return nil, err
	}
	defer r.mu.Unlock()
	return r.exported(total), nil
}

// exported builds (once) r's Export from its first total entries, the
// whole log of a finished match. Called with r.mu held.
func (r *replayed) exported(total int) *Export {
	if r.export == nil {
		x := &Export{
			ID: r.id, Ruleset: r.rec.Ruleset, ScenarioName: r.rec.ScenarioName, Scenario: string(r.rec.Scenario),
			Rulings: r.rec.Rulings, Commitment: r.rec.Commitment, Seed: hex.EncodeToString(r.rec.Seed), Log: []rules.Entry{},
			Bots: botsOf(r.rec),
		}
		for _, e := range r.entries[:total] {
			x.Log = append(x.Log, rules.Entry{Seq: e.Seq, Seat: rules.Seat(e.Seat), Action: e.Action, Dice: e.Dice})
		}
		r.export = x
	}
	return r.export
}

// Checked is a finished match checked by Library.Verify: its export, what
// the check established, and the problem it found, if any.
type Checked struct {
	Export       *Export
	Verification *Verification // nil when the check stopped at once
	Problem      error
}

// Verified checks the finished match (Library.Verify of its Export) once
// per match, a finished log never changing, and then answers from the
// replay cache. The caller must not change what it returns.
func (a *Authority) Verified(ctx context.Context, id string) (*Checked, error) {
	r, total, err := a.replayFor(ctx, id, true)
	if err != nil {
		return nil, err
	}
	defer r.mu.Unlock()
	if r.checked == nil {
		done, err := a.replays.turn(ctx)
		if err != nil {
			return nil, err
		}
		x := r.exported(total)
		v, problem := a.lib.Verify(x)
		done()
		r.checked = &Checked{Export: x, Verification: v, Problem: problem}
	}
	return r.checked, nil
}
