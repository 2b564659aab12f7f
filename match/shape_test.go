package match

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

type shapeProbe struct {
	Route  [][2]float64       `json:"route"`
	At     *[2]int            `json:"at"`
	Named  map[string][3]int  `json:"named"`
	Nested struct{ P [2]int } `json:"nested"`
	Raw    json.RawMessage    `json:"raw"`
	Bytes  []byte             `json:"bytes"`
}

// A route point (Move (N4)) is [x, y]: one coordinate or three are refused
// with the path of the point, where encoding/json would read [1] as (1, 0)
// and [1, 2, 3] as (1, 2).
func TestCheckShape(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{`{"route":[[1,2],[3,4]]}`, ""},
		{`{"route":[[1]]}`, "action.route[0]: 1 value where exactly 2 belong"},
		{`{"route":[[1,2],[1,2,3]]}`, "action.route[1]: 3 values where exactly 2 belong"},
		{`{"route":[[]]}`, "action.route[0]: 0 values"},
		{`{"route":null}`, ""},
		{`{"route":[null]}`, ""},
		{`{"at":[1,2,3]}`, "action.at: 3 values"},
		{`{"named":{"x":[1,2]}}`, "action.named.x: 2 values where exactly 3 belong"},
		{`{"nested":{"P":[1]}}`, "action.nested.P: 1 value"},
		{`{"NESTED":{"p":[1]}}`, "action.NESTED.p: 1 value"},
		{`{"raw":[1],"bytes":"AAE="}`, ""},
		{`{"unknown":[[1]]}`, ""},
		{`[1,2]`, ""},
	} {
		err := CheckShape([]byte(c.raw), shapeProbe{}, "action")
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.raw, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want %q", c.raw, err, c.want)
		}
	}
}

// FuzzCheckShape: the shape check never panics, and what it passes that
// encoding/json decodes has every point of the route at two coordinates.
func FuzzCheckShape(f *testing.F) {
	for _, s := range []string{`{"route":[[1,2]]}`, `{"route":[[1]]}`, `{"at":[1,2,3]}`, `{"named":{"a":[1,2,3]}}`, `{`, `[]`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if CheckShape(b, &shapeProbe{}, "action") != nil {
			return
		}
		var p shapeProbe
		if json.Unmarshal(b, &p) != nil {
			return
		}
		var generic struct {
			Route []json.RawMessage `json:"route"`
		}
		if json.Unmarshal(b, &generic) != nil {
			return
		}
		for i, pt := range generic.Route {
			var xs []json.RawMessage
			if json.Unmarshal(pt, &xs) == nil && xs != nil && len(xs) != 2 {
				t.Fatalf("%s: route[%d] has %d coordinates and passed", b, i, len(xs))
			}
		}
	})
}

// FuzzCheckChat: the chat text check never panics, and what it passes is
// UTF-8 of at most MaxChatText bytes without control characters but line
// breaks.
func FuzzCheckChat(f *testing.F) {
	for _, s := range []string{"hi", "", "a\nb", "bell\a", "\xff", "\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if checkChat(s) != nil {
			return
		}
		if s == "" || len(s) > MaxChatText || !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r != '\n' && unicode.IsControl(r) }) {
			t.Fatalf("passed %q", s)
		}
	})
}
