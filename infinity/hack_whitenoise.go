package infinity

import (
	"fmt"
	"math"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// White Noise (Hacking (N3), an UPGRADE of the Hacking Device Plus;
// Toolbox, Short Skill or ARO, NFB): a WIP roll places a Circular Template
// centred on a point, wholly inside the hacker's Hacking Area, that blocks
// the Line of Fire of every trooper using a Multispectral Visor, of any
// level and of either army, until the end of the Player Turn. Troopers
// without a visor see through it. The template is public: it lies on the
// table (State.WhiteNoise, drawn in every view).

// WhiteNoise is a White Noise Circular Template on the table.
type WhiteNoise struct {
	// By is the hacker who placed it.
	By   string     `json:"by"`
	Seat rules.Seat `json:"seat"`
	// At is the template's centre, in inches.
	At [2]float64 `json:"at"`
	// Turn is the Player Turn, counted from 0, at whose end it is removed.
	Turn int `json:"turn"`
}

// whiteNoiseRadius is the radius of White Noise's Circular Template.
const whiteNoiseRadius = geom.CircularTemplateDiameter / 2

// circle is the template as geometry.
func (w WhiteNoise) circle() geom.Circle {
	return geom.Circle{Center: geom.Pt(w.At[0], w.At[1]), Radius: whiteNoiseRadius}
}

// isWhiteNoise reports the White Noise program (its effect column).
func isWhiteNoise(p catalog.Program) bool { return p.Effect == catalog.EffectWhiteNoise }

// checkWhiteNoise checks White Noise declared by hacker t standing at at:
// a point, no target, and the template centred on it wholly inside the
// Zone of Control of the hacker or of one of the Repeaters of its Hacking
// Area.
func (s *State) checkWhiteNoise(t int, at [2]float64, p catalog.Program, k Skill) error {
	if k.Point == nil || k.Target != "" || len(k.Split) > 0 {
		return rules.Errorf(rules.CodeBadAction, ruleHacking, "%s names a point (point: [x, y]) for its Circular Template, and no target", p.Name)
	}
	pt := *k.Point
	if math.IsNaN(pt[0]) || math.IsNaN(pt[1]) || pt[0] < 0 || pt[1] < 0 || pt[0] > s.Table.Width || pt[1] > s.Table.Height {
		return rules.Errorf(rules.CodeBadAction, ruleHacking, "%s: the point (%g, %g) is off the table", p.Name, pt[0], pt[1])
	}
	var buf [4]geom.Circle
	if !wholyInArea(s.hackingArea(t, at, buf[:0]), WhiteNoise{At: pt}.circle()) {
		return rules.Errorf(rules.CodeIllegal, ruleHacking+" (Hacking Area)", "%s: a Circular Template at (%g, %g) is not wholly inside %s's Hacking Area", p.Name, pt[0], pt[1], s.Troopers[t].ID)
	}
	return nil
}

// wholyInArea reports a circle wholly inside the Zone of Control of one
// of the Hacking Area's circles: within 8" of its edge at every point.
func wholyInArea(area []geom.Circle, c geom.Circle) bool {
	for _, a := range area {
		if a.Center.Dist(c.Center)+c.Radius <= a.Radius+geom.ZoCRadius+geom.Eps {
			return true
		}
	}
	return false
}

// placeWhiteNoise lays hacker t's template after a successful roll; it
// lasts until the end of the Player Turn.
func (s *State) placeWhiteNoise(t int, k Skill) []rules.Event {
	tr := s.Troopers[t]
	w := WhiteNoise{By: tr.ID, Seat: tr.Seat, At: *k.Point, Turn: s.playerTurn()}
	s.WhiteNoise = append(s.WhiteNoise[:len(s.WhiteNoise):len(s.WhiteNoise)], w)
	return []rules.Event{WhiteNoiseChanged{By: tr.ID, At: w.At, On: true}}
}

// expireWhiteNoise removes, at the end of a Player Turn, the templates
// placed in it.
func (s *State) expireWhiteNoise() []rules.Event {
	var events []rules.Event
	s.WhiteNoise, events = expireZones(s.WhiteNoise, s.playerTurn(), func(w WhiteNoise) (int, rules.Event) {
		return w.Turn, WhiteNoiseChanged{By: w.By, At: w.At, On: false}
	})
	return events
}

// expireZones keeps the templates of zones (White Noise, Smoke) that last
// past Player Turn now, and reports the others' end: zone gives each
// template's last Player Turn and the event of its end.
func expireZones[Z any](zones []Z, now int, zone func(Z) (int, rules.Event)) ([]Z, []rules.Event) {
	if len(zones) == 0 {
		return zones, nil
	}
	var events []rules.Event
	var keep []Z
	for _, z := range zones {
		turn, ended := zone(z)
		if turn > now {
			keep = append(keep, z)
			continue
		}
		events = append(events, ended)
	}
	return keep, events
}

// whiteNoiseBlockers appends to blockers the White Noise templates that
// block the Line of Fire of model m's trooper: all of them when it uses a
// Multispectral Visor, none otherwise (Multispectral Visor (N4)).
func (s *State) whiteNoiseBlockers(blockers []geom.Circle, m int) []geom.Circle {
	if !s.whiteNoiseBlocks(m) {
		return blockers
	}
	for _, w := range s.WhiteNoise {
		blockers = append(blockers, w.circle())
	}
	return blockers
}

// whiteNoiseBlocks reports whether White Noise templates block model m's
// Line of Fire (whiteNoiseBlockers adds them).
func (s *State) whiteNoiseBlocks(m int) bool {
	return len(s.WhiteNoise) != 0 && s.visorLevel(s.viewerTrooper(m)) != 0
}

// WhiteNoiseChanged is a White Noise template placed (On) or removed.
type WhiteNoiseChanged struct {
	By string     `json:"by"`
	At [2]float64 `json:"at"`
	On bool       `json:"on"`
}

func (WhiteNoiseChanged) Kind() string { return "white-noise" }

func (e WhiteNoiseChanged) String() string {
	if e.On {
		return fmt.Sprintf("%s places White Noise at %s: Multispectral Visors draw no Line of Fire through it", e.By, point(e.At))
	}
	return fmt.Sprintf("%s's White Noise at %s ends", e.By, point(e.At))
}

// checkWhiteNoiseState checks a decoded state's templates.
func (c *stateChecker) whiteNoise() {
	s := c.s
	c.zones("whiteNoise", len(s.WhiteNoise), func(i int) (rules.Seat, string, [2]float64, int) {
		w := s.WhiteNoise[i]
		return w.Seat, w.By, w.At, w.Turn
	})
}

// zones checks n templates a trooper laid until the end of a Player Turn
// (White Noise, Smoke), listed under name: not too many, and each of a
// seat of the game, laid by a trooper, on the table, ending in a Player
// Turn of the game.
func (c *stateChecker) zones(name string, n int, zone func(i int) (seat rules.Seat, by string, at [2]float64, turn int)) {
	s := c.s
	if c.err != nil {
		return
	}
	if n > maxWhiteNoise {
		c.failf(name, "%d templates, more than %d", n, maxWhiteNoise)
		return
	}
	for i := range n {
		seat, by, at, turn := zone(i)
		path := fmt.Sprintf("%s[%d]", name, i)
		c.seat(path+".seat", seat)
		if s.trooperIndex(by) < 0 {
			c.failf(path+".by", "%q is not a trooper", by)
		}
		c.onTable(path+".at", at)
		if turn < 0 || turn > len(s.Seats)*s.Rounds {
			c.failf(path+".turn", "%d is not a Player Turn of the game", turn)
		}
	}
}

// maxWhiteNoise bounds the templates a decoded state may hold: one per
// Order of a Player Turn is far more than a game makes.
const maxWhiteNoise = 64

// whiteNoiseViews appends the White Noise templates on the table, public
// like every template: the hacker who placed them revealed himself by
// declaring the program.
func (s *State) whiteNoiseViews(out []TemplateView) []TemplateView {
	for _, w := range s.WhiteNoise {
		out = append(out, TemplateView{Kind: "circle", By: w.By, Seat: w.Seat, Program: "white-noise", At: w.At, Radius: whiteNoiseRadius})
	}
	return out
}
