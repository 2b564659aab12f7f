package infinity

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// The web table's board of the demo as each viewer sees it (golden files
// testdata/board-demo.*.golden; -args -update rewrites them): blue's holds
// its sniper in Hidden Deployment and not red's scout behind the marker;
// red's the scout and not the sniper; the spectator's neither
// (Camouflage (N4), Hidden Deployment (N4)).
func TestGoldenBoard(t *testing.T) {
	sc := load(t, "../data/scenarios/demo.yaml")
	st, err := ruleset(t).Setup(sc, rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []struct {
		name   string
		viewer rules.Viewer
		has    string
		hasNot []string
	}{
		{"blue", rules.PlayerView("blue"), "sniper", []string{"scout"}},
		{"red", rules.PlayerView("red"), "scout", []string{"sniper"}},
		{"spectator", rules.Spectator(), "fusilier", []string{"scout", "sniper"}},
	} {
		t.Run(v.name, func(t *testing.T) {
			b := st.(*State).Board(v.viewer)
			got, err := json.MarshalIndent(b, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", "board-demo."+v.name+".golden")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("the board differs from %s:\n%s", path, got)
			}
			if _, ok := b.Profiles[v.has]; !ok {
				t.Fatalf("%s's board lacks %s", v.name, v.has)
			}
			for _, p := range v.hasNot {
				if _, ok := b.Profiles[p]; ok {
					t.Fatalf("%s's board holds the %s profile", v.name, p)
				}
			}
		})
	}
}
