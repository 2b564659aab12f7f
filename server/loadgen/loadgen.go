// Package loadgen is a load generator for `ordo serve`: many matches
// played at once over the HTTP API (docs/API.md), each by one client that
// reads its seat's menu (its legal entries, ?menu=legal, unless
// Config.FullMenu) and sends one of them at random, the next seat chosen
// from the answer's prompt, a new match started whenever one ends. It measures what a server sustains:
// acknowledged actions per second and the latency of each action request.
//
// `ordo bench serve` runs it from the command line and the server
// package's BenchmarkServe* run it in a benchmark.
package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Config says what load to make.
type Config struct {
	// URL is the server's base URL ("http://127.0.0.1:8080").
	URL string
	// Matches is how many matches are played at once (default 100).
	Matches int
	// Scenario is the bundled scenario each match is created from
	// (default "demo").
	Scenario string
	// Duration ends the run after this long; Actions after that many
	// acknowledged actions. With both, whichever comes first; with
	// neither, 10 s.
	Duration time.Duration
	Actions  int
	// Seed seeds the clients' random choices (client i uses Seed and i).
	Seed uint64
	// FullMenu makes the clients ask for the whole menu, greyed entries
	// included (what the web table shows), instead of only the legal
	// entries they choose from (?menu=legal).
	FullMenu bool
	// Rate, when above zero, paces the clients to that many actions per
	// second over all matches (each match's client one action every
	// Matches/Rate seconds, from a random phase), as players at tables
	// make them, instead of each client sending its next action as soon
	// as the last is answered. A closed loop at full speed measures the
	// server saturated, where every request queues behind the 99 others;
	// a paced run measures the latency at a given load. A client that
	// falls behind its pace sends at once until it catches up, so the
	// rate reached (Result.PerSecond) shows a server that cannot keep it.
	Rate float64
	// Clock, if set, creates each match with that time control per seat
	// ("45m"); ChatEvery, if above zero, has each client send a chat
	// message as the acting seat after every ChatEvery of its actions.
	Clock     string
	ChatEvery int
	// Client sends the requests (default: one keeping two idle
	// connections per match, with a 64 KiB read buffer and a 30 s
	// timeout).
	Client *http.Client
}

// Result is what a run measured.
type Result struct {
	// Actions is the number of actions the server acknowledged (200).
	Actions int
	// Matches is the number of matches created, Finished how many of them
	// were played to the end.
	Matches, Finished int
	// Elapsed is the run's wall-clock time.
	Elapsed time.Duration
	// Latencies holds each acknowledged action request's round trip,
	// sorted.
	Latencies []time.Duration
}

// PerSecond is the rate of acknowledged actions.
func (r *Result) PerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Actions) / r.Elapsed.Seconds()
}

// Percentile is the latency below which a fraction p (0..1) of the action
// requests were answered (nearest rank); 0 without any.
func (r *Result) Percentile(p float64) time.Duration {
	if len(r.Latencies) == 0 {
		return 0
	}
	i := int(p * float64(len(r.Latencies)))
	return r.Latencies[min(max(i, 0), len(r.Latencies)-1)]
}

// Run plays matches against cfg.URL until the duration or the action
// count is reached, or ctx ends. Any answer other than success to a
// legal action, or a request that fails, stops the run with an error
// that says which.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Matches <= 0 {
		cfg.Matches = 100
	}
	if cfg.Scenario == "" {
		cfg.Scenario = "demo"
	}
	if cfg.Duration <= 0 && cfg.Actions <= 0 {
		cfg.Duration = 10 * time.Second
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{
			// A snapshot is tens of KiB: a read buffer that holds one
			// reads it in one or two system calls rather than one per 4 KiB.
			Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Matches * 2, ReadBufferSize: 64 << 10},
			Timeout:   30 * time.Second,
		}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if cfg.Duration > 0 {
		var stop context.CancelFunc
		ctx, stop = context.WithTimeoutCause(ctx, cfg.Duration, errDone)
		defer stop()
	}
	var left atomic.Int64
	left.Store(int64(cfg.Actions))
	clients := make([]*client, cfg.Matches)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range clients {
		c := &client{cfg: &cfg, rng: rand.New(rand.NewPCG(cfg.Seed, uint64(i))), left: &left}
		if cfg.Rate > 0 {
			c.every = time.Duration(float64(cfg.Matches) / cfg.Rate * float64(time.Second))
			c.next = start.Add(time.Duration(c.rng.Int64N(int64(max(c.every, 1)))))
		}
		clients[i] = c
		wg.Go(func() {
			if err := c.play(ctx); err != nil && !errors.Is(err, errDone) && ctx.Err() == nil {
				cancel(fmt.Errorf("client %d: %w", i, err))
			}
		})
	}
	wg.Wait()
	res := &Result{Elapsed: time.Since(start)}
	for _, c := range clients {
		res.Latencies = append(res.Latencies, c.latencies...)
		res.Matches += c.matches
		res.Finished += c.finished
	}
	res.Actions = len(res.Latencies)
	slices.Sort(res.Latencies)
	if err := context.Cause(ctx); err != nil && !errors.Is(err, errDone) && !errors.Is(err, context.Canceled) {
		return res, err
	}
	return res, nil
}

// errDone ends a run that reached its duration or action count.
var errDone = errors.New("done")

// client plays one match after another.
type client struct {
	cfg  *Config
	rng  *rand.Rand
	left *atomic.Int64

	id       string
	tokens   map[string]string
	seat     string
	sent     int
	matches  int
	finished int

	latencies []time.Duration

	// every is the pace of a paced run (Config.Rate), next when the
	// client's next action is due.
	every time.Duration
	next  time.Time
}

// created is what the client reads of a new match.
type created struct {
	ID    string `json:"id"`
	Seats map[string]struct {
		Token string `json:"token"`
	} `json:"seats"`
}

// snapshot is what the client reads of a snapshot to choose an action:
// the seq, the prompt, and which menu entries are legal. The observation,
// which a real client would draw, is skipped.
type snapshot struct {
	Seq    int `json:"seq"`
	Prompt struct {
		Seats []string `json:"seats"`
	} `json:"prompt"`
	Over bool `json:"over"`
	Menu []struct {
		Action  json.RawMessage `json:"action"`
		Illegal *struct{}       `json:"illegal"`
	} `json:"menu"`
}

func (c *client) play(ctx context.Context) error {
	if err := c.newMatch(ctx); err != nil {
		return err
	}
	var legal []json.RawMessage
	for ctx.Err() == nil {
		if c.cfg.Actions > 0 && c.left.Load() <= 0 {
			return errDone
		}
		if wait := time.Until(c.next); c.every > 0 && wait > 0 {
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(wait):
			}
		}
		var snap snapshot
		if err := c.get(ctx, "/api/matches/"+c.id+c.menu(), c.tokens[c.seat], &snap); err != nil {
			return err
		}
		if snap.Over {
			c.finished++
			if err := c.newMatch(ctx); err != nil {
				return err
			}
			continue
		}
		if !slices.Contains(snap.Prompt.Seats, c.seat) {
			if len(snap.Prompt.Seats) == 0 {
				return fmt.Errorf("match %s at seq %d prompts no seat", c.id, snap.Seq)
			}
			c.seat = snap.Prompt.Seats[c.rng.IntN(len(snap.Prompt.Seats))]
			continue
		}
		legal = legal[:0]
		for _, m := range snap.Menu {
			if m.Illegal == nil {
				legal = append(legal, m.Action)
			}
		}
		if len(legal) == 0 {
			return fmt.Errorf("match %s at seq %d: %s is prompted with no legal entry", c.id, snap.Seq, c.seat)
		}
		body, err := json.Marshal(map[string]any{"seq": snap.Seq, "id": strconv.Itoa(c.sent), "action": legal[c.rng.IntN(len(legal))]})
		if err != nil {
			return err
		}
		c.sent++
		t0 := time.Now()
		code, raw, err := c.do(ctx, "POST", "/api/matches/"+c.id+"/actions", c.tokens[c.seat], body)
		d := time.Since(t0)
		if err != nil {
			return err
		}
		if code != http.StatusOK {
			return fmt.Errorf("match %s seq %d: %s's action was answered %d: %s", c.id, snap.Seq, c.seat, code, bytes.TrimSpace(raw))
		}
		c.latencies = append(c.latencies, d)
		c.left.Add(-1)
		if c.cfg.ChatEvery > 0 && c.sent%c.cfg.ChatEvery == 0 {
			msg, _ := json.Marshal(map[string]string{"text": "message " + strconv.Itoa(c.sent)})
			if code, raw, err := c.do(ctx, "POST", "/api/matches/"+c.id+"/chat", c.tokens[c.seat], msg); err != nil || code != http.StatusOK {
				return fmt.Errorf("match %s: a chat message was answered %d: %s %v", c.id, code, bytes.TrimSpace(raw), err)
			}
		}
		c.next = c.next.Add(c.every)
		// The answer says who acts next: the client asks for that seat's
		// menu, rather than its own and then the other's.
		var ans answer
		if err := json.Unmarshal(raw, &ans); err != nil {
			return fmt.Errorf("match %s seq %d: the answer to an action: %w", c.id, snap.Seq, err)
		}
		if len(ans.Prompt.Seats) > 0 && !slices.Contains(ans.Prompt.Seats, c.seat) {
			c.seat = ans.Prompt.Seats[c.rng.IntN(len(ans.Prompt.Seats))]
		}
	}
	return nil
}

// answer is what the client reads of the answer to an action: who is
// prompted next.
type answer struct {
	Prompt struct {
		Seats []string `json:"seats"`
	} `json:"prompt"`
}

// menu is the query of a snapshot request: the legal entries only, unless
// the whole menu is asked for.
func (c *client) menu() string {
	if c.cfg.FullMenu {
		return ""
	}
	return "?menu=legal"
}

func (c *client) newMatch(ctx context.Context) error {
	req := map[string]any{"scenario": c.cfg.Scenario}
	if c.cfg.Clock != "" {
		req["clock"] = map[string]string{"initial": c.cfg.Clock}
	}
	body, _ := json.Marshal(req)
	code, raw, err := c.do(ctx, "POST", "/api/matches", "", body)
	if err != nil {
		return err
	}
	if code != http.StatusCreated {
		return fmt.Errorf("creating a match of %q: %d %s", c.cfg.Scenario, code, bytes.TrimSpace(raw))
	}
	var m created
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("creating a match: %w", err)
	}
	if len(m.Seats) == 0 {
		return fmt.Errorf("match %s has no seats", m.ID)
	}
	c.id, c.tokens = m.ID, map[string]string{}
	for seat, s := range m.Seats {
		c.tokens[seat] = s.Token
	}
	if c.tokens[c.seat] == "" {
		c.seat = slices.Sorted(maps.Keys(c.tokens))[0]
	}
	c.matches++
	return nil
}

func (c *client) get(ctx context.Context, path, token string, out any) error {
	code, raw, err := c.do(ctx, "GET", path, token, nil)
	if err != nil {
		return err
	}
	if code != http.StatusOK {
		return fmt.Errorf("GET %s: %d %s", path, code, bytes.TrimSpace(raw))
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("GET %s: %w", path, err)
	}
	return nil
}

func (c *client) do(ctx context.Context, method, path, token string, body []byte) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.cfg.URL+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.cfg.Client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	if n := resp.ContentLength; n >= 0 && n <= maxBody {
		// Read into a buffer of the announced size: io.ReadAll grows by
		// doubling, which for a snapshot was most of what a client
		// allocated.
		raw := make([]byte, n)
		_, err := io.ReadFull(resp.Body, raw)
		return resp.StatusCode, raw, err
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	return resp.StatusCode, raw, err
}

// maxBody bounds what the client reads of one answer.
const maxBody = 16 << 20
