package geom

import (
	"fmt"
	"strings"
)

// Flags say what a terrain piece does to the game.
type Flags uint8

const (
	// BlocksLoF: sight lines may not pass through the piece (Line of Fire (N4)).
	BlocksLoF Flags = 1 << iota
	// GivesCover: a target close behind the piece may be in Partial Cover
	// (Saving Rolls (N4); see PartialCover).
	GivesCover
	// Impassable: no route may enter the piece (Move (N4)).
	Impassable

	allFlags = BlocksLoF | GivesCover | Impassable
)

// Has reports whether every flag of g is set in f.
func (f Flags) Has(g Flags) bool { return f&g == g }

// String lists the flags, "BlocksLoF|GivesCover", or "none".
func (f Flags) String() string {
	if f == 0 {
		return "none"
	}
	var parts []string
	for _, x := range []struct {
		f    Flags
		name string
	}{{BlocksLoF, "BlocksLoF"}, {GivesCover, "GivesCover"}, {Impassable, "Impassable"}} {
		if f&x.f != 0 {
			parts = append(parts, x.name)
		}
	}
	if f&^allFlags != 0 {
		parts = append(parts, fmt.Sprintf("0x%x", uint8(f&^allFlags)))
	}
	return strings.Join(parts, "|")
}

// Terrain is one piece of scenery: its footprint and what it does.
type Terrain struct {
	Name    string  `json:"name,omitempty"`
	Outline Polygon `json:"outline"`
	Flags   Flags   `json:"flags"`
}

// Table is the playing area, [0, Width] × [0, Height], and its scenery.
//
// Build it with NewTable, which checks the terrain and indexes its bounding
// boxes for the broad phase of LoF, and do not change it afterwards (make a
// new one). A Table built as a literal or decoded from JSON works too, only
// slower: it computes the boxes on every query. A nil *Table is an empty,
// unbounded table.
type Table struct {
	Width   float64   `json:"width"`
	Height  float64   `json:"height"`
	Terrain []Terrain `json:"terrain,omitempty"`

	boxes []Rect // Terrain[i].Outline.Bounds(), filled by NewTable
	// scales are each piece's edgeScales, filled by NewTable: the seal
	// test of Line of Fire reads them for every piece in a corridor,
	// and working them out there was a square root and a division per
	// edge of every question.
	scales [][]float64
}

// NewTable checks and indexes a table. The terrain is copied.
func NewTable(width, height float64, terrain ...Terrain) (*Table, error) {
	if !finite(width) || !finite(height) || width <= 0 || height <= 0 {
		return nil, fmt.Errorf("geom: table size %v × %v is not a positive finite size", width, height)
	}
	t := &Table{Width: width, Height: height, Terrain: make([]Terrain, len(terrain)), boxes: make([]Rect, len(terrain)), scales: make([][]float64, len(terrain))}
	for i, tr := range terrain {
		if err := tr.Outline.Validate(); err != nil {
			return nil, fmt.Errorf("geom: terrain %d %q: %w", i, tr.Name, err)
		}
		if tr.Flags&^allFlags != 0 {
			return nil, fmt.Errorf("geom: terrain %d %q: unknown flags %v", i, tr.Name, tr.Flags)
		}
		tr.Outline = append(Polygon(nil), tr.Outline...)
		t.Terrain[i] = tr
		t.boxes[i] = tr.Outline.Bounds()
		t.scales[i] = edgeScales(tr.Outline, nil)
	}
	return t, nil
}

// Bounds is the table rectangle.
func (t *Table) Bounds() Rect { return Rect{Max: Point{t.Width, t.Height}} }

// terrain is the list of pieces of a possibly nil table.
func (t *Table) terrain() []Terrain {
	if t == nil {
		return nil
	}
	return t.Terrain
}

// boxesOf is the index of the pieces' bounding boxes, nil when the table
// has none (nil, or not built by NewTable).
func (t *Table) boxesOf() []Rect {
	if t == nil || len(t.boxes) != len(t.Terrain) {
		return nil
	}
	return t.boxes
}

// edgeScales is terrain piece i's edgeScales, from the index; nil when the
// table has none (not built by NewTable): the caller then works them out
// into room of its own.
func (t *Table) edgeScales(i int) []float64 {
	if len(t.scales) == len(t.Terrain) {
		return t.scales[i]
	}
	return nil
}

// box is the bounding box of piece i, from the index when there is one.
func (t *Table) box(i int) Rect {
	if len(t.boxes) == len(t.Terrain) {
		return t.boxes[i]
	}
	return t.Terrain[i].Outline.Bounds()
}
