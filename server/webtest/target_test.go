//go:build browser

package webtest

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// Marked Man in the browser, on each screen (Designated Target, docs/
// MISSIONS.md): once deployment ends, each player's board rings the two
// Designated Targets the API names to that seat — its own and the
// enemy's, by the label the seat knows it by — and no other trooper, and
// the mission's legend names both.
func TestDesignatedTargetRing(t *testing.T) {
	onEachScreen(t, func(t *testing.T, ts *httptest.Server, root context.Context, sc screen) {
		list, err := os.ReadFile("../../data/armies/blue-company.yaml")
		if err != nil {
			t.Fatal(err)
		}
		c := create(t, ts, map[string]any{"mission": "marked-man", "armies": map[string]string{"blue": string(list), "red": string(list)}})
		m := openMission(t, root, sc, map[string]string{"blue": ts.URL + c.Seats["blue"].URL, "red": ts.URL + c.Seats["red"].URL})
		m.preGame(t, sc, nil)
		for seat, p := range m.pages {
			var snap struct {
				Seq         int
				Observation struct {
					Mission struct {
						Targets map[string]string `json:"targets"`
					} `json:"mission"`
				} `json:"observation"`
			}
			apiGet(t, ts.URL+"/api/matches/"+c.ID, c.Seats[seat].Token, &snap)
			targets := snap.Observation.Mission.Targets
			if len(targets) != 2 || targets["blue"] == "" || targets["red"] == "" {
				t.Fatalf("%s: the API names the Designated Targets %v: want one for each army", seat, targets)
			}
			waitJS(t, p, "the state the API answered", fmt.Sprintf(`ordo.snap.seq >= %d`, snap.Seq))
			for army, id := range targets {
				waitJS(t, p, army+"'s Designated Target ringed", `document.querySelector('#board [data-trooper="`+id+`"] [data-role="designated-target"]')`)
				if legend := eval[string](t, p, `document.getElementById('legend').innerText`); !strings.Contains(legend, "Designated Target") || !strings.Contains(legend, army+"'s") {
					t.Fatalf("%s: the legend does not name %s's Designated Target: %s", seat, army, legend)
				}
			}
			if n := eval[int](t, p, `document.querySelectorAll('#board [data-role="designated-target"]').length`); n != 2 {
				t.Fatalf("%s: %d troopers ringed as Designated Targets, want 2", seat, n)
			}
			checkText(t, p)
			screenshot(t, p, "marked-man-"+seat+"-"+sc.name)
		}
		noConsoleErrors(t, m.pages["blue"], m.pages["red"])
	})
}
