package fantasy

import (
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/rules"
)

// Challenges (docs/RULES.md, the fantasy ruleset): before the blows of a
// close combat, a character or champion in base contact may challenge;
// the enemy accepts with a character or champion in base contact or
// refuses, and then the challenger names one who steps back and does not
// fight; the two in a challenge strike only each other, and wounds beyond
// the last add to the combat result (overkill, at most +5).

// duelReady is blue's swordsmen with their captain "cap" in the centre of
// the front rank, engaged with red's spearmen with their champion in the
// centre and their captain "rcap" beside him, in blue's close combat
// phase: each captain touches enemies who are not the other captain.
func duelReady(t *testing.T) *State {
	t.Helper()
	blue := unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)
	for k, v := range chars("cap", "captain") {
		blue[k] = v
	}
	red := unitSpecOf("target", "spearman", 10, 5, [2]float64{24, 15}, 270, map[string]any{"command": []any{"champion"}})
	for k, v := range chars("rcap", "captain") {
		red[k] = v
	}
	s := engagedPair(t, []map[string]any{blue}, []map[string]any{red})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	return s
}

func duelBlowsNow(s *State) []blow {
	return s.duelBlows(s.blows(s.combatOf(s.unit("u"))), &s.Duels[0])
}

func TestChallengeAcceptedChallengersFightOnlyEachOther(t *testing.T) {
	s := duelReady(t)
	legal, greyed := legalOptions(s, "blue")
	if !hasAction(legal, rules.Action(Challenge{Unit: "u", Model: "cap"})) {
		t.Fatalf("the menu should offer a challenge by the captain: %v", legal)
	}
	if !slices.ContainsFunc(greyed, func(a rules.Action) bool { _, ok := a.(Challenge); return ok }) {
		t.Fatalf("the menu should grey out a challenge by rank-and-file: %v", greyed)
	}
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	if p := s.Prompt(); s.Phase != PhaseChallenge || len(p.Seats) != 1 || p.Seats[0] != "red" {
		t.Fatalf("the challenged side answers: phase %s, prompt %+v", s.Phase, p)
	}
	legal, _ = legalOptions(s, "red")
	for _, a := range []rules.Action{Accept{Model: "rcap"}, Accept{Model: "target-champion"}, Refuse{}} {
		if !hasAction(legal, a) {
			t.Fatalf("red's menu lacks %+v: %v", a, legal)
		}
	}
	evs := apply(t, s, "red", Accept{Model: "rcap"})
	if !has(evs, "challenge-accepted") || s.Phase != PhaseCombat {
		t.Fatalf("accepted: events %v, phase %s", evs, s.Phase)
	}
	var capN, rcapN int
	for _, b := range duelBlowsNow(s) {
		switch {
		case b.id == "cap":
			if b.model != "rcap" {
				t.Fatalf("the challenger strikes %q, want only rcap", targetName(b))
			}
			capN += b.n
		case b.id == "rcap":
			if b.model != "cap" {
				t.Fatalf("the accepting captain strikes %q, want only cap", targetName(b))
			}
			rcapN += b.n
		case b.model == "cap" || b.model == "rcap":
			t.Fatalf("%s strikes %s, who is in a challenge", b.id, b.model)
		}
	}
	if capN != 3 || rcapN != 3 {
		t.Fatalf("each captain strikes his 3 Attacks at the other: %d, %d", capN, rcapN)
	}
	// Without the challenge each captain strikes the rank-and-file he
	// touches, not the other captain.
	for _, b := range s.blows(s.combatOf(s.unit("u"))) {
		if (b.id == "cap" || b.id == "rcap") && b.model != "" {
			t.Fatalf("set-up: %s strikes %s without a challenge, so the test proves nothing", b.id, b.model)
		}
	}
}

func TestChallengeRefusedRefuserStepsBack(t *testing.T) {
	s := duelReady(t)
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	apply(t, s, "red", Refuse{})
	if p := s.Prompt(); s.Phase != PhaseRetire || p.Seats[0] != "blue" {
		t.Fatalf("on a refusal the challenger picks who steps back: phase %s, prompt %+v", s.Phase, p)
	}
	legal, _ := legalOptions(s, "blue")
	if !hasAction(legal, rules.Action(Retire{Model: "rcap"})) {
		t.Fatalf("menu %v lacks rcap", legal)
	}
	refused(t, s, "blue", Retire{Model: "target-1"}, CodeCombat)
	apply(t, s, "blue", Retire{Model: "rcap"})
	for _, b := range duelBlowsNow(s) {
		if b.id == "rcap" || b.model == "rcap" {
			t.Fatalf("the refuser who stepped back fights: %+v", b)
		}
	}
	if !slices.ContainsFunc(s.blows(s.combatOf(s.unit("u"))), func(b blow) bool { return b.id == "rcap" }) {
		t.Fatal("set-up: rcap does not fight anyway")
	}
	// The round is fought and the challenge is over.
	// Blue wins by its charge (Combat result: Charge!): red's break test,
	// double 1, holds.
	fightAll(t, s, "u", ones(countDuelDice(s)+2)...)
	if len(s.Duels) != 0 {
		t.Fatal("a refused challenge lasts its round")
	}
}

// countDuelDice is the dice of a round of all 1s under the challenge.
func countDuelDice(s *State) int {
	n := 0
	for _, b := range duelBlowsNow(s) {
		n += b.n
	}
	return n
}

func TestChallengeRefusals(t *testing.T) {
	s := duelReady(t)
	refused(t, s, "blue", Challenge{Unit: "u", Model: "u-1"}, CodeCombat)      // rank-and-file
	refused(t, s, "blue", Challenge{Unit: "u", Model: "u-9"}, CodeCombat)      // not in contact
	refused(t, s, "blue", Challenge{Unit: "u", Model: "nobody"}, CodeNoSuchID) // no such model
	refused(t, s, "blue", Challenge{Unit: "target", Model: "rcap"}, CodeCombat)
	refused(t, s, "red", Challenge{Unit: "target", Model: "rcap"}, rules.CodeNotYourTurn)
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	refused(t, s, "red", Accept{Model: "target-1"}, CodeCombat) // rank-and-file may not accept
	refused(t, s, "blue", Accept{Model: "rcap"}, rules.CodeNotYourTurn)
	refused(t, s, "red", Fight{Unit: "u"}, rules.CodeWrongWindow)
	apply(t, s, "red", Accept{Model: "target-champion"})
	refused(t, s, "blue", Challenge{Unit: "u", Model: "cap"}, CodeCombat) // one at a time
}

func TestChallengeOverkillAddsToCombatResult(t *testing.T) {
	s := duelReady(t)
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	apply(t, s, "red", Accept{Model: "rcap"})
	// Initiative 5, the captains: rcap's 3 Attacks miss (1,1,1); cap's 3
	// hit on 4+ (WS 5 against 5): 6,6,6; wound on 4+ (S 4, T 4): 6,6,6;
	// rcap saves on 5+ (4+ armour, -1 for S 4): 1,1,1. Three unsaved
	// wounds on his 2: one is overkill. Every other blow misses on a 1.
	faces := append([]int{1, 1, 1, 6, 6, 6, 6, 6, 6, 1, 1, 1}, ones(60)...)
	src, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Apply("blue", Fight{Unit: "u"}, src)
	if err != nil {
		t.Fatal(err)
	}
	var evs []Event
	for _, e := range out {
		evs = append(evs, *e.(*Event))
	}
	if s.unit("target").model("rcap") != nil {
		t.Fatalf("rcap should be slain: %v", evs)
	}
	var over *Event
	for i := range evs {
		if evs[i].What == "overkill" {
			over = &evs[i]
		}
	}
	if over == nil || over.Value != 1 || !strings.HasPrefix(over.Text, "blue") {
		t.Fatalf("overkill event %+v, want blue +1", over)
	}
	// Blue: 2 wounds + 1 overkill + 1 rank + 1 charge = 5; red: 0 + 1
	// rank = 1.
	if got := text(evs, "combat-result"); !strings.Contains(got, "blue 5, red 1") {
		t.Fatalf("combat result %q", got)
	}
}

// The challenge actions arrive as JSON from outside like every other.
func TestChallengeActionsDecode(t *testing.T) {
	rs := ruleset(t)
	s := duelReady(t)
	for _, step := range []struct {
		seat rules.Seat
		json string
	}{{"blue", `{"kind":"challenge","unit":"u","model":"cap"}`}, {"red", `{"kind":"refuse"}`}, {"blue", `{"kind":"retire","model":"rcap"}`}} {
		a, err := rs.DecodeAction([]byte(step.json))
		if err != nil {
			t.Fatal(err)
		}
		apply(t, s, step.seat, a)
	}
	if len(s.Duels) != 1 || s.Duels[0].Retired != "rcap" {
		t.Fatalf("duels %+v", s.Duels)
	}
	if _, err := rs.DecodeAction([]byte(`{"kind":"accept","model":"rcap","extra":1}`)); err == nil {
		t.Fatal("an unknown field should be refused")
	}
}

// Challenges: a refused challenge is no challenge, so the challenger
// fights on as any character and an enemy touching only him strikes him;
// only the refuser who stepped back is out of reach.
func TestChallengeRefusedChallengerMayStillBeStruck(t *testing.T) {
	s := duelReady(t)
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	apply(t, s, "red", Refuse{})
	apply(t, s, "blue", Retire{Model: "rcap"})
	red, blue := s.unit("target"), s.unit("u")
	// Blows as blows lists them for a model touching only a character.
	all := []blow{
		{unit: red, target: blue, model: "cap", n: 1, id: "target-champion"},
		{unit: blue, target: red, model: "rcap", n: 1, id: "u-1"},
	}
	got := s.duelBlows(all, &s.Duels[0])
	if len(got) != 2 || got[0].model != "cap" {
		t.Fatalf("the champion should still strike the refused challenger: %+v", got)
	}
	if got[1].model != "" {
		t.Fatalf("the refuser who stepped back should not be struck: %+v", got[1])
	}
}

// Challenges: overkill counts only in a challenge. Refused, the
// challenger is struck as any character, and wounds beyond his last add
// nothing to the combat result.
func TestChallengeRefusedNoOverkill(t *testing.T) {
	blue := unitSpecOf("u", "swordsman", 4, 5, [2]float64{24, 10}, 90, nil)
	for k, v := range chars("cap", "captain") {
		blue[k] = v
	}
	red := unitSpecOf("target", "spearman", 2, 2, [2]float64{24, 15}, 270, map[string]any{"command": []any{"champion"}})
	for k, v := range chars("rcap", "captain") {
		red[k] = v
	}
	s := engagedPair(t, []map[string]any{blue}, []map[string]any{red})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	// rcap has a spearman behind him to step back to (Nowhere to Run,
	// Nowhere to Hide). The captain at the end of blue's line; red's champion, with the
	// captain's 3 Attacks, touching only him, and rcap in contact too.
	u, e := s.unit("u"), s.unit("target")
	u.Ranks[0] = []string{"u-4", "u-2", "u-1", "u-3", "cap"}
	e.At = e.At.Add(u.right().Scale(2))
	p := s.Profiles[e.model("target-champion").Profile]
	p.A = 3
	s.Profiles["spearman-champion-a3"] = p
	e.model("target-champion").Profile = "spearman-champion-a3"
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	apply(t, s, "red", Refuse{})
	apply(t, s, "blue", Retire{Model: "rcap"})
	// Initiative 5, cap's 3 Attacks and 4, u-3's, all miss (1s); at 3 the
	// champion's 3 hit cap (6,6,6), wound (6,6,6) and he fails his saves
	// (1,1,1): 3 unsaved on his 2 Wounds. Then the break test and on.
	faces := append([]int{1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 1, 1, 1}, slices.Repeat([]int{6}, 20)...)
	src, err := dice.NewScript(faces...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Apply("blue", Fight{Unit: "u"}, src)
	if err != nil {
		t.Fatal(err)
	}
	var evs []Event
	for _, x := range out {
		evs = append(evs, *x.(*Event))
	}
	if !slices.ContainsFunc(evs, func(e Event) bool { return e.What == "casualties" && e.Model == "cap" }) {
		t.Fatalf("set-up: cap should be slain: %v", evs)
	}
	if has(evs, "overkill") {
		t.Fatalf("a refused challenge gives no overkill: %v", evs)
	}
	if got := text(evs, "combat-result"); !strings.Contains(got, "blue 1, red 2") {
		t.Fatalf("combat result %q, want red's 2 wounds against blue's charge", got)
	}
}

// Challenges (8th edition): the side whose turn it is may issue a
// challenge first; if it does not, the other side may. Fighting without
// one hands the choice to red, who challenges; blue answers, and the
// round is fought at once.
func TestChallengeOtherSideMayIssueWhenActiveDoesNot(t *testing.T) {
	s := duelReady(t)
	evs := apply(t, s, "blue", Fight{Unit: "u"})
	if len(evs) != 0 || s.Phase != PhaseCounter || s.Prompt().Seats[0] != "red" {
		t.Fatalf("fighting without a challenge asks red first: phase %s, prompt %+v, events %v", s.Phase, s.Prompt(), evs)
	}
	legal, _ := legalOptions(s, "red")
	for _, a := range []rules.Action{Challenge{Unit: "target", Model: "rcap"}, Challenge{Unit: "target", Model: "target-champion"}, NoChallenge{}} {
		if !hasAction(legal, a) {
			t.Fatalf("red's menu lacks %+v: %v", a, legal)
		}
	}
	refused(t, s, "blue", Challenge{Unit: "u", Model: "cap"}, rules.CodeNotYourTurn)
	refused(t, s, "red", Challenge{Unit: "target", Model: "target-1"}, CodeCombat)
	apply(t, s, "red", Challenge{Unit: "target", Model: "rcap"})
	if s.Phase != PhaseChallenge || s.Prompt().Seats[0] != "blue" {
		t.Fatalf("blue answers red's challenge: phase %s, prompt %+v", s.Phase, s.Prompt())
	}
	// Accepted, the round is fought without another word from blue.
	src, err := dice.NewScript(ones(200)...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Apply("blue", Accept{Model: "cap"}, src)
	if err != nil {
		t.Fatal(err)
	}
	var fought bool
	for _, e := range out {
		fought = fought || e.Kind() == "combat-result"
	}
	if !fought || !slices.Contains(s.Fought, "u") || s.Asked != "" {
		t.Fatalf("the round should be fought on the answer: fought %v, %v, asked %q", fought, s.Fought, s.Asked)
	}
}

// Challenges: when red issues none either, the round is fought.
func TestChallengeOtherSideDeclines(t *testing.T) {
	s := duelReady(t)
	apply(t, s, "blue", Fight{Unit: "u"})
	refused(t, s, "red", Fight{Unit: "u"}, rules.CodeWrongWindow)
	src, _ := dice.NewScript(ones(200)...)
	if _, err := s.Apply("red", NoChallenge{}, src); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(s.Fought, "u") || len(s.Duels) != 0 || s.Phase != PhaseCombat {
		t.Fatalf("declined, the round is fought: fought %v, duels %v, phase %s", s.Fought, s.Duels, s.Phase)
	}
}

// Challenges: a side without a character or champion in contact cannot
// issue one, and with no enemy character to attack it has nothing to
// choose, so fighting asks nobody.
func TestChallengeNobodyToAsk(t *testing.T) {
	s := engagedPair(t,
		[]map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, map[string]any{"command": []any{"champion"}})},
		[]map[string]any{unitSpecOf("target", "spearman", 10, 5, [2]float64{24, 15}, 270, nil)})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	src, _ := dice.NewScript(ones(200)...)
	if _, err := s.Apply("blue", Fight{Unit: "u"}, src); err != nil {
		t.Fatal(err)
	}
	if s.Phase == PhaseCounter || !slices.Contains(s.Fought, "u") {
		t.Fatalf("red has nobody to challenge with: phase %s", s.Phase)
	}
}

// Challenges: one challenge a combat, not one across the battle: a
// challenge waiting in one combat does not stop one in another.
func TestChallengeOnePerCombat(t *testing.T) {
	blue := []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{12, 10}, 90, chars("cap", "captain")),
		unitSpecOf("v", "swordsman", 10, 5, [2]float64{36, 10}, 90, chars("vcap", "captain"))}
	red := []map[string]any{unitSpecOf("target", "spearman", 10, 5, [2]float64{12, 15}, 270, chars("rcap", "captain")),
		unitSpecOf("w", "spearman", 10, 5, [2]float64{36, 15}, 270, chars("wcap", "captain"))}
	s := battle(t, nil, blue, red)
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	apply(t, s, "red", React{Reaction: "hold"})
	apply(t, s, "blue", DeclareCharge{Unit: "v", Target: "w"})
	apply(t, s, "red", React{Reaction: "hold"})
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", ChargeMove{Unit: "u"}, 6, 6)
	apply(t, s, "blue", ChargeMove{Unit: "v"}, 6, 6)
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	apply(t, s, "red", Accept{Model: "rcap"})
	refused(t, s, "blue", Challenge{Unit: "u", Model: "cap"}, CodeCombat)
	apply(t, s, "blue", Challenge{Unit: "v", Model: "vcap"})
	apply(t, s, "red", Accept{Model: "wcap"})
	if len(s.Duels) != 2 {
		t.Fatalf("a challenge in each combat: %+v", s.Duels)
	}
}

// Challenges: an accepted challenge lasts until one of the two falls —
// into the next round and the next turn — and no other challenge may be
// issued in that combat meanwhile.
func TestChallengeAcceptedLastsUntilOneFalls(t *testing.T) {
	s := duelReady(t)
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	apply(t, s, "red", Accept{Model: "rcap"})
	// Every blow misses; red holds on a double 1 if it must test.
	src, _ := dice.NewScript(ones(200)...)
	if _, err := s.Apply("blue", Fight{Unit: "u"}, src); err != nil {
		t.Fatal(err)
	}
	if s.Phase == PhasePursuit {
		t.Fatal("set-up: a side broke")
	}
	apply(t, s, "blue", EndTurn{})
	if len(s.Duels) != 1 || s.Duels[0].Foe != "rcap" {
		t.Fatalf("both captains stand: the challenge goes on into red's turn: %+v", s.Duels)
	}
	apply(t, s, "red", EndCharges{})
	apply(t, s, "red", EndMovement{})
	apply(t, s, "red", EndShooting{})
	refused(t, s, "red", Challenge{Unit: "target", Model: "target-champion"}, CodeCombat)
	for _, b := range duelBlowsNow(s) {
		if b.id == "cap" && b.model != "rcap" || b.id == "rcap" && b.model != "cap" {
			t.Fatalf("the captains still strike only each other: %+v", b)
		}
	}
	// Fighting asks nobody: the combat has its challenge.
	src, _ = dice.NewScript(ones(200)...)
	if _, err := s.Apply("red", Fight{Unit: "target"}, src); err != nil {
		t.Fatal(err)
	}
	if s.Phase == PhaseCounter {
		t.Fatal("a combat with a challenge asks for no other")
	}
}

// Challenges: a refused challenge waiting for its round in one combat
// does not stand in the way of answering one in another: the challenger
// there still names who steps back, and the position still decodes.
func TestChallengeRefusedInTwoCombats(t *testing.T) {
	blue := []map[string]any{unitSpecOf("u", "swordsman", 10, 5, [2]float64{12, 10}, 90, chars("cap", "captain")),
		unitSpecOf("v", "swordsman", 10, 5, [2]float64{36, 10}, 90, chars("vcap", "captain"))}
	red := []map[string]any{unitSpecOf("target", "spearman", 10, 5, [2]float64{12, 15}, 270, nil),
		unitSpecOf("w", "spearman", 10, 5, [2]float64{36, 15}, 270, chars("wcap", "captain"))}
	s := battle(t, nil, blue, red)
	apply(t, s, "blue", DeclareCharge{Unit: "u", Target: "target"})
	apply(t, s, "red", React{Reaction: "hold"})
	apply(t, s, "blue", DeclareCharge{Unit: "v", Target: "w"})
	apply(t, s, "red", React{Reaction: "hold"})
	apply(t, s, "blue", EndCharges{})
	apply(t, s, "blue", ChargeMove{Unit: "u"}, 6, 6)
	apply(t, s, "blue", ChargeMove{Unit: "v"}, 6, 6)
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	apply(t, s, "red", Refuse{}) // nobody to step back
	apply(t, s, "blue", Challenge{Unit: "v", Model: "vcap"})
	apply(t, s, "red", Refuse{})
	if s.Phase != PhaseRetire {
		t.Fatalf("phase %s", s.Phase)
	}
	if _, err := ruleset(t).DecodeState([]byte(mustJSON(t, s))); err != nil {
		t.Fatal(err)
	}
	apply(t, s, "blue", Retire{Model: "wcap"})
	if s.Duels[1].Retired != "wcap" || s.Duels[0].Retired != "" {
		t.Fatalf("duels %+v", s.Duels)
	}
}

// Nowhere to Run, Nowhere to Hide: a lone character challenged cannot be
// placed out of base contact with the enemy, so his side cannot refuse
// (the menu greys the refusal with the rule) and the challenger cannot
// make him step back; a character with fellows behind him may still.
func TestChallengeNowhereToRunNowhereToHide(t *testing.T) {
	red := unitSpecOf("target", "captain", 1, 1, [2]float64{24, 15}, 270, nil)
	blue := unitSpecOf("u", "swordsman", 10, 5, [2]float64{24, 10}, 90, nil)
	for k, v := range chars("cap", "captain") {
		blue[k] = v
	}
	s := engagedPair(t, []map[string]any{blue}, []map[string]any{red})
	apply(t, s, "blue", EndMovement{})
	apply(t, s, "blue", EndShooting{})
	if !slices.Contains(s.duellists(s.combatOf(s.unit("u")), "blue"), "cap") {
		t.Fatal("set-up: the blue captain does not touch the lone captain")
	}
	apply(t, s, "blue", Challenge{Unit: "u", Model: "cap"})
	legal, greyed := legalOptions(s, "red")
	if !hasAction(legal, rules.Action(Accept{Model: "target"})) || hasAction(legal, rules.Action(Refuse{})) {
		t.Fatalf("red must accept with its lone captain: legal %v", legal)
	}
	if !hasAction(greyed, rules.Action(Refuse{})) {
		t.Fatalf("the refusal is not greyed: %v", greyed)
	}
	if err := refused(t, s, "red", Refuse{}, CodeCombat); err.Rule != ruleNowhereToRun {
		t.Fatalf("the refusal names %q, want %q", err.Rule, ruleNowhereToRun)
	}
	// Had the refusal gone through, the challenger could not have sent him
	// back either.
	s.Phase, s.open().Refused = PhaseRetire, true
	if err := refused(t, s, "blue", Retire{Model: "target"}, CodeCombat); err.Rule != ruleNowhereToRun {
		t.Fatalf("the retirement names %q, want %q", err.Rule, ruleNowhereToRun)
	}
	// A captain in a unit of spearmen has somewhere to go.
	d := duelReady(t)
	apply(t, d, "blue", Challenge{Unit: "u", Model: "cap"})
	if d.cornered("rcap") {
		t.Fatal("a captain with a unit behind him is cornered")
	}
	apply(t, d, "red", Refuse{})
}
