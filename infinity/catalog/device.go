package catalog

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Device is a piece of Comms Equipment a profile carries (Hacking (N3)): a
// hacking device, with the program groups and upgrade programs it lets its
// hacker declare, or a Repeater, whose Zone of Control extends the Hacking
// Area of every hacker of its army list.
//
// A profile carries a device by naming it in its equipment (Name); the
// catalog ties the name to this entry.
type Device struct {
	// ID is the catalog key ("hacking-device-plus"); Name the equipment
	// name profiles list ("Hacking Device Plus").
	ID   string `json:"id"`
	Name string `json:"name"`
	// Kind is hacking or repeater.
	Kind DeviceKind `json:"kind"`
	// Groups are the program groups a hacking device carries, in the order
	// the device lists them; Upgrades the ids of the UPGRADE programs it
	// adds one by one.
	Groups   []Group  `json:"groups,omitempty"`
	Upgrades []string `json:"upgrades,omitempty"`
	// Deployable marks a Repeater placed on the table rather than carried
	// (a Deployable Repeater): it cannot declare Reset (Hacking (N3)).
	Deployable bool `json:"deployable,omitempty"`
}

// DeviceKind says what a device does.
type DeviceKind string

// The kinds of devices.
const (
	HackingKind  DeviceKind = "hacking"  // lets its carrier declare programs
	RepeaterKind DeviceKind = "repeater" // extends its army's Hacking Area
)

// DeviceKinds lists the kinds of devices.
func DeviceKinds() []DeviceKind { return []DeviceKind{HackingKind, RepeaterKind} }

// Check reports every value of the device the rules cannot use: an id or
// name out of shape, a name that is not known equipment of its kind (a
// hacking device is named "… Hacking Device"), unknown or repeated groups,
// a hacking device with no program at all, groups, upgrades or deployable
// on the wrong kind. Whether each upgrade is an UPGRADE program is checked
// against the whole catalog at load.
func (d Device) Check() []FieldError {
	var es fieldErrors
	es.id(d.ID)
	es.name(d.Name)
	if slices.Contains(knownEquipment, d.Name) {
		switch {
		case d.Kind == HackingKind && !IsHackingDevice(d.Name):
			es.add("name", "%q is not a hacking device: a device of kind hacking is named \"… Hacking Device\"", d.Name)
		case d.Kind == RepeaterKind && IsHackingDevice(d.Name):
			es.add("name", "%q is a hacking device, not a repeater", d.Name)
		}
	} else {
		es.oneOf("name", "equipment", d.Name, knownEquipment)
	}
	es.oneOf("kind", "device kind", string(d.Kind), words(DeviceKinds()))
	listOf(&es, "groups", "program group", d.Groups, Groups())
	for i, g := range d.Groups {
		if g == Upgrade {
			es.add(fmt.Sprintf("groups[%d]", i), "UPGRADE programs come one by one: list them under upgrades")
		}
	}
	seen := map[string]int{}
	for i, u := range d.Upgrades {
		p := fmt.Sprintf("upgrades[%d]", i)
		if !validID(u) {
			es.add(p, "upgrade %q is not a program id", u)
			continue
		}
		if j, dup := seen[u]; dup {
			es.add(p, "%s", twiceMsg("upgrade "+u, fmt.Sprintf("upgrades[%d]", j)))
		}
		seen[u] = i
	}
	switch d.Kind {
	case HackingKind:
		if len(d.Groups)+len(d.Upgrades) == 0 {
			es.add("groups", "a hacking device carries at least one program group or upgrade")
		}
		if d.Deployable {
			es.add("deployable", "only a repeater may be deployable")
		}
	case RepeaterKind:
		if len(d.Groups)+len(d.Upgrades) > 0 {
			es.add("groups", "a repeater carries no programs")
		}
	}
	return es
}

// CarriesGroup reports whether the device carries the program group.
func (d Device) CarriesGroup(g Group) bool { return slices.Contains(d.Groups, g) }

// String writes the device on one line, as `ordo rules --devices` lists it.
func (d Device) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s) %s", d.ID, d.Name, d.Kind)
	if d.Deployable {
		b.WriteString(", deployable")
	}
	if len(d.Groups) > 0 {
		fmt.Fprintf(&b, ": %s", strings.Join(words(d.Groups), ", "))
	}
	if len(d.Upgrades) > 0 {
		fmt.Fprintf(&b, " + UPGRADE %s", strings.Join(d.Upgrades, ", "))
	}
	return b.String()
}

func (d Device) clone() Device {
	d.Groups = slices.Clone(d.Groups)
	d.Upgrades = slices.Clone(d.Upgrades)
	return d
}

// Program returns the program with this id.
func (c *Catalog) Program(id string) (Program, bool) {
	if c == nil {
		return Program{}, false
	}
	p, ok := c.programs[id]
	return p.clone(), ok
}

// LookupProgram finds a program by its id or its name as players write it,
// ignoring case, spaces and punctuation ("total control", "Gotcha",
// "stop").
func (c *Catalog) LookupProgram(name string) (Program, bool) {
	if p, ok := c.Program(name); ok {
		return p, true
	}
	if c == nil {
		return Program{}, false
	}
	key := fold(name)
	if key == "" {
		return Program{}, false
	}
	for _, id := range slices.Sorted(maps.Keys(c.programs)) {
		if p := c.programs[id]; fold(p.Name) == key || fold(p.ID) == key {
			return p.clone(), true
		}
	}
	return Program{}, false
}

// Programs lists every program in the order of the program table: by
// group, then by id.
func (c *Catalog) Programs() []Program {
	if c == nil {
		return nil
	}
	out := make([]Program, 0, len(c.programs))
	for _, id := range slices.Sorted(maps.Keys(c.programs)) {
		out = append(out, c.programs[id].clone())
	}
	order := Groups()
	slices.SortStableFunc(out, func(a, b Program) int {
		return slices.Index(order, a.Group) - slices.Index(order, b.Group)
	})
	return out
}

// Device returns the device with this id.
func (c *Catalog) Device(id string) (Device, bool) {
	if c == nil {
		return Device{}, false
	}
	d, ok := c.devices[id]
	return d.clone(), ok
}

// DeviceNamed returns the device a profile carries under this equipment
// name ("Hacking Device Plus").
func (c *Catalog) DeviceNamed(equipment string) (Device, bool) {
	if c == nil {
		return Device{}, false
	}
	for _, d := range c.devices {
		if d.Name == equipment {
			return d.clone(), true
		}
	}
	return Device{}, false
}

// Devices lists every device: the hacking devices, then the repeaters,
// each sorted by id.
func (c *Catalog) Devices() []Device {
	if c == nil {
		return nil
	}
	out := make([]Device, 0, len(c.devices))
	for _, id := range slices.Sorted(maps.Keys(c.devices)) {
		out = append(out, c.devices[id].clone())
	}
	slices.SortStableFunc(out, func(a, b Device) int {
		return slices.Index(DeviceKinds(), a.Kind) - slices.Index(DeviceKinds(), b.Kind)
	})
	return out
}

// DevicePrograms lists the programs a device carries: those of its groups
// and its upgrades, in program-table order.
func (c *Catalog) DevicePrograms(d Device) []Program {
	var out []Program
	for _, p := range c.Programs() {
		if (p.Group != Upgrade && d.CarriesGroup(p.Group)) || slices.Contains(d.Upgrades, p.ID) {
			out = append(out, p)
		}
	}
	return out
}

// DevicesOf lists the devices a profile carries, in its equipment order.
func (c *Catalog) DevicesOf(p Profile) []Device {
	var out []Device
	for _, e := range p.Equipment {
		if d, ok := c.DeviceNamed(e); ok {
			out = append(out, d)
		}
	}
	return out
}

// ProgramsOf lists the programs a profile may declare: every program of
// every hacking device it carries, each once, in program-table order.
func (c *Catalog) ProgramsOf(p Profile) []Program {
	devs := c.DevicesOf(p)
	var out []Program
	for _, prog := range c.Programs() {
		for _, d := range devs {
			if (prog.Group != Upgrade && d.CarriesGroup(prog.Group)) || slices.Contains(d.Upgrades, prog.ID) {
				out = append(out, prog)
				break
			}
		}
	}
	return out
}

// IsHacker reports whether the profile carries a hacking device: it is a
// Hacker for the programs that target hackers.
func (c *Catalog) IsHacker(p Profile) bool {
	return slices.ContainsFunc(p.Equipment, IsHackingDevice)
}

// HasComms reports whether the profile carries Comms Equipment: a hacking
// device or a Repeater (Blackout's target).
func (c *Catalog) HasComms(p Profile) bool {
	if c.IsHacker(p) {
		return true
	}
	return slices.ContainsFunc(p.Equipment, func(e string) bool {
		d, ok := c.DeviceNamed(e)
		return ok && d.Kind == RepeaterKind
	})
}

// Matches reports whether a profile belongs to a target class that the
// profile alone decides (troop types, hackable, hacker, Comms Equipment, a
// manned TAG, any trooper). For the classes that depend on what the
// trooper is doing or its state (possessed-TAG, combat-jumper,
// guided-attacker, attacking-hacker) it reports whether the profile could
// ever be one, and the engine checks the rest; points, scenery and self are
// no profile's class.
func (c *Catalog) Matches(class TargetClass, p Profile) bool {
	switch class {
	case TargetTAG, TargetHI, TargetREM, TargetVH:
		return string(p.Type) == string(class)
	case TargetHack:
		return p.Hackable
	case TargetHacker, TargetAttacker:
		return c.IsHacker(p)
	case TargetComms:
		return c.HasComms(p)
	case TargetManned:
		return p.Type == TAG && p.Pilot != ""
	case TargetPossessed:
		return p.Type == TAG
	case TargetJumper:
		return p.HasSkill("Combat Jump")
	case TargetAny, TargetGuided:
		return true
	}
	return false
}

// CanTarget reports whether the program's target classes admit the profile
// (any one class is enough), as far as the profile decides.
func (c *Catalog) CanTarget(prog Program, p Profile) bool {
	return slices.ContainsFunc(prog.Targets, func(t TargetClass) bool { return c.Matches(t, p) })
}

// devicesOrNil is c's devices, nil for a nil catalog.
func (c *Catalog) devicesOrNil() map[string]Device {
	if c == nil {
		return nil
	}
	return c.devices
}
