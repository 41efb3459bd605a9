package gpu

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/gpu/cuda"
	"github.com/torchlower/torchlower/internal/testchild"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// scriptedAPI stands in for a vendor runtime in the test of what the
// device does with the errors it returns (memory is never touched: the
// runs' results are not looked at). faultAt is the stream sync, counted
// from 1, that reports an illegal address; after it every call does, as
// a corrupt context's calls do.
type scriptedAPI struct {
	next          uintptr
	syncs, calls  int
	faultAt       int
	faulted       bool
	modulesLoaded int
	// faultLaunch, when not 0, is the launch (from 1) whose kernel
	// faults: the launch succeeds, the calls after it fail.
	faultLaunch, launches int
}

func (s *scriptedAPI) fail(call string) error {
	s.calls++
	if s.faulted {
		return &cuda.Error{Call: call, Code: 700, Msg: "an illegal memory access was encountered"}
	}
	return nil
}

func (s *scriptedAPI) Malloc(n int64) (uintptr, error) {
	s.next += 1 << 20
	return s.next, s.fail("cuMemAlloc")
}
func (s *scriptedAPI) Free(uintptr) error             { return s.fail("cuMemFree") }
func (s *scriptedAPI) CopyHtoD(uintptr, []byte) error { return s.fail("cuMemcpyHtoD") }
func (s *scriptedAPI) CopyDtoH(dst []byte, _ uintptr) error {
	clear(dst)
	return s.fail("cuMemcpyDtoH")
}
func (s *scriptedAPI) Memset(uintptr, byte, int64) error { return s.fail("cuMemsetD8") }
func (s *scriptedAPI) UnloadModule(uintptr) error        { return s.fail("cuModuleUnload") }
func (s *scriptedAPI) Function(uintptr, string) (uintptr, error) {
	return 1, s.fail("cuModuleGetFunction")
}
func (s *scriptedAPI) AllowShared(uintptr, int) error { return s.fail("cuFuncSetAttribute") }
func (s *scriptedAPI) Launch(uintptr, int, int, int, uintptr, []uintptr) error {
	err := s.fail("cuLaunchKernel")
	if s.launches++; s.launches == s.faultLaunch {
		s.faulted = true
	}
	return err
}
func (s *scriptedAPI) NewStream() (uintptr, error)   { return 1, s.fail("cuStreamCreate") }
func (s *scriptedAPI) DestroyStream(uintptr) error   { return s.fail("cuStreamDestroy") }
func (s *scriptedAPI) NewEvent() (uintptr, error)    { return 1, s.fail("cuEventCreate") }
func (s *scriptedAPI) Record(uintptr, uintptr) error { return s.fail("cuEventRecord") }
func (s *scriptedAPI) DestroyEvent(uintptr) error    { return s.fail("cuEventDestroy") }
func (s *scriptedAPI) Elapsed(uintptr, uintptr) (float32, error) {
	return 0, s.fail("cuEventElapsedTime")
}

func (s *scriptedAPI) LoadModule([]byte) (uintptr, error) {
	s.modulesLoaded++
	return 1, s.fail("cuModuleLoadData")
}

func (s *scriptedAPI) Sync(uintptr) error {
	s.syncs++
	if s.syncs == s.faultAt {
		s.faulted = true
	}
	return s.fail("cuStreamSynchronize")
}

// testPlan is function fn of gpu/testdata/file, planned.
func testPlan(t *testing.T, file, fn string) (*plan.Plan, []*runtime.Tensor) {
	t.Helper()
	path := filepath.Join("testdata", file)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := asm.Parse(compiler.NewContext(), string(src), asm.Options{FileName: path})
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Build(mod, fn)
	if err != nil {
		t.Fatal(err)
	}
	return p, testArgs(t, p)
}

// A run whose kernels fault says so (runtime.ErrDeviceFault, with the
// driver's error); the runs after it fail at once with
// runtime.ErrDeviceLost and that first fault, touching neither the
// compiler nor the driver. A run that stops at a refused launch waits for
// its earlier kernels first, so that their fault is its own.
func TestFaultLosesTheDevice(t *testing.T) {
	t.Setenv("TORCHLOWER_CACHE", t.TempDir())
	p, args := testPlan(t, "transpose.mlir", "nchw_to_nhwc")
	compiles := 0
	open := func(api api) *Device { return scriptedDevice(t, api, &compiles) }

	api := &scriptedAPI{faultAt: 2}
	d := open(api)
	if _, err := d.Run(p, args); err != nil {
		t.Fatalf("first run: %v", err)
	}
	_, err := d.Run(p, args)
	if !errors.Is(err, runtime.ErrDeviceFault) || !strings.Contains(err.Error(), "error 700") {
		t.Fatalf("the faulting run: %v", err)
	}
	t.Logf("the faulting run: %v", err)
	calls, compiled := api.calls, compiles
	d.codes.Clear() // a lost device must not even look for code
	_, err = d.Run(p, args)
	if !errors.Is(err, runtime.ErrDeviceLost) || !strings.Contains(err.Error(), "the first fault: ") || !strings.Contains(err.Error(), "error 700") {
		t.Fatalf("the run after the fault: %v", err)
	}
	t.Logf("the run after it: %v", err)
	if api.calls != calls || compiles != compiled {
		t.Errorf("the run after the fault made %d driver calls and %d compiles", api.calls-calls, compiles-compiled)
	}

	// A launch refused after earlier kernels were enqueued: the run
	// waits for them, and their fault is what it reports.
	refusing := &refusingAPI{scriptedAPI: scriptedAPI{faultAt: 1}}
	d = open(refusing)
	_, err = d.Run(p, args)
	if !errors.Is(err, runtime.ErrDeviceFault) || !strings.Contains(err.Error(), "too many resources") {
		t.Fatalf("a refused launch after a fault: %v", err)
	}
	t.Logf("a refused launch after a fault: %v", err)

	// A run that was compiling when another faulted did not run: it
	// says so, and is not a fault.
	api = &scriptedAPI{faultAt: 1}
	d = open(api)
	p2, args2 := testPlan(t, "transpose.mlir", "mn_to_nm_f16")
	release, compiling := make(chan struct{}), make(chan struct{})
	first := d.compile
	d.compile = func(src, name string) ([]byte, error) {
		if strings.Contains(src, "const h16* __restrict__") {
			close(compiling)
			<-release
		}
		return first(src, name)
	}
	late := make(chan error)
	go func() { _, err := d.Run(p2, args2); late <- err }()
	<-compiling
	if _, err := d.Run(p, args); !errors.Is(err, runtime.ErrDeviceFault) {
		t.Fatalf("the faulting run: %v", err)
	}
	close(release)
	if err := <-late; !errors.Is(err, runtime.ErrDeviceLost) || errors.Is(err, runtime.ErrDeviceFault) {
		t.Fatalf("a run compiling during the fault: %v", err)
	}

	// An error that is not a fault leaves the device working.
	refusing = &refusingAPI{}
	d = open(refusing)
	if _, err := d.Run(p, args); err == nil || errors.Is(err, runtime.ErrDeviceFault) {
		t.Fatalf("a refused launch: %v", err)
	}
	refusing.refused = true
	if _, err := d.Run(p, args); err != nil {
		t.Fatalf("a run after a refused launch: %v", err)
	}
}

// scriptedDevice is a cuda Device on api whose compiler returns the
// source as the code, counting its compiles in *compiles.
func scriptedDevice(t *testing.T, api api, compiles *int) *Device {
	d := &Device{kind: "cuda", api: api, target: "scripted", arch: "sm_90",
		mods: map[string]uintptr{}, funcs: map[kernelRef]uintptr{}, allowed: map[uintptr]int{},
		compile: func(src, name string) ([]byte, error) { *compiles++; return []byte(src), nil },
		work:    make(chan func())}
	go d.loop()
	t.Cleanup(func() { close(d.work) })
	return d
}

// A kernel's fault is noticed by a later call: the error says which
// steps may hold the faulting kernel, and with TORCHLOWER_GPU_SYNC=1 it
// is reported at the step that launched it.
func TestFaultIsLocated(t *testing.T) {
	t.Setenv("TORCHLOWER_CACHE", t.TempDir())
	// A fill, then two copies in one launch, then a third copy: three
	// launches.
	p, args := testPlan(t, "launches.mlir", "windows")
	var compiles int
	// The steps that launch kernels.
	var launching []int
	mod, err := codegen.Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range mod.Steps {
		if k != nil {
			launching = append(launching, i)
		}
	}
	if len(launching) < 3 {
		t.Fatalf("steps %v launch kernels; the test wants three at least", launching)
	}
	// The second launch faults: the third step's launch notices it.
	for _, sync := range []bool{false, true} {
		t.Setenv("TORCHLOWER_GPU_SYNC", map[bool]string{false: "", true: "1"}[sync])
		_, err := scriptedDevice(t, &scriptedAPI{faultLaunch: 2}, &compiles).Run(p, args)
		if !errors.Is(err, runtime.ErrDeviceFault) {
			t.Fatalf("sync %v: not a fault: %v", sync, err)
		}
		t.Logf("sync %v: %v", sync, err)
		msg := err.Error()
		if sync {
			if want := fmt.Sprintf("step %d (%s), waited for: ", launching[1], p.Steps[launching[1]].Kind); !strings.HasPrefix(msg, want) || strings.Contains(msg, "noticed") {
				t.Errorf("with TORCHLOWER_GPU_SYNC=1 the error does not begin %q", want)
			}
			continue
		}
		want := fmt.Sprintf("step %d (%s): ", launching[2], p.Steps[launching[2]].Kind)
		hint := fmt.Sprintf("(noticed there: a kernel of steps 0-%d faulted, which run asynchronously; TORCHLOWER_GPU_SYNC=1 waits for each step and names it)", launching[1])
		if !strings.HasPrefix(msg, want) || !strings.Contains(msg, hint) {
			t.Errorf("the error does not begin %q and say %q", want, hint)
		}
	}
}

// refusingAPI refuses the first launch (too many resources, which is not
// a fault) until refused is set.
type refusingAPI struct {
	scriptedAPI
	refused bool
}

func (r *refusingAPI) Launch(uintptr, int, int, int, uintptr, []uintptr) error {
	if !r.refused {
		r.refused = true
		return &cuda.Error{Call: "cuLaunchKernel", Code: 701, Msg: "too many resources requested for launch"}
	}
	return r.fail("cuLaunchKernel")
}

// faultSource is a kernel whose first thread writes through a null
// pointer while the others wait for it at a barrier.
const faultSource = `extern "C" __global__ void tl_fault(int *p) { if (threadIdx.x == 0) p[0] = 1; __syncthreads(); }`

// On a GPU: a kernel that writes through a null pointer faults, the run
// says so, and the device refuses the runs after it with the first fault;
// a new process then runs on the GPU again. The fault happens in a child
// test process, one for each kind of GPU usable here, since it spoils
// the GPU for the rest of its process. Skips without a GPU.
func TestKernelFaultLosesTheDevice(t *testing.T) {
	p, args := testPlan(t, "transpose.mlir", "nchw_to_nhwc")
	if kind := os.Getenv("TL_FAULT_CHILD"); kind != "" {
		faultOn(t, Open(kind), p, args)
		return
	}
	ran := 0
	for _, k := range Kinds {
		d := Open(k)
		if !d.Available() {
			t.Logf("%s: %v", k, d.Reason())
			continue
		}
		out, err := testchild.Run([]string{t.Name()}, []string{"TL_FAULT_CHILD=" + k})
		t.Logf("%s: child process:\n%s", k, out)
		if err != nil || !testchild.Passed(out, t.Name()) {
			t.Fatalf("%s: child: %v", k, err)
		}
		if _, err := d.Run(p, args); err != nil {
			t.Fatalf("%s: a new process after the fault: %v", k, err)
		}
		ran++
	}
	if ran == 0 {
		t.Skip("no usable GPU")
	}
}

// faultOn runs a faulting kernel on d (in a child process) and checks
// what the runs before and after it get.
func faultOn(t *testing.T, d *Device, p *plan.Plan, args []*runtime.Tensor) {
	if !d.Available() {
		t.Fatalf("%s: %v", d.Name(), d.Reason())
	}
	if _, err := d.Run(p, args); err != nil {
		t.Fatalf("before the fault: %v", err)
	}
	code, err := d.compile(faultSource, "tl_fault.cu")
	if err != nil {
		t.Fatal(err)
	}
	d.do(func() {
		var m, f, s uintptr
		if m, err = d.api.LoadModule(code); err != nil {
			return
		}
		if f, err = d.api.Function(m, "tl_fault"); err != nil {
			return
		}
		if s, err = d.api.NewStream(); err != nil {
			return
		}
		if err = d.api.Launch(f, 1, 32, 0, s, []uintptr{0}); err == nil {
			err = d.api.Sync(s)
		}
	})
	err = d.onDevice(func() error { return err })
	if !errors.Is(err, runtime.ErrDeviceFault) {
		t.Fatalf("the faulting kernel: %v", err)
	}
	t.Logf("the faulting kernel: %v", err)
	if _, err := d.Run(p, args); !errors.Is(err, runtime.ErrDeviceLost) {
		t.Fatalf("a run after the fault: %v", err)
	} else {
		t.Logf("a run after the fault: %v", err)
	}
}
