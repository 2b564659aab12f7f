// Package store keeps matches: each match's setup and its append-only log.
// A match's live state is the fold of its log (rules.Replay), so the store
// holds nothing else. The match authority (package match) is the only
// writer; two backends implement Store: store/sqlite, the default, and
// store/postgres, which several servers may share. One conformance suite
// (store/storetest) runs against both.
package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Errors every backend returns, so callers branch with errors.Is.
var (
	// ErrNotFound: no match with that id.
	ErrNotFound = errors.New("store: no such match")
	// ErrExists: a match with that id already exists.
	ErrExists = errors.New("store: match id already taken")
	// ErrConflict: an appended entry's seq, or its seat's action id, is
	// already in the log (another writer won that seq), or the entries do
	// not start at the end of the log. Nothing was appended.
	ErrConflict = errors.New("store: seq or action id already taken")
)

// Seat is one player's place in a match and the hash of its token. The
// token itself is never stored.
type Seat struct {
	Name      string `json:"name"`
	TokenHash []byte `json:"tokenHash"`
	// Joined is when a seat left open at creation was taken (ClaimSeat);
	// zero for a seat taken at creation, and in matches stored before it
	// was kept.
	Joined time.Time `json:"joined,omitzero"`
	// Bot names the computer player that plays the seat ("greedy"), ""
	// for a person: a bot's seat has the hash of a token nobody was
	// given.
	Bot string `json:"bot,omitempty"`
}

// Match is the setup of a match: everything that, with the log, fixes its
// state.
type Match struct {
	ID      string
	Ruleset string
	// Scenario is the scenario's YAML text, as uploaded or bundled.
	Scenario []byte
	// ScenarioName is the bundled scenario's name, or "" for an upload.
	ScenarioName string
	// Rulings are the rulings the creator chose over the scenario's.
	Rulings map[string]string
	// Seed is the secret the dice are derived from; Commitment is what was
	// published of it when the match was created.
	Seed       []byte
	Commitment string
	Seats      []Seat
	Created    time.Time
	// Clock is the match's time control as the authority encodes it, ""
	// for none.
	Clock string
	// Status is where the match stands, for the lobby: StatusOpen while a
	// seat waits for a player (its TokenHash empty), StatusArmies while
	// every seat has its player but not every army list is in (a mission
	// match), StatusPlaying, then StatusOver.
	Status string
}

// The statuses of a match (Match.Status).
const (
	StatusOpen    = "open"
	StatusArmies  = "armies"
	StatusPlaying = "playing"
	StatusOver    = "over"
)

// Listed is a match as the lobby lists it: its setup's public part.
type Listed struct {
	ID           string
	Ruleset      string
	ScenarioName string
	Seats        []string
	Open         []string // the seats waiting for a player
	Status       string
	Created      time.Time
	Updated      time.Time
	// SetupHead is the first SetupHeadBytes of the match's setup text,
	// for the authority to tell the lobby what kind of setup it is (a
	// mission match waiting for its army lists); never for a client.
	SetupHead []byte
}

// SetupHeadBytes is how much of a match's setup List reads.
const SetupHeadBytes = 96

// Entry is one line of a match log.
type Entry struct {
	Seq  int
	Seat string
	// ActionID is the id the client chose for the action, unique per seat
	// within a match; "" for entries the authority adds (chance steps).
	ActionID string
	// Action is the action as the seat sent it, in its flat JSON form.
	Action json.RawMessage
	// Dice are every die the action took, in order.
	Dice []int
	Time time.Time
	// Views holds what each viewer may see of the entry (the redacted
	// action and events), computed by the authority when it applied the
	// action. The store keeps it as it is given.
	Views json.RawMessage
}

// ChatMessage is one line of a match's chat: table talk, kept with the
// match but apart from its log (a message is no move and never changes
// the match's seq).
type ChatMessage struct {
	// N is the message's place in its channel, from 0.
	N int `json:"n"`
	// Channel is "seats" (the players') or "spectators".
	Channel string `json:"channel"`
	// Seat wrote it; "" for a spectator.
	Seat string `json:"seat,omitempty"`
	// Seq is the match's seq when it was written, for replays.
	Seq  int       `json:"seq"`
	Time time.Time `json:"time"`
	Text string    `json:"text"`
}

// Limits on what a backend must be able to hold; the authority checks them
// before it appends.
const (
	MaxActionIDLen = 64
)

// Store is a backend. Every method is safe for concurrent use.
type Store interface {
	// CreateMatch stores a new match with an empty log; ErrExists if the id
	// is taken.
	CreateMatch(ctx context.Context, m *Match) error
	// Match reads a match's setup; ErrNotFound if there is none.
	Match(ctx context.Context, id string) (*Match, error)
	// Append adds entries to the end of a match's log, all or none, in one
	// transaction: when it returns nil they are committed. The first
	// entry's Seq must be the log's length and the rest must follow;
	// otherwise, or if a seat's ActionID is already in the log, it returns
	// ErrConflict and appends nothing. ErrNotFound if there is no such
	// match.
	Append(ctx context.Context, matchID string, entries []Entry) error
	// Entries reads the log from seq from on, in order (empty when from is
	// at or past its end).
	Entries(ctx context.Context, matchID string, from int) ([]Entry, error)
	// AddChat appends m to its channel of match matchID: m.N must be the
	// channel's length, else ErrConflict and nothing is added;
	// ErrNotFound if there is no such match.
	AddChat(ctx context.Context, matchID string, m ChatMessage) error
	// Chat reads a channel's messages from n on, in order.
	Chat(ctx context.Context, matchID, channel string, from int) ([]ChatMessage, error)
	// ClaimSeat gives an open seat of match matchID (its TokenHash empty)
	// the hash of its new token and its Joined time at, and the match
	// status; ErrConflict if the
	// seat is not open (taken already, or no such seat), ErrNotFound if
	// there is no such match.
	ClaimSeat(ctx context.Context, matchID, seat string, tokenHash []byte, status string, at time.Time) error
	// SetStatus sets the match's status, as of at.
	SetStatus(ctx context.Context, matchID, status string, at time.Time) error
	// SetScenario replaces the setup text of a match whose log is still
	// empty, if it is still old: a match from a mission whose seats send
	// their army lists after it was created. The match's updated time
	// becomes at: a list sent is something done to the match (retention,
	// Stale.Last; the lobby's order). ErrConflict if the text is no
	// longer old or the log has an entry (nothing is changed),
	// ErrNotFound if there is no such match.
	SetScenario(ctx context.Context, matchID string, old, new []byte, at time.Time) error
	// List lists up to limit matches of a status, the most recently
	// updated first.
	List(ctx context.Context, status string, limit int) ([]Listed, error)
	// Clocked lists the ids of up to limit matches in play (StatusPlaying)
	// with a time control, the most recently updated first: those whose
	// clocks may run out with nobody asking for them, which a server
	// looks at when it starts.
	Clocked(ctx context.Context, limit int) ([]string, error)
	// SetWebhook sets a seat's webhook in match matchID, or removes it
	// when url is ""; ErrNotFound if there is no such match.
	SetWebhook(ctx context.Context, matchID, seat, url string) error
	// Webhooks reads a match's webhooks, by seat.
	Webhooks(ctx context.Context, matchID string) (map[string]string, error)
	// Prune offers drop every match nothing has happened to since before
	// (created, a seat taken, its status set, an entry appended: Stale)
	// and deletes, with their logs, chat and webhooks, those drop says
	// to, in one transaction; it returns their ids. A match being
	// appended to is not deleted. What goes is the caller's policy
	// (match.Authority.Prune).
	Prune(ctx context.Context, before time.Time, drop func(Stale) bool) ([]string, error)
	// Close releases the backend.
	Close() error
}

// Stale is a match nothing has happened to since a cutoff, as Prune
// offers it to be judged.
type Stale struct {
	ID     string
	Status string
	// Clock is the match's time control as stored (Match.Clock).
	Clock string
	// Last is when anything last happened to the match: the latest of
	// its creation, its last status change (a seat taken, the game
	// over), its last setup change (an army list sent) and its last
	// entry.
	Last time.Time
	// Entries is the length of its log.
	Entries int
}

// StaleColumns are the columns ScanStale reads, in its order, for a
// query over matches m; the caller binds the cutoff wherever
// StaleWhere's placeholder stands.
const StaleColumns = `m.id, m.status, m.clock, m.created, m.updated,
	COALESCE((SELECT e.seq + 1 FROM entries e WHERE e.match_id = m.id ORDER BY e.seq DESC LIMIT 1), 0),
	COALESCE((SELECT e.time FROM entries e WHERE e.match_id = m.id ORDER BY e.seq DESC LIMIT 1), 0)`

// ScanStale reads the rows of a query selecting StaleColumns.
func ScanStale(rows Rows) ([]Stale, error) {
	var out []Stale
	for rows.Next() {
		var m Stale
		var created, updated, last int64
		if err := rows.Scan(&m.ID, &m.Status, &m.Clock, &created, &updated, &m.Entries, &last); err != nil {
			return nil, err
		}
		m.Last = time.Unix(0, max(created, updated, last)).UTC()
		out = append(out, m)
	}
	return out, rows.Err()
}

// Notice says that a match's log grew to Len entries. A Notice without a
// MatchID says that the listener has just started listening (again):
// appends made before it may have been missed, and whoever holds matches
// should read the store for them.
type Notice struct {
	MatchID string
	Len     int
	// Chat says that the match's chat grew (and Len is 0).
	Chat bool
	// Hooks says that the match's webhooks changed (and Len is 0).
	Hooks bool
	// Seats says that a seat of the match was taken (and Len is 0).
	Seats bool
	// Setup says that the match's setup was replaced (SetScenario: a
	// seat's army list came in), and Len is 0.
	Setup bool
}

// Notifier is implemented by backends that several servers share: it
// reports the appends of every server, its own included, so that each can
// bring its live matches and their WebSocket clients up to date.
type Notifier interface {
	// Listen calls f with a Notice without a MatchID once it listens, then
	// for every append, until ctx ends; it returns when ctx ends or the
	// connection fails.
	Listen(ctx context.Context, f func(Notice)) error
}

// Rows is what both backends' query results offer (database/sql's *Rows,
// pgx's Rows): enough to read entries with ScanEntries.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// EntryColumns are the columns ScanEntries reads, in its order.
const EntryColumns = "seq, seat, action_id, action, dice, time, views"

// ChatColumns are the columns ScanChat reads, in its order.
const ChatColumns = "n, seat, seq, time, text"

// ScanChat reads the rows of a query selecting ChatColumns of one
// channel's messages.
func ScanChat(rows Rows, channel string) ([]ChatMessage, error) {
	var out []ChatMessage
	for rows.Next() {
		m := ChatMessage{Channel: channel}
		var t int64
		if err := rows.Scan(&m.N, &m.Seat, &m.Seq, &t, &m.Text); err != nil {
			return nil, err
		}
		m.Time = time.Unix(0, t).UTC()
		out = append(out, m)
	}
	return out, rows.Err()
}

// ListColumns are the columns ScanList reads, in its order.
const ListColumns = "id, ruleset, scenario_name, seats, status, created, updated, substr(scenario, 1, 96)"

// ScanIDs reads the rows of a query selecting one column, the match id.
func ScanIDs(rows Rows) ([]string, error) {
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// ScanList reads the rows of a query selecting ListColumns.
func ScanList(rows Rows) ([]Listed, error) {
	out := []Listed{}
	for rows.Next() {
		var l Listed
		var seats string
		var created, updated int64
		if err := rows.Scan(&l.ID, &l.Ruleset, &l.ScenarioName, &seats, &l.Status, &created, &updated, &l.SetupHead); err != nil {
			return nil, err
		}
		var ss []Seat
		if err := json.Unmarshal([]byte(seats), &ss); err != nil {
			return nil, fmt.Errorf("match %s: seats: %w", l.ID, err)
		}
		for _, s := range ss {
			l.Seats = append(l.Seats, s.Name)
			if len(s.TokenHash) == 0 {
				l.Open = append(l.Open, s.Name)
			}
		}
		l.Created, l.Updated = time.Unix(0, created).UTC(), time.Unix(0, updated).UTC()
		out = append(out, l)
	}
	return out, rows.Err()
}

// ClaimSeats sets seat's hash in seats, taken at at, if it is open: ok
// false if there is no such open seat.
func ClaimSeats(seats []Seat, seat string, hash []byte, at time.Time) bool {
	for i := range seats {
		if seats[i].Name == seat && len(seats[i].TokenHash) == 0 {
			seats[i].TokenHash, seats[i].Joined = hash, at.UTC()
			return true
		}
	}
	return false
}

// ScanWebhooks reads the rows of a query selecting seat and url.
func ScanWebhooks(rows Rows) (map[string]string, error) {
	out := map[string]string{}
	for rows.Next() {
		var seat, url string
		if err := rows.Scan(&seat, &url); err != nil {
			return nil, err
		}
		out[seat] = url
	}
	return out, rows.Err()
}

// ScanEntries reads the rows of a query selecting EntryColumns of one
// match's entries; backend names the store in errors.
func ScanEntries(rows Rows, backend, matchID string) ([]Entry, error) {
	var out []Entry
	for rows.Next() {
		var e Entry
		var action, dice, views string
		var t int64
		if err := rows.Scan(&e.Seq, &e.Seat, &e.ActionID, &action, &dice, &t, &views); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(dice), &e.Dice); err != nil {
			return nil, fmt.Errorf("%s: match %s entry %d: dice: %w", backend, matchID, e.Seq, err)
		}
		e.Action, e.Views, e.Time = json.RawMessage(action), json.RawMessage(views), time.Unix(0, t).UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}
