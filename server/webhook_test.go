package server_test

import (
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// Turn notices: a seat's webhook is POSTed to when the engine starts
// waiting for the seat — the match, the seat, the seq and the prompt,
// nothing a spectator could not see — tried again after a failure, and
// kept across a restart; only the seat sets it; a URL that is no http(s)
// URL is refused, and by default so is a connection to a private address.
func TestWebhookTurnNotice(t *testing.T) {
	type notice struct {
		Match  string `json:"match"`
		Seat   string `json:"seat"`
		Seq    int    `json:"seq"`
		Prompt struct {
			Seats []string `json:"seats"`
		} `json:"prompt"`
		Table string `json:"table"`
	}
	var mu sync.Mutex
	var got []notice
	var raw []string
	failFirst := true
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		if failFirst {
			failFirst = false
			http.Error(w, "try again", http.StatusServiceUnavailable)
			return
		}
		var n notice
		json.Unmarshal(b, &n)
		got = append(got, n)
		raw = append(raw, string(b))
	}))
	defer hook.Close()
	dir := t.TempDir()
	open := func() (*httptest.Server, func()) {
		st, err := sqlite.Open(context.Background(), filepath.Join(dir, "ordo.db"), sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		a := match.New(match.Options{Store: st, Library: library(t)})
		s, err := server.NewWith(ctx, a, nil, server.Config{WebhookPrivate: true, WebhookBackoff: 10 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(s)
		return ts, func() { cancel(); ts.Close(); st.Close() }
	}
	ts, stop := open()
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID
	var e apiErr
	if code := call(t, "POST", base+"/webhook", "", map[string]string{"url": hook.URL}, &e); code != 401 {
		t.Fatalf("a spectator sets a webhook: %d %+v", code, e)
	}
	for _, bad := range []string{"ftp://x.example/", "not a url", "http://user:pw@x.example/", "https://x.example/" + strings.Repeat("a", 600)} {
		if code := call(t, "POST", base+"/webhook", c.Seats["red"].Token, map[string]string{"url": bad}, &e); code != 400 && code != 413 {
			t.Errorf("webhook %q: %d %+v", bad, code, e)
		}
	}
	if code := call(t, "POST", base+"/webhook", c.Seats["red"].Token, map[string]string{"url": hook.URL}, &e); code != 200 {
		t.Fatalf("red sets its webhook: %d %+v", code, e)
	}
	// Restarted: the webhook is kept with the match.
	stop()
	ts, stop = open()
	defer stop()
	base = ts.URL + "/api/matches/" + c.ID
	rng := rand.New(rand.NewPCG(4, 2))
	waitsFor := func(seat string) bool {
		var s snapshot
		call(t, "GET", base, "", nil, &s)
		for _, x := range s.Prompt.Seats {
			if x == seat {
				return true
			}
		}
		return false
	}
	// Play until the engine turns to red after waiting for blue.
	turned := -1
	for n := 0; turned < 0; n++ {
		if n > 300 {
			t.Fatal("the engine never turned to red")
		}
		was := waitsFor("red")
		if !move(t, ts, c, rng, n) {
			t.Fatal("the game ended first")
		}
		if !was && waitsFor("red") {
			var s snapshot
			call(t, "GET", base, "", nil, &s)
			turned = s.Seq
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no turn notice reached the webhook (after one failed attempt)")
		}
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	first := got[0]
	if first.Match != c.ID || first.Seat != "red" || first.Seq > turned || first.Table != "/m/"+c.ID {
		t.Fatalf("notice %+v (the turn came at seq %d)", first, turned)
	}
	for _, r := range raw {
		if strings.Contains(r, "observation") || strings.Contains(r, "token") || strings.Contains(r, "menu") {
			t.Fatalf("a notice carries more than the turn: %s", r)
		}
	}
}

// By default a turn notice never connects to a loopback or private
// address, whatever the URL's name resolves to.
func TestWebhookRefusesPrivateAddresses(t *testing.T) {
	hit := make(chan struct{}, 1)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hit <- struct{}{} }))
	defer hook.Close()
	ts := guardedServer(t, server.Config{WebhookBackoff: time.Millisecond})
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID
	for _, seat := range []string{"red", "blue"} {
		u := strings.Replace(hook.URL, "127.0.0.1", "localhost", 1)
		if code := call(t, "POST", base+"/webhook", c.Seats[seat].Token, map[string]string{"url": u}, nil); code != 200 {
			t.Fatalf("webhook: %d", code)
		}
	}
	rng := rand.New(rand.NewPCG(4, 3))
	for n := range 20 {
		if !move(t, ts, c, rng, n) {
			break
		}
	}
	select {
	case <-hit:
		t.Fatal("a turn notice reached a loopback address")
	case <-time.After(300 * time.Millisecond):
	}
}

// Setting a turn notice is rate-limited like the chat: per seat, the
// burst then 429 too-many-webhooks with Retry-After, the other seat
// unaffected; per client address, ten times the burst over all its
// seats and matches.
func TestWebhookRateLimited(t *testing.T) {
	ts := guardedServer(t, server.Config{WebhookBurst: 1, WebhookEvery: time.Hour})
	set := func(id, token string) (int, apiErr, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", ts.URL+"/api/matches/"+id+"/webhook", strings.NewReader(`{"url":"https://example.org/turn"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var e apiErr
		if resp.StatusCode != http.StatusOK {
			decodeJSON(t, resp, &e)
		}
		return resp.StatusCode, e, resp.Header.Get("Retry-After")
	}
	c := create(t, ts, "duel")
	if code, e, _ := set(c.ID, c.Seats["red"].Token); code != http.StatusOK {
		t.Fatalf("red's first turn notice: %d %+v", code, e)
	}
	if code, e, retry := set(c.ID, c.Seats["red"].Token); code != http.StatusTooManyRequests || e.Code != "too-many-webhooks" || retry == "" {
		t.Fatalf("red's second turn notice at once: %d %+v, Retry-After %q", code, e, retry)
	}
	if code, e, _ := set(c.ID, c.Seats["blue"].Token); code != http.StatusOK {
		t.Fatalf("blue's turn notice after red's refused: %d %+v", code, e)
	}
	// Seven more seats' first notices reach the address's ten requests
	// (red's refused one counted); the eleventh is refused.
	var seats []string
	var ids []string
	for range 5 {
		m := create(t, ts, "duel")
		for _, s := range []string{"red", "blue"} {
			ids, seats = append(ids, m.ID), append(seats, m.Seats[s].Token)
		}
	}
	for i := range 7 {
		if code, e, _ := set(ids[i], seats[i]); code != http.StatusOK {
			t.Fatalf("seat %d's first turn notice: %d %+v", i+3, code, e)
		}
	}
	if code, e, retry := set(ids[7], seats[7]); code != http.StatusTooManyRequests || e.Code != "too-many-webhooks" || retry == "" || !strings.Contains(e.Message, "this address") {
		t.Fatalf("the address's eleventh turn notice: %d %+v, Retry-After %q", code, e, retry)
	}
}
