package server_test

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/server/loadgen"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// benchMatches is how many matches are played at once.
const benchMatches = 100

// BenchmarkServeSQLite is the load generator (server/loadgen) against a
// real server over loopback with the default store: benchMatches matches
// at once, each played by a client sending random legal actions (reading
// its menu, then acting), a new match started whenever one ends. b.N is
// the number of acknowledged actions; it reports them per second and the
// 50th and 99th percentile latency of an action request.
func BenchmarkServeSQLite(b *testing.B) {
	st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	benchServe(b, st)
}

// BenchmarkServePostgres, the same against PostgreSQL, is in
// postgres_test.go (build tag postgres).

func benchServe(b *testing.B, st store.Store) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := match.New(match.Options{Store: st, Library: library(b)})
	ts := httptest.NewServer(server.New(ctx, a, nil))
	defer ts.Close()
	b.ResetTimer()
	cpu0 := cpuTime()
	res, err := loadgen.Run(ctx, loadgen.Config{URL: ts.URL, Matches: benchMatches, Actions: b.N})
	cpu := cpuTime() - cpu0
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	if res.Actions == 0 {
		return
	}
	b.ReportMetric(res.PerSecond(), "actions/s")
	b.ReportMetric(float64(res.Percentile(0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(res.Percentile(0.99).Microseconds())/1000, "p99-ms")
	// CPU time of the process (server and clients) per acknowledged
	// action: on a shared machine the wall-clock rate says more about the
	// neighbours than about the server.
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(res.Actions), "cpu-ms/action")
	if os.Getenv("ORDO_BENCH_VERBOSE") != "" {
		b.Logf("%d actions in %v, %d matches (%d finished)", res.Actions, res.Elapsed, res.Matches, res.Finished)
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
