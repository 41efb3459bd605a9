// Package cuda binds the CUDA driver API (libcuda.so.1, installed with the
// NVIDIA driver) and NVRTC (libnvrtc, from the CUDA toolkit or Python's
// nvidia-cuda-nvrtc wheel) at run time through purego: no CUDA SDK at
// build time, no cgo. HIP on NVIDIA is a header-only shim over these same
// calls, so torchlower calls them directly (shared docs/gpu-runtime.md §2).
//
// Traps handled here: several driver exports carry _v2 suffixes (bound
// first, the plain name as fallback); the primary context is used (CUDA
// 13 changed cuCtxCreate's signature); the context is current per OS
// thread, so callers keep all calls on one locked thread (package gpu
// does); kernels take kernelParams, never the `extra` array whose END tag
// differs from HIP's.
package cuda

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/torchlower/torchlower/gpu/dl"
)

// Driver is libcuda.
type Driver struct {
	Lib *dl.Lib

	cuInit                   func(flags uint32) int32
	cuDeviceGetCount         func(n *int32) int32
	cuDeviceGet              func(dev *int32, ordinal int32) int32
	cuDeviceGetAttribute     func(v *int32, attr int32, dev int32) int32
	cuDeviceGetName          func(name *byte, n int32, dev int32) int32
	cuDevicePrimaryCtxRetain func(ctx *uintptr, dev int32) int32
	cuCtxSetCurrent          func(ctx uintptr) int32
	cuMemAlloc               func(p *uintptr, size uintptr) int32
	cuMemFree                func(p uintptr) int32
	cuMemcpyHtoD             func(dst uintptr, src unsafe.Pointer, size uintptr) int32
	cuMemcpyDtoH             func(dst unsafe.Pointer, src uintptr, size uintptr) int32
	cuMemsetD8               func(dst uintptr, v uint8, n uintptr) int32
	cuModuleLoadData         func(m *uintptr, image unsafe.Pointer) int32
	cuModuleUnload           func(m uintptr) int32
	cuModuleGetFunction      func(f *uintptr, m uintptr, name *byte) int32
	cuLaunchKernel           func(f uintptr, gx, gy, gz, bx, by, bz, shared uint32, stream uintptr, params unsafe.Pointer, extra unsafe.Pointer) int32
	cuFuncSetAttribute       func(f uintptr, attr int32, v int32) int32
	cuStreamCreate           func(s *uintptr, flags uint32) int32
	cuStreamSynchronize      func(s uintptr) int32
	cuStreamDestroy          func(s uintptr) int32
	cuEventCreate            func(e *uintptr, flags uint32) int32
	cuEventRecord            func(e, s uintptr) int32
	cuEventSynchronize       func(e uintptr) int32
	cuEventElapsedTime       func(ms *float32, start, stop uintptr) int32
	cuEventDestroy           func(e uintptr) int32
	cuGetErrorString         func(err int32, s **byte) int32
	ctx                      uintptr
}

// libDirs are the directories searched after the dynamic linker's own
// (the bare sonames go first): the toolkit's ($CUDA_PATH, $CUDA_HOME,
// /usr/local/cuda and its versioned siblings, newest first), the
// driver's where containers mount it (/usr/local/nvidia), the distro's.
func libDirs() []string {
	var dirs []string
	for _, env := range []string{"CUDA_PATH", "CUDA_HOME"} {
		if c := os.Getenv(env); c != "" {
			dirs = append(dirs, filepath.Join(c, "lib64"), filepath.Join(c, "lib"))
		}
	}
	dirs = append(dirs, "/usr/local/cuda/lib64", "/usr/local/cuda/targets/x86_64-linux/lib")
	versioned, _ := filepath.Glob("/usr/local/cuda-*/lib64")
	slices.SortFunc(versioned, func(a, b string) int { return -compareVersionedPaths(a, b) })
	dirs = append(dirs, versioned...)
	return append(dirs, "/usr/local/nvidia/lib64", "/usr/local/nvidia/lib", "/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib/wsl/lib")
}

// compareVersionedPaths orders /usr/local/cuda-12.9 before
// /usr/local/cuda-13.0 (numerically: 12.10 after 12.9).
func compareVersionedPaths(a, b string) int {
	if c := slices.Compare(versionNumbers(a), versionNumbers(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// versionNumbers are the runs of digits in s, as numbers.
func versionNumbers(s string) []int {
	var out []int
	n, in := 0, false
	for _, r := range s + "/" {
		if r >= '0' && r <= '9' {
			n, in = n*10+int(r-'0'), true
			continue
		}
		if in {
			out = append(out, n)
		}
		n, in = 0, false
	}
	return out
}

var (
	driverOnce sync.Once
	driver     *Driver
	driverErr  error
)

// Load opens libcuda (once per process).
func Load() (*Driver, error) {
	driverOnce.Do(func() { driver, driverErr = load() })
	return driver, driverErr
}

func load() (*Driver, error) {
	lib, err := dl.Open("the CUDA driver (libcuda.so.1, from the NVIDIA driver)", dl.Candidates([]string{"libcuda.so.1", "libcuda.so"}, libDirs()))
	if err != nil {
		return nil, err
	}
	d := &Driver{Lib: lib}
	err = lib.Bind(map[string]any{
		"cuInit":                                   &d.cuInit,
		"cuDeviceGetCount":                         &d.cuDeviceGetCount,
		"cuDeviceGet":                              &d.cuDeviceGet,
		"cuDeviceGetAttribute":                     &d.cuDeviceGetAttribute,
		"cuDeviceGetName":                          &d.cuDeviceGetName,
		"cuDevicePrimaryCtxRetain":                 &d.cuDevicePrimaryCtxRetain,
		"cuCtxSetCurrent":                          &d.cuCtxSetCurrent,
		"cuMemAlloc_v2|cuMemAlloc":                 &d.cuMemAlloc,
		"cuMemFree_v2|cuMemFree":                   &d.cuMemFree,
		"cuMemcpyHtoD_v2|cuMemcpyHtoD":             &d.cuMemcpyHtoD,
		"cuMemcpyDtoH_v2|cuMemcpyDtoH":             &d.cuMemcpyDtoH,
		"cuMemsetD8_v2|cuMemsetD8":                 &d.cuMemsetD8,
		"cuModuleLoadData":                         &d.cuModuleLoadData,
		"cuModuleUnload":                           &d.cuModuleUnload,
		"cuModuleGetFunction":                      &d.cuModuleGetFunction,
		"cuLaunchKernel":                           &d.cuLaunchKernel,
		"cuFuncSetAttribute":                       &d.cuFuncSetAttribute,
		"cuStreamCreate":                           &d.cuStreamCreate,
		"cuStreamSynchronize":                      &d.cuStreamSynchronize,
		"cuStreamDestroy_v2|cuStreamDestroy":       &d.cuStreamDestroy,
		"cuEventCreate":                            &d.cuEventCreate,
		"cuEventRecord":                            &d.cuEventRecord,
		"cuEventSynchronize":                       &d.cuEventSynchronize,
		"cuEventElapsedTime_v2|cuEventElapsedTime": &d.cuEventElapsedTime,
		"cuEventDestroy_v2|cuEventDestroy":         &d.cuEventDestroy,
		"cuGetErrorString":                         &d.cuGetErrorString,
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// Error is a failed driver call.
type Error struct {
	Call string
	Code int32
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("cuda: %s: error %d (%s)", e.Call, e.Code, e.Msg) }

// Sticky reports whether the error is a kernel's fault, which leaves the
// context unusable for good (cuda.h: "the context cannot be used, so it
// must be destroyed"; the process must end for the device to work
// again): CUDA_ERROR_ECC_UNCORRECTABLE (214), ILLEGAL_ADDRESS (700),
// LAUNCH_TIMEOUT (702), ASSERT (710), HARDWARE_STACK_ERROR (714),
// ILLEGAL_INSTRUCTION (715), MISALIGNED_ADDRESS (716),
// INVALID_ADDRESS_SPACE (717), INVALID_PC (718), LAUNCH_FAILED (719).
func (e *Error) Sticky() bool {
	switch e.Code {
	case 214, 700, 702, 710, 714, 715, 716, 717, 718, 719:
		return true
	}
	return false
}

func (d *Driver) check(call string, code int32) error {
	if code == 0 {
		return nil
	}
	msg := "unknown"
	var s *byte
	if d.cuGetErrorString(code, &s) == 0 && s != nil {
		msg = dl.GoString(unsafe.Slice(s, 256))
	}
	return &Error{Call: call, Code: code, Msg: msg}
}

// DeviceCount initializes the driver and counts devices; none is an error
// saying so.
func (d *Driver) DeviceCount() (int, error) {
	if err := d.check("cuInit", d.cuInit(0)); err != nil {
		return 0, fmt.Errorf("%s loaded but CUDA does not initialize (no NVIDIA GPU, or driver/library mismatch?): %w", d.Lib.Path, err)
	}
	var n int32
	if err := d.check("cuDeviceGetCount", d.cuDeviceGetCount(&n)); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, fmt.Errorf("%s loaded but cuDeviceGetCount reports 0 devices", d.Lib.Path)
	}
	return int(n), nil
}

// SetDevice retains ordinal's primary context and makes it current on the
// calling OS thread.
func (d *Driver) SetDevice(ordinal int) error {
	var dev int32
	if err := d.check("cuDeviceGet", d.cuDeviceGet(&dev, int32(ordinal))); err != nil {
		return err
	}
	if d.ctx == 0 {
		if err := d.check("cuDevicePrimaryCtxRetain", d.cuDevicePrimaryCtxRetain(&d.ctx, dev)); err != nil {
			return err
		}
	}
	return d.check("cuCtxSetCurrent", d.cuCtxSetCurrent(d.ctx))
}

// Attribute numbers of cuDeviceGetAttribute (CUdevice_attribute).
const (
	attrClockRate           = 13 // kHz
	attrMultiprocessorCount = 16
	attrMemoryClockRate     = 36 // kHz
	attrMemoryBusWidth      = 37 // bits
	attrComputeMajor        = 75
	attrComputeMinor        = 76
)

// Peak is a device's theoretical peak rates, from its attributes.
type Peak struct {
	FP32FLOPs float64 // FP32 FLOP/s on the CUDA cores (an FMA is two), no tensor cores
	// MatrixFLOPs is the tensor cores' dense f16/bf16 rate with f32
	// accumulation, 0 where unknown.
	MatrixFLOPs float64
	BytesPerSec float64 // DRAM bandwidth
	Desc        string  // how they were derived
}

// fp32Lanes is the FP32 lanes per SM by compute capability major.minor
// (NVIDIA's CUDA C++ programming guide, arithmetic instructions table);
// architectures not listed give no FLOP/s peak.
var fp32Lanes = map[[2]int32]int32{
	{7, 0}: 64, {7, 2}: 64, {7, 5}: 64, {8, 0}: 64, {8, 6}: 128, {8, 7}: 128, {8, 9}: 128,
	{9, 0}: 128, {10, 0}: 128, {10, 3}: 128, {12, 0}: 128,
}

// matrixFLOPsPerClock is the dense f16/bf16 FLOP per clock per SM of the
// tensor cores with f32 accumulation, by compute capability (NVIDIA's
// data sheets: V100 125, T4 65, A100 312, L40S 362, H100 SXM 989
// TFLOP/s at their boost clocks). Hopper reaches its rate only through
// wgmma; mma.sync, which the generated kernels use, issues at a part of
// it. GeForce parts of sm_86/sm_89 accumulate in f32 at half the rate
// given here.
var matrixFLOPsPerClock = map[[2]int32]int32{
	{7, 0}: 1024, {7, 5}: 1024, {8, 0}: 2048, {8, 6}: 1024, {8, 9}: 1024, {9, 0}: 4096,
}

// Peak reads the device's peak FP32 rate and memory bandwidth: SMs × FP32
// lanes × 2 × clock, and 2 (double data rate) × memory clock × bus width.
func (d *Driver) Peak(ordinal int) (Peak, error) {
	attrs := []int32{attrClockRate, attrMultiprocessorCount, attrMemoryClockRate, attrMemoryBusWidth, attrComputeMajor, attrComputeMinor}
	v := make([]int32, len(attrs))
	for i, a := range attrs {
		if err := d.check("cuDeviceGetAttribute", d.cuDeviceGetAttribute(&v[i], a, int32(ordinal))); err != nil {
			return Peak{}, err
		}
	}
	clock, sms, memClock, bus, major, minor := float64(v[0])*1e3, v[1], float64(v[2])*1e3, float64(v[3]), v[4], v[5]
	p := Peak{BytesPerSec: 2 * memClock * bus / 8}
	p.Desc = fmt.Sprintf("%.0f GB/s = 2 × %.0f MHz × %.0f bits", p.BytesPerSec/1e9, memClock/1e6, bus)
	if lanes, ok := fp32Lanes[[2]int32{major, minor}]; ok {
		p.FP32FLOPs = float64(sms) * float64(lanes) * 2 * clock
		p.Desc = fmt.Sprintf("FP32 %.1f TFLOP/s = %d SMs × %d lanes × 2 × %.0f MHz; %s", p.FP32FLOPs/1e12, sms, lanes, clock/1e6, p.Desc)
	} else {
		p.Desc = fmt.Sprintf("FP32 peak unknown for sm_%d%d; %s", major, minor, p.Desc)
	}
	if f, ok := matrixFLOPsPerClock[[2]int32{major, minor}]; ok {
		p.MatrixFLOPs = float64(sms) * float64(f) * clock
		p.Desc = fmt.Sprintf("%s; f16/bf16 tensor cores %.0f TFLOP/s = %d SMs × %d × %.0f MHz", p.Desc, p.MatrixFLOPs/1e12, sms, f, clock/1e6)
	}
	return p, nil
}

// Arch is the device's real architecture for NVRTC, e.g. "sm_90".
func (d *Driver) Arch(ordinal int) (string, error) {
	var major, minor int32
	if err := d.check("cuDeviceGetAttribute", d.cuDeviceGetAttribute(&major, attrComputeMajor, int32(ordinal))); err != nil {
		return "", err
	}
	if err := d.check("cuDeviceGetAttribute", d.cuDeviceGetAttribute(&minor, attrComputeMinor, int32(ordinal))); err != nil {
		return "", err
	}
	return fmt.Sprintf("sm_%d%d", major, minor), nil
}

// Name is the device's name.
func (d *Driver) Name(ordinal int) string {
	buf := make([]byte, 256)
	if d.cuDeviceGetName(&buf[0], int32(len(buf)), int32(ordinal)) != 0 {
		return "?"
	}
	return dl.GoString(buf)
}

// Malloc allocates n bytes (at least 1).
func (d *Driver) Malloc(n int64) (uintptr, error) {
	var p uintptr
	err := d.check("cuMemAlloc", d.cuMemAlloc(&p, uintptr(max(n, 1))))
	return p, err
}

// Free releases device memory.
func (d *Driver) Free(p uintptr) error { return d.check("cuMemFree", d.cuMemFree(p)) }

// CopyHtoD copies src to device address dst.
func (d *Driver) CopyHtoD(dst uintptr, src []byte) error {
	if len(src) == 0 {
		return nil
	}
	return d.check("cuMemcpyHtoD", d.cuMemcpyHtoD(dst, unsafe.Pointer(&src[0]), uintptr(len(src))))
}

// CopyDtoH copies device memory at src into dst.
func (d *Driver) CopyDtoH(dst []byte, src uintptr) error {
	if len(dst) == 0 {
		return nil
	}
	return d.check("cuMemcpyDtoH", d.cuMemcpyDtoH(unsafe.Pointer(&dst[0]), src, uintptr(len(dst))))
}

// Memset sets n bytes at p to v.
func (d *Driver) Memset(p uintptr, v byte, n int64) error {
	return d.check("cuMemsetD8", d.cuMemsetD8(p, v, uintptr(n)))
}

// LoadModule loads a cubin, fatbin or NUL-terminated PTX image.
func (d *Driver) LoadModule(image []byte) (uintptr, error) {
	var m uintptr
	err := d.check("cuModuleLoadData", d.cuModuleLoadData(&m, unsafe.Pointer(&image[0])))
	return m, err
}

// UnloadModule unloads a module.
func (d *Driver) UnloadModule(m uintptr) error { return d.check("cuModuleUnload", d.cuModuleUnload(m)) }

// Function looks a kernel up by name.
func (d *Driver) Function(m uintptr, name string) (uintptr, error) {
	var f uintptr
	err := d.check("cuModuleGetFunction("+name+")", d.cuModuleGetFunction(&f, m, dl.CString(name)))
	return f, err
}

// cuFuncAttributeMaxDynamicSharedSize is
// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES (cuda.h).
const cuFuncAttributeMaxDynamicSharedSize = 8

// AllowShared lets f's launches take bytes of dynamic shared memory:
// where it and the kernel's static shared memory pass 48 KB a block, the
// launch fails unless this was asked first, function by function (shared
// docs/gpu-runtime.md).
func (d *Driver) AllowShared(f uintptr, bytes int) error {
	return d.check(fmt.Sprintf("cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, %d)", bytes), d.cuFuncSetAttribute(f, cuFuncAttributeMaxDynamicSharedSize, int32(bytes)))
}

// Launch runs f on grid×block threads (x only) on stream s with pointer
// arguments args.
func (d *Driver) Launch(f uintptr, grid, block, shared int, s uintptr, args []uintptr) error {
	vals := append([]uintptr(nil), args...)
	ptrs := make([]unsafe.Pointer, len(vals))
	for i := range vals {
		ptrs[i] = unsafe.Pointer(&vals[i])
	}
	var pp unsafe.Pointer
	if len(ptrs) > 0 {
		pp = unsafe.Pointer(&ptrs[0])
	}
	err := d.check("cuLaunchKernel", d.cuLaunchKernel(f, uint32(grid), 1, 1, uint32(block), 1, 1, uint32(shared), s, pp, nil))
	runtime.KeepAlive(vals)
	runtime.KeepAlive(ptrs)
	return err
}

// NewStream creates a stream.
func (d *Driver) NewStream() (uintptr, error) {
	var s uintptr
	err := d.check("cuStreamCreate", d.cuStreamCreate(&s, 0))
	return s, err
}

// Sync waits for stream s.
func (d *Driver) Sync(s uintptr) error {
	return d.check("cuStreamSynchronize", d.cuStreamSynchronize(s))
}

// DestroyStream destroys a stream.
func (d *Driver) DestroyStream(s uintptr) error {
	return d.check("cuStreamDestroy", d.cuStreamDestroy(s))
}

// NewEvent creates a timing event.
func (d *Driver) NewEvent() (uintptr, error) {
	var e uintptr
	err := d.check("cuEventCreate", d.cuEventCreate(&e, 0))
	return e, err
}

// Record records e on stream s.
func (d *Driver) Record(e, s uintptr) error { return d.check("cuEventRecord", d.cuEventRecord(e, s)) }

// Elapsed waits for stop and returns the milliseconds between the events.
func (d *Driver) Elapsed(start, stop uintptr) (float32, error) {
	if err := d.check("cuEventSynchronize", d.cuEventSynchronize(stop)); err != nil {
		return 0, err
	}
	var ms float32
	err := d.check("cuEventElapsedTime", d.cuEventElapsedTime(&ms, start, stop))
	return ms, err
}

// DestroyEvent destroys an event.
func (d *Driver) DestroyEvent(e uintptr) error { return d.check("cuEventDestroy", d.cuEventDestroy(e)) }
