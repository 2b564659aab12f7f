package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/internal/pgtest"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/postgres"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// benchMatches is how many matches are played at once.
const benchMatches = 100

// BenchmarkServeSQLite is the load generator against a real server over
// loopback with the default store: benchMatches matches at once, each
// played by a client sending random legal actions (reading its menu,
// then acting), a new match started whenever one ends. b.N is the number
// of acknowledged actions; it reports them per second and the 50th and
// 99th percentile latency of an action request.
func BenchmarkServeSQLite(b *testing.B) {
	st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	benchServe(b, st)
}

// BenchmarkServePostgres is the same against PostgreSQL.
func BenchmarkServePostgres(b *testing.B) {
	st, err := postgres.Open(context.Background(), pgtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	benchServe(b, st)
}

func benchServe(b *testing.B, st store.Store) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := match.New(match.Options{Store: st, Library: library(b)})
	ts := httptest.NewServer(server.New(ctx, a, nil))
	defer ts.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: benchMatches * 2}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	post := func(url, token string, body any) (int, []byte) {
		j, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", url, bytes.NewReader(j))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			b.Error(err)
			return 0, nil
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, raw
	}
	get := func(url, token string, out any) {
		req, _ := http.NewRequest("GET", url, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			b.Error(err)
			return
		}
		defer resp.Body.Close()
		json.NewDecoder(resp.Body).Decode(out)
	}
	var left atomic.Int64
	left.Store(int64(b.N))
	latencies := make([][]time.Duration, benchMatches)
	var wg sync.WaitGroup
	b.ResetTimer()
	cpu0 := cpuTime()
	start := time.Now()
	for w := range benchMatches {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			var c created
			newMatch := func() {
				_, raw := post(ts.URL+"/api/matches", "", map[string]string{"scenario": "demo"})
				c = created{}
				json.Unmarshal(raw, &c)
			}
			newMatch()
			seat := "blue"
			for n := 0; left.Load() > 0 && !b.Failed(); n++ {
				var snap benchSnapshot
				get(ts.URL+"/api/matches/"+c.ID, c.Seats[seat].Token, &snap)
				if snap.Over {
					newMatch()
					continue
				}
				if !slices.Contains(snap.Prompt.Seats, seat) {
					seat = snap.Prompt.Seats[rng.IntN(len(snap.Prompt.Seats))]
					continue
				}
				var legal []json.RawMessage
				for _, m := range snap.Menu {
					if m.Illegal == nil {
						legal = append(legal, m.Action)
					}
				}
				t0 := time.Now()
				code, raw := post(ts.URL+"/api/matches/"+c.ID+"/actions", c.Seats[seat].Token,
					map[string]any{"seq": snap.Seq, "id": fmt.Sprint(n), "action": legal[rng.IntN(len(legal))]})
				latencies[w] = append(latencies[w], time.Since(t0))
				if code != 200 {
					b.Errorf("action: %d %s", code, raw)
					return
				}
				left.Add(-1)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0
	b.StopTimer()
	all := slices.Concat(latencies...)
	slices.Sort(all)
	if len(all) == 0 {
		return
	}
	b.ReportMetric(float64(len(all))/elapsed.Seconds(), "actions/s")
	b.ReportMetric(float64(all[len(all)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms")
	// CPU time of the process (server and clients) per acknowledged
	// action: on a shared machine the wall-clock rate says more about the
	// neighbours than about the server.
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(all)), "cpu-ms/action")
	if os.Getenv("ORDO_BENCH_VERBOSE") != "" {
		b.Logf("%d actions in %v", len(all), elapsed)
	}
}

// benchSnapshot is what the load client reads of a snapshot to choose an
// action: the seq, the prompt, and which menu entries are legal. The
// observation (which a real client would draw) is skipped, so that the
// figures measure the server more than the client's decoding.
type benchSnapshot struct {
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

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
