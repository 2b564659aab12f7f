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

// The board's program cards (Hacking (N3)) are the programs of the
// profiles it holds and no others, so a program reaches a viewer only with
// a profile it may see; each card reads as the program table prints it,
// and each weapon card carries its range row (BS Attack (N4)).
func TestBoardProgramsAndRanges(t *testing.T) {
	sc := load(t, "../data/scenarios/hacking-demo.yaml")
	st, err := ruleset(t).Setup(sc, rules.Rulings{})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []rules.Viewer{rules.PlayerView("blue"), rules.PlayerView("red"), rules.Spectator()} {
		b := st.(*State).Board(v)
		carried := map[string]bool{}
		for id, p := range b.Profiles {
			for _, pr := range p.Programs {
				carried[pr] = true
				if _, ok := b.Programs[pr]; !ok {
					t.Errorf("%v: %s carries %s, which the board does not describe", v, id, pr)
				}
			}
		}
		for id := range b.Programs {
			if !carried[id] {
				t.Errorf("%v: the board describes %s, which none of its profiles carries", v, id)
			}
		}
		g, ok := b.Programs["gotcha"]
		if !ok {
			t.Fatalf("%v: no Gotcha! on the hacking demo's board", v)
		}
		if g.Name != "Gotcha!" || g.AttackMod != "0" || g.Burst != 2 || g.Damage == "—" {
			t.Errorf("%v: Gotcha! reads %+v", v, g)
		}
		hmg := b.Profiles["hmg"].Weapons[0]
		if hmg.ID != "hmg" || len(hmg.Ranges) == 0 || hmg.Ranges[0].From != 0 {
			t.Errorf("%v: the HMG's card has no range row: %+v", v, hmg)
		}
	}
}
