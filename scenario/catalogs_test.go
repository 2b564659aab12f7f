package scenario

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/internal/yamlfile"
	"github.com/ordo-rules/ordo/scenario/scenariotest"
)

// extending is a test Extender: each file adds the profiles named on its
// lines.
type extending map[string]bool

func (c extending) HasProfile(name string) bool { return c[name] }

// ReadArmies reads the armies as probe does, against these profiles.
func (c extending) ReadArmies(sc *Scenario, ck *Checker) { probe(c).ReadArmies(sc, ck) }
func (c extending) Extend(files []CatalogFile) (Catalog, error) {
	out := extending{}
	for k := range c {
		out[k] = true
	}
	for _, f := range files {
		for _, name := range strings.Fields(string(f.Data)) {
			out[name] = true
		}
	}
	return out, nil
}

// The catalogs field (issue #9 item 10): the files are read by their
// paths relative to the scenario file, merged over the catalog, and the
// profiles checked against the result, which the scenario keeps; a file
// that cannot be read, or is over the size bound, is an error at its entry.
func TestCatalogsField(t *testing.T) {
	src := scenariotest.Apply(t, base, []edit{{3, "", "catalogs: [mine.yaml]"}, {4, "", ""}, {16, "fusilier", "my-own"}})
	dir := filepath.Join("some", "dir")
	files := map[string]string{filepath.Join(dir, "mine.yaml"): "my-own\n"}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		if p == filepath.Join(dir, "big.yaml") {
			return nil, yamlfile.TooBig(p, yamlfile.MaxFileSize)
		}
		return nil, errors.New("open " + p + ": no such file or directory")
	}
	file := filepath.Join(dir, "s.yaml")
	sc, err := Parse(file, []byte(src), Options{Catalog: extending{"fusilier": true, "zhanshi": true}, ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Catalog == nil || !sc.Catalog.HasProfile("my-own") {
		t.Error("the scenario does not keep the merged catalog")
	}

	// Without the file read, the profile is unknown and the catalog unset.
	if _, err := Parse(file, []byte(src), Options{Catalog: extending{"fusilier": true, "zhanshi": true}}); err == nil ||
		!strings.Contains(err.Error(), `no profile "my-own"`) {
		t.Errorf("unread: %v", err)
	}

	for name, want := range map[string]string{
		"none.yaml": "some/dir/s.yaml:3:12: catalogs[0]: cannot read the catalog file some/dir/none.yaml: open some/dir/none.yaml: no such file or directory",
		"big.yaml":  "some/dir/s.yaml:3:12: catalogs[0]: cannot read the catalog file some/dir/big.yaml: the file is larger than 256 KiB, the most a file may hold; nothing was parsed",
	} {
		bad := strings.Replace(src, "mine.yaml", name, 1)
		if _, err := Parse(file, []byte(bad), Options{ReadFile: read}); err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", name, err, want)
		}
	}
}
