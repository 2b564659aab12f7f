package server

import (
	"bytes"
	"testing"
)

// FuzzParseArmyCheck: the army list check's request decoder never panics,
// refuses with a 4xx and a message, and accepts only bodies within its
// bound.
func FuzzParseArmyCheck(f *testing.F) {
	for _, s := range []string{
		`{"list":"name: x\n"}`, `{"list":""}`, `{"list":1}`, `{"list":"a","list":"b"}`, `{"list":"a","seat":"blue"}`, `[]`, ``, `{"list":"\u0000"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := parseArmyCheck(bytes.NewReader(b))
		if err != nil {
			if err.status < 400 || err.status > 499 || err.Code == "" || err.Message == "" {
				t.Fatalf("refusal %+v", err)
			}
			return
		}
		if len(b) > MaxArmyCheckBody || req == nil {
			t.Fatalf("accepted %d bytes as %+v", len(b), req)
		}
	})
}
