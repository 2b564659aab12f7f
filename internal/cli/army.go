package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/fantasy"
	"github.com/ordo-rules/ordo/infinity/army"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// armyUsage is the help of ordo army.
const armyUsage = `usage: ordo army check LIST
       ordo army import CODE --units FILE [--out LIST] [--force]

Army lists (docs/ARMIES.md): YAML files naming each trooper's catalog
profile and option, the Lieutenant and the deployment choices; a list
whose first lines say ruleset: fantasy is a fantasy army list (its units,
their command groups and characters, the General, the points limit).

check    holds LIST to N4's Army List rules (Army list and Combat Groups
         (N4), Lieutenant (N4), Unit Profile (N4)): points and SWC limits,
         at most 10 troopers a combat group and 15 in all, exactly one
         Lieutenant, AVA, each option, each deployment choice's skill,
         the Fireteams (Fireteams (N4)).
         Prints the troopers with the ids and labels the game gives them;
         each refusal is one line naming the rule and file:line:col.
         A fantasy list is held to Choosing an army: its points limit,
         units of the fantasy catalog, characters joining units they may
         join, one General, at most one Battle Standard Bearer.
         Exit 0 legal, 1 refused, 2 bad input.

import   decodes an official Infinity Army builder code and resolves its
         ids against FILE, the unit data of its faction as the builder's
         data endpoint serves it (JSON; you supply it: Ordo ships and
         downloads none). Writes the list to LIST (default army.yaml) and
         its profiles to a catalog file beside it (army.catalog.yaml),
         names every skill, piece of equipment, weapon or characteristic
         the engine does not play (left out, and noted in the catalog
         file), then checks the list. An id FILE lacks is an error, and
         nothing is written.

Flags (import):
  --units FILE   the unit data (required)
  --out LIST     where to write the list (default army.yaml)
  --force        overwrite LIST and its catalog file if they exist

Examples:
  ordo army check data/armies/blue-company.yaml
  ordo army import 'gloFbW9y...' --units units.json --out mine.yaml
`

// runArmy is ordo army.
func runArmy(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintf(stderr, "ordo army: give check or import (see ordo army --help)\n")
		return 2
	}
	switch args[0] {
	case "check":
		return armyCheck(args[1:], stdout, stderr)
	case "import":
		return armyImport(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "ordo army: unknown subcommand %q: check or import (see ordo army --help)\n", args[0])
	return 2
}

func armyCheck(args []string, stdout, stderr io.Writer) int {
	flags := NewFlagSet("ordo army check")
	pos, err := ParseFlags(flags, args)
	if err != nil {
		return FlagError(err, "ordo army check", armyUsage, stdout, stderr)
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "ordo army check: give one list file (see ordo army --help)\n")
		return 2
	}
	if data, err := yamlfile.ReadFile(pos[0], fantasy.MaxArmyListSize); err == nil {
		if rs, _ := yamlfile.RootValue(data, "ruleset"); rs == fantasy.Name {
			return fantasyArmyCheck(pos[0], data, stdout, stderr)
		}
	}
	l, cat, err := army.Load(pos[0], army.Options{})
	if err != nil {
		return refusals(err, stderr)
	}
	printList(stdout, l, cat)
	return 0
}

// printList prints a legal list: its totals, then each trooper with the
// id and label the game gives it, its profile and option, cost and SWC,
// and the player's private choices, its Fireteam among them.
func printList(w io.Writer, l *army.List, cat *catalog.Catalog) {
	named := l.Troopers(cat)
	cost, swc := 0, 0.0
	lines := make([]string, len(named))
	led := map[string]bool{} // Fireteams whose leader (first member) is printed
	for i, n := range named {
		p, _ := cat.Profile(n.Profile)
		p, _ = p.WithOption(n.Option)
		cost += p.Cost
		swc += p.SWC
		what := n.Profile
		if n.Option != "" {
			what += " (" + n.Option + ")"
		}
		var notes []string
		if n.Lieutenant {
			notes = append(notes, "Lieutenant")
		}
		notes = append(notes, n.Deployment...)
		if n.Fireteam != "" {
			note := "Fireteam " + n.Fireteam
			if !led[n.Fireteam] {
				led[n.Fireteam] = true
				note += " (leader)"
			}
			notes = append(notes, note)
		}
		lines[i] = fmt.Sprintf("  %-20s %-22s %-32s %3d pts  SWC %-4s %s", n.ID, n.Label, what, p.Cost, strconv.FormatFloat(p.SWC, 'f', -1, 64), strings.Join(notes, ", "))
	}
	fmt.Fprintf(w, "%s: legal under Army list and Combat Groups (N4): %d troopers, %d/%d points, SWC %s/%s\n",
		l.Name, len(named), cost, l.Points, strconv.FormatFloat(swc, 'f', -1, 64), strconv.FormatFloat(l.SWC, 'f', -1, 64))
	group := -1
	for i, n := range named {
		if n.Group != group {
			group = n.Group
			fmt.Fprintf(w, "combat group %d\n", group+1)
		}
		fmt.Fprintln(w, strings.TrimRight(lines[i], " "))
	}
}

func armyImport(args []string, stdout, stderr io.Writer) int {
	flags := NewFlagSet("ordo army import")
	units := flags.String("units", "", "")
	out := flags.String("out", "army.yaml", "")
	force := flags.Bool("force", false, "")
	pos, err := ParseFlags(flags, args)
	if err != nil {
		return FlagError(err, "ordo army import", armyUsage, stdout, stderr)
	}
	switch {
	case len(pos) != 1:
		fmt.Fprintf(stderr, "ordo army import: give one army code (see ordo army --help)\n")
		return 2
	case *units == "":
		fmt.Fprintf(stderr, "ordo army import: --units FILE is required: the unit data of the code's faction, which you supply (see ordo army --help)\n")
		return 2
	}
	catPath := strings.TrimSuffix(*out, filepath.Ext(*out)) + ".catalog.yaml"
	if !*force {
		for _, p := range []string{*out, catPath} {
			if _, err := os.Stat(p); err == nil {
				fmt.Fprintf(stderr, "ordo army import: %s exists; give --force to overwrite it, or another --out\n", p)
				return 2
			}
		}
	}
	data, err := yamlfile.ReadFile(*units, army.MaxUnitFileSize)
	if err != nil {
		msg := yamlfile.OneLine(err.Error())
		if errors.Is(err, fs.ErrNotExist) {
			msg = *units + ": no such file"
		}
		fmt.Fprintf(stderr, "ordo army import: %s\n", msg)
		return 2
	}
	im, err := army.Import(pos[0], *units, data, nil, filepath.Base(catPath))
	if err != nil {
		fmt.Fprintf(stderr, "ordo army import: %s\n", yamlfile.OneLine(strings.TrimPrefix(err.Error(), "army import: ")))
		return 2
	}
	if err := os.WriteFile(catPath, im.CatalogYAML, 0o644); err != nil {
		fmt.Fprintf(stderr, "ordo army import: %v\n", err)
		return 1
	}
	if err := os.WriteFile(*out, im.List.YAML(), 0o644); err != nil {
		fmt.Fprintf(stderr, "ordo army import: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s and %s: %q, %d profiles\n", *out, catPath, im.List.Name, len(im.Profiles))
	for _, u := range im.Unplayed {
		fmt.Fprintf(stdout, "not played by Ordo, left out: %s\n", u)
	}
	return armyCheck([]string{*out}, stdout, stderr)
}

// fantasyArmyCheck is ordo army check of a fantasy army list.
func fantasyArmyCheck(file string, data []byte, stdout, stderr io.Writer) int {
	rs, err := fantasy.New()
	if err != nil {
		fmt.Fprintf(stderr, "ordo army check: %v\n", err)
		return 2
	}
	l, err := fantasy.ParseArmyList(file, data, rs.Catalog)
	if err != nil {
		return refusals(err, stderr)
	}
	fmt.Fprintf(stdout, "%s: legal under Choosing an army (fantasy): %d units, %d/%d points\n", l.Name, len(l.Units), l.Total(rs.Catalog), l.Points)
	for _, u := range l.Units {
		line := fmt.Sprintf("  %-16s %-16s %3d models", u.ID, u.Profile, max(u.Models, 1))
		for _, c := range u.Characters {
			line += ", " + c.ID + " (" + c.Profile + ")"
			if c.General {
				line += " General"
			}
			if c.BattleStandard {
				line += " Battle Standard Bearer"
			}
		}
		if u.General {
			line += " General"
		}
		if u.BattleStandard {
			line += " Battle Standard Bearer"
		}
		fmt.Fprintln(stdout, line)
	}
	return 0
}

// refusals prints why ordo army check refused a list: each positioned
// error on a line (exit 1), or the one error that kept it from being read
// (exit 2).
func refusals(err error, stderr io.Writer) int {
	var errs yamlfile.Errors
	if errors.As(err, &errs) {
		for _, e := range errs {
			fmt.Fprintln(stderr, e)
		}
		return 1
	}
	fmt.Fprintf(stderr, "ordo army check: %s\n", yamlfile.OneLine(err.Error()))
	return 2
}
