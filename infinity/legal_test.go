package infinity

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/internal/testenv"
	"github.com/ordo-rules/ordo/rules"
)

// Lieutenant (N4), Order Count (N4): under the default lieutenant-hidden
// ruling a Lieutenant in Hidden Deployment counts as deployed, so its army
// keeps the Lieutenant Special Order and it may spend it; under
// not-deployed the army is in Loss of Lieutenant and has none.
func TestHiddenLieutenantKeepsSpecialOrder(t *testing.T) {
	yaml := strings.Replace(concealYAML("at: [10, 12], facing: 270", "at: [20, 20], facing: 270"),
		"{id: zhanshi, profile: zhanshi, lieutenant: true,", "{id: zhanshi, profile: zhanshi,", 1)
	yaml = strings.Replace(yaml, "{id: sniper, profile: sniper,", "{id: sniper, profile: sniper, lieutenant: true,", 1)
	for _, tc := range []struct {
		ruling string
		orders int
	}{{"deployed", 1}, {"not-deployed", 0}} {
		t.Run(tc.ruling, func(t *testing.T) {
			st := setup(t, yaml, map[string]string{"lieutenant-hidden": tc.ruling})
			do(t, st, "blue", EndOrders{})
			red := st.army("red")
			if red.LieutenantOrders != tc.orders || red.LossOfLieutenant != (tc.orders == 0) {
				t.Fatalf("red's Order Count: %d Lieutenant Special Orders, Loss of Lieutenant %v; want %d", red.LieutenantOrders, red.LossOfLieutenant, tc.orders)
			}
			a := Activate{Trooper: "sniper", Order: OrderLieutenant, Skill: Skill{Name: SkillIdle}}
			if tc.orders == 0 {
				refused(t, st, "red", a, rules.CodeIllegal, "no Lieutenant Special Order left")
				return
			}
			if !slices.ContainsFunc(st.Legal("red"), func(o rules.Option) bool {
				b, ok := asAction[Activate](o.Action)
				return o.Illegal == nil && ok && b.Trooper == a.Trooper && b.Order == a.Order && b.Skill.Name == a.Skill.Name
			}) {
				t.Error("the menu does not offer the hidden Lieutenant its Special Order")
			}
			do(t, st, "red", a)
			if red := st.army("red"); red.LieutenantOrders != 0 {
				t.Fatal("the Lieutenant Special Order was not spent")
			}
		})
	}
}

// Lieutenant (N4), Order types (N4): while the combat group's pool still
// has Orders, the menu offers the Lieutenant every skill with its Special
// Order too, not only with a Regular Order.
func TestLegalOffersLieutenantOrder(t *testing.T) {
	st := setup(t, armyYAML([]string{"lt:fusilier", "a:line-trooper"}, "lt"), nil)
	var regular, special int
	for _, o := range st.Legal("blue") {
		if a, ok := asAction[Activate](o.Action); ok && a.Trooper == "lt" && o.Illegal == nil {
			switch a.Order {
			case OrderRegular:
				regular++
			case OrderLieutenant:
				special++
			}
		}
	}
	if regular == 0 || special != regular {
		t.Fatalf("the Lieutenant's menu: %d entries with a Regular Order, %d with its Special Order; want as many of each", regular, special)
	}
}

// actionKey is what makes two actions the same entry of a menu: everything
// but the parameters Legal samples (routes and where a move or a placement
// ends, facings, a reduced Burst, the split of a Burst between targets and
// the point of the path an attack is made from). The weapon and its
// ammunition are part of the key, as the attack uses them: an unnamed
// weapon is the profile's first fit for the skill, an unnamed ammunition
// the weapon's first. An ARO window's answer is a set of declarations,
// and Legal lists them trooper by trooper: its keys are one per
// declaration. A transfer names its unit by any of its Proxies.
func actionKeys(st *State, a rules.Action) []string {
	skill := func(trooper string, k Skill) string {
		targets := []string{k.Target}
		for _, sh := range k.Split {
			targets = append(targets, sh.Target)
		}
		key := string(k.Name) + " " + strings.Join(targets, ",")
		if t := st.trooperIndex(trooper); t >= 0 && (isAttack(k.Name) || k.Name == SkillSuppressiveFire) {
			if w, err := st.weaponFor(t, &k); err == nil {
				ammo := k.Ammo
				if ammo == "" && len(w.Ammo) > 0 {
					ammo = w.Ammo[0]
				}
				key += " with " + w.ID + " " + ammo
			}
		}
		return key
	}
	switch a := Plain(a).(type) {
	case Activate:
		return []string{fmt.Sprintf("activate %s %s %s", a.Trooper, a.Order, skill(a.Trooper, a.Skill))}
	case Second:
		return []string{"second " + skill(st.Troopers[st.Order.Trooper].ID, a.Skill)}
	case AROs:
		if len(a.Declarations) == 0 {
			return []string{"aro none"}
		}
		var out []string
		for _, d := range a.Declarations {
			out = append(out, fmt.Sprintf("aro %s %s", d.Trooper, skill(d.Trooper, d.Skill)))
		}
		return out
	case DodgeMove:
		return []string{fmt.Sprintf("dodge-move %s %v", a.Trooper, a.Stay)}
	case GutsMove:
		return []string{fmt.Sprintf("guts-move %s %v", a.Trooper, a.Stay)}
	case PlaceJump:
		return []string{"place-jump " + a.Trooper}
	case Alert:
		return []string{fmt.Sprintf("alert %v", len(a.Turns) > 0)}
	case Appoint:
		return []string{"appoint " + a.Trooper}
	case MoveToken:
		return []string{"move-token " + a.Jumper + " " + a.Proxy}
	case Transfer:
		unit := a.Trooper
		if m := st.unitMembers(a.Trooper); len(m) > 0 {
			unit = st.Troopers[m[0]].unit()
		}
		return []string{"transfer " + unit + " " + a.Group}
	}
	return []string{a.Kind()}
}

// mutate changes one discrete part of an action at random: the trooper,
// the Order source, the skill, the target, the weapon, the ammunition.
func mutate(st *State, a rules.Action, rng *rand.Rand) rules.Action {
	var names []string
	for _, t := range st.Troopers {
		names = append(names, t.ID)
		if t.Marker != "" {
			names = append(names, t.Marker)
		}
	}
	for _, m := range st.Models {
		names = append(names, m.ID)
	}
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	sources := []string{string(OrderRegular), string(OrderIrregular), string(OrderLieutenant)}
	skills := []string{string(SkillMove), string(SkillBSAttack), string(SkillCCAttack), string(SkillDodge), string(SkillIdle), string(SkillReset), string(SkillSuppressiveFire), string(SkillDiscover)}
	weapons, ammo := []string{""}, []string{""}
	for _, id := range slices.Sorted(maps.Keys(st.Weapons)) {
		weapons = append(weapons, id)
		for _, a := range st.Weapons[id].Ammo {
			if !slices.Contains(ammo, a) {
				ammo = append(ammo, a)
			}
		}
	}
	skill := func(k Skill) Skill {
		switch rng.IntN(5) {
		case 0:
			k.Name = SkillName(pick(skills))
		case 1:
			k.Target = pick(names)
		case 2:
			k.Weapon = pick(weapons)
		case 3:
			k.Ammo = pick(ammo)
		default:
			k.Weapon, k.Ammo = pick(weapons), pick(ammo)
		}
		return k
	}
	switch a := Plain(a).(type) {
	case Activate:
		switch rng.IntN(3) {
		case 0:
			a.Trooper = pick(names)
		case 1:
			a.Order = OrderSource(pick(sources))
		default:
			a.Skill = skill(a.Skill)
		}
		return a
	case Second:
		a.Skill = skill(a.Skill)
		return a
	case AROs:
		a.Declarations = slices.Clone(a.Declarations)
		if len(a.Declarations) > 0 {
			i := rng.IntN(len(a.Declarations))
			a.Declarations[i].Skill = skill(a.Declarations[i].Skill)
		}
		return a
	case Appoint:
		a.Trooper = pick(names)
		return a
	case Transfer:
		a.Trooper = pick(names)
		return a
	}
	return a
}

// Legal lists every action Apply accepts, up to the parameters it samples
// (State.Legal): in seeded playouts, actions made by changing one part of
// a menu entry at random are sent to a copy of the state, and each one
// Apply accepts must have an equivalent legal entry in the menu. This is
// what missed the Lieutenant Special Order (Lieutenant (N4)) while the
// pool had Orders.
func TestLegalListsEveryAcceptedAction(t *testing.T) {
	for _, path := range []string{"../data/scenarios/demo.yaml", "../data/scenarios/jumper-demo.yaml", "../data/scenarios/seed/loss-of-lieutenant.yaml"} {
		t.Run(path, func(t *testing.T) {
			sc := load(t, path)
			rs := ruleset(t)
			r, err := rules.ResolveRulings(rs.Rulings(), sc.Rulings)
			if err != nil {
				t.Fatal(err)
			}
			for game := range testenv.Count(3, 20) {
				s, err := rs.Setup(sc, r)
				if err != nil {
					t.Fatal(err)
				}
				st := s.(*State)
				rng := rand.New(rand.NewPCG(uint64(game), 0x1e9a))
				src := dice.NewPCG(uint64(game), 0xd1ce)
				for step := 0; step < 400 && st.Prompt().Kind != rules.GameOver; step++ {
					seat, next, err := rules.RandomLegal(st, rng)
					if err != nil {
						t.Fatal(err)
					}
					menu := st.Legal(seat)
					legal := map[string]bool{}
					for _, o := range menu {
						if o.Illegal == nil {
							for _, k := range actionKeys(st, o.Action) {
								legal[k] = true
							}
						}
					}
					for range 8 {
						a := mutate(st, menu[rng.IntN(len(menu))].Action, rng)
						if _, err := st.clone().Apply(seat, a, dice.NewPCG(1, 2)); err != nil {
							continue
						}
						for _, k := range actionKeys(st, a) {
							if !legal[k] {
								t.Fatalf("game %d step %d: Apply accepts %s by %s, and the menu has no %q", game, step, mustEncode(t, a), seat, k)
							}
						}
					}
					if _, err := st.Apply(seat, next, src); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}

// menuEntry is one attack a menu may list: who, which skill on which
// target, with which weapon and ammunition; why is "" for a legal entry and
// the rule cited for a greyed one.
type menuEntry struct {
	trooper                   string
	skill                     SkillName
	target, weapon, ammo, why string
}

// attackEntries lists the menu's attacks (BS and CC Attack, Suppressive
// Fire) declared with a Regular Order or in ARO, by trooper.
func attackEntries(menu []rules.Option) []menuEntry {
	var out []menuEntry
	for _, o := range menu {
		var who string
		var k Skill
		switch a := Plain(o.Action).(type) {
		case Activate:
			if a.Order != OrderRegular {
				continue
			}
			who, k = a.Trooper, a.Skill
		case AROs:
			if len(a.Declarations) != 1 {
				continue
			}
			who, k = a.Declarations[0].Trooper, a.Declarations[0].Skill
		default:
			continue
		}
		if !isAttack(k.Name) && k.Name != SkillSuppressiveFire {
			continue
		}
		e := menuEntry{who, k.Name, k.Target, k.Weapon, k.Ammo, ""}
		if o.Illegal != nil {
			e.why = o.Illegal.Rule
		}
		out = append(out, e)
	}
	return out
}

// BS Attack (N4), CC Attack (N4), Suppressive Fire (N4), Direct Template
// Weapons (N4): the weapon and its ammunition are chosen at declaration
// (Order Expenditure Sequence (N4)), so the menu offers each attack with
// every weapon of the profile fit for it and, for a weapon with several
// modes, each mode: the Sniper's MULTI Sniper Rifle with AP and with DA
// and its Pistol; the Heavy Flamethrower (a Direct Template) beside the
// Combi Rifle and Pistol; the Grenades (an Impact Template) for a BS
// Attack and a Speculative Attack, which needs no Line of Fire; never the
// Mine (a deployable). An attack the target cannot take
// is greyed with its rule for every weapon: no Line of Fire to a trooper
// behind, no silhouette contact for CC. The same choices are offered in
// ARO.
func TestLegalOffersEveryWeaponAndAmmunition(t *testing.T) {
	yaml := `name: weapons
ruleset: infinity-n4
table: {width: 24, height: 24}
sides:
  - seat: blue
    troopers:
      - {id: sniper, profile: sniper, lieutenant: true, models: [{id: sniper, at: [8, 10], facing: 90}]}
      - {id: flamer, profile: assault, models: [{id: flamer, at: [14, 10], facing: 90}]}
    combat-groups: [{name: "1", troopers: [sniper, flamer]}]
  - seat: red
    troopers:
      - {id: front, profile: zhanshi, lieutenant: true, models: [{id: front, at: [12, 15], facing: 270}]}
      - {id: behind, profile: zhanshi, models: [{id: behind, at: [11, 3], facing: 90}]}
    combat-groups: [{name: "1", troopers: [front, behind]}]
initiative: blue
rounds: 2
`
	st := setup(t, yaml, nil)
	got := attackEntries(st.Legal("blue"))
	const noLoF = "BS Attack (N4)"
	const contact = "CC Attack (N4)"
	want := []menuEntry{
		{"sniper", SkillSuppressiveFire, "", "", "", noLoF}, // no Suppressive Fire weapon
		{"sniper", SkillBSAttack, "red-zhanshi-1", "multi-sniper-rifle", "AP", ""},
		{"sniper", SkillBSAttack, "red-zhanshi-1", "multi-sniper-rifle", "DA", ""},
		{"sniper", SkillBSAttack, "red-zhanshi-1", "pistol", "", ""},
		{"sniper", SkillCCAttack, "red-zhanshi-1", "pistol", "", contact},
		{"sniper", SkillCCAttack, "red-zhanshi-1", "cc-weapon", "", contact},
		{"sniper", SkillBSAttack, "red-zhanshi-2", "multi-sniper-rifle", "AP", noLoF},
		{"sniper", SkillBSAttack, "red-zhanshi-2", "multi-sniper-rifle", "DA", noLoF},
		{"sniper", SkillBSAttack, "red-zhanshi-2", "pistol", "", noLoF},
		{"sniper", SkillCCAttack, "red-zhanshi-2", "pistol", "", contact},
		{"sniper", SkillCCAttack, "red-zhanshi-2", "cc-weapon", "", contact},
		{"flamer", SkillSuppressiveFire, "", "combi-rifle", "", ""},
		{"flamer", SkillBSAttack, "red-zhanshi-1", "combi-rifle", "", ""},
		{"flamer", SkillBSAttack, "red-zhanshi-1", "heavy-flamethrower", "", ""},
		{"flamer", SkillBSAttack, "red-zhanshi-1", "grenades", "", ""},
		{"flamer", SkillBSAttack, "red-zhanshi-1", "pistol", "", ""},
		{"flamer", SkillCCAttack, "red-zhanshi-1", "pistol", "", contact},
		{"flamer", SkillCCAttack, "red-zhanshi-1", "cc-weapon", "", contact},
		{"flamer", SkillSpeculative, "red-zhanshi-1", "grenades", "", ""},
		{"flamer", SkillBSAttack, "red-zhanshi-2", "combi-rifle", "", noLoF},
		{"flamer", SkillBSAttack, "red-zhanshi-2", "heavy-flamethrower", "", "Direct Template Weapons (N4)"},
		{"flamer", SkillBSAttack, "red-zhanshi-2", "grenades", "", noLoF},
		{"flamer", SkillBSAttack, "red-zhanshi-2", "pistol", "", noLoF},
		{"flamer", SkillCCAttack, "red-zhanshi-2", "pistol", "", contact},
		{"flamer", SkillCCAttack, "red-zhanshi-2", "cc-weapon", "", contact},
		{"flamer", SkillSpeculative, "red-zhanshi-2", "grenades", "", ""},
	}
	if !slices.Equal(got, want) {
		t.Errorf("blue's attacks:\n got %v\nwant %v", got, want)
	}
	for _, e := range want {
		if e.why != "" {
			continue
		}
		a := Activate{Trooper: e.trooper, Order: OrderRegular, Skill: Skill{Name: e.skill, Target: e.target, Weapon: e.weapon, Ammo: e.ammo}}
		if _, err := st.clone().Apply("blue", a, dice.NewPCG(1, 2)); err != nil {
			t.Errorf("the menu offers %s, and Apply refuses it: %v", mustEncode(t, a), err)
		}
	}

	// In ARO: red's front trooper moves in the sniper's sight; the
	// sniper may answer with each weapon and mode.
	do(t, st, "blue", EndOrders{})
	do(t, st, "red", Activate{Trooper: "front", Order: OrderRegular, Skill: Skill{Name: SkillMove, Route: [][2]float64{{12, 14}}}})
	var aro []menuEntry
	for _, e := range attackEntries(st.Legal("blue")) {
		if e.trooper == "sniper" && e.skill == SkillBSAttack {
			aro = append(aro, e)
		}
	}
	wantARO := []menuEntry{
		{"sniper", SkillBSAttack, "red-zhanshi-1", "multi-sniper-rifle", "AP", ""},
		{"sniper", SkillBSAttack, "red-zhanshi-1", "multi-sniper-rifle", "DA", ""},
		{"sniper", SkillBSAttack, "red-zhanshi-1", "pistol", "", ""},
	}
	if !slices.Equal(aro, wantARO) {
		t.Errorf("the sniper's BS Attacks in ARO:\n got %v\nwant %v", aro, wantARO)
	}
}
