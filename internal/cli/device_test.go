package cli

import (
	"strings"
	"testing"

	"github.com/torchlower/torchlower/gpu"
)

// --device=auto on a machine with no usable GPU says why for each kind
// and gives the CPU's answer; an unknown device is a usage error. (With
// a GPU, auto runs there: that is not tested here.)
func TestRunDeviceAutoFallsBackToCPU(t *testing.T) {
	for _, k := range gpu.Kinds {
		if gpu.Open(k).Available() {
			t.Skipf("a %s GPU is usable here", k)
		}
	}
	args := exampleArgs("../../examples/conv_backward")
	cpuOut, _, code := run(t, "", args...)
	if code != 0 {
		t.Fatalf("cpu run: exit %d", code)
	}
	out, errOut, code := run(t, "", append(args, "--device=auto")...)
	if code != 0 || out != cpuOut {
		t.Errorf("--device=auto: exit %d, stdout %q; the CPU printed %q", code, out, cpuOut)
	}
	for _, want := range []string{"--device=auto: no usable GPU (hip: ", "; cuda: ", "running on the CPU"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("--device=auto note %q does not say %q", errOut, want)
		}
	}
	if strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Errorf("the note is not one line: %q", errOut)
	}
	_, errOut, code = run(t, "", append(args, "--device=tpu")...)
	if code != 2 || !strings.Contains(errOut, `unknown device "tpu" (want cpu, hip, cuda or auto)`) {
		t.Errorf("--device=tpu: exit %d, %q", code, errOut)
	}
	_, errOut, code = run(t, "", append(args, "--device=cuda")...)
	if code != 2 || !strings.Contains(errOut, "device cuda is not available on this machine: ") {
		t.Errorf("--device=cuda: exit %d, %q", code, errOut)
	}
}
