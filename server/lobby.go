package server

import (
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/ordo-rules/ordo/rules"
)

// joinRequest is the body of POST /api/matches/{id}/join.
type joinRequest struct {
	Seat string `json:"seat"`
}

// MaxJoinBody bounds POST /api/matches/{id}/join.
const MaxJoinBody = 1 << 10

func parseJoin(r io.Reader) (*joinRequest, *apiError) {
	var req joinRequest
	if err := decodeStrict(r, MaxJoinBody, &req); err != nil {
		return nil, err
	}
	if req.Seat == "" {
		return nil, badRequest("bad-request", "\"seat\" is missing: the open seat to take")
	}
	return &req, nil
}

// join answers POST /api/matches/{id}/join: an open seat's token, to the
// first who asks (409 seat-taken after), with its link to the table.
// Joins count against the client address's rate of creating matches.
func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r, s.creates, clientKey(r), "too-many-matches", fmt.Sprintf("this address has created or joined %d matches", s.cfg.CreateBurst)) {
		return
	}
	req, aerr := parseJoin(http.MaxBytesReader(w, r.Body, MaxJoinBody+1))
	if aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	id := r.PathValue("id")
	sec, err := s.a.Join(r.Context(), id, rules.Seat(req.Seat))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"seat": req.Seat, "token": sec.Token, "url": "/m/" + id + "#token=" + sec.Token})
}

// lobbyMatch is one match of GET /api/lobby.
type lobbyMatch struct {
	ID       string   `json:"id"`
	Scenario string   `json:"scenario,omitempty"`
	Ruleset  string   `json:"ruleset"`
	Seats    []string `json:"seats"`
	Open     []string `json:"open"`
	Status   string   `json:"status"`
	// Mission is the bundled mission of a mission match (GET
	// /api/missions), and AwaitingLists says that it waits for its
	// seats' army lists: a player who joins sends their own.
	Mission       string    `json:"mission,omitempty"`
	AwaitingLists bool      `json:"awaiting_lists"`
	Created       time.Time `json:"created"`
	Updated       time.Time `json:"updated"`
}

// lobby answers GET /api/lobby?status=open|playing|over&limit=N: the
// matches waiting for a player (the default), in play to watch, or over
// to replay, the most recently updated first; at most 100.
func (s *Server) lobby(w http.ResponseWriter, r *http.Request) {
	status := r.URL.Query().Get("status")
	if status == "" {
		status = "open"
	}
	limit, err := paramInt(r, "limit")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if limit == 0 {
		limit = 50
	}
	ls, err := s.a.List(r.Context(), status, limit)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]lobbyMatch, 0, len(ls))
	for _, l := range ls {
		open := l.Open
		if open == nil {
			open = []string{}
		}
		out = append(out, lobbyMatch{ID: l.ID, Scenario: l.ScenarioName, Ruleset: l.Ruleset, Seats: l.Seats, Open: open, Status: l.Status,
			Mission: l.Mission, AwaitingLists: l.AwaitingArmies, Created: l.Created, Updated: l.Updated})
	}
	writeJSON(w, http.StatusOK, map[string][]lobbyMatch{"matches": out})
}
