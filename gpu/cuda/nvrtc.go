package cuda

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"github.com/torchlower/torchlower/gpu/dl"
)

// NVRTC is the CUDA run-time compiler.
type NVRTC struct {
	Lib *dl.Lib

	create    func(prog *uintptr, src *byte, name *byte, nh int32, headers unsafe.Pointer, names unsafe.Pointer) int32
	compile   func(prog uintptr, n int32, opts unsafe.Pointer) int32
	logSize   func(prog uintptr, n *uintptr) int32
	getLog    func(prog uintptr, log *byte) int32
	cubinSize func(prog uintptr, n *uintptr) int32
	getCubin  func(prog uintptr, code *byte) int32
	ptxSize   func(prog uintptr, n *uintptr) int32
	getPTX    func(prog uintptr, code *byte) int32
	destroy   func(prog *uintptr) int32
	errString func(res int32) string
	versionFn func(major, minor *int32) int32
}

// nvrtcNames are NVRTC's sonames, newest first.
var nvrtcNames = []string{"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2", "libnvrtc.so.11.1", "libnvrtc.so.11.0", "libnvrtc.so"}

// nvrtcDirs adds, to the toolkit directories, the lib folders of
// Python's NVRTC wheels, which many machines have without a toolkit:
// nvidia-cuda-nvrtc-cu12 keeps it in nvidia/cuda_nvrtc/lib, CUDA 13's
// wheels (PyTorch's cu13x builds) in the shared nvidia/cu13/lib.
func nvrtcDirs() []string {
	dirs := libDirs()
	for _, sp := range sitePackages(os.Getenv, fixedPythonRoots) {
		for _, sub := range []string{"nvidia/cu13/lib", "nvidia/cuda_nvrtc/lib", "nvidia/cu12/lib"} {
			dirs = append(dirs, filepath.Join(sp, sub))
		}
	}
	return dirs
}

// fixedPythonRoots are lib folders where Python installations keep
// their packages whatever the environment says.
var fixedPythonRoots = []string{"/usr/lib", "/usr/local/lib", "/opt/conda/lib"}

// sitePackages lists the site- and dist-packages folders of the Python
// installations a user of this machine would run: those under roots,
// the user's (~/.local/lib), the active virtual or conda environment's,
// and the one beside every bin folder on PATH, which finds a venv whose
// python3 is on PATH without being activated (/opt/torch/.venv/bin, as
// on the project's GPU machine). Each folder is listed once, in that
// order.
func sitePackages(getenv func(string) string, roots []string) []string {
	libs := append([]string(nil), roots...)
	if h := getenv("HOME"); h != "" {
		libs = append(libs, filepath.Join(h, ".local", "lib"))
	}
	for _, env := range []string{"VIRTUAL_ENV", "CONDA_PREFIX"} {
		if v := getenv(env); v != "" {
			libs = append(libs, filepath.Join(v, "lib"))
		}
	}
	for _, d := range filepath.SplitList(getenv("PATH")) {
		if filepath.Base(d) == "bin" && filepath.IsAbs(d) {
			libs = append(libs, filepath.Join(filepath.Dir(d), "lib"))
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, lib := range libs {
		for _, kind := range []string{"site-packages", "dist-packages"} {
			m, _ := filepath.Glob(filepath.Join(lib, "python3*", kind))
			for _, sp := range m {
				if !seen[sp] {
					seen[sp] = true
					out = append(out, sp)
				}
			}
		}
	}
	return out
}

// preloadBuiltins loads the libnvrtc-builtins beside an NVRTC opened
// by path. NVRTC opens its builtins by soname at its first compile, and
// CUDA 13's wheel builds of libnvrtc carry no RUNPATH to find them
// beside itself ("failed to open libnvrtc-builtins.so.13.0"); a library
// already loaded under that soname is the one the dynamic linker
// returns.
func preloadBuiltins(nvrtcPath string) {
	if !filepath.IsAbs(nvrtcPath) {
		return // found through the linker's own paths, which find the builtins too
	}
	m, _ := filepath.Glob(filepath.Join(filepath.Dir(nvrtcPath), "libnvrtc-builtins.so*"))
	for _, b := range m {
		if strings.Contains(filepath.Base(b), ".alt.") {
			continue
		}
		dl.Open("NVRTC's builtins", []string{b})
	}
}

var (
	nvrtcOnce sync.Once
	nvrtc     *NVRTC
	nvrtcErr  error
)

// LoadNVRTC opens NVRTC (once per process).
func LoadNVRTC() (*NVRTC, error) {
	nvrtcOnce.Do(func() { nvrtc, nvrtcErr = loadNVRTC() })
	return nvrtc, nvrtcErr
}

func loadNVRTC() (*NVRTC, error) {
	lib, err := dl.Open("NVRTC (libnvrtc, from the CUDA toolkit or pip's nvidia-cuda-nvrtc)", dl.Candidates(nvrtcNames, nvrtcDirs()))
	if err != nil {
		return nil, err
	}
	preloadBuiltins(lib.Path)
	r := &NVRTC{Lib: lib}
	err = lib.Bind(map[string]any{
		"nvrtcCreateProgram":     &r.create,
		"nvrtcCompileProgram":    &r.compile,
		"nvrtcGetProgramLogSize": &r.logSize,
		"nvrtcGetProgramLog":     &r.getLog,
		"nvrtcGetPTXSize":        &r.ptxSize,
		"nvrtcGetPTX":            &r.getPTX,
		"nvrtcDestroyProgram":    &r.destroy,
		"nvrtcGetErrorString":    &r.errString,
		"nvrtcVersion":           &r.versionFn,
	})
	if err != nil {
		return nil, err
	}
	// CUBIN output appeared in CUDA 11.1; without it the PTX is loaded
	// and the driver compiles it.
	if lib.Func(&r.cubinSize, "nvrtcGetCUBINSize") != nil || lib.Func(&r.getCubin, "nvrtcGetCUBIN") != nil {
		r.cubinSize, r.getCubin = nil, nil
	}
	return r, nil
}

// Version is NVRTC's version.
func (r *NVRTC) Version() (int, int) {
	var a, b int32
	r.versionFn(&a, &b)
	return int(a), int(b)
}

// Compile compiles src with opts (which name a real arch, sm_XX) and
// returns a cubin, or NUL-terminated PTX when this NVRTC cannot emit
// cubins; either loads with cuModuleLoadData.
func (r *NVRTC) Compile(src, name string, opts []string) ([]byte, error) {
	var prog uintptr
	if res := r.create(&prog, dl.CString(src), dl.CString(name), 0, nil, nil); res != 0 {
		return nil, fmt.Errorf("nvrtcCreateProgram: %s", r.errString(res))
	}
	defer r.destroy(&prog)
	cs := make([]*byte, len(opts))
	for i, o := range opts {
		cs[i] = dl.CString(o)
	}
	var po unsafe.Pointer
	if len(cs) > 0 {
		po = unsafe.Pointer(&cs[0])
	}
	res := r.compile(prog, int32(len(cs)), po)
	runtime.KeepAlive(cs)
	if res != 0 {
		return nil, fmt.Errorf("NVRTC compile of %s (%s) failed: %s\n%s", name, strings.Join(opts, " "), r.errString(res), r.log(prog))
	}
	size, get, what := r.cubinSize, r.getCubin, "CUBIN"
	if size == nil {
		size, get, what = r.ptxSize, r.getPTX, "PTX"
	}
	var n uintptr
	if res := size(prog, &n); res != 0 || n == 0 {
		return nil, fmt.Errorf("nvrtcGet%sSize: %s", what, r.errString(res))
	}
	code := make([]byte, n)
	if res := get(prog, &code[0]); res != 0 {
		return nil, fmt.Errorf("nvrtcGet%s: %s", what, r.errString(res))
	}
	return code, nil
}

func (r *NVRTC) log(prog uintptr) string {
	var n uintptr
	if r.logSize(prog, &n) != 0 || n <= 1 {
		return ""
	}
	b := make([]byte, n)
	if r.getLog(prog, &b[0]) != 0 {
		return ""
	}
	return strings.TrimSpace(dl.GoString(b))
}
