package sides

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/scenario"
)

// lieutenantWords are the words an id could use to say who the
// Lieutenant is ("b-lt", "red-lieutenant", "lt2").
var lieutenantWords = []string{"lt", "lieut", "lieutenant", "ltn", "lt1", "lt2"}

// revealsLieutenant reports the word of id that names the Lieutenant, if
// any: ids are split on '-', '_' and '.'.
func revealsLieutenant(id string) (string, bool) {
	for _, w := range strings.FieldsFunc(strings.ToLower(id), func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		for _, bad := range lieutenantWords {
			if w == bad {
				return w, true
			}
		}
	}
	return "", false
}

// The Lieutenant is Private Information (Lieutenant (N4)): a trooper's id
// is shown to the opponent, so no bundled scenario may name a trooper or
// a model in a way that tells which one is the Lieutenant ("b-lt").
func TestBundledScenarioIDsDoNotRevealTheLieutenant(t *testing.T) {
	n := 0
	err := fs.WalkDir(data.Scenarios, "scenarios", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") {
			return err
		}
		b, err := fs.ReadFile(data.Scenarios, path)
		if err != nil {
			return err
		}
		sc, err := scenario.Parse(path, b, scenario.Options{})
		if err != nil || sc.Ruleset != "infinity-n4" {
			// Not an Infinity scenario (a catalog file beside one, a
			// fantasy battle): nothing to scan.
			return nil
		}
		armies, err := Of(sc, nil)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		n++
		for _, side := range armies {
			for _, tr := range side.Troopers {
				ids := []string{tr.ID}
				for _, m := range tr.Models {
					ids = append(ids, m.ID)
				}
				for _, id := range ids {
					if w, bad := revealsLieutenant(id); bad {
						t.Errorf("%s: trooper %q: the id %q has %q in it, which tells the opponent who the Lieutenant may be; name troopers by their profile", path, tr.ID, id, w)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Fatalf("scanned %d bundled scenarios; expected the shipped ones", n)
	}
}

// The check itself: the ids the bundled scenarios used to have are caught,
// and profile-named ids are not.
func TestRevealsLieutenant(t *testing.T) {
	for _, c := range []struct {
		id  string
		bad bool
	}{
		{"b-lt", true}, {"r-lt", true}, {"enemy-lt", true}, {"red_lieutenant", true}, {"LT.2", true},
		{"b-fusilier", false}, {"r-zhanshi", false}, {"alt", false}, {"b-salt-1", false}, {"fusilier-2", false},
	} {
		if _, got := revealsLieutenant(c.id); got != c.bad {
			t.Errorf("revealsLieutenant(%q) = %v, want %v", c.id, got, c.bad)
		}
	}
}
