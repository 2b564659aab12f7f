package match

import (
	"context"
	"time"

	"github.com/ordo-rules/ordo/store"
)

// FollowRetry is how long Follow waits before listening again after the
// store's connection was lost.
const FollowRetry = time.Second

// Follow passes the store's notices of appends (other servers' and this
// one's) to the authority until ctx ends, listening again after a lost
// connection. Each time it starts listening, the store says so (a Notice
// without a match) and Notify brings every match in memory up to date:
// the appends made while nobody listened are read, not lost.
func (a *Authority) Follow(ctx context.Context, n store.Notifier) {
	for ctx.Err() == nil {
		err := n.Listen(ctx, func(no store.Notice) { a.Notify(ctx, no) })
		if ctx.Err() != nil {
			return
		}
		a.log.Warn("match: listening for other servers' appends; again shortly", "err", err, "retry", FollowRetry)
		select {
		case <-ctx.Done():
		case <-time.After(FollowRetry):
		}
	}
}

// catchUpAll brings every match in memory up to date with the store.
func (a *Authority) catchUpAll(ctx context.Context) {
	a.mu.Lock()
	ls := make([]*live, 0, len(a.live))
	for _, l := range a.live {
		ls = append(ls, l)
	}
	a.mu.Unlock()
	for _, l := range ls {
		if ctx.Err() != nil {
			return
		}
		l.mu.Lock()
		if !l.evicted && l.loaded {
			if err := a.catchUp(ctx, l); err != nil {
				a.log.Warn("match: catching up", "match", l.id, "err", err)
			}
			if err := a.catchUpChat(ctx, l); err != nil {
				a.log.Warn("match: catching up the chat", "match", l.id, "err", err)
			}
			if err := a.loadHooks(ctx, l); err != nil {
				a.log.Warn("match: reading the webhooks", "match", l.id, "err", err)
			}
			if len(openSeats(l.rec)) > 0 {
				a.reloadSeats(ctx, l) // a seat taken meanwhile
			}
		}
		l.mu.Unlock()
	}
}
