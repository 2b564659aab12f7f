package infinity

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/rules"
)

// The sentences of the game log: how every event and action of the ruleset
// reads to a player. They are what `ordo play` prints and what a menu shows
// beside each choice, so they use the rulebook's words (Regular Order,
// Critical, Saving Roll, Order Count) and never print a Go value or JSON.
// Every kind registered in the codecs has one; a golden test holds them all.

// inches writes a distance or coordinate the way a tape measure reads:
// at most two decimals, no trailing zeros ("10", "10.5", "2.83").
func inches(v float64) string {
	r := math.Round(v*100) / 100
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// point writes a table position in inches.
func point(p [2]float64) string { return "(" + inches(p[0]) + ", " + inches(p[1]) + ")" }

// degrees writes a facing.
func degrees(f float64) string { return inches(f) + "°" }

// plural writes n and the noun, with an s when n is not 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// counted writes a map of counts as "a 1, b 2" in key order.
func counted[K ~string](m map[K]int) string {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = string(k) + " " + strconv.Itoa(m[k])
	}
	return strings.Join(parts, ", ")
}

// each writes per-trooper counts that are almost always 1 as "a, b", with
// a count only where it is not 1: "a, b (2)".
func each(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for i, k := range keys {
		if m[k] != 1 {
			keys[i] += " (" + strconv.Itoa(m[k]) + ")"
		}
	}
	return strings.Join(keys, ", ")
}

// faces writes rolled dice: the result, then C for a Critical, x for a
// success the opponent cancelled, - for a failure; a template's automatic
// hit is T.
func faces(ds []dice.Die) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		f := strconv.Itoa(d.Result)
		switch {
		case d.Template:
			f = "T"
		case d.Critical && !d.Cancelled:
			f += "C"
		case d.Cancelled:
			f += "x"
		case !d.Success:
			f += "-"
		}
		parts[i] = f
	}
	return strings.Join(parts, " ")
}

func ints(v []int) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, " ")
}

// skillName is a skill's rulebook name; an unknown one reads as given.
func skillName(name SkillName) string {
	if f := factsOf(name); f != nil {
		return f.title
	}
	return string(name)
}

// String is the skill as declared: "Move to (10, 11)", "BS Attack on
// zhanshi with combi-rifle (AP), B2", "BS Attack splitting its Burst: 2 on
// a, 1 on b".
func (k Skill) String() string {
	s := skillName(k.Name)
	if k.Guided {
		s += " (Guided)"
	}
	switch k.Name {
	case SkillMove, SkillCautiousMove:
		if n := len(k.Route); n > 0 {
			s += " to " + point(k.Route[n-1])
			if n > 1 {
				s += " via " + plural(n-1, "waypoint")
			}
		}
		return s
	case SkillCombatJump:
		if len(k.Route) > 0 {
			s += " to " + point(k.Route[len(k.Route)-1])
		}
		return s
	case SkillDiscover:
		if k.Target != "" {
			s += " " + k.Target
		}
		return s
	case SkillHack:
		s += " " + programName(k.Program)
		if k.Target != "" {
			s += " on " + k.Target
		}
		if k.Point != nil {
			s += " at " + point(*k.Point)
		}
		if len(k.Split) == 0 {
			return s
		}
	}
	if len(k.Split) > 0 {
		shares := make([]string, len(k.Split))
		for i, sh := range k.Split {
			shares[i] = plural(sh.Dice, "die") + " on " + sh.Target
		}
		// "dies" reads wrong: dice is the plural.
		s += " splitting its Burst: " + strings.ReplaceAll(strings.Join(shares, ", "), " dies on ", " dice on ")
	} else if k.Target != "" {
		s += " on " + k.Target
	}
	if k.Weapon != "" {
		s += " with " + k.Weapon
		if k.Ammo != "" {
			s += " (" + k.Ammo + ")"
		}
	} else if k.Ammo != "" {
		s += " (" + k.Ammo + ")"
	}
	if k.Point != nil {
		// Smoke's point, or where a Speculative Attack's template lands.
		s += " at " + point(*k.Point)
	}
	if k.Burst > 0 {
		s += ", B" + strconv.Itoa(k.Burst)
	}
	if k.From != nil {
		s += fmt.Sprintf(", from point %d of its path", *k.From)
	}
	return s
}

// programName is a hacking program's name as players know it (Carbonite,
// Stop!), from the shipped catalog, loaded on first use: a log line has
// no state to ask. An id the shipped catalog does not hold (a program of a
// user's catalog file) prints as it is.
func programName(id string) string {
	programNamesOnce.Do(func() {
		if c, err := catalog.Default(); err == nil {
			programNames = c
		}
	})
	if programNames != nil {
		if p, ok := programNames.Program(id); ok {
			return p.Name
		}
	}
	return id
}

var (
	programNamesOnce sync.Once
	programNames     *catalog.Catalog
)

// orderName is an Order's source with its article: "a Regular Order".
func orderName(order OrderSource) string {
	switch order {
	case OrderRegular:
		return "a Regular Order"
	case OrderIrregular:
		return "an Irregular Order"
	case OrderLieutenant:
		return "a Lieutenant Special Order"
	}
	return "an Order" // the opponent's view of a Lieutenant Special Order
}

// Events.

func (e TurnStarted) String() string {
	s := fmt.Sprintf("round %d, %s's turn. Order Count: ", e.Round, e.Seat)
	var parts []string
	keys := make([]string, 0, len(e.Pools))
	for k := range e.Pools {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, g := range keys {
		parts = append(parts, fmt.Sprintf("combat group %s: %s", g, plural(e.Pools[g], "Regular Order")))
	}
	if len(e.Irregular) > 0 {
		parts = append(parts, "Irregular Orders: "+each(e.Irregular))
	}
	if e.Lieutenant > 0 {
		parts = append(parts, plural(e.Lieutenant, "Lieutenant Special Order"))
	}
	if len(parts) == 0 {
		parts = append(parts, "no Orders")
	}
	s += strings.Join(parts, "; ")
	if e.LossOfLieutenant {
		s += ". Loss of Lieutenant"
	}
	return s
}

func (e OrderSpent) String() string {
	return fmt.Sprintf("%s spends %s: %s", e.Trooper, orderName(e.Order), e.Skill)
}

func (e SecondDeclared) String() string { return fmt.Sprintf("%s declares %s", e.Trooper, e.Skill) }

func (e AROsDeclared) String() string {
	var parts []string
	for _, a := range e.AROs {
		parts = append(parts, fmt.Sprintf("%s: %s", a.Trooper, a.Skill))
	}
	for _, f := range e.Forfeited {
		parts = append(parts, f+": no ARO")
	}
	for _, d := range e.Delayed {
		parts = append(parts, d+": delays its ARO (against a marker)")
	}
	if len(parts) == 0 {
		return fmt.Sprintf("ARO window %d: nobody may react", e.Window)
	}
	return fmt.Sprintf("ARO window %d: %s", e.Window, strings.Join(parts, "; "))
}

func (e BecameIdle) String() string {
	return fmt.Sprintf("%s's %s becomes Idle: %s", e.Trooper, skillName(e.Skill), e.Reason)
}

func (e Rolled) String() string {
	roll := "Normal Roll"
	if e.Roll == "face-to-face" {
		roll = "Face to Face Roll"
	}
	s := fmt.Sprintf("%s %s (%s): SV %s, dice %s", e.Trooper, skillName(e.Skill), roll, e.SV, faces(e.Dice))
	if len(e.Dice) == 0 {
		s = fmt.Sprintf("%s %s (%s): SV %s, no dice", e.Trooper, skillName(e.Skill), roll, e.SV)
	}
	if e.Against != "" {
		s += " vs " + e.Against
	}
	if e.Skill != SkillBSAttack && e.Skill != SkillCCAttack {
		if e.Hits+e.Crits > 0 {
			return s + " -> success"
		}
		return s + " -> failure"
	}
	return s + " -> " + plural(e.Hits, "hit") + ", " + plural(e.Crits, "Critical")
}

func (e Saved) String() string {
	return fmt.Sprintf("%s makes %s against %s (%s, Attack Damage %d): %s, %d failed",
		e.Trooper, plural(len(e.Faces), "Saving Roll"), e.From, e.Ammo, e.AttackDamage, ints(e.Faces), e.Failed)
}

func (e Wounded) String() string {
	s := fmt.Sprintf("%s loses %s, %d left", e.Trooper, plural(e.Lost, "point")+" of W/STR", e.Left)
	if len(e.States) > 0 {
		s += ": " + strings.Join(e.States, ", ")
	}
	return s
}

func (e StateChanged) String() string {
	verb := "enters"
	if !e.On {
		verb = "leaves"
	}
	s := fmt.Sprintf("%s %s %s", e.Trooper, verb, e.State)
	if e.Why != "" {
		s += " (" + e.Why + ")"
	}
	return s
}

func (e Moved) String() string {
	s := e.Model + " moves"
	if e.Why != "" && e.Why != "move" {
		s += " (" + e.Why + ")"
	}
	if e.From == e.To {
		return e.Model + " is set down at " + point(e.To) + " (" + e.Why + ")"
	}
	return s + " from " + point(e.From) + " to " + point(e.To)
}

func (e TurnEnded) String() string { return fmt.Sprintf("round %d, %s's turn ends", e.Round, e.Seat) }

func (e GameEnded) String() string {
	s := "game over. Victory Points: " + counted(e.VictoryPoints)
	if e.ObjectivePoints != nil {
		s += ". Objective Points: " + counted(e.ObjectivePoints)
		if e.Winner != "" {
			s += ". " + string(e.Winner) + " wins"
		} else {
			s += ". A draw"
		}
	}
	return s
}

func (e Triggered) String() string { return e.Deployable + " goes off against " + e.Trooper }

func (e GutsCheck) String() string {
	if e.Why != "" {
		return e.Trooper + " fails its Guts Roll (" + e.Why + ")"
	}
	verdict := "fails"
	if e.Passed {
		verdict = "passes"
	}
	s := e.Trooper + " " + verdict + " its Guts Roll: SV " + e.SV.String()
	if len(e.Dice) > 0 {
		s += ", die " + strconv.Itoa(e.Dice[0].Result)
	}
	return s
}

func (e Turned) String() string { return e.Trooper + " turns to face " + degrees(e.Facing) }

func (e Appointed) String() string {
	if e.Trooper == "" {
		return string(e.Seat) + " appoints a new Lieutenant"
	}
	return string(e.Seat) + " appoints " + e.Trooper + " Lieutenant"
}

func (e LieutenantRevealed) String() string {
	return e.Trooper + " is " + string(e.Seat) + "'s Lieutenant: spending the Lieutenant Special Order reveals it"
}

func (e TokenMoved) String() string { return e.Jumper + "'s Active Proxy Token moves to " + e.Proxy }

func (e Transferred) String() string {
	who := e.Trooper
	if who == "" {
		who = "a concealed trooper"
	}
	return fmt.Sprintf("%s spends a Command Token: %s moves from combat group %s to %s (%s left); %s",
		e.Seat, who, e.From, e.To, plural(e.Tokens, "Command Token"), groupPools(e.Pools))
}

// groupPools writes combat group pools as "combat group 1: 3 Regular
// Orders, combat group 2: 1 Regular Order".
func groupPools(p map[string]int) string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, g := range keys {
		parts[i] = fmt.Sprintf("combat group %s: %s", g, plural(p[g], "Regular Order"))
	}
	return strings.Join(parts, ", ")
}

func (e Revealed) String() string {
	if e.Marker != "" {
		return fmt.Sprintf("%s is revealed as %s (%s)", e.Marker, e.Trooper, e.Why)
	}
	return fmt.Sprintf("%s is placed on the table at %s (%s)", e.Trooper, point(e.At), e.Why)
}

// Actions: how a declared action reads in a log line or a menu.

func (a Activate) String() string {
	return fmt.Sprintf("%s: %s, %s", a.Trooper, orderName(a.Order), a.Skill) + teamString(a.Team)
}

// teamString is the Fireteam members' routes following a Move.
func teamString(team []TeamMove) string {
	if len(team) == 0 {
		return ""
	}
	parts := make([]string, len(team))
	for i, m := range team {
		if len(m.Route) == 0 {
			parts[i] = m.Trooper + " with no route"
			continue
		}
		parts[i] = m.Trooper + " to " + point(m.Route[len(m.Route)-1])
	}
	return " (the Fireteam follows: " + strings.Join(parts, ", ") + ")"
}

func (a FormFireteam) String() string {
	return fmt.Sprintf("form a Fireteam %s led by %s: %s (a Command Token)", a.Type, a.Leader, strings.Join(a.Members, ", "))
}

func (a CancelFireteam) String() string { return "cancel " + a.Trooper + "'s Fireteam" }

func (e FireteamFormed) String() string {
	return fmt.Sprintf("%s spends a Command Token: a Fireteam %s led by %s forms of %s (%d Command Tokens left)", e.Seat, e.Type, e.Leader, strings.Join(e.Members, ", "), e.Tokens)
}

func (e FireteamChanged) String() string {
	verb := "leaves"
	if len(e.Left) > 1 {
		verb = "leave"
	}
	switch {
	case e.Dissolved && len(e.Left) > 0:
		return fmt.Sprintf("%s %s %s's Fireteam (%s): the Fireteam is dissolved", strings.Join(e.Left, ", "), verb, e.Leader, e.Why)
	case e.Dissolved:
		return fmt.Sprintf("%s's Fireteam is dissolved: %s", e.Leader, e.Why)
	case len(e.Left) > 0:
		return fmt.Sprintf("%s %s %s's Fireteam (%s)", strings.Join(e.Left, ", "), verb, e.Leader, e.Why)
	}
	return e.Leader + " takes the Fireteam Leader Token (" + e.Why + ")"
}

func (a Second) String() string {
	s := "second skill: " + a.Skill.String()
	if a.AttackFrom != nil {
		s += fmt.Sprintf(" (the attack made from point %d of the path)", *a.AttackFrom)
	}
	return s + teamString(a.Team)
}

func (a AROs) String() string {
	if len(a.Declarations) == 0 {
		return "no ARO"
	}
	parts := make([]string, len(a.Declarations))
	for i, d := range a.Declarations {
		parts[i] = d.Trooper + ": " + d.Skill.String()
	}
	return "ARO: " + strings.Join(parts, "; ")
}

func (Resolve) String() string { return "roll the dice of the Order" }

func (a DodgeMove) String() string {
	if a.Stay {
		return a.Trooper + " stays where it is after its Dodge"
	}
	return fmt.Sprintf("%s's Dodge movement to %s, facing %s", a.Trooper, point(a.To), degrees(a.Facing))
}

func (EndOrders) String() string { return "end the Orders Phase" }

func (Land) String() string { return "roll the Combat Jump's PH Roll" }

func (a PlaceJump) String() string {
	return fmt.Sprintf("set %s down at %s, facing %s, after its failed Combat Jump", a.Trooper, point(a.To), degrees(a.Facing))
}

func (Guts) String() string { return "roll the Guts Rolls" }

func (a GutsMove) String() string {
	if a.Stay && a.Prone {
		return a.Trooper + " chooses to fail its Guts Roll and goes Prone where it stands"
	}
	if a.Stay {
		return a.Trooper + " makes no Guts movement"
	}
	return fmt.Sprintf("%s's Guts movement to %s, facing %s", a.Trooper, point(a.To), degrees(a.Facing))
}

func (a Alert) String() string {
	if len(a.Turns) == 0 {
		return "Alert: nobody turns"
	}
	parts := make([]string, len(a.Turns))
	for i, t := range a.Turns {
		parts[i] = t.Trooper + " turns to face " + degrees(t.Facing)
	}
	return "Alert: " + strings.Join(parts, "; ")
}

func (a Appoint) String() string { return "appoint " + a.Trooper + " Lieutenant" }

func (a MoveToken) String() string {
	if a.Proxy == "" {
		return "leave " + a.Jumper + "'s Active Proxy Token where it is"
	}
	return "move " + a.Jumper + "'s Active Proxy Token to " + a.Proxy
}

func (a Transfer) String() string {
	return "spend a Command Token to move " + a.Trooper + " to combat group " + a.Group
}

// OpeningEvents is what the Tactical Phase of the first Player Turn
// announced when Setup ran it: the Order Count of the side with the
// initiative (Order Count (N4)). Setup returns only the state, so a log
// that starts from it asks here; the answer is worked out afresh from the
// opening position, and is empty once the first turn has moved on.
func (s *State) OpeningEvents() []rules.Event {
	if s.Round != 1 || s.Turn != 0 || s.Order != nil || s.army(s.active()).OrderDeclared || s.PreGame != nil {
		// A mission's pre-game ran no Tactical Phase yet (rule_pregame.go).
		return nil
	}
	c := s.clone()
	return []rules.Event{c.orderCount(c.active())}
}
