package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/infinity/oddsterms"
)

// runOdds runs `ordo odds ARGS...` and returns its exit
// status and output.
func oddsRun(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(append([]string{"ordo", "odds"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

// oddsIssueExample is the command of issue 2, item 4.
var oddsIssueExample = []string{
	"--active", "BS 13 B3 mods=+3 dmg 13 ammo=DA",
	"--reactive", "BS 12 B1 dmg 13",
	"--arm", "1,3",
}

func TestOddsIssueExample(t *testing.T) {
	code, out, errs := oddsRun(oddsIssueExample...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	// The lines a player reads; the numbers are checked against an
	// enumeration of the dice in package oddsterms (TestAgainstBruteForce).
	for _, want := range []string{
		"Face to Face Roll (criticals: n4-extra-save)",
		"Active    BS 13 +3 MOD = 16, B3, DAM 13 DA",
		"          each hit: 2 ARM rolls at DAM 13 - ARM 3 = 10",
		"          each Critical adds one more ARM roll",
		"Reactive  BS 12 = 12, B1, DAM 13 N",
		"          each hit: 1 ARM roll at DAM 13 - ARM 1 = 12",
		"Scores        chance  with a Critical",
		"  Active     85.742%          13.549%",
		"  Reactive   11.155%           4.287%",
		"  Nobody      3.103%",
		"Active inflicts (failed Saving Rolls of the reactive side)",
		"  count        exactly   or more",
		"  0            21.906%            ###########################",
		"  1            21.375%   78.094%  ##########################",
		"  2            24.751%   56.719%  ##############################",
		"  the reactive side falls (Unconscious or Dead, W 1; give w=N for another): 78.094%",
		"Reactive inflicts (failed Saving Rolls of the active side)",
		"  1             6.179%    7.722%  ##",
		"  2             1.543%    1.543%  #",
		"Nothing happens: 14.185% (no side inflicts anything)",
	} {
		if !strings.Contains(out, "\n"+want+"\n") && !strings.HasPrefix(out, want+"\n") {
			t.Errorf("missing line %q in\n%s", want, out)
		}
	}
}

func TestOddsJSON(t *testing.T) {
	code, out, errs := oddsRun(append([]string{"--json"}, oddsIssueExample...)...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var rep oddsterms.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("the JSON does not parse: %v\n%s", err, out)
	}
	if !rep.FaceToFace || rep.Active.SV == nil || rep.Active.SV.Value != 16 || rep.Active.Spec.Text != oddsIssueExample[1] {
		t.Errorf("active side: %+v", rep.Active)
	}
	if got := rep.Active.Side.Effect.Saves; len(got) != 2 || got[0].Damage != 10 {
		t.Errorf("active saves %+v, want 2 at Attack Damage 10", got)
	}
	if s := rep.Summary; s.ActiveScores+s.ReactiveScores+s.NobodyScores < 1-1e-12 || s.ActiveScores+s.ReactiveScores+s.NobodyScores > 1+1e-12 {
		t.Errorf("summary does not add up: %+v", s)
	}
	// Ammunition (N4) DA: a Critical forces 3 saves, so B3 fails at most 9.
	if got := rep.Result.A.Inflicts.Max(); got != 9 {
		t.Errorf("active inflicts up to %d, want 9", got)
	}
}

func TestOddsForms(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"Normal Roll without --reactive", []string{"--active", "BS 12 dmg 13"}, "Normal Roll: nothing opposes the active side"},
		{"--arm for the target only", []string{"--active", "BS 12 dmg 13", "--arm", ",3"}, "Target    ARM 3, BTS 0"},
		{"--bts and E/M", []string{"--active", "WIP 13 dmg 13 E/M", "--bts", "0,6"}, "each hit: 2 BTS rolls at DAM 13 - BTS 3 (6 halved) = 10"},
		{"a target in cover", []string{"--active", "BS 12 dmg 13", "--reactive", "arm=2 cover"}, "each hit: 1 ARM roll at DAM 13 - ARM 2 - 3 Partial Cover = 8"},
		{"--criticals n3-auto-wound", []string{"--criticals", "n3-auto-wound", "--active", "BS 12 dmg 13"}, "a Critical fails its first ARM roll without rolling"},
		{"--tail", []string{"--tail", "3", "--active", "BS 15 B2 dmg 15 continuous"}, "  3 or more"},
		{"= form of the flags", []string{"--active=BS 12", "-reactive=PH 11"}, "Reactive  PH 11 = 11, B1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := oddsRun(tt.args...)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("missing %q in\n%s", tt.want, out)
			}
		})
	}
}

func TestOddsHelp(t *testing.T) {
	code, out, errs := oddsRun("-h")
	if code != 0 || errs != "" || !strings.Contains(out, "usage: ordo odds --active") {
		t.Errorf("-h: exit %d, stderr %q, stdout %q", code, errs, out)
	}
}

// TestOddsBadInput: issue 2, item 5. Every invalid input prints one clear
// line on stderr, nothing on stdout, and exits 2.
func TestOddsBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no arguments", nil, "--active is required"},
		{"unknown flag", []string{"--active", "BS 12", "--frobnicate"}, "flag provided but not defined: -frobnicate"},
		{"flag without value", []string{"--active"}, "flag needs an argument: -active"},
		{"unquoted side", []string{"--active", "BS", "13", "B3"}, `unexpected argument "13": quote each side's words`},
		{"--active twice", []string{"--active", "BS 12", "--active", "BS 13"}, `invalid value "BS 13" for flag -active: given twice`},
		{"empty side", []string{"--active", ""}, "--active: empty side"},
		{"unknown ammunition", []string{"--active", "BS 13 B3 dmg 13 ammo=XX"}, `--active: word 6 "ammo=XX": unknown ammunition "XX" (known: AP, DA, E/M, EXP, N, PARA, Plasma, Shock, Smoke, Stun, T2)`},
		{"unknown word", []string{"--active", "BS 13", "--reactive", "BS 12 dodgy"}, `--reactive: word 3 "dodgy": unknown word`},
		{"a Dodge rolls PH", []string{"--active", "BS 13", "--reactive", "BS 12 dodge"}, `--reactive: word 3 "dodge": a Dodge rolls PH`},
		{"stat out of range", []string{"--active", "BS 45"}, `--active: word 1 "BS 45": BS 45 is out of range 0..40`},
		{"burst out of range", []string{"--active", "BS 12 B0"}, "Burst 0 is out of range 1..100"},
		{"damage out of range", []string{"--active", "BS 12 dmg 99"}, "DAM 99 is out of range 0..40"},
		{"malformed MODs", []string{"--active", "BS 12 mods=+3,three"}, `MOD "three" is not a whole number`},
		{"duplicated word", []string{"--active", "BS 12 B2 B3"}, "B given twice"},
		{"missing attribute", []string{"--active", "B3 dmg 13"}, "missing attribute"},
		{"two templates", []string{"--active", "template dmg 13", "--reactive", "template dmg 13"}, "both sides are Direct Templates"},
		{"active does not roll", []string{"--active", "arm=3"}, "the active side does not roll"},
		{"PARA without PH", []string{"--active", "BS 12 dmg 13 PARA"}, "PARA saves against the target's PH"},
		{"malformed --arm", []string{"--active", "BS 12", "--arm", "3"}, "--arm wants ACTIVE,REACTIVE"},
		{"--arm out of range", []string{"--active", "BS 12", "--arm", "1,50"}, "each value must be a whole number 0..40"},
		{"ARM twice", []string{"--active", "BS 12 arm=1", "--arm", "1,3"}, "the active side's ARM is given twice"},
		{"unknown ruling", []string{"--active", "BS 12", "--criticals", "n5"}, `unknown criticals ruling "n5"`},
		{"--tail not a number", []string{"--active", "BS 12", "--tail", "x"}, `invalid value "x" for flag -tail`},
		{"--tail out of range", []string{"--active", "BS 12", "--tail", "5000"}, "--tail 5000 is out of range 0..1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := oddsRun(tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if !strings.HasPrefix(errs, "ordo odds: ") || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
				t.Errorf("stderr %q, want one line starting %q", errs, "ordo odds: ")
			}
			if !strings.Contains(errs, tt.want) {
				t.Errorf("stderr %q, want it to contain %q", errs, tt.want)
			}
		})
	}
}

// The issue's example: Carbonite at WIP 14 against a Reset at WIP 13 by a
// trooper with BTS 6 and a Firewall (Hacking (N3), Reset (N4)).
func TestOddsCarboniteAgainstReset(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"ordo", "odds", "--active", "WIP 14 program carbonite", "--reactive", "WIP 13 reset bts 6 firewall"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		"Face to Face Roll (criticals: n4-extra-save)",
		"Active    Carbonite (CLAW-3, Infowar)\n          WIP 14 +3 Attack MOD (Carbonite) -3 Firewall = 14, B2\n          each success: 2 BTS rolls at Damage 13 - BTS 6 - 3 Firewall = 4\n",
		"Reactive  Reset\n          WIP 13 = 13, B1\n",
		"  Active     66.625%", "  Reactive   26.137%",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run([]string{"ordo", "odds", "--active", "WIP 14 program carbonite", "--reactive", "PH 11 dodge"}, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "Dodge cannot avoid a Hacking Attack") {
		t.Errorf("Dodge against a program: exit %d, stderr %q", code, errb.String())
	}
}
