package server

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// duplicateKey finds the first object member whose name appears earlier
// in the same object, at any depth of body, and returns its path
// ("action.skill.route", "rulings.x"): encoding/json keeps the last of
// two members silently, so {"seq":5,"seq":0} would act at seq 0 while a
// proxy or a log reading the first saw 5. It returns "" for a body
// without one, and for malformed JSON (the decoder says what is wrong).
func duplicateKey(body []byte) string {
	dec := json.NewDecoder(bytes.NewReader(body))
	type frame struct {
		object bool
		keys   map[string]bool
		key    string // the member whose value is being read (objects)
		index  int    // the element being read (arrays)
		named  bool   // an object's key has been read, its value not yet
	}
	var stack []*frame
	path := func(last string) string {
		var b []byte
		for _, f := range stack {
			switch {
			case f.object && f.named:
				if len(b) > 0 {
					b = append(b, '.')
				}
				b = append(b, f.key...)
			case !f.object:
				b = append(append(append(b, '['), strconv.Itoa(f.index)...), ']')
			}
		}
		if len(b) > 0 {
			b = append(b, '.')
		}
		return string(append(b, last...))
	}
	// value marks the end of a value in the innermost container.
	value := func() {
		if len(stack) == 0 {
			return
		}
		if f := stack[len(stack)-1]; f.object {
			f.named = false
		} else {
			f.index++
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &frame{object: true, keys: map[string]bool{}})
			case '[':
				stack = append(stack, &frame{})
			default:
				stack = stack[:len(stack)-1]
				value()
			}
			continue
		case string:
			if n := len(stack); n > 0 && stack[n-1].object && !stack[n-1].named {
				f := stack[n-1]
				if f.keys[t] {
					return path(t)
				}
				f.keys[t], f.key, f.named = true, t, true
				continue
			}
		}
		value()
	}
}
