package army

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// The rules a list is checked against, by the names players know them.
const (
	RuleArmyList   = "Army list and Combat Groups (N4)"
	RuleLieutenant = "Lieutenant (N4)"
	RuleProfile    = "Unit Profile (N4)"
)

// The N4 Army List limits.
const (
	// MaxTroopers is the most troopers an army list may include.
	MaxTroopers = 15
	// MaxGroupTroopers is the most troopers a combat group may hold.
	MaxGroupTroopers = 10
)

// deployRule names the rule behind a deployment choice.
func deployRule(d string) string {
	switch d {
	case Hidden:
		return "Hidden Deployment (N4)"
	case Camouflage:
		return "Camouflaged (N4)"
	case Impersonation:
		return "Impersonation (N4)"
	case Airborne:
		return "Airborne Deployment (N4)"
	}
	return "Infiltration (N4)"
}

// Check checks a list built in Go (an import, say) against the Army List
// rules with the profiles of cat: the errors name each field by its path,
// without a line. A list read from a file is checked by Parse and Load.
func Check(l *List, cat *catalog.Catalog) error {
	errs := check(l, cat, newReader(l.File))
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// check applies the Army List rules, reporting each problem at its field
// through r (which knows the file's positions, if any).
func check(l *List, cat *catalog.Catalog, r *reader) yamlfile.Errors {
	if l.Points < 1 {
		r.Errorf("points", "%s: the points limit must be 1 to %d, got %d", RuleArmyList, MaxPoints, l.Points)
	}
	if len(l.Groups) == 0 {
		r.Errorf("combat-groups", "%s: a list has at least one combat group", RuleArmyList)
	}
	var (
		cost, total int
		swc         float64
		lieutenant  = ""
		ava         = map[string]int{}
	)
	for g, grp := range l.Groups {
		gp := yamlfile.IndexPath("combat-groups", g)
		if len(grp.Troopers) == 0 {
			r.Errorf(gp, "%s: a combat group holds at least one trooper", RuleArmyList)
		}
		for i, t := range grp.Troopers {
			tp := yamlfile.IndexPath(yamlfile.ChildPath(gp, "troopers"), i)
			total++
			if i == MaxGroupTroopers {
				r.Errorf(tp, "%s: a combat group holds at most %d troopers; this is its %s", RuleArmyList, MaxGroupTroopers, ordinal(i+1))
			}
			if total == MaxTroopers+1 {
				r.Errorf(tp, "%s: an army list includes at most %d troopers; this is the %s", RuleArmyList, MaxTroopers, ordinal(total))
			}
			p, ok := profileOf(t, cat, tp, r)
			if t.Lieutenant {
				lp := yamlfile.ChildPath(tp, "lieutenant")
				if lieutenant != "" {
					r.Errorf(lp, "%s: an army list has exactly one Lieutenant; %s is already", RuleLieutenant, lieutenant)
				} else {
					lieutenant = tp
				}
				switch {
				case ok && p.Irregular:
					r.Errorf(lp, "%s: an Irregular trooper cannot be the Lieutenant, and %s is Irregular", RuleLieutenant, p.Name)
				case ok && p.Type == catalog.REM:
					r.Errorf(lp, "%s: a REM cannot be the Lieutenant, and %s is a REM", RuleLieutenant, p.Name)
				}
			}
			if !ok {
				continue
			}
			cost += p.Cost
			swc += p.SWC
			unit := firstOf(p.Unit, t.Profile) // a unit's options count together
			ava[unit]++
			if p.AVA > 0 && ava[unit] == p.AVA+1 {
				r.Errorf(yamlfile.ChildPath(tp, "profile"), "%s: %s has AVA %d, and this is the %s in the list", RuleProfile, p.Name, p.AVA, ordinal(ava[unit]))
			}
			deployment(t, p, tp, r)
		}
	}
	fireteams(l, cat, r)
	if len(l.Groups) > 0 && total > 0 && lieutenant == "" {
		r.Errorf("combat-groups", "%s: an army list has exactly one Lieutenant, and none is marked (give one trooper lieutenant: true)", RuleLieutenant)
	}
	if l.Points >= 1 && cost > l.Points {
		r.Errorf("points", "%s: the troopers cost %d points, more than the list's limit of %d", RuleArmyList, cost, l.Points)
	}
	if swc > l.SWC {
		at := "swc"
		if _, given := r.At["swc"]; !given {
			at = "points" // the limit is the points'
		}
		p, _ := yamlfile.Lookup(r.At, at)
		r.ErrorAt(p, "swc", "%s: the troopers' SWC is %s, more than the list's limit of %s", RuleArmyList, num(swc), num(l.SWC))
	}
	r.Errs.Sort()
	return r.Errs
}

// profileOf is the trooper's profile with its option taken, or false with
// the reason reported.
func profileOf(t Trooper, cat *catalog.Catalog, tp string, r *reader) (catalog.Profile, bool) {
	pp := yamlfile.ChildPath(tp, "profile")
	base, ok := cat.Profile(t.Profile)
	if !ok {
		msg := fmt.Sprintf("unknown profile %q: no loaded catalog has it (ordo rules lists them; a list's own come from its catalogs field)", t.Profile)
		if s, found := closest(t.Profile, cat); found {
			msg = fmt.Sprintf("unknown profile %q: did you mean %q?", t.Profile, s)
		}
		r.Errorf(pp, "%s", msg)
		return catalog.Profile{}, false
	}
	op := yamlfile.ChildPath(tp, "option")
	ids := make([]string, len(base.Options))
	for i, o := range base.Options {
		ids[i] = o.ID
	}
	switch {
	case t.Option == "" && len(ids) > 0:
		r.Errorf(tp, "%s: %s comes in options; choose one with option: (%s)", RuleProfile, base.Name, strings.Join(ids, ", "))
		return catalog.Profile{}, false
	case t.Option != "" && len(ids) == 0:
		r.Errorf(op, "%s: %s has no options; leave option out", RuleProfile, base.Name)
		return catalog.Profile{}, false
	}
	p, ok := base.WithOption(t.Option)
	if !ok {
		r.Errorf(op, "%s: %s has no option %q (its options: %s)", RuleProfile, base.Name, t.Option, strings.Join(ids, ", "))
	}
	return p, ok
}

// deployment checks a trooper's deployment choices: each known, once, and
// allowed by a skill of its profile; at most one way to conceal it, and
// none held off the table that also deploys on it.
func deployment(t Trooper, p catalog.Profile, tp string, r *reader) {
	dp := yamlfile.ChildPath(tp, "deployment")
	seen := map[string]bool{}
	for i, d := range t.Deployment {
		ip := yamlfile.IndexPath(dp, i)
		if len(t.Deployment) == 1 {
			if _, ok := r.At[ip]; !ok {
				ip = dp // written as one word
			}
		}
		skills, known := deploySkills(d)
		switch {
		case !known:
			r.Errorf(ip, "unknown deployment %q (known: %s)", d, strings.Join(Deployments(), ", "))
			continue
		case seen[d]:
			r.Errorf(ip, "deployment %s is listed twice", d)
			continue
		}
		seen[d] = true
		if !slices.ContainsFunc(skills, p.HasSkill) {
			r.Errorf(ip, "%s: %s needs %s, which %s does not have", deployRule(d), d, strings.Join(skills, " or "), p.Name)
		}
	}
	var concealed []string
	for _, d := range []string{Hidden, Camouflage, Impersonation} {
		if seen[d] {
			concealed = append(concealed, d)
		}
	}
	if len(concealed) > 1 {
		r.Errorf(dp, "%s: a trooper deploys in one concealed way, not %s", deployRule(concealed[0]), strings.Join(concealed, " and "))
	}
	if seen[Airborne] && (seen[Infiltration] || seen[Hidden]) {
		r.Errorf(dp, "%s: a trooper held in reserve for Airborne Deployment is not on the table at deployment, so it neither infiltrates nor deploys hidden", deployRule(Airborne))
	}
}

// closest suggests a profile id that differs only in case or punctuation.
func closest(id string, cat *catalog.Catalog) (string, bool) {
	key := slug(id)
	for _, p := range cat.Profiles() {
		if slug(p.ID) == key || slug(p.Name) == key {
			return p.ID, true
		}
	}
	return "", false
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// num writes an SWC as players do: 6, 1.5.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
