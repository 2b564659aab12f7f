package fantasy

import "github.com/ordo-rules/ordo/rules"

// Board is the table as the web table draws it: its size, its terrain and
// every unit's bases, each as the four corners the engine places it at
// (slots, files and ranks, a character's larger base, the facing), so
// that the page draws what the rules measure and measures nothing
// itself. Everything on a fantasy table is public: every viewer gets the
// same board.
type Board struct {
	Ruleset string      `json:"ruleset"`
	Width   float64     `json:"width"`
	Height  float64     `json:"height"`
	Terrain []Piece     `json:"terrain"`
	Units   []UnitBoard `json:"units"`
}

// UnitBoard is one unit as drawn: its bases, and its front edge (the
// two front corners, left then right) for its facing.
type UnitBoard struct {
	ID     string        `json:"id"`
	Seat   rules.Seat    `json:"seat"`
	Facing float64       `json:"facing"`
	Front  [2][2]float64 `json:"front"`
	Bases  []BaseBoard   `json:"bases"`
}

// BaseBoard is one model's base: its model, its role in the unit and its
// corners, counter-clockwise.
type BaseBoard struct {
	Model   string        `json:"model"`
	Role    Role          `json:"role"`
	Corners [4][2]float64 `json:"corners"`
}

// Board is the table now.
func (s *State) Board() Board {
	b := Board{Ruleset: "fantasy", Width: s.Table[0], Height: s.Table[1], Terrain: clonePieces(s.Terrain), Units: []UnitBoard{}}
	if b.Terrain == nil {
		b.Terrain = []Piece{}
	}
	for _, u := range s.Units {
		if len(u.Models) == 0 || len(u.Ranks) == 0 {
			continue
		}
		fr := u.frame()
		ub := UnitBoard{ID: u.ID, Seat: u.Seat, Facing: u.Facing, Bases: []BaseBoard{}}
		for r, rank := range u.Ranks {
			for f, id := range rank {
				if id == "" || !u.origin(r, f) {
					continue
				}
				_, _, nr, nf, _ := u.blockAt(r, f)
				rc := fr.block(r, f, nr, nf)
				bb := BaseBoard{Model: id}
				if m := u.model(id); m != nil {
					bb.Role = m.Role
				}
				for i, p := range rc {
					bb.Corners[i] = [2]float64{p.X, p.Y}
				}
				ub.Bases = append(ub.Bases, bb)
			}
		}
		left := fr.centre(0, 0).Add(fr.halfD).Add(fr.halfW.Neg())
		right := fr.centre(0, u.Files-1).Add(fr.halfD).Add(fr.halfW)
		ub.Front = [2][2]float64{{left.X, left.Y}, {right.X, right.Y}}
		b.Units = append(b.Units, ub)
	}
	return b
}
