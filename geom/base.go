package geom

import "fmt"

// Circle is a disc on the table: a model's base (the footprint of its
// Silhouette cylinder, Silhouette (N4)) or a circular template.
type Circle struct {
	Center Point   `json:"center"`
	Radius float64 `json:"radius"`
}

// Valid reports whether the centre is finite and the radius is a finite
// number ≥ 0.
//
// x − x is 0 for a finite x and NaN otherwise, so the sum of the three is 0
// exactly when all three are finite: one test for three, where every Line
// of Fire and route check tests each base on the table.
func (c Circle) Valid() bool {
	return (c.Center.X-c.Center.X)+(c.Center.Y-c.Center.Y)+(c.Radius-c.Radius) == 0 && c.Radius >= 0
}

// Bounds is the circle's bounding box.
func (c Circle) Bounds() Rect {
	return Rect{
		Min: Point{c.Center.X - c.Radius, c.Center.Y - c.Radius},
		Max: Point{c.Center.X + c.Radius, c.Center.Y + c.Radius},
	}
}

// Contains reports whether p is inside the circle or on its edge, within Eps.
func (c Circle) Contains(p Point) bool {
	return c.Valid() && p.Finite() && c.Center.Dist(p) <= c.Radius+Eps
}

// MM converts millimetres to inches (25.4 mm to the inch). Bases are
// physical objects sold in millimetres, so the exact factor is used, not the
// rulebook's 2.5 cm ≈ 1" shorthand for distances.
func MM(mm float64) float64 { return mm / 25.4 }

// SilhouetteSize is the cylinder a Silhouette value stands for: the
// diameter of its base and its height, in inches (Silhouette (N4)). The engine
// is 2D; Height is kept for a later vertical LoF and for ZoC's ±8" band.
type SilhouetteSize struct {
	BaseDiameter float64 `json:"baseDiameter"`
	Height       float64 `json:"height"`
}

// Silhouettes maps each Silhouette value S (index 1..8; index 0 unused) to
// its cylinder. It is a plain value: copy DefaultSilhouettes, change an
// entry, and pass the copy on to let a scenario override a size.
type Silhouettes [9]SilhouetteSize

// MaxSilhouette is the largest Silhouette value in the table.
const MaxSilhouette = 8

// DefaultSilhouettes is the Silhouette table, base diameter × height of the
// cylinder each S value stands for (Silhouette (N4)):
//
//	S   base    height    base (in)  height (in)
//	1   25 mm   25 mm     0.984      0.984
//	2   25 mm   40 mm     0.984      1.575
//	3   40 mm   32 mm     1.575      1.260
//	4   55 mm   32 mm     2.165      1.260
//	5   40 mm   45 mm     1.575      1.772
//	6   40 mm   55 mm     1.575      2.165
//	7   55 mm   67 mm     2.165      2.638
//	8   70 mm   70 mm     2.756      2.756
//
// Source: the "Silhouette Sizes" table (S attribute, base width × height) of
// the official wiki page "Volume and Silhouette Templates",
// http://wiki.infinitythegame.com/en/index.php?title=Volume_and_Silhouette_Templates&oldid=3282
// (N3 era). The N4 wiki page https://infinitythewiki.com/Silhouettes keeps a
// Silhouette / Base / Height / Template table of the same shape, but its N4
// values were not read here, so these numbers are tagged [N4*] in the sense
// of the N4 core rules: believed to hold in N4, read on an N3 source. A Corvus
// Belli forum answer of the N3 era (forum.corvusbelli.com, "Silhouette 0")
// groups the bases the same way: S1–S2 25 mm, S3/S5/S6 40 mm, S4/S7 55 mm.
// Millimetres are converted with MM.
func DefaultSilhouettes() Silhouettes {
	mm := [9][2]float64{{}, {25, 25}, {25, 40}, {40, 32}, {55, 32}, {40, 45}, {40, 55}, {55, 67}, {70, 70}}
	var t Silhouettes
	for s := 1; s <= MaxSilhouette; s++ {
		t[s] = SilhouetteSize{BaseDiameter: MM(mm[s][0]), Height: MM(mm[s][1])}
	}
	return t
}

// Size is the cylinder of Silhouette s.
func (t Silhouettes) Size(s int) (SilhouetteSize, error) {
	if s < 1 || s > MaxSilhouette {
		return SilhouetteSize{}, fmt.Errorf("geom: Silhouette %d out of range 1..%d", s, MaxSilhouette)
	}
	z := t[s]
	if !finite(z.BaseDiameter) || z.BaseDiameter <= 0 || !finite(z.Height) || z.Height < 0 {
		return SilhouetteSize{}, fmt.Errorf("geom: Silhouette %d has no valid size (base %v, height %v)", s, z.BaseDiameter, z.Height)
	}
	return z, nil
}

// Base is the base of a Silhouette s model standing at p.
func (t Silhouettes) Base(s int, at Point) (Circle, error) {
	z, err := t.Size(s)
	if err != nil {
		return Circle{}, err
	}
	if !at.Finite() {
		return Circle{}, fmt.Errorf("geom: position %v is not finite", at)
	}
	return Circle{Center: at, Radius: z.BaseDiameter / 2}, nil
}

// Validate reports the first Silhouette 1..8 without a usable size.
func (t Silhouettes) Validate() error {
	for s := 1; s <= MaxSilhouette; s++ {
		if _, err := t.Size(s); err != nil {
			return err
		}
	}
	return nil
}
