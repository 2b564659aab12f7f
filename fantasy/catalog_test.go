package fantasy

import (
	"maps"
	"reflect"
	"slices"
	"testing"
)

// BenchmarkNew times New, the ruleset over the shipped catalog, as every
// command, match library and server start that plays the fantasy ruleset
// pays it.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}

// DefaultCatalog parses the shipped files once but hands every caller its
// own catalog: a profile one caller adds, deletes or edits (its missile
// weapon included) is not seen by another, nor by later callers.
func TestDefaultCatalogCallersAreIndependent(t *testing.T) {
	a, err := DefaultCatalog()
	if err != nil {
		t.Fatal(err)
	}
	b, err := DefaultCatalog()
	if err != nil {
		t.Fatal(err)
	}
	if a == b || len(a.Profiles) == 0 || !reflect.DeepEqual(a, b) {
		t.Fatalf("two calls gave %p and %p (%d profiles); want two equal catalogs of their own", a, b, len(a.Profiles))
	}
	var shooter, other string
	for _, name := range slices.Sorted(maps.Keys(a.Profiles)) {
		if a.Profiles[name].Missile != nil && shooter == "" {
			shooter = name
		} else if other == "" {
			other = name
		}
	}
	if shooter == "" || other == "" {
		t.Fatalf("the shipped catalog has no profile with a missile weapon and one more: %v", slices.Sorted(maps.Keys(a.Profiles)))
	}
	want, err := DefaultCatalog()
	if err != nil {
		t.Fatal(err)
	}
	wantShot := *want.Profiles[shooter].Missile

	a.Profiles[shooter].Missile.Range = 99 // through the pointer
	p := a.Profiles[other]
	p.WS = 1
	a.Profiles[other] = p
	delete(a.Profiles, shooter)
	a.Profiles["intruder"] = Profile{Name: "intruder"}

	for i, c := range []*Catalog{b, mustDefault(t)} {
		if got := *c.Profiles[shooter].Missile; got != wantShot {
			t.Errorf("catalog %d: %s's missile weapon is %+v after another caller's edit; want %+v", i, shooter, got, wantShot)
		}
		if !reflect.DeepEqual(c, want) {
			t.Errorf("catalog %d changed with another caller's edits: %d profiles, intruder %v", i, len(c.Profiles), c.HasProfile("intruder"))
		}
	}
}

func mustDefault(t *testing.T) *Catalog {
	t.Helper()
	c, err := DefaultCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return c
}
