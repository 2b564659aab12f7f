package rules_test

import (
	"math/rand/v2"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// menuState is a position with a fixed prompt and fixed menus, for
// RandomLegal.
type menuState struct {
	prompt rules.Prompt
	menus  map[rules.Seat][]rules.Option
}

func (s menuState) Prompt() rules.Prompt                 { return s.prompt }
func (s menuState) Legal(seat rules.Seat) []rules.Option { return s.menus[seat] }
func (s menuState) Apply(rules.Seat, rules.Action, dice.Source) ([]rules.Event, error) {
	return nil, rules.NewError(rules.CodeIllegal, "", "menuState does not play")
}
func (s menuState) Observe(rules.Viewer) any { return nil }
func (s menuState) Redact(e rules.Event, _ rules.Viewer) (rules.Event, bool) {
	return e, true
}
func (s menuState) RedactAction(_ rules.Seat, a rules.Action, _ rules.Viewer) (rules.Action, bool) {
	return a, true
}
func (s menuState) Clone() rules.State { return s }

// RandomLegal draws a prompted seat, then one of its legal options, never a
// greyed one, and takes exactly those two draws from rng, in that order.
func TestRandomLegal(t *testing.T) {
	greyed := rules.NewError(rules.CodeIllegal, "", "greyed")
	st := menuState{
		prompt: rules.Prompt{Kind: rules.Simultaneous, Seats: []rules.Seat{"blue", "red"}, Window: "bid"},
		menus: map[rules.Seat][]rules.Option{
			"blue":  {{Action: idle{}, Illegal: greyed}, {Action: move{Model: "b1"}}, {Action: move{Model: "b2"}}},
			"red":   {{Action: move{Model: "r1"}}, {Action: idle{}, Illegal: greyed}, {Action: move{Model: "r2"}}, {Action: move{Model: "r3"}}},
			"green": {{Action: move{Model: "g1"}}}, // not prompted
		},
	}
	legal := map[rules.Seat][]rules.Action{
		"blue": {move{Model: "b1"}, move{Model: "b2"}},
		"red":  {move{Model: "r1"}, move{Model: "r2"}, move{Model: "r3"}},
	}
	seen := map[rules.Seat]map[rules.Action]bool{}
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 1))
		seat, a, err := rules.RandomLegal(st, rng)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// The same two draws made by hand.
		ref := rand.New(rand.NewPCG(seed, 1))
		wantSeat := st.prompt.Seats[ref.IntN(len(st.prompt.Seats))]
		want := legal[wantSeat][ref.IntN(len(legal[wantSeat]))]
		if seat != wantSeat || a != want {
			t.Fatalf("seed %d: got %s %v, want %s %v", seed, seat, a, wantSeat, want)
		}
		if rng.Uint64() != ref.Uint64() {
			t.Fatalf("seed %d: RandomLegal took more than two draws", seed)
		}
		if seen[seat] == nil {
			seen[seat] = map[rules.Action]bool{}
		}
		seen[seat][a] = true
	}
	for seat, acts := range legal {
		for _, a := range acts {
			if !seen[seat][a] {
				t.Errorf("%s %v never drawn in 200 seeds", seat, a)
			}
		}
	}
}

// RandomLegal says why there is nothing to draw.
func TestRandomLegalFails(t *testing.T) {
	tests := []struct {
		name string
		st   menuState
		want string
	}{
		{"game over", menuState{prompt: rules.Prompt{Kind: rules.GameOver}}, "the game is over"},
		{"no seat", menuState{prompt: rules.Prompt{Kind: rules.Simultaneous, Window: "bid"}},
			"the game is not over but its prompt (bid) names no seat"},
		{"nothing legal", menuState{
			prompt: rules.Prompt{Kind: rules.Sequential, Seats: []rules.Seat{"blue"}, Window: "move"},
			menus: map[rules.Seat][]rules.Option{
				"blue": {{Action: idle{}, Illegal: rules.NewError(rules.CodeIllegal, "", "greyed")}},
			},
		}, "blue is prompted (move) but has no legal action"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seat, a, err := rules.RandomLegal(tt.st, rand.New(rand.NewPCG(1, 2)))
			if err == nil || err.Error() != tt.want {
				t.Fatalf("got %q %v, error %v; want error %q", seat, a, err, tt.want)
			}
			if seat != "" || a != nil {
				t.Errorf("a failed draw returned %q %v", seat, a)
			}
		})
	}
}
