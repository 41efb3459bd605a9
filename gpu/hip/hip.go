// Package hip binds the HIP runtime (libamdhip64) and hiprtc at run time
// through purego: no ROCm at build time, no cgo. See
// shared docs/gpu-runtime.md for the facts this relies on:
//
//   - hiprtc is libhiprtc.so.{7,6,5} on ROCm ≥ 5.2 upstream and the only
//     place from ROCm 7; on ROCm ≤ 6 (and Debian's 5.2.3, which ships no
//     libhiprtc.so) the same symbols are exported by libamdhip64 itself.
//   - hipModuleLaunchKernel takes kernelParams (an array of pointers to
//     the argument values); the END tag of the `extra` form differs
//     between AMD and CUDA, so it is never used.
//   - The current device is per OS thread: callers keep all calls on one
//     locked thread (package gpu does).
//   - Debian's hiprtc 5.2 aborts the process for gfx940/gfx942: compile
//     only for an arch it knows, or in a child process.
package hip

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"unsafe"

	"github.com/torchlower/torchlower/gpu/dl"
)

// libDirs are the directories searched after the dynamic linker's own
// search: $ROCM_PATH/lib and AMD's default install prefix.
func libDirs() []string {
	var dirs []string
	if r := os.Getenv("ROCM_PATH"); r != "" {
		dirs = append(dirs, filepath.Join(r, "lib"))
	}
	return append(dirs, "/opt/rocm/lib")
}

// Runtime is the HIP runtime library.
type Runtime struct {
	Lib *dl.Lib

	hipInit               func(flags uint32) int32
	hipGetDeviceCount     func(n *int32) int32
	hipSetDevice          func(dev int32) int32
	hipDeviceGetAttribute func(v *int32, attr int32, dev int32) int32
	hipDeviceGetName      func(name *byte, n int32, dev int32) int32
	hipRuntimeGetVersion  func(v *int32) int32
	hipMalloc             func(p *uintptr, size uintptr) int32
	hipFree               func(p uintptr) int32
	hipMemcpyHtoD         func(dst uintptr, src unsafe.Pointer, size uintptr) int32
	hipMemcpyDtoH         func(dst unsafe.Pointer, src uintptr, size uintptr) int32
	hipMemsetD8           func(dst uintptr, v uint8, n uintptr) int32
	hipModuleLoadData     func(m *uintptr, image unsafe.Pointer) int32
	hipModuleUnload       func(m uintptr) int32
	hipModuleGetFunction  func(f *uintptr, m uintptr, name *byte) int32
	hipModuleLaunchKernel func(f uintptr, gx, gy, gz, bx, by, bz, shared uint32, stream uintptr, params unsafe.Pointer, extra unsafe.Pointer) int32
	hipStreamCreate       func(s *uintptr) int32
	hipStreamSynchronize  func(s uintptr) int32
	hipStreamDestroy      func(s uintptr) int32
	hipEventCreate        func(e *uintptr) int32
	hipEventRecord        func(e, s uintptr) int32
	hipEventSynchronize   func(e uintptr) int32
	hipEventElapsedTime   func(ms *float32, start, stop uintptr) int32
	hipEventDestroy       func(e uintptr) int32
	hipGetErrorString     func(err int32) string
	hipGetDevicePropsArch func(props unsafe.Pointer, dev int32) int32
	archOffset            int
}

// Library names, newest ROCm first.
var (
	runtimeNames = []string{"libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5", "libamdhip64.so"}
	rtcNames     = []string{"libhiprtc.so.7", "libhiprtc.so.6", "libhiprtc.so.5", "libhiprtc.so"}
)

var (
	loadOnce sync.Once
	loaded   *Runtime
	loadErr  error
)

// Load opens the HIP runtime (once per process).
func Load() (*Runtime, error) {
	loadOnce.Do(func() { loaded, loadErr = load() })
	return loaded, loadErr
}

func load() (*Runtime, error) {
	lib, err := dl.Open("the HIP runtime (libamdhip64, from ROCm)", dl.Candidates(runtimeNames, libDirs()))
	if err != nil {
		return nil, err
	}
	r := &Runtime{Lib: lib}
	err = lib.Bind(map[string]any{
		"hipInit":               &r.hipInit,
		"hipGetDeviceCount":     &r.hipGetDeviceCount,
		"hipSetDevice":          &r.hipSetDevice,
		"hipDeviceGetAttribute": &r.hipDeviceGetAttribute,
		"hipDeviceGetName":      &r.hipDeviceGetName,
		"hipRuntimeGetVersion":  &r.hipRuntimeGetVersion,
		"hipMalloc":             &r.hipMalloc,
		"hipFree":               &r.hipFree,
		"hipMemcpyHtoD":         &r.hipMemcpyHtoD,
		"hipMemcpyDtoH":         &r.hipMemcpyDtoH,
		"hipMemsetD8":           &r.hipMemsetD8,
		"hipModuleLoadData":     &r.hipModuleLoadData,
		"hipModuleUnload":       &r.hipModuleUnload,
		"hipModuleGetFunction":  &r.hipModuleGetFunction,
		"hipModuleLaunchKernel": &r.hipModuleLaunchKernel,
		"hipStreamCreate":       &r.hipStreamCreate,
		"hipStreamSynchronize":  &r.hipStreamSynchronize,
		"hipStreamDestroy":      &r.hipStreamDestroy,
		"hipEventCreate":        &r.hipEventCreate,
		"hipEventRecord":        &r.hipEventRecord,
		"hipEventSynchronize":   &r.hipEventSynchronize,
		"hipEventElapsedTime":   &r.hipEventElapsedTime,
		"hipEventDestroy":       &r.hipEventDestroy,
		"hipGetErrorString":     &r.hipGetErrorString,
	})
	if err != nil {
		return nil, err
	}
	// The device-properties struct changed layout in ROCm 6 (gcnArchName
	// at byte 1160 of hipDeviceProp_tR0600, 396 before).
	if lib.Func(&r.hipGetDevicePropsArch, "hipGetDevicePropertiesR0600") == nil {
		r.archOffset = 1160
	} else if lib.Func(&r.hipGetDevicePropsArch, "hipGetDeviceProperties") == nil {
		r.archOffset = 396
	}
	return r, nil
}

// Error is a failed HIP call.
type Error struct {
	Call string
	Code int32
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("hip: %s: error %d (%s)", e.Call, e.Code, e.Msg) }

// Sticky reports whether the error is a kernel's fault, which leaves the
// device unusable in this process as CUDA's do (hip_runtime_api.h:
// hipErrorIllegalAddress 700, hipErrorLaunchTimeOut 702, hipErrorAssert
// 710, hipErrorLaunchFailure 719).
func (e *Error) Sticky() bool {
	switch e.Code {
	case 700, 702, 710, 719:
		return true
	}
	return false
}

// hipErrorNoDevice is what hipInit/hipGetDeviceCount return without a GPU.
const hipErrorNoDevice = 100

func (r *Runtime) check(call string, code int32) error {
	if code == 0 {
		return nil
	}
	return &Error{Call: call, Code: code, Msg: r.hipGetErrorString(code)}
}

// DeviceCount initializes HIP and counts the devices. No GPU (or no
// kernel driver: /dev/kfd) is an error saying so, not a zero count.
func (r *Runtime) DeviceCount() (int, error) {
	if err := r.check("hipInit", r.hipInit(0)); err != nil {
		return 0, fmt.Errorf("%s loaded but HIP does not initialize (no AMD GPU or no /dev/kfd access?): %w", r.Lib.Path, err)
	}
	var n int32
	if err := r.check("hipGetDeviceCount", r.hipGetDeviceCount(&n)); err != nil {
		return 0, fmt.Errorf("%s loaded but finds no AMD GPU: %w", r.Lib.Path, err)
	}
	if n == 0 {
		return 0, fmt.Errorf("%s loaded but hipGetDeviceCount reports 0 devices", r.Lib.Path)
	}
	return int(n), nil
}

// SetDevice makes dev current on the calling OS thread.
func (r *Runtime) SetDevice(dev int) error {
	return r.check("hipSetDevice", r.hipSetDevice(int32(dev)))
}

// Arch is the device's gcnArchName (e.g. "gfx942:sramecc+:xnack-"), the
// target hiprtc must compile for.
func (r *Runtime) Arch(dev int) (string, error) {
	if r.hipGetDevicePropsArch == nil {
		return "", fmt.Errorf("hip: %s exports no hipGetDeviceProperties", r.Lib.Path)
	}
	buf := make([]byte, 8192)
	if err := r.check("hipGetDeviceProperties", r.hipGetDevicePropsArch(unsafe.Pointer(&buf[0]), int32(dev))); err != nil {
		return "", err
	}
	return dl.GoString(buf[r.archOffset : r.archOffset+256]), nil
}

// Name is the device's marketing name.
func (r *Runtime) Name(dev int) string {
	buf := make([]byte, 256)
	if r.hipDeviceGetName(&buf[0], int32(len(buf)), int32(dev)) != 0 {
		return "?"
	}
	return dl.GoString(buf)
}

// Malloc allocates n bytes of device memory (at least 1).
func (r *Runtime) Malloc(n int64) (uintptr, error) {
	var p uintptr
	err := r.check("hipMalloc", r.hipMalloc(&p, uintptr(max(n, 1))))
	return p, err
}

// Free releases device memory.
func (r *Runtime) Free(p uintptr) error { return r.check("hipFree", r.hipFree(p)) }

// CopyHtoD copies src into device memory at dst.
func (r *Runtime) CopyHtoD(dst uintptr, src []byte) error {
	if len(src) == 0 {
		return nil
	}
	return r.check("hipMemcpyHtoD", r.hipMemcpyHtoD(dst, unsafe.Pointer(&src[0]), uintptr(len(src))))
}

// CopyDtoH copies device memory at src into dst.
func (r *Runtime) CopyDtoH(dst []byte, src uintptr) error {
	if len(dst) == 0 {
		return nil
	}
	return r.check("hipMemcpyDtoH", r.hipMemcpyDtoH(unsafe.Pointer(&dst[0]), src, uintptr(len(dst))))
}

// Memset sets n bytes at p to v.
func (r *Runtime) Memset(p uintptr, v byte, n int64) error {
	return r.check("hipMemsetD8", r.hipMemsetD8(p, v, uintptr(n)))
}

// LoadModule loads a code object (hiprtc's output for this device's arch).
func (r *Runtime) LoadModule(image []byte) (uintptr, error) {
	var m uintptr
	err := r.check("hipModuleLoadData", r.hipModuleLoadData(&m, unsafe.Pointer(&image[0])))
	return m, err
}

// UnloadModule unloads a module.
func (r *Runtime) UnloadModule(m uintptr) error {
	return r.check("hipModuleUnload", r.hipModuleUnload(m))
}

// Function looks a kernel up by its extern "C" name.
func (r *Runtime) Function(m uintptr, name string) (uintptr, error) {
	var f uintptr
	err := r.check("hipModuleGetFunction("+name+")", r.hipModuleGetFunction(&f, m, dl.CString(name)))
	return f, err
}

// ldsPerBlock is the local data share a workgroup may take on the AMD
// GPUs the kernels target (gfx90a, gfx94x).
const ldsPerBlock = 64 << 10

// AllowShared checks that f's launches may take bytes of dynamic shared
// memory. Only NVIDIA's tensor-core body asks for more than 48 KB, so a
// HIP launch never needs more than a workgroup has; a request beyond it
// is an error here rather than a failed launch.
func (r *Runtime) AllowShared(f uintptr, bytes int) error {
	if bytes > ldsPerBlock {
		return fmt.Errorf("hip: a block of %d bytes of shared memory: a workgroup has %d", bytes, ldsPerBlock)
	}
	return nil
}

// Launch runs f on a grid of grid×block threads (x only) on stream s;
// args are the kernel's pointer arguments (device addresses).
func (r *Runtime) Launch(f uintptr, grid, block, shared int, s uintptr, args []uintptr) error {
	vals := make([]uintptr, len(args))
	copy(vals, args)
	ptrs := make([]unsafe.Pointer, len(vals))
	for i := range vals {
		ptrs[i] = unsafe.Pointer(&vals[i])
	}
	var pp unsafe.Pointer
	if len(ptrs) > 0 {
		pp = unsafe.Pointer(&ptrs[0])
	}
	err := r.check("hipModuleLaunchKernel", r.hipModuleLaunchKernel(f, uint32(grid), 1, 1, uint32(block), 1, 1, uint32(shared), s, pp, nil))
	runtime.KeepAlive(vals)
	runtime.KeepAlive(ptrs)
	return err
}

// NewStream creates a stream.
func (r *Runtime) NewStream() (uintptr, error) {
	var s uintptr
	err := r.check("hipStreamCreate", r.hipStreamCreate(&s))
	return s, err
}

// Sync waits for stream s.
func (r *Runtime) Sync(s uintptr) error {
	return r.check("hipStreamSynchronize", r.hipStreamSynchronize(s))
}

// DestroyStream destroys a stream.
func (r *Runtime) DestroyStream(s uintptr) error {
	return r.check("hipStreamDestroy", r.hipStreamDestroy(s))
}

// NewEvent creates a timing event.
func (r *Runtime) NewEvent() (uintptr, error) {
	var e uintptr
	err := r.check("hipEventCreate", r.hipEventCreate(&e))
	return e, err
}

// Record records e on stream s.
func (r *Runtime) Record(e, s uintptr) error {
	return r.check("hipEventRecord", r.hipEventRecord(e, s))
}

// Elapsed waits for stop and returns the milliseconds between the events.
func (r *Runtime) Elapsed(start, stop uintptr) (float32, error) {
	if err := r.check("hipEventSynchronize", r.hipEventSynchronize(stop)); err != nil {
		return 0, err
	}
	var ms float32
	err := r.check("hipEventElapsedTime", r.hipEventElapsedTime(&ms, start, stop))
	return ms, err
}

// DestroyEvent destroys an event.
func (r *Runtime) DestroyEvent(e uintptr) error {
	return r.check("hipEventDestroy", r.hipEventDestroy(e))
}
