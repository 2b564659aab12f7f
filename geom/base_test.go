package geom

import (
	"math"
	"testing"
)

func TestDefaultSilhouettes(t *testing.T) {
	tab := DefaultSilhouettes()
	if err := tab.Validate(); err != nil {
		t.Fatal(err)
	}
	want := map[int][2]float64{1: {25, 25}, 2: {25, 40}, 3: {40, 32}, 4: {55, 32}, 5: {40, 45}, 6: {40, 55}, 7: {55, 67}, 8: {70, 70}}
	for s, mm := range want {
		z, err := tab.Size(s)
		if err != nil {
			t.Fatal(err)
		}
		if !near(z.BaseDiameter, mm[0]/25.4) || !near(z.Height, mm[1]/25.4) {
			t.Errorf("Silhouette (N4) S%d = %+v, want %v mm", s, z, mm)
		}
	}
	if b, _ := tab.Base(2, Pt(3, 4)); b.Center != Pt(3, 4) || !near(b.Radius, 12.5/25.4) {
		t.Errorf("S2 base = %+v", b)
	}
}

func TestSilhouettesOverride(t *testing.T) {
	tab := DefaultSilhouettes()
	tab[3].BaseDiameter = 1.5
	if b, err := tab.Base(3, Pt(0, 0)); err != nil || b.Radius != 0.75 {
		t.Fatalf("overridden S3 base = %+v, %v", b, err)
	}
	if d := DefaultSilhouettes()[3].BaseDiameter; d == 1.5 {
		t.Fatal("the override leaked into the default table")
	}
	tab[5].BaseDiameter = math.NaN()
	if err := tab.Validate(); err == nil {
		t.Fatal("a NaN diameter validated")
	}
}

func TestSilhouetteOutOfRange(t *testing.T) {
	tab := DefaultSilhouettes()
	for _, s := range []int{-1, 0, 9} {
		if _, err := tab.Base(s, Pt(0, 0)); err == nil {
			t.Errorf("Silhouette %d accepted", s)
		}
	}
	if _, err := tab.Base(1, Pt(math.Inf(1), 0)); err == nil {
		t.Error("an infinite position accepted")
	}
}
