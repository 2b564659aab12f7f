package odds

import (
	"fmt"
	"math"
	"testing"

	"github.com/ordo-rules/ordo/dice"
)

// Programs as the program table of Hacking (N3) gives them (the catalog
// test holds the shipped data to the same numbers).
var (
	carbonite     = HackProgram{Name: "Carbonite", AttackMod: 3, Damage: 13, Burst: 2, AROBurst: 1, DT: true, Attack: true}
	stop          = HackProgram{Name: "Stop!", Damage: 16, Burst: 2, AROBurst: 1, Breaker: true, Attack: true}
	suckerPunch   = HackProgram{Name: "Sucker Punch", OpponentMod: -3, Damage: 16, Burst: 1, AROBurst: 1, DT: true, Attack: true}
	spotlight     = HackProgram{Name: "Spotlight", AttackMod: -3, Burst: 1, AROBurst: 1, Attack: true}
	brainBlast    = HackProgram{Name: "Brain Blast", Damage: 14, Burst: 2, AROBurst: 1, Attack: true}
	breakwater    = HackProgram{Name: "Breakwater", OpponentMod: -6, Burst: 1, AROBurst: 1}
	counterstrike = HackProgram{Name: "Counterstrike", AttackMod: -3, OpponentMod: -3, Burst: 1, AROBurst: 1, Reflect: true}
	zeroPain      = HackProgram{Name: "Zero Pain", Burst: 2, AROBurst: 2}
	overlord      = HackProgram{Name: "Overlord", Damage: 14, Burst: 1, AROBurst: 1, Breaker: true, Attack: true}
	blackout      = HackProgram{Name: "Blackout", Damage: 15, Burst: 1, AROBurst: 1, Attack: true}
	basilisk      = HackProgram{Name: "Basilisk", Damage: 13, Burst: 3, AROBurst: 1, Attack: true}
)

// TestHackNumbers: the Success Values and Saving Rolls of hacking rolls,
// each case naming the rule it checks.
func TestHackNumbers(t *testing.T) {
	for _, tc := range []struct {
		rule             string
		active, reactive Hacker
		ftf              bool
		svA, svR         int
		burstA, burstR   int
		savesA, savesR   []int // Attack Damage of each roll per success
	}{
		{"Carbonite (N3): Attack MOD +3, DT two BTS rolls; Reset (N4) Face to Face; Firewall -3 WIP and +3 BTS",
			Hacker{WIP: 14, Program: &carbonite, Active: true}, Hacker{WIP: 13, BTS: 6, Firewall: true, Reset: true},
			true, 14, 13, 2, 1, []int{4, 4}, nil},
		{"Carbonite (N3) against a Targeted trooper: +3, the MODs capped to +12",
			Hacker{WIP: 14, Program: &carbonite, Active: true, Mods: []dice.Mod{{Name: "MOD", Value: 9}}}, Hacker{BTS: 3, Targeted: true},
			false, 26, 0, 2, 0, []int{10, 10}, nil},
		{"Carbonite (N3) in ARO: B1",
			Hacker{WIP: 14, Program: &carbonite}, Hacker{BTS: 0},
			false, 17, 0, 1, 0, []int{13, 13}, nil},
		{"Stop! (N3): Breaker halves BTS rounding up; the Firewall's +3 after",
			Hacker{WIP: 13, Program: &stop, Active: true}, Hacker{BTS: 3, Firewall: true},
			false, 10, 0, 2, 0, []int{11}, nil},
		{"Stop! (N3): its two rolls split between two targets, one each",
			Hacker{WIP: 13, Program: &stop, Active: true, Burst: 1}, Hacker{BTS: 6},
			false, 13, 0, 1, 0, []int{13}, nil},
		{"Sucker Punch (N3): Opponent MOD -3 to the target's Reset",
			Hacker{WIP: 15, Program: &suckerPunch, Active: true}, Hacker{WIP: 14, BTS: 3, Reset: true},
			true, 15, 11, 1, 1, []int{13, 13}, nil},
		{"Spotlight (N3): Attack MOD -3, no BTS roll",
			Hacker{WIP: 13, Program: &spotlight, Active: true}, Hacker{BTS: 6},
			false, 10, 0, 1, 0, nil, nil},
		{"Breakwater (N3): Opponent MOD -6 to the attacker; its win only nullifies",
			Hacker{WIP: 14, Program: &brainBlast, Active: true}, Hacker{WIP: 13, BTS: 3, Program: &breakwater},
			true, 8, 13, 2, 1, []int{11}, nil},
		{"Counterstrike (N3): -3 each way; a win reflects Brain Blast on its hacker",
			Hacker{WIP: 14, BTS: 6, Program: &brainBlast, Active: true}, Hacker{WIP: 13, BTS: 3, Program: &counterstrike},
			true, 11, 10, 2, 1, []int{11}, []int{8}},
		{"Zero Pain (N3): two WIP rolls even in ARO",
			Hacker{WIP: 14, Program: &carbonite, Active: true}, Hacker{WIP: 12, BTS: 3, Program: &zeroPain},
			true, 17, 12, 2, 2, []int{10, 10}, nil},
		{"Brain Blast (N3) answered by Brain Blast in ARO: both attack, each against the other's BTS",
			Hacker{WIP: 14, BTS: 3, Program: &brainBlast, Active: true}, Hacker{WIP: 13, BTS: 6, Firewall: true, Program: &brainBlast},
			true, 11, 13, 2, 1, []int{5}, []int{11}},
		{"Reset (N4) by the active trooper against Blackout (N3) declared in ARO: Face to Face, the program at B1",
			Hacker{WIP: 13, BTS: 3, Reset: true, Active: true}, Hacker{WIP: 14, Program: &blackout},
			true, 13, 14, 1, 1, nil, []int{12}},
		{"Reset (N4) by the active trooper against Basilisk (N3) in ARO: its ARO Burst, not its B3",
			Hacker{WIP: 13, BTS: 3, Reset: true, Active: true}, Hacker{WIP: 14, Program: &basilisk},
			true, 13, 14, 1, 1, nil, []int{10}},
		{"Overlord (N3): Breaker halves BTS 6 to 3",
			Hacker{WIP: 13, Program: &overlord, Active: true}, Hacker{BTS: 6},
			false, 13, 0, 1, 0, []int{11}, nil},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			r, err := PlanHack(tc.active, tc.reactive, CritExtraSave)
			if err != nil {
				t.Fatal(err)
			}
			if r.FaceToFace != tc.ftf {
				t.Errorf("Face to Face %v, want %v", r.FaceToFace, tc.ftf)
			}
			if r.Active.SV.Value != tc.svA || r.Active.Side.Roll.Burst != tc.burstA {
				t.Errorf("active SV %s B%d, want %d B%d", r.Active.SV, r.Active.Side.Roll.Burst, tc.svA, tc.burstA)
			}
			if tc.ftf && (r.Reactive.SV.Value != tc.svR || r.Reactive.Side.Roll.Burst != tc.burstR) {
				t.Errorf("reactive SV %s B%d, want %d B%d", r.Reactive.SV, r.Reactive.Side.Roll.Burst, tc.svR, tc.burstR)
			}
			for _, s := range []struct {
				name string
				got  Effect
				want []int
			}{{"active", r.Active.Side.Effect, tc.savesA}, {"reactive", r.Reactive.Side.Effect, tc.savesR}} {
				var got []int
				for _, sr := range s.got.Saves {
					got = append(got, sr.Damage)
				}
				if fmt.Sprint(got) != fmt.Sprint(s.want) {
					t.Errorf("%s saves %v, want %v", s.name, got, s.want)
				}
			}
			// And the odds are those of the dice: every face of every die
			// judged by package dice, every Saving Roll enumerated.
			for _, crits := range CritRules() {
				r, res, err := Hack(tc.active, tc.reactive, crits, Options{})
				if err != nil {
					t.Fatal(err)
				}
				checkHackBrute(t, string(crits), r, res)
			}
		})
	}
}

// checkHackBrute compares res with an enumeration of every die of the roll
// through dice.FaceToFace (or dice.Normal) and of every Saving Roll through
// dice.SaveFails.
func checkHackBrute(t *testing.T, name string, r HackRoll, res Result) {
	t.Helper()
	a, b := r.Active.Side, r.Reactive.Side
	na := 0
	if a.Roll.Rolls() {
		na = a.Roll.Burst
	}
	nb := 0
	if r.FaceToFace && b.Roll.Rolls() {
		nb = b.Roll.Burst
	}
	wantA, wantB := map[int]float64{}, map[int]float64{}
	memo := map[[3]int]map[int]float64{}
	faces := make([]int, na+nb)
	total := math.Pow(dice.Faces, float64(na+nb))
	var walk func(i int)
	walk = func(i int) {
		if i < len(faces) {
			for f := 1; f <= dice.Faces; f++ {
				faces[i] = f
				walk(i + 1)
			}
			return
		}
		ra := dice.Roll{Side: a.Roll, Faces: append([]int(nil), faces[:na]...)}
		var oa, ob dice.Outcome
		var err error
		if r.FaceToFace {
			oa, ob, err = dice.FaceToFace(ra, dice.Roll{Side: b.Roll, Faces: append([]int(nil), faces[na:]...)})
		} else {
			oa, err = dice.Normal(ra)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []struct {
			o    dice.Outcome
			e    Effect
			want map[int]float64
			side int
		}{{oa, a.Effect, wantA, 0}, {ob, b.Effect, wantB, 1}} {
			key := [3]int{s.side, s.o.Hits, s.o.Crits}
			d, ok := memo[key]
			if !ok {
				d = enumerateSaves(s.o.Hits, s.o.Crits, s.e)
				memo[key] = d
			}
			for k, p := range d {
				s.want[k] += p / total
			}
		}
	}
	walk(0)
	for _, s := range []struct {
		side string
		got  Dist
		want map[int]float64
	}{{"active", res.A.Inflicts, wantA}, {"reactive", res.B.Inflicts, wantB}} {
		if !r.FaceToFace && s.side == "reactive" {
			continue
		}
		for k := 0; k <= max(s.got.Max(), 8); k++ {
			if math.Abs(s.got.Exactly(k)-s.want[k]) > 1e-12 {
				t.Errorf("%s, %s inflicts %d: %.15f, brute force %.15f", name, s.side, k, s.got.Exactly(k), s.want[k])
			}
		}
	}
}

// enumerateSaves is the distribution of failed Saving Rolls of h plain hits
// and c Criticals, every save die's 20 faces enumerated: a plain hit rolls
// each of e.Saves; a Critical adds one roll of the first (n4-extra-save) or
// fails the first without rolling (n3-auto-wound). Without saves each hit
// is one success.
func enumerateSaves(h, c int, e Effect) map[int]float64 {
	if len(e.Saves) == 0 {
		return map[int]float64{h + c: 1}
	}
	var rolls []int // Attack Damage of each rolled save
	auto := 0
	for range h {
		for _, s := range e.Saves {
			rolls = append(rolls, s.Damage)
		}
	}
	for range c {
		if e.Crits == CritAutoWound {
			auto++
			for _, s := range e.Saves[1:] {
				rolls = append(rolls, s.Damage)
			}
			continue
		}
		for _, s := range e.Saves {
			rolls = append(rolls, s.Damage)
		}
		rolls = append(rolls, e.Saves[0].Damage)
	}
	// Each die's 20 faces are judged by dice.SaveFails and counted; the
	// dice are independent, so the counts of failures over every
	// combination of faces multiply out die by die, in whole numbers.
	counts := []int64{1}
	for _, d := range rolls {
		var fail int64
		for f := 1; f <= dice.Faces; f++ {
			if dice.SaveFails(d, f) {
				fail++
			}
		}
		next := make([]int64, len(counts)+1)
		for n, k := range counts {
			next[n] += k * (dice.Faces - fail)
			next[n+1] += k * fail
		}
		counts = next
	}
	out := map[int]float64{}
	total := math.Pow(dice.Faces, float64(len(rolls)))
	for n, k := range counts {
		out[n+auto] = float64(k) / total
	}
	return out
}

// A program with nothing to roll, a Reset on the active side and a Burst
// beyond the program's are refused.
func TestHackRejects(t *testing.T) {
	for _, tc := range []struct {
		name             string
		active, reactive Hacker
	}{
		{"no program", Hacker{WIP: 13, Active: true}, Hacker{}},
		{"active Reset and a program", Hacker{WIP: 13, Program: &carbonite, Reset: true, Active: true}, Hacker{}},
		{"active Reset with no program to answer", Hacker{WIP: 13, Reset: true, Active: true}, Hacker{BTS: 3}},
		{"active Reset against a Defense Protocol", Hacker{WIP: 13, Reset: true, Active: true}, Hacker{WIP: 13, Program: &breakwater}},
		{"Burst beyond the program's", Hacker{WIP: 13, Program: &carbonite, Active: true, Burst: 3}, Hacker{}},
	} {
		if _, err := PlanHack(tc.active, tc.reactive, CritExtraSave); err == nil {
			t.Errorf("%s: accepted", tc.name)
		}
	}
	if _, err := PlanHack(Hacker{WIP: 13, Program: &carbonite}, Hacker{}, "n5"); err == nil {
		t.Error("an unknown criticals ruling was accepted")
	}
}

func TestHackSaveString(t *testing.T) {
	s := HackSaves(stop, Hacker{BTS: 6, Firewall: true})[0]
	if got := s.String(); got != "Damage 16 - BTS 3 (6 halved) - 3 Firewall = 10" {
		t.Errorf("got %q", got)
	}
}
