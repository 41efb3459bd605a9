package cli

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/gpu"
	"github.com/torchlower/torchlower/internal/hostgpu"
)

// TestCommandsOnGPUs runs the commands of a GPU session with --device
// set to each kind of GPU usable here: the README's example against
// PyTorch's results (with --print-timings naming the device and timing
// the kernels' code), 31 e2e cases of every suite, and the smoke bench
// with its kernel table. Skips without a usable GPU.
func TestCommandsOnGPUs(t *testing.T) {
	ran := false
	for _, kind := range gpu.Kinds {
		if d := gpu.Open(kind); d.Available() {
			t.Run(kind, func(t *testing.T) { commandsOn(t, kind) })
			ran = true
		}
	}
	if !ran {
		t.Skip("no usable GPU")
	}
}

func commandsOn(t *testing.T, kind string) {
	device := "--device=" + kind
	out, errOut, code := run(t, "", append(exampleArgs("../../examples/conv_backward"), device, "--print-timings")...)
	if code != 0 || strings.Count(out, ": match:") != 3 {
		t.Errorf("run %s: exit %d\n%s%s", device, code, out, errOut)
	}
	compiler := map[string]string{"cuda": "NVRTC from ", "hip": "hiprtc from "}[kind]
	for _, want := range []string{"  device: " + kind + ": ", " via ", compiler, "\n  kernels ", "\n  execute "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("run %s --print-timings: no %q in\n%s", device, want, errOut)
		}
	}
	// Five convolution_backward forms in four dtypes, the tensor-core
	// sizes, attention forward and backward, group norm, a scan and a
	// joint training step (twice: the Go fixture's and torch 2.11's real
	// export of it).
	out, errOut, code = run(t, "", "e2e", "--cases=../../e2e/cases", device, "-v",
		"--filter=dt_(1x1_s2|conv3d|tconv2d|groups2|depthwise)|matrix_unit_s2|sdpa_causal_f32|flash_cpu_backward_f16|group_norm|cumsum_f32|joint_conv_bn_relu$")
	if code != 0 || !strings.Contains(out, `PASS - "dt_tconv2d_bf16"`) || strings.Count(out, `PASS - "joint_conv_bn_relu"`) != 2 || !strings.Contains(out, "Passed: 32") {
		t.Errorf("e2e %s: exit %d\n%s%s", device, code, out, errOut)
	}
	out, errOut, code = run(t, "", "bench", device, "--suite=smoke", "--no-torch", "--reps=1", "--warmup=0")
	for _, want := range []string{"convolution_backward on " + kind + ": ", "tiny_1x1_n1_c4to8_8x8 ", "tiny_3x3_n1_c4to8_9x9 ", "default pipeline: slowest kernels", "narrow"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("bench %s: exit %d, no %q in\n%s%s", device, code, want, out, errOut)
			break
		}
	}
}

// TestCommandsOnHostEmulatedGPUs runs the commands' GPU tests on the
// host emulation of CUDA and HIP (package hostgpu): those above, and a
// module compiled for cuda:sm_90 and one for hip:gfx942, then run.
func TestCommandsOnHostEmulatedGPUs(t *testing.T) {
	hostgpu.RunTests(t, "TestCommandsOnGPUs", "TestRunGPUModuleOnItsGPU")
}
