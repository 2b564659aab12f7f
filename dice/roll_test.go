package dice_test

// RollDie and its forced faces.

import (
	"errors"
	"testing"

	"github.com/ordo-rules/ordo/dice"
)

// d20Only is a source with only D20, to exercise Roll's fallback.
type d20Only struct{ faces []int }

func (d *d20Only) D20() (int, error) {
	if len(d.faces) == 0 {
		return 0, dice.ErrScriptExhausted
	}
	f := d.faces[0]
	d.faces = d.faces[1:]
	return f, nil
}

// A forced d6 reads as the face players see; a face the die cannot show is
// refused without being used.
func TestRollScriptForcesFaces(t *testing.T) {
	s, err := dice.NewScript(4, 7, 6)
	if err != nil {
		t.Fatal(err)
	}
	if f, err := dice.RollDie(s, 6); err != nil || f != 4 {
		t.Fatalf("first d6 = %d, %v; want 4", f, err)
	}
	if _, err := dice.RollDie(s, 6); !errors.Is(err, dice.ErrFace) {
		t.Fatalf("a forced 7 on a d6: err %v, want ErrFace", err)
	}
	if s.Remaining() != 2 {
		t.Fatalf("the refused 7 was used: %d left, want 2", s.Remaining())
	}
	if f, err := dice.RollDie(s, 20); err != nil || f != 7 {
		t.Fatalf("the 7 as a d20 = %d, %v", f, err)
	}
	if _, err := dice.RollDie(s, 1); err == nil {
		t.Fatal("a one-faced die was accepted")
	}
}

// Without Sized, RollDie draws d20s, refuses 19 and 20 for a d6 and folds the
// rest evenly: each face comes from exactly three d20 faces.
func TestRollFallbackIsEven(t *testing.T) {
	count := map[int]int{}
	for f := 1; f <= 18; f++ {
		d, err := dice.RollDie(&d20Only{faces: []int{f}}, 6)
		if err != nil {
			t.Fatal(err)
		}
		count[d]++
	}
	for face := 1; face <= 6; face++ {
		if count[face] != 3 {
			t.Fatalf("face %d from %d d20 faces, want 3", face, count[face])
		}
	}
	d, err := dice.RollDie(&d20Only{faces: []int{19, 20, 5}}, 6)
	if err != nil || d != 5 {
		t.Fatalf("19 and 20 then 5: %d, %v; want 5", d, err)
	}
}

// A seeded generator rolls every face of a d6 and records what it gave.
func TestRollPCGRecords(t *testing.T) {
	p := dice.NewPCG(1, 2)
	seen := map[int]bool{}
	for range 200 {
		f, err := dice.RollDie(p, 6)
		if err != nil || f < 1 || f > 6 {
			t.Fatalf("d6 = %d, %v", f, err)
		}
		seen[f] = true
	}
	if len(seen) != 6 || len(p.Log()) != 200 {
		t.Fatalf("faces seen %v, logged %d", seen, len(p.Log()))
	}
}
