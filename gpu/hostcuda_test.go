package gpu

import (
	"testing"

	"github.com/torchlower/torchlower/internal/hostcuda"
)

// TestOnHostEmulatedCUDA runs the GPU tests of this package on the host
// emulation of the CUDA driver and NVRTC (package hostcuda), sm_90: the
// cuda bindings, the executor (the tensor-core bodies' grids and dynamic
// shared memory, split-K's scratch) and a compiled module's run, and the
// fault handling with a real memory fault, all through the calls a GPU
// gets. On a machine with an NVIDIA GPU the same tests run on it too.
func TestOnHostEmulatedCUDA(t *testing.T) {
	hostcuda.RunTests(t, "TestTestdataMatchesCPU", "TestRunCompiledMatchesCPU", "TestKernelFaultLosesTheDevice")
}
