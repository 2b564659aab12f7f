package rules

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// The fixtures below are shaped like real actions: a flat one, an empty
// one, one with nested objects, pointers and slices (like infinity's
// Activate), one that is not a struct at all, and one with its own
// UnmarshalJSON.

type cMove struct {
	Model string     `json:"model"`
	To    [2]float64 `json:"to"`
}

type cIdle struct{}

type cSkill struct {
	Name  string         `json:"name"`
	Route [][2]float64   `json:"route,omitempty"`
	From  *int           `json:"from,omitempty"`
	Tags  map[string]int `json:"tags,omitempty"`
}

type cActivate struct {
	Trooper string  `json:"trooper"`
	Order   string  `json:"order"`
	Skill   cSkill  `json:"skill"`
	Extra   *cSkill `json:"extra,omitempty"`
	N       int     `json:"n,omitempty"`
}

// cBag is not a struct: any field is its own.
type cBag map[string]int

// cCustom decodes itself, and sees the object without its kind.
type cCustom struct{ Fields map[string]any }

func (cMove) Kind() string     { return "move" }
func (cIdle) Kind() string     { return "idle" }
func (cActivate) Kind() string { return "activate" }
func (cBag) Kind() string      { return "bag" }
func (cCustom) Kind() string   { return "custom" }

func (c *cCustom) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &c.Fields) }
func (c cCustom) MarshalJSON() ([]byte, error)  { return json.Marshal(c.Fields) }

func testCodec() *Codec[Action] {
	c := &Codec[Action]{}
	c.Register("move", func() Action { return &cMove{} })
	c.Register("idle", func() Action { return &cIdle{} })
	c.Register("activate", func() Action { return &cActivate{} })
	c.Register("bag", func() Action { return &cBag{} })
	c.Register("custom", func() Action { return &cCustom{} })
	return c
}

// referenceDecode is Decode as it was before it stopped building a map:
// parse into a map, re-marshal it without "kind", decode that. The fuzz
// target holds the new Decode to it.
func referenceDecode[T Kinded](c *Codec[T], data []byte) (T, error) {
	var zero T
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return zero, Errorf(CodeBadAction, "", "not a JSON object with a kind: %v", err)
	}
	raw, ok := fields["kind"]
	if !ok {
		return zero, Errorf(CodeBadAction, "", "missing \"kind\"")
	}
	var kind string
	if err := json.Unmarshal(raw, &kind); err != nil {
		return zero, Errorf(CodeBadAction, "", "not a JSON object with a kind: %v", err)
	}
	newValue, ok := c.make[kind]
	if !ok {
		return zero, Errorf(CodeUnknown, "", "unknown kind %q", kind)
	}
	v := newValue()
	delete(fields, "kind")
	rest, _ := json.Marshal(fields)
	dec := json.NewDecoder(bytes.NewReader(rest))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return zero, Errorf(CodeBadAction, "", "%s: %v", kind, err)
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		if e, ok := rv.Elem().Interface().(T); ok {
			return e, nil
		}
	}
	return v, nil
}

// decodeCases are the inputs every test below starts from.
var decodeCases = []string{
	`{"kind":"idle"}`,
	`{"kind":"move","model":"m1","to":[3,4.5]}`,
	` { "to" : [ 1 , 2 ] , "kind" : "move" , "model" : "x" } `,
	`{"kind":"activate","trooper":"t1","order":"regular","skill":{"name":"move","route":[[1,2],[3,4]],"from":1,"tags":{"a":1}}}`,
	`{"kind":"activate","skill":{"name":"a"},"skill":{"route":[[1,1]]}}`,
	`{"kind":"activate","n":1,"n":2}`,
	`{"kind":"activate","skill":{"name":"a"},"Skill":{"route":[[1,1]]}}`,
	`{"kind":"activate","extra":null,"skill":null}`,
	`{"kind":"bag","a":1,"b":2,"a":3}`,
	`{"kind":"bag","kind2":1}`,
	`{"kind":"bag","a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"a":10,"c":11}`,
	`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"a":10,"kind":"activate","n":4,"n":5}`,
	`{"kind":"custom","x":[1,{"y":"z"}],"kind ":true}`,
	`{"\u006bind":"idle"}`,
	`{"kind":"\u0069dle"}`,
	`{"kind":"idle","Kind":"idle"}`,
	`{"KIND":"idle"}`,
	`{"kind":"idle","kind":"move"}`,
	`{"kind":"idle","\u006bind":"idle"}`,
	`{"kind":null}`,
	`{"kind":3}`,
	`{"kind":["idle"]}`,
	`{"kind":"fly"}`,
	`{"model":"m"}`,
	`{}`,
	`null`,
	`[1]`,
	`"idle"`,
	`12`,
	`true`,
	``,
	`{`,
	`{"kind":"idle"} x`,
	`{"kind":"idle"}{}`,
	`{"kind":"idle",}`,
	`{"kind":"move","model":3}`,
	`{"kind":"move","speed":3}`,
	`{"kind":"move","speed":3,"model":3}`,
	`{"kind":"move","model":"a\"}\\,","to":[1e400,2]}`,
	`{"kind":"move","model":"\ud800\u00e9<>&\u2028"}`,
	"{\"kind\":\"move\",\"model\":\"\xff\xfe\"}",
	"{\"kind\":\"move\",\"\xff\":1}",
	"{\"kind\":\"bag\",\"\xff\":1,\"\xfe\":2}",
	"{\"kind\":\"id\xffle\"}",
}

// Decode refuses a kind given twice, whatever else it says: two readers of
// the same bytes (one keeping the first name, one the last) must not see two
// different actions.
func TestDecodeDuplicateKind(t *testing.T) {
	for _, in := range []string{
		`{"kind":"idle","kind":"move"}`,
		`{"kind":"idle","kind":"idle"}`,
		`{"kind":"idle","\u006bind":"fly"}`,
		`{"kind":3,"kind":"idle"}`,
	} {
		_, err := testCodec().Decode([]byte(in))
		re, ok := AsRuleError(err)
		if !ok || re.Code != CodeBadAction || !strings.Contains(re.Message(), `"kind" appears twice`) {
			t.Errorf("%s: %v, want %s naming the second kind", in, err, CodeBadAction)
		}
	}
}

// Everything else decodes exactly as the map-based Decode did: the same
// value, or an error with the same code and message.
func TestDecodeMatchesReference(t *testing.T) {
	for _, in := range decodeCases {
		checkAgainstReference(t, []byte(in))
	}
}

// Refusals say what is wrong and where.
func TestDecodeSaysWhere(t *testing.T) {
	for _, tt := range []struct {
		in   string
		code Code
		want string
	}{
		{`{"kind":"idle",}`, CodeBadAction, `not a JSON object with a kind: invalid character '}' looking for beginning of object key string`},
		{`{"kind":"idle"} x`, CodeBadAction, `more after the object (at byte 16)`},
		{`{"kind":"idle"`, CodeBadAction, `not a JSON object with a kind: unexpected end of JSON input`},
		{`[{"kind":"idle"}]`, CodeBadAction, `not a JSON object with a kind: it is an array`},
		{` "idle"`, CodeBadAction, `it is a string`},
		{`{"kind":"idle","kind":"move"}`, CodeBadAction, `"kind" appears twice (again at byte 21)`},
		{`{"kind":["idle"]}`, CodeBadAction, `not a JSON object with a kind: json: cannot unmarshal array into Go value of type string`},
		{`{"kind":"id\u006ce!"}`, CodeUnknown, `unknown kind "idle!"`},
		{`{"kind":"move","to":[1,"2"]}`, CodeBadAction, `move: json: cannot unmarshal string into Go struct field cMove.to of type float64`},
		{`{"kind":"activate","skill":{"nom":"x"}}`, CodeBadAction, `activate: json: unknown field "nom"`},
	} {
		_, err := testCodec().Decode([]byte(tt.in))
		re, ok := AsRuleError(err)
		if !ok || re.Code != tt.code || !strings.Contains(re.Message(), tt.want) {
			t.Errorf("%s: %v, want %s %q", tt.in, err, tt.code, tt.want)
		}
	}
}

// The last of two members with the same name wins, as when the object went
// through a map; a field that is not the target's is refused wherever it
// stands.
func TestDecodeMembers(t *testing.T) {
	c := testCodec()
	got, err := c.Decode([]byte(`{"kind":"activate","skill":{"name":"a","from":3},"trooper":"x","skill":{"route":[[1,1]]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if a := got.(cActivate); a.Skill.Name != "" || a.Skill.From != nil || len(a.Skill.Route) != 1 || a.Trooper != "x" {
		t.Fatalf("decoded %+v, want only the last skill", a)
	}
	got, err = c.Decode([]byte(`{"kind":"custom","b":1, "a" : [true]}`))
	if err != nil {
		t.Fatal(err)
	}
	if f := got.(cCustom).Fields; len(f) != 2 || f["kind"] != nil {
		t.Fatalf("custom decoder saw %v, want the object without its kind", f)
	}
	for _, in := range []string{`{"speed":1,"kind":"move"}`, `{"model":"m","kind":"move","speed":1}`, `{"kind":"move","model":"m","speed":1}`} {
		_, err := c.Decode([]byte(in))
		if re, ok := AsRuleError(err); !ok || re.Code != CodeBadAction || !strings.Contains(re.Message(), `move: json: unknown field "speed"`) {
			t.Errorf("%s: %v", in, err)
		}
	}
}

// checkAgainstReference decodes in with Decode and with referenceDecode and
// fails on any difference but the ones Decode means to have:
//   - a kind given twice is refused (it was: the last one won);
//   - input that is not an object says what it is instead of naming the
//     map it could not be read into;
//   - when top-level names differ only in case (the target's fields match
//     either), the later in the input wins, where the map-based Decode let
//     the later in sorted order win; with several malformed fields, the
//     first in the input is reported, where it reported the first sorted.
func checkAgainstReference(t *testing.T, in []byte) {
	t.Helper()
	c := testCodec()
	got, err := c.Decode(in)
	want, wantErr := referenceDecode(c, in)
	if err != nil {
		re, ok := AsRuleError(err)
		if !ok || (re.Code != CodeBadAction && re.Code != CodeUnknown) || re.Message() == "" {
			t.Fatalf("%q: error %v is not a *RuleError with a decoding code and a message", in, err)
		}
	}
	names, isObject := topNames(in)
	if isObject && countName(names, "kind") > 1 {
		re, ok := AsRuleError(err)
		if !ok || re.Code != CodeBadAction || !strings.Contains(re.Message(), `"kind" appears twice`) {
			t.Fatalf("%q: a kind given twice gave %v", in, err)
		}
		return
	}
	if (err == nil) != (wantErr == nil) {
		t.Fatalf("%q: Decode gave %#v, %v; the reference %#v, %v", in, got, err, want, wantErr)
	}
	if err != nil {
		re, _ := AsRuleError(err)
		wre, _ := AsRuleError(wantErr)
		if re.Code != wre.Code {
			t.Fatalf("%q: code %s, the reference %s (%v; %v)", in, re.Code, wre.Code, err, wantErr)
		}
		// The messages may be worded differently (the walk reports
		// syntax and trailing data in its own words); the code is what
		// clients branch on.
		return
	}
	if !foldTwins(names) && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: decoded %#v, the reference %#v", in, got, want)
	}
	// What decodes encodes back to something that decodes to the same.
	if b, err := Encode(got); err == nil {
		again, err := c.Decode(b)
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Fatalf("%q: re-encoded %s decodes to %#v, %v", in, b, again, err)
		}
	}
}

// topNames lists the decoded names of the top-level members of in, when in
// is a valid JSON object.
func topNames(in []byte) ([]string, bool) {
	if !json.Valid(in) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(in))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	var names []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, false
		}
		names = append(names, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, false
		}
	}
	return names, true
}

func countName(names []string, name string) int {
	n := 0
	for _, s := range names {
		if s == name {
			n++
		}
	}
	return n
}

// foldTwins reports two different names that a struct field would both
// match (encoding/json matches names without regard to case).
func foldTwins(names []string) bool {
	for i, a := range names {
		for _, b := range names[i+1:] {
			if a != b && (strings.EqualFold(a, b) || foldName(a) == foldName(b)) {
				return true
			}
		}
	}
	return false
}

// foldName folds as encoding/json does when it matches a name to a field.
func foldName(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteString(strings.ToUpper(strings.ToLower(string(r))))
	}
	return b.String()
}

// FuzzCodecDecode: whatever the bytes, Decode does not panic, refuses with
// a *RuleError carrying CodeBadAction or CodeUnknown, and agrees with the
// map-based reference (see checkAgainstReference for the differences it
// means to have).
func FuzzCodecDecode(f *testing.F) {
	for _, in := range decodeCases {
		f.Add([]byte(in))
	}
	for _, a := range []Action{cMove{Model: "m", To: [2]float64{1, 2}}, cIdle{}, cActivate{Trooper: "t", Skill: cSkill{Name: "move", Route: [][2]float64{{1, 2}}}}} {
		b, err := Encode(a)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		checkAgainstReference(t, in)
	})
}

// benchInputs are an empty action, a flat one and a nested one, as Encode
// writes them (kind first).
var benchInputs = []struct{ name, json string }{
	{"idle", `{"kind":"idle"}`},
	{"move", `{"kind":"move","model":"fusilier-2","to":[12.5,30.25]}`},
	{"activate", `{"kind":"activate","trooper":"zhanshi-1","order":"regular","skill":{"name":"move","route":[[10,12],[11.5,14],[13,17.25],[14,20]],"from":2,"tags":{"cover":1}}}`},
}

// BenchmarkCodecDecode times Decode on actions as they arrive from a client
// or a log (the "reference" runs are the map-based Decode it replaced).
func BenchmarkCodecDecode(b *testing.B) {
	c := testCodec()
	for _, in := range benchInputs {
		data := []byte(in.json)
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.Decode(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, in := range benchInputs {
		data := []byte(in.json)
		b.Run("reference/"+in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := referenceDecode(c, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// kindOf is an action whose kind is chosen by the test.
type kindOf struct {
	K string `json:"-"`
	N int    `json:"n,omitempty"`
}

func (k kindOf) Kind() string { return k.K }

// Encode writes the kind as encoding/json would, whether it takes the
// plain path (letters, digits and -_.:) or needs escaping (quotes,
// HTML-sensitive characters, non-ASCII, control characters), with and
// without other fields.
func TestEncodeKindAsJSON(t *testing.T) {
	for _, k := range []string{"move", "end-orders", "a.b:c_D9", "", `a"b`, `back\slash`, "<x>&", "é", "tab\there", "\u2028"} {
		for _, n := range []int{0, 7} {
			got, err := Encode(kindOf{K: k, N: n})
			if err != nil {
				t.Fatal(err)
			}
			q, _ := json.Marshal(k)
			want := `{"kind":` + string(q) + `}`
			if n != 0 {
				want = `{"kind":` + string(q) + `,"n":7}`
			}
			if string(got) != want {
				t.Errorf("kind %q, n %d: %s, want %s", k, n, got, want)
			}
		}
	}
}

// BenchmarkEncode times Encode on actions like a menu's.
func BenchmarkEncode(b *testing.B) {
	for _, a := range []Action{cIdle{}, cMove{Model: "fusilier-2", To: [2]float64{12.5, 30.25}},
		cActivate{Trooper: "zhanshi-1", Skill: cSkill{Name: "move", Route: [][2]float64{{10, 12}, {11.5, 14}, {13, 17.25}}}}} {
		b.Run(a.Kind(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Encode(a); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
