package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// Each example list shipped in data/armies is accepted over the API as in
// `ordo play` (docs/ARMIES.md): in a match created from a mission with the
// two lists, and sent by each seat with PUT /api/matches/{id}/army. A list
// that names a catalog file names a bundled one, which the server reads
// from its own data, never its disk.
func TestShippedListsOverHTTP(t *testing.T) {
	ts, _ := startMissions(t, nil)
	files, err := filepath.Glob("../data/armies/*.yaml")
	if err != nil || len(files) < 2 {
		t.Fatalf("the shipped lists: %v %v", files, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		list := string(b)
		var raw json.RawMessage
		if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"mission": "uplink", "armies": map[string]string{"blue": list, "red": list}}, &raw); code != http.StatusCreated {
			t.Errorf("%s: a match from the mission and the list: %d %s", f, code, raw)
		}
		var c created
		if code := call(t, "POST", ts.URL+"/api/matches", "", map[string]any{"mission": "uplink"}, &c); code != http.StatusCreated {
			t.Fatalf("create: %d", code)
		}
		for _, seat := range []string{"blue", "red"} {
			code, raw := put(t, ts.URL+"/api/matches/"+c.ID+"/army", c.Seats[seat].Token, list)
			if code != http.StatusOK || (seat == "red") != bytes.Contains(raw, []byte(`"started":true`)) {
				t.Errorf("%s sent by %s: %d %s", f, seat, code, raw)
			}
		}
	}
}
