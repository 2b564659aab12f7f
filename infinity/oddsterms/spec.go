package oddsterms

import "github.com/ordo-rules/ordo/dice"

// Limits on the numbers a side may carry. They are there to catch typos, not
// to enforce a profile: every value inside them means something to the dice.
const (
	// MaxStat bounds attributes (BS, CC, PH, WIP), ARM, BTS and DAM. An SV
	// above 20 still matters up to 40, where every die is a Critical
	// (Success Value above 20 (N4)); the community calculator accepts the same 0..40.
	MaxStat = 40
	// MaxW bounds W/STR: a profile has at most 10 (Unit Profile (N4)).
	MaxW = 10
	// MaxMod bounds one MOD. Only the total is capped (to ±12, Success Value and MODs (N4));
	// a single MOD past ±40 can only be a typo.
	MaxMod = 40
)

// Attributes a side can roll against.
const (
	AttrBS  = "BS"
	AttrCC  = "CC"
	AttrPH  = "PH"
	AttrWIP = "WIP"
)

// Save attributes a weapon can attack.
const (
	SaveARM = "ARM"
	SaveBTS = "BTS"
)

// SideSpec is one side of a roll as a player describes it: what it rolls,
// what its hits do, and its own defensive stats (used by the other side's
// attack). ParseSide fills it from words; Build turns two of them into odds
// inputs.
//
// A side with no attribute and no template does not roll: it is only a
// target, described by its ARM, BTS, PH and cover.
type SideSpec struct {
	// Text is the description as given.
	Text string `json:"text"`
	// Trooper and Weapon are the catalog ids the side named, if any; Range
	// is the distance its range word gave, whose Range MOD is in Mods.
	Trooper string   `json:"trooper,omitempty"`
	Weapon  string   `json:"weapon,omitempty"`
	Range   *float64 `json:"range,omitempty"`

	// Attribute is the attribute rolled ("BS", "CC", "PH", "WIP"), empty
	// for a template or a target that does not roll.
	Attribute string `json:"attribute,omitempty"`
	// Base is the attribute's value before MODs.
	Base int `json:"base,omitempty"`
	// Mods are the side's own MODs, in the order given.
	Mods []dice.Mod `json:"mods,omitempty"`
	// Burst is the number of dice (or a template's hits); 0 for a target.
	Burst int `json:"burst,omitempty"`
	// Template is a Direct Template weapon: automatic hits, no roll.
	Template bool `json:"template,omitempty"`
	// NoCrit forbids Criticals; CritOnOne makes a successful 1 a Critical.
	NoCrit    bool `json:"noCrit,omitempty"`
	CritOnOne bool `json:"critOnOne,omitempty"`

	// Damage is the weapon's DAM. Without it the side's successes force no
	// Saving Roll: each surviving success is itself the success (Dodge,
	// Reset, Discover).
	Damage *int `json:"damage,omitempty"`
	// Ammo is the canonical ammunition name (dice.LookupAmmo); "N" by
	// default when Damage is set.
	Ammo string `json:"ammo,omitempty"`
	// Continuous re-rolls every failed Saving Roll until one passes.
	Continuous bool `json:"continuous,omitempty"`
	// Save is the attribute the weapon attacks, "ARM" (default) or "BTS";
	// ammunition that fixes its own (E/M, Stun, PARA, Plasma) leaves it
	// empty.
	Save string `json:"save,omitempty"`

	// ARM, BTS and PH are the side's own stats, used by the Saving Rolls
	// the other side forces. ARM and BTS default to 0; PH has no default
	// (only PARA needs it) and is also set by rolling PH.
	ARM *int `json:"arm,omitempty"`
	BTS *int `json:"bts,omitempty"`
	PH  *int `json:"ph,omitempty"`
	// W is the side's Wounds or Structure (w=2, str=3), for the chance
	// that the other side's attack makes it fall (Unconscious or Dead,
	// Wounds, Unconscious and Dead (N4)); nil means 1 when asked.
	W *int `json:"w,omitempty"`
	// Cover puts the side in Partial Cover (Saving Rolls (N4)).
	Cover bool `json:"cover,omitempty"`

	// Program is the catalog id of the hacking program the side declares,
	// Reset that it declares Reset (Hacking (N3), Reset (N4)); Firewall and
	// Targeted are its states, which change a hacking roll against it.
	Program  string `json:"program,omitempty"`
	Reset    bool   `json:"reset,omitempty"`
	Firewall bool   `json:"firewall,omitempty"`
	Targeted bool   `json:"targeted,omitempty"`
}

// Rolls reports whether the side acts in the roll: it rolls an attribute or
// places a template. A side that does not is only a target.
func (s SideSpec) Rolls() bool { return s.Attribute != "" || s.Template }

// stat returns the side's value of ARM, BTS or PH, and whether it is known.
// ARM and BTS default to 0.
func (s SideSpec) stat(name string) (int, bool) {
	switch name {
	case SaveARM:
		return deref(s.ARM), true
	case SaveBTS:
		return deref(s.BTS), true
	case AttrPH:
		if s.PH == nil {
			return 0, false
		}
		return *s.PH, true
	}
	return 0, false
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

func intp(v int) *int { return &v }
