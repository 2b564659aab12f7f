package fantasy

import (
	"errors"
	"fmt"
	"slices"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"github.com/ordo-rules/ordo/internal/yamlfile"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// An army list (docs/ARMIES.md, the fantasy format) is one YAML file: the
// army's name, its points limit and its units as a scenario's side gives
// them, without places (the battle's deployment sets them up).

// ArmyList is a fantasy army list.
type ArmyList struct {
	Ruleset string     `yaml:"ruleset"`
	Name    string     `yaml:"name"`
	Faction string     `yaml:"faction,omitempty"`
	Points  int        `yaml:"points"`
	Units   []UnitSpec `yaml:"units"`
}

// The bounds of an army list read from outside, checked before the parse
// (the file's size and entries) and after it (its values).
const (
	MaxArmyListSize    = 64 << 10
	maxArmyListEntries = 2000
	maxArmyPoints      = 100000
)

// ruleChoosing is the rule an army list is held to (docs/RULES.md).
const ruleChoosing = "Choosing an army"

// ParseArmyList decodes and checks a fantasy army list against cat: every
// problem is one yamlfile.Error at its file:line:col, those of form first
// and alone, then every rule the list breaks, each naming its rule.
func ParseArmyList(file string, data []byte, cat *Catalog) (*ArmyList, error) {
	if len(data) > MaxArmyListSize {
		return nil, yamlfile.Errors{yamlfile.TooBig(file, MaxArmyListSize)}
	}
	body, errs := yamlfile.ParseWithin(file, data, "army list", "", nil, maxArmyListEntries)
	if len(errs) > 0 {
		return nil, errs
	}
	if body == nil {
		return nil, yamlfile.Errors{{File: file, Line: 1, Col: 1, Msg: "the army list is empty"}}
	}
	var l ArmyList
	if err := decodeStrict(body, &l); err != nil {
		msg, tk := yamlfile.SplitError(err)
		p := yamlfile.TokenPos(tk).OrStart()
		return nil, yamlfile.Errors{{File: file, Line: p.Line, Col: p.Col, Msg: msg}}
	}
	at := map[string]yamlfile.Pos{}
	positions(body, "", at)
	if errs := l.check(file, at, cat); len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return &l, nil
}

// decodeStrict decodes n into v, refusing unknown fields; the third-party
// decoder fed outside input cannot take the process down.
func decodeStrict(n ast.Node, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cannot decode the army list: %v", r)
		}
	}()
	return yaml.NodeToValue(n, v, yaml.Strict(), yaml.DisallowUnknownField())
}

// positions records where each field of n starts, by field path.
func positions(n ast.Node, path string, at map[string]yamlfile.Pos) {
	switch n := n.(type) {
	case *ast.MappingNode:
		for _, mv := range n.Values {
			positions(mv, path, at)
		}
	case *ast.MappingValueNode:
		k := yamlfile.KeyOf(n)
		if k == nil {
			return
		}
		child := yamlfile.ChildPath(path, yamlfile.TokenText(k))
		at[child] = yamlfile.NodePos(k)
		positions(n.Value, child, at)
	case *ast.SequenceNode:
		for i, v := range n.Values {
			child := yamlfile.IndexPath(path, i)
			at[child] = yamlfile.NodePos(v)
			positions(v, child, at)
		}
	}
}

// check holds the list to the rules of choosing an army: a name, a points
// limit the units' points keep within, units of the catalog's profiles
// (command groups, characters joining units they may join), one General
// and at most one Battle Standard Bearer, and no places.
func (l *ArmyList) check(file string, at map[string]yamlfile.Pos, cat *Catalog) yamlfile.Errors {
	var errs yamlfile.Errors
	errorf := func(path, format string, args ...any) {
		p, ok := yamlfile.Lookup(at, path)
		if !ok {
			p = yamlfile.Pos{Line: 1, Col: 1}
		}
		errs = append(errs, &yamlfile.Error{File: file, Line: p.Line, Col: p.Col, Field: path, Msg: fmt.Sprintf(format, args...)})
	}
	switch {
	case l.Ruleset != Name:
		errorf("ruleset", "%q: a fantasy army list says ruleset: %s", l.Ruleset, Name)
	case l.Name == "":
		errorf("name", "name is required")
	case l.Points < 1 || l.Points > maxArmyPoints:
		errorf("points", "%s: the points limit is %d, want 1 to %d", ruleChoosing, l.Points, maxArmyPoints)
	case len(l.Units) == 0:
		errorf("units", "%s: an army has at least one unit", ruleChoosing)
	case len(l.Units) > maxUnits:
		errorf("units", "%s: %d units, at most %d", ruleChoosing, len(l.Units), maxUnits)
	}
	if len(errs) > 0 || len(l.Units) > maxUnits {
		return errs
	}
	ck := scenario.NewChecker(&scenario.Scenario{File: file})
	used := map[string]Profile{}
	ids := map[string]string{}
	total := 0
	var generals, bsbs []string
	for i, sp := range l.Units {
		path := yamlfile.IndexPath("units", i)
		for _, f := range []string{"at", "facing"} {
			if _, given := at[yamlfile.ChildPath(path, f)]; given {
				errorf(yamlfile.ChildPath(path, f), "%s: an army list places no unit: the battle's deployment sets it up", ruleChoosing)
			}
		}
		u := buildUnit(sp, "list", cat, used, path, ck)
		if u == nil {
			continue
		}
		total += u.Points
		if prev, dup := ids[u.ID]; dup {
			errorf(yamlfile.ChildPath(path, "id"), "id %q is already used (%s)", u.ID, prev)
			continue
		}
		ids[u.ID] = yamlfile.ChildPath(path, "id")
		for _, m := range u.Models {
			mp := path
			if m.Role == Character && m.ID != u.ID {
				mp = yamlfile.ChildPath(yamlfile.IndexPath(yamlfile.ChildPath(path, "characters"), slices.IndexFunc(sp.Characters, func(c CharacterSpec) bool { return c.ID == m.ID })), "id")
			}
			if prev, dup := ids[m.ID]; dup && m.ID != u.ID {
				errorf(mp, "id %q is already used (%s)", m.ID, prev)
				continue
			}
			ids[m.ID] = mp
			if m.General {
				generals = append(generals, mp)
			}
			if m.BattleStandard {
				bsbs = append(bsbs, mp)
			}
		}
	}
	var ce scenario.Errors
	if err := ck.Err(); errors.As(err, &ce) {
		for _, e := range ce {
			errorf(e.Field, "%s", e.Msg)
		}
	}
	if total > l.Points {
		errorf("points", "%s: the units cost %d points, more than the army's %d", ruleChoosing, total, l.Points)
	}
	switch {
	case len(generals) == 0 && len(errs) == 0:
		errorf("units", "%s: the army has no General (name one character general: true)", ruleLeaders)
	case len(generals) > 1:
		errorf(generals[1], "%s: a second General; an army has one", ruleLeaders)
	}
	if len(bsbs) > 1 {
		errorf(bsbs[1], "%s: a second Battle Standard Bearer; an army has at most one", ruleLeaders)
	}
	return errs
}

// Total is the points the list's units cost.
func (l *ArmyList) Total(cat *Catalog) int {
	total := 0
	ck := scenario.NewChecker(&scenario.Scenario{})
	for i, sp := range l.Units {
		if u := buildUnit(sp, rules.Seat("list"), cat, map[string]Profile{}, yamlfile.IndexPath("units", i), ck); u != nil {
			total += u.Points
		}
	}
	return total
}
