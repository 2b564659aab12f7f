package catalog

import (
	"math"
	"strings"
	"testing"
)

// TestCheckAcceptsDefault: every entry the reader accepts passes Check.
func TestCheckAcceptsDefault(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range c.Weapons() {
		if errs := w.Check(); len(errs) > 0 {
			t.Errorf("weapon %s: %v", w.ID, errs)
		}
	}
	for _, p := range c.Profiles() {
		if errs := p.Check(); len(errs) > 0 {
			t.Errorf("profile %s: %v", p.ID, errs)
		}
	}
}

// TestCheckFields checks the fields Check names, in the JSON spelling of
// an entry, for values only a decoded state can hold.
func TestCheckFields(t *testing.T) {
	gun := Weapon{ID: "gun", Name: "Gun", Attribute: "BS", Ranges: []RangeBand{{0, 8, 3}, {8, 16, 0}}, Damage: 13, Burst: 2, Ammo: []string{"N"}, Save: "ARM"}
	if errs := gun.Check(); len(errs) > 0 {
		t.Fatalf("a good weapon: %v", errs)
	}
	for _, tc := range []struct {
		name string
		edit func(w *Weapon)
		want string // the first error
	}{
		{"NaN band", func(w *Weapon) { w.Ranges[1].From = math.NaN() }, "ranges[1].from: from must be 0 or more"},
		{"template", func(w *Weapon) { w.Traits.Template = "square" }, `traits.template: unknown template "square"`},
		{"damage attribute", func(w *Weapon) { w.DamageAttribute = "ph" }, `damageAttribute: unknown damage attribute "ph": did you mean "PH"?`},
		{"repeated ammo", func(w *Weapon) { w.Ammo = []string{"DA", "da"} }, "ammo[1]: ammunition DA is listed twice (also ammo[0])"},
		{"suppressive fire", func(w *Weapon) { w.Ranges, w.Traits.SuppressiveFire, w.Traits.CC = nil, true, true }, "traits.suppressiveFire: suppressive-fire needs range bands"},
		{"direct template", func(w *Weapon) { w.Traits.Template = DirectSmallTeardrop }, "ranges: a Direct Template weapon has no range bands"},
	} {
		w := gun
		w.Ranges = append([]RangeBand(nil), gun.Ranges...)
		tc.edit(&w)
		errs := w.Check()
		if len(errs) == 0 || !strings.HasPrefix(errs[0].Error(), tc.want) {
			t.Errorf("%s: got %v, want %q…", tc.name, errs, tc.want)
		}
	}
	tag := Profile{ID: "tag", Name: "TAG", Type: TAG, MOV: [2]int{6, 4}, W: 0, STR: true, S: 7}
	if errs := tag.Check(); len(errs) != 1 || errs[0].Error() != "w: str must be 1 to 10, got 0" {
		t.Errorf("STR 0: got %v", errs)
	}
}
