package module

import (
	"fmt"
	"os"
)

// ReadFile reads the module at path. On unix the file is mapped
// read-only rather than read, so constants are paged in from the file as
// a backend uses them and never copied; Close unmaps it.
func ReadFile(path string) (*Module, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read module: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cannot read module: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	data, release, err := mapFile(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read module: %w", path, err)
	}
	m, err := Decode(path, data)
	if err != nil {
		release()
		return nil, err
	}
	m.release = release
	return m, nil
}

// SniffFile reports whether the file at path starts like a module.
func SniffFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [8]byte
	n, _ := f.Read(head[:])
	return Sniff(head[:n])
}
