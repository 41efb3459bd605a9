package cli

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/torchlower/torchlower/bench"
	"github.com/torchlower/torchlower/gpu"
)

// TestBenchSmoke runs `bench` on the tiny suite: one row per shape, the
// MAC ratio baseline/default of the 1x1 stride-2 shape exactly s^D = 4,
// and the per-class medians.
func TestBenchSmoke(t *testing.T) {
	out, errOut, code := run(t, "", "bench", "--suite=smoke", "--reps=1", "--warmup=0", "--no-torch")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"suite smoke:", "PyTorch: skipped (--no-torch)",
		"MACs baseline", "MACs default", "speedup", "ours/PyTorch",
		"median speedup default/baseline", "  1x1 stride 2", "  3x3 stride 2",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// tiny_1x1: N·C·F·H·W = 1·4·8·8·8 baseline MACs, a quarter of them
	// with the default pipeline; no PyTorch column values.
	row := regexp.MustCompile(`(?m)^tiny_1x1_\S+ +1x1 stride 2 +2048 +512 +4\.000 .* - +-$`)
	if !row.MatchString(out) {
		t.Errorf("no 1x1 row with 2048 → 512 MACs (x4.000):\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^tiny_3x3_\S+ +3x3 stride 2 `).MatchString(out) {
		t.Errorf("no 3x3 row:\n%s", out)
	}
	if strings.Contains(out, "ours(default)/PyTorch (") {
		t.Errorf("PyTorch medians without PyTorch:\n%s", out)
	}
}

// TestBenchDtype runs the tiny suite in bf16: the header says so, and the
// plans (bf16 data, f32 accumulation) run.
func TestBenchDtype(t *testing.T) {
	out, errOut, code := run(t, "", "bench", "--suite=smoke", "--reps=1", "--warmup=0", "--no-torch", "--dtype=bf16")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "suite smoke in bf16:") || !regexp.MustCompile(`(?m)^tiny_1x1_\S+ +1x1 stride 2 +2048 +512 +4\.000 `).MatchString(out) {
		t.Errorf("no bf16 header or 1x1 row:\n%s", out)
	}
}

func TestBenchBadFlags(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--suite=nope"}, 2, `unknown --suite "nope" (want backward-data, seeds, resnet, grouped, training, transformer, volume, smoke)`},
		{[]string{"--suite=seeds", "--no-torch"}, 1, "suite seeds runs on a GPU only (--device=cuda or hip)"},
		{[]string{"--reps=0"}, 2, "--reps must be at least 1, got 0"},
		{[]string{"--warmup=-1"}, 2, "--warmup must not be negative"},
		{[]string{"--filter=("}, 2, "--filter: error parsing regexp"},
		{[]string{"--suite=smoke", "--filter=nomatch", "--no-torch"}, 1, "no shape of suite smoke matches the filter"},
		{[]string{"--reps=x"}, 2, "invalid argument"},
		{[]string{"extra"}, 2, "unexpected arguments"},
		{[]string{"--device=tpu"}, 2, `unknown --device "tpu" (want cpu, cuda or hip)`},
		{[]string{"--dtype=i8"}, 2, `unknown --dtype "i8" (want f32, f64, f16 or bf16)`},
		{[]string{"--suite=smoke", "--check", "--no-torch"}, 1, "--check compares with PyTorch's results: it cannot run with --no-torch"},
		{[]string{"--suite=smoke", "--check", "--python=/nonexistent/python3"}, 1, "--check compares with PyTorch's results, and PyTorch is unavailable"},
	}
	for _, c := range cases {
		_, errOut, code := run(t, "", append([]string{"bench"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

func TestBenchHelp(t *testing.T) {
	out, _, code := run(t, "", "bench", "--help")
	for _, want := range []string{"Usage: torchlower bench", "--suite", "--filter", "--reps", "--no-torch", "--device", "--kernels", "--check",
		"backward-data:", "seeds:", "resnet:", "IREE #23976", "f16_1x1_n32_c1024to2048_50x50", "fp16 n=32 c=1024 H=50 W=50 k=2048 g=1", "seed_1x1_n1_c32to224_118x182", "bf16 n=4 c=32 H=470 W=725 k=224"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("bench --help lacks %q (exit %d)", want, code)
		}
	}
	if out, _, _ := run(t, "", "--help"); !strings.Contains(out, "bench") {
		t.Errorf("torchlower --help does not list bench:\n%s", out)
	}
}

// TestBenchCheck: with --check and PyTorch, the smoke shapes' results
// match PyTorch's, and the section under the table says so.
func TestBenchCheck(t *testing.T) {
	if err := exec.Command(bench.DefaultPython, "-c", "import torch, numpy").Run(); err != nil {
		t.Skipf("%s cannot import torch and numpy (apt-get install python3-torch python3-numpy): %v", bench.DefaultPython, err)
	}
	out, errOut, code := run(t, "", "bench", "--suite=smoke", "--reps=1", "--warmup=0", "--check")
	if code != 0 || !strings.Contains(out, "check: the default pipeline's results against PyTorch's") || !strings.Contains(out, "  2 of 2 shapes checked match") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

// TestBenchDevice: on a GPU the smoke suite runs there and lists its
// kernels; without one, --device=cuda is an error saying what is missing.
func TestBenchDevice(t *testing.T) {
	for _, kind := range gpu.Kinds {
		out, errOut, code := run(t, "", "bench", "--device="+kind, "--suite=smoke", "--reps=1", "--warmup=0", "--no-torch")
		if d := gpu.Open(kind); !d.Available() {
			want := "torchlower bench: device " + kind + " is not available on this machine: "
			if code != 1 || !strings.HasPrefix(errOut, want) {
				t.Errorf("--device=%s without a GPU: exit %d, stderr %q; want 1 and %q", kind, code, errOut, want)
			}
			continue
		}
		if code != 0 || !strings.Contains(out, "slowest kernels") || !strings.Contains(out, "on "+kind+": ") {
			t.Errorf("--device=%s: exit %d\nstdout:\n%s\nstderr:\n%s", kind, code, out, errOut)
		}
	}
}
