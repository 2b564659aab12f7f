package server

import (
	"fmt"
	"io"
	"net/http"

	"github.com/ordo-rules/ordo/match"
)

// MaxChatBody bounds POST /api/matches/{id}/chat.
const MaxChatBody = 4 << 10

// chatRequest is the body of POST /api/matches/{id}/chat.
type chatRequest struct {
	Text string `json:"text"`
}

// parseChat decodes and checks a chat request (the text's own bounds are
// the authority's: match.MaxChatText).
func parseChat(r io.Reader) (*chatRequest, *apiError) {
	var req chatRequest
	if err := decodeStrict(r, MaxChatBody, &req); err != nil {
		return nil, err
	}
	if req.Text == "" {
		return nil, badRequest("bad-request", "\"text\" is missing or empty")
	}
	return &req, nil
}

// chat answers POST /api/matches/{id}/chat: the message goes to the
// writer's channel — a seat token's to the seats', none to the
// spectators' — at most Config.ChatBurst at once, then one per
// Config.ChatEvery, per seat; a spectator's, Config.SpectatorChat at
// once and in every SpectatorChatWindow, per client address.
func (s *Server) chat(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	v, seated, err := s.viewer(r, id, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	limit, key, why := s.spectatorChats, clientKey(r), fmt.Sprintf("this address has sent %d spectator messages", s.cfg.SpectatorChat)
	if seated {
		limit, key, why = s.chats, id+"/"+string(v.Seat), fmt.Sprintf("%d messages", s.cfg.ChatBurst)
	}
	if s.limited(w, r, limit, key, "too-many-messages", why) {
		return
	}
	req, aerr := parseChat(http.MaxBytesReader(w, r.Body, MaxChatBody+1))
	if aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	m, err := s.a.Chat(r.Context(), id, v, req.Text)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, m)
}

// chatPage is the answer of GET /api/matches/{id}/chat.
type chatPage struct {
	Messages []match.ChatMessage `json:"messages"`
}

// chatLog answers GET /api/matches/{id}/chat?channel=C&from=N: up to 1000
// messages of a channel the viewer may read (its own; both once the match
// is over). The channel defaults to the viewer's own.
func (s *Server) chatLog(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	from, err := fromParam(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, seated, err := s.viewer(r, id, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	channel := r.URL.Query().Get("channel")
	if channel == "" {
		channel = match.ChannelSpectators
		if seated {
			channel = match.ChannelSeats
		}
	}
	ms, err := s.a.ChatLog(r.Context(), id, v, channel, from)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, chatPage{Messages: ms})
}
