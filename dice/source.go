package dice

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Source gives d20 results. Rules code takes dice only from a Source, so a
// match replays from its log without any random generator.
type Source interface {
	// D20 returns the next face, 1..20, or an error when no die can be had
	// (a Script that has run out).
	D20() (int, error)
}

// Infallible is implemented by sources that never fail: a rules engine may
// then apply a roll in place instead of on a copy it keeps only on success.
type Infallible interface {
	// Infallible reports that D20 never returns an error.
	Infallible() bool
}

// IsInfallible reports whether src says it never fails.
func IsInfallible(src Source) bool {
	i, ok := src.(Infallible)
	return ok && i.Infallible()
}

// ErrScriptExhausted is returned by a Script asked for more dice than it holds.
var ErrScriptExhausted = errors.New("dice script exhausted")

// PCG is a seeded source (PCG from math/rand/v2) that records every die it
// gives, so the log can carry the dice and a replay needs no generator.
//
// The generator and the first dice of the log live inside the PCG value:
// a server makes one source per log entry, and an Order rolls a handful of
// dice, so a source costs one allocation rather than five. A PCG is used
// through its pointer and never copied (the log may point into it).
type PCG struct {
	pcg rand.PCG
	rng rand.Rand
	log []int
	buf [16]int
}

// NewPCG returns a source seeded with the two words of a PCG seed.
func NewPCG(seed1, seed2 uint64) *PCG {
	p := &PCG{pcg: *rand.NewPCG(seed1, seed2)}
	p.rng = *rand.New(&p.pcg)
	p.log = p.buf[:0]
	return p
}

// D20 rolls and records one die.
func (p *PCG) D20() (int, error) {
	d := p.rng.IntN(Faces) + 1
	p.log = append(p.log, d)
	return d, nil
}

// Log returns every die rolled so far, in order.
func (p *PCG) Log() []int { return append([]int(nil), p.log...) }

// Infallible: a generator always has another die.
func (p *PCG) Infallible() bool { return true }

// Script is a source of forced dice, for tests, scenarios and replays. It
// records what it has given out.
type Script struct {
	dice []int
	next int
}

// NewScript returns a script of the given faces, each of which must be 1..20.
func NewScript(faces ...int) (*Script, error) {
	for i, f := range faces {
		if f < 1 || f > Faces {
			return nil, fmt.Errorf("scripted die %d: %w: %d", i+1, ErrFace, f)
		}
	}
	return &Script{dice: append([]int(nil), faces...)}, nil
}

// D20 returns the next scripted face, or ErrScriptExhausted.
func (s *Script) D20() (int, error) {
	if s.next >= len(s.dice) {
		return 0, fmt.Errorf("%w after %d dice", ErrScriptExhausted, len(s.dice))
	}
	s.next++
	return s.dice[s.next-1], nil
}

// Log returns the faces given out so far.
func (s *Script) Log() []int { return append([]int(nil), s.dice[:s.next]...) }

// Remaining is the number of faces not yet given out.
func (s *Script) Remaining() int { return len(s.dice) - s.next }

// Throw rolls the side's dice from src: Burst dice, or none for a template or
// an SV of 0 or less, which consume nothing from the source.
func Throw(src Source, s Side) (Roll, error) { return ThrowInto(src, s, nil) }

// ThrowInto is Throw with the faces written into buf's room (from buf[:0])
// when it has enough for the Burst, or into new memory when not. The
// roll's Faces are capped at their length.
func ThrowInto(src Source, s Side, buf []int) (Roll, error) {
	if err := s.Validate(); err != nil {
		return Roll{}, err
	}
	r := Roll{Side: s}
	if !s.Rolls() {
		return r, nil
	}
	if cap(buf) >= s.Burst {
		r.Faces = buf[:s.Burst:s.Burst]
	} else {
		r.Faces = make([]int, s.Burst)
	}
	for i := range r.Faces {
		f, err := src.D20()
		if err != nil {
			return Roll{}, err
		}
		if f < 1 || f > Faces {
			return Roll{}, fmt.Errorf("source gave %d: %w", f, ErrFace)
		}
		r.Faces[i] = f
	}
	return r, nil
}

// Sized is implemented by sources that give a die of any size directly (a
// d6 for the fantasy ruleset), so that a forced or recorded d6 reads as the
// face players see, not as some d20 it was derived from.
type Sized interface {
	// Die returns the next face, 1..faces, of a die of faces faces.
	Die(faces int) (int, error)
}

// RollDie takes one die of faces faces (2..Faces) from src: through Sized when
// src has it, otherwise by drawing d20s and refusing those above the largest
// multiple of faces, which keeps every face equally likely.
func RollDie(src Source, faces int) (int, error) {
	if faces < 2 || faces > Faces {
		return 0, fmt.Errorf("a die has 2 to %d faces, asked for %d", Faces, faces)
	}
	if s, ok := src.(Sized); ok {
		f, err := s.Die(faces)
		if err == nil && (f < 1 || f > faces) {
			return 0, fmt.Errorf("source gave %d for a d%d: %w", f, faces, ErrFace)
		}
		return f, err
	}
	limit := Faces - Faces%faces
	for {
		f, err := src.D20()
		if err != nil {
			return 0, err
		}
		if f < 1 || f > Faces {
			return 0, fmt.Errorf("source gave %d: %w", f, ErrFace)
		}
		if f <= limit {
			return (f-1)%faces + 1, nil
		}
	}
}

// Die rolls and records one die of faces faces.
func (p *PCG) Die(faces int) (int, error) {
	d := p.rng.IntN(faces) + 1
	p.log = append(p.log, d)
	return d, nil
}

// Die returns the next scripted face, which must be a face of the die asked
// for (a forced 7 is no d6), or ErrScriptExhausted.
func (s *Script) Die(faces int) (int, error) {
	if s.next >= len(s.dice) {
		return 0, fmt.Errorf("%w after %d dice", ErrScriptExhausted, len(s.dice))
	}
	f := s.dice[s.next]
	if f > faces {
		return 0, fmt.Errorf("scripted die %d is %d, which a d%d cannot roll: %w", s.next+1, f, faces, ErrFace)
	}
	s.next++
	return f, nil
}
