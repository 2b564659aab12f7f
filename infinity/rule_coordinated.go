package infinity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/geom"
	"github.com/ordo-rules/ordo/rules"
)

// Coordinated Orders (N4; docs/RULES.md names the wiki revision followed).
// One Command Token and one Regular Order from the pool of their combat
// group activate up to four troopers at once, during the Orders Phase of
// the army's Active Turn. One of them is the Spearhead; all declare the
// same skills, against the same single target where a skill has one; all
// have the same Training (Regular or Irregular) and belong to that combat
// group.
//
// Ordo keeps the Order as one Order of the Spearhead (Order.Trooper) with
// the other participants in Order.Team, as a Fireteam Order keeps its
// members: a Move is performed by every participant along its own route
// (Coordinate.Team, Second.Team; a participant given no route stays where
// it stands), AROs are declared against any participant (each reactive
// trooper picks one), and the participants' movement happens with the
// Spearhead's in the Effects step.
//
// A BS Attack is made by every participant against the Spearhead's target:
// the Spearhead with half its Burst (bonuses included), rounded up, every
// other participant with Burst 1. A participant that does not meet the
// attack's requirements (Line of Fire, range, a weapon fit for it) when
// the Order is resolved performs an Idle instead, while the others attack.
// A CC Attack is made by the Spearhead alone, with +1 Burst for each other
// participant in silhouette contact with the target. Ordo plays Coordinated
// Orders of Move, BS Attack (one target, not split, not Guided), CC Attack
// and Idle; any other skill is refused with that reason.
//
// A trooper in a Fireteam does not join one (a Regular Order spent on it is
// its Fireteam's Order), nor does a G: Jumper Proxy other than the
// Spearhead (one Order for the whole G: Jumper), a trooper in Hidden
// Deployment or in reserve (its Order places it on the table).

const ruleCoordinated = "Coordinated Orders (N4)"

// MaxCoordinated is the most troopers a Coordinated Order activates
// (Coordinated Orders (N4)).
const MaxCoordinated = 4

// KindCoordinate is Coordinate's kind.
const KindCoordinate ActionKind = "coordinate"

// Coordinate declares a Coordinated Order: its Spearhead, the other
// participants, and the first skill they all declare. Team gives the
// other participants' routes when the skill is a Move.
type Coordinate struct {
	Spearhead string     `json:"spearhead"`
	Followers []string   `json:"followers"`
	Skill     Skill      `json:"skill"`
	Team      []TeamMove `json:"team,omitempty"`
}

func (Coordinate) Kind() string { return string(KindCoordinate) }

// Coordinated is a Coordinated Order declared: the Command Token spent
// and who takes part (public: the troopers are activated in the open).
type Coordinated struct {
	Seat      rules.Seat `json:"seat"`
	Spearhead string     `json:"spearhead"`
	Followers []string   `json:"followers"`
	Group     string     `json:"group"`
	Tokens    int        `json:"tokens"` // Command Tokens left
}

func (Coordinated) Kind() string { return "coordinated" }

func (a Coordinate) String() string {
	s := fmt.Sprintf("Coordinated Order (a Command Token and a Regular Order): %s the Spearhead with %s, %s", a.Spearhead, strings.Join(a.Followers, ", "), a.Skill)
	for _, m := range a.Team {
		if len(m.Route) > 0 {
			s += fmt.Sprintf("; %s to %s", m.Trooper, point(m.Route[len(m.Route)-1]))
		}
	}
	return s
}

func (e Coordinated) String() string {
	return fmt.Sprintf("%s spends a Command Token: a Coordinated Order of combat group %s, %s the Spearhead with %s (%d Command Tokens left)", e.Seat, e.Group, e.Spearhead, strings.Join(e.Followers, ", "), e.Tokens)
}

// coordinatedSkill refuses a skill Ordo does not play in a Coordinated
// Order.
func coordinatedSkill(k *Skill) error {
	switch k.Name {
	case SkillMove, SkillIdle, SkillCCAttack:
		return nil
	case SkillBSAttack:
		if len(k.Split) > 0 || k.Guided || k.Burst > 0 {
			return rules.Errorf(rules.CodeIllegal, ruleCoordinated, "every participant attacks the same single target: no split Burst, no chosen Burst, no Guided attack")
		}
		return nil
	}
	return rules.Errorf(rules.CodeIllegal, ruleCoordinated, "Ordo plays Coordinated Orders of Move, BS Attack, CC Attack and Idle, not %s", k.Name)
}

// coordinateBar says why trooper t cannot join a Coordinated Order whose
// Spearhead is sp (t may be sp), or "".
func (s *State) coordinateBar(t, sp int) (rule, why string) {
	tr := &s.Troopers[t]
	switch {
	case tr.Group != s.Troopers[sp].Group:
		return ruleCoordinated, fmt.Sprintf("%s is in combat group %s, the Spearhead in %s: a Coordinated Order activates troopers of one combat group", tr.ID, tr.Group, s.Troopers[sp].Group)
	case s.profile(t).Irregular != s.profile(sp).Irregular:
		return ruleCoordinated, fmt.Sprintf("%s is %s and the Spearhead %s: a Coordinated Order joins troopers of the same Training", tr.ID, training(s.profile(t).Irregular), training(s.profile(sp).Irregular))
	case s.fireteam(t) != nil:
		return ruleFireteam, tr.ID + " is in a Fireteam: a Regular Order spent on it is its Fireteam's Order, not a Coordinated Order"
	case tr.States.Hidden:
		return "Hidden Deployment (N4)", tr.ID + " is in Hidden Deployment: its Order places it on the table alone"
	case tr.States.marker():
		// Its combat group and Training are private while it is a marker,
		// and the Order names its participants to the opponent.
		return ruleCoordinated, tr.ID + " is a marker (Camouflaged or Impersonation): Ordo does not let a marker join a Coordinated Order, which would tell its combat group and Training"
	case tr.States.Reserve:
		return "Combat Jump (N4)", tr.ID + " is in reserve: it comes on the table only by its own Order"
	case t != sp && tr.Jumper != "":
		return "G: Jumper (N4, PDF 2.1)", tr.ID + " is a G: Jumper Proxy: the G: Jumper's Order is the Spearhead's in Ordo, never a follower's"
	}
	return "", ""
}

func training(irregular bool) string {
	if irregular {
		return "Irregular"
	}
	return "Regular"
}

// checkCoordinate validates a Coordinated Order and returns the Order it
// starts: the Spearhead's, with the other participants to activate.
func (s *State) checkCoordinate(a *Coordinate) (*Order, error) {
	seat := s.active()
	if err := s.tokenBar(seat, "a Coordinated Order"); err != nil {
		return nil, err
	}
	if err := coordinatedSkill(&a.Skill); err != nil {
		return nil, err
	}
	sp, ok := s.activeTrooper(a.Spearhead)
	if !ok {
		return nil, rules.Errorf(rules.CodeBadAction, ruleCoordinated, "the Spearhead %q is not a trooper of %s", a.Spearhead, seat)
	}
	switch {
	case len(a.Followers) == 0:
		return nil, rules.Errorf(rules.CodeBadAction, ruleCoordinated, "a Coordinated Order names the troopers that join the Spearhead")
	case 1+len(a.Followers) > MaxCoordinated:
		return nil, rules.Errorf(rules.CodeIllegal, ruleCoordinated, "up to %d troopers take part in a Coordinated Order, not %d", MaxCoordinated, 1+len(a.Followers))
	}
	followers := make([]int, 0, len(a.Followers))
	for i, id := range append([]string{a.Spearhead}, a.Followers...) {
		t, ok := s.activeTrooper(id)
		if !ok {
			return nil, rules.Errorf(rules.CodeBadAction, ruleCoordinated, "%q is not a trooper of %s", id, seat)
		}
		if t == sp && i > 0 || slices.Contains(followers, t) {
			return nil, rules.Errorf(rules.CodeBadAction, ruleCoordinated, "%s is named twice", id)
		}
		if rule, why := s.coordinateBar(t, sp); why != "" {
			return nil, rules.Errorf(rules.CodeIllegal, rule, "%s", why)
		}
		if err := s.canSpend(t, OrderRegular); err != nil {
			return nil, err
		}
		tr := &s.Troopers[t]
		if err := stateAllows(&tr.States, tr.ID, a.Skill.Name); err != nil {
			return nil, err
		}
		if i > 0 {
			followers = append(followers, t)
		}
	}
	m := s.modelOf(sp)
	o := &Order{Trooper: sp, Model: m, Source: OrderRegular, Coordinated: true}
	o.Path = o.pathBuf[:1]
	o.Path[0] = s.Models[m].At
	if err := s.canDeclare(o, &a.Skill, true); err != nil {
		return nil, err
	}
	if len(a.Team) > 0 {
		if err := s.checkTeamMoves(o, &a.Skill, a.Team, true, followers, s.teamPaths(nil, followers), ruleCoordinated); err != nil {
			return nil, err
		}
	}
	o.Team = make([]TeamMember, len(followers))
	for i, f := range followers {
		fm := s.modelOf(f)
		o.Team[i] = TeamMember{Trooper: f, Model: fm, Path: [][2]float64{s.Models[fm].At}}
	}
	return o, nil
}

// coordinate declares the Coordinated Order: the Command Token, then the
// Spearhead's activation with the others activated beside it.
func (s *State) coordinate(a Coordinate, o *Order) ([]rules.Event, error) {
	seat := s.active()
	army := s.army(seat)
	s.spendToken(seat)
	events := []rules.Event{Coordinated{Seat: seat, Spearhead: a.Spearhead, Followers: slices.Clone(a.Followers), Group: s.Troopers[o.Trooper].Group, Tokens: army.CommandTokens}}
	s.followMoves(o, a.Team)
	for _, m := range o.Team {
		f := m.Trooper
		if s.revealsOnDeclaring(f, a.Skill.Name) {
			events = append(events, s.reveal(f, "declared "+string(a.Skill.Name))...)
		}
		events = append(events, s.leaveSuppressive(f, "activated")...)
	}
	ev, err := s.activate(Activate{Trooper: a.Spearhead, Order: OrderRegular, Skill: a.Skill}, o)
	if err != nil {
		return nil, err
	}
	return append(events, ev...), nil
}

// checkCoordinatedSecond checks the second skill of a Coordinated Order:
// one Ordo plays, which every participant declares.
func (s *State) checkCoordinatedSecond(a *Second) error {
	if !s.Order.Coordinated {
		return nil
	}
	if a.AttackFrom != nil {
		return rules.Errorf(rules.CodeIllegal, ruleCoordinated, "every participant attacks where it stands when it declares the attack: no attackFrom")
	}
	if err := coordinatedSkill(&a.Skill); err != nil {
		return err
	}
	for _, m := range s.Order.Team {
		tr := &s.Troopers[m.Trooper]
		if err := stateAllows(&tr.States, tr.ID, a.Skill.Name); err != nil {
			return err
		}
	}
	return nil
}

// followerSkill is participant f's copy of the Spearhead's attack k: the
// same target, with the weapon of that name if f carries it, else f's
// first BS Weapon that is neither a template nor Smoke.
func (s *State) followerSkill(f int, k Skill) Skill {
	k.From, k.Ammo, k.Burst = nil, "", 0
	if k.Weapon != "" {
		if _, err := s.weaponRef(f, &k); err == nil {
			return k
		}
	}
	k.Weapon = ""
	ws := s.weapons(f)
	for i, id := range s.profile(f).Weapons {
		w := ws[i]
		if w == nil || !weaponFits(w, k.Name) || isDirectTemplate(w) || isImpact(w) || smokeAttack(w, &k) {
			continue
		}
		k.Weapon = id
		return k
	}
	k.Weapon = "-"
	return k
}

// followerRolls counts the other participants' attack rolls of the
// Coordinated Order in progress (rollers sizes its block with it).
func (s *State) followerRolls() int {
	o := s.Order
	if !o.Coordinated {
		return 0
	}
	n := 0
	for _, k := range []*Skill{&o.First, o.Second} {
		if k != nil && k.Name == SkillBSAttack {
			n += len(o.Team)
		}
	}
	return n
}

// followerRollers sets, in the block, each other participant's BS Attack
// copying k (the first skill when second is false) and appends them to
// out.
func (s *State) followerRollers(block []roller, out []*roller, k *Skill, second bool, mem *rollMem) ([]roller, []*roller) {
	o := s.Order
	for _, tm := range o.Team {
		block = block[:len(block)+1]
		r := &block[len(block)-1]
		r.trooper, r.skill, r.active, r.burst, r.mem = tm.Trooper, s.followerSkill(tm.Trooper, *k), true, 1, mem
		// Where it stands when it attacks: the start of the Order for a
		// first skill, the end of its Move for a second one.
		r.from = tm.Path[0]
		if second {
			r.from = tm.Path[len(tm.Path)-1]
		}
		tgt := s.targetModel(k.Target, s.Troopers[o.Trooper].Seat)
		if tgt < 0 || s.Models[tm.Model].Removed {
			r.idle = true
			out = append(out, r)
			continue
		}
		r.target, r.to = s.Models[tgt].Trooper, s.Models[tgt].At
		out = append(out, r)
	}
	return block, out
}

// followerRequirements checks another participant's attack at
// Resolution: a weapon fit for it and Line of Fire to the target from
// where it attacks; "" when it may attack (range is checked after, as for
// any attack). A participant that fails performs an Idle instead
// (Coordinated Orders (N4)).
func (s *State) followerRequirements(r *roller) string {
	if r.skill.Weapon == "-" {
		return fmt.Sprintf("%s has no BS Weapon for the Coordinated Order's attack", s.Troopers[r.trooper].ID)
	}
	tmp := Order{Trooper: r.trooper, Model: s.modelOf(r.trooper), Path: [][2]float64{r.from}}
	if tmp.Model < 0 {
		return "it is no longer on the table"
	}
	k := r.skill
	if err := s.checkAttack(&tmp, &k); err != nil {
		if re, ok := err.(*rules.RuleError); ok {
			return re.Message()
		}
		return err.Error()
	}
	return ""
}

// isFollower reports a roller of a Coordinated Order's participant other
// than the Spearhead.
func (s *State) isFollower(r *roller) bool {
	o := s.Order
	return r.active && o != nil && o.Coordinated && r.trooper != o.Trooper
}

// coordinatedBurst is the Spearhead's Burst in a Coordinated Order: half
// its Burst with every bonus, rounded up; in CC, +1 for each other
// participant in silhouette contact with the target (Coordinated Orders
// (N4)).
func (s *State) coordinatedBurst(r *roller, burst int) int {
	o := s.Order
	if !r.active || o == nil || !o.Coordinated || r.trooper != o.Trooper {
		return burst
	}
	burst = (burst + 1) / 2
	if r.skill.Name != SkillCCAttack || r.target < 0 {
		return burst
	}
	tm := s.modelOf(r.target)
	if tm < 0 {
		return burst
	}
	target := s.baseAt(tm, r.to)
	for _, m := range o.Team {
		if s.Models[m.Model].Removed {
			continue
		}
		at := m.Path[len(m.Path)-1]
		if geom.InContact(s.baseAt(m.Model, at), target) {
			burst++
		}
	}
	return burst
}

// coordinateCandidates are the menu's Coordinated Orders for the active
// army: in each combat group, the first trooper (in army order) that may
// be a Spearhead with up to three others of its group that may join it,
// nearest first, moving in formation along each heading, attacking each
// enemy model, or Idle. Each trooper of the group that may not join is
// offered once beside the Spearhead, greyed with its reason; without a
// Command Token one Coordinated Order is offered, greyed with that.
// (Any other valid Coordinated Order may be sent.)
func (s *State) coordinateCandidates(out []rules.Action) []rules.Action {
	seat := s.active()
	army := s.army(seat)
	for g := range army.Groups {
		sp := -1
		for t := range s.Troopers {
			tr := &s.Troopers[t]
			if tr.Seat == seat && tr.Group == army.Groups[g].Name && s.mayCoordinate(t, t) {
				sp = t
				break
			}
		}
		if sp < 0 {
			continue
		}
		id := s.Troopers[sp].ID
		var near []int
		for t := range s.Troopers {
			tr := &s.Troopers[t]
			if t == sp || tr.Seat != seat || tr.Group != s.Troopers[sp].Group || tr.States.Null() || s.modelOf(t) < 0 {
				continue
			}
			if !s.mayCoordinate(t, sp) {
				if _, why := s.coordinateBar(t, sp); why != "" {
					out = append(out, Coordinate{Spearhead: id, Followers: []string{tr.ID}, Skill: Skill{Name: SkillIdle}})
				}
				continue
			}
			near = append(near, t)
		}
		if len(near) == 0 {
			continue
		}
		at := s.Models[s.modelOf(sp)].At
		slices.SortStableFunc(near, func(x, y int) int {
			dx, dy := s.distFrom(at, x), s.distFrom(at, y)
			switch {
			case dx < dy:
				return -1
			case dx > dy:
				return 1
			}
			return 0
		})
		near = near[:min(len(near), MaxCoordinated-1)]
		ids := make([]string, len(near))
		for i, t := range near {
			ids[i] = s.Troopers[t].ID
		}
		if !s.canSpendToken(seat) {
			out = append(out, Coordinate{Spearhead: id, Followers: ids, Skill: Skill{Name: SkillIdle}})
			continue
		}
		out = append(out, Coordinate{Spearhead: id, Followers: ids, Skill: Skill{Name: SkillIdle}})
		mov := float64(s.profile(sp).MOV[0])
		for _, t := range near {
			mov = min(mov, float64(s.profile(t).MOV[0]))
		}
		for _, u := range headings {
			d := [2]float64{mov * u[0], mov * u[1]}
			team := make([]TeamMove, len(near))
			for i, t := range near {
				p := s.Models[s.modelOf(t)].At
				team[i] = TeamMove{Trooper: ids[i], Route: [][2]float64{{p[0] + d[0], p[1] + d[1]}}}
			}
			out = append(out, Coordinate{Spearhead: id, Followers: ids, Skill: Skill{Name: SkillMove, Route: [][2]float64{{at[0] + d[0], at[1] + d[1]}}}, Team: team})
		}
		for m := range s.Models {
			e := s.Models[m].Trooper
			if s.Models[m].Removed || s.Troopers[e].Seat == seat || s.Troopers[e].concealed() {
				continue
			}
			out = append(out, Coordinate{Spearhead: id, Followers: ids, Skill: Skill{Name: SkillBSAttack, Target: s.publicName(e)}})
		}
	}
	return out
}

// mayCoordinate reports whether trooper t may take part in a Coordinated
// Order with Spearhead sp now, before any skill is named.
func (s *State) mayCoordinate(t, sp int) bool {
	if rule, _ := s.coordinateBar(t, sp); rule != "" {
		return false
	}
	return s.spendBar(t, OrderRegular) == spendOK && s.modelOf(t) >= 0
}

// coordinateAction is the Coordinated Order's entry in the Orders Phase
// (stepOrders lists it). It is written out rather than made by act, whose
// closures would be allocated at start-up (cmd/ordo's start-up budget).
var coordinateAction = stepAction{
	kind: KindCoordinate,
	is: func(a rules.Action) bool {
		switch a.(type) {
		case Coordinate, *Coordinate:
			return true
		}
		return false
	},
	check: func(s *State, a rules.Action, _ *Order) (checked, error) {
		x, ok := actionRef[Coordinate](a)
		if !ok {
			return checked{}, unknownAction(a)
		}
		o, err := s.checkCoordinate(x)
		return checked{order: o}, err
	},
	apply: func(s *State, a rules.Action, c checked, _ dice.Source) ([]rules.Event, error) {
		x, _ := asAction[Coordinate](a)
		return s.coordinate(x, c.order)
	},
}
