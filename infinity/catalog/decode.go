package catalog

import (
	"strconv"
	"strings"

	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/goccy/go-yaml/ast"
)

// The file format (see data/catalog/*.yaml for commented examples):
//
//	weapons:
//	  - id: combi-rifle
//	    name: Combi Rifle
//	    ranges:                       # inches, increasing, not overlapping
//	      - {from: 0, to: 8, mod: 3}
//	      - {from: 8, to: 16, mod: 3}
//	    damage: 13                    # or PH, PH-1, WIP…
//	    burst: 3
//	    ammo: [N]                     # dice ammunition names; several = modes
//	    save: ARM                     # or BTS
//	    traits: [suppressive-fire]
//	profiles:
//	  - id: fusilier
//	    name: Fusilier
//	    type: LI
//	    mov: 4-4                      # or [4, 4]
//	    cc: 14
//	    bs: 12
//	    …
//	    w: 1                          # str: for TAG, REM, VH
//	    skills: [Infiltration, {name: Mimetism, level: -3}]
//	    weapons: [combi-rifle, pistol]
//
// Keys are lower case; every key is checked.

var (
	fileKeys    = []string{"weapons", "profiles", "programs", "devices"}
	weaponKeys  = []string{"id", "name", "attribute", "ranges", "damage", "burst", "ammo", "save", "traits"}
	bandKeys    = []string{"from", "to", "mod"}
	profileKeys = []string{"id", "name", "type", "irregular", "hackable", "mov", "cc", "bs", "ph", "wip",
		"arm", "bts", "w", "str", "s", "cost", "swc", "ava", "unit", "skills", "equipment", "weapons", "pilot", "options"}
	optionKeys = []string{"id", "name", "cost", "swc", "weapons", "equipment"}
	skillKeys  = []string{"name", "level", "params"}
)

// entry is what is common to a decoded profile or weapon: where it is and
// which of its fields were given (present) and read well (ok).
type entry struct {
	path string
	// shaped is false when the entry is not a mapping at all: that error
	// says it all, and the entry is not checked further.
	shaped  bool
	present map[string]bool
	ok      map[string]bool
	// missing collects the required fields not given, reported together
	// in one error rather than one line each.
	missing *[]string
}

func newEntry(path string) entry {
	return entry{path: path, present: map[string]bool{}, ok: map[string]bool{}, missing: new([]string)}
}

type weaponEntry struct {
	entry
	w Weapon
	// bands holds, per band, which of from, to and mod were given and read.
	bands []entry
	// traits holds the trait words as written, for messages at their line.
	traits []string
}

type profileEntry struct {
	entry
	p Profile
	// hackable is the value given, nil if none.
	hackable *bool
	// skills holds, per skill, which of its keys were given.
	skills []entry
	// options holds, per option, which of its keys were given.
	options []entry
}

// fileEntries is one decoded file.
type fileEntries struct {
	weapons  []*weaponEntry
	profiles []*profileEntry
	programs []*programEntry
	devices  []*deviceEntry
}

// decode reads a file's body. A nil body (an empty file) holds nothing.
func (r *reader) decode(body ast.Node) *fileEntries {
	fe := &fileEntries{}
	if body == nil {
		return fe
	}
	r.at[""] = yamlfile.NodePos(body)
	r.fields(body, "", fileKeys, func(key string, v ast.Node, path string) {
		switch key {
		case "weapons":
			r.list(v, path, func(_ int, n ast.Node, p string) {
				fe.weapons = append(fe.weapons, r.weapon(n, p))
			})
		case "profiles":
			r.list(v, path, func(_ int, n ast.Node, p string) {
				fe.profiles = append(fe.profiles, r.profile(n, p))
			})
		case "programs":
			r.list(v, path, func(_ int, n ast.Node, p string) {
				fe.programs = append(fe.programs, r.program(n, p))
			})
		case "devices":
			r.list(v, path, func(_ int, n ast.Node, p string) {
				fe.devices = append(fe.devices, r.device(n, p))
			})
		}
	})
	return fe
}

func (r *reader) weapon(n ast.Node, path string) *weaponEntry {
	e := &weaponEntry{entry: newEntry(path)}
	w := &e.w
	e.shaped = r.fields(n, path, weaponKeys, func(key string, v ast.Node, p string) {
		e.present[key] = true
		var ok bool
		switch key {
		case "id":
			w.ID, ok = r.str(v, p)
		case "name":
			w.Name, ok = r.str(v, p)
		case "attribute":
			w.Attribute, ok = r.str(v, p)
		case "ranges":
			ok = r.list(v, p, func(_ int, bn ast.Node, bp string) {
				var b RangeBand
				be := newEntry(bp)
				be.shaped = r.fields(bn, bp, bandKeys, func(key string, v ast.Node, p string) {
					be.present[key] = true
					switch key {
					case "from":
						b.From, be.ok[key] = r.float(v, p)
					case "to":
						b.To, be.ok[key] = r.float(v, p)
					case "mod":
						b.Mod, be.ok[key] = r.int(v, p)
					}
				})
				w.Ranges = append(w.Ranges, b)
				e.bands = append(e.bands, be)
			})
		case "damage":
			ok = r.damage(v, p, w)
		case "burst":
			w.Burst, ok = r.int(v, p)
		case "ammo":
			w.Ammo, ok = r.strings(v, p)
		case "save":
			w.Save, ok = r.str(v, p)
		case "traits":
			e.traits, ok = r.strings(v, p)
		}
		e.ok[key] = ok
	})
	return e
}

// damage reads a weapon's DAM: a number, or an attribute with an optional
// modifier ("PH", "PH-1", "WIP+2").
func (r *reader) damage(n ast.Node, path string, w *Weapon) bool {
	if !r.plain(n, path) {
		return false
	}
	if _, ok := n.(*ast.IntegerNode); ok {
		v, ok := r.int(n, path)
		w.Damage = v
		return ok
	}
	s, ok := n.(*ast.StringNode)
	if !ok {
		r.errorAt(yamlfile.NodePos(n), path, "want a number or an attribute (PH, PH-1, WIP…), got %s", yamlfile.Describe(n))
		return false
	}
	text := strings.ReplaceAll(s.Value, " ", "")
	attr, mod := text, 0
	if i := strings.IndexAny(text, "+-"); i >= 0 {
		attr = text[:i]
		m, err := strconv.Atoi(text[i:])
		if err != nil || m < -maxInt || m > maxInt {
			r.errorAt(yamlfile.NodePos(n), path, "want a number or an attribute with a modifier (PH, PH-1, WIP+2), got %q", s.Value)
			return false
		}
		mod = m
	}
	w.DamageAttribute, w.Damage = attr, mod
	return true
}

func (r *reader) profile(n ast.Node, path string) *profileEntry {
	e := &profileEntry{entry: newEntry(path)}
	p := &e.p
	e.shaped = r.fields(n, path, profileKeys, func(key string, v ast.Node, fp string) {
		e.present[key] = true
		var ok bool
		switch key {
		case "id":
			p.ID, ok = r.str(v, fp)
		case "name":
			p.Name, ok = r.str(v, fp)
		case "type":
			var t string
			t, ok = r.str(v, fp)
			p.Type = TroopType(t)
		case "irregular":
			p.Irregular, ok = r.bool(v, fp)
		case "hackable":
			var h bool
			if h, ok = r.bool(v, fp); ok {
				e.hackable = &h
			}
		case "mov":
			p.MOV, ok = r.mov(v, fp)
		case "cc":
			p.CC, ok = r.int(v, fp)
		case "bs":
			p.BS, ok = r.int(v, fp)
		case "ph":
			p.PH, ok = r.int(v, fp)
		case "wip":
			p.WIP, ok = r.int(v, fp)
		case "arm":
			p.ARM, ok = r.int(v, fp)
		case "bts":
			p.BTS, ok = r.int(v, fp)
		case "w", "str":
			// Both land in W; the validator checks that exactly one was
			// given and that it suits the troop type.
			var v2 int
			if v2, ok = r.int(v, fp); ok {
				p.W, p.STR = v2, key == "str"
			}
		case "s":
			p.S, ok = r.int(v, fp)
		case "cost":
			p.Cost, ok = r.int(v, fp)
		case "swc":
			p.SWC, ok = r.float(v, fp)
		case "ava":
			p.AVA, ok = r.int(v, fp)
		case "unit":
			p.Unit, ok = r.str(v, fp)
		case "options":
			ok = r.list(v, fp, func(_ int, on ast.Node, op string) {
				o, oe := r.option(on, op)
				p.Options = append(p.Options, o)
				e.options = append(e.options, oe)
			})
		case "skills":
			ok = r.list(v, fp, func(_ int, sn ast.Node, sp string) {
				s, se := r.skill(sn, sp)
				p.Skills = append(p.Skills, s)
				e.skills = append(e.skills, se)
			})
		case "equipment":
			p.Equipment, ok = r.strings(v, fp)
		case "weapons":
			p.Weapons, ok = r.strings(v, fp)
		case "pilot":
			p.Pilot, ok = r.str(v, fp)
		}
		e.ok[key] = ok
	})
	return e
}

// option reads one of a profile's options (loadouts).
func (r *reader) option(n ast.Node, path string) (Option, entry) {
	e := newEntry(path)
	var o Option
	e.shaped = r.fields(n, path, optionKeys, func(key string, v ast.Node, p string) {
		e.present[key] = true
		var ok bool
		switch key {
		case "id":
			o.ID, ok = r.str(v, p)
		case "name":
			o.Name, ok = r.str(v, p)
		case "cost":
			o.Cost, ok = r.int(v, p)
		case "swc":
			o.SWC, ok = r.float(v, p)
		case "weapons":
			o.Weapons, ok = r.strings(v, p)
		case "equipment":
			o.Equipment, ok = r.strings(v, p)
		}
		e.ok[key] = ok
	})
	return o, e
}

// mov reads MOV as the profile prints it, "4-4", or as a list, [4, 4].
func (r *reader) mov(n ast.Node, path string) ([2]int, bool) {
	var out [2]int
	switch n := n.(type) {
	case *ast.StringNode:
		a, b, found := strings.Cut(strings.ReplaceAll(n.Value, " ", ""), "-")
		x, errA := strconv.Atoi(a)
		y, errB := strconv.Atoi(b)
		if !found || !digits(a) || !digits(b) || errA != nil || errB != nil || x > maxInt || y > maxInt {
			r.errorAt(yamlfile.NodePos(n), path, "want two movement values as 4-4 or [4, 4], got %q", n.Value)
			return out, false
		}
		out = [2]int{x, y}
		return out, true
	case *ast.SequenceNode:
		if len(n.Values) != 2 {
			r.errorAt(yamlfile.NodePos(n), path, "want two movement values as 4-4 or [4, 4], got a list of %d", len(n.Values))
			return out, false
		}
		ok := true
		for i, v := range n.Values {
			vp := yamlfile.IndexPath(path, i)
			r.at[vp] = yamlfile.NodePos(v)
			var good bool
			out[i], good = r.int(v, vp)
			ok = ok && good
		}
		return out, ok
	}
	if r.plain(n, path) {
		r.errorAt(yamlfile.NodePos(n), path, "want two movement values as 4-4 or [4, 4], got %s", yamlfile.Describe(n))
	}
	return out, false
}

// skill reads one skill: its name alone, or a mapping with a level or
// parameters.
func (r *reader) skill(n ast.Node, path string) (Skill, entry) {
	e := newEntry(path)
	var s Skill
	if _, ok := n.(*ast.MappingNode); !ok {
		var good bool
		s.Name, good = r.str(n, path)
		e.shaped, e.present["name"], e.ok["name"] = good, true, good
		return s, e
	}
	e.shaped = r.fields(n, path, skillKeys, func(key string, v ast.Node, p string) {
		e.present[key] = true
		var ok bool
		switch key {
		case "name":
			s.Name, ok = r.str(v, p)
		case "level":
			s.Level, ok = r.int(v, p)
		case "params":
			s.Params, ok = r.strings(v, p)
		}
		e.ok[key] = ok
	})
	return s, e
}

// digits reports whether s is a non-empty run of ASCII digits.
func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
