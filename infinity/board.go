package infinity

import (
	"slices"

	"github.com/ordo-rules/ordo/rules"
	"github.com/ordo-rules/ordo/scenario"
)

// Board is what a table drawing needs besides the observation: the table,
// its scenery and the Deployment Zones (all public), and the profiles of
// the troopers the viewer sees as themselves. A marker's or a hidden
// trooper's profile is not among them, nor is any profile only they use.
type Board struct {
	Width    float64                `json:"width"`
	Height   float64                `json:"height"`
	Terrain  []scenario.Terrain     `json:"terrain"`
	Zones    map[rules.Seat]Zone    `json:"zones,omitempty"`
	Profiles map[string]ProfileCard `json:"profiles"`
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
}

// WeaponCard is a weapon as the table shows it.
type WeaponCard struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Burst    int      `json:"burst"`
	Damage   int      `json:"damage"`
	Ammo     []string `json:"ammo,omitempty"`
	Template bool     `json:"template,omitempty"`
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
			c.Weapons = append(c.Weapons, WeaponCard{ID: w.ID, Name: w.Name, Burst: w.Burst, Damage: w.Damage, Ammo: w.Ammo, Template: w.Traits.Template != ""})
		}
		b.Profiles[tr.Profile] = c
	}
	return b
}
