package fantasy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bounded input (issue #10): a user catalog file over the size bound is
// refused by name without being read whole.
func TestCatalogLoadSizeBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(path, []byte(strings.Repeat("#", maxCatalogBytes+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := (&Catalog{}).Load(path)
	if want := path + ": the file is larger than 1 MiB, the most a file may hold; nothing was parsed"; err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}
