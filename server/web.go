package server

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/big"
	"net/http"
	"slices"
	"strconv"

	"github.com/goccy/go-yaml"
	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/fantasy/casting"
	"github.com/ordo-rules/ordo/infinity"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
	"github.com/ordo-rules/ordo/server/web"
)

// MaxOddsActions bounds the menu entries one odds request may ask about.
const MaxOddsActions = 64

// webRoutes adds the web table (the pages of package web) and the API the
// pages need beyond the match's own: the board to draw, the odds of menu
// entries, a replay's state at a step, the lobby's table drawings and the
// check of a finished match's dice.
func (s *Server) webRoutes() {
	pages := web.Handler()
	s.mux.Handle("GET /{$}", pages)
	s.mux.Handle("GET /m/{id}", pages)
	s.mux.Handle("GET /m/{id}/replay", pages)
	s.mux.Handle("GET /static/", pages)
	s.mux.HandleFunc("GET /api/matches/{id}/board", s.board)
	s.mux.HandleFunc("POST /api/matches/{id}/odds", s.odds)
	s.mux.HandleFunc("GET /api/matches/{id}/sight/{trooper}", s.sight)
	s.mux.HandleFunc("GET /api/matches/{id}/replay/{seq}", s.replayAt)
	s.mux.HandleFunc("GET /api/matches/{id}/verify", s.verify)
	s.mux.HandleFunc("GET /api/scenario-tables", s.scenarioTables)
	s.mux.HandleFunc("GET /api/missions", s.missions)
	s.mux.HandleFunc("POST /api/armies/check", s.armyCheckAnswer)
}

// addLinks gives each seat of a created match its link: the table page
// with the token in the fragment, which browsers send to no server and
// put in no Referer.
func addLinks(c *match.Created) {
	for seat, sec := range c.Seats {
		sec.URL = "/m/" + c.ID + "#token=" + sec.Token
		c.Seats[seat] = sec
	}
}

// infinityState is the Infinity state behind a match, or a 404 for a
// match of another ruleset (the web table draws Infinity tables only).
func infinityState(st rules.State) (*infinity.State, error) {
	is, ok := st.(*infinity.State)
	if !ok {
		return nil, &apiError{status: http.StatusNotFound, Code: "not-found", Message: "the web table draws Infinity matches only"}
	}
	return is, nil
}

// board answers GET /api/matches/{id}/board: the table, its scenery, the
// Deployment Zones and the profiles the viewer sees (infinity.Board), or a
// fantasy table with every unit's bases as the engine places them
// (fantasy.Board).
func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	v, _, err := s.viewer(r, id, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var b any
	err = s.a.Inspect(r.Context(), id, func(st rules.State, _ int) error {
		if fs, ok := st.(*fantasy.State); ok {
			b = fs.Board() // all public
			return nil
		}
		is, err := infinityState(st)
		if err != nil {
			return err
		}
		b = is.Board(v)
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}

// oddsRequest is the body of POST /api/matches/{id}/odds: menu entries
// (or actions built from them, such as a Move along clicked points).
type oddsRequest struct {
	// Seq is the seq the entries were drawn at, if the client says: once
	// the match is past it the answer says so (oddsAnswers.Stale) rather
	// than answer for a menu that is gone.
	Seq     *int              `json:"seq,omitempty"`
	Actions []json.RawMessage `json:"actions"`
}

// oddsAnswers is the answer of POST /api/matches/{id}/odds: an answer
// for each action, or, for a request made at a seq the match has moved
// past, none, Stale and the seq now.
type oddsAnswers struct {
	Answers []OddsAnswer `json:"answers"`
	Stale   bool         `json:"stale,omitempty"`
	Seq     *int         `json:"seq,omitempty"`
}

// staleAnswer is what a request made at a seq the match has moved past
// gets instead of its answer: a 200, for the page to drop, since asking
// about a state that was current when asked is no client's fault.
type staleAnswer struct {
	Stale bool `json:"stale"`
	Seq   int  `json:"seq"`
}

// MaxOddsBody bounds POST /api/matches/{id}/odds.
const MaxOddsBody = 4 * MaxActionBody

// parseOdds decodes and checks an odds request: 1 to MaxOddsActions
// actions, each a JSON object (its fields are the ruleset's to check).
func parseOdds(r io.Reader) (*oddsRequest, *apiError) {
	var req oddsRequest
	if err := decodeStrict(r, MaxOddsBody, &req); err != nil {
		return nil, err
	}
	if req.Seq != nil && *req.Seq < 0 {
		return nil, badRequest("bad-request", "\"seq\" is %d: a seq of the match, 0 or more", *req.Seq)
	}
	if n := len(req.Actions); n == 0 || n > MaxOddsActions {
		return nil, badRequest("bad-request", "\"actions\" has %d entries: give 1 to %d", n, MaxOddsActions)
	}
	for i, a := range req.Actions {
		if len(a) == 0 || a[0] != '{' {
			return nil, badRequest("bad-request", "actions[%d]: an action is a JSON object", i)
		}
	}
	return &req, nil
}

// OddsAnswer is one entry's answer: the odds of every attack it declares
// (Infinity), or of a spell cast (a fantasy `cast` entry), or the rule that
// refuses it now.
type OddsAnswer struct {
	Odds    []infinity.RollOdds `json:"odds"`
	Cast    *CastOdds           `json:"cast,omitempty"`
	Shoot   *fantasy.ShotOdds   `json:"shoot,omitempty"`
	Charge  *fantasy.ChargeOdds `json:"charge,omitempty"`
	Illegal *rules.RuleError    `json:"illegal,omitempty"`
}

// CastOdds are the chances of a fantasy casting attempt against the other
// player's whole dispel pool (fantasy.State.CastOdds).
type CastOdds struct {
	Cast             float64 `json:"cast"`
	Irresistible     float64 `json:"irresistible"`
	Failed           float64 `json:"failed"`
	Dispelled        float64 `json:"dispelled"`
	TakesEffect      float64 `json:"takesEffect"`
	TakesEffectExact string  `json:"takesEffectExact"`
}

// fantasyOdds answers the odds of fantasy menu entries: a `cast` gets its
// casting odds, a `shoot` its hits and wounds, a `charge` the chance it
// reaches; any other entry has none to give.
func fantasyOdds(fs *fantasy.State, seat rules.Seat, raws []json.RawMessage, out []OddsAnswer) {
	for i, raw := range raws {
		out[i].Odds = []infinity.RollOdds{}
		act, err := (&fantasy.Ruleset{}).DecodeAction(raw)
		if err == nil {
			switch a := act.(type) {
			case fantasy.Cast:
				var o casting.Odds
				if o, err = fs.CastOdds(seat, a); err == nil {
					f := func(r *big.Rat) float64 { v, _ := r.Float64(); return v }
					out[i].Cast = &CastOdds{f(o.Cast), f(o.Irresistible), f(o.Failed), f(o.Dispelled), f(o.TakesEffect), o.TakesEffect.RatString()}
				}
			case fantasy.Shoot:
				out[i].Shoot, err = fs.ShotOdds(seat, a)
			case fantasy.DeclareCharge:
				out[i].Charge, err = fs.ChargeOdds(seat, a)
			}
		}
		if err != nil {
			re, ok := rules.AsRuleError(err)
			if !ok {
				re = rules.Errorf(rules.CodeIllegal, "", "actions[%d]: %v", i, err)
			}
			out[i].Illegal = re
		}
	}
}

// odds answers POST /api/matches/{id}/odds for the seat of the token:
// each action is checked as it would be if sent now, and the exact odds of
// its attacks are computed from the rolls Resolution would make
// (infinity.State.Preview); in a fantasy match, a spell's casting odds.
// Nothing is applied. A request made at a seq the match has moved past is
// answered stale.
func (s *Server) odds(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	v, ok := s.seat(w, r, id, "the odds of a menu entry are its seat's")
	if !ok {
		return
	}
	req, aerr := parseOdds(http.MaxBytesReader(w, r.Body, MaxOddsBody+1))
	if aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	out := make([]OddsAnswer, len(req.Actions))
	stale := -1
	err := s.a.Inspect(r.Context(), id, func(st rules.State, seq int) error {
		if req.Seq != nil && *req.Seq != seq {
			stale = seq
			return nil
		}
		if fs, ok := st.(*fantasy.State); ok {
			fantasyOdds(fs, v.Seat, req.Actions, out)
			return nil
		}
		is, err := infinityState(st)
		if err != nil {
			return err
		}
		for i, raw := range req.Actions {
			act, err := infinity.Ruleset{}.DecodeAction(raw)
			if err == nil {
				// A point of the wrong size is the request's fault, not
				// the rules': the whole request is refused.
				if err := match.CheckShape(raw, act, fmt.Sprintf("actions[%d]", i)); err != nil {
					return err
				}
			}
			if err == nil {
				out[i].Odds, err = is.Preview(v.Seat, act)
			}
			if err != nil {
				re, ok := rules.AsRuleError(err)
				if !ok {
					re = rules.Errorf(rules.CodeIllegal, "", "actions[%d]: %v", i, err)
				}
				out[i].Illegal = re
			}
			if out[i].Odds == nil {
				out[i].Odds = []infinity.RollOdds{}
			}
		}
		return nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if stale >= 0 {
		writeJSON(w, http.StatusOK, oddsAnswers{Answers: []OddsAnswer{}, Stale: true, Seq: &stale})
		return
	}
	writeJSON(w, http.StatusOK, oddsAnswers{Answers: out})
}

// sight answers GET /api/matches/{id}/sight/{trooper}?seq=N for the seat
// of the token: which enemies one of its troopers has Line of Fire to, how
// far each is and the range MOD of each of its weapons there
// (infinity.State.Sight: only enemies the seat sees, no marker). Asked at
// a seq the match has moved past, it is answered stale.
func (s *Server) sight(w http.ResponseWriter, r *http.Request) {
	id, trooper := r.PathValue("id"), r.PathValue("trooper")
	at := -1
	if r.URL.Query().Has("seq") {
		n, err := paramInt(r, "seq")
		if err == nil && r.URL.Query().Get("seq") == "" {
			err = badRequest("bad-request", "seq=\"\": a seq of the match, 0 or more")
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		at = n
	}
	v, seated, err := s.viewer(r, id, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !seated {
		s.fail(w, r, &apiError{status: http.StatusUnauthorized, Code: "unauthorized", Message: "what a trooper sees is its seat's: send the seat token (Authorization: Bearer TOKEN)"})
		return
	}
	var out infinity.Sight
	stale := -1
	err = s.a.Inspect(r.Context(), id, func(st rules.State, seq int) error {
		if at >= 0 && at != seq {
			stale = seq
			return nil
		}
		is, err := infinityState(st)
		if err != nil {
			return err
		}
		out, err = is.Sight(v, trooper)
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if stale >= 0 {
		writeJSON(w, http.StatusOK, staleAnswer{Stale: true, Seq: stale})
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// replayStep is the answer of GET /api/matches/{id}/replay/{seq}.
type replayStep struct {
	Seq         int             `json:"seq"`
	Total       int             `json:"total"`
	Observation json.RawMessage `json:"observation"`
	// Chat is what the viewer may read of the chat, written by then.
	Chat []match.ChatMessage `json:"chat"`
}

// replayAt answers GET /api/matches/{id}/replay/{seq}: the match after
// its first seq entries as the viewer saw it then — a seat's token
// replays that seat's own view (its Lieutenant, its hidden troopers),
// without one the spectator's (what was public at each step).
func (s *Server) replayAt(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	n, err := strconv.Atoi(r.PathValue("seq"))
	if err != nil || n < 0 {
		s.fail(w, r, badRequest("bad-request", "seq %q: a step of the log, 0 or more", r.PathValue("seq")))
		return
	}
	v, _, err := s.viewer(r, id, false)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	obs, step, total, err := s.a.ObservationAt(r.Context(), id, n, v)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	chat, err := s.a.ChatAt(r.Context(), id, v, step)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, replayStep{Seq: step, Total: total, Observation: obs, Chat: chat})
}

// verification is the answer of GET /api/matches/{id}/verify.
type verification struct {
	OK         bool   `json:"ok"`
	Entries    int    `json:"entries"`
	Dice       int    `json:"dice"`
	Seed       string `json:"seed"`
	Commitment string `json:"seed_commitment"`
	Problem    string `json:"problem,omitempty"`
}

// verify answers GET /api/matches/{id}/verify once the game is over: the
// exported match checked by match.Library.Verify (the seed against the
// commitment, every die against the seed, the log replayed to the end),
// once per match (match.Authority.Verified keeps the answer).
func (s *Server) verify(w http.ResponseWriter, r *http.Request) {
	c, err := s.a.Verified(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := verification{Seed: c.Export.Seed, Commitment: c.Export.Commitment}
	if c.Verification != nil {
		out.Entries, out.Dice = c.Verification.Entries, c.Verification.Dice
	}
	if c.Problem != nil {
		out.Problem = c.Problem.Error()
	} else {
		out.OK = true
	}
	writeJSON(w, http.StatusOK, out)
}

// scenarioTable is one bundled scenario as the lobby draws it: its name,
// title, ruleset and table with its scenery — never its troopers (a
// trooper in Hidden Deployment is placed in the file).
type scenarioTable struct {
	Name    string             `json:"name"`
	Title   string             `json:"title"`
	Ruleset string             `json:"ruleset"`
	Width   float64            `json:"width"`
	Height  float64            `json:"height"`
	Terrain []scenario.Terrain `json:"terrain"`
	Seats   []string           `json:"seats"`
	Rounds  int                `json:"rounds"`
}

// scenarioTables answers GET /api/scenario-tables: every bundled scenario
// with its table, for the lobby's drawings.
func (s *Server) scenarioTables(w http.ResponseWriter, r *http.Request) {
	lib := s.a.Library()
	out := []scenarioTable{}
	for _, name := range lib.ScenarioNames() {
		sc, err := scenario.Parse(name, lib.Scenarios[name], scenario.Options{})
		if err != nil {
			continue // a bundled file that does not parse cannot be created either
		}
		t := scenarioTable{Name: name, Title: sc.Name, Ruleset: sc.Ruleset, Width: sc.Table.Width, Height: sc.Table.Height, Terrain: sc.Terrain, Rounds: sc.Rounds}
		if t.Terrain == nil {
			t.Terrain = []scenario.Terrain{}
		}
		for _, side := range sc.Sides {
			t.Seats = append(t.Seats, side.Seat)
		}
		out = append(out, t)
	}
	writeJSON(w, http.StatusOK, map[string][]scenarioTable{"scenarios": out})
}

// missionListing is one bundled mission as the lobby offers it: its id
// (what POST /api/matches takes as "mission"), the name players call it,
// and how it is scored (docs/MISSIONS.md) — all public, from its file.
type missionListing struct {
	ID         string           `json:"id"`
	Name       string           `json:"name"`
	Ruleset    string           `json:"ruleset"`
	Rounds     int              `json:"rounds"`
	Objectives []string         `json:"objectives"`
	Scoring    []missionScoring `json:"scoring"`
	Target     string           `json:"target,omitempty"`
	TieBreaker string           `json:"tie_breaker,omitempty"`
}

// missionScoring is one scoring rule of a mission: the rule, when it
// scores (each-round or game-end) and its OP.
type missionScoring struct {
	Rule string `json:"rule" yaml:"rule"`
	When string `json:"when" yaml:"when"`
	OP   int    `json:"op" yaml:"op"`
}

// missions answers GET /api/missions: the bundled missions, sorted by
// id, for the lobby's mission form. A bundled file that does not read is
// left out (it could not be created either).
func (s *Server) missions(w http.ResponseWriter, r *http.Request) {
	lib := s.a.Library()
	out := []missionListing{}
	for _, id := range slices.Sorted(maps.Keys(lib.Missions)) {
		var m struct {
			Name       string `yaml:"name"`
			Ruleset    string `yaml:"ruleset"`
			Rounds     int    `yaml:"rounds"`
			Objectives []struct {
				ID   string `yaml:"id"`
				Name string `yaml:"name"`
			} `yaml:"objectives"`
			Scoring    []missionScoring `yaml:"scoring"`
			Target     string           `yaml:"target"`
			TieBreaker string           `yaml:"tie-breaker"`
		}
		if err := yaml.Unmarshal(lib.Missions[id], &m); err != nil {
			continue
		}
		l := missionListing{ID: id, Name: m.Name, Ruleset: m.Ruleset, Rounds: m.Rounds, Objectives: []string{}, Scoring: m.Scoring, Target: m.Target, TieBreaker: m.TieBreaker}
		if l.Name == "" {
			l.Name = id
		}
		for _, o := range m.Objectives {
			l.Objectives = append(l.Objectives, cmp.Or(o.Name, o.ID))
		}
		if l.Scoring == nil {
			l.Scoring = []missionScoring{}
		}
		out = append(out, l)
	}
	writeJSON(w, http.StatusOK, map[string][]missionListing{"missions": out})
}
