package catalog

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestProgramTable holds every program of the shipped catalog to its row of
// the Hacking (N3) program table: group, Attack MOD, Opponent MOD, Damage,
// Burst in the Active Turn and in ARO, the target classes, the skill type,
// the BTS Saving Rolls each success forces (DT two, Breaker half BTS) and
// the effect. "—" is a column the table leaves empty.
func TestProgramTable(t *testing.T) {
	c := defaultCatalog(t)
	const none = "—"
	for _, tc := range []struct {
		id, name      string
		group         Group
		att, opp, dam string
		burst, aroB   int
		targets       string
		skill         string
		saves         int
		ammo          string
		effect        Effect
		lethal        bool
	}{
		{"blackout", "Blackout", Claw1, "0", "0", "15", 1, 1, "comms-equipment", "Short Skill/ARO", 1, "", EffectDisabled, false},
		{"gotcha", "Gotcha!", Claw1, "0", "0", "13", 2, 1, "hackable hacker", "Short Skill/ARO", 1, "", EffectIMM1, false},
		{"overlord", "Overlord", Claw1, "0", "0", "14", 1, 1, "TAG", "Short Skill/ARO", 1, "Breaker", EffectPossessed, false},
		{"spotlight", "Spotlight", Claw1, "-3", "0", none, 1, 1, "any", "Short Skill", 0, "", EffectTargeted, false},
		{"expel", "Expel", Claw2, "0", "0", "13", 1, 1, "manned-TAG", "Short Skill/ARO", 1, "", EffectExpel, false},
		{"oblivion", "Oblivion", Claw2, "0", "0", "16", 1, 1, "hackable hacker", "Short Skill/ARO", 1, "", EffectIsolated, false},
		{"basilisk", "Basilisk", Claw3, "0", "0", "13", 3, 1, "hackable hacker", "Short Skill/ARO", 1, "", EffectIMM1, false},
		{"carbonite", "Carbonite", Claw3, "+3", "0", "13", 2, 1, "hackable hacker", "Short Skill/ARO", 2, "DT", EffectIMM1, false},
		{"total-control", "Total Control", Claw3, "0", "0", "16", 1, 1, "TAG", "Short Skill/ARO", 2, "DT", EffectPossessed, false},
		{"brain-blast", "Brain Blast", Sword1, "0", "0", "14", 2, 1, "hacker", "Short Skill/ARO", 1, "", EffectWound, true},
		{"exorcism", "Exorcism", Shield1, "0", "-3", "18", 2, 1, "possessed-TAG", "Short Skill", 2, "DT", EffectExorcise, false},
		{"hack-transport-aircraft", "Hack Transport Aircraft", Shield1, "-6", none, none, 1, 1, "combat-jumper", "ARO", 0, "", EffectDispersion, false},
		{"u-turn", "U-Turn", Shield1, none, "-3", none, 1, 1, "guided-attacker", "Automatic Skill/ARO", 0, "", EffectGuidedMod, false},
		{"breakwater", "Breakwater", Shield2, "0", "-6", none, 1, 1, "attacking-hacker", "Short Skill/ARO", 0, "", EffectNullify, false},
		{"counterstrike", "Counterstrike", Shield3, "-3", "-3", none, 1, 1, "attacking-hacker", "Short Skill/ARO", 0, "", EffectReflect, false},
		{"zero-pain", "Zero Pain", Shield3, "0", "0", none, 2, 2, "attacking-hacker", "Short Skill/ARO", 0, "", EffectNullify, false},
		{"fairy-dust", "Fairy Dust", Gadget1, none, none, none, 1, 1, "HI", "Entire Order", 0, "", EffectFirewall, false},
		{"lockpicker", "Lockpicker", Gadget1, "0", "0", none, 1, 1, "hackable-scenery", "Short Skill/ARO", 0, "", EffectScenery, false},
		{"controlled-jump", "Controlled Jump", Gadget1, none, none, none, 1, 1, "combat-jumper", "Entire Order", 0, "", EffectJumpPH, false},
		{"assisted-fire", "Assisted Fire", Gadget2, none, none, none, 1, 1, "REM", "Entire Order", 0, "", EffectMarksmanship, false},
		{"enhanced-reaction", "Enhanced Reaction", Gadget2, none, none, none, 1, 1, "REM", "Entire Order", 0, "", EffectAROBurst, false},
		{"cybermask", "Cybermask", Upgrade, "0", "0", none, 1, 1, "self", "Entire Order", 0, "", EffectImpersonation, false},
		{"white-noise", "White Noise", Upgrade, "0", "0", none, 1, 1, "point", "Short Skill/ARO", 0, "", EffectWhiteNoise, false},
		{"stop", "Stop!", Upgrade, "0", "0", "16", 2, 1, "hackable hacker", "Short Skill/ARO", 1, "Breaker", EffectIMM1, false},
		{"sucker-punch", "Sucker Punch", Upgrade, "0", "-3", "16", 1, 1, "hacker", "Short Skill/ARO", 2, "DT", EffectWound, true},
	} {
		t.Run(tc.name+" (Hacking (N3))", func(t *testing.T) {
			p, ok := c.Program(tc.id)
			if !ok {
				t.Fatalf("no program %q", tc.id)
			}
			if p.Name != tc.name || p.Group != tc.group {
				t.Errorf("name, group = %q, %s; want %q, %s", p.Name, p.Group, tc.name, tc.group)
			}
			if got := [3]string{p.AttackMod.String(), p.OpponentMod.String(), p.Damage.Number()}; got != [3]string{tc.att, tc.opp, tc.dam} {
				t.Errorf("Attack MOD, Opponent MOD, Damage = %v; want %v", got, [3]string{tc.att, tc.opp, tc.dam})
			}
			if p.BurstIn(true) != tc.burst || p.BurstIn(false) != tc.aroB {
				t.Errorf("Burst active %d, ARO %d; want %d, %d", p.BurstIn(true), p.BurstIn(false), tc.burst, tc.aroB)
			}
			if got := strings.Join(words(p.Targets), " "); got != tc.targets {
				t.Errorf("targets %q, want %q", got, tc.targets)
			}
			if p.SkillString() != tc.skill {
				t.Errorf("skill %q, want %q", p.SkillString(), tc.skill)
			}
			if p.SavesPerSuccess() != tc.saves || strings.Join(words(p.Ammo), " ") != tc.ammo {
				t.Errorf("saves per success %d with ammo %v; want %d with %q", p.SavesPerSuccess(), p.Ammo, tc.saves, tc.ammo)
			}
			if p.Effect != tc.effect || p.Lethal() != tc.lethal {
				t.Errorf("effect %s (lethal %v), want %s (lethal %v)", p.Effect, p.Lethal(), tc.effect, tc.lethal)
			}
			if len(p.Check()) > 0 {
				t.Errorf("Check: %v", p.Check())
			}
		})
	}
	if n := len(c.Programs()); n != 25 {
		t.Errorf("%d programs, want the table's 25", n)
	}
}

// The program table's other columns: durations ("Turn", "2 Turns"), the
// range, the Stop! split, and the labels the cards print.
func TestProgramColumns(t *testing.T) {
	c := defaultCatalog(t)
	for _, tc := range []struct {
		id       string
		duration Duration
		rng      Range
		maxT     int
		labels   string
	}{
		{"gotcha", TwoTurns, HackingArea, 1, "Attack"},
		{"basilisk", TwoTurns, HackingArea, 1, "Attack"},
		{"stop", TwoTurns, HackingArea, 2, "Attack"},
		{"spotlight", OneTurn, HackingArea, 1, "Attack Non-Lethal"},
		{"controlled-jump", OneTurn, WholeTable, 1, ""},
		{"fairy-dust", TwoTurns, WholeTable, 1, ""},
		{"assisted-fire", TwoTurns, HackingArea, 1, ""},
		{"hack-transport-aircraft", Instant, WholeTable, 1, ""},
		{"u-turn", Instant, WholeTable, 1, ""},
		{"cybermask", UntilRevealed, NoRange, 1, "NFB"},
		{"white-noise", OneTurn, HackingArea, 1, "NFB"},
		{"lockpicker", Instant, BaseContact, 1, ""},
		{"breakwater", Instant, AttackerRange, 1, ""},
		{"exorcism", Instant, HackingArea, 1, "Attack Non-Lethal"},
	} {
		p, _ := c.Program(tc.id)
		if p.Duration != tc.duration || p.Range != tc.rng || p.MaxTargets != tc.maxT || strings.Join(words(p.Labels), " ") != tc.labels {
			t.Errorf("%s (Hacking (N3)): duration %q range %s max-targets %d labels %v; want %q %s %d %q",
				p.Name, p.Duration, p.Range, p.MaxTargets, p.Labels, tc.duration, tc.rng, tc.maxT, tc.labels)
		}
	}
	// Reset opposes a Hacking Attack and Dodge cannot (Dodge (N4)): every
	// program of the CLAW and SWORD groups is an Attack.
	for _, p := range c.Programs() {
		claw := strings.HasPrefix(string(p.Group), "CLAW") || strings.HasPrefix(string(p.Group), "SWORD")
		if claw && !p.Attack() {
			t.Errorf("%s is in %s but not an Attack", p.Name, p.Group)
		}
	}
}

// Devices and the program groups each carries (Hacking (N3), Hacking
// Devices), limited to the catalog's programs.
func TestDevicePrograms(t *testing.T) {
	c := defaultCatalog(t)
	ids := func(ps []Program) string {
		var out []string
		for _, p := range ps {
			out = append(out, p.ID)
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct{ device, want string }{
		{"Hacking Device", "blackout gotcha overlord spotlight brain-blast exorcism hack-transport-aircraft u-turn controlled-jump fairy-dust lockpicker assisted-fire enhanced-reaction"},
		{"Defensive Hacking Device", "exorcism hack-transport-aircraft u-turn breakwater counterstrike zero-pain controlled-jump fairy-dust lockpicker"},
		{"Hacking Device Plus", "blackout gotcha overlord spotlight expel oblivion brain-blast exorcism hack-transport-aircraft u-turn breakwater controlled-jump fairy-dust lockpicker assisted-fire enhanced-reaction cybermask sucker-punch white-noise"},
		{"Assault Hacking Device", "blackout gotcha overlord spotlight expel oblivion basilisk carbonite total-control"},
		{"EI Assault Hacking Device", "blackout gotcha overlord spotlight expel oblivion basilisk carbonite total-control stop"},
		{"EI Hacking Device", "blackout gotcha overlord spotlight brain-blast exorcism hack-transport-aircraft u-turn controlled-jump fairy-dust lockpicker assisted-fire enhanced-reaction sucker-punch"},
		{"Killer Hacking Device", "brain-blast cybermask"},
	} {
		d, ok := c.DeviceNamed(tc.device)
		if !ok {
			t.Errorf("no device %q", tc.device)
			continue
		}
		if got := ids(c.DevicePrograms(d)); got != tc.want {
			t.Errorf("%s carries\n %s\nwant\n %s", tc.device, got, tc.want)
		}
	}
	// Every program is carried by some device, so every one can be played.
	carried := map[string]bool{}
	for _, d := range c.Devices() {
		for _, p := range c.DevicePrograms(d) {
			carried[p.ID] = true
		}
	}
	for _, p := range c.Programs() {
		if !carried[p.ID] {
			t.Errorf("no device carries %s", p.Name)
		}
	}
	for _, id := range []string{"repeater", "deployable-repeater"} {
		d, ok := c.Device(id)
		if !ok || d.Kind != RepeaterKind || len(c.DevicePrograms(d)) != 0 || d.Deployable != (id == "deployable-repeater") {
			t.Errorf("%s: %+v", id, d)
		}
	}
}

// The illustrative profiles: a hacker with each main device, a manned TAG
// with its pilot, HI, REM and a Repeater carrier; what each program may
// target among them (Hacking (N3): the Target column).
func TestHackingProfiles(t *testing.T) {
	c := defaultCatalog(t)
	prof := func(id string) Profile {
		p, ok := c.Profile(id)
		if !ok {
			t.Fatalf("no profile %q", id)
		}
		return p
	}
	for id, n := range map[string]int{"hacker": 13, "defensive-hacker": 9, "hacker-plus": 19, "assault-hacker": 9, "ei-assault-hacker": 10, "killer-hacker": 2, "signaller": 0, "hmg": 0} {
		if got := len(c.ProgramsOf(prof(id))); got != n {
			t.Errorf("%s may declare %d programs, want %d", id, got, n)
		}
	}
	if tag := prof("manned-tag"); tag.Pilot != "tag-pilot" {
		t.Errorf("manned-tag's pilot %q", tag.Pilot)
	}
	program := func(id string) Program { p, _ := c.Program(id); return p }
	for _, tc := range []struct {
		program, profile string
		want             bool
	}{
		{"expel", "manned-tag", true},
		{"expel", "tag", false}, // unmanned
		{"overlord", "tag", true},
		{"overlord", "hmg", false},
		{"carbonite", "hmg", true},    // HI: Hackable
		{"carbonite", "remote", true}, // REM
		{"carbonite", "hacker", true}, // a Hacker
		{"carbonite", "fusilier", false},
		{"brain-blast", "hacker-plus", true},
		{"brain-blast", "hmg", false},
		{"blackout", "signaller", true}, // a Repeater is Comms Equipment
		{"blackout", "remote", true},
		{"blackout", "fusilier", false},
		{"spotlight", "fusilier", true}, // Hackable not required
		{"assisted-fire", "remote", true},
		{"fairy-dust", "proxy-mk4", true},
	} {
		if got := c.CanTarget(program(tc.program), prof(tc.profile)); got != tc.want {
			t.Errorf("%s (Hacking (N3)) against %s: %v, want %v", tc.program, tc.profile, got, tc.want)
		}
	}
}

func TestLookupProgram(t *testing.T) {
	c := defaultCatalog(t)
	for in, want := range map[string]string{"carbonite": "carbonite", "Total Control": "total-control", "gotcha": "gotcha",
		"STOP!": "stop", "zero_pain": "zero-pain", "hack-transport-aircraft": "hack-transport-aircraft"} {
		if p, ok := c.LookupProgram(in); !ok || p.ID != want {
			t.Errorf("LookupProgram(%q) = %q %v, want %q", in, p.ID, ok, want)
		}
	}
	for _, in := range []string{"", "!!", "carbonit"} {
		if p, ok := c.LookupProgram(in); ok {
			t.Errorf("LookupProgram(%q) = %q", in, p.ID)
		}
	}
}

// hackBase is a small valid file of programs and devices; the cases below
// change one line and expect errors at exact places.
const hackBase = `programs:
  - id: zap
    name: Zap
    group: CLAW-1
    category: Infowar
    attack-mod: 0
    opponent-mod: 0
    damage: 13
    burst: 2
    side: enemy
    targets: [hackable, hacker]
    skill: [Short Skill, ARO]
    range: hacking-area
    ammo: [DT]
    effect: imm-1
    labels: [Attack]
  - id: ping
    name: Ping
    group: UPGRADE
    category: Toolbox
    attack-mod: 0
    opponent-mod: none
    damage: none
    burst: 1
    side: none
    targets: [point]
    skill: [Short Skill]
    range: hacking-area
    effect: white-noise
devices:
  - id: hd
    name: Hacking Device
    kind: hacking
    groups: [CLAW-1]
    upgrades: [ping]
`

func TestProgramFileErrors(t *testing.T) {
	if c, err := Parse("h.yaml", []byte(hackBase)); err != nil || len(c.Programs()) != 2 || len(c.Devices()) != 1 {
		t.Fatalf("base: %v", err)
	}
	line := func(old, repl string) string {
		if strings.Count(hackBase, old) != 1 {
			t.Fatalf("%q is not once in the base", old)
		}
		return strings.Replace(hackBase, old, repl, 1)
	}
	for _, tc := range []struct {
		name, src string
		want      []want
	}{
		{"unknown key", line("    burst: 2\n", "    burts: 2\n"), []want{
			{"h.yaml:2:5", "missing required field burst"}, {"h.yaml:9:5", `unknown field "burts"`}}},
		{"unknown group", line("group: CLAW-1", "group: claw-1"), []want{{"h.yaml:4:12", `unknown program group "claw-1": did you mean "CLAW-1"?`}}},
		{"a MOD as text", line("attack-mod: 0\n    opponent-mod: 0", "attack-mod: zero\n    opponent-mod: 0"), []want{{"h.yaml:6:17", `want a whole number or none (the table's —), got "zero"`}}},
		{"a MOD past the cap", line("attack-mod: 0\n    opponent-mod: 0", "attack-mod: 15\n    opponent-mod: 0"), []want{{"h.yaml:6:17", "the MOD must be -12 to +12"}}},
		{"burst 0", line("    burst: 2\n", "    burst: 0\n"), []want{{"h.yaml:9:12", "burst must be 1 to 5, got 0"}}},
		{"unknown target", line("[hackable, hacker]", "[hackable, haker]"), []want{{"h.yaml:11:25", `unknown target class "haker"`}}},
		{"repeated target", line("[hackable, hacker]", "[hacker, hacker]"), []want{{"h.yaml:11:23", "target class hacker is listed twice (also targets[0])"}}},
		{"unknown skill", line("[Short Skill, ARO]", "[Short Skill, AR0]"), []want{{"h.yaml:12:26", `unknown skill type "AR0"`}}},
		{"ammo without damage", line("    damage: 13\n", "    damage: none\n"), []want{{"h.yaml:14:11", "special ammunition needs a Damage"}}},
		{"unknown ammo", line("ammo: [DT]", "ammo: [AP]"), []want{{"h.yaml:14:12", `unknown program ammunition "AP"`}}},
		{"unknown effect", line("effect: imm-1", "effect: imm1"), []want{{"h.yaml:15:13", `unknown effect "imm1": did you mean "imm-1"?`}}},
		{"damage without a roll", line("    attack-mod: 0\n    opponent-mod: 0\n", "    attack-mod: none\n    opponent-mod: 0\n"), []want{{"h.yaml:8:13", "makes no roll"}}},
		{"aro-burst without ARO", line("    skill: [Short Skill]\n", "    skill: [Short Skill]\n    aro-burst: 2\n"), []want{{"h.yaml:28:16", "aro-burst 2 for a program that cannot be declared in ARO"}}},
		{"missing columns", line("    category: Infowar\n    attack-mod: 0\n    opponent-mod: 0\n", "    category: Infowar\n"), []want{
			{"h.yaml:2:5", "missing required fields: attack-mod (a number or none), opponent-mod (a number or none)"}}},
		{"device not hacking", line("name: Hacking Device", "name: Repeater"), []want{{"h.yaml:32:11", `"Repeater" is not a hacking device`}}},
		{"device unknown equipment", line("name: Hacking Device", "name: Hax Device"), []want{{"h.yaml:32:11", `unknown equipment "Hax Device"`}}},
		{"upgrade not UPGRADE", line("upgrades: [ping]", "upgrades: [zap]"), []want{{"h.yaml:35:16", `program "zap" is in group CLAW-1, not UPGRADE`}}},
		{"unknown upgrade", line("upgrades: [ping]", "upgrades: [pong]"), []want{{"h.yaml:35:16", `unknown program "pong": no loaded catalog file defines it`}}},
		{"upgrade group", line("groups: [CLAW-1]", "groups: [UPGRADE]"), []want{{"h.yaml:34:14", "UPGRADE programs come one by one"}}},
		{"repeater with programs", line("kind: hacking", "kind: repeater"), []want{{"h.yaml:32:11", `"Hacking Device" is a hacking device, not a repeater`}, {"h.yaml:34:13", "a repeater carries no programs"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("h.yaml", []byte(tc.src))
			var errs Errors
			if !errors.As(err, &errs) {
				t.Fatalf("want Errors, got %v", err)
			}
			check(t, errs, tc.want...)
		})
	}
}

// A manned TAG's pilot is a profile of the catalog who counts Wounds; only
// a TAG is manned.
func TestPilotErrors(t *testing.T) {
	tag := "  - id: big\n    name: Big\n    type: TAG\n    mov: 6-4\n    cc: 13\n    bs: 12\n    ph: 14\n    wip: 12\n    arm: 6\n    bts: 3\n    str: 3\n    s: 7\n    cost: 60\n    pilot: %s\n"
	for _, tc := range []struct {
		pilot string
		want  want
	}{
		{"trooper", want{}},
		{"troper", want{"t.yaml:39:12", `unknown pilot profile "troper"`}},
		{"big", want{"t.yaml:39:12", "a TAG cannot be its own pilot"}},
	} {
		src := base + strings.Replace(tag, "%s", tc.pilot, 1)
		_, err := Parse("t.yaml", []byte(src))
		if tc.want.at == "" {
			if err != nil {
				t.Errorf("pilot %s: %v", tc.pilot, err)
			}
			continue
		}
		var errs Errors
		if !errors.As(err, &errs) {
			t.Fatalf("pilot %s: want Errors, got %v", tc.pilot, err)
		}
		check(t, errs, tc.want)
	}
	_, err := Parse("t.yaml", []byte(edit(t, "    weapons: [gun]", "    weapons: [gun]\n    pilot: trooper")))
	var errs Errors
	if !errors.As(err, &errs) {
		t.Fatalf("an LI with a pilot: %v", err)
	}
	check(t, errs, want{"t.yaml:26:12", "only a TAG is manned: a LI profile has no pilot"})
}

// Programs and devices of a user file merge with the shipped ones; an id
// or an equipment name defined twice names both places.
func TestProgramsMerge(t *testing.T) {
	c := defaultCatalog(t)
	src := strings.Replace(hackBase, "name: Hacking Device", "name: White Hacking Device", 1)
	_, err := c.Parse("u.yaml", []byte(src))
	var errs Errors
	if !errors.As(err, &errs) || len(errs) != 1 || !strings.Contains(errs[0].Error(), `two devices are the equipment "White Hacking Device": first at data/catalog/devices.yaml`) {
		t.Fatalf("got %v", err)
	}
	src = strings.Replace(strings.Replace(src, "name: White Hacking Device", "name: EVO Hacking Device", 1), "id: zap", "id: carbonite", 1)
	_, err = c.Parse("u.yaml", []byte(src))
	if !errors.As(err, &errs) || len(errs) != 2 || !strings.Contains(errs[0].Error(), `program "carbonite" is defined twice: first at data/catalog/programs.yaml`) {
		t.Fatalf("got %v", err)
	}
	// The shipped catalog's String names the hacking data.
	if s := c.String(); !strings.Contains(s, ", 25 programs, 12 devices from ") {
		t.Errorf("String: %s", s)
	}
}

// The card `ordo rules --programs` prints shows every column.
func TestProgramCard(t *testing.T) {
	c := defaultCatalog(t)
	p, _ := c.Program("carbonite")
	card := p.Card()
	for _, want := range []string{"CARBONITE (Infowar) — CLAW-3, Attack", "Short Skill/ARO", "Attack MOD +3 · Opponent MOD 0 · Damage 13 · B 2 (ARO B 1)",
		"Target: enemy hackable, hacker · Range: hacking-area", "DT Special Ammunition", "each success: 2 BTS rolls against Damage 13", "Effect: imm-1", "Non-Lethal"} {
		if !strings.Contains(card, want) {
			t.Errorf("card lacks %q:\n%s", want, card)
		}
	}
	p, _ = c.Program("sucker-punch")
	if !strings.Contains(p.Card(), " Lethal") || strings.Contains(p.Card(), "Non-Lethal") {
		t.Errorf("Sucker Punch takes W/STR:\n%s", p.Card())
	}
	if !slices.Contains(p.Ammo, DT) {
		t.Error("Sucker Punch has DT")
	}
}

// The Possessed profile (Overlord, Total Control (N3)): MOV 4-4, CC 13, BS
// 12, WIP 11; PH, ARM, BTS, STR and S stay the TAG's.
func TestPossessedProfile(t *testing.T) {
	c := defaultCatalog(t)
	tag, _ := c.Profile("manned-tag")
	p := Possessed(tag)
	if p.MOV != [2]int{4, 4} || p.CC != 13 || p.BS != 12 || p.WIP != 11 {
		t.Errorf("Possessed: %s", p)
	}
	if p.PH != tag.PH || p.ARM != tag.ARM || p.BTS != tag.BTS || p.W != tag.W || !p.STR || p.S != tag.S || p.Pilot != tag.Pilot {
		t.Errorf("Possessed changed what it keeps: %s, was %s", p, tag)
	}
	if again, _ := c.Profile("manned-tag"); again.BS != tag.BS {
		t.Error("Possessed changed the catalog")
	}
}
