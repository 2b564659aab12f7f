package fantasy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Name is the ruleset's name in scenario files.
const Name = "fantasy"

// Ruleset is the rank-and-flank fantasy battle game over a catalog.
type Ruleset struct {
	Catalog *Catalog
}

// New is the ruleset over the shipped catalog.
func New() (*Ruleset, error) {
	c, err := DefaultCatalog()
	if err != nil {
		return nil, err
	}
	return &Ruleset{Catalog: c}, nil
}

func (*Ruleset) Name() string { return Name }

// Rulings are the fantasy rows of the rulings table.
func (*Ruleset) Rulings() []rules.Ruling { return rules.StandardFor(Name) }

// Phase is the step of the game the state waits in. Every phase is one row
// of the steps table: who acts in it and what they may send.
type Phase string

// The phases and steps.
const (
	PhaseCharges     Phase = "charges"         // Movement: declare charges
	PhaseReact       Phase = "react"           // the charged unit's reaction
	PhaseChargeMoves Phase = "charge-moves"    // roll charge ranges, move chargers
	PhaseRemaining   Phase = "remaining-moves" // Movement: everything else
	PhaseMagic       Phase = "magic"           // the Magic phase: cast, dispel spells in play
	PhaseDispel      Phase = "dispel"          // the other player dispels the spell just cast
	PhaseShooting    Phase = "shooting"
	PhaseCombat      Phase = "close-combat"
	PhaseAllocate    Phase = "allocate-hits"     // the allocating player distributes hits
	PhaseMoveUp      Phase = "move-up"           // the owner names who fills a front slot
	PhasePursuit     Phase = "pursuit"           // the winner of a combat chooses to pursue or restrain
	PhaseChallenge   Phase = "challenge"         // the challenged side accepts or refuses
	PhaseRetire      Phase = "retire"            // the challenger names the refuser who steps back
	PhaseCounter     Phase = "counter-challenge" // the player whose turn it is not may challenge
	PhaseOver        Phase = "over"
)

// actor says whose decision a step is.
type actor int

const (
	activeSeat actor = iota // the player whose turn it is
	reactor                 // the owner of the charged unit
	allocator               // the attacker, or the owner under fantasy-allocator: owner
	owner                   // the owner of the unit with a vacated front slot
	victor                  // the winner of a combat the enemy broke from
	challenged              // the enemy of the challenger's unit
	challenger              // the owner of the challenger's unit
	reactive                // the enemy of the active player in the combat about to be fought
	dispelling              // the player who dispels the active player's spells
	nobody
)

// step is one row of the table: who acts and which actions belong.
type step struct {
	who   actor
	kinds []ActionKind
}

// steps is the one table of phases and steps: an array the linker lays out,
// not a map built at start (every command links this package, and `ordo
// odds` must start about as fast as a Go hello-world).
var steps = [...]struct {
	phase Phase
	step
}{
	{PhaseDeploy, step{activeSeat, []ActionKind{KindDeploy}}},
	{PhaseScouts, step{activeSeat, []ActionKind{KindDeploy}}},
	{PhaseVanguard, step{activeSeat, []ActionKind{KindMove, KindEndVanguard}}},
	{PhaseFirst, step{activeSeat, []ActionKind{KindFirstTurn}}},
	{PhaseCharges, step{activeSeat, []ActionKind{KindCharge, KindEndCharges}}},
	{PhaseReact, step{reactor, []ActionKind{KindReact}}},
	{PhaseChargeMoves, step{activeSeat, []ActionKind{KindChargeMove}}},
	{PhaseRemaining, step{activeSeat, []ActionKind{KindMove, KindReform, KindJoin, KindLeave, KindEndMovement}}},
	{PhaseMagic, step{activeSeat, []ActionKind{KindCast, KindDispelInPlay, KindEndMagic}}},
	{PhaseDispel, step{dispelling, []ActionKind{KindDispel, KindNoDispel}}},
	{PhaseShooting, step{activeSeat, []ActionKind{KindShoot, KindEndShooting}}},
	{PhaseCombat, step{activeSeat, []ActionKind{KindFight, KindChallenge, KindMakeWay, KindEndTurn}}},
	{PhaseChallenge, step{challenged, []ActionKind{KindAccept, KindRefuse}}},
	{PhaseRetire, step{challenger, []ActionKind{KindRetire}}},
	{PhaseCounter, step{reactive, []ActionKind{KindChallenge, KindMakeWay, KindNoChallenge}}},
	{PhaseAllocate, step{allocator, []ActionKind{KindAllocate}}},
	{PhaseMoveUp, step{owner, []ActionKind{KindMoveUp}}},
	{PhasePursuit, step{victor, []ActionKind{KindPursue}}},
	{PhaseOver, step{nobody, nil}},
}

// stepIn is the step of phase p; false for a phase that is no step.
func stepIn(p Phase) (step, bool) {
	for _, e := range steps {
		if e.phase == p {
			return e.step, true
		}
	}
	return step{}, false
}

// Charge is one charge declared this turn.
type Charge struct {
	Unit      string `json:"unit"`
	Character string `json:"character,omitempty"`
	Target    string `json:"target"`
	Reaction  string `json:"reaction,omitempty"`
	Side      string `json:"side"` // front, flank or rear of the target
	Done      bool   `json:"done,omitempty"`
	// Redirected: the charge was redirected (or tried to be) after its
	// target fled; once only.
	Redirected bool    `json:"redirected,omitempty"`
	Distance   float64 `json:"distance"`
}

// Volley is hits waiting for the allocating player.
type Volley struct {
	Attacker rules.Seat     `json:"attacker"`
	Target   string         `json:"target"`
	Hits     int            `json:"hits"` // to distribute evenly
	S        int            `json:"s"`
	Eligible []string       `json:"eligible"`         // characters that may take hits
	Direct   map[string]int `json:"direct,omitempty"` // hits already on named models
	Pool     int            `json:"pool,omitempty"`   // hits already passed to the rank-and-file
	Traits   traits         `json:"traits,omitempty"` // the weapon's special rules (Armour Piercing)
}

// Vacancy is a front-rank slot waiting for a model with In the First Rank!.
type Vacancy struct {
	Unit string `json:"unit"`
	File int    `json:"file"`
}

// State is one position of a game: plain data, the same bytes for the same
// game.
type State struct {
	Seats    []rules.Seat       `json:"seats"`
	Table    [2]float64         `json:"table"`
	Terrain  []Piece            `json:"terrain,omitempty"` // never written after Setup
	Units    []*Unit            `json:"units"`
	Profiles map[string]Profile `json:"profiles"`
	Rulings  rules.Rulings      `json:"rulings"`
	Round    int                `json:"round"`
	Rounds   int                `json:"rounds"`
	Turn     int                `json:"turn"`   // player turns begun, from 1
	Active   int                `json:"active"` // index into Seats
	Phase    Phase              `json:"phase"`
	Charges  []Charge           `json:"charges,omitempty"`
	Pending  *Volley            `json:"pending,omitempty"`
	Vacancy  *Vacancy           `json:"vacancy,omitempty"`
	Pursuit  *Pursuit           `json:"pursuit,omitempty"`
	// Resume is the phase to go back to after an allocation or a move-up.
	Resume Phase              `json:"resume,omitempty"`
	Fought []string           `json:"fought,omitempty"` // units whose combat was fought this turn
	Points map[rules.Seat]int `json:"points"`           // victory points scored
	Winner rules.Seat         `json:"winner,omitempty"`
	// Awards are the victory points scored, one entry an award (Victory
	// points); Points are their sums.
	Awards []Award `json:"awards,omitempty"`
	// Zones are the sides' deployment zones, in the order of the seats
	// (none: the armies begin on the table); never written after Setup.
	// Reserve are the units waiting to be set up, Deployment the setting
	// up while it lasts, NoFirstCharge the units that scouted or moved
	// ahead and may not charge in the first turn (Scouts, Vanguard).
	Zones         []Zone      `json:"zones,omitempty"`
	Reserve       []*Unit     `json:"reserve,omitempty"`
	Deployment    *Deployment `json:"deployment,omitempty"`
	NoFirstCharge []string    `json:"noFirstCharge,omitempty"`
	// Duels are the challenges of the combats, one a combat at most.
	Duels []Duel `json:"duels,omitempty"`
	// Asked is a unit of the combat about to be fought while the player
	// whose turn it is not says whether he issues a challenge.
	Asked string `json:"asked,omitempty"`
	// Melee is a round of close combat interrupted by a move-up.
	Melee *Melee `json:"melee,omitempty"`
	// Aims are the choices of enemy characters to attack for the round
	// about to be fought (Close combat: attacking characters).
	Aims []Attack `json:"aims,omitempty"`
	// Magic is the Magic phase in progress (nil outside it), Spells the
	// spells whose effect lasts, Drained a wizard's id for each Wizard
	// level a miscast took from him.
	Magic   *Magic   `json:"magic,omitempty"`
	Spells  []InPlay `json:"spells,omitempty"`
	Drained []string `json:"drained,omitempty"`
	stepped []Event  // events of the action being applied
	// overkill counts wounds beyond a model's last, for Challenges.
	overkill int
	// panics are the causes of Panic tests of the action being applied.
	panics []panicCause
}

// Setup builds the opening state: each side's units in ranks and files.
func (rs *Ruleset) Setup(sc *scenario.Scenario, r rules.Rulings) (rules.State, error) {
	s := &State{Table: [2]float64{sc.Table.Width, sc.Table.Height}, Profiles: map[string]Profile{},
		Rulings: r, Rounds: sc.Rounds, Round: 1, Turn: 1, Phase: PhaseCharges, Points: map[rules.Seat]int{}, Units: []*Unit{}}
	// Every problem of the scenario is reported at once, each at its
	// file:line:col when the scenario came from a file (scenario.Checker),
	// as the scenario's own problems are.
	ck := scenario.NewChecker(sc)
	if sc.Rounds > maxRounds {
		ck.Errorf("rounds", "%d rounds, at most %d", sc.Rounds, maxRounds)
	}
	for i, t := range sc.Terrain {
		if i >= scenario.MaxTerrain {
			ck.Errorf("terrain", "more than %d pieces", scenario.MaxTerrain)
			break
		}
		p, field, err := pieceOf(t)
		if err != nil {
			ck.Errorf(fmt.Sprintf("terrain[%d].%s", i, field), "%v", err)
			continue
		}
		s.Terrain = append(s.Terrain, p)
	}
	cat := rs.Catalog
	if len(sc.Catalogs) > 0 {
		var err error
		if cat, err = cat.Load(resolve(sc.File, sc.Catalogs)...); err != nil {
			return nil, setupErr("%v", err)
		}
	}
	ids := map[string]string{}
	for i, side := range sc.Sides {
		seat := rules.Seat(side.Seat)
		s.Seats = append(s.Seats, seat)
		s.Points[seat] = 0
		army, err := armyOf(&sc.Sides[i].Army)
		var errs scenario.Errors
		switch {
		case errors.As(err, &errs):
			ck.Add(errs)
			continue
		case err != nil:
			return nil, err
		}
		side := fmt.Sprintf("sides[%d]", i)
		if army.Zone != nil {
			s.Zones = append(s.Zones, *army.Zone)
			if z := *army.Zone; !(finite(z[0]) && finite(z[1]) && finite(z[2]) && finite(z[3]) && z[0] >= 0 && z[1] >= 0 && z[2] > z[0] && z[3] > z[1] && z[2] <= s.Table[0] && z[3] <= s.Table[1]) {
				ck.Errorf(side+".zone", "%v: want [x0, y0, x1, y1], a rectangle on the %v×%v table (%s)", z, s.Table[0], s.Table[1], ruleAlternating)
			}
		}
		if len(army.Units) > maxUnits {
			ck.Errorf(side+".units", "%d units, at most %d (Units and formation)", len(army.Units), maxUnits)
			continue
		}
		var general, bsb string // the paths of the side's General and Battle Standard Bearer
		for j, sp := range army.Units {
			path := fmt.Sprintf("%s.units[%d]", side, j)
			u := buildUnit(sp, seat, cat, s.Profiles, path, ck)
			if u == nil {
				continue
			}
			if prev, dup := ids[u.ID]; dup {
				// A unit's id and its models' (spears-1, spears-champion)
				// are taken together: one error for the unit.
				ck.Errorf(path+".id", "id %q is already used (%s)", u.ID, ck.Where(prev+".id"))
				continue
			}
			taken := false
			for _, m := range u.Models {
				at := path // the unit, or the character who joined it
				if m.Role == Character && m.ID != u.ID {
					at = fmt.Sprintf("%s.characters[%d]", path, slices.IndexFunc(sp.Characters, func(c CharacterSpec) bool { return c.ID == m.ID }))
				}
				if prev, dup := ids[m.ID]; dup && !taken {
					ck.Errorf(at+".id", "id %q is already used (%s)", m.ID, ck.Where(prev+".id"))
					taken = true
				}
				ids[m.ID] = at
				for _, l := range []struct {
					is    bool
					first *string
					name  string
				}{{m.General, &general, "General"}, {m.BattleStandard, &bsb, "Battle Standard Bearer"}} {
					switch {
					case !l.is:
					case *l.first != "":
						ck.Errorf(at, "a second %s on the side (the first: %s); a side has at most one (%s)", l.name, ck.Where(*l.first), ruleLeaders)
					default:
						*l.first = at
					}
				}
			}
			ids[u.ID] = path
			if taken {
				continue
			}
			if army.Zone != nil { // set up in the game (Alternating units)
				s.Reserve = append(s.Reserve, u)
				continue
			}
			if !s.onTable(u) {
				ck.Errorf(path+".at", "unit %q stands off the %v×%v table (Units and formation)", u.ID, s.Table[0], s.Table[1])
				continue
			}
			if name := s.ImpassableUnder(u); name != "" {
				ck.Errorf(path+".at", "unit %q stands on impassable terrain %q (%s)", u.ID, name, ruleImpassable)
				continue
			}
			s.Units = append(s.Units, u)
		}
	}
	if len(s.Zones) > 0 && len(s.Zones) != len(s.Seats) {
		ck.Errorf("sides", "%d of %d sides have a deployment zone: in a pitched battle every side has one (%s)", len(s.Zones), len(s.Seats), ruleAlternating)
	}
	if ck.Failed() {
		return nil, ck.Err()
	}
	if err := s.checkLeaders(); err != nil {
		return nil, setupErr("%v", err)
	}
	if i := slices.Index(s.Seats, rules.Seat(sc.Initiative)); i >= 0 {
		s.Active = i
	}
	if len(s.Zones) > 0 {
		// The scenario's initiative names the side that won the roll-off
		// and sets up first (Alternating units).
		for _, seat := range s.Seats {
			if len(s.waiting(seat, false)) == 0 {
				return nil, setupErr("%s has no unit to set up before the Scouts: a pitched battle needs one a side (%s)", seat, ruleAlternating)
			}
		}
		s.Phase, s.Deployment = PhaseDeploy, &Deployment{}
	}
	if err := s.validate(); err != nil {
		return nil, setupErr("%v", err)
	}
	return s, nil
}

const (
	maxRounds = 20
	maxUnits  = 40
	maxModels = 100
)

// ruleLeaders is the rule of a side's General and Battle Standard Bearer
// (docs/RULES.md).
const ruleLeaders = "Leadership tests"

func setupErr(format string, args ...any) error {
	return rules.Errorf(CodeSetup, "Units and formation", format, args...)
}

// The fantasy ruleset's own error codes.
const (
	CodeSetup     rules.Code = "fantasy-setup"
	CodeBadState  rules.Code = "fantasy-bad-state"
	CodeNoSuchID  rules.Code = "no-such-unit"
	CodeAllocate  rules.Code = "allocation"
	CodeFirstRank rules.Code = "first-rank"
	CodeCharge    rules.Code = "charge"
	CodeMove      rules.Code = "movement"
	CodeJoin      rules.Code = "join"
	CodeShoot     rules.Code = "shooting"
	CodeCombat    rules.Code = "combat"
	CodeDeploy    rules.Code = "deployment"
)

func resolve(file string, paths []string) []string {
	dir := ""
	if i := strings.LastIndexAny(file, `/\`); i >= 0 {
		dir = file[:i+1]
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		if strings.HasPrefix(p, "/") {
			out[i] = p
		} else {
			out[i] = dir + p
		}
	}
	return out
}

// buildUnit builds the unit of sp at path, or reports its first problem
// on ck, at the field it names, and returns nil.
func buildUnit(sp UnitSpec, seat rules.Seat, cat *Catalog, used map[string]Profile, path string, ck *scenario.Checker) *Unit {
	bad := func(field, format string, args ...any) *Unit {
		ck.Errorf(path+field, format, args...)
		return nil
	}
	p, ok := cat.Profiles[sp.Profile]
	switch {
	case !finite(sp.At[0]) || !finite(sp.At[1]) || !finite(sp.Facing):
		return bad("", "at %v, facing %v: want finite numbers", sp.At, sp.Facing)
	case sp.ID == "":
		return bad(".id", "id is required")
	case !ok:
		return bad(".profile", "unknown profile %q", sp.Profile)
	case sp.Models < 0 || sp.Models > maxModels:
		return bad(".models", "%d, want 1..%d", sp.Models, maxModels)
	case len(sp.Characters) > 10 || len(sp.Command) > 3:
		return bad("", "at most 10 characters and 3 command models")
	}
	used[p.Name] = p
	u := &Unit{ID: sp.ID, Seat: seat, At: geom.Pt(sp.At[0], sp.At[1]), Facing: sp.Facing, Base: p.Base}
	if p.Character {
		if sp.General && sp.BattleStandard {
			return bad("", "the General may not carry the battle standard (%s)", ruleLeaders)
		}
		if sp.Models > 1 || len(sp.Command) > 0 || len(sp.Characters) > 0 {
			return bad("", "a character alone is a unit of one model (Units and formation)")
		}
		u.Models = []Model{{ID: sp.ID, Profile: p.Name, Role: Character, Wounds: p.W, General: sp.General, BattleStandard: sp.BattleStandard}}
		u.Points = p.Points
		u.Files = 1
		u.Ranks = [][]string{{sp.ID}}
		return u
	}
	if sp.General || sp.BattleStandard {
		return bad("", "only a character is a General or a Battle Standard Bearer (name him among the characters)")
	}
	n := max(sp.Models, 1)
	seen := map[Role]bool{}
	for _, r := range sp.Command {
		if (r != Champion && r != Standard && r != Musician) || seen[r] {
			return bad(".command", "%q: a unit's command group is one each of champion, standard, musician", r)
		}
		seen[r] = true
	}
	if len(sp.Command) > n {
		return bad(".command", "%d command models in a unit of %d", len(sp.Command), n)
	}
	var front, rest []Model
	for _, r := range sp.Command {
		front = append(front, Model{ID: sp.ID + "-" + string(r), Profile: p.Name, Role: r, Wounds: p.W})
	}
	for k, c := range sp.Characters {
		ch := fmt.Sprintf(".characters[%d]", k)
		if c.General && c.BattleStandard {
			return bad(ch, "the General may not carry the battle standard (%s)", ruleLeaders)
		}
		cp, ok := cat.Profiles[c.Profile]
		if !ok || !cp.Character {
			return bad(ch+".profile", "%q is not a character profile", c.Profile)
		}
		if c.ID == "" {
			return bad(ch+".id", "id is required")
		}
		if c.ID == sp.ID {
			// Only a character alone, or a unit of characters, bears a
			// character's id: were the regiment and its captain both
			// "u", his leaving would leave the regiment under another
			// name (Leaving a unit).
			return bad(ch+".id", "character %q has the id of his unit %q: give them different ids", c.ID, sp.ID)
		}
		if !cp.Type.joinable() || !p.Type.joinable() || p.Fly {
			return bad(ch, "%s (%s) cannot be part of a unit of %s (Joining a unit)", c.ID, cp.Type, p.Type)
		}
		used[cp.Name] = cp
		front = append(front, Model{ID: c.ID, Profile: cp.Name, Role: Character, Wounds: cp.W, General: c.General, BattleStandard: c.BattleStandard})
		u.Points += cp.Points
	}
	for k := range n - len(sp.Command) {
		rest = append(rest, Model{ID: fmt.Sprintf("%s-%d", sp.ID, k+1), Profile: p.Name, Role: RankAndFile, Wounds: p.W})
	}
	u.Points += n * p.Points
	u.Files = sp.Files
	total := len(front) + len(rest)
	if u.Files == 0 {
		u.Files = min(total, 5)
	}
	if u.Files < 1 || u.Files > total {
		return bad(".files", "%d, want 1..%d (the unit's models)", sp.Files, total)
	}
	u.Models = append(front, rest...)
	u.Start = n
	size := func(m Model) (int, int) { return blockSize(cat.Profiles[m.Profile].Base, u.Base) }
	if !u.layout(front, rest, size) {
		return bad(".files", "%d files are narrower than a character's base (Characters: different sized bases)", u.Files)
	}
	return u
}

// layout places the models: those with In the First Rank! in the front
// rank from the centre outwards (overflowing into the next rank), the
// rank-and-file in every other slot, rank by rank; only the rear rank may
// be short. size gives a model's block (files, ranks): a model on a
// larger base than the slots takes the block nearest the centre of the
// frontmost rank with room for it, and the rank-and-file fill round it
// (Characters: different sized bases). It reports false when a block is
// wider than the unit.
func (u *Unit) layout(front, rest []Model, size func(Model) (int, int)) bool {
	for _, m := range front {
		if nf, nr := size(m); nf > 1 || nr > 1 {
			return u.layoutBlocks(front, rest, size)
		}
	}
	u.layoutSlots(front, rest)
	return true
}

// layoutSlots is layout when every model takes one slot.
func (u *Unit) layoutSlots(front, rest []Model) {
	total := len(front) + len(rest)
	nr := (total + u.Files - 1) / u.Files
	u.Ranks = make([][]string, nr)
	for r := range u.Ranks {
		u.Ranks[r] = make([]string, u.Files)
	}
	order := centreOut(u.Files)
	k := 0
	for _, m := range front {
		u.Ranks[k/u.Files][order[k%u.Files]] = m.ID
		k++
	}
	for _, m := range rest {
		for u.Ranks[k/u.Files][order[k%u.Files]] != "" {
			k++
		}
		u.Ranks[k/u.Files][order[k%u.Files]] = m.ID
		k++
	}
}

// centreOut lists a rank's files from the centre outwards.
func centreOut(files int) []int {
	out := make([]int, 0, files)
	c := (files - 1) / 2
	out = append(out, c)
	for d := 1; len(out) < files; d++ {
		if c+d < files {
			out = append(out, c+d)
		}
		if c-d >= 0 && len(out) < files {
			out = append(out, c-d)
		}
	}
	return out
}

// onTable reports whether every base of the unit is on the table.
func (s *State) onTable(u *Unit) bool {
	for _, p := range u.footprint() {
		if p.X < -geom.Eps || p.Y < -geom.Eps || p.X > s.Table[0]+geom.Eps || p.Y > s.Table[1]+geom.Eps {
			return false
		}
	}
	return true
}

// unit finds a unit by id.
func (s *State) unit(id string) *Unit {
	for _, u := range s.Units {
		if u.ID == id {
			return u
		}
	}
	return nil
}

// unitOf finds the unit a model is in.
func (s *State) unitOf(model string) *Unit {
	for _, u := range s.Units {
		if u.model(model) != nil {
			return u
		}
	}
	return nil
}

func (s *State) profile(m *Model) Profile { return s.Profiles[m.Profile] }

// profiles looks up models' profiles for a loop over many models,
// remembering the last one found: a unit's models share a handful of
// profiles, and a lookup copies the whole profile out of the map. The
// profile it returns is good until the next call.
type profiles struct {
	all  map[string]Profile
	name string
	p    Profile
	ok   bool
}

func (s *State) profileCache() profiles { return profiles{all: s.Profiles} }

func (c *profiles) of(m *Model) *Profile {
	if !c.ok || m.Profile != c.name {
		c.name, c.p, c.ok = m.Profile, c.all[m.Profile], true
	}
	return &c.p
}

// rf is the profile of a unit's rank-and-file (its first non-character),
// or of its only model.
func (s *State) rf(u *Unit) Profile {
	for i := range u.Models {
		m := &u.Models[i] // in place: a model is 64 bytes
		if m.Role != Character {
			return s.Profiles[m.Profile]
		}
	}
	return s.Profiles[u.Models[0].Profile]
}

func (s *State) activeSeat() rules.Seat { return s.Seats[s.Active] }

func (s *State) emit(e Event) {
	e.Value = round2(e.Value)
	s.stepped = append(s.stepped, e)
}

// Prompt says who acts now, from the steps table.
func (s *State) Prompt() rules.Prompt {
	seat, ok := s.actor()
	if !ok {
		return rules.Prompt{Kind: rules.GameOver, Window: string(PhaseOver)}
	}
	return rules.Prompt{Kind: rules.Sequential, Seats: []rules.Seat{seat}, Window: string(s.Phase)}
}

func (s *State) actor() (rules.Seat, bool) {
	switch st, _ := stepIn(s.Phase); st.who {
	case activeSeat:
		return s.activeSeat(), true
	case reactor:
		if c := s.openCharge(); c != nil {
			if t := s.unit(c.Target); t != nil {
				return t.Seat, true
			}
		}
	case allocator:
		if s.Pending != nil {
			if s.Rulings.Get("fantasy-allocator") == "owner" {
				if t := s.unit(s.Pending.Target); t != nil {
					return t.Seat, true
				}
			}
			return s.Pending.Attacker, true
		}
	case victor:
		if s.Pursuit != nil {
			return s.Pursuit.Winner, true
		}
	case challenged, challenger:
		if d := s.open(); d != nil {
			if u := s.unit(d.Unit); u != nil {
				if st.who == challenger {
					return u.Seat, true
				}
				return enemySeat(s.combatOf(u), u.Seat), true
			}
		}
	case dispelling:
		if s.Magic != nil && s.Magic.Casting != nil {
			return s.dispeller(), true
		}
	case reactive:
		if u := s.unit(s.Asked); u != nil {
			if seat := enemySeat(s.combatOf(u), s.activeSeat()); seat != "" {
				return seat, true
			}
		}
	case owner:
		if s.Vacancy != nil {
			if u := s.unit(s.Vacancy.Unit); u != nil {
				return u.Seat, true
			}
		}
	}
	return "", false
}

// openCharge is the charge waiting for its reaction.
func (s *State) openCharge() *Charge {
	for i := range s.Charges {
		if s.Charges[i].Reaction == "" {
			return &s.Charges[i]
		}
	}
	return nil
}

func (s *State) Clone() rules.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.Seats = s.Seats // never written after Setup
	// One allocation holds every unit of the copy, one every model, one
	// every rank and one every rank's slots and engaged id: copying the
	// state is most of the cost of a short action.
	c.Units = make([]*Unit, len(s.Units))
	units := make([]Unit, len(s.Units))
	ids, models, ranks := 0, 0, 0
	for _, u := range s.Units {
		for _, r := range u.Ranks {
			ids += len(r)
		}
		ids += len(u.Engage)
		models += len(u.Models)
		ranks += len(u.Ranks)
	}
	sl := slabs{make([]string, 0, ids), make([]Model, 0, models), make([][]string, 0, ranks)}
	for i, u := range s.Units {
		u.cloneInto(&units[i], &sl)
		c.Units[i] = &units[i]
	}
	c.Profiles = s.Profiles // never written after Setup
	c.Rulings = s.Rulings   // never written after Setup
	c.Charges = slices.Clone(s.Charges)
	if s.Pending != nil {
		p := *s.Pending
		p.Eligible = slices.Clone(p.Eligible)
		p.Direct = cloneMap(p.Direct)
		c.Pending = &p
	}
	if s.Vacancy != nil {
		v := *s.Vacancy
		c.Vacancy = &v
	}
	if s.Pursuit != nil {
		c.Pursuit = s.Pursuit.clone()
	}
	if s.Melee != nil {
		c.Melee = s.Melee.clone()
	}
	c.Duels = slices.Clone(s.Duels)
	c.Aims = slices.Clone(s.Aims)
	c.Fought = slices.Clone(s.Fought)
	if s.Magic != nil {
		c.Magic = s.Magic.clone()
	}
	c.Spells = slices.Clone(s.Spells)
	c.Drained = slices.Clone(s.Drained)
	// The points are shared until a copy scores: destroy, the only writer
	// after Setup, replaces the map before writing to it.
	c.Points = s.Points
	c.Awards = slices.Clip(s.Awards)
	if len(s.Reserve) > 0 {
		c.Reserve = make([]*Unit, len(s.Reserve))
		for i, u := range s.Reserve {
			c.Reserve[i] = u.clone()
		}
	}
	if s.Deployment != nil {
		c.Deployment = s.Deployment.clone()
	}
	c.NoFirstCharge = slices.Clone(s.NoFirstCharge)
	c.stepped = nil
	c.panics = nil
	return &c
}

func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return nil
	}
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (u *Unit) clone() *Unit {
	var c Unit
	u.cloneInto(&c, &slabs{})
	return &c
}

// slabs is spare storage a copy of the state carves its units' slices
// from.
type slabs struct {
	ids    []string
	models []Model
	ranks  [][]string
}

// carve copies src into the spare capacity of *slab and returns the copy,
// capped at its length so growing it never writes over the next one. Like
// slices.Clone, nil stays nil and empty stays empty.
func carve[E any](slab *[]E, src []E) []E {
	if len(src) == 0 {
		return slices.Clone(src)
	}
	start := len(*slab)
	*slab = append(*slab, src...)
	return (*slab)[start:len(*slab):len(*slab)]
}

// cloneInto makes c a deep copy of u, its slices carved from sl.
func (u *Unit) cloneInto(c *Unit, sl *slabs) {
	*c = *u
	c.Models = carve(&sl.models, u.Models)
	c.Ranks = carve(&sl.ranks, u.Ranks)
	for i, r := range u.Ranks {
		c.Ranks[i] = carve(&sl.ids, r)
	}
	c.Engage = carve(&sl.ids, u.Engage)
}

// Apply validates and applies an action. It works on a copy and keeps it
// only on success, so a refused action (or dice that run out) changes
// nothing.
func (s *State) Apply(seat rules.Seat, a rules.Action, d dice.Source) ([]rules.Event, error) {
	if s.Phase == PhaseOver {
		return nil, rules.Errorf(rules.CodeGameOver, "", "the game is over")
	}
	if who, ok := s.actor(); !ok || who != seat {
		return nil, rules.Errorf(rules.CodeNotYourTurn, "", "%s may not act now: the game waits for %s (%s)", seat, who, s.Phase)
	}
	if st, _ := stepIn(s.Phase); !slices.Contains(st.kinds, ActionKind(a.Kind())) {
		return nil, rules.Errorf(rules.CodeWrongWindow, "", "%s does not belong to the %s step (it takes %s)", a.Kind(), s.Phase, joinKinds(st.kinds))
	}
	r := roller{d}
	if inPlace(a) && dice.IsInfallible(d) {
		return s.fightInPlace(seat, a, r)
	}
	c := s.clone()
	if err := c.apply(seat, a, r); err != nil {
		return nil, err
	}
	if err := c.afterChargeMoves(r); err != nil {
		return nil, err
	}
	if err := c.afterCast(r); err != nil {
		return nil, err
	}
	if err := c.panicTests(r); err != nil {
		return nil, err
	}
	// Each event travels as a pointer into the one array the action
	// filled: a value in an interface would cost an allocation apiece.
	events := make([]rules.Event, len(c.stepped))
	for i := range c.stepped {
		events[i] = &c.stepped[i]
	}
	c.stepped = nil
	*s = *c
	return events, nil
}

// inPlace reports the actions whose every refusal comes before their
// first change, so that with dice that cannot fail they may run on the
// state itself: a round of close combat, and the Magic phase's actions.
func inPlace(a rules.Action) bool {
	switch a.(type) {
	case Fight, Cast, Dispel, NoDispel, DispelInPlay, EndMagic:
		return true
	}
	return false
}

// fightInPlace applies a Fight (or another action inPlace lists) to the
// state itself. A round refuses only before its first change (checkFight,
// and the questions of a challenge and Make Way!, which change nothing),
// and so does a Magic phase action (checkCast, checkDispel,
// checkDispelInPlay); after that only the dice could fail, and this source
// cannot. The copy Apply otherwise works on would cost about a sixth of
// the round.
func (s *State) fightInPlace(seat rules.Seat, a rules.Action, r roller) ([]rules.Event, error) {
	s.stepped = nil
	if err := s.apply(seat, a, r); err != nil {
		s.stepped, s.panics = nil, nil
		return nil, err
	}
	if err := s.afterCast(r); err != nil {
		s.stepped, s.panics = nil, nil
		return nil, err
	}
	if err := s.panicTests(r); err != nil {
		s.stepped, s.panics = nil, nil
		return nil, err
	}
	events := make([]rules.Event, len(s.stepped))
	for i := range s.stepped {
		events[i] = &s.stepped[i]
	}
	s.stepped = nil
	return events, nil
}

// roller takes d6s from a dice source.
type roller struct{ src dice.Source }

// d6 rolls one die; a source that fails stops the action.
func (r roller) d6() (int, error) {
	f, err := dice.RollDie(r.src, 6)
	if err != nil {
		return 0, rules.Errorf(rules.CodeDice, "", "%v", err)
	}
	return f, nil
}

// appendD6s rolls n dice onto dst.
func (r roller) appendD6s(dst []int, n int) ([]int, error) {
	for range n {
		f, err := r.d6()
		if err != nil {
			return nil, err
		}
		dst = append(dst, f)
	}
	return dst, nil
}

// d6s rolls n dice.
func (r roller) d6s(n int) ([]int, error) {
	out := make([]int, n)
	for i := range out {
		f, err := r.d6()
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

func (s *State) apply(seat rules.Seat, a rules.Action, r roller) error {
	switch a := a.(type) {
	case Deploy:
		return s.deploy(seat, a, r)
	case EndVanguard:
		return s.endVanguard(seat, r)
	case FirstTurn:
		return s.chooseFirst(a)
	case Move:
		if s.Phase == PhaseVanguard {
			return s.vanguard(seat, a, r)
		}
		return s.move(a, r)
	case DeclareCharge:
		return s.declareCharge(a, r)
	case EndCharges:
		return s.endCharges()
	case React:
		return s.react(a, r)
	case ChargeMove:
		return s.chargeMove(a, r)
	case Reform:
		return s.reform(a)
	case Join:
		return s.join(a)
	case Leave:
		return s.leave(a)
	case EndMovement:
		return s.startMagic(r)
	case Cast:
		return s.cast(a, r)
	case Dispel:
		return s.dispel(a, r)
	case NoDispel:
		return s.noDispel(r)
	case DispelInPlay:
		return s.dispelInPlay(a, r)
	case EndMagic:
		return s.endMagic()
	case Shoot:
		return s.shoot(a, r)
	case EndShooting:
		s.Phase = PhaseCombat
		s.newPanicPhase()
		return nil
	case Allocate:
		return s.allocate(a, r)
	case MoveUp:
		return s.moveUp(a, r)
	case Fight:
		return s.fight(a, r)
	case Challenge:
		return s.challenge(a, seat)
	case Accept:
		return s.accept(a, r)
	case Refuse:
		return s.refuse(r)
	case Retire:
		return s.retire(a, r)
	case MakeWay:
		return s.makeWay(a, seat)
	case NoChallenge:
		return s.noChallenge(a, seat, r)
	case EndTurn:
		return s.endTurn()
	case Pursue:
		return s.pursue(a, r)
	}
	return rules.Errorf(rules.CodeUnknown, "", "unknown action %s", a.Kind())
}

// View is what every viewer sees: the whole table. The game as modelled
// has no hidden information (no hidden deployment, no secret army lists,
// no magic items; the power and dispel pools are on the table), so the
// view is the same for players and spectators.
type View struct {
	Terrain []Piece            `json:"terrain,omitempty"`
	Round   int                `json:"round"`
	Rounds  int                `json:"rounds"`
	Active  rules.Seat         `json:"active"`
	Phase   Phase              `json:"phase"`
	Units   map[string]any     `json:"units"`
	Charges []Charge           `json:"charges,omitempty"`
	Pending *Volley            `json:"pending,omitempty"`
	Vacancy *Vacancy           `json:"vacancy,omitempty"`
	Pursuit *Pursuit           `json:"pursuit,omitempty"`
	Duels   []Duel             `json:"duels,omitempty"`
	Asked   string             `json:"asked,omitempty"`
	Melee   *Melee             `json:"melee,omitempty"`
	Magic   *Magic             `json:"magic,omitempty"`
	Spells  []InPlay           `json:"spells,omitempty"`
	Points  map[rules.Seat]int `json:"points"`
	Winner  rules.Seat         `json:"winner,omitempty"`
	// Awards are the victory points scored, award by award.
	Awards []Award `json:"awards,omitempty"`
	// Result is the end of the battle in words, once it is over.
	Result string `json:"result,omitempty"`
	// Zones, Reserve and Deployment are the pitched battle's setting up:
	// the sides' zones, the units waiting (by id), the setting up's state.
	Zones      []Zone         `json:"zones,omitempty"`
	Reserve    map[string]any `json:"reserve,omitempty"`
	Deployment *Deployment    `json:"deployment,omitempty"`
	// NoFirstCharge are the units that may not charge in the first turn.
	NoFirstCharge []string `json:"noFirstCharge,omitempty"`
}

// Observe is the table as every viewer sees it.
func (s *State) Observe(v rules.Viewer) any {
	// The view shares nothing with the state: what a viewer does with it
	// cannot reach back into the game.
	c := s.clone()
	view := View{Terrain: clonePieces(s.Terrain), Round: s.Round, Rounds: s.Rounds, Active: s.activeSeat(), Phase: s.Phase, Units: map[string]any{},
		Charges: c.Charges, Pending: c.Pending, Vacancy: c.Vacancy, Pursuit: c.Pursuit, Duels: c.Duels, Asked: s.Asked, Melee: c.Melee, Magic: c.Magic, Spells: c.Spells, Points: cloneMap(s.Points), Winner: s.Winner,
		Awards: slices.Clone(s.Awards), Result: s.Result(), Zones: slices.Clone(s.Zones), Deployment: c.Deployment, NoFirstCharge: c.NoFirstCharge}
	if len(s.Reserve) > 0 {
		view.Reserve = map[string]any{}
		for _, u := range s.Reserve {
			view.Reserve[u.ID] = rawUnit(u)
		}
	}
	for _, u := range s.Units {
		view.Units[u.ID] = rawUnit(u)
	}
	return view
}

// rawUnit is a unit as the view shows it: its fields, the count of its
// models as models and their list as modelList.
func rawUnit(u *Unit) map[string]any {
	var raw map[string]any
	b, _ := json.Marshal(u)
	_ = json.Unmarshal(b, &raw)
	raw["models"] = len(u.Models)
	raw["modelList"] = u.Models
	return raw
}

// Redact shows every event to every viewer: nothing in this game is
// private.
func (s *State) Redact(e rules.Event, v rules.Viewer) (rules.Event, bool) { return e, true }

// RedactAction shows every action to every viewer, for the same reason.
func (s *State) RedactAction(seat rules.Seat, a rules.Action, v rules.Viewer) (rules.Action, bool) {
	return a, true
}

func (*Ruleset) DecodeAction(b []byte) (rules.Action, error) {
	if len(b) > maxJSON {
		return nil, rules.Errorf(rules.CodeBadAction, "", "action of %d bytes, more than %d", len(b), maxJSON)
	}
	return actionCodec.Decode(b)
}

// maxJSON bounds an action or event read from outside.
const maxJSON = 64 << 10

func (*Ruleset) DecodeEvent(b []byte) (rules.Event, error) {
	if len(b) > maxJSON {
		return nil, rules.Errorf(rules.CodeBadAction, "", "event of %d bytes, more than %d", len(b), maxJSON)
	}
	v, err := eventCodec.Decode(b)
	if err != nil {
		return nil, err
	}
	var k struct {
		Kind string `json:"kind"`
	}
	_ = json.Unmarshal(b, &k)
	e := Event(v.(eventBody))
	e.What = k.Kind
	return &e, nil
}

// DecodeState reads a state and refuses one Setup and Apply could not
// have made, so that no method can panic on it.
func (*Ruleset) DecodeState(b []byte) (rules.State, error) {
	if len(b) > 16<<20 {
		return nil, rules.Errorf(CodeBadState, "", "state of %d bytes is too large", len(b))
	}
	var s State
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, rules.Errorf(CodeBadState, "", "%v", err)
	}
	if err := s.validate(); err != nil {
		return nil, rules.Errorf(CodeBadState, "", "%v", err)
	}
	return &s, nil
}
