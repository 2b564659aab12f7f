package cli

import (
	"bytes"
	"strings"
	"testing"
)

// `ordo rules --programs` prints every program of the Hacking (N3) table
// as a card with its columns; `--devices` every device with its programs.
func TestRulesPrograms(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"ordo", "rules", "--programs"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	if n := strings.Count(s, "\n  id "); n != 25 {
		t.Errorf("%d cards, want 25:\n%s", n, s)
	}
	for _, want := range []string{
		"CARBONITE (Infowar) — CLAW-3, Attack\n  id carbonite · Short Skill/ARO\n  Attack MOD +3 · Opponent MOD 0 · Damage 13 · B 2 (ARO B 1)\n",
		"ZERO PAIN (DP) — SHIELD-3\n", "B 2 (ARO B 2)",
		"HACK TRANSPORT AIRCRAFT (Comm-Sat) — SHIELD-1\n  id hack-transport-aircraft · ARO\n  Attack MOD -6 · Opponent MOD — · Damage — · B 1 (ARO B 1)",
		"Target: enemy hackable, hacker (the Burst split between up to 2 targets) · Range: hacking-area",
		"CYBERMASK (Supportware) — UPGRADE, NFB", "Duration: until revealed",
		"SUCKER PUNCH (AHP) — UPGRADE, Attack", "DT Special Ammunition · each success: 2 BTS rolls against Damage 16 · Effect: wound · Lethal",
		"  on: EI Hacking Device, Hacking Device Plus\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	out.Reset()
	if code := run([]string{"ordo", "rules", "--devices"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s = out.String()
	for _, want := range []string{
		"Hacking Device Plus (hacking-device-plus)\n  groups: CLAW-1, CLAW-2, SWORD-1, SHIELD-1, SHIELD-2, GADGET-1, GADGET-2; upgrades: cybermask, sucker-punch, white-noise\n",
		"  carried by: hacker-plus\n",
		"Deployable Repeater (deployable-repeater)\n  a Repeater: its Zone of Control extends the Hacking Area of every hacker of its army list; placed on the table, it cannot Reset\n  carried by: relay-engineer, signaller\n",
		"Repeater (repeater)\n  a Repeater: its Zone of Control extends the Hacking Area of every hacker of its army list\n  carried by: ei-assault-hacker, remote, signaller\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"ordo", "rules", "--programs", "--devices"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "give one of") {
		t.Errorf("two listings: exit %d, stderr %q", code, errb.String())
	}
}
