package geom

import (
	"math"
	"slices"
	"testing"
)

func TestCircleTouched(t *testing.T) {
	tmpl := disc(10, 10, CircularTemplateDiameter/2)
	bases := []Circle{
		disc(10, 10, 0.5),      // under the centre
		disc(12, 10, 0.5),      // tangent: 1.5 + 0.5
		disc(12.001, 10, 0.5),  // just clear
		disc(10, 8.2, 0.5),     // partially covered
		disc(math.NaN(), 1, 1), // invalid: skipped
	}
	got := CircleTouched(tmpl, bases)
	if want := []int{0, 1, 3}; !slices.Equal(got, want) {
		t.Fatalf("Direct Template Weapons (N4) touched = %v, want %v (touching counts)", got, want)
	}
}

func TestTeardrop(t *testing.T) {
	attacker := disc(0, 0, 0.5)
	size := SmallTeardrop() // 8" long, 2.5" wide end, 0.5" tip
	td, err := PlaceTeardrop(attacker, 0, size)
	if err != nil {
		t.Fatal(err)
	}
	if td.Focus != Pt(0.5, 0) {
		t.Fatalf("Direct Template Weapons (N4) the blast focus touches the attacker's edge: focus %v", td.Focus)
	}
	// The template runs from x = 0.5 to x = 8.5; the wide disc is centred at
	// x = 8.5 − 1.25 = 7.25 with radius 1.25.
	tests := []struct {
		name string
		c    Circle
		want bool
	}{
		{"Direct Template Weapons (N4) a base under the template is affected", disc(4, 0, 0.5), true},
		{"Direct Template Weapons (N4) a base touching the far end is affected", disc(9, 0, 0.5), true},
		{"Direct Template Weapons (N4) a base just beyond the far end is not", disc(9.001, 0, 0.5), false},
		{"Direct Template Weapons (N4) a base touching the wide end's side is affected", disc(7.25, 1.75, 0.5), true},
		{"Direct Template Weapons (N4) a base just beside the wide end is not", disc(7.25, 1.751, 0.5), false},
		{"Direct Template Weapons (N4) a base beside the narrow part is not", disc(1.5, 1.2, 0.5), false},
		{"Direct Template Weapons (N4) a base behind the attacker is not", disc(-2, 0, 0.5), false},
		{"the attacker touches its own template at the tip", attacker, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := td.Touches(tt.c); got != tt.want {
				t.Fatalf("Touches(%+v) = %v (dist %v), want %v", tt.c, got, td.Dist(tt.c.Center), tt.want)
			}
		})
	}
	// The side of the cone is a straight tangent: its distance along the
	// axis grows linearly between the discs.
	if d := td.Dist(Pt(4, 0)); d >= 0 {
		t.Fatalf("a point on the axis is inside: dist %v", d)
	}
	got := td.Touched([]Circle{disc(4, 0, 0.5), disc(-2, 0, 0.5), disc(9, 0, 0.5)})
	if !slices.Equal(got, []int{0, 2}) {
		t.Fatalf("Touched = %v", got)
	}
	// Turned to face north, the same template affects a base to the north.
	north, _ := PlaceTeardrop(attacker, math.Pi/2, LargeTeardrop())
	if !north.Touches(disc(0, 10, 0.5)) || north.Touches(disc(10, 0, 0.5)) {
		t.Fatal("the template does not follow its angle")
	}
}

func TestTeardropSizeValidate(t *testing.T) {
	for _, z := range []TeardropSize{SmallTeardrop(), LargeTeardrop(), {Length: 5, WideWidth: 2}} {
		if err := z.Validate(); err != nil {
			t.Errorf("%+v: %v", z, err)
		}
	}
	for _, z := range []TeardropSize{{}, {Length: 2, WideWidth: 2}, {Length: 8, NarrowWidth: 3, WideWidth: 2}, {Length: math.NaN(), WideWidth: 1}, {Length: 8, NarrowWidth: -1, WideWidth: 2}} {
		if err := z.Validate(); err == nil {
			t.Errorf("%+v validated", z)
		}
	}
}
