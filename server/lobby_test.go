package server_test

import (
	"net/http"
	"slices"
	"testing"
)

type lobbyPage struct {
	Matches []struct {
		ID     string   `json:"id"`
		Seats  []string `json:"seats"`
		Open   []string `json:"open"`
		Status string   `json:"status"`
	} `json:"matches"`
}

func listed(t *testing.T, url, status, id string) (bool, []string) {
	t.Helper()
	var p lobbyPage
	if code := call(t, "GET", url+"/api/lobby?status="+status, "", nil, &p); code != 200 {
		t.Fatalf("lobby %s: %d", status, code)
	}
	for _, m := range p.Matches {
		if m.ID == id {
			return true, m.Open
		}
	}
	return false, nil
}

// The lobby: a match created with a seat left open is listed as open; the
// first player to join gets that seat's token (the next is refused 409),
// acts with it, and the match moves to the list of matches in play; once
// over (a resignation), to the finished ones — and all that holds after a
// restart, the lists being the store's.
func TestLobbyOpenSeat(t *testing.T) {
	dir := t.TempDir()
	ts, stop := tableServer(t, dir)
	var c created
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"scenario": "duel", "open": []string{"red"}}, &c); code != http.StatusCreated {
		t.Fatalf("create with an open seat: %d", code)
	}
	if _, ok := c.Seats["red"]; ok || c.Seats["blue"].Token == "" {
		t.Fatalf("the creator's seats: %+v, want blue's token only", c.Seats)
	}
	if ok, open := listed(t, ts.URL, "open", c.ID); !ok || !slices.Equal(open, []string{"red"}) {
		t.Fatalf("the open match in the lobby: %v %v", ok, open)
	}
	var e apiErr
	for _, bad := range []struct {
		body   any
		status int
	}{
		{map[string]any{"scenario": "duel", "open": []string{"green"}}, 400},
		{map[string]any{"scenario": "duel", "open": []string{"red", "blue"}}, 400},
	} {
		if code := call(t, "POST", ts.URL+"/api/matches", "", bad.body, &e); code != bad.status {
			t.Errorf("create %v: %d %+v", bad.body, code, e)
		}
	}
	var joined struct{ Seat, Token, URL string }
	if code := call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/join", "", map[string]string{"seat": "red"}, &joined); code != 200 || joined.Token == "" {
		t.Fatalf("join: %d %+v", code, joined)
	}
	if code := call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/join", "", map[string]string{"seat": "red"}, &e); code != http.StatusConflict || e.Code != "seat-taken" {
		t.Fatalf("a second join: %d %+v", code, e)
	}
	if code := call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/join", "", map[string]string{"seat": "blue"}, &e); code != http.StatusConflict {
		t.Fatalf("joining the creator's seat: %d %+v", code, e)
	}
	if ok, _ := listed(t, ts.URL, "playing", c.ID); !ok {
		t.Fatal("the joined match is not in play")
	}
	if ok, _ := listed(t, ts.URL, "open", c.ID); ok {
		t.Fatal("the joined match is still open")
	}
	c.Seats["red"] = struct {
		Token string `json:"token"`
	}{joined.Token}
	if s := look(t, ts, c, "red"); !slices.Contains(s.Table, "resign") {
		t.Fatalf("red's token does not act as red: %+v", s)
	}
	if code, e := tableAct(t, ts, c, "red", "resign", "gg"); code != 200 {
		t.Fatalf("red resigns: %d %+v", code, e)
	}
	stop()
	ts, _ = tableServer(t, dir)
	if ok, _ := listed(t, ts.URL, "over", c.ID); !ok {
		t.Fatal("the finished match is not listed over after a restart")
	}
	if s := look(t, ts, c, "red"); s.Outcome == nil || s.Outcome.Seat != "red" {
		t.Fatalf("after the restart: %+v", s)
	}
	if code := call(t, "GET", ts.URL+"/api/lobby?status=lost", "", nil, &e); code != 400 {
		t.Fatalf("an unknown status: %d", code)
	}
}
