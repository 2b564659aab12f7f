package catalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// Bounded input (issue #10): a catalog file's size, nesting, lists and
// strings are bounded, each refused with one error at its place, and an
// error quotes at most the start of a bad value.
func TestCatalogBounds(t *testing.T) {
	weapon := "  - {id: w, name: W, ranges: [{from: 0, to: 8, mod: 0}], damage: 13, burst: 1, ammo: [N], save: ARM}\n"
	cases := []struct {
		name string
		src  func() string
		want string
	}{
		{"a file over the size bound", func() string { return "weapons:\n" + strings.Repeat(weapon, yamlfile.MaxFileSize/len(weapon)+1) },
			"f.yaml: the file is larger than 256 KiB, the most a file may hold; nothing was parsed"},
		{"[ nested 30,000 deep", func() string { return "weapons: " + strings.Repeat("[", 30000) + strings.Repeat("]", 30000) },
			"f.yaml:1:109: the file nests deeper than 100 levels here (lists and mappings inside each other); nothing was parsed"},
		{"1,001 weapons", func() string { return "weapons:\n" + strings.Repeat(weapon, MaxList+1) },
			"f.yaml:2:3: weapons: 1001 entries, more than the 1000 a catalog may have here; none was read"},
		// Refused on the scan of the bytes, before the parse: the syntax
		// error after the list, which only the parse finds, is not reached.
		{"1,001 weapons, then broken YAML", func() string { return "weapons:\n" + strings.Repeat(weapon, MaxList+1) + "skills: [\n" },
			"f.yaml:2:3: weapons: 1001 entries, more than the 1000 a catalog may have here; none was read"},
		{"1,001 range bands", func() string {
			return "weapons:\n  - {id: w, name: W, damage: 13, burst: 1, ammo: [N], save: ARM, ranges: [" + strings.Repeat("{from: 0, to: 8, mod: 0}, ", MaxList+1) + "]}\n"
		}, "f.yaml:2:74: weapons[0].ranges: 1001 entries, more than the 1000 a catalog may have here; none was read"},
		{"a 201-byte name", func() string {
			return strings.Replace("weapons:\n"+weapon, "name: W", "name: "+strings.Repeat("W", MaxString+1), 1)
		},
			`f.yaml:2:19: weapons[0].name: a string of 201 bytes ("WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"…), longer than the 200 a catalog file may have`},
		{"a 201-byte field name", func() string {
			return strings.Replace("weapons:\n"+weapon, "name: W", strings.Repeat("n", MaxString+1)+": W", 1)
		},
			"f.yaml:2:5: weapons[0]: missing required field name\n" +
				`f.yaml:2:13: weapons[0]: a field name of 201 bytes ("nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"…), longer than the 200 a catalog file may have`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("f.yaml", []byte(c.src()))
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				got := ""
				if err != nil {
					got = err.Error()
				}
				if len(got) > 500 {
					got = got[:500] + "…"
				}
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// Bounded input: Load refuses a file over the size bound without reading
// it whole, naming it.
func TestLoadFileSizeBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(path, []byte(strings.Repeat("#", yamlfile.MaxFileSize+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if want := path + ": the file is larger than 256 KiB, the most a file may hold; nothing was parsed"; err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}
