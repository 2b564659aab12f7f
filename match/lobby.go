package match

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// MaxList bounds the matches one List answers.
const MaxList = 100

// Listed is a match as the lobby lists it (store.Listed), with what its
// setup's first bytes say: the bundled mission of a mission match, and
// whether it still waits for its seats' army lists — also while a seat
// is open, when its status is open.
type Listed struct {
	store.Listed
	Mission        string
	AwaitingArmies bool
}

// List lists up to limit (at most MaxList) matches of a status — open
// (a seat waits for a player), armies (every seat has its player, not
// every army list is in), playing or over — the most recently updated
// first.
func (a *Authority) List(ctx context.Context, status string, limit int) ([]Listed, error) {
	if status != store.StatusOpen && status != store.StatusArmies && status != store.StatusPlaying && status != store.StatusOver {
		return nil, errorf(CodeBadRequest, "", "status %q: open, armies, playing or over", status)
	}
	limit = min(max(limit, 1), MaxList)
	ls, err := a.store.List(ctx, status, limit)
	if err != nil {
		return nil, unavailable(err)
	}
	out := make([]Listed, len(ls))
	for i, l := range ls {
		out[i].Mission, out[i].AwaitingArmies = MissionOf(l.SetupHead)
		l.SetupHead = nil // the setup is not the lobby's to show
		out[i].Listed = l
	}
	return out, nil
}

// openSeats are the seats of rec waiting for a player.
func openSeats(rec *store.Match) []string {
	var out []string
	for _, s := range rec.Seats {
		if len(s.TokenHash) == 0 {
			out = append(out, s.Name)
		}
	}
	return out
}

// Join gives seat of match id, open until now, to whoever asks first: its
// token, shown this once. A seat taken already (here or on another
// server) is CodeSeatTaken.
func (a *Authority) Join(ctx context.Context, id string, seat rules.Seat) (*Secret, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	if !slices.Contains(l.seats(), seat) {
		return nil, errorf(CodeBadRequest, "", "match %s has no seat %q (its seats: %v)", id, seat, l.seats())
	}
	if !slices.Contains(openSeats(l.rec), string(seat)) {
		return nil, errorf(CodeSeatTaken, "", "seat %s of match %s is taken", seat, id)
	}
	tok := randomString(tokenBytes)
	h := hashToken(tok)
	status := store.StatusPlaying
	if len(openSeats(l.rec)) > 1 {
		status = store.StatusOpen
	} else if l.awaitingOf() != nil {
		status = store.StatusArmies
	}
	if l.over() {
		status = store.StatusOver
	}
	at := a.now().UTC()
	err = a.store.ClaimSeat(ctx, id, string(seat), h, status, at)
	if errors.Is(err, store.ErrConflict) {
		a.reloadSeats(ctx, l)
		return nil, errorf(CodeSeatTaken, "", "seat %s of match %s is taken", seat, id)
	}
	if err != nil {
		return nil, unavailable(err)
	}
	// A copy: the record's seats are read without the lock elsewhere.
	seats := slices.Clone(l.rec.Seats)
	store.ClaimSeats(seats, string(seat), h, at)
	rec := *l.rec
	rec.Seats, rec.Status = seats, status
	l.rec = &rec
	l.startClocks()
	a.notifyAwaited(l, seat)
	a.log.Info("seat joined", "match", id, "seat", seat)
	return &Secret{Token: tok}, nil
}

// seatsReread is how often a token no seat here holds reads a match's
// seats again from the store (Authenticate): a flood of wrong tokens on a
// match with an open seat must not be a flood of store reads.
const seatsReread = time.Second

// reloadSeats reads the match's seats again from the store, for a seat
// another server gave away. Called with l.mu held.
func (a *Authority) reloadSeats(ctx context.Context, l *live) {
	l.seatsRead = a.now()
	rec, err := a.store.Match(ctx, l.id)
	if err != nil {
		return
	}
	cp := *l.rec
	cp.Seats, cp.Status = rec.Seats, rec.Status
	l.rec = &cp
	l.startClocks()
}

// markOver records in the store that the match is over, once, for the
// lobby, as of its last entry: a game a clock ended while nobody looked
// (flagOut) ended when its last default was due, and retention counts
// from then. Called with l.mu held.
func (a *Authority) markOver(ctx context.Context, l *live) {
	if !l.over() || l.rec.Status == store.StatusOver {
		return
	}
	at := a.now().UTC()
	if n := len(l.log); n > 0 {
		at = l.log[n-1].time
	}
	if err := a.store.SetStatus(ctx, l.id, store.StatusOver, at); err != nil {
		a.log.Warn("match: marking the match over", "match", l.id, "err", err)
		return
	}
	rec := *l.rec
	rec.Status = store.StatusOver
	l.rec = &rec
}
