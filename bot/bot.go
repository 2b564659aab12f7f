// Package bot has the computer players: a Player chooses one seat's next
// action from what that seat may know — its Observation — and never from
// the state of the game.
//
// An Observation is made by the referee (the arena, a server seat client)
// from the state and the seat; it holds the seat's prompt, its legal menu,
// its view of the table, and a way to draw whole states the seat could
// believe it is in (rules.Determinizer): hidden facts of the other seats —
// a Hidden Deployment, the trooper behind a marker, the Lieutenant — are
// sampled, not read. The state itself never enters it: the referee draws
// one belief from the state at once, with the other seats' private facts
// drawn afresh, and everything the Observation holds or hands out comes
// from that belief. The no-cheating tests hold every player to it: twin
// states that differ only in another seat's private facts give the same
// decision for the same seed, and the same Observation, field for field.
package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/rules"
)

// Observation is everything one seat may know when it must act.
type Observation struct {
	seat   rules.Seat
	prompt rules.Prompt
	menu   []rules.Action
	// belief is one state the seat could believe it is in, drawn from the
	// state when the observation was made: every fact the seat may see
	// as it is, the other seats' private facts drawn, not read. Nothing
	// the observation holds leads to the state it was made from.
	belief rules.Determinizer
}

// beliefDraws seeds the draw of an Observation's belief. Which draw it is
// plays no part: by the rules.Determinizer contract, a state and any
// state that differs from it only in other seats' private facts give the
// same samples, so the belief's samples are the state's.
var beliefDraws = [2]uint64{0x6f72646f, 0x62656c6965660a}

// Observe is seat's Observation of st, made by whoever referees the game.
// The state must be a rules.Determinizer, and seat must be prompted with
// at least one legal action. The Observation keeps nothing of st, which
// may go on changing: its prompt, menu and view are the belief's, the
// same as st's for the seat (a rules.TwinMaker's Prompt, Observe and
// Legal for a seat do not tell the other seats' private facts apart).
func Observe(st rules.State, seat rules.Seat) (*Observation, error) {
	det, ok := st.(rules.Determinizer)
	if !ok {
		return nil, fmt.Errorf("bot: a %T cannot be sampled from a seat's view (it is no rules.Determinizer)", st)
	}
	p := st.Prompt()
	if !p.Waits(seat) || seat == rules.ChanceSeat {
		return nil, fmt.Errorf("bot: %s is not prompted (%s)", seat, p.Window)
	}
	belief, err := believe(det, seat)
	if err != nil {
		return nil, err
	}
	drawn := belief.(rules.State)
	var menu []rules.Action
	for _, o := range drawn.Legal(seat) {
		if o.Illegal == nil {
			menu = append(menu, plain(o.Action))
		}
	}
	if len(menu) == 0 {
		return nil, fmt.Errorf("bot: %s is prompted (%s) but has no legal action", seat, p.Window)
	}
	return &Observation{seat: seat, prompt: drawn.Prompt(), menu: menu, belief: belief}, nil
}

// believe draws seat's belief from det: one state seat could believe it
// is in, the other seats' private facts drawn with the fixed beliefDraws.
func believe(det rules.Determinizer, seat rules.Seat) (rules.Determinizer, error) {
	drawn := det.Determinize(seat, rand.New(rand.NewPCG(beliefDraws[0], beliefDraws[1])))
	belief, ok := drawn.(rules.Determinizer)
	if !ok {
		return nil, fmt.Errorf("bot: a %T's sample %T cannot be sampled again (it is no rules.Determinizer)", det, drawn)
	}
	return belief, nil
}

// plain is a menu candidate as the value it stands for, so that players
// tell actions apart by their types alone: Infinity's menus hand some
// candidates over as pointers to their values (infinity.Plain); the
// fantasy menus hand values.
func plain(a rules.Action) rules.Action { return infinity.Plain(a) }

// Seat is the seat that acts.
func (o *Observation) Seat() rules.Seat { return o.seat }

// Prompt is the window the seat acts in.
func (o *Observation) Prompt() rules.Prompt { return o.prompt }

// Menu lists the seat's legal actions (the greyed-out entries left out),
// in the ruleset's order. The list is the observation's own: do not change
// it.
func (o *Observation) Menu() []rules.Action { return o.menu }

// View is the table as the seat sees it (State.Observe for its player).
func (o *Observation) View() any { return o.belief.(rules.State).Observe(rules.PlayerView(o.seat)) }

// Sample draws, with r, a whole state the seat could believe it is in
// (rules.Determinizer): the facts it sees as they are, the other seats'
// private facts drawn afresh. Each call returns a new state, the caller's
// to change.
func (o *Observation) Sample(r *rand.Rand) rules.State { return o.belief.Determinize(o.seat, r) }

// A Player chooses actions for a seat.
type Player interface {
	// Name is what the player is called on the command line ("random").
	Name() string
	// Decide returns one of o.Menu(). It draws only from r, so the same
	// observation and the same r give the same action.
	Decide(o *Observation, r *rand.Rand) (rules.Action, error)
}

// Players lists the players New makes, in the order of their strength.
func Players() []string { return []string{"random", "greedy", "mcts"} }

// ErrUnknown is New's error for a name it does not know (errors.Is).
var ErrUnknown error = unknownBot{}

// unknownBot is ErrUnknown's type: a value of no size, so that the
// package allocates nothing at start.
type unknownBot struct{}

func (unknownBot) Error() string { return "unknown bot" }

// New makes the player of that name (see Players).
func New(name string) (Player, error) {
	switch name {
	case "random":
		return Random{}, nil
	case "greedy":
		return Greedy{}, nil
	case "mcts":
		return MCTS{}, nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknown, name, strings.Join(Players(), ", "))
}

// Act is what a referee calls for a bot's seat: seat's Observation of st,
// then p's decision. The referee applies it as any seat's action: Apply
// refuses whatever is not legal.
func Act(p Player, st rules.State, seat rules.Seat, r *rand.Rand) (rules.Action, error) {
	o, err := Observe(st, seat)
	if err != nil {
		return nil, err
	}
	a, err := p.Decide(o, r)
	if err != nil {
		return nil, fmt.Errorf("bot %s for %s (%s): %w", p.Name(), seat, o.prompt.Window, err)
	}
	return a, nil
}

// Random picks uniformly among the legal menu, with one draw.
type Random struct{}

// Name is "random".
func (Random) Name() string { return "random" }

// Decide draws one entry of the menu.
func (Random) Decide(o *Observation, r *rand.Rand) (rules.Action, error) {
	return o.menu[r.IntN(len(o.menu))], nil
}
