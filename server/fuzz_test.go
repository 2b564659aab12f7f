package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/url"
	"testing"

	"github.com/ordo-rules/ordo/match"
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
		`{"actions":[{"kind":"end-orders"}]}`, `{"actions":[]}`, `{"actions":[1]}`, `{"actions":null}`, `{"seq":3,"actions":[{}]}`, `{"seq":-1,"actions":[{}]}`,
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
		if n := len(req.Actions); n == 0 || n > MaxOddsActions || (req.Seq != nil && *req.Seq < 0) {
			t.Fatalf("accepted %d actions at seq %v", n, req.Seq)
		}
		for _, a := range req.Actions {
			if !json.Valid(a) || a[0] != '{' {
				t.Fatalf("accepted %q", a)
			}
		}
	})
}

// FuzzDuplicateKey: the duplicate-member finder never panics; it finds
// none in what encoding/json writes (every object's members once), and
// it finds the member doubled into a valid object.
func FuzzDuplicateKey(f *testing.F) {
	for _, s := range []string{
		`{"seq":5,"seq":0}`, `{"a":{"b":[{"c":1,"c":2}]}}`, `[{"a":1},{"a":1}]`, `{"a":"a","a"`, `{`, `"x"`, ``,
		`{"\u0061":1,"a":2}`, `{"a":[1,{"b":2}],"c":{"d":{"e":[]}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		duplicateKey(b)
		var v any
		if json.Unmarshal(b, &v) != nil {
			return
		}
		clean, _ := json.Marshal(v)
		if k := duplicateKey(clean); k != "" {
			t.Fatalf("%s: a duplicate %q in what encoding/json wrote", clean, k)
		}
		if len(clean) > 2 && clean[0] == '{' && clean[1] != '}' {
			// {"k":v,...} → {"k":v,"k":v,...}: the first member again.
			var m map[string]json.RawMessage
			json.Unmarshal(clean, &m)
			for k, val := range m {
				name, _ := json.Marshal(k)
				doubled := append(append(append(append([]byte{'{'}, name...), ':'), val...), ',')
				doubled = append(doubled, clean[1:]...)
				if got := duplicateKey(doubled); got != k {
					t.Fatalf("%s: found %q, want %q", doubled, got, k)
				}
				break
			}
		}
	})
}

// FuzzParseChat: the chat request decoder never panics, refuses with a
// 4xx and a message, and what it accepts has a text.
func FuzzParseChat(f *testing.F) {
	for _, s := range []string{`{"text":"hi"}`, `{"text":""}`, `{"text":1}`, `{"text":"a","text":"b"}`, `{}`, `[`, ``} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := parseChat(bytes.NewReader(b))
		if err != nil {
			if err.status < 400 || err.status > 499 || err.Code == "" || err.Message == "" {
				t.Fatalf("refusal %+v", err)
			}
			return
		}
		if req.Text == "" {
			t.Fatalf("accepted %q without a text", b)
		}
	})
}

// FuzzParseJoin: a join body is refused with a 4xx or names a seat.
func FuzzParseJoin(f *testing.F) {
	for _, s := range []string{`{"seat":"red"}`, `{"seat":""}`, `{"seat":1}`, `{"seat":"a","seat":"b"}`, `{}`, `[`, ``} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := parseJoin(bytes.NewReader(b))
		if err != nil {
			if err.status < 400 || err.status > 499 || err.Code == "" || err.Message == "" {
				t.Fatalf("refusal %+v", err)
			}
			return
		}
		if req.Seat == "" {
			t.Fatalf("accepted %q without a seat", b)
		}
	})
}

// FuzzParseWebhook: a webhook body is refused with a 4xx, or its URL is
// "" (none) or passes match.CheckWebhookURL or is refused by it with a
// typed error, never a panic.
func FuzzParseWebhook(f *testing.F) {
	for _, s := range []string{`{"url":"https://example.com/hook"}`, `{"url":""}`, `{"url":"http://user:pw@x/"}`, `{"url":"ftp://x"}`, `{"url":"http://[::1"}`, `{"url":1}`, `{"url":"a","url":"b"}`, `{}`, ``} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := parseWebhook(bytes.NewReader(b))
		if err != nil {
			if err.status < 400 || err.status > 499 || err.Code == "" || err.Message == "" {
				t.Fatalf("refusal %+v", err)
			}
			return
		}
		if req.URL == "" {
			return
		}
		if e := match.CheckWebhookURL(req.URL); e != nil {
			var me *match.Error
			if !errors.As(e, &me) {
				t.Fatalf("CheckWebhookURL(%q): an untyped error %v", req.URL, e)
			}
			return
		}
		if len(req.URL) > match.MaxWebhookURL {
			t.Fatalf("a URL of %d bytes passed", len(req.URL))
		}
		u, perr := url.Parse(req.URL)
		if perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil {
			t.Fatalf("CheckWebhookURL passed %q", req.URL)
		}
	})
}
