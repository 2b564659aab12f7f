package catalog

import (
	"errors"
	"strings"
	"testing"
)

// base is a small valid catalog; the cases below change one line of it (the
// line numbers stay put) or append to it, and expect errors at exact places.
const base = `weapons:
  - id: gun
    name: Gun
    ranges:
      - {from: 0, to: 8, mod: 3}
      - {from: 8, to: 16, mod: 0}
    damage: 13
    burst: 2
    ammo: [N]
    save: ARM
profiles:
  - id: trooper
    name: Trooper
    type: LI
    mov: 4-4
    cc: 13
    bs: 12
    ph: 10
    wip: 12
    arm: 1
    bts: 0
    w: 1
    s: 2
    cost: 10
    weapons: [gun]
`

// edit replaces the whole lines of base that are exactly old (one line or
// several) with repl (which may hold several lines, or none).
func edit(t *testing.T, old, repl string) string {
	t.Helper()
	if strings.Count("\n"+base, "\n"+old+"\n") != 1 {
		t.Fatalf("base has no single run of lines %q", old)
	}
	return strings.Replace("\n"+base, "\n"+old+"\n", "\n"+repl+"\n", 1)[1:]
}

// bands is the range row of base's weapon.
const bands = "    ranges:\n      - {from: 0, to: 8, mod: 3}\n      - {from: 8, to: 16, mod: 0}"

// TestWholeFile covers files that are not a catalog's shape at all, and the
// empty file, which is an empty catalog.
func TestWholeFile(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []want
	}{
		{"empty", "", nil},
		{"comments only", "# nothing yet\n", nil},
		{"empty lists", "weapons: []\nprofiles:\n", nil},
		{"a list", "- a\n- b\n", []want{{"t.yaml:1:1", "want a mapping with keys weapons, profiles, programs, devices, got a list"}}},
		{"a string", "hello\n", []want{{"t.yaml:1:1", "want a mapping with keys weapons, profiles, programs, devices, got a string (hello)"}}},
		{"weapons not a list", "weapons: {id: x}\n", []want{{"t.yaml:1:10: weapons", "want a list, got a mapping"}}},
		{"two documents", "weapons: []\n---\nprofiles: []\n", []want{{"t.yaml:2:1", "one YAML document; found a second"}}},
		{"anchor", "weapons: &w []\nprofiles: *w\n", []want{{"t.yaml:1:10: weapons", "anchors, aliases"}, {"t.yaml:2:11: profiles", "anchors, aliases"}}},
		{"merge key", "weapons:\n  - <<: {id: x}\n", []want{{"t.yaml:2:5: weapons[0]", "anchors, aliases and merge keys"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse("t.yaml", []byte(tc.src))
			if tc.want == nil {
				if err != nil || len(c.Profiles())+len(c.Weapons()) != 0 {
					t.Fatalf("got %v, %v; want an empty catalog", c, err)
				}
				return
			}
			check(t, errorsOf(t, err), tc.want...)
		})
	}
}

func TestBaseIsValid(t *testing.T) {
	c, err := Parse("t.yaml", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	if !c.HasProfile("trooper") {
		t.Fatal("trooper missing")
	}
}

// errorsOf parses and returns the errors, failing if there are none or they
// are not an Errors.
func errorsOf(t *testing.T, err error) Errors {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	var errs Errors
	if !errors.As(err, &errs) || len(errs) == 0 {
		t.Fatalf("error is %T, want a non-empty Errors: %v", err, err)
	}
	for _, e := range errs {
		if strings.Contains(e.Error(), "\n") {
			t.Errorf("error spans lines: %q", e.Error())
		}
	}
	return errs
}

// want is one expected error: its place ("t.yaml:8:12: weapons[0].burst")
// and a part of its message.
type want struct{ at, msg string }

// check asserts that errs are exactly wants, in order.
func check(t *testing.T, errs Errors, wants ...want) {
	t.Helper()
	if len(errs) != len(wants) {
		t.Errorf("got %d errors, want %d:\n%v", len(errs), len(wants), errs)
	}
	for i := range min(len(errs), len(wants)) {
		got, w := errs[i].Error(), wants[i]
		if !strings.HasPrefix(got, w.at+": ") || !strings.Contains(got[len(w.at):], w.msg) {
			t.Errorf("error %d:\n got %s\nwant %s: …%s…", i, got, w.at, w.msg)
		}
	}
}

// TestErrors has one malformed catalog per class of error, each asserting
// the file, line, column and field of every error reported.
func TestErrors(t *testing.T) {
	cases := []struct {
		name, old, repl string
		want            []want
	}{
		// YAML form.
		{"syntax", "    save: ARM", "    save: [ARM", []want{{"t.yaml:11:1", "invalid YAML: ',' or ']' must be specified"}}},
		{"second document", "    weapons: [gun]", "    weapons: [gun]\n---\nweapons: []", []want{{"t.yaml:26:1", "one YAML document"}}},
		{"alias", "    ammo: [N]", "    ammo: *x", []want{{"t.yaml:9:11", "anchors, aliases"}}},
		{"tag", "    damage: 13", "    damage: !!int 13", []want{{"t.yaml:7:13", "tags are not supported"}}},
		{"unknown top-level key", "profiles:", "profile:", []want{{"t.yaml:11:1: profile", `unknown field "profile"`}}},
		{"unknown weapon key", "    save: ARM", "    save: ARM\n    colour: red", []want{{"t.yaml:11:5: weapons[0].colour", `unknown field "colour" (this mapping takes id, name`}}},
		{"unknown profile key", "    cost: 10", "    cost: 10\n    points: 1", []want{{"t.yaml:25:5: profiles[0].points", `unknown field "points"`}}},
		{"unknown band key", "      - {from: 8, to: 16, mod: 0}", "      - {from: 8, to: 16, mod: 0, note: x}", []want{{"t.yaml:6:35: weapons[0].ranges[1].note", `unknown field "note"`}}},
		{"non-string key", "    cost: 10", "    cost: 10\n    7: x", []want{{"t.yaml:25:5: profiles[0]", "want a field name, got an integer (7)"}}},

		// Kinds.
		{"quoted number", "    bs: 12", `    bs: "12"`, []want{{"t.yaml:17:9: profiles[0].bs", "want a whole number, got a string (12)"}}},
		{"fraction", "    bs: 12", "    bs: 12.5", []want{{"t.yaml:17:9: profiles[0].bs", "want a whole number, got a number (12.5)"}}},
		{"large number", "    bs: 12", "    bs: 9999999999", []want{{"t.yaml:17:9: profiles[0].bs", "9999999999 is far too large"}}},
		{"number beyond 64 bits", "    bs: 12", "    bs: 99999999999999999999", []want{{"t.yaml:17:9: profiles[0].bs", "want a whole number, got a string"}}},
		{"list for a string", "    name: Trooper", "    name: [Trooper]", []want{{"t.yaml:13:11: profiles[0].name", "want a string, got a list"}}},
		{"string for a list", "      - {from: 0, to: 8, mod: 3}", "      - 0-8", []want{{"t.yaml:5:9: weapons[0].ranges[0]", "want a mapping with keys from, to, mod"}}},
		{"mapping for a list", "    weapons: [gun]", "    weapons: {gun: 1}", []want{{"t.yaml:25:14: profiles[0].weapons", "want a list, got a mapping"}}},
		{"not a boolean", "    cost: 10", "    cost: 10\n    irregular: yes", []want{{"t.yaml:25:16: profiles[0].irregular", "want true or false"}}},
		{"infinite range", "      - {from: 8, to: 16, mod: 0}", "      - {from: 8, to: .inf, mod: 0}", []want{{"t.yaml:6:23: weapons[0].ranges[1].to", "want a finite number"}}},

		// Required fields, reported together at the entry.
		{"profile lacks fields", "    bs: 12", "", []want{{"t.yaml:12:5: profiles[0]", "missing required field bs"}}},
		{"weapon lacks fields", "    save: ARM", "", []want{{"t.yaml:2:5: weapons[0]", "missing required field save (ARM or BTS)"}}},
		{"empty value is missing", "    cc: 13", "    cc:", []want{{"t.yaml:12:5: profiles[0]", "missing required field cc"}}},
		{"band lacks mod", "      - {from: 8, to: 16, mod: 0}", "      - {from: 8, to: 16}", []want{{"t.yaml:6:9: weapons[0].ranges[1]", "missing required field mod"}}},

		// Ids and names.
		{"bad id", "  - id: trooper", "  - id: Big Trooper", []want{{"t.yaml:12:9: profiles[0].id", "lower-case letters"}}},
		{"blank name", "    name: Gun", `    name: " "`, []want{{"t.yaml:3:11: weapons[0].name", "name is empty"}}},
		{"duplicate profile id", "    weapons: [gun]", "    weapons: [gun]\n" + strings.Join(strings.Split(base, "\n")[11:25], "\n"), []want{{"t.yaml:26:9: profiles[1].id", `profile "trooper" is defined twice: first at t.yaml:12:9, again here`}}},

		// Range bands.
		{"overlapping bands", "      - {from: 8, to: 16, mod: 0}", "      - {from: 6, to: 16, mod: 0}", []want{{"t.yaml:6:16: weapons[0].ranges[1].from", "inside the band before it"}}},
		{"decreasing bands", "      - {from: 8, to: 16, mod: 0}", "      - {from: 8, to: 16, mod: 0}\n      - {from: 0, to: 4, mod: 0}", []want{{"t.yaml:7:16: weapons[0].ranges[2].from", "bands must increase"}}},
		{"empty band", "      - {from: 8, to: 16, mod: 0}", "      - {from: 8, to: 8, mod: 0}", []want{{"t.yaml:6:23: weapons[0].ranges[1].to", "must end after it starts"}}},
		{"negative from", "      - {from: 0, to: 8, mod: 3}", "      - {from: -1, to: 8, mod: 3}", []want{{"t.yaml:5:16: weapons[0].ranges[0].from", "0 or more"}}},
		{"band beyond 96", "      - {from: 8, to: 16, mod: 0}", "      - {from: 8, to: 120, mod: 0}", []want{{"t.yaml:6:23: weapons[0].ranges[1].to", "at most 96"}}},
		{"mod beyond the cap", "      - {from: 0, to: 8, mod: 3}", "      - {from: 0, to: 8, mod: 13}", []want{{"t.yaml:5:31: weapons[0].ranges[0].mod", "-12 to +12"}}},
		{"ranged weapon with no bands", bands, "    ranges: []", []want{{"t.yaml:4:13: weapons[0].ranges", "ranges is required: only Direct Template, CC and deployable weapons"}}},
		{"ranged weapon without ranges", bands, "", []want{{"t.yaml:2:5: weapons[0].ranges", "ranges is required"}}},
		{"band not a mapping", "      - {from: 0, to: 8, mod: 3}", "      - [0, 8, 3]", []want{{"t.yaml:5:9: weapons[0].ranges[0]", "want a mapping with keys from, to, mod, got a list"}}},

		// Damage, Burst, ammo, save, attribute.
		{"damage zero", "    damage: 13", "    damage: 0", []want{{"t.yaml:7:13: weapons[0].damage", "damage must be 1 to 20"}}},
		{"damage attribute", "    damage: 13", "    damage: BS", []want{{"t.yaml:7:13: weapons[0].damage", `unknown damage attribute "BS"`}}},
		{"damage modifier", "    damage: 13", "    damage: PH+11", []want{{"t.yaml:7:13: weapons[0].damage", "the modifier of PH must be -10 to +10"}}},
		{"damage garbage", "    damage: 13", "    damage: PH+x", []want{{"t.yaml:7:13: weapons[0].damage", "want a number or an attribute"}}},
		{"burst zero", "    burst: 2", "    burst: 0", []want{{"t.yaml:8:12: weapons[0].burst", "burst must be 1 to 10, got 0"}}},
		{"burst missing", "    burst: 2", "", []want{{"t.yaml:2:5: weapons[0]", "missing required field burst"}}},
		{"unknown ammo", "    ammo: [N]", "    ammo: [N, Fire]", []want{{"t.yaml:9:15: weapons[0].ammo[1]", `unknown ammunition "Fire" (known: AP, DA, E/M`}}},
		{"repeated ammo", "    ammo: [N]", "    ammo: [DA, da]", []want{{"t.yaml:9:16: weapons[0].ammo[1]", "ammunition DA is listed twice"}}},
		{"ammo not a string", "    ammo: [N]", "    ammo: [N, 3]", []want{{"t.yaml:9:15: weapons[0].ammo[1]", "want a string, got an integer (3)"}}},
		{"ammo as one word", "    ammo: [N]", "    ammo: Shock", nil},
		{"no ammo", "    ammo: [N]", "    ammo: []", []want{{"t.yaml:9:11: weapons[0].ammo", "at least one"}}},
		{"unknown save", "    save: ARM", "    save: arm", []want{{"t.yaml:10:11: weapons[0].save", `did you mean "ARM"?`}}},
		{"unknown attribute", "    save: ARM", "    save: ARM\n    attribute: CC", []want{{"t.yaml:11:16: weapons[0].attribute", `unknown attack attribute "CC"`}}},

		// Traits.
		{"unknown trait", "    save: ARM", "    save: ARM\n    traits: [surpressive-fire]", []want{{"t.yaml:11:14: weapons[0].traits[0]", `unknown trait "surpressive-fire" (known: suppressive-fire`}}},
		{"repeated trait", "    save: ARM", "    save: ARM\n    traits: [cc, cc]", []want{{"t.yaml:11:18: weapons[0].traits[1]", "trait cc is listed twice"}}},
		{"two templates", "    save: ARM", "    save: ARM\n    traits: [impact-circular, direct-small-teardrop]", []want{{"t.yaml:11:31: weapons[0].traits[1]", "at most one template"}}},
		{"direct template with bands", "    save: ARM", "    save: ARM\n    traits: [direct-small-teardrop]", []want{{"t.yaml:5:7: weapons[0].ranges", "a Direct Template weapon has no range bands"}}},

		{"weapon not a mapping", "  - id: gun\n    name: Gun", "  - gun\n  - id: gun\n    name: Gun", []want{{"t.yaml:2:5: weapons[0]", "want a mapping with keys id, name"}}},

		// Profile values.
		{"unknown troop type", "    type: LI", "    type: XX", []want{{"t.yaml:14:11: profiles[0].type", `unknown troop type "XX" (known: LI, MI, HI, TAG, REM, SK, WB, VH)`}}},
		{"troop type case", "    type: LI", "    type: li", []want{{"t.yaml:14:11: profiles[0].type", `did you mean "LI"?`}}},
		{"mov syntax", "    mov: 4-4", "    mov: 4-", []want{{"t.yaml:15:10: profiles[0].mov", "want two movement values"}}},
		{"mov three values", "    mov: 4-4", "    mov: [4, 4, 2]", []want{{"t.yaml:15:10: profiles[0].mov", "got a list of 3"}}},
		{"mov too far", "    mov: 4-4", "    mov: [4, 14]", []want{{"t.yaml:15:10: profiles[0].mov", "each MOV value must be 0 to 12"}}},
		{"negative mov", "    mov: 4-4", "    mov: [-1, 4]", []want{{"t.yaml:15:10: profiles[0].mov", "each MOV value must be 0 to 12"}}},
		{"attribute too high", "    cc: 13", "    cc: 31", []want{{"t.yaml:16:9: profiles[0].cc", "cc must be 0 to 30, got 31"}}},
		{"negative attribute", "    wip: 12", "    wip: -1", []want{{"t.yaml:19:10: profiles[0].wip", "wip must be 0 to 30"}}},
		{"armour too high", "    arm: 1", "    arm: 16", []want{{"t.yaml:20:10: profiles[0].arm", "arm must be 0 to 15"}}},
		{"no wounds", "    w: 1", "    w: 0", []want{{"t.yaml:22:8: profiles[0].w", "w must be 1 to 10, got 0"}}},
		{"w and str", "    w: 1", "    w: 1\n    str: 1", []want{{"t.yaml:23:10: profiles[0].str", "give either w or str"}}},
		{"str on LI", "    w: 1", "    str: 1", []want{{"t.yaml:22:10: profiles[0].str", "a LI profile counts Wounds"}}},
		{"w on TAG", "    type: LI", "    type: TAG", []want{{"t.yaml:22:8: profiles[0].w", "a TAG profile counts Structure: write str"}}},
		{"neither w nor str", "    w: 1", "", []want{{"t.yaml:12:5: profiles[0]", "missing required field w (str for TAG, REM and VH)"}}},
		{"silhouette 0", "    s: 2", "    s: 0", []want{{"t.yaml:23:8: profiles[0].s", "s must be 1 to 8"}}},
		{"silhouette 9", "    s: 2", "    s: 9", []want{{"t.yaml:23:8: profiles[0].s", "s must be 1 to 8, got 9"}}},
		{"negative cost", "    cost: 10", "    cost: -5", []want{{"t.yaml:24:11: profiles[0].cost", "cost must be 0 to 999"}}},
		{"HI not hackable", "    type: LI", "    type: HI\n    hackable: false", []want{{"t.yaml:15:15: profiles[0].hackable", "a HI profile is always Hackable"}}},

		// Skills and equipment.
		{"unknown skill", "    cost: 10", "    cost: 10\n    skills: [Flying]", []want{{"t.yaml:25:14: profiles[0].skills[0]", `unknown skill "Flying" (known: Airborne Deployment`}}},
		{"skill spelling", "    cost: 10", "    cost: 10\n    skills: [g jumper]", []want{{"t.yaml:25:14: profiles[0].skills[0]", `did you mean "G: Jumper"?`}}},
		{"repeated skill", "    cost: 10", "    cost: 10\n    skills: [Infiltration, {name: Infiltration}]", []want{{"t.yaml:25:35: profiles[0].skills[1].name", "skill Infiltration is listed twice"}}},
		{"skill lacks level", "    cost: 10", "    cost: 10\n    skills: [Mimetism]", []want{{"t.yaml:25:14: profiles[0].skills[0].level", "Mimetism needs a level, one of -3, -6"}}},
		{"skill bad level", "    cost: 10", "    cost: 10\n    skills: [{name: Mimetism, level: -4}]", []want{{"t.yaml:25:38: profiles[0].skills[0].level", "must be one of -3, -6, got -4"}}},
		{"skill without levels", "    cost: 10", "    cost: 10\n    skills: [{name: Camouflage, level: 1}]", []want{{"t.yaml:25:40: profiles[0].skills[0].level", "Camouflage has no level"}}},
		{"skill without params", "    cost: 10", "    cost: 10\n    skills: [{name: Courage, params: [x]}]", []want{{"t.yaml:25:38: profiles[0].skills[0].params", "Courage takes no params"}}},
		// A skill or piece of equipment of N4 the engine does not play:
		// refused by name, never carried silently.
		{"skill not played", "    cost: 10", "    cost: 10\n    skills: [{name: Veteran, level: 1}]", []want{{"t.yaml:25:21: profiles[0].skills[0].name", "Ordo does not play the skill Veteran yet"}}},
		{"skill not played, other spelling", "    cost: 10", "    cost: 10\n    skills: [{name: veteran, level: 2}]", []want{{"t.yaml:25:21: profiles[0].skills[0].name", "Ordo does not play the skill Veteran yet"}}},
		{"bare skill not played", "    cost: 10", "    cost: 10\n    skills: [Berserk]", []want{{"t.yaml:25:14: profiles[0].skills[0]", "Ordo does not play the skill Berserk yet"}}},
		{"equipment not played", "    cost: 10", "    cost: 10\n    equipment: [Motorcycle]", []want{{"t.yaml:25:17: profiles[0].equipment[0]", "Ordo does not play the equipment Motorcycle yet"}}},
		// Specialist Operative only makes a Specialist Troop (docs/MISSIONS.md):
		// played. Chain of Command also takes the Lieutenant's place in Loss
		// of Lieutenant, which is not played: refused by name.
		{"specialist operative", "    cost: 10", "    cost: 10\n    skills: [Specialist Operative]", nil},
		{"chain of command not played", "    cost: 10", "    cost: 10\n    skills: [Chain of Command]", []want{{"t.yaml:25:14: profiles[0].skills[0]", "Ordo does not play the skill Chain of Command yet"}}},
		{"skill lacks name", "    cost: 10", "    cost: 10\n    skills: [{level: 2}]", []want{{"t.yaml:25:14: profiles[0].skills[0]", "missing required field name"}}},
		{"unknown skill key", "    cost: 10", "    cost: 10\n    skills: [{name: Courage, lvl: 2}]", []want{{"t.yaml:25:30: profiles[0].skills[0].lvl", `unknown field "lvl"`}}},
		{"unknown equipment", "    cost: 10", "    cost: 10\n    equipment: [Jetpack]", []want{{"t.yaml:25:17: profiles[0].equipment[0]", `unknown equipment "Jetpack"`}}},
		{"repeated equipment", "    cost: 10", "    cost: 10\n    equipment: [Medikit, Medikit]", []want{{"t.yaml:25:26: profiles[0].equipment[1]", `equipment "Medikit" is listed twice`}}},

		// Army list fields (Army list and Combat Groups (N4), Unit Profile (N4)):
		// SWC in steps of 0.5, AVA, options with their own cost, SWC and weapons.
		{"swc and ava", "    cost: 10", "    cost: 10\n    swc: 1.5\n    ava: 2", nil},
		{"swc off the half steps", "    cost: 10", "    cost: 10\n    swc: 0.3", []want{{"t.yaml:25:10: profiles[0].swc", "swc must be 0 to 10 in steps of 0.5, got 0.3"}}},
		{"ava too high", "    cost: 10", "    cost: 10\n    ava: 40", []want{{"t.yaml:25:10: profiles[0].ava", "ava must be 0 to 15, got 40"}}},
		{"unit not an id", "    cost: 10", "    cost: 10\n    unit: Bastion Gunners", []want{{"t.yaml:25:11: profiles[0].unit", `unit "Bastion Gunners" must be 1 to 64 lower-case letters`}}},
		{"options", "    cost: 10", "    cost: 10\n    options:\n      - {id: gun, cost: 10}\n      - {id: heavy, name: Heavy, cost: 14, swc: 0.5, weapons: [gun], equipment: [Medikit]}", nil},
		{"option lacks id and cost", "    cost: 10", "    cost: 10\n    options: [{name: x}]", []want{{"t.yaml:25:15: profiles[0].options[0]", "missing required fields: id, cost"}}},
		{"option id twice", "    cost: 10", "    cost: 10\n    options: [{id: a, cost: 1}, {id: a, cost: 2}]", []want{{"t.yaml:25:38: profiles[0].options[1].id", `option "a" is listed twice (also options[0])`}}},
		{"option unknown weapon", "    cost: 10", "    cost: 10\n    options: [{id: a, cost: 1, weapons: [sword]}]", []want{{"t.yaml:25:42: profiles[0].options[0].weapons[0]", `unknown weapon "sword"`}}},
		{"option unknown key", "    cost: 10", "    cost: 10\n    options: [{id: a, cost: 1, points: 2}]", []want{{"t.yaml:25:32: profiles[0].options[0].points", `unknown field "points"`}}},
		{"option bad swc", "    cost: 10", "    cost: 10\n    options: [{id: a, cost: 1, swc: 0.25}]", []want{{"t.yaml:25:37: profiles[0].options[0].swc", "in steps of 0.5"}}},
		{"option unknown equipment", "    cost: 10", "    cost: 10\n    options: [{id: a, cost: 1, equipment: [Jetpack]}]", []want{{"t.yaml:25:44: profiles[0].options[0].equipment[0]", `unknown equipment "Jetpack"`}}},

		// Weapon references.
		{"unknown weapon", "    weapons: [gun]", "    weapons: [gun, sword]", []want{{"t.yaml:25:20: profiles[0].weapons[1]", `unknown weapon "sword": no loaded catalog file defines it`}}},
		{"weapon spelling", "    weapons: [gun]", "    weapons: [Gun]", []want{{"t.yaml:25:15: profiles[0].weapons[0]", `unknown weapon "Gun": did you mean "gun"?`}}},
		{"repeated weapon", "    weapons: [gun]", "    weapons: [gun, gun]", []want{{"t.yaml:25:20: profiles[0].weapons[1]", `weapon "gun" is listed twice`}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(edit(t, tc.old, tc.repl)))
			if tc.want == nil {
				if err != nil {
					t.Fatalf("want no error, got\n%v", err)
				}
				return
			}
			check(t, errorsOf(t, err), tc.want...)
		})
	}
}

// TestEveryErrorReported: independent problems are all reported, in file
// order, rather than the first alone.
func TestEveryErrorReported(t *testing.T) {
	src := strings.NewReplacer("    burst: 2", "    burst: 0", "    bs: 12", "    bs: 40", "    weapons: [gun]", "    weapons: [sword]").Replace(base)
	_, err := Parse("t.yaml", []byte(src))
	check(t, errorsOf(t, err),
		want{"t.yaml:8:12: weapons[0].burst", "burst must be"},
		want{"t.yaml:17:9: profiles[0].bs", "bs must be"},
		want{"t.yaml:25:15: profiles[0].weapons[0]", "unknown weapon"},
	)
}

// TestWeaponRules covers the rules that tie a weapon's fields together.
func TestWeaponRules(t *testing.T) {
	ok := []struct{ name, yaml string }{
		{"direct template needs no range or burst", "weapons:\n  - {id: t, name: T, damage: 13, ammo: [N], save: ARM, traits: [direct-large-teardrop, continuous]}\n"},
		{"CC weapon needs no range", "weapons:\n  - {id: k, name: K, damage: PH-1, burst: 1, ammo: [N], save: ARM, traits: [cc]}\n"},
		{"deployable needs no range", "weapons:\n  - {id: m, name: M, damage: 13, ammo: [Shock], save: ARM, traits: [deployable, direct-small-teardrop]}\n"},
		{"gap between bands", "weapons:\n  - {id: g, name: G, ranges: [{from: 0, to: 8, mod: 0}, {from: 16, to: 24, mod: 3}], damage: 13, burst: 1, ammo: [N], save: ARM}\n"},
		{"ammo spelt loosely", "weapons:\n  - {id: e, name: E, ranges: [{from: 0, to: 8, mod: 0}], damage: 13, burst: 1, ammo: [em, ap], save: BTS}\n"},
	}
	for _, tc := range ok {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Parse("w.yaml", []byte(tc.yaml)); err != nil {
				t.Fatal(err)
			}
		})
	}
	bad := []struct {
		name, yaml string
		want       want
	}{
		{"suppressive fire needs bands", "weapons:\n  - id: s\n    name: S\n    damage: 13\n    burst: 1\n    ammo: [N]\n    save: ARM\n    traits: [cc, suppressive-fire]\n",
			want{"w.yaml:8:18: weapons[0].traits[1]", "suppressive-fire needs range bands"}},
		{"impact template needs bands", "weapons:\n  - {id: i, name: I, damage: 13, ammo: [N], save: ARM, traits: [impact-circular]}\n",
			want{"w.yaml:2:5: weapons[0].ranges", "ranges is required"}},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("w.yaml", []byte(tc.yaml))
			check(t, errorsOf(t, err), tc.want)
		})
	}

	c, err := Parse("w.yaml", []byte(ok[0].yaml+ok[4].yaml[len("weapons:\n"):]))
	if err != nil {
		t.Fatal(err)
	}
	if w, _ := c.Weapon("t"); w.Burst != 1 || w.Attribute != "BS" {
		t.Errorf("template defaults: burst %d attribute %q, want 1 and BS", w.Burst, w.Attribute)
	}
	if w, _ := c.Weapon("e"); strings.Join(w.Ammo, ",") != "E/M,AP" {
		t.Errorf("ammo %v, want the dice spelling [E/M AP]", w.Ammo)
	}
}

// TestProfileDefaults covers Hackable by troop type (Troop Types (N4)–8.3) and
// STR for TAG/REM/VH (Wounds, Unconscious and Dead (N4)).
func TestProfileDefaults(t *testing.T) {
	cases := []struct {
		old, repl         string
		hackable, str     bool
		canBeLieutenant   bool
		irregular         bool
		skill, skillLevel string
	}{
		{"    type: LI", "    type: LI", false, false, true, false, "", ""},
		{"    type: LI", "    type: LI\n    hackable: true", true, false, true, false, "", ""},
		{"    type: LI", "    type: HI", true, false, true, false, "", ""},
		{"    type: LI", "    type: REM\n    str: 1", true, true, false, false, "", ""},
		{"    type: LI", "    type: LI\n    irregular: true", false, false, false, true, "", ""},
		{"    type: LI", "    type: LI\n    skills: [{name: Impersonation, level: 2}]", false, false, true, false, "Impersonation", "Impersonation L2"},
		{"    type: LI", "    type: LI\n    skills: [{name: Mimetism, level: -6}]", false, false, true, false, "Mimetism", "Mimetism (-6)"},
	}
	for _, tc := range cases {
		src := edit(t, tc.old, tc.repl)
		if tc.str {
			src = strings.Replace(src, "    w: 1\n", "", 1)
		}
		c, err := Parse("t.yaml", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", tc.repl, err)
		}
		p, _ := c.Profile("trooper")
		if p.Hackable != tc.hackable || p.STR != tc.str || p.CanBeLieutenant() != tc.canBeLieutenant || p.Irregular != tc.irregular {
			t.Errorf("%q: hackable %v str %v lieutenant %v irregular %v, want %v %v %v %v", tc.repl,
				p.Hackable, p.STR, p.CanBeLieutenant(), p.Irregular, tc.hackable, tc.str, tc.canBeLieutenant, tc.irregular)
		}
		if tc.skill != "" {
			s, ok := p.Skill(tc.skill)
			if !ok || s.String() != tc.skillLevel {
				t.Errorf("%q: skill %v %q, want %q", tc.repl, ok, s.String(), tc.skillLevel)
			}
		}
	}
}

// A list with an element given three times reports each repeat. A repeated
// trait names the first mention, the other lists the mention before.
func TestRepeatedThrice(t *testing.T) {
	for _, tc := range []struct{ name, old, repl, want string }{
		{"ammo", "    ammo: [N]", "    ammo: [DA, da, DA]",
			"t.yaml:9:16: weapons[0].ammo[1]: ammunition DA is listed twice (also weapons[0].ammo[0])\n" +
				"t.yaml:9:20: weapons[0].ammo[2]: ammunition DA is listed twice (also weapons[0].ammo[1])"},
		{"trait", "    save: ARM", "    save: ARM\n    traits: [cc, cc, cc]",
			"t.yaml:11:18: weapons[0].traits[1]: trait cc is listed twice (also weapons[0].traits[0])\n" +
				"t.yaml:11:22: weapons[0].traits[2]: trait cc is listed twice (also weapons[0].traits[0])"},
		{"skill", "    cost: 10", "    cost: 10\n    skills: [Infiltration, Infiltration, {name: Infiltration}]",
			"t.yaml:25:28: profiles[0].skills[1]: skill Infiltration is listed twice (also profiles[0].skills[0])\n" +
				"t.yaml:25:49: profiles[0].skills[2].name: skill Infiltration is listed twice (also profiles[0].skills[1])"},
		{"equipment", "    cost: 10", "    cost: 10\n    equipment: [Medikit, Medikit, Medikit]",
			"t.yaml:25:26: profiles[0].equipment[1]: equipment \"Medikit\" is listed twice (also profiles[0].equipment[0])\n" +
				"t.yaml:25:35: profiles[0].equipment[2]: equipment \"Medikit\" is listed twice (also profiles[0].equipment[1])"},
		{"weapon", "    weapons: [gun]", "    weapons: [gun, gun, gun]",
			"t.yaml:25:20: profiles[0].weapons[1]: weapon \"gun\" is listed twice (also profiles[0].weapons[0])\n" +
				"t.yaml:25:25: profiles[0].weapons[2]: weapon \"gun\" is listed twice (also profiles[0].weapons[1])"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(edit(t, tc.old, tc.repl)))
			if err == nil || err.Error() != tc.want {
				t.Errorf("got\n%v\nwant\n%s", err, tc.want)
			}
		})
	}
}
