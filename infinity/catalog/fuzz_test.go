package catalog

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ordo-rules/ordo/data"
)

// FuzzParse feeds Parse arbitrary bytes. Whatever the input, Parse must not
// panic or hang; it either fails with a non-empty Errors, each error
// positioned in the file and on one line, or returns a catalog whose every
// entry holds the invariants validation promises.
func FuzzParse(f *testing.F) {
	f.Add([]byte(base))
	f.Add([]byte(userFile))
	if names, err := fs.Glob(data.Catalog, "catalog/*.yaml"); err == nil {
		for _, name := range names {
			if b, err := fs.ReadFile(data.Catalog, name); err == nil {
				f.Add(b)
			}
		}
	}
	for _, seed := range []string{
		"",
		"weapons:",
		"- a\n- b\n",
		"weapons: &x [*x]\n",
		"weapons: [{id: a, name: A, ranges: [{from: .nan, to: -.inf, mod: 99999999999999999999}], damage: PH+, ammo: E/M}]\n",
		"profiles: [{id: a, name: A, type: TAG, mov: 9-99999999999, w: 1, str: 2, skills: [{name: Immunity, params: [em, em]}]}]\n",
		"%YAML 1.2\n---\nweapons: !!str 3\n...\n---\nprofiles: []\n",
		"? [a]\n: b\n",
		"profiles:\n  - name: |\n      multi\n      line\n",
		"weapons:\n  - <<: {id: x}\n    traits: [cc, cc, impact-circular, direct-large-teardrop]\n",
		hackBase,
		"programs: [{id: a, name: A, group: UPGRADE, category: DP, attack-mod: none, opponent-mod: -99, damage: 0, burst: 9, aro-burst: 3, side: self, targets: [self, any], skill: [ARO, ARO]}]\n",
		"devices: [{id: r, name: Repeater, kind: repeater, deployable: true, upgrades: [a]}]\nprofiles: [{id: t, name: T, type: LI, pilot: t}]\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		done := make(chan struct{})
		go func() {
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				buf := make([]byte, 1<<20)
				n := runtime.Stack(buf, true)
				panic(fmt.Sprintf("HANG on %q\n%s", src, buf[:n]))
			}
		}()
		defer close(done)

		c, err := Parse("fuzz.yaml", src)
		if err != nil {
			var errs Errors
			if !errors.As(err, &errs) || len(errs) == 0 {
				t.Fatalf("error is %T, want a non-empty Errors: %v", err, err)
			}
			if c != nil {
				t.Fatal("Parse returned a catalog with an error")
			}
			for _, e := range errs {
				if e.File != "fuzz.yaml" || e.Line < 1 || e.Msg == "" || strings.ContainsAny(e.Error(), "\n\r") {
					t.Fatalf("badly formed error %q (%+v)", e.Error(), *e)
				}
			}
			return
		}
		if c == nil {
			t.Fatal("no catalog and no error")
		}
		again, err := Parse("fuzz.yaml", src)
		if err != nil || !reflect.DeepEqual(c.Profiles(), again.Profiles()) || !reflect.DeepEqual(c.Weapons(), again.Weapons()) ||
			!reflect.DeepEqual(c.Programs(), again.Programs()) || !reflect.DeepEqual(c.Devices(), again.Devices()) {
			t.Fatal("Parse is not deterministic")
		}
		for _, w := range c.Weapons() {
			checkWeapon(t, w)
		}
		for _, p := range c.Profiles() {
			checkProfile(t, c, p)
			if p.Pilot != "" {
				if pilot, ok := c.Profile(p.Pilot); !ok || p.Type != TAG || pilot.Type.Structure() {
					t.Fatalf("bad pilot accepted: %+v", p)
				}
			}
		}
		for _, p := range c.Programs() {
			if errs := p.Check(); len(errs) > 0 || p.AROBurst < 1 || p.MaxTargets < 1 {
				t.Fatalf("invalid program accepted: %+v: %v", p, errs)
			}
		}
		for _, d := range c.Devices() {
			if errs := d.Check(); len(errs) > 0 {
				t.Fatalf("invalid device accepted: %+v: %v", d, errs)
			}
			for _, u := range d.Upgrades {
				if p, ok := c.Program(u); !ok || p.Group != Upgrade {
					t.Fatalf("device %s carries %q, not an UPGRADE program", d.ID, u)
				}
			}
		}
	})
}

// checkWeapon asserts what validation promises of a weapon.
func checkWeapon(t *testing.T, w Weapon) {
	t.Helper()
	if !validID(w.ID) || strings.TrimSpace(w.Name) == "" || w.Burst < 1 || w.Burst > MaxBurst || len(w.Ammo) == 0 ||
		!slices.Contains(saveAttributes, w.Save) || !slices.Contains(attackAttributes, w.Attribute) {
		t.Fatalf("invalid weapon accepted: %+v", w)
	}
	if w.Traits.Template.Direct() && len(w.Ranges) > 0 {
		t.Fatalf("direct template with bands accepted: %+v", w)
	}
	prev := 0.0
	for i, b := range w.Ranges {
		if b.From < prev || b.To <= b.From || b.To > MaxDistance || b.Mod < -MaxRangeMod || b.Mod > MaxRangeMod {
			t.Fatalf("bad band %d accepted: %+v", i, w.Ranges)
		}
		prev = b.To
		// Every band is reachable: its far edge is in it.
		if mod, ok := w.RangeMod(b.To); !ok || mod != b.Mod {
			t.Fatalf("band %d: RangeMod(%v) = %d, %v", i, b.To, mod, ok)
		}
	}
	if _, ok := w.RangeMod(w.MaxRange() + 1); ok {
		t.Fatalf("in range beyond the last band: %+v", w.Ranges)
	}
}

// checkProfile asserts what validation promises of a profile.
func checkProfile(t *testing.T, c *Catalog, p Profile) {
	t.Helper()
	in := func(v, lo, hi int) bool { return v >= lo && v <= hi }
	if !validID(p.ID) || !p.Type.Known() || p.STR != p.Type.Structure() || !in(p.W, 1, MaxWounds) || !in(p.S, 1, MaxSilhouette) ||
		!in(p.MOV[0], 0, MaxMOV) || !in(p.MOV[1], 0, MaxMOV) || !in(p.CC, 0, MaxAttribute) || !in(p.BS, 0, MaxAttribute) ||
		!in(p.PH, 0, MaxAttribute) || !in(p.WIP, 0, MaxAttribute) || !in(p.ARM, 0, MaxArmour) || !in(p.BTS, 0, MaxArmour) ||
		!in(p.Cost, 0, MaxCost) || (p.Type.Hackable() && !p.Hackable) {
		t.Fatalf("invalid profile accepted: %+v", p)
	}
	if len(c.WeaponsOf(p)) != len(p.Weapons) {
		t.Fatalf("profile %s names a weapon the catalog lacks: %v", p.ID, p.Weapons)
	}
	for _, s := range p.Skills {
		if _, ok := skillSpecs()[s.Name]; !ok {
			t.Fatalf("unknown skill accepted: %+v", s)
		}
	}
	for _, e := range p.Equipment {
		if !slices.Contains(knownEquipment, e) {
			t.Fatalf("unknown equipment accepted: %q", e)
		}
	}
}
