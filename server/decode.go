package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/ordo-rules/ordo/internal/jsonscan"
	"github.com/ordo-rules/ordo/match"
)

// Bounds on request bodies, checked while reading, before any decoding.
const (
	// MaxCreateBody bounds POST /api/matches: a scenario's YAML text
	// (match.MaxScenarioBytes) escaped in JSON, and its rulings.
	MaxCreateBody = 1 << 20
	// MaxActionBody bounds POST /api/matches/{id}/actions.
	MaxActionBody = 32 << 10
	// maxDepth bounds the nesting of a request's JSON.
	maxDepth = 32
)

// apiError is the body of every error answer.
type apiError struct {
	status  int
	Code    string `json:"code"`
	Message string `json:"message"`
	Rule    string `json:"rule,omitempty"`
	Seq     *int   `json:"seq,omitempty"`
	// Problems are a refused army list's problems (bad-army).
	Problems []match.Problem `json:"problems,omitempty"`
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

func badRequest(code, format string, args ...any) *apiError {
	return &apiError{status: http.StatusBadRequest, Code: code, Message: fmt.Sprintf(format, args...)}
}

// createRequest is the body of POST /api/matches.
type createRequest struct {
	// Scenario is a bundled scenario's name; YAML a scenario's text.
	Scenario string            `json:"scenario"`
	YAML     string            `json:"yaml"`
	Rulings  map[string]string `json:"rulings"`
	// Open names the seats left for others to join (POST .../join).
	Open []string `json:"open"`
	// Clock is a time control per player: {"initial": "45m",
	// "increment": "0s"} (Go durations).
	Clock *clockRequest `json:"clock"`
	// Mission names a bundled mission played between Armies, each seat's
	// army list as YAML text (docs/MISSIONS.md), instead of a scenario.
	// With fewer than two lists the match waits for the seats blue and
	// red to send theirs (PUT /api/matches/{id}/army).
	Mission string            `json:"mission"`
	Armies  map[string]string `json:"armies"`
	// Bots names the seats the computer plays and which player plays
	// each: {"red": "greedy"} (bot.Players).
	Bots map[string]string `json:"bots"`
}

// clockRequest is the time control of a create request.
type clockRequest struct {
	Initial   string `json:"initial"`
	Increment string `json:"increment"`
}

// timeControl reads c's durations.
func (c *clockRequest) timeControl() (*match.TimeControl, *apiError) {
	if c == nil {
		return nil, nil
	}
	ini, err := time.ParseDuration(c.Initial)
	if err != nil {
		return nil, badRequest("bad-request", "clock.initial %q: a duration such as 45m", c.Initial)
	}
	inc := time.Duration(0)
	if c.Increment != "" {
		if inc, err = time.ParseDuration(c.Increment); err != nil {
			return nil, badRequest("bad-request", "clock.increment %q: a duration such as 10s", c.Increment)
		}
	}
	return &match.TimeControl{Initial: ini, Increment: inc}, nil
}

// actionRequest is the body of POST /api/matches/{id}/actions.
type actionRequest struct {
	Seq    *int            `json:"seq"`
	ID     string          `json:"id"`
	Action json.RawMessage `json:"action"`
}

// decodeStrict reads one JSON object of at most limit bytes into v:
// unknown fields, a member given twice in one object (at any depth), a
// wrong type, trailing data, and nesting deeper than maxDepth are refused
// with a message that says where.
func decodeStrict(r io.Reader, limit int64, v any) *apiError {
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return &apiError{status: http.StatusRequestEntityTooLarge, Code: "too-large", Message: fmt.Sprintf("the body is over %d bytes", limit)}
		}
		return badRequest("bad-body", "reading the body: %v", err)
	}
	if int64(len(body)) > limit {
		return &apiError{status: http.StatusRequestEntityTooLarge, Code: "too-large", Message: fmt.Sprintf("the body is over %d bytes", limit)}
	}
	if d := depth(body); d > maxDepth {
		return badRequest("bad-json", "the JSON nests %d deep; at most %d", d, maxDepth)
	}
	if k := duplicateKey(body); k != "" {
		return badRequest("duplicate-field", "field %q is given twice in one object: give each field once", k)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		var se *json.SyntaxError
		switch {
		case errors.As(err, &te):
			return badRequest("bad-json", "field %q: a JSON %s where a %s belongs (at byte %d)", te.Field, te.Value, typeName(te.Type.String()), te.Offset)
		case errors.As(err, &se):
			return badRequest("bad-json", "malformed JSON at byte %d: %v", se.Offset, se)
		case errors.Is(err, io.EOF):
			return badRequest("bad-json", "the body is empty: a JSON object is expected")
		case strings.HasPrefix(err.Error(), "json: unknown field"):
			return badRequest("unknown-field", "%s", strings.TrimPrefix(err.Error(), "json: "))
		}
		return badRequest("bad-json", "%v", strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("bad-json", "more after the JSON object (at byte %d)", dec.InputOffset())
	}
	return nil
}

func typeName(t string) string {
	switch {
	case strings.HasPrefix(t, "*"):
		return typeName(t[1:])
	case t == "int":
		return "number"
	case t == "map[string]string":
		return "object of strings"
	}
	return t
}

// depth is the deepest nesting of arrays and objects in b, counted without
// decoding (strings skipped).
func depth(b []byte) int {
	d, deepest := 0, 0
	for _, c := range jsonscan.Outside(b) {
		switch c {
		case '{', '[':
			d++
			deepest = max(deepest, d)
		case '}', ']':
			d--
		}
	}
	return deepest
}

// parseCreate decodes and checks a create request.
func parseCreate(r io.Reader) (*createRequest, *apiError) {
	var req createRequest
	if err := decodeStrict(r, MaxCreateBody, &req); err != nil {
		return nil, err
	}
	switch {
	case req.Mission != "":
		if req.Scenario != "" || req.YAML != "" {
			return nil, badRequest("bad-request", "give \"mission\" with \"armies\", or a scenario, not both")
		}
		if len(req.Armies) > 2 {
			return nil, badRequest("bad-request", "a mission is played between two army lists: \"armies\" maps each of the two seats to its list's YAML text (a seat left out sends its own with PUT /api/matches/{id}/army)")
		}
	case len(req.Armies) > 0:
		return nil, badRequest("bad-request", "\"armies\" go with a \"mission\"")
	case (req.Scenario == "") == (req.YAML == ""):
		return nil, badRequest("bad-request", "give exactly one of \"scenario\" (a bundled scenario's name, see GET /api/scenarios), \"yaml\" (a scenario's YAML text) and \"mission\" (a bundled mission's name, with \"armies\")")
	}
	return &req, nil
}

// parseAction decodes and checks an action request.
func parseAction(r io.Reader) (*actionRequest, *apiError) {
	var req actionRequest
	if err := decodeStrict(r, MaxActionBody, &req); err != nil {
		return nil, err
	}
	switch {
	case req.Seq == nil:
		return nil, badRequest("bad-request", "\"seq\" is missing: send the match's seq as you last saw it")
	case *req.Seq < 0:
		return nil, badRequest("bad-request", "\"seq\" is %d: a seq is 0 or more", *req.Seq)
	case req.ID == "":
		return nil, badRequest("bad-request", "\"id\" is missing: choose an id for the action, so that a retry is applied once")
	case len(req.Action) == 0 || bytes.Equal(req.Action, []byte("null")):
		return nil, badRequest("bad-request", "\"action\" is missing")
	}
	return &req, nil
}
