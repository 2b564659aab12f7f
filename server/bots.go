package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
)

// bots runs the computer players of the matches in memory here
// (POST /api/matches with "bots"): one goroutine per match, started when a
// bot's seat is waited for and woken each time again, which ends when the
// match is over, leaves memory, or the server shuts down. A bot sees only
// its seat's bot.Observation and acts through match.Authority.Act, as a
// player's request does: its action is checked, logged, clocked and
// replayed like any other.
type bots struct {
	ctx context.Context
	a   *match.Authority
	log *slog.Logger
	cfg Config
	// think bounds the computer players thinking at once
	// (Config.BotsThinking).
	think chan struct{}

	mu      sync.Mutex
	matches map[string]*botMatch
	wg      sync.WaitGroup
	// running counts the matches' goroutines, thinking those deciding.
	running, thinking atomic.Int64
}

// botMatch is one match's goroutine: wake pokes it, gone is closed when
// the copy of the match it serves leaves memory.
type botMatch struct {
	wake chan struct{}
	gone <-chan struct{}
	bots map[rules.Seat]string
}

func newBots(ctx context.Context, a *match.Authority, log *slog.Logger, cfg Config) *bots {
	b := &bots{ctx: ctx, a: a, log: log, cfg: cfg, think: make(chan struct{}, cfg.BotsThinking), matches: map[string]*botMatch{}}
	a.OnBots(b.call)
	return b
}

// maxBots bounds a create request's bots.
const maxBots = 8

// checkBots refuses a create request's bots of unknown names, before the
// match is made.
func checkBots(req map[string]string) *apiError {
	if len(req) > maxBots {
		return badRequest("bad-request", "bots: %d seats; a match has at most %d bots", len(req), maxBots)
	}
	for _, seat := range slices.Sorted(maps.Keys(req)) {
		if _, err := bot.New(req[seat]); err != nil {
			return badRequest("unknown-bot", "bots: seat %q: %v", seat, err)
		}
	}
	return nil
}

// call is match.Authority's OnBots function: it runs with the match
// locked, so it only starts or pokes the match's goroutine.
func (b *bots) call(c match.BotCall) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ctx.Err() != nil {
		return
	}
	m := b.matches[c.MatchID]
	if m == nil || m.gone != c.Gone {
		if c.Over {
			return
		}
		// None yet, or the one of a copy that left memory (it ends
		// on its own).
		m = &botMatch{wake: make(chan struct{}, 1), gone: c.Gone, bots: c.Bots}
		b.matches[c.MatchID] = m
		b.wg.Add(1)
		b.running.Add(1)
		go b.run(c.MatchID, m)
	}
	select {
	case m.wake <- struct{}{}:
	default: // already poked
	}
}

// run is a match's goroutine.
func (b *bots) run(id string, m *botMatch) {
	defer b.wg.Done()
	defer b.running.Add(-1)
	defer func() {
		b.mu.Lock()
		if b.matches[id] == m {
			delete(b.matches, id)
		}
		b.mu.Unlock()
	}()
	ctx, cancel := context.WithCancel(b.ctx)
	defer cancel()
	go func() {
		select {
		case <-m.gone:
			cancel()
		case <-ctx.Done():
		}
	}()
	for {
		select {
		case <-m.wake:
		case <-ctx.Done():
			return
		}
		for {
			more, err := b.turn(ctx, id, m)
			if err != nil {
				if ctx.Err() == nil && !errors.Is(err, errBotDone) {
					b.log.Warn("bot: stopped", "match", id, "err", err)
				}
				return
			}
			if !more {
				break
			}
		}
	}
}

// errBotDone ends a match's goroutine without a warning: the match is
// over or gone.
var errBotDone = errors.New("the match is over or gone")

// turn plays one action for a bot's seat if one is waited for, and says
// whether to look again.
func (b *bots) turn(ctx context.Context, id string, m *botMatch) (more bool, err error) {
	var (
		obs    *bot.Observation
		seat   rules.Seat
		seq    int
		r      *rand.Rand
		over   bool
		oerr   error
		answer string
	)
	if !b.a.ForBots(id, m.gone, func(t match.BotTurn) {
		if t.Prompt.Kind == rules.GameOver {
			over = true
			return
		}
		// A table question to a bot's seat is answered first, as a
		// person answers it: by a table action.
		for _, s := range slices.Sorted(maps.Keys(m.bots)) {
			if answer, oerr = tableAnswer(t, s); answer != "" || oerr != nil {
				seat, seq = s, t.Seq
				return
			}
		}
		for _, s := range slices.Sorted(maps.Keys(m.bots)) {
			if t.Prompt.Waits(s) {
				seat, seq, r = s, t.Seq, t.Rand(s)
				obs, oerr = bot.Observe(t.State, s)
				return
			}
		}
	}) || over {
		return false, errBotDone
	}
	if oerr != nil {
		return false, oerr
	}
	if answer != "" {
		err := b.send(ctx, id, seat, seq, m.bots[seat]+"-"+answer, []byte(`{"kind":"`+answer+`"}`))
		if ctx.Err() != nil {
			return false, errBotDone
		}
		return err == nil, err
	}
	if obs == nil {
		return false, nil // the other seat's turn
	}
	name := m.bots[seat]
	p, err := b.player(name)
	if err != nil {
		return false, err
	}
	select {
	case b.think <- struct{}{}:
	case <-ctx.Done():
		return false, errBotDone
	}
	a, err := b.decide(p, obs, r)
	if err != nil {
		return false, fmt.Errorf("bot %s for %s: %w", name, seat, err)
	}
	err = b.act(ctx, id, seat, seq, name, a)
	if _, refused := rules.AsRuleError(err); refused && ctx.Err() == nil {
		// The bot's first legal action instead, so that the person it
		// plays is not left waiting.
		b.log.Warn("bot: action refused, playing the first legal one", "match", id, "seat", seat, "bot", name, "err", err)
		err = b.act(ctx, id, seat, seq, name+"-first", obs.Menu()[0])
	}
	if ctx.Err() != nil {
		return false, errBotDone
	}
	return err == nil, err
}

// decide is p's decision, under the bound on bots thinking at once; a
// player that panics is an error, not the server's end.
func (b *bots) decide(p bot.Player, obs *bot.Observation, r *rand.Rand) (a rules.Action, err error) {
	b.thinking.Add(1)
	defer func() {
		b.thinking.Add(-1)
		<-b.think
		if v := recover(); v != nil {
			a, err = nil, fmt.Errorf("the player failed: %v", v)
		}
	}()
	return p.Decide(obs, r)
}

// act sends a bot's action through Act, with the action id
// "bot-NAME-SEQ" (a retry of the same decision is answered as the first).
// A stale seq is no error: the next turn looks again.
func (b *bots) act(ctx context.Context, id string, seat rules.Seat, seq int, name string, a rules.Action) error {
	body, err := rules.Encode(a)
	if err != nil {
		return err
	}
	return b.send(ctx, id, seat, seq, name, body)
}

// send is act's sending of an encoded action, a game or a table action.
func (b *bots) send(ctx context.Context, id string, seat rules.Seat, seq int, name string, body []byte) error {
	_, err := b.a.Act(ctx, id, seat, seq, fmt.Sprintf("bot-%s-%d", name, seq), body)
	var me *match.Error
	if errors.As(err, &me) && me.Code == match.CodeStale {
		return nil
	}
	return err
}

// tableAnswer is the table action with which a bot's seat answers the
// question another seat has open to it — a draw offer (bot.AcceptDraw:
// accepted when the bot judges it is losing) or a take-back request
// (bot.AcceptTakeBack: one granted a match) — or "" when none is open.
func tableAnswer(t match.BotTurn, seat rules.Seat) (string, error) {
	opts := t.Table(seat)
	switch {
	case slices.Contains(opts, match.KindAcceptDraw):
		yes, err := bot.AcceptDraw(t.State, seat)
		if err != nil {
			return "", err
		}
		if yes {
			return match.KindAcceptDraw, nil
		}
		return match.KindDeclineDraw, nil
	case slices.Contains(opts, match.KindAcceptUndo):
		if bot.AcceptTakeBack(t.TakeBacks(seat)) {
			return match.KindAcceptUndo, nil
		}
		return match.KindDeclineUndo, nil
	}
	return "", nil
}

// writeMetrics writes the computer players' gauges.
func (b *bots) writeMetrics(w io.Writer) {
	fmt.Fprintf(w, "# HELP ordo_bots_running Matches whose computer players run here.\n# TYPE ordo_bots_running gauge\nordo_bots_running %d\n", b.running.Load())
	fmt.Fprintf(w, "# HELP ordo_bots_thinking Computer players deciding now.\n# TYPE ordo_bots_thinking gauge\nordo_bots_thinking %d\n", b.thinking.Load())
}

// player is the computer player of that name, with the server's budget
// for a decision: mcts searches Config.BotIterations iterations, cut at
// Config.BotBudget of wall time.
func (b *bots) player(name string) (bot.Player, error) {
	p, err := bot.New(name)
	if err != nil {
		return nil, err
	}
	if m, ok := p.(bot.MCTS); ok {
		m.Iterations, m.Budget = b.cfg.BotIterations, b.cfg.BotBudget
		return m, nil
	}
	return p, nil
}
