package infinity

import (
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/rules"
)

// withDeployables adds a deployables list to blue's side of a hackYAML
// scenario.
func withDeployables(y, list string) string {
	return strings.Replace(y, "  - seat: red\n", "    deployables: "+list+"\n  - seat: red\n", 1)
}

// Deployable Repeaters (Hacking (N3)): a Repeater placed on the table
// extends the Hacking Area of its army's hackers by its Zone of Control,
// measured from its marker; an enemy's does not, nor one outside 8" of
// the target; a spent (removed) one no longer counts.
func TestDeployableRepeaterExtendsHackingArea(t *testing.T) {
	blue := []string{"breacher assault-hacker 10 2 270", "relay relay-engineer 2 2 0"}
	for _, c := range []struct {
		name   string
		blue   string // blue's deployables
		red    string // red's
		remove bool
		want   string // "" for accepted
	}{
		{name: "no Repeater: the target is beyond the ZoC", want: "outside breacher's Hacking Area"},
		{name: "a Deployable Repeater near the target", blue: "[{id: rep-1, device: deployable-repeater, at: [10, 16]}]"},
		{name: "a Deployable Repeater too far", blue: "[{id: rep-1, device: deployable-repeater, at: [10, 5]}]", want: "outside breacher's Hacking Area"},
		{name: "removed from the table", blue: "[{id: rep-1, device: deployable-repeater, at: [10, 16]}]", remove: true, want: "outside breacher's Hacking Area"},
	} {
		t.Run(c.name, func(t *testing.T) {
			y := hackYAML(blue, []string{"gunner hmg 10 22 90"})
			if c.blue != "" {
				y = withDeployables(y, c.blue)
			}
			st := setup(t, y, nil)
			if c.remove {
				st.Deployables[0].Removed = true
			}
			a := Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "gunner")}
			if c.want == "" {
				do(t, st, "blue", a)
				return
			}
			refused(t, st, "blue", a, rules.CodeIllegal, c.want)
		})
	}
}

// Deployable Repeaters (Hacking (N3)): an enemy's Deployable Repeater
// does nothing for a hacker.
func TestDeployableRepeaterOnlyForItsArmy(t *testing.T) {
	y := hackYAML([]string{"breacher assault-hacker 10 2 270"}, []string{"gunner hmg 10 22 90", "relay relay-engineer 30 20 0"})
	y = strings.Replace(y, "initiative: blue", "    deployables: [{id: rep-1, device: deployable-repeater, at: [10, 16]}]\ninitiative: blue", 1)
	st := setup(t, y, nil)
	refused(t, st, "blue", Activate{Trooper: "breacher", Order: OrderRegular, Skill: hack("carbonite", "gunner")}, rules.CodeIllegal, "outside breacher's Hacking Area")
}

// Deployable Repeaters at Setup: a device that is not a deployable
// Repeater, or one no trooper of the side carries, is refused; a
// deployable names a weapon or a device, not both.
func TestDeployableRepeaterSetup(t *testing.T) {
	for _, c := range []struct{ name, blue, list, want string }{
		{"not carried", "breacher assault-hacker 10 2 270", "[{id: rep-1, device: deployable-repeater, at: [10, 12]}]", "no trooper of the side carries a Deployable Repeater"},
		{"a carried Repeater", "relay relay-engineer 2 2 0", "[{id: rep-1, device: repeater, at: [10, 12]}]", `"repeater" is not a deployable Repeater`},
		{"both", "relay relay-engineer 2 2 0", "[{id: rep-1, device: deployable-repeater, weapon: mine, at: [10, 12]}]", "a weapon or a device, not both"},
		{"neither", "relay relay-engineer 2 2 0", "[{id: rep-1, at: [10, 12]}]", "a deployable names a weapon or a device"},
	} {
		t.Run(c.name, func(t *testing.T) {
			y := withDeployables(hackYAML([]string{c.blue}, []string{"gunner hmg 10 22 90"}), c.list)
			err := setupErr(t, y)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("setup: %v, want %q", err, c.want)
			}
		})
	}
}
