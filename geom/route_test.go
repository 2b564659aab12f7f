package geom

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
)

func TestRouteLength(t *testing.T) {
	if l := (Route{Pt(0, 0), Pt(3, 4), Pt(3, 10)}).Length(); !near(l, 11) {
		t.Fatalf("Length = %v, want 11", l)
	}
	if l := (Route{Pt(1, 1)}).Length(); l != 0 {
		t.Fatalf("one-point Length = %v", l)
	}
	if l := (Route{}).Length(); l != 0 {
		t.Fatalf("empty Length = %v", l)
	}
}

func TestCheckRoute(t *testing.T) {
	r := 0.5
	rock := Terrain{Name: "rock", Outline: box(20, 0, 22, 10), Flags: Impassable}
	lowWall := Terrain{Name: "low wall", Outline: box(20, 0, 22, 10), Flags: GivesCover}
	other := disc(10, 10, 0.5)
	type want struct {
		fault    RouteFault
		leg      int
		obstacle int
	}
	ok := want{}
	tests := []struct {
		name    string
		terrain []Terrain
		route   Route
		others  []Circle
		want    want
	}{
		{"Move (N4) a route that touches but does not cross a base is legal",
			nil, Route{Pt(5, 11), Pt(15, 11)}, []Circle{other}, ok},
		{"Move (N4) a route through a base is illegal, naming leg and base",
			nil, Route{Pt(5, 5), Pt(5, 10.5), Pt(15, 10.5)}, []Circle{disc(1, 1, 0.5), other}, want{RouteCrossesBase, 1, 1}},
		{"Move (N4) a route a hair inside the touch line is illegal",
			nil, Route{Pt(5, 10.999), Pt(15, 10.999)}, []Circle{other}, want{RouteCrossesBase, 0, 0}},
		{"Base contact (N4) a route may end in base contact",
			nil, Route{Pt(5, 10), Pt(9, 10)}, []Circle{other}, ok},
		{"Move (N4) a route may leave base contact",
			nil, Route{Pt(9, 10), Pt(5, 10)}, []Circle{other}, ok},
		{"Move (N4) a route through impassable terrain is illegal, naming the piece",
			[]Terrain{rock}, Route{Pt(15, 5), Pt(25, 5)}, nil, want{RouteCrossesImpassable, 0, 0}},
		{"Move (N4) a base brushing impassable terrain is legal",
			[]Terrain{rock}, Route{Pt(15, 10.5), Pt(25, 10.5)}, nil, ok},
		{"Move (N4) a base overlapping the edge of impassable terrain is illegal",
			[]Terrain{rock}, Route{Pt(15, 10.4), Pt(25, 10.4)}, nil, want{RouteCrossesImpassable, 0, 0}},
		{"Move (N4) terrain that is not impassable does not stop movement",
			[]Terrain{lowWall}, Route{Pt(15, 5), Pt(25, 5)}, nil, ok},
		{"Move (N4) a route may not leave the table",
			nil, Route{Pt(5, 5), Pt(47.6, 5)}, nil, want{RouteLeavesTable, 0, -1}},
		{"Move (N4) a base touching the table edge is on the table",
			nil, Route{Pt(5, 5), Pt(47.5, 5), Pt(47.5, 0.5)}, nil, ok},
		{"a one-point route checks the position", nil, Route{Pt(10, 10.5)}, []Circle{other}, want{RouteCrossesBase, 0, 0}},
		{"an empty route is invalid", nil, Route{}, nil, want{RouteInvalid, -1, -1}},
		{"a NaN point is invalid", nil, Route{Pt(1, 1), Pt(math.NaN(), 1)}, nil, want{RouteInvalid, 0, -1}},
		{"a bad base is the refusal before the table edge",
			nil, Route{Pt(5, 5), Pt(50, 5)}, []Circle{other, disc(math.NaN(), 1, 0.5)}, want{RouteInvalid, -1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := mustTable(t, 48, 48, tt.terrain...)
			err := tb.CheckRoute(tt.route, r, tt.others)
			if tt.want == ok {
				if err != nil {
					t.Fatalf("CheckRoute: %v, want legal", err)
				}
				return
			}
			var re *RouteError
			if !errors.As(err, &re) {
				t.Fatalf("CheckRoute = %v, want a *RouteError", err)
			}
			if re.Fault != tt.want.fault || re.Leg != tt.want.leg || re.Obstacle != tt.want.obstacle {
				t.Fatalf("CheckRoute = %+v (%v), want %+v", *re, re, tt.want)
			}
			if re.Error() == "" {
				t.Fatal("empty error text")
			}
			// RouteRefusal gives the same refusal as a value.
			if v, refused := tb.RouteRefusal(tt.route, r, tt.others); !refused || v != *re {
				t.Fatalf("RouteRefusal = %+v, %v; CheckRoute = %+v", v, refused, *re)
			}
		})
		// RouteRefusalExcept through the others with a base put in at k
		// and left out gives the same answer, a base counted where it
		// stands: the mover's own base on the route, and a bad base.
		for _, extra := range []Circle{{Center: Pt(5, 5), Radius: r}, disc(math.NaN(), 0, r)} {
			for k := range len(tt.others) + 1 {
				with := slices.Insert(slices.Clone(tt.others), k, extra)
				tb := mustTable(t, 48, 48, tt.terrain...)
				want, wantRefused := tb.RouteRefusal(tt.route, r, tt.others)
				if wantRefused && want.Obstacle >= k && (want.Fault == RouteCrossesBase || want.Fault == RouteInvalid) {
					want.Obstacle++
					if want.Fault == RouteInvalid {
						want.Reason = fmt.Sprintf("base %d is not valid", want.Obstacle)
					}
				}
				if got, refused := tb.RouteRefusalExcept(tt.route, r, NewBases(with), k); got != want || refused != wantRefused {
					t.Errorf("%s: RouteRefusalExcept with %v left out at %d = %+v, %v; want %+v, %v", tt.name, extra, k, got, refused, want, wantRefused)
				}
			}
		}
	}
}

// TestRouteRefusalAllocatesNothing: Move (N4) routes refused in a menu —
// through a base, into impassable terrain, off the table — cost no
// allocation (a menu refuses many of its routes).
func TestRouteRefusalAllocatesNothing(t *testing.T) {
	tb := mustTable(t, 48, 48, Terrain{Name: "rock", Outline: box(20, 0, 22, 10), Flags: Impassable})
	others := []Circle{disc(10, 10, 0.5)}
	for _, route := range []Route{{Pt(5, 10), Pt(15, 10)}, {Pt(15, 5), Pt(25, 5)}, {Pt(5, 5), Pt(50, 5)}} {
		refused := false
		if n := testing.AllocsPerRun(20, func() { _, refused = tb.RouteRefusal(route, 0.5, others) }); n != 0 || !refused {
			t.Errorf("route %v: refused %v with %v allocations, want refused with none", route, refused, n)
		}
	}
}

func TestCheckRouteErrorText(t *testing.T) {
	tb := mustTable(t, 48, 48, Terrain{Name: "rock", Outline: box(20, 0, 22, 10), Flags: Impassable})
	err := tb.CheckRoute(Route{Pt(10, 5), Pt(15, 5), Pt(25, 5)}, 0.5, nil)
	if got, want := err.Error(), `geom: route leg 1 enters impassable terrain 0 ("rock")`; got != want {
		t.Fatalf("error %q, want %q", got, want)
	}
}

func TestCheckRouteBadRadius(t *testing.T) {
	tb := mustTable(t, 48, 48)
	for _, r := range []float64{-1, math.NaN(), math.Inf(1)} {
		if err := tb.CheckRoute(Route{Pt(1, 1), Pt(2, 2)}, r, nil); err == nil {
			t.Errorf("radius %v accepted", r)
		}
	}
	var nilTable *Table
	if err := nilTable.CheckRoute(Route{Pt(-100, 1), Pt(2, 2)}, 0.5, nil); err != nil {
		t.Errorf("a nil table has no edges: %v", err)
	}
}
