package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
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
	kind, _ := json.Marshal(v.Kind())
	var b bytes.Buffer
	b.WriteString(`{"kind":`)
	b.Write(kind)
	if rest := bytes.TrimSpace(body[1:]); len(rest) > 1 {
		b.WriteByte(',')
		b.Write(rest)
	} else {
		b.WriteByte('}')
	}
	return b.Bytes(), nil
}

// Codec decodes one family of kinded values (a ruleset's actions, or its
// events) from their flat JSON form.
type Codec[T Kinded] struct {
	make map[string]func() T
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
	out := make([]string, 0, len(c.make))
	for k := range c.make {
		out = append(out, k)
	}
	return out
}

// Decode reads one value. An unknown kind, a missing kind or a malformed
// field is a *RuleError with CodeUnknown or CodeBadAction, saying where.
//
// Constructors return pointers to decode into; Decode hands back the value
// they point to when that value is itself a T, so that decoded actions and
// events are the same plain values a ruleset emits (a type switch in Redact
// or Apply matches both).
func (c *Codec[T]) Decode(data []byte) (T, error) {
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
	// Decode into the pointer's target with unknown fields refused, after
	// dropping the kind itself.
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
