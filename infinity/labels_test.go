package infinity

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// authorTwin is the leak tests' proving ground (testdata/leaks/twins.yaml)
// with the ids its author gave blue's Lieutenant and blue's trooper in
// Hidden Deployment replaced: lt and hidden.
func authorTwin(t *testing.T, rs Ruleset, lt, hidden string) *State {
	t.Helper()
	data, err := os.ReadFile("testdata/leaks/twins.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`\bcaptain\b`).ReplaceAllString(string(data), lt)
	text = regexp.MustCompile(`(id: |\[captain, sergeant, |\[`+lt+`, sergeant, )sniper\b`).ReplaceAllString(text, "${1}"+hidden)
	sc, err := scenario.Parse("twins.yaml", []byte(text), scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	return setupScenario(t, rs, sc, nil)
}

// Lieutenant (N4), Hidden Deployment (N4): a scenario's author names
// troopers as he likes, and his ids may tell a private fact
// ("red-lieutenant", "hidden-sniper"). Two games that differ only in the
// ids of blue's Lieutenant and of its trooper in Hidden Deployment look
// the same to red and to spectators on every channel — what they are
// shown (prompt, observation, menu), each action as they see it, the
// events of each step and their log text, the odds and the sight of red's
// troopers — and an id red types reads the same whether a trooper bears
// it or none does.
func TestAuthorIDsTellNothing(t *testing.T) {
	rs, _ := twinsGround(t)
	ids := map[string]string{`"red-lieutenant"`: `"blue-lt-by-another-name"`, `"hidden-sniper"`: `"sniper-in-the-bush"`}
	viewers := []rules.Viewer{rules.PlayerView("red"), rules.Spectator()}
	for seed := range uint64(testenv.Count(6, 60)) {
		a := authorTwin(t, rs, "red-lieutenant", "hidden-sniper")
		b := authorTwin(t, rs, "blue-lt-by-another-name", "sniper-in-the-bush")
		rng := rand.New(rand.NewPCG(seed, 0x1abe1))
		for step := 0; step < 400 && a.Prompt().Kind != rules.GameOver; step++ {
			where := fmt.Sprintf("seed %d step %d", seed, step)
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
				if out, _ := renameJSON(data, ids, nil); out != nil {
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
				same(t, where, rules.PlayerView("red"), "the odds", jsonText(a.Preview("red", act)), jsonText(b.Preview("red", twinAct)))
				same(t, where, rules.PlayerView("red"), "the sight", jsonText(a.Sight(rules.PlayerView("red"), "r-line")), jsonText(b.Sight(rules.PlayerView("red"), "r-line")))
				// Red names blue's troopers by the author's ids: refused alike.
				for _, typed := range []string{"red-lieutenant", "hidden-sniper", "sergeant"} {
					try := Activate{Trooper: "r-line", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: typed}}
					var aro rules.Action = AROs{Declarations: []ARODecl{{Trooper: "r-line", Skill: Skill{Name: SkillBSAttack, Target: typed}}}}
					for _, x := range []rules.Action{try, aro} {
						_, ea := a.clone().Apply("red", x, dice.NewPCG(1, 1))
						_, eb := b.clone().Apply("red", x, dice.NewPCG(1, 1))
						same(t, where, rules.PlayerView("red"), "the refusal of "+typed, fmt.Sprint(ea), fmt.Sprint(eb))
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

// same fails the test when x and y differ.
func same(t *testing.T, where string, v rules.Viewer, what, x, y string) {
	t.Helper()
	if x != y {
		t.Fatalf("%s: %s tells the author's ids apart by %s:\n%s\n%s", where, v, what, x, y)
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
