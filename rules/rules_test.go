package rules_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/duel"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

type move struct {
	Model string     `json:"model"`
	To    [2]float64 `json:"to"`
}

func (move) Kind() string { return "move" }

type idle struct{}

func (idle) Kind() string { return "idle" }

func codec() *rules.Codec[rules.Action] {
	c := &rules.Codec[rules.Action]{}
	c.Register("move", func() rules.Action { return &move{} })
	c.Register("idle", func() rules.Action { return &idle{} })
	return c
}

// Actions travel as flat JSON objects with their kind first, and decode
// back to the same value.
func TestEncodeDecode(t *testing.T) {
	for _, a := range []rules.Action{move{Model: "m1", To: [2]float64{3, 4.5}}, idle{}} {
		b, err := rules.Encode(a)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), `{"kind":"`+a.Kind()+`"`) {
			t.Fatalf("encoded %s", b)
		}
		back, err := codec().Decode(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		again, _ := rules.Encode(back)
		if string(again) != string(b) {
			t.Fatalf("round trip %s -> %s", b, again)
		}
		// The same plain value comes back, not a pointer to it: a type
		// switch over values (Apply, Redact) must match decoded ones.
		if back != a {
			t.Fatalf("decoded %#v, want %#v", back, a)
		}
	}
}

// Bad input is a typed error saying what and where.
func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		in   string
		code rules.Code
		want string
	}{
		{`[1]`, rules.CodeBadAction, "not a JSON object"},
		{`{"model":"m"}`, rules.CodeBadAction, `missing "kind"`},
		{`{"kind":"fly"}`, rules.CodeUnknown, `unknown kind "fly"`},
		{`{"kind":"move","model":3}`, rules.CodeBadAction, "move:"},
		{`{"kind":"move","speed":3}`, rules.CodeBadAction, `unknown field "speed"`},
	}
	for _, tt := range tests {
		_, err := codec().Decode([]byte(tt.in))
		re, ok := rules.AsRuleError(err)
		if !ok || re.Code != tt.code || !strings.Contains(re.Message(), tt.want) {
			t.Errorf("%s: %v, want %s %q", tt.in, err, tt.code, tt.want)
		}
		if !errors.Is(err, &rules.RuleError{Code: tt.code}) {
			t.Errorf("%s: errors.Is by code fails", tt.in)
		}
	}
}

// docs/RULES.md (rulings): defaults fill in, a scenario may pick another reading, and an
// unknown ruling or reading is refused.
func TestResolveRulings(t *testing.T) {
	defs := rules.StandardFor("infinity-n4")
	r, err := rules.ResolveRulings(defs, map[string]string{"dodge-mods": "stack"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Get("dodge-mods") != "stack" || r.Get("criticals") != "n4-extra-save" || r.Get("zoc-aro") != "any-valid" {
		t.Fatalf("rulings %v", r)
	}
	if _, err := rules.ResolveRulings(defs, map[string]string{"dodge-mod": "stack"}); !errors.Is(err, &rules.RuleError{Code: rules.CodeUnknownRule}) {
		t.Fatalf("unknown ruling: %v", err)
	}
	if _, err := rules.ResolveRulings(defs, map[string]string{"criticals": "n5"}); !errors.Is(err, &rules.RuleError{Code: rules.CodeBadRulingVal}) {
		t.Fatalf("bad reading: %v", err)
	}
	for _, d := range rules.Standard {
		if d.Readings[0] != d.Default {
			t.Errorf("%s: the default must be the first reading", d.Name)
		}
	}
}

func duelSetup(t *testing.T) (duel.Ruleset, rules.State) {
	t.Helper()
	rs := duel.Ruleset{}
	st, err := rs.Setup(&scenario.Scenario{Rounds: 1, Sides: []scenario.Side{{Seat: "a"}, {Seat: "b"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rs, st
}

// Step records the dice an action took; Replay rebuilds the state from the
// log with no generator, and refuses a log whose dice do not fit.
func TestStepAndReplay(t *testing.T) {
	rs, st := duelSetup(t)
	src := dice.NewPCG(1, 2)
	var log []rules.Entry
	for i, act := range []struct {
		seat string
		a    string
	}{{"a", `{"kind":"roll"}`}, {"a", `{"kind":"bid","N":1}`}, {"b", `{"kind":"bid","N":0}`}, {"chance", `{"kind":"resolve"}`}} {
		a, err := rs.DecodeAction([]byte(act.a))
		if err != nil {
			t.Fatal(err)
		}
		e, _, err := rules.Step(st, i, rules.Seat(act.seat), a, src)
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, e)
	}
	if len(log[0].Dice) != 1 || len(log[1].Dice) != 0 || len(log[3].Dice) != 1 {
		t.Fatalf("dice per entry: %+v", log)
	}
	_, fresh := duelSetup(t)
	replayed, err := rules.Replay(rs, fresh, log)
	if err != nil {
		t.Fatal(err)
	}
	b1, _ := json.Marshal(st)
	b2, _ := json.Marshal(replayed)
	if string(b1) != string(b2) {
		t.Fatalf("replay differs:\n%s\n%s", b1, b2)
	}
	// A missing die, an extra die, an entry out of order.
	for name, mutate := range map[string]func([]rules.Entry){
		"missing die": func(l []rules.Entry) { l[0].Dice = nil },
		"extra die":   func(l []rules.Entry) { l[1].Dice = []int{5} },
		"seq":         func(l []rules.Entry) { l[2].Seq = 7 },
	} {
		bad := append([]rules.Entry(nil), log...)
		mutate(bad)
		_, fresh := duelSetup(t)
		if _, err := rules.Replay(rs, fresh, bad); err == nil {
			t.Errorf("%s: replay accepted a broken log", name)
		}
	}
}

// A refused action leaves the state exactly as it was and records nothing.
func TestRefusalChangesNothing(t *testing.T) {
	_, st := duelSetup(t)
	before, _ := json.Marshal(st)
	_, _, err := rules.Step(st, 0, "b", duel.RollAction(), dice.NewPCG(1, 1))
	if !errors.Is(err, &rules.RuleError{Code: rules.CodeNotYourTurn}) {
		t.Fatalf("err %v", err)
	}
	after, _ := json.Marshal(st)
	if string(before) != string(after) {
		t.Fatal("refused action changed the state")
	}
}

func TestViewerSees(t *testing.T) {
	if !rules.Admin().Sees("a") || rules.Spectator().Sees("a") || !rules.PlayerView("a").Sees("a") || rules.PlayerView("b").Sees("a") {
		t.Fatal("Viewer.Sees")
	}
}
