package infinity

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMenusFindTroopersAfterRenameAndReorder: every candidate of a menu
// names its trooper by id (Order Expenditure Sequence (N4): the activated
// trooper; ARO (N4): each declaring trooper; an attack's target), and
// the menus keep what they found (the last menus' candidates, menuRuns;
// the memos of their checks) in a scratch handed from menu to menu and
// state to state. Right after a menu of the original game, a menu of
// a clone whose concealed troopers PlantCanaries renamed, and of the game
// decoded with the first and last troopers of the seat in each
// other's place, must grey each entry
// as checking it alone does, and the renamed menu must not name a
// trooper by its old id.
func TestMenusFindTroopersAfterRenameAndReorder(t *testing.T) {
	s := setupFile(t, "../data/scenarios/demo.yaml")
	seat := s.Prompt().Seats[0]

	renamed := s.clone()
	renamed.PlantCanaries("C-")
	var old []string
	for _, tr := range s.Troopers {
		if tr.concealed() && tr.Seat == seat {
			old = append(old, `"`+tr.ID+`"`)
		}
	}
	if len(old) == 0 {
		t.Fatalf("the demo has no concealed trooper of %s to rename", seat)
	}

	// The same game with the prompted seat's first and last troopers in
	// each other's place: the last its menu names comes first.
	i, j := -1, -1
	for k, tr := range s.Troopers {
		if tr.Seat == seat {
			if i < 0 {
				i = k
			}
			j = k
		}
	}
	if i == j {
		t.Fatalf("%s has fewer than two troopers", seat)
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	trs := doc["troopers"].([]any)
	trs[i], trs[j] = trs[j], trs[i]
	for _, m := range doc["models"].([]any) {
		switch m := m.(map[string]any); m["trooper"] {
		case float64(i):
			m["trooper"] = j
		case float64(j):
			m["trooper"] = i
		}
	}
	if b, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	dst, err := ruleset(t).DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	reordered := dst.(*State)
	if reordered.Troopers[i].ID != s.Troopers[j].ID || reordered.Troopers[j].ID != s.Troopers[i].ID {
		t.Fatalf("decoded troopers %d, %d are %s, %s: not swapped", i, j, reordered.Troopers[i].ID, reordered.Troopers[j].ID)
	}

	for _, c := range []struct {
		name string
		st   *State
	}{{"renamed", renamed}, {"reordered", reordered}} {
		s.Legal(seat) // the scratch comes to c's menu from the original's
		opts := c.st.Legal(seat)
		if len(opts) == 0 {
			t.Fatalf("%s: empty menu", c.name)
		}
		for i, o := range opts {
			_, alone := c.st.clone().check(o.Action, nil)
			if !sameRefusal(o.Illegal, alone) {
				t.Errorf("%s, entry %d %s: the menu says %v, checking it alone %v", c.name, i, mustEncode(t, o.Action), o.Illegal, alone)
			}
			if c.st != renamed {
				continue
			}
			for _, id := range old {
				if enc := mustEncode(t, o.Action); strings.Contains(enc, id) {
					t.Errorf("%s, entry %d %s names %s by its old id", c.name, i, enc, id)
				}
			}
		}
	}
}
