package army

import (
	"maps"
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/infinity/catalog"
	"pgregory.net/rapid"
)

// visibleIDs is what an opponent sees of a list at deployment: the id
// and label of each trooper deployed openly, by profile.
func visibleIDs(l *List, cat *catalog.Catalog) map[string]string {
	out := map[string]string{}
	for _, n := range l.Troopers(cat) {
		if n.concealed() == 0 {
			out[n.ID] = n.Label
		}
	}
	return out
}

// The twin property of trooper ids (Lieutenant (N4), Hidden Deployment
// (N4)): two lists that differ only in private choices — who is the
// Lieutenant, which troopers deploy hidden, as markers or in reserve, and
// how many more troopers hide — give the troopers deployed openly the
// same ids and labels, and every list's ids are distinct.
func TestTrooperIDsTwins(t *testing.T) {
	cat, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	profiles := []string{"fusilier", "line-trooper", "hmg", "sniper", "scout", "hellcat"}
	choices := []string{"", Hidden, Camouflage, Airborne}
	rapid.Check(t, func(t *rapid.T) {
		// The troopers deployed openly, in list order, the same in both
		// twins; each twin adds its own concealed troopers anywhere.
		open := rapid.SliceOfN(rapid.SampledFrom(profiles), 1, 8).Draw(t, "open")
		twin := func(name string) *List {
			var ts []Trooper
			for _, p := range open {
				ts = append(ts, Trooper{Profile: p})
			}
			for range rapid.IntRange(0, 5).Draw(t, name+" concealed") {
				d := rapid.SampledFrom(choices[1:]).Draw(t, name+" choice")
				at := rapid.IntRange(0, len(ts)).Draw(t, name+" at")
				ts = slices.Insert(ts, at, Trooper{Profile: rapid.SampledFrom(profiles).Draw(t, name+" profile"), Deployment: []string{d}})
			}
			ts[rapid.IntRange(0, len(ts)-1).Draw(t, name+" lieutenant")].Lieutenant = true
			split := rapid.IntRange(0, len(ts)).Draw(t, name+" split")
			l := &List{Groups: []Group{{Troopers: ts[:split]}, {Troopers: ts[split:]}}}
			seen := map[string]bool{}
			for _, n := range l.Troopers(cat) {
				if seen[n.ID] {
					t.Fatalf("%s: id %q twice", name, n.ID)
				}
				seen[n.ID] = true
			}
			return l
		}
		a, b := visibleIDs(twin("a"), cat), visibleIDs(twin("b"), cat)
		if !maps.Equal(a, b) {
			t.Fatalf("the troopers deployed openly differ between twins:\n%v\n%v", a, b)
		}
	})
}
