package catalog

import (
	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/goccy/go-yaml/ast"
)

// The file format of programs and devices (data/catalog/programs.yaml and
// devices.yaml have every entry commented):
//
//	programs:
//	  - id: carbonite
//	    name: Carbonite
//	    group: CLAW-3
//	    category: Infowar
//	    attack-mod: 3            # a whole number, or none ("—" in the table)
//	    opponent-mod: 0
//	    damage: 13               # or none
//	    burst: 2
//	    aro-burst: 1             # optional, default 1 (B1 in ARO)
//	    max-targets: 1           # optional, default 1
//	    side: enemy              # enemy, friendly, self, none
//	    targets: [TAG, HI, REM, hacker]
//	    skill: [Short Skill, ARO]
//	    duration: 2 Turns        # optional: Turn, 2 Turns, until revealed
//	    range: hacking-area
//	    ammo: [DT]               # optional: Breaker, DT
//	    effect: imm-1
//	    labels: [Attack]
//	    special: one line for the card
//	devices:
//	  - id: hacking-device
//	    name: Hacking Device     # the equipment name profiles list
//	    kind: hacking            # or repeater
//	    groups: [CLAW-1, SWORD-1]
//	    upgrades: [sucker-punch]
//	    deployable: false        # repeaters only

var (
	programKeys = []string{"id", "name", "group", "category", "attack-mod", "opponent-mod", "damage", "burst",
		"aro-burst", "max-targets", "side", "targets", "skill", "duration", "range", "ammo", "effect", "labels", "special"}
	deviceKeys = []string{"id", "name", "kind", "groups", "upgrades", "deployable"}
)

type programEntry struct {
	entry
	p Program
}

type deviceEntry struct {
	entry
	d Device
}

// program reads one program; validateProgram checks it.
func (r *reader) program(n ast.Node, path string) *programEntry {
	e := &programEntry{entry: newEntry(path)}
	p := &e.p
	e.shaped = r.fields(n, path, programKeys, func(key string, v ast.Node, fp string) {
		e.present[key] = true
		var ok bool
		var s string
		var ss []string
		switch key {
		case "id":
			p.ID, ok = r.str(v, fp)
		case "name":
			p.Name, ok = r.str(v, fp)
		case "group":
			s, ok = r.str(v, fp)
			p.Group = Group(s)
		case "category":
			s, ok = r.str(v, fp)
			p.Category = Category(s)
		case "attack-mod":
			p.AttackMod, ok = r.opt(v, fp)
		case "opponent-mod":
			p.OpponentMod, ok = r.opt(v, fp)
		case "damage":
			p.Damage, ok = r.opt(v, fp)
		case "burst":
			p.Burst, ok = r.int(v, fp)
		case "aro-burst":
			p.AROBurst, ok = r.int(v, fp)
		case "max-targets":
			p.MaxTargets, ok = r.int(v, fp)
		case "side":
			s, ok = r.str(v, fp)
			p.Side = Side(s)
		case "targets":
			ss, ok = r.strings(v, fp)
			p.Targets = typed[TargetClass](ss)
		case "skill":
			ss, ok = r.strings(v, fp)
			p.Skill = typed[SkillType](ss)
		case "duration":
			s, ok = r.str(v, fp)
			p.Duration = Duration(s)
		case "range":
			s, ok = r.str(v, fp)
			p.Range = Range(s)
		case "ammo":
			ss, ok = r.strings(v, fp)
			p.Ammo = typed[HackAmmo](ss)
		case "effect":
			s, ok = r.str(v, fp)
			p.Effect = Effect(s)
		case "labels":
			ss, ok = r.strings(v, fp)
			p.Labels = typed[Label](ss)
		case "special":
			p.Special, ok = r.str(v, fp)
		}
		e.ok[key] = ok
	})
	return e
}

// opt reads a column that may be empty: a whole number, or none.
func (r *reader) opt(n ast.Node, path string) (Opt, bool) {
	if s, isStr := n.(*ast.StringNode); isStr {
		if s.Value == "none" {
			return Opt{}, true
		}
		r.errorAt(yamlfile.NodePos(n), path, "want a whole number or none (the table's —), got %q", s.Value)
		return Opt{}, false
	}
	v, ok := r.int(n, path)
	return Some(v), ok
}

func typed[T ~string](ss []string) []T {
	if ss == nil {
		return nil
	}
	out := make([]T, len(ss))
	for i, s := range ss {
		out[i] = T(s)
	}
	return out
}

// device reads one device; validateDevice checks it.
func (r *reader) device(n ast.Node, path string) *deviceEntry {
	e := &deviceEntry{entry: newEntry(path)}
	d := &e.d
	e.shaped = r.fields(n, path, deviceKeys, func(key string, v ast.Node, fp string) {
		e.present[key] = true
		var ok bool
		switch key {
		case "id":
			d.ID, ok = r.str(v, fp)
		case "name":
			d.Name, ok = r.str(v, fp)
		case "kind":
			var s string
			s, ok = r.str(v, fp)
			d.Kind = DeviceKind(s)
		case "groups":
			var ss []string
			ss, ok = r.strings(v, fp)
			d.Groups = typed[Group](ss)
		case "upgrades":
			d.Upgrades, ok = r.strings(v, fp)
		case "deployable":
			d.Deployable, ok = r.bool(v, fp)
		}
		e.ok[key] = ok
	})
	return e
}

// programField maps Program.Check's field names to the file's keys (a
// switch, not a map, so that nothing is built at start).
func programField(name string) (string, bool) {
	switch name {
	case "attackMod":
		return "attack-mod", true
	case "opponentMod":
		return "opponent-mod", true
	case "aroBurst":
		return "aro-burst", true
	case "maxTargets":
		return "max-targets", true
	}
	return "", false
}

// validateProgram checks every field of a program, filling the defaults
// (aro-burst and max-targets 1). The values are checked by Program.Check.
func (r *reader) validateProgram(e *programEntry) {
	if !e.shaped {
		return
	}
	p := &e.p
	for _, k := range []string{"id", "name", "group", "category", "attack-mod", "opponent-mod", "damage", "burst", "side", "targets", "skill", "range", "effect"} {
		hint := ""
		switch k {
		case "attack-mod", "opponent-mod", "damage":
			hint = "a number or none"
		}
		r.required(e.entry, k, hint)
	}
	if !e.present["aro-burst"] {
		p.AROBurst = 1
	}
	if !e.present["max-targets"] {
		p.MaxTargets = 1
	}
	// A column missing or unreadable has its error already: Check sees it
	// as a neutral value, so that the rules tying columns together stay
	// quiet about it.
	cp := *p
	for key, o := range map[string]*Opt{"attack-mod": &cp.AttackMod, "opponent-mod": &cp.OpponentMod, "damage": &cp.Damage} {
		if !e.ok[key] {
			*o = Some(1)
		}
	}
	r.report(cp.Check(), func(f string) (string, bool) {
		key, rest := splitField(f)
		if k, ok := programField(key); ok {
			key = k
		}
		return yamlfile.ChildPath(e.path, key) + rest, e.ok[key]
	})
	r.reportMissing(e.entry)
}

// validateDevice checks every field of a device; upgrades are resolved
// against the whole catalog by resolveDevice.
func (r *reader) validateDevice(e *deviceEntry) {
	if !e.shaped {
		return
	}
	for _, k := range []string{"id", "name", "kind"} {
		hint := ""
		if k == "kind" {
			hint = "hacking or repeater"
		}
		r.required(e.entry, k, hint)
	}
	r.report(e.d.Check(), func(f string) (string, bool) {
		key, rest := splitField(f)
		if !e.present[key] {
			return e.path, true
		}
		return yamlfile.ChildPath(e.path, key) + rest, e.ok[key]
	})
	r.reportMissing(e.entry)
}

// resolveDevice checks that every upgrade a device names is an UPGRADE
// program of the catalog, and that no other device has its equipment name.
func (r *reader) resolveDevice(e *deviceEntry, c *Catalog, programIDs []string, names map[string]place) {
	d := e.d
	if e.ok["upgrades"] {
		for i, id := range d.Upgrades {
			p := yamlfile.IndexPath(yamlfile.ChildPath(e.path, "upgrades"), i)
			prog, ok := c.programs[id]
			switch {
			case ok && prog.Group != Upgrade:
				r.errorf(p, "program %q is in group %s, not UPGRADE: list its group under groups", id, prog.Group)
			case !ok && validID(id):
				if s, near := closest(id, programIDs); near {
					r.errorf(p, "unknown program %q: did you mean %q?", id, s)
				} else {
					r.errorf(p, "unknown program %q: no loaded catalog file defines it", id)
				}
			}
		}
	}
	if e.ok["name"] && e.ok["id"] {
		here := place{file: r.file, pos: r.lookup(yamlfile.ChildPath(e.path, "name"))}
		if first, dup := names[d.Name]; dup && first != here {
			r.errorf(yamlfile.ChildPath(e.path, "name"), "two devices are the equipment %q: first at %s, again here", d.Name, first)
		} else {
			names[d.Name] = here
		}
	}
}

// resolvePilot checks a manned TAG's pilot: a profile of the catalog that
// is a trooper, not a TAG, REM or VH.
func (r *reader) resolvePilot(pe *profileEntry, c *Catalog, profileIDs []string) {
	p := pe.p
	if !pe.ok["pilot"] {
		return
	}
	at := yamlfile.ChildPath(pe.path, "pilot")
	pilot, ok := c.profiles[p.Pilot]
	switch {
	case !ok:
		if s, near := closest(p.Pilot, profileIDs); near {
			r.errorf(at, "unknown pilot profile %q: did you mean %q?", p.Pilot, s)
		} else {
			r.errorf(at, "unknown pilot profile %q: no loaded catalog file defines it", p.Pilot)
		}
	case pilot.Type.Structure():
		r.errorf(at, "the pilot %q is a %s: a pilot is a trooper who counts Wounds", p.Pilot, pilot.Type)
	case pilot.Pilot != "":
		r.errorf(at, "the pilot %q has a pilot of its own", p.Pilot)
	}
}

// checkPilot checks what the pilot field of one profile says on its own:
// only a TAG is manned.
func (r *reader) checkPilot(e *profileEntry) {
	if !e.ok["pilot"] {
		return
	}
	at := yamlfile.ChildPath(e.path, "pilot")
	switch {
	case !validID(e.p.Pilot):
		r.errorf(at, "pilot %q is not a profile id", e.p.Pilot)
		e.ok["pilot"] = false
	case e.ok["type"] && e.p.Type != TAG:
		r.errorf(at, "only a TAG is manned: a %s profile has no pilot", e.p.Type)
		e.ok["pilot"] = false
	case e.p.Pilot == e.p.ID:
		r.errorf(at, "a TAG cannot be its own pilot")
		e.ok["pilot"] = false
	}
}

// hackingSummary adds the programs and devices to the catalog's one-line
// summary, when it has any.
func (c *Catalog) hackingSummary() string {
	if len(c.programs)+len(c.devices) == 0 {
		return ""
	}
	return ", " + plural(len(c.programs), "program") + ", " + plural(len(c.devices), "device")
}
