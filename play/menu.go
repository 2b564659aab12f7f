package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/rules"
)

// Menu writes what each seat the game waits for may do now, for the seats
// v may see (an admin sees every menu, a player only its own, a spectator
// none): every legal action as a script step ready to paste into a
// scenario, with its sentence, then every greyed action with the rule that
// forbids it now.
func Menu(w io.Writer, st rules.State, v rules.Viewer) error {
	pr := st.Prompt()
	if pr.Kind == rules.GameOver {
		_, err := fmt.Fprintln(w, "# the game is over: nobody may act")
		return err
	}
	var b bytes.Buffer
	for _, seat := range pr.Seats {
		if !v.Sees(seat) && seat != rules.ChanceSeat {
			continue
		}
		opts := st.Legal(seat)
		fmt.Fprintf(&b, "# %s may act now (%s); paste a step into the script:\n", seat, pr.Window)
		var greyed []rules.Option
		for _, o := range opts {
			if o.Illegal != nil {
				greyed = append(greyed, o)
				continue
			}
			flow, err := yamlFlow(o.Action)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, "  - seat: %s\n    action: %s\n", seat, flow)
			if s, ok := o.Action.(fmt.Stringer); ok {
				fmt.Fprintf(&b, "    # %s\n", s)
			}
		}
		if len(greyed) > 0 {
			fmt.Fprintf(&b, "# %s may not now:\n", seat)
		}
		for _, o := range greyed {
			flow, err := yamlFlow(o.Action)
			if err != nil {
				return err
			}
			why := o.Illegal.Message()
			if o.Illegal.Rule != "" {
				why += " (" + o.Illegal.Rule + ")"
			}
			fmt.Fprintf(&b, "#   action: %s\n#     not allowed: %s\n", flow, why)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// yamlFlow writes an action as a YAML flow mapping in the style of the
// scenario files ({kind: activate, trooper: fusilier, skill: {name: move}}):
// the fields in the order the action encodes them, strings bare where YAML
// reads them back as the same string.
func yamlFlow(a rules.Action) (string, error) {
	data, err := rules.Encode(a)
	if err != nil {
		return "", err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var b strings.Builder
	if err := flowValue(dec, &b); err != nil {
		return "", fmt.Errorf("play: %T as YAML: %w", a, err)
	}
	return b.String(), nil
}

func flowValue(dec *json.Decoder, b *strings.Builder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		closing, sep := "}", ": "
		if t == '[' {
			closing = "]"
		}
		b.WriteString(string(t))
		for first := true; dec.More(); first = false {
			if !first {
				b.WriteString(", ")
			}
			if t == '{' {
				key, err := dec.Token()
				if err != nil {
					return err
				}
				b.WriteString(yamlString(key.(string)) + sep)
			}
			if err := flowValue(dec, b); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return err
		}
		b.WriteString(closing)
	case string:
		b.WriteString(yamlString(t))
	case json.Number:
		b.WriteString(t.String())
	case bool:
		b.WriteString(strconv.FormatBool(t))
	case nil:
		b.WriteString("null")
	}
	return nil
}

// plainYAML reports a string YAML reads back unchanged without quotes: a
// letter, then letters, digits and _ . / -.
func plainYAML(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '_' || c == '.' || c == '/' || c == '-'):
		default:
			return false
		}
	}
	return s != ""
}

// yamlString writes s bare when that is safe, else double-quoted (a JSON
// string is a valid YAML double-quoted scalar).
func yamlString(s string) string {
	switch strings.ToLower(s) {
	case "true", "false", "null", "yes", "no", "on", "off", "y", "n", "~":
		return strconv.Quote(s)
	}
	if plainYAML(s) {
		return s
	}
	b, _ := json.Marshal(s)
	return string(b)
}
