package infinity

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// coordinatedYAML is blue's four line troopers standing a line at y 4 (x
// 4, 6, 8, 10) with its captain (Lieutenant) apart, all of combat group
// 1, and a militia (Irregular) of the same group; red's watcher stands at
// (10, 20) facing them. extra is added to blue's side.
func coordinatedYAML(extra string) string {
	return `name: test
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: captain, profile: fusilier, lieutenant: true, models: [{id: captain, at: [22, 1], facing: 90}]}
      - {id: line-0, profile: line-trooper, models: [{id: line-0, at: [4, 4], facing: 90}]}
      - {id: line-1, profile: line-trooper, models: [{id: line-1, at: [6, 4], facing: 90}]}
      - {id: line-2, profile: line-trooper, models: [{id: line-2, at: [8, 4], facing: 90}]}
      - {id: line-3, profile: line-trooper, models: [{id: line-3, at: [10, 4], facing: 90}]}
      - {id: militia, profile: militia, models: [{id: militia, at: [14, 4], facing: 90}]}
      - {id: other, profile: line-trooper, models: [{id: other, at: [18, 4], facing: 90}]}
    combat-groups: [{name: "1", troopers: [captain, line-0, line-1, line-2, line-3, militia]}, {name: "2", troopers: [other]}]
` + extra + `  - seat: red
    troopers:
      - {id: watcher, profile: fusilier, lieutenant: true, models: [{id: watcher, at: [10, 20], facing: 270}]}
    combat-groups: [{name: "1", troopers: [watcher]}]
initiative: blue
rounds: 2
`
}

func idle() Skill { return Skill{Name: SkillIdle} }

// Coordinated Orders (N4), Requirements: a Command Token and a Regular
// Order of the participants' combat group; up to four troopers; one
// combat group; one Training; declared in the Orders Phase. Ordo refuses
// a Fireteam member (its Regular Order is its Fireteam's). Each refusal
// names its rule and changes nothing.
func TestCoordinatedOrderRequirements(t *testing.T) {
	for _, c := range []struct {
		name    string
		extra   string
		prepare func(*State)
		a       Coordinate
		code    rules.Code
		want    string
	}{
		{"no Command Token", "", func(st *State) { st.Armies[0].CommandTokens = 0 },
			Coordinate{Spearhead: "line-0", Followers: []string{"line-1"}, Skill: idle()}, rules.CodeIllegal, "a Coordinated Order needs a Command Token"},
		{"five troopers", "", nil,
			Coordinate{Spearhead: "line-0", Followers: []string{"line-1", "line-2", "line-3", "captain"}, Skill: idle()}, rules.CodeIllegal, "up to 4 troopers"},
		{"no follower", "", nil, Coordinate{Spearhead: "line-0", Skill: idle()}, rules.CodeBadAction, "names the troopers that join"},
		{"another combat group", "", nil,
			Coordinate{Spearhead: "line-0", Followers: []string{"other"}, Skill: idle()}, rules.CodeIllegal, "troopers of one combat group"},
		{"another Training", "", nil,
			Coordinate{Spearhead: "line-0", Followers: []string{"militia"}, Skill: idle()}, rules.CodeIllegal, "militia is Irregular and the Spearhead Regular: a Coordinated Order joins troopers of the same Training"},
		{"a Fireteam member", "    fireteams: [{type: duo, leader: line-2, members: [line-2, line-3]}]\n", nil,
			Coordinate{Spearhead: "line-0", Followers: []string{"line-3"}, Skill: idle()}, rules.CodeIllegal, "line-3 is in a Fireteam"},
		{"an enemy", "", nil,
			Coordinate{Spearhead: "line-0", Followers: []string{"watcher"}, Skill: idle()}, rules.CodeBadAction, "is not a trooper of blue"},
		{"named twice", "", nil,
			Coordinate{Spearhead: "line-0", Followers: []string{"line-1", "line-1"}, Skill: idle()}, rules.CodeBadAction, "named twice"},
		{"empty pool", "", func(st *State) { st.Armies[0].Groups[0].Pool = 0 },
			Coordinate{Spearhead: "line-0", Followers: []string{"line-1"}, Skill: idle()}, rules.CodeIllegal, "no Regular Order left"},
		{"a Dead follower", "", func(st *State) { st.Troopers[st.trooperIndex("line-1")].States.Dead = true },
			Coordinate{Spearhead: "line-0", Followers: []string{"line-1"}, Skill: idle()}, rules.CodeIllegal, "cannot be activated"},
		{"a skill Ordo does not coordinate", "", nil,
			Coordinate{Spearhead: "line-0", Followers: []string{"line-1"}, Skill: Skill{Name: SkillDiscover, Target: "watcher"}}, rules.CodeIllegal, "Move, BS Attack, CC Attack and Idle"},
		{"a split Burst", "", nil,
			Coordinate{Spearhead: "line-0", Followers: []string{"line-1"}, Skill: Skill{Name: SkillBSAttack, Split: []BurstShare{{Target: "watcher", Dice: 3}}}}, rules.CodeIllegal, "same single target"},
		{"a follower's route with an attack", "", nil,
			Coordinate{Spearhead: "line-0", Followers: []string{"line-1"}, Skill: Skill{Name: SkillBSAttack, Target: "watcher"}, Team: []TeamMove{{Trooper: "line-1", Route: [][2]float64{{6, 6}}}}}, rules.CodeIllegal, "follow only a Move"},
		{"a route too long", "", nil,
			Coordinate{Spearhead: "line-0", Followers: []string{"line-1"}, Skill: move([2]float64{4, 6}), Team: []TeamMove{{Trooper: "line-1", Route: [][2]float64{{6, 12}}}}}, rules.CodeIllegal, "line-1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := setup(t, coordinatedYAML(c.extra), nil)
			if c.prepare != nil {
				c.prepare(st)
			}
			before, _ := json.Marshal(st)
			refused(t, st, "blue", c.a, c.code, c.want)
			if after, _ := json.Marshal(st); string(after) != string(before) {
				t.Fatal("a refused Coordinated Order changed the state")
			}
		})
	}
	// Only in the Orders Phase of the army's own Active Turn.
	st := setup(t, coordinatedYAML(""), nil)
	do(t, st, "blue", Activate{Trooper: "captain", Order: OrderRegular, Skill: move([2]float64{22, 3})})
	_, err := st.Apply("blue", Coordinate{Spearhead: "line-0", Followers: []string{"line-1"}, Skill: idle()}, nil)
	if err == nil {
		t.Fatal("a Coordinated Order accepted while an Order is under way")
	}
}

// Coordinated Orders (N4), Effects: the participants Move together, each
// along its own route; the Order costs one Regular Order and one Command
// Token; every viewer sees the participants (by their labels for the
// opponent).
func TestCoordinatedOrderMove(t *testing.T) {
	st := setup(t, coordinatedYAML(""), nil)
	pool, tokens := st.Armies[0].Groups[0].Pool, st.Armies[0].CommandTokens
	ev := do(t, st, "blue", Coordinate{Spearhead: "line-0", Followers: []string{"line-1", "line-2"}, Skill: move([2]float64{4, 7}),
		Team: []TeamMove{{Trooper: "line-1", Route: [][2]float64{{6, 7}}}, {Trooper: "line-2", Route: [][2]float64{{8, 8}}}}})
	if got := st.Armies[0].Groups[0].Pool; got != pool-1 {
		t.Fatalf("pool %d, want %d", got, pool-1)
	}
	if got := st.Armies[0].CommandTokens; got != tokens-1 {
		t.Fatalf("Command Tokens %d, want %d", got, tokens-1)
	}
	if !hasEvent(ev, "coordinated") {
		t.Fatalf("no coordinated event in %v", ev)
	}
	red, _ := json.Marshal(st.Observe(rules.PlayerView("red")))
	if !strings.Contains(string(red), st.label(st.trooperIndex("line-2"))) || !strings.Contains(string(red), `"coordinated":true`) {
		t.Fatalf("red does not see the Coordinated Order: %s", red)
	}
	passAROs(t, st)
	do(t, st, "blue", Second{Skill: move([2]float64{4, 9}), Team: []TeamMove{{Trooper: "line-1", Route: [][2]float64{{6, 9}}}}})
	passAROs(t, st)
	do(t, st, "chance", Resolve{})
	for id, want := range map[string][2]float64{"line-0": {4, 9}, "line-1": {6, 9}, "line-2": {8, 8}, "line-3": {10, 4}} {
		if got := st.Models[st.modelOf(st.trooperIndex(id))].At; got != want {
			t.Errorf("%s at %v, want %v", id, got, want)
		}
	}
}

// Coordinated Orders (N4), Effects: in a BS Attack the Spearhead rolls
// half its Burst rounded up (B3: 2 dice), every other participant B1,
// against the same target; the target's Dodge is one roll compared with
// each attack, and it succeeds only if it beats them all.
func TestCoordinatedOrderBurst(t *testing.T) {
	st := setup(t, coordinatedYAML(""), nil)
	do(t, st, "blue", Coordinate{Spearhead: "line-0", Followers: []string{"line-1", "line-2", "line-3"}, Skill: Skill{Name: SkillBSAttack, Target: "watcher"}})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: idle()})
	// Spearhead 2 dice, three followers 1 each, the Dodge 1: all miss
	// (20s against BS 11 +3 and PH 11) but the Dodge's 5 beats nothing it
	// faces: every attack missed, so the Dodge wins each comparison.
	ev := do(t, st, "chance", Resolve{}, 20, 20, 20, 20, 20, 5)
	r := rolledBy(ev)
	for id, want := range map[string]int{"line-0": 2, "line-1": 1, "line-2": 1, "line-3": 1} {
		if got := len(r[id].Dice); got != want {
			t.Errorf("%s rolled %d dice, want %d", id, got, want)
		}
		if r[id].Roll != "face-to-face" {
			t.Errorf("%s's roll is %s, want face-to-face against the Dodge", id, r[id].Roll)
		}
	}
	if st.Order == nil || !slices.Contains(st.Order.Dodgers, st.trooperIndex("watcher")) {
		t.Fatalf("the Dodge beat every attack and should move: %v", ev)
	}
	// The same, but line-3 rolls 9: it beats the Dodge's 5, so the Dodge
	// fails although it beat the other three (one more die: the save).
	st = setup(t, coordinatedYAML(""), nil)
	do(t, st, "blue", Coordinate{Spearhead: "line-0", Followers: []string{"line-1", "line-2", "line-3"}, Skill: Skill{Name: SkillBSAttack, Target: "watcher"}})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillDodge}}}})
	do(t, st, "blue", Second{Skill: idle()})
	ev = do(t, st, "chance", Resolve{}, 20, 20, 20, 20, 9, 5, 1)
	if st.Order != nil && slices.Contains(st.Order.Dodgers, st.trooperIndex("watcher")) {
		t.Fatalf("the Dodge lost to line-3 and still moves: %v", ev)
	}
	if r := rolledBy(ev)["line-3"]; r.Hits+r.Crits != 1 {
		t.Fatalf("line-3's attack %+v: want one hit through the failed Dodge", r)
	}
}

// Coordinated Orders (N4): a participant that does not meet the attack's
// requirements (here, no Line of Fire: it faces away) performs an Idle,
// while the others attack; each reactive trooper may react against any
// participant, here the one that does not attack it (a Normal Roll on
// each side).
func TestCoordinatedOrderFollowerIdleAndARO(t *testing.T) {
	yaml := strings.Replace(coordinatedYAML(""), "{id: line-3, at: [10, 4], facing: 90}", "{id: line-3, at: [10, 4], facing: 270}", 1)
	st := setup(t, yaml, nil)
	do(t, st, "blue", Coordinate{Spearhead: "line-0", Followers: []string{"line-3"}, Skill: Skill{Name: SkillBSAttack, Target: "watcher"}})
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillBSAttack, Target: "line-3"}}}})
	do(t, st, "blue", Second{Skill: idle()})
	ev := do(t, st, "chance", Resolve{}, 20, 20, 20)
	r := rolledBy(ev)
	if len(r["line-0"].Dice) != 2 || r["line-0"].Roll != "normal" {
		t.Fatalf("the Spearhead's roll %+v: want 2 dice, a Normal Roll (the watcher shoots another)", r["line-0"])
	}
	if len(r["watcher"].Dice) != 1 || r["watcher"].Roll != "normal" {
		t.Fatalf("the watcher's roll %+v: want B1, a Normal Roll", r["watcher"])
	}
	if _, ok := r["line-3"]; ok {
		t.Fatalf("line-3 rolled without Line of Fire: %+v", r["line-3"])
	}
	idled := false
	for _, e := range ev {
		if b, ok := e.(BecameIdle); ok && b.Trooper == "line-3" {
			idled = true
		}
	}
	if !idled {
		t.Fatalf("line-3 did not become Idle: %v", ev)
	}
}

// Coordinated Orders (N4) in the menu: the Orders Phase offers Coordinated
// Orders of the Spearhead's combat group (Idle, moving in formation,
// attacking), and greys a trooper of another Training with its reason;
// without a Command Token the Coordinated Order is greyed with that.
func TestCoordinatedOrderMenu(t *testing.T) {
	st := setup(t, coordinatedYAML(""), nil)
	var legal, move, attack int
	var reasons []string
	for _, o := range st.Legal("blue") {
		c, ok := o.Action.(Coordinate)
		if !ok {
			continue
		}
		if o.Illegal != nil {
			reasons = append(reasons, o.Illegal.Error())
			continue
		}
		legal++
		switch c.Skill.Name {
		case SkillMove:
			move++
		case SkillBSAttack:
			attack++
		}
		if _, err := st.clone().Apply("blue", c, nil); err != nil && c.Skill.Name != SkillBSAttack {
			t.Fatalf("a legal entry is refused: %v", err)
		}
	}
	if legal == 0 || move == 0 || attack != 1 {
		t.Fatalf("%d legal Coordinated Orders (%d moves, %d attacks), want moves and one attack", legal, move, attack)
	}
	if !slices.ContainsFunc(reasons, func(r string) bool { return strings.Contains(r, "same Training") }) {
		t.Fatalf("no entry greyed for the militia's Training: %v", reasons)
	}
	st.Armies[0].CommandTokens = 0
	for _, o := range st.Legal("blue") {
		if _, ok := o.Action.(Coordinate); ok && o.Illegal == nil {
			t.Fatalf("a Coordinated Order is legal without a Command Token: %v", o.Action)
		}
	}
	greyed := false
	for _, o := range st.Legal("blue") {
		if _, ok := o.Action.(Coordinate); ok && o.Illegal != nil && strings.Contains(o.Illegal.Error(), "needs a Command Token") {
			greyed = true
		}
	}
	if !greyed {
		t.Fatal("no Coordinated Order greyed for the missing Command Token")
	}
}

// Coordinated Orders (N4), CC Attack: only the Spearhead attacks, with
// half its Burst rounded up (a CC Weapon's B1 stays 1) and +1 for each
// other participant in silhouette contact with the target: line-1
// touches the watcher, line-2 does not, so the Spearhead rolls 2 dice and
// the others none.
func TestCoordinatedOrderCCAttack(t *testing.T) {
	d := 2 * baseRadius[2]
	y := coordinatedYAML("")
	for from, to := range map[string]string{
		"{id: line-0, at: [4, 4], facing: 90}":     "{id: line-0, at: [10, 10], facing: 90}",
		"{id: line-1, at: [6, 4], facing: 90}":     fmt.Sprintf("{id: line-1, at: [%v, %v], facing: 90}", 10+d, 10+d),
		"{id: watcher, at: [10, 20], facing: 270}": fmt.Sprintf("{id: watcher, at: [10, %v], facing: 270}", 10+d),
	} {
		if !strings.Contains(y, from) {
			t.Fatalf("no %q to replace", from)
		}
		y = strings.Replace(y, from, to, 1)
	}
	st := setup(t, y, nil)
	do(t, st, "blue", Coordinate{Spearhead: "line-0", Followers: []string{"line-1", "line-2"}, Skill: Skill{Name: SkillCCAttack, Target: "watcher"}})
	passAROs(t, st)
	do(t, st, "blue", Second{Skill: idle()})
	passAROs(t, st)
	ev := do(t, st, "chance", Resolve{}, 20, 20)
	r := rolledBy(ev)
	if got := len(r["line-0"].Dice); got != 2 {
		t.Fatalf("the Spearhead rolled %d dice, want 2 (B1 halved to 1, +1 for line-1 in contact)", got)
	}
	for _, id := range []string{"line-1", "line-2"} {
		if _, ok := r[id]; ok {
			t.Fatalf("%s rolled in a Coordinated CC Attack: %+v", id, r[id])
		}
	}
}

// The N4 demo offers Coordinated Orders, so its random playouts and the
// conformance suite play them (Coordinated Orders (N4)).
func TestCoordinatedOrderInN4Demo(t *testing.T) {
	st := setupFile(t, "../data/scenarios/n4-demo.yaml")
	n := 0
	for _, o := range st.Legal("blue") {
		if _, ok := Plain(o.Action).(Coordinate); ok && o.Illegal == nil {
			n++
		}
	}
	if n == 0 {
		t.Fatal("the N4 demo's first menu offers no legal Coordinated Order")
	}
}
