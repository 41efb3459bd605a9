package gpu

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/gpu/cuda"
	"github.com/torchlower/torchlower/gpu/hip"
	"github.com/torchlower/torchlower/internal/testchild"
)

// These tests check what can be checked without a GPU: that a missing
// runtime or a missing device makes the device unavailable with a reason
// naming what was looked for, and that running on it is that error, not
// a crash. Execution on a GPU is not tested here (no GPU in CI).

func TestUnknownKind(t *testing.T) {
	d := Open("metal")
	if d.Available() || d.Reason() == nil || !strings.Contains(d.Reason().Error(), `unknown GPU kind "metal"`) {
		t.Errorf("Open(metal): available %v, reason %v", d.Available(), d.Reason())
	}
}

// Where libamdhip64 is installed but no AMD GPU is present (CI: Debian's
// libamdhip64-5), HIP loads and reports no device cleanly.
func TestHIPLoadsButFindsNoDevice(t *testing.T) {
	rt, err := hip.Load()
	if err != nil {
		t.Skipf("libamdhip64 not installed: %v", err)
	}
	if _, err := rt.DeviceCount(); err == nil {
		t.Skip("an AMD GPU is present; this test is for machines without one")
	}
	checkUnavailable(t, "hip", rt.Lib.Path, "loaded but", "hip")
}

// checkUnavailable opens a device of kind on a machine without its GPU:
// it must be unavailable, with a reason that says each of wants, and
// running on it must be that error.
func checkUnavailable(t *testing.T, kind string, wants ...string) {
	t.Helper()
	d := Open(kind)
	if d.Available() {
		t.Fatalf("%s device available without a GPU", kind)
	}
	msg := d.Reason().Error()
	t.Logf("%s: %s", kind, msg)
	for _, want := range wants {
		if !strings.Contains(msg, want) {
			t.Errorf("reason %q does not mention %q", msg, want)
		}
	}
	if _, err := d.Run(nil, nil); err == nil || !strings.Contains(err.Error(), kind+" device not available") {
		t.Errorf("Run on an unavailable device: %v", err)
	}
}

// noDeviceCUDA is where CI puts the NVIDIA driver's libcuda (Debian's
// libcuda1) on a machine with no NVIDIA GPU, outside the loader's search
// path; CUDA_PATH makes the loader find it.
const noDeviceCUDA = "/opt/torchlower-nodevice"

// With a real libcuda and no NVIDIA GPU, every driver symbol the backend
// binds resolves, and CUDA is unavailable with cuInit's reason. The
// loader runs once per process, so the check runs in a child test
// process with CUDA_PATH set, unless libcuda is already on the default
// path.
func TestCUDALoadsButFindsNoDevice(t *testing.T) {
	if os.Getenv("TL_CUDA_NODEVICE_CHILD") == "" {
		if _, err := cuda.Load(); err != nil {
			if _, err := os.Stat(filepath.Join(noDeviceCUDA, "lib64", "libcuda.so.1")); err != nil {
				t.Skipf("no libcuda here, nor in %s (.ci/run extracts Debian's libcuda1 there)", noDeviceCUDA)
			}
			out, err := testchild.Run([]string{t.Name()}, []string{"TL_CUDA_NODEVICE_CHILD=1", "CUDA_PATH=" + noDeviceCUDA})
			t.Logf("child process with CUDA_PATH=%s:\n%s", noDeviceCUDA, out)
			if err != nil {
				t.Fatalf("child: %v", err)
			}
			if !testchild.Passed(out, t.Name()) {
				t.Fatal("the child process did not run the check")
			}
			return
		}
	}
	drv, err := cuda.Load()
	if err != nil {
		t.Fatalf("libcuda does not load: %v", err)
	}
	if _, err := drv.DeviceCount(); err == nil {
		t.Skip("an NVIDIA GPU is present; this test is for machines without one")
	}
	checkUnavailable(t, "cuda", drv.Lib.Path, "loaded but CUDA does not initialize", "cuInit: error")
}

// Without the NVIDIA driver, the reason lists every libcuda path tried.
func TestCUDAAbsentListsPaths(t *testing.T) {
	if _, err := cuda.Load(); err == nil {
		t.Skip("libcuda is installed here")
	}
	d := Open("cuda")
	if d.Available() {
		t.Fatal("cuda available without libcuda")
	}
	msg := d.Reason().Error()
	for _, want := range []string{"the CUDA driver (libcuda.so.1", "not found; tried:", "libcuda.so.1: cannot open", "/usr/lib/x86_64-linux-gnu/libcuda.so.1:"} {
		if !strings.Contains(msg, want) {
			t.Errorf("reason does not mention %q:\n%s", want, msg)
		}
	}
}

// NVRTC's search covers the toolkit and pip's nvidia-cuda-nvrtc wheel.
func TestNVRTCAbsentListsPaths(t *testing.T) {
	if _, err := cuda.LoadNVRTC(); err == nil {
		t.Skip("NVRTC is installed here")
	} else if !strings.Contains(err.Error(), "libnvrtc.so.12:") || !strings.Contains(err.Error(), "libnvrtc.so.13:") {
		t.Errorf("NVRTC error does not list the sonames:\n%v", err)
	}
}
