// Package gpu runs plans on a GPU: AMD through HIP and hiprtc, NVIDIA
// through the CUDA driver and NVRTC, both loaded at run time (packages
// hip, cuda; no SDK at build time, no cgo). The kernels are generated
// from the plan by package codegen, compiled for the device's own
// architecture on first use and cached by the hash of source and target,
// in memory and on disk.
//
// The device is driven from one goroutine locked to its OS thread: HIP's
// current device and CUDA's current context are per thread.
package gpu

import (
	"fmt"
	goruntime "runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/torchlower/torchlower/gpu/cuda"
	"github.com/torchlower/torchlower/gpu/hip"
	"github.com/torchlower/torchlower/runtime"
)

// api is what the executor needs from a vendor runtime: memory, copies,
// modules, launches, streams and events. hip.Runtime and cuda.Driver
// both have it.
type api interface {
	Malloc(n int64) (uintptr, error)
	Free(p uintptr) error
	CopyHtoD(dst uintptr, src []byte) error
	CopyDtoH(dst []byte, src uintptr) error
	Memset(p uintptr, v byte, n int64) error
	LoadModule(image []byte) (uintptr, error)
	UnloadModule(m uintptr) error
	Function(m uintptr, name string) (uintptr, error)
	// AllowShared lets f's launches take bytes of dynamic shared memory,
	// which with the kernel's static shared memory may pass what a block
	// may take without asking (48 KB).
	AllowShared(f uintptr, bytes int) error
	Launch(f uintptr, grid, block, shared int, s uintptr, args []uintptr) error
	NewStream() (uintptr, error)
	Sync(s uintptr) error
	DestroyStream(s uintptr) error
	NewEvent() (uintptr, error)
	Record(e, s uintptr) error
	Elapsed(start, stop uintptr) (float32, error)
	DestroyEvent(e uintptr) error
}

// Device is one GPU. Open never fails: a device whose libraries or
// hardware are missing is not Available, and Reason says what was looked
// for.
type Device struct {
	kind   string
	reason error

	api     api
	compile func(src, name string) ([]byte, error)
	target  string // arch and compiler options: the cache key's target
	arch    string // the device's arch: gfx90a:sramecc+:xnack-, sm_90
	mma     bool   // kernels take their NVIDIA tensor-core bodies here (runsMMA)
	info    string // vendor, device name, arch, library paths
	peak    Peak

	work chan func()
	mods map[string]uintptr // loaded modules by hash (device thread only)
	// funcs are the kernels looked up in the loaded modules (device
	// thread only): a lookup is a driver call and a C string, and bench
	// times the launches of many small kernels.
	funcs map[kernelRef]uintptr
	// allowed is the dynamic shared memory each function was allowed
	// (AllowShared; device thread only).
	allowed map[uintptr]int
	codes   sync.Map // compiled code by hash: string -> []byte
	// lost is the first kernel fault's error, after which nothing runs
	// (lost.go).
	lost atomic.Pointer[error]
}

// Kinds are the names Open accepts.
var Kinds = []string{"hip", "cuda"}

// Open prepares device 0 of kind "hip" or "cuda".
func Open(kind string) *Device {
	d := &Device{kind: kind, mods: map[string]uintptr{}, funcs: map[kernelRef]uintptr{}, allowed: map[uintptr]int{}}
	switch kind {
	case "hip", "cuda":
	default:
		d.reason = fmt.Errorf("unknown GPU kind %q (want hip or cuda)", kind)
		return d
	}
	d.work = make(chan func())
	go d.loop()
	d.do(func() {
		if kind == "hip" {
			d.reason = d.openHIP()
		} else {
			d.reason = d.openCUDA()
		}
	})
	return d
}

// loop runs GPU work on one OS thread for the device's lifetime.
func (d *Device) loop() {
	goruntime.LockOSThread()
	for f := range d.work {
		f()
	}
}

// do runs f on the device's thread and waits for it.
func (d *Device) do(f func()) {
	done := make(chan struct{})
	d.work <- func() { defer close(done); f() }
	<-done
}

func (d *Device) openHIP() error {
	rt, err := hip.Load()
	if err != nil {
		return err
	}
	if _, err := rt.DeviceCount(); err != nil {
		return err
	}
	if err := rt.SetDevice(0); err != nil {
		return err
	}
	arch, err := rt.Arch(0)
	if err != nil {
		return err
	}
	rtc, err := hip.LoadRTC()
	if err != nil {
		return err
	}
	opts := codegenHIPOptions(arch)
	d.api, d.arch = rt, arch
	d.target = "hip " + strings.Join(opts, " ")
	d.compile = func(src, name string) ([]byte, error) { return rtc.Compile(src, name, opts) }
	d.info = fmt.Sprintf("hip: %s (%s) via %s, hiprtc from %s", rt.Name(0), arch, rt.Lib.Path, rtc.Lib.Path)
	// hipDeviceAttribute_t's numbering changed between ROCm releases, so
	// the peak is not read blind: an AMD run reports times without it.
	d.peak.Desc = "peak not read on hip"
	return nil
}

func (d *Device) openCUDA() error {
	drv, err := cuda.Load()
	if err != nil {
		return err
	}
	if _, err := drv.DeviceCount(); err != nil {
		return err
	}
	if err := drv.SetDevice(0); err != nil {
		return err
	}
	arch, err := drv.Arch(0)
	if err != nil {
		return err
	}
	rtc, err := cuda.LoadNVRTC()
	if err != nil {
		return fmt.Errorf("%s has a GPU (%s, %s) but no kernel compiler: %w", drv.Lib.Path, drv.Name(0), arch, err)
	}
	opts := codegenCUDAOptions(arch)
	d.api, d.arch, d.mma = drv, arch, runsMMA("cuda", arch)
	d.target = "cuda " + strings.Join(opts, " ")
	d.compile = func(src, name string) ([]byte, error) { return rtc.Compile(src, name, opts) }
	d.info = fmt.Sprintf("cuda: %s (%s) via %s, NVRTC from %s", drv.Name(0), arch, drv.Lib.Path, rtc.Lib.Path)
	if pk, err := drv.Peak(0); err != nil {
		d.peak.Desc = fmt.Sprintf("peak unknown: %v", err)
	} else {
		d.peak = Peak{FP32FLOPs: pk.FP32FLOPs, MatrixFLOPs: pk.MatrixFLOPs, BytesPerSec: pk.BytesPerSec, Desc: pk.Desc}
	}
	return nil
}

// Name is "hip" or "cuda".
func (d *Device) Name() string { return d.kind }

// Peak is a device's theoretical peak rates; a rate it could not derive
// is 0, and Desc says how they were derived or why not.
type Peak struct {
	FP32FLOPs   float64 // FP32 FLOP/s on the SIMT cores
	MatrixFLOPs float64 // dense f16/bf16 FLOP/s of the matrix units (tensor cores), f32 accumulation
	BytesPerSec float64 // DRAM bandwidth
	Desc        string
}

// Peak is the device's peak rates, for a kernel's achieved fraction.
func (d *Device) Peak() Peak { return d.peak }

// Available reports whether the runtime libraries loaded and found a GPU.
func (d *Device) Available() bool { return d.reason == nil }

// Reason says why the device is not available (nil when it is).
func (d *Device) Reason() error { return d.reason }

// Info describes the device and the libraries in use.
func (d *Device) Info() string { return d.info }

// A Device is a runtime.Device.
var _ runtime.Device = (*Device)(nil)
