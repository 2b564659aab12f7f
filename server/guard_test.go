package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// guardedServer runs a server with cfg through its own http.Server
// (HTTPServer: its timeouts and its bound on connections).
func guardedServer(t *testing.T, cfg server.Config) *httptest.Server {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := match.New(match.Options{Store: st, Library: library(t)})
	ctx, cancel := context.WithCancel(context.Background())
	s, err := server.NewWith(ctx, a, nil, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = s.HTTPServer("")
	ts.Start()
	t.Cleanup(func() { cancel(); ts.Close(); st.Close() })
	return ts
}

// send sends a request with the given Host and Content-Type headers.
func send(t *testing.T, method, url, host, contentType, body string) (int, apiErr) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e apiErr
	if resp.StatusCode >= 400 {
		decodeJSON(t, resp, &e)
	}
	return resp.StatusCode, e
}

func decodeJSON(t *testing.T, resp *http.Response, v any) {
	t.Helper()
	var b strings.Builder
	bufio.NewReader(resp.Body).WriteTo(&b)
	if err := json.Unmarshal([]byte(b.String()), v); err != nil {
		t.Fatalf("%d %s: %v", resp.StatusCode, b.String(), err)
	}
}

// Host (issue 27): a request naming someone else's host — DNS rebinding:
// evil.example resolving to this server, read by evil.example's pages as
// their own origin — is refused 421 before any route, creating nothing;
// the public URL's host, loopback names and IP addresses are served.
func TestHostChecked(t *testing.T) {
	ts := guardedServer(t, server.Config{PublicURLs: []string{"https://ordo.example.org"}})
	for _, c := range []struct {
		host string
		ok   bool
	}{
		{"evil.example", false}, {"evil.example:8080", false}, {"ordo.example.org.evil.example", false}, {"example.org", false},
		{"ordo.example.org", true}, {"ORDO.example.org:443", true}, {"ordo.example.org.", true},
		{"localhost:8080", true}, {"127.0.0.1:9", true}, {"[::1]:80", true}, {"10.1.2.3:8080", true},
	} {
		code, e := send(t, "GET", ts.URL+"/api/scenarios", c.host, "", "")
		if c.ok != (code == 200) || !c.ok && (code != http.StatusMisdirectedRequest || e.Code != "unknown-host") {
			t.Errorf("Host %q: %d %+v", c.host, code, e)
		}
	}
	if code, e := send(t, "POST", ts.URL+"/api/matches", "evil.example:8080", "application/json", `{"scenario":"duel"}`); code != http.StatusMisdirectedRequest {
		t.Fatalf("a match created through a rebound name: %d %+v", code, e)
	}
}

// Content type (issue 27): a POST whose body is not declared JSON is 415,
// creating nothing — a cross-site form or text/plain fetch needs no
// preflight, application/json does.
func TestPostNeedsJSON(t *testing.T) {
	ts := guardedServer(t, server.Config{})
	for _, ct := range []string{"", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", "text/plain; charset=application/json"} {
		if code, e := send(t, "POST", ts.URL+"/api/matches", "", ct, `{"scenario":"duel"}`); code != http.StatusUnsupportedMediaType || e.Code != "unsupported-media-type" {
			t.Errorf("Content-Type %q: %d %+v, want 415", ct, code, e)
		}
	}
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON"} {
		if code, e := send(t, "POST", ts.URL+"/api/matches", "", ct, `{"scenario":"duel"}`); code != http.StatusCreated {
			t.Errorf("Content-Type %q: %d %+v, want 201", ct, code, e)
		}
	}
}

// dialAs opens a feed whose request carries Host host (the name resolved
// to the test server, as DNS rebinding would) and Origin origin.
func dialAs(ts *httptest.Server, path, host, origin string) (*websocket.Conn, *http.Response, error) {
	addr := strings.TrimPrefix(ts.URL, "http://")
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}}}
	h := http.Header{}
	if origin != "" {
		h.Set("Origin", origin)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return websocket.Dial(ctx, "ws://"+host+path, &websocket.DialOptions{HTTPClient: client, HTTPHeader: h})
}

// WebSocket Origin (issue 27): a page may open a feed only from the
// server's own origins — a public URL's, a loopback one, or the address
// the server was reached at — never because its Origin matches a Host it
// chose itself.
func TestFeedOriginChecked(t *testing.T) {
	ts := guardedServer(t, server.Config{PublicURLs: []string{"https://ordo.example.org"}})
	c := create(t, ts, "duel")
	path := "/api/matches/" + c.ID + "/ws?from=0"
	self := strings.TrimPrefix(ts.URL, "http://")
	for _, d := range []struct {
		host, origin string
		status       int
	}{
		{"evil.example:80", "http://evil.example", http.StatusMisdirectedRequest}, // rebinding: Host and Origin agree
		{self, "http://evil.example", http.StatusForbidden},
		{self, "https://ordo.example.org.evil.example", http.StatusForbidden},
		{self, "http://ordo.example.org", http.StatusForbidden}, // the public URL is https
		{self, "null", http.StatusForbidden},
		{self, "https://ordo.example.org", 0},
		{self, "https://ordo.example.org:443", 0},
		{self, "http://localhost:3000", 0},
		{self, "http://" + self, 0},
		{self, "", 0}, // no browser
		{"ordo.example.org", "https://ordo.example.org", 0},
	} {
		ws, resp, err := dialAs(ts, path, d.host, d.origin)
		if d.status == 0 {
			if err != nil {
				t.Errorf("Host %s, Origin %q: %v", d.host, d.origin, err)
				continue
			}
			ws.CloseNow()
			continue
		}
		if err == nil {
			ws.CloseNow()
		}
		if resp == nil || resp.StatusCode != d.status {
			t.Errorf("Host %s, Origin %q: %v %v, want %d", d.host, d.origin, resp, err, d.status)
		}
	}
}

// Connections (issue 27): past Config.MaxConns a new connection is
// answered 503 and closed at once; one that closes frees its place.
func TestConnectionsCapped(t *testing.T) {
	ts := guardedServer(t, server.Config{MaxConns: 2})
	addr := strings.TrimPrefix(ts.URL, "http://")
	var held []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	time.Sleep(50 * time.Millisecond) // the server accepts them
	extra, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	extra.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := bufio.NewReader(extra).ReadString('\n')
	if !strings.HasPrefix(line, "HTTP/1.1 503") {
		t.Fatalf("a connection past the bound got %q, %v, want a 503", line, err)
	}
	extra.Close()
	for _, c := range held {
		c.Close()
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := (&http.Client{Transport: &http.Transport{DisableKeepAlives: true}}).Get(ts.URL + "/healthz")
		if err == nil && resp.StatusCode == 200 {
			resp.Body.Close()
			break
		}
		if err == nil {
			resp.Body.Close()
		}
		if time.Now().After(deadline) {
			t.Fatalf("closed connections did not free their places: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Match creation is rate-limited per client address (issue 27): past the
// burst POST /api/matches is 429 too-many-matches with Retry-After.
func TestCreateRateLimited(t *testing.T) {
	ts := guardedServer(t, server.Config{CreateBurst: 3, CreateEvery: time.Hour})
	for range 3 {
		create(t, ts, "duel")
	}
	req, _ := http.NewRequest("POST", ts.URL+"/api/matches", strings.NewReader(`{"scenario":"duel"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e apiErr
	decodeJSON(t, resp, &e)
	if resp.StatusCode != http.StatusTooManyRequests || e.Code != "too-many-matches" || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("the fourth match: %d %+v, Retry-After %q", resp.StatusCode, e, resp.Header.Get("Retry-After"))
	}
}
