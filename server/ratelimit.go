package server

import (
	"sync"
	"time"
)

// maxBuckets bounds the client addresses a rate keeps track of; past it
// the buckets that have filled up again are forgotten, and if none has,
// all are (a flood from that many addresses is beyond a per-client
// bound).
const maxBuckets = 10000

// rate is a token bucket per client address: burst at once, then one per
// every.
type rate struct {
	burst int
	every time.Duration
	now   func() time.Time

	mu sync.Mutex
	m  map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// allow takes a token of key's bucket, or says how long until one is
// there. A negative burst is no bound.
func (r *rate) allow(key string) (ok bool, wait time.Duration) {
	if r.burst < 0 {
		return true, 0
	}
	now := r.now()
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.m[key]
	if b == nil {
		if r.m == nil {
			r.m = map[string]*bucket{}
		}
		if len(r.m) >= maxBuckets {
			r.forget(now)
		}
		b = &bucket{tokens: float64(r.burst), at: now}
		r.m[key] = b
	}
	b.fill(now, r)
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) * float64(r.every))
	}
	b.tokens--
	return true, 0
}

func (b *bucket) fill(now time.Time, r *rate) {
	if r.every > 0 {
		b.tokens = min(float64(r.burst), b.tokens+float64(now.Sub(b.at))/float64(r.every))
	}
	b.at = now
}

// forget drops the buckets full again, or all if none is. Called with
// r.mu held.
func (r *rate) forget(now time.Time) {
	for k, b := range r.m {
		b.fill(now, r)
		if b.tokens >= float64(r.burst) {
			delete(r.m, k)
		}
	}
	if len(r.m) >= maxBuckets {
		clear(r.m)
	}
}
