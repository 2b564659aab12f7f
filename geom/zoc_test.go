package geom

import (
	"math"
	"testing"
)

func TestEdgeDistanceContactZoC(t *testing.T) {
	a := disc(10, 10, 0.5)
	tests := []struct {
		name      string
		b         Circle
		dist      float64
		contact   bool
		inZoC     bool
		checkDist bool
	}{
		{"Base contact (N4) tangent bases are in contact", disc(11, 10, 0.5), 0, true, true, true},
		{"Base contact (N4) overlapping bases are at distance 0 and in contact", disc(10.5, 10, 0.5), 0, true, true, true},
		{"Base contact (N4) PDF 2.1 a base is in contact with itself", a, 0, true, true, true},
		{"Base contact (N4) bases 0.01\" apart are not in contact", disc(11.01, 10, 0.5), 0.01, false, true, true},
		{"Silhouette (N4) distance is measured between the closest parts", disc(20, 10, 1), 8.5, false, false, true},
		{"Zone of Control (N4) exactly 8\" edge to edge is inside the ZoC", disc(19, 10, 0.5), 8, false, true, true},
		{"Zone of Control (N4) 8.01\" edge to edge is outside the ZoC", disc(19.01, 10, 0.5), 8.01, false, false, true},
		{"Zone of Control (N4) the ZoC is a circle round the base, diagonals included", disc(10+9/math.Sqrt2, 10+9/math.Sqrt2, 0.5), 8, false, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := EdgeDistance(a, tt.b); tt.checkDist && math.Abs(d-tt.dist) > 1e-9 {
				t.Errorf("EdgeDistance = %v, want %v", d, tt.dist)
			}
			if got := InContact(a, tt.b); got != tt.contact {
				t.Errorf("InContact = %v, want %v", got, tt.contact)
			}
			if got := InZoC(a, tt.b); got != tt.inZoC {
				t.Errorf("InZoC = %v, want %v", got, tt.inZoC)
			}
			if InZoC(tt.b, a) != InZoC(a, tt.b) || InContact(tt.b, a) != InContact(a, tt.b) {
				t.Error("contact and ZoC must be symmetric")
			}
		})
	}
}

// Zone of Control (N4): the ZoC may be checked from any point of the active
// trooper's path.
func TestRouteInZoC(t *testing.T) {
	owner := disc(20, 20, 0.5)
	past := Route{Pt(5, 11), Pt(35, 11)} // passes 9" from the centre: 8" edge to edge with r = 0.5
	if d := RouteEdgeDistance(past, 0.5, owner); !near(d, 8) {
		t.Fatalf("RouteEdgeDistance = %v, want 8", d)
	}
	if !RouteInZoC(owner, past, 0.5) {
		t.Fatal("a path passing 8\" edge to edge enters the ZoC")
	}
	far := Route{Pt(5, 10), Pt(35, 10)}
	if RouteInZoC(owner, far, 0.4) {
		t.Fatal("a path passing 9.1\" edge to edge does not enter the ZoC")
	}
	if d := RouteEdgeDistance(Route{Pt(20, 0), Pt(20, 40)}, 0.5, owner); d != 0 {
		t.Fatalf("a path through the base is at distance %v, want 0", d)
	}
}
