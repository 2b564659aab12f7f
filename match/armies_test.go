package match_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/internal/cli"
	"github.com/ordo-rules/ordo/match"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/store"
	"github.com/ordo-rules/ordo/store/sqlite"
	"pgregory.net/rapid"
)

// missionAuthority is an authority playing the bundled missions over st,
// with a fixed seed and clock.
func missionAuthority(t testing.TB, st store.Store, now *time.Time) *match.Authority {
	t.Helper()
	lib, err := cli.Library()
	if err != nil {
		t.Fatal(err)
	}
	return match.New(match.Options{Store: st, Library: lib, NewSeed: func() []byte { return bytes.Repeat([]byte{5}, match.SeedBytes) },
		Now: func() time.Time { return *now }})
}

func sqliteStore(t testing.TB) store.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ordo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func armyList(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("../data/armies/blue-company.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func codeOf(err error) match.Code {
	var me *match.Error
	if errors.As(err, &me) {
		return me.Code
	}
	return ""
}

// Army lists sent by the seats after creation (Army list and Combat
// Groups (N4)): the refusals, table-driven, each change nothing; an
// accepted list survives a restart of the server; the clocks do not run
// and nobody is flagged before the game; the last list starts it at the
// Initiative Roll; a server started again replays the started game to
// the same view.
func TestSubmitArmy(t *testing.T) {
	ctx := context.Background()
	st := sqliteStore(t)
	now := time.Unix(1800000000, 0).UTC()
	a := missionAuthority(t, st, &now)
	list := armyList(t)
	c, err := a.Create(ctx, match.CreateRequest{Mission: "uplink", Clock: &match.TimeControl{Initial: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	before, err := a.SnapshotJSON(ctx, c.ID, rules.Spectator(), match.MenuAll)
	if err != nil {
		t.Fatal(err)
	}
	before = bytes.Clone(before)
	for _, tc := range []struct {
		name string
		seat rules.Seat
		list []byte
		code match.Code
		rule string
	}{
		{"Army list and Combat Groups (N4): over the points limit", "blue", bytes.Replace(list, []byte("points: 300"), []byte("points: 10"), 1), match.CodeBadArmy, "Army list and Combat Groups (N4)"},
		{"Lieutenant (N4): none", "blue", bytes.ReplaceAll(list, []byte(", lieutenant: true"), nil), match.CodeBadArmy, "Lieutenant (N4)"},
		{"an unknown key, at its line", "red", append(bytes.Clone(list), "colour: red\n"...), match.CodeBadArmy, ""},
		{"too large", "blue", bytes.Repeat([]byte{'#'}, match.MaxArmyBytes+1), match.CodeTooLarge, ""},
		{"empty", "red", []byte("\n"), match.CodeBadRequest, ""},
		{"no such seat", "green", list, match.CodeForbidden, ""},
	} {
		_, err := a.SubmitArmy(ctx, c.ID, tc.seat, tc.list)
		var me *match.Error
		if !errors.As(err, &me) || me.Code != tc.code || (tc.rule != "" && me.Rule != tc.rule) {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if tc.code == match.CodeBadArmy && (len(me.Problems) == 0 || me.Problems[0].Line == 0) {
			t.Errorf("%s: no line:col: %+v", tc.name, me)
		}
		after, _ := a.SnapshotJSON(ctx, c.ID, rules.Spectator(), match.MenuAll)
		if !bytes.Equal(before, after) {
			t.Errorf("%s: a refused list changed the match:\n%s\n%s", tc.name, before, after)
		}
	}
	if _, err := a.Act(ctx, c.ID, "blue", 0, "x", json.RawMessage(`{"kind":"resign"}`)); codeOf(err) != match.CodeAwaitingArmies {
		t.Fatalf("an action before the lists: %v", err)
	}
	got, err := a.SubmitArmy(ctx, c.ID, "blue", list)
	if err != nil || !got.Awaiting || !got.Submitted["blue"] || got.Submitted["red"] {
		t.Fatalf("blue's list: %+v %v", got, err)
	}

	// An hour later, on a server started again: blue's list is kept and
	// nobody's clock ran.
	now = now.Add(time.Hour)
	if n := a.Flag(ctx); n != 0 {
		t.Fatalf("%d seats flagged before the game", n)
	}
	b := missionAuthority(t, st, &now)
	s, err := b.Snapshot(ctx, c.ID, rules.PlayerView("red"))
	if err != nil || s.Armies == nil || !s.Armies.Submitted["blue"] || s.Clock == nil || len(s.Clock.Running) != 0 || s.Clock.RemainingMS["blue"] != 60000 {
		t.Fatalf("after a restart: %+v %v", s, err)
	}
	if n := b.Flag(ctx); n != 0 {
		t.Fatalf("%d seats flagged before the game", n)
	}
	got, err = b.SubmitArmy(ctx, c.ID, "red", list)
	if err != nil || got.Awaiting {
		t.Fatalf("red's list: %+v %v", got, err)
	}
	s, err = b.Snapshot(ctx, c.ID, rules.PlayerView("red"))
	if err != nil || s.Armies != nil || s.Seq == 0 || !bytes.Contains(s.Observation, []byte(`"initiative-choice"`)) {
		t.Fatalf("after the last list: %+v %v", s, err)
	}
	if s.Clock.RemainingMS["blue"] != 60000 || s.Clock.RemainingMS["red"] != 60000 {
		t.Fatalf("the clocks ran before the game: %+v", s.Clock)
	}
	if _, err := b.SubmitArmy(ctx, c.ID, "red", list); codeOf(err) != match.CodeArmiesClosed {
		t.Fatalf("a list after the start: %v", err)
	}
	want, _ := b.SnapshotJSON(ctx, c.ID, rules.PlayerView("blue"), match.MenuAll)
	fresh := missionAuthority(t, st, &now)
	again, err := fresh.SnapshotJSON(ctx, c.ID, rules.PlayerView("blue"), match.MenuAll)
	if err != nil || !bytes.Equal(want, again) {
		t.Fatalf("the started game does not replay to the same view: %v\n%s\n%s", err, want, again)
	}
	// The replay of the match steps from its completed setup.
	if _, _, err := fresh.StateAt(ctx, c.ID, 0); err != nil {
		t.Fatalf("StateAt: %v", err)
	}
}

// Two servers on one store (a shared database): blue's list goes to one,
// red's to the other, which has not seen blue's. Red's server reads it
// before it writes (the store takes a setup only over the one it
// replaces), and starts the game; the first server follows on notice.
func TestSubmitArmyOnTwoServers(t *testing.T) {
	ctx := context.Background()
	st := sqliteStore(t)
	now := time.Unix(1800000000, 0).UTC()
	one, two, three := missionAuthority(t, st, &now), missionAuthority(t, st, &now), missionAuthority(t, st, &now)
	list := armyList(t)
	c, err := one.Create(ctx, match.CreateRequest{Mission: "crossroads"})
	if err != nil {
		t.Fatal(err)
	}
	for _, other := range []*match.Authority{two, three} {
		if _, err := other.Snapshot(ctx, c.ID, rules.Spectator()); err != nil {
			t.Fatal(err) // the other servers hold the match, with no list in
		}
	}
	if _, err := one.SubmitArmy(ctx, c.ID, "blue", list); err != nil {
		t.Fatal(err)
	}
	// On the store's notice (PostgreSQL's), a third server shows it.
	three.Notify(ctx, store.Notice{MatchID: c.ID, Setup: true})
	if s, err := three.Snapshot(ctx, c.ID, rules.Spectator()); err != nil || !s.Armies.Submitted["blue"] {
		t.Fatalf("the third server on notice of blue's list: %+v %v", s, err)
	}
	got, err := two.SubmitArmy(ctx, c.ID, "red", list)
	if err != nil || got.Awaiting {
		t.Fatalf("red's list on the second server: %+v %v", got, err)
	}
	s2, _ := two.SnapshotJSON(ctx, c.ID, rules.Spectator(), match.MenuAll)
	var seq struct{ Seq int }
	json.Unmarshal(s2, &seq)
	one.Notify(ctx, store.Notice{MatchID: c.ID, Len: seq.Seq})
	s1, err := one.SnapshotJSON(ctx, c.ID, rules.Spectator(), match.MenuAll)
	if err != nil || !bytes.Equal(s1, s2) {
		t.Fatalf("the first server does not follow the start: %v\n%s\n%s", err, s1, s2)
	}
}

// The snapshot a second server encodes of a mission match still waiting
// for its lists (loaded from the store, a list in from the first server)
// is JSON with every member: the feed sends it as it is.
func TestAwaitingSnapshotJSONOnSecondServer(t *testing.T) {
	ctx := context.Background()
	st := sqliteStore(t)
	now := time.Unix(1800000000, 0).UTC()
	one, two := missionAuthority(t, st, &now), missionAuthority(t, st, &now)
	c, err := one.Create(ctx, match.CreateRequest{Mission: "uplink"})
	if err != nil {
		t.Fatal(err)
	}
	red := rules.PlayerView("red")
	check := func(step string, b []byte) {
		t.Helper()
		var m map[string]json.RawMessage
		if !json.Valid(b) || json.Unmarshal(b, &m) != nil {
			t.Fatalf("%s: not JSON: %s", step, b)
		}
		for _, k := range []string{"id", "seq", "viewer", "prompt", "over", "seed_commitment", "observation", "army_lists"} {
			if _, ok := m[k]; !ok {
				t.Fatalf("%s: no %q: %s", step, k, b)
			}
		}
		if !bytes.Contains(m["id"], []byte(c.ID)) {
			t.Fatalf("%s: id %s, want %s", step, m["id"], c.ID)
		}
	}
	b, err := two.SnapshotJSON(ctx, c.ID, red, match.MenuAll)
	if err != nil {
		t.Fatal(err)
	}
	check("before any list", b)
	if _, err := one.SubmitArmy(ctx, c.ID, "blue", armyList(t)); err != nil {
		t.Fatal(err)
	}
	two.Notify(ctx, store.Notice{MatchID: c.ID, Setup: true})
	u, _, err := two.Wait(ctx, c.ID, red, 0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	check("the feed's state after blue's list", u.Snapshot)
	if !bytes.Contains(u.Snapshot, []byte(`"blue":true`)) {
		t.Fatalf("the second server does not show blue's list: %s", u.Snapshot)
	}
}

// Before its lists are in, a mission match's replay has nothing to step
// through: asked for, it says so (not a corrupt match), and once the game
// starts the replay steps through it.
func TestReplayBeforeTheArmies(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1800000000, 0).UTC()
	a := missionAuthority(t, sqliteStore(t), &now)
	c, err := a.Create(ctx, match.CreateRequest{Mission: "uplink", Armies: map[string]string{"red": string(armyList(t))}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := a.ObservationAt(ctx, c.ID, 0, rules.Spectator()); codeOf(err) != match.CodeAwaitingArmies {
		t.Fatalf("a replay before the lists: %v", err)
	}
	if _, err := a.SubmitArmy(ctx, c.ID, "blue", armyList(t)); err != nil {
		t.Fatal(err)
	}
	obs, _, total, err := a.ObservationAt(ctx, c.ID, 1000, rules.Spectator())
	if err != nil || total == 0 || !strings.Contains(string(obs), "initiative-choice") {
		t.Fatalf("the replay after the start: %d %v %.200s", total, err, obs)
	}
}

// FuzzSubmitArmy: whatever a seat sends as its list, the authority
// answers without panicking, and a refused list changes nothing.
func FuzzSubmitArmy(f *testing.F) {
	list, err := os.ReadFile("../data/armies/blue-company.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(list)
	f.Add([]byte("name: [\n"))
	f.Add([]byte("combat-groups: {troopers: 3}\n"))
	f.Add(bytes.Replace(list, []byte("points: 300"), []byte("points: 10"), 1))
	ctx := context.Background()
	now := time.Unix(1800000000, 0).UTC()
	a := missionAuthority(f, sqliteStore(f), &now)
	f.Fuzz(func(t *testing.T, body []byte) {
		c, err := a.Create(ctx, match.CreateRequest{Mission: "uplink"})
		if err != nil {
			t.Fatal(err)
		}
		before, _ := a.SnapshotJSON(ctx, c.ID, rules.Spectator(), match.MenuAll)
		before = bytes.Clone(before)
		_, err = a.SubmitArmy(ctx, c.ID, "red", body)
		after, _ := a.SnapshotJSON(ctx, c.ID, rules.Spectator(), match.MenuAll)
		if err != nil && !bytes.Equal(before, after) {
			t.Fatalf("a refused list changed the match: %v", err)
		}
		if err == nil && bytes.Equal(before, after) {
			t.Fatal("an accepted list is not shown as sent")
		}
	})
}

// A property of any order of lists sent (Army list and Combat Groups
// (N4)): each seat's flag is whether a list of its was accepted; the game
// starts exactly when both are in, and from the last list each seat sent;
// a refused list, or one sent after the start, changes nothing.
func TestSubmitArmyProperty(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1800000000, 0).UTC()
	a := missionAuthority(t, sqliteStore(t), &now)
	good := armyList(t)
	lists := [][]byte{
		good,
		bytes.Replace(good, []byte("name: Blue company"), []byte("name: Second company"), 1),
		bytes.Replace(good, []byte("points: 300"), []byte("points: 10"), 1), // refused
		[]byte("name: ["), // refused
	}
	rapid.Check(t, func(rt *rapid.T) {
		c, err := a.Create(ctx, match.CreateRequest{Mission: "uplink"})
		if err != nil {
			rt.Fatal(err)
		}
		last := map[rules.Seat][]byte{}
		started := false
		for range rapid.IntRange(1, 8).Draw(rt, "sends") {
			seat := rules.Seat(rapid.SampledFrom(match.MissionSeats).Draw(rt, "seat"))
			i := rapid.IntRange(0, len(lists)-1).Draw(rt, "list")
			got, err := a.SubmitArmy(ctx, c.ID, seat, lists[i])
			switch {
			case started:
				if codeOf(err) != match.CodeArmiesClosed {
					rt.Fatalf("a list after the start: %v", err)
				}
			case i >= 2:
				if codeOf(err) != match.CodeBadArmy {
					rt.Fatalf("a bad list: %v", err)
				}
			default:
				if err != nil {
					rt.Fatalf("a good list: %v", err)
				}
				last[seat] = lists[i]
				started = len(last) == 2
				if got.Awaiting == started {
					rt.Fatalf("awaiting %v with lists from %d seats", got.Awaiting, len(last))
				}
			}
			s, err := a.Snapshot(ctx, c.ID, rules.Spectator())
			if err != nil {
				rt.Fatal(err)
			}
			if started != (s.Armies == nil) || started != (s.Seq > 0) {
				rt.Fatalf("started %v, but the view: %+v", started, s)
			}
			for _, seat := range match.MissionSeats {
				if _, in := last[rules.Seat(seat)]; !started && s.Armies.Submitted[rules.Seat(seat)] != in {
					rt.Fatalf("%s's flag %v, its list in %v", seat, s.Armies.Submitted[rules.Seat(seat)], in)
				}
			}
		}
		for seat, want := range last {
			own, ok, err := a.OwnArmy(ctx, c.ID, seat)
			if err != nil || !ok || !bytes.Equal(own, want) {
				rt.Fatalf("%s's list kept: %v %v %.40q", seat, ok, err, own)
			}
		}
	})
}
