package server

import (
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/ordo-rules/ordo/match"
)

// armyAnswer is the answer of PUT /api/matches/{id}/army: the pre-game
// as every viewer sees it, and whether this list started the game.
type armyAnswer struct {
	Started bool          `json:"started"`
	Armies  *match.Armies `json:"army_lists"`
}

// army answers PUT /api/matches/{id}/army: the seat's own army list, the
// body as YAML text (docs/ARMIES.md), for a mission match waiting for its
// lists. A refused list is 422 bad-army with each problem's rule and
// line:col, and changes nothing; an accepted one replaces the seat's
// earlier list until every list is in, and the last starts the game.
// GET answers the seat's own list as it was sent.
func (s *Server) army(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	v, ok := s.seat(w, r, id, "sending an army list")
	if !ok {
		return
	}
	if r.Method == http.MethodGet {
		list, ok, err := s.a.OwnArmy(r.Context(), id, v.Seat)
		if err == nil && !ok {
			err = &apiError{status: http.StatusNotFound, Code: "not-found", Message: "seat " + string(v.Seat) + " has sent no army list"}
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(list)
		return
	}
	// Bounded before it is read whole, and read whole before it is
	// parsed.
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, match.MaxArmyBytes))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		s.fail(w, r, &apiError{status: http.StatusRequestEntityTooLarge, Code: "too-large", Message: fmt.Sprintf("the army list is over %d bytes, the most accepted", match.MaxArmyBytes)})
		return
	}
	if err != nil {
		s.fail(w, r, badRequest("bad-request", "the body could not be read: %v", err))
		return
	}
	st, err := s.a.SubmitArmy(r.Context(), id, v.Seat, body)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, armyAnswer{Started: !st.Awaiting, Armies: st})
}

// armyCheckRequest is the body of POST /api/armies/check.
type armyCheckRequest struct {
	List string `json:"list"`
}

// MaxArmyCheckBody bounds POST /api/armies/check: a list at its bound,
// with room for its JSON escapes (a newline is two bytes there).
const MaxArmyCheckBody = 2*match.MaxArmyBytes + 64

// parseArmyCheck decodes a check request, bounded before it is read.
func parseArmyCheck(r io.Reader) (*armyCheckRequest, *apiError) {
	var req armyCheckRequest
	if err := decodeStrict(r, MaxArmyCheckBody, &req); err != nil {
		return nil, err
	}
	return &req, nil
}

// armyCheck is the answer of POST /api/armies/check: ok, or the refusal
// as PUT /api/matches/{id}/army would give it.
type armyCheck struct {
	OK      bool      `json:"ok"`
	Refusal *apiError `json:"refusal,omitempty"`
}

// armyCheckAnswer answers POST /api/armies/check: the army list checked
// as sending it would check it, with no match and no token. A refused
// list is a 200 with the refusal (its rule and line:col), not a failed
// request: the web table asks before it sends, as it asks the odds
// endpoint before a deployment.
func (s *Server) armyCheckAnswer(w http.ResponseWriter, r *http.Request) {
	req, aerr := parseArmyCheck(http.MaxBytesReader(w, r.Body, MaxArmyCheckBody+1))
	if aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	err := s.a.CheckArmy([]byte(req.List))
	var me *match.Error
	if err != nil && (!errors.As(err, &me) || me.Code == match.CodeBadScenario) {
		s.fail(w, r, err)
		return
	}
	out := armyCheck{OK: err == nil}
	if err != nil {
		out.Refusal = toAPI(err)
	}
	writeJSON(w, http.StatusOK, out)
}
