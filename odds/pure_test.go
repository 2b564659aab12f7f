package odds

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The calculator is pure numbers: no package of the odds tree imports a
// ruleset, directly or through another package of this module (what
// `go list -deps ./odds/...` would list). A ruleset's words for the odds,
// such as Infinity's troopers, weapons and programs in `ordo odds`, live on
// the ruleset's side (infinity/oddsterms). It reads the imports of every
// non-test Go file, whatever its build tags, and follows the module's own.
func TestOddsImportsNoRuleset(t *testing.T) {
	root, module := moduleRoot(t)
	banned := []string{module + "/infinity", module + "/fantasy"}
	var queue []string
	err := filepath.WalkDir(filepath.Join(root, "odds"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			rel, _ := filepath.Rel(root, path)
			queue = append(queue, module+"/"+filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	via := map[string]string{} // package -> the package that imports it
	for _, p := range queue {
		via[p] = ""
	}
	fset := token.NewFileSet()
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		for _, b := range banned {
			if pkg == b || strings.HasPrefix(pkg, b+"/") {
				chain := pkg
				for p := via[pkg]; p != ""; p = via[p] {
					chain = p + " -> " + chain
				}
				t.Errorf("the odds tree imports a ruleset: %s", chain)
			}
		}
		dir := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(pkg, module)))
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range af.Imports {
				path, err := strconv.Unquote(imp.Path.Value)
				if err != nil {
					t.Fatal(err)
				}
				if _, seen := via[path]; seen || (path != module && !strings.HasPrefix(path, module+"/")) {
					continue
				}
				via[path] = pkg
				queue = append(queue, path)
			}
		}
	}
	if len(via) < 2 {
		t.Fatalf("read %d packages: the walk found nothing to check", len(via))
	}
}

// moduleRoot is the directory of the go.mod above this package, and the
// module it declares.
func moduleRoot(t *testing.T) (dir, module string) {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for line := range bytes.Lines(b) {
				if f := strings.Fields(string(line)); len(f) == 2 && f[0] == "module" {
					return dir, f[1]
				}
			}
			t.Fatalf("%s/go.mod declares no module", dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the odds package")
		}
		dir = parent
	}
}
