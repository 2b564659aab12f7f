package infinity

import (
	"math"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// TemplateView is a template on the table as the viewer sees it, for a
// client to draw: the teardrop of a Direct Template attack (Direct
// Template Weapons (N4)), or the circle a deployable goes off within
// (Deployable Weapons (N4): the trigger area, every base within its
// template's length).
type TemplateView struct {
	// Kind is "teardrop" or "circle".
	Kind string `json:"kind"`
	// By names who laid it as the viewer knows it: the attacking model,
	// the label of a Camouflage marker, or the deployable's public label.
	By   string     `json:"by"`
	Seat rules.Seat `json:"seat"`
	// Weapon is the weapon's id; it is left out for a trooper the viewer
	// sees only as a marker, whose weapon would tell its profile.
	Weapon string `json:"weapon,omitempty"`
	// Program is the hacking program that laid it (White Noise).
	Program string `json:"program,omitempty"`
	// Device is a deployable device's id (a Deployable Repeater), whose
	// circle is its Zone of Control.
	Device string `json:"device,omitempty"`
	// At is the teardrop's tip (at the edge of the attacker's base) or the
	// circle's centre, in inches.
	At [2]float64 `json:"at"`
	// Angle is the teardrop's axis, in degrees from 0 to 360 like a
	// model's facing.
	Angle float64 `json:"angle,omitempty"`
	// Length, NarrowWidth and WideWidth are the teardrop's shape
	// (geom.TeardropSize); Radius is the circle's.
	Length      float64 `json:"length,omitempty"`
	NarrowWidth float64 `json:"narrowWidth,omitempty"`
	WideWidth   float64 `json:"wideWidth,omitempty"`
	Radius      float64 `json:"radius,omitempty"`
}

// laidTeardrop is the teardrop of weapon w laid from the attacking model
// standing at from toward a target at targetAt: its tip on the edge of
// the attacker's base, its axis through the target's centre (Direct
// Template Weapons (N4)). placeTemplate and the view share it, so what is
// drawn is what hit.
func (s *State) laidTeardrop(attacker int, from [2]float64, w catalog.Weapon, targetAt [2]float64) (geom.Teardrop, error) {
	am := s.Models[attacker]
	am.At = from
	angle := math.Atan2(targetAt[1]-from[1], targetAt[0]-from[0])
	return geom.PlaceTeardrop(am.base(), angle, teardropSize(w))
}

// templateViews lists the templates on the table as v sees them: the
// Direct Templates of the Order in progress, from their declaration until
// the dice are rolled, and every deployable still on the table with its
// trigger area (a deployable is a marker on the table, seen by all). A
// template laid by a trooper v may not see is redacted like the trooper:
// left out while the trooper is in Hidden Deployment, laid by its marker
// and without its weapon while it is Camouflaged (Hidden Deployment (N4),
// Camouflage (N4)).
func (s *State) templateViews(v rules.Viewer) []TemplateView {
	var out []TemplateView
	if o := s.Order; o != nil && len(o.Path) > 0 && (o.Step == StepARO1 || o.Step == StepSecond || o.Step == StepARO2 || o.Step == StepResolve) {
		seat := s.Troopers[o.Trooper].Seat
		for i, k := range []*Skill{&o.First, o.Second} {
			if k == nil || (k.Name != SkillBSAttack && k.Name != SkillSpeculative) {
				continue
			}
			// The first skill's template was laid where the Order began;
			// the second's where the path ended when it was declared,
			// which is the path now.
			from := o.Path[0]
			if i == 1 || k.From != nil {
				var err error
				if from, err = s.fromPoint(o, k); err != nil {
					continue
				}
			}
			tm := s.targetModel(k.Target, seat)
			if tm < 0 {
				continue
			}
			out = s.appendTemplate(out, v, o.Trooper, o.Model, from, *k, s.Models[tm].At)
		}
		for _, a := range o.AROs {
			if m := s.modelOf(a.Trooper); m >= 0 && a.Skill.Name == SkillBSAttack {
				out = s.appendTemplate(out, v, a.Trooper, m, s.Models[m].At, a.Skill, a.At)
			}
		}
	}
	for _, d := range s.Deployables {
		if d.Device != "" && !d.Removed {
			// A Deployable Repeater: the circle its Zone of Control
			// reaches, which the Hacking Area of its army takes in.
			out = append(out, TemplateView{Kind: "circle", By: d.name(), Seat: d.Seat, Device: d.Device, At: d.At, Radius: deployableRadius + geom.ZoCRadius})
			continue
		}
		w, ok := s.Weapons[d.Weapon]
		if d.Removed || !ok {
			continue
		}
		out = append(out, TemplateView{Kind: "circle", By: d.name(), Seat: d.Seat, Weapon: d.Weapon, At: d.At, Radius: teardropSize(w).Length})
	}
	return out
}

// appendTemplate appends trooper t's Direct Template or Impact Template
// (its Circular Template), if its attack k uses one, as v may see it.
func (s *State) appendTemplate(out []TemplateView, v rules.Viewer, t, m int, from [2]float64, k Skill, targetAt [2]float64) []TemplateView {
	w, err := s.weaponFor(t, &k)
	if err != nil || (!isDirectTemplate(&w) && !isImpact(&w)) {
		return out
	}
	tr := s.Troopers[t]
	var tv TemplateView
	if isImpact(&w) {
		// The Circular Template where it lands (Impact Template Weapons
		// (N4)).
		tv = TemplateView{Kind: "circle", By: s.Models[m].ID, Seat: tr.Seat, Weapon: w.ID, At: impactCentre(&k, targetAt), Radius: impactRadius}
	} else {
		td, err := s.laidTeardrop(m, from, w, targetAt)
		if err != nil {
			return out
		}
		tv = TemplateView{Kind: "teardrop", By: s.Models[m].ID, Seat: tr.Seat, Weapon: w.ID,
			At: [2]float64{td.Focus.X, td.Focus.Y}, Angle: math.Mod(td.Angle*180/math.Pi+360, 360),
			Length: td.Size.Length, NarrowWidth: td.Size.NarrowWidth, WideWidth: td.Size.WideWidth}
	}
	if !v.Sees(tr.Seat) {
		switch {
		case tr.States.Hidden:
			return out
		case tr.States.marker():
			tv.By, tv.Weapon = tr.Marker, ""
		}
	}
	return append(out, tv)
}
