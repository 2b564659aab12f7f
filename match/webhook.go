package match

import (
	"context"
	"net/url"
	"sync/atomic"

	"github.com/ordo-rules/ordo/rules"
)

// MaxWebhookURL bounds a webhook's URL.
const MaxWebhookURL = 512

// Waiting is a turn notice: the engine has started waiting for Seat of
// match MatchID (at Seq, under Prompt), and the seat asked to be told at
// URL (SetWebhook). It carries nothing a spectator could not see. Before a
// mission match's game, the prompt's window is WindowArmies: the seat's
// army list is awaited (notifyAwaited).
type Waiting struct {
	MatchID string       `json:"match"`
	Seat    rules.Seat   `json:"seat"`
	Seq     int          `json:"seq"`
	Prompt  rules.Prompt `json:"prompt"`
	URL     string       `json:"-"`
}

// waitingHook holds the function OnWaiting set.
type waitingHook = atomic.Pointer[func(Waiting)]

// OnWaiting sets the function called, without blocking, whenever an
// action applied here makes the engine start waiting for a seat that has
// a webhook (the server delivers them). Only the server that applied the
// action calls it, so several servers on one store notify once.
func (a *Authority) OnWaiting(f func(Waiting)) { a.waiting.Store(&f) }

// notifyWaiting calls the OnWaiting function for each seat the prompt
// waits for now and did not before. Called with l.mu held.
func (a *Authority) notifyWaiting(l *live, was rules.Prompt) {
	f := a.waiting.Load()
	if f == nil || len(l.hooks) == 0 {
		return
	}
	p := l.prompt()
	for _, seat := range p.Seats {
		if u := l.hooks[seat]; u != "" && p.Waits(seat) && !was.Waits(seat) {
			(*f)(Waiting{MatchID: l.id, Seat: seat, Seq: len(l.log), Prompt: p, URL: u})
		}
	}
}

// notifyAwaited calls the OnWaiting function for each seat, other than
// by, whose army list a mission match still awaits once every seat has
// its player: the other list came in, or the open seat was taken (by), so
// the game now waits on this seat's list. The notice's prompt is the
// pre-game's (window WindowArmies, the seats whose lists are not in),
// which every viewer sees. Called with l.mu held.
func (a *Authority) notifyAwaited(l *live, by rules.Seat) {
	f := a.waiting.Load()
	aw := l.awaitingOf()
	if f == nil || len(l.hooks) == 0 || aw == nil || len(openSeats(l.rec)) > 0 {
		return
	}
	p := aw.Prompt()
	for _, seat := range p.Seats {
		if u := l.hooks[seat]; u != "" && seat != by {
			(*f)(Waiting{MatchID: l.id, Seat: seat, Seq: len(l.log), Prompt: p, URL: u})
		}
	}
}

// CheckWebhookURL refuses what is not an http:// or https:// URL with a
// host, of at most MaxWebhookURL bytes, without credentials.
func CheckWebhookURL(raw string) error {
	if len(raw) > MaxWebhookURL {
		return errorf(CodeTooLarge, "", "url: %d bytes; at most %d", len(raw), MaxWebhookURL)
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil {
		return errorf(CodeBadRequest, "", "url %q: an http:// or https:// URL with a host and no credentials", raw)
	}
	return nil
}

// SetWebhook sets seat's webhook in match id (url "" removes it): a turn
// notice is POSTed there whenever the engine starts waiting for the seat.
// It is stored with the match.
func (a *Authority) SetWebhook(ctx context.Context, id string, seat rules.Seat, url string) error {
	if url != "" {
		if err := CheckWebhookURL(url); err != nil {
			return err
		}
	}
	l, err := a.get(ctx, id)
	if err != nil {
		return err
	}
	defer l.mu.Unlock()
	if err := a.store.SetWebhook(ctx, id, string(seat), url); err != nil {
		return unavailable(err)
	}
	if l.hooks == nil {
		l.hooks = map[rules.Seat]string{}
	}
	if url == "" {
		delete(l.hooks, seat)
	} else {
		l.hooks[seat] = url
	}
	return nil
}

// loadHooks reads the match's webhooks. Called with l.mu held.
func (a *Authority) loadHooks(ctx context.Context, l *live) error {
	hs, err := a.store.Webhooks(ctx, l.id)
	if err != nil {
		return unavailable(err)
	}
	l.hooks = map[rules.Seat]string{}
	for seat, u := range hs {
		l.hooks[rules.Seat(seat)] = u
	}
	return nil
}
