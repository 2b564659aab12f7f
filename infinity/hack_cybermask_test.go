package infinity

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/play"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// cybermaskYAML: blue's netrunner (Hacking Device Plus, WIP 15, which
// carries Cybermask) with red's assault hacker 6" away, facing towards him
// or away.
func cybermaskYAML(redFacing string) string {
	return hackYAML([]string{"netrunner hacker-plus 10 10 270", "gunner hmg 24 4 90"},
		[]string{"breacher assault-hacker 13 16 " + redFacing})
}

var maskSkill = Skill{Name: SkillHack, Program: "cybermask"}

// Cybermask (Hacking (N3), UPGRADE, Supportware): Attack MOD 0, B1, the
// user alone as target, an Entire Order (so no ARO Burst: it is never
// declared in ARO), declared outside all enemy Line of Fire and not while
// Camouflaged; a Normal WIP roll, no BTS roll; on a success the user
// becomes an Impersonation-2 marker until he reveals himself.
func TestHackingCybermask(t *testing.T) {
	tests := []struct {
		name      string
		facing    string // red's facing: 90 looks away from the netrunner, 270 at him
		camo      bool
		skill     Skill
		code      rules.Code
		refusal   string // "" when declared
		face      int    // the WIP die
		wantSV    int
		wantIMP   bool
		wantLabel string
	}{
		{name: "Cybermask: WIP 15 + Attack MOD 0, a success masks", facing: "90", skill: maskSkill, face: 15, wantSV: 15, wantIMP: true, wantLabel: "blue-imp-1"},
		{name: "Cybermask: a failed WIP roll leaves the user as he was", facing: "90", skill: maskSkill, face: 16, wantSV: 15},
		{name: "Cybermask: not inside an enemy's Line of Fire", facing: "270", skill: maskSkill, code: rules.CodeIllegal, refusal: "in the Line of Fire of red-breach-specialist-1"},
		{name: "Cybermask: the user is its only target", facing: "90", skill: hack("cybermask", "breacher"), code: rules.CodeBadAction, refusal: "takes no target"},
		{name: "Cybermask: not while Camouflaged (or TO)", facing: "90", camo: true, skill: maskSkill, code: rules.CodeIllegal, refusal: "not declared while Camouflaged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := setup(t, cybermaskYAML(tt.facing), nil)
			n := st.trooperIndex("netrunner")
			if tt.camo {
				st.Troopers[n].States.Camouflaged, st.Troopers[n].Marker = true, "blue-marker-1"
			}
			act := Activate{Trooper: "netrunner", Order: OrderRegular, Skill: tt.skill}
			if tt.refusal != "" {
				refused(t, st, "blue", act, tt.code, tt.refusal)
				return
			}
			do(t, st, "blue", act)
			if st.Order.Step == StepSecond {
				t.Fatal("Cybermask is an Entire Order: no second skill")
			}
			var events []rules.Event
			for st.Order != nil {
				switch st.Order.Step {
				case StepARO1, StepARO2:
					do(t, st, "red", AROs{})
				case StepResolve:
					events = do(t, st, rules.ChanceSeat, Resolve{}, tt.face)
				default:
					t.Fatalf("step %s", st.Order.Step)
				}
			}
			r, ok := rolledBy(events)["netrunner"]
			if !ok || r.SV.Value != tt.wantSV || r.Roll != "normal" || len(r.Dice) != 1 {
				t.Fatalf("the Cybermask roll: %+v, want a Normal Roll, B1, SV %d", r, tt.wantSV)
			}
			tr := st.Troopers[n]
			if got := tr.States.Impersonation == 2; got != tt.wantIMP || tr.Marker != tt.wantLabel {
				t.Fatalf("after the roll: %v, marker %q; want IMP-2 %v, marker %q", tr.States, tr.Marker, tt.wantIMP, tt.wantLabel)
			}
			if tt.wantIMP != (tr.Supportware == "cybermask") {
				t.Errorf("Supportware %q: Cybermask is sustained while he is masked", tr.Supportware)
			}
			for _, e := range events {
				if _, ok := e.(Saved); ok {
					t.Errorf("Cybermask makes no BTS roll: %v", e)
				}
			}
		})
	}
	// The menu's odds are the roll's: over the twenty faces of the die,
	// the share that masks the Netrunner is the odds' chance to win. He is
	// Targeted, which helps only enemies' rolls against him.
	targeted := func() *State {
		s := setup(t, cybermaskYAML("90"), nil)
		s.Troopers[s.trooperIndex("netrunner")].States.Targeted = true
		return s
	}
	st := targeted()
	act := Activate{Trooper: "netrunner", Order: OrderRegular, Skill: maskSkill}
	ro, err := st.Preview("blue", act)
	if err != nil || len(ro) != 1 || ro[0].SV == nil || ro[0].SV.Value != 15 || ro[0].Roll != "normal" || ro[0].Burst != 1 {
		t.Fatalf("Cybermask's odds: %+v, %v; want one Normal Roll, B1, SV 15", ro, err)
	}
	masks := 0
	for face := 1; face <= 20; face++ {
		s := targeted()
		do(t, s, "blue", act)
		finishHackOrder(t, s, face)
		if s.Troopers[s.trooperIndex("netrunner")].States.Impersonation == 2 {
			masks++
		}
	}
	if got := float64(masks) / 20; math.Abs(got-ro[0].Win) > 1e-9 {
		t.Errorf("Cybermask masks on %d faces of 20 (%.3f); its odds say %.3f", masks, got, ro[0].Win)
	}

	// Never in ARO: its only skill type is Entire Order.
	st = setup(t, cybermaskYAML("270"), nil)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "breacher", Order: OrderRegular, Skill: move([2]float64{13, 14})})
	if st.Order.Step != StepARO1 {
		t.Fatalf("step %s, want an ARO window", st.Order.Step)
	}
	refused(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "netrunner", Skill: hack("cybermask", "breacher")}}}, rules.CodeIllegal, "cannot be declared in ARO")
}

// masked is the cybermask state after the netrunner's successful Cybermask
// and blue's turn ended.
func masked(t *testing.T) *State {
	t.Helper()
	st := setup(t, cybermaskYAML("90"), nil)
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: maskSkill})
	finishHackOrder(t, st, 3)
	if st.Troopers[st.trooperIndex("netrunner")].States.Impersonation != 2 {
		t.Fatal("Cybermask did not mask the netrunner")
	}
	return st
}

// Cybermask and Impersonation (N4): the opponent sees an Impersonation-2
// marker, and nothing of the hacker behind it: not its id, its profile, its
// device or its Supportware, in the observation, the board or the events.
func TestCybermaskKeepsHackerPrivate(t *testing.T) {
	st := setup(t, cybermaskYAML("90"), nil)
	do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: maskSkill})
	var events []rules.Event
	for st.Order != nil {
		switch st.Order.Step {
		case StepARO1, StepARO2:
			events = append(events, do(t, st, "red", AROs{})...)
		case StepResolve:
			events = append(events, do(t, st, rules.ChanceSeat, Resolve{}, 3)...)
		}
	}
	red := rules.PlayerView("red")
	view := viewJSON(t, st, red)
	b, err := json.Marshal(st.Board(red))
	if err != nil {
		t.Fatal(err)
	}
	board := string(b)
	var shown strings.Builder
	for _, e := range events {
		if re, ok := st.Redact(e, red); ok {
			data, err := rules.Encode(re)
			if err != nil {
				t.Fatal(err)
			}
			shown.Write(data)
		}
	}
	for _, secret := range []string{`"netrunner"`, "hacker-plus", "Hacking Device Plus", "cybermask", "Netrunner"} {
		if strings.Contains(view, secret) || strings.Contains(board, secret) {
			t.Errorf("red's observation or board shows %s", secret)
		}
	}
	if strings.Contains(shown.String(), `"netrunner"`) || !strings.Contains(shown.String(), `"masked"`) {
		t.Errorf("red's events: %s; want the masking told by the marker's label only", shown.String())
	}
	if !strings.Contains(view, `"blue-imp-1"`) || !strings.Contains(view, `"Impersonation-2"`) {
		t.Errorf("red does not see the Impersonation-2 marker: %s", view)
	}
	if blue := viewJSON(t, st, rules.PlayerView("blue")); !strings.Contains(blue, `"netrunner"`) || !strings.Contains(blue, "Impersonation-2") {
		t.Errorf("blue does not see its own masked netrunner: %s", blue)
	}
}

// Cybermask and Impersonation (N4) through `ordo play`: the scenario's
// forced dice and expectations, and what red is told. Red sees the
// Netrunner declare Cybermask in the open, then a marker by its label
// only, until the Discover reveals it.
func TestHackingCybermaskScenario(t *testing.T) {
	sc := load(t, "../data/scenarios/seed/hacking-cybermask.yaml")
	var out strings.Builder
	if err := play.Run(ruleset(t), sc, &out, play.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, line := range []string{
		"netrunner Hacking Program (Normal Roll): SV WIP 15 = 15, dice 9 -> success",
		"netrunner becomes the Impersonation-2 marker blue-imp-1 (Cybermask)",
		"gunner: delays its ARO (against a marker)",
		"gunner Discover (Normal Roll): SV WIP 13 = 13, dice 4 -> success",
		"blue-imp-1 is revealed as netrunner (Discovered by gunner)",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("no %q in\n%s", line, out.String())
		}
	}
	var red strings.Builder
	if err := play.Run(ruleset(t), sc, &red, play.Options{Viewer: rules.PlayerView("red")}); err != nil {
		t.Fatal(err)
	}
	// Between the masking and the reveal, red's log never names the
	// Netrunner.
	text := red.String()
	from := strings.Index(text, "Impersonation-2 marker")
	to := strings.Index(text, "is revealed as blue-netrunner-1")
	if from < 0 || to < from {
		t.Fatalf("red's log does not show the masking and the reveal:\n%s", text)
	}
	if strings.Contains(text[from:to], "netrunner") {
		t.Errorf("red's log names the Netrunner while he is a marker:\n%s", text[from:to])
	}
}

// Cybermask (Hacking (N3)) and the counterfactual leak check: once the
// Netrunner is an Impersonation-2 marker, the twin where he and another
// marker of his combat group trade places and labels — a hacker with no
// Cybermask, or an impersonator with no hacking device — looks the same
// to red through red's turn: the observation, the prompt, red's menu,
// and every event as red is told it, while red's troopers cross the
// Hacking Area the Repeater gives blue's hackers.
func TestCybermaskTwinsLookTheSame(t *testing.T) {
	rs, _ := twinsGround(t)
	sc, err := scenario.Load("testdata/leaks/hackers.yaml", scenario.Options{Catalog: rs.Catalog})
	if err != nil {
		t.Fatal(err)
	}
	r, err := rules.ResolveRulings(rs.Rulings(), nil)
	if err != nil {
		t.Fatal(err)
	}
	start := func() *State {
		s, err := rs.Setup(sc, r)
		if err != nil {
			t.Fatal(err)
		}
		st := s.(*State)
		// Behind the block, out of every red trooper's Line of Fire.
		st.Models[st.modelOf(st.trooperIndex("netrunner"))].At = [2]float64{17.5, 12.5}
		do(t, st, "blue", Activate{Trooper: "netrunner", Order: OrderRegular, Skill: maskSkill})
		finishHackOrder(t, st, 3)
		do(t, st, "blue", EndOrders{})
		return st
	}
	red := rules.PlayerView("red")
	look := func(st *State) string {
		var b strings.Builder
		for _, x := range []any{st.Observe(red), st.Prompt(), st.Legal("red")} {
			data, err := json.Marshal(x)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(data)
		}
		return b.String()
	}
	// Red's turn: the assault hacker walks into the Repeater carrier's
	// Zone of Control; each window answered with no ARO.
	script := []struct {
		seat rules.Seat
		a    rules.Action
	}{
		{"red", Activate{Trooper: "r-hacker", Order: OrderRegular, Skill: move([2]float64{19, 23.5})}},
		{"blue", AROs{}},
		{"red", Second{Skill: move([2]float64{21.5, 20.5})}},
		{"blue", AROs{}},
		{"chance", Resolve{}},
	}
	pairs := map[string]bool{}
	for seed := uint64(0); seed < 16; seed++ {
		st := start()
		n := st.trooperIndex("netrunner")
		if st.Troopers[n].Supportware != "cybermask" || st.Troopers[n].States.Impersonation != 2 {
			t.Fatalf("the Netrunner is not masked: %v", st.Troopers[n].States)
		}
		tw := st.clone()
		if _, ok := tw.twinMarkers("blue", "red", script[0].a, rand.New(rand.NewPCG(seed, 1))); !ok {
			t.Fatal("no twin of blue's markers")
		}
		at := st.Models[st.modelOf(n)].At
		other := ""
		for i, m := range tw.Models {
			if m.At == at && tw.Troopers[m.Trooper].States.marker() {
				other = tw.Troopers[tw.Models[i].Trooper].ID
			}
		}
		pairs[other] = true
		for i, step := range script {
			if a, b := look(st), look(tw); a != b {
				t.Fatalf("seed %d, twin with %s behind the Netrunner's marker, step %d: red tells them apart\n%s\n%s", seed, other, i, a, b)
			}
			var evs [2]string
			for k, s := range []*State{st, tw} {
				src, err := dice.NewScript()
				if err != nil {
					t.Fatal(err)
				}
				ev, err := s.Apply(step.seat, step.a, src)
				if err != nil {
					t.Fatalf("seed %d step %d: %v", seed, i, err)
				}
				for _, e := range ev {
					if re, ok := s.Redact(e, red); ok {
						data, err := rules.Encode(re)
						if err != nil {
							t.Fatal(err)
						}
						evs[k] += string(data)
					}
				}
			}
			if evs[0] != evs[1] {
				t.Fatalf("seed %d, twin with %s, step %d: red's events differ\n%s\n%s", seed, other, i, evs[0], evs[1])
			}
		}
	}
	if !pairs["mask-a"] || !pairs["mask-b"] {
		t.Errorf("twins tried: %v; want the hacker and the impersonator with no device each behind the marker", pairs)
	}
}
