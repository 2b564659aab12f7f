package army

import (
	"strings"
	"testing"
)

// teamList is a legal list with a Core of three Line Troopers and a Duo
// of Zhanshi, the Lieutenant apart.
const teamList = `name: Line company
points: 300
fireteams:
  - {name: alpha, type: core}
  - {name: pair, type: duo}
combat-groups:
  - troopers:
      - {profile: fusilier, option: combi-rifle, lieutenant: true}
      - {profile: line-trooper, fireteam: alpha}
      - {profile: line-trooper, fireteam: alpha}
      - {profile: line-trooper, fireteam: alpha}
      - {profile: zhanshi, fireteam: pair}
      - {profile: zhanshi, fireteam: pair}
`

// Fireteams (N4) in army lists: a list declares its Fireteams by name and
// type (Core 3 to 5 members, Haris 3, Duo 2), each trooper names its own;
// at most one Core and one Haris an army, Duos without limit; the members
// of one combat group and one unit, none in Marker form or Hidden
// Deployment, with Infiltration or an Airborne Deployment skill, or
// Irregular. Each refusal names the rule and the file:line:col.
func TestFireteamsInArmyLists(t *testing.T) {
	l, cat, err := Parse("t.yaml", []byte(teamList), Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := l.Members(cat, "alpha")
	if len(m) != 3 || m[0].ID != "line-trooper-1" || m[2].ID != "line-trooper-3" {
		t.Fatalf("alpha's members: %+v", m)
	}
	line := "      - {profile: line-trooper, fireteam: alpha}\n"
	line3 := line + line + line
	for _, tc := range []struct {
		name, old, repl string
		want            []want
	}{
		{"a Core of five", line3, line3 + line + line, nil},
		{"a Core of six", line3, line3 + line + line + line, []want{{"t.yaml:4:5: fireteams[0]", `Fireteams (N4): a Fireteam Core is created with 3 to 5 members, and 6 troopers name "alpha"`}}},
		{"a Core of two", line3, line + line, []want{{"t.yaml:4:5: fireteams[0]", `a Fireteam Core is created with 3 to 5 members, and 2 troopers name "alpha"`}}},
		{"a Haris of three", "type: core", "type: haris", nil},
		{"a Duo of three", "{profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pair}\n", "{profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pair}\n", []want{{"t.yaml:5:5: fireteams[1]", `Fireteams (N4): a Fireteam Duo is created with 2 members, and 3 troopers name "pair"`}}},
		{"two Cores", "  - {name: pair, type: duo}", "  - {name: pair, type: core}", []want{
			{"t.yaml:5:5: fireteams[1]", `a Fireteam Core is created with 3 to 5 members, and 2 troopers name "pair"`},
			{"t.yaml:5:18: fireteams[1].type", "Fireteams (N4): an army has at most 1 Fireteam Core; this is its 2nd"}}},
		{"two Duos", "combat-groups:", "  - {name: twin, type: duo}\ncombat-groups:", []want{{"t.yaml:6:5: fireteams[2]", `a Fireteam Duo is created with 2 members, and 0 troopers name "twin"`}}},
		{"an unknown type", "type: duo", "type: squad", []want{{"t.yaml:5:18: fireteams[1].type", `Fireteams (N4): a Fireteam's type is core, haris or duo, got "squad"`}}},
		{"declared twice", "  - {name: pair, type: duo}", "  - {name: alpha, type: duo}", []want{
			{"t.yaml:5:6: fireteams[1].name", `Fireteams (N4): the list declares a Fireteam "alpha" twice (first at fireteams[0])`},
			{"t.yaml:12:28: combat-groups[0].troopers[4].fireteam", `the list declares no Fireteam "pair"`},
			{"t.yaml:13:28: combat-groups[0].troopers[5].fireteam", `the list declares no Fireteam "pair"`}}},
		{"an undeclared Fireteam", "{profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pair}", "{profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pear}", []want{
			{"t.yaml:5:5: fireteams[1]", `a Fireteam Duo is created with 2 members, and 1 troopers name "pair"`},
			{"t.yaml:13:28: combat-groups[0].troopers[5].fireteam", `Fireteams (N4): the list declares no Fireteam "pear" (declare it under fireteams:)`}}},
		{"two combat groups", "      - {profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pair}\n", "      - {profile: zhanshi, fireteam: pair}\n  - troopers:\n      - {profile: zhanshi, fireteam: pair}\n",
			[]want{{"t.yaml:14:28: combat-groups[1].troopers[0].fireteam", "Fireteams (N4): a Fireteam's members are of one combat group; this one is in group 2, the Fireteam's first member in group 1"}}},
		{"two units", "{profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pair}", "{profile: zhanshi, fireteam: pair}\n      - {profile: assault, fireteam: pair}",
			[]want{{"t.yaml:13:28: combat-groups[0].troopers[5].fireteam", "Fireteams (N4): a Fireteam is formed of troopers of one unit, and this Assault"}}},
		{"Infiltration", "{profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pair}", "{profile: scout, fireteam: pair}\n      - {profile: scout, fireteam: pair}", []want{
			{"t.yaml:12:26: combat-groups[0].troopers[4].fireteam", "Fireteams (N4): this trooper cannot be part of Fireteam \"pair\": Scout has Infiltration"},
			{"t.yaml:13:26: combat-groups[0].troopers[5].fireteam", "Scout has Infiltration"}}},
		{"Combat Jump", "{profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pair}", "{profile: hellcat, fireteam: pair}\n      - {profile: hellcat, fireteam: pair}", []want{
			{"t.yaml:12:28: combat-groups[0].troopers[4].fireteam", "has an Airborne Deployment skill"},
			{"t.yaml:13:28: combat-groups[0].troopers[5].fireteam", "has an Airborne Deployment skill"}}},
		{"Irregular", "{profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pair}", "{profile: militia, fireteam: pair}\n      - {profile: militia, fireteam: pair}", []want{
			{"t.yaml:12:28: combat-groups[0].troopers[4].fireteam", "Militia is Irregular"},
			{"t.yaml:13:28: combat-groups[0].troopers[5].fireteam", "Militia is Irregular"}}},
		{"Hidden Deployment", "{profile: zhanshi, fireteam: pair}\n      - {profile: zhanshi, fireteam: pair}", "{profile: sniper, fireteam: pair, deployment: hidden}\n      - {profile: zhanshi, fireteam: pair}", []want{
			{"t.yaml:12:27: combat-groups[0].troopers[4].fireteam", "it deploys hidden, and a trooper in Marker form or Hidden Deployment cannot be part of a Fireteam"},
			{"t.yaml:13:28: combat-groups[0].troopers[5].fireteam", "this Zhanshi is not of the unit of its first member (Sniper)"}}},
		{"a missing type", "{name: pair, type: duo}", "{name: pair}", []want{{"t.yaml:5:5: fireteams[1]", "missing required field type"}}},
		{"too many Fireteams", "combat-groups:", strings.Repeat("  - {name: x, type: duo}\n", 6) + "combat-groups:", []want{{"t.yaml:4:3: fireteams", "8 entries, more than the 7 a list may have here; none was read"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Count(teamList, tc.old) != 1 {
				t.Fatalf("%q is not in the list once", tc.old)
			}
			_, _, err := Parse("t.yaml", []byte(strings.Replace(teamList, tc.old, tc.repl, 1)), Options{})
			if tc.want == nil {
				if err != nil {
					t.Fatalf("want a legal list, got\n%v", err)
				}
				return
			}
			checkErrors(t, err, tc.want...)
		})
	}
}
