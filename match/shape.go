package match

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// checkShape refuses what encoding/json would coerce quietly when raw is
// decoded into a value of type t: a JSON array of another length than a
// fixed-size Go array (a route point [1] read as (1, 0), [1, 2, 3] as
// (1, 2)). The error names the field by its path under name ("action",
// "action.skill.route[0]"). Types that decode themselves (json.Unmarshaler)
// and interfaces are theirs to check; what does not fit t at all is the
// decoder's to refuse.
func checkShape(raw []byte, t reflect.Type, name string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(unmarshalerType) || t.Implements(unmarshalerType) {
		return nil
	}
	switch t.Kind() {
	case reflect.Array, reflect.Slice:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return nil // []byte is a base64 string
		}
		var elems []json.RawMessage
		if json.Unmarshal(raw, &elems) != nil {
			return nil
		}
		if t.Kind() == reflect.Array && elems != nil && len(elems) != t.Len() {
			what := "values"
			if len(elems) == 1 {
				what = "value"
			}
			return fmt.Errorf("%s: %d %s where exactly %d belong", name, len(elems), what, t.Len())
		}
		for i, e := range elems {
			if err := checkShape(e, t.Elem(), name+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
	case reflect.Map:
		var members map[string]json.RawMessage
		if json.Unmarshal(raw, &members) != nil {
			return nil
		}
		for k, v := range members {
			if err := checkShape(v, t.Elem(), name+"."+k); err != nil {
				return err
			}
		}
	case reflect.Struct:
		var members map[string]json.RawMessage
		if json.Unmarshal(raw, &members) != nil {
			return nil
		}
		for k, v := range members {
			f, ok := fieldByJSONName(t, k)
			if !ok {
				continue
			}
			if err := checkShape(v, f.Type, name+"."+k); err != nil {
				return err
			}
		}
	}
	return nil
}

// fieldByJSONName finds the field encoding/json decodes member name into:
// its tag's name or its own, exactly, else ignoring case.
func fieldByJSONName(t reflect.Type, name string) (reflect.StructField, bool) {
	var folded reflect.StructField
	found := false
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() {
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == "-" {
			continue
		}
		if tag == "" {
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				continue // its fields are promoted
			}
			tag = f.Name
		}
		if tag == name {
			return f, true
		}
		if !found && strings.EqualFold(tag, name) {
			folded, found = f, true
		}
	}
	return folded, found
}

// CheckShape is checkShape for a decoded action: raw is the action's JSON,
// act what the ruleset decoded from it. A mismatch is CodeBadRequest.
func CheckShape(raw []byte, act any, name string) error {
	if act == nil {
		return nil
	}
	if err := checkShape(raw, reflect.TypeOf(act), name); err != nil {
		return errorf(CodeBadRequest, "", "%v", err)
	}
	return nil
}
