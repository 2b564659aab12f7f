package fantasy

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// unitSpecOf is a scenario unit entry for tests.
func unitSpecOf(id, profile string, models, files int, at [2]float64, facing float64, extra map[string]any) map[string]any {
	m := map[string]any{"id": id, "profile": profile, "models": models, "files": files,
		"at": []any{at[0], at[1]}, "facing": facing}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

func chars(ids ...string) map[string]any {
	var cs []any
	for i := 0; i < len(ids); i += 2 {
		cs = append(cs, map[string]any{"id": ids[i], "profile": ids[i+1]})
	}
	return map[string]any{"characters": cs}
}

// side is a side built in Go of the units given as their scenario
// entries (unitSpecOf).
func side(t testing.TB, seat string, units []map[string]any) scenario.Side {
	t.Helper()
	b, err := json.Marshal(map[string]any{"units": units})
	if err != nil {
		t.Fatal(err)
	}
	army := new(Army)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(army); err != nil {
		t.Fatal(err)
	}
	return scenario.Side{Seat: seat, Army: scenario.Army{Value: army}}
}

// battle sets up blue's and red's units on a 48"×48" table, blue to play.
func battle(t testing.TB, rulings map[string]string, blue, red []map[string]any) *State {
	t.Helper()
	return setUp(t, rulings, side(t, "blue", blue), side(t, "red", red))
}

// setUp sets up the sides on a 48"×48" table, blue to play (or to set up
// first), two rounds.
func setUp(t testing.TB, rulings map[string]string, sides ...scenario.Side) *State {
	t.Helper()
	rs := ruleset(t)
	sc := &scenario.Scenario{Name: "test", Ruleset: Name, Table: scenario.Table{Width: 48, Height: 48},
		Initiative: "blue", Rounds: 2, Rulings: rulings, Sides: sides}
	r, err := rules.ResolveRulings(rs.Rulings(), rulings)
	if err != nil {
		t.Fatal(err)
	}
	st, err := rs.Setup(sc, r)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// target is a red unit out of the way, to shoot or be shot at.
func target() []map[string]any {
	return []map[string]any{unitSpecOf("target", "bowman", 10, 5, [2]float64{24, 44}, 270, nil)}
}

func script(t testing.TB, faces ...int) roller {
	t.Helper()
	s, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	return roller{s}
}

// ones is n dice that fail every to-wound roll, so that a test of where
// hits go changes nothing else.
func ones(n int) []int { return slices.Repeat([]int{1}, n) }

// allocated is the per-model hits of the last "allocated" event.
func allocated(t testing.TB, events []Event) map[string]int {
	t.Helper()
	for i := len(events) - 1; i >= 0; i-- {
		if events[i].What == "allocated" {
			return events[i].Hits
		}
	}
	t.Fatalf("no hits were allocated; events %v", events)
	return nil
}

// rfHits sums the hits on a unit's non-character models.
func rfHits(u *Unit, per map[string]int) int {
	n := 0
	for _, m := range u.Models {
		if m.Role != Character {
			n += per[m.ID]
		}
	}
	return n
}

func apply(t testing.TB, s *State, seat rules.Seat, a rules.Action, faces ...int) []Event {
	t.Helper()
	src, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	evs, err := s.Apply(seat, a, src)
	if err != nil {
		t.Fatalf("%s %s: %v", seat, a.Kind(), err)
	}
	if src.Remaining() != 0 {
		t.Fatalf("%s: %d dice unused", a.Kind(), src.Remaining())
	}
	out := make([]Event, len(evs))
	for i, e := range evs {
		out[i] = *e.(*Event)
	}
	return out
}

// refused applies an action that must be refused with code, and checks
// that the state did not change.
func refused(t testing.TB, s *State, seat rules.Seat, a rules.Action, code rules.Code, faces ...int) *rules.RuleError {
	t.Helper()
	before := mustJSON(t, s)
	src, _ := dice.NewScript(faces...)
	_, err := s.Apply(seat, a, src)
	re, ok := rules.AsRuleError(err)
	if !ok || !errors.Is(err, &rules.RuleError{Code: code}) {
		t.Fatalf("%s %+v: err %v, want code %s", a.Kind(), a, err, code)
	}
	if after := mustJSON(t, s); after != before {
		t.Fatalf("a refused %s changed the state", a.Kind())
	}
	return re
}

// hasAction reports whether a menu's list holds a, compared by value (an
// action with a list in it cannot be compared with ==).
func hasAction(list []rules.Action, a rules.Action) bool {
	return slices.ContainsFunc(list, func(b rules.Action) bool { return reflect.DeepEqual(a, b) })
}

func legalOptions(s *State, seat rules.Seat) (legal, greyed []rules.Action) {
	for _, o := range s.Legal(seat) {
		if o.Illegal == nil {
			legal = append(legal, o.Action)
		} else {
			greyed = append(greyed, o.Action)
		}
	}
	return legal, greyed
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func playerView(s string) rules.Viewer { return rules.PlayerView(rules.Seat(s)) }
func spectator() rules.Viewer          { return rules.Spectator() }

// fightAll fights unit's combat for the player whose turn it is: the
// fight action, and when the other player is asked before the blows
// (a challenge, Make Way!, whom his models attack), his no-challenge. The
// dice go to the action that fights the round.
func fightAll(t testing.TB, s *State, unit string, faces ...int) []Event {
	t.Helper()
	c := s.clone()
	src, _ := dice.NewScript()
	if _, err := c.Apply(s.activeSeat(), Fight{Unit: unit}, src); err == nil && c.Phase == PhaseCounter {
		apply(t, s, s.activeSeat(), Fight{Unit: unit})
		seat, _ := s.actor()
		return apply(t, s, seat, NoChallenge{}, faces...)
	}
	return apply(t, s, s.activeSeat(), Fight{Unit: unit}, faces...)
}
