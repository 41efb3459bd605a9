// Package hostgpu builds a host emulation of the GPU runtimes for tests:
// a libcuda.so.1, libnvrtc.so.13, libamdhip64.so.7 and libhiprtc.so.7
// (one shared object, testdata/driver.cc) that packages gpu/cuda and
// gpu/hip load as they would NVIDIA's and AMD's, whose compilers compile
// the generated kernels with the host C++ compiler and whose drivers run
// them on the CPU (Shim: the CUDA built-ins on POSIX threads; the
// tensor-core instructions emulated from their fragments on sm_80 and
// newer, the MFMA ones on gfx94x).
//
// What it checks, without a GPU: the purego bindings (every argument of
// every call reaches a C function that uses it), the compilers' program
// calls, the executor's buffers, copies, launches, scratch, events and
// shared memory (package gpu), a compiled module's run, the command
// line's --device=cuda and --device=hip paths, and the fault handling
// with a real memory fault. What it does not: anything about a GPU's own
// behaviour (timing, warps running apart, the memory model, the vendors'
// compilers and their code). It is no evidence that the kernels run on a
// GPU.
//
// A process uses the emulation when the dynamic linker finds it before
// any other GPU runtime: Env's LD_LIBRARY_PATH, which a process reads
// when it starts, so tests run a child process with it.
package hostgpu

import (
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/torchlower/torchlower/internal/testchild"
)

//go:embed testdata/driver.cc
var driverSource string

// launchPrefix comes before Shim in hostgpu_shim.h: each kernel
// thread's work runs under the driver's fault guard, and once a thread
// faulted, the others stop waiting at barriers (a millisecond's sleep at
// most between checks), so that the launch ends.
const launchPrefix = `#include <time.h>
#include <utility>
extern "C" __attribute__((visibility("default"))) int tlhost_guard(void (*body)(void*), void* arg);
#define TL_RUN(fp) tlhost_guard([](void* q) { (*(decltype(fp))q)(); }, (void*)(fp))
extern "C" __attribute__((visibility("default"))) int tlhost_faulted();
#define TL_ABORTED() tlhost_faulted()
static const struct timespec tl_wait_limit = {0, 1000000};
#define TL_WAIT_LIMIT (&tl_wait_limit)
`

// launchSuffix follows Shim: tl_host_launch calls a kernel with the
// arguments kernelParams points to, typed by the kernel's own parameters,
// and the launch's dynamic shared memory.
const launchSuffix = `template <class... A, unsigned long... I> static void tl_apply(void (*f)(A...), void** p, std::integer_sequence<unsigned long, I...>) {
  f(*(A*)p[I]...);
}
template <class... A> static void tl_host_launch(void (*f)(A...), unsigned grid, unsigned block, unsigned shared, void** p) {
  tl_launch_shared = shared;
  tl_launch(grid, block, false, [&] { tl_apply(f, p, std::make_integer_sequence<unsigned long, sizeof...(A)>()); });
}
`

// Build compiles the emulation into dir with the C++ compiler cxx (g++
// or clang++) and returns the environment variables a child process
// needs to use it: LD_LIBRARY_PATH (dir first), TL_HOSTGPU_CXX, and a
// TORCHLOWER_CACHE of its own, so that no emulated "cubin" lands in a
// real GPU's kernel cache.
func Build(dir, cxx string) ([]string, error) {
	if err := os.WriteFile(filepath.Join(dir, "hostgpu_shim.h"), []byte(launchPrefix+Shim+launchSuffix), 0o644); err != nil {
		return nil, err
	}
	src := filepath.Join(dir, "driver.cc")
	if err := os.WriteFile(src, []byte(driverSource), 0o644); err != nil {
		return nil, err
	}
	lib := filepath.Join(dir, "libcuda.so.1")
	out, err := exec.Command(cxx, "-std=c++17", "-O1", "-fPIC", "-shared", "-fvisibility=hidden", "-pthread", "-Wall", "-Werror", "-Wno-unused-parameter",
		"-o", lib, src, "-ldl").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("hostgpu: %s: %v\n%s", cxx, err, out)
	}
	// One object serves as every library: dlopen of another name
	// returns the first's handle, whose other symbols are there.
	for _, name := range []string{"libnvrtc.so.13", "libamdhip64.so.7", "libhiprtc.so.7"} {
		link := filepath.Join(dir, name)
		os.Remove(link)
		if err := os.Symlink("libcuda.so.1", link); err != nil {
			return nil, err
		}
	}
	ld := dir
	if old := os.Getenv("LD_LIBRARY_PATH"); old != "" {
		ld += ":" + old
	}
	return []string{"LD_LIBRARY_PATH=" + ld, "TL_HOSTGPU_CXX=" + cxx, "TORCHLOWER_CACHE=" + filepath.Join(dir, "cache")}, nil
}

// childVar marks the child process RunTests starts.
const childVar = "TL_HOSTGPU_CHILD"

// RunTests runs the named tests of the calling test binary again, in a
// child process on the emulation, and fails t unless each of them passes
// there (a skip is a failure: the emulation is a usable cuda and hip
// device).
// It skips without g++, and in the child itself.
func RunTests(t *testing.T, names ...string) {
	t.Helper()
	RunTestsEnv(t, nil, names...)
}

// RunTestsEnv is RunTests with the variables env (KEY=value) added to
// the child's environment.
func RunTestsEnv(t *testing.T, env []string, names ...string) {
	t.Helper()
	if os.Getenv(childVar) != "" {
		t.Skip("in the emulation's child process")
	}
	cxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("g++ not found: the host emulation of CUDA is not built")
	}
	emu, err := Build(t.TempDir(), cxx)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	out, err := testchild.Run(names, append(append(emu, env...), childVar+"=1"), "-test.timeout=20m")
	t.Logf("child process on the host emulation of CUDA (%v):\n%s", time.Since(start).Round(time.Second), out)
	if err != nil {
		t.Fatalf("child: %v", err)
	}
	for _, name := range names {
		if !testchild.Passed(out, name) {
			t.Errorf("%s did not pass on the emulation", name)
		}
	}
}
