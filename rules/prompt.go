package rules

import "slices"

// PromptKind says what sort of decision the game waits for.
type PromptKind string

// The kinds of Prompt.
const (
	// Sequential: exactly one seat acts.
	Sequential PromptKind = "sequential"
	// Simultaneous: several seats must each act (in any order) before the
	// game moves on, such as an ARO window or a joint deployment.
	Simultaneous PromptKind = "simultaneous"
	// Chance: the next step is a roll; ChanceSeat acts.
	Chance PromptKind = "chance"
	// GameOver: nobody may act.
	GameOver PromptKind = "over"
)

// Prompt is "who may act now, in which window": the flow of the game lives
// in the state, not in the caller.
type Prompt struct {
	Kind PromptKind `json:"kind"`
	// Seats may act now. For Simultaneous, those that have not acted yet.
	Seats []Seat `json:"seats,omitempty"`
	// Window names the step of the game ("declare-first-skill", "aro", ...),
	// for display and for tests.
	Window string `json:"window,omitempty"`
}

// Waits reports whether seat may act under this prompt.
func (p Prompt) Waits(seat Seat) bool {
	return p.Kind != GameOver && slices.Contains(p.Seats, seat)
}
