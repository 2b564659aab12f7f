package rules

import "fmt"

// Seat names one player's place at the table, as the scenario names it
// ("blue", "red").
type Seat string

// ChanceSeat is the seat that acts in a chance window: the dice, not a player.
const ChanceSeat Seat = "chance"

// Role is what a viewer is entitled to see.
type Role string

// The roles a Viewer can have.
const (
	// RolePlayer sees the public state and its own seat's private facts.
	RolePlayer Role = "player"
	// RoleSpectator sees only the public state.
	RoleSpectator Role = "spectator"
	// RoleAdmin sees everything: replays after the game, referees, tests.
	RoleAdmin Role = "admin"
)

// Viewer is who is looking at a state or an event.
type Viewer struct {
	Role Role `json:"role"`
	Seat Seat `json:"seat,omitempty"` // for RolePlayer
}

// PlayerView, Spectator and Admin build the three kinds of viewer.
func PlayerView(s Seat) Viewer { return Viewer{Role: RolePlayer, Seat: s} }

// Spectator is the public view.
func Spectator() Viewer { return Viewer{Role: RoleSpectator} }

// Admin sees every private fact.
func Admin() Viewer { return Viewer{Role: RoleAdmin} }

// Sees reports whether the viewer may see a fact private to owner.
func (v Viewer) Sees(owner Seat) bool {
	return v.Role == RoleAdmin || (v.Role == RolePlayer && v.Seat == owner)
}

func (v Viewer) String() string {
	if v.Role == RolePlayer {
		return fmt.Sprintf("player %s", v.Seat)
	}
	return string(v.Role)
}
