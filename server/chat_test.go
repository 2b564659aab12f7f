package server_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/ordo-rules/ordo/server"

	_ "modernc.org/sqlite"
)

type chatMsg struct {
	N       int    `json:"n"`
	Channel string `json:"channel"`
	Seat    string `json:"seat"`
	Seq     int    `json:"seq"`
	Text    string `json:"text"`
}

func say(t *testing.T, base, token, text string) (int, apiErr) {
	t.Helper()
	var e apiErr
	code := call(t, "POST", base+"/chat", token, map[string]string{"text": text}, &e)
	return code, e
}

// readChat reads a feed until its next chat message.
func readChat(t *testing.T, c *websocket.Conn) chatMsg {
	t.Helper()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, b, err := c.Read(ctx)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		var m struct {
			Type string   `json:"type"`
			Chat *chatMsg `json:"chat"`
		}
		json.Unmarshal(b, &m)
		if m.Type == "chat" {
			return *m.Chat
		}
	}
}

// Chat: the seats talk in one channel and spectators in another; each
// reads its own (a spectator may not read the seats' until the match is
// over), gets it on its feed, and sees it beside each replay step;
// messages are bounded, rate-limited, stored with the match and never
// move its seq.
func TestChat(t *testing.T) {
	dir := t.TempDir()
	ts, stop := tableServer(t, dir)
	c := create(t, ts, "duel")
	base := ts.URL + "/api/matches/" + c.ID
	red, blue := c.Seats["red"].Token, c.Seats["blue"].Token
	redFeed := dial(t, base+"/ws?from=0", red)
	defer redFeed.CloseNow()
	specFeed := dial(t, base+"/ws?from=0", "")
	defer specFeed.CloseNow()
	move(t, ts, c, rand.New(rand.NewPCG(1, 2)), 0)
	var before snapshot
	call(t, "GET", base, "", nil, &before)

	if code, e := say(t, base, blue, "good luck"); code != 200 {
		t.Fatalf("blue says: %d %+v", code, e)
	}
	if code, e := say(t, base, "", "go blue!"); code != 200 {
		t.Fatalf("a spectator says: %d %+v", code, e)
	}
	if m := readChat(t, redFeed); m.Channel != "seats" || m.Seat != "blue" || m.Text != "good luck" || m.Seq != before.Seq {
		t.Fatalf("red's feed: %+v", m)
	}
	if m := readChat(t, specFeed); m.Channel != "spectators" || m.Seat != "" || m.Text != "go blue!" {
		t.Fatalf("the spectator's feed got %+v, want only the spectators' message", m)
	}
	var after snapshot
	call(t, "GET", base, "", nil, &after)
	if after.Seq != before.Seq {
		t.Fatalf("chat moved the seq from %d to %d", before.Seq, after.Seq)
	}
	var page struct{ Messages []chatMsg }
	if code := call(t, "GET", base+"/chat", red, nil, &page); code != 200 || len(page.Messages) != 1 || page.Messages[0].Text != "good luck" {
		t.Fatalf("red reads the seats' chat: %d %+v", code, page)
	}
	var e apiErr
	if code := call(t, "GET", base+"/chat?channel=seats", "", nil, &e); code != http.StatusForbidden {
		t.Fatalf("a spectator reads the seats' chat in play: %d %+v", code, e)
	}
	for _, bad := range []struct {
		text   string
		status int
	}{
		{"", 400}, {strings.Repeat("x", 501), 413}, {"bell\a", 400}, {"line\u2028separator", 400},
	} {
		if code, e := say(t, base, red, bad.text); code != bad.status {
			t.Errorf("message %q: %d %+v, want %d", bad.text, code, e, bad.status)
		}
	}
	if code, e := say(t, base, red, "line one\nline two"); code != 200 {
		t.Fatalf("two lines: %d %+v", code, e)
	}
	// Rate-limited per seat: the default burst, then 429.
	limited := false
	for i := range server.DefaultChatBurst + 1 {
		if code, _ := say(t, base, blue, "spam"); code == http.StatusTooManyRequests {
			limited = i > 0
			break
		}
	}
	if !limited {
		t.Fatal("a seat's messages are not rate-limited")
	}
	// Stored: a new server on the same file has them; the replay's steps
	// show what was written by then; once the match is over spectators
	// read the seats' chat too.
	stop()
	ts2, _ := tableServer(t, dir)
	c2 := c
	base = ts2.URL + "/api/matches/" + c.ID
	if code, e := tableAct(t, ts2, c2, "red", "resign", "gg"); code != 200 {
		t.Fatalf("resign: %d %+v", code, e)
	}
	if code := call(t, "GET", base+"/chat?channel=seats", "", nil, &page); code != 200 || len(page.Messages) < 2 || page.Messages[0].Text != "good luck" {
		t.Fatalf("a spectator reads the seats' chat after the end: %d %+v", code, page)
	}
	var step struct{ Chat []chatMsg }
	call(t, "GET", base+"/replay/0", "", nil, &step)
	if len(step.Chat) != 0 {
		t.Fatalf("chat at step 0, before any was written: %+v", step.Chat)
	}
	call(t, "GET", base+"/replay/999", "", nil, &step)
	if len(step.Chat) < 3 {
		t.Fatalf("the last step's chat: %+v", step.Chat)
	}
}

// An old database — written before the chat's and the webhooks' tables
// existed (schema version 1) — opened by this server is migrated forward:
// its match plays on, and its chat and webhooks work.
func TestOldDatabaseGetsChat(t *testing.T) {
	dir := t.TempDir()
	ts, stop := tableServer(t, dir)
	c := create(t, ts, "duel")
	move(t, ts, c, rand.New(rand.NewPCG(3, 2)), 0)
	var was snapshot
	call(t, "GET", ts.URL+"/api/matches/"+c.ID, "", nil, &was)
	stop()
	// Back to version 1, as an older ordo left it.
	db, err := sql.Open("sqlite", filepath.Join(dir, "ordo.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"DROP TABLE chat", "DROP TABLE webhooks", "DROP INDEX matches_status",
		"ALTER TABLE matches DROP COLUMN status", "ALTER TABLE matches DROP COLUMN updated", "ALTER TABLE matches DROP COLUMN clock", "PRAGMA user_version = 1"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	ts2, _ := tableServer(t, dir)
	base := ts2.URL + "/api/matches/" + c.ID
	var now snapshot
	call(t, "GET", base, "", nil, &now)
	if now.Seq != was.Seq || !bytes.Equal(now.Observation, was.Observation) {
		t.Fatal("the match changed across the migration")
	}
	if code, e := say(t, base, c.Seats["red"].Token, "still here"); code != 200 {
		t.Fatalf("chat after the migration: %d %+v", code, e)
	}
	if code := call(t, "POST", base+"/webhook", c.Seats["red"].Token, map[string]string{"url": "https://example.org/hook"}, nil); code != 200 {
		t.Fatalf("a webhook after the migration: %d", code)
	}
	if ok, _ := listed(t, ts2.URL, "playing", c.ID); !ok {
		t.Fatal("the old match is not listed in play after the migration")
	}
	if !move(t, ts2, c, rand.New(rand.NewPCG(3, 3)), 1) {
		t.Fatal("the game is over")
	}
}

// The spectators' chat is rate-limited per client address by its own
// bound (Config.SpectatorChat, ordo serve --spectator-chat), apart from
// the seats': past it a spectator's message is 429 too-many-messages with
// Retry-After and is not stored, while a seat at the same address still
// talks; by default the bound is DefaultSpectatorChat.
func TestSpectatorChatBound(t *testing.T) {
	for _, tc := range []struct {
		cfg  server.Config
		want int
	}{
		{server.Config{SpectatorChat: 3}, 3},
		{server.Config{}, server.DefaultSpectatorChat},
		{server.Config{SpectatorChat: 25, ChatBurst: 2}, 25},
	} {
		ts := guardedServer(t, tc.cfg)
		c := create(t, ts, "duel")
		base := ts.URL + "/api/matches/" + c.ID
		for i := range tc.want {
			if code, e := say(t, base, "", "hello"); code != http.StatusOK {
				t.Fatalf("%+v: spectator message %d: %d %+v", tc.cfg, i+1, code, e)
			}
		}
		req, _ := http.NewRequest("POST", base+"/chat", strings.NewReader(`{"text":"one too many"}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("%+v: spectator message %d: %d (Retry-After %q), want 429 with Retry-After", tc.cfg, tc.want+1, resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		if code, e := say(t, base, c.Seats["red"].Token, "still here"); code != http.StatusOK {
			t.Fatalf("%+v: a seat at the same address after the spectators' bound: %d %+v", tc.cfg, code, e)
		}
		var page struct{ Messages []chatMsg }
		if code := call(t, "GET", base+"/chat?channel=spectators", "", nil, &page); code != 200 || len(page.Messages) != tc.want {
			t.Fatalf("%+v: the spectators' channel holds %d messages (%d), want %d", tc.cfg, len(page.Messages), code, tc.want)
		}
	}
}
