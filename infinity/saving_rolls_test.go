package infinity

import (
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/dice"
)

// Critical (N4) and the `criticals` ruling: the Saving Rolls that
// successes force, for weapons and hacking programs alike. A Critical adds
// one roll of the first kind; under n3-auto-wound it fails its own hit's
// first roll without a roll, and DA's or DT's second roll is still made
// (the second Critical replaces the second hit's first roll, not the first
// hit's second).
func TestExpandSaves(t *testing.T) {
	for _, c := range []struct {
		name                     string
		ruling                   string
		successes, crits, perHit int
		want                     []saveRoll
	}{
		{name: "N, one success", successes: 1, perHit: 1, want: []saveRoll{{}}},
		{name: "DA/DT, two successes: two rolls each", successes: 2, perHit: 2, want: []saveRoll{{}, {of: 1}, {}, {of: 1}}},
		{name: "n4-extra-save: a Critical adds a roll of the first kind", successes: 1, crits: 1, perHit: 2,
			want: []saveRoll{{}, {of: 1}, {extra: true}}},
		{name: "n3-auto-wound: each Critical fails its own hit's first roll", ruling: "n3-auto-wound", successes: 2, crits: 2, perHit: 2,
			want: []saveRoll{{auto: true}, {of: 1}, {auto: true}, {of: 1}}},
		{name: "n3-auto-wound, N: the Critical's one roll fails unrolled", ruling: "n3-auto-wound", successes: 2, crits: 1, perHit: 1,
			want: []saveRoll{{auto: true}, {}}},
		{name: "no Damage: no roll", successes: 2, crits: 1, perHit: 0, want: []saveRoll{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rulings map[string]string
			if c.ruling != "" {
				rulings = map[string]string{"criticals": c.ruling}
			}
			st := setup(t, duelYAML("at: [2, 2]", "at: [20, 20]", ""), rulings)
			var buf [8]saveRoll
			if got := st.expandSaves(buf[:0], c.successes, c.crits, c.perHit); !slices.Equal(got, c.want) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// Face to Face Rolls (N4), BS Attack (N4): a Resolution's rolls keep their
// faces, judged dice and MODs in one rollMem, with room for a BS Attack and
// the ARO against it (6 faces, 4 judged dice, 3 MODs). A roll past that
// room (a Burst 7, judged dice past the fourth, a fourth MOD) takes memory
// of its own, whole: never fewer faces, dice or MODs than it has, never
// into another roll's, and the room left still serves the rolls that fit.
// It fails if room truncates, or hands out room not capped at its length.
func TestRollMemFallsBackPastItsRoom(t *testing.T) {
	m := new(rollMem)
	src := dice.NewPCG(1, 2)
	four, err := dice.ThrowInto(src, dice.Side{SV: 12, Burst: 4}, m.faceRoom(4))
	if err != nil {
		t.Fatal(err)
	}
	seven, err := dice.ThrowInto(src, dice.Side{SV: 12, Burst: 7}, m.faceRoom(7))
	if err != nil || len(seven.Faces) != 7 {
		t.Fatalf("a Burst 7 past the room: %v faces, %v", seven.Faces, err)
	}
	// A Saving Roll's room, then a roll after it: the saves appending
	// past their room (continuous damage) write into new memory.
	saves := append(m.faceRoom(1), 7)
	one, err := dice.ThrowInto(src, dice.Side{SV: 12, Burst: 1}, m.faceRoom(1))
	if err != nil || len(one.Faces) != 1 || &one.Faces[0] != &m.faces[5] || &saves[0] != &m.faces[4] {
		t.Fatalf("a save and a Burst 1 after the room's first four: %v, %v, %v; want the room's last two", saves, one.Faces, err)
	}
	kept := one.Faces[0]
	saves = append(saves, 20)
	if one.Faces[0] != kept || &seven.Faces[0] == &m.faces[0] || len(saves) != 2 {
		t.Fatalf("rolls share faces: saves %v, Burst 1 %v, Burst 7 %v", saves, one.Faces, seven.Faces)
	}

	first, err := dice.NormalInto(four, m.dieRoom(four))
	if err != nil || len(first.Dice) != 4 {
		t.Fatalf("4 judged dice in the room: %v, %v", first.Dice, err)
	}
	past, err := dice.NormalInto(seven, m.dieRoom(seven))
	if err != nil || len(past.Dice) != 7 || &past.Dice[0] == &m.dice[0] {
		t.Fatalf("7 judged dice past the room: %v, %v", past.Dice, err)
	}

	mods := []dice.Mod{{Name: "a", Value: 3}, {Name: "b", Value: -3}, {Name: "c", Value: 6}, {Name: "d", Value: -6}}
	if got := m.keep(mods); !slices.Equal(got, mods) || &got[0] == &m.mods[0] || &got[0] == &mods[0] {
		t.Fatalf("4 MODs kept as %v", got)
	}
	if got := m.keep(mods[:3]); !slices.Equal(got, mods[:3]) || &got[0] != &m.mods[0] {
		t.Fatalf("3 MODs kept as %v, want them in the room", got)
	}
}
