package server_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/cli"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/server"
	"github.com/ordo-rules/ordo/store/sqlite"
)

// botServer runs a server whose authority keeps mem, and returns it with
// its authority and the function that shuts it down.
func botServer(t *testing.T, mem match.Memory) (*httptest.Server, *server.Server, *match.Authority, context.CancelFunc) {
	t.Helper()
	return botServerOf(t, mem, library(t))
}

// botServerOf is botServer with the library lib.
func botServerOf(t *testing.T, mem match.Memory, lib *match.Library) (*httptest.Server, *server.Server, *match.Authority, context.CancelFunc) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	a := match.New(match.Options{Store: st, Library: lib, Memory: mem})
	s := server.New(ctx, a, nil)
	ts := httptest.NewServer(s)
	t.Cleanup(func() { cancel(); ts.Close(); st.Close() })
	return ts, s, a, cancel
}

type botCreated struct {
	created
	Bots map[string]string `json:"bots"`
}

// createWithBot creates scenario with red played by the bot name.
func createWithBot(t *testing.T, ts *httptest.Server, scenario, name string) botCreated {
	t.Helper()
	var c botCreated
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"scenario": scenario, "bots": map[string]string{"red": name}}, &c); code != http.StatusCreated {
		t.Fatalf("create %s with a %s bot: status %d", scenario, name, code)
	}
	if _, ok := c.Seats["red"]; ok || len(c.Seats) != 1 || c.Bots["red"] != name {
		t.Fatalf("create: seats %v, bots %v: want blue's token only and red the bot's", c.Seats, c.Bots)
	}
	return c
}

// untilBlue waits until the match waits for blue or is over, and returns
// blue's snapshot then.
func untilBlue(t *testing.T, ts *httptest.Server, c botCreated) snapshot {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		var snap snapshot
		if code := call(t, "GET", ts.URL+"/api/matches/"+c.ID+"?menu=legal", c.Seats["blue"].Token, nil, &snap); code != 200 {
			t.Fatalf("blue's snapshot: %d", code)
		}
		if snap.Over || len(snap.Menu) > 0 {
			return snap
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot has not played in a minute (seq %d, prompt %+v)", snap.Seq, snap.Prompt)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// blueMoves sends one of blue's legal actions, drawn with rng.
func blueMoves(t *testing.T, ts *httptest.Server, c botCreated, snap snapshot, rng *rand.Rand, n int) {
	t.Helper()
	body := map[string]any{"seq": snap.Seq, "id": fmt.Sprintf("b%d", n), "action": snap.Menu[rng.IntN(len(snap.Menu))].Action}
	var e apiErr
	if code := call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/actions", c.Seats["blue"].Token, body, &e); code != 200 && e.Code != "stale" {
		t.Fatalf("blue's action %d: %d %+v", n, code, e)
	}
}

// untilBots waits until n matches' computer players run.
func untilBots(t *testing.T, s *server.Server, n int, why string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for s.BotsRunning() != n {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d bots run, want %d", why, s.BotsRunning(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// A person plays the demo against the greedy bot over HTTP to the end:
// the bot answers every prompt of its seat (its AROs as well as its
// turns) through the same path as a person's action; the match verifies
// from its export, and every decision of the bot is played again, the
// same, from the published seed (match.BotRand); the bot's goroutine
// then ends.
func TestPlayAgainstBot(t *testing.T) {
	ts, s, _, _ := botServer(t, match.Memory{})
	c := createWithBot(t, ts, "demo", "greedy")
	rng := rand.New(rand.NewPCG(5, 6))
	n := 0
	for snap := untilBlue(t, ts, c); !snap.Over; snap = untilBlue(t, ts, c) {
		if n++; n > 2000 {
			t.Fatal("no end in 2000 of blue's actions")
		}
		blueMoves(t, ts, c, snap, rng, n)
	}
	untilBots(t, s, 0, "the match is over")
	var x match.Export
	if code := call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/export", "", nil, &x); code != 200 {
		t.Fatalf("export: %d", code)
	}
	if _, err := library(t).Verify(&x); err != nil {
		t.Fatalf("verify: %v", err)
	}
	if x.Bots["red"] != "greedy" {
		t.Fatalf("export's bots %v: want red greedy", x.Bots)
	}
	red := replayBot(t, &x, "red")
	t.Logf("%d entries, %d of them the bot's, played again the same", len(x.Log), red)
	if red < 5 {
		t.Fatalf("the bot played %d actions: want a real game", red)
	}
}

// replayBot plays the log of x again and, before each of seat's entries,
// asks its bot again with the generator the match drew from: the same
// action must come out. It returns how many it compared.
func replayBot(t *testing.T, x *match.Export, seat rules.Seat) int {
	t.Helper()
	seed, err := hex.DecodeString(x.Seed)
	if err != nil {
		t.Fatal(err)
	}
	rs, st, err := library(t).Setup(x.ScenarioName, []byte(x.Scenario), x.Rulings)
	if err != nil {
		t.Fatal(err)
	}
	p, err := bot.New(x.Bots[seat])
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, e := range x.Log {
		if e.Seat == seat {
			a, err := bot.Act(p, st, seat, match.BotRand(seed, x.ID, seat, e.Seq))
			if err != nil {
				t.Fatalf("entry %d: %v", e.Seq, err)
			}
			b, _ := rules.Encode(a)
			if !bytes.Equal(b, e.Action) {
				t.Fatalf("entry %d: the bot decides %s again, the log has %s", e.Seq, b, e.Action)
			}
			compared++
		}
		act, err := rs.DecodeAction(e.Action)
		if err != nil {
			t.Fatalf("entry %d: %v", e.Seq, err)
		}
		script, _ := dice.NewScript(e.Dice...)
		if _, err := st.Apply(e.Seat, act, script); err != nil {
			t.Fatalf("entry %d: %v", e.Seq, err)
		}
	}
	return compared
}

// playUntilBotWaits plays blue until the bot has acted and waits for
// blue, its goroutine running between its turns.
func playUntilBotWaits(t *testing.T, ts *httptest.Server, s *server.Server, c botCreated) snapshot {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 0; ; n++ {
		snap := untilBlue(t, ts, c)
		if snap.Over {
			t.Fatal("the game ended before the bot played")
		}
		if botActed(t, ts, c, 0) && s.BotsRunning() == 1 {
			return snap
		}
		if n > 500 {
			t.Fatal("the bot has not played in 500 of blue's actions")
		}
		blueMoves(t, ts, c, snap, rng, n)
	}
}

// botActed says whether red has an entry in the log from seq from on.
func botActed(t *testing.T, ts *httptest.Server, c botCreated, from int) bool {
	t.Helper()
	var log struct {
		Entries []struct {
			Seat string `json:"seat"`
		} `json:"entries"`
	}
	call(t, "GET", fmt.Sprintf("%s/api/matches/%s/log?from=%d", ts.URL, c.ID, from), "", nil, &log)
	for _, e := range log.Entries {
		if e.Seat == "red" {
			return true
		}
	}
	return false
}

// A bot's goroutine ends when the person resigns, when the match leaves
// memory (and a new one plays on when it comes back and the bot's seat is
// waited for), and when the server shuts down: none is left behind.
func TestBotGoroutineEnds(t *testing.T) {
	t.Run("resign", func(t *testing.T) {
		ts, s, _, _ := botServer(t, match.Memory{})
		c := createWithBot(t, ts, "demo", "greedy")
		snap := playUntilBotWaits(t, ts, s, c)
		body := map[string]any{"seq": snap.Seq, "id": "resign", "action": map[string]string{"kind": match.KindResign}}
		if code := call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/actions", c.Seats["blue"].Token, body, nil); code != 200 {
			t.Fatalf("resign: %d", code)
		}
		untilBots(t, s, 0, "blue resigned")
	})
	t.Run("evicted", func(t *testing.T) {
		ts, s, a, _ := botServer(t, match.Memory{MaxLive: 1})
		c := createWithBot(t, ts, "demo", "greedy")
		snap := playUntilBotWaits(t, ts, s, c)
		create(t, ts, "duel") // the bound sends the bot's match out of memory
		untilBots(t, s, 0, "the match left memory")
		if a.LiveCount() != 1 {
			t.Fatalf("%d matches live, want the duel only", a.LiveCount())
		}
		// Back in memory, the bot answers again.
		seq := snap.Seq
		rng := rand.New(rand.NewPCG(9, 9))
		for n := 0; ; n++ {
			snap = untilBlue(t, ts, c)
			if botActed(t, ts, c, seq) {
				break
			}
			if snap.Over || n > 500 {
				t.Fatalf("the bot did not play after the match came back (over %v, %d actions)", snap.Over, n)
			}
			blueMoves(t, ts, c, snap, rng, 1000+n)
		}
	})
	t.Run("shutdown", func(t *testing.T) {
		ts, s, _, cancel := botServer(t, match.Memory{})
		c := createWithBot(t, ts, "demo", "greedy")
		playUntilBotWaits(t, ts, s, c)
		cancel()
		untilBots(t, s, 0, "the server shut down")
	})
}

// A create request's bots are checked before the match is made: a seat of
// the scenario, not left open, a player that exists, one seat left to the
// creator, and no army list of its own to send (a mission waiting for
// the seats' lists).
func TestCreateBotsRefused(t *testing.T) {
	ts, _, a, _ := botServer(t, match.Memory{})
	for _, tc := range []struct {
		name string
		body map[string]any
		code string
	}{
		{"unknown bot", map[string]any{"scenario": "demo", "bots": map[string]string{"red": "deep-blue"}}, "unknown-bot"},
		{"no such seat", map[string]any{"scenario": "demo", "bots": map[string]string{"green": "greedy"}}, "bad-request"},
		{"open and a bot", map[string]any{"scenario": "demo", "open": []string{"red"}, "bots": map[string]string{"red": "greedy"}}, "bad-request"},
		{"no seat left", map[string]any{"scenario": "demo", "bots": map[string]string{"red": "greedy", "blue": "random"}}, "bad-request"},
	} {
		var e apiErr
		if code := call(t, "POST", ts.URL+"/api/matches", "", tc.body, &e); code != http.StatusBadRequest || e.Code != tc.code {
			t.Errorf("%s: %d %+v, want 400 %s", tc.name, code, e, tc.code)
		}
	}
	if n := a.LiveCount(); n != 0 {
		t.Fatalf("%d matches made by refused requests", n)
	}
	ms, _ := startMissions(t, nil)
	var e apiErr
	if code := call(t, "POST", ms.URL+"/api/matches", "", map[string]any{"mission": "uplink", "bots": map[string]string{"red": "greedy"}}, &e); code != http.StatusBadRequest || e.Code != "bad-request" {
		t.Errorf("a bot in a mission waiting for the lists: %d %+v, want 400 bad-request", code, e)
	}
}

// logEntries is match c's log from seq from on: each entry's seat, action
// and dice.
func logEntries(t *testing.T, ts *httptest.Server, c botCreated, from int) []loggedEntry {
	t.Helper()
	var log struct {
		Entries []loggedEntry `json:"entries"`
	}
	call(t, "GET", fmt.Sprintf("%s/api/matches/%s/log?from=%d", ts.URL, c.ID, from), "", nil, &log)
	return log.Entries
}

type loggedEntry struct {
	Seq    int             `json:"seq"`
	Seat   string          `json:"seat"`
	Action json.RawMessage `json:"action"`
	Dice   []int           `json:"dice"`
}

// untilRedAnswers waits until red's last entry of the log is a table
// action and returns its kind.
func untilRedAnswers(t *testing.T, ts *httptest.Server, c botCreated, from int) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		for _, e := range logEntries(t, ts, c, from) {
			var k struct {
				Kind string `json:"kind"`
			}
			if e.Seat == "red" && json.Unmarshal(e.Action, &k) == nil && strings.Contains(k.Kind, "-") {
				return k.Kind
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot has not answered in 30 s (log from %d: %+v)", from, logEntries(t, ts, c, from))
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// A bot answers a person's draw offer and take-back requests through the
// same table actions, checked and logged, as a person (Draw offers, Undo
// by consent; docs/BOTS.md): it declines a draw in an even game and
// grants one take-back a match, declining the next; the match, resigned,
// then verifies from its export.
func TestBotAnswersTheTable(t *testing.T) {
	lib, err := cli.Library()
	if err != nil {
		t.Fatal(err)
	}
	ts, _, _, _ := botServerOf(t, match.Memory{}, lib)
	c := createWithBot(t, ts, "fantasy-demo", "greedy")
	tc := c.created
	snap := untilBlue(t, ts, c)
	if code, e := tableAct(t, ts, tc, "blue", match.KindOfferDraw, "draw-1"); code != 200 {
		t.Fatalf("offer a draw: %d %+v", code, e)
	}
	if got := untilRedAnswers(t, ts, c, snap.Seq); got != match.KindDeclineDraw {
		t.Fatalf("the bot answers a draw offer at the start, an even game, with %s; want %s", got, match.KindDeclineDraw)
	}
	if s := look(t, ts, tc, "blue"); s.Over || slices.Contains(s.Table, match.KindAcceptDraw) {
		t.Fatalf("after the bot declined: over %v, blue's table %v", s.Over, s.Table)
	}
	// Blue ends its charges and moves a unit, a declaration no die is
	// rolled for; then asks to take it back, twice.
	want := []string{match.KindAcceptUndo, match.KindDeclineUndo}
	for i, answer := range want {
		var sent json.RawMessage
		for n := 0; sent == nil; n++ {
			snap = untilBlue(t, ts, c)
			if snap.Over || n > 20 {
				t.Fatalf("no move for blue in %d actions (over %v)", n, snap.Over)
			}
			pick := -1
			for k, m := range snap.Menu {
				if m.Illegal == nil && bytes.Contains(m.Action, []byte(`"kind":"move"`)) {
					pick = k
					break
				}
				if m.Illegal == nil && pick < 0 && bytes.Contains(m.Action, []byte(`"kind":"end-charges"`)) {
					pick = k
				}
			}
			if pick < 0 {
				t.Fatalf("blue's menu has neither a move nor the end of its charges: %d entries", len(snap.Menu))
			}
			a := snap.Menu[pick].Action
			body := map[string]any{"seq": snap.Seq, "id": fmt.Sprintf("m%d-%d", i, n), "action": a}
			if code := call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/actions", c.Seats["blue"].Token, body, nil); code != 200 {
				t.Fatalf("blue's %s: %d", a, code)
			}
			if bytes.Contains(a, []byte(`"kind":"move"`)) {
				sent = a
			}
		}
		es := logEntries(t, ts, c, 0)
		last := es[len(es)-1]
		if last.Seat != "blue" || len(last.Dice) > 0 {
			t.Fatalf("the log's last entry is %s's %s with dice %v: want blue's move, no die rolled", last.Seat, last.Action, last.Dice)
		}
		if code, e := tableAct(t, ts, tc, "blue", match.KindRequestUndo, fmt.Sprint("undo-", i)); code != 200 {
			t.Fatalf("request %d to take back %s: %d %+v", i+1, sent, code, e)
		}
		if got := untilRedAnswers(t, ts, c, last.Seq+2); got != answer {
			t.Fatalf("take-back request %d: the bot answers %s; want %s", i+1, got, answer)
		}
	}
	if code, e := tableAct(t, ts, tc, "blue", match.KindResign, "resign"); code != 200 {
		t.Fatalf("resign: %d %+v", code, e)
	}
	var x match.Export
	if code := call(t, "GET", ts.URL+"/api/matches/"+c.ID+"/export", "", nil, &x); code != 200 {
		t.Fatalf("export: %d", code)
	}
	if _, err := lib.Verify(&x); err != nil {
		t.Fatalf("verify: %v", err)
	}
}
