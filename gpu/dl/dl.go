// Package dl opens GPU runtime libraries at run time (dlopen through
// purego, no cgo): the binary builds without any GPU SDK and runs where
// none is installed. A library that cannot be found is an error listing
// every path tried and why each failed, so a user can see what to install
// or where to point ROCM_PATH / CUDA_PATH.
package dl

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ebitengine/purego"
)

// Lib is an opened shared library.
type Lib struct {
	// Path is the name that loaded (as given to dlopen).
	Path   string
	handle uintptr
}

// Candidates expands sonames into the list Open tries: each bare name
// (the dynamic linker's search: LD_LIBRARY_PATH, ld.so.cache, system
// dirs), then the name under every directory of dirs that exists.
func Candidates(sonames []string, dirs []string) []string {
	var out []string
	out = append(out, sonames...)
	for _, d := range dirs {
		if d == "" {
			continue
		}
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			continue
		}
		for _, s := range sonames {
			out = append(out, filepath.Join(d, s))
		}
	}
	return out
}

// Open loads the first of candidates that dlopen accepts. what names the
// library in the error ("the HIP runtime (libamdhip64)").
func Open(what string, candidates []string) (*Lib, error) {
	var tried []string
	for _, c := range candidates {
		h, err := purego.Dlopen(c, purego.RTLD_NOW|purego.RTLD_GLOBAL)
		if err == nil {
			return &Lib{Path: c, handle: h}, nil
		}
		tried = append(tried, fmt.Sprintf("  %s: %s", c, shortErr(c, err)))
	}
	return nil, fmt.Errorf("%s not found; tried:\n%s", what, strings.Join(tried, "\n"))
}

// shortErr drops the name dlerror repeats before its reason.
func shortErr(name string, err error) string {
	s := err.Error()
	if rest, ok := strings.CutPrefix(s, name+": "); ok {
		return rest
	}
	if i := strings.LastIndex(s, ": "); i >= 0 && strings.Contains(s[:i], "/") {
		return s[i+2:]
	}
	return s
}

// Has reports whether the library exports name.
func (l *Lib) Has(name string) bool {
	_, err := purego.Dlsym(l.handle, name)
	return err == nil
}

// Func binds fptr (a pointer to a func variable) to the first of names
// the library exports: versioned exports (cuMemAlloc_v2,
// hipGetDevicePropertiesR0600) go first with the plain name as fallback.
func (l *Lib) Func(fptr any, names ...string) error {
	for _, n := range names {
		sym, err := purego.Dlsym(l.handle, n)
		if err == nil {
			purego.RegisterFunc(fptr, sym)
			return nil
		}
	}
	return fmt.Errorf("%s does not export %s", l.Path, strings.Join(names, " or "))
}

// Bind binds a table of functions: name (with fallbacks separated by
// "|") to func-variable pointer. The first missing symbol is the error.
func (l *Lib) Bind(table map[string]any) error {
	// Sorted for a deterministic first error.
	keys := make([]string, 0, len(table))
	for k := range table {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if err := l.Func(table[k], strings.Split(k, "|")...); err != nil {
			return err
		}
	}
	return nil
}

// CString is a NUL-terminated copy of s for a const char* argument that
// must outlive one call (an array of options).
func CString(s string) *byte {
	b := append([]byte(s), 0)
	return &b[0]
}

// GoString copies a NUL-terminated C string.
func GoString(b []byte) string {
	if i := strings.IndexByte(string(b), 0); i >= 0 {
		return string(b[:i])
	}
	return string(b)
}
