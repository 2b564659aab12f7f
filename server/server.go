// Package server is Ordo's HTTP API: net/http handlers over a
// match.Authority, the WebSocket feed of a match (github.com/coder/websocket),
// seat tokens, and the metrics. docs/API.md documents every endpoint.
//
// Every answer is JSON; every error is {code, message, rule} with a fitting
// status. A seat token (Authorization: Bearer) acts and sees as its seat
// only; without one a client is a spectator.
package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
)

// Server answers the API.
type Server struct {
	a   *match.Authority
	log *slog.Logger
	m   *metrics
	mux *http.ServeMux
	// ctx ends when the server shuts down, closing the WebSocket feeds
	// (http.Server.Shutdown does not wait for hijacked connections).
	ctx context.Context
	cfg Config
	// spectators counts each client address's spectator feeds.
	spectators perClient
	addrs      addresses
	conns      atomic.Int64 // open connections (HTTPServer's ConnState)
	creates    *rate        // matches created, per client address
	chats      *rate        // the seats' chat messages, per seat
	// spectatorChats are the spectators' chat messages, per client
	// address.
	spectatorChats *rate
	// hookSeats and hookAddrs are the turn notices' changes, per seat
	// and per client address.
	hookSeats, hookAddrs *rate
	hooks                *webhooks // turn notices
	bots                 *bots     // the computer players (bots.go)
}

// New returns a server over a with the default Config. ctx ends the
// WebSocket feeds when it is cancelled.
func New(ctx context.Context, a *match.Authority, log *slog.Logger) *Server {
	s, _ := NewWith(ctx, a, log, Config{}) // the defaults hold no URL to refuse
	return s
}

// NewWith returns a server over a bounded by cfg; a public URL that is no
// http:// or https:// URL is an error.
func NewWith(ctx context.Context, a *match.Authority, log *slog.Logger, cfg Config) (*Server, error) {
	if log == nil {
		log = slog.Default()
	}
	addrs, err := parseAddresses(cfg.PublicURLs)
	if err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	s := &Server{a: a, log: log, m: newMetrics(), mux: http.NewServeMux(), ctx: ctx, cfg: cfg, addrs: addrs,
		creates:        &rate{burst: cfg.CreateBurst, every: cfg.CreateEvery, now: time.Now},
		chats:          &rate{burst: cfg.ChatBurst, every: cfg.ChatEvery, now: time.Now},
		spectatorChats: &rate{burst: cfg.SpectatorChat, every: SpectatorChatWindow / time.Duration(max(cfg.SpectatorChat, 1)), now: time.Now},
		hookSeats:      &rate{burst: cfg.WebhookBurst, every: cfg.WebhookEvery, now: time.Now},
		hookAddrs:      &rate{burst: 10 * cfg.WebhookBurst, every: max(cfg.WebhookEvery/10, time.Nanosecond), now: time.Now},
		hooks:          newWebhooks(ctx, log, cfg.WebhookPrivate, cfg.WebhookBackoff)}
	a.OnWaiting(s.hooks.enqueue)
	s.bots = newBots(ctx, a, log, cfg)
	s.mux.HandleFunc("POST /api/matches", s.create)
	s.mux.HandleFunc("GET /api/matches/{id}", s.snapshot)
	s.mux.HandleFunc("POST /api/matches/{id}/actions", s.act)
	s.mux.HandleFunc("GET /api/matches/{id}/log", s.logEntries)
	s.mux.HandleFunc("GET /api/matches/{id}/ws", s.feed)
	s.mux.HandleFunc("GET /api/matches/{id}/seed", s.seed)
	s.mux.HandleFunc("GET /api/matches/{id}/export", s.export)
	s.mux.HandleFunc("GET /api/scenarios", s.scenarios)
	s.mux.HandleFunc("POST /api/matches/{id}/chat", s.chat)
	s.mux.HandleFunc("GET /api/matches/{id}/chat", s.chatLog)
	s.mux.HandleFunc("POST /api/matches/{id}/webhook", s.webhook)
	s.mux.HandleFunc("POST /api/matches/{id}/join", s.join)
	s.mux.HandleFunc("PUT /api/matches/{id}/army", s.army)
	s.mux.HandleFunc("GET /api/matches/{id}/army", s.army)
	s.mux.HandleFunc("GET /api/lobby", s.lobby)
	s.webRoutes() // the web table and its API (web.go)
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	s.mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4")
		s.m.write(w, s.a.Stats())
		s.bots.writeMetrics(w)
	})
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, &apiError{status: http.StatusNotFound, Code: "not-found", Message: r.Method + " " + r.URL.Path + " is not an endpoint (see docs/API.md)"})
	})
	return s, nil
}

// ServeHTTP implements http.Handler: the Host and the body's type are
// checked (guard) before any route.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.guard(w, r) {
		s.mux.ServeHTTP(w, r)
	}
}

// HTTPServer is an http.Server for s on addr with timeouts against slow
// clients (headers within 5 s, a whole request within 30 s) and the bound
// on open connections (Config.MaxConns).
func (s *Server) HTTPServer(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		ConnState:         s.connState,
	}
}

// BotsRunning is how many matches' computer players run here now (a
// goroutine each, between a bot's turns too).
func (s *Server) BotsRunning() int { return int(s.bots.running.Load()) }

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, `{"code":"internal","message":"the answer does not encode"}`, http.StatusInternalServerError)
		return
	}
	writeBody(w, status, append(body, '\n'))
}

// writeBody answers with JSON already encoded, which it does not change
// (it may be shared: match.SnapshotJSON keeps it). The answer ends in a
// newline, as writeJSON's do.
func writeBody(w http.ResponseWriter, status int, body []byte) {
	nl := len(body) == 0 || body[len(body)-1] != '\n'
	n := len(body)
	if nl {
		n++
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	// The length, so that a large answer (a snapshot with its menu) is
	// written as it is rather than in chunks.
	h.Set("Content-Length", strconv.Itoa(n))
	w.WriteHeader(status)
	w.Write(body)
	if nl {
		w.Write([]byte{'\n'})
	}
}

// toAPI turns any error of the authority into its answer.
func toAPI(err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	var me *match.Error
	if errors.As(err, &me) {
		status := map[match.Code]int{
			match.CodeNotFound:       http.StatusNotFound,
			match.CodeStale:          http.StatusConflict,
			match.CodeBadScenario:    http.StatusUnprocessableEntity,
			match.CodeTooLarge:       http.StatusRequestEntityTooLarge,
			match.CodeBadRequest:     http.StatusBadRequest,
			match.CodeNotOver:        http.StatusForbidden,
			match.CodeUnavailable:    http.StatusServiceUnavailable,
			match.CodeForbidden:      http.StatusForbidden,
			match.CodeCorrupt:        http.StatusInternalServerError,
			match.CodeTooManyFeeds:   http.StatusTooManyRequests,
			match.CodeSeatTaken:      http.StatusConflict,
			match.CodeBadArmy:        http.StatusUnprocessableEntity,
			match.CodeAwaitingArmies: http.StatusConflict,
			match.CodeArmiesClosed:   http.StatusConflict,
		}[me.Code]
		if status == 0 {
			status = http.StatusInternalServerError
		}
		return &apiError{status: status, Code: string(me.Code), Message: me.Message, Rule: me.Rule, Seq: me.Seq, Problems: me.Problems}
	}
	if re, ok := rules.AsRuleError(err); ok {
		return &apiError{status: http.StatusUnprocessableEntity, Code: string(re.Code), Message: re.Message(), Rule: re.Rule}
	}
	return &apiError{status: http.StatusInternalServerError, Code: "internal", Message: err.Error()}
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	ae := toAPI(err)
	if ae.status >= 500 {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "code", ae.Code, "err", ae.Message)
	}
	writeJSON(w, ae.status, ae)
}

// viewer works out who is asking: the seat of the bearer token, or a
// spectator without one. A malformed header is 401; a token that is no
// seat's in this match is 403.
func (s *Server) viewer(r *http.Request, id string, allowQuery bool) (rules.Viewer, bool, error) {
	token, ok, err := bearer(r)
	if err != nil {
		return rules.Viewer{}, false, err
	}
	if !ok && allowQuery {
		token, ok = r.URL.Query().Get("token"), r.URL.Query().Has("token")
	}
	if !ok {
		return rules.Spectator(), false, nil
	}
	seat, err := s.a.Authenticate(r.Context(), id, token)
	if err != nil {
		return rules.Viewer{}, false, err
	}
	return rules.PlayerView(seat), true, nil
}

// seat is the seat of the request's token, for what only a seat may do
// (why says what): without a token it answers 401, with a bad one as
// viewer does, and reports false.
func (s *Server) seat(w http.ResponseWriter, r *http.Request, id, why string) (rules.Viewer, bool) {
	v, seated, err := s.viewer(r, id, false)
	if err == nil && !seated {
		err = &apiError{status: http.StatusUnauthorized, Code: "unauthorized", Message: why + ": send the seat token (Authorization: Bearer TOKEN)"}
	}
	if err != nil {
		s.fail(w, r, err)
		return rules.Viewer{}, false
	}
	return v, true
}

func bearer(r *http.Request) (string, bool, error) {
	h := r.Header.Values("Authorization")
	if len(h) == 0 {
		return "", false, nil
	}
	token, ok := strings.CutPrefix(h[0], "Bearer ")
	if len(h) > 1 || !ok || token == "" || len(token) > 256 {
		return "", false, &apiError{status: http.StatusUnauthorized, Code: "unauthorized", Message: "the Authorization header must be one \"Bearer TOKEN\" with a seat token"}
	}
	return token, true, nil
}

// limited takes a token of rate for key, or answers 429 with code and
// Retry-After and reports true.
func (s *Server) limited(w http.ResponseWriter, r *http.Request, rt *rate, key, code, what string) bool {
	ok, wait := rt.allow(key)
	if ok {
		return false
	}
	w.Header().Set("Retry-After", strconv.Itoa(int(wait/time.Second)+1))
	s.fail(w, r, &apiError{status: http.StatusTooManyRequests, Code: code,
		Message: fmt.Sprintf("%s in a short time, the most one may; the next in %v", what, wait.Round(time.Second)+time.Second)})
	return true
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r, s.creates, clientKey(r), "too-many-matches", fmt.Sprintf("this address has created or joined %d matches", s.cfg.CreateBurst)) {
		return
	}
	req, aerr := parseCreate(http.MaxBytesReader(w, r.Body, MaxCreateBody+1))
	if aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	tc, aerr := req.Clock.timeControl()
	if aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	if aerr := checkBots(req.Bots); aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	c, err := s.a.Create(r.Context(), match.CreateRequest{Name: req.Scenario, Scenario: []byte(req.YAML), Rulings: req.Rulings, Open: req.Open, Clock: tc, Mission: req.Mission, Armies: req.Armies, Bots: req.Bots})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	addLinks(c)
	w.Header().Set("Location", "/api/matches/"+c.ID)
	writeJSON(w, http.StatusCreated, c)
}

func (s *Server) snapshot(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	v, _, err := s.viewer(r, id, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	menu := match.MenuAll
	switch q := r.URL.Query().Get("menu"); q {
	case "", "all":
	case "legal":
		menu = match.MenuLegal
	default:
		s.fail(w, r, badRequest("bad-request", "menu=%q: all (the default) or legal", q))
		return
	}
	body, err := s.a.SnapshotJSON(r.Context(), id, v, menu)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeBody(w, http.StatusOK, body)
}

func (s *Server) act(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	code := ""
	defer func() { s.m.observe(time.Since(start), code) }()
	fail := func(err error) {
		ae := toAPI(err)
		code = ae.Code
		s.fail(w, r, ae)
	}
	id := r.PathValue("id")
	v, seated, err := s.viewer(r, id, false)
	if err != nil {
		fail(err)
		return
	}
	if !seated {
		fail(&apiError{status: http.StatusUnauthorized, Code: "unauthorized", Message: "acting needs a seat token (Authorization: Bearer TOKEN)"})
		return
	}
	req, aerr := parseAction(http.MaxBytesReader(w, r.Body, MaxActionBody+1))
	if aerr != nil {
		fail(aerr)
		return
	}
	res, err := s.a.Act(r.Context(), id, v.Seat, *req.Seq, req.ID, req.Action)
	if err != nil {
		fail(err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// fromParam reads ?from=N (default 0).
func fromParam(r *http.Request) (int, error) { return paramInt(r, "from") }

// paramInt reads ?name=N, a number 0 or more (default 0).
func paramInt(r *http.Request, name string) (int, error) {
	q := r.URL.Query().Get(name)
	if q == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(q)
	if err != nil || n < 0 {
		return 0, badRequest("bad-request", "%s=%q: a number, 0 or more", name, q)
	}
	return n, nil
}

// logPage is the answer of GET /api/matches/{id}/log.
type logPage struct {
	Seq     int              `json:"seq"`
	Entries []match.LogEntry `json:"entries"`
}

func (s *Server) logEntries(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	from, err := fromParam(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, _, err := s.viewer(r, id, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	entries, seq, err := s.a.Log(r.Context(), id, v, from)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, logPage{Seq: seq, Entries: entries})
}

func (s *Server) seed(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	seed, err := s.a.Seed(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	snap, err := s.a.Snapshot(r.Context(), id, rules.Spectator())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"seed": seed, "seed_commitment": snap.Commitment})
}

func (s *Server) export(w http.ResponseWriter, r *http.Request) {
	x, err := s.a.Export(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, x)
}

func (s *Server) scenarios(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string][]string{"scenarios": s.a.Library().ScenarioNames()})
}

// feedMessage is one WebSocket message: an entry, or the match's state
// after the entries before it.
type feedMessage struct {
	Type  string             `json:"type"` // "entry", "state" or "chat"
	Entry *match.LogEntry    `json:"entry,omitempty"`
	Chat  *match.ChatMessage `json:"chat,omitempty"`
	// State is the encoded snapshot: after the first, the match's own
	// bytes for the seq (match.Update), shared by every feed of the
	// viewer, rather than worked out again for each.
	State json.RawMessage `json:"state,omitempty"`
}

// feedWriteTimeout is how long a client may take to read one message
// before it is dropped.
const feedWriteTimeout = 10 * time.Second

// feed is the WebSocket of a match: the state at once, then every entry
// from ?from=N on as the viewer sees it, each batch followed by the new
// state.
func (s *Server) feed(w http.ResponseWriter, r *http.Request) {
	if !s.addrs.originAllowed(r) {
		s.fail(w, r, &apiError{status: http.StatusForbidden, Code: "forbidden-origin",
			Message: fmt.Sprintf("a page of %q may not open this server's feeds: start the server with its public URL (ordo serve --public-url)", r.Header.Get("Origin"))})
		return
	}
	id := r.PathValue("id")
	from, err := fromParam(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, seated, err := s.viewer(r, id, true)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !seated {
		release, ok := s.spectators.take(clientKey(r), s.cfg.FeedsPerClient)
		if !ok {
			s.fail(w, r, &apiError{status: http.StatusTooManyRequests, Code: "too-many-feeds",
				Message: fmt.Sprintf("this address already has %d spectator feeds open, the most one client may have; close one", s.cfg.FeedsPerClient)})
			return
		}
		defer release()
	}
	// The match stays in memory while the feed follows it.
	release, err := s.a.Watch(r.Context(), id, v)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer release()
	snap, err := s.a.Snapshot(r.Context(), id, v)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// The server's write and read deadlines are for requests, not feeds.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	// The origin is checked above against the server's own addresses; the
	// library's check would compare it with the Host the client chose.
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return // Accept has answered
	}
	s.m.wsClients.Add(1)
	defer s.m.wsClients.Add(-1)
	defer c.CloseNow()
	ctx, cancel := context.WithCancel(c.CloseRead(r.Context()))
	defer cancel()
	stop := context.AfterFunc(s.ctx, cancel)
	defer stop()
	send := func(m feedMessage) error {
		wctx, cancel := context.WithTimeout(ctx, feedWriteTimeout)
		defer cancel()
		b, err := json.Marshal(m)
		if err != nil {
			return err
		}
		return c.Write(wctx, websocket.MessageText, b)
	}
	// A spectator's feed that sends nothing for SpectatorIdle is closed.
	var idle *time.Timer
	var idled atomic.Bool
	if !seated && s.cfg.SpectatorIdle > 0 {
		idle = time.AfterFunc(s.cfg.SpectatorIdle, func() { idled.Store(true); cancel() })
		defer idle.Stop()
	}
	sent := send
	send = func(m feedMessage) error {
		if idle != nil {
			idle.Reset(s.cfg.SpectatorIdle)
		}
		return sent(m)
	}
	nextChat, err := paramInt(r, "chat_from")
	if err != nil {
		c.Close(websocket.StatusPolicyViolation, "chat_from: a message number, 0 or more")
		return
	}
	next := min(from, snap.Seq)
	if from > snap.Seq {
		c.Close(websocket.StatusPolicyViolation, "from is past the end of the log")
		return
	}
	if next == snap.Seq {
		b, err := json.Marshal(snap)
		if err != nil {
			return
		}
		if err := send(feedMessage{Type: "state", State: b}); err != nil {
			return
		}
	}
	// lastState is the last state sent before the game starts: a seat's
	// army list coming in changes it without an entry.
	var lastState []byte
	if next == snap.Seq && snap.Armies != nil {
		lastState, _ = json.Marshal(snap)
	}
	gen := snap.Gen
	for {
		u, changed, err := s.a.Wait(ctx, id, v, next, nextChat, gen)
		if err != nil {
			c.Close(websocket.StatusInternalError, "the match cannot be read")
			return
		}
		for i := range u.Chat {
			if err := send(feedMessage{Type: "chat", Chat: &u.Chat[i]}); err != nil {
				return
			}
		}
		nextChat += len(u.Chat)
		for i := range u.Entries {
			if err := send(feedMessage{Type: "entry", Entry: &u.Entries[i]}); err != nil {
				return
			}
		}
		if len(u.Entries) > 0 || u.Gen != gen {
			// New entries, or the match changed outside its log (its
			// clocks started): the state after.
			next, gen, lastState = next+len(u.Entries), u.Gen, u.Snapshot
			if err := send(feedMessage{Type: "state", State: u.Snapshot}); err != nil {
				return
			}
			continue
		}
		if len(u.Chat) > 0 {
			continue
		}
		if u.Snapshot != nil && !bytes.Equal(u.Snapshot, lastState) {
			lastState = u.Snapshot
			if err := send(feedMessage{Type: "state", State: u.Snapshot}); err != nil {
				return
			}
			continue
		}
		select {
		case <-changed:
		case <-ctx.Done():
			switch {
			case s.ctx.Err() != nil:
				c.Close(websocket.StatusGoingAway, "the server is shutting down")
			case idled.Load():
				c.Close(websocket.StatusTryAgainLater, "idle: reconnect with from= to follow on")
			}
			return
		}
	}
}
