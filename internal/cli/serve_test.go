package cli

import (
	"path/filepath"
	"testing"
)

// The ordo-serve that ordo serve builds from a source tree (go run
// ./cmd/ordo serve) goes to a place of that tree's own in the cache: two
// checkouts serving at once must each run the server of their own source,
// never the binary the other renamed into a shared place a moment before.
func TestServeBuildDirPerSourceTree(t *testing.T) {
	cache := t.TempDir()
	a := serveBuildDir(cache, "/src/ordo")
	b := serveBuildDir(cache, "/src/ordo-old")
	if a == b {
		t.Fatalf("two source trees build ordo-serve into one place %s", a)
	}
	if a != serveBuildDir(cache, "/src/ordo") {
		t.Errorf("one source tree builds into two places")
	}
	if filepath.Dir(filepath.Dir(a)) != cache {
		t.Errorf("%s is not in the cache %s's ordo directory", a, cache)
	}
}
