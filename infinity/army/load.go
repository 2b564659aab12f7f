package army

import (
	"errors"
	"fmt"
	"io/fs"
	pathpkg "path"
	"path/filepath"
	"strings"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/infinity/catalog"
	"github.com/ordo-rules/ordo/internal/yamlfile"
)

// Options tunes Parse and Load.
type Options struct {
	// Catalog holds the profiles the list may name before its own
	// catalogs are added; nil is the shipped catalog (catalog.Default).
	Catalog *catalog.Catalog
	// ReadFile reads a catalog file the list names, at its path resolved
	// against the list file's directory. Load reads from disk (at most
	// yamlfile.MaxFileSize bytes); nil refuses a list that names any (a
	// server must not read its own disk for an upload).
	ReadFile func(path string) ([]byte, error)
}

// Bundled is Options.ReadFile for a list sent to a server, which reads no
// file of its own disk: the list names catalog files by their paths as if
// it lay in data/armies beside the shipped lists
// (`../scenarios/user-catalog/profiles.yml`), and only the files bundled
// in the binary are read (data.ReadFile), so that a shipped list plays the
// same over the API as in `ordo play`. The list's file name has no
// directory: path is its catalogs entry, cleaned.
func Bundled(path string) ([]byte, error) {
	p := filepath.ToSlash(path)
	if !filepath.IsAbs(path) && !strings.HasPrefix(p, "/") {
		if b, err := data.ReadFile(pathpkg.Join("armies", p)); err == nil {
			return b, nil
		}
	}
	return nil, errNotBundled
}

// errNotBundled refuses a catalog file a list sent to a server names that
// is not bundled with it.
var errNotBundled = errors.New("not a bundled catalog file: a list sent to a server names only the files bundled with it, by their paths from data/armies (docs/ARMIES.md)")

// Load reads the list file at path and checks it (Parse).
func Load(path string, opts Options) (*List, *catalog.Catalog, error) {
	if opts.ReadFile == nil {
		opts.ReadFile = func(p string) ([]byte, error) { return yamlfile.ReadFile(p, yamlfile.MaxFileSize) }
	}
	data, err := yamlfile.ReadFile(path, MaxFileSize)
	if e, ok := err.(*yamlfile.Error); ok {
		return nil, nil, yamlfile.Errors{e}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("army: %w", err)
	}
	return Parse(path, data, opts)
}

// Parse decodes a list file, reads the catalogs it names over
// opts.Catalog, and checks it against the Army List rules (check.go). It
// returns the list and the catalog its profiles come from.
//
// On failure the error is a yamlfile.Errors listing every problem, each
// "file:line:col: field: message", the rule's name leading the message
// of a rule's refusal. Problems of form (bad YAML, unknown keys, wrong
// kinds) are reported first and alone; then those of the catalog files;
// then every rule the list breaks.
func Parse(file string, data []byte, opts Options) (*List, *catalog.Catalog, error) {
	l, r := decode(file, data)
	if len(r.Errs) > 0 {
		r.Errs.Sort()
		return nil, nil, r.Errs
	}
	cat := opts.Catalog
	if cat == nil {
		var err error
		if cat, err = catalog.Default(); err != nil {
			return nil, nil, err
		}
	}
	cat, errs := l.readCatalogs(cat, opts.ReadFile, r)
	if len(errs) > 0 {
		errs.Sort()
		return nil, nil, errs
	}
	if errs := check(l, cat, r); len(errs) > 0 {
		return nil, nil, errs
	}
	return l, cat, nil
}

// readCatalogs merges the files the list's catalogs field names over cat.
// A file that cannot be read is an error at its entry; an error inside a
// file is at its own file:line:col, after the list's.
func (l *List) readCatalogs(cat *catalog.Catalog, read func(string) ([]byte, error), r *reader) (*catalog.Catalog, yamlfile.Errors) {
	if len(l.Catalogs) == 0 {
		return cat, nil
	}
	if read == nil {
		r.Errorf("catalogs", "a list read here may not name catalog files; give its profiles another way")
		return nil, r.Errs
	}
	var srcs []catalog.Source
	for i, name := range l.Catalogs {
		ip := yamlfile.IndexPath("catalogs", i)
		if strings.TrimSpace(name) == "" {
			r.Errorf(ip, "a catalog file's path is empty")
			continue
		}
		path := name
		if !filepath.IsAbs(path) {
			path = filepath.Join(filepath.Dir(l.File), path)
		}
		data, err := read(path)
		if err != nil {
			msg := yamlfile.OneLine(err.Error())
			var e *yamlfile.Error
			if errors.As(err, &e) {
				msg = e.Msg
			} else if errors.Is(err, fs.ErrNotExist) {
				msg = "no such file"
			}
			r.Errorf(ip, "cannot read the catalog file %s: %s", path, msg)
			continue
		}
		srcs = append(srcs, catalog.Source{File: path, Data: data})
	}
	if len(r.Errs) > 0 {
		return nil, r.Errs
	}
	out, err := catalog.Build(cat, srcs...)
	if err != nil {
		var es yamlfile.Errors
		if errors.As(err, &es) {
			for _, e := range es {
				e.Seq++ // after the list's own
			}
			return nil, es
		}
		r.Errorf("catalogs", "%s", yamlfile.OneLine(err.Error()))
		return nil, r.Errs
	}
	return out, nil
}
