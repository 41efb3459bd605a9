package hip

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"github.com/torchlower/torchlower/gpu/dl"
)

// RTC is hiprtc, the run-time compiler of HIP C++ to AMDGPU code objects.
type RTC struct {
	// Lib is the library the hiprtc symbols came from: libhiprtc, or
	// libamdhip64 itself on ROCm ≤ 6.
	Lib *dl.Lib

	create    func(prog *uintptr, src *byte, name *byte, nh int32, headers unsafe.Pointer, names unsafe.Pointer) int32
	compile   func(prog uintptr, n int32, opts unsafe.Pointer) int32
	logSize   func(prog uintptr, n *uintptr) int32
	getLog    func(prog uintptr, log *byte) int32
	codeSize  func(prog uintptr, n *uintptr) int32
	getCode   func(prog uintptr, code *byte) int32
	destroy   func(prog *uintptr) int32
	errString func(res int32) string
	versionFn func(major, minor *int32) int32
}

var (
	rtcOnce sync.Once
	rtc     *RTC
	rtcErr  error
)

// LoadRTC finds hiprtc (once per process): libhiprtc.so.{7,6,5}, else the
// hiprtc symbols of libamdhip64 (ROCm ≤ 6, Debian's 5.2.3).
func LoadRTC() (*RTC, error) {
	rtcOnce.Do(func() { rtc, rtcErr = loadRTC() })
	return rtc, rtcErr
}

func loadRTC() (*RTC, error) {
	lib, errRTC := dl.Open("hiprtc (libhiprtc)", dl.Candidates(rtcNames, libDirs()))
	if errRTC != nil || !lib.Has("hiprtcCreateProgram") {
		rt, errRT := dl.Open("the HIP runtime (libamdhip64)", dl.Candidates(runtimeNames, libDirs()))
		if errRT != nil {
			return nil, fmt.Errorf("hiprtc not found: %v\nand %v", errRTC, errRT)
		}
		if !rt.Has("hiprtcCreateProgram") {
			return nil, fmt.Errorf("hiprtc not found: %v\nand %s exports no hiprtc symbols (ROCm ≥ 7 moved them to libhiprtc)", errRTC, rt.Path)
		}
		lib = rt
	}
	r := &RTC{Lib: lib}
	err := lib.Bind(map[string]any{
		"hiprtcCreateProgram":     &r.create,
		"hiprtcCompileProgram":    &r.compile,
		"hiprtcGetProgramLogSize": &r.logSize,
		"hiprtcGetProgramLog":     &r.getLog,
		"hiprtcGetCodeSize":       &r.codeSize,
		"hiprtcGetCode":           &r.getCode,
		"hiprtcDestroyProgram":    &r.destroy,
		"hiprtcGetErrorString":    &r.errString,
		"hiprtcVersion":           &r.versionFn,
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Version is hiprtc's version.
func (r *RTC) Version() (int, int) {
	var a, b int32
	r.versionFn(&a, &b)
	return int(a), int(b)
}

// Compile compiles src (named name in messages) with opts, e.g.
// "--offload-arch=gfx90a", and returns the code object. A compile error
// carries the compiler's log.
func (r *RTC) Compile(src, name string, opts []string) ([]byte, error) {
	var prog uintptr
	if res := r.create(&prog, dl.CString(src), dl.CString(name), 0, nil, nil); res != 0 {
		return nil, fmt.Errorf("hiprtcCreateProgram: %s", r.errString(res))
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
	log := r.log(prog)
	if res != 0 {
		return nil, fmt.Errorf("hiprtc compile of %s (%s) failed: %s\n%s", name, strings.Join(opts, " "), r.errString(res), log)
	}
	var n uintptr
	if res := r.codeSize(prog, &n); res != 0 || n == 0 {
		return nil, fmt.Errorf("hiprtcGetCodeSize: %s", r.errString(res))
	}
	code := make([]byte, n)
	if res := r.getCode(prog, &code[0]); res != 0 {
		return nil, fmt.Errorf("hiprtcGetCode: %s", r.errString(res))
	}
	return code, nil
}

func (r *RTC) log(prog uintptr) string {
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
