package bot_test

import (
	"testing"

	"github.com/ordo-rules/ordo/bot"
	"github.com/ordo-rules/ordo/bot/arena"
	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/rules"
)

// A computer player accepts a draw offer when it judges it is losing, and
// only then (Draw offers; docs/BOTS.md): at the opening of either demo, an
// even game whatever each army's points, both seats decline; once one
// side has destroyed units worth most of the other's points, the losing
// seat accepts and the winning one declines. Whether the seat is prompted
// plays no part.
func TestAcceptDraw(t *testing.T) {
	for _, name := range []string{"demo", "fantasy-demo"} {
		g, err := arena.LoadBundled(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, seat := range g.Seats {
			if yes, err := bot.AcceptDraw(g.Opening, seat); err != nil || yes {
				t.Errorf("%s opening: %s accepts a draw (%v, %v); want it declined in an even game", name, seat, yes, err)
			}
		}
	}
	g, err := arena.LoadBundled("fantasy-demo")
	if err != nil {
		t.Fatal(err)
	}
	st := g.Opening.Clone().(*fantasy.State)
	// Blue has destroyed red's swords and its knight (Victory Points: the
	// points of units destroyed).
	st.Points["blue"] += 250
	st.Units = deleteUnits(st.Units, "red", "swords")
	for seat, want := range map[rules.Seat]bool{"red": true, "blue": false} {
		if yes, err := bot.AcceptDraw(st, seat); err != nil || yes != want {
			t.Errorf("250 Victory Points behind or ahead: %s accepts a draw: %v (%v); want %v", seat, yes, err, want)
		}
	}
}

func deleteUnits(us []*fantasy.Unit, seat rules.Seat, id string) []*fantasy.Unit {
	var out []*fantasy.Unit
	for _, u := range us {
		if u.Seat != seat || u.ID != id {
			out = append(out, u)
		}
	}
	return out
}

// A computer player grants one take-back a match and declines the rest
// (Undo by consent; docs/BOTS.md).
func TestAcceptTakeBack(t *testing.T) {
	for granted, want := range []bool{true, false, false} {
		if got := bot.AcceptTakeBack(granted); got != want {
			t.Errorf("after %d take-backs granted: %v, want %v", granted, got, want)
		}
	}
}

// mcts values the fantasy game by what each side has won so far, as the
// battle is won on the Victory Points of the units destroyed: at the
// opening of fantasy-demo, where red's army is worth 342 points against
// blue's 540, both seats stand at an even game, not red as good as lost
// (the search's values of the smaller side were squashed near 0.14).
func TestFantasyEvaluationStartsEven(t *testing.T) {
	g, err := arena.LoadBundled("fantasy-demo")
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range g.Seats {
		if v := bot.Evaluate(g.Opening, seat); v != 0.5 {
			t.Errorf("%s at the opening: %.3f, want 0.5", seat, v)
		}
	}
	st := g.Opening.Clone().(*fantasy.State)
	st.Points["red"] += 80 // red has destroyed a unit of blue's
	if v := bot.Evaluate(st, "red"); v <= 0.5 {
		t.Errorf("red 80 Victory Points ahead: %.3f, want more than 0.5", v)
	}
}
