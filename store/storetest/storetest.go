// Package storetest is the conformance suite every store.Store backend
// passes: setups round-trip, the log is append-only and gap-free, exactly
// one of two writers racing for a seq wins, a seat's action id is taken
// once, and a refused append leaves the log as it was.
package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/store"
)

// Run runs the suite. open returns an empty store (or one whose matches do
// not collide with the ids the suite makes: it prefixes them with prefix).
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	ctx := context.Background()
	n := 0
	newMatch := func(t *testing.T, s store.Store) *store.Match {
		t.Helper()
		n++
		m := &store.Match{
			ID:           fmt.Sprintf("m%d-%d", time.Now().UnixNano(), n),
			Ruleset:      "infinity-n4",
			Scenario:     []byte("name: x\n"),
			ScenarioName: "duel",
			Rulings:      map[string]string{"criticals": "n3-auto-wound"},
			Seed:         bytes.Repeat([]byte{7}, 32),
			Commitment:   "abc",
			Seats:        []store.Seat{{Name: "blue", TokenHash: []byte{1, 2}}, {Name: "red", TokenHash: []byte{3, 4}, Bot: "greedy"}},
			Created:      time.Unix(1700000000, 123).UTC(),
			Status:       store.StatusPlaying,
		}
		if err := s.CreateMatch(ctx, m); err != nil {
			t.Fatalf("CreateMatch: %v", err)
		}
		return m
	}
	entry := func(seq int, seat, id string) store.Entry {
		return store.Entry{
			Seq: seq, Seat: seat, ActionID: id,
			Action: json.RawMessage(fmt.Sprintf(`{"kind":"k","n":%d}`, seq)),
			Dice:   []int{seq%20 + 1, 3},
			Time:   time.Unix(1700000000+int64(seq), 0).UTC(),
			Views:  json.RawMessage(`{"blue":{"events":[]}}`),
		}
	}
	mustEntries := func(t *testing.T, s store.Store, id string, from int) []store.Entry {
		t.Helper()
		got, err := s.Entries(ctx, id, from)
		if err != nil {
			t.Fatalf("Entries(%d): %v", from, err)
		}
		return got
	}

	t.Run("setup round trip", func(t *testing.T) {
		s := open(t)
		m := newMatch(t, s)
		got, err := s.Match(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, m) {
			t.Fatalf("read back %+v\nwant %+v", got, m)
		}
		if _, err := s.Match(ctx, "no-such-match"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown match: %v, want ErrNotFound", err)
		}
		if err := s.CreateMatch(ctx, m); !errors.Is(err, store.ErrExists) {
			t.Fatalf("same id twice: %v, want ErrExists", err)
		}
	})

	t.Run("append and read", func(t *testing.T) {
		s := open(t)
		m := newMatch(t, s)
		if got := mustEntries(t, s, m.ID, 0); len(got) != 0 {
			t.Fatalf("new match has %d entries", len(got))
		}
		want := []store.Entry{entry(0, "blue", "a1"), entry(1, "chance", "")}
		if err := s.Append(ctx, m.ID, want); err != nil {
			t.Fatal(err)
		}
		want = append(want, entry(2, "red", "a1")) // another seat may reuse an id
		if err := s.Append(ctx, m.ID, want[2:]); err != nil {
			t.Fatal(err)
		}
		for from := 0; from <= 4; from++ {
			got := mustEntries(t, s, m.ID, from)
			w := want[min(from, len(want)):]
			if len(got) != len(w) {
				t.Fatalf("from %d: %d entries, want %d", from, len(got), len(w))
			}
			for i := range w {
				if !reflect.DeepEqual(got[i], w[i]) {
					t.Fatalf("from %d entry %d: %+v\nwant %+v", from, i, got[i], w[i])
				}
			}
		}
		if err := s.Append(ctx, "no-such-match", []store.Entry{entry(0, "blue", "x")}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("append to unknown match: %v, want ErrNotFound", err)
		}
	})

	t.Run("conflicts append nothing", func(t *testing.T) {
		s := open(t)
		m := newMatch(t, s)
		if err := s.Append(ctx, m.ID, []store.Entry{entry(0, "blue", "a"), entry(1, "chance", "")}); err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name    string
			entries []store.Entry
		}{
			{"seq taken", []store.Entry{entry(1, "red", "b")}},
			{"gap", []store.Entry{entry(3, "red", "b")}},
			{"action id taken by the seat", []store.Entry{entry(2, "blue", "a")}},
			{"batch whose second entry collides", []store.Entry{entry(2, "red", "b"), entry(3, "blue", "a")}},
			{"batch not in order", []store.Entry{entry(2, "red", "b"), entry(2, "chance", "")}},
		}
		for _, c := range cases {
			if err := s.Append(ctx, m.ID, c.entries); !errors.Is(err, store.ErrConflict) {
				t.Errorf("%s: %v, want ErrConflict", c.name, err)
			}
			if got := mustEntries(t, s, m.ID, 0); len(got) != 2 {
				t.Fatalf("%s: the log has %d entries after a refused append, want 2", c.name, len(got))
			}
		}
	})

	t.Run("racing writers: one wins each seq", func(t *testing.T) {
		s := open(t)
		m := newMatch(t, s)
		const writers, rounds = 4, 10
		for seq := range rounds {
			var wg sync.WaitGroup
			wins := make([]bool, writers)
			errs := make([]error, writers)
			for w := range writers {
				wg.Go(func() {
					err := s.Append(ctx, m.ID, []store.Entry{entry(seq, "blue", fmt.Sprintf("w%d-%d", w, seq))})
					wins[w] = err == nil
					if err != nil && !errors.Is(err, store.ErrConflict) {
						errs[w] = err
					}
				})
			}
			wg.Wait()
			if err := errors.Join(errs...); err != nil {
				t.Fatalf("seq %d: %v", seq, err)
			}
			won := 0
			for _, w := range wins {
				if w {
					won++
				}
			}
			if won != 1 {
				t.Fatalf("seq %d: %d writers won, want exactly 1", seq, won)
			}
		}
		if got := mustEntries(t, s, m.ID, 0); len(got) != rounds {
			t.Fatalf("%d entries, want %d", len(got), rounds)
		}
	})

	// Chat: messages are added in order to each channel apart, N must be
	// the channel's length (a second writer of the same N loses), a match
	// that does not exist has none, and Chat reads them back as written.
	t.Run("chat", func(t *testing.T) {
		s := open(t)
		m := newMatch(t, s)
		msg := func(channel string, n int, seat, text string) store.ChatMessage {
			return store.ChatMessage{N: n, Channel: channel, Seat: seat, Seq: 3, Time: time.Unix(1700000100, int64(n)).UTC(), Text: text}
		}
		want := []store.ChatMessage{msg("seats", 0, "red", "good luck"), msg("seats", 1, "blue", "you too\nhave fun")}
		for _, c := range want {
			if err := s.AddChat(ctx, m.ID, c); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.AddChat(ctx, m.ID, msg("spectators", 0, "", "nice")); err != nil {
			t.Fatal(err)
		}
		if err := s.AddChat(ctx, m.ID, msg("seats", 1, "red", "again")); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("a taken N: %v, want ErrConflict", err)
		}
		if err := s.AddChat(ctx, m.ID, msg("seats", 5, "red", "gap")); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("an N past the end: %v, want ErrConflict", err)
		}
		if err := s.AddChat(ctx, "no-such-match", msg("seats", 0, "red", "x")); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another match: %v, want ErrNotFound", err)
		}
		got, err := s.Chat(ctx, m.ID, "seats", 0)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("Chat: %+v %v, want %+v", got, err, want)
		}
		if got, err := s.Chat(ctx, m.ID, "seats", 1); err != nil || len(got) != 1 || got[0].Text != want[1].Text {
			t.Fatalf("Chat from 1: %+v %v", got, err)
		}
		if got, err := s.Chat(ctx, m.ID, "spectators", 0); err != nil || len(got) != 1 || got[0].Seat != "" {
			t.Fatalf("the spectators' channel: %+v %v", got, err)
		}
		ids, err := s.Prune(ctx, time.Unix(1700000000+1000, 0), func(store.Stale) bool { return true })
		if err != nil || !slices.Contains(ids, m.ID) {
			t.Fatalf("Prune: %v %v", ids, err)
		}
		if got, err := s.Chat(ctx, m.ID, "seats", 0); err != nil || len(got) != 0 {
			t.Fatalf("the pruned match's chat: %+v %v", got, err)
		}
	})

	// The lobby: a match's status is stored and listed, the most recently
	// updated first; an open seat is claimed once (a second claim, or one
	// of a seat that has its player, is ErrConflict).
	t.Run("lobby", func(t *testing.T) {
		s := open(t)
		m := newMatch(t, s)
		// A setup longer than what List reads of it: its first
		// SetupHeadBytes are listed, for the authority to read.
		setup := []byte(`{"mission":"uplink","seats":["blue","red"],` + strings.Repeat("x", 2*store.SetupHeadBytes))
		m2 := &store.Match{ID: m.ID + "-open", Ruleset: "r", Scenario: setup, Seed: []byte{1}, Status: store.StatusOpen,
			Seats: []store.Seat{{Name: "blue", TokenHash: []byte{1}}, {Name: "red"}}, Created: time.Now().UTC()}
		if err := s.CreateMatch(ctx, m2); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Match(ctx, m.ID); err != nil || got.Status != store.StatusPlaying {
			t.Fatalf("a match created without a status: %+v %v", got, err)
		}
		open, err := s.List(ctx, store.StatusOpen, 1000)
		if err != nil || !slices.ContainsFunc(open, func(l store.Listed) bool {
			return l.ID == m2.ID && slices.Equal(l.Open, []string{"red"}) && bytes.Equal(l.SetupHead, setup[:store.SetupHeadBytes])
		}) {
			t.Fatalf("List(open): %+v %v", open, err)
		}
		if err := s.ClaimSeat(ctx, m2.ID, "blue", []byte{9}, store.StatusPlaying, time.Now()); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("claiming a seat with its player: %v", err)
		}
		joined := time.Unix(1700000000, 123456789)
		if err := s.ClaimSeat(ctx, m2.ID, "red", []byte{7}, store.StatusPlaying, joined); err != nil {
			t.Fatal(err)
		}
		if err := s.ClaimSeat(ctx, m2.ID, "red", []byte{8}, store.StatusPlaying, time.Now()); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("a second claim: %v", err)
		}
		if err := s.ClaimSeat(ctx, "no-such-match", "red", []byte{8}, store.StatusPlaying, time.Now()); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another match: %v", err)
		}
		got, err := s.Match(ctx, m2.ID)
		// The seat keeps when it was taken, to the nanosecond: a match's
		// clocks start then.
		if err != nil || got.Status != store.StatusPlaying || !bytes.Equal(got.Seats[1].TokenHash, []byte{7}) || !got.Seats[1].Joined.Equal(joined) || !got.Seats[0].Joined.IsZero() {
			t.Fatalf("after the claim: %+v %v", got, err)
		}
		if err := s.SetStatus(ctx, m2.ID, store.StatusOver, time.Now()); err != nil {
			t.Fatal(err)
		}
		over, err := s.List(ctx, store.StatusOver, 1000)
		if err != nil || !slices.ContainsFunc(over, func(l store.Listed) bool { return l.ID == m2.ID && len(l.Open) == 0 }) {
			t.Fatalf("List(over): %+v %v", over, err)
		}
	})

	// Clocked lists the matches in play with a time control, which a
	// server starting looks at for clocks run out while it was down: not
	// one without a clock, nor one with a seat open, nor one over.
	t.Run("clocked", func(t *testing.T) {
		s := open(t)
		mk := func(suffix, clock, status string) string {
			m := newMatch(t, s)
			m.ID += suffix
			m.Clock, m.Status = clock, status
			if err := s.CreateMatch(ctx, m); err != nil {
				t.Fatal(err)
			}
			return m.ID
		}
		const tc = `{"initial_ns":60000000000,"increment_ns":0}`
		playing, none, open, over := mk("-clocked", tc, store.StatusPlaying), mk("-none", "", store.StatusPlaying),
			mk("-open", tc, store.StatusOpen), mk("-over", tc, store.StatusPlaying)
		if err := s.SetStatus(ctx, over, store.StatusOver, time.Now()); err != nil {
			t.Fatal(err)
		}
		ids, err := s.Clocked(ctx, 1000)
		if err != nil || !slices.Contains(ids, playing) || slices.ContainsFunc(ids, func(id string) bool { return id == none || id == open || id == over }) {
			t.Fatalf("Clocked: %v %v: want %s and none of %s, %s, %s", ids, err, playing, none, open, over)
		}
		if ids, err := s.Clocked(ctx, 0); err != nil || len(ids) != 0 {
			t.Fatalf("Clocked(limit 0): %v %v", ids, err)
		}
	})

	// A mission match's setup is completed by its seats' army lists
	// after creation: replaced only while still the text the authority
	// read and while the log is empty.
	t.Run("set scenario", func(t *testing.T) {
		s := open(t)
		m := newMatch(t, s)
		at := time.Unix(1700000000+4000, 0).UTC()
		if err := s.SetScenario(ctx, m.ID, []byte("stale"), []byte("y"), at); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("a stale old text: %v", err)
		}
		if err := s.SetScenario(ctx, m.ID, m.Scenario, []byte("name: y\n"), at); err != nil {
			t.Fatal(err)
		}
		// A list sent is something done to the match: retention sees it
		// (issue 27).
		var last time.Time
		if _, err := s.Prune(ctx, at.Add(time.Hour), func(o store.Stale) bool {
			if o.ID == m.ID {
				last = o.Last
			}
			return false
		}); err != nil || !last.Equal(at) {
			t.Fatalf("after SetScenario at %v, Prune offers the match as last changed at %v (%v)", at, last, err)
		}
		got, err := s.Match(ctx, m.ID)
		if err != nil || string(got.Scenario) != "name: y\n" {
			t.Fatalf("after SetScenario: %q %v", got.Scenario, err)
		}
		if err := s.SetScenario(ctx, m.ID, m.Scenario, []byte("z"), at); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("the text it replaced: %v", err)
		}
		if err := s.Append(ctx, m.ID, []store.Entry{entry(0, "blue", "a")}); err != nil {
			t.Fatal(err)
		}
		if err := s.SetScenario(ctx, m.ID, []byte("name: y\n"), []byte("z"), at); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("a match with a log: %v", err)
		}
		if err := s.SetScenario(ctx, "no-such-match", nil, []byte("z"), at); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("no such match: %v", err)
		}
	})

	// Retention: Prune offers the matches nothing has happened to since
	// the cutoff — not created, no seat taken, no status set, no entry
	// appended since — with what the caller needs to judge them, and
	// deletes, with their logs, those it is told to; a match with a
	// recent entry, one created after the cutoff, one whose seat was
	// taken since, and one the caller keeps, stay.
	t.Run("prune", func(t *testing.T) {
		s := open(t)
		old, active, fresh, joined, kept := newMatch(t, s), newMatch(t, s), newMatch(t, s), newMatch(t, s), newMatch(t, s)
		fresh.ID += "-fresh"
		fresh.Created = time.Unix(1700000000+5000, 0).UTC()
		if err := s.CreateMatch(ctx, fresh); err != nil {
			t.Fatal(err)
		}
		joined.ID += "-joined"
		joined.Seats = []store.Seat{{Name: "blue", TokenHash: []byte{1}}, {Name: "red"}}
		joined.Status = store.StatusOpen
		if err := s.CreateMatch(ctx, joined); err != nil {
			t.Fatal(err)
		}
		if err := s.ClaimSeat(ctx, joined.ID, "red", []byte{2}, store.StatusPlaying, time.Unix(1700000000+2000, 0)); err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, old.ID, []store.Entry{entry(0, "blue", "a"), entry(1, "red", "b")}); err != nil {
			t.Fatal(err)
		}
		late := entry(0, "blue", "a")
		late.Time = time.Unix(1700000000+3000, 0).UTC()
		if err := s.Append(ctx, active.ID, []store.Entry{late}); err != nil {
			t.Fatal(err)
		}
		offered := map[string]store.Stale{}
		ids, err := s.Prune(ctx, time.Unix(1700000000+1000, 0), func(m store.Stale) bool {
			offered[m.ID] = m
			return m.ID != kept.ID
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(ids, old.ID) || slices.ContainsFunc(ids, func(id string) bool { return id == active.ID || id == fresh.ID || id == joined.ID || id == kept.ID }) {
			t.Fatalf("pruned %v: want %s and none of %s, %s, %s, %s", ids, old.ID, active.ID, fresh.ID, joined.ID, kept.ID)
		}
		want := store.Stale{ID: old.ID, Status: store.StatusPlaying, Last: time.Unix(1700000000+1, 0).UTC(), Entries: 2}
		if got := offered[old.ID]; got != want {
			t.Fatalf("offered %+v, want %+v", got, want)
		}
		if got := offered[kept.ID]; got.Entries != 0 || !got.Last.Equal(kept.Created) {
			t.Fatalf("offered %+v for a match never played, created %v", got, kept.Created)
		}
		for _, id := range []string{active.ID, fresh.ID, joined.ID} {
			if _, ok := offered[id]; ok {
				t.Fatalf("match %s was offered: something happened to it since the cutoff", id)
			}
		}
		if _, err := s.Match(ctx, old.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the pruned match: %v, want ErrNotFound", err)
		}
		if got := mustEntries(t, s, old.ID, 0); len(got) != 0 {
			t.Fatalf("the pruned match's log keeps %d entries", len(got))
		}
		for _, id := range []string{active.ID, fresh.ID, joined.ID, kept.ID} {
			if _, err := s.Match(ctx, id); err != nil {
				t.Fatalf("match %s: %v", id, err)
			}
		}
		if got := mustEntries(t, s, active.ID, 0); len(got) != 1 {
			t.Fatalf("the active match has %d entries, want 1", len(got))
		}
	})
}
