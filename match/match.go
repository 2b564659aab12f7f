// Package match is the authority over live matches: for each match it
// serializes the actions (one lock per match), applies them through the
// ruleset, appends the entries to the store, and only then acknowledges
// them and hands them, redacted for each viewer, to whoever waits.
//
// A match is its setup (scenario, rulings, seed commitment) plus an
// append-only log; its live state is the fold of that log, rebuilt by
// replay the first time a match is asked for after a start. Every entry
// rolls its dice from a generator keyed by the secret seed and the entry's
// seq (Dice), so anyone given the seed after the game can re-derive every
// die (Verify).
//
// Several servers may share one store: a server whose copy of a match is
// behind reads the entries it is missing before judging a seq, the store
// lets exactly one writer have each seq, and the loser answers with the
// current seq.
package match

import (
	"container/list"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// Limits on what a client sends, checked before any work.
const (
	// MaxActionBytes bounds an action's JSON.
	MaxActionBytes = 16 << 10
	// MaxActionIDLen bounds a client's action id.
	MaxActionIDLen = store.MaxActionIDLen
	// maxChanceSteps bounds the chance steps that may follow one action: a
	// ruleset that kept asking for dice for ever would otherwise hang the
	// match.
	maxChanceSteps = 64
)

// Options configure an Authority.
type Options struct {
	Store   store.Store
	Library *Library
	Logger  *slog.Logger     // default slog.Default()
	Now     func() time.Time // default time.Now
	// NewSeed draws a match's dice seed (default: NewSeed, from
	// crypto/rand). Tests fix it to play two matches with the same dice.
	NewSeed func() []byte
	// Memory bounds the matches held in memory (see Memory); the zero
	// value takes the defaults.
	Memory Memory
	// Retain, if positive, deletes from the store the matches with no
	// action for this long, abandoned or finished, with their logs (Prune,
	// run hourly by Run): without it the store only grows.
	Retain time.Duration
}

// Authority serves every match of one store.
type Authority struct {
	store store.Store
	lib   *Library
	log   *slog.Logger
	now   func() time.Time
	seed  func() []byte

	mem    Memory
	retain time.Duration

	mu   sync.Mutex
	live map[string]*live
	// lru orders the matches in memory, the most recently asked for at
	// the front; the bound on live matches evicts from the back.
	lru   *list.List
	stats Stats
	// replays caches the replays stepped through and verified.
	replays *replays
	// waiting is the turn notices' function (OnWaiting); bots the
	// computer players' (OnBots).
	waiting waitingHook
	bots    botHook
	// deadlines are when the first running clock of each match that left
	// memory with its clocks running runs out, for Flag to load it then
	// (at most maxDeadlines of them).
	deadlines map[string]time.Time
	// bytes sums the live matches' estimated bytes (Memory.MaxBytes).
	bytes atomic.Int64
	// feeds and seatFeeds count the spectators' and the seats' feeds
	// following matches (Watch), each bounded by Memory.MaxFeeds.
	feeds, seatFeeds atomic.Int64
}

// New returns an authority over opt.Store.
func New(opt Options) *Authority {
	a := &Authority{store: opt.Store, lib: opt.Library, log: opt.Logger, now: opt.Now, seed: opt.NewSeed,
		mem: opt.Memory.withDefaults(), retain: opt.Retain, live: map[string]*live{}, lru: list.New(), replays: newReplays(),
		deadlines: map[string]time.Time{}}
	if a.seed == nil {
		a.seed = NewSeed
	}
	if a.log == nil {
		a.log = slog.Default()
	}
	if a.now == nil {
		a.now = time.Now
	}
	return a
}

// Library is what the authority plays.
func (a *Authority) Library() *Library { return a.lib }

// View is what one viewer may see of one entry: the action as sent
// (null when the viewer sees nothing of it) and the events, redacted.
type View struct {
	Action json.RawMessage   `json:"action"`
	Events []json.RawMessage `json:"events"`
}

// Views holds an entry's View for every viewer, by viewerKey.
type Views map[string]View

// viewerKey names a viewer in Views: its seat, or "spectator".
func viewerKey(v rules.Viewer) string {
	if v.Role == rules.RolePlayer {
		return "seat:" + string(v.Seat)
	}
	return string(v.Role)
}

// logged is an entry as the authority keeps it in memory.
type logged struct {
	seat     rules.Seat
	actionID string
	time     time.Time
	views    Views
	// prompt is the game's prompt after the entry (public: every
	// snapshot shows it), for the answer to the action.
	prompt rules.Prompt
	// game is set for a game action (not a table action).
	game bool
}

type seatAction struct {
	seat rules.Seat
	id   string
}

// live is one match in memory.
type live struct {
	id string
	// elem is the match's place in Authority.lru, and used when it was
	// last asked for; both guarded by Authority.mu.
	elem *list.Element
	used time.Time

	mu sync.Mutex
	// evicted is set when the match leaves memory: whoever got this
	// value from the map before then asks the map again; gone is closed
	// then (BotCall.Gone).
	evicted bool
	gone    chan struct{}
	// watchers counts the feeds (WebSockets) following the match, which
	// keep it in memory; seatFeeds those of each seat among them.
	watchers  int
	seatFeeds map[rules.Seat]int
	loaded    bool
	rec       *store.Match
	rs        rules.Ruleset
	st        rules.State
	viewers   []rules.Viewer
	// table is what the log's table actions have settled (resignation,
	// draw offers).
	table table
	// before is the state before the log's last game entry while that is
	// a seat's declaration that rolled no dice: what an accepted take-back
	// returns to (Undo by consent).
	before rules.State
	// clocks are the match's clocks, if it has a time control.
	clocks *clocks
	// hooks are the seats' webhooks (SetWebhook).
	hooks map[rules.Seat]string
	// loadTimeouts counts the defaults the last load took for seats out
	// of time (flagOut), for wake.
	loadTimeouts int
	// gen counts the changes to what the match shows that are no entry
	// of its log (its clocks starting), for the feeds (Wait).
	gen int
	// seatsRead is when the seats were last read again from the store
	// (reloadSeats), so that wrong tokens read it at most once a
	// seatsReread.
	seatsRead time.Time
	// chat holds the match's chat by channel.
	chat    map[string][]ChatMessage
	log     []logged
	actions map[seatAction]int // a seat's action id → its entry's seq
	changed chan struct{}      // closed when the log grows
	// snaps holds each viewer's encoded snapshot at the current seq
	// (SnapshotJSON), by viewerKey; emptied whenever the log grows.
	snaps map[string][]byte
	// bytes estimates what the match holds in memory (Memory.MaxBytes),
	// counted in total too.
	bytes int64
	total *atomic.Int64
}

// Created is the answer to Create: the match id, each seat's token (shown
// this once; the store keeps only hashes) and the seed commitment.
type Created struct {
	ID         string                `json:"id"`
	Seats      map[rules.Seat]Secret `json:"seats"`
	Commitment string                `json:"seed_commitment"`
	// Bots are the seats computer players play (CreateRequest.Bots).
	Bots map[rules.Seat]string `json:"bots,omitempty"`
}

// Secret is a seat's token.
type Secret struct {
	Token string `json:"token"`
	// URL is the seat's link to the web table, set by the server.
	URL string `json:"url,omitempty"`
}

// CreateRequest names the scenario of a new match: a bundled one by Name,
// or the YAML text of one in Scenario; Rulings are laid over the
// scenario's own.
type CreateRequest struct {
	Name     string
	Scenario []byte
	Rulings  map[string]string
	// Clock is the match's time control, if any.
	Clock *TimeControl
	// Open names the seats left for other players to join (Join): they
	// get no token now, and the match is listed as open until they are
	// taken. At least one seat stays the creator's.
	Open []string
	// Mission names a bundled mission, played between the Armies (each
	// seat's army list text) instead of a scenario (mission.go).
	Mission string
	Armies  map[string]string
	// Bots names the seats a computer player plays, and which (seat →
	// "greedy"): they get no token, and whoever runs the computer players
	// (OnBots) acts for them through Act. At least one seat stays the
	// creator's.
	Bots map[string]string
}

// tokenBytes is a seat token's size: 256 random bits.
const tokenBytes = 32

func randomString(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// Create sets a match up and stores it. The scenario is checked in full
// (loaded, rulings resolved, set up) before anything is stored.
func (a *Authority) Create(ctx context.Context, req CreateRequest) (*Created, error) {
	text, file := req.Scenario, "scenario"
	rsName := ""
	switch {
	case req.Mission != "" && (req.Name != "" || len(req.Scenario) > 0):
		return nil, errorf(CodeBadRequest, "", "give a mission or a scenario, not both")
	case req.Mission != "" && len(req.Armies) < 2:
		// The seats send their lists after creation (armies.go).
		var err error
		if text, rsName, err = a.lib.awaitingText(req.Mission, req.Armies, req.Rulings); err != nil {
			return nil, err
		}
		file = "mission " + req.Mission
	case req.Mission != "":
		var err error
		if text, err = a.lib.missionText(req.Mission, req.Armies); err != nil {
			return nil, err
		}
		file = "mission " + req.Mission
	case req.Name != "" && len(req.Scenario) > 0:
		return nil, errorf(CodeBadRequest, "", "give a scenario's name or its text, not both")
	case req.Name != "":
		var ok bool
		if text, ok = a.lib.Scenarios[req.Name]; !ok {
			return nil, errorf(CodeBadScenario, "", "no bundled scenario %q (GET /api/scenarios lists them)", req.Name)
		}
		file = req.Name
	case len(req.Scenario) == 0:
		return nil, errorf(CodeBadRequest, "", "no scenario: give a bundled scenario's name or a scenario's YAML text")
	}
	rs, seats, st, err := a.lib.opening(file, text, req.Rulings)
	if err != nil {
		return nil, err
	}
	if rs != nil {
		rsName = rs.Name()
	}
	// Hex, so an id never starts with "-" (a flag to a command line).
	idBytes := make([]byte, 9)
	rand.Read(idBytes)
	id := hex.EncodeToString(idBytes)
	rec := &store.Match{
		ID: id, Ruleset: rsName, Scenario: text, ScenarioName: req.Name,
		Rulings: req.Rulings, Seed: a.seed(), Created: a.now().UTC(),
	}
	if rec.Rulings == nil {
		rec.Rulings = map[string]string{}
	}
	rec.Commitment = Commitment(rec.Seed, id)
	if err := req.Clock.Check(); err != nil {
		return nil, err
	}
	rec.Clock = req.Clock.encode()
	out := &Created{ID: id, Seats: map[rules.Seat]Secret{}, Commitment: rec.Commitment}
	rec.Status = store.StatusPlaying
	if _, ok := st.(*awaitingState); ok {
		rec.Status = store.StatusArmies
	}
	for _, name := range req.Open {
		if !slices.Contains(seats, name) {
			return nil, errorf(CodeBadRequest, "", "open: the scenario has no seat %q", name)
		}
		rec.Status = store.StatusOpen
	}
	if err := checkBots(req.Bots, seats, req.Open); err != nil {
		return nil, err
	}
	if _, ok := st.(*awaitingState); ok && len(req.Bots) > 0 {
		return nil, errorf(CodeBadRequest, "", "bots: a bot sends no army list: give the mission both lists (\"armies\") to play one")
	}
	for _, seat := range seats {
		if slices.Contains(req.Open, seat) {
			rec.Seats = append(rec.Seats, store.Seat{Name: seat})
			continue
		}
		tok := randomString(tokenBytes)
		if b := req.Bots[seat]; b != "" {
			// The hash of a token nobody is given: the seat is taken,
			// and only the computer player acts for it.
			rec.Seats = append(rec.Seats, store.Seat{Name: seat, TokenHash: hashToken(tok), Bot: b})
			if out.Bots == nil {
				out.Bots = map[rules.Seat]string{}
			}
			out.Bots[rules.Seat(seat)] = b
			continue
		}
		out.Seats[rules.Seat(seat)] = Secret{Token: tok}
		rec.Seats = append(rec.Seats, store.Seat{Name: seat, TokenHash: hashToken(tok)})
	}
	if len(out.Seats) == 0 {
		return nil, errorf(CodeBadRequest, "", "open, bots: no seat is left for you; keep at least one for yourself")
	}
	if err := a.store.CreateMatch(ctx, rec); err != nil {
		return nil, unavailable(err)
	}
	// The match is live at once, from the state just set up.
	l := &live{id: id, loaded: true, rec: rec, rs: rs, st: st, actions: map[seatAction]int{}, changed: make(chan struct{}), total: &a.bytes, gone: make(chan struct{})}
	l.viewers = viewersOf(rec)
	l.grow(setupBytes(rec))
	l.clocks = newClocks(req.Clock, l.seats(), rec.Created, clockPrompt(st))
	l.startClocks()
	// Locked before it is in the map, so that it cannot leave memory
	// before its opening chance steps are taken.
	l.mu.Lock()
	a.mu.Lock()
	if a.live[id] == nil {
		a.insert(l)
	}
	a.mu.Unlock()
	if st.Prompt().Kind == rules.Chance {
		if _, err := a.commit(ctx, l, nil); err != nil {
			a.log.Warn("match: opening chance steps", "match", id, "err", err)
		}
	}
	a.notifyBots(l)
	l.mu.Unlock()
	a.log.Info("match created", "match", id, "scenario", file, "ruleset", rsName)
	return out, nil
}

func unavailable(err error) error {
	return errorf(CodeUnavailable, "", "the match store failed, nothing was changed: %v", err)
}

// get returns the match, loaded and locked; the caller unlocks l.mu. A
// match not in memory is rebuilt from the store by replaying its log.
func (a *Authority) get(ctx context.Context, id string) (*live, error) {
	for {
		a.mu.Lock()
		l := a.live[id]
		if l == nil {
			// Only pushed: the bound applies once the match has loaded,
			// so that a request for a match that does not exist never
			// sends a real one out of memory.
			l = &live{id: id, gone: make(chan struct{})}
			a.push(l)
		} else {
			a.lru.MoveToFront(l.elem)
			l.used = a.now()
		}
		a.mu.Unlock()
		l.mu.Lock()
		if l.evicted {
			// It left memory while this request waited for it.
			l.mu.Unlock()
			continue
		}
		if l.loaded {
			return l, nil
		}
		if err := a.load(ctx, l); err != nil {
			l.grow(-l.bytes)
			l.evicted = true
			l.closeGone()
			l.mu.Unlock()
			a.mu.Lock()
			if a.live[id] == l {
				a.remove(l)
			}
			a.mu.Unlock()
			return nil, err
		}
		a.mu.Lock()
		a.stats.Rebuilt++
		delete(a.deadlines, id)
		a.bound(l)
		a.mu.Unlock()
		return l, nil
	}
}

// load rebuilds a match from the store: its setup, then its log replayed.
func (a *Authority) load(ctx context.Context, l *live) error {
	rec, err := a.store.Match(ctx, l.id)
	if errors.Is(err, store.ErrNotFound) {
		return errorf(CodeNotFound, "", "no match %q", l.id)
	}
	if err != nil {
		return unavailable(err)
	}
	file := rec.ScenarioName
	if file == "" {
		file = "scenario"
	}
	rs, _, st, err := a.lib.opening(file, rec.Scenario, rec.Rulings)
	if err != nil {
		return errorf(CodeCorrupt, "", "match %s no longer sets up: %v", l.id, err)
	}
	l.rec, l.rs, l.st = rec, rs, st
	l.viewers = viewersOf(rec)
	l.table, l.before = table{}, nil
	l.chat = nil
	l.log, l.actions, l.changed = nil, map[seatAction]int{}, make(chan struct{})
	l.dropSnaps()
	l.grow(setupBytes(rec))
	tc, err := decodeTimeControl(rec.Clock)
	if err != nil {
		return errorf(CodeCorrupt, "", "match %s: clock: %v", l.id, err)
	}
	l.clocks = newClocks(tc, l.seats(), rec.Created, clockPrompt(l.st))
	l.startClocks()
	if err := a.catchUp(ctx, l); err != nil {
		return err
	}
	if err := a.catchUpChat(ctx, l); err != nil {
		return err
	}
	if err := a.loadHooks(ctx, l); err != nil {
		return err
	}
	l.loaded = true
	a.markOver(ctx, l) // a match that ended before the lobby kept statuses
	// A match whose first step is a chance step takes it at once.
	if l.st.Prompt().Kind == rules.Chance {
		if _, err := a.commit(ctx, l, nil); err != nil {
			a.log.Warn("match: opening chance steps", "match", l.id, "err", err)
		}
	}
	// A clock that ran out while no server held the match takes its
	// defaults now, from the moment it ran out.
	n, err := a.flagOut(ctx, l, a.now())
	if err != nil {
		a.log.Warn("match: a seat out of time", "match", l.id, "err", err)
	}
	l.loadTimeouts = n
	// A bot whose seat is waited for plays on (it stopped when the match
	// left memory).
	a.notifyBots(l)
	return nil
}

// viewersOf lists the viewers whose views of each entry are kept: the
// spectator and every seat.
func viewersOf(rec *store.Match) []rules.Viewer {
	vs := []rules.Viewer{rules.Spectator()}
	for _, s := range rec.Seats {
		vs = append(vs, rules.PlayerView(rules.Seat(s.Name)))
	}
	return vs
}

// catchUp applies the entries the store holds past the ones in memory,
// with their recorded dice.
func (a *Authority) catchUp(ctx context.Context, l *live) error {
	if l.awaitingOf() != nil {
		// Another server may have taken lists, or started the game.
		if err := a.refreshArmies(ctx, l); err != nil {
			return err
		}
		if l.awaitingOf() != nil {
			return nil
		}
	}
	es, err := a.store.Entries(ctx, l.id, len(l.log))
	if err != nil {
		return unavailable(err)
	}
	// The state before the last game entry is kept, for a take-back.
	last := -1
	for i, e := range es {
		if kind, _ := tableKind(e.Action); kind == "" {
			last = i
		}
	}
	for i, e := range es {
		if e.Seq != len(l.log) {
			return errorf(CodeCorrupt, "", "match %s: entry %d follows %d entries", l.id, e.Seq, len(l.log))
		}
		if err := l.replay(e, i == last); err != nil {
			return err
		}
		var views Views
		if err := json.Unmarshal(e.Views, &views); err != nil {
			return errorf(CodeCorrupt, "", "match %s entry %d: views: %v", l.id, e.Seq, err)
		}
		kind, _ := tableKind(e.Action)
		l.add(logged{seat: rules.Seat(e.Seat), actionID: e.ActionID, time: e.Time, views: views, prompt: l.prompt(), game: kind == ""})
	}
	if len(es) > 0 {
		if l.clocks != nil && !l.clocks.started && len(openSeats(l.rec)) > 0 {
			// The log grew elsewhere: the open seat may have been taken
			// there, and the clocks started.
			a.reloadSeats(ctx, l)
		}
		l.broadcast()
	}
	return nil
}

// replay applies one stored entry to the match: a table action to the
// table (an accepted take-back returns the state to before the declaration
// it undoes), a game action to the state with its recorded dice — keeping
// the state before it if keep and it is a seat's and rolls none.
func (l *live) replay(e store.Entry, keep bool) error {
	kind, err := tableKind(e.Action)
	if err == nil && kind != "" {
		err = l.table.apply(rules.Seat(e.Seat), kind, l.seats(), l.st.Prompt().Kind == rules.GameOver)
	}
	if err == nil && kind == KindAcceptUndo {
		err = l.takeBack()
	}
	if err != nil {
		return errorf(CodeCorrupt, "", "match %s entry %d (%s by %s) does not replay: %v", l.id, e.Seq, kind, e.Seat, err)
	}
	if kind != "" {
		return nil
	}
	l.before = nil
	if keep && len(e.Dice) == 0 && rules.Seat(e.Seat) != rules.ChanceSeat {
		l.before = l.st.Clone()
	}
	act, err := l.rs.DecodeAction(e.Action)
	if err != nil {
		return errorf(CodeCorrupt, "", "match %s entry %d: %v", l.id, e.Seq, err)
	}
	script, err := dice.NewScript(e.Dice...)
	if err != nil {
		return errorf(CodeCorrupt, "", "match %s entry %d: %v", l.id, e.Seq, err)
	}
	if _, err := l.st.Apply(rules.Seat(e.Seat), act, script); err != nil {
		return errorf(CodeCorrupt, "", "match %s entry %d (%s by %s) does not replay: %v", l.id, e.Seq, act.Kind(), e.Seat, err)
	}
	if n := script.Remaining(); n != 0 {
		return errorf(CodeCorrupt, "", "match %s entry %d: %d recorded dice were not used", l.id, e.Seq, n)
	}
	l.table.moved(rules.Seat(e.Seat), e.Seq, len(e.Dice) > 0)
	return nil
}

// takeBack returns the state to before the last game entry, for an
// accepted take-back.
func (l *live) takeBack() error {
	if l.before == nil {
		return fmt.Errorf("the state before the declaration taken back is not kept")
	}
	l.st, l.before = l.before, nil
	return nil
}

// startClocks starts the match's clocks once every seat has its player;
// the snapshots kept for the seq, which show the clocks, go.
func (l *live) startClocks() {
	if l.clocks == nil || l.clocks.started {
		return
	}
	if start, ok := clockStart(l.rec); ok {
		l.clocks.begin(start, l.log)
		l.dropSnaps()
		l.gen++
		l.broadcast()
	}
}

// seats are the match's seats, in the setup's order.
func (l *live) seats() []rules.Seat {
	out := make([]rules.Seat, len(l.rec.Seats))
	for i, s := range l.rec.Seats {
		out[i] = rules.Seat(s.Name)
	}
	return out
}

// prompt is who may act now: the game's prompt, or GameOver once the
// match ended at the table (its window says how).
func (l *live) prompt() rules.Prompt {
	if o := l.table.outcome; o != nil {
		return rules.Prompt{Kind: rules.GameOver, Window: o.Reason}
	}
	return l.st.Prompt()
}

// over says whether the match is over, by the rules or at the table.
func (l *live) over() bool { return l.prompt().Kind == rules.GameOver }

func (l *live) add(e logged) {
	if e.actionID != "" {
		l.actions[seatAction{e.seat, e.actionID}] = len(l.log)
	}
	l.log = append(l.log, e)
	if l.clocks != nil {
		l.clocks.add(e)
	}
	l.dropSnaps()
	l.grow(entryBytes(e))
}

func (l *live) broadcast() {
	close(l.changed)
	l.changed = make(chan struct{})
}

// step applies one action to st (which it changes) and works out every
// viewer's view of it: the action redacted on the state before it, the
// events on the state after.
func (l *live) step(st rules.State, seq int, seat rules.Seat, a rules.Action) (store.Entry, Views, error) {
	views := make(Views, len(l.viewers))
	for _, v := range l.viewers {
		var body json.RawMessage
		b, ok, err := rules.RedactActionJSON(st, seat, a, v)
		if err != nil {
			return store.Entry{}, nil, err
		}
		if ok {
			body = b
		}
		views[viewerKey(v)] = View{Action: body, Events: []json.RawMessage{}}
	}
	entry, events, err := rules.Step(st, seq, seat, a, Dice(l.rec.Seed, seq))
	if err != nil {
		return store.Entry{}, nil, err
	}
	for _, v := range l.viewers {
		vw := views[viewerKey(v)]
		for _, e := range events {
			b, ok, err := rules.RedactJSON(st, e, v)
			if err != nil {
				return store.Entry{}, nil, err
			}
			if !ok {
				continue
			}
			vw.Events = append(vw.Events, b)
		}
		views[viewerKey(v)] = vw
	}
	return store.Entry{Seq: seq, Seat: string(seat), Action: entry.Action, Dice: entry.Dice}, views, nil
}

// pending is one action to commit.
type pending struct {
	seat     rules.Seat
	actionID string
	action   rules.Action
	// table is a table action's kind (and action nil).
	table string
	// at, if set, is the entries' time instead of now: the moment a
	// seat's clock ran out, for the default taken for it (flagOut).
	at time.Time
}

// commit applies p (if any) and then every chance step that follows, on a
// copy of the state; appends them all in one transaction; and only then
// makes the copy the match's state. A refusal or a failed append leaves
// the match as it was.
func (a *Authority) commit(ctx context.Context, l *live, p *pending) ([]store.Entry, error) {
	if p != nil && p.table != "" {
		return a.commitTable(ctx, l, p)
	}
	was := l.prompt()
	prev, next := l.st, l.st.Clone()
	seq := len(l.log)
	now := a.now().UTC()
	if p != nil && !p.at.IsZero() {
		now = p.at
	}
	var entries []store.Entry
	var views []Views
	var prompts []rules.Prompt
	add := func(seat rules.Seat, id string, act rules.Action) error {
		e, v, err := l.step(next, seq+len(entries), seat, act)
		if err != nil {
			return err
		}
		body, err := encodeViews(v)
		if err != nil {
			return err
		}
		e.ActionID, e.Time, e.Views = id, now, body
		entries, views, prompts = append(entries, e), append(views, v), append(prompts, next.Prompt())
		return nil
	}
	if p != nil {
		if err := add(p.seat, p.actionID, p.action); err != nil {
			return nil, err
		}
	}
	for next.Prompt().Kind == rules.Chance {
		if len(entries) > maxChanceSteps {
			return nil, errorf(CodeCorrupt, "", "match %s: more than %d chance steps in a row", l.id, maxChanceSteps)
		}
		act, err := chanceAction(next)
		if err != nil {
			return nil, errorf(CodeCorrupt, "", "match %s: %v", l.id, err)
		}
		if err := add(rules.ChanceSeat, "", act); err != nil {
			return nil, errorf(CodeCorrupt, "", "match %s: the chance step was refused: %v", l.id, err)
		}
	}
	if len(entries) == 0 {
		return nil, nil
	}
	if err := a.store.Append(ctx, l.id, entries); err != nil {
		return nil, err
	}
	l.st, l.before = next, nil
	if p != nil && len(entries) == 1 && len(entries[0].Dice) == 0 {
		// A declaration that rolled nothing: a take-back returns here.
		l.before = prev
	}
	for _, e := range entries {
		l.table.moved(rules.Seat(e.Seat), e.Seq, len(e.Dice) > 0)
	}
	for i, e := range entries {
		l.add(logged{seat: rules.Seat(e.Seat), actionID: e.ActionID, time: e.Time, views: views[i], prompt: prompts[i], game: true})
	}
	l.broadcast()
	a.notifyWaiting(l, was)
	a.markOver(ctx, l)
	a.notifyBots(l)
	return entries, nil
}

// commitTable applies a table action: checked against the table, then
// appended as an entry every viewer sees whole (the action, no events);
// a refusal or a failed append changes nothing.
func (a *Authority) commitTable(ctx context.Context, l *live, p *pending) ([]store.Entry, error) {
	was := l.prompt()
	t := l.table
	if err := t.apply(p.seat, p.table, l.seats(), l.st.Prompt().Kind == rules.GameOver); err != nil {
		return nil, err
	}
	if p.table == KindAcceptUndo && l.before == nil {
		return nil, errorf(CodeCorrupt, "", "match %s: the state before the declaration taken back is not kept", l.id)
	}
	action, _ := json.Marshal(map[string]string{"kind": p.table})
	views := make(Views, len(l.viewers))
	for _, v := range l.viewers {
		views[viewerKey(v)] = View{Action: action, Events: []json.RawMessage{}}
	}
	body, err := encodeViews(views)
	if err != nil {
		return nil, err
	}
	e := store.Entry{Seq: len(l.log), Seat: string(p.seat), ActionID: p.actionID, Action: action, Time: a.now().UTC(), Views: body}
	if err := a.store.Append(ctx, l.id, []store.Entry{e}); err != nil {
		return nil, err
	}
	l.table = t
	if p.table == KindAcceptUndo {
		l.takeBack()
	}
	l.add(logged{seat: p.seat, actionID: p.actionID, time: e.Time, views: views, prompt: l.prompt()})
	l.broadcast()
	a.notifyWaiting(l, was)
	a.markOver(ctx, l)
	a.notifyBots(l)
	return []store.Entry{e}, nil
}

// chanceAction is the chance seat's move: the first legal option.
func chanceAction(st rules.State) (rules.Action, error) {
	for _, o := range st.Legal(rules.ChanceSeat) {
		if o.Illegal == nil {
			return o.Action, nil
		}
	}
	return nil, fmt.Errorf("the chance seat is prompted (%s) but has no legal action", st.Prompt().Window)
}

// Result is the answer to an applied action: the match's seq after it, the
// events it and the chance steps that followed it caused, as the seat that
// sent it sees them, and the prompt they led to, so that a client knows
// which seat acts next without asking for the match again.
type Result struct {
	Seq    int               `json:"seq"`
	Events []json.RawMessage `json:"events"`
	Prompt rules.Prompt      `json:"prompt"`
}

// answer builds the Result of the entry at seq for the viewer: that
// entry's events and those of the chance entries right after it.
func (l *live) answer(seq int, v rules.Viewer) *Result {
	res := &Result{Events: []json.RawMessage{}}
	i := seq
	for ; i < len(l.log); i++ {
		if i > seq && (l.log[i].seat != rules.ChanceSeat || l.log[i].actionID != "") {
			break
		}
		res.Events = append(res.Events, l.log[i].views[viewerKey(v)].Events...)
	}
	res.Seq = i
	res.Prompt = l.log[i-1].prompt
	return res
}

// Act applies one action of seat to match id. seq is the match's seq as
// the client last saw it and actionID the client's id for the action: an
// id the seat already used is answered as it was the first time, without
// applying anything. A stale seq is an *Error with CodeStale and the
// current seq; a refused action is the *rules.RuleError, and the match is
// unchanged.
func (a *Authority) Act(ctx context.Context, id string, seat rules.Seat, seq int, actionID string, action json.RawMessage) (*Result, error) {
	if err := checkActionID(actionID); err != nil {
		return nil, err
	}
	if len(action) > MaxActionBytes {
		return nil, errorf(CodeTooLarge, "", "the action is %d bytes; at most %d are accepted", len(action), MaxActionBytes)
	}
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	if l.awaitingOf() != nil {
		return nil, errorf(CodeAwaitingArmies, "", "match %s: the game starts when every seat's army list is in (PUT /api/matches/%s/army)", id, id)
	}
	v := rules.PlayerView(seat)
	if s, ok := l.actions[seatAction{seat, actionID}]; ok {
		return l.answer(s, v), nil
	}
	if seq != len(l.log) {
		// Another server may have moved the match on.
		if err := a.catchUp(ctx, l); err != nil {
			return nil, err
		}
		if s, ok := l.actions[seatAction{seat, actionID}]; ok {
			return l.answer(s, v), nil
		}
		if seq != len(l.log) {
			return nil, l.stale(seq)
		}
	}
	p := &pending{seat: seat, actionID: actionID}
	if p.table, err = tableKind(action); err != nil {
		return nil, err
	}
	if p.table == "" {
		if o := l.table.outcome; o != nil {
			return nil, rules.Errorf(rules.CodeGameOver, "", "the match is over (%s): nobody may act", o.Reason)
		}
		act, err := l.rs.DecodeAction(action)
		if err != nil {
			return nil, err
		}
		if err := CheckShape(action, act, "action"); err != nil {
			return nil, err
		}
		p.action = act
	}
	entries, err := a.commit(ctx, l, p)
	if errors.Is(err, store.ErrConflict) {
		// Another writer took this seq first, perhaps with this very
		// action (a retry that reached another server).
		if err := a.catchUp(ctx, l); err != nil {
			return nil, err
		}
		if s, ok := l.actions[seatAction{seat, actionID}]; ok {
			return l.answer(s, v), nil
		}
		return nil, l.stale(seq)
	}
	if _, ok := rules.AsRuleError(err); ok {
		return nil, err
	}
	var me *Error
	if errors.As(err, &me) {
		return nil, err
	}
	if err != nil {
		return nil, unavailable(err)
	}
	if a.overBytes() {
		a.mu.Lock()
		a.bound(l)
		a.mu.Unlock()
	}
	return l.answer(entries[0].Seq, v), nil
}

func (l *live) stale(sent int) *Error {
	n := len(l.log)
	e := errorf(CodeStale, "", "seq %d is not the match's seq %d: read the log from %d and send again", sent, n, min(max(sent, 0), n))
	e.Seq = &n
	return e
}

func checkActionID(id string) error {
	if id == "" {
		return errorf(CodeBadRequest, "", "id: an action needs a client-chosen id (1 to %d printable ASCII characters)", MaxActionIDLen)
	}
	if len(id) > MaxActionIDLen {
		return errorf(CodeTooLarge, "", "id: %d characters; at most %d", len(id), MaxActionIDLen)
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 0x21 || id[i] > 0x7e {
			return errorf(CodeBadRequest, "", "id: byte %d is not printable ASCII", i)
		}
	}
	return nil
}

// Authenticate returns the seat whose token this is, in match id. A token
// of no seat is CodeForbidden.
func (a *Authority) Authenticate(ctx context.Context, id, token string) (rules.Seat, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return "", err
	}
	defer l.mu.Unlock()
	h := hashToken(token)
	var seat rules.Seat
	for _, s := range l.rec.Seats {
		if subtle.ConstantTimeCompare(h, s.TokenHash) == 1 {
			seat = rules.Seat(s.Name)
		}
	}
	if seat == "" && len(openSeats(l.rec)) > 0 && a.now().Sub(l.seatsRead) >= seatsReread {
		// A seat open here may have been taken on another server.
		a.reloadSeats(ctx, l)
		for _, s := range l.rec.Seats {
			if subtle.ConstantTimeCompare(h, s.TokenHash) == 1 {
				seat = rules.Seat(s.Name)
			}
		}
	}
	if seat == "" {
		return "", errorf(CodeForbidden, "", "the token is not a seat's token in match %s", id)
	}
	return seat, nil
}

// MenuItem is one entry of a seat's menu: an action it could send and,
// when greyed out, the rule that forbids it now.
type MenuItem struct {
	Action  json.RawMessage  `json:"action"`
	Illegal *rules.RuleError `json:"illegal,omitempty"`
}

// Snapshot is a viewer's view of a match now.
type Snapshot struct {
	ID     string       `json:"id"`
	Seq    int          `json:"seq"`
	Viewer rules.Viewer `json:"viewer"`
	Prompt rules.Prompt `json:"prompt"`
	Over   bool         `json:"over"`
	// Outcome says how the match ended at the table (a resignation, an
	// agreed draw); DrawOffer is the seat whose draw offer is open.
	Outcome     *Outcome        `json:"outcome,omitempty"`
	DrawOffer   rules.Seat      `json:"draw_offer,omitempty"`
	Clock       *Clock          `json:"clock,omitempty"`
	Commitment  string          `json:"seed_commitment"`
	Observation json.RawMessage `json:"observation"`
	// Menu is the seat's menu (a player's view only): empty unless the
	// prompt waits for the seat.
	Menu []MenuItem `json:"menu,omitempty"`
	// Table lists the table actions the seat may send now, whoever the
	// prompt waits for (a player's view only).
	Table []string `json:"table,omitempty"`
	// Armies is the pre-game of a mission match waiting for its seats'
	// army lists: which seats have sent theirs (armies.go).
	Armies *Armies `json:"army_lists,omitempty"`
	// Gen counts the changes to the match outside its log up to this
	// snapshot (its clocks starting), for Wait.
	Gen int `json:"-"`
}

// Snapshot is the match as v sees it: the observation, the prompt, the
// seq and, for a player, its menu.
func (a *Authority) Snapshot(ctx context.Context, id string, v rules.Viewer) (*Snapshot, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	return l.snapshot(v, MenuAll)
}

func (l *live) snapshot(v rules.Viewer, menu Menu) (*Snapshot, error) {
	obs, err := json.Marshal(l.st.Observe(v))
	if err != nil {
		return nil, errorf(CodeCorrupt, "", "match %s: the observation does not encode: %v", l.id, err)
	}
	p := l.prompt()
	s := &Snapshot{ID: l.id, Seq: len(l.log), Viewer: v, Prompt: p, Over: p.Kind == rules.GameOver, Outcome: l.table.outcome,
		DrawOffer: l.table.offer, Clock: l.clocks.view(), Commitment: l.rec.Commitment, Observation: obs, Gen: l.gen}
	if aw := l.awaitingOf(); aw != nil {
		s.Armies = &aw.armies
		if v.Role == rules.RolePlayer {
			s.Menu = []MenuItem{}
		}
		return s, nil
	}
	if v.Role == rules.RolePlayer {
		s.Table = l.table.options(v.Seat, l.st.Prompt().Kind == rules.GameOver)
		s.Menu = []MenuItem{}
		if !p.Waits(v.Seat) {
			// A seat that is not prompted has nothing to send. Its menu
			// stays empty rather than greyed: a ruleset's greyed entries
			// are the prompted seat's candidates (the opponent's troopers
			// and what they could do), which are not this seat's to see.
			return s, nil
		}
		for _, o := range l.st.Legal(v.Seat) {
			if menu == MenuLegal && o.Illegal != nil {
				continue
			}
			b, err := rules.Encode(o.Action)
			if err != nil {
				return nil, errorf(CodeCorrupt, "", "match %s: a menu action does not encode: %v", l.id, err)
			}
			s.Menu = append(s.Menu, MenuItem{Action: b, Illegal: o.Illegal})
		}
	}
	return s, nil
}

// LogEntry is one entry of the log as a viewer sees it.
type LogEntry struct {
	Seq  int        `json:"seq"`
	Seat rules.Seat `json:"seat"`
	Time time.Time  `json:"time"`
	// Timeout marks an action the authority took for a seat out of time.
	Timeout bool              `json:"timeout,omitempty"`
	Action  json.RawMessage   `json:"action"`
	Events  []json.RawMessage `json:"events"`
}

// MaxLogPage bounds the entries one Log call returns.
const MaxLogPage = 1000

// Log returns up to MaxLogPage entries from seq from on, as v sees them,
// and the match's seq.
func (a *Authority) Log(ctx context.Context, id string, v rules.Viewer, from int) ([]LogEntry, int, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	defer l.mu.Unlock()
	return l.entries(v, from, MaxLogPage), len(l.log), nil
}

func (l *live) entries(v rules.Viewer, from, limit int) []LogEntry {
	from = min(max(from, 0), len(l.log))
	end := min(len(l.log), from+limit)
	out := make([]LogEntry, 0, end-from)
	key := viewerKey(v)
	for i := from; i < end; i++ {
		e := l.log[i]
		vw := e.views[key]
		out = append(out, LogEntry{Seq: i, Seat: e.seat, Time: e.time, Timeout: strings.HasPrefix(e.actionID, timeoutID), Action: vw.Action, Events: vw.Events})
	}
	return out
}

// Update is what a waiting client receives: the entries past the ones it
// had, and the snapshot they lead to.
type Update struct {
	Entries []LogEntry
	// Chat are the messages of the viewer's chat channel past the ones it
	// had.
	Chat []ChatMessage
	// Snapshot is the viewer's snapshot as SnapshotJSON encodes it (with
	// the whole menu): the bytes kept for the seq, shared by every feed
	// of the viewer; the caller must not change them.
	Snapshot json.RawMessage
	// Gen is the match's Snapshot.Gen.
	Gen int
}

// Wait returns the entries from seq from on as v sees them, with the
// snapshot after them, the messages of v's chat channel from chatFrom
// on, and a channel closed when more of either arrive. The snapshot
// comes without entries too when the match changed outside its log (its
// clocks started) since gen, the Gen of the caller's last snapshot. With
// nothing new it returns an empty update and the channel to wait on.
func (a *Authority) Wait(ctx context.Context, id string, v rules.Viewer, from, chatFrom, gen int) (*Update, <-chan struct{}, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	defer l.mu.Unlock()
	u := &Update{Entries: l.entries(v, from, MaxLogPage), Chat: l.chatFrom(channelOf(v), chatFrom, MaxLogPage), Gen: l.gen}
	if len(u.Entries) > 0 || gen != l.gen || l.awaitingOf() != nil {
		// Before the game, a seat's list coming in changes the
		// snapshot but adds no entry: it is sent every time, and the
		// feed passes it on when it differs from the last it sent.
		if u.Snapshot, err = l.snapshotJSON(v, MenuAll); err != nil {
			return nil, nil, err
		}
	}
	return u, l.changed, nil
}

// Notify brings a match held in memory up to date with a log that grew
// elsewhere (another server on the same store); a Notice without a match
// (the store's listener has just started again) brings every match in
// memory up to date.
func (a *Authority) Notify(ctx context.Context, n store.Notice) {
	if n.MatchID == "" {
		a.catchUpAll(ctx)
		return
	}
	a.mu.Lock()
	l := a.live[n.MatchID]
	a.mu.Unlock()
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.evicted || !l.loaded {
		return
	}
	if n.Chat {
		if err := a.catchUpChat(ctx, l); err != nil {
			a.log.Warn("match: catching up the chat", "match", n.MatchID, "err", err)
		}
		return
	}
	if n.Seats {
		// A seat taken on another server: this one's clocks start too.
		if len(openSeats(l.rec)) > 0 {
			a.reloadSeats(ctx, l)
		}
		return
	}
	if n.Setup {
		// A seat's army list taken on another server (armies.go).
		if l.awaitingOf() != nil {
			if err := a.catchUp(ctx, l); err != nil {
				a.log.Warn("match: reading the army lists", "match", n.MatchID, "err", err)
			}
		}
		return
	}
	if n.Hooks {
		// A seat set its webhook on another server: this one may be
		// the one that turns the game to it.
		if err := a.loadHooks(ctx, l); err != nil {
			a.log.Warn("match: reading the webhooks", "match", n.MatchID, "err", err)
		}
		return
	}
	if len(l.log) >= n.Len {
		return
	}
	if err := a.catchUp(ctx, l); err != nil {
		a.log.Warn("match: catching up", "match", n.MatchID, "err", err)
	}
}

// Seed returns the match's seed, in hex, once the game is over.
func (a *Authority) Seed(ctx context.Context, id string) (string, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return "", err
	}
	defer l.mu.Unlock()
	if !l.over() {
		return "", errorf(CodeNotOver, "", "the seed of match %s is published when the game is over", id)
	}
	return hex.EncodeToString(l.rec.Seed), nil
}
