package loadgen_test

// The load generator's tests run it against a real server over loopback.

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/server/loadgen"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// A short run against a real server over loopback: the actions counted
// are the ones the server acknowledged (its own metrics agree), every one
// has a latency, and the percentiles are ordered.
func TestLoadgenRunAgainstAServer(t *testing.T) {
	ts := loadgenServer(t)
	ctx := t.Context()

	res, err := loadgen.Run(ctx, loadgen.Config{URL: ts.URL, Matches: 3, Scenario: "duel", Actions: 40, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if res.Actions < 40 || len(res.Latencies) != res.Actions || res.Matches < 3 || res.Elapsed <= 0 {
		t.Fatalf("result %+v: want at least 40 actions, each with a latency, in 3 or more matches", res)
	}
	if !slices.IsSorted(res.Latencies) || res.Percentile(0.5) > res.Percentile(0.99) || res.Percentile(1) != res.Latencies[len(res.Latencies)-1] {
		t.Fatalf("latencies not sorted or percentiles out of order: %v", res.Latencies)
	}
	resp, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := "ordo_actions_applied_total " + strconv.Itoa(res.Actions) + "\n"; !strings.Contains(string(m), want) {
		t.Fatalf("the server counts otherwise than the generator (%d):\n%s", res.Actions, m)
	}
}

// A server that refuses a legal action stops the run with an error that
// says what it answered; only acknowledged actions are counted.
func TestLoadgenRunStopsOnARefusal(t *testing.T) {
	acted := 0
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/matches", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"id":"m1","seats":{"blue":{"token":"tb"},"red":{"token":"tr"}}}`)
	})
	mux.HandleFunc("GET /api/matches/m1", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"seq":4,"prompt":{"seats":["blue"]},"over":false,"menu":[{"action":{"kind":"end-orders"}},{"action":{"kind":"x"},"illegal":{"code":"illegal"}}]}`)
	})
	mux.HandleFunc("POST /api/matches/m1/actions", func(w http.ResponseWriter, r *http.Request) {
		acted++
		if acted > 2 {
			w.WriteHeader(http.StatusUnprocessableEntity)
			io.WriteString(w, `{"code":"illegal","message":"no"}`)
			return
		}
		io.WriteString(w, `{"seq":5,"events":[]}`)
	})
	ts := httptest.NewServer(mux)
	defer ts.Close()
	res, err := loadgen.Run(context.Background(), loadgen.Config{URL: ts.URL, Matches: 1, Duration: 5 * time.Second})
	if err == nil || !strings.Contains(err.Error(), "422") || !strings.Contains(err.Error(), `"code":"illegal"`) {
		t.Fatalf("err %v: want the 422 and its body", err)
	}
	if res == nil || res.Actions != 2 {
		t.Fatalf("result %+v: want the 2 acknowledged actions", res)
	}
}

// A paced run sends no faster than its rate: at 20 actions a second over
// two matches, each client sends one action every 100 ms, its k-th no
// sooner than k×100 ms after the start, so six acknowledged actions (one
// client sends a third) take at least 200 ms; unpaced, the same six take a
// few milliseconds. The run ends on its action count, not on a clock: a
// busy machine only makes it slower, which the bound allows, where a run
// of fixed duration could end before a busy server answered anything.
func TestLoadgenRunPaced(t *testing.T) {
	ts := loadgenServer(t)
	ctx := t.Context()

	res, err := loadgen.Run(ctx, loadgen.Config{URL: ts.URL, Matches: 2, Scenario: "duel", Actions: 6, Rate: 20, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Actions < 6 {
		t.Fatalf("%d actions acknowledged, want the 6 asked for", res.Actions)
	}
	if res.Elapsed < 200*time.Millisecond {
		t.Fatalf("%d actions in %v paced to 20/s over 2 matches: want at least 200 ms", res.Actions, res.Elapsed)
	}
}

// testServer is a real server over a fresh SQLite file with the bundled
// scenarios, on a loopback port, closed when the test ends.
func loadgenServer(t *testing.T) *httptest.Server {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	rs, err := infinity.New()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := match.BundledScenarios(data.Scenarios, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	a := match.New(match.Options{Store: st, Library: &match.Library{Games: map[string]match.Game{rs.Name(): {Ruleset: rs, Catalog: rs.Catalog}}, Scenarios: sc}, Logger: quiet})
	ctx, cancel := context.WithCancel(context.Background())
	ts := httptest.NewServer(server.New(ctx, a, quiet))
	t.Cleanup(func() { ts.Close(); cancel() })
	return ts
}

// With clocks and chat: every match is created with the clock asked for,
// and the clients chat as their seats every few actions.
func TestLoadgenRunWithClocksAndChat(t *testing.T) {
	ts := loadgenServer(t)
	res, err := loadgen.Run(t.Context(), loadgen.Config{URL: ts.URL, Matches: 2, Scenario: "duel", Actions: 30, Seed: 3, Clock: "45m", ChatEvery: 5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Actions < 30 {
		t.Fatalf("result %+v", res)
	}
	var lobby struct {
		Matches []struct{ ID string } `json:"matches"`
	}
	get := func(url string, v any) {
		t.Helper()
		resp, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
			t.Fatal(err)
		}
	}
	get(ts.URL+"/api/lobby?status=playing", &lobby)
	if len(lobby.Matches) == 0 {
		get(ts.URL+"/api/lobby?status=over", &lobby)
	}
	var snap struct {
		Clock *struct {
			InitialMS int64 `json:"initial_ms"`
		} `json:"clock"`
	}
	get(ts.URL+"/api/matches/"+lobby.Matches[0].ID, &snap)
	if snap.Clock == nil || snap.Clock.InitialMS != 45*60*1000 {
		t.Fatalf("a match of the run has the clock %+v", snap.Clock)
	}
}
