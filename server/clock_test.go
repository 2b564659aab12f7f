package server_test

import (
	"net/http"
	"testing"
)

// A match created with a time control shows each seat's clock in every
// view; a time control that is no duration, or out of bounds, is 400.
func TestCreateWithClock(t *testing.T) {
	ts := start(t)
	var c created
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"scenario": "duel", "clock": map[string]string{"initial": "45m", "increment": "10s"}}, &c); code != http.StatusCreated {
		t.Fatalf("create with a clock: %d", code)
	}
	var s struct {
		Clock *struct {
			RemainingMS map[string]int64 `json:"remaining_ms"`
			Running     []string         `json:"running"`
			IncrementMS int64            `json:"increment_ms"`
		} `json:"clock"`
	}
	for _, token := range []string{"", c.Seats["red"].Token} {
		call(t, "GET", ts.URL+"/api/matches/"+c.ID, token, nil, &s)
		if s.Clock == nil || s.Clock.RemainingMS["red"] != 45*60*1000 || s.Clock.IncrementMS != 10000 || len(s.Clock.Running) != 1 {
			t.Fatalf("the clock in a view: %+v", s.Clock)
		}
	}
	var e apiErr
	for _, bad := range []map[string]string{{"initial": "soon"}, {"initial": "0s"}, {"initial": "45m", "increment": "-1s"}, {"initial": "900h"}} {
		if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"scenario": "duel", "clock": bad}, &e); code != 400 {
			t.Errorf("clock %v: %d %+v", bad, code, e)
		}
	}
}

// No clock runs while a seat waits for a player; the view shows them
// running from the moment the last seat is taken.
func TestClockStartsWhenTheSeatIsTaken(t *testing.T) {
	ts := start(t)
	var c created
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"scenario": "duel", "open": []string{"red"}, "clock": map[string]string{"initial": "45m"}}, &c); code != http.StatusCreated {
		t.Fatalf("create with a clock and an open seat: %d", code)
	}
	var s struct {
		Clock *struct {
			Running []string `json:"running"`
		} `json:"clock"`
	}
	for _, token := range []string{"", c.Seats["blue"].Token} {
		if call(t, "GET", ts.URL+"/api/matches/"+c.ID, token, nil, &s); s.Clock == nil || len(s.Clock.Running) != 0 {
			t.Fatalf("red's seat open: the clock %+v, want none running", s.Clock)
		}
	}
	if code := call(t, "POST", ts.URL+"/api/matches/"+c.ID+"/join", "", map[string]string{"seat": "red"}, nil); code != http.StatusOK {
		t.Fatalf("join: %d", code)
	}
	for _, token := range []string{"", c.Seats["blue"].Token} {
		if call(t, "GET", ts.URL+"/api/matches/"+c.ID, token, nil, &s); s.Clock == nil || len(s.Clock.Running) != 1 {
			t.Fatalf("every seat taken: the clock %+v, want the prompted seat's running", s.Clock)
		}
	}
}
