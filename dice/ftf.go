package dice

import "fmt"

// Roll is a side with the concrete faces it rolled. A side that does not roll
// (a template, or an SV of 0 or less) has no faces.
type Roll struct {
	Side  Side  `json:"side"`
	Faces []int `json:"faces,omitempty"`
}

// Outcome is one side's judged dice after a roll, and what survived.
type Outcome struct {
	Dice []Die `json:"dice"`
	// AutoFail is set when the SV was 0 or less: no die was rolled and the
	// roll failed (Success Value of 0 or less (N4)).
	AutoFail bool `json:"autoFail,omitempty"`
	Hits     int  `json:"hits"`  // surviving non-critical successes
	Crits    int  `json:"crits"` // surviving Criticals
}

// Scored reports whether any success survived.
func (o Outcome) Scored() bool { return o.Hits+o.Crits > 0 }

// Blocks is the rank up to which this outcome cancels opposing successes in a
// Face to Face Roll: the rank of its best success, or 0 when it has none or
// is a template (a template's hits cancel nothing).
func (o Outcome) Blocks() int {
	b := 0
	for _, d := range o.Dice {
		if !d.Template {
			b = max(b, d.Rank())
		}
	}
	return b
}

// Survives reports whether the die is a success that an opposing outcome
// blocking up to rank block does not cancel (Face to Face Rolls (N4): a success
// survives if no opposing success has a rank at least its own). A failure
// ranks 0 and a block is never below 0, so a failure never survives: the
// rule is the rank comparison alone, which the odds calculator relies on.
func (d Die) Survives(block int) bool { return d.Rank() > max(block, 0) }

// Judge validates the faces against the side and judges each die, without
// any opposing roll: no die is cancelled and nothing is counted yet.
func Judge(r Roll) (Outcome, error) { return JudgeInto(r, nil) }

// JudgeInto is Judge with the judged dice written into buf's spare room
// (from buf[:0]) when it has enough, so that a caller judging many rolls
// can give them one block; with too little room they get their own, as
// from Judge. The outcome's Dice are capped at their length: appending to
// them never writes into the rest of buf.
func JudgeInto(r Roll, buf []Die) (Outcome, error) {
	s := r.Side
	if err := s.Validate(); err != nil {
		return Outcome{}, err
	}
	switch {
	case s.Template:
		if len(r.Faces) != 0 {
			return Outcome{}, fmt.Errorf("%w: a template rolls no dice, got %d", ErrDiceCount, len(r.Faces))
		}
		o := Outcome{Dice: dieRoom(buf, s.Burst)}
		for i := range o.Dice {
			o.Dice[i] = s.judge(1)
		}
		return o, nil
	case s.SV <= 0:
		if len(r.Faces) != 0 {
			return Outcome{}, fmt.Errorf("%w: SV %d rolls no dice, got %d", ErrDiceCount, s.SV, len(r.Faces))
		}
		return Outcome{AutoFail: true}, nil
	}
	if len(r.Faces) != s.Burst {
		return Outcome{}, fmt.Errorf("%w: burst %d, got %d dice", ErrDiceCount, s.Burst, len(r.Faces))
	}
	o := Outcome{Dice: dieRoom(buf, len(r.Faces))}
	for i, f := range r.Faces {
		d, err := s.Judge(f)
		if err != nil {
			return Outcome{}, fmt.Errorf("die %d: %w", i+1, err)
		}
		o.Dice[i] = d
	}
	return o, nil
}

// dieRoom is n dice in buf's room, or new ones when it has too little.
func dieRoom(buf []Die, n int) []Die {
	if cap(buf) < n {
		return make([]Die, n)
	}
	return buf[:n:n]
}

// survive marks every success of o that an opposing success of rank at least
// its own cancels, and counts the rest.
func (o *Outcome) survive(block int) {
	o.Hits, o.Crits = 0, 0
	for i := range o.Dice {
		d := &o.Dice[i]
		if !d.Success {
			continue
		}
		if !d.Survives(block) {
			d.Cancelled = true
			continue
		}
		if d.Critical {
			o.Crits++
		} else {
			o.Hits++
		}
	}
}

// Normal judges a Normal Roll: every success counts (Normal Roll (N4)).
func Normal(r Roll) (Outcome, error) { return NormalInto(r, nil) }

// NormalInto is Normal with the judged dice in buf's room (JudgeInto).
func NormalInto(r Roll, buf []Die) (Outcome, error) {
	o, err := JudgeInto(r, buf)
	if err != nil {
		return Outcome{}, err
	}
	o.survive(0)
	return o, nil
}

// FaceToFace judges a Face to Face Roll (Face to Face Rolls (N4)): a success cancels
// every opposing success with a lower result, even if it is itself cancelled;
// equal results cancel each other; a Critical beats any non-critical success;
// Criticals on both sides cancel each other and everything else. A template
// hits automatically, never crits, loses to any opposing success and cancels
// nothing. At most one side scores.
func FaceToFace(a, b Roll) (A, B Outcome, err error) { return FaceToFaceInto(a, b, nil, nil) }

// FaceToFaceInto is FaceToFace with each side's judged dice in the room of
// its own buffer (JudgeInto): a caller that keeps one side's outcome and
// not the other's can judge the other into scratch memory.
func FaceToFaceInto(a, b Roll, bufA, bufB []Die) (A, B Outcome, err error) {
	if a.Side.Template && b.Side.Template {
		return Outcome{}, Outcome{}, ErrTwoTemplates
	}
	if A, err = JudgeInto(a, bufA); err != nil {
		return Outcome{}, Outcome{}, fmt.Errorf("first side: %w", err)
	}
	if B, err = JudgeInto(b, bufB); err != nil {
		return Outcome{}, Outcome{}, fmt.Errorf("second side: %w", err)
	}
	blockA, blockB := A.Blocks(), B.Blocks()
	A.survive(blockB)
	B.survive(blockA)
	return A, B, nil
}
