package infdice

import (
	"errors"
	"fmt"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/odds"
)

// Upstream's fixed limits (inf-dice-n4 source and package doc, "Limits").
const (
	statMax    = 40 // STAT_MAX
	damMax     = 20 // DAM_MAX: net damage, fail chance DAM/20
	burstMax   = 6  // B_MAX per player
	burstSum   = 9  // "quick and dirty CPU limiter" on B1+B2
	successMax = 24 // SUCCESS_MAX = B_MAX × (3 saves + 1 crit bonus)
	faces      = dice.Faces
	noCritVal  = faces + 1 // CRIT 21: never crits
)

// Ammo is how a player's hits turn into saving rolls.
type Ammo uint8

const (
	// AmmoNormal ("1", "2", "3"): each hit forces one roll per save
	// category, each crit one more at the first category ("Saving rolls": normal ammo).
	AmmoNormal Ammo = iota
	// AmmoContinuous ("1C", "2C", "3C"): failed saves are re-rolled under
	// upstream's shared depth budget and cap ("Saving rolls": continuous ammo).
	AmmoContinuous
	// AmmoNone ("-"): no saving roll; each hit is one success, untagged ("Saving rolls": no ammo).
	AmmoNone
)

// String is the label upstream prints in the header.
func (a Ammo) String() string {
	switch a {
	case AmmoNormal:
		return "NORMAL"
	case AmmoContinuous:
		return "CONTINUOUS"
	case AmmoNone:
		return "NONE"
	}
	return fmt.Sprintf("Ammo(%d)", uint8(a))
}

// tagNames are upstream's tags in its bit (and print) order; "NONE" is no
// tag. A save's tag mask is 1<<index.
var tagNames = [...]string{"SHOCK", "EM", "C", "D", "E"}

const (
	tagNone  = "NONE"
	numTags  = len(tagNames)
	numMasks = 1 << numTags
)

// tagMask is the upstream mask bit of a tag name, 0 for NONE; ok is false
// for an unknown name. Matching is exact and case-sensitive, as upstream's
// strcmp.
func tagMask(name string) (mask uint8, ok bool) {
	if name == tagNone {
		return 0, true
	}
	for i, t := range tagNames {
		if name == t {
			return 1 << i, true
		}
	}
	return 0, false
}

// Save is one saving-roll category: a failed roll (probability Dam/20) is
// one success for the attacker and carries Tag.
type Save struct {
	Dam int
	// Tag is the argument as given: NONE, SHOCK, EM, C, D or E. The header
	// prints it verbatim.
	Tag string
}

// Player is one side of the roll as upstream holds it after parsing: the
// header prints these fields, and the dice follow from them ("Roll parameters"): a die
// showing face r has value r+Boost, hits iff value <= Stat, crits iff it hits
// and (value >= Crit, or CritOnOne and value == 1). A template auto-hits with
// value 1 and never crits.
type Player struct {
	Stat      int
	Crit      int // lowest value that crits; 21 never
	Boost     int // added to every die (stat above 20, unless "*")
	CritOnOne bool
	Template  bool
	Burst     int
	Ammo      Ammo
	Saves     []Save // 1..3 categories; AmmoNone carries one, ignored
}

// Config is a parsed inf-dice-n4 invocation.
type Config struct {
	P1, P2 Player
	// SuccessCap is the largest success count reported ("SuccessCap or
	// more") and also continuous ammo's shared depth budget in rounds:
	// upstream uses SUCCESS_MAX = 24 for both. Parse raises it under noLimit
	// to max(24, 4·max(B1,B2)), the most normal ammo can reach, so every
	// upstream-valid input reports exactly as upstream even with noLimit.
	// Zero means that default.
	SuccessCap int
}

// players returns both players, P1 first.
func (c *Config) players() [2]*Player { return [2]*Player{&c.P1, &c.P2} }

// successCap is the effective cap: SuccessCap, or the default for the
// bursts.
func (c *Config) successCap() int {
	if c.SuccessCap != 0 {
		return c.SuccessCap
	}
	return defaultCap(c.P1.Burst, c.P2.Burst)
}

// defaultCap is upstream's 24, raised so that normal ammo (at most 3 saves
// per hit and one more per crit) is never clamped.
func defaultCap(b1, b2 int) int { return max(successMax, 4*max(b1, b2)) }

// maxCap bounds SuccessCap: enough for odds.MaxBurst, and small enough that
// a hand-made Config cannot ask for an absurd allocation.
const maxCap = 4 * odds.MaxBurst

// ErrConfig is wrapped by Report for a Config that Parse could not have
// produced.
var ErrConfig = errors.New("invalid inf-dice config")

// validSaveCount reports whether n DAM/TAG pairs fit the ammo.
func validSaveCount(a Ammo, n int) bool {
	switch a {
	case AmmoNormal, AmmoContinuous:
		return n >= 1 && n <= 3
	case AmmoNone:
		return n == 1
	}
	return false
}

// validate checks a Config built by hand; Parse's output always passes.
// Report calls it, and nothing else needs to: see compute.
func (c *Config) validate() error {
	for i, p := range c.players() {
		if err := p.validate(); err != nil {
			return fmt.Errorf("%w: P%d: %v", ErrConfig, i+1, err)
		}
	}
	if c.P1.Template && c.P2.Template {
		return fmt.Errorf("%w: two templates", ErrConfig)
	}
	if s := c.successCap(); s < 4*max(c.P1.Burst, c.P2.Burst) || s > maxCap {
		return fmt.Errorf("%w: success cap %d outside %d..%d", ErrConfig, s, 4*max(c.P1.Burst, c.P2.Burst), maxCap)
	}
	return nil
}

func (p *Player) validate() error {
	switch {
	case p.Burst < 1 || p.Burst > odds.MaxBurst:
		return fmt.Errorf("burst %d outside 1..%d", p.Burst, odds.MaxBurst)
	case p.Stat < 0 || p.Stat > statMax:
		return fmt.Errorf("stat %d outside 0..%d", p.Stat, statMax)
	case p.Crit < 0 || p.Crit > noCritVal:
		return fmt.Errorf("crit %d outside 0..%d", p.Crit, noCritVal)
	case p.Boost < 0 || p.Boost > statMax-faces:
		return fmt.Errorf("boost %d outside 0..%d", p.Boost, statMax-faces)
	case !validSaveCount(p.Ammo, len(p.Saves)):
		return fmt.Errorf("%d saves for ammo %v", len(p.Saves), p.Ammo)
	}
	if err := p.validateStat(); err != nil {
		return err
	}
	for k, s := range p.Saves {
		if s.Dam < 0 || s.Dam > damMax {
			return fmt.Errorf("DAM[%d] %d outside 0..%d", k, s.Dam, damMax)
		}
		if _, ok := tagMask(s.Tag); !ok {
			return fmt.Errorf("TAG[%d] %q unknown", k, s.Tag)
		}
	}
	return nil
}

// validateStat checks that Crit, Boost, CritOnOne and Template agree with
// Stat as parseStat sets them, so that the header a Config prints describes
// the dice it computes: a template is Stat 20, Crit 21, Boost 0 without
// CritOnOne ("T" takes no suffix); otherwise CritOnOne ("!") needs Stat >= 1,
// and (Crit, Boost) is (21, 0) for "*" (no crit, no boost, any Stat), or else
// (Stat, 0) up to Stat 20 and (20, Stat-20) above it. The ranges are already
// checked.
func (p *Player) validateStat() error {
	if p.Template {
		switch {
		case p.Stat != faces:
			return fmt.Errorf("template stat %d, want %d", p.Stat, faces)
		case p.Crit != noCritVal:
			return fmt.Errorf("template crit %d, want %d (never)", p.Crit, noCritVal)
		case p.Boost != 0:
			return fmt.Errorf("template boost %d, want 0", p.Boost)
		case p.CritOnOne:
			return fmt.Errorf("template with crit on one")
		}
		return nil
	}
	if p.CritOnOne && p.Stat < 1 {
		return fmt.Errorf("crit on one with stat %d, want stat at least 1", p.Stat)
	}
	if p.Crit == noCritVal {
		if p.Boost != 0 {
			return fmt.Errorf("boost %d with crit %d (no crit), want 0", p.Boost, noCritVal)
		}
		return nil
	}
	crit, boost := p.Stat, 0
	if p.Stat > faces {
		crit, boost = faces, p.Stat-faces
	}
	if p.Crit != crit {
		return fmt.Errorf("crit %d with stat %d, want %d (or %d for no crit)", p.Crit, p.Stat, crit, noCritVal)
	}
	if p.Boost != boost {
		return fmt.Errorf("boost %d with stat %d, want %d", p.Boost, p.Stat, boost)
	}
	return nil
}

// side maps the player onto the dice.Side that judges every face as
// upstream does ("Roll parameters"): the same hit, crit and compared value. "n*" has no
// crit and no boost, so above 20 every face hits with its own value: SV 20
// without the usual crit. CritOnOne stays, so "n*!" crits on a 1 only.
// The tests check the mapping face by face against the spec's table.
func (p *Player) side() dice.Side {
	if p.Template {
		return dice.Side{SV: faces, Burst: p.Burst, Template: true}
	}
	if p.Crit >= noCritVal && p.Boost == 0 {
		return dice.Side{SV: min(p.Stat, faces), Burst: p.Burst, NoCrit: true, CritOnOne: p.CritOnOne}
	}
	return dice.Side{SV: p.Stat, Burst: p.Burst, CritOnOne: p.CritOnOne}
}
