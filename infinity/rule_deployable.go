package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/infinity/sides"
	"github.com/ordo-rules/ordo/rules"
)

// Deployable is a deployable weapon on the table, such as a Mine. It goes
// off when an enemy trooper declares an Order or an ARO inside its trigger
// area: the area its template can reach from where it lies, taken here as
// every base within the template's length of it (the catalog's reading;
// the N4 rules give no trigger area of their own). It is spent when it goes off.
type Deployable struct {
	// ID is the scenario author's name for it, which never leaves the
	// engine; Label is its public label (labels.go), by which everyone
	// names it.
	ID     string     `json:"id"`
	Label  string     `json:"label,omitempty"`
	Seat   rules.Seat `json:"seat"`
	Weapon string     `json:"weapon,omitempty"`
	// Device is, instead of a weapon, a piece of Comms Equipment placed on
	// the table: a Deployable Repeater, which extends the Hacking Area of
	// its army (deployedRepeaters).
	Device  string     `json:"device,omitempty"`
	At      [2]float64 `json:"at"`
	Removed bool       `json:"removed,omitempty"`
	// Disabled: a program (Blackout) stopped the device working
	// (hack_deployable.go); a Disabled Deployable Repeater extends no
	// Hacking Area.
	Disabled bool `json:"disabled,omitempty"`
}

// MineHit is a deployable that went off against a trooper during the
// Order.
type MineHit struct {
	Deployable int `json:"deployable"`
	Trooper    int `json:"trooper"`
}

// deployableRadius is the marker a deployable sits on, for Line of Fire to
// it (Silhouette (N4): weapon and equipment markers are S2 — a 25 mm base).
var deployableRadius = geom.MM(25) / 2

// trigger sets off every enemy deployable whose trigger area holds trooper
// t's model, now that t has declared an Order or an ARO.
func (s *State) trigger(t int) []rules.Event {
	m := s.modelOf(t)
	if m < 0 || s.Order == nil {
		return nil
	}
	var events []rules.Event
	for i := range s.Deployables {
		d := &s.Deployables[i]
		if d.Removed || d.Seat == s.Troopers[t].Seat {
			continue
		}
		w, ok := s.Weapons[d.Weapon]
		if !ok {
			continue
		}
		reach := teardropSize(w).Length
		if geom.EdgeDistance(geom.Circle{Center: geom.Pt(d.At[0], d.At[1])}, s.Models[m].base()) > reach+geom.Eps {
			continue
		}
		d.Removed = true
		s.Order.Mines = append(s.Order.Mines, MineHit{Deployable: i, Trooper: t})
		events = append(events, Triggered{Deployable: d.name(), Trooper: s.Troopers[t].ID})
	}
	return events
}

// Triggered is a deployable going off against a trooper.
type Triggered struct {
	Deployable string `json:"deployable"`
	Trooper    string `json:"trooper"`
}

func (Triggered) Kind() string { return "triggered" }

// mineEffects resolves the deployables that went off: the trooper's Dodge,
// if it declared one, is judged again against each as a Normal Roll with
// the -3 for Dodging a deployable's template and the -3 without LoF to it
// (combined under dodge-mods); failing it means the hit lands and the
// trooper loses its Dodge movement (Dodge (N4), the Mine example).
func (s *State) mineEffects(rs []*roller, d dice.Source) ([]rules.Event, error) {
	var events []rules.Event
	for _, mh := range s.Order.Mines {
		dep := s.Deployables[mh.Deployable]
		w := s.Weapons[dep.Weapon]
		t := mh.Trooper
		var dodge *roller
		for _, r := range rs {
			if r.trooper == t && r.skill.Name == SkillDodge && !r.idle {
				dodge = r
			}
		}
		if dodge != nil {
			m := s.modelOf(t)
			noLoF := m < 0 || !s.lof(s.Models[m], geom.Circle{Center: geom.Pt(dep.At[0], dep.At[1]), Radius: deployableRadius}, m, -1)
			mods := s.dodgeStateMods(t)
			mods = append(mods, dodgeMods(s.Rulings.Get("dodge-mods"), false, noLoF, true)...)
			sv := dice.NewSuccessValue("PH", s.profile(t).PH, mods...)
			out, err := dice.Normal(judgedAt(sv.Value, dodge.roll))
			if err != nil {
				return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
			}
			events = append(events, Rolled{Trooper: s.Troopers[t].ID, Skill: SkillDodge, SV: sv, Dice: out.Dice,
				Against: dep.name(), Hits: out.Hits, Crits: out.Crits, Roll: "normal"})
			if out.Scored() {
				continue
			}
			dodge.dodgeOK = false
		}
		if s.Troopers[t].States.Dead {
			continue
		}
		hit := roller{trooper: -1, source: dep.name(), weapon: &w, target: t, out: dice.Outcome{Hits: max(w.Burst, 1)}}
		if len(w.Ammo) > 0 {
			hit.ammo = w.Ammo[0]
		}
		ev, err := s.applyHits(&hit, d)
		if err != nil {
			return nil, err
		}
		events = append(events, ev...)
	}
	return events, nil
}

// Deployable Repeaters (Hacking (N3)): a Repeater placed on the table
// rather than carried. Its Zone of Control, measured from its marker,
// extends the Hacking Area of every hacker of its army, as a carried
// Repeater's does; as a piece of equipment and not a trooper it never
// declares anything, so it cannot Reset either (the program notes:
// deployables cannot). A scenario places one as a side's deployable
// naming the device, which a trooper of the side must carry.

// deployableRepeater reports a Repeater placed on the table.
func deployableRepeater(d catalog.Device) bool {
	return d.Kind == catalog.RepeaterKind && d.Deployable
}

// deployDevice places a side's deployable device d at Setup: a Deployable
// Repeater of the catalog that a trooper of the side carries.
func (r Ruleset) deployDevice(s *State, seat rules.Seat, d sides.Deployable) (Deployable, error) {
	const rule = "Hacking (N3) (Repeaters)"
	dev, ok := r.Catalog.Device(d.Device)
	if !ok || !deployableRepeater(dev) {
		return Deployable{}, setupError(rule, "%s: deployable %s: %q is not a deployable Repeater", seat, d.ID, d.Device)
	}
	carried := slices.ContainsFunc(s.Troopers, func(t Trooper) bool {
		return t.Seat == seat && slices.Contains(s.Profiles[t.Profile].Equipment, dev.Name)
	})
	if !carried {
		return Deployable{}, setupError(rule, "%s: deployable %s: no trooper of the side carries a %s to place", seat, d.ID, dev.Name)
	}
	if s.Devices == nil {
		s.Devices = map[string]catalog.Device{}
	}
	s.Devices[dev.ID] = dev
	return Deployable{ID: d.ID, Seat: seat, Device: dev.ID, At: d.At}, nil
}

// deployedRepeaters appends to a Hacking Area of the seat the Zone of
// Control of each of its Deployable Repeaters on the table and not
// Disabled: a circle of the marker's size, whose ZoC inArea measures.
func (s *State) deployedRepeaters(area []geom.Circle, seat rules.Seat) []geom.Circle {
	for _, d := range s.Deployables {
		if d.Device != "" && !d.Removed && !d.Disabled && d.Seat == seat {
			area = append(area, geom.Circle{Center: geom.Pt(d.At[0], d.At[1]), Radius: deployableRadius})
		}
	}
	return area
}
