package odds

import (
	"fmt"

	"github.com/ordo-rules/ordo/dice"
)

// Side is one side of a roll: the dice it throws and what each of its
// surviving successes does to its target.
type Side struct {
	Roll   dice.Side `json:"roll"`
	Effect Effect    `json:"effect"`
}

// SideResult is the exact distribution of what one side achieves.
type SideResult struct {
	// Hits is the distribution of surviving (plain, critical) successes.
	Hits HitTable `json:"hits"`
	// Inflicts is the distribution of successes after the target's Saving
	// Rolls (failed saves), with the tags they carried. Row 0 is "inflicts
	// nothing", whatever the reason.
	Inflicts Dist `json:"inflicts"`
}

// Result is the exact outcome of a Normal or Face to Face Roll.
type Result struct {
	A SideResult `json:"a"`
	// B is the second side; for a Normal Roll it is empty.
	B SideResult `json:"b"`
	// NoHits is the probability that neither side has a surviving success.
	NoHits float64 `json:"noHits"`
	// Nothing is the probability that neither side inflicts anything: no
	// surviving success, or every Saving Roll passed.
	Nothing float64 `json:"nothing"`
}

// Options tune what is reported.
type Options struct {
	// TailAt lumps "TailAt or more successes" into one row. Zero picks a
	// default: no tail for bounded effects, and for continuous damage
	// DefaultTail or twice the most the first rolls can fail, whichever is
	// larger.
	TailAt int
}

// DefaultTail is the smallest default tail row for continuous damage.
const DefaultTail = 24

func (o Options) tailFor(s Side) int {
	if o.TailAt > 0 || !s.Effect.Continuous {
		return o.TailAt
	}
	return max(DefaultTail, 2*s.Roll.Burst*(len(s.Effect.Saves)+1))
}

// FaceToFace computes the exact outcome of a Face to Face Roll between a and
// b (Face to Face Rolls (N4), Saving Rolls (N4)).
func FaceToFace(a, b Side, opt Options) (Result, error) {
	ta, tb, noHits, err := Hits(a.Roll, &b.Roll)
	if err != nil {
		return Result{}, err
	}
	var r Result
	r.NoHits = noHits
	if r.A, err = sideResult(ta, a, opt); err != nil {
		return Result{}, fmt.Errorf("first side: %w", err)
	}
	if r.B, err = sideResult(tb, b, opt); err != nil {
		return Result{}, fmt.Errorf("second side: %w", err)
	}
	// What the two sides inflict are disjoint events.
	r.Nothing = r.A.Inflicts.Exactly(0) + r.B.Inflicts.Exactly(0) - 1
	return r, nil
}

// Simultaneous computes the exact outcome of two Normal Rolls made at once,
// each side against the other, neither cancelling the other's successes:
// a Direct Template against an attack, which rolls nothing and so cannot
// be opposed Face to Face (Direct Template Weapons (N4); Face to Face Rolls
// (N4): actions that do not affect each other's dice are Normal Rolls).
// Both sides may inflict something in the same roll.
func Simultaneous(a, b Side, opt Options) (Result, error) {
	ra, err := Normal(a, opt)
	if err != nil {
		return Result{}, fmt.Errorf("first side: %w", err)
	}
	rb, err := Normal(b, opt)
	if err != nil {
		return Result{}, fmt.Errorf("second side: %w", err)
	}
	// The two rolls are independent.
	return Result{A: ra.A, B: rb.A, NoHits: ra.NoHits * rb.NoHits, Nothing: ra.Nothing * rb.Nothing}, nil
}

// Normal computes the exact outcome of a Normal Roll (Normal Roll (N4)).
func Normal(a Side, opt Options) (Result, error) {
	ta, _, noHits, err := Hits(a.Roll, nil)
	if err != nil {
		return Result{}, err
	}
	r := Result{NoHits: noHits}
	if r.A, err = sideResult(ta, a, opt); err != nil {
		return Result{}, err
	}
	r.Nothing = r.A.Inflicts.Exactly(0)
	return r, nil
}

func sideResult(t HitTable, s Side, opt Options) (SideResult, error) {
	d, err := Inflicted(t, s.Effect, opt.tailFor(s))
	if err != nil {
		return SideResult{}, err
	}
	return SideResult{Hits: t, Inflicts: d}, nil
}
