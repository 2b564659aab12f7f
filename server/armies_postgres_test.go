//go:build postgres

package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/internal/cli"
	"github.com/ordo-rules/ordo/internal/pgtest"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/postgres"
)

// startMissionsOnPostgres is a server playing the bundled missions on the
// shared test database, following the other servers.
func startMissionsOnPostgres(t *testing.T) *httptest.Server {
	t.Helper()
	lib, err := cli.Library()
	if err != nil {
		t.Fatal(err)
	}
	st, err := postgres.Open(context.Background(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	a := match.New(match.Options{Store: st, Library: lib})
	go a.Follow(ctx, st)
	ts := httptest.NewServer(server.New(ctx, a, nil))
	t.Cleanup(func() { cancel(); ts.Close(); st.Close() })
	return ts
}

// Army lists sent to two servers sharing PostgreSQL: blue's list goes to
// one, and red's feed on the other shows it in; red's list to the other
// starts the game once, and both serve the same match.
func TestArmiesOnTwoServers(t *testing.T) {
	one, two := startMissionsOnPostgres(t), startMissionsOnPostgres(t)
	var c created
	if code := call(t, "POST", one.URL+"/api/matches", "", map[string]any{"mission": "uplink"}, &c); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	base := "/api/matches/" + c.ID
	feed := dial(t, two.URL+base+"/ws?from=0", c.Seats["red"].Token)
	defer feed.CloseNow()
	msgs := follow(feed)
	next := func() []byte {
		t.Helper()
		select {
		case b := <-msgs:
			return b
		case <-time.After(5 * time.Second):
			t.Fatal("the feed sent nothing")
			return nil
		}
	}
	next() // the state at first
	if code, raw := put(t, one.URL+base+"/army", c.Seats["blue"].Token, readList(t, "blue-company")); code != http.StatusOK {
		t.Fatalf("blue's list: %d %s", code, raw)
	}
	got := next()
	var m struct {
		Type  string         `json:"type"`
		State armiesSnapshot `json:"state"`
	}
	if err := json.Unmarshal(got, &m); err != nil || m.Type != "state" || m.State.Armies == nil || !m.State.Armies.Submitted["blue"] {
		t.Fatalf("red's feed on the other server: %s %v", got, err)
	}
	if code, raw := put(t, two.URL+base+"/army", c.Seats["red"].Token, otherList(t)); code != http.StatusOK || !bytes.Contains(raw, []byte(`"started":true`)) {
		t.Fatalf("red's list: %d %s", code, raw)
	}
	// The first server follows on the notice of the game's entries.
	var x, y json.RawMessage
	call(t, "GET", two.URL+base+"/log", "", nil, &y)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		call(t, "GET", one.URL+base+"/log", "", nil, &x)
		if bytes.Equal(x, y) || time.Now().After(deadline) {
			break
		}
	}
	if !bytes.Contains(y, []byte(`"seq":0`)) || !bytes.Equal(x, y) {
		t.Fatalf("the two servers' logs:\n%s\n%s", x, y)
	}
}
