package infinity

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// fireteamYAML is blue's Fireteam of n line troopers (a Core from three
// members, a Duo of two) standing a line at y 4, x 4, 6, 8..., led by
// line-0, with the Lieutenant apart; red's watcher stands at (10, 20)
// facing them. extra is added to blue's side.
func fireteamYAML(n int, typ, extra string) string {
	var b, ids, members strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "      - {id: line-%d, profile: line-trooper, models: [{id: line-%d, at: [%d, 4], facing: 90}]}\n", i, i, 4+2*i)
		fmt.Fprintf(&ids, ", line-%d", i)
		if i > 0 {
			members.WriteString(", ")
		}
		fmt.Fprintf(&members, "line-%d", i)
	}
	return `name: test
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: captain, profile: fusilier, lieutenant: true, models: [{id: captain, at: [22, 1], facing: 90}]}
` + b.String() + `    combat-groups: [{name: "1", troopers: [captain` + ids.String() + `]}]
    fireteams: [{type: ` + typ + `, leader: line-0, members: [` + members.String() + `]}]
` + extra + `  - seat: red
    troopers:
      - {id: watcher, profile: fusilier, lieutenant: true, models: [{id: watcher, at: [10, 20], facing: 270}]}
    combat-groups: [{name: "1", troopers: [watcher]}]
initiative: blue
rounds: 2
`
}

// Fireteams (N4), forming: a Fireteam is declared with its type's number
// of members (Core 3 to 5, Haris 3, Duo 2), all of one combat group and on
// the table, a trooper in one Fireteam at most, the leader among them, and
// every member in Coherency (the leader's Zone of Control); Infiltration
// and Airborne Deployment troopers, Irregular troopers and G: Jumper
// Proxies cannot join. A good declaration is in every viewer's
// observation.
func TestFireteamFormingRules(t *testing.T) {
	st := setup(t, fireteamYAML(5, "core", ""), nil)
	b, _ := json.Marshal(st.Observe(rules.PlayerView("blue")))
	if !strings.Contains(string(b), `"fireteams":[{"type":"core","leader":"line-0","members":["line-0","line-1","line-2","line-3","line-4"]}]`) {
		t.Fatalf("blue does not see its Fireteam: %s", b)
	}
	// The opponent and spectators see it by the members' public labels.
	var labels []string
	for i := range 5 {
		labels = append(labels, `"`+st.label(st.trooperIndex(fmt.Sprintf("line-%d", i)))+`"`)
	}
	want := `"fireteams":[{"type":"core","leader":` + labels[0] + `,"members":[` + strings.Join(labels, ",") + `]}]`
	for _, v := range []rules.Viewer{rules.PlayerView("red"), rules.Spectator()} {
		b, _ := json.Marshal(st.Observe(v))
		if !strings.Contains(string(b), want) || strings.Contains(string(b), `"line-0"`) {
			t.Fatalf("%v does not see the Fireteam by its labels (%s): %s", v, want, b)
		}
	}
	rs := ruleset(t)
	for _, c := range []struct {
		name, yaml, want string
	}{
		{"Core of six", fireteamYAML(6, "core", ""), "formed with 3 to 5 members, this one has 6"},
		{"Core of two", fireteamYAML(2, "core", ""), "formed with 3 to 5 members, this one has 2"},
		{"Haris of four", fireteamYAML(4, "haris", ""), "Fireteam haris is formed with 3 members, this one has 4"},
		{"Duo of three", fireteamYAML(3, "duo", ""), "Fireteam duo is formed with 2 members, this one has 3"},
		{"unknown type", fireteamYAML(3, "squad", ""), "must be core, haris or duo"},
		{"twice", fireteamYAML(3, "core", "    fireteams: [{type: duo, leader: line-0, members: [line-0, line-1]}]\n"), ""},
		{"leader not a member", strings.Replace(fireteamYAML(3, "core", ""), "leader: line-0", "leader: captain", 1), "not one of its members"},
		{"unknown member", strings.Replace(fireteamYAML(3, "core", ""), "members: [line-0, line-1, line-2]", "members: [line-0, line-1, ghost]", 1), `no trooper "ghost"`},
		{"enemy member", strings.Replace(fireteamYAML(3, "core", ""), "members: [line-0, line-1, line-2]", "members: [line-0, line-1, watcher]", 1), `belongs to side "red"`},
		{"out of Coherency", strings.Replace(fireteamYAML(3, "core", ""), "at: [8, 4]", "at: [8, 16]", 1), "out of Coherency with the Fireteam Leader"},
		{"Infiltration", strings.Replace(fireteamYAML(3, "core", ""), "{id: line-2, profile: line-trooper", "{id: line-2, profile: scout", 1), "Infiltration"},
		{"in Hidden Deployment", strings.Replace(fireteamYAML(3, "core", ""), "{id: line-2, profile: line-trooper,", "{id: line-2, profile: line-trooper, deployment: hidden,", 1), "cannot be part of a Fireteam"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc, err := parseScenario(rs, c.yaml)
			if err == nil {
				_, err = rs.Setup(sc, rules.Rulings{})
			}
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want %q", err, c.want)
			}
		})
	}
}

// Fireteams (N4), the Fireteam Order: one Regular Order activates the
// whole Fireteam. The trooper it is declared for leads it (it takes the
// Fireteam Leader Token); when it Moves the members Move with it, each
// along its own route and within its own MOV; a member given no route
// stays. Only the pool's one Order is spent.
func TestFireteamOrderMovesTogether(t *testing.T) {
	st := setup(t, fireteamYAML(3, "core", ""), nil)
	pool := st.Armies[0].Groups[0].Pool
	ev := do(t, st, "blue", Activate{Trooper: "line-1", Order: OrderRegular, Skill: move([2]float64{6, 8}),
		Team: []TeamMove{{Trooper: "line-0", Route: [][2]float64{{4, 8}}}}})
	if got := st.Armies[0].Groups[0].Pool; got != pool-1 {
		t.Fatalf("pool %d, want %d: a Fireteam Order spends one Regular Order", got, pool-1)
	}
	if st.Armies[0].Fireteams[0].Leader != "line-1" || !hasEvent(ev, "fireteam-changed") {
		t.Fatalf("line-1 does not lead: %+v, events %v", st.Armies[0].Fireteams[0], ev)
	}
	// The opponent reads the events by the troopers' public labels.
	for _, e := range ev {
		if r, ok := st.Redact(e, rules.PlayerView("red")); ok {
			if b, _ := json.Marshal(r); strings.Contains(string(b), `"line-`) {
				t.Fatalf("red's view of %s names an author's id: %s", e.Kind(), b)
			}
		}
	}
	if st.Order.TeamSize != 3 || len(st.Order.Team) != 2 {
		t.Fatalf("the Order activates %d members (size %d), want the 2 others (size 3)", len(st.Order.Team), st.Order.TeamSize)
	}
	// The observation shows the members the Order activates and their
	// paths: by id to their owner, by label to the opponent.
	for _, c := range []struct {
		v    rules.Viewer
		name string
	}{{rules.PlayerView("blue"), "line-0"}, {rules.PlayerView("red"), st.label(st.trooperIndex("line-0"))}} {
		ov := st.Observe(c.v).(View).Order
		if ov == nil || len(ov.Team) != 2 || ov.Team[0].Trooper != c.name || len(ov.Team[0].Path) != 2 {
			t.Fatalf("%v's view of the Order: %+v", c.v, ov)
		}
	}
	passAROs(t, st)
	do(t, st, "blue", Second{Skill: move([2]float64{6, 10}), Team: []TeamMove{{Trooper: "line-0", Route: [][2]float64{{4, 10}}}, {Trooper: "line-2", Route: [][2]float64{{8, 6}}}}})
	passAROs(t, st)
	do(t, st, "chance", Resolve{})
	for id, want := range map[string][2]float64{"line-0": {4, 10}, "line-1": {6, 10}, "line-2": {8, 6}} {
		if got := st.Models[st.modelIndex(id)].At; got != want {
			t.Errorf("%s at %v, want %v", id, got, want)
		}
	}
	if st.Order != nil || len(st.Armies[0].Fireteams) != 1 || len(st.Armies[0].Fireteams[0].Members) != 3 {
		t.Fatalf("after the Order: %+v, %+v", st.Order, st.Armies[0].Fireteams)
	}
}

// Fireteams (N4): the members follow only the leader's Move (any other
// skill they perform as an Idle), each route is the member's own legal Move
// (its MOV, the table), no two members end on one spot, only the members
// the Order activates move, and only a Fireteam Order moves anyone but the
// active trooper. A refused activation changes nothing.
func TestFireteamOrderRefusals(t *testing.T) {
	st := setup(t, fireteamYAML(3, "core", ""), nil)
	before, _ := json.Marshal(st)
	team := func(id string, to ...[2]float64) []TeamMove { return []TeamMove{{Trooper: id, Route: to}} }
	for _, c := range []struct {
		name string
		a    Activate
		code rules.Code
		want string
	}{
		{"BS Attack", Activate{Trooper: "line-0", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "watcher"}, Team: team("line-1", [2]float64{6, 6})}, rules.CodeIllegal, "follow only a Move"},
		{"past MOV", Activate{Trooper: "line-0", Order: OrderRegular, Skill: move([2]float64{4, 6}), Team: team("line-1", [2]float64{6, 9})}, rules.CodeIllegal, "line-1: route of 5.00\" is longer than MOV 4\""},
		{"same spot", Activate{Trooper: "line-0", Order: OrderRegular, Skill: move([2]float64{5, 7}), Team: team("line-1", [2]float64{5, 7})}, rules.CodeIllegal, "ends on another activated trooper's base"},
		{"not a member", Activate{Trooper: "line-0", Order: OrderRegular, Skill: move([2]float64{4, 6}), Team: team("captain", [2]float64{22, 3})}, rules.CodeIllegal, "not one of the troopers this Order activates"},
		{"not a Fireteam Order", Activate{Trooper: "captain", Order: OrderRegular, Skill: move([2]float64{22, 3}), Team: team("line-1", [2]float64{6, 6})}, rules.CodeIllegal, "only a Fireteam Order"},
		{"Lieutenant Special Order", Activate{Trooper: "line-0", Order: OrderLieutenant, Skill: move([2]float64{4, 6}), Team: team("line-1", [2]float64{6, 6})}, rules.CodeIllegal, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			refused(t, st, "blue", c.a, c.code, c.want)
			after, _ := json.Marshal(st)
			if string(after) != string(before) {
				t.Fatal("a refused activation changed the state")
			}
		})
	}
}

// Fireteams (N4), the Fireteam bonuses: with 3 members or more the leader's
// BS Attack with a BS Weapon rolls one more die than the weapon's Burst in
// the Active Turn (a Duo's does not); in the Reactive Turn every member's
// ARO gets it (B2).
func TestFireteamBurstBonus(t *testing.T) {
	for _, c := range []struct {
		n    int
		typ  string
		dice int
	}{{2, "duo", 3}, {3, "core", 4}} {
		t.Run(c.typ, func(t *testing.T) {
			st := setup(t, fireteamYAML(c.n, c.typ, ""), nil)
			do(t, st, "blue", Activate{Trooper: "line-0", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "watcher"}})
			do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillDodge}}}})
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			faces := make([]int, c.dice+1)
			for i := range faces {
				faces[i] = 20
			}
			ev := do(t, st, "chance", Resolve{}, faces...)
			if got := len(rolledBy(ev)["line-0"].Dice); got != c.dice {
				t.Fatalf("the leader rolled %d dice, want %d", got, c.dice)
			}
		})
	}
	// Reactive Turn: red's fusilier activates in view of the Core.
	st := setup(t, fireteamYAML(3, "core", ""), nil)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "watcher", Order: OrderRegular, Skill: move([2]float64{10, 19})})
	do(t, st, "blue", AROs{Declarations: []ARODecl{
		{Trooper: "line-1", Skill: Skill{Name: SkillBSAttack, Target: "watcher"}},
		{Trooper: "line-2", Skill: Skill{Name: SkillBSAttack, Target: "watcher"}},
	}})
	do(t, st, "red", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, "chance", Resolve{}, 20, 20, 20, 20)
	for _, id := range []string{"line-1", "line-2"} {
		if got := len(rolledBy(ev)[id].Dice); got != 2 {
			t.Fatalf("%s rolled %d dice in ARO, want 2 (B1 +1, Fireteams (N4))", id, got)
		}
	}
}

// Fireteam Integrity (N4): at the end of the Order a member out of
// Coherency (the leader's Zone of Control) leaves the Fireteam, and a
// Fireteam left with one member is dissolved.
func TestFireteamIntegrityCoherency(t *testing.T) {
	st := setup(t, fireteamYAML(2, "duo", ""), nil)
	// The leader runs off 8" in two Moves; the other stays.
	do(t, st, "blue", Activate{Trooper: "line-0", Order: OrderRegular, Skill: move([2]float64{4, 8})})
	passAROs(t, st)
	do(t, st, "blue", Second{Skill: move([2]float64{4, 12}), Team: []TeamMove{{Trooper: "line-1", Route: [][2]float64{{9, 2}}}}})
	passAROs(t, st)
	ev := do(t, st, "chance", Resolve{})
	if len(st.Armies[0].Fireteams) != 0 {
		t.Fatalf("the Duo holds: %+v", st.Armies[0].Fireteams)
	}
	var fc *FireteamChanged
	for _, e := range ev {
		if c, ok := e.(FireteamChanged); ok {
			fc = &c
		}
	}
	if fc == nil || !fc.Dissolved || fc.Why != "out of Coherency with the leader" {
		t.Fatalf("events %v", ev)
	}
}

// Fireteam Integrity (N4): a member spending an Irregular Order or the
// Lieutenant Special Order leaves; here the Duo is dissolved.
func TestFireteamIntegrityOtherOrder(t *testing.T) {
	y := strings.Replace(fireteamYAML(2, "duo", ""), "{id: captain, profile: fusilier, lieutenant: true,", "{id: captain, profile: fusilier,", 1)
	y = strings.Replace(y, "{id: line-0, profile: line-trooper,", "{id: line-0, profile: line-trooper, lieutenant: true,", 1)
	st := setup(t, y, nil)
	do(t, st, "blue", Activate{Trooper: "line-0", Order: OrderLieutenant, Skill: move([2]float64{4, 6})})
	if len(st.Armies[0].Fireteams) != 0 {
		t.Fatalf("the Duo holds after its member spent the Lieutenant Special Order: %+v", st.Armies[0].Fireteams)
	}
}

// parseScenario parses yaml against the ruleset's catalog.
func parseScenario(rs Ruleset, yaml string) (*scenario.Scenario, error) {
	return scenario.Parse("test.yaml", []byte(yaml), scenario.Options{Catalog: rs.Catalog})
}

// passAROs answers an open ARO window with no ARO.
func passAROs(t *testing.T, st *State) {
	t.Helper()
	if p := st.Prompt(); p.Window == string(StepARO1) || p.Window == string(StepARO2) {
		do(t, st, st.reactive(), AROs{})
	}
}

// Fireteams (N4), AROs against a Fireteam Order: each reactive trooper
// chooses one of the troopers the Order activates. Here the sentry's Line
// of Fire meets only line-2, which follows the leader's Move out from
// behind a wall: it may attack line-2 (a Normal Roll, line-2 performs no
// attack), Dodge, but not attack the leader it cannot see.
func TestFireteamAROAgainstMember(t *testing.T) {
	y := strings.Replace(fireteamYAML(3, "core", ""), "at: [10, 20], facing: 270", "at: [20, 4], facing: 180", 1)
	y = strings.Replace(y, "table: {width: 24, height: 24}\n", "table: {width: 24, height: 24}\nterrain:\n  - {name: wall, polygon: [[13, 0], [14, 0], [14, 5], [13, 5]], blocks-lof: true, impassable: true}\n", 1)
	st := setup(t, y, nil)
	do(t, st, "blue", Activate{Trooper: "line-0", Order: OrderRegular, Skill: move([2]float64{3, 4}),
		Team: []TeamMove{{Trooper: "line-2", Route: [][2]float64{{9.5, 7.5}}}}})
	if p := st.Prompt(); p.Window != string(StepARO1) {
		t.Fatalf("no ARO window against line-2's move: %+v", p)
	}
	leader, member := st.publicName(st.trooperIndex("line-0")), st.publicName(st.trooperIndex("line-2"))
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillBSAttack, Target: leader}}}}, rules.CodeIllegal, "")
	// The menu offers the attack on line-2.
	offered := false
	for _, o := range st.Legal("red") {
		if a, ok := Plain(o.Action).(AROs); ok && o.Illegal == nil && len(a.Declarations) == 1 && a.Declarations[0].Skill.Target == member {
			offered = true
		}
	}
	if !offered {
		t.Fatal("the ARO menu offers no attack on line-2")
	}
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillBSAttack, Target: member}}}})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	passAROs(t, st)
	ev := do(t, st, "chance", Resolve{}, 1, 1)
	r := rolledBy(ev)["watcher"]
	if len(r.Dice) != 1 || !hasEvent(ev, "wounded") {
		t.Fatalf("the sentry's roll %+v; events %v", r, ev)
	}
	if w := st.Troopers[st.trooperIndex("line-2")].Wounds; w != 0 {
		t.Fatalf("line-2 has %d W left, want 0 (hit, failed ARM)", w)
	}
	if st.Prompt().Window == string(StepGuts) {
		do(t, st, "chance", Guts{})
	}
}

// Fireteams in the Reactive Turn (N4): every member has its own ARO; the
// Fireteam's ARO is the skill more than half the reacting members
// declared, and a member declaring another leaves the Fireteam at the end
// of the Order.
func TestFireteamAROMajority(t *testing.T) {
	st := setup(t, fireteamYAML(3, "core", ""), nil)
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "watcher", Order: OrderRegular, Skill: move([2]float64{10, 19})})
	do(t, st, "blue", AROs{Declarations: []ARODecl{
		{Trooper: "line-0", Skill: Skill{Name: SkillDodge}},
		{Trooper: "line-1", Skill: Skill{Name: SkillBSAttack, Target: "watcher"}},
		{Trooper: "line-2", Skill: Skill{Name: SkillBSAttack, Target: "watcher"}},
	}})
	do(t, st, "red", Second{Skill: Skill{Name: SkillIdle}})
	ev := do(t, st, "chance", Resolve{}, 20, 20, 20, 20, 20)
	if st.Prompt().Window == string(StepDodgeMove) {
		do(t, st, "blue", DodgeMove{Trooper: "line-0", Stay: true})
	}
	_ = ev
	f := st.Armies[0].Fireteams
	if len(f) != 0 {
		t.Fatalf("the leader reacted off the Fireteam's ARO (BS Attack) and left: the Fireteam is dissolved; got %+v", f)
	}
}

// Fireteams (N4), the menus: a Fireteam member's menu offers the Fireteam
// Order moving in formation (each member the leader's step) along each
// heading, greyed with the reason where a member cannot follow (off the
// table here); its second-skill menu offers the second Move in formation.
func TestFireteamMenuOffersFormation(t *testing.T) {
	st := setup(t, fireteamYAML(3, "core", ""), nil)
	var legal, greyed []Activate
	for _, o := range st.Legal("blue") {
		if a, ok := Plain(o.Action).(Activate); ok && a.Trooper == "line-0" && len(a.Team) == 2 {
			if o.Illegal == nil {
				legal = append(legal, a)
			} else if strings.Contains(o.Illegal.Error(), "line-") {
				greyed = append(greyed, a)
			}
		}
	}
	if len(legal) == 0 || len(greyed) == 0 {
		t.Fatalf("formation activations: %d legal, %d greyed with a member's reason", len(legal), len(greyed))
	}
	do(t, st, "blue", legal[0])
	passAROs(t, st)
	seconds := 0
	for _, o := range st.Legal("blue") {
		if a, ok := Plain(o.Action).(Second); ok && len(a.Team) == 2 && o.Illegal == nil {
			seconds++
		}
	}
	if seconds == 0 {
		t.Fatal("the second-skill menu offers no Move in formation")
	}
}

// Fireteam Cancellation (N4): an army entering Retreat! loses its
// Fireteams.
func TestFireteamCancelledByRetreat(t *testing.T) {
	st := setup(t, fireteamYAML(3, "core", ""), nil)
	c := st.trooperIndex("captain")
	st.Troopers[c].Cost = 1000 // the army's worth is the captain's
	st.die(c)
	ev, _ := st.retreatCheck("blue")
	if !st.army("blue").Retreat || len(st.army("blue").Fireteams) != 0 || !hasEvent(ev, "fireteam-changed") {
		t.Fatalf("Retreat! %v, Fireteams %+v, events %v", st.army("blue").Retreat, st.army("blue").Fireteams, ev)
	}
}

// Fireteams, NCO and Tactical Awareness (N4): a member with Tactical
// Awareness that spends its Irregular Order leads a Fireteam Order, as if a
// Regular Order had been spent; the pool keeps its Orders.
func TestFireteamTacticalAwarenessOrder(t *testing.T) {
	y := strings.Replace(fireteamYAML(2, "duo", ""), "{id: line-0, profile: line-trooper,", "{id: line-0, profile: aware-trooper,", 1)
	st := setupWithCatalog(t, "testdata/martial/catalog.yaml", y)
	pool := st.Armies[0].Groups[0].Pool
	do(t, st, "blue", Activate{Trooper: "line-0", Order: OrderIrregular, Skill: move([2]float64{4, 6}),
		Team: []TeamMove{{Trooper: "line-1", Route: [][2]float64{{6, 6}}}}})
	if st.Order.TeamSize != 2 || len(st.Armies[0].Fireteams) != 1 || st.Armies[0].Groups[0].Pool != pool {
		t.Fatalf("team size %d, Fireteams %+v, pool %d (was %d)", st.Order.TeamSize, st.Armies[0].Fireteams, st.Armies[0].Groups[0].Pool, pool)
	}
}

// Fireteams (N4), the composition bonus: three or more members of one
// unit give +3 to Discover (the leader's, in a Fireteam Order); a Fireteam
// of three different units does not.
func TestFireteamDiscoverBonus(t *testing.T) {
	for _, c := range []struct {
		name, other string
		bonus       bool
	}{{"one unit", "line-trooper", true}, {"mixed", "fusilier", false}} {
		t.Run(c.name, func(t *testing.T) {
			y := strings.Replace(fireteamYAML(3, "core", ""), "{id: line-2, profile: line-trooper,", "{id: line-2, profile: "+c.other+",", 1)
			y = strings.Replace(y, "    combat-groups: [{name: \"1\", troopers: [watcher]}]", "      - {id: hider, profile: scout, deployment: marker, models: [{id: hider, at: [6, 12], facing: 270}]}\n    combat-groups: [{name: \"1\", troopers: [watcher, hider]}]", 1)
			st := setup(t, y, nil)
			marker := st.Troopers[st.trooperIndex("hider")].Marker
			do(t, st, "blue", Activate{Trooper: "line-0", Order: OrderRegular, Skill: Skill{Name: SkillDiscover, Target: marker}})
			passAROs(t, st)
			do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
			passAROs(t, st)
			ev := do(t, st, "chance", Resolve{}, 20)
			got := false
			for _, m := range rolledBy(ev)["line-0"].SV.Mods {
				got = got || (m.Name == "Fireteam" && m.Value == 3)
			}
			if got != c.bonus {
				t.Fatalf("Fireteam +3 to Discover: %v, want %v (SV %+v)", got, c.bonus, rolledBy(ev)["line-0"].SV)
			}
		})
	}
}

// Fireteams (N4), forming and cancelling during the game: a Command Token
// forms a Fireteam (Command Tokens (N4)) of troopers that may join, in
// Coherency, of one combat group, none in another Fireteam; the menu
// offers it; the player may cancel a Fireteam at will, at no cost.
func TestFireteamFormedWithCommandToken(t *testing.T) {
	st := setup(t, fireteamYAML(3, "core", ""), nil)
	tokens := st.Armies[0].CommandTokens
	refused(t, st, "blue", FormFireteam{Type: "duo", Leader: "line-0", Members: []string{"line-0", "line-1"}}, rules.CodeIllegal, "already in a Fireteam")
	offered := false
	for _, o := range st.Legal("blue") {
		if c, ok := Plain(o.Action).(CancelFireteam); ok && o.Illegal == nil && c.Trooper == "line-0" {
			offered = true
		}
	}
	if !offered {
		t.Fatal("the menu offers no cancellation of the Core")
	}
	ev := do(t, st, "blue", CancelFireteam{Trooper: "line-1"})
	if len(st.Armies[0].Fireteams) != 0 || st.Armies[0].CommandTokens != tokens || !hasEvent(ev, "fireteam-changed") {
		t.Fatalf("after cancelling: %+v, %d tokens", st.Armies[0].Fireteams, st.Armies[0].CommandTokens)
	}
	refused(t, st, "blue", FormFireteam{Type: "haris", Leader: "line-0", Members: []string{"line-0", "line-1"}}, rules.CodeIllegal, "formed with 3 to 3 members")
	refused(t, st, "blue", FormFireteam{Type: "duo", Leader: "line-0", Members: []string{"line-0", "captain"}}, rules.CodeIllegal, "out of Coherency")
	formed := false
	for _, o := range st.Legal("blue") {
		if f, ok := Plain(o.Action).(FormFireteam); ok && o.Illegal == nil && f.Type == "core" && len(f.Members) == 3 {
			formed = true
		}
	}
	if !formed {
		t.Fatal("the menu offers no Core to form")
	}
	ev = do(t, st, "blue", FormFireteam{Type: "duo", Leader: "line-1", Members: []string{"line-1", "line-2"}})
	if len(st.Armies[0].Fireteams) != 1 || st.Armies[0].CommandTokens != tokens-1 || !hasEvent(ev, "fireteam-formed") {
		t.Fatalf("after forming: %+v, %d tokens", st.Armies[0].Fireteams, st.Armies[0].CommandTokens)
	}
	st.Armies[0].CommandTokens = 0
	refused(t, st, "blue", FormFireteam{Type: "duo", Leader: "line-0", Members: []string{"line-0", "captain"}}, rules.CodeIllegal, "Command Token")
}

// Fireteams (N4): four members or more give Sixth Sense (every member's
// in the Reactive Turn), which Stealth does not fool: a Stealth trooper
// moving into the members' Zone of Control behind their backs lets a
// Fireteam of four react, not one of three.
func TestFireteamSixthSense(t *testing.T) {
	for _, c := range []struct {
		n     int
		react bool
	}{{3, false}, {4, true}} {
		y := strings.ReplaceAll(fireteamYAML(c.n, "core", ""), "], facing: 90}]}", "], facing: 270}]}")
		y = strings.Replace(y, "{id: watcher, profile: fusilier, lieutenant: true, models: [{id: watcher, at: [10, 20], facing: 270}]}", "{id: watcher, profile: stealth-scout, lieutenant: true, models: [{id: watcher, at: [10, 16], facing: 270}]}", 1)
		st := setup(t, y, nil)
		do(t, st, "blue", EndOrders{})
		do(t, st, "red", Activate{Trooper: "watcher", Order: OrderRegular, Skill: move([2]float64{10, 12.5})})
		if got := st.Order.Step == StepARO1; got != c.react {
			t.Fatalf("a Fireteam of %d reacts to Stealth: %v, want %v (step %s)", c.n, got, c.react, st.Order.Step)
		}
	}
}

// Fireteams (N4), the composition bonus: five members of one unit give +1
// BS to the leader's BS Attack; five of mixed units do not.
func TestFireteamFiveOfOneUnitBS(t *testing.T) {
	for _, c := range []struct {
		other string
		bonus bool
	}{{"line-trooper", true}, {"fusilier", false}} {
		y := strings.Replace(fireteamYAML(5, "core", ""), "{id: line-4, profile: line-trooper,", "{id: line-4, profile: "+c.other+",", 1)
		st := setup(t, y, nil)
		do(t, st, "blue", Activate{Trooper: "line-0", Order: OrderRegular, Skill: Skill{Name: SkillBSAttack, Target: "watcher"}})
		passAROs(t, st)
		do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
		passAROs(t, st)
		ev := do(t, st, "chance", Resolve{}, 20, 20, 20, 20)
		got := false
		for _, m := range rolledBy(ev)["line-0"].SV.Mods {
			got = got || (m.Name == "Fireteam" && m.Value == 1)
		}
		if got != c.bonus {
			t.Fatalf("with %s: Fireteam +1 BS %v, want %v (SV %+v)", c.other, got, c.bonus, rolledBy(ev)["line-0"].SV)
		}
	}
}

// Fireteam Integrity (N4): a member Possessed by the enemy's hacker acts
// for the enemy from the end of the Order: it cannot stay in the Fireteam
// (a Possessed TAG kept in its owner's Fireteam made a state that does not
// decode: a member not of the army).
func TestFireteamIntegrityPossessed(t *testing.T) {
	st := setup(t, fireteamYAML(3, "core", ""), nil)
	st.Troopers[st.trooperIndex("line-2")].States.Possessed = true
	ev := do(t, st, "blue", Activate{Trooper: "line-0", Order: OrderRegular, Skill: Skill{Name: SkillIdle}})
	for _, a := range []struct {
		seat rules.Seat
		a    rules.Action
	}{{st.reactive(), AROs{}}, {"blue", Second{Skill: Skill{Name: SkillIdle}}}, {st.reactive(), AROs{}}} {
		if slices.Contains(st.Prompt().Seats, a.seat) {
			ev = append(ev, do(t, st, a.seat, a.a)...)
		}
	}
	if slices.Contains(st.Prompt().Seats, rules.ChanceSeat) {
		ev = append(ev, do(t, st, rules.ChanceSeat, Resolve{})...)
	}
	if f := st.Armies[0].Fireteams; len(f) != 1 || slices.Contains(f[0].Members, "line-2") {
		t.Fatalf("the Possessed member is still in the Fireteam: %+v", f)
	}
	left := false
	for _, e := range ev {
		if c, ok := e.(FireteamChanged); ok && slices.Contains(c.Left, "line-2") {
			left = true
		}
	}
	if !left {
		t.Fatalf("no event says line-2 left: %v", ev)
	}
}

// Fireteams (N4) from army lists: the Fireteams a list declares are its
// player's alone through the pre-game (neither the opponent, a spectator
// nor the opponent's belief sees them), and are created as the
// Deployment Phase ends, each led by its first member, with the members
// in Coherency with the leader; one left with fewer members than its type
// is created with is not created, and every viewer is told.
func TestFireteamsFromArmyLists(t *testing.T) {
	st := newMission(t)
	blue := []Fireteam{{Type: "duo", Leader: "blue-fusilier-1", Members: []string{"blue-fusilier-1", "blue-fusilier-2"}}}
	if got := st.army("blue").Fireteams; !slices.EqualFunc(got, blue, func(a, b Fireteam) bool {
		return a.Leader == b.Leader && slices.Equal(a.Members, b.Members) && a.Type == b.Type
	}) {
		t.Fatalf("blue's list Fireteams: %+v", got)
	}
	for _, c := range []struct {
		v    rules.Viewer
		sees bool
	}{{rules.PlayerView("blue"), true}, {rules.PlayerView("red"), false}, {rules.Spectator(), false}} {
		if got := len(armyViewOf(t, st, c.v, "blue").Fireteams) == 1; got != c.sees {
			t.Errorf("%v sees blue's list Fireteams in the pre-game: %v, want %v", c.v, got, c.sees)
		}
	}
	if b := st.Determinize("red", rand.New(rand.NewPCG(1, 2))).(*State); len(b.army("blue").Fireteams) != 0 {
		t.Error("red's belief holds blue's true list Fireteams")
	}

	for _, c := range []struct {
		name string
		at   map[string][3]float64
		want []string // blue's Fireteam's members, none when not created
	}{
		{"in Coherency", nil, []string{"blue-fusilier-1", "blue-fusilier-2"}},
		{"a member out of Coherency", map[string][3]float64{"blue-fusilier-2": {40, 11, 90}}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := startMission(t, "uplink", [2]string{"west-link", "cull"}, c.at)
			fs := st.army("blue").Fireteams
			if c.want == nil {
				if len(fs) != 0 {
					t.Fatalf("a Duo with one member in Coherency was created: %+v", fs)
				}
				return
			}
			if len(fs) != 1 || fs[0].Leader != c.want[0] || !slices.Equal(fs[0].Members, c.want) {
				t.Fatalf("blue's Fireteams as deployment ends: %+v", fs)
			}
			if rf := st.army("red").Fireteams; len(rf) != 1 || rf[0].Leader != "red-zhanshi-1" {
				t.Fatalf("red's Fireteams: %+v", rf)
			}
			if got := armyViewOf(t, st, rules.PlayerView("red"), "blue").Fireteams; len(got) != 1 || !slices.Equal(got[0].Members, c.want) {
				t.Fatalf("red does not see blue's Duo: %+v", got)
			}
		})
	}
}

// Fireteams (N4) from army lists, as deployment ends: the events of the
// creation, and of a Fireteam not created.
func TestFireteamsFromArmyListsEvents(t *testing.T) {
	st := newMission(t)
	for i := range st.Troopers {
		if tr := &st.Troopers[i]; tr.ID == "blue-fusilier-2" {
			st.Models[tr.Models[0]].At = [2]float64{40, 11}
		} else {
			st.Models[tr.Models[0]].At = [2]float64{float64(2 + 3*i), 11}
		}
		st.Models[st.Troopers[i].Models[0]].Removed = false
	}
	ev := st.formListFireteams()
	if len(ev) != 2 {
		t.Fatalf("events %+v", ev)
	}
	if x, ok := ev[0].(FireteamChanged); !ok || !x.Dissolved || x.Seat != "blue" || !strings.Contains(x.Why, "not created") {
		t.Fatalf("blue's Duo: %+v", ev[0])
	}
	if x, ok := ev[1].(FireteamFormed); !ok || x.Seat != "red" || len(x.Members) != 2 {
		t.Fatalf("red's Duo: %+v", ev[1])
	}
}

// armyViewOf is seat's army as viewer v observes it.
func armyViewOf(t *testing.T, st *State, v rules.Viewer, seat rules.Seat) ArmyView {
	t.Helper()
	b, err := json.Marshal(st.Observe(v))
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Armies []ArmyView `json:"armies"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	for _, a := range o.Armies {
		if a.Seat == seat {
			return a
		}
	}
	t.Fatalf("no army %s in the view", seat)
	return ArmyView{}
}

// Fireteams (N4), a Direct Template ARO against a member other than the
// leader: each reactive trooper chooses any one of the troopers the Order
// activates as its target, a template weapon's too (Direct Template
// Weapons (N4)). The militia's Chain Rifle is laid from it toward line-2
// where its Line of Fire meets line-2's move, and line-2, under it, takes
// its hit. An Impact Template or Smoke is still aimed at the leader only.
func TestFireteamTemplateAROAgainstMember(t *testing.T) {
	y := strings.Replace(fireteamYAML(3, "core", ""), "{id: watcher, profile: fusilier, lieutenant: true, models: [{id: watcher, at: [10, 20], facing: 270}]}",
		"{id: watcher, profile: fusilier, lieutenant: true, models: [{id: watcher, at: [22, 22], facing: 270}]}\n      - {id: sentry, profile: militia, models: [{id: sentry, at: [15, 8], facing: 180}]}", 1)
	y = strings.Replace(y, "troopers: [watcher]", "troopers: [watcher, sentry]", 1)
	st := setup(t, y, nil)
	do(t, st, "blue", Activate{Trooper: "line-0", Order: OrderRegular, Skill: move([2]float64{3, 4}),
		Team: []TeamMove{{Trooper: "line-2", Route: [][2]float64{{9.5, 7.5}}}}})
	member := st.publicName(st.trooperIndex("line-2"))
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "sentry", Skill: Skill{Name: SkillBSAttack, Weapon: "chain-rifle", Target: member}}}})
	var aro ARO
	for _, a := range st.Order.AROs {
		if a.Trooper == st.trooperIndex("sentry") {
			aro = a
		}
	}
	if aro.Against-1 != st.trooperIndex("line-2") || !slices.Contains(aro.Affected, st.trooperIndex("line-2")) {
		t.Fatalf("the Chain Rifle's ARO is not laid on line-2: %+v", aro)
	}
	do(t, st, "blue", Second{Skill: Skill{Name: SkillIdle}})
	passAROs(t, st)
	ev := do(t, st, "chance", Resolve{}, 1)
	if w := st.Troopers[st.trooperIndex("line-2")].Wounds; w != 0 || !hasEvent(ev, "wounded") {
		t.Fatalf("line-2 has %d W left, want 0 (under the template, failed ARM); events %v", w, ev)
	}
}

// Fireteams (N4), a Fireteam Order declaring Cautious Movement: the
// members declare and perform the leader's Movement skill, each along its
// own route within its first MOV value, each meeting Cautious Movement's
// requirement (outside every enemy's LoF and ZoC where it stands) or
// performing an Idle; each one's move generates AROs only if it begins or
// ends in an enemy's LoF or ZoC (Cautious Movement (N4)), and a quiet
// leader gives no ARO against itself.
func TestFireteamCautiousMovement(t *testing.T) {
	y := strings.Replace(fireteamYAML(3, "core", ""), "at: [10, 20], facing: 270", "at: [20, 4], facing: 180", 1)
	y = strings.Replace(y, "table: {width: 24, height: 24}\n", "table: {width: 24, height: 24}\nterrain:\n  - {name: wall, polygon: [[13, 0], [14, 0], [14, 5], [13, 5]], blocks-lof: true, impassable: true}\n", 1)
	cautious := func(to [2]float64) Skill { return Skill{Name: SkillCautiousMove, Route: [][2]float64{to}} }
	for _, c := range []struct {
		name  string
		yaml  string
		route [2]float64 // line-2's
		aro   bool       // an ARO window opens
		want  string     // the refusal
	}{
		{"every move unseen", y, [2]float64{8, 1}, false, ""},
		{"a member ends seen", y, [2]float64{9.5, 7.5}, true, ""},
		{"a member too far", y, [2]float64{8, 8.5}, false, "line-2"},
		{"a member in an enemy's Zone of Control", strings.Replace(y, "troopers: [watcher]", "troopers: [watcher, guard]", 1) + "", [2]float64{8, 1}, false, "line-2: the trooper is in an enemy's Zone of Control"},
	} {
		t.Run(c.name, func(t *testing.T) {
			yaml := c.yaml
			if strings.Contains(yaml, "guard]") {
				yaml = strings.Replace(yaml, "      - {id: watcher,", "      - {id: guard, profile: fusilier, models: [{id: guard, at: [8, 12.5], facing: 90}]}\n      - {id: watcher,", 1)
			}
			st := setup(t, yaml, nil)
			a := Activate{Trooper: "line-0", Order: OrderRegular, Skill: cautious([2]float64{3, 4}),
				Team: []TeamMove{{Trooper: "line-2", Route: [][2]float64{c.route}}}}
			if c.want != "" {
				refused(t, st, "blue", a, rules.CodeIllegal, c.want)
				return
			}
			do(t, st, "blue", a)
			if got := st.Prompt().Window == string(StepARO1); got != c.aro {
				t.Fatalf("ARO window %v, want %v: %+v", got, c.aro, st.Prompt())
			}
			faces := []int{}
			if c.aro {
				leader, member := st.publicName(st.trooperIndex("line-0")), st.publicName(st.trooperIndex("line-2"))
				refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillBSAttack, Target: leader}}}}, rules.CodeIllegal, "")
				do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "watcher", Skill: Skill{Name: SkillBSAttack, Target: member}}}})
				passAROs(t, st)
				faces = []int{20} // a miss
			}
			do(t, st, "chance", Resolve{}, faces...)
			if st.Prompt().Window == string(StepGuts) {
				do(t, st, "chance", Guts{})
			}
			for id, want := range map[string][2]float64{"line-0": {3, 4}, "line-2": c.route, "line-1": {6, 4}} {
				if got := st.Models[st.modelOf(st.trooperIndex(id))].At; got != want {
					t.Errorf("%s stands at %v, want %v", id, got, want)
				}
			}
		})
	}
}
