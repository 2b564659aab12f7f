package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

func library(t testing.TB) *match.Library {
	t.Helper()
	rs, err := infinity.New()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := match.BundledScenarios(data.Scenarios, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	return &match.Library{Games: map[string]match.Game{rs.Name(): {Ruleset: rs, Catalog: rs.Catalog}}, Scenarios: sc}
}

// start runs a server on a fresh SQLite file over loopback.
func start(t testing.TB) *httptest.Server {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	a := match.New(match.Options{Store: st, Library: library(t)})
	ts := httptest.NewServer(server.New(ctx, a, nil))
	t.Cleanup(func() { cancel(); ts.Close(); st.Close() })
	return ts
}

// call sends a request and decodes the JSON answer into out (if not nil).
func call(t testing.TB, method, url, token string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, url, resp.StatusCode, raw, err)
		}
	}
	return resp.StatusCode
}

type created struct {
	ID    string `json:"id"`
	Seats map[string]struct {
		Token string `json:"token"`
	} `json:"seats"`
	Commitment string `json:"seed_commitment"`
}

type snapshot struct {
	Seq    int `json:"seq"`
	Prompt struct {
		Kind  string   `json:"kind"`
		Seats []string `json:"seats"`
	} `json:"prompt"`
	Over        bool            `json:"over"`
	Table       []string        `json:"table"`
	Observation json.RawMessage `json:"observation"`
	Menu        []struct {
		Action  json.RawMessage `json:"action"`
		Illegal json.RawMessage `json:"illegal"`
	} `json:"menu"`
}

type apiErr struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Rule    string `json:"rule"`
	Seq     *int   `json:"seq"`
}

func create(t testing.TB, ts *httptest.Server, name string) created {
	t.Helper()
	var c created
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"scenario": name}, &c); code != http.StatusCreated {
		t.Fatalf("create %s: status %d", name, code)
	}
	return c
}

// move sends one random legal action of a prompted seat; it returns false
// when the game is over.
func move(t testing.TB, ts *httptest.Server, c created, rng *rand.Rand, n int) bool {
	t.Helper()
	base := ts.URL + "/api/matches/" + c.ID
	var spec snapshot
	if code := call(t, "GET", base, "", nil, &spec); code != 200 {
		t.Fatalf("spectator view: %d", code)
	}
	if spec.Over {
		return false
	}
	seat := spec.Prompt.Seats[rng.IntN(len(spec.Prompt.Seats))]
	var snap snapshot
	call(t, "GET", base, c.Seats[seat].Token, nil, &snap)
	var legal []json.RawMessage
	for _, m := range snap.Menu {
		if m.Illegal == nil {
			legal = append(legal, m.Action)
		}
	}
	if len(legal) == 0 {
		t.Fatalf("%s prompted without a legal entry", seat)
	}
	var res struct {
		Seq int `json:"seq"`
	}
	body := map[string]any{"seq": snap.Seq, "id": fmt.Sprintf("a%d", n), "action": legal[rng.IntN(len(legal))]}
	if code := call(t, "POST", base+"/actions", c.Seats[seat].Token, body, &res); code != 200 {
		t.Fatalf("action %d by %s: status %d", n, seat, code)
	}
	return true
}

// A bundled scenario played to its end over HTTP: the seed is refused
// until the end, then it matches the commitment, and the exported match
// verifies.
func TestPlayOverHTTP(t *testing.T) {
	ts := start(t)
	var list struct{ Scenarios []string }
	if call(t, "GET", ts.URL+"/api/scenarios", "", nil, &list); !strings.Contains(strings.Join(list.Scenarios, ","), "duel") {
		t.Fatalf("scenarios %v: no duel", list.Scenarios)
	}
	c := create(t, ts, "duel")
	var e apiErr
	if code := call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/seed", "", nil, &e); code != http.StatusForbidden || e.Code != "not-over" {
		t.Fatalf("seed before the end: %d %+v", code, e)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; move(t, ts, c, rng, n); n++ {
		if n > 500 {
			t.Fatal("no end in 500 actions")
		}
	}
	var seed struct{ Seed, Seed_commitment string }
	if code := call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/seed", "", nil, &seed); code != 200 || seed.Seed_commitment != c.Commitment {
		t.Fatalf("seed after the end: %d %+v", code, seed)
	}
	var x match.Export
	if code := call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/export", "", nil, &x); code != 200 {
		t.Fatalf("export: %d", code)
	}
	if _, err := library(t).Verify(&x); err != nil {
		t.Fatalf("verify: %v", err)
	}
	var metrics bytes.Buffer
	resp, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(&metrics, resp.Body)
	resp.Body.Close()
	for _, want := range []string{"ordo_actions_applied_total", "ordo_action_duration_seconds_bucket{le=\"+Inf\"}", "ordo_live_matches 1", "ordo_websocket_clients 0", "ordo_matches_rebuilt_total 0", `ordo_matches_evicted_total{reason="idle"} 0`} {
		if !strings.Contains(metrics.String(), want) {
			t.Errorf("metrics lack %q:\n%s", want, metrics.String())
		}
	}
}

// newRealServer serves on loopback through Server.HTTPServer, with its
// timeouts; it returns the address.
func newRealServer(t testing.TB) string {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	a := match.New(match.Options{Store: st, Library: library(t)})
	srv := server.New(ctx, a, nil).HTTPServer("127.0.0.1:0")
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 {
		t.Fatalf("the http.Server lacks timeouts: %+v", srv)
	}
	srv.ReadHeaderTimeout = 50 * time.Millisecond
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { cancel(); srv.Close(); st.Close() })
	return ln.Addr().String()
}

// GET /api/matches/{id}?menu=legal carries only the entries the seat may
// send now, in the menu's order; any other menu= is refused.
func TestSnapshotLegalMenu(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "demo")
	base := ts.URL + "/api/matches/" + c.ID
	rng := rand.New(rand.NewPCG(5, 5))
	for n := range 6 {
		var spec snapshot
		call(t, "GET", base, "", nil, &spec)
		for _, seat := range []string{"blue", "red"} {
			var all, legal snapshot
			if code := call(t, "GET", base, c.Seats[seat].Token, nil, &all); code != 200 {
				t.Fatalf("full menu: %d", code)
			}
			if code := call(t, "GET", base+"?menu=legal", c.Seats[seat].Token, nil, &legal); code != 200 {
				t.Fatalf("legal menu: %d", code)
			}
			var want []string
			greyed := 0
			for _, m := range all.Menu {
				if m.Illegal == nil {
					want = append(want, string(m.Action))
				} else {
					greyed++
				}
			}
			var got []string
			for _, m := range legal.Menu {
				if m.Illegal != nil {
					t.Fatalf("%s: a greyed entry in the legal menu: %s", seat, m.Illegal)
				}
				got = append(got, string(m.Action))
			}
			if !slices.Equal(got, want) || legal.Seq != all.Seq || string(legal.Observation) != string(all.Observation) {
				t.Fatalf("step %d, %s: the legal menu is not the full one without its %d greyed entries:\n%v\n%v", n, seat, greyed, got, want)
			}
		}
		move(t, ts, c, rng, n)
	}
	var e apiErr
	if code := call(t, "GET", base+"?menu=some", c.Seats["blue"].Token, nil, &e); code != 400 || e.Code != "bad-request" || !strings.Contains(e.Message, `menu="some"`) {
		t.Fatalf("menu=some: %d %+v", code, e)
	}
}
