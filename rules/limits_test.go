package rules

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// Bounded input (issue #10): an action or event in JSON is refused over its
// size, a string over MaxString or a list or object over MaxList entries,
// before it is decoded, with a message that quotes only the start of a
// long value; at the bounds it decodes.
func TestCodecBounds(t *testing.T) {
	c := testCodec()
	points := func(n int) string {
		return strings.TrimSuffix(strings.Repeat("[1,2],", n), ",")
	}
	for _, tc := range []struct {
		name, json, want string
	}{
		{"a Move route of 1,000,000 points", `{"kind":"activate","trooper":"t","order":"regular","skill":{"name":"move","route":[` + points(1000000) + `]}}`,
			"bad-action: 6000085 bytes, more than the 65536 an action or event may have"},
		{"a route of 1,001 points", `{"kind":"activate","trooper":"t","order":"regular","skill":{"name":"move","route":[` + points(1001) + `]}}`,
			"bad-action: a list or object of more than 1000 entries (at byte 6082)"},
		{"a 5 MB trooper id", `{"kind":"activate","trooper":"` + strings.Repeat("x", 5<<20) + `"}`,
			"bad-action: 5242912 bytes, more than the 65536 an action or event may have"},
		{"a 201-byte trooper id", `{"kind":"activate","trooper":"` + strings.Repeat("x", MaxString+1) + `"}`,
			`bad-action: a string of 201 bytes ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…) at byte 28, longer than the 200 an action or event may have`},
		{"a 201-byte key", `{"kind":"bag","` + strings.Repeat("k", MaxString+1) + `":1}`,
			`bad-action: a string of 201 bytes ("kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"…) at byte 13, longer than the 200 an action or event may have`},
		{"an object of 1,001 members", `{"kind":"bag",` + members(1000) + `}`,
			"bad-action: a list or object of more than 1000 entries (at byte 8894)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Decode([]byte(tc.json))
			var re *RuleError
			if !errors.As(err, &re) || err.Error() != tc.want {
				t.Fatalf("got  %v\nwant %s", err, tc.want)
			}
			// What the engine itself encoded is read past the bounds on
			// outside input (a redaction renaming names in its JSON).
			if len(tc.json) > MaxEncoded {
				return // megabytes: Decode's size bound is the point
			}
			if _, err := c.DecodeOwn([]byte(tc.json)); err != nil {
				t.Fatalf("DecodeOwn: %v", err)
			}
		})
	}
	// At the bounds: a 200-byte id, a list of 1000 points, an object of
	// 1000 members (with the kind).
	for _, ok := range []string{
		`{"kind":"activate","trooper":"` + strings.Repeat("x", MaxString) + `","order":"regular","skill":{"name":"move","route":[` + points(1000) + `]}}`,
		`{"kind":"bag",` + members(999) + `}`,
	} {
		if _, err := c.Decode([]byte(ok)); err != nil {
			t.Errorf("refused at the bound: %v", err)
		}
	}
}

// members writes n object members "k0":1,"k1":1,...
func members(n int) string {
	m := make([]string, n)
	for i := range m {
		m[i] = `"k` + strconv.Itoa(i) + `":1`
	}
	return strings.Join(m, ",")
}
