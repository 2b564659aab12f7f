package infinity

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// concealYAML: blue's fusilier against red's zhanshi (Lieutenant), a red
// scout deployed as a marker and a red sniper in Hidden Deployment.
func concealYAML(scoutAt, sniperAt string) string {
	return `name: concealed
ruleset: infinity-n4
table: {width: 32, height: 32}
sides:
  - seat: blue
    troopers:
      - {id: fusilier, profile: fusilier, lieutenant: true, models: [{id: fusilier, at: [10, 4], facing: 90}]}
    combat-groups: [{name: "1", troopers: [fusilier]}]
  - seat: red
    troopers:
      - {id: zhanshi, profile: zhanshi, lieutenant: true, models: [{id: zhanshi, at: [28, 28], facing: 270}]}
      - {id: scout, profile: scout, deployment: marker, models: [{id: scout, ` + scoutAt + `}]}
      - {id: sniper, profile: sniper, deployment: hidden, models: [{id: sniper, ` + sniperAt + `}]}
    combat-groups: [{name: "1", troopers: [zhanshi, scout, sniper]}]
initiative: blue
rounds: 2
`
}

func viewJSON(t *testing.T, st *State, v rules.Viewer) string {
	t.Helper()
	b, err := json.Marshal(st.Observe(v))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Hidden Deployment (N4)-7.13 and Camouflaged (N4): the opponent sees markers and nothing of
// what they hide, and nothing at all of a trooper in Hidden Deployment;
// the owner sees both.
func TestConcealedObservations(t *testing.T) {
	st := setup(t, concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270"), nil)
	blue := viewJSON(t, st, rules.PlayerView("blue"))
	for _, secret := range []string{`"scout"`, `"sniper"`, "[20,20]"} {
		if strings.Contains(blue, secret) {
			t.Errorf("blue sees %s: %s", secret, blue)
		}
	}
	if !strings.Contains(blue, `"red-marker-1"`) {
		t.Errorf("blue does not see the marker: %s", blue)
	}
	red := viewJSON(t, st, rules.PlayerView("red"))
	for _, own := range []string{`"scout"`, `"sniper"`, "Hidden Deployment", "Camouflaged"} {
		if !strings.Contains(red, own) {
			t.Errorf("red does not see its own %s", own)
		}
	}
}

// Camouflaged (N4) and Discover (N4): a marker cannot be attacked before it is
// Discovered; Discover is a WIP roll with the range MOD (0-8": +3) and the
// marker's Mimetism; a failed Discover bars that trooper from that marker
// until the next Player Turn; a success reveals it.
func TestDiscoverMarker(t *testing.T) {
	st := setup(t, concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270"), nil)
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "red-marker-1"}}, rules.CodeIllegal, "Discover it first")
	// The real id is unknown to blue: refused as if it did not exist.
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "scout"}}, rules.CodeBadAction, "not an enemy model")
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillDiscover, Target: "red-marker-1"}})
	for st.Order.Step == StepARO1 {
		do(t, st, "red", AROs{})
	}
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	for st.Order.Step == StepARO2 {
		do(t, st, "red", AROs{})
	}
	ev := do(t, st, rules.ChanceSeat, Resolve{}, 20)
	r := rolledBy(ev)["fusilier"]
	if r.SV.Attribute != "WIP" || r.Hits != 0 {
		t.Fatalf("Discover roll %+v", r)
	}
	if !strings.Contains(r.SV.String(), "+3 Range") {
		t.Fatalf("no range MOD: %s", r.SV)
	}
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderLieutenant, Skill: Skill{Name: SkillDiscover, Target: "red-marker-1"}}, rules.CodeIllegal, "failed to Discover")
	// Next blue turn: it may try again, and succeeds.
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", EndOrders{})
	do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillDiscover, Target: "red-marker-1"}})
	for st.Order.Step == StepARO1 {
		do(t, st, "red", AROs{})
	}
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	for st.Order.Step == StepARO2 {
		do(t, st, "red", AROs{})
	}
	ev = do(t, st, rules.ChanceSeat, Resolve{}, 2)
	found := false
	for _, e := range ev {
		if r, ok := e.(Revealed); ok && r.Trooper == "scout" && r.Marker == "red-marker-1" {
			found = true
		}
	}
	if !found || st.Troopers[2].States.Camouflaged {
		t.Fatalf("a successful Discover reveals the marker: %v", ev)
	}
	if !strings.Contains(viewJSON(t, st, rules.PlayerView("blue")), `"scout"`) {
		t.Fatal("the revealed scout is public")
	}
}

// Camouflaged (N4): a marker keeps its camouflage with a Move; declaring an
// Attack reveals it; the opponent reads the marker's moves under its label.
func TestMarkerMovesThenReveals(t *testing.T) {
	st := setup(t, concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270"), nil)
	do(t, st, "blue", EndOrders{})
	ev := do(t, st, "red", Activate{Trooper: "scout", Order: OrderRegular, Skill: move([2]float64{10, 10})})
	red, ok := st.Redact(ev[0], rules.PlayerView("blue"))
	if !ok {
		t.Fatal("the marker's Order vanished for blue")
	}
	b, _ := rules.Encode(red)
	if strings.Contains(string(b), `"scout"`) || !strings.Contains(string(b), "red-marker-1") {
		t.Fatalf("blue reads %s", b)
	}
	if !st.Troopers[2].States.Camouflaged {
		t.Fatal("a Move keeps the marker")
	}
	for st.Order.Step == StepARO1 {
		do(t, st, "blue", AROs{})
	}
	ev = do(t, st, "red", Second{Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}})
	if st.Troopers[2].States.Camouflaged {
		t.Fatalf("an Attack reveals the marker: %v", ev)
	}
}

// Hidden Deployment (N4): a trooper in Hidden Deployment adds nothing to the pool,
// holds its own Order, cannot be targeted, and is placed on the table when
// it acts; the opponent's events say nothing of it before that.
func TestHiddenDeployment(t *testing.T) {
	st := setup(t, concealYAML("at: [4, 30], facing: 270", "at: [10, 16], facing: 270"), nil)
	do(t, st, "blue", EndOrders{})
	if pool := st.army("red").Groups[0].Pool; pool != 2 {
		t.Fatalf("pool %d: the hidden sniper adds nothing", pool)
	}
	if st.Troopers[3].IrregularOrders != 1 {
		t.Fatal("the hidden sniper holds its own Order")
	}
	do(t, st, "red", EndOrders{})
	// Blue's turn: the sniper may not be targeted, and blocks nothing.
	refused(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "sniper"}}, rules.CodeBadAction, "not an enemy model")
	ev := do(t, st, "blue", Activate{Trooper: "fusilier", Order: OrderRegular, Skill: move([2]float64{10, 6})})
	// The window opens whether or not the hidden sniper can react, and
	// blue learns nothing from it.
	if st.Order.Step != StepARO1 {
		t.Fatalf("step %s", st.Order.Step)
	}
	for _, e := range ev {
		if red, ok := st.Redact(e, rules.PlayerView("blue")); ok {
			b, _ := rules.Encode(red)
			if strings.Contains(string(b), "sniper") {
				t.Fatalf("blue reads %s", b)
			}
		}
	}
	ev = do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "sniper", Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}}}})
	if st.Troopers[3].States.Hidden {
		t.Fatal("declaring an ARO places the hidden trooper on the table")
	}
	found := false
	for _, e := range ev {
		if r, ok := e.(Revealed); ok && r.Trooper == "sniper" && r.At == [2]float64{10, 16} {
			found = true
		}
	}
	if !found {
		t.Fatalf("no Revealed event: %v", ev)
	}
}

// docs/RULES.md (rulings) lieutenant-hidden: by default a Lieutenant in Hidden
// Deployment counts as deployed; under not-deployed it is Loss of
// Lieutenant.
func TestLieutenantHiddenRuling(t *testing.T) {
	y := strings.Replace(concealYAML("at: [4, 30], facing: 270", "at: [20, 20], facing: 270"), "{id: zhanshi, profile: zhanshi, lieutenant: true,", "{id: zhanshi, profile: zhanshi,", 1)
	y = strings.Replace(y, "{id: sniper, profile: sniper, deployment: hidden,", "{id: sniper, profile: sniper, lieutenant: true, deployment: hidden,", 1)
	for _, tc := range []struct {
		ruling string
		lol    bool
	}{{"deployed", false}, {"not-deployed", true}} {
		st := setup(t, y, map[string]string{"lieutenant-hidden": tc.ruling})
		do(t, st, "blue", EndOrders{})
		if got := st.army("red").LossOfLieutenant; got != tc.lol {
			t.Errorf("lieutenant-hidden %s: Loss of Lieutenant %v", tc.ruling, got)
		}
	}
}

// Delayed ARO (N4): against a marker that has not revealed itself, a trooper
// may delay its ARO to the second window, where it may react to what the
// marker revealed.
func TestDelayedAROAgainstMarker(t *testing.T) {
	st := setup(t, concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270"), nil)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "scout", Order: OrderRegular, Skill: move([2]float64{10, 10})})
	ev := do(t, st, "blue", AROs{})
	if a := ev[0].(AROsDeclared); len(a.Forfeited) != 0 {
		t.Fatalf("silence against a marker forfeits nothing: %+v", a)
	}
	do(t, st, "red", Second{Skill: Skill{Name: SkillBSAttack, Target: "fusilier"}})
	if st.Order.Step != StepARO2 {
		t.Fatalf("step %s", st.Order.Step)
	}
	do(t, st, "blue", AROs{Declarations: []ARODecl{{Trooper: "fusilier", Skill: Skill{Name: SkillBSAttack, Target: "scout"}}}})
}

// Line of Fire (N4): markers do not block Line of Fire — a Camouflaged marker
// standing between the fusilier and the zhanshi hides nothing — while a
// trooper in the open does.
func TestMarkersDoNotBlockLoF(t *testing.T) {
	st := setup(t, strings.Replace(concealYAML("at: [19, 17.5], facing: 270, silhouette: 5", "at: [2, 30], facing: 270"),
		"at: [10, 4], facing: 90", "at: [10, 7], facing: 45", 1), nil)
	fus, zh, scout := st.modelIndex("fusilier"), st.modelIndex("zhanshi"), st.modelIndex("scout")
	if !st.lof(st.Models[fus], st.Models[zh].base(), fus, zh) {
		t.Fatal("the marker blocks the fusilier's LoF to the zhanshi")
	}
	st.Troopers[st.Models[scout].Trooper].States.Camouflaged = false
	if st.lof(st.Models[fus], st.Models[zh].base(), fus, zh) {
		t.Fatal("the scout in the open does not block: the test does not test")
	}
}

// Camouflaged (N4) and Impersonation (N4): the opponent is shown markers in
// the order of their labels on every channel that lists them — its view's
// troopers and models, its menu's targets, a redacted ARO declaration — so
// that their place never tells which trooper a marker is. Here the
// army-list order and the label order disagree.
func TestMarkersInLabelOrder(t *testing.T) {
	yaml := strings.Replace(concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270"),
		"      - {id: sniper,", "      - {id: scout-2, profile: scout, deployment: marker, models: [{id: scout-2, at: [14, 12], facing: 270}]}\n      - {id: sniper,", 1)
	yaml = strings.Replace(yaml, "troopers: [zhanshi, scout, sniper]", "troopers: [zhanshi, scout, scout-2, sniper]", 1)
	st := setup(t, yaml, nil)
	first, second := st.trooperIndex("scout"), st.trooperIndex("scout-2")
	st.Troopers[first].Marker, st.Troopers[second].Marker = "red-marker-2", "red-marker-1"
	want := []string{"red-marker-1", "red-marker-2"}
	markers := func(ids []string) []string {
		var out []string
		for _, id := range ids {
			if strings.HasPrefix(id, "red-marker-") && !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
		return out
	}

	v := st.Observe(rules.PlayerView("blue")).(View)
	var troopers, models []string
	for _, tv := range v.Troopers {
		troopers = append(troopers, tv.ID)
	}
	for _, mv := range v.Models {
		models = append(models, mv.ID)
	}
	var targets []string
	for _, o := range st.Legal("blue") {
		if a, ok := asAction[Activate](o.Action); ok {
			targets = append(targets, a.Skill.Target)
		}
	}
	e, ok := st.Redact(AROsDeclared{Window: 1, Forfeited: []string{"scout", "scout-2"}}, rules.PlayerView("blue"))
	if !ok {
		t.Fatal("blue is not shown the ARO declaration")
	}
	for _, c := range []struct {
		channel string
		ids     []string
	}{
		{"view's troopers", troopers}, {"view's models", models}, {"menu's targets", targets},
		{"ARO declaration's forfeits", e.(AROsDeclared).Forfeited},
	} {
		if got := markers(c.ids); !slices.Equal(got, want) {
			t.Errorf("blue's %s list the markers as %q, want %q", c.channel, got, want)
		}
	}
}
