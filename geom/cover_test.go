package geom

import (
	"math"
	"testing"
)

func TestPartialCover(t *testing.T) {
	r := s2
	shooter := model(5, 10, r, 0) // looks east
	lowWall := Terrain{Name: "low wall", Outline: box(14, 7, 14.5, 13), Flags: GivesCover}
	// A wall hiding the lower half of the corridor only.
	halfWall := Terrain{Name: "corner", Outline: box(14, 0, 14.5, 10), Flags: GivesCover | BlocksLoF}
	house := Terrain{Name: "house", Outline: box(14, 0, 14.5, 20), Flags: GivesCover | BlocksLoF}
	tests := []struct {
		name    string
		terrain []Terrain
		target  Circle
		want    int
	}{
		{"Saving Rolls (N4) a target in contact behind a low wall is in Partial Cover", []Terrain{lowWall}, disc(14.5+r, 10, r), 0},
		{"Saving Rolls (N4) a target within 1\" behind a low wall is in Partial Cover", []Terrain{lowWall}, disc(15.4+r, 10, r), 0},
		{"Saving Rolls (N4) a target 3\" behind a low wall is not", []Terrain{lowWall}, disc(17.5+r, 10, r), -1},
		{"Saving Rolls (N4) a wall behind the target gives no cover", []Terrain{lowWall}, disc(14-r, 10, r), -1},
		{"Saving Rolls (N4) a target partly hidden by a corner is in Partial Cover", []Terrain{halfWall}, disc(14.5+r, 10, r), 0},
		{"Saving Rolls (N4) a hidden target has no LoF and so no cover", []Terrain{house}, disc(14.5+r, 10, r), -1},
		{"Saving Rolls (N4) no scenery, no cover", nil, disc(14.5+r, 10, r), -1},
		{"Saving Rolls (N4) the first qualifying piece in table order is reported",
			[]Terrain{{Name: "hedge", Outline: box(13, 7, 13.5, 13), Flags: GivesCover}, lowWall}, disc(14.5+r, 10, r), 0},
		{"Saving Rolls (N4) a piece out of reach is passed over for the next",
			[]Terrain{{Name: "hedge", Outline: box(12, 7, 12.5, 13), Flags: GivesCover}, lowWall}, disc(14.5+r, 10, r), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := mustTable(t, 48, 48, tt.terrain...)
			got, ok := tb.PartialCover(shooter, tt.target, nil)
			if got != tt.want || ok != (tt.want >= 0) {
				t.Fatalf("PartialCover = %d, %v; want %d", got, ok, tt.want)
			}
		})
	}
	// Out of the shooter's arc: no LoF, no cover.
	tb := mustTable(t, 48, 48, lowWall)
	if _, ok := tb.PartialCover(model(5, 10, r, math.Pi), disc(14.5+r, 10, r), nil); ok {
		t.Fatal("cover from a shooter facing away")
	}
}
