package match

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// TimeControl is a match's clock: each seat has Initial time for the
// whole game and gains Increment after each of its game actions.
type TimeControl struct {
	Initial   time.Duration
	Increment time.Duration
}

// Bounds of a time control.
const (
	MaxClockInitial   = 30 * 24 * time.Hour
	MaxClockIncrement = 7 * 24 * time.Hour
)

// timeControlJSON is a time control as stored with the match.
type timeControlJSON struct {
	InitialNS   int64 `json:"initial_ns"`
	IncrementNS int64 `json:"increment_ns"`
}

func (tc *TimeControl) encode() string {
	if tc == nil {
		return ""
	}
	b, _ := json.Marshal(timeControlJSON{int64(tc.Initial), int64(tc.Increment)})
	return string(b)
}

func decodeTimeControl(s string) (*TimeControl, error) {
	if s == "" {
		return nil, nil
	}
	var j timeControlJSON
	if err := json.Unmarshal([]byte(s), &j); err != nil {
		return nil, err
	}
	return &TimeControl{Initial: time.Duration(j.InitialNS), Increment: time.Duration(j.IncrementNS)}, nil
}

// Check refuses a time control out of its bounds.
func (tc *TimeControl) Check() error {
	if tc == nil {
		return nil
	}
	if tc.Initial <= 0 || tc.Initial > MaxClockInitial || tc.Increment < 0 || tc.Increment > MaxClockIncrement {
		return errorf(CodeBadRequest, "", "clock: initial from 1s to %v, increment from 0 to %v", MaxClockInitial, MaxClockIncrement)
	}
	return nil
}

// Clock is the match's clocks as a view shows them: each seat's time left
// as of Since (the last entry, the moment the last open seat was taken,
// or the match's creation), and the seats whose clocks run from then on
// (those the engine waits for). A client counts down the running ones
// from Since. No clock runs while a seat waits for a player.
type Clock struct {
	RemainingMS map[rules.Seat]int64 `json:"remaining_ms"`
	Running     []rules.Seat         `json:"running"`
	Since       time.Time            `json:"since"`
	InitialMS   int64                `json:"initial_ms"`
	IncrementMS int64                `json:"increment_ms"`
}

// clocks is a match's clocks, worked out from its log's timestamps: the
// time between two entries is charged to the seats the engine was waiting
// for, and a seat's game action earns it the increment — but only from
// start, when every seat had its player (as a chess server starts the
// clocks once both players sit): before then nobody's time runs and no
// action earns anything.
type clocks struct {
	tc        TimeControl
	remaining map[rules.Seat]time.Duration
	// waiting are the seats the engine waits for; their clocks run once
	// the clocks have started.
	waiting []rules.Seat
	since   time.Time
	// started says that every seat has its player, since start.
	started bool
	start   time.Time
	// created and first are the clocks as the match was set up (its
	// creation, the seats its first prompt waits for), to work them out
	// again from the log when the start is learnt late (begin).
	created time.Time
	first   []rules.Seat
}

func newClocks(tc *TimeControl, seats []rules.Seat, created time.Time, p rules.Prompt) *clocks {
	if tc == nil {
		return nil
	}
	c := &clocks{tc: *tc, remaining: map[rules.Seat]time.Duration{}, since: created, created: created}
	for _, s := range seats {
		c.remaining[s] = tc.Initial
	}
	c.wait(p)
	c.first = c.waiting
	return c
}

// clockStart is when rec's clocks start: when its last open seat was
// taken, or its creation; ok false while a seat waits for a player.
func clockStart(rec *store.Match) (start time.Time, ok bool) {
	start = rec.Created
	for _, s := range rec.Seats {
		if len(s.TokenHash) == 0 {
			return time.Time{}, false
		}
		if s.Joined.After(start) {
			start = s.Joined
		}
	}
	return start, true
}

// begin starts the clocks at start and works them out again from the log
// (the entries before start change nothing), so that clocks whose start
// is learnt after entries that followed it (a seat taken on another
// server) are what the log says. It does nothing to started clocks.
func (c *clocks) begin(start time.Time, log []logged) {
	if c == nil || c.started {
		return
	}
	c.started, c.start = true, start
	c.since, c.waiting = c.created, c.first
	for s := range c.remaining {
		c.remaining[s] = c.tc.Initial
	}
	for _, e := range log {
		c.add(e)
	}
}

// wait records the seats p waits for.
func (c *clocks) wait(p rules.Prompt) {
	c.waiting = nil
	if p.Kind == rules.GameOver {
		return
	}
	for _, s := range p.Seats {
		if _, ok := c.remaining[s]; ok {
			c.waiting = append(c.waiting, s)
		}
	}
}

// add counts a logged entry: a game action earns its seat the increment,
// but for one the authority took for a seat out of time.
func (c *clocks) add(e logged) {
	c.entry(e.seat, e.game && e.seat != rules.ChanceSeat && !strings.HasPrefix(e.actionID, timeoutID), e.time, e.prompt)
}

// from is when the running clocks were last charged.
func (c *clocks) from() time.Time {
	if c.start.After(c.since) {
		return c.start
	}
	return c.since
}

// entry charges the time up to at to the running clocks, gives seat its
// increment for a game action, and records the seats the prompt after it
// waits for. Before the clocks start it charges and gives nothing.
func (c *clocks) entry(seat rules.Seat, game bool, at time.Time, after rules.Prompt) {
	if c == nil {
		return
	}
	if c.started {
		if d := at.Sub(c.from()); d > 0 {
			for _, s := range c.waiting {
				c.remaining[s] -= d
			}
		}
		if _, ok := c.remaining[seat]; ok && game && at.After(c.start) {
			c.remaining[seat] += c.tc.Increment
		}
	}
	c.since = at
	c.wait(after)
}

// running are the seats whose clocks run: none before the start.
func (c *clocks) running() []rules.Seat {
	if c == nil || !c.started {
		return nil
	}
	return c.waiting
}

// view is the clocks as a view shows them.
func (c *clocks) view() *Clock {
	if c == nil {
		return nil
	}
	since := c.since
	if c.started {
		since = c.from()
	}
	v := &Clock{RemainingMS: map[rules.Seat]int64{}, Running: slices.Clone(c.running()), Since: since,
		InitialMS: c.tc.Initial.Milliseconds(), IncrementMS: c.tc.Increment.Milliseconds()}
	for s, r := range c.remaining {
		v.RemainingMS[s] = r.Milliseconds()
	}
	if v.Running == nil {
		v.Running = []rules.Seat{}
	}
	return v
}

// flagged is the running seat whose time ran out first by now, and the
// moment it ran out; "" when every running clock has time left at now.
func (c *clocks) flagged(now time.Time) (rules.Seat, time.Time) {
	var out rules.Seat
	var at time.Time
	for _, s := range c.running() {
		t := c.from().Add(max(c.remaining[s], 0))
		if t.After(now) {
			continue
		}
		if out == "" || t.Before(at) {
			out, at = s, t
		}
	}
	return out, at
}

// deadline is when the first running clock runs out; ok false when none
// runs.
func (c *clocks) deadline() (t time.Time, ok bool) {
	for _, s := range c.running() {
		d := c.from().Add(max(c.remaining[s], 0))
		if !ok || d.Before(t) {
			t, ok = d, true
		}
	}
	return t, ok
}

// timeoutID is the action id of an action the authority takes for a seat
// out of time: a client's id cannot hold a space, so none can pass for it.
const timeoutID = "clock timeout"

// defaultAction is what the rules do for a seat that does not act: end
// its Orders Phase, declare no ARO; at any other prompt, the menu's first
// legal entry.
func defaultAction(st rules.State, seat rules.Seat) (rules.Action, error) {
	var first rules.Action
	for _, o := range st.Legal(seat) {
		if o.Illegal != nil {
			continue
		}
		b, err := rules.Encode(o.Action)
		if err != nil {
			return nil, err
		}
		var w struct {
			Kind         string            `json:"kind"`
			Declarations []json.RawMessage `json:"declarations"`
		}
		if json.Unmarshal(b, &w) == nil && (w.Kind == "end-orders" || w.Kind == "aro" && len(w.Declarations) == 0) {
			return o.Action, nil
		}
		if first == nil {
			first = o.Action
		}
	}
	if first == nil {
		return nil, fmt.Errorf("%s is out of time with no legal action", seat)
	}
	return first, nil
}

// maxTimeouts bounds the defaults one look at a match takes (flagOut): a
// game whose players both left ends by them within a few hundred, and
// what is left over is taken at the next look.
const maxTimeouts = 1000

// flagOut takes, while a running clock of l has run out by now, the rules'
// default action for its seat (defaultAction), logged as the seat's with
// the action id "clock timeout N" and the time at the moment its clock ran
// out, not the moment it was noticed: a seat out of time while nobody
// looked (the server down, the match out of memory) loses what the clock
// rule says, and the clock then runs for the next seat from that moment,
// so that a game both players left plays out to its end by the clock. It
// returns how many defaults it took. Called with l.mu held.
func (a *Authority) flagOut(ctx context.Context, l *live, now time.Time) (int, error) {
	n := 0
	for ; n < maxTimeouts && l.loaded && !l.evicted && l.clocks != nil && !l.over(); n++ {
		// Nobody is flagged while a seat waits for a player: no clock
		// runs before every seat has its player (clocks.running).
		seat, at := l.clocks.flagged(now)
		if seat == "" {
			break
		}
		act, err := defaultAction(l.st, seat)
		if err == nil {
			_, err = a.commit(ctx, l, &pending{seat: seat, actionID: fmt.Sprintf("%s %d", timeoutID, len(l.log)), action: act, at: at.UTC()})
		}
		if err != nil {
			return n, fmt.Errorf("%s out of time: %w", seat, err)
		}
	}
	return n, nil
}

// Flag applies, for every seat out of time in the matches in memory with
// no seat open, the rules' default action (flagOut), and loads the
// matches that left memory with a clock running (the bounds on live
// matches sent them away) once their clock has run out, which takes
// theirs. Run calls it every second. It returns how many defaults it
// applied.
func (a *Authority) Flag(ctx context.Context) int {
	now := a.now()
	a.mu.Lock()
	var ls []*live
	for _, l := range a.live {
		ls = append(ls, l)
	}
	var due []string
	for id, t := range a.deadlines {
		if !t.After(now) {
			due = append(due, id)
			delete(a.deadlines, id)
		}
	}
	a.mu.Unlock()
	n := 0
	for _, l := range ls {
		if !l.mu.TryLock() {
			continue // a request holds it; the next sweep will do
		}
		k, err := a.flagOut(ctx, l, now)
		if err != nil {
			a.log.Warn("match: a seat out of time", "match", l.id, "err", err)
		}
		n += k
		l.mu.Unlock()
	}
	for _, id := range due {
		k, err := a.wake(ctx, id)
		if err != nil {
			a.log.Warn("match: loading a match whose clock ran out", "match", id, "err", err)
		}
		n += k
	}
	return n
}

// wake loads match id (a load takes the defaults its clocks are due) or
// looks at it in memory, and returns how many defaults that took.
func (a *Authority) wake(ctx context.Context, id string) (int, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return 0, err
	}
	defer l.mu.Unlock()
	n := l.loadTimeouts
	l.loadTimeouts = 0
	k, err := a.flagOut(ctx, l, a.now())
	return n + k, err
}

// Resume looks, as a server starts, at every match in play with a clock
// (up to Memory.MaxLive of them, the most recently updated first): each
// is loaded, and a clock that ran out while no server held the match
// takes the rules' defaults from the moment it ran out (flagOut), so
// that the lobby, the feeds and retention see a match its players left
// end by the clock without anyone asking for it. The matches stay in
// memory while their clocks run (Sweep), for Flag. Run calls it first.
// It returns how many defaults it took.
func (a *Authority) Resume(ctx context.Context) (int, error) {
	limit := a.mem.MaxLive
	if limit < 0 {
		limit = DefaultMaxLive
	}
	ids, err := a.store.Clocked(ctx, limit)
	if err != nil {
		return 0, unavailable(err)
	}
	n := 0
	for _, id := range ids {
		if ctx.Err() != nil {
			return n, ctx.Err()
		}
		k, err := a.wake(ctx, id)
		if err != nil {
			a.log.Warn("match: loading a match with a clock", "match", id, "err", err)
		}
		n += k
	}
	return n, nil
}
