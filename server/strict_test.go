package server

import (
	"strings"
	"testing"
)

// Strict JSON: a member given twice in one object is found at any depth,
// with its path; the same name in two objects is not a duplicate.
func TestDuplicateKey(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`{"seq":5,"seq":0,"id":"a"}`, "seq"},
		{`{"seq":5,"id":"a","action":{"kind":"move","kind":"x"}}`, "action.kind"},
		{`{"action":{"skill":{"route":[[1,2]],"route":[[3,4]]}}}`, "action.skill.route"},
		{`{"actions":[{"kind":"a"},{"kind":"b","x":1,"x":2}]}`, "actions[1].x"},
		{`{"rulings":{"a":"b","a":"c"}}`, "rulings.a"},
		{`{"a":[[{"b":1}],[{"c":1,"c":2}]]}`, "a[1][0].c"},
		{`[{"a":1},{"a":1}]`, ""},
		{`{"a":{"x":1},"b":{"x":1}}`, ""},
		{`{"a":"a","b":"a"}`, ""},
		{`{"a":["a","a"]}`, ""},
		{`{"a":1,"b":`, ""},
		{`{"\u0061":1,"a":2}`, "a"},
	} {
		if got := duplicateKey([]byte(c.body)); got != c.want {
			t.Errorf("%s: %q, want %q", c.body, got, c.want)
		}
	}
}

// Strict JSON over the request decoders: a duplicated member is a 400
// bad-json naming it, wherever it is.
func TestParseRefusesDuplicateKeys(t *testing.T) {
	for _, c := range []struct {
		body  string
		parse func(string) *apiError
		field string
	}{
		{`{"seq":5,"seq":0,"id":"a","action":{"kind":"end-orders"}}`, parseActionString, `"seq"`},
		{`{"seq":0,"id":"a","action":{"kind":"activate","skill":{"name":"move","route":[[1,1]],"route":[[2,2]]}}}`, parseActionString, `"action.skill.route"`},
		{`{"scenario":"duel","rulings":{"x":"a","x":"b"}}`, parseCreateString, `"rulings.x"`},
		{`{"actions":[{"kind":"end-orders","kind":"x"}]}`, parseOddsString, `"actions[0].kind"`},
	} {
		err := c.parse(c.body)
		if err == nil || err.status != 400 || err.Code != "duplicate-field" || !strings.Contains(err.Message, c.field) {
			t.Errorf("%s: %+v, want 400 duplicate-field naming %s", c.body, err, c.field)
		}
	}
}

func parseActionString(s string) *apiError { _, err := parseAction(strings.NewReader(s)); return err }
func parseCreateString(s string) *apiError { _, err := parseCreate(strings.NewReader(s)); return err }
func parseOddsString(s string) *apiError   { _, err := parseOdds(strings.NewReader(s)); return err }
