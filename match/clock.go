package match

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/ordo-rules/ordo/rules"
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
// as of Since (the last entry, or the match's creation), and the seats
// whose clocks run from then on (those the engine waits for). A client
// counts down the running ones from Since.
type Clock struct {
	RemainingMS map[rules.Seat]int64 `json:"remaining_ms"`
	Running     []rules.Seat         `json:"running"`
	Since       time.Time            `json:"since"`
	InitialMS   int64                `json:"initial_ms"`
	IncrementMS int64                `json:"increment_ms"`
}

// clocks is a match's clocks, worked out from its log's timestamps: the
// time between two entries is charged to the seats the engine was waiting
// for, and a seat's game action earns it the increment.
type clocks struct {
	tc        TimeControl
	remaining map[rules.Seat]time.Duration
	running   []rules.Seat
	since     time.Time
}

func newClocks(tc *TimeControl, seats []rules.Seat, start time.Time, p rules.Prompt) *clocks {
	if tc == nil {
		return nil
	}
	c := &clocks{tc: *tc, remaining: map[rules.Seat]time.Duration{}, since: start}
	for _, s := range seats {
		c.remaining[s] = tc.Initial
	}
	c.wait(p)
	return c
}

// wait starts the clocks of the seats p waits for.
func (c *clocks) wait(p rules.Prompt) {
	c.running = nil
	if p.Kind == rules.GameOver {
		return
	}
	for _, s := range p.Seats {
		if _, ok := c.remaining[s]; ok {
			c.running = append(c.running, s)
		}
	}
}

// entry charges the time up to at to the running clocks, gives seat its
// increment for a game action, and starts the clocks of the seats the
// prompt after it waits for.
func (c *clocks) entry(seat rules.Seat, game bool, at time.Time, after rules.Prompt) {
	if c == nil {
		return
	}
	if d := at.Sub(c.since); d > 0 {
		for _, s := range c.running {
			c.remaining[s] -= d
		}
	}
	if _, ok := c.remaining[seat]; ok && game {
		c.remaining[seat] += c.tc.Increment
	}
	c.since = at
	c.wait(after)
}

// view is the clocks as a view shows them.
func (c *clocks) view() *Clock {
	if c == nil {
		return nil
	}
	v := &Clock{RemainingMS: map[rules.Seat]int64{}, Running: slices.Clone(c.running), Since: c.since,
		InitialMS: c.tc.Initial.Milliseconds(), IncrementMS: c.tc.Increment.Milliseconds()}
	for s, r := range c.remaining {
		v.RemainingMS[s] = r.Milliseconds()
	}
	if v.Running == nil {
		v.Running = []rules.Seat{}
	}
	return v
}

// flagged is a running seat whose time is out at now, or "".
func (c *clocks) flagged(now time.Time) rules.Seat {
	if c == nil {
		return ""
	}
	for _, s := range c.running {
		if c.remaining[s]-now.Sub(c.since) <= 0 {
			return s
		}
	}
	return ""
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

// Flag applies, for every seat out of time in the matches in memory with
// no seat open, the rules' default action (defaultAction), logged as the
// seat's with the action id "clock timeout"; Run calls it every second.
// It returns how many it applied.
func (a *Authority) Flag(ctx context.Context) int {
	a.mu.Lock()
	var ls []*live
	for _, l := range a.live {
		ls = append(ls, l)
	}
	a.mu.Unlock()
	n := 0
	now := a.now()
	for _, l := range ls {
		if !l.mu.TryLock() {
			continue // a request holds it; the next sweep will do
		}
		// Nobody is flagged while a seat waits for a player: the open
		// seat has nobody to run out of time, and the game of the seat
		// that sat down is not played for it before it has an opponent.
		if l.loaded && !l.evicted && l.clocks != nil && !l.over() && len(openSeats(l.rec)) == 0 {
			if seat := l.clocks.flagged(now); seat != "" {
				act, err := defaultAction(l.st, seat)
				if err == nil {
					_, err = a.commit(ctx, l, &pending{seat: seat, actionID: fmt.Sprintf("%s %d", timeoutID, len(l.log)), action: act})
				}
				if err != nil {
					a.log.Warn("match: a seat out of time", "match", l.id, "seat", seat, "err", err)
				} else {
					n++
				}
			}
		}
		l.mu.Unlock()
	}
	return n
}
