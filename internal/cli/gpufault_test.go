package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/internal/hostgpu"
)

// TestFaultRelaunchOnHostEmulatedGPUs: a kernel fault on the (emulated)
// GPU, injected into the first launch of e2e and of bench, costs only
// its own case or shape. The real gpu.Device meets the driver's sticky
// error, fails the run with runtime.ErrDeviceFault and every later one
// with ErrDeviceLost, and the command relaunches itself for what did not
// run: the path a real fault takes, which TestE2ERelaunchesAfterAFault
// scripts above gpu.Device. Each command and kind in a process of its own
// (a fault leaves the process's device unusable).
func TestFaultRelaunchOnHostEmulatedGPUs(t *testing.T) {
	for _, kind := range []string{"cuda", "hip"} {
		for _, command := range []string{"e2e", "bench"} {
			t.Run(kind+"/"+command, func(t *testing.T) {
				hostgpu.RunTestsEnv(t, []string{
					"TL_HOSTGPU_FAULT_ONCE=" + filepath.Join(t.TempDir(), "faulted"),
					"TL_FAULT_DEVICE=" + kind,
					"TL_FAULT_COMMAND=" + command,
				}, "TestInjectedFaultRelaunches")
			})
		}
	}
}

// TestInjectedFaultRelaunches is TestFaultRelaunchOnHostEmulatedGPUs's
// child: its first kernel launch faults.
func TestInjectedFaultRelaunches(t *testing.T) {
	kind, command := os.Getenv("TL_FAULT_DEVICE"), os.Getenv("TL_FAULT_COMMAND")
	if kind == "" || os.Getenv("TL_HOSTGPU_FAULT_ONCE") == "" {
		t.Skip("runs in TestFaultRelaunchOnHostEmulatedGPUs's child, on the host emulation")
	}
	device := "--device=" + kind
	switch command {
	case "e2e":
		// Four cases: the first one's first launch faults.
		out, errOut, code := run(t, "", "e2e", "--cases=../../e2e/cases", device, "--parallel=1", "-v", "--progress", "--filter=^mask_TTT_")
		t.Logf("stdout:\n%s\nstderr:\n%s", out, errOut)
		if code != 1 {
			t.Errorf("exit %d, want 1 (one case FAILs)", code)
		}
		for _, want := range []string{"Passed: 3\n", "Failed: 1\n", "kernel fault", "illegal"} {
			if !strings.Contains(out, want) {
				t.Errorf("the report does not say %q", want)
			}
		}
		if strings.Contains(out, "not run") {
			t.Error("a case did not run")
		}
		if n := strings.Count(errOut, "did not run after a kernel fault"); n != 1 {
			t.Errorf("%d relaunches, want 1", n)
		}
		// --progress: each case's line as it is done, the relaunched
		// process's too, the fault with its error.
		if n := strings.Count(errOut, "\nPASS - \"mask_TTT_"); n != 3 || !regexp.MustCompile(`(?m)^FAIL - "mask_TTT_\w+" \([\d.]+[mµ]?s\): step \d+ \(\w+\): .*error 700`).MatchString(errOut) {
			t.Errorf("--progress gave %d PASS lines (want 3) and no FAIL line with the fault", n)
		}
	case "bench":
		// Two shapes: the first one's first launch faults, the second is
		// timed in a new process.
		out, errOut, code := run(t, "", "bench", device, "--suite=smoke", "--no-torch", "--reps=1", "--warmup=0")
		t.Logf("stdout:\n%s\nstderr:\n%s", out, errOut)
		if code != 1 {
			t.Errorf("exit %d, want 1 (a shape failed)", code)
		}
		lines := strings.Split(out, "\n")
		row := func(name string) string {
			for _, l := range lines {
				if strings.HasPrefix(l, name+" ") {
					return l
				}
			}
			return ""
		}
		if r := row("tiny_1x1_n1_c4to8_8x8"); !strings.Contains(r, "FAILED (below)") {
			t.Errorf("the faulting shape's row does not say it failed: %q", r)
		}
		if !strings.Contains(out, "tiny_1x1_n1_c4to8_8x8 FAILED: ") || !strings.Contains(out, "error 700 (an illegal memory access was encountered)") || !strings.Contains(out, "a kernel faulted") {
			t.Error("the table is not followed by the faulting shape's error")
		}
		if r := row("tiny_3x3_n1_c4to8_9x9"); r == "" || strings.Contains(r, "fault") || strings.Contains(r, "not run") {
			t.Errorf("the second shape's row is not timed: %q", r)
		}
	default:
		t.Fatalf("TL_FAULT_COMMAND %q", command)
	}
}
