package duel_test

// The duel's own checks: its state decoder, Setup and RedactAction. The
// conformance suite proves itself on it in rulestest (TestDuelConforms,
// TestSuiteCatchesFlaws).

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/duel"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// validDuelState is a state in the bid window: blue has rolled and bid.
const validDuelState = `{"seats":["blue","red"],"score":{"blue":7,"red":0},"secret":{"blue":"b","red":"r"},"bids":{"blue":1},"turn":0,"turns":2,"phase":"bid","errors":0}`

// withDuelField is validDuelState with one field replaced (or removed, when value
// is "-") by raw JSON.
func withDuelField(t *testing.T, name, value string) []byte {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(validDuelState), &m); err != nil {
		t.Fatal(err)
	}
	if value == "-" {
		delete(m, name)
	} else {
		m[name] = json.RawMessage(value)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// DecodeState refuses a state Setup and Apply could not have made, and says
// which field is wrong.
func TestDuelDecodeStateRefuses(t *testing.T) {
	tests := []struct {
		field, value string
		want         string
	}{
		{"seats", `["blue"]`, "seats: a duel has 2, this state has 1"},
		{"seats", `["blue","red","green"]`, "seats: a duel has 2, this state has 3"},
		{"seats", `[]`, "seats: a duel has 2, this state has 0"},
		{"seats", `null`, "seats: a duel has 2, this state has 0"},
		{"seats", "-", "seats: a duel has 2, this state has 0"},
		{"seats", `["blue","blue"]`, `seats[1]: "blue" is already seats[0]`},
		{"seats", `["blue"," "]`, "seats[1] is blank"},
		{"seats", `["","red"]`, "seats[0] is blank"},
		{"seats", `["chance","red"]`, `seats[0] is "chance", the seat of the dice`},
		{"seats", `["blue","green"]`, `score has no entry for seat "green"`},
		{"score", `{"blue":7}`, `score has no entry for seat "red"`},
		{"score", `null`, `score has no entry for seat "blue"`},
		{"score", `{"blue":7,"red":0,"green":1}`, `score names "green", which is not a seat`},
		{"score", `{"blue":-1,"red":0}`, `score of "blue" is -1`},
		{"secret", `{"blue":"b"}`, `secret has no entry for seat "red"`},
		{"secret", `{"blue":"b","red":"r","chance":"x"}`, `secret names "chance", which is not a seat`},
		{"bids", `null`, "bids are missing"},
		{"bids", "-", "bids are missing"},
		{"bids", `{"green":1}`, `bids names "green", which is not a seat`},
		{"bids", `{"blue":3}`, `bid of "blue" is 3; bids run 0..2`},
		{"bids", `{"blue":-1}`, `bid of "blue" is -1`},
		{"bids", `{"blue":1,"red":0}`, `every seat has bid but the phase is still "bid"`},
		{"phase", `"chance"`, `1 bids in phase "chance"`},
		{"phase", `"move"`, `1 bids in phase "move"`},
		{"phase", `"dance"`, `phase "dance" is none of move, bid, chance, over`},
		{"phase", `"over"`, `phase is "over" at turn 0 of 2`},
		{"turns", `0`, "turns is 0; a duel has two a round"},
		{"turns", `3`, "turns is 3"},
		{"turn", `-1`, "turn is -1, outside 0..2"},
		{"turn", `3`, "turn is 3, outside 0..2"},
		{"turn", `2`, `phase is "bid" but all 2 turns are played`},
		{"errors", `-2`, "errors is -2"},
	}
	for _, tt := range tests {
		in := withDuelField(t, tt.field, tt.value)
		st, err := duel.Ruleset{}.DecodeState(in)
		if err == nil || !strings.HasPrefix(err.Error(), "duel state: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s = %s: got %v, %v; want an error saying %q", tt.field, tt.value, st, err, tt.want)
		}
	}
	// Malformed JSON is still encoding/json's error.
	if _, err := (duel.Ruleset{}).DecodeState([]byte(`{"seats":`)); err == nil {
		t.Error("truncated JSON decoded")
	}
}

// Every state of a game decodes, and to the same bytes: the checks refuse
// nothing Setup and Apply make, at any point, including the end.
func TestDuelDecodeStateAcceptsPlay(t *testing.T) {
	if _, err := (duel.Ruleset{}).DecodeState([]byte(validDuelState)); err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(20) {
		st, err := duel.Ruleset{}.Setup(&scenario.Scenario{Rounds: 2, Sides: []scenario.Side{{Seat: "blue"}, {Seat: "red"}}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		st.(rules.CanaryPlanter).PlantCanaries("C-")
		src := dice.NewPCG(seed, 1)
		for step := 0; ; step++ {
			b, err := json.Marshal(st)
			if err != nil {
				t.Fatal(err)
			}
			back, err := duel.Ruleset{}.DecodeState(b)
			if err != nil {
				t.Fatalf("seed %d step %d: %s: %v", seed, step, b, err)
			}
			if again, _ := json.Marshal(back); !bytes.Equal(b, again) {
				t.Fatalf("seed %d step %d: %s became %s", seed, step, b, again)
			}
			p := st.Prompt()
			if p.Kind == rules.GameOver {
				break
			}
			seat := p.Seats[int(seed)%len(p.Seats)]
			var legal []rules.Action
			for _, o := range st.Legal(seat) {
				if o.Illegal == nil {
					legal = append(legal, o.Action)
				}
			}
			if _, err := st.Apply(seat, legal[(int(seed)+step)%len(legal)], src); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
	}
}

// Setup holds its states to the same checks, so a scenario with two sides
// on one seat is refused rather than made into a state that cannot decode.
func TestDuelSetupChecksSeats(t *testing.T) {
	for _, sides := range [][]scenario.Side{
		{{Seat: "blue"}, {Seat: "blue"}},
		{{Seat: "chance"}, {Seat: "red"}},
		{{Seat: ""}, {Seat: "red"}},
	} {
		_, err := duel.Ruleset{}.Setup(&scenario.Scenario{Rounds: 1, Sides: sides}, nil)
		if err == nil || !strings.HasPrefix(err.Error(), "duel setup: seats") {
			t.Errorf("sides %v: %v", sides, err)
		}
	}
}

// FuzzDuelDecodeState: whatever the bytes, DecodeState does not panic, and a
// state it accepts survives the JSON round trip and plays on (up to 100
// steps) without panicking, through every method.
func FuzzDuelDecodeState(f *testing.F) {
	f.Add([]byte(validDuelState))
	f.Add([]byte(`{"seats":["a","b"],"score":{"a":0,"b":0},"secret":{"a":"","b":""},"bids":{},"turn":0,"turns":2,"phase":"move"}`))
	f.Add([]byte(`{"seats":["a","b"],"score":{"a":3,"b":0},"secret":{"a":"","b":""},"bids":{"a":2,"b":0},"turn":1,"turns":2,"phase":"chance"}`))
	f.Add([]byte(`{"seats":["a","b"],"score":{"a":3,"b":0},"secret":{"a":"","b":""},"bids":{},"turn":4,"turns":4,"phase":"over"}`))
	f.Add([]byte(`{"seats":["a"],"score":{"a":0},"secret":{"a":""},"bids":{},"turn":1,"turns":2,"phase":"move"}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		st, err := duel.Ruleset{}.DecodeState(in)
		if err != nil {
			return
		}
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := (duel.Ruleset{}).DecodeState(b); err != nil {
			t.Fatalf("%s decoded, but its encoding %s does not: %v", in, b, err)
		} else if again, _ := json.Marshal(back); !bytes.Equal(b, again) {
			t.Fatalf("%s became %s", b, again)
		}
		st.(rules.CanaryPlanter).PlantCanaries("C-")
		src := dice.NewPCG(1, 2)
		for range 100 {
			p := st.Prompt()
			for _, v := range []rules.Viewer{rules.Admin(), rules.Spectator(), rules.PlayerView("a")} {
				st.Observe(v)
			}
			if p.Kind == rules.GameOver {
				return
			}
			if len(p.Seats) == 0 {
				t.Fatalf("%s: prompt %+v names no seat", in, p)
			}
			opts := st.Legal(p.Seats[0])
			events, err := st.Clone().Apply(p.Seats[0], opts[len(opts)-1].Action, src)
			if err == nil {
				for _, e := range events {
					st.Redact(e, rules.Spectator())
				}
			}
			if _, err := st.Apply(p.Seats[0], opts[0].Action, src); err != nil {
				t.Fatalf("%s: the first legal action was refused: %v", in, err)
			}
		}
	})
}

// A sealed bid is sealed in the action too: only the bidder and the admin
// read how much it was; the other seat and spectators read -1. Other moves
// are public.
func TestDuelRedactAction(t *testing.T) {
	st, err := duel.Ruleset{}.DecodeState([]byte(validDuelState))
	if err != nil {
		t.Fatal(err)
	}
	decode := func(js string) rules.Action {
		t.Helper()
		a, err := duel.Ruleset{}.DecodeAction([]byte(js))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	encode := func(a rules.Action) string {
		t.Helper()
		b, err := rules.Encode(a)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	bid := decode(`{"kind":"bid","N":2}`)
	open, sealed := encode(bid), encode(decode(`{"kind":"bid","N":-1}`))
	for _, tc := range []struct {
		v    rules.Viewer
		want string
	}{
		{rules.PlayerView("blue"), open}, {rules.Admin(), open},
		{rules.PlayerView("red"), sealed}, {rules.Spectator(), sealed},
	} {
		got, ok := st.RedactAction("blue", bid, tc.v)
		if !ok || encode(got) != tc.want {
			t.Errorf("%s reads blue's bid of 2 as %s (%v), want %s", tc.v, encode(got), ok, tc.want)
		}
	}
	roll := duel.RollAction()
	if got, ok := st.RedactAction("blue", roll, rules.PlayerView("red")); !ok || got != roll {
		t.Errorf("red reads blue's roll as %#v (%v)", got, ok)
	}
}
