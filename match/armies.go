package match

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/yamlfile"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
)

// A mission match may be created before its army lists are in (issue
// #24): each seat then sends its own list with its own token
// (SubmitArmy), privately, and the game starts when every list is in.
//
// Until then the match's stored setup is a mission document that names
// its seats (missionDoc.Seats) and holds the lists sent so far; its log
// is empty and its state is the pre-game (awaitingState), which shows
// every viewer only which seats have sent a list. A list may be sent
// again, replacing the seat's own, until the last one is in. The last
// list completes the document — the same bytes a create with both lists
// stores — in one conditional write (store.SetScenario), and the game is
// set up from it and starts: its opening chance steps (the Initiative
// Roll) are the log's first entries. Replay, Verify and a server started
// again set the game up from that document, as for any mission match;
// the seed was committed at creation, before any list was sent.

// MaxArmyBytes bounds a seat's army list, checked before it is parsed.
const MaxArmyBytes = 64 << 10

// MissionSeats are the seats of a mission match whose lists come after
// creation.
var MissionSeats = []string{"blue", "red"}

// WindowArmies is the pre-game prompt's window: the seats it lists have
// not sent their army lists yet.
const WindowArmies = "armies"

// Problem is one refusal of an army list, where it is in the list.
type Problem struct {
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	Field   string `json:"field,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message"`
}

// Armies is the pre-game as every viewer sees it: the mission, and which
// seats have sent their army lists (never what the lists hold).
type Armies struct {
	Mission   string              `json:"mission"`
	Awaiting  bool                `json:"awaiting"`
	Submitted map[rules.Seat]bool `json:"submitted"`
}

// ArmyCheck checks one army list as `ordo army check` does; its refusals
// are yamlfile.Errors, each at its line:col. The Library's hook for a
// ruleset that plays missions.
type ArmyCheck func(list []byte) error

// missionRuleset reads the ruleset a mission text names.
func missionRuleset(text string) string {
	var m struct {
		Ruleset string `yaml:"ruleset"`
	}
	yaml.Unmarshal([]byte(text), &m) // a bundled mission: it reads
	return m.Ruleset
}

// awaitingDoc is the stored document of a mission match still waiting
// for army lists, or nil for any other setup.
func awaitingDoc(text []byte) *missionDoc {
	if !bytes.HasPrefix(text, missionPrefix) {
		return nil
	}
	var doc missionDoc
	if json.Unmarshal(text, &doc) != nil || len(doc.Seats) == 0 {
		return nil
	}
	return &doc
}

// complete is the document with every list in, as a create with every
// list stores it.
func (d *missionDoc) complete() bool {
	for _, s := range d.Seats {
		if _, ok := d.Armies[s]; !ok {
			return false
		}
	}
	return true
}

// awaitingState is the pre-game of a mission match waiting for army
// lists: the state the authority holds for it until the game is set up.
// No action applies to it; its observation is the public Armies.
type awaitingState struct {
	doc    *missionDoc
	armies Armies
}

func newAwaiting(doc *missionDoc) *awaitingState {
	s := &awaitingState{doc: doc, armies: Armies{Mission: doc.Mission, Awaiting: true, Submitted: map[rules.Seat]bool{}}}
	for _, seat := range doc.Seats {
		_, in := doc.Armies[seat]
		s.armies.Submitted[rules.Seat(seat)] = in
	}
	return s
}

// Prompt waits for the seats whose lists are not in, all at once.
func (s *awaitingState) Prompt() rules.Prompt {
	p := rules.Prompt{Kind: rules.Simultaneous, Window: WindowArmies}
	for _, seat := range s.doc.Seats {
		if !s.armies.Submitted[rules.Seat(seat)] {
			p.Seats = append(p.Seats, rules.Seat(seat))
		}
	}
	return p
}

// Legal is empty: a list is sent with PUT /api/matches/{id}/army, not
// as an action.
func (s *awaitingState) Legal(rules.Seat) []rules.Option { return nil }

func (s *awaitingState) Apply(rules.Seat, rules.Action, dice.Source) ([]rules.Event, error) {
	return nil, rules.Errorf(rules.CodeWrongWindow, "", "the game starts when every seat's army list is in")
}

func (s *awaitingState) Observe(rules.Viewer) any {
	return struct {
		Armies Armies `json:"army_lists"`
	}{s.armies}
}

func (s *awaitingState) Redact(rules.Event, rules.Viewer) (rules.Event, bool) { return nil, false }

func (s *awaitingState) RedactAction(rules.Seat, rules.Action, rules.Viewer) (rules.Action, bool) {
	return nil, false
}

func (s *awaitingState) Clone() rules.State { return s }

// awaitingOf is the match's pre-game, or nil once the game is set up.
func (l *live) awaitingOf() *awaitingState {
	aw, _ := l.st.(*awaitingState)
	return aw
}

// clockPrompt is the prompt a match's clocks start from: nobody's runs
// before the game starts.
func clockPrompt(st rules.State) rules.Prompt {
	if _, ok := st.(*awaitingState); ok {
		return rules.Prompt{}
	}
	return st.Prompt()
}

// opening is the state a stored setup starts from: the pre-game of a
// mission match waiting for lists (rs nil), else the game's set up.
func (l *Library) opening(file string, text []byte, rulings map[string]string) (rules.Ruleset, []string, rules.State, error) {
	if doc := awaitingDoc(text); doc != nil {
		return nil, doc.Seats, newAwaiting(doc), nil
	}
	rs, sc, st, err := l.setup(file, text, rulings)
	if err != nil {
		return nil, nil, nil, err
	}
	seats := make([]string, len(sc.Sides))
	for i, s := range sc.Sides {
		seats[i] = s.Seat
	}
	return rs, seats, st, nil
}

// awaitingText is the document of a match on the bundled mission name
// whose seats (MissionSeats) send their lists after creation; armies are
// the lists given at creation (a seat's own, say), each checked. It also
// returns the mission's ruleset, whose rulings are checked.
func (l *Library) awaitingText(name string, armies map[string]string, rulings map[string]string) ([]byte, string, error) {
	if l.MissionGame == nil || l.CheckArmy == nil {
		return nil, "", errorf(CodeBadScenario, "", "this server plays no missions")
	}
	text, ok := l.Missions[name]
	if !ok {
		return nil, "", errorf(CodeBadScenario, "", "no bundled mission %q (known: %s)", name, strings.Join(slices.Sorted(maps.Keys(l.Missions)), ", "))
	}
	rsName := missionRuleset(string(text))
	g, ok := l.Games[rsName]
	if !ok {
		return nil, "", errorf(CodeBadScenario, "", "mission %s: unknown ruleset %q", name, rsName)
	}
	if _, err := rules.ResolveRulings(g.Ruleset.Rulings(), rulings); err != nil {
		return nil, "", err
	}
	for _, seat := range slices.Sorted(maps.Keys(armies)) {
		if !slices.Contains(MissionSeats, seat) {
			return nil, "", errorf(CodeBadRequest, "", "armies: a mission whose lists come after creation has the seats %s; %q is not one", strings.Join(MissionSeats, " and "), seat)
		}
		if err := l.checkArmy(rules.Seat(seat), []byte(armies[seat])); err != nil {
			return nil, "", err
		}
	}
	if armies == nil {
		armies = map[string]string{}
	}
	b, err := json.Marshal(missionDoc{Mission: name, MissionText: string(text), Armies: armies, Seats: MissionSeats})
	return b, rsName, err
}

// checkArmy checks a seat's list: bounded, then checked as `ordo army
// check` does. A refusal is CodeBadArmy with each problem at its
// line:col.
func (l *Library) checkArmy(seat rules.Seat, list []byte) error {
	if len(list) > MaxArmyBytes {
		return errorf(CodeTooLarge, "", "the army list is %d bytes; at most %d are accepted", len(list), MaxArmyBytes)
	}
	if len(bytes.TrimSpace(list)) == 0 {
		return errorf(CodeBadRequest, "", "the army list is empty: send the list's YAML text (docs/ARMIES.md)")
	}
	err := l.CheckArmy(list)
	if err == nil {
		return nil
	}
	e := &Error{Code: CodeBadArmy}
	var ye yamlfile.Errors
	var one *yamlfile.Error
	switch {
	case errors.As(err, &ye):
	case errors.As(err, &one):
		ye = yamlfile.Errors{one}
	default:
		ye = yamlfile.Errors{{Msg: oneLine(err)}}
	}
	for _, p := range ye {
		pr := Problem{Line: p.Line, Col: p.Col, Field: p.Field, Message: p.Msg}
		// A rule's refusal starts with the rule's name, "Army list and
		// Combat Groups (N4): ...".
		if i := strings.Index(p.Msg, "): "); i > 0 && strings.Contains(p.Msg[:i], " (") {
			pr.Rule = p.Msg[:i+1]
		}
		e.Problems = append(e.Problems, pr)
	}
	first := e.Problems[0]
	e.Rule = first.Rule
	where := ""
	if first.Line > 0 {
		where = fmt.Sprintf("%d:%d: ", first.Line, first.Col)
	}
	whose := "the army list"
	if seat != "" {
		whose += " of " + string(seat)
	}
	e.Message = whose + " is refused: " + where + first.Message
	if n := len(e.Problems); n > 1 {
		e.Message += " (and " + strconv.Itoa(n-1) + " more: see problems)"
	}
	return e
}

// CheckArmy checks an army list as SubmitArmy would before it is kept
// (bounded, then as `ordo army check` checks it), with no match and no
// seat: nil, or CodeBadArmy with each problem's rule and line:col. A
// page asks it before sending, so that a refusal is an answer rather
// than a failed request.
func (a *Authority) CheckArmy(list []byte) error {
	if a.lib.CheckArmy == nil {
		return errorf(CodeBadScenario, "", "this server plays no missions")
	}
	return a.lib.checkArmy("", list)
}

// SubmitArmy sends seat's army list to match id, a mission match waiting
// for its lists: checked as `ordo army check` checks it (a refusal,
// CodeBadArmy, names each problem's rule and line:col and changes
// nothing), then kept as the seat's list, replacing the one it sent
// before. The last list starts the game. It returns the pre-game as every
// viewer sees it (Awaiting false once the game has started).
//
// What the other seat and the spectators learn is only that the seat has
// a list in: the list is checked before the match is locked, so that its
// size or its problems do not show in how long their requests wait.
func (a *Authority) SubmitArmy(ctx context.Context, id string, seat rules.Seat, list []byte) (*Armies, error) {
	if len(list) > MaxArmyBytes {
		return nil, errorf(CodeTooLarge, "", "the army list is %d bytes; at most %d are accepted", len(list), MaxArmyBytes)
	}
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, err
	}
	aw := l.awaitingOf()
	l.mu.Unlock()
	if aw == nil {
		return nil, errorf(CodeArmiesClosed, "", "match %s is not waiting for army lists: its game has started", id)
	}
	if !slices.Contains(aw.doc.Seats, string(seat)) {
		return nil, errorf(CodeForbidden, "", "match %s has no seat %q", id, seat)
	}
	if err := a.lib.checkArmy(seat, list); err != nil {
		return nil, err
	}
	l, err = a.get(ctx, id)
	if err != nil {
		return nil, err
	}
	defer l.mu.Unlock()
	for try := 0; ; try++ {
		aw := l.awaitingOf()
		if aw == nil {
			return nil, errorf(CodeArmiesClosed, "", "match %s is not waiting for army lists: its game has started", id)
		}
		doc := *aw.doc
		doc.Armies = maps.Clone(doc.Armies)
		if doc.Armies == nil {
			doc.Armies = map[string]string{}
		}
		doc.Armies[string(seat)] = string(list)
		var rs rules.Ruleset
		var st rules.State
		if doc.complete() {
			doc.Seats = nil
		}
		text, err := json.Marshal(doc)
		if err != nil {
			return nil, errorf(CodeCorrupt, "", "match %s: the setup does not encode: %v", id, err)
		}
		if doc.Seats == nil {
			// The lists, each legal, set up together: a failure here is
			// the pair's, and its message may name the other seat's
			// troopers, which this seat may not learn.
			if rs, _, st, err = a.lib.setup("mission "+doc.Mission, text, l.rec.Rulings); err != nil {
				a.log.Warn("match: the army lists do not set up together", "match", id, "err", err)
				return nil, errorf(CodeBadArmy, "", "the army lists do not set up together on mission %s; send another list", doc.Mission)
			}
		}
		err = a.store.SetScenario(ctx, id, l.rec.Scenario, text, a.now().UTC())
		if errors.Is(err, store.ErrConflict) && try == 0 {
			// Another server took a list (or started the game) first.
			if err := a.refreshArmies(ctx, l); err != nil {
				return nil, err
			}
			continue
		}
		if err != nil {
			return nil, unavailable(err)
		}
		rec := *l.rec
		rec.Scenario = text
		l.grow(setupBytes(&rec) - setupBytes(l.rec))
		l.rec = &rec
		if st == nil {
			na := newAwaiting(&doc)
			l.st = na
			if !maps.Equal(na.armies.Submitted, aw.armies.Submitted) {
				// Only a new "submitted" is news: a list sent again
				// shows nobody anything.
				l.dropSnaps()
				l.broadcast()
				a.notifyAwaited(l, seat)
			}
			a.log.Info("army list in", "match", id, "seat", seat)
			out := na.armies
			return &out, nil
		}
		a.start(ctx, l, rs, st)
		a.log.Info("army lists in: the game starts", "match", id)
		out := Armies{Mission: doc.Mission, Submitted: map[rules.Seat]bool{}}
		for _, s := range l.seats() {
			out.Submitted[s] = true
		}
		return &out, nil
	}
}

// start makes the game set up from the completed lists the match's state,
// and takes its opening chance steps. Called with l.mu held.
func (a *Authority) start(ctx context.Context, l *live, rs rules.Ruleset, st rules.State) {
	l.rs, l.st = rs, st
	l.dropSnaps()
	if len(openSeats(l.rec)) == 0 && l.rec.Status != store.StatusPlaying {
		if err := a.store.SetStatus(ctx, l.id, store.StatusPlaying, a.now().UTC()); err != nil {
			a.log.Warn("match: marking the match playing", "match", l.id, "err", err)
		} else {
			rec := *l.rec
			rec.Status = store.StatusPlaying
			l.rec = &rec
		}
	}
	if st.Prompt().Kind == rules.Chance {
		if _, err := a.commit(ctx, l, nil); err != nil {
			a.log.Warn("match: opening chance steps", "match", l.id, "err", err)
		}
		return
	}
	l.broadcast()
}

// refreshArmies reads the match's setup again from the store, for a list
// another server took: the pre-game's flags, or the game set up if the
// last list is in. Called with l.mu held.
func (a *Authority) refreshArmies(ctx context.Context, l *live) error {
	rec, err := a.store.Match(ctx, l.id)
	if err != nil {
		return unavailable(err)
	}
	if bytes.Equal(rec.Scenario, l.rec.Scenario) {
		return nil
	}
	rs, _, st, err := a.lib.opening("mission", rec.Scenario, rec.Rulings)
	if err != nil {
		return errorf(CodeCorrupt, "", "match %s no longer sets up: %v", l.id, err)
	}
	cp := *l.rec
	cp.Scenario, cp.Seats, cp.Status = rec.Scenario, rec.Seats, rec.Status
	l.grow(setupBytes(&cp) - setupBytes(l.rec))
	l.rec, l.rs, l.st = &cp, rs, st
	l.dropSnaps()
	l.broadcast()
	return nil
}

// OwnArmy is the army list seat sent to match id (or was given at
// creation), as sent; false when it has none yet. Only the seat's own:
// the caller has authenticated it.
func (a *Authority) OwnArmy(ctx context.Context, id string, seat rules.Seat) ([]byte, bool, error) {
	l, err := a.get(ctx, id)
	if err != nil {
		return nil, false, err
	}
	defer l.mu.Unlock()
	if !bytes.HasPrefix(l.rec.Scenario, missionPrefix) {
		return nil, false, errorf(CodeBadRequest, "", "match %s is played from a scenario, not army lists", id)
	}
	var doc missionDoc
	if err := json.Unmarshal(l.rec.Scenario, &doc); err != nil {
		return nil, false, errorf(CodeCorrupt, "", "match %s: its setup does not read: %v", id, err)
	}
	list, ok := doc.Armies[string(seat)]
	return []byte(list), ok, nil
}

// MissionOf reads the start of a stored setup (store.Listed.SetupHead):
// the bundled mission a mission match is played on ("" for a scenario),
// and whether it still waits for army lists.
func MissionOf(head []byte) (mission string, awaiting bool) {
	if !bytes.HasPrefix(head, missionPrefix) {
		return "", false
	}
	// The head is cut short: its tokens are read until it ends.
	d := json.NewDecoder(bytes.NewReader(head))
	var toks []json.Token
	for len(toks) < 4 {
		tok, err := d.Token()
		if err != nil {
			break
		}
		toks = append(toks, tok)
	}
	if len(toks) < 3 {
		return "", false
	}
	mission, _ = toks[2].(string)
	return mission, len(toks) == 4 && toks[3] == "seats"
}
