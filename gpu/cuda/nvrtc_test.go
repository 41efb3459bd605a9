package cuda

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The GPU machine's PyTorch (a cu13x wheel) lives in a venv whose bin is
// on PATH but which is not activated, and CUDA 13's wheels keep NVRTC in
// nvidia/cu13/lib: both must be searched, once each, after the fixed
// roots.
func TestSitePackagesFindsVenvOnPATHAndUserSite(t *testing.T) {
	root := t.TempDir()
	mk := func(parts ...string) string {
		d := filepath.Join(append([]string{root}, parts...)...)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	system := mk("usr", "lib", "python3", "dist-packages")
	venv := mk("opt", "torch", ".venv", "lib", "python3.12", "site-packages")
	mk("opt", "torch", ".venv", "bin")
	user := mk("home", "u", ".local", "lib", "python3.11", "site-packages")
	conda := mk("conda", "envs", "x", "lib", "python3.10", "site-packages")
	env := map[string]string{
		"HOME":         filepath.Join(root, "home", "u"),
		"CONDA_PREFIX": filepath.Join(root, "conda", "envs", "x"),
		// The venv twice (and a relative entry, which names no install).
		"PATH": filepath.Join(root, "opt", "torch", ".venv", "bin") + ":bin:/nonexistent/bin:" + filepath.Join(root, "opt", "torch", ".venv", "bin"),
	}
	got := sitePackages(func(k string) string { return env[k] }, []string{filepath.Join(root, "usr", "lib")})
	want := []string{system, user, conda, venv}
	if !slices.Equal(got, want) {
		t.Errorf("sitePackages:\n got %q\nwant %q", got, want)
	}
}

// Versioned toolkits are tried newest first, numerically.
func TestCompareVersionedPaths(t *testing.T) {
	ps := []string{"/usr/local/cuda-12.9/lib64", "/usr/local/cuda-13.0/lib64", "/usr/local/cuda-12.10/lib64", "/usr/local/cuda-11.8/lib64"}
	slices.SortFunc(ps, func(a, b string) int { return -compareVersionedPaths(a, b) })
	want := []string{"/usr/local/cuda-13.0/lib64", "/usr/local/cuda-12.10/lib64", "/usr/local/cuda-12.9/lib64", "/usr/local/cuda-11.8/lib64"}
	if !slices.Equal(ps, want) {
		t.Errorf("order %q, want %q", ps, want)
	}
}
