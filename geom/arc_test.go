package geom

import (
	"math"
	"testing"
)

func TestArc(t *testing.T) {
	up := model(0, 0, s2, math.Pi/2) // looks along +Y
	tests := []struct {
		name string
		m    Model
		p    Point
		want bool
	}{
		{"Line of Fire (N4) a point ahead is in the front arc", up, Pt(0, 5), true},
		{"Line of Fire (N4) a point behind is out of the front arc", up, Pt(0, -5), false},
		{"Line of Fire (N4) a point exactly abeam is in the front arc (closed boundary)", up, Pt(5, 0), true},
		{"Line of Fire (N4) a point just behind abeam is out", up, Pt(-5, -2*Eps), false},
		{"Line of Fire (N4) the viewer's centre is in its own arc", up, Pt(0, 0), true},
		{"Line of Fire (N4) a 360° marker sees behind", Model{Base: up.Base, Facing: up.Facing, Arc: Full360}, Pt(0, -5), true},
		{"an unknown arc sees nothing", Model{Base: up.Base, Arc: 7}, Pt(0, 5), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.m.InArc(tt.p); got != tt.want {
				t.Fatalf("InArc(%v) = %v, want %v", tt.p, got, tt.want)
			}
		})
	}
}

func TestBaseInArc(t *testing.T) {
	up := model(0, 0, s2, math.Pi/2)
	tests := []struct {
		name string
		c    Circle
		want bool
	}{
		{"Line of Fire (N4) a base mostly behind but reaching the arc is in it", disc(4, -0.3, 0.5), true},
		{"Base contact (N4) a base touching the arc's edge from behind is in it", disc(4, -0.5, 0.5), true},
		{"Line of Fire (N4) a base wholly behind is out", disc(4, -0.6, 0.5), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := up.BaseInArc(tt.c); got != tt.want {
				t.Fatalf("BaseInArc(%+v) = %v, want %v", tt.c, got, tt.want)
			}
		})
	}
}

func TestAngles(t *testing.T) {
	if a := NormalizeAngle(3 * math.Pi); !near(a, math.Pi) {
		t.Errorf("NormalizeAngle(3π) = %v", a)
	}
	if a := NormalizeAngle(-math.Pi); !near(a, math.Pi) {
		t.Errorf("NormalizeAngle(-π) = %v", a)
	}
	if a := FacingToward(Pt(1, 1), Pt(1, 5)); !near(a, math.Pi/2) {
		t.Errorf("FacingToward up = %v", a)
	}
	if v := FacingVec(math.Pi / 2); !near(v.X, 0) || !near(v.Y, 1) {
		t.Errorf("FacingVec(π/2) = %v", v)
	}
}
