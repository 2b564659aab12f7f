package infinity

import (
	"slices"
	"strconv"

	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// View is what one viewer may see of a game: everything public, and the
// private facts of the seats it may see.
type View struct {
	Round    int           `json:"round"`
	Rounds   int           `json:"rounds"`
	Active   rules.Seat    `json:"active"`
	Phase    Phase         `json:"phase"`
	Prompt   rules.Prompt  `json:"prompt"`
	Armies   []ArmyView    `json:"armies"`
	Troopers []TrooperView `json:"troopers"`
	Models   []ModelView   `json:"models"`
	Order    *OrderView    `json:"order,omitempty"`
	// Templates are the templates on the table (view_template.go).
	Templates []TemplateView `json:"templates,omitempty"`
	// Scenery are the Hackable Scenery Items in their states
	// (rule_scenery.go), public.
	Scenery []SceneryItem `json:"scenery,omitempty"`
	// Mission is the mission played, its score and pre-game, public
	// (rule_mission.go).
	Mission *MissionView `json:"mission,omitempty"`
}

// ModelView is a model as the viewer sees it: an enemy marker shows its
// label, not its trooper.
type ModelView struct {
	ID      string     `json:"id"`
	Trooper string     `json:"trooper"`
	At      [2]float64 `json:"at"`
	Facing  float64    `json:"facing"`
	S       int        `json:"s"`
	Removed bool       `json:"removed,omitempty"`
}

// OrderView is the Order in progress as the viewer sees it.
type OrderView struct {
	Trooper string       `json:"trooper"`
	Source  OrderSource  `json:"source"`
	Step    Step         `json:"step"`
	First   Skill        `json:"first"`
	Second  *Skill       `json:"second,omitempty"`
	Path    [][2]float64 `json:"path"`
	// Team are the other members a Fireteam Order activates, each with
	// its path (Fireteams (N4)).
	Team []TeamMemberView `json:"team,omitempty"`
	// Coordinated: a Coordinated Order, Trooper its Spearhead and Team
	// the other participants (Coordinated Orders (N4)).
	Coordinated bool `json:"coordinated,omitempty"`
}

// TeamMemberView is a Fireteam member the Order activates, as the viewer
// names it, and its path.
type TeamMemberView struct {
	Trooper string       `json:"trooper"`
	Path    [][2]float64 `json:"path"`
}

// ArmyView is an army as the viewer sees it.
type ArmyView struct {
	Seat             rules.Seat `json:"seat"`
	Groups           []Group    `json:"groups"`
	LieutenantOrders int        `json:"lieutenantOrders,omitempty"` // owner only
	LossOfLieutenant bool       `json:"lossOfLieutenant"`
	Retreat          bool       `json:"retreat,omitempty"` // Retreat! (N4): public
	CommandTokens    int        `json:"commandTokens"`
	// TokenCap is the one Command Token the army may spend this turn, set
	// by the opponent's Strategic Use (0: no limit).
	TokenCap int    `json:"tokenCap,omitempty"`
	Notes    string `json:"notes,omitempty"` // owner only
	// Fireteams are the army's Fireteams (Fireteams (N4)): public.
	Fireteams []Fireteam `json:"fireteams,omitempty"`
}

// TrooperView is a trooper as the viewer sees it.
type TrooperView struct {
	ID              string     `json:"id"`
	Seat            rules.Seat `json:"seat"`
	Profile         string     `json:"profile"`
	Group           string     `json:"group"`
	Lieutenant      bool       `json:"lieutenant,omitempty"` // owner only
	Wounds          int        `json:"wounds"`
	States          []string   `json:"states"`
	IrregularOrders int        `json:"irregularOrders,omitempty"`
	Models          []string   `json:"models"`
	// Marker: an enemy marker (Camouflaged, Impersonation); ID is its
	// label, States its kind, and nothing else of the trooper is shown.
	Marker bool `json:"marker,omitempty"`
	// Label is the label the enemy knows one's own marker by, for the
	// viewers who see the trooper behind it.
	Label string `json:"label,omitempty"`
	// Public is the public label the enemy knows the trooper by once in
	// the open (labels.go), for the viewers who see it by its id: the
	// opponent's actions name it so.
	Public string `json:"public,omitempty"`
	// Jumper names a Proxy's G: Jumper, and Active marks the Proxy with
	// the Active Proxy Token, which is on the table for all to see.
	Jumper string `json:"jumper,omitempty"`
	Active bool   `json:"active,omitempty"`
	// Owner is the army a Possessed trooper belongs to, while Seat is the
	// player who controls it (Possessed (N4)); public, as the state is.
	Owner rules.Seat `json:"owner,omitempty"`
}

// Observe is the state as v may see it. The Lieutenant's identity, the
// Lieutenant Special Orders and a player's notes are private to their
// owner (Loss of Lieutenant (N4); Army list and Combat Groups (N4)).
func (s *State) Observe(v rules.Viewer) any {
	view := View{Round: s.Round, Rounds: s.Rounds, Phase: s.Phase, Prompt: s.Prompt()}
	if s.Phase != PhaseOver {
		view.Active = s.active()
	}
	// The lists of the view are sized once, and the troopers' states and
	// model ids, and the armies' groups, are laid end to end in one slice
	// each: the server builds every viewer's observation after every
	// action.
	if len(s.Armies) > 0 {
		view.Armies = make([]ArmyView, 0, len(s.Armies))
	}
	ngroups := 0
	for i := range s.Armies {
		ngroups += len(s.Armies[i].Groups)
	}
	groups := make([]Group, 0, ngroups)
	for i := range s.Armies {
		a := &s.Armies[i]
		av := ArmyView{Seat: a.Seat, LossOfLieutenant: a.LossOfLieutenant, Retreat: a.Retreat, CommandTokens: a.CommandTokens, TokenCap: a.TokenCap, Fireteams: s.fireteamViews(a, v)}
		if a.Groups != nil {
			k := len(groups)
			groups = append(groups, a.Groups...)
			av.Groups = groups[k:len(groups):len(groups)]
			if !v.Sees(a.Seat) {
				// The enemy knows the groups by their public labels.
				for g := range av.Groups {
					av.Groups[g].Name = groupNumber(g)
				}
			}
		}
		if v.Sees(a.Seat) {
			av.LieutenantOrders, av.Notes = a.LieutenantOrders, a.Notes
		}
		view.Armies = append(view.Armies, av)
	}
	// Enemy markers come after the troopers in the open, in the order of
	// their labels: in army-list order, their order would tell which
	// trooper each one is.
	var markers []TrooperView
	var markerModels []ModelView
	if len(s.Troopers) > 0 {
		view.Troopers = make([]TrooperView, 0, len(s.Troopers))
	}
	names := make([]string, 0, 2*len(s.Troopers))
	ids := make([]string, 0, len(s.Models))
	for i := range s.Troopers {
		t := &s.Troopers[i]
		sees := v.Sees(t.Seat)
		switch {
		case !sees && t.States.Hidden:
			// Not on the table: nothing of it shows (Hidden Deployment (N4)).
			continue
		case !sees && t.States.marker():
			markers = append(markers, TrooperView{ID: t.Marker, Seat: t.Seat, States: []string{t.States.markerState()}, Models: []string{t.Marker}, Marker: true, Active: t.Active, Lieutenant: t.KnownLieutenant})
			continue
		}
		k := len(names)
		names = t.States.appendNames(names)
		tv := TrooperView{ID: t.ID, Seat: t.Seat, Profile: t.Profile, Group: s.groupAs(v, t.Seat, t.Group), Wounds: t.Wounds,
			States: names[k:len(names):len(names)], IrregularOrders: t.IrregularOrders, Jumper: t.Jumper, Active: t.Active, Label: t.Marker}
		if s.knows(v, i) {
			tv.Public = t.Label
		} else {
			// The opponent and spectators know it by its public label.
			tv.ID, tv.Jumper = s.label(i), s.jumperLabel(i)
		}
		if sees || t.KnownLieutenant {
			tv.Lieutenant = t.Lieutenant
		}
		if t.States.Possessed {
			tv.Owner = t.Possession.Owner
		}
		if t.Possession.Lieutenant && v.Sees(t.Possession.Owner) {
			// Its owner knows his Possessed Lieutenant (Possessed (N4)).
			tv.Lieutenant = true
		}
		if len(t.Models) > 0 {
			k := len(ids)
			known := s.knows(v, i)
			for _, m := range t.Models {
				if known {
					ids = append(ids, s.Models[m].ID)
				} else {
					ids = append(ids, s.modelLabel(m))
				}
			}
			tv.Models = ids[k:len(ids):len(ids)]
		}
		view.Troopers = append(view.Troopers, tv)
	}
	sortMarkers(markers, func(tv TrooperView) string { return tv.ID })
	view.Troopers = append(view.Troopers, markers...)
	if len(s.Models) > 0 {
		view.Models = make([]ModelView, 0, len(s.Models))
	}
	for i := range s.Models {
		m := &s.Models[i]
		t := &s.Troopers[m.Trooper]
		mv := ModelView{ID: m.ID, Trooper: t.ID, At: m.At, Facing: m.Facing, S: m.S, Removed: m.Removed}
		if !v.Sees(t.Seat) {
			if t.States.Hidden {
				continue
			}
			if t.States.marker() {
				mv.ID, mv.Trooper = t.Marker, t.Marker
				markerModels = append(markerModels, mv)
				continue
			}
			if !s.knows(v, m.Trooper) {
				mv.ID, mv.Trooper = s.modelLabel(i), s.label(m.Trooper)
			}
		}
		view.Models = append(view.Models, mv)
	}
	sortMarkers(markerModels, func(mv ModelView) string { return mv.ID })
	view.Models = append(view.Models, markerModels...)
	if o := s.Order; o != nil {
		t := s.Troopers[o.Trooper]
		ov := &OrderView{Trooper: t.ID, Source: o.Source, Step: o.Step, First: o.First, Second: o.Second, Path: slices.Clone(o.Path), Coordinated: o.Coordinated}
		if !v.Sees(t.Seat) {
			ov.Trooper = s.publicName(o.Trooper)
		}
		for _, m := range o.Team {
			name := s.Troopers[m.Trooper].ID
			if !v.Sees(t.Seat) {
				name = s.publicName(m.Trooper)
			}
			ov.Team = append(ov.Team, TeamMemberView{Trooper: name, Path: slices.Clone(m.Path)})
		}
		view.Order = ov
	}
	view.Templates = s.smokeViews(s.whiteNoiseViews(s.templateViews(v)))
	if len(view.Templates) > 0 {
		// Who laid each one, as v knows him (labels.go).
		names, _ := s.publicNames(v, nil)
		for i := range view.Templates {
			if to, ok := names[jsonString(view.Templates[i].By)]; ok {
				if by, err := strconv.Unquote(to); err == nil {
					view.Templates[i].By = by
				}
			}
		}
	}
	view.Scenery = s.sceneryViews()
	view.Mission = s.missionView(v)
	return view
}

// Board is what a table drawing needs besides the observation: the table,
// its scenery and the Deployment Zones (all public), and the profiles of
// the troopers the viewer sees as themselves, with the hacking programs
// those profiles carry. A marker's or a hidden trooper's profile is not
// among them, nor is any profile or program only they use.
type Board struct {
	Width    float64                `json:"width"`
	Height   float64                `json:"height"`
	Terrain  []scenario.Terrain     `json:"terrain"`
	Zones    map[rules.Seat]Zone    `json:"zones,omitempty"`
	Profiles map[string]ProfileCard `json:"profiles"`
	Programs map[string]ProgramCard `json:"programs,omitempty"`
}

// Zone is a Deployment Zone: its lowest and highest corners.
type Zone [2][2]float64

// ProfileCard is a profile as a player reads it on the table: attributes
// and weapons (Unit Profile (N4)).
type ProfileCard struct {
	Name    string       `json:"name"`
	MOV     [2]int       `json:"mov"`
	CC      int          `json:"cc"`
	BS      int          `json:"bs"`
	PH      int          `json:"ph"`
	WIP     int          `json:"wip"`
	ARM     int          `json:"arm"`
	BTS     int          `json:"bts"`
	W       int          `json:"w"`
	STR     bool         `json:"str,omitempty"`
	S       int          `json:"s"`
	Skills  []string     `json:"skills,omitempty"`
	Weapons []WeaponCard `json:"weapons,omitempty"`
	// Equipment is the profile's equipment by name; Programs the ids of
	// the hacking programs its devices carry (Board.Programs), in the
	// order of the program table.
	Equipment []string `json:"equipment,omitempty"`
	Programs  []string `json:"programs,omitempty"`
}

// ProgramCard is a hacking program's line of the program table as a
// player reads it (Hacking (N3)): Attack MOD, Opponent MOD and DAM as
// printed ("+3", "0", "—"), the Burst, and what it may target.
type ProgramCard struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Group       string   `json:"group"`
	AttackMod   string   `json:"attackMod"`
	OpponentMod string   `json:"opponentMod"`
	Damage      string   `json:"damage"`
	Burst       int      `json:"burst"`
	Side        string   `json:"side,omitempty"`
	Targets     []string `json:"targets,omitempty"`
	Range       string   `json:"range,omitempty"`
	Skill       []string `json:"skill,omitempty"`
	Special     string   `json:"special,omitempty"`
}

// WeaponCard is a weapon as the table shows it.
type WeaponCard struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Burst    int      `json:"burst"`
	Damage   int      `json:"damage"`
	Ammo     []string `json:"ammo,omitempty"`
	Template bool     `json:"template,omitempty"`
	// Ranges is the range row: each band's distances in inches and its BS
	// MOD (BS Attack (N4)); none for a Direct Template or a CC weapon.
	Ranges []catalog.RangeBand `json:"ranges,omitempty"`
}

// Board is the table as v may draw it.
func (s *State) Board(v rules.Viewer) Board {
	b := Board{Width: s.Table.Width, Height: s.Table.Height, Terrain: slices.Clone(s.Table.Terrain), Profiles: map[string]ProfileCard{}}
	if b.Terrain == nil {
		b.Terrain = []scenario.Terrain{}
	}
	for _, a := range s.Armies {
		if a.Zone != nil {
			if b.Zones == nil {
				b.Zones = map[rules.Seat]Zone{}
			}
			b.Zones[a.Seat] = *a.Zone
		}
	}
	for t, tr := range s.Troopers {
		if !v.Sees(tr.Seat) && tr.concealed() {
			continue
		}
		p := s.profile(t)
		if _, ok := b.Profiles[tr.Profile]; ok || p == nil {
			continue
		}
		c := ProfileCard{Name: p.Name, MOV: p.MOV, CC: p.CC, BS: p.BS, PH: p.PH, WIP: p.WIP, ARM: p.ARM, BTS: p.BTS, W: p.W, STR: p.STR, S: p.S}
		for _, sk := range p.Skills {
			c.Skills = append(c.Skills, sk.Name)
		}
		for _, id := range p.Weapons {
			w, ok := s.Weapons[id]
			if !ok {
				continue
			}
			c.Weapons = append(c.Weapons, WeaponCard{ID: w.ID, Name: w.Name, Burst: w.Burst, Damage: w.Damage, Ammo: w.Ammo, Template: w.Traits.Template != "", Ranges: w.Ranges})
		}
		c.Equipment = slices.Clone(p.Equipment)
		for _, pr := range s.programsOf(t) {
			c.Programs = append(c.Programs, pr.ID)
			if b.Programs == nil {
				b.Programs = map[string]ProgramCard{}
			}
			b.Programs[pr.ID] = programCard(pr)
		}
		b.Profiles[tr.Profile] = c
	}
	return b
}

// programCard is a program's line of the table.
func programCard(p catalog.Program) ProgramCard {
	c := ProgramCard{ID: p.ID, Name: p.Name, Group: string(p.Group), AttackMod: p.AttackMod.String(), OpponentMod: p.OpponentMod.String(),
		Damage: p.Damage.Number(), Burst: p.Burst, Side: string(p.Side), Range: string(p.Range), Special: p.Special}
	for _, t := range p.Targets {
		c.Targets = append(c.Targets, string(t))
	}
	for _, k := range p.Skill {
		c.Skill = append(c.Skill, string(k))
	}
	return c
}
