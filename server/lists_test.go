package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// POST /api/armies/check answers an army list as sending it would check
// it (Army list and Combat Groups (N4), Lieutenant (N4)): a legal list is
// ok; a refused one is a 200 carrying the refusal with its rule and
// line:col, so that a page can ask before it sends; a body over its bound
// is refused before the list is read.
func TestArmyCheck(t *testing.T) {
	ts, _ := startMissions(t, nil)
	list := readList(t, "blue-company")
	tests := []struct {
		name, list string
		ok         bool
		rule       string
		line       int
	}{
		{"a legal list", list, true, "", 0},
		{"Lieutenant (N4): none marked", strings.Replace(list, "lieutenant: true", "lieutenant: false", 1), false, "Lieutenant (N4)", 9}, // the combat-groups line, after the list's fireteams
		{"an empty list", "  \n", false, "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got struct {
				OK      bool         `json:"ok"`
				Refusal *armyRefusal `json:"refusal"`
			}
			if code := call(t, "POST", ts.URL+"/api/armies/check", "", map[string]string{"list": tc.list}, &got); code != http.StatusOK {
				t.Fatalf("status %d", code)
			}
			if got.OK != tc.ok || (got.Refusal == nil) != tc.ok {
				t.Fatalf("ok %v, refusal %+v; want ok %v", got.OK, got.Refusal, tc.ok)
			}
			if tc.ok {
				return
			}
			if got.Refusal.Message == "" || got.Refusal.Rule != tc.rule {
				t.Fatalf("refusal %+v: want the rule %q", got.Refusal, tc.rule)
			}
			if tc.line > 0 && (len(got.Refusal.Problems) == 0 || got.Refusal.Problems[0].Line != tc.line) {
				t.Fatalf("refusal %+v: want line %d", got.Refusal, tc.line)
			}
		})
	}
	var tooBig struct{ Code string }
	if code := call(t, "POST", ts.URL+"/api/armies/check", "", map[string]string{"list": strings.Repeat("#", 200<<10)}, &tooBig); code != http.StatusRequestEntityTooLarge || tooBig.Code != "too-large" {
		t.Fatalf("an oversized body: %d %+v", code, tooBig)
	}
}

// GET /api/missions lists the bundled missions (docs/MISSIONS.md) by the
// id a create takes and the name players call them, with their scoring,
// for the lobby's mission form; each listed id creates a match.
func TestMissionsListed(t *testing.T) {
	ts, lib := startMissions(t, nil)
	var got struct {
		Missions []struct {
			ID      string `json:"id"`
			Name    string `json:"name"`
			Rounds  int    `json:"rounds"`
			Scoring []struct {
				Rule string `json:"rule"`
				When string `json:"when"`
				OP   int    `json:"op"`
			} `json:"scoring"`
		} `json:"missions"`
	}
	if code := call(t, "GET", ts.URL+"/api/missions", "", nil, &got); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	if len(got.Missions) != len(lib.Missions) || len(got.Missions) == 0 {
		t.Fatalf("%d missions listed, %d bundled", len(got.Missions), len(lib.Missions))
	}
	names := map[string]string{}
	for _, m := range got.Missions {
		names[m.ID] = m.Name
		if m.Rounds == 0 || len(m.Scoring) == 0 || m.Scoring[0].OP == 0 || m.Scoring[0].When == "" {
			t.Fatalf("mission %s listed as %+v", m.ID, m)
		}
		var c created
		if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"mission": m.ID}, &c); code != http.StatusCreated {
			t.Fatalf("mission %s: create %d", m.ID, code)
		}
	}
	if names["crossroads"] != "Crossroads" || names["marked-man"] != "Marked Man" {
		t.Fatalf("names %v", names)
	}
}

// The lobby says which matches wait for army lists (issue 24): a mission
// match created without them is listed open with its mission and
// "awaiting_lists" while a seat waits for a player, then under armies
// once the seat is taken; a scenario match never awaits lists.
func TestLobbyShowsAwaitingLists(t *testing.T) {
	ts, _ := startMissions(t, nil)
	var mission, duel created
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"mission": "uplink", "open": []string{"red"}}, &mission); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"scenario": "duel", "open": []string{"red"}}, &duel); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	type listed struct {
		ID            string `json:"id"`
		Mission       string `json:"mission"`
		AwaitingLists bool   `json:"awaiting_lists"`
	}
	lobby := func(status string) map[string]listed {
		t.Helper()
		var page struct{ Matches []listed }
		if code := call(t, "GET", ts.URL+"/api/lobby?status="+status, "", nil, &page); code != http.StatusOK {
			t.Fatalf("lobby: %d", code)
		}
		out := map[string]listed{}
		for _, m := range page.Matches {
			out[m.ID] = m
		}
		return out
	}
	open := lobby("open")
	if m := open[mission.ID]; m.Mission != "uplink" || !m.AwaitingLists {
		t.Fatalf("the mission match, its seat open: %+v", m)
	}
	if m, ok := open[duel.ID]; !ok || m.Mission != "" || m.AwaitingLists {
		t.Fatalf("the scenario match: %+v", m)
	}
	if code := call(t, "POST", ts.URL+"/api/matches/"+mission.ID+"/join", "", map[string]string{"seat": "red"}, nil); code != http.StatusOK {
		t.Fatalf("join: %d", code)
	}
	if m := lobby("armies")[mission.ID]; m.Mission != "uplink" || !m.AwaitingLists {
		t.Fatalf("the mission match, its seat taken: %+v", m)
	}
}
