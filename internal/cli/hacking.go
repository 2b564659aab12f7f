package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/ordo-rules/ordo/infinity/catalog"
)

// printPrograms writes every program of the catalog as a card, in the
// order of the program table (Hacking (N3)).
func printPrograms(w io.Writer, c *catalog.Catalog) {
	ps := c.Programs()
	fmt.Fprintf(w, "Hacking programs (%d), by group; B is the Active Turn's Burst, ARO B the Reactive Turn's:\n", len(ps))
	for _, p := range ps {
		fmt.Fprintf(w, "\n%s", p.Card())
		var by []string
		for _, d := range c.Devices() {
			for _, dp := range c.DevicePrograms(d) {
				if dp.ID == p.ID {
					by = append(by, d.Name)
				}
			}
		}
		fmt.Fprintf(w, "  on: %s\n", strings.Join(by, ", "))
	}
}

// printDevices writes every hacking device with the programs it carries,
// then the Repeaters, each with the catalog profiles that carry it.
func printDevices(w io.Writer, c *catalog.Catalog) {
	fmt.Fprintln(w, "Hacking devices and Repeaters (Comms Equipment); a profile carries one by listing its name in its equipment:")
	for _, d := range c.Devices() {
		fmt.Fprintf(w, "\n%s (%s)\n", d.Name, d.ID)
		switch d.Kind {
		case catalog.HackingKind:
			groups := make([]string, len(d.Groups))
			for i, g := range d.Groups {
				groups[i] = string(g)
			}
			line := "  groups: " + strings.Join(groups, ", ")
			if len(d.Upgrades) > 0 {
				line += "; upgrades: " + strings.Join(d.Upgrades, ", ")
			}
			fmt.Fprintln(w, line)
			var names []string
			for _, p := range c.DevicePrograms(d) {
				names = append(names, p.Name)
			}
			fmt.Fprintf(w, "  programs: %s\n", strings.Join(names, ", "))
		case catalog.RepeaterKind:
			what := "  a Repeater: its Zone of Control extends the Hacking Area of every hacker of its army list"
			if d.Deployable {
				what += "; placed on the table, it cannot Reset"
			}
			fmt.Fprintln(w, what)
		}
		var by []string
		for _, p := range c.Profiles() {
			if p.HasEquipment(d.Name) {
				by = append(by, p.ID)
			}
		}
		if len(by) > 0 {
			fmt.Fprintf(w, "  carried by: %s\n", strings.Join(by, ", "))
		}
	}
}

// countTrue counts the flags set.
func countTrue(bs ...bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}
