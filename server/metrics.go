package server

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ordo-rules/ordo/match"
)

// metrics are the server's counters, written in the Prometheus text
// format by hand: a handful of series do not need a client library.
type metrics struct {
	applied   atomic.Int64
	wsClients atomic.Int64

	mu      sync.Mutex
	refused map[string]int64 // by error code
	buckets []float64        // upper bounds in seconds
	counts  []int64          // per bucket, not cumulative; one more for +Inf
	sum     float64
	n       int64
}

func newMetrics() *metrics {
	b := []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}
	return &metrics{refused: map[string]int64{}, buckets: b, counts: make([]int64, len(b)+1)}
}

// observe records one action request: its latency, and its refusal code
// ("" when applied).
func (m *metrics) observe(d time.Duration, refused string) {
	if refused == "" {
		m.applied.Add(1)
	}
	s := d.Seconds()
	m.mu.Lock()
	defer m.mu.Unlock()
	if refused != "" {
		m.refused[refused]++
	}
	i := sort.SearchFloat64s(m.buckets, s)
	m.counts[i]++
	m.sum += s
	m.n++
}

func (m *metrics) write(w io.Writer, ms match.Stats) {
	fmt.Fprintf(w, "# HELP ordo_actions_applied_total Actions applied and acknowledged.\n# TYPE ordo_actions_applied_total counter\nordo_actions_applied_total %d\n", m.applied.Load())
	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Fprintf(w, "# HELP ordo_actions_refused_total Actions refused, by error code.\n# TYPE ordo_actions_refused_total counter\n")
	codes := make([]string, 0, len(m.refused))
	for c := range m.refused {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	for _, c := range codes {
		fmt.Fprintf(w, "ordo_actions_refused_total{code=%q} %d\n", c, m.refused[c])
	}
	fmt.Fprintf(w, "# HELP ordo_action_duration_seconds Time to answer an action request.\n# TYPE ordo_action_duration_seconds histogram\n")
	var cum int64
	for i, b := range m.buckets {
		cum += m.counts[i]
		fmt.Fprintf(w, "ordo_action_duration_seconds_bucket{le=\"%g\"} %d\n", b, cum)
	}
	cum += m.counts[len(m.buckets)]
	fmt.Fprintf(w, "ordo_action_duration_seconds_bucket{le=\"+Inf\"} %d\nordo_action_duration_seconds_sum %g\nordo_action_duration_seconds_count %d\n", cum, m.sum, m.n)
	fmt.Fprintf(w, "# HELP ordo_live_matches Matches held in memory.\n# TYPE ordo_live_matches gauge\nordo_live_matches %d\n", ms.Live)
	fmt.Fprintf(w, "# HELP ordo_live_bytes Estimated bytes of the matches held in memory.\n# TYPE ordo_live_bytes gauge\nordo_live_bytes %d\n", ms.Bytes)
	fmt.Fprintf(w, "# HELP ordo_matches_rebuilt_total Matches loaded from the store by replaying their log.\n# TYPE ordo_matches_rebuilt_total counter\nordo_matches_rebuilt_total %d\n", ms.Rebuilt)
	fmt.Fprintf(w, "# HELP ordo_matches_evicted_total Matches that left memory, by reason.\n# TYPE ordo_matches_evicted_total counter\n")
	for _, why := range []string{match.EvictedFinished, match.EvictedIdle, match.EvictedBound, match.EvictedBytes} {
		fmt.Fprintf(w, "ordo_matches_evicted_total{reason=%q} %d\n", why, ms.Evicted[why])
	}
	fmt.Fprintf(w, "# HELP ordo_websocket_clients Open WebSocket connections.\n# TYPE ordo_websocket_clients gauge\nordo_websocket_clients %d\n", m.wsClients.Load())
}
