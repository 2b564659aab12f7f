package catalog

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/dice"
	"github.com/ordo-rules/ordo/scenario"
)

// The catalog is what scenario files check their profile references with.
var _ scenario.Catalog = (*Catalog)(nil)

func defaultCatalog(t *testing.T) *Catalog {
	t.Helper()
	c, err := Default()
	if err != nil {
		t.Fatalf("the embedded catalog does not load:\n%v", err)
	}
	return c
}

// TestDefaultSeedNumbers: the shipped catalog carries the numbers the seeds
// give. Dodge (N4) (Dodge), the worked example: "The Fusilier's Success Value
// will be 15 (12 + 3). BS = 12. +3 for Range" and "The Zhanshi's Success
// Value will be 10. PH = 10".
func TestDefaultSeedNumbers(t *testing.T) {
	c := defaultCatalog(t)
	fus, ok := c.Profile("fusilier")
	if !ok || fus.BS != 12 {
		t.Fatalf("fusilier: %v %+v, want BS 12", ok, fus)
	}
	zh, ok := c.Profile("zhanshi")
	if !ok || zh.PH != 10 {
		t.Fatalf("zhanshi: %v %+v, want PH 10", ok, zh)
	}
	// The Fusilier shoots with +3 for range somewhere: SV 15.
	plus3 := false
	for _, w := range c.WeaponsOf(fus) {
		for _, b := range w.Ranges {
			plus3 = plus3 || b.Mod == 3 && w.Burst >= 1
		}
	}
	if !plus3 {
		t.Error("no weapon of the fusilier has a +3 band (Dodge (N4): SV 15 = BS 12 + 3 for range)")
	}
	// The Mine example: a deployable template weapon with a Dodge against
	// it (Dodge (N4)).
	mine, ok := c.Weapon("mine")
	if !ok || !mine.Traits.Deployable || mine.Traits.Template == NoTemplate {
		t.Errorf("mine: %v %+v, want a deployable template weapon", ok, mine)
	}
}

// TestDefaultJumperSeed: the G: Jumper (N4, PDF 2.1) rule's Active Turn example — "a Proxy Mk.2
// (infiltrated and Camouflaged) armed with a MULTI Sniper Rifle, a Proxy
// Mk.4 (Heavy Infantry) with an HMG and a Proxy Mk.5 Forward Observer" —
// and the Reactive Turn's Hellcat with Combat Jump.
func TestDefaultJumperSeed(t *testing.T) {
	c := defaultCatalog(t)
	for _, tc := range []struct {
		id     string
		typ    TroopType
		skills []string
		weapon string
	}{
		{"proxy-mk2", "", []string{"G: Jumper", "Infiltration", "Camouflage"}, "multi-sniper-rifle"},
		{"proxy-mk4", HI, []string{"G: Jumper"}, "hmg"},
		{"proxy-mk5", "", []string{"G: Jumper", "Forward Observer"}, ""},
		{"hellcat", "", []string{"Combat Jump"}, ""},
	} {
		p, ok := c.Profile(tc.id)
		if !ok {
			t.Errorf("%s missing", tc.id)
			continue
		}
		if tc.typ != "" && p.Type != tc.typ {
			t.Errorf("%s: type %s, want %s", tc.id, p.Type, tc.typ)
		}
		for _, s := range tc.skills {
			if !p.HasSkill(s) {
				t.Errorf("%s lacks %s", tc.id, s)
			}
		}
		if tc.weapon != "" && !slices.Contains(p.Weapons, tc.weapon) {
			t.Errorf("%s lacks %s", tc.id, tc.weapon)
		}
		if p.Cost <= 0 {
			t.Errorf("%s: cost %d; each proxy counts its own Cost for Victory Points (G: Jumper (N4, PDF 2.1))", tc.id, p.Cost)
		}
	}
	if msr, _ := c.Weapon("multi-sniper-rifle"); !msr.HasAmmo("AP") || !msr.HasAmmo("DA") {
		t.Errorf("MULTI Sniper Rifle ammo %v, want the modes AP and DA", msr.Ammo)
	}
}

// TestDefaultContents: the illustrative profiles and weapons the scenarios
// and docs name are shipped, with the shape the rules need.
func TestDefaultContents(t *testing.T) {
	c := defaultCatalog(t)
	for _, id := range []string{"fusilier", "zhanshi", "line-trooper", "scout", "assault", "sniper", "hmg",
		"forward-observer", "hacker", "remote", "militia", "tag", "proxy-mk2", "proxy-mk4", "proxy-mk5", "hellcat"} {
		if !c.HasProfile(id) {
			t.Errorf("profile %s missing", id)
		}
	}
	for _, id := range []string{"combi-rifle", "rifle", "hmg", "multi-sniper-rifle", "pistol", "cc-weapon",
		"chain-rifle", "light-shotgun", "mine", "flash-pulse", "heavy-flamethrower", "pulse-carbine", "snare-rifle"} {
		if _, ok := c.Weapon(id); !ok {
			t.Errorf("weapon %s missing", id)
		}
	}
	checks := []struct {
		what string
		ok   bool
	}{
		{"sniper has the MULTI Sniper Rifle", has(c, "sniper", "multi-sniper-rifle")},
		{"hmg is HI, Hackable, with an HMG", is(c, "hmg", func(p Profile) bool { return p.Type == HI && p.Hackable }) && has(c, "hmg", "hmg")},
		{"forward-observer has Forward Observer", is(c, "forward-observer", func(p Profile) bool { return p.HasSkill("Forward Observer") })},
		{"hacker carries a hacking device", is(c, "hacker", func(p Profile) bool { return slices.ContainsFunc(p.Equipment, IsHackingDevice) })},
		{"remote is a REM with STR, never Lieutenant", is(c, "remote", func(p Profile) bool { return p.Type == REM && p.STR && p.Hackable && !p.CanBeLieutenant() })},
		{"militia is Irregular", is(c, "militia", func(p Profile) bool { return p.Irregular && !p.CanBeLieutenant() })},
		{"tag is a TAG with STR", is(c, "tag", func(p Profile) bool { return p.Type == TAG && p.STR && p.Hackable && p.S >= 5 })},
		{"fusilier is Regular, not Hackable", is(c, "fusilier", func(p Profile) bool { return !p.Irregular && !p.Hackable && p.CanBeLieutenant() })},
		{"chain rifle is a direct small teardrop", wp(c, "chain-rifle", func(w Weapon) bool { return w.Traits.Template == DirectSmallTeardrop && len(w.Ranges) == 0 })},
		{"heavy flamethrower is a continuous large teardrop", wp(c, "heavy-flamethrower", func(w Weapon) bool {
			return w.Traits.Template == DirectLargeTeardrop && w.Traits.Continuous
		})},
		{"flash pulse is non-lethal", wp(c, "flash-pulse", func(w Weapon) bool { return w.Traits.NonLethal && w.Save == "BTS" })},
		{"pulse carbine fires E/M (Ammunition (N4))", wp(c, "pulse-carbine", func(w Weapon) bool { return slices.Equal(w.Ammo, []string{"E/M"}) && w.Traits.NonLethal })},
		{"snare rifle fires PARA (Ammunition (N4))", wp(c, "snare-rifle", func(w Weapon) bool { return slices.Equal(w.Ammo, []string{"PARA"}) && w.Traits.NonLethal })},
		{"CC weapon deals PH", wp(c, "cc-weapon", func(w Weapon) bool { return w.Traits.CC && w.DamageAttribute == "PH" })},
		{"combi rifle has Suppressive Fire", wp(c, "combi-rifle", func(w Weapon) bool { return w.Traits.SuppressiveFire && w.Burst == 3 })},
	}
	for _, ch := range checks {
		if !ch.ok {
			t.Error(ch.what + ": no")
		}
	}
	// Every profile is armed from the catalog, every ammo is dice's.
	for _, p := range c.Profiles() {
		if len(c.WeaponsOf(p)) != len(p.Weapons) {
			t.Errorf("%s: a weapon does not resolve", p.ID)
		}
	}
	for _, w := range c.Weapons() {
		for _, a := range w.Ammo {
			if got, err := dice.LookupAmmo(a); err != nil || got.Name != a {
				t.Errorf("%s: ammo %q is not dice's spelling", w.ID, a)
			}
		}
	}
	if files := c.Files(); len(files) == 0 || !strings.HasPrefix(files[0], "data/catalog/") {
		t.Errorf("files %v, want data/catalog/…", files)
	}
}

func has(c *Catalog, profile, weapon string) bool {
	p, ok := c.Profile(profile)
	return ok && slices.Contains(p.Weapons, weapon)
}

func is(c *Catalog, id string, f func(Profile) bool) bool {
	p, ok := c.Profile(id)
	return ok && f(p)
}

func wp(c *Catalog, id string, f func(Weapon) bool) bool {
	w, ok := c.Weapon(id)
	return ok && f(w)
}

func TestSortedAndCopied(t *testing.T) {
	c := defaultCatalog(t)
	ps, ws := c.Profiles(), c.Weapons()
	if !slices.IsSortedFunc(ps, func(a, b Profile) int { return strings.Compare(a.ID, b.ID) }) {
		t.Error("Profiles is not sorted by id")
	}
	if !slices.IsSortedFunc(ws, func(a, b Weapon) int { return strings.Compare(a.ID, b.ID) }) {
		t.Error("Weapons is not sorted by id")
	}
	// Changing what a lookup returns does not change the catalog.
	p, _ := c.Profile("sniper")
	p.Weapons[0], p.Skills[0].Name = "x", "x"
	w, _ := c.Weapon("combi-rifle")
	w.Ranges[0].Mod, w.Ammo[0] = 99, "x"
	p2, _ := c.Profile("sniper")
	w2, _ := c.Weapon("combi-rifle")
	if p2.Weapons[0] == "x" || p2.Skills[0].Name == "x" || w2.Ranges[0].Mod == 99 || w2.Ammo[0] == "x" {
		t.Error("a returned profile or weapon shares memory with the catalog")
	}
	var nilCat *Catalog
	if nilCat.HasProfile("fusilier") || nilCat.Profiles() != nil {
		t.Error("a nil catalog is not empty")
	}
}

// TestRangeMod: the band a distance falls in (BS Attack (N4)); an edge belongs
// to the nearer band; beyond the last band, in a gap, or for a weapon
// without bands, out of range.
func TestRangeMod(t *testing.T) {
	combi := Weapon{Ranges: []RangeBand{
		{0, 8, 3}, {8, 16, 3}, {16, 24, -3}, {24, 32, -3}, {32, 40, -6}, {40, 48, -6},
	}}
	hmg := Weapon{Ranges: []RangeBand{
		{0, 8, -3}, {8, 16, 0}, {16, 24, 3}, {24, 32, 3}, {32, 40, 0}, {40, 48, -3}, {48, 96, -6},
	}}
	gap := Weapon{Ranges: []RangeBand{{0, 8, 0}, {16, 24, 3}}}
	minimum := Weapon{Ranges: []RangeBand{{8, 16, 0}}}
	cases := []struct {
		name string
		w    Weapon
		d    float64
		mod  int
		ok   bool
	}{
		{"contact", combi, 0, 3, true},
		{"inside the first band", combi, 5, 3, true},
		{"edge 8 is the nearer band 0-8", hmg, 8, -3, true},
		{"just past 8", hmg, 8.01, 0, true},
		{"edge 16 is 8-16", hmg, 16, 0, true},
		{"edge 24 is 16-24", hmg, 24, 3, true},
		{"edge 48 is 40-48", hmg, 48, -3, true},
		{"48-96", hmg, 60, -6, true},
		{"edge 96 is in range", hmg, 96, -6, true},
		{"beyond 96", hmg, 96.5, 0, false},
		{"rounding on an edge stays in the nearer band", hmg, 8 + 1e-9, -3, true},
		{"rounding below 0 is contact", hmg, -1e-9, -3, true},
		{"last band of a shorter row", combi, 48, -6, true},
		{"beyond the last band", combi, 48.1, 0, false},
		{"in a gap", gap, 12, 0, false},
		{"edge of a gap belongs to the band before", gap, 8, 0, true},
		{"start of the band after a gap", gap, 16, 3, true},
		{"below a minimum range", minimum, 4, 0, false},
		{"at a minimum range", minimum, 8, 0, true},
		{"no bands", Weapon{}, 0, 0, false},
		{"negative", combi, -1, 0, false},
		{"NaN", combi, math.NaN(), 0, false},
		{"infinite", combi, math.Inf(1), 0, false},
	}
	for _, tc := range cases {
		mod, ok := tc.w.RangeMod(tc.d)
		if mod != tc.mod || ok != tc.ok {
			t.Errorf("%s: RangeMod(%v) = %d, %v; want %d, %v", tc.name, tc.d, mod, ok, tc.mod, tc.ok)
		}
	}
	if got := hmg.MaxRange(); got != 96 {
		t.Errorf("MaxRange = %v, want 96", got)
	}
}

// TestDodgeSeedRange: the Fusilier's SV 15 is BS 12 + 3 at the range of the
// example (Dodge (N4)), with the shipped Combi Rifle anywhere up to 16".
func TestDodgeSeedRange(t *testing.T) {
	c := defaultCatalog(t)
	fus, _ := c.Profile("fusilier")
	combi, _ := c.Weapon("combi-rifle")
	for _, d := range []float64{1, 8, 12, 16} {
		mod, ok := combi.RangeMod(d)
		if !ok || fus.BS+mod != 15 {
			t.Errorf("at %v\": SV %d (ok %v), want 15", d, fus.BS+mod, ok)
		}
	}
}

func TestDamageFor(t *testing.T) {
	p := Profile{PH: 10, WIP: 13}
	for _, tc := range []struct {
		w    Weapon
		want int
		text string
	}{
		{Weapon{Damage: 13}, 13, "13"},
		{Weapon{DamageAttribute: "PH"}, 10, "PH"},
		{Weapon{DamageAttribute: "PH", Damage: -1}, 9, "PH-1"},
		{Weapon{DamageAttribute: "WIP", Damage: 2}, 15, "WIP+2"},
	} {
		if got := tc.w.DamageFor(p); got != tc.want || tc.w.DamageString() != tc.text {
			t.Errorf("%+v: DamageFor %d %q, want %d %q", tc.w, got, tc.w.DamageString(), tc.want, tc.text)
		}
	}
}

// userFile arms a new profile with a shipped weapon and one of its own.
const userFile = `weapons:
  - id: boarding-shotgun
    name: Boarding Shotgun
    ranges: [{from: 0, to: 8, mod: 6}, {from: 8, to: 16, mod: 0}]
    damage: 14
    burst: 2
    ammo: [N]
    save: ARM
profiles:
  - id: marine
    name: Marine
    type: MI
    mov: 4-4
    cc: 15
    bs: 12
    ph: 11
    wip: 13
    arm: 2
    bts: 0
    w: 1
    s: 2
    cost: 20
    weapons: [boarding-shotgun, pistol]
`

// TestUserFiles: users load their own catalogs on top of the shipped one;
// a user file may use shipped weapons; an id defined
// twice is an error naming both places; the base catalog is not changed.
func TestUserFiles(t *testing.T) {
	c := defaultCatalog(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "user.yaml")
	if err := os.WriteFile(path, []byte(userFile), 0o644); err != nil {
		t.Fatal(err)
	}
	ext, err := c.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !ext.HasProfile("marine") || !ext.HasProfile("fusilier") || c.HasProfile("marine") {
		t.Fatalf("extended catalog: marine %v fusilier %v; base has marine %v", ext.HasProfile("marine"), ext.HasProfile("fusilier"), c.HasProfile("marine"))
	}
	if got := ext.Files(); got[len(got)-1] != path {
		t.Errorf("files %v, want %s last", got, path)
	}

	// The user file alone does not define the pistol.
	_, err = Load(path)
	check(t, errorsOf(t, err), want{path + ":23:33: profiles[0].weapons[1]", `unknown weapon "pistol"`})

	// Loading it twice defines everything twice; each error names both
	// places.
	_, err = ext.Parse("again.yaml", []byte(userFile))
	check(t, errorsOf(t, err),
		want{"again.yaml:2:9: weapons[0].id", `weapon "boarding-shotgun" is defined twice: first at ` + path + ":2:9, again here"},
		want{"again.yaml:10:9: profiles[0].id", `profile "marine" is defined twice: first at ` + path + ":10:9, again here"},
	)

	// A user file cannot redefine a shipped profile.
	clash := strings.Replace(userFile, "id: marine", "id: fusilier", 1)
	_, err = c.Parse("clash.yaml", []byte(clash))
	errs := errorsOf(t, err)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "clash.yaml:10:9: profiles[0].id: profile \"fusilier\" is defined twice: first at data/catalog/profiles.yaml:") {
		t.Errorf("got %v", errs)
	}
}

// TestSeveralFiles: files loaded together resolve each other's weapons,
// and their errors come file by file, in the order given.
func TestSeveralFiles(t *testing.T) {
	weapons, profiles, _ := strings.Cut(userFile, "profiles:\n")
	pistol := "weapons:\n  - {id: pistol, name: Pistol, ranges: [{from: 0, to: 8, mod: 3}], damage: 11, burst: 2, ammo: [N], save: ARM, traits: [cc]}\n"
	c, err := Build(nil, Source{"p.yaml", []byte("profiles:\n" + profiles)}, Source{"w.yaml", []byte(weapons)},
		Source{"base.yaml", []byte(base)}, Source{"pistol.yaml", []byte(pistol)})
	if err != nil {
		t.Fatal(err)
	}
	if c.String() != "2 profiles, 3 weapons from p.yaml, w.yaml, base.yaml, pistol.yaml" {
		t.Errorf("String() = %q", c.String())
	}
	// pistol is not defined: the profile file errs; the bad burst of the
	// weapon file comes after, as that file was given second.
	_, err = Build(nil,
		Source{"p.yaml", []byte("profiles:\n" + profiles)},
		Source{"w.yaml", []byte(strings.Replace(weapons, "burst: 2", "burst: 0", 1))},
	)
	check(t, errorsOf(t, err),
		want{"p.yaml:15:33: profiles[0].weapons[1]", `unknown weapon "pistol"`},
		want{"w.yaml:6:12: weapons[0].burst", "burst must be 1 to 10"},
	)
}

func TestLoadMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nope.yaml")
	_, err := Load(path)
	errs := errorsOf(t, err)
	if len(errs) != 1 || errs[0].File != path || !strings.Contains(errs[0].Msg, "cannot read") {
		t.Errorf("got %v", err)
	}
	if !errors.Is(err, errs[0]) {
		t.Error("Errors does not unwrap to its *Error")
	}
	if c, err := Load(); err != nil || c.String() != "0 profiles, 0 weapons" {
		t.Errorf("Load() = %v, %v; want an empty catalog", c, err)
	}
}

func TestErrorFormat(t *testing.T) {
	for _, tc := range []struct {
		e    Error
		want string
	}{
		{Error{File: "a.yaml", Line: 3, Col: 7, Field: "profiles[0].bs", Msg: "bad"}, "a.yaml:3:7: profiles[0].bs: bad"},
		{Error{File: "a.yaml", Line: 3, Msg: "bad"}, "a.yaml:3: bad"},
		{Error{File: "a.yaml", Msg: "bad"}, "a.yaml: bad"},
		{Error{Msg: "bad"}, "bad"},
		{Error{File: "a.yaml", Line: 1, Col: 1, Field: "x\ny", Msg: "two\nlines"}, `a.yaml:1:1: x\ny: two\nlines`},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	es := Errors{{File: "a", Line: 1, Msg: "x"}, {File: "a", Line: 2, Msg: "y"}}
	if es.Error() != "a:1: x\na:2: y" {
		t.Errorf("Errors.Error() = %q", es.Error())
	}
}

func TestStrings(t *testing.T) {
	c := defaultCatalog(t)
	w, _ := c.Weapon("combi-rifle")
	if got := w.String(); got != "combi-rifle (Combi Rifle): 0-8 +3 | 8-16 +3 | 16-24 -3 | 24-32 -3 | 32-40 -6 | 40-48 -6, DAM 13, B3, N vs ARM, suppressive-fire" {
		t.Errorf("weapon: %q", got)
	}
	p, _ := c.Profile("remote")
	if got := p.String(); !strings.Contains(got, "REM Hackable") || !strings.Contains(got, "STR 1") {
		t.Errorf("profile: %q", got)
	}
	if len(KnownSkills()) == 0 || !slices.IsSorted(KnownSkills()) || !slices.IsSorted(KnownEquipment()) {
		t.Error("KnownSkills/KnownEquipment empty or unsorted")
	}
}

// BenchmarkDefault measures loading the shipped catalog, which every
// scenario load pays once.
func BenchmarkDefault(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Default(); err != nil {
			b.Fatal(err)
		}
	}
}
