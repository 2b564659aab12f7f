package match_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// The lobby says which matches wait for their seats' army lists (issue
// 24): a mission match created without them is listed with its mission
// and as awaiting lists while its seat is open, and after the seat is
// taken (status armies); once both lists are in it is listed playing and
// no longer awaiting. A mission match created with both lists and a
// scenario match are never awaiting.
func TestLobbyListsMatchesAwaitingLists(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1800000000, 0).UTC()
	a := missionAuthority(t, sqliteStore(t), &now)
	list := armyList(t)
	create := func(req match.CreateRequest) *match.Created {
		t.Helper()
		c, err := a.Create(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	awaiting := create(match.CreateRequest{Mission: "uplink", Open: []string{"red"}})
	complete := create(match.CreateRequest{Mission: "crossroads", Armies: map[string]string{"blue": string(list), "red": string(list)}, Open: []string{"red"}})
	scenario := create(match.CreateRequest{Name: "duel", Open: []string{"red"}})
	listed := func(status, id string) match.Listed {
		t.Helper()
		ls, err := a.List(ctx, status, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			if l.SetupHead != nil {
				t.Fatalf("match %s is listed with its setup's first bytes", l.ID)
			}
			if l.ID == id {
				return l
			}
		}
		t.Fatalf("match %s is not listed %s", id, status)
		return match.Listed{}
	}
	for _, c := range []struct {
		name     string
		id       string
		mission  string
		awaiting bool
	}{
		{"a mission match without lists, its seat open", awaiting.ID, "uplink", true},
		{"a mission match with both lists, its seat open", complete.ID, "crossroads", false},
		{"a scenario match, its seat open", scenario.ID, "", false},
	} {
		if l := listed(store.StatusOpen, c.id); l.Mission != c.mission || l.AwaitingArmies != c.awaiting {
			t.Errorf("%s: listed with mission %q, awaiting lists %v; want %q, %v", c.name, l.Mission, l.AwaitingArmies, c.mission, c.awaiting)
		}
	}
	if _, err := a.Join(ctx, awaiting.ID, "red"); err != nil {
		t.Fatal(err)
	}
	if l := listed(store.StatusArmies, awaiting.ID); l.Mission != "uplink" || !l.AwaitingArmies {
		t.Fatalf("its seat taken: listed %+v", l)
	}
	for _, seat := range []rules.Seat{"blue", "red"} {
		if _, err := a.SubmitArmy(ctx, awaiting.ID, seat, list); err != nil {
			t.Fatal(err)
		}
	}
	if l := listed(store.StatusPlaying, awaiting.ID); l.Mission != "uplink" || l.AwaitingArmies {
		t.Fatalf("both lists in: listed %+v", l)
	}
}

// MissionOf reads only a mission document's first bytes, cut anywhere.
func TestMissionOfAShortHead(t *testing.T) {
	for _, c := range []struct {
		head     string
		mission  string
		awaiting bool
	}{
		{`{"mission":"uplink","seats":["blue","red"],"missionText":"# Uplink`, "uplink", true},
		{`{"mission":"uplink","seats":[`, "uplink", true},
		{`{"mission":"uplink","missionText":"# Uplink: two con`, "uplink", false},
		{`{"mission":"upl`, "", false},
		{`name: duel` + strings.Repeat("x", 100), "", false},
		{``, "", false},
	} {
		if m, aw := match.MissionOf([]byte(c.head)); m != c.mission || aw != c.awaiting {
			t.Errorf("MissionOf(%q) = %q, %v; want %q, %v", c.head, m, aw, c.mission, c.awaiting)
		}
	}
}

// Retention (issue 27): a list sent is something done to a match waiting
// for its lists. One sent a day ago keeps the pre-game through a
// retention of two days, however long ago the match was created; one
// never touched for the period is abandoned.
func TestRetentionKeepsAPreGameWithAListSent(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1800000000, 0).UTC()
	a := missionAuthority(t, sqliteStore(t), &now)
	active, err := a.Create(ctx, match.CreateRequest{Mission: "uplink"})
	if err != nil {
		t.Fatal(err)
	}
	abandoned, err := a.Create(ctx, match.CreateRequest{Mission: "crossroads"})
	if err != nil {
		t.Fatal(err)
	}
	now = now.Add(4 * 24 * time.Hour)
	if _, err := a.SubmitArmy(ctx, active.ID, "blue", armyList(t)); err != nil {
		t.Fatal(err)
	}
	now = now.Add(24 * time.Hour)
	if n, err := a.Prune(ctx, now.Add(-2*24*time.Hour)); err != nil || n != 1 {
		t.Fatalf("Prune: %d %v, want only the abandoned match deleted", n, err)
	}
	if _, err := a.Snapshot(ctx, active.ID, rules.Spectator()); err != nil {
		t.Fatalf("the pre-game with a list sent a day ago: %v", err)
	}
	if _, err := a.Snapshot(ctx, abandoned.ID, rules.Spectator()); !isCode(err, match.CodeNotFound) {
		t.Fatalf("the abandoned pre-game: %v, want not-found", err)
	}
}
