package match

import (
	"bytes"
	"encoding/json"
	"testing"
)

// An entry's stored views are the very JSON json.Marshal gives, whatever
// the viewers' names (escaped alike), an action hidden from a viewer
// (null), no events ([]) or none recorded (null).
func TestEncodeViewsIsJSON(t *testing.T) {
	for _, vs := range []Views{
		{},
		{"spectator": {Events: []json.RawMessage{}}},
		{
			"spectator":  {Action: nil, Events: []json.RawMessage{json.RawMessage(`{"kind":"roll","n":3}`)}},
			"seat:blue":  {Action: json.RawMessage(`{"kind":"move","to":[1,2]}`), Events: []json.RawMessage{json.RawMessage(`{"kind":"a"}`), json.RawMessage(`{"kind":"b"}`)}},
			"seat:red":   {Action: json.RawMessage(`{"kind":"move"}`), Events: nil},
			"seat:<&>\"": {Events: []json.RawMessage{}},
		},
	} {
		got, err := encodeViews(vs)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(vs)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("encodeViews\n%s\nwant json.Marshal\n%s", got, want)
		}
	}
}
