package infinity

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/mission"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// authorTwin is a leak tests' proving ground (testdata/leaks) with the
// ids its author gave some of blue's troopers replaced (each pattern by
// its replacement), played as a Marked Man mission: each army's costliest
// trooper in the open is its Designated Target from the start.
func authorTwin(t *testing.T, rs Ruleset, file string, rename [][2]string) *State {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, r := range rename {
		re := regexp.MustCompile(r[0])
		if !re.MatchString(text) {
			t.Fatalf("%s: nothing to rename by %s", file, r[0])
		}
		text = re.ReplaceAllString(text, r[1])
	}
	sc, err := scenario.Parse(file, []byte(text), scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	st := setupScenario(t, rs, sc, nil)
	m, err := mission.Load("../data/missions/marked-man.yaml")
	if err != nil {
		t.Fatal(err)
	}
	st.Mission = newMissionState(m, st.Seats)
	if len(st.designateTargets()) != 2 {
		t.Fatalf("%s: no Designated Target for each army", file)
	}
	return st
}

// Lieutenant (N4), Hidden Deployment (N4): a scenario's author names
// troopers as he likes, and his ids may tell a private fact
// ("red-lieutenant", "hidden-sniper"). Two games that differ only in the
// ids of blue's Lieutenant and of a trooper in Hidden Deployment (and, on
// the hackers' ground, of a hacker in the open, blue's Designated Target,
// and of blue's Deployable Repeater and Mine), and in the names of blue's
// combat groups (Army list and Combat Groups (N4)), look the same to red and to
// spectators on every channel — what they are shown (prompt, observation
// with the mission's Designated Targets and the deployables, menu), each
// action as they see it, the events of each step and their log text, the
// odds and the sight of red's troopers — and an id red types reads the
// same whether a trooper or deployable bears it or none does.
func TestAuthorIDsTellNothing(t *testing.T) {
	rs, _ := twinsGround(t)
	grounds := []struct {
		file  string
		red   string // a trooper of red's that types ids
		a, b  [][2]string
		ids   map[string]string // a's ids as b's, quoted
		typed []string
	}{
		{"testdata/leaks/twins.yaml", "r-line",
			[][2]string{{`\bcaptain\b`, "red-lieutenant"}, {`(id: |\[red-lieutenant, sergeant, )sniper\b`, "${1}hidden-sniper"}, groups("lt-squad", "jumper-group")},
			[][2]string{{`\bcaptain\b`, "blue-lt-by-another-name"}, {`(id: |\[blue-lt-by-another-name, sergeant, )sniper\b`, "${1}sniper-in-the-bush"}, groups("second-squad", "first-squad")},
			map[string]string{`"red-lieutenant"`: `"blue-lt-by-another-name"`, `"hidden-sniper"`: `"sniper-in-the-bush"`, `"lt-squad"`: `"second-squad"`, `"jumper-group"`: `"first-squad"`},
			[]string{"red-lieutenant", "hidden-sniper", "sergeant"}},
		{"testdata/leaks/hackers.yaml", "r-hacker",
			[][2]string{{`\bcaptain\b`, "the-lieutenant"}, {`\bghost\b`, "hidden-ghost"}, {`\bnetrunner\b`, "netrunner-one"}, deployables("relay-by-the-lt", "mine-for-r-warden"), groups("hackers-and-lt")},
			[][2]string{{`\bcaptain\b`, "plain-fusilier"}, {`\bghost\b`, "nobody-hides"}, {`\bnetrunner\b`, "netrunner-two"}, deployables("relay-2", "mine-2"), groups("2")},
			map[string]string{`"the-lieutenant"`: `"plain-fusilier"`, `"hidden-ghost"`: `"nobody-hides"`, `"netrunner-one"`: `"netrunner-two"`, `"relay-by-the-lt"`: `"relay-2"`, `"mine-for-r-warden"`: `"mine-2"`, `"hackers-and-lt"`: `"2"`},
			[]string{"the-lieutenant", "hidden-ghost", "netrunner-one", "relay-by-the-lt", "mine-for-r-warden"}},
	}
	viewers := []rules.Viewer{rules.PlayerView("red"), rules.Spectator()}
	for _, g := range grounds {
		for seed := range uint64(testenv.Count(6, 60)) {
			a := authorTwin(t, rs, g.file, g.a)
			b := authorTwin(t, rs, g.file, g.b)
			rng := rand.New(rand.NewPCG(seed, 0x1abe1))
			for step := 0; step < 400 && a.Prompt().Kind != rules.GameOver; step++ {
				where := fmt.Sprintf("%s seed %d step %d", g.file, seed, step)
				seat, act, err := rules.RandomLegal(a, rng)
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				twinAct := act
				if seat == "blue" {
					data, err := rules.Encode(act)
					if err != nil {
						t.Fatal(err)
					}
					if out, _ := renameJSON(data, g.ids, nil); out != nil {
						if twinAct, err = actionCodec.Decode(out); err != nil {
							t.Fatal(err)
						}
					}
				}
				for _, v := range viewers {
					same(t, where, v, "what it is shown", shownTo(a, v), shownTo(b, v))
					x, okx := a.RedactAction(seat, act, v)
					y, oky := b.RedactAction(seat, twinAct, v)
					same(t, where, v, "the action", fmt.Sprint(okx, string(encodeOrNil(x))), fmt.Sprint(oky, string(encodeOrNil(y))))
				}
				if seat == "red" {
					red := rules.PlayerView("red")
					same(t, where, red, "the odds", jsonText(a.Preview("red", act)), jsonText(b.Preview("red", twinAct)))
					same(t, where, red, "the sight", jsonText(a.Sight(red, g.red)), jsonText(b.Sight(red, g.red)))
					// Red names blue's troopers by the author's ids: refused alike.
					for _, typed := range g.typed {
						try := Activate{Trooper: g.red, Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: typed}}
						aro := AROs{Declarations: []ARODecl{{Trooper: g.red, Skill: Skill{Name: SkillBSAttack, Target: typed}}}}
						for _, x := range []rules.Action{try, aro} {
							_, ea := a.clone().Apply("red", x, dice.NewPCG(1, 1))
							_, eb := b.clone().Apply("red", x, dice.NewPCG(1, 1))
							same(t, where, red, "the refusal of "+typed, fmt.Sprint(ea), fmt.Sprint(eb))
						}
					}
				}
				entry, evA, err := rules.Step(a, step, seat, act, dice.NewPCG(seed, uint64(step)))
				if err != nil {
					t.Fatalf("%s: %s by %s refused: %v", where, act.Kind(), seat, err)
				}
				script, err := dice.NewScript(entry.Dice...)
				if err != nil {
					t.Fatal(err)
				}
				evB, err := b.Apply(seat, twinAct, script)
				if err != nil {
					t.Fatalf("%s: the twin refuses %s by %s: %v", where, act.Kind(), seat, err)
				}
				for _, v := range viewers {
					same(t, where, v, "the events and their text", eventsShown(a, evA, v), eventsShown(b, evB, v))
				}
			}
		}
	}
}

// deployables is a rename that gives blue on the hackers' ground (its
// Signaller carries one) a Deployable Repeater by the block and a Mine
// (Deployable Weapons (N4)) that r-warden's first Order or ARO sets off,
// under the author's ids relay and mine.
func deployables(relay, mine string) [2]string {
	return [2]string{`(\n      - \{name: "1", troopers: \[[^\]]*\]\})`,
		"${1}\n    deployables: [{id: " + relay + ", device: deployable-repeater, at: [16, 20]}, {id: " + mine + ", weapon: mine, at: [26, 23]}]"}
}

// groups is a rename that gives blue's combat groups (Army list and Combat
// Groups (N4)) the names given, in the order of its list: blue's are the
// only groups listed one to a line.
func groups(names ...string) [2]string {
	pattern, with := "", ""
	for i, n := range names {
		pattern += fmt.Sprintf(`(\n      - \{name: )"%d"`, i+1)
		if i < len(names)-1 {
			pattern += `(, troopers: \[[^\]]*\]\})`
		}
		with += fmt.Sprintf("${%d}%q", 2*i+1, n)
		if i < len(names)-1 {
			with += fmt.Sprintf("${%d}", 2*i+2)
		}
	}
	return [2]string{pattern, with}
}

// same fails the test when x and y differ.
func same(t *testing.T, where string, v rules.Viewer, what, x, y string) {
	t.Helper()
	if x != y {
		i := 0
		for i < len(x) && i < len(y) && x[i] == y[i] {
			i++
		}
		from := max(0, i-300)
		t.Fatalf("%s: %s tells the author's ids apart by %s:\n…%s\n…%s", where, v, what, x[from:min(len(x), i+200)], y[from:min(len(y), i+200)])
	}
}

// shownTo is the prompt, observation and (a player's) menu v is shown.
func shownTo(st *State, v rules.Viewer) string {
	doc := map[string]any{"prompt": st.Prompt(), "observe": st.Observe(v)}
	if v.Role == rules.RolePlayer {
		doc["legal"] = st.Legal(v.Seat)
	}
	return jsonText(doc, nil)
}

// eventsShown is the events as v sees them, each with its log text.
func eventsShown(st *State, events []rules.Event, v rules.Viewer) string {
	var out string
	for _, e := range events {
		if red, ok := st.Redact(e, v); ok {
			out += string(encodeOrNil(red)) + " " + fmt.Sprint(red) + "\n"
		}
	}
	return out
}

func encodeOrNil(x rules.Kinded) []byte {
	if x == nil {
		return nil
	}
	b, err := rules.Encode(x)
	if err != nil {
		return []byte(err.Error())
	}
	return b
}

func jsonText(x any, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	b, err := json.Marshal(x)
	if err != nil {
		return "does not encode: " + err.Error()
	}
	return string(b)
}

// A refusal's sentence names the trooper by the name the reader knows:
// only whole names are replaced, never a part of a longer one (an author's
// id that is an everyday word is replaced wherever the word stands: the
// sentence reads oddly, and tells nothing but the label).
func TestReplaceName(t *testing.T) {
	for _, c := range []struct{ text, name, with, want string }{
		{"ghost is [Unconscious]: a Disabled hacker cannot hack", "ghost", "blue-hacker-1", "blue-hacker-1 is [Unconscious]: a Disabled hacker cannot hack"},
		{"ghost-2 is Isolated, ghost is not", "ghost", "x", "ghost-2 is Isolated, x is not"},
		{"the target is no longer on the table", "target", "blue-fusilier-1", "the blue-fusilier-1 is no longer on the table"},
		{"nothing here", "", "x", "nothing here"},
	} {
		if got := replaceName(c.text, c.name, c.with); got != c.want {
			t.Errorf("replaceName(%q, %q) = %q, want %q", c.text, c.name, got, c.want)
		}
	}
}
