package infinity

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/rules"
)

// RedactAction is the action seat sent as v may see it (see Redact for
// events). Its owner and the admin see it whole. Another viewer sees what
// the opponent at the table would: a Camouflaged trooper that stays
// concealed is named by its marker label (Camouflaged (N4)), the new
// Lieutenant appointed at the End of Turn is not named (Loss of Lieutenant
// (N4)), a transfer of a unit with nothing in the open does not say which
// (Command Tokens (N4)), and a trooper in Hidden Deployment that stays
// hidden is left out (Hidden Deployment (N4)). The Lieutenant Special Order
// is shown as it is: spending it reveals the Lieutenant (Lieutenant (N4)).
// A trooper the action itself places on the table or
// reveals (an Order or ARO from Hidden Deployment, a skill that gives a
// marker away) is named as itself, as the Revealed event that follows
// names it.
//
// It is called on the state before Apply, which still knows who is
// concealed.
func (s *State) RedactAction(seat rules.Seat, a rules.Action, v rules.Viewer) (rules.Action, bool) {
	a, data, changed, ok := s.actionShown(seat, a, v)
	switch {
	case !ok:
		return nil, false
	case !changed:
		return a, true
	}
	out, err := actionCodec.DecodeOwn(data)
	if err != nil {
		return nil, false
	}
	return Plain(out), true
}

// RedactActionJSON implements rules.JSONRedactor: RedactAction's action,
// encoded, as the renaming of troopers makes it on the JSON (actionShown)
// without decoding it again.
func (s *State) RedactActionJSON(seat rules.Seat, a rules.Action, v rules.Viewer) ([]byte, bool, error) {
	a, data, _, ok := s.actionShown(seat, a, v)
	if !ok {
		return nil, false, nil
	}
	if data == nil {
		enc, err := rules.Encode(a)
		return enc, err == nil, err
	}
	return data, true, nil
}

// actionShown is a as v is shown it when seat sends it: the action with
// the fields v may not see blanked, and its JSON with every name
// rewritten as v knows it (concealJSON, ownNames); changed says whether
// that JSON differs from the action's own encoding (data is nil when the
// action does not encode), false ok when v sees nothing of it.
func (s *State) actionShown(seat rules.Seat, a rules.Action, v rules.Viewer) (shown rules.Action, data []byte, changed, ok bool) {
	if !v.Sees(seat) {
		var open []int
		a, open = s.blankAction(seat, a)
		data, ok := s.concealJSON(a, v, open)
		if !ok {
			return nil, nil, false, false
		}
		if data != nil {
			if own := s.ownNames(data, v); own != nil {
				data = own
			}
			return a, data, true, true
		}
	}
	// The enemy named its targets by their public labels, which v may
	// know by their ids.
	enc, err := rules.Encode(a)
	if err != nil {
		return a, nil, false, true
	}
	if own := s.ownNames(enc, v); own != nil {
		return a, own, true, true
	}
	return a, enc, false, true
}

// blankAction is a, sent by seat, with what its opponent may not see
// blanked, and the troopers the action itself reveals (open).
func (s *State) blankAction(seat rules.Seat, a rules.Action) (rules.Action, []int) {
	var open []int // troopers this action reveals
	switch x := Plain(a).(type) {
	case Activate:
		if t := s.trooperIndex(x.Trooper); t >= 0 && s.Troopers[t].Seat == seat && s.revealsOnDeclaring(t, x.Skill.Name) {
			open = append(open, t)
		}
	case Coordinate:
		// Every participant declares the skill (Coordinated Orders (N4)).
		for _, id := range append([]string{x.Spearhead}, x.Followers...) {
			if t := s.trooperIndex(id); t >= 0 && s.Troopers[t].Seat == seat && s.revealsOnDeclaring(t, x.Skill.Name) {
				open = append(open, t)
			}
		}
	case Second:
		if o := s.Order; o != nil && s.revealsOnDeclaring(o.Trooper, x.Skill.Name) {
			open = append(open, o.Trooper)
		}
	case AROs:
		// Every ARO declared places its trooper on the table or reveals
		// it (each one rolls).
		for _, d := range x.Declarations {
			if t := s.trooperIndex(d.Trooper); t >= 0 && s.Troopers[t].Seat == seat {
				open = append(open, t)
			}
		}
	case Appoint:
		x.Trooper = ""
		a = x
	case Deploy:
		// Hidden Deployment is placed privately (rule_pregame.go).
		x.Hidden = nil
		a = x
	case ChooseClassified:
		// A Classified Objective is private until it scores
		// (rule_classified.go).
		x.Objective = ""
		a = x
	case Transfer:
		if !slices.ContainsFunc(s.unitMembers(x.Trooper), func(t int) bool { return !s.Troopers[t].concealed() }) {
			x.Trooper = ""
		}
		x.Group = s.groupLabel(seat, x.Group)
		a = x
	case Alert:
		// Troopers in Hidden Deployment never turn on Alert; should one be
		// named, its turn is left out rather than the whole action.
		var kept []AlertTurn
		for _, turn := range x.Turns {
			if t := s.trooperIndex(turn.Trooper); t < 0 || !s.Troopers[t].States.Hidden {
				kept = append(kept, turn)
			}
		}
		x.Turns = kept
		a = x
	}
	return a, open
}

// revealsOnDeclaring reports whether trooper t, declaring skill, comes out
// of concealment: an Order always places a hidden trooper on the table, and
// a marker stays one only through a Short Movement Skill without a roll
// (Camouflaged (N4), Hidden Deployment (N4)).
func (s *State) revealsOnDeclaring(t int, skill SkillName) bool {
	st := s.Troopers[t].States
	return st.Hidden || (st.marker() && !keepsCamouflage(skill))
}

// Redact hides private facts in events: the Lieutenant Special Orders
// counted, and every trace of a concealed trooper: an enemy
// marker is named by its label, its states are not told, and nothing about
// a trooper in Hidden Deployment reaches its opponent.
func (s *State) Redact(e rules.Event, v rules.Viewer) (rules.Event, bool) {
	e, ok := s.redactFields(e, v)
	if !ok {
		return nil, false
	}
	data, changed, ok := s.concealed(e, v)
	if !ok {
		return nil, false
	}
	if !changed {
		return e, true
	}
	out, err := eventCodec.DecodeOwn(data)
	if err != nil {
		return nil, false
	}
	return out, true
}

// RedactJSON implements rules.JSONRedactor: Redact's event, encoded, as
// the renaming of enemy troopers makes it on the JSON (concealed) without
// decoding it again.
func (s *State) RedactJSON(e rules.Event, v rules.Viewer) ([]byte, bool, error) {
	e, ok := s.redactFields(e, v)
	if !ok {
		return nil, false, nil
	}
	// Where Redact decodes the renamed JSON again (eventCodec.DecodeOwn),
	// it decodes to these very bytes (rulestest checks the two agree).
	data, _, ok := s.concealed(e, v)
	if !ok {
		return nil, false, nil
	}
	return data, true, nil
}

// redactFields is e with the fields v may not see blanked or renamed, by
// the event's kind; false when v sees nothing of it.
func (s *State) redactFields(e rules.Event, v rules.Viewer) (rules.Event, bool) {
	switch ev := e.(type) {
	case TurnStarted:
		if !v.Sees(ev.Seat) {
			ev.Lieutenant = 0
			irr := map[string]int{}
			for id, n := range ev.Irregular {
				switch t := s.trooperIndex(id); {
				case t < 0:
					irr[id] = n
				case s.Troopers[t].States.Hidden:
				case s.Troopers[t].States.marker():
					irr[s.Troopers[t].Marker] = n
				default:
					irr[s.label(t)] = n
				}
			}
			ev.Irregular = irr
			ev.Pools = s.poolsAs(v, ev.Seat, ev.Pools)
		}
		e = ev
	case Transferred:
		// A concealed trooper's combat group is not shown to the opponent;
		// a G: Jumper with a Proxy in the open shows its group on that one.
		if !v.Sees(ev.Seat) && !slices.ContainsFunc(s.unitMembers(ev.Trooper), func(t int) bool { return !s.Troopers[t].concealed() }) {
			ev.Trooper = ""
		}
		ev.From, ev.To = s.groupAs(v, ev.Seat, ev.From), s.groupAs(v, ev.Seat, ev.To)
		ev.Pools = s.poolsAs(v, ev.Seat, ev.Pools)
		e = ev
	case PossessionCancelled:
		ev.Pools = s.poolsAs(v, ev.Seat, ev.Pools)
		e = ev
	case Coordinated:
		ev.Group = s.groupAs(v, ev.Seat, ev.Group)
		e = ev
	case StrategicUsed:
		// The opponent's groups the Orders were removed from.
		groups := make([]string, len(ev.Groups))
		for i, g := range ev.Groups {
			groups[i] = s.groupAs(v, ev.Opponent, g)
		}
		ev.Groups = groups
		e = ev
	case BecameIdle:
		// The reason is a refusal's sentence, which names the trooper
		// as its owner knows it: v reads it by the name v knows.
		if t := s.trooperIndex(ev.Trooper); t >= 0 && !s.knows(v, t) {
			name := s.label(t)
			if s.Troopers[t].States.marker() {
				name = s.Troopers[t].Marker
			}
			ev.Reason = replaceName(ev.Reason, s.Troopers[t].ID, name)
			e = ev
		}
	case Appointed:
		// The new Lieutenant's identity is private (Loss of Lieutenant (N4)).
		if !v.Sees(ev.Seat) {
			ev.Trooper = ""
		}
		e = ev
	case DeployRolled:
		e = s.redactDeployRolled(ev, v)
	case ClassifiedChosen:
		if !v.Sees(ev.Seat) {
			ev.Objective = ""
		}
		e = ev
	case StateChanged:
		// An enemy marker shows nothing but its label (Camouflaged (N4)):
		// a state it gains or loses (a Firewall from Fairy Dust, Hacking
		// (N3)) would tell what the marker is.
		// The kind of marker it is shows on the table (Impersonation
		// (N4)): a change of kind is told, by the marker's label.
		if t := s.trooperIndex(ev.Trooper); t >= 0 && !v.Sees(s.Troopers[t].Seat) && s.Troopers[t].concealed() && !markerKind(ev.State) {
			return nil, false
		}
	case AROsDeclared:
		// A trooper in Hidden Deployment is not named to the opponent,
		// whether it forfeits or waits; markers come last, in the order
		// of their labels (in army-list order, the order would tell which
		// trooper each one is).
		shown := func(ids []string) []string {
			var kept, markers []string
			for _, id := range ids {
				t := s.trooperIndex(id)
				switch {
				case t < 0 || v.Sees(s.Troopers[t].Seat) || !s.Troopers[t].concealed():
					kept = append(kept, id)
				case s.Troopers[t].States.marker():
					markers = append(markers, id)
				}
			}
			sortMarkers(markers, func(id string) string { return s.Troopers[s.trooperIndex(id)].Marker })
			return append(kept, markers...)
		}
		ev.Forfeited, ev.Delayed = shown(ev.Forfeited), shown(ev.Delayed)
		e = ev
	}
	return e, true
}

// replaceName is text with each whole occurrence of name (not inside a
// longer name of letters, digits, '-' or '_') replaced by with.
func replaceName(text, name, with string) string {
	if name == "" {
		return text
	}
	inName := func(b byte) bool {
		return b == '-' || b == '_' || (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
	}
	var out strings.Builder
	for {
		i := strings.Index(text, name)
		if i < 0 {
			out.WriteString(text)
			return out.String()
		}
		j := i + len(name)
		whole := (i == 0 || !inName(text[i-1])) && (j == len(text) || !inName(text[j]))
		out.WriteString(text[:i])
		if whole {
			out.WriteString(with)
		} else {
			out.WriteString(name)
		}
		text = text[j:]
	}
}

// concealed is the JSON of e with enemy markers renamed to their labels
// and the viewer's own troopers named by their ids (ownNames); changed
// says whether it differs from e's own encoding, false ok when the event
// would name a trooper in Hidden Deployment and is dropped.
func (s *State) concealed(e rules.Event, v rules.Viewer) (data []byte, changed, ok bool) {
	data, ok = s.concealJSON(e, v, nil)
	if !ok {
		return nil, false, false
	}
	// An event repeats the skill as declared: an enemy's target named
	// by its public label, which v may know by its id.
	if data == nil {
		enc, err := rules.Encode(e)
		if err != nil {
			return nil, false, false
		}
		if data = s.ownNames(enc, v); data == nil {
			return enc, false, true
		}
	} else if own := s.ownNames(data, v); own != nil {
		data = own
	}
	return data, true, true
}

// concealJSON is the JSON of x (an event or an action) with every name of
// a trooper v may not see replaced: a Camouflaged trooper's id and model
// ids by its marker label, any other's by its public label (labels.go). It
// is false when x names a trooper in Hidden Deployment, and nil when
// nothing needs renaming. The troopers in open (indexes) are not dropped
// nor named by their markers: the action or event places them on the
// table, by their public labels.
func (s *State) concealJSON(x rules.Kinded, v rules.Viewer, open []int) ([]byte, bool) {
	names, drop := s.publicNames(v, open)
	if len(names)+len(drop) == 0 {
		return nil, true
	}
	data, err := rules.Encode(x)
	if err != nil {
		return nil, false
	}
	return renameJSON(data, names, drop)
}

// publicNames maps the JSON strings (quoted) that name the troopers v may
// not see, and their models and G: Jumpers, to what v knows them by; drop
// holds those v may not know at all (Hidden Deployment (N4)).
func (s *State) publicNames(v rules.Viewer, open []int) (names map[string]string, drop map[string]bool) {
	for i := range s.Troopers {
		t := &s.Troopers[i]
		if s.knows(v, i) {
			continue
		}
		if names == nil {
			names, drop = map[string]string{}, map[string]bool{}
		}
		revealed := slices.Contains(open, i)
		switch {
		case t.States.Hidden && !revealed:
			drop[jsonString(t.ID)] = true
			for _, m := range t.Models {
				drop[jsonString(s.Models[m].ID)] = true
			}
			continue
		case t.States.marker() && !revealed:
			names[jsonString(t.ID)] = jsonString(t.Marker)
			for _, m := range t.Models {
				names[jsonString(s.Models[m].ID)] = jsonString(t.Marker)
			}
			continue
		}
		names[jsonString(t.ID)] = jsonString(s.label(i))
		for _, m := range t.Models {
			names[jsonString(s.Models[m].ID)] = jsonString(s.modelLabel(m))
		}
		if t.Jumper != "" {
			names[jsonString(t.Jumper)] = jsonString(s.jumperLabel(i))
		}
	}
	for i := range s.Troopers {
		// A Proxy's G: Jumper is named by the unit's label, unless the
		// Proxy itself is named so (an id is a label only by chance).
		if t := &s.Troopers[i]; t.Jumper != "" && !s.knows(v, i) {
			if _, ok := names[jsonString(t.Jumper)]; !ok {
				names[jsonString(t.Jumper)] = jsonString(s.jumperLabel(i))
			}
		}
	}
	return names, drop
}

// jsonString is s as a JSON string.
func jsonString(s string) string {
	// Ids and labels are plain ASCII, which JSON quotes as they are: a
	// server renames with these for every event and viewer.
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	if plain {
		return `"` + s + `"`
	}
	b, err := json.Marshal(s)
	if err != nil {
		return strconv.Quote(s)
	}
	return string(b)
}

// renameJSON replaces, in one pass, each JSON string value of data that
// names maps, and is false when one is in drop; nil
// when nothing changed.
func renameJSON(data []byte, names map[string]string, drop map[string]bool) ([]byte, bool) {
	var out []byte
	last := 0
	for i := 0; i < len(data); i++ {
		if data[i] != '"' {
			continue
		}
		j := i + 1
		for j < len(data) && data[j] != '"' {
			if data[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(data) {
			break
		}
		k := j + 1
		for k < len(data) && (data[k] == ' ' || data[k] == '\n' || data[k] == '\t' || data[k] == '\r') {
			k++
		}
		if k < len(data) && data[k] == ':' {
			// An object's key: a field's name, never renamed (a map
			// keyed by trooper is renamed where it is made).
			i = j
			continue
		}
		tok := string(data[i : j+1])
		if drop[tok] {
			return nil, false
		}
		if to, ok := names[tok]; ok && to != tok {
			out = append(append(out, data[last:i]...), to...)
			last = j + 1
		}
		i = j
	}
	if out == nil {
		return nil, true
	}
	return append(out, data[last:]...), true
}

// PlantCanaries writes marker strings into each player's private facts, for
// the conformance suite's leak check: the player's notes, and the names of
// its concealed troopers (a marker's or a hidden trooper's identity) and
// their models.
func (s *State) PlantCanaries(prefix string) []rules.Canary {
	var out []rules.Canary
	for i := range s.Armies {
		// "notes-" first: a trooper's id may begin with its seat's name
		// (blue-fusilier-1, rule_mission.go), and the notes' canary must
		// not be the start of a trooper's.
		s.Armies[i].Notes = prefix + "notes-" + string(s.Armies[i].Seat)
		out = append(out, rules.Canary{Value: s.Armies[i].Notes, Owner: s.Armies[i].Seat})
	}
	for i := range s.Troopers {
		t := &s.Troopers[i]
		if !t.concealed() {
			continue
		}
		t.ID = prefix + t.ID
		out = append(out, rules.Canary{Value: t.ID, Owner: t.Seat})
		for _, m := range t.Models {
			s.Models[m].ID = prefix + s.Models[m].ID
			out = append(out, rules.Canary{Value: s.Models[m].ID, Owner: t.Seat})
		}
	}
	return out
}

// CanaryPublic reports a planted name that is public now: the trooper or
// model bearing it is no longer concealed.
func (s *State) CanaryPublic(value string) bool {
	for _, t := range s.Troopers {
		if t.ID == value {
			return !t.concealed()
		}
	}
	for _, m := range s.Models {
		if m.ID == value {
			return !s.Troopers[m.Trooper].concealed()
		}
	}
	return false
}
