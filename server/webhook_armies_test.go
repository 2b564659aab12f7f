package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/internal/cli"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// Turn notices before a mission's game: a seat whose army list the match
// awaits is told so at its webhook when the game comes to wait on it — its
// opponent took the open seat, or sent its own list — with the pre-game's
// prompt (window "armies", the seats whose lists are not in) and nothing
// of any list; the seat that acted is not told, nor one whose list is in.
func TestWebhookArmyListAwaited(t *testing.T) {
	type notice struct {
		Match  string `json:"match"`
		Seat   string `json:"seat"`
		Seq    int    `json:"seq"`
		Prompt struct {
			Window string   `json:"window"`
			Seats  []string `json:"seats"`
		} `json:"prompt"`
	}
	var mu sync.Mutex
	got := map[string][]notice{}
	var raw []string
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var n notice
		json.Unmarshal(b, &n)
		mu.Lock()
		defer mu.Unlock()
		got[r.URL.Path] = append(got[r.URL.Path], n)
		raw = append(raw, string(b))
	}))
	defer hook.Close()
	lib, err := cli.Library()
	if err != nil {
		t.Fatal(err)
	}
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := server.NewWith(ctx, match.New(match.Options{Store: st, Library: lib}), nil, server.Config{WebhookPrivate: true, WebhookBackoff: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer ts.Close()
	// wait returns the notices at path once there are n of them, and
	// fails if more come within a short while after.
	wait := func(path string, n int) []notice {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			mu.Lock()
			k := len(got[path])
			mu.Unlock()
			if k >= n {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d notices at %s, want %d", k, path, n)
			}
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(100 * time.Millisecond)
		mu.Lock()
		defer mu.Unlock()
		if len(got[path]) != n {
			t.Fatalf("%d notices at %s, want %d: %+v", len(got[path]), path, n, got[path])
		}
		return append([]notice(nil), got[path]...)
	}
	var c created
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"mission": "uplink", "open": []string{"red"}}, &c); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	base := ts.URL + "/api/matches/" + c.ID
	blue := c.Seats["blue"].Token
	var e apiErr
	if code := call(t, "POST", base+"/webhook", blue, map[string]string{"url": hook.URL + "/blue"}, &e); code != 200 {
		t.Fatalf("blue sets its webhook: %d %+v", code, e)
	}
	// Red's seat taken: the game waits on both lists, blue's among them.
	var joined struct{ Token string }
	if code := call(t, "POST", base+"/join", "", map[string]string{"seat": "red"}, &joined); code != 200 || joined.Token == "" {
		t.Fatalf("join: %d", code)
	}
	n := wait("/blue", 1)[0]
	if n.Match != c.ID || n.Seat != "blue" || n.Seq != 0 || n.Prompt.Window != match.WindowArmies || strings.Join(n.Prompt.Seats, ",") != "blue,red" {
		t.Fatalf("blue's notice once red sat: %+v", n)
	}
	if code := call(t, "POST", base+"/webhook", joined.Token, map[string]string{"url": hook.URL + "/red"}, &e); code != 200 {
		t.Fatalf("red sets its webhook: %d %+v", code, e)
	}
	// Blue's list in: the game waits on red's alone; blue, who sent it,
	// is not told.
	blueList := readList(t, "blue-company")
	if code, body := put(t, base+"/army", blue, blueList); code != 200 {
		t.Fatalf("blue's list: %d %s", code, body)
	}
	n = wait("/red", 1)[0]
	if n.Seat != "red" || n.Prompt.Window != match.WindowArmies || strings.Join(n.Prompt.Seats, ",") != "red" {
		t.Fatalf("red's notice once blue's list was in: %+v", n)
	}
	wait("/blue", 1)
	// Sent again, blue's list is no news: nobody is told.
	if code, body := put(t, base+"/army", blue, blueList); code != 200 {
		t.Fatalf("blue's list again: %d %s", code, body)
	}
	wait("/red", 1)
	mu.Lock()
	defer mu.Unlock()
	for _, r := range raw {
		if strings.Contains(r, "points") || strings.Contains(r, "troopers") || strings.Contains(r, "token") || strings.Contains(r, "observation") {
			t.Fatalf("a notice carries more than the awaited list: %s", r)
		}
	}
}
