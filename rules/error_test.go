package rules_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unsafe"

	"github.com/ordo-rules/ordo/rules"
)

type seatName string

func TestRuleErrorMessage(t *testing.T) {
	// Plain values are kept and formatted when read.
	e := rules.Errorf(rules.CodeIllegal, "Move (N4)", "route of %.2f\" is longer than MOV %g\" for %s", 4.5, 4.0, seatName("blue"))
	if got, want := e.Message(), `route of 4.50" is longer than MOV 4" for blue`; got != want {
		t.Errorf("Message() = %q, want %q", got, want)
	}
	if got, want := e.Error(), `illegal: route of 4.50" is longer than MOV 4" for blue (Move (N4))`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	// Anything that could change later is formatted at once: the message
	// is what was true when the action was refused.
	seats := []string{"blue"}
	e = rules.Errorf(rules.CodeNotYourTurn, "", "waiting for %v", seats)
	seats[0] = "red"
	if got, want := e.Message(), "waiting for [blue]"; got != want {
		t.Errorf("after the slice changed, Message() = %q, want %q", got, want)
	}
	// Arrays and structs of plain values are plain too; one holding a
	// slice is not.
	at := [2]float64{1, 2}
	e = rules.Errorf(rules.CodeBadAction, "", "landing point %v", at)
	at[0] = 9
	if got, want := e.Message(), "landing point [1 2]"; got != want {
		t.Errorf("array argument: Message() = %q, want %q", got, want)
	}
	type withSlice struct{ Names []string }
	ws := withSlice{Names: []string{"a"}}
	e = rules.Errorf(rules.CodeBadAction, "", "%v", ws)
	ws.Names[0] = "b"
	if got, want := e.Message(), "{[a]}"; got != want {
		t.Errorf("struct with a slice: Message() = %q, want %q", got, want)
	}
	if got := rules.NewError(rules.CodeDice, "", "100%").Message(); got != "100%" {
		t.Errorf("NewError message = %q, want it verbatim", got)
	}
	if got := rules.Errorf(rules.CodeDice, "", "100%% sure").Message(); got != "100% sure" {
		t.Errorf("Errorf without arguments = %q, want it formatted", got)
	}
}

// TestRuleErrorArgs checks that a RuleError keeps up to four plain
// arguments for formatting later, the first two inline and the rest
// apart, each in its place, and that keeping one or two costs the
// RuleError alone: one allocation of at most 96 bytes, for a menu makes
// hundreds.
func TestRuleErrorArgs(t *testing.T) {
	for _, tt := range []struct {
		args []any
		want string
	}{
		{[]any{1}, "1"},
		{[]any{1, "b"}, "1 b"},
		{[]any{1, "b", 3.5}, "1 b 3.5"},
		{[]any{1, "b", 3.5, seatName("red")}, "1 b 3.5 red"},
		{[]any{1, "b", 3.5, seatName("red"), true}, "1 b 3.5 red true"},
	} {
		format := strings.TrimSpace(strings.Repeat("%v ", len(tt.args)))
		e := rules.Errorf(rules.CodeIllegal, "Move (N4)", format, tt.args...)
		tt.args[0] = "changed"
		if got := e.Message(); got != tt.want {
			t.Errorf("%d arguments: Message() = %q, want %q", len(tt.args), got, tt.want)
		}
		if got, want := e.Error(), "illegal: "+tt.want+" (Move (N4))"; got != want {
			t.Errorf("%d arguments: Error() = %q, want %q", len(tt.args), got, want)
		}
	}
	if size := unsafe.Sizeof(rules.RuleError{}); size > 96 {
		t.Errorf("a RuleError is %d bytes, want at most 96", size)
	}
	var sink *rules.RuleError
	n := 7 // not a constant, but small enough to box without allocating
	if allocs := testing.AllocsPerRun(100, func() {
		sink = rules.Errorf(rules.CodeIllegal, "Move (N4)", "%d of %d", n, n+1)
	}); allocs != 1 {
		t.Errorf("Errorf with two small ints: %v allocations, want 1", allocs)
	}
	_ = sink
}

func TestRuleErrorJSON(t *testing.T) {
	e := rules.Errorf(rules.CodeIllegal, "Dodge (N4)", "%s may not Dodge", "zhanshi")
	b, err := json.Marshal(rules.Option{Illegal: e})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"action":null,"illegal":{"code":"illegal","message":"zhanshi may not Dodge","rule":"Dodge (N4)"}}`
	if string(b) != want {
		t.Fatalf("JSON = %s, want %s", b, want)
	}
	var back rules.Option
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Illegal.Message() != e.Message() || back.Illegal.Rule != e.Rule || !errors.Is(back.Illegal, e) {
		t.Fatalf("round trip = %+v, want %+v", back.Illegal, e)
	}
}
