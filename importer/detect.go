package importer

import (
	"archive/zip"
	"path"
	"sort"
	"strconv"
	"strings"
)

// supportedSchemaMajor is the ExportedProgram schema major this importer
// reads. Upstream only checks the major number, and so do we: minor bumps
// are additive.
const supportedSchemaMajor = 8

// Record names, relative to the archive root (pt2_archive_constants.h and
// the legacy torch.export.save).
const (
	legacyProgram   = "serialized_exported_program.json"
	legacyVersion   = "version"
	archiveFormat   = "archive_format"
	archiveVersion  = "archive_version"
	byteOrderRecord = "byteorder"
	modelsDir       = "models/"
	weightsDir      = "data/weights/"
	constantsDir    = "data/constants/"
)

// detect follows the reader spec's detection algorithm (pt2-format.md
// §1.4): a PT2 archive has a root folder holding archive_format; the
// legacy zip has serialized_exported_program.json at the top.
func (a *Archive) detect(zr *zip.Reader) error {
	if len(zr.File) == 0 {
		return a.errAt("", "empty zip archive: not a torch.export program")
	}
	// Take the root from the first record, as torch and pnnx do.
	root := ""
	if i := strings.IndexByte(zr.File[0].Name, '/'); i > 0 {
		root = zr.File[0].Name[:i+1]
	}
	all := map[string]*zip.File{}
	for _, f := range zr.File {
		if _, dup := all[f.Name]; dup {
			return a.errAt(f.Name, "record appears twice")
		}
		all[f.Name] = f
	}
	if root != "" && all[root+archiveFormat] != nil {
		a.prefix = root
		a.files = map[string]*zip.File{}
		for name, f := range all {
			if rel, ok := strings.CutPrefix(name, root); ok && rel != "" {
				a.files[rel] = f
			}
		}
		return a.openPT2()
	}
	if all[legacyProgram] != nil {
		a.files = all
		a.Layout = LayoutLegacy
		return a.openLegacy()
	}
	return a.errAt("", "not a torch.export archive: found neither %sarchive_format nor %s", root, legacyProgram)
}

func (a *Archive) openPT2() error {
	format, err := a.read(archiveFormat, 64)
	if err != nil {
		return err
	}
	if f := strings.TrimSpace(string(format)); f != "pt2" {
		return a.errAt(archiveFormat, "archive format %q, expected \"pt2\"", truncate(f))
	}
	ver, err := a.read(archiveVersion, 64)
	if err != nil {
		return err
	}
	a.ArchiveVersion = strings.TrimSpace(string(ver))
	if a.ArchiveVersion != "0" {
		return a.errAt(archiveVersion, "unsupported archive version %q (this importer reads version 0)", truncate(a.ArchiveVersion))
	}
	if a.has(byteOrderRecord) {
		bo, err := a.read(byteOrderRecord, 64)
		if err != nil {
			return err
		}
		if s := strings.TrimSpace(string(bo)); s != "little" {
			return a.errAt(byteOrderRecord, "byte order %q is not supported (only little-endian archives)", truncate(s))
		}
	}
	var models []string
	for name := range a.files {
		if rest, ok := strings.CutPrefix(name, modelsDir); ok && !strings.Contains(rest, "/") && strings.HasSuffix(rest, ".json") && len(rest) > len(".json") {
			models = append(models, name)
		}
	}
	if len(models) == 0 {
		return a.errAt("", "no models/*.json program in the archive (is it an AOTInductor-only package?)")
	}
	sort.Strings(models)
	a.Layout = LayoutPT2Pickle
	for _, entry := range models {
		m := strings.TrimSuffix(path.Base(entry), ".json")
		p := &Program{Name: m, Entry: entry}
		ep, err := a.decodeProgramEntry(entry)
		if err != nil {
			return err
		}
		p.EP = ep
		w, raw, err := a.loadPayload(weightsDir, m, "weights")
		if err != nil {
			return err
		}
		c, rawC, err := a.loadPayload(constantsDir, m, "constants")
		if err != nil {
			return err
		}
		if raw || rawC {
			a.Layout = LayoutPT2Raw
		}
		p.Weights, p.Constants = w, c
		a.Programs = append(a.Programs, p)
	}
	return nil
}

// loadPayload reads a program's weights or constants: the 2.9+ raw
// payload config when present, else the 2.8 nested torch.save file.
func (a *Archive) loadPayload(dir, model, kind string) (map[string]*Tensor, bool, error) {
	cfg := dir + model + "_" + kind + "_config.json"
	if a.has(cfg) {
		t, err := a.loadRawPayload(dir, cfg)
		return t, true, err
	}
	pt := dir + model + ".pt"
	if a.has(pt) {
		t, err := a.loadTorchSave(pt)
		return t, false, err
	}
	return map[string]*Tensor{}, false, nil
}

func (a *Archive) openLegacy() error {
	if a.has(legacyVersion) {
		v, err := a.read(legacyVersion, 64)
		if err != nil {
			return err
		}
		a.Version = strings.TrimSpace(string(v))
		major, ok := parseMajor(a.Version)
		if !ok {
			return a.errAt(legacyVersion, "malformed schema version %q", truncate(a.Version))
		}
		if major != supportedSchemaMajor {
			return a.errAt(legacyVersion, "unsupported schema version %s: major %d, this importer reads major %d (torch 2.6 or newer)", truncate(a.Version), major, supportedSchemaMajor)
		}
	}
	p := &Program{Name: "model", Entry: legacyProgram}
	ep, err := a.decodeProgramEntry(legacyProgram)
	if err != nil {
		return err
	}
	p.EP = ep
	p.Weights, p.Constants = map[string]*Tensor{}, map[string]*Tensor{}
	for _, pair := range []struct {
		into  *map[string]*Tensor
		names []string
	}{
		{&p.Weights, []string{"serialized_state_dict.pt", "serialized_state_dict.json"}},
		{&p.Constants, []string{"serialized_constants.pt", "serialized_constants.json"}},
	} {
		for _, n := range pair.names {
			if a.has(n) {
				t, err := a.loadTorchSave(n)
				if err != nil {
					return err
				}
				*pair.into = t
				break
			}
		}
	}
	a.Programs = []*Program{p}
	return nil
}

func (a *Archive) decodeProgramEntry(entry string) (*ExportedProgram, error) {
	data, err := a.read(entry, maxJSONBytes)
	if err != nil {
		return nil, err
	}
	ep, err := DecodeProgram(data)
	if err != nil {
		return nil, a.errAt(entry, "%v", err)
	}
	return ep, nil
}

// parseMajor reads the major number of "8.2" or of a bare integer.
func parseMajor(v string) (int, bool) {
	major, _, _ := strings.Cut(v, ".")
	n, err := strconv.Atoi(major)
	return n, err == nil
}

// truncate keeps error messages short when a record holds garbage.
func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
