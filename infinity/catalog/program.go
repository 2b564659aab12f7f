package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/odds"
)

// Program is one Hacking Program (Hacking (N3)): a row of the program table
// with every column, so that the engine reads what a program does from data
// rather than from a switch arm per program. A hacker may declare the
// programs of the groups its Hacking Device carries (Device).
//
// A Program returned by a Catalog is a copy.
type Program struct {
	// ID is the catalog key ("carbonite"); Name the name players use
	// ("Carbonite").
	ID   string `json:"id"`
	Name string `json:"name"`
	// Group is the program group a device carries it in (CLAW-1 … UPGRADE).
	Group Group `json:"group"`
	// Category is the label printed beside the name (Infowar, ITAG…),
	// which some rules refer to.
	Category Category `json:"category"`

	// AttackMod is the MOD to the user's WIP; not Set ("—") for a program
	// that makes no roll (most Supportware, U-Turn).
	AttackMod Opt `json:"attackMod"`
	// OpponentMod is the MOD to the opposing roll in a Face to Face Roll
	// (Reset against an attack, the attacker's WIP against a defensive
	// program); not Set ("—") where nothing is opposed.
	OpponentMod Opt `json:"opponentMod"`
	// Damage is the value the target's BTS Saving Rolls are made against;
	// not Set ("—") for a program whose success applies its effect without a
	// Saving Roll (Spotlight) or that forces none.
	Damage Opt `json:"damage"`
	// Burst is B in the Active Turn; AROBurst in the Reactive Turn, 1
	// unless the program says otherwise (Zero Pain rolls twice in ARO).
	Burst    int `json:"burst"`
	AROBurst int `json:"aroBurst"`
	// MaxTargets is how many targets the Burst may be split between (Stop!:
	// two); 1 for the others.
	MaxTargets int `json:"maxTargets"`

	// Side is whose troopers the program may target; Targets the classes
	// a target must belong to (any one of them).
	Side    Side          `json:"side"`
	Targets []TargetClass `json:"targets"`
	// Skill is how the program is declared: Short Skill, ARO, Entire Order,
	// Automatic Skill, one or several.
	Skill []SkillType `json:"skill"`
	// Duration is how long the program's effect lasts ("" for an effect
	// that lasts until something cancels it).
	Duration Duration `json:"duration,omitempty"`
	// Range is where the target must be.
	Range Range `json:"range"`
	// Ammo is the special ammunition of the program's Saving Rolls:
	// Breaker (half BTS, rounded up) or DT (two rolls per success).
	Ammo []HackAmmo `json:"ammo,omitempty"`
	// Effect is what a success (or a failed Saving Roll) does.
	Effect Effect `json:"effect"`
	// Labels are the card's labels: Attack, Non-Lethal, NFB.
	Labels []Label `json:"labels,omitempty"`
	// Special is the rest of the card in one line, for people.
	Special string `json:"special,omitempty"`
}

// Opt is a column of the program table that may be empty, printed "—".
type Opt struct {
	Value int  `json:"value"`
	Set   bool `json:"set"`
}

// Some returns a set Opt.
func Some(v int) Opt { return Opt{Value: v, Set: true} }

// String writes the column as the table prints it: "+3", "0", "-6", "—".
func (o Opt) String() string {
	switch {
	case !o.Set:
		return "—"
	case o.Value > 0:
		return "+" + strconv.Itoa(o.Value)
	}
	return strconv.Itoa(o.Value)
}

// Group is a program group (Hacking (N3)); devices carry groups.
type Group string

// The program groups of the programs of Hacking (N3).
const (
	Claw1   Group = "CLAW-1"   // attacks on hackable troopers
	Claw2   Group = "CLAW-2"   // attacks on hackable troopers
	Claw3   Group = "CLAW-3"   // attacks on hackable troopers
	Sword1  Group = "SWORD-1"  // attacks on hackers
	Shield1 Group = "SHIELD-1" // defence
	Shield2 Group = "SHIELD-2" // defence
	Shield3 Group = "SHIELD-3" // defence
	Gadget1 Group = "GADGET-1" // support
	Gadget2 Group = "GADGET-2" // support
	// Upgrade programs come one by one with a device, never as a group.
	Upgrade Group = "UPGRADE"
)

// Number writes a column that is a value rather than a MOD: "13", "—".
func (o Opt) Number() string {
	if !o.Set {
		return "—"
	}
	return strconv.Itoa(o.Value)
}

// Groups lists the program groups in the order the table prints them.
func Groups() []Group {
	return []Group{Claw1, Claw2, Claw3, Sword1, Shield1, Shield2, Shield3, Gadget1, Gadget2, Upgrade}
}

// Gadget reports whether the group is a GADGET group: a target benefits
// from one GADGET program at a time (Supportware (N3)).
func (g Group) Gadget() bool { return g == Gadget1 || g == Gadget2 }

// Category is a program's category (Hacking (N3)), a label rules refer to.
type Category string

// The program categories.
const (
	Infowar     Category = "Infowar"     // attacks on the target's systems
	ITAG        Category = "ITAG"        // attacks on TAGs
	AHP         Category = "AHP"         // Anti-Hacker Protocols
	CommSat     Category = "Comm-Sat"    // reactions to Combat Jumps and Guided attacks
	DP          Category = "DP"          // Defense Protocols
	Supportware Category = "Supportware" // sustained support; one per hacker
	Toolbox     Category = "Toolbox"     // utilities
)

// Categories lists the program categories.
func Categories() []Category {
	return []Category{Infowar, ITAG, AHP, CommSat, DP, Supportware, Toolbox}
}

// Side is whose troopers a program may target.
type Side string

// The sides a program targets.
const (
	Enemy    Side = "enemy"
	Friendly Side = "friendly" // the user's own army list
	Self     Side = "self"     // the user alone (Cybermask)
	NoSide   Side = "none"     // a point or a scenery item, no trooper
)

// Sides lists the sides a program may name.
func Sides() []Side { return []Side{Enemy, Friendly, Self, NoSide} }

// TargetClass is what a program's target must be (the program table's
// Target column). The classes read from a profile alone are matched by
// Catalog.Matches; the others depend on what the trooper is doing or its
// state, which only the engine knows.
type TargetClass string

// The target classes.
const (
	TargetTAG  TargetClass = "TAG" // troop type TAG
	TargetHI   TargetClass = "HI"  // troop type HI
	TargetREM  TargetClass = "REM" // troop type REM
	TargetVH   TargetClass = "VH"  // troop type VH
	TargetHack TargetClass = "hackable"
	// TargetHacker: a trooper carrying a hacking device.
	TargetHacker TargetClass = "hacker"
	// TargetComms: a trooper carrying Comms Equipment (a hacking device or a
	// Repeater: Blackout).
	TargetComms TargetClass = "comms-equipment"
	// TargetManned: a TAG with a pilot aboard (Expel).
	TargetManned TargetClass = "manned-TAG"
	// TargetAny: any trooper, Hackable or not (Spotlight).
	TargetAny TargetClass = "any"
	// TargetPossessed: a TAG in the Possessed state (Exorcism; engine).
	TargetPossessed TargetClass = "possessed-TAG"
	// TargetJumper: a trooper declaring AD: Combat Jump (engine).
	TargetJumper TargetClass = "combat-jumper"
	// TargetGuided: a trooper declaring an attack with a Guided weapon
	// (U-Turn; engine).
	TargetGuided TargetClass = "guided-attacker"
	// TargetAttacker: the hacker whose attack targets the user (the
	// Defense Protocols; engine).
	TargetAttacker TargetClass = "attacking-hacker"
	// TargetScenery: a Hackable Scenery Item in base contact (Lockpicker).
	TargetScenery TargetClass = "hackable-scenery"
	// TargetSelf: the user itself (Cybermask).
	TargetSelf TargetClass = "self"
	// TargetPoint: a point in the Hacking Area (White Noise).
	TargetPoint TargetClass = "point"
)

// TargetClasses lists the target classes a program may name.
func TargetClasses() []TargetClass {
	return []TargetClass{TargetTAG, TargetHI, TargetREM, TargetVH, TargetHack, TargetHacker, TargetComms,
		TargetManned, TargetAny, TargetPossessed, TargetJumper, TargetGuided, TargetAttacker, TargetScenery,
		TargetSelf, TargetPoint}
}

// SkillType is how a program is declared (Skill categories (N4)).
type SkillType string

// The skill types of programs.
const (
	ShortSkill     SkillType = "Short Skill"
	ARO            SkillType = "ARO"
	EntireOrder    SkillType = "Entire Order"
	AutomaticSkill SkillType = "Automatic Skill"
)

// SkillTypes lists the skill types a program may name.
func SkillTypes() []SkillType { return []SkillType{ShortSkill, ARO, EntireOrder, AutomaticSkill} }

// Duration is how long a program's effect lasts.
type Duration string

// The durations of programs.
const (
	// Instant: the state the program causes lasts until something cancels
	// it.
	Instant Duration = ""
	// OneTurn ("Turn") ends at the end of the Player Turn of the
	// declaration.
	OneTurn Duration = "Turn"
	// TwoTurns ("2 Turns") ends at the end of the following Player Turn.
	TwoTurns Duration = "2 Turns"
	// UntilRevealed lasts until the user reveals himself (Cybermask).
	UntilRevealed Duration = "until revealed"
)

// Durations lists the durations a program may name (Instant is written by
// leaving duration out).
func Durations() []Duration { return []Duration{OneTurn, TwoTurns, UntilRevealed} }

// Range is where a program's target must be.
type Range string

// The ranges of programs.
const (
	HackingArea Range = "hacking-area" // the user's Hacking Area
	WholeTable  Range = "table"        // anywhere on the table, no LoF
	BaseContact Range = "base-contact" // in base contact with the user
	NoRange     Range = "self"         // the user alone
	// AttackerRange: the hacker attacking the user, wherever he is (the
	// Defense Protocols).
	AttackerRange Range = "attacker"
)

// Ranges lists the ranges a program may name.
func Ranges() []Range { return []Range{HackingArea, WholeTable, BaseContact, NoRange, AttackerRange} }

// HackAmmo is a special ammunition of a program's Saving Rolls.
type HackAmmo string

// The special ammunition of programs.
const (
	// Breaker: the BTS roll is made with half BTS, rounded up.
	Breaker HackAmmo = "Breaker"
	// DT (Double Trouble): two BTS rolls per success, the second made even
	// when the first failed.
	DT HackAmmo = "DT"
)

// HackAmmos lists the special ammunition a program may name.
func HackAmmos() []HackAmmo { return []HackAmmo{Breaker, DT} }

// Effect is what a program does to its target.
type Effect string

// The effects of the programs of Hacking (N3).
const (
	EffectDisabled      Effect = "disabled"        // State: Disabled, the Comms Equipment stops
	EffectIMM1          Effect = "imm-1"           // State: Immobilized-1
	EffectPossessed     Effect = "possessed"       // State: Possessed
	EffectTargeted      Effect = "targeted"        // State: Targeted
	EffectIsolated      Effect = "isolated"        // State: Isolated
	EffectExpel         Effect = "expel"           // the TAG expels its pilot
	EffectWound         Effect = "wound"           // loss of 1 W/STR per failed BTS roll
	EffectExorcise      Effect = "exorcise"        // cancels Possession
	EffectDispersion    Effect = "dispersion"      // the Combat Jump suffers Dispersion
	EffectGuidedMod     Effect = "guided-mod"      // the Opponent MOD to a Guided attack's BS
	EffectNullify       Effect = "nullify"         // the hacking attack on the user is nullified
	EffectReflect       Effect = "reflect"         // nullified, and reflected on its hacker
	EffectFirewall      Effect = "firewall"        // the targets gain Firewall
	EffectScenery       Effect = "operate-scenery" // activate, deactivate, open or shut
	EffectJumpPH        Effect = "jump-ph"         // +3 PH to Combat Jumps
	EffectMarksmanship  Effect = "marksmanship-l2" // the target gains Marksmanship L2
	EffectAROBurst      Effect = "aro-b2"          // the target gets B2 in ARO
	EffectImpersonation Effect = "impersonation-2" // the user becomes an IMP-2 marker
	EffectWhiteNoise    Effect = "white-noise"     // a template blocking Multispectral Visors
)

// Effects lists the effects a program may name.
func Effects() []Effect {
	return []Effect{EffectDisabled, EffectIMM1, EffectPossessed, EffectTargeted, EffectIsolated, EffectExpel,
		EffectWound, EffectExorcise, EffectDispersion, EffectGuidedMod, EffectNullify, EffectReflect,
		EffectFirewall, EffectScenery, EffectJumpPH, EffectMarksmanship, EffectAROBurst, EffectImpersonation,
		EffectWhiteNoise}
}

// Label is a label printed on a program card.
type Label string

// The labels of programs.
const (
	LabelAttack    Label = "Attack"     // a Hacking Attack (Comms Attack)
	LabelNonLethal Label = "Non-Lethal" // printed on some cards; see Program.Lethal
	LabelNFB       Label = "NFB"
)

// Labels lists the labels a program may carry.
func Labels() []Label { return []Label{LabelAttack, LabelNonLethal, LabelNFB} }

// MaxProgramBurst bounds a program's Burst; the table's largest is 3.
const MaxProgramBurst = 5

// Rolls reports whether the user makes a WIP roll: the program has an
// Attack MOD.
func (p Program) Rolls() bool { return p.AttackMod.Set }

// Attack reports whether the program is a Hacking Attack, which Reset may
// oppose and Dodge may not (Dodge (N4)).
func (p Program) Attack() bool { return slices.Contains(p.Labels, LabelAttack) }

// Lethal reports whether a failed Saving Roll takes W/STR: only programs
// whose effect is the loss of W/STR. The others are non-lethal, DT included:
// it adds a roll, never a wound (Hacking (N3)).
func (p Program) Lethal() bool { return p.Effect == EffectWound }

// HasAmmo reports whether the program's Saving Rolls use the ammunition.
func (p Program) HasAmmo(a HackAmmo) bool { return slices.Contains(p.Ammo, a) }

// SavesPerSuccess is the number of BTS Saving Rolls each success forces:
// 0 without Damage, 2 with DT, else 1.
func (p Program) SavesPerSuccess() int {
	switch {
	case !p.Damage.Set:
		return 0
	case p.HasAmmo(DT):
		return 2
	}
	return 1
}

// BurstIn is the program's Burst in the Active Turn (active true) or in ARO.
func (p Program) BurstIn(active bool) int {
	if active {
		return p.Burst
	}
	return p.AROBurst
}

// DeclaredAs reports whether the program may be declared as the skill type.
func (p Program) DeclaredAs(s SkillType) bool { return slices.Contains(p.Skill, s) }

// TargetsClass reports whether the class is among the program's targets.
func (p Program) TargetsClass(c TargetClass) bool { return slices.Contains(p.Targets, c) }

// SkillString writes the skill types as the card does: "Short Skill/ARO".
func (p Program) SkillString() string {
	parts := make([]string, len(p.Skill))
	for i, s := range p.Skill {
		parts[i] = string(s)
	}
	return strings.Join(parts, "/")
}

// String writes the program on one line, as its row of the table.
func (p Program) String() string {
	return fmt.Sprintf("%s (%s) %s %s: Att %s Opp %s Dam %s B%d, %s", p.ID, p.Name, p.Group, p.Category,
		p.AttackMod, p.OpponentMod, p.Damage.Number(), p.Burst, p.SkillString())
}

// Card writes the program as a card: its name, group and category, the
// table's columns, then each rule it carries, one per line.
func (p Program) Card() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s) — %s", strings.ToUpper(p.Name), p.Category, p.Group)
	if len(p.Labels) > 0 {
		ls := make([]string, len(p.Labels))
		for i, l := range p.Labels {
			ls[i] = string(l)
		}
		fmt.Fprintf(&b, ", %s", strings.Join(ls, ", "))
	}
	fmt.Fprintf(&b, "\n  id %s · %s\n", p.ID, p.SkillString())
	fmt.Fprintf(&b, "  Attack MOD %s · Opponent MOD %s · Damage %s · B %d (ARO B %d)\n",
		p.AttackMod, p.OpponentMod, p.Damage.Number(), p.Burst, p.AROBurst)
	targets := make([]string, len(p.Targets))
	for i, t := range p.Targets {
		targets[i] = string(t)
	}
	fmt.Fprintf(&b, "  Target: %s %s", p.Side, strings.Join(targets, ", "))
	if p.MaxTargets > 1 {
		fmt.Fprintf(&b, " (the Burst split between up to %d targets)", p.MaxTargets)
	}
	fmt.Fprintf(&b, " · Range: %s\n", p.Range)
	var special []string
	if p.Duration != Instant {
		special = append(special, "Duration: "+string(p.Duration))
	}
	for _, a := range p.Ammo {
		special = append(special, string(a)+" Special Ammunition")
	}
	switch {
	case !p.Rolls():
		special = append(special, "no roll")
	case p.Damage.Set:
		rolls := "1 BTS roll"
		if n := p.SavesPerSuccess(); n > 1 {
			rolls = strconv.Itoa(n) + " BTS rolls"
		}
		special = append(special, fmt.Sprintf("each success: %s against Damage %d", rolls, p.Damage.Value))
	}
	lethal := "Non-Lethal"
	if p.Lethal() {
		lethal = "Lethal"
	}
	special = append(special, "Effect: "+string(p.Effect), lethal)
	fmt.Fprintf(&b, "  %s\n", strings.Join(special, " · "))
	if p.Special != "" {
		fmt.Fprintf(&b, "  %s\n", p.Special)
	}
	return b.String()
}

// The Possessed profile's attributes (Overlord and Total Control (N3)): a
// Possessed TAG moves and fights with these; its PH, ARM, BTS, STR and S
// stay its own.
const (
	PossessedMOV = 4
	PossessedCC  = 13
	PossessedBS  = 12
	PossessedWIP = 11
)

// Possessed returns the profile a TAG uses while Possessed: MOV 4-4, CC 13,
// BS 12, WIP 11, the rest its own (Overlord, Total Control (N3)).
func Possessed(p Profile) Profile {
	p = p.clone()
	p.MOV = [2]int{PossessedMOV, PossessedMOV}
	p.CC, p.BS, p.WIP = PossessedCC, PossessedBS, PossessedWIP
	return p
}

// HackOdds is the program as package odds computes its rolls with
// (odds.PlanHack): the columns a roll needs. A "—" Opponent MOD or Damage
// is 0 there: no MOD, no Saving Roll.
func (p Program) HackOdds() odds.HackProgram {
	return odds.HackProgram{
		Name: p.Name, AttackMod: p.AttackMod.Value, OpponentMod: p.OpponentMod.Value, Damage: p.Damage.Value,
		Burst: p.Burst, AROBurst: p.AROBurst, Breaker: p.HasAmmo(Breaker), DT: p.HasAmmo(DT),
		Attack: p.Attack(), Reflect: p.Effect == EffectReflect,
	}
}

// clone copies the slices.
func (p Program) clone() Program {
	p.Targets = slices.Clone(p.Targets)
	p.Skill = slices.Clone(p.Skill)
	p.Ammo = slices.Clone(p.Ammo)
	p.Labels = slices.Clone(p.Labels)
	return p
}

// Check reports every value of the program the rules cannot use: an id or
// name out of shape, an unknown group, category, side, target class, skill
// type, duration, range, ammunition, effect or label, a repeated word in a
// list, Burst out of range, and the columns that contradict each other
// (ammunition without Damage, Damage without a roll, a wound without
// Damage, an ARO Burst for a program that cannot be declared in ARO). It is
// the one definition of a valid Program, for the YAML reader and decoded
// states alike.
func (p Program) Check() []FieldError {
	var es fieldErrors
	es.id(p.ID)
	es.name(p.Name)
	es.oneOf("group", "program group", string(p.Group), words(Groups()))
	es.oneOf("category", "program category", string(p.Category), words(Categories()))
	for _, c := range []struct {
		field string
		o     Opt
	}{{"attackMod", p.AttackMod}, {"opponentMod", p.OpponentMod}} {
		if c.o.Set && (c.o.Value < -MaxRangeMod || c.o.Value > MaxRangeMod) {
			es.add(c.field, "the MOD must be %d to %+d (the MOD cap, Success Value and MODs (N4)), got %d", -MaxRangeMod, MaxRangeMod, c.o.Value)
		}
	}
	if p.Damage.Set {
		es.between("damage", "damage", p.Damage.Value, 1, MaxDamage, "")
	}
	es.between("burst", "burst", p.Burst, 1, MaxProgramBurst, "")
	es.between("aroBurst", "aro-burst", p.AROBurst, 1, MaxProgramBurst, "")
	es.between("maxTargets", "max-targets", p.MaxTargets, 1, MaxProgramBurst, "")
	if p.MaxTargets > p.Burst && p.Burst >= 1 {
		es.add("maxTargets", "max-targets %d is more than the Burst %d: each target needs at least one roll", p.MaxTargets, p.Burst)
	}
	es.oneOf("side", "side", string(p.Side), words(Sides()))
	if len(p.Targets) == 0 {
		es.add("targets", "targets must list at least one target class")
	}
	listOf(&es, "targets", "target class", p.Targets, TargetClasses())
	if len(p.Skill) == 0 {
		es.add("skill", "skill must list at least one of %s", strings.Join(words(SkillTypes()), ", "))
	}
	listOf(&es, "skill", "skill type", p.Skill, SkillTypes())
	if p.Duration != Instant {
		es.oneOf("duration", "duration", string(p.Duration), words(Durations()))
	}
	es.oneOf("range", "range", string(p.Range), words(Ranges()))
	listOf(&es, "ammo", "program ammunition", p.Ammo, HackAmmos())
	es.oneOf("effect", "effect", string(p.Effect), words(Effects()))
	listOf(&es, "labels", "label", p.Labels, Labels())
	if len(p.Special) > MaxString {
		es.add("special", "special is longer than %d bytes", MaxString)
	}

	// The columns that tie together.
	switch {
	case len(p.Ammo) > 0 && !p.Damage.Set:
		es.add("ammo", "special ammunition needs a Damage: it changes the BTS Saving Rolls (Hacking (N3))")
	case p.Damage.Set && !p.AttackMod.Set:
		es.add("damage", "a program without an Attack MOD makes no roll, so nothing forces its Saving Rolls")
	}
	if p.Effect == EffectWound && !p.Damage.Set {
		es.add("effect", "a loss of W/STR comes from failed BTS Saving Rolls: the program needs a Damage")
	}
	if p.Lethal() && slices.Contains(p.Labels, LabelNonLethal) {
		es.add("labels", "a program whose effect is the loss of W/STR cannot be Non-Lethal")
	}
	if p.AROBurst > 1 && !p.DeclaredAs(ARO) {
		es.add("aroBurst", "aro-burst %d for a program that cannot be declared in ARO", p.AROBurst)
	}
	selfTarget := slices.Contains(p.Targets, TargetSelf)
	if (p.Side == Self) != selfTarget || (selfTarget && len(p.Targets) > 1) {
		es.add("targets", "side self goes with the one target class self, and only with it")
	}
	if p.Side == Self && p.Range != NoRange {
		es.add("range", "a program on the user himself has range self")
	}
	return es
}

// words turns a list of typed words into strings.
func words[T ~string](ts []T) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t)
	}
	return out
}

// listOf checks each word of a list against the known ones, without
// repeats.
func listOf[T ~string](es *fieldErrors, field, what string, got, known []T) {
	seen := map[T]int{}
	for i, w := range got {
		p := field + "[" + strconv.Itoa(i) + "]"
		if !es.oneOf(p, what, string(w), words(known)) {
			continue
		}
		if j, dup := seen[w]; dup {
			es.add(p, "%s", twiceMsg(what+" "+string(w), field+"["+strconv.Itoa(j)+"]"))
		}
		seen[w] = i
	}
}
