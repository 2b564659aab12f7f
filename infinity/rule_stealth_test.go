package infinity

import (
	"fmt"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// stealthState sets up blue's trooper of profile prof at from, facing red,
// and red's troopers (hackYAML lines) on the Stealth tests' catalog.
func stealthState(t *testing.T, prof string, from [2]float64, red []string) *State {
	t.Helper()
	return setupWithCatalog(t, "testdata/stealth/catalog.yaml", hackYAML([]string{fmt.Sprintf("scout %s %g %g 90", prof, from[0], from[1])}, red))
}

// Stealth (N4): a Short Movement Skill or a Cautious Movement inside an
// enemy's Zone of Control and out of its Line of Fire grants that enemy no
// ARO, nor a hacker whose Hacking Area it crosses without LoF (the N4
// FAQ); without Stealth both react. The watcher faces away: the scout
// walks up behind it. A second skill Stealth does not cover (a BS Attack)
// lets them react normally, in the second window. Stealth does not fool
// Sixth Sense.
func TestStealth(t *testing.T) {
	// The signaller carries a Repeater: the far hacker's Hacking Area
	// reaches the scout's path through it.
	red := []string{"watcher signaller 12 12 90", "hk hacker 28 28 90"}
	eligible := func(st *State) map[string]bool {
		out := map[string]bool{}
		for _, e := range st.Order.Eligible {
			out[st.Troopers[e.Trooper].ID] = true
		}
		return out
	}
	walk := Activate{Trooper: "scout", Order: OrderRegular, Skill: move([2]float64{12, 6})}

	st := stealthState(t, "fusilier", [2]float64{12, 2}, red)
	do(t, st, "blue", walk)
	if e := eligible(st); !e["watcher"] || !e["hk"] {
		t.Fatalf("without Stealth: eligible %v, want the watcher (ZoC) and the hacker (Hacking Area)", e)
	}

	st = stealthState(t, "stealth-scout", [2]float64{12, 2}, red)
	do(t, st, "blue", walk)
	if st.Order.Step != StepSecond {
		t.Fatalf("with Stealth: step %s, eligible %v; want no ARO window", st.Order.Step, eligible(st))
	}
	// A BS Attack as the second skill: they react normally.
	do(t, st, "blue", Second{Skill: Skill{Name: SkillBSAttack, Target: "watcher", Weapon: "combi-rifle"}})
	if e := eligible(st); st.Order.Step != StepARO2 || !e["watcher"] || !e["hk"] {
		t.Fatalf("after a BS Attack: step %s, eligible %v; want both in the second window", st.Order.Step, e)
	}

	// Two Short Movement Skills: no window at all.
	st = stealthState(t, "stealth-scout", [2]float64{12, 2}, red)
	do(t, st, "blue", walk)
	do(t, st, "blue", Second{Skill: move([2]float64{10, 8})})
	if st.Order.Step != StepResolve {
		t.Fatalf("Move and Move with Stealth: step %s, eligible %v; want no ARO window", st.Order.Step, eligible(st))
	}

	// Sixth Sense: the sentry reacts all the same.
	st = stealthState(t, "stealth-scout", [2]float64{12, 2}, []string{"watcher sixth-sense-sentry 12 12 90"})
	do(t, st, "blue", walk)
	if e := eligible(st); !e["watcher"] {
		t.Fatalf("against Sixth Sense: eligible %v, want the sentry", e)
	}
}

// Stealth (N4) and Cautious Movement (N4): a trooper with Stealth may
// declare Cautious Movement inside an enemy's Zone of Control (out of its
// LoF), and it stays quiet there; one without Stealth may not.
func TestStealthCautiousMovementInZoneOfControl(t *testing.T) {
	cm := Activate{Trooper: "scout", Order: OrderRegular, Skill: cautious([2]float64{9, 6})}
	st := stealthState(t, "fusilier", [2]float64{12, 6}, []string{"watcher fusilier 12 12 90"})
	refused(t, st, "blue", cm, rules.CodeIllegal, "in an enemy's Zone of Control")
	st = stealthState(t, "stealth-scout", [2]float64{12, 6}, []string{"watcher fusilier 12 12 90"})
	do(t, st, "blue", cm)
	if st.Order.Step != StepResolve {
		t.Fatalf("step %s: a quiet Cautious Movement with Stealth generates no ARO", st.Order.Step)
	}
}

// Stealth (N4): a trooper with Stealth whose movement ends in silhouette
// contact with an enemy that has no Line of Fire to it, and which then
// declares a skill Stealth does not cover, may be answered by that enemy
// only with CC Attack, Dodge or Reset: here a hacker in contact is refused
// a program on the Hackable intruder, and may Reset.
func TestStealthContact(t *testing.T) {
	// S2 bases: 25 mm across, so contact at 0.984" between centres.
	st := stealthState(t, "stealth-hi", [2]float64{12, 7.2}, []string{"hk assault-hacker 12 12 90"})
	do(t, st, "blue", Activate{Trooper: "scout", Order: OrderRegular, Skill: move([2]float64{12, 11.01574803})})
	do(t, st, "blue", Second{Skill: Skill{Name: SkillCCAttack, Target: "hk", Weapon: "cc-weapon"}})
	if st.Order.Step != StepARO2 {
		t.Fatalf("step %s, want the second ARO window", st.Order.Step)
	}
	refused(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "hk", Skill: hack("carbonite", "scout")}}}, rules.CodeIllegal, "reached hk unseen")
	do(t, st, "red", AROs{Declarations: []ARODecl{{Trooper: "hk", Skill: Skill{Name: SkillReset}}}})
}
