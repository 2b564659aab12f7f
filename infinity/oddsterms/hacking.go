package oddsterms

import (
	"fmt"
	"strings"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/odds"
)

// Hacking (N3) words. "program carbonite" makes the side declare a program
// from the catalog (its id or its name, case, spaces and punctuation
// ignored: total-control, Total_Control); "reset" makes it declare Reset;
// "firewall" and "targeted" are its states. A side with a program or Reset
// rolls WIP: "WIP 14", or the catalog trooper's. The program gives the
// Attack and Opponent MODs, the Burst (B1 in ARO unless the program says
// otherwise; "B1" takes part of it, as Stop! splits its rolls), the Damage
// and its ammunition; "dmg 16" replaces the Damage (the exorcism-damage
// ruling's other reading).
//
// The numbers are package odds' (odds.PlanHack): the same functions the
// engine's resolution of a program calls.

// Canonical names of the hacking words.
const (
	kProgram  = "program"
	kReset    = "reset"
	kFirewall = "firewall"
	kTargeted = "targeted"
)

// hackFlag is the key of a hacking word that stands alone.
func hackFlag(up string) (string, bool) {
	switch up {
	case "RESET":
		return kReset, true
	case "FIREWALL":
		return kFirewall, true
	case "TARGETED":
		return kTargeted, true
	}
	return "", false
}

// program reads "program NAME".
func (p *parser) program(w word, val string, _ bool) error {
	cat, err := Catalog()
	if err != nil {
		return errorf(w, "the catalog could not be loaded to look the program up: %v", err)
	}
	prog, ok := cat.LookupProgram(val)
	if !ok {
		var ids []string
		for _, pr := range cat.Programs() {
			if pr.Rolls() {
				ids = append(ids, pr.ID)
			}
		}
		return errorf(w, "unknown program %q (programs that roll: %s)", val, strings.Join(ids, ", "))
	}
	if !prog.Rolls() {
		return errorf(w, "%s makes no roll (its Attack MOD is —): there are no odds to compute", prog.Name)
	}
	if err := p.once(w, kProgram); err != nil {
		return err
	}
	p.s.Program, p.prog = prog.ID, &prog
	return nil
}

// hackFlag records reset, firewall or targeted.
func (p *parser) hackFlag(w word, key string) error {
	if err := p.once(w, key); err != nil {
		return err
	}
	switch key {
	case kReset:
		p.s.Reset = true
	case kFirewall:
		p.s.Firewall = true
	case kTargeted:
		p.s.Targeted = true
	}
	return nil
}

// finishHack checks the words of a side that declares a program or Reset:
// it rolls WIP (its trooper's when it names one and no attribute), with
// none of the words that describe a weapon.
func (p *parser) finishHack() error {
	s := &p.s
	pw, hasProg := p.seen[kProgram]
	rw, hasReset := p.seen[kReset]
	if !hasProg && !hasReset {
		return nil
	}
	// what names the declaration in messages, at names its word.
	what, at := "a program", pw
	if !hasProg {
		what, at = "Reset", rw
	}
	if hasProg && hasReset {
		return errorf(rw, "a side declares a program or Reset, not both")
	}
	if p.u.weapon != nil {
		return errorf(p.u.ww, "%s is a weapon: a side declaring %s rolls WIP", p.u.weapon.ID, what)
	}
	if p.u.dodge {
		return errorf(p.u.dw, "Dodge cannot answer a Hacking Attack (Dodge (N4)): declare Reset")
	}
	for _, k := range []string{kAmmo, kSave, kContinuous, kTemplate, kCover, kNoCrit, kCritOnOne, "range"} {
		if w, ok := p.seen[k]; ok {
			return errorf(w, "does not apply to %s: a program's ammunition is the program table's, and no cover or range changes a hacking roll", what)
		}
	}
	if w, ok := p.seen[kDamage]; ok && !hasProg {
		return errorf(w, "Reset inflicts nothing: it only cancels the attack")
	}
	if w, ok := p.seen[kBurst]; ok {
		if !hasProg {
			return errorf(w, "Reset is one WIP roll")
		}
		if s.Burst > p.prog.Burst {
			return errorf(w, "%s has B%d: a side may take part of it (B1), not more", p.prog.Name, p.prog.Burst)
		}
	}
	switch {
	case s.Attribute == "" && p.u.profile != nil:
		s.Attribute, s.Base = AttrWIP, p.u.profile.WIP
	case s.Attribute == "":
		return errorf(at, "%s rolls WIP: give it (WIP 14) or name the trooper from the catalog", what)
	case s.Attribute != AttrWIP:
		return errorf(p.attr, "%s rolls WIP, not %s", what, s.Attribute)
	}
	return nil
}

// hacking reports whether a side's words make it part of a hacking roll.
func (s SideSpec) hacking() bool { return s.Program != "" || s.Reset }

// HackPlan is what a side of a hacking roll declares, for the table and
// the JSON: the program with its row's columns, or Reset, the states its
// roll met, and the BTS Saving Rolls each success forces.
type HackPlan struct {
	// Program is the program declared, nil for Reset.
	Program *catalog.Program `json:"program,omitempty"`
	Reset   bool             `json:"reset,omitempty"`
	// Saves explains the BTS rolls each success forces on the other side
	// (or, for Counterstrike, on the attacking hacker).
	Saves []odds.HackSave `json:"saves,omitempty"`
	// Lethal: each failed roll takes 1 W/STR; otherwise it applies Effect.
	Lethal bool   `json:"lethal,omitempty"`
	Effect string `json:"effect,omitempty"`
}

// hacker turns a side's words into an odds.Hacker.
func hacker(s SideSpec, prog *catalog.Program, active bool) odds.Hacker {
	h := odds.Hacker{WIP: s.Base, BTS: deref(s.BTS), Firewall: s.Firewall, Targeted: s.Targeted, Reset: s.Reset, Active: active, Mods: s.Mods}
	if !s.Rolls() {
		h.WIP = 0
	}
	if prog != nil {
		hp := prog.HackOdds()
		if s.Damage != nil {
			hp.Damage = *s.Damage
		}
		h.Program = &hp
		h.Burst = s.Burst // 0 unless the words take part of the Burst

	}
	return h
}

// buildHack builds a hacking roll: the active side declares a program; the
// reactive side declares Reset or a program of its own, or is only its
// target.
func buildHack(a, r SideSpec, crits odds.CritRule) (Matchup, error) {
	cat, err := Catalog()
	if err != nil {
		return Matchup{}, sideErrorf("the catalog could not be loaded: %v", err)
	}
	var rp *catalog.Program
	if r.Program != "" {
		p, _ := cat.Program(r.Program)
		rp = &p
	}
	if a.Reset {
		return buildActiveReset(a, r, rp, crits)
	}
	if rp != nil && rp.Effect == catalog.EffectDispersion {
		return buildJumpHack(a, r, *rp, crits)
	}
	if a.Program == "" {
		return Matchup{}, sideErrorf("the reactive side declares %s, which answers a program: give the active side one (program carbonite)", reactiveWhat(r))
	}
	if r.Rolls() && !r.hacking() {
		return Matchup{}, sideErrorf("the reactive side rolls %s: a hacking roll is answered with Reset or a program (Dodge cannot avoid a Hacking Attack, Dodge (N4))", r.Attribute)
	}
	ap, _ := cat.Program(a.Program)
	switch {
	case ap.TargetsClass(catalog.TargetAttacker):
		return Matchup{}, sideErrorf("%s answers a Hacking Attack on its user: declare it on the reactive side", ap.Name)
	case ap.Effect == catalog.EffectDispersion:
		return Matchup{}, sideErrorf("%s answers a Combat Jump: declare it on the reactive side, against the jumper's PH (--active \"PH 12\" --reactive \"WIP 14 program %s\")", ap.Name, ap.ID)
	case r.Rolls() && !ap.Attack():
		return Matchup{}, sideErrorf("%s is not a Hacking Attack: Reset and the Defense Protocols answer attacks, so nothing opposes it", ap.Name)
	case rp != nil && !rp.Attack() && !rp.TargetsClass(catalog.TargetAttacker):
		return Matchup{}, sideErrorf("%s does not oppose a program: the reactive side answers with reset, a Defense Protocol (breakwater, counterstrike, zero-pain) or an attack of its own", rp.Name)
	}
	ha, hr := hacker(a, &ap, true), hacker(r, rp, false)
	roll, err := odds.PlanHack(ha, hr, crits)
	if err != nil {
		return Matchup{}, sideErrorf("%v", err)
	}
	m := Matchup{FaceToFace: roll.FaceToFace, Criticals: crits, Hacking: true}
	m.Active = hackPlan(a, &ap, roll.Active, crits)
	if roll.FaceToFace {
		m.Reactive = hackPlan(r, rp, roll.Reactive, crits)
		if rp != nil && rp.Effect == catalog.EffectReflect {
			m.Reactive.Hack.Lethal, m.Reactive.Hack.Effect = ap.Lethal(), string(ap.Effect)
			m.Reactive.Notes = append(m.Reactive.Notes, fmt.Sprintf("a win reflects %s on its hacker: each surviving success is one success of it", ap.Name))
		}
	} else {
		m.Reactive = Plan{Spec: r}
	}
	return m, nil
}

// buildActiveReset builds the active trooper's Reset against a Hacking
// Attack declared in ARO (a hacker reacting to its Order): Face to Face,
// the program rolling its ARO Burst (Reset (N4); Hacking (N3)).
func buildActiveReset(a, r SideSpec, rp *catalog.Program, crits odds.CritRule) (Matchup, error) {
	if rp == nil || !rp.Attack() {
		return Matchup{}, sideErrorf("the active side declares Reset: it answers a Hacking Attack declared in ARO, so give the reactive side one (WIP 14 program blackout)")
	}
	roll, err := odds.PlanHack(hacker(a, nil, true), hacker(r, rp, false), crits)
	if err != nil {
		return Matchup{}, sideErrorf("%v", err)
	}
	m := Matchup{FaceToFace: roll.FaceToFace, Criticals: crits, Hacking: true}
	m.Active = hackPlan(a, nil, roll.Active, crits)
	m.Reactive = hackPlan(r, rp, roll.Reactive, crits)
	return m, nil
}

func reactiveWhat(r SideSpec) string {
	if r.Reset {
		return "Reset"
	}
	return "a program"
}

// hackPlan is one side's Plan from its odds.HackPlan.
func hackPlan(s SideSpec, prog *catalog.Program, hp odds.HackPlan, crits odds.CritRule) Plan {
	sv := hp.SV
	p := Plan{Spec: s, SV: &sv, SVText: sv.String(), Side: hp.Side}
	p.Spec.Burst = hp.Side.Roll.Burst
	h := &HackPlan{Reset: s.Reset, Saves: hp.Saves}
	if prog != nil {
		cp := *prog
		h.Program = &cp
		h.Lethal, h.Effect = prog.Lethal(), string(prog.Effect)
	}
	p.Hack = h
	if len(hp.Saves) > 0 {
		d := hp.Saves[0].Damage
		p.Spec.Damage = &d
		switch crits {
		case odds.CritAutoWound:
			p.Notes = append(p.Notes, "a Critical fails its first BTS roll without rolling")
		default:
			p.Notes = append(p.Notes, "each Critical adds one more BTS roll")
		}
	}
	if prog != nil && prog.ID == "exorcism" && s.Damage == nil {
		p.Notes = append(p.Notes, "Damage 18 is the exorcism-damage ruling's default; write dmg 16 for its other reading")
	}
	return p
}

// renderHack writes one side of a hacking roll.
func renderHack(pw *printer, name string, p Plan) {
	h := p.Hack
	head := "Reset"
	if h.Program != nil {
		head = fmt.Sprintf("%s (%s, %s)", h.Program.Name, h.Program.Group, h.Program.Category)
	}
	if p.Spec.Trooper != "" {
		head = p.Spec.Trooper + ": " + head
	}
	pw.printf("%-9s %s\n", name, head)
	pw.printf("%-9s %s, B%d\n", "", p.SV, p.Side.Roll.Burst)
	if len(h.Saves) == 0 {
		what := "each surviving success cancels the attack"
		switch {
		case h.Program == nil:
		case h.Program.Effect == catalog.EffectDispersion:
			what = "each surviving success makes the Combat Jump fail (Dispersion)"
		case h.Program.Effect != catalog.EffectNullify && h.Program.Effect != catalog.EffectReflect:
			what = "each surviving success applies " + h.Effect
		}
		pw.printf("%-9s no Saving Rolls: %s\n", "", what)
	} else {
		pw.printf("%-9s each success: %d BTS roll%s at %s\n", "", len(h.Saves), plural(len(h.Saves)), h.Saves[0])
		if h.Lethal {
			pw.printf("%-9s each failed roll takes 1 W/STR\n", "")
		} else {
			pw.printf("%-9s Non-Lethal: a failed roll applies %s, no W/STR\n", "", h.Effect)
		}
	}
	for _, n := range p.Notes {
		pw.printf("%-9s %s\n", "", n)
	}
}

// hackTarget describes the target of a program that nothing opposes.
func hackTarget(s SideSpec) string {
	t := fmt.Sprintf("BTS %d", deref(s.BTS))
	if s.Trooper != "" {
		t = s.Trooper + ": " + t
	}
	if s.Firewall {
		t += ", Firewall"
	}
	if s.Targeted {
		t += ", Targeted"
	}
	if s.W != nil {
		t += fmt.Sprintf(", W %d", *s.W)
	}
	return t
}

// buildJumpHack is Hack Transport Aircraft (N3): the reactive hacker's WIP
// with the program's Attack MOD (−6), Face to Face against the PH roll of
// the active trooper's Combat Jump; the hacker's win makes the jump fail
// (Dispersion), the jumper's lands it.
func buildJumpHack(a, r SideSpec, rp catalog.Program, crits odds.CritRule) (Matchup, error) {
	if a.hacking() || a.Attribute != AttrPH || a.Damage != nil || a.Template {
		return Matchup{}, sideErrorf("%s opposes the PH roll of a Combat Jump: the active side rolls PH (PH 12, with +3 for Controlled Jump)", rp.Name)
	}
	hp := rp.HackOdds()
	hr := hacker(r, &rp, false)
	hr.Program = &hp
	jumper := odds.Hacker{WIP: a.Base}
	sv := odds.HackSV(hr, jumper)
	m := Matchup{FaceToFace: true, Criticals: crits, Hacking: true}
	m.Active = Plan{Spec: a}
	asv := dice.NewSuccessValue(a.Attribute, a.Base, a.Mods...)
	m.Active.SV, m.Active.SVText = &asv, asv.String()
	m.Active.Side = odds.Side{Roll: dice.Side{SV: asv.Value, Burst: a.Burst, NoCrit: a.NoCrit, CritOnOne: a.CritOnOne}, Effect: odds.Effect{Crits: crits}}
	m.Active.Notes = []string{"the Combat Jump's PH roll: a success the hacker does not cancel lands the jump"}
	m.Reactive = Plan{Spec: r, SV: &sv, SVText: sv.String(), Hack: &HackPlan{Program: &rp, Effect: string(rp.Effect)}}
	m.Reactive.Spec.Burst = odds.HackBurst(hr)
	m.Reactive.Side = odds.Side{Roll: dice.Side{SV: sv.Value, Burst: m.Reactive.Spec.Burst}, Effect: odds.Effect{Crits: crits}}
	return m, nil
}
