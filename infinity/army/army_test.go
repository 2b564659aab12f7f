package army

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/infinity/catalog"
)

func labels(t *testing.T, src string) map[string]string {
	t.Helper()
	l, cat, err := Parse("t.yaml", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, n := range l.Troopers(cat) {
		out[n.Label] = n.ID
	}
	return out
}

const four = `name: four
points: 300
combat-groups:
  - troopers:
      - {profile: fusilier, option: combi-rifle, lieutenant: true}
      - {profile: fusilier, option: combi-rifle}
      - {profile: fusilier, option: missile-launcher}
      - {profile: hmg}
`

// Troopers are named by their profile's name and a number, even alone.
func TestTrooperIDsFromProfileNames(t *testing.T) {
	got := labels(t, four)
	want := map[string]string{"Fusilier 1": "fusilier-1", "Fusilier 2": "fusilier-2", "Fusilier 3": "fusilier-3", "Heavy Gunner 1": "heavy-gunner-1"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for label, id := range want {
		if got[label] != id {
			t.Errorf("%s: got id %q, want %q (all: %v)", label, got[label], id, got)
		}
	}
}

// The Lieutenant is Private Information (Lieutenant (N4)), and so is a
// Hidden Deployment trooper (Hidden Deployment (N4)): a twin list whose
// Lieutenant, or whose hidden trooper, is another must give the troopers
// the opponent sees the same ids and labels.
func TestTrooperIDsHideTheLieutenantAndHiddenTroopers(t *testing.T) {
	// The Lieutenant moves: every id stays.
	twin := strings.Replace(strings.Replace(four, ", lieutenant: true}", "}", 1), "option: missile-launcher}", "option: missile-launcher, lieutenant: true}", 1)
	if a, b := labels(t, four), labels(t, twin); !same(a, b) {
		t.Errorf("moving the Lieutenant changed the ids: %v vs %v", a, b)
	}

	// Two snipers-like troopers with Hidden Deployment: whichever hides,
	// the one on the table is "Sniper 1", so the opponent cannot tell a
	// second one exists from a gap in the numbers.
	const two = `name: two
points: 300
combat-groups:
  - troopers:
      - {profile: fusilier, option: combi-rifle, lieutenant: true}
      - {profile: scout, deployment: DEPLOY1}
      - {profile: scout, deployment: DEPLOY2}
`
	list := func(d1, d2 string) []Named {
		src := strings.NewReplacer("deployment: DEPLOY1", d1, "deployment: DEPLOY2", d2).Replace(two)
		l, cat, err := Parse("t.yaml", []byte(src), Options{})
		if err != nil {
			t.Fatal(err)
		}
		return l.Troopers(cat)
	}
	first := list("deployment: camouflage", "deployment: infiltration")  // the first is a marker
	second := list("deployment: infiltration", "deployment: camouflage") // the second is
	if first[2].Label != "Scout 1" || second[1].Label != "Scout 1" {
		t.Errorf("the Scout deployed openly is not Scout 1: %v / %v", first, second)
	}
}

func same(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"Heavy Gunner 2": "heavy-gunner-2", "Proxy Mk.2": "proxy-mk-2", "  ": "trooper", "Zhànshì": "zhnsh"} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
	taken := map[string]bool{}
	if a, b := uniqueID("proxy-mk-2", taken), uniqueID("proxy-mk-2", taken); a != "proxy-mk-2" || b != "proxy-mk-2-2" {
		t.Errorf("two profiles of one slug: %q, %q", a, b)
	}
}

// Check takes a list built in Go, as an import makes one.
func TestCheckAListBuiltInGo(t *testing.T) {
	cat, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	l := &List{Name: "x", Points: 20, SWC: 0, Groups: []Group{{Troopers: []Trooper{{Profile: "hmg", Lieutenant: true}}}}}
	err = Check(l, cat)
	if err == nil || !strings.Contains(err.Error(), "points: Army list and Combat Groups (N4): the troopers cost 40 points, more than the list's limit of 20") ||
		!strings.Contains(err.Error(), "swc: Army list and Combat Groups (N4): the troopers' SWC is 1, more than the list's limit of 0") {
		t.Fatalf("got %v", err)
	}
}
