package dice

import (
	"errors"
	"fmt"
)

// Faces is the number of faces of the one die Infinity uses.
const Faces = 20

// Side is what one side of a roll throws: a Success Value and a Burst, or a
// template weapon's automatic hits.
type Side struct {
	// SV is the final Success Value (attribute plus capped MODs). An SV of 0 or
	// less fails without rolling (Success Value of 0 or less (N4)).
	SV int `json:"sv"`
	// Burst is the number of dice rolled, or of a template's automatic hits.
	Burst int `json:"burst"`
	// Template marks a template attack: every impact hits without a roll,
	// never crits, loses to any opposing success and cancels nothing
	// (Face to Face Rolls (N4), Direct Template Weapons (N4)).
	Template bool `json:"template,omitempty"`
	// NoCrit removes the usual Critical (a result equal to the SV, or 20 or
	// more above SV 20). The SV > 20 boost still applies.
	NoCrit bool `json:"noCrit,omitempty"`
	// CritOnOne makes a successful result of exactly 1 a Critical too (for
	// skills that grant it), with or without NoCrit. A boosted die never
	// shows 1, so it never fires when SV > 20.
	CritOnOne bool `json:"critOnOne,omitempty"`
}

// Boost is what an SV above 20 adds to every die (Success Value above 20 (N4)).
func (s Side) Boost() int { return max(s.SV-Faces, 0) }

// Rolls reports whether the side throws dice at all: templates hit without
// rolling and an SV of 0 or less fails without rolling.
func (s Side) Rolls() bool { return !s.Template && s.SV > 0 }

// Validate reports a Burst below 1.
func (s Side) Validate() error {
	if s.Burst < 1 {
		return fmt.Errorf("%w: burst %d", ErrBurst, s.Burst)
	}
	return nil
}

// Errors returned for malformed rolls. They are wrapped with the details.
var (
	ErrFace         = errors.New("die face out of 1..20")
	ErrBurst        = errors.New("burst must be at least 1")
	ErrDiceCount    = errors.New("number of dice does not match the burst")
	ErrTwoTemplates = errors.New("two template attacks do not roll Face to Face")
)

// Die is one judged die, or one automatic hit of a template.
type Die struct {
	Face     int  `json:"face,omitempty"` // 1..20; 0 for a template impact
	Result   int  `json:"result"`         // Face plus the SV > 20 boost
	Success  bool `json:"success"`
	Critical bool `json:"critical,omitempty"`
	Template bool `json:"template,omitempty"`
	// Cancelled is set by FaceToFace on a success that an opposing success
	// cancelled.
	Cancelled bool `json:"cancelled,omitempty"`
}

// Judge judges one face against the side (Normal Roll (N4), Success Value above 20 (N4)):
// a result at or below the SV succeeds; it is Critical when it equals the SV,
// or, for an SV above 20, when the boosted result is 20 or more.
func (s Side) Judge(face int) (Die, error) {
	if face < 1 || face > Faces {
		return Die{}, fmt.Errorf("%w: %d", ErrFace, face)
	}
	return s.judge(face), nil
}

// judge is Judge for a face known to be in range.
func (s Side) judge(face int) Die {
	if s.Template {
		return Die{Success: true, Template: true}
	}
	d := Die{Face: face, Result: face + s.Boost()}
	if s.SV <= 0 {
		return d
	}
	d.Success = d.Result <= s.SV
	d.Critical = d.Success &&
		((!s.NoCrit && d.Result >= min(s.SV, Faces)) || (s.CritOnOne && d.Result == 1))
	return d
}

// Rank orders successes for the Face to Face comparison: a success cancels
// every opposing success of equal or lower rank. Failures rank 0, a
// template's automatic hit 1 (it beats only a failure and so cancels
// nothing), a plain success its result plus 1, and a Critical above every
// plain success.
func (d Die) Rank() int {
	switch {
	case !d.Success:
		return 0
	case d.Template:
		return 1
	case d.Critical:
		return CritRank
	default:
		return d.Result + 1
	}
}

// CritRank is the rank of a Critical: above any plain result.
const CritRank = 1 << 20

// FaceRanks gives, for each face 1..20 (index face-1), the die the side
// produces. It is the table the odds calculator builds its distributions
// from, so that both share this one definition of the dice.
func (s Side) FaceRanks() [Faces]Die {
	var t [Faces]Die
	for f := 1; f <= Faces; f++ {
		t[f-1] = s.judge(f)
	}
	return t
}
