package odds

import (
	"errors"
	"fmt"

	"github.com/ordo-rules/ordo/dice"
)

// Hacking (N3) in numbers. A hacker declares a program and rolls WIP with
// the program's Attack MOD, +3 against a Targeted trooper and −3 against a
// Firewall, the sum of MODs capped to ±12 (Success Value and MODs (N4)). A
// target that answers with Reset (Reset (N4)) or a program of its own makes
// the roll Face to Face, each program's Opponent MOD going to the other
// side's WIP. Each surviving success of an attack forces BTS Saving Rolls
// against the program's Damage: Breaker halves BTS (rounding up), DT makes
// two rolls, a Firewall adds 3 to BTS (the same as −3 Attack Damage). A
// program with no Damage applies its effect on each success.
//
// These functions are the one place that turns a program and two troopers
// into Success Values and Saving Rolls: `ordo odds` calls them, and the
// engine's resolution of a program is to call them too, so that the odds
// shown are the numbers resolution uses.

// HackProgram is what the odds of a hacking roll need from a program's row
// of the program table (package infinity/catalog's Program has every
// column; odds keeps its own small type so that it links nothing else).
type HackProgram struct {
	Name string `json:"name"`
	// AttackMod is the MOD to the user's WIP.
	AttackMod int `json:"attackMod"`
	// OpponentMod is the MOD to the opposing WIP in a Face to Face Roll
	// (0 where the table has "—").
	OpponentMod int `json:"opponentMod,omitempty"`
	// Damage is what the BTS Saving Rolls are made against; 0 where the
	// table has "—": each success is the effect, with no roll.
	Damage int `json:"damage,omitempty"`
	// Burst is B in the Active Turn, AROBurst in ARO.
	Burst    int `json:"burst"`
	AROBurst int `json:"aroBurst"`
	// Breaker halves the target's BTS, rounding up; DT makes two BTS rolls
	// per success.
	Breaker bool `json:"breaker,omitempty"`
	DT      bool `json:"dt,omitempty"`
	// Attack marks a Hacking Attack: the Targeted and Firewall MODs apply
	// to it, and Reset opposes it.
	Attack bool `json:"attack,omitempty"`
	// Reflect: a win turns the opposing attack on its own hacker
	// (Counterstrike); a defensive program without it only nullifies.
	Reflect bool `json:"reflect,omitempty"`
}

// Hacker is one trooper of a hacking roll: its WIP and BTS, the states
// that change a roll against it, and what it declares.
type Hacker struct {
	WIP int `json:"wip"`
	BTS int `json:"bts"`
	// Firewall: a hacker attacking it gets −3 WIP, and its BTS gets +3
	// against the program (Firewall MODs do not stack).
	Firewall bool `json:"firewall,omitempty"`
	// Targeted: a hacking attack against it gets +3 WIP.
	Targeted bool `json:"targeted,omitempty"`
	// Program is the program the trooper declares; nil with Reset, or for
	// a target that does not roll.
	Program *HackProgram `json:"program,omitempty"`
	// Reset: the trooper declares Reset, a WIP roll Face to Face against
	// the attack that only cancels it.
	Reset bool `json:"reset,omitempty"`
	// Active: the trooper acts in its Active Turn (the program's Burst);
	// otherwise it is in ARO (the program's ARO Burst).
	Active bool `json:"active,omitempty"`
	// Burst, when not 0, is the part of the program's Burst given to this
	// target (Stop! splits its two rolls); at most the program's Burst.
	Burst int `json:"burstUsed,omitempty"`
	// Mods are any other MODs on the trooper's roll.
	Mods []dice.Mod `json:"mods,omitempty"`
}

// Rolls reports whether the trooper makes a WIP roll: it declares a
// program or Reset.
func (h Hacker) Rolls() bool { return h.Program != nil || h.Reset }

// The MOD names of a hacking roll, as the explanation prints them.
const (
	ModAttack   = "Attack MOD"
	ModOpponent = "Opponent MOD"
	ModTargeted = "Targeted"
	ModFirewall = "Firewall"
)

// FirewallMod is the Firewall MOD: −3 to the WIP of a hacker attacking the
// trooper, +3 to the trooper's BTS against the program.
const FirewallMod = 3

// TargetedMod is the MOD to a hacking attack on a Targeted trooper.
const TargetedMod = 3

// ErrHack is returned for a hacking roll the calculator cannot take.
var ErrHack = errors.New("invalid hacking roll")

// HackSV is the Success Value of user's roll against opponent: WIP, the
// Attack MOD of its program, the Opponent MOD of the opponent's program
// when the opponent rolls (a Face to Face Roll), +3 if its program attacks
// a Targeted opponent, −3 if it attacks one with a Firewall, and its own
// other MODs, the sum capped to ±12.
func HackSV(user, opponent Hacker) dice.SuccessValue {
	var mods []dice.Mod
	if p := user.Program; p != nil && p.AttackMod != 0 {
		mods = append(mods, dice.Mod{Name: ModAttack + " (" + p.Name + ")", Value: p.AttackMod})
	}
	if p := opponent.Program; p != nil && user.Rolls() && p.OpponentMod != 0 {
		mods = append(mods, dice.Mod{Name: ModOpponent + " (" + p.Name + ")", Value: p.OpponentMod})
	}
	if p := user.Program; p != nil && p.Attack {
		if opponent.Targeted {
			mods = append(mods, dice.Mod{Name: ModTargeted, Value: TargetedMod})
		}
		if opponent.Firewall {
			mods = append(mods, dice.Mod{Name: ModFirewall, Value: -FirewallMod})
		}
	}
	mods = append(mods, user.Mods...)
	return dice.NewSuccessValue("WIP", user.WIP, mods...)
}

// HackBurst is the number of WIP rolls the trooper makes: 1 for Reset, its
// share of the program's Burst, or the program's Burst in the Active Turn
// and its ARO Burst in ARO; 0 for a trooper that does not roll.
func HackBurst(h Hacker) int {
	switch {
	case h.Program == nil && h.Reset:
		return 1
	case h.Program == nil:
		return 0
	case h.Burst > 0:
		return h.Burst
	case h.Active:
		return h.Program.Burst
	}
	return h.Program.AROBurst
}

// HackSave explains one BTS Saving Roll a program forces: Attack Damage =
// Damage − the target's BTS (halved, rounding up, by Breaker) − 3 for a
// Firewall.
type HackSave struct {
	Damage    int  `json:"damage"`
	BTS       int  `json:"bts"`
	Effective int  `json:"effective"` // after Breaker's halving
	Firewall  bool `json:"firewall,omitempty"`
	// AttackDamage is the number the roll fails at or under.
	AttackDamage int `json:"attackDamage"`
}

// String explains the roll: "Damage 16 - BTS 3 (6 halved) - 3 Firewall = 10".
func (s HackSave) String() string {
	out := fmt.Sprintf("Damage %d - BTS %d", s.Damage, s.Effective)
	if s.Effective != s.BTS {
		out += fmt.Sprintf(" (%d halved)", s.BTS)
	}
	if s.Firewall {
		out += fmt.Sprintf(" - %d Firewall", FirewallMod)
	}
	return out + fmt.Sprintf(" = %d", s.AttackDamage)
}

// HackSaves lists the BTS Saving Rolls one success of p forces on target:
// none without Damage, two with DT, else one. Breaker halves BTS before the
// Firewall's +3 is added, as the halving never touches a MOD.
func HackSaves(p HackProgram, target Hacker) []HackSave {
	if p.Damage <= 0 {
		return nil
	}
	s := HackSave{Damage: p.Damage, BTS: target.BTS, Effective: target.BTS, Firewall: target.Firewall}
	if p.Breaker && s.BTS > 0 {
		s.Effective = (s.BTS + 1) / 2
	}
	s.AttackDamage = p.Damage - s.Effective
	if s.Firewall {
		s.AttackDamage -= FirewallMod
	}
	n := 1
	if p.DT {
		n = 2
	}
	out := make([]HackSave, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// HackEffect is what each surviving success of p does to target, for
// Inflicted: its Saving Rolls, and the `criticals` ruling (a Critical adds
// one BTS roll under n4-extra-save; under n3-auto-wound it fails the first
// roll without rolling, and DT's second roll is still made).
func HackEffect(p HackProgram, target Hacker, crits CritRule) Effect {
	e := Effect{Crits: crits}
	for _, s := range HackSaves(p, target) {
		e.Saves = append(e.Saves, SaveRoll{Damage: s.AttackDamage})
	}
	return e
}

// HackPlan is one side of a hacking roll as the odds see it: its Success
// Value explained, its dice, and the Saving Rolls each of its successes
// forces on the other side.
type HackPlan struct {
	SV    dice.SuccessValue `json:"sv"`
	Side  Side              `json:"side"`
	Saves []HackSave        `json:"saves,omitempty"`
}

// HackRoll is a hacking roll planned: whether it is Face to Face, and each
// side's plan (Reactive is empty when the reactive trooper does not roll).
type HackRoll struct {
	FaceToFace bool     `json:"faceToFace"`
	Active     HackPlan `json:"active"`
	Reactive   HackPlan `json:"reactive"`
}

// PlanHack works out a hacking roll between the active trooper, which
// declares a program, and the reactive one: Face to Face when the reactive
// trooper declares Reset or a program, else a Normal Roll against it. The
// active trooper may instead declare Reset against a Hacking Attack the
// reactive trooper declares in ARO: Face to Face, the program at its ARO
// Burst. A
// program with no Attack MOD makes no roll and has no odds. The successes
// of Reset and of a defensive program only cancel; those of an attack
// force its Saving Rolls; those of Counterstrike turn the active program
// on its own hacker.
func PlanHack(active, reactive Hacker, crits CritRule) (HackRoll, error) {
	if _, ok := crits.Resolve(); !ok {
		return HackRoll{}, fmt.Errorf("%w: unknown criticals ruling %q", ErrHack, crits)
	}
	switch {
	case active.Reset && active.Program == nil:
		// The active trooper's Reset against a program declared in ARO
		// (a hacker reacting to its Order): Face to Face, the program
		// rolling its ARO Burst (Reset (N4); Hacking (N3)).
		if p := reactive.Program; p == nil || !p.Attack {
			return HackRoll{}, fmt.Errorf("%w: the active trooper's Reset answers a Hacking Attack declared in ARO: the reactive trooper declares none", ErrHack)
		}
	case active.Program == nil:
		return HackRoll{}, fmt.Errorf("%w: the active trooper declares no program", ErrHack)
	case active.Reset:
		return HackRoll{}, fmt.Errorf("%w: the active trooper declares both Reset and %s", ErrHack, active.Program.Name)
	}
	for _, h := range []Hacker{active, reactive} {
		if p := h.Program; p != nil && (h.Reset || p.Burst < 1 || p.AROBurst < 1 || h.Burst < 0 || h.Burst > p.Burst) {
			return HackRoll{}, fmt.Errorf("%w: %s rolls %d of its B%d (ARO B%d), or with Reset", ErrHack, p.Name, h.Burst, p.Burst, p.AROBurst)
		}
	}
	r := HackRoll{FaceToFace: reactive.Rolls()}
	r.Active = planSide(active, reactive, crits)
	if r.FaceToFace {
		r.Reactive = planSide(reactive, active, crits)
		if p := reactive.Program; p != nil && p.Reflect {
			// A win turns the attack on its hacker: each surviving success
			// is one success of the active program against the active
			// trooper.
			r.Reactive.Saves = HackSaves(*active.Program, active)
			r.Reactive.Side.Effect = HackEffect(*active.Program, active, crits)
		}
	}
	return r, nil
}

// planSide is user's roll and effect against opponent.
func planSide(user, opponent Hacker, crits CritRule) HackPlan {
	pl := HackPlan{SV: HackSV(user, opponent)}
	pl.Side.Roll = dice.Side{SV: pl.SV.Value, Burst: HackBurst(user)}
	pl.Side.Effect.Crits = crits
	if p := user.Program; p != nil && p.Attack {
		pl.Saves = HackSaves(*p, opponent)
		pl.Side.Effect = HackEffect(*p, opponent, crits)
	}
	return pl
}

// Odds computes the exact outcome of the roll: Face to Face, or the active
// side's Normal Roll.
func (r HackRoll) Odds(opt Options) (Result, error) {
	if r.FaceToFace {
		return FaceToFace(r.Active.Side, r.Reactive.Side, opt)
	}
	return Normal(r.Active.Side, opt)
}

// Hack plans and computes a hacking roll in one call.
func Hack(active, reactive Hacker, crits CritRule, opt Options) (HackRoll, Result, error) {
	r, err := PlanHack(active, reactive, crits)
	if err != nil {
		return HackRoll{}, Result{}, err
	}
	res, err := r.Odds(opt)
	return r, res, err
}
