package infinity

import (
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
)

// redactedAction is a as v sees it when seat sends it to st, encoded ("" when
// v sees nothing of it).
func redactedAction(t *testing.T, st *State, seat rules.Seat, a rules.Action, v rules.Viewer) string {
	t.Helper()
	red, ok := st.RedactAction(seat, a, v)
	if !ok {
		return ""
	}
	b, err := rules.Encode(red)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Each action red may send, as blue and a spectator read it: the private
// parts are replaced with what they may know, and what the action itself
// reveals is shown as itself. Red and the admin read it whole.
func TestRedactAction(t *testing.T) {
	tests := []struct {
		name string
		a    rules.Action
		// hide must not appear in what blue or a spectator read; show must.
		hide, show []string
	}{
		{"Camouflaged (N4): a marker that moves stays its label",
			Activate{Trooper: "scout", Order: OrderRegular, Skill: move([2]float64{10, 10})},
			[]string{`"scout"`}, []string{`"red-marker-1"`, `[10,10]`}},
		{"Camouflaged (N4): a marker that attacks reveals itself",
			Activate{Trooper: "scout", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}},
			nil, []string{`"red-scout-1"`}},
		{"Hidden Deployment (N4): an Order places the hidden trooper on the table as itself",
			Activate{Trooper: "sniper", Order: OrderIrregular, Skill: Skill{Name: SkillIdle}},
			nil, []string{`"red-sniper-1"`}},
		{"Hidden Deployment (N4): an ARO places the hidden trooper on the table as itself",
			AROs{Declarations: []ARODecl{{Trooper: "sniper", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}}},
			nil, []string{`"red-sniper-1"`}},
		{"Loss of Lieutenant (N4): appointing a new Lieutenant names no one",
			Appoint{Trooper: "zhanshi"},
			[]string{`"zhanshi"`}, []string{`"kind":"appoint"`}},
		{"Command Tokens (N4): transferring a trooper in Hidden Deployment names no one",
			Transfer{Trooper: "sniper", Group: "2"},
			[]string{`"sniper"`}, []string{`"group":"2"`}},
		{"Command Tokens (N4): transferring a marker names no one",
			Transfer{Trooper: "scout", Group: "2"},
			[]string{`"scout"`, `"red-marker-1"`}, []string{`"group":"2"`}},
		{"Command Tokens (N4): transferring a trooper in the open names it",
			Transfer{Trooper: "zhanshi", Group: "2"},
			nil, []string{`"red-zhanshi-1"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := setup(t, concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270"), nil)
			do(t, st, "blue", EndOrders{})
			before := viewJSON(t, st, rules.Admin())
			for _, v := range []rules.Viewer{rules.PlayerView("blue"), rules.Spectator()} {
				got := redactedAction(t, st, "red", tt.a, v)
				for _, h := range tt.hide {
					if strings.Contains(got, h) {
						t.Errorf("%s reads %s, which names %s", v, got, h)
					}
				}
				for _, s := range tt.show {
					if !strings.Contains(got, s) {
						t.Errorf("%s reads %s, without %s", v, got, s)
					}
				}
			}
			whole, _ := rules.Encode(tt.a)
			for _, v := range []rules.Viewer{rules.PlayerView("red"), rules.Admin()} {
				if got := redactedAction(t, st, "red", tt.a, v); got != string(whole) {
					t.Errorf("%s reads %s, want the action whole: %s", v, got, whole)
				}
			}
			if after := viewJSON(t, st, rules.Admin()); after != before {
				t.Error("RedactAction changed the state")
			}
		})
	}
}

// Loss of Lieutenant (N4): `ordo play --json --viewer red` on the seed
// scenario shows blue's appointment without the new Lieutenant, in the
// action as in the event; blue's own view names him.
func TestPlayRedactsActions(t *testing.T) {
	sc := load(t, "../data/scenarios/seed/loss-of-lieutenant.yaml")
	for _, tc := range []struct {
		v     rules.Viewer
		named bool
	}{{rules.PlayerView("red"), false}, {rules.Spectator(), false}, {rules.PlayerView("blue"), true}} {
		for _, js := range []bool{true, false} {
			var out strings.Builder
			if err := play.Run(ruleset(t), sc, &out, play.Options{Viewer: tc.v, JSON: js}); err != nil {
				t.Fatal(err)
			}
			var line string
			for _, l := range strings.Split(out.String(), "\n") {
				if strings.Contains(l, "appoint") {
					line = l
				}
			}
			if line == "" {
				t.Fatalf("%s (json %v): no appointment in\n%s", tc.v, js, out.String())
			}
			if strings.Contains(line, "sergeant") != tc.named {
				t.Errorf("%s (json %v) reads %s; names the new Lieutenant: %v, want %v", tc.v, js, line, !tc.named, tc.named)
			}
		}
	}
}

// Hidden Deployment (N4), Camouflaged (N4): the menu of a seat the prompt
// does not name is empty. It used to be the prompted seat's menu, greyed:
// in red's turn blue's listed red's hidden sniper and the scout behind red's
// marker, with moves from where they stand.
func TestUnpromptedMenuIsEmpty(t *testing.T) {
	st := setup(t, concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270"), nil)
	do(t, st, "blue", EndOrders{})
	if menu := st.Legal("red"); len(menu) == 0 {
		t.Fatal("red, prompted, has no menu")
	}
	if menu := st.Legal("blue"); len(menu) != 0 {
		t.Fatalf("blue, not prompted, is offered %d entries, the first %s", len(menu), mustEncode(t, menu[0].Action))
	}
}

// G: Jumper (N4, PDF 2.1), Hidden Deployment (N4): a Proxy that may react
// only because its hidden sibling has Line of Fire is not listed as
// forfeiting its ARO; the opponent reads the same whether the hidden Proxy
// sees the active trooper or not.
func TestVisibleProxyDoesNotBetrayHiddenSibling(t *testing.T) {
	read := func(mk2Facing string) string {
		proxies := []string{"mk2:proxy-mk2:16,30:" + mk2Facing, "mk4:proxy-mk4:2,3:180", "mk5:proxy-mk5:30,3:0"}
		st := setup(t, jumperYAML("captain", proxies...), nil)
		st.Troopers[st.trooperIndex("mk2")].States.Hidden = true
		do(t, st, "blue", EndOrders{})
		do(t, st, "red", Activate{Trooper: "hellcat", Order: OrderRegular, Skill: move([2]float64{16, 11})})
		if st.Order.Step != StepARO1 {
			t.Fatalf("no ARO window (step %s)", st.Order.Step)
		}
		var out []string
		for _, e := range do(t, st, "blue", AROs{}) {
			if red, ok := st.Redact(e, rules.PlayerView("red")); ok {
				b, _ := rules.Encode(red)
				out = append(out, string(b))
			}
		}
		return strings.Join(out, "\n")
	}
	sees, away := read("270"), read("90")
	if sees != away {
		t.Fatalf("red tells whether the hidden Proxy has Line of Fire:\nit has:  %s\nit has not: %s", sees, away)
	}
}

// jsonString quotes a trooper's id or label as encoding/json does, byte
// for byte (the renaming of names in redacted events matches it against
// what rules.Encode wrote): plain ASCII directly, anything JSON or HTML
// would escape through encoding/json.
func TestJSONStringQuotesAsEncodingJSON(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(rapid.StringMatching(`[a-z0-9-]{0,24}`), rapid.String(), rapid.StringOf(rapid.RuneFrom([]rune("a\"\\<>&\x00\x1f\x7f é\u2028")))).Draw(t, "s")
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := jsonString(s); got != string(want) {
			t.Fatalf("jsonString(%q) = %s, want %s", s, got, want)
		}
	})
}

// A refusal's sentence may be longer than the bounds on what a client
// sends (rules.MaxString): the opponent reads it with the enemy's names
// rewritten as it knows them (its marker's label), and is not left without
// the event because the rewritten event would be refused as outside input.
// The encoded redaction a server takes (RedactJSON) is Redact's, byte for
// byte.
func TestLongRefusalIsRedactedNotDropped(t *testing.T) {
	st := setup(t, concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270"), nil)
	reason := "scout " + strings.Repeat("cannot reach that point from where it stands; ", 6)
	if len(reason) <= rules.MaxString {
		t.Fatalf("the reason is %d bytes, want more than %d", len(reason), rules.MaxString)
	}
	e := BecameIdle{Trooper: "scout", Skill: SkillBSAttack, Reason: reason}
	for _, v := range []rules.Viewer{rules.PlayerView("blue"), rules.Spectator(), rules.PlayerView("red")} {
		red, ok := st.Redact(e, v)
		if !ok {
			t.Fatalf("%s is not shown the refusal", v)
		}
		want := mustEncode(t, red)
		if v.Sees("red") != strings.Contains(want, `"scout`) {
			t.Fatalf("%s reads the marker's trooper as %s", v, want)
		}
		got, ok, err := st.RedactJSON(e, v)
		if err != nil || !ok || string(got) != want {
			t.Fatalf("%s: RedactJSON %s (%v %v), Redact %s", v, got, ok, err, want)
		}
	}
}
