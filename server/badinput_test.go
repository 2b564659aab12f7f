package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Bad input: each request gets a clear 4xx with a code and a message, and
// the match is unchanged.
func TestBadInput(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID
	blue := c.Seats["blue"].Token
	move := `{"kind":"activate","trooper":"fusilier","order":"regular","skill":{"name":"move","route":[[10,11]]}}`
	// One action applied, so that a replayed id and a stale seq exist.
	if code := call(t, "POST", base+"/actions", blue, `{"seq":0,"id":"first","action":`+move+`}`, nil); code != 200 {
		t.Fatalf("first action: %d", code)
	}
	var before snapshot
	call(t, "GET", base, "", nil, &before)

	cases := []struct {
		name, method, url, token, body string
		status                         int
		code                           string
	}{
		{"malformed JSON", "POST", base + "/actions", blue, `{"seq":1,`, 400, "bad-json"},
		{"not an object", "POST", base + "/actions", blue, `[1,2]`, 400, "bad-json"},
		{"trailing data", "POST", base + "/actions", blue, `{"seq":1,"id":"x","action":{"kind":"end-orders"}} {}`, 400, "bad-json"},
		{"unknown field", "POST", base + "/actions", blue, `{"seq":1,"id":"x","action":{"kind":"end-orders"},"seat":"red"}`, 400, "unknown-field"},
		{"wrong type", "POST", base + "/actions", blue, `{"seq":"1","id":"x","action":{"kind":"end-orders"}}`, 400, "bad-json"},
		{"missing seq", "POST", base + "/actions", blue, `{"id":"x","action":{"kind":"end-orders"}}`, 400, "bad-request"},
		{"missing id", "POST", base + "/actions", blue, `{"seq":1,"action":{"kind":"end-orders"}}`, 400, "bad-request"},
		{"id too long", "POST", base + "/actions", blue, `{"seq":1,"id":"` + strings.Repeat("x", 65) + `","action":{"kind":"end-orders"}}`, 413, "too-large"},
		{"deep nesting", "POST", base + "/actions", blue, `{"seq":1,"id":"x","action":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`, 400, "bad-json"},
		{"oversized body", "POST", base + "/actions", blue, `{"seq":1,"id":"x","action":{"kind":"end-orders","pad":"` + strings.Repeat("x", 40<<10) + `"}}`, 413, "too-large"},
		{"unknown action field", "POST", base + "/actions", blue, `{"seq":1,"id":"x","action":{"kind":"end-orders","extra":1}}`, 422, "bad-action"},
		{"unknown action kind", "POST", base + "/actions", blue, `{"seq":1,"id":"x","action":{"kind":"teleport"}}`, 422, "unknown-action"},
		{"stale seq", "POST", base + "/actions", blue, `{"seq":0,"id":"second","action":{"kind":"end-orders"}}`, 409, "stale-seq"},
		{"seq from the future", "POST", base + "/actions", blue, `{"seq":99,"id":"second","action":{"kind":"end-orders"}}`, 409, "stale-seq"},
		{"unknown match", "GET", ts.URL + "/api/matches/nope", "", "", 404, "not-found"},
		{"unknown match acted on", "POST", ts.URL + "/api/matches/nope/actions", blue, `{"seq":0,"id":"x","action":{"kind":"end-orders"}}`, 404, "not-found"},
		{"bad from", "GET", base + "/log?from=-1", "", "", 400, "bad-request"},
		{"malformed Authorization", "GET", base, "", "", 401, "unauthorized"},
		{"create: both a name and a text", "POST", ts.URL + "/api/matches", "", `{"scenario":"duel","yaml":"name: x"}`, 400, "bad-request"},
		{"create: unknown scenario", "POST", ts.URL + "/api/matches", "", `{"scenario":"nope"}`, 422, "bad-scenario"},
		{"create: bad YAML", "POST", ts.URL + "/api/matches", "", `{"yaml":"name: [unclosed"}`, 422, "bad-scenario"},
		{"create: unknown ruling", "POST", ts.URL + "/api/matches", "", `{"scenario":"duel","rulings":{"nope":"x"}}`, 422, "unknown-ruling"},
		{"create: rulings of the wrong type", "POST", ts.URL + "/api/matches", "", `{"scenario":"duel","rulings":[1]}`, 400, "bad-json"},
		{"unknown endpoint", "GET", ts.URL + "/api/nope", "", "", 404, "not-found"},
	}
	for _, c := range cases {
		var body *strings.Reader
		if c.body != "" {
			body = strings.NewReader(c.body)
		}
		req, _ := http.NewRequest(c.method, c.url, nil)
		if body != nil {
			req, _ = http.NewRequest(c.method, c.url, body)
			req.Header.Set("Content-Type", "application/json")
		}
		if c.token != "" {
			req.Header.Set("Authorization", "Bearer "+c.token)
		}
		if c.name == "malformed Authorization" {
			req.Header.Set("Authorization", "Basic abc")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e apiErr
		err = json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if err != nil || resp.StatusCode != c.status || e.Code != c.code || e.Message == "" {
			t.Errorf("%s: %d %+v (%v), want %d %s with a message", c.name, resp.StatusCode, e, err, c.status, c.code)
		}
		if c.code == "stale-seq" && (e.Seq == nil || *e.Seq != before.Seq) {
			t.Errorf("%s: the answer does not carry the current seq %d: %+v", c.name, before.Seq, e)
		}
	}
	var after snapshot
	call(t, "GET", base, "", nil, &after)
	if after.Seq != before.Seq || !bytes.Equal(after.Observation, before.Observation) {
		t.Fatal("bad input changed the match")
	}
	// The same action id again is answered as the first time and applied
	// once.
	var first, again json.RawMessage
	call(t, "POST", base+"/actions", blue, `{"seq":0,"id":"first","action":`+move+`}`, &again)
	if code := call(t, "POST", base+"/actions", blue, `{"seq":0,"id":"first","action":`+move+`}`, &first); code != 200 || !bytes.Equal(first, again) {
		t.Fatalf("a replayed action id: %d %s / %s", code, first, again)
	}
	call(t, "GET", base, "", nil, &after)
	if after.Seq != before.Seq {
		t.Fatal("a replayed action id was applied again")
	}
}

// A client that sends its headers slowly is cut off by the server's
// timeouts (the http.Server of HTTPServer, here with its header timeout
// shortened to keep the test fast; httptest's has none, so this starts a
// real one). The server must close the connection before the client's own
// deadline: what is checked is who hung up, not how long it took, so that
// a busy machine cannot fail the test.
func TestSlowClient(t *testing.T) {
	srv := newRealServer(t)
	conn, err := net.Dial("tcp", srv)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.Write([]byte("GET /healthz HTTP/1.1\r\nHost: x\r\n")) // and never the end of the headers
	conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	got, err := io.ReadAll(conn)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the server kept waiting for the headers until the client gave up")
	}
	// Closed, or a 408: either way the request was not served.
	if bytes.Contains(got, []byte(`"ok"`)) {
		t.Fatal("an unfinished request was served")
	}
}

// Strict JSON (issue 27): a duplicated member anywhere in a body, and a
// route point of the wrong size, are refused with 400 naming the field,
// and nothing is applied — encoding/json would have kept the last member
// ({"seq":5,"seq":0} acting at seq 0) and read [1] as (1, 0) and [1, 2, 3]
// as (1, 2).
func TestStrictJSON(t *testing.T) {
	ts := start(t)
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID
	blue := c.Seats["blue"].Token
	move := func(route string) string {
		return `{"kind":"activate","trooper":"fusilier","order":"regular","skill":{"name":"move","route":` + route + `}}`
	}
	for _, c := range []struct {
		name, url, body, code, field string
	}{
		{"seq twice", base + "/actions", `{"seq":5,"seq":0,"id":"a","action":` + move(`[[10,11]]`) + `}`, "duplicate-field", `"seq"`},
		{"kind twice in the action", base + "/actions", `{"seq":0,"id":"a","action":{"kind":"activate","kind":"end-orders"}}`, "duplicate-field", `"action.kind"`},
		{"route twice in the skill", base + "/actions", `{"seq":0,"id":"a","action":{"kind":"activate","trooper":"fusilier","order":"regular","skill":{"name":"move","route":[[10,11]],"route":[[10,12]]}}}`, "duplicate-field", `"action.skill.route"`},
		{"a point of one coordinate", base + "/actions", `{"seq":0,"id":"a","action":` + move(`[[1]]`) + `}`, "bad-request", "action.skill.route[0]"},
		{"a point of three coordinates", base + "/actions", `{"seq":0,"id":"a","action":` + move(`[[10,11,12]]`) + `}`, "bad-request", "action.skill.route[0]"},
		{"odds: a point of three coordinates", base + "/odds", `{"actions":[` + move(`[[10,11],[10,12,1]]`) + `]}`, "bad-request", "actions[0].skill.route[1]"},
		{"create: a ruling twice", ts.URL + "/api/matches", `{"scenario":"duel","rulings":{"x":"a","x":"b"}}`, "duplicate-field", `"rulings.x"`},
	} {
		var e apiErr
		code := call(t, "POST", c.url, blue, c.body, &e)
		if code != 400 || e.Code != c.code || !strings.Contains(e.Message, c.field) {
			t.Errorf("%s: %d %+v, want 400 %s naming %s", c.name, code, e, c.code, c.field)
		}
	}
	var after snapshot
	call(t, "GET", base, "", nil, &after)
	if after.Seq != 0 {
		t.Fatalf("a refused body was applied: seq %d", after.Seq)
	}
	// The well-formed action still applies.
	if code := call(t, "POST", base+"/actions", blue, `{"seq":0,"id":"a","action":`+move(`[[10,11]]`)+`}`, nil); code != 200 {
		t.Fatalf("the well-formed move: %d", code)
	}
}
