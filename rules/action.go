package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/ordo-rules/ordo/internal/yamlfile"
	"io"
	"reflect"
	"sync"
)

// Action is one move a seat makes. Concrete actions are ruleset types (plain
// structs); Kind names each on the wire, where it travels as a flat JSON
// object {"kind": "...", ...its fields}.
type Action interface{ Kind() string }

// Event is one thing that happened, as the log and the viewers see it.
// Events travel like actions: {"kind": "...", ...fields}.
type Event interface{ Kind() string }

// Kinded is what actions and events have in common.
type Kinded interface{ Kind() string }

// Encode writes v as a flat JSON object with its kind first. The concrete
// type must marshal to a JSON object and must not have a "kind" field of its
// own.
func Encode(v Kinded) ([]byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	body = bytes.TrimSpace(body)
	if len(body) < 2 || body[0] != '{' {
		return nil, fmt.Errorf("rules: %T does not encode as a JSON object", v)
	}
	rest := bytes.TrimSpace(body[1:])
	// One allocation of the final size: menus encode hundreds of actions
	// per request, and a growing buffer was a third of the cost.
	kind := v.Kind()
	out := make([]byte, 0, len(`{"kind":""`)+len(kind)+1+len(rest))
	out = append(out, `{"kind":`...)
	if plainKind(kind) {
		out = append(append(append(out, '"'), kind...), '"')
	} else {
		q, err := json.Marshal(kind)
		if err != nil {
			return nil, err
		}
		out = append(out, q...)
	}
	if len(rest) > 1 {
		return append(append(out, ','), rest...), nil
	}
	return append(out, '}'), nil
}

// plainKind reports whether a kind is written in JSON as itself between
// quotes: letters, digits, '-', '_', '.' and ':' (every kind the rulesets
// use), so it need not go through the JSON encoder.
func plainKind(k string) bool {
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}

// Codec decodes one family of kinded values (a ruleset's actions, or its
// events) from their flat JSON form.
//
// A codec declared at package level registers its kinds in Lazy, run on the
// codec's first use, rather than in an initializer: Go runs every linked
// package's initializers before main, so a table built there is paid for by
// every command, `ordo odds` too, whose start-up must stay close to a Go
// hello-world's. A literal &Codec{Lazy: func…} is laid out by the linker.
type Codec[T Kinded] struct {
	// Lazy, if set, registers the kinds on the codec's first Decode or
	// Kinds.
	Lazy func(c *Codec[T])
	once sync.Once
	make map[string]func() T
}

// load runs Lazy once.
func (c *Codec[T]) load() {
	c.once.Do(func() {
		if c.Lazy != nil {
			c.Lazy(c)
		}
	})
}

// Register adds a kind and the constructor of an empty value of it.
func (c *Codec[T]) Register(kind string, newValue func() T) {
	if c.make == nil {
		c.make = map[string]func() T{}
	}
	c.make[kind] = newValue
}

// Kinds lists the registered kinds.
func (c *Codec[T]) Kinds() []string {
	c.load()
	out := make([]string, 0, len(c.make))
	for k := range c.make {
		out = append(out, k)
	}
	return out
}

// Decode reads one value. An unknown kind, a missing kind or a malformed
// field is a *RuleError with CodeUnknown or CodeBadAction, saying where. A
// kind given twice is refused: a reader that keeps the first and one that
// keeps the last would see two different actions in the same bytes. Of any
// other member given twice, the last wins.
//
// Constructors return pointers to decode into; Decode hands back the value
// they point to when that value is itself a T, so that decoded actions and
// events are the same plain values a ruleset emits (a type switch in Redact
// or Apply matches both).
//
// The object is walked once, member by member, to take the kind out, and
// what remains is decoded into the target with unknown fields refused
// (encoding/json refuses them all or nothing, so the kind must not reach
// the target).
func (c *Codec[T]) Decode(data []byte) (T, error) { return c.decode(data, true) }

// DecodeOwn reads a value the engine itself encoded (Encode), such as an
// event whose names a redaction rewrote in its JSON: Decode without the
// bounds on outside input (MaxEncoded, MaxString, MaxList), which the
// engine's own values may exceed (a refusal's sentence longer than
// MaxString) and which must not make a redaction drop them.
func (c *Codec[T]) DecodeOwn(data []byte) (T, error) { return c.decode(data, false) }

func (c *Codec[T]) decode(data []byte, bounded bool) (T, error) {
	c.load()
	var zero T
	bad := func(format string, args ...any) (T, error) {
		return zero, Errorf(CodeBadAction, "", format, args...)
	}
	if bounded {
		if msg := checkBounds(data); msg != "" {
			return bad("%s", msg)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	switch {
	case err != nil:
		return bad("not a JSON object with a kind: %v", syntax(err))
	case tok == nil:
		return bad("missing \"kind\"") // null: an object without members
	case tok != json.Delim('{'):
		return bad("not a JSON object with a kind: it is %s", describeToken(tok))
	}
	type member struct {
		name  string
		value json.RawMessage
	}
	var kind json.RawMessage
	var members []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return bad("not a JSON object with a kind: %v", syntax(err))
		}
		name, _ := tok.(string) // a member name: the decoder allows nothing else here
		at := dec.InputOffset()
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return bad("not a JSON object with a kind: %v", syntax(err))
		}
		switch {
		case name != "kind":
			members = append(members, member{name, value})
		case kind != nil:
			return bad("\"kind\" appears twice (again at byte %d)", at)
		default:
			kind = value
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return bad("not a JSON object with a kind: %v", syntax(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return bad("not a JSON object with a kind: more after the object (at byte %d)", dec.InputOffset())
	}
	// The members but the kind, the last of each name only: a later
	// member replaces an earlier one whole, where decoding both would
	// merge two objects into one field.
	rest := make([]byte, 1, len(data))
	rest[0] = '{'
	last := make(map[string]int, len(members)) // each name's last member
	for i, m := range members {
		last[m.name] = i
	}
	for i, m := range members {
		if last[m.name] != i {
			continue
		}
		if len(rest) > 1 {
			rest = append(rest, ',')
		}
		quoted, _ := json.Marshal(m.name)
		rest = append(append(append(rest, quoted...), ':'), m.value...)
	}
	if kind == nil {
		return bad("missing \"kind\"")
	}
	var name string
	if err := json.Unmarshal(kind, &name); err != nil {
		return bad("not a JSON object with a kind: %v", err)
	}
	newValue, ok := c.make[name]
	if !ok {
		return zero, Errorf(CodeUnknown, "", "unknown kind %q", name)
	}
	v := newValue()
	rd := json.NewDecoder(bytes.NewReader(append(rest, '}')))
	rd.DisallowUnknownFields()
	if err := rd.Decode(v); err != nil {
		return bad("%s: %v", name, err)
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		if e, ok := rv.Elem().Interface().(T); ok {
			return e, nil
		}
	}
	return v, nil
}

// syntax words the decoder's end-of-input errors as json.Unmarshal does.
func syntax(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return errors.New("unexpected end of JSON input")
	}
	return err
}

// describeToken says what a JSON value that is not an object is.
func describeToken(tok json.Token) string {
	switch tok.(type) {
	case json.Delim:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case float64, json.Number:
		return "a number"
	}
	return "not an object"
}

// Bounds on an action or event in JSON, the form actions arrive in from
// outside (the server, a stored log). A real one is a few hundred bytes:
// ids, a skill, a route of a few points, a handful of dice.
const (
	// MaxEncoded is the most bytes of one action or event.
	MaxEncoded = 64 << 10
	// MaxString is the longest string in one, key or value, in bytes.
	MaxString = 200
	// MaxList is the most entries of one list or object in one.
	MaxList = 1000
)

// checkBounds says what is over a bound in data, or "": its size, then each
// string and each list or object, in one pass over the tokens before
// anything is decoded. A message quotes only the start of a long string.
func checkBounds(data []byte) string {
	if len(data) > MaxEncoded {
		return fmt.Sprintf("%d bytes, more than the %d an action or event may have", len(data), MaxEncoded)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	type open struct {
		n, max int // tokens so far; an object's members are two each
	}
	var stack []open
	for {
		at := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return "" // the end, or bad JSON: Decode says so
		}
		if tok == json.Delim(']') || tok == json.Delim('}') {
			stack = stack[:len(stack)-1]
			continue
		}
		if n := len(stack); n > 0 {
			if stack[n-1].n++; stack[n-1].n > stack[n-1].max {
				return fmt.Sprintf("a list or object of more than %d entries (at byte %d)", MaxList, at)
			}
		}
		switch tok {
		case json.Delim('['):
			stack = append(stack, open{max: MaxList})
		case json.Delim('{'):
			stack = append(stack, open{max: 2 * MaxList})
		}
		if s, ok := tok.(string); ok && len(s) > MaxString {
			return fmt.Sprintf("a string of %d bytes (%s) at byte %d, longer than the %d an action or event may have", len(s), yamlfile.Prefix(s), at, MaxString)
		}
	}
}
