package army

import (
	"encoding/base64"
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/infinity/catalog"
	"pgregory.net/rapid"
)

// encodeCode writes c as the army builder does (code.go), in the older
// layout (0) or the newer (1).
func encodeCode(c *Code, layout int) string {
	var b []byte
	num := func(n int) {
		if n < 0x80 {
			b = append(b, byte(n))
			return
		}
		b = append(b, byte(0x80|n>>8), byte(n))
	}
	num(c.Faction)
	num(len(c.FactionName))
	b = append(b, c.FactionName...)
	name := c.Name
	if name == "" {
		name = " "
	}
	b = append(b, byte(len(name)))
	b = append(b, name...)
	num(c.Points)
	num(len(c.Groups))
	for _, g := range c.Groups {
		num(g.Number)
		num(layout)
		if layout == 1 {
			r := 0
			if g.Reinforcement {
				r = 1
			}
			num(r)
		}
		num(len(g.Members))
		if layout == 1 {
			num(0)
		}
		for i, m := range g.Members {
			switch {
			case layout == 0:
				num(i + 1)
			case i > 0:
				num(0)
			}
			num(m.Unit)
			num(m.Group)
			num(m.Option)
			b = append(b, 0)
		}
	}
	return base64.StdEncoding.EncodeToString(b)
}

// fifteen is a 15-trooper list of the fixture's invented units: ten in
// the first group (a Vanguard Lieutenant among them), five Thralls in the
// second.
var fifteen = &Code{Faction: 900, FactionName: "ordo-fixture", Name: "Fixture Fifteen", Points: 300, Groups: []CodeGroup{
	{Number: 1, Members: []Member{{501, 1, 2}, {501, 1, 1}, {501, 1, 1}, {501, 1, 1}, {501, 1, 3}, {502, 1, 1}, {502, 1, 1}, {503, 1, 1}, {504, 1, 1}, {506, 1, 1}}},
	{Number: 2, Members: []Member{{505, 1, 1}, {505, 1, 1}, {505, 1, 1}, {505, 1, 1}, {505, 1, 1}}},
}}

func fixtureUnits(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/units.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Both layouts of the builder's code decode to the same list; the builder
// pads its base64 or not, and URL-escapes it in links.
func TestDecodeCode(t *testing.T) {
	for _, layout := range []int{0, 1} {
		code := encodeCode(fifteen, layout)
		for _, variant := range []string{code, strings.TrimRight(code, "="), strings.NewReplacer("+", "%2B", "/", "%2F", "=", "%3D").Replace(code)} {
			got, err := DecodeCode(variant)
			if err != nil {
				t.Fatalf("layout %d, %q: %v", layout, variant, err)
			}
			if !reflect.DeepEqual(got, fifteen) {
				t.Fatalf("layout %d: got %+v, want %+v", layout, got, fifteen)
			}
		}
	}
	// The builder's default name, a single space, is no name.
	c, err := DecodeCode(encodeCode(&Code{Faction: 1, FactionName: "x", Points: 200}, 1))
	if err != nil || c.Name != "" || c.Points != 200 || len(c.Groups) != 0 {
		t.Fatalf("got %+v, %v", c, err)
	}
}

// Any code round-trips, and no prefix of one decodes: each is refused
// with a CodeError saying where it ends.
func TestDecodeCodeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 3).Draw(t, "groups")
		c := &Code{Faction: rapid.IntRange(0, 1<<15-1).Draw(t, "faction"), FactionName: rapid.StringN(0, 20, 40).Draw(t, "fname"),
			Name: strings.TrimSpace(rapid.StringN(0, 20, 100).Draw(t, "name")), Points: rapid.IntRange(0, 1<<15-1).Draw(t, "points")}
		layout := rapid.IntRange(0, 1).Draw(t, "layout")
		for g := range n {
			cg := CodeGroup{Number: g + 1, Reinforcement: layout == 1 && rapid.Bool().Draw(t, "reinforcement")}
			for range rapid.IntRange(0, 10).Draw(t, "members") {
				cg.Members = append(cg.Members, Member{rapid.IntRange(0, 1<<15-1).Draw(t, "u"), rapid.IntRange(0, 1<<15-1).Draw(t, "g"), rapid.IntRange(0, 1<<15-1).Draw(t, "o")})
			}
			c.Groups = append(c.Groups, cg)
		}
		if c.Name == "" || len(c.Name) > 255 {
			c.Name = ""
		}
		code := encodeCode(c, layout)
		got, err := DecodeCode(code)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c) {
			t.Fatalf("got %+v, want %+v", got, c)
		}
		raw, _ := base64.StdEncoding.DecodeString(code)
		cut := rapid.IntRange(0, len(raw)-1).Draw(t, "cut")
		var ce *CodeError
		if _, err := DecodeCode(base64.StdEncoding.EncodeToString(raw[:cut])); !errors.As(err, &ce) {
			t.Fatalf("a code cut at byte %d of %d: %v", cut, len(raw), err)
		}
	})
}

func TestDecodeCodeRefuses(t *testing.T) {
	many := &Code{Faction: 1, FactionName: "x", Points: 300}
	for i := range MaxCodeGroups + 1 {
		many.Groups = append(many.Groups, CodeGroup{Number: i + 1})
	}
	members := &Code{Faction: 1, FactionName: "x", Points: 300, Groups: []CodeGroup{{Number: 1, Members: make([]Member, MaxCodeMembers+1)}}}
	raw, _ := base64.StdEncoding.DecodeString(encodeCode(fifteen, 1))
	for _, c := range []struct{ name, code, msg string }{
		{"empty", "  ", "army code: the code is empty"},
		{"too long", strings.Repeat("A", MaxCodeLength+1), "army code: 4097 characters, more than the 4096 a code may have; nothing was decoded"},
		{"not base64", "not a code!", "army code: not base64"},
		{"bad escape", "ab%zz", "army code: a bad %-escape"},
		{"trailing bytes", base64.StdEncoding.EncodeToString(append(raw, 7, 7)), "army code: at byte 132: 2 bytes after the last combat group"},
		{"too many groups", encodeCode(many, 1), "army code: at byte 8: 17 combat groups, more than the 16 a code may hold"},
		{"too many members", encodeCode(members, 1), "more than 64 members, the most a code may hold"},
		{"unknown layout", base64.StdEncoding.EncodeToString([]byte{1, 1, 'x', 1, ' ', 10, 1, 1, 2, 0}), "combat group 1 has layout 2; the known layouts are 0 and 1"},
		{"a string past the end", base64.StdEncoding.EncodeToString([]byte{1, 9, 'x'}), "army code: at byte 2: the faction name is 9 bytes long, past the end of the code"},
	} {
		_, err := DecodeCode(c.code)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want …%s…", c.name, err, c.msg)
		}
	}
}

// Import resolves a code's ids against the user's unit data: each unit,
// profile group and option becomes a catalog profile the engine plays,
// the list takes them, and what the engine does not play is named.
func TestImport(t *testing.T) {
	im, err := Import(encodeCode(fifteen, 1), "units.json", fixtureUnits(t), nil, "fixture.catalog.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(im.List, im.Catalog); err != nil {
		t.Fatalf("the imported list breaks the Army List rules: %v", err)
	}
	l := im.List
	if l.Name != "Fixture Fifteen" || l.Faction != "ordo-fixture" || l.Points != 300 || l.SWC != 6 || len(l.Groups) != 2 || len(l.Groups[0].Troopers) != 10 || len(l.Groups[1].Troopers) != 5 {
		t.Fatalf("list %+v", l)
	}
	if !l.Groups[0].Troopers[0].Lieutenant || l.Groups[0].Troopers[1].Lieutenant {
		t.Errorf("the Lieutenant option is not the Lieutenant: %+v", l.Groups[0].Troopers[:2])
	}
	if len(im.Profiles) != 8 {
		t.Errorf("%d profiles, want one per unit, group and option: 8", len(im.Profiles))
	}
	p := func(id string) catalog.Profile {
		t.Helper()
		p, ok := im.Catalog.Profile(id)
		if !ok {
			t.Fatalf("no profile %s", id)
		}
		return p
	}
	if g := p("bastion-gunners-1-1"); g.MOV != [2]int{4, 2} || g.Type != catalog.HI || g.SWC != 1 || g.AVA != 2 || g.Cost != 40 || !reflect.DeepEqual(g.Weapons, []string{"hmg", "pistol", "cc-weapon"}) {
		t.Errorf("Bastion Gunner: %+v", g)
	}
	if g := p("ghost-marksmen-1-1"); !reflect.DeepEqual(g.Skills, []catalog.Skill{{Name: "Hidden Deployment"}, {Name: "Mimetism", Level: -3}}) || g.Weapons[0] != "multi-sniper-rifle" {
		t.Errorf("Ghost Marksman: %+v", g)
	}
	if g := p("thrall-militia-1-1"); !g.Irregular {
		t.Errorf("Thrall: %+v", g)
	}
	if g := p("vanguard-riflemen-1-2"); !g.HasSkill("Lieutenant") || g.AVA != 0 {
		t.Errorf("Vanguard Lieutenant: %+v", g)
	}
	if g := p("brawlers-1-1"); !g.HasSkill("Martial Arts") || !g.HasSkill("Courage") || !g.HasEquipment("Medikit") {
		t.Errorf("Brawler: %+v", g)
	}
	// Never silently dropped: each is named, and noted in the catalog file.
	unplayed := strings.Join(im.Unplayed, "\n")
	for _, want := range []string{
		`Frost Scout (frost-scouts-1-1): characteristic "Cube"`,
		`Frost Scout (frost-scouts-1-1): skill "Frost Ward"`,
		`Frost Scout (frost-scouts-1-1): equipment "Glimmer Cloak"`,
		`Frost Scout (frost-scouts-1-1): weapon "Plasma Lance" (no loaded catalog has it)`,
		// Skills of N4 the engine does not play yet (catalog.KnownSkills
		// leaves them out): named, never carried.
		`Brawler (brawlers-1-1): skill "Immunity (Shock)"`,
	} {
		if !strings.Contains(unplayed, want) {
			t.Errorf("Unplayed lacks %q:\n%s", want, unplayed)
		}
		if !strings.Contains(string(im.CatalogYAML), "# not played by Ordo, left out: "+want[strings.Index(want, ": ")+2:]) {
			t.Errorf("the catalog file does not note %q", want)
		}
	}
	if len(im.Unplayed) != 5 {
		t.Errorf("%d unplayed, want 5:\n%s", len(im.Unplayed), unplayed)
	}

	// The list written out reads back as the same list over its catalog.
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/fixture.catalog.yaml", im.CatalogYAML, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/list.yaml", l.YAML(), 0o644); err != nil {
		t.Fatal(err)
	}
	back, _, err := Load(dir+"/list.yaml", Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, l.YAML())
	}
	back.File = l.File
	if !reflect.DeepEqual(back, l) {
		t.Errorf("read back %+v, want %+v", back, l)
	}
}

// A TAG's option that brings its pilot along imports the TAG, as a TAG
// with Structure, and names the pilot it left out.
func TestImportIncludedTrooper(t *testing.T) {
	c := &Code{Faction: 900, FactionName: "x", Points: 300, Groups: []CodeGroup{{Number: 1, Members: []Member{{501, 1, 2}, {507, 1, 1}}}}}
	im, err := Import(encodeCode(c, 1), "units.json", fixtureUnits(t), nil, "c.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tag, ok := im.Catalog.Profile("warden-tag-1-1")
	if !ok || tag.Type != catalog.TAG || !tag.STR || tag.W != 3 || tag.MOV != [2]int{6, 4} || !tag.Hackable {
		t.Fatalf("the TAG: %+v", tag)
	}
	want := "Warden TAG (warden-tag-1-1): the trooper its option 1 brings along (profile group 2, option 1, 1 of them): an included trooper is not imported"
	if !slices.Contains(im.Unplayed, want) {
		t.Errorf("Unplayed %q lacks %q", im.Unplayed, want)
	}
	if err := Check(im.List, im.Catalog); err != nil {
		t.Error(err)
	}
}

// Every id the unit data lacks is named, and nothing is imported.
func TestImportUnknownIDs(t *testing.T) {
	c := &Code{Faction: 900, FactionName: "x", Points: 300, Groups: []CodeGroup{{Number: 1, Members: []Member{{999, 1, 1}, {501, 7, 1}, {501, 1, 9}, {501, 1, 1}}}}}
	_, err := Import(encodeCode(c, 1), "units.json", fixtureUnits(t), nil, "c.yaml")
	var ie *ImportError
	if !errors.As(err, &ie) {
		t.Fatalf("got %v", err)
	}
	want := []string{
		"combat group 1, trooper 1: unit id 999 is not in units.json",
		"combat group 1, trooper 2: Vanguard Riflemen (unit 501) has no profile group 7 in units.json",
		"combat group 1, trooper 3: Vanguard Riflemen (unit 501, profile group 1) has no option 9 in units.json",
	}
	if !reflect.DeepEqual(ie.Problems, want) {
		t.Errorf("got %q, want %q", ie.Problems, want)
	}
}

// A unit file is bounded on its bytes before it is decoded.
func TestUnitFileBounds(t *testing.T) {
	code := encodeCode(fifteen, 1)
	for _, c := range []struct {
		name string
		data string
		msg  string
	}{
		{"too deep", strings.Repeat("[", MaxUnitDepth+1) + strings.Repeat("]", MaxUnitDepth+1), "u.json: at byte 32: the file nests deeper than 32 levels here; nothing was read"},
		{"too many entries", `{"units": [` + strings.Repeat("1,", MaxUnitList) + "1]}", "a list or object of more than 20000 entries here; nothing was read"},
		{"brackets in strings do not count", `{"units": [], "x": "` + strings.Repeat("[", 100) + `"}`, "unit id 501 is not in u.json"},
		{"syntax", `{"units": [}`, "u.json: at byte 12: invalid character '}'"},
		{"a wrong kind", `{"units": [{"id": "x"}]}`, "units.id: want int, got string"},
	} {
		_, err := Import(code, "u.json", []byte(c.data), nil, "c.yaml")
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want …%s…", c.name, err, c.msg)
		}
	}
	big := make([]byte, MaxUnitFileSize+1)
	if _, err := Import(code, "u.json", big, nil, "c.yaml"); err == nil || !strings.Contains(err.Error(), "more than the 16 MiB a unit file may hold") {
		t.Errorf("too big: %v", err)
	}
}

func BenchmarkImport15(b *testing.B) {
	code, units := encodeCode(fifteen, 1), fixtureUnits(b)
	base, err := catalog.Default()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		im, err := Import(code, "units.json", units, base, "c.yaml")
		if err != nil {
			b.Fatal(err)
		}
		if err := Check(im.List, im.Catalog); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzDecodeCode: any string decodes within the bounds or is refused with
// a CodeError, never a panic.
func FuzzDecodeCode(f *testing.F) {
	f.Add(encodeCode(fifteen, 0))
	f.Add(encodeCode(fifteen, 1))
	f.Add("")
	f.Add("%zz")
	f.Add("gQ==")
	f.Fuzz(func(t *testing.T, code string) {
		c, err := DecodeCode(code)
		if err != nil {
			var ce *CodeError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		n := 0
		for _, g := range c.Groups {
			n += len(g.Members)
		}
		if len(c.Groups) > MaxCodeGroups || n > MaxCodeMembers {
			t.Fatalf("%d groups, %d members: past the bounds", len(c.Groups), n)
		}
	})
}

// FuzzImportUnits: any unit file is refused or imported, never a panic,
// and an import's profiles make a valid catalog.
func FuzzImportUnits(f *testing.F) {
	f.Add(fixtureUnits(f))
	f.Add([]byte(`{"units": [{"id": 501, "profileGroups": [{"id": 1, "profiles": [{"move": [1]}], "options": [{"id": 1, "swc": "NaN"}]}]}]}`))
	f.Add([]byte("[[[[{}]]]]"))
	code := encodeCode(fifteen, 1)
	base, err := catalog.Default()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, units []byte) {
		im, err := Import(code, "u.json", units, base, "c.yaml")
		if err != nil {
			return
		}
		if _, err := catalog.Build(base, catalog.Source{File: "c.yaml", Data: im.CatalogYAML}); err != nil {
			t.Fatalf("an import's catalog does not load: %v", err)
		}
	})
}

// AVA is the unit's (Unit Profile (N4)): the import makes one profile per
// option, and troopers of one unit count together toward its AVA whichever
// options they take. Three Bastion Gunners (AVA 2), two with the HMG and
// one with the Missile Launcher, are one too many.
func TestImportAVACountsTheUnit(t *testing.T) {
	c := &Code{Faction: 900, FactionName: "x", Points: 300, Groups: []CodeGroup{{Number: 1, Members: []Member{{501, 1, 2}, {502, 1, 1}, {502, 1, 2}, {502, 1, 1}}}}}
	im, err := Import(encodeCode(c, 1), "units.json", fixtureUnits(t), nil, "c.yaml")
	if err != nil {
		t.Fatal(err)
	}
	err = Check(im.List, im.Catalog)
	want := "combat-groups[0].troopers[3].profile: Unit Profile (N4): Bastion Gunner has AVA 2, and this is the 3rd in the list"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want %q", err, want)
	}
	// Two of them, in either option, are legal.
	c.Groups[0].Members = c.Groups[0].Members[:3]
	if im, err = Import(encodeCode(c, 1), "units.json", fixtureUnits(t), nil, "c.yaml"); err != nil {
		t.Fatal(err)
	}
	if err := Check(im.List, im.Catalog); err != nil {
		t.Error(err)
	}
}
