package server

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzParseAction: the action request decoder never panics, refuses with
// a 4xx and a message, and what it accepts has a seq, an id and an action.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{
		`{"seq":0,"id":"a","action":{"kind":"end-orders"}}`,
		`{"seq":-1,"id":"a","action":{}}`,
		`{"seq":1,"id":"","action":null}`,
		`{"seq":1.5}`, `[`, `{"seq":1,"id":"a","action":{"kind":"x"},"more":1}`, `"x"`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := parseAction(bytes.NewReader(b))
		if err != nil {
			if err.status < 400 || err.status > 499 || err.Code == "" || err.Message == "" {
				t.Fatalf("refusal %+v", err)
			}
			return
		}
		if req.Seq == nil || *req.Seq < 0 || req.ID == "" || !json.Valid(req.Action) {
			t.Fatalf("accepted %q as %+v", b, req)
		}
	})
}

// FuzzParseCreate: the same of the create request decoder.
func FuzzParseCreate(f *testing.F) {
	for _, s := range []string{
		`{"scenario":"duel"}`, `{"yaml":"name: x","rulings":{"a":"b"}}`, `{"scenario":"a","yaml":"b"}`,
		`{"rulings":{"a":1}}`, `{}`, `{"scenario":"duel"}x`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := parseCreate(bytes.NewReader(b))
		if err != nil {
			if err.status < 400 || err.status > 499 || err.Code == "" || err.Message == "" {
				t.Fatalf("refusal %+v", err)
			}
			return
		}
		if (req.Scenario == "") == (req.YAML == "") {
			t.Fatalf("accepted %q as %+v", b, req)
		}
	})
}

// FuzzParseOdds: the odds request decoder never panics, refuses with a 4xx
// and a message, and what it accepts is 1 to MaxOddsActions objects.
func FuzzParseOdds(f *testing.F) {
	for _, s := range []string{
		`{"actions":[{"kind":"end-orders"}]}`, `{"actions":[]}`, `{"actions":[1]}`, `{"actions":null}`,
		`{"actions":[{}],"x":1}`, `{"actions":[{"kind":"activate"}]}{`, `[]`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := parseOdds(bytes.NewReader(b))
		if err != nil {
			if err.status < 400 || err.status > 499 || err.Code == "" || err.Message == "" {
				t.Fatalf("refusal %+v", err)
			}
			return
		}
		if n := len(req.Actions); n == 0 || n > MaxOddsActions {
			t.Fatalf("accepted %d actions", n)
		}
		for _, a := range req.Actions {
			if !json.Valid(a) || a[0] != '{' {
				t.Fatalf("accepted %q", a)
			}
		}
	})
}
