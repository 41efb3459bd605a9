// Package importer reads torch.export archives (.pt2) without Python and
// turns their programs into the torch dialect, printed as torch-mlir's
// fx_importer prints them. It reads every layout torch 2.6+ writes (the
// legacy zip, the 2.8 PT2 archive with pickled weights, the 2.9+ archive
// with raw weights), treats archives as untrusted input (bounded sizes, no
// path escapes, a restricted pickle VM), and reports every unsupported
// node at once. Programs exported with dynamic shapes import with their
// symbolic sizes as `?`, or specialized to bound sizes (Options.Dims,
// symbolic.go). See shared/docs/pt2-format.md for the format.
package importer

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Layout is the container style of a .pt2 file; it decides where the
// program JSON and the weights live and how the weights are encoded.
type Layout int

const (
	// LayoutLegacy is the plain zip of torch 2.3–2.7: serialized_*.json/.pt
	// records at the root, weights as nested torch.save pickles.
	LayoutLegacy Layout = iota + 1
	// LayoutPT2Pickle is the PT2 archive of torch 2.8: a root folder,
	// models/<m>.json, weights as one nested torch.save file per program.
	LayoutPT2Pickle
	// LayoutPT2Raw is the PT2 archive of torch 2.9+: one raw file per
	// storage plus a JSON payload config.
	LayoutPT2Raw
)

func (l Layout) String() string {
	switch l {
	case LayoutLegacy:
		return "legacy zip (torch <= 2.7)"
	case LayoutPT2Pickle:
		return "PT2 archive with pickled weights (torch 2.8)"
	case LayoutPT2Raw:
		return "PT2 archive with raw weights (torch >= 2.9)"
	}
	return "unknown layout"
}

// Size caps. Weights are read whole into memory, so the caps bound what a
// hostile archive can make us allocate; they are generous for real models
// and variables so tests and fuzzers can lower them.
var (
	maxEntryBytes  int64 = 8 << 30   // any single zip record
	maxJSONBytes   int64 = 512 << 20 // a program JSON or payload config
	maxPickleBytes int64 = 256 << 20 // a data.pkl
	maxTensorBytes int64 = 8 << 30   // one materialized tensor
	maxEntries           = 1 << 20   // records in one zip
)

// Archive is an opened .pt2 file: its layout, version records and every
// program in it with its weights and constants decoded.
type Archive struct {
	// Name is the display name used in errors (the file name as given).
	Name   string
	Layout Layout
	// Version is the legacy `version` record ("8.2"); empty for PT2 archives.
	Version string
	// ArchiveVersion is the PT2 `archive_version` record ("0").
	ArchiveVersion string
	// Programs are the models/<m>.json programs (one for legacy archives),
	// sorted by name.
	Programs []*Program

	prefix string               // root folder of PT2 archives, with '/'
	files  map[string]*zip.File // by name relative to prefix
}

// Program is one ExportedProgram and the tensors its signature refers to.
type Program struct {
	Name  string // "model"
	Entry string // "models/model.json"
	EP    *ExportedProgram
	// Weights maps parameter and persistent buffer FQNs to tensors;
	// Constants maps lifted constants and non-persistent buffers.
	Weights, Constants map[string]*Tensor
}

// Open reads and decodes a .pt2 archive.
func Open(path string) (*Archive, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	a, err := openReader(f, st.Size(), path)
	return a, err
}

// OpenReader reads an archive from r; errors name the archive "<input>".
func OpenReader(r io.ReaderAt, size int64) (*Archive, error) {
	return openReader(r, size, "<input>")
}

// OpenReaderNamed is OpenReader with the display name used in errors.
func OpenReaderNamed(r io.ReaderAt, size int64, name string) (*Archive, error) {
	return openReader(r, size, name)
}

func openReader(r io.ReaderAt, size int64, name string) (*Archive, error) {
	a := &Archive{Name: name}
	zr, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, a.errAt("", "not a readable zip archive: %v", err)
	}
	if zr == nil {
		return nil, a.errAt("", "not a readable zip archive: %v", err)
	}
	if len(zr.File) > maxEntries {
		return nil, a.errAt("", "archive has %d records, more than the %d allowed", len(zr.File), maxEntries)
	}
	for _, f := range zr.File {
		if err := checkEntryName(f.Name); err != nil {
			return nil, a.errAt(f.Name, "%v", err)
		}
		if f.UncompressedSize64 > uint64(maxEntryBytes) {
			return nil, a.errAt(f.Name, "record declares %d bytes, more than the %d allowed", f.UncompressedSize64, maxEntryBytes)
		}
	}
	if err := a.detect(zr); err != nil {
		return nil, err
	}
	return a, nil
}

// checkEntryName rejects names that could escape an extraction directory
// or alias other records; real archives never contain them.
func checkEntryName(name string) error {
	if name == "" {
		return errors.New("empty record name")
	}
	if strings.HasPrefix(name, "/") || strings.Contains(name, `\`) || filepath.IsAbs(name) ||
		(len(name) >= 2 && name[1] == ':') {
		return errors.New("absolute record path")
	}
	for _, part := range strings.Split(name, "/") {
		if part == ".." {
			return errors.New("record path contains '..'")
		}
	}
	if strings.ContainsRune(name, 0) {
		return errors.New("record name contains NUL")
	}
	return nil
}

// has reports whether a record (relative to the root) exists.
func (a *Archive) has(name string) bool { _, ok := a.files[name]; return ok }

// read returns a record's bytes, checking the size the header declares
// against what is really there and against limit.
func (a *Archive) read(name string, limit int64) ([]byte, error) {
	f, ok := a.files[name]
	if !ok {
		return nil, a.errAt(name, "record missing")
	}
	return readZipFile(f, limit, func(format string, args ...any) error {
		return a.errAt(name, format, args...)
	})
}

func readZipFile(f *zip.File, limit int64, errf func(string, ...any) error) ([]byte, error) {
	if f.UncompressedSize64 > uint64(limit) {
		return nil, errf("record is %d bytes, more than the %d allowed", f.UncompressedSize64, limit)
	}
	if f.Method == zip.Store && f.CompressedSize64 != f.UncompressedSize64 {
		return nil, errf("stored record declares %d bytes but holds %d", f.UncompressedSize64, f.CompressedSize64)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, errf("cannot open record: %v", err)
	}
	defer rc.Close()
	// Never trust the declared size for the allocation: grow as bytes
	// really arrive, and stop one byte past the declared size.
	var buf bytes.Buffer
	n, err := io.Copy(&buf, io.LimitReader(rc, int64(f.UncompressedSize64)+1))
	if err != nil {
		return nil, errf("cannot read record: %v", err)
	}
	if uint64(n) != f.UncompressedSize64 {
		return nil, errf("record holds %d bytes but its header declares %d", n, f.UncompressedSize64)
	}
	return buf.Bytes(), nil
}

// Program returns the program named name, or the only program when name
// is empty.
func (a *Archive) Program(name string) (*Program, error) {
	if name == "" {
		if len(a.Programs) == 1 {
			return a.Programs[0], nil
		}
		for _, p := range a.Programs {
			if p.Name == "model" {
				return p, nil
			}
		}
		var names []string
		for _, p := range a.Programs {
			names = append(names, p.Name)
		}
		return nil, a.errAt("", "archive holds %d programs (%s); choose one", len(a.Programs), strings.Join(names, ", "))
	}
	for _, p := range a.Programs {
		if p.Name == name {
			return p, nil
		}
	}
	return nil, a.errAt("", "no program named %q", name)
}
