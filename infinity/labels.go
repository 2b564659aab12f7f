package infinity

import (
	"strconv"

	"github.com/ordo-rules/ordo/infinity/army"
	"github.com/ordo-rules/ordo/infinity/sides"
	"github.com/ordo-rules/ordo/rules"
)

// Public labels. A scenario's author names troopers and models as he
// likes ("red-lieutenant", "hidden-sniper"): those ids may tell a private
// fact, so the opponent and spectators never see them. They see each
// trooper by a public label made of public facts alone — its seat, its
// profile's name and a number ("blue-fusilier-2") — numbered as army lists
// number their troopers (army.Number): the troopers deployed openly
// first, then markers, then hidden troopers, each in list order, so that
// neither who is the Lieutenant nor who hides moves another trooper's
// number (Lieutenant (N4), Hidden Deployment (N4)). The owner keeps his
// ids; an enemy is named by its label in views, events, echoed actions,
// menus and log text, and actions name enemies by their labels.

// labelArmy gives seat's troopers (side's) their public labels, each
// G: Jumper its unit's label, and each of its deployables on the table its
// own ("red-antipersonnel-mine-1"): a deployable is public, so it is
// numbered as a trooper deployed openly, after the troopers, and every
// viewer, its owner too, knows it by that label.
func (r Ruleset) labelArmy(s *State, seat rules.Seat, side *sides.Side) {
	jumperProfile := map[string]string{}
	for _, st := range side.Troopers {
		jumperProfile[st.ID] = st.Profile
	}
	type entry struct {
		trooper int    // -1 for a G: Jumper's unit or a deployable
		jumper  string // the unit's id
		dep     int    // a deployable's index + 1
	}
	var entries []entry
	var names []string
	var ranks []int
	units := map[string]int{} // a G: Jumper's entry
	for i := range s.Troopers {
		t := &s.Troopers[i]
		if t.Seat != seat {
			continue
		}
		rank := labelRank(t.States)
		if t.Jumper != "" {
			k, ok := units[t.Jumper]
			if !ok {
				name := jumperProfile[t.Jumper]
				if p, ok := r.Catalog.Profile(name); ok {
					name = p.Name
				}
				k = len(entries)
				units[t.Jumper] = k
				entries, names, ranks = append(entries, entry{-1, t.Jumper, 0}), append(names, name), append(ranks, rank)
			}
			// The unit shows as openly as its most open Proxy.
			ranks[k] = min(ranks[k], rank)
		}
		name := t.Profile
		if p, ok := s.Profiles[t.Profile]; ok {
			name = p.Name
		}
		entries, names, ranks = append(entries, entry{i, "", 0}), append(names, name), append(ranks, rank)
	}
	for i, d := range s.Deployables {
		if d.Seat != seat {
			continue
		}
		name := d.Weapon
		if w, ok := s.Weapons[d.Weapon]; ok {
			name = w.Name
		} else if dev, ok := s.Devices[d.Device]; ok {
			name = dev.Name
		}
		entries, names, ranks = append(entries, entry{-1, "", i + 1}), append(names, name), append(ranks, 0)
	}
	_, ids := army.Number(names, ranks)
	unitLabel := map[string]string{}
	for k, e := range entries {
		label := string(seat) + "-" + ids[k]
		if e.dep > 0 {
			s.Deployables[e.dep-1].Label = label
			continue
		}
		if e.trooper < 0 {
			unitLabel[e.jumper] = label
			continue
		}
		s.Troopers[e.trooper].Label = label
	}
	for i := range s.Troopers {
		if t := &s.Troopers[i]; t.Seat == seat && t.Jumper != "" {
			t.JumperLabel = unitLabel[t.Jumper]
		}
	}
}

// name is the deployable's public label, by which every viewer and every
// action names it (its author's id in a state made before labels).
func (d *Deployable) name() string {
	if d.Label != "" {
		return d.Label
	}
	return d.ID
}

// labelRank orders a trooper's deployment for numbering (army.Number):
// openly, in reserve, as a marker, hidden.
func labelRank(st States) int {
	switch {
	case st.Hidden:
		return 3
	case st.marker():
		return 2
	case st.Reserve:
		return 1
	}
	return 0
}

// label is trooper t's public label (its id in a state made before
// labels, which has none).
func (s *State) label(t int) string {
	if l := s.Troopers[t].Label; l != "" {
		return l
	}
	return s.Troopers[t].ID
}

// modelLabel is model m's public name: its trooper's label, with the
// model's place after it for a trooper's second model and on.
func (s *State) modelLabel(m int) string {
	t := s.Models[m].Trooper
	tr := &s.Troopers[t]
	if tr.Label == "" {
		return s.Models[m].ID
	}
	for k, x := range tr.Models {
		if x == m && k > 0 {
			return tr.Label + "-" + strconv.Itoa(k+1)
		}
	}
	return tr.Label
}

// jumperLabel is the public label of the G: Jumper trooper t is a Proxy
// of ("" for none).
func (s *State) jumperLabel(t int) string {
	tr := &s.Troopers[t]
	if tr.Jumper == "" || tr.JumperLabel != "" {
		return tr.JumperLabel
	}
	return tr.Jumper
}

// AsAuthor is action a, written by a scenario's author for seat (a
// scenario's script), as seat's player would send it: the author names
// every trooper by its id, a player names the enemy troopers in the open
// and its deployables by their public labels. A concealed enemy is left as written: a player
// names a marker by its label and cannot name a hidden trooper at all.
func (s *State) AsAuthor(seat rules.Seat, a rules.Action) rules.Action {
	names := map[string]string{}
	for i := range s.Troopers {
		t := &s.Troopers[i]
		if t.Seat == seat || t.concealed() || (t.States.Possessed && t.Possession.Owner == seat) {
			continue
		}
		names[jsonString(t.ID)] = jsonString(s.label(i))
		for _, m := range t.Models {
			names[jsonString(s.Models[m].ID)] = jsonString(s.modelLabel(m))
		}
	}
	for i := range s.Deployables {
		// A player names an enemy's deployable by its label too.
		if d := &s.Deployables[i]; d.Seat != seat {
			names[jsonString(d.ID)] = jsonString(d.name())
		}
	}
	data, err := rules.Encode(a)
	if err != nil {
		return a
	}
	out, ok := renameJSON(data, names, nil)
	if !ok || out == nil {
		return a
	}
	b, err := actionCodec.Decode(out)
	if err != nil {
		return a
	}
	return Plain(b)
}

// knows reports whether v knows trooper t by its id: v sees its seat, or
// its owner's while it is Possessed (Possessed (N4)).
func (s *State) knows(v rules.Viewer, t int) bool {
	tr := &s.Troopers[t]
	return v.Sees(tr.Seat) || (tr.Possession.Owner != "" && v.Sees(tr.Possession.Owner))
}

// ownNames is action data (an action as sent) with the public labels of
// the troopers v knows by their ids (knows) put back to their ids: the
// opponent's attack on one of v's troopers names it by its label, and v
// reads its id. nil when nothing changed.
func (s *State) ownNames(data []byte, v rules.Viewer) []byte {
	names := map[string]string{}
	for i := range s.Troopers {
		t := &s.Troopers[i]
		if t.Label == "" || !s.knows(v, i) {
			continue
		}
		names[jsonString(t.Label)] = jsonString(t.ID)
		for _, m := range t.Models {
			names[jsonString(s.modelLabel(m))] = jsonString(s.Models[m].ID)
		}
	}
	out, _ := renameJSON(data, names, nil)
	return out
}

// Combat groups' public labels. A list's author names its combat groups as
// he likes ("lt-squad", "snipers"), and a name may tell where the
// Lieutenant is or what a group holds (Army list and Combat Groups (N4),
// Lieutenant (N4)). The opponent and spectators know each combat group by
// its place in its army's list alone: "1", "2", … in the order the list
// gives them (the Order Count reads "combat group 1: 4 Regular Orders").
// The owner keeps his names; views, events and echoed actions name another
// seat's groups by their labels.

// groupLabel is the public label of seat's combat group name: its place
// in the army's list of groups, from 1 (name itself when seat has no such
// group).
func (s *State) groupLabel(seat rules.Seat, name string) string {
	k := s.seatIndex(seat)
	if k < 0 {
		return name
	}
	for i, g := range s.Armies[k].Groups {
		if g.Name == name {
			return groupNumber(i)
		}
	}
	return name
}

// groupNumber is the public label of an army's i-th combat group (from 0).
func groupNumber(i int) string { return strconv.Itoa(i + 1) }

// groupAs is seat's combat group name as v knows it: by its name if v sees
// seat, else by its public label.
func (s *State) groupAs(v rules.Viewer, seat rules.Seat, name string) string {
	if v.Sees(seat) {
		return name
	}
	return s.groupLabel(seat, name)
}

// poolsAs is seat's Regular Orders by combat group (an Order Count) as v
// knows the groups.
func (s *State) poolsAs(v rules.Viewer, seat rules.Seat, pools map[string]int) map[string]int {
	if v.Sees(seat) || pools == nil {
		return pools
	}
	out := make(map[string]int, len(pools))
	for g, n := range pools {
		out[s.groupLabel(seat, g)] = n
	}
	return out
}

// renameGroups gives each of seat's combat groups the name to(index, name)
// returns, wherever the state names it: the army's groups, its troopers',
// and the Possessions of troopers it owns or controls (Possessed (N4)).
func (s *State) renameGroups(seat rules.Seat, to func(i int, name string) string) map[string]string {
	army := s.army(seat)
	names := make(map[string]string, len(army.Groups))
	for i := range army.Groups {
		g := &army.Groups[i]
		names[g.Name] = to(i, g.Name)
		g.Name = names[g.Name]
	}
	for i := range s.Troopers {
		tr := &s.Troopers[i]
		if n, ok := names[tr.Group]; ok && tr.Seat == seat {
			tr.Group = n
		}
		if n, ok := names[tr.Possession.Group]; ok && tr.Possession.Owner == seat {
			tr.Possession.Group = n
		}
		if n, ok := names[tr.Possession.ControlGroup]; ok && tr.Possession.Controller == seat {
			tr.Possession.ControlGroup = n
		}
	}
	return names
}
