package catalog

import (
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"io/fs"
	"maps"
	"slices"

	"github.com/ordo-rules/ordo/internal/yamlfile"

	"github.com/ordo-rules/ordo/data"
	"github.com/ordo-rules/ordo/scenario"
)

// Source is one catalog file: the name to use in messages, and its bytes.
type Source struct {
	File string
	Data []byte
}

// Parse builds a catalog from one file. The file must be complete on its
// own: every weapon its profiles name is defined in it. To add a file to
// another catalog, use (*Catalog).Parse.
func Parse(file string, data []byte) (*Catalog, error) {
	return Build(nil, Source{File: file, Data: data})
}

// Load builds a catalog from files on disk, merged in order; together they
// must define every weapon their profiles name. To load user files on top
// of the shipped catalog, use Default and then (*Catalog).Load.
func Load(files ...string) (*Catalog, error) {
	return (*Catalog)(nil).Load(files...)
}

// Default builds the shipped catalog, embedded from data/catalog/*.yaml.
// It is illustrative (see the package comment). Errors name the files as
// data/catalog/….
//
// Parsing the YAML costs milliseconds and thousands of allocations, which a
// command that starts, loads the catalog and answers would pay every time.
// So the catalog parsed from these very files is also compiled into the
// binary (snapshot_gen.go); Default uses it when the embedded files are the
// ones it was made from (same digest), and parses them otherwise, so an
// edited file is never ignored, only slower to load until the snapshot is
// regenerated (go test ./infinity/catalog -run Snapshot -args -update).
func Default() (*Catalog, error) {
	srcs, err := embeddedSources()
	if err != nil {
		return nil, err
	}
	if digest(srcs) == snapshotDigest {
		return snapshot(), nil
	}
	return Build(nil, srcs...)
}

// embeddedSources reads the shipped catalog files, in name order.
func embeddedSources() ([]Source, error) {
	names, err := fs.Glob(data.Catalog, "catalog/*.yaml")
	if err != nil {
		return nil, fmt.Errorf("catalog: embedded files: %w", err)
	}
	slices.Sort(names)
	srcs := make([]Source, 0, len(names))
	for _, name := range names {
		b, err := fs.ReadFile(data.Catalog, name)
		if err != nil {
			return nil, fmt.Errorf("catalog: embedded %s: %w", name, err)
		}
		srcs = append(srcs, Source{File: "data/" + name, Data: b})
	}
	return srcs, nil
}

// digest identifies a list of sources: their names and bytes, in order.
// It only tells Default whether the snapshot compiled into the binary was
// made from these very files, so an edited catalog file is not ignored:
// nobody gains by crafting a file that collides, so a non-cryptographic
// 128-bit FNV-1a is enough, and it keeps crypto/sha256's initialisation out
// of every binary that links the catalog (ordo odds among them).
func digest(srcs []Source) string {
	h := fnv.New128a()
	for _, s := range srcs {
		fmt.Fprintf(h, "%d:%s:%d:", len(s.File), s.File, len(s.Data))
		h.Write(s.Data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Parse returns a new catalog with c's entries and those of one more file;
// c is unchanged. The file may name c's weapons. An id that c already has
// is an error naming both places.
func (c *Catalog) Parse(file string, data []byte) (*Catalog, error) {
	return Build(c, Source{File: file, Data: data})
}

// Load returns a new catalog with c's entries and those of files on disk;
// c is unchanged. A nil c starts from nothing. A file that cannot be read
// is an error naming it; the others are not checked until it can.
func (c *Catalog) Load(files ...string) (*Catalog, error) {
	var errs Errors
	srcs := make([]Source, 0, len(files))
	for i, f := range files {
		b, err := yamlfile.ReadFile(f, yamlfile.MaxFileSize)
		if e, ok := err.(*Error); ok {
			e.Seq = i
			errs = append(errs, e)
			continue
		}
		if err != nil {
			errs = append(errs, &Error{File: f, Msg: "cannot read the catalog: " + yamlfile.OneLine(err.Error()), Seq: i})
			continue
		}
		srcs = append(srcs, Source{File: f, Data: b})
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return Build(c, srcs...)
}

// Extend merges the files a scenario's catalogs field lists over c, as
// Build does: the scenario.Extender interface, through which
// scenario.Load checks a scenario's profiles against the shipped catalog
// and the user's own files together.
func (c *Catalog) Extend(files []scenario.CatalogFile) (scenario.Catalog, error) {
	srcs := make([]Source, len(files))
	for i, f := range files {
		srcs[i] = Source{File: f.Path, Data: f.Data}
	}
	out, err := Build(c, srcs...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Build merges sources, in order, on top of base (nil for none) into a new
// catalog. Each file is checked on its own (shape, every field, the rules
// tying fields together), then the whole: ids are unique across base and
// every source, and every weapon a profile names exists somewhere in them.
//
// On failure the error is an Errors listing every problem, file by file in
// the order given, then by line; no catalog is returned.
func Build(base *Catalog, sources ...Source) (*Catalog, error) {
	out := base.copy()
	readers := make([]*reader, len(sources))
	files := make([]*fileEntries, len(sources))
	for i, src := range sources {
		r := newReader(src.File, i)
		fe := r.decode(r.parse(src.Data))
		for _, we := range fe.weapons {
			r.validateWeapon(we)
			if r.define(out, "weapon", we.w.ID, we.entry) {
				out.weapons[we.w.ID] = we.w
			}
		}
		for _, pe := range fe.profiles {
			r.validateProfile(pe)
			if r.define(out, "profile", pe.p.ID, pe.entry) {
				out.profiles[pe.p.ID] = pe.p
			}
		}
		for _, pe := range fe.programs {
			r.validateProgram(pe)
			if r.define(out, "program", pe.p.ID, pe.entry) {
				out.programs[pe.p.ID] = pe.p
			}
		}
		for _, de := range fe.devices {
			r.validateDevice(de)
			if r.define(out, "device", de.d.ID, de.entry) {
				out.devices[de.d.ID] = de.d
			}
		}
		out.files = append(out.files, src.File)
		readers[i], files[i] = r, fe
	}

	// References resolve against everything loaded, so a user file may arm
	// its profiles with the shipped weapons, and the shipped profiles may
	// sit in a different file from their weapons.
	weaponIDs := slices.Sorted(maps.Keys(out.weapons))
	profileIDs := slices.Sorted(maps.Keys(out.profiles))
	programIDs := slices.Sorted(maps.Keys(out.programs))
	deviceNames := map[string]place{}
	for _, id := range slices.Sorted(maps.Keys(base.devicesOrNil())) {
		d := base.devices[id]
		deviceNames[d.Name] = base.defined["device:"+id]
	}
	var errs Errors
	for i, r := range readers {
		for _, pe := range files[i].profiles {
			r.resolve(pe, out, weaponIDs)
			r.resolvePilot(pe, out, profileIDs)
		}
		for _, de := range files[i].devices {
			r.resolveDevice(de, out, programIDs, deviceNames)
		}
		errs = append(errs, r.errs...)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return out, nil
}

// define records an entry's id, reporting an id defined before (in base or
// an earlier entry or file) with both places. It returns whether the entry
// was recorded; entries without a usable id are not.
func (r *reader) define(c *Catalog, kind, id string, e entry) bool {
	if !e.ok["id"] || !validID(id) {
		return false
	}
	key := kind + ":" + id
	here := place{file: r.file, pos: r.lookup(yamlfile.ChildPath(e.path, "id"))}
	if first, dup := c.defined[key]; dup {
		r.errorf(yamlfile.ChildPath(e.path, "id"), "%s %q is defined twice: first at %s, again here", kind, id, first)
		return false
	}
	c.defined[key] = here
	return true
}

// resolve checks that every weapon a profile, or one of its options,
// names is in the catalog.
func (r *reader) resolve(pe *profileEntry, c *Catalog, weaponIDs []string) {
	if pe.ok["weapons"] {
		r.resolveWeapons(yamlfile.ChildPath(pe.path, "weapons"), pe.p.Weapons, c, weaponIDs)
	}
	for i, o := range pe.p.Options {
		if pe.options[i].ok["weapons"] {
			r.resolveWeapons(yamlfile.ChildPath(yamlfile.IndexPath(yamlfile.ChildPath(pe.path, "options"), i), "weapons"), o.Weapons, c, weaponIDs)
		}
	}
}

// resolveWeapons checks the weapon ids of the list at path.
func (r *reader) resolveWeapons(path string, ids []string, c *Catalog, weaponIDs []string) {
	for i, id := range ids {
		if _, ok := c.weapons[id]; ok {
			continue
		}
		p := yamlfile.IndexPath(path, i)
		if s, ok := closest(id, weaponIDs); ok {
			r.errorf(p, "unknown weapon %q: did you mean %q?", id, s)
		} else {
			r.errorf(p, "unknown weapon %q: no loaded catalog file defines it", id)
		}
	}
}
