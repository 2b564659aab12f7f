package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// Hacking (N3), the framework: who may hack, where (the Hacking Area),
// whom (the program's target classes), and how a program is declared (a
// Short Skill, an ARO or an Entire Order, as its card says). Programs are
// catalog data (State.Programs, from the devices the profiles carry); the
// rules read their columns here and in hack_resolve.go rather than keeping
// a switch arm per program.

// ruleHacking is the rule the errors of this file cite.
const ruleHacking = "Hacking (N3)"

// addComms copies in the Comms Equipment profile p carries and the
// programs of its hacking devices, so that the state plays on them alone.
func (r Ruleset) addComms(s *State, p catalog.Profile) {
	for _, d := range r.Catalog.DevicesOf(p) {
		if _, ok := s.Devices[d.ID]; ok {
			// Copied in with its programs for an earlier trooper: listing
			// the catalog's programs again for every trooper that carries
			// it was a twentieth of a hacking-demo.yaml playout.
			continue
		}
		if s.Devices == nil {
			s.Devices = map[string]catalog.Device{}
		}
		s.Devices[d.ID] = d
		for _, prog := range r.Catalog.DevicePrograms(d) {
			if s.Programs == nil {
				s.Programs = map[string]catalog.Program{}
			}
			s.Programs[prog.ID] = prog
		}
	}
}

// device is the device a profile carries under the equipment name.
func (s *State) device(equipment string) (catalog.Device, bool) {
	for _, d := range s.Devices {
		// Names are unique in a catalog (it refuses a second entry of one
		// name), so the first found is the one.
		if d.Name == equipment {
			return d, true
		}
	}
	return catalog.Device{}, false
}

// trooperComms is what a trooper's profile carries for hacking, worked
// out once (derived): whether it carries a hacking device or a Repeater,
// and the programs it may declare.
type trooperComms struct {
	hacker, repeater bool
	programs         []catalog.Program
}

// deriveComms works out every trooper's trooperComms.
func (s *State) deriveComms() []trooperComms {
	if len(s.Devices) == 0 {
		return nil
	}
	out := make([]trooperComms, len(s.Troopers))
	for t := range s.Troopers {
		out[t] = trooperComms{hacker: s.lookUpHacker(t), repeater: s.lookUpRepeater(t), programs: s.lookUpPrograms(t)}
	}
	return out
}

// comms is trooper t's trooperComms: derived, or worked out now.
func (s *State) comms(t int) trooperComms {
	if len(s.Devices) == 0 {
		return trooperComms{}
	}
	if d := s.derived; d != nil && t < len(d.comms) {
		return d.comms[t]
	}
	return trooperComms{hacker: s.lookUpHacker(t), repeater: s.lookUpRepeater(t), programs: s.lookUpPrograms(t)}
}

// isHacker reports a trooper carrying a hacking device.
func (s *State) isHacker(t int) bool { return s.comms(t).hacker }

// hasRepeater reports a trooper carrying a Repeater.
func (s *State) hasRepeater(t int) bool { return s.comms(t).repeater }

// programsOf lists the programs trooper t may declare.
func (s *State) programsOf(t int) []catalog.Program { return s.comms(t).programs }

// lookUpHacker reports a trooper carrying a hacking device.
func (s *State) lookUpHacker(t int) bool {
	for _, e := range s.profile(t).Equipment {
		if d, ok := s.device(e); ok && d.Kind == catalog.HackingKind {
			return true
		}
	}
	return false
}

// lookUpRepeater reports a trooper carrying a Repeater (not a deployable
// one, which is placed on the table rather than carried).
func (s *State) lookUpRepeater(t int) bool {
	for _, e := range s.profile(t).Equipment {
		if d, ok := s.device(e); ok && d.Kind == catalog.RepeaterKind && !d.Deployable {
			return true
		}
	}
	return false
}

// carries reports whether trooper t's hacking devices carry the program:
// its group, or as one of a device's upgrades.
func (s *State) carries(t int, p catalog.Program) bool {
	for _, e := range s.profile(t).Equipment {
		d, ok := s.device(e)
		if !ok || d.Kind != catalog.HackingKind {
			continue
		}
		if (p.Group != catalog.Upgrade && d.CarriesGroup(p.Group)) || slices.Contains(d.Upgrades, p.ID) {
			return true
		}
	}
	return false
}

// carriesProgram is carries for a program of s.Programs, read from the
// programs trooper t may declare (programsOf, derived) when they have been
// worked out: those are the state's programs it carries, and looking the
// program up among them costs less than going through its devices.
func (s *State) carriesProgram(t int, p *catalog.Program) bool {
	d := s.derived
	if d == nil || t >= len(d.comms) {
		return s.carries(t, *p)
	}
	progs := d.comms[t].programs
	for i := range progs {
		if progs[i].ID == p.ID {
			return true
		}
	}
	return false
}

// lookUpPrograms lists the programs trooper t may declare, in the order of
// the program table (by group, then id), so that menus list them the same
// way every time.
func (s *State) lookUpPrograms(t int) []catalog.Program {
	if len(s.Programs) == 0 || !s.lookUpHacker(t) {
		return nil
	}
	var out []catalog.Program
	ids := sortedKeys(s.Programs) // once, not once per group
	for _, g := range catalog.Groups() {
		for _, id := range ids {
			if p := s.Programs[id]; p.Group == g && s.carries(t, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// sortedKeys lists a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// commsDown reports a trooper whose Comms Equipment does not work:
// Disabled, Isolated or in a Null state (Hacking (N3): such a hacker
// cannot hack, and the Repeaters such a trooper carries stop working).
func (s *State) commsDown(t int) bool {
	st := &s.Troopers[t].States
	return st.Disabled || st.Isolated || st.Null()
}

// hackingArea is the Hacking Area of hacker t standing at at (Hacking
// (N3)): its own Zone of Control, and that of every friendly trooper
// carrying a working Repeater. A Repeater in Hidden Deployment or on a
// Camouflaged marker is left out: using it would tell the opponent where
// a hidden trooper is, or what a marker carries.
func (s *State) hackingArea(t int, at [2]float64, buf []geom.Circle) []geom.Circle {
	area := append(buf[:0], s.baseAt(s.modelOf(t), at))
	seat := s.Troopers[t].Seat
	for u := range s.Troopers {
		tr := &s.Troopers[u]
		// Whether it carries a Repeater first: most troopers do not.
		if u == t || tr.Seat != seat || !s.hasRepeater(u) || tr.States.Hidden || tr.States.marker() || s.commsDown(u) {
			continue
		}
		if m := s.modelOf(u); m >= 0 && !tr.States.Reserve {
			area = append(area, s.Models[m].base())
		}
	}
	return s.deployedRepeaters(area, seat)
}

// inArea reports a base inside a Hacking Area: within the Zone of Control
// of one of its circles.
func inArea(area []geom.Circle, target geom.Circle) bool {
	for _, c := range area {
		if geom.InZoC(c, target) {
			return true
		}
	}
	return false
}

// skillCategory is a declared skill's category (Skill categories (N4)):
// the skill table's, except that a program's card decides a hacking
// program's (an Entire Order program takes the whole Order).
func (s *State) skillCategory(k *Skill) Category {
	if k.Guided {
		// A Guided attack (rule_guided.go).
		return CategoryEntire
	}
	if k.Name == SkillHack {
		if p, ok := s.Programs[k.Program]; ok && p.DeclaredAs(catalog.EntireOrder) && !p.DeclaredAs(catalog.ShortSkill) {
			return CategoryEntire
		}
	}
	return category(k.Name)
}

// playable reports whether the engine resolves the program's effect yet,
// and says why not. Programs that are not listed here are refused with
// that reason rather than declared and left without effect.
func playable(p *catalog.Program) string {
	if defence(p) || supportware(p) || commSat(p) || cybermask(p) || possessionProgram(p) || toolbox(p) {
		return ""
	}
	switch {
	case p.Category == catalog.Supportware:
		// Supportware with a roll (Cybermask).
		return "Supportware with a roll is not played yet: the engine plays the Supportware that needs none"
	case p.Side != catalog.Enemy || p.Range != catalog.HackingArea || !p.Rolls() || !p.Attack():
		return "a " + string(p.Category) + " program of this kind is not played yet: the engine plays Hacking Attacks on enemies in the Hacking Area, the Defense Protocols and the Supportware that needs no roll"
	case p.Duration == catalog.UntilRevealed:
		return "its duration (" + string(p.Duration) + ") is not played yet"
	}
	switch p.Effect {
	case catalog.EffectIMM1, catalog.EffectWound, catalog.EffectIsolated, catalog.EffectDisabled, catalog.EffectTargeted:
		return ""
	}
	return "its effect (" + string(p.Effect) + ") is not played yet"
}

// defence reports a Defense Protocol (Breakwater, Counterstrike, Zero
// Pain): a roll against the hacker whose attack targets the user, wherever
// he is, which nullifies the attack, or reflects it (Hacking (N3)).
func defence(p *catalog.Program) bool {
	return p.Range == catalog.AttackerRange && p.Rolls() && (p.Effect == catalog.EffectNullify || p.Effect == catalog.EffectReflect)
}

// hackProgram finds the program a hack declares and checks that trooper t
// may run it: a program of the state, carried by its device, played by
// the engine, with the hacker's Comms Equipment working.
func (s *State) hackProgram(t int, k *Skill) (catalog.Program, error) {
	p, ok := s.Programs[k.Program]
	if !ok {
		return p, rules.Errorf(rules.CodeBadAction, ruleHacking, "hack: unknown program %q", k.Program)
	}
	tr := &s.Troopers[t] // in place: every program of every menu is checked here
	switch {
	case !s.carriesProgram(t, &p):
		return p, rules.Errorf(rules.CodeIllegal, ruleHacking, "%s carries no hacking device with %s", tr.ID, p.Name)
	case s.commsDown(t):
		return p, rules.Errorf(rules.CodeIllegal, ruleHacking, "%s is %v: a Disabled, Isolated or Null hacker cannot hack", tr.ID, tr.States)
	}
	if why := playable(&p); why != "" {
		return p, rules.Errorf(rules.CodeIllegal, ruleHacking, "%s: %s", p.Name, why)
	}
	return p, nil
}

// hackTarget checks the target of program p declared by trooper t from
// at: an enemy trooper on the table, not a marker still to be Discovered,
// of one of the program's target classes, inside t's Hacking Area. No Line
// of Fire is needed (Hacking (N3)).
func (s *State) hackTarget(t int, at [2]float64, p *catalog.Program, target int, targetAt [2]float64) error {
	if target < 0 || s.Troopers[s.Models[target].Trooper].Seat == s.Troopers[t].Seat {
		return rules.Errorf(rules.CodeBadAction, ruleHacking, "%s: the target is not an enemy model on the table", p.Name)
	}
	u := s.Models[target].Trooper
	name := s.publicName(u)
	if err := markerRefusal(&s.Troopers[u].States, name); err != nil {
		return err
	}
	if !s.targetClass(p, u) {
		return rules.Errorf(rules.CodeIllegal, ruleHacking, "%s cannot target %s: it targets %s", p.Name, name, classList(p))
	}
	if err := s.possessionTarget(t, p, u, name); err != nil {
		return err
	}
	var buf [4]geom.Circle
	if !inArea(s.hackingArea(t, at, buf[:0]), s.baseAt(target, targetAt)) {
		return rules.Errorf(rules.CodeIllegal, ruleHacking+" (Hacking Area)", "%s is outside %s's Hacking Area", name, s.Troopers[t].ID)
	}
	return nil
}

// classList writes the program's target classes for a message.
func classList(p *catalog.Program) string {
	out := ""
	for i, c := range p.Targets {
		if i > 0 {
			out += ", "
		}
		out += string(c)
	}
	return out
}

// targetClass reports whether trooper u belongs to one of the program's
// target classes, as far as the engine plays them.
func (s *State) targetClass(p *catalog.Program, u int) bool {
	prof := s.profile(u)
	for _, c := range p.Targets {
		switch c {
		case catalog.TargetTAG, catalog.TargetHI, catalog.TargetREM, catalog.TargetVH:
			if string(prof.Type) == string(c) {
				return true
			}
		case catalog.TargetHack:
			if prof.Hackable {
				return true
			}
		case catalog.TargetHacker:
			if s.isHacker(u) {
				return true
			}
		case catalog.TargetComms:
			if s.isHacker(u) || s.hasRepeater(u) {
				return true
			}
		case catalog.TargetAny:
			return true
		case catalog.TargetJumper:
			if prof.HasSkill("Combat Jump") {
				return true
			}
		case catalog.TargetManned, catalog.TargetPossessed:
			if s.possessionClass(c, u) {
				return true
			}
		}
	}
	return false
}

// checkHack checks a hacking program declared in an Order (Order
// Expenditure Sequence (N4) step 1.2 or 3): a program the trooper runs,
// declarable in its Active Turn, on a target in its Hacking Area.
func (s *State) checkHack(o *Order, k *Skill) error {
	p, err := s.hackProgram(o.Trooper, k)
	if err != nil {
		return err
	}
	if defence(&p) {
		return s.checkActiveDefence(o, p, k)
	}
	if cybermask(&p) {
		return s.checkCybermask(o, p, *k)
	}
	if supportware(&p) {
		from, err := s.fromPoint(o, k)
		if err != nil {
			return err
		}
		return s.checkSupport(o.Trooper, from, p, *k)
	}
	if toolbox(&p) {
		from, err := s.fromPoint(o, k)
		if err != nil {
			return err
		}
		return s.checkToolbox(o.Trooper, from, p, *k)
	}
	if !p.DeclaredAs(catalog.ShortSkill) && !p.DeclaredAs(catalog.EntireOrder) {
		return rules.Errorf(rules.CodeIllegal, ruleHacking, "%s is declared only as %s", p.Name, p.SkillString())
	}
	from, err := s.fromPoint(o, k)
	if err != nil {
		return err
	}
	if len(k.Split) > 0 {
		return s.checkHackSplit(o.Trooper, from, p, *k)
	}
	m := s.targetModel(k.Target, s.Troopers[o.Trooper].Seat)
	var at [2]float64
	if m >= 0 {
		at = s.Models[m].At
	} else if d := s.enemyDeployable(k.Target, s.Troopers[o.Trooper].Seat); d >= 0 {
		// A deployable device (hack_deployable.go).
		return s.hackDeployable(o.Trooper, from, &p, d)
	}
	return s.hackTarget(o.Trooper, from, &p, m, at)
}

// checkActiveDefence checks a Defense Protocol declared by the active
// trooper: its cards say "In Active or Reactive Turn", so the active
// trooper may declare one as its second skill against a program declared
// in ARO against it, targeting that program's hacker (Hacking (N3):
// Breakwater, Counterstrike, Zero Pain). Before any ARO there is no attack
// to answer.
func (s *State) checkActiveDefence(o *Order, p catalog.Program, k *Skill) error {
	if len(k.Split) > 0 {
		return rules.Errorf(rules.CodeBadAction, ruleHacking, "%s answers one attacking hacker: no split", p.Name)
	}
	seat := s.Troopers[o.Trooper].Seat
	m := s.targetModel(k.Target, seat)
	for i := range o.AROs {
		a := &o.AROs[i]
		if a.Skill.Name != SkillHack || m < 0 || s.Models[m].Trooper != a.Trooper {
			continue
		}
		if q, ok := s.Programs[a.Skill.Program]; ok && q.Attack() && s.targetModel(a.Skill.Target, s.Troopers[a.Trooper].Seat) == o.Model {
			return nil
		}
	}
	if len(o.AROs) == 0 {
		return rules.Errorf(rules.CodeIllegal, ruleHacking, "%s answers a Hacking Attack on its user: no program has been declared against %s yet (declare it as the second skill, after a hacker's ARO)", p.Name, s.Troopers[o.Trooper].ID)
	}
	return rules.Errorf(rules.CodeIllegal, ruleHacking, "%s answers a Hacking Attack on its user: %q declared no program against %s in ARO", p.Name, k.Target, s.Troopers[o.Trooper].ID)
}

// checkHackSplit checks a program's Burst split between targets (Stop!:
// "the two rolls may be split between one or two targets"): no more
// targets than the program allows, each once with at least one roll, the
// whole Burst assigned, each target valid.
func (s *State) checkHackSplit(t int, from [2]float64, p catalog.Program, k Skill) error {
	if k.Target != "" {
		return rules.Errorf(rules.CodeBadAction, ruleHacking, "a split Burst names its targets in split, not target")
	}
	if len(k.Split) > p.MaxTargets {
		return rules.Errorf(rules.CodeIllegal, ruleHacking, "%s splits its Burst between at most %d targets, not %d", p.Name, p.MaxTargets, len(k.Split))
	}
	total := 0
	for i, sh := range k.Split {
		if sh.Dice < 1 || slices.ContainsFunc(k.Split[:i], func(o BurstShare) bool { return o.Target == sh.Target }) {
			return rules.Errorf(rules.CodeBadAction, ruleHacking, "split: each target once, with at least one roll")
		}
		total += sh.Dice
		m := s.targetModel(sh.Target, s.Troopers[t].Seat)
		var at [2]float64
		if m >= 0 {
			at = s.Models[m].At
		}
		if err := s.hackTarget(t, from, &p, m, at); err != nil {
			return err
		}
	}
	if total != p.Burst {
		return rules.Errorf(rules.CodeIllegal, ruleHacking, "the split assigns %d rolls of %s's B%d", total, p.Name, p.Burst)
	}
	return nil
}

// eachProgramChoice calls f with k armed with each program trooper t may
// declare (none for a trooper that is no hacker); check greys out those
// that do not fit the target.
func (s *State) eachProgramChoice(t int, k Skill, f func(Skill)) {
	for _, p := range s.programsOf(t) {
		if p.Side != catalog.Enemy {
			continue
		}
		k.Program = p.ID
		f(k)
	}
}

// eachOwnProgram calls f with each program trooper t may declare that
// targets no enemy (Supportware and the others on its own side), with no
// target: check greys those the engine does not play yet.
func (s *State) eachOwnProgram(t int, f func(Skill)) {
	for _, p := range s.programsOf(t) {
		switch {
		case p.Side == catalog.Enemy:
		case toolbox(&p):
			s.eachToolboxChoice(t, p, f)
		case p.Side == catalog.Friendly && p.Range == catalog.HackingArea:
			// On each ally of its target classes.
			for u := range s.Troopers {
				if m := s.modelOf(u); m >= 0 && s.friendlyTarget(p, t, u) && s.targetClass(&p, u) {
					f(Skill{Name: SkillHack, Program: p.ID, Target: s.Models[m].ID})
				}
			}
		default:
			f(Skill{Name: SkillHack, Program: p.ID})
		}
	}
}

// hackedBy reports whether reactive trooper t is the target of a Hacking
// Attack the active trooper declared this Order: it may Reset without
// Line of Fire (Reset (N4); Hacking (N3)), or answer with a Defense
// Protocol.
func (s *State) hackedBy(t int) bool {
	o := s.Order
	seat := s.Troopers[o.Trooper].Seat
	for _, k := range []*Skill{&o.First, o.Second} {
		if k == nil || k.Name != SkillHack {
			continue
		}
		if p, ok := s.Programs[k.Program]; !ok || !p.Attack() {
			continue
		}
		if m := s.targetModel(k.Target, seat); m >= 0 && s.Models[m].Trooper == t {
			return true
		}
		for _, sh := range k.Split {
			if m := s.targetModel(sh.Target, seat); m >= 0 && s.Models[m].Trooper == t {
				return true
			}
		}
	}
	return false
}

// hackReach finds the first point of the active trooper's path inside
// reactive hacker t's Hacking Area: a trooper acting in the Hacking Area
// may be hacked in ARO.
func (s *State) hackReach(t int) ([2]float64, bool) {
	if !s.isHacker(t) || s.commsDown(t) || s.Troopers[t].States.Null() {
		return [2]float64{}, false
	}
	o := s.Order
	m := s.modelOf(t)
	if m < 0 {
		return [2]float64{}, false
	}
	var buf [4]geom.Circle
	area := s.hackingArea(t, s.Models[m].At, buf[:0])
	var at [2]float64
	found := false
	eachPathSample(o.Path, func(p [2]float64) bool {
		if inArea(area, s.baseAt(o.Model, p)) {
			at, found = p, true
			return false
		}
		return true
	})
	return at, found
}

// hackReact checks what being in a Hacking Area, or the target of a
// program, lets a reactive trooper declare (ARO (N4); Hacking (N3)): a
// hacking program on the active trooper, where the Hacking Area reaches
// it; and no Dodge by a trooper that has only a program to answer, since
// Dodge cannot oppose a Comms Attack (Dodge (N4)). done reports that the
// ARO is decided here.
func (s *State) hackReact(t int, k Skill, e eligibility) (done bool, err error) {
	if k.Name == SkillDodge && !e.LoF && !e.ZoC && !e.Template && !e.Proxy && !e.Guided {
		// Dodge (N4): Dodge needs an attack on the trooper, LoF or ZoC.
		if e.Hacked {
			return true, rules.Errorf(rules.CodeIllegal, "Dodge (N4)", "%s has only a Comms Attack to answer: Dodge cannot oppose it, Reset can", s.Troopers[t].ID)
		}
		return true, rules.Errorf(rules.CodeIllegal, "Dodge (N4)", "%s is attacked by nothing it could Dodge and has %s in neither LoF nor ZoC: it may only answer with %v", s.Troopers[t].ID, s.publicName(s.Order.Trooper), e.answers())
	}
	if k.Name == SkillReset && !e.LoF && !e.ZoC && !e.Template && !e.Proxy && !e.Hacked {
		// Only the active trooper's Hacking Area reaches it: that lets it
		// hack, but Reset without Line of Fire is the right of a Hacking
		// Attack's target alone (Reset (N4); Hacking (N3)).
		return true, rules.Errorf(rules.CodeIllegal, "Reset (N4)", "%s is the target of no Hacking Attack and has %s in neither LoF nor ZoC: it may only answer with %v", s.Troopers[t].ID, s.publicName(s.Order.Trooper), e.answers())
	}
	if k.Name != SkillHack {
		return false, nil
	}
	p, err := s.hackProgram(t, &k)
	if err != nil {
		return true, err
	}
	if !p.DeclaredAs(catalog.ARO) {
		return true, rules.Errorf(rules.CodeIllegal, ruleHacking, "%s cannot be declared in ARO (%s)", p.Name, p.SkillString())
	}
	if commSat(&p) {
		return true, s.commSatReact(t, p, k)
	}
	if len(k.Split) > 0 {
		return true, rules.Errorf(rules.CodeIllegal, ruleHacking, "a program in ARO rolls its ARO Burst against the active trooper: no split")
	}
	o := s.Order
	if toolbox(&p) {
		// Lockpicker, White Noise: where the reactive hacker stands.
		return true, s.checkToolbox(t, s.Models[s.modelOf(t)].At, p, k)
	}
	if s.targetModel(k.Target, s.Troopers[t].Seat) != o.Model {
		return true, rules.Errorf(rules.CodeIllegal, "ARO (N4)", "an ARO acts against the active trooper (%s), not %q", s.publicName(o.Trooper), k.Target)
	}
	if defence(&p) {
		// Against the hacker attacking the user, wherever he is.
		if !s.hackedBy(t) {
			return true, rules.Errorf(rules.CodeIllegal, ruleHacking, "%s answers a Hacking Attack on %s: %s attacks no one with a program here", p.Name, s.Troopers[t].ID, s.publicName(o.Trooper))
		}
		return true, nil
	}
	at, ok := s.hackReach(t)
	if !ok {
		return true, rules.Errorf(rules.CodeIllegal, ruleHacking+" (Hacking Area)", "%s is never inside %s's Hacking Area", s.publicName(o.Trooper), s.Troopers[t].ID)
	}
	// The active trooper is the target where the Hacking Area meets it.
	return true, s.hackTarget(t, s.Models[s.modelOf(t)].At, &p, o.Model, at)
}
