package server_test

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"os"
	"testing"
)

// A match from a bundled mission and two army lists over the API
// (docs/MISSIONS.md): POST /api/matches {mission, armies}; the Initiative
// Roll is taken at once, the pre-game and the rounds are played to the
// end through the seats' menus, and the observation carries the mission's
// OP and its winner. A bad request is refused before anything is stored.
func TestMissionOverHTTP(t *testing.T) {
	ts, _ := startMissions(t, nil)
	list, err := os.ReadFile("../data/armies/blue-company.yaml")
	if err != nil {
		t.Fatal(err)
	}
	armies := map[string]string{"blue": string(list), "red": string(list)}
	var e apiErr
	for _, bad := range []struct {
		body map[string]any
		code int
		want string
	}{
		{map[string]any{"mission": "nowhere", "armies": armies}, http.StatusUnprocessableEntity, "bad-scenario"},
		{map[string]any{"mission": "uplink", "armies": map[string]string{"green": string(list)}}, http.StatusBadRequest, "bad-request"},
		{map[string]any{"mission": "uplink", "scenario": "duel", "armies": armies}, http.StatusBadRequest, "bad-request"},
		{map[string]any{"mission": "uplink", "armies": map[string]string{"blue": string(list), "red": "name: x"}}, http.StatusUnprocessableEntity, "bad-scenario"},
	} {
		if code := call(t, "POST", ts.URL+"/api/matches", "", bad.body, &e); code != bad.code || e.Code != bad.want {
			t.Errorf("%v: %d %+v", bad.body["mission"], code, e)
		}
	}
	var raw json.RawMessage
	if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"mission": "uplink", "armies": armies}, &raw); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, raw)
	}
	var c created
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	var snap snapshot
	call(t, "GET", ts.URL+"/api/matches/"+c.ID, c.Seats["blue"].Token, nil, &snap)
	var obs struct {
		Phase   string `json:"phase"`
		Mission struct {
			Name    string         `json:"name"`
			OP      map[string]int `json:"op"`
			Winner  string         `json:"winner"`
			PreGame *struct {
				Winner string `json:"winner"`
			} `json:"preGame"`
		} `json:"mission"`
	}
	if err := json.Unmarshal(snap.Observation, &obs); err != nil {
		t.Fatal(err)
	}
	if obs.Phase != "initiative-choice" || obs.Mission.Name != "Uplink" || obs.Mission.PreGame == nil || obs.Mission.PreGame.Winner == "" {
		t.Fatalf("after creation: %s", snap.Observation)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; move(t, ts, c, rng, n); n++ {
		if n > 3000 {
			t.Fatal("the mission does not end")
		}
	}
	call(t, "GET", ts.URL+"/api/matches/"+c.ID, "", nil, &snap)
	if err := json.Unmarshal(snap.Observation, &obs); err != nil {
		t.Fatal(err)
	}
	if !snap.Over || obs.Mission.OP == nil {
		t.Fatalf("at the end: over %v, %s", snap.Over, snap.Observation)
	}
}
