package match

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/ordo-rules/ordo/rules"
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

// The snapshot's own encoder writes the table's fields as json.Marshal
// does: the outcome, the open draw offer and the seat's table actions.
func TestSnapshotEncodeTableFields(t *testing.T) {
	for _, s := range []*Snapshot{
		{ID: "m", Seq: 3, Viewer: rules.PlayerView("red"), Prompt: rules.Prompt{Kind: rules.GameOver, Window: "resigned"}, Over: true,
			Outcome: &Outcome{Reason: "resigned", Seat: "red", Winner: "blue"}, Observation: json.RawMessage(`{}`), Menu: []MenuItem{}},
		{ID: "m", Seq: 4, Viewer: rules.PlayerView("red"), DrawOffer: "blue", Observation: json.RawMessage(`{"a":1}`),
			Table: []string{KindResign, KindAcceptDraw, KindDeclineDraw}},
	} {
		got, err := s.encode()
		want, _ := json.Marshal(s)
		if err != nil || string(got) != string(want) {
			t.Fatalf("encode:\n%s\njson.Marshal:\n%s", got, want)
		}
	}
}
