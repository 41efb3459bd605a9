package gpu

import (
	"testing"

	"github.com/torchlower/torchlower/internal/hostgpu"
)

// TestOnHostEmulatedGPUs runs the GPU tests of this package on the host
// emulation of CUDA and HIP (package hostgpu: an sm_90 and a gfx942 that
// are one emulated device): the bindings, the executor (the tensor-core
// bodies' grids and dynamic shared memory, the MFMA bodies, split-K's
// scratch) and a compiled module's run, and the fault handling with a
// real memory fault, all through the calls a GPU gets. On a machine with
// a GPU the same tests run on it too.
func TestOnHostEmulatedGPUs(t *testing.T) {
	hostgpu.RunTests(t, "TestTestdataMatchesCPU", "TestRunCompiledMatchesCPU", "TestKernelFaultLosesTheDevice")
}
