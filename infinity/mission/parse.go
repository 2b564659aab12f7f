package mission

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// Bounds on a mission file beyond yamlfile's (nesting, entries). A file
// over one is refused before the expensive step: a list over its bound is
// refused unread, from the file's bytes (yamlfile.ParseWithin).
const (
	// MaxFileSize is the most bytes a mission file may hold.
	MaxFileSize = 64 << 10
	// MaxString is the longest string, in bytes.
	MaxString = 200
	// MaxTable is the longest side of the table, in inches.
	MaxTable = 120
	// MaxRounds is the most Game Rounds.
	MaxRounds = 10
	// MaxTerrain, MaxCorners: terrain pieces, and corners of one.
	MaxTerrain = 200
	MaxCorners = 64
	// MaxObjectives is the most objectives on the table.
	MaxObjectives = 32
	// MaxScoring is the most scoring rules, and the most Classified
	// Objective cards.
	MaxScoring = 16
	// MaxOP bounds one rule's OP and the mission's cap.
	MaxOP = 100
	// MaxEntries bounds a mission file's lists and mappings together.
	MaxEntries = 5000
)

// The keys of each mapping of the format.
var (
	missionKeys   = []string{"name", "ruleset", "table", "rounds", "deployment-zones", "terrain", "objectives", "scoring", "classified", "target", "max-op", "tie-breaker"}
	tableKeys     = []string{"width", "height"}
	terrainKeys   = []string{"name", "polygon", "blocks-lof", "cover", "impassable"}
	objectiveKeys = []string{"id", "kind", "name", "at", "area"}
	scoreKeys     = []string{"rule", "when", "objectives", "op"}
	cardKeys      = []string{"id", "name", "rule", "objectives", "count", "op"}
)

// limitAt is the bound of the list or mapping at path, checked on the
// file's bytes before it is parsed.
func limitAt(path []yamlfile.Step, mapping bool) int {
	key := func(i int) string {
		if i < len(path) && !path[i].IsIndex {
			return string(path[i].Key)
		}
		return ""
	}
	if mapping {
		return 0
	}
	switch {
	case len(path) == 1 && key(0) == "terrain":
		return MaxTerrain
	case len(path) == 1 && key(0) == "objectives":
		return MaxObjectives
	case len(path) == 1 && (key(0) == "scoring" || key(0) == "classified"):
		return MaxScoring
	case len(path) == 1 && key(0) == "deployment-zones":
		return 2
	case len(path) == 3 && key(0) == "terrain" && key(2) == "polygon":
		return MaxCorners
	case len(path) == 3 && (key(0) == "scoring" || key(0) == "classified") && key(2) == "objectives":
		return MaxObjectives
	}
	return 0
}

// Parse reads a mission file's bytes and checks it (docs/MISSIONS.md). On
// failure the error is a yamlfile.Errors listing every problem.
func Parse(file string, data []byte) (*Mission, error) {
	r := yamlfile.NewReader(file, "mission", MaxString)
	if len(data) > MaxFileSize {
		return nil, yamlfile.Errors{yamlfile.TooBig(file, MaxFileSize)}
	}
	body, errs := yamlfile.ParseWithin(file, data, "mission", "invalid YAML: ", limitAt, MaxEntries)
	if len(errs) > 0 {
		return nil, errs
	}
	if body == nil {
		return nil, yamlfile.Errors{{File: file, Line: 1, Col: 1, Msg: "the file holds no mission"}}
	}
	r.At[""] = yamlfile.NodePos(body)
	m := &Mission{File: file}
	given, ok := r.Fields(body, "", missionKeys, func(key string, v ast.Node, p string) {
		switch key {
		case "name":
			m.Name, _ = r.Str(v, p)
		case "ruleset":
			m.Ruleset, _ = r.Str(v, p)
		case "table":
			tg, ok := r.Fields(v, p, tableKeys, func(k string, v ast.Node, p string) {
				x, _ := r.Number(v, p, 1, MaxTable, false)
				if k == "width" {
					m.Width = x
				} else {
					m.Height = x
				}
			})
			if ok {
				r.Missing(p, tg, "width", "height")
			}
		case "rounds":
			x, _ := r.Number(v, p, 1, MaxRounds, true)
			m.Rounds = int(x)
		case "deployment-zones":
			n := 0
			r.List(v, p, 2, func(i int, v ast.Node, p string) {
				m.Zones[i] = readRect(r, v, p)
				n++
			})
			if n != 2 && len(r.Errs) == 0 {
				r.Errorf(p, "a mission has two Deployment Zones, this one %d", n)
			}
		case "terrain":
			r.List(v, p, MaxTerrain, func(_ int, v ast.Node, p string) { m.Terrain = append(m.Terrain, readTerrain(r, v, p)) })
		case "objectives":
			r.List(v, p, MaxObjectives, func(_ int, v ast.Node, p string) { m.Objectives = append(m.Objectives, readObjective(r, v, p)) })
		case "scoring":
			r.List(v, p, MaxScoring, func(_ int, v ast.Node, p string) { m.Scoring = append(m.Scoring, readScore(r, v, p)) })
		case "classified":
			r.List(v, p, MaxScoring, func(_ int, v ast.Node, p string) { m.Classified = append(m.Classified, readCard(r, v, p)) })
		case "target":
			m.Target, _ = r.Str(v, p)
		case "max-op":
			x, _ := r.Number(v, p, 0, MaxOP, true)
			m.MaxOP = int(x)
		case "tie-breaker":
			m.TieBreaker, _ = r.Str(v, p)
		}
	})
	if ok {
		r.Missing("", given, "name", "ruleset", "table", "rounds", "deployment-zones", "scoring")
	}
	if m.TieBreaker == "" {
		m.TieBreaker = TieVictoryPoints
	}
	if len(r.Errs) == 0 {
		m.check(r)
	}
	if len(r.Errs) > 0 {
		r.Errs.Sort()
		return nil, r.Errs
	}
	return m, nil
}

// Load reads the mission file at path (Parse).
func Load(path string) (*Mission, error) {
	data, err := yamlfile.ReadFile(path, MaxFileSize)
	if e, ok := err.(*yamlfile.Error); ok {
		return nil, yamlfile.Errors{e}
	}
	if err != nil {
		return nil, fmt.Errorf("mission: %w", err)
	}
	return Parse(path, data)
}

func readPoint(r *yamlfile.Reader, n ast.Node, p string) [2]float64 {
	var xy [2]float64
	r.Numbers(n, p, 0, MaxTable, xy[:])
	return xy
}

func readRect(r *yamlfile.Reader, n ast.Node, p string) Rect {
	var out Rect
	r.List(n, p, 2, func(i int, v ast.Node, p string) { out[i] = readPoint(r, v, p) })
	return out
}

func readTerrain(r *yamlfile.Reader, n ast.Node, p string) Terrain {
	var t Terrain
	given, ok := r.Fields(n, p, terrainKeys, func(k string, v ast.Node, p string) {
		switch k {
		case "name":
			t.Name, _ = r.Str(v, p)
		case "polygon":
			r.List(v, p, MaxCorners, func(_ int, v ast.Node, p string) { t.Polygon = append(t.Polygon, readPoint(r, v, p)) })
		case "blocks-lof":
			t.BlocksLoF, _ = r.Bool(v, p)
		case "cover":
			t.Cover, _ = r.Bool(v, p)
		case "impassable":
			t.Impassable, _ = r.Bool(v, p)
		}
	})
	if ok {
		r.Missing(p, given, "name", "polygon")
	}
	return t
}

func readObjective(r *yamlfile.Reader, n ast.Node, p string) Objective {
	var o Objective
	given, ok := r.Fields(n, p, objectiveKeys, func(k string, v ast.Node, p string) {
		switch k {
		case "id":
			o.ID, _ = r.Str(v, p)
		case "kind":
			o.Kind, _ = r.Str(v, p)
		case "name":
			o.Name, _ = r.Str(v, p)
		case "at":
			o.At = readPoint(r, v, p)
		case "area":
			o.Area = readRect(r, v, p)
		}
	})
	if !ok {
		return o
	}
	r.Missing(p, given, "id", "kind")
	switch o.Kind {
	case KindZone:
		if !given["area"] {
			r.Errorf(p, "a zone needs an area")
		}
		if given["at"] {
			r.Errorf(yamlfile.ChildPath(p, "at"), "a zone has an area, not a point")
		}
	case KindConsole:
		if !given["at"] {
			r.Errorf(p, "a console needs a point (at)")
		}
		if given["area"] {
			r.Errorf(yamlfile.ChildPath(p, "area"), "a console stands at a point, it has no area")
		}
	case "":
	default:
		r.Errorf(yamlfile.ChildPath(p, "kind"), "unknown objective kind %q (want %s or %s)", o.Kind, KindZone, KindConsole)
	}
	if o.Name == "" {
		o.Name = o.ID
	}
	return o
}

func readScore(r *yamlfile.Reader, n ast.Node, p string) Score {
	var s Score
	given, ok := r.Fields(n, p, scoreKeys, func(k string, v ast.Node, p string) {
		switch k {
		case "rule":
			s.Rule, _ = r.Str(v, p)
		case "when":
			s.When, _ = r.Str(v, p)
		case "objectives":
			s.Objectives, _ = r.Strings(v, p, MaxObjectives)
		case "op":
			x, _ := r.Number(v, p, 1, MaxOP, true)
			s.OP = int(x)
		}
	})
	if ok {
		r.Missing(p, given, "rule", "when", "op")
	}
	return s
}

func readCard(r *yamlfile.Reader, n ast.Node, p string) Classified {
	var c Classified
	given, ok := r.Fields(n, p, cardKeys, func(k string, v ast.Node, p string) {
		switch k {
		case "id":
			c.ID, _ = r.Str(v, p)
		case "name":
			c.Name, _ = r.Str(v, p)
		case "rule":
			c.Rule, _ = r.Str(v, p)
		case "objectives":
			c.Objectives, _ = r.Strings(v, p, MaxObjectives)
		case "count":
			x, _ := r.Number(v, p, 1, MaxObjectives, true)
			c.Count = int(x)
		case "op":
			x, _ := r.Number(v, p, 1, MaxOP, true)
			c.OP = int(x)
		}
	})
	if ok {
		r.Missing(p, given, "id", "rule", "op")
	}
	if c.Name == "" {
		c.Name = c.ID
	}
	return c
}

// rules lists the scoring rules, for messages.
var scoringRules = []string{RuleControl, RuleDominate, RuleConsoles, RuleKillTarget, RuleProtectTarget}

// check holds a well-formed mission to the rules of the format: each
// place on the table, ids unique, every scoring rule's objectives of its
// kind.
func (m *Mission) check(r *yamlfile.Reader) {
	if m.Ruleset != Ruleset {
		r.Errorf("ruleset", "a mission is for the %s ruleset, not %q", Ruleset, m.Ruleset)
	}
	onTable := func(p string, xy [2]float64) {
		if xy[0] > m.Width || xy[1] > m.Height {
			r.Errorf(p, "[%v, %v] is off the %v×%v table", xy[0], xy[1], m.Width, m.Height)
		}
	}
	rect := func(p string, x Rect) {
		onTable(p, x[1])
		if !(x[0][0] < x[1][0] && x[0][1] < x[1][1]) {
			r.Errorf(p, "an area's first corner is its lowest, the second its highest: [[%v, %v], [%v, %v]] is empty", x[0][0], x[0][1], x[1][0], x[1][1])
		}
	}
	for i, z := range m.Zones {
		rect(yamlfile.IndexPath("deployment-zones", i), z)
	}
	if overlap(m.Zones[0], m.Zones[1]) {
		r.Errorf("deployment-zones", "Initiative and Deployment (N4): the two Deployment Zones overlap")
	}
	for i, t := range m.Terrain {
		p := yamlfile.IndexPath("terrain", i)
		if len(t.Polygon) > 0 && len(t.Polygon) < 3 {
			r.Errorf(yamlfile.ChildPath(p, "polygon"), "a polygon has at least 3 corners, this one %d", len(t.Polygon))
		}
		for j, c := range t.Polygon {
			onTable(yamlfile.IndexPath(yamlfile.ChildPath(p, "polygon"), j), c)
		}
	}
	ids := map[string]string{}
	for i, o := range m.Objectives {
		p := yamlfile.IndexPath("objectives", i)
		if prev, dup := ids[o.ID]; dup {
			r.Errorf(yamlfile.ChildPath(p, "id"), "objective id %q is also %s's", o.ID, prev)
		}
		ids[o.ID] = p
		switch o.Kind {
		case KindZone:
			rect(yamlfile.ChildPath(p, "area"), o.Area)
		case KindConsole:
			onTable(yamlfile.ChildPath(p, "at"), o.At)
		}
	}
	for i, sc := range m.Scoring {
		p := yamlfile.IndexPath("scoring", i)
		if !slices.Contains(scoringRules, sc.Rule) {
			r.Errorf(yamlfile.ChildPath(p, "rule"), "unknown scoring rule %q (want one of %s)", sc.Rule, strings.Join(scoringRules, ", "))
			continue
		}
		if sc.When != EachRound && sc.When != GameEnd {
			r.Errorf(yamlfile.ChildPath(p, "when"), "want %s or %s, got %q", EachRound, GameEnd, sc.When)
		}
		kind := ruleKind(sc.Rule)
		if kind == "" && len(sc.Objectives) > 0 {
			r.Errorf(yamlfile.ChildPath(p, "objectives"), "%s counts no objectives", sc.Rule)
		}
		for j, id := range sc.Objectives {
			o := m.Objective(id)
			op := yamlfile.IndexPath(yamlfile.ChildPath(p, "objectives"), j)
			switch {
			case o == nil:
				r.Errorf(op, "no objective %q", id)
			case kind != "" && o.Kind != kind:
				r.Errorf(op, "%s counts %ss, and %s is a %s", sc.Rule, kind, id, o.Kind)
			}
		}
		if kind != "" && len(m.Counted(sc)) == 0 {
			r.Errorf(p, "%s counts %ss, and the mission has none", sc.Rule, kind)
		}
		if (sc.Rule == RuleKillTarget || sc.Rule == RuleProtectTarget) && m.Target == "" {
			r.Errorf(p, "%s needs a Designated Target: give the mission a target", sc.Rule)
		}
	}
	cards := map[string]bool{}
	for i, c := range m.Classified {
		p := yamlfile.IndexPath("classified", i)
		if cards[c.ID] {
			r.Errorf(yamlfile.ChildPath(p, "id"), "Classified Objective %q is in the deck twice", c.ID)
		}
		cards[c.ID] = true
		kind := ""
		switch c.Rule {
		case ClassifiedControl:
			kind = KindZone
		case ClassifiedConsoles:
			kind = KindConsole
		case ClassifiedKill:
			if c.Count == 0 {
				r.Errorf(p, "kill needs a count: the enemy troopers to put in a Null state")
			}
		default:
			r.Errorf(yamlfile.ChildPath(p, "rule"), "unknown Classified Objective rule %q (want %s, %s or %s)", c.Rule, ClassifiedControl, ClassifiedConsoles, ClassifiedKill)
			continue
		}
		if kind != "" && len(c.Objectives) == 0 {
			r.Errorf(p, "%s needs the %ss it asks for (objectives)", c.Rule, kind)
		}
		if kind == "" && len(c.Objectives) > 0 {
			r.Errorf(yamlfile.ChildPath(p, "objectives"), "kill counts no objectives")
		}
		for j, id := range c.Objectives {
			o := m.Objective(id)
			op := yamlfile.IndexPath(yamlfile.ChildPath(p, "objectives"), j)
			switch {
			case o == nil:
				r.Errorf(op, "no objective %q", id)
			case o.Kind != kind:
				r.Errorf(op, "%s asks for %ss, and %s is a %s", c.Rule, kind, id, o.Kind)
			}
		}
	}
	if len(m.Classified) == 1 {
		r.Errorf("classified", "a deck of one Classified Objective tells the opponent which each player holds: give two or more")
	}
	if m.Target != "" && m.Target != TargetHighestCost {
		r.Errorf("target", "unknown target %q (want %s)", m.Target, TargetHighestCost)
	}
	switch m.TieBreaker {
	case TieZones, TieConsoles, TieVictoryPoints:
	default:
		r.Errorf("tie-breaker", "unknown tie-breaker %q (want %s, %s or %s)", m.TieBreaker, TieZones, TieConsoles, TieVictoryPoints)
	}
	for _, v := range []float64{m.Width, m.Height} {
		if math.IsInf(v, 0) {
			r.Errorf("table", "the table is not finite")
		}
	}
}

// overlap reports whether two rectangles share more than an edge.
func overlap(a, b Rect) bool {
	return a[0][0] < b[1][0] && b[0][0] < a[1][0] && a[0][1] < b[1][1] && b[0][1] < a[1][1]
}
