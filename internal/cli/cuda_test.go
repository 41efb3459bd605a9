package cli

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/gpu"
	"github.com/torchlower/torchlower/internal/hostcuda"
)

// TestCommandsOnCUDA runs the commands of a GPU session with
// --device=cuda: the README's example against PyTorch's results (with
// --print-timings naming the device and timing the kernels' code), 31
// e2e cases of every suite, and the smoke bench with its kernel table.
// Skips without a usable cuda device.
func TestCommandsOnCUDA(t *testing.T) {
	if d := gpu.Open("cuda"); !d.Available() {
		t.Skipf("no usable cuda device: %v", d.Reason())
	}
	out, errOut, code := run(t, "", append(exampleArgs("../../examples/conv_backward"), "--device=cuda", "--print-timings")...)
	if code != 0 || strings.Count(out, ": match:") != 3 {
		t.Errorf("run --device=cuda: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"  device: cuda: ", " via ", "NVRTC from ", "\n  kernels ", "\n  execute "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("run --device=cuda --print-timings: no %q in\n%s", want, errOut)
		}
	}
	// Five convolution_backward forms in four dtypes, the tensor-core
	// sizes, attention forward and backward, group norm, a scan and a
	// joint training step.
	out, errOut, code = run(t, "", "e2e", "--cases=../../e2e/cases", "--device=cuda", "-v",
		"--filter=dt_(1x1_s2|conv3d|tconv2d|groups2|depthwise)|matrix_unit_s2|sdpa_causal_f32|flash_cpu_backward_f16|group_norm|cumsum_f32|joint_conv_bn_relu$")
	if code != 0 || !strings.Contains(out, `PASS - "dt_tconv2d_bf16"`) || !strings.Contains(out, `PASS - "joint_conv_bn_relu"`) || !strings.Contains(out, "Passed: 31") {
		t.Errorf("e2e --device=cuda: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = run(t, "", "bench", "--device=cuda", "--suite=smoke", "--no-torch", "--reps=1", "--warmup=0")
	for _, want := range []string{"convolution_backward on cuda: ", "tiny_1x1_n1_c4to8_8x8 ", "tiny_3x3_n1_c4to8_9x9 ", "default pipeline: slowest kernels", "narrow"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("bench --device=cuda: exit %d, no %q in\n%s%s", code, want, out, errOut)
			break
		}
	}
}

// TestCommandsOnHostEmulatedCUDA runs the commands' GPU tests on the host
// emulation of the CUDA driver and NVRTC (package hostcuda): those above,
// and a module compiled for cuda:sm_90, then run.
func TestCommandsOnHostEmulatedCUDA(t *testing.T) {
	hostcuda.RunTests(t, "TestCommandsOnCUDA", "TestRunGPUModuleOnItsGPU")
}
