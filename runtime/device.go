package runtime

import "errors"

// Device is a place a compiled plan can run: the CPU backend (always
// there) and the HIP backend (AMD through HIP, NVIDIA through the CUDA
// driver and NVRTC). It is small on purpose; it grows as the backends do.
// What every backend will add here, once the plan format settles:
//
//   - allocate and free device buffers of a given byte size;
//   - copy a host Tensor's Data into a buffer and back out (Tensor's
//     layout, dense row-major little-endian with f16/bf16 as 16-bit
//     patterns, is what a device buffer holds, so these are plain copies);
//   - run a plan's dispatch steps on those buffers and wait for them.
//
// The CPU backend is the reference every other backend is checked
// against, so the same e2e cases run through any Device.
type Device interface {
	// Name is what --device accepts and reports print: "cpu", "hip", "cuda".
	Name() string
	// Available reports whether the device can be used on this machine
	// (for a GPU: its runtime library loads and a device is present), so
	// that tests and the e2e suite can skip it with a clear message instead
	// of failing.
	Available() bool
}

// A kernel that faults on a GPU (an illegal or misaligned address, a
// trap) leaves the process's context on that device unusable: every later
// call returns the same error, and NVIDIA's answer is to end the process
// (HIP's contexts behave alike). A run that faulted returns an error that
// wraps ErrDeviceFault; every run after it, on that device in that
// process, returns one that wraps ErrDeviceLost without running
// anything. A suite that meets ErrDeviceLost runs those cases again in a
// new process (the e2e suite, bench), where the device works again.
var (
	ErrDeviceFault = errors.New("a kernel faulted, which leaves the device unusable in this process (a new process can use it)")
	ErrDeviceLost  = errors.New("not run: an earlier kernel fault left the device unusable in this process")
)
