package infinity

import (
	"fmt"
	"slices"
	"sync"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// roller is one skill that rolls at Resolution.
type roller struct {
	trooper int
	window  int // 0 for the active trooper's skill
	skill   Skill
	// The flags stand together: a roller is allocated for every roll of
	// every Order, and with each bool padded to a word it was one size
	// class larger.
	active bool
	// noLoFInZoC: a reactive trooper that has the active trooper in its ZoC
	// but never in its LoF (Dodge (N4): -3 to its Dodge); seesActive: a
	// reactive trooper with the active trooper in its LoF at some point of
	// the Order.
	noLoFInZoC bool
	seesActive bool
	// template: a Direct Template attack, which rolls nothing and hits
	// every trooper under it (affected) that does not Dodge it (evaded)
	// (Direct Template Weapons (N4)).
	template bool
	cover    bool // the target is in Partial Cover from the attacker
	dodgeOK  bool // a Dodge that succeeded
	idle     bool
	// outDone: its Face to Face outcome (out) was worked out with its
	// opponent's, which compare does once for the pair.
	outDone bool
	// coup: a CC Attack on an Unconscious target, Coup de Grâce: Dead with
	// no roll and no Saving Roll (CC Attack (N4)).
	coup bool
	// comms marks a Comms Attack (a hacking program): Dodge cannot oppose
	// it, Reset does (Dodge (N4); Reset (N4)). No skill of this engine
	// makes one yet; the hacking programs will.
	comms    bool
	affected []int
	evaded   []int
	// dodging are the templates a Dodge is judged against, each as a
	// Normal Roll with its own MODs (Dodge (N4)).
	dodging []dodgeTemplate
	// weapon is the attack's, in the trooper's weapons (nil until
	// requirements finds it; read it through arms): a pointer, since a
	// copy in every roller was a third of an Order's bytes.
	weapon   *catalog.Weapon
	ammo     string
	target   int        // the trooper an attack hits
	from, to [2]float64 // where the attacker and the target stand
	sv       dice.SuccessValue
	roll     dice.Roll
	out      dice.Outcome
	opps     []*roller // the rolls it is Face to Face with
	oppBuf   [2]*roller
	against  string // the opposing trooper in a Face to Face Roll
	// source names an attacker that is not a trooper (a deployable); its
	// trooper is then -1.
	source string
	// burst is the dice of one share of a split Burst (0: the weapon's).
	burst int
	// impact is, for another trooper's share of an Impact Template attack,
	// the Main Target's roll, whose Success Value and dice it takes;
	// impactNoLoF marks a Dodge under an Impact Template without Line of
	// Fire to its thrower (rule_impact_template.go).
	impact      *roller
	impactNoLoF bool
	// smoke is, for a Smoke throw, 1 + its zone's index in Smoke;
	// smokeFaced marks an enemy attack whose Line of Fire passes through
	// a zone the throw laid: Face to Face with it (rule_smoke.go).
	smoke      int
	smokeFaced bool
	// dep is a program's target when it is a deployable device and not a
	// trooper (hack_deployable.go): its index in Deployables + 1, with
	// target -1; 0 for none.
	dep int
	// mem holds the dice and MODs of the Order's rolls (nil for a roll
	// made outside Resolution: it then takes its own).
	mem *rollMem
}

// rollBlock holds the rollers of an Order with one or two. Nothing keeps
// a roller after Resolution (the events keep what they report in the
// rollMem, never in a roller), so the blocks are reused (rollBlocks): a
// roller is large, and a new block for every Order was the largest
// allocation of Resolution.
type rollBlock struct {
	rs [2]roller
}

// rollBlocks are the rollBlocks not in use, zeroed.
var rollBlocks = sync.Pool{New: func() any { return new(rollBlock) }}

// release zeroes the block and gives it back to rollBlocks; nil does
// nothing.
func (b *rollBlock) release() {
	if b == nil {
		return
	}
	*b = rollBlock{}
	rollBlocks.Put(b)
}

// rollMem is the memory of one Resolution's rolls: the dice thrown, the
// dice judged and the MODs of each Success Value, in one block rather than
// one allocation each (they were a quarter of a BS Attack Order's
// allocations). The events keep what they report (a Rolled's dice and
// Success Value point into it), so it is never reused; a Resolution with
// more rolls than it holds takes the rest from the heap.
type rollMem struct {
	faces      [rollMemFaces]int
	dice       [rollMemDice]dice.Die
	mods       [rollMemMods]dice.Mod
	nf, nd, nm int
}

// The room of a rollMem: a BS Attack with an ARO against it uses 4 faces
// (and a face a Saving Roll), 4 judged dice and 2 or 3 MODs. In demo.yaml's
// random playouts this holds nineteen Resolutions in twenty; room for 8 of
// each, twice the bytes, was mostly empty (a quarter of Resolutions roll
// one die).
const (
	rollMemFaces = 6
	rollMemDice  = 4
	rollMemMods  = 3
)

// room takes n entries of arr past *used, as an empty slice capped at n;
// nil when fewer are left (the dice functions then allocate).
func room[T any](arr []T, used *int, n int) []T {
	if *used+n > len(arr) {
		return nil
	}
	r := arr[*used : *used : *used+n]
	*used += n
	return r
}

// faceRoom is room for the n faces of a throw.
func (m *rollMem) faceRoom(n int) []int {
	if m == nil {
		return nil
	}
	return room(m.faces[:], &m.nf, n)
}

// dieRoom is room for the judged dice of roll.
func (m *rollMem) dieRoom(roll dice.Roll) []dice.Die {
	n := len(roll.Faces)
	if roll.Side.Template {
		n = roll.Side.Burst
	}
	if m == nil || n == 0 {
		return nil
	}
	return room(m.dice[:], &m.nd, n)
}

// keep is a copy of mods for a Success Value to hold.
func (m *rollMem) keep(mods []dice.Mod) []dice.Mod {
	if len(mods) == 0 {
		return nil
	}
	if m != nil {
		if r := room(m.mods[:], &m.nm, len(mods)); r != nil {
			return append(r, mods...)
		}
	}
	return slices.Clone(mods)
}

// newSV is dice.NewSuccessValue with the MODs kept in the roll's memory.
func (r *roller) newSV(attribute string, base int, mods []dice.Mod) dice.SuccessValue {
	return dice.SuccessValueOf(attribute, base, r.mem.keep(mods))
}

// dodgeTemplate is a Direct Template a Dodge is judged against: noLoF when
// the dodger has no Line of Fire to its attacker (Dodge (N4): -3 PH), and
// the Success Value that gives.
type dodgeTemplate struct {
	tmpl  *roller
	noLoF bool
	sv    dice.SuccessValue
}

// activeRoll is one roll the active trooper makes: a skill, or one share of
// a split Burst, with how much of the path it may be made from.
type activeRoll struct {
	Skill
	// share is 1 + the trooper of an Impact Template's share of the
	// attack (rule_impact_template.go); 0 for none.
	share    int
	burst    int
	pathUpTo int
}

// activeRolls appends to out the active trooper's rolling skills, a split
// BS Attack as one roll per target.
func (s *State) activeRolls(out []activeRoll) []activeRoll {
	o := s.Order
	for i, k := range []*Skill{&o.First, o.Second} {
		if k == nil || !rolls(k.Name) || !s.programRolls(*k) {
			continue
		}
		// An attack declared first is made from the start; one declared
		// second from anywhere along the first skill's route.
		upTo := 1
		kk := *k
		switch {
		case i == 1:
			upTo = o.FirstEnd + 1
		case o.AttackFrom != nil:
			upTo, kk.From = len(o.Path), o.AttackFrom
		}
		// kk is used as a value: its address would move it to the heap.
		if len(kk.Split) == 0 {
			out = append(out, activeRoll{Skill: kk, pathUpTo: upTo})
			if main := s.impactMain(&kk); main >= 0 {
				out = impactShares(out, out[len(out)-1], o.Affected, main)
			}
			continue
		}
		for _, sh := range kk.Split {
			share := kk
			share.Target, share.Split = sh.Target, nil
			out = append(out, activeRoll{Skill: share, burst: sh.Dice, pathUpTo: upTo})
		}
	}
	return out
}

// resolve is steps 5 to 7: requirements, rolls, effects, conclusion.
func (s *State) resolve(d dice.Source) ([]rules.Event, error) {
	o := s.Order
	var ptrs [4]*roller
	rollers, block := s.rollers(ptrs[:0])
	defer block.release()
	// Room for what most Resolutions report: about two events a roll
	// (its roll, then a hit, a save or a state), and the Order's end. A
	// fixed 16 was three times what most used.
	events := make([]rules.Event, 0, 2+2*len(rollers))
	// Step 5: requirements checked again; a failed one turns the skill Idle.
	for _, r := range rollers {
		if reason := s.requirements(r); reason != "" {
			r.idle = true
			events = append(events, BecameIdle{Trooper: s.Troopers[r.trooper].ID, Skill: r.skill.Name, Reason: reason})
		}
	}
	s.markSmokeFaced(rollers)
	s.pair(rollers)
	s.linkTemplates(rollers)
	// Who was the target of an Attack, for Alert (Alert (N4)).
	for _, r := range rollers {
		if !r.idle && isAttack(r.skill.Name) && r.target >= 0 && !slices.Contains(o.Targets, r.target) {
			o.Targets = append(o.Targets, r.target)
		}
		if r.idle || !r.template {
			continue
		}
		for _, t := range r.affected {
			if !slices.Contains(o.Targets, t) {
				o.Targets = append(o.Targets, t)
			}
		}
	}
	for _, mh := range o.Mines {
		if !slices.Contains(o.Targets, mh.Trooper) {
			o.Targets = append(o.Targets, mh.Trooper)
		}
	}
	// Success Values and dice: the active trooper first, then the AROs in
	// declaration order.
	for _, r := range rollers {
		if r.skill.Name == SkillCCAttack && !r.idle && s.Troopers[r.target].States.Unconscious {
			r.coup = true
		}
		if r.idle || r.coup {
			continue
		}
		s.buildSV(r)
		if r.impact != nil {
			// The Main Target's dice, judged for this trooper
			// (rule_impact_template.go).
			r.roll = r.impact.roll
			continue
		}
		var faces []int
		if r.roll.Side.Rolls() {
			faces = r.mem.faceRoom(r.roll.Side.Burst)
		}
		roll, err := dice.ThrowInto(d, r.roll.Side, faces)
		if err != nil {
			return nil, rules.Errorf(rules.CodeDice, "", "%v", err)
		}
		r.roll = roll
	}
	events = s.compare(rollers, events)
	// Recovering skills roll last and take effect first (rule_medic.go).
	events, err := s.medics(events, d)
	if err != nil {
		return nil, err
	}
	// A console's WIP Roll (rule_mission.go).
	if events, err = s.interactions(events, d); err != nil {
		return nil, err
	}
	// Step 6, Effects: the active trooper's movement first, then the hits
	// in the order rolled, then the Dodges.
	events = s.moveActive(events)
	events = s.moveTeam(events) // Fireteams (N4): the members follow
	for _, r := range rollers {
		if r.coup && !s.Troopers[r.target].States.Dead {
			events = append(events, s.kill(r.target, "Coup de Grâce")...)
			continue
		}
		if r.smoke > 0 {
			events = append(events, s.smokeOutcome(r)...)
			continue
		}
		if r.template && !r.idle {
			ev, err := s.templateHits(r, d)
			if err != nil {
				return nil, err
			}
			events = append(events, ev...)
			continue
		}
		if r.idle || r.coup || !isAttack(r.skill.Name) || r.out.Hits+r.out.Crits == 0 {
			continue
		}
		var err error
		if events, err = s.appendHits(events, r, d); err != nil {
			return nil, err
		}
	}
	for _, r := range rollers {
		if !r.idle && r.skill.Name == SkillDiscover {
			events = append(events, s.discovered(r)...)
		}
	}
	if len(o.Mines) > 0 {
		ev, err := s.mineEffects(rollers, d)
		if err != nil {
			return nil, err
		}
		events = append(events, ev...)
	}
	for _, r := range rollers {
		if !r.idle && r.skill.Name == SkillReset && r.out.Scored() && !s.Troopers[r.trooper].States.Null() {
			events = append(events, s.reset(r.trooper)...)
		}
	}
	for _, r := range rollers {
		if r.idle || r.skill.Name != SkillDodge || !r.dodgeOK || s.Troopers[r.trooper].States.Null() {
			continue
		}
		events = append(events, s.dodged(r.trooper)...)
		o.Dodgers = append(o.Dodgers, r.trooper)
	}
	events = append(events, s.runSupportware()...)
	toolboxEvents, err := s.runToolbox(d)
	if err != nil {
		return nil, err
	}
	events = append(events, toolboxEvents...)
	if o.First.Name == SkillSuppressiveFire && !s.Troopers[o.Trooper].States.Null() {
		events = append(events, s.enterSuppressive(o.Trooper)...)
	}
	events = append(events, s.updateEngaged("contact")...)
	events = append(events, s.dropSuppressive()...)
	if len(o.Dodgers) > 0 {
		o.Step = StepDodgeMove
		return events, nil
	}
	return append(events, s.startConclusion()...), nil
}

// rollers lists the skills that roll: the active trooper's attack or Dodge,
// then every ARO that is an attack or a Dodge. It appends them to out
// (Resolution passes room on its stack). When they are set in a pooled
// rollBlock, it returns the block too, for the caller to release once no
// roller is used any more.
func (s *State) rollers(out []*roller) ([]*roller, *rollBlock) {
	o := s.Order
	// One block for every roller of the Order, sized exactly: a roller is
	// large, and an Order's rollers are counted before any is made.
	var buf [4]activeRoll
	active := s.activeRolls(buf[:0])
	n := len(active) + s.impactShareCount() + s.followerRolls()
	for i := range o.AROs {
		if k := &o.AROs[i].Skill; rolls(k.Name) && s.programRolls(*k) {
			n++
		}
	}
	var block []roller
	var mem *rollMem
	var pooled *rollBlock
	switch {
	case n == 0:
		return out, nil
	case n <= len(rollBlock{}.rs):
		// The usual Order, an attack and the ARO against it: the rollers
		// in a reused block, only their memory new.
		pooled = rollBlocks.Get().(*rollBlock)
		block, mem = pooled.rs[:0:n], new(rollMem)
	default:
		block, mem = make([]roller, 0, n), new(rollMem)
	}
	// Each roller is set in place in the block, which is zeroed: a
	// roller built aside and appended was zeroed and copied again, at
	// nearly 600 bytes each.
	var impact *roller // the Main Target's roll of an Impact Template
	for i := range active {
		k := &active[i]
		block = block[:len(block)+1]
		r := &block[len(block)-1]
		r.trooper, r.skill, r.active, r.burst, r.affected, r.mem = o.Trooper, k.Skill, true, k.burst, o.Affected, mem
		if k.share > 0 && impact != nil {
			// Another trooper under the template (rule_impact_template.go).
			r.impactShare(s, impact, k.share-1)
			out = append(out, r)
			continue
		}
		if s.selfProgram(k.Skill) {
			// Cybermask: its user is its target.
			r.from = s.Models[o.Model].At
			r.target, r.to = o.Trooper, r.from
		} else if zone := s.smokeOf(&k.Skill); zone >= 0 {
			r.from, _ = pathPoint(o.Path[:k.pathUpTo], &k.Skill)
			r.smokeRoller(s, zone)
		} else if isAttack(k.Name) || k.Name == SkillDiscover {
			r.from, _ = pathPoint(o.Path[:k.pathUpTo], &k.Skill)
			tm := s.targetModel(k.Target, s.Troopers[o.Trooper].Seat)
			if d := s.enemyDeployable(k.Target, s.Troopers[o.Trooper].Seat); tm < 0 && d >= 0 && k.Name == SkillHack {
				// A program on a deployable device (hack_deployable.go).
				r.target, r.dep, r.to = -1, d+1, s.Deployables[d].At
				out = append(out, r)
				continue
			}
			if tm < 0 {
				r.idle = true
				continue
			}
			r.target = s.Models[tm].Trooper
			r.to = s.Models[tm].At
			if s.impactMain(&k.Skill) >= 0 {
				impact = r
			}
		}
		out = append(out, r)
		if o.Coordinated && k.Name == SkillBSAttack && k.share == 0 {
			// The other participants of a Coordinated Order attack too
			// (rule_coordinated.go).
			block, out = s.followerRollers(block, out, &k.Skill, k.pathUpTo > 1, mem)
		}
	}
	for i := range o.AROs {
		a := &o.AROs[i]
		// A program with no roll (U-Turn) acts on the roll it answers.
		if !rolls(a.Skill.Name) || !s.programRolls(a.Skill) {
			continue
		}
		block = block[:len(block)+1]
		r := &block[len(block)-1]
		r.trooper, r.skill, r.window, r.affected, r.mem = a.Trooper, a.Skill, a.Window, a.Affected, mem
		m := s.modelOf(a.Trooper)
		if zone := s.smokeOfARO(a); zone >= 0 && m >= 0 {
			// Smoke thrown in ARO (rule_smoke.go).
			r.from = s.Models[m].At
			r.smokeRoller(s, zone)
			out = append(out, r)
			continue
		}
		switch a.Skill.Name {
		case SkillDodge:
			// LoF and ZoC over the whole Order, the second skill's
			// movement included (Dodge (N4): the -3 circumstances).
			view := s.moverScan(a.Trooper, m)
			r.noLoFInZoC = !view.lof && view.zoc
			r.seesActive = view.lof
			// Under the active trooper's Impact Template without LoF to it.
			r.impactNoLoF = !view.lof && s.underActiveImpact(a.Trooper)
		case SkillReset:
		case SkillDiscover:
			r.from = s.Models[m].At
			r.target = o.Trooper
			r.to = a.At
		default:
			r.from = s.Models[m].At
			r.target = o.Trooper
			if a.Against > 0 {
				r.target = a.Against - 1 // a Fireteam member (rule_fireteam.go)
			}
			r.to = a.At
		}
		out = append(out, r)
		if a.Skill.Name == SkillBSAttack && len(a.Affected) > 1 {
			// The other troopers under an Impact Template thrown in ARO.
			if w, err := s.weaponRef(a.Trooper, &a.Skill); err == nil && isImpact(w) {
				for _, t := range a.Affected {
					if t == o.Trooper {
						continue
					}
					block = block[:len(block)+1]
					sh := &block[len(block)-1]
					sh.trooper, sh.skill, sh.window, sh.mem = a.Trooper, a.Skill, a.Window, mem
					sh.impactShare(s, r, t)
					out = append(out, sh)
				}
			}
		}
	}
	return out, pooled
}

// linkTemplates gives each Dodge the Direct Templates it is under, from
// whichever side (Dodge (N4): a trooper affected by a Template Weapon may
// Dodge it, as a Normal Roll, at -3 PH without Line of Fire to the
// attacker). The active trooper meets a template declared in ARO where the
// ARO was made against it; a reactive trooper meets the active trooper's
// anywhere along its path.
func (s *State) linkTemplates(rs []*roller) {
	for _, d := range rs {
		if d.idle || d.skill.Name != SkillDodge {
			continue
		}
		for _, t := range rs {
			if t.idle || !t.template || t.trooper == d.trooper || !slices.Contains(t.affected, d.trooper) {
				continue
			}
			sees := d.seesActive
			if d.active {
				sees = s.sees(d.trooper, t.to, t.trooper)
			}
			d.dodging = append(d.dodging, dodgeTemplate{tmpl: t, noLoF: !sees})
		}
	}
}

// rolls reports a skill that makes a roll at Resolution (a Combat Jump
// rolls earlier, in the landing step).
func rolls(name SkillName) bool {
	f := factsOf(name)
	return f != nil && f.rolls
}

// requirements checks a skill's requirements at Resolution (Order Expenditure Sequence (N4) step
// 5): range, and that the target is still there. It returns why the skill
// fails, or "".
func (s *State) requirements(r *roller) string {
	if r.idle {
		return "the target is no longer there"
	}
	if r.impact != nil {
		return r.impactRequirements()
	}
	if s.isFollower(r) {
		// A Coordinated Order's other participant (rule_coordinated.go).
		if why := s.followerRequirements(r); why != "" {
			return why
		}
	}
	if r.smoke > 0 {
		w, err := s.weaponRef(r.trooper, &r.skill)
		if err != nil {
			return err.Error()
		}
		r.weapon, r.ammo = w, catalog.SmokeAmmo
		return ""
	}
	if r.skill.Name == SkillDiscover {
		if _, ok := s.discoverSV(r); !ok {
			return "the marker is out of Discover range"
		}
		return ""
	}
	if r.skill.Name == SkillHack {
		return s.hackRequirements(r)
	}
	if !isAttack(r.skill.Name) {
		return ""
	}
	w, err := s.weaponRef(r.trooper, &r.skill)
	if err != nil {
		return err.Error()
	}
	r.weapon = w
	r.ammo = r.skill.Ammo
	if r.ammo == "" && len(w.Ammo) > 0 {
		r.ammo = w.Ammo[0]
	}
	tm := s.modelOf(r.target)
	if tm < 0 {
		return "the target is no longer on the table"
	}
	if r.skill.Name == SkillCCAttack {
		return ""
	}
	if isDirectTemplate(w) {
		r.template = true
		return ""
	}
	if r.skill.Guided {
		// Anywhere on the table (rule_guided.go).
		return s.guidedRequirements(r)
	}
	dist := geom.EdgeDistance(s.baseAt(s.modelOf(r.trooper), r.from), s.baseAt(tm, r.to))
	if _, ok := s.rangeMod(r, dist); !ok {
		return fmt.Sprintf("%s is out of range at %.2f\"", s.publicName(r.target), dist)
	}
	return ""
}

// rangeMod is the range MOD of an attack: the weapon's row, or the SF Mode
// row for a Suppressive Fire ARO (Suppressive Fire (N4)).
func (s *State) rangeMod(r *roller, dist float64) (int, bool) {
	if !r.active && s.suppressiveARO(r.trooper, r.skill) {
		return suppressiveRange(dist)
	}
	return r.arms().RangeMod(dist)
}

// dodgeMods are the -3 PH circumstances of Dodge (N4); under `dodge-mods:
// single` (the seed's rule box) one -3 applies however many hold, under
// `stack` (its Mine example) each applies.
func dodgeMods(ruling string, inZoCNoLoF, templateNoLoF, deployable bool) []dice.Mod {
	var mods []dice.Mod
	for _, c := range []struct {
		on   bool
		name string
	}{
		{inZoCNoLoF, "ARO in ZoC without LoF"},
		{templateNoLoF, "Template without LoF"},
		{deployable, "Deployable Weapon"},
	} {
		if c.on {
			mods = append(mods, dice.Mod{Name: c.name, Value: -3})
		}
	}
	if ruling != "stack" && len(mods) > 1 {
		return mods[:1]
	}
	return mods
}

// buildSV builds the roll's Success Value from named MODs and its Burst.
func (s *State) buildSV(r *roller) {
	if r.impact != nil {
		r.impactSV()
		return
	}
	if s.hackBuildSV(r) {
		return
	}
	p := s.profile(r.trooper)
	mods := s.stateMods(r.trooper)
	burst := 1
	switch r.skill.Name {
	case SkillCombatJump:
		r.sv = s.combatJumpSV(r)
	case SkillDiscover:
		r.sv, _ = s.discoverSV(r)
	case SkillDodge:
		// The roll Face to Face against attacks; each template it is under
		// judges the same dice again with its own circumstance (Dodge
		// (N4)). The dice are thrown for the best of these Success
		// Values, so that any that can succeed has them (an SV of 0 or
		// less fails without a roll).
		ruling := s.Rulings.Get("dodge-mods")
		base := s.dodgeStateMods(r.trooper)
		mods = append(slices.Clip(base), dodgeMods(ruling, r.noLoFInZoC, r.impactNoLoF, false)...)
		// A Martial Arts CC Attack's Opponent MOD (rule_martial_arts.go).
		mods = s.martialMods(r, mods)
		r.sv = r.newSV("PH", p.PH, append(mods, s.suppressedBy(r)...))
		best := r.sv.Value
		for i := range r.dodging {
			dt := &r.dodging[i]
			dt.sv = r.newSV("PH", p.PH, append(slices.Clip(base), dodgeMods(ruling, r.noLoFInZoC, dt.noLoF, false)...))
			best = max(best, dt.sv.Value)
		}
		r.roll = dice.Roll{Side: dice.Side{SV: best, Burst: 1}}
		return
	case SkillReset:
		// Each state a Reset cancels brings its MOD, and they stack
		// (Reset (N4); Dodge (N4) FAQ).
		r.sv = r.newSV("WIP", p.WIP, append(mods, s.resetMods(r.trooper)...))
	case SkillSpeculative:
		s.speculativeSV(r, mods)
		return
	case SkillCCAttack:
		// Martial Arts (N4): its Attack and Burst MODs (rule_martial_arts.go).
		r.sv = r.newSV("CC", p.CC, s.martialMods(r, append(mods, s.suppressedBy(r)...)))
		if r.active {
			burst = s.activeBurst(r)
		}
		burst += s.martialBurst(r)
		burst = s.coordinatedBurst(r, burst) // Coordinated Orders (N4)
	case SkillBSAttack:
		if r.smoke > 0 {
			s.smokeSV(r, mods)
			return
		}
		if r.template {
			// No attack roll: the template's hits are automatic.
			r.roll = dice.Roll{Side: dice.Side{Template: true, Burst: max(r.arms().Burst, 1)}}
			return
		}
		if r.skill.Guided {
			s.guidedSV(r, mods)
			return
		}
		tm := s.modelOf(r.target)
		shooter := s.Models[s.modelOf(r.trooper)]
		shooter.At = r.from
		target := s.baseAt(tm, r.to)
		dist := geom.EdgeDistance(shooter.base(), target)
		if mod, _ := s.rangeMod(r, dist); mod != 0 {
			mods = append(mods, dice.Mod{Name: "Range", Value: mod})
		}
		tmods, cover := s.targetMods(shooter, s.modelOf(r.trooper), tm, target)
		r.cover = cover
		tmods = s.marksmanshipMods(r.trooper, tmods)
		if len(tmods) > 0 {
			// Only then: prepending nothing would still copy mods (an
			// allocation per roll).
			mods = append(tmods, mods...)
		}
		if s.Troopers[r.target].States.Targeted {
			mods = append(mods, dice.Mod{Name: "Targeted", Value: 3})
		}
		attr := r.arms().Attribute
		if attr == "" {
			attr = "BS"
		}
		mods = s.fireteamBSMod(r, mods) // Fireteams (N4)
		r.sv = r.newSV(attr, attribute(p, attr), append(mods, s.suppressedBy(r)...))
		switch {
		case r.active:
			burst = s.activeBurst(r)
		case s.suppressiveARO(r.trooper, r.skill):
			// Full B3 in ARO, against one target (Suppressive Fire (N4)).
			burst = suppressiveBurst
		case s.Troopers[r.trooper].States.EnhancedReaction:
			// B2 in ARO (Hacking (N3): Enhanced Reaction).
			burst = 2
		}
		burst = s.fireteamBurst(r, burst)    // Fireteams (N4)
		burst = s.coordinatedBurst(r, burst) // Coordinated Orders (N4)
	}
	r.roll = dice.Roll{Side: dice.Side{SV: r.sv.Value, Burst: burst}}
}

// targetMods are the MODs a target puts on a roll made against it from
// viewer (model vm; the target is model tm with its base at target): a BS
// Attack, or a Discover, which takes the same BS-like MODs (BS Attack (N4),
// Discover (N4)). They are Partial Cover between the two, and the target's
// Mimetism, -3 or -6 to the enemy's BS Attacks and Discover (Mimetism (N4)),
// which concerns the roll against the trooper and not only finding it.
// cover reports the Partial Cover, which also lowers the Attack Damage of
// the target's Saving Rolls.
func (s *State) targetMods(viewer Model, vm, tm int, target geom.Circle) (mods []dice.Mod, cover bool) {
	buf := takeBases()
	defer buf.release()
	if _, ok := s.geomTable().PartialCover(viewer.geomModel(), target, s.sightBases(buf, vm, tm)); ok {
		mods = append(mods, dice.CoverMod())
		cover = true
	}
	if sk, ok := s.profile(s.Models[tm].Trooper).Skill("Mimetism"); ok && sk.Level != 0 {
		// A Multispectral Visor lowers it (rule_visor.go).
		if v := visorMimetism(s.visorLevel(s.viewerTrooper(vm)), sk.Level); v != 0 {
			mods = append(mods, dice.Mod{Name: "Mimetism", Value: v})
		}
	}
	// A visor L1 through Smoke (rule_smoke.go).
	return s.smokeMods(mods, vm, target), cover
}

// activeBurst is the active trooper's Burst for an attack: its share of a
// split Burst, the dice it chose under burst-active: may-reduce, or the
// weapon's full Burst (Face to Face Rolls (N4), errata 1.3).
func (s *State) activeBurst(r *roller) int {
	switch {
	case r.burst > 0:
		return r.burst
	case r.skill.Burst > 0:
		return r.skill.Burst
	}
	return max(r.arms().Burst, 1)
}

// stateMods are the MODs a trooper's states put on every roll but a
// Saving Roll: Stunned -3 (Stunned (N4)).
func (s *State) stateMods(t int) []dice.Mod {
	if s.Troopers[t].States.Stunned {
		return []dice.Mod{{Name: "Stunned", Value: -3}}
	}
	return nil
}

// immAMod is IMM-A's MOD to a Dodge (Immobilized-A (N4)).
var immAMod = dice.Mod{Name: "IMM-A", Value: -6}

// dodgeStateMods are the MODs a trooper's states put on its Dodge: those of
// every roll, and IMM-A.
func (s *State) dodgeStateMods(t int) []dice.Mod {
	mods := s.stateMods(t)
	if s.Troopers[t].States.ImmA {
		mods = append(mods, immAMod)
	}
	return mods
}

// attribute reads a profile attribute by name.
func attribute(p *catalog.Profile, name string) int {
	switch name {
	case "CC":
		return p.CC
	case "PH":
		return p.PH
	case "WIP":
		return p.WIP
	}
	return p.BS
}

// pair decides, before any die is rolled, which rolls are Face to Face
// (Face to Face Rolls (N4), Dodge (N4)): the active trooper's attack with its target's
// ARO when that ARO opposes it (an attack on the active trooper, or a
// Dodge); an active Dodge with every attack ARO, one roll against each.
// Everything else is a Normal Roll.
func (s *State) pair(rs []*roller) {
	for _, a := range rs {
		if !a.active || a.idle || a.coup {
			continue
		}
		for _, r := range rs {
			if r.active || r.idle || r.coup {
				continue
			}
			if opposes(a, r) || opposes(r, a) {
				a.addOpp(r)
				r.addOpp(a)
			}
		}
	}
}

// opposes reports whether defence d is rolled Face to Face against attack
// a: an attack on the other's trooper (each share of a split Burst faces
// only its own target, Face to Face Rolls (N4)), a Dodge against any attack but a
// Comms Attack, a Reset against Comms Attacks only (Dodge (N4): "Dodge does
// not allow the user to evade Hacking Programs and other Comms Attacks,
// but the Reset Skill does"; Reset (N4)).
//
// Nothing is Face to Face with a Direct Template, from either side: it
// makes no roll, so against an attack both are Normal Rolls made at once,
// and a Dodge is judged against it as a Normal Roll (Direct Template
// Weapons (N4), Dodge (N4); linkTemplates).
func opposes(a, d *roller) bool {
	if d.smoke > 0 {
		// Smoke: Face to Face with the enemy attacks through its zone
		// (rule_smoke.go; markSmokeFaced marks them).
		return a.smokeFaced && a.trooper != d.trooper
	}
	if a.smoke > 0 {
		return d.smokeFaced && d.trooper != a.trooper
	}
	if !isAttack(a.skill.Name) || a.trooper == d.trooper || a.template || d.template {
		return false
	}
	switch d.skill.Name {
	case SkillBSAttack, SkillCCAttack:
		// A Comms Attack and a BS or CC Attack are Normal Rolls, each
		// against the other (Hacking (N3): only Reset and programs
		// oppose a program).
		return !a.comms && a.target == d.trooper && d.target == a.trooper
	case SkillHack:
		return a.comms && a.target == d.trooper && d.target == a.trooper
	case SkillDodge:
		return !a.comms && (a.target == d.trooper || d.active)
	case SkillReset:
		return a.comms && (a.target == d.trooper || d.active)
	}
	return false
}

// addOpp records a Face to Face opponent, without allocating for the
// usual one or two.
func (r *roller) addOpp(o *roller) {
	if r.opps == nil {
		r.opps = r.oppBuf[:0]
	}
	r.opps = append(r.opps, o)
}

// compare judges the rolls as paired and appends their events. A Dodge
// facing several attacks is one roll compared with each, and judged again
// as a Normal Roll against each template it is under; it succeeds only if
// it wins every comparison and every judgement.
func (s *State) compare(rs []*roller, events []rules.Event) []rules.Event {
	// The opposing side's dice of a comparison, which only its own
	// comparison keeps.
	var scratch [8]dice.Die
	for _, r := range rs {
		if r.idle || r.coup || r.template {
			continue
		}
		kind := "normal"
		var err error
		switch {
		case len(r.opps) == 0 && len(r.dodging) > 0:
			// A Dodge under templates only: its judgements are its rolls.
			r.dodgeOK = true
			events = s.judgeTemplates(r, events)
			continue
		case len(r.opps) == 0:
			rj := r.judged()
			r.out, err = dice.NormalInto(rj, r.mem.dieRoom(rj))
			if r.skill.Name == SkillDodge {
				r.dodgeOK = r.out.Scored()
			}
		case oneRollAgainstMany(r):
			// One Dodge roll against every attack (Dodge (N4)), one Reset
			// roll against every program (Reset (N4)): it succeeds only if
			// it wins each comparison, so a Reset that lost to one program
			// cancels nothing that program did. The event reports the
			// first comparison it lost, or the first if it won them all.
			kind = "face-to-face"
			r.dodgeOK = true
			shown := 0
			for i, o := range r.opps {
				var mine dice.Outcome
				rj := r.judged()
				if _, mine, err = dice.FaceToFaceInto(o.judged(), rj, scratch[:0], r.mem.dieRoom(rj)); err != nil {
					break
				}
				// The first comparison lost; an attack keeps the fewest
				// successes that survive any of them.
				if i == 0 || (r.dodgeOK && !mine.Scored()) || (r.dodgeOK && mine.Hits+mine.Crits < r.out.Hits+r.out.Crits) {
					r.out, shown = mine, i
				}
				r.dodgeOK = r.dodgeOK && mine.Scored()
			}
			r.against = s.Troopers[r.opps[shown].trooper].ID
		default:
			kind = "face-to-face"
			o := r.opps[0]
			if !r.outDone {
				// One comparison for the pair: the opponent's outcome is
				// the other side of this one when its own comparison
				// would be against r alone (Face to Face Rolls (N4) is
				// symmetric), rather than judged again.
				rj, oj := r.judged(), o.judged()
				if o.opps[0] == r && !oneRollAgainstMany(o) {
					var oout dice.Outcome
					if r.out, oout, err = dice.FaceToFaceInto(rj, oj, r.mem.dieRoom(rj), o.mem.dieRoom(oj)); err == nil {
						o.out, o.outDone = oout, true
					}
				} else {
					r.out, _, err = dice.FaceToFaceInto(rj, oj, r.mem.dieRoom(rj), scratch[:0])
				}
			}
			if r.skill.Name == SkillDodge {
				r.dodgeOK = r.out.Scored()
			}
			r.against = s.Troopers[o.trooper].ID
		}
		if err != nil {
			continue
		}
		events = append(events, Rolled{
			Trooper: s.Troopers[r.trooper].ID, Skill: r.skill.Name, SV: r.sv, Dice: r.out.Dice,
			Against: r.against, Hits: r.out.Hits, Crits: r.out.Crits, Roll: kind,
		})
		events = s.judgeTemplates(r, events)
	}
	return events
}

// oneRollAgainstMany reports a roll compared with each of its opponents
// in turn: the active trooper's Dodge, Reset or Smoke throw, and any roll
// facing several attacks — a reactive trooper's Dodge against the
// participants of a Coordinated Order (Dodge (N4), Coordinated Orders
// (N4)).
func oneRollAgainstMany(r *roller) bool {
	return len(r.opps) > 1 || r.active && (r.skill.Name == SkillDodge || r.skill.Name == SkillReset || r.smoke > 0)
}

// judgeTemplates judges Dodge r's dice as a Normal Roll against each
// template it is under, with that template's Success Value (Dodge (N4)):
// a success takes the trooper out from under that template; a failure
// leaves it there and costs the Dodge its movement, whatever else it won.
func (s *State) judgeTemplates(r *roller, events []rules.Event) []rules.Event {
	for i, dt := range r.dodging {
		jr := judgedAt(dt.sv.Value, r.roll)
		out, err := dice.NormalInto(jr, r.mem.dieRoom(jr))
		if err != nil {
			// Cannot happen: the dice were thrown for this roll. Count it
			// as failed rather than let the template miss.
			out = dice.Outcome{}
		}
		if i == 0 && len(r.opps) == 0 {
			r.out = out
		}
		if out.Scored() {
			dt.tmpl.evaded = append(dt.tmpl.evaded, r.trooper)
		} else {
			r.dodgeOK = false
		}
		events = append(events, Rolled{
			Trooper: s.Troopers[r.trooper].ID, Skill: r.skill.Name, SV: dt.sv, Dice: out.Dice,
			Against: s.Troopers[dt.tmpl.trooper].ID, Hits: out.Hits, Crits: out.Crits, Roll: "normal",
		})
	}
	return events
}

// judged is the roll's dice judged against its own Success Value: a Dodge
// throws for the best of its judgements (buildSV), and is judged here
// against the one its Face to Face comparisons use.
func (r *roller) judged() dice.Roll { return judgedAt(r.sv.Value, r.roll) }

// judgedAt is roll's dice judged against Success Value sv: an SV of 0 or
// less fails without a die (Rolls (N4)), and so does one whose dice were
// not thrown.
func judgedAt(sv int, roll dice.Roll) dice.Roll {
	if sv <= 0 || len(roll.Faces) == 0 {
		return dice.Roll{Side: dice.Side{SV: min(sv, 0), Burst: roll.Side.Burst}}
	}
	roll.Side.SV = sv
	return roll
}

// stepResolve is resolution (Order Expenditure Sequence (N4) step 5): the
// chance seat rolls every die of the Order.
var stepResolve = stepDef{
	name:          StepResolve,
	order:         true,
	who:           chance,
	actions:       []stepAction{roll[Resolve]((*State).resolve)},
	candidates:    one(Resolve{}),
	activeOnTable: true,
}

// noWeapon is the weapon of a roller that has none: a Dodge, a Reset, an
// attack whose requirements failed before its weapon was found.
var noWeapon catalog.Weapon

// arms is the roller's weapon, never nil.
func (r *roller) arms() *catalog.Weapon {
	if r.weapon == nil {
		return &noWeapon
	}
	return r.weapon
}
