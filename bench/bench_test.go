package bench

import (
	"bytes"
	"fmt"
	"github.com/torchlower/torchlower/compiler"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

func smoke(t *testing.T) Suite {
	s, ok := SuiteByName("smoke")
	if !ok {
		t.Fatal("no smoke suite")
	}
	return s
}

// TestMACsDropBySD: on a 1x1 stride-2 shape with even extents (no edge
// effects) the baseline multiplies s^D = 4 times as many products as the
// default pipeline: the scattered zeros, and nothing else.
func TestMACsDropBySD(t *testing.T) {
	r, err := Run(smoke(t), Options{Reps: 1, NoTorch: true, Filter: regexp.MustCompile("1x1")})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Rows) != 1 {
		t.Fatalf("%d rows, want the one 1x1 shape", len(r.Rows))
	}
	sh, m := r.Rows[0].Shape, r.Rows[0].MACs
	// Baseline: every output position of dx times every (F) channel;
	// default: only the Ho×Wo positions that receive a dy element.
	wantBase := sh.N * sh.C * sh.F * sh.H[0] * sh.H[1]
	sd := sh.Stride[0] * sh.Stride[1]
	if m[0] != wantBase || m[1]*sd != m[0] {
		t.Fatalf("MACs baseline %d, default %d; want %d and exactly 1/%d of it", m[0], m[1], wantBase, sd)
	}
	if r.Torch != "skipped (--no-torch)" {
		t.Errorf("PyTorch %q, want skipped", r.Torch)
	}
}

// TestTorchUnavailable: without the interpreter the table says why and
// holds no PyTorch number.
func TestTorchUnavailable(t *testing.T) {
	r, err := Run(smoke(t), Options{Reps: 1, Python: filepath.Join(t.TempDir(), "python3")})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	r.Print(&sb)
	out := sb.String()
	if !strings.Contains(out, "PyTorch: unavailable (") || !strings.Contains(out, "python3 not found)") {
		t.Errorf("no unavailable line:\n%s", out)
	}
	if strings.Contains(out, "ours(default)/PyTorch") {
		t.Errorf("a PyTorch median without PyTorch:\n%s", out)
	}
	for _, row := range r.Rows {
		if row.Torch != nil {
			t.Errorf("%s has a PyTorch time", row.Shape.Name)
		}
	}
}

// fakePython writes an executable that stands in for python3 running the
// timing script: it prints body without reading what it is sent (bench
// must cope with a script that is gone).
func fakePython(t *testing.T, body string) string {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	path := filepath.Join(t.TempDir(), "python3")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTorchProtocol reads the script's JSON lines: a time per shape (the
// ratio column), a per-shape error (reported, no number), and an import
// failure (PyTorch unavailable, with the reason).
func TestTorchProtocol(t *testing.T) {
	s := smoke(t)
	py := fakePython(t, `echo '{"torch": "9.9", "threads": 2}'
echo '{"name": "`+s.Shapes[0].Name+`", "median_ms": 2.0, "best_ms": 1.5, "cpu_ms": 3.9}'
echo '{"name": "`+s.Shapes[1].Name+`", "error": "RuntimeError: nope"}'
`)
	r, err := Run(s, Options{Reps: 1, Python: py})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.Torch, "torch 9.9 (") || r.Rows[0].Torch == nil || r.Rows[0].Torch.Median.Microseconds() != 2000 || r.Rows[1].Torch != nil {
		t.Fatalf("PyTorch %q, rows %+v %+v", r.Torch, r.Rows[0].Torch, r.Rows[1].Torch)
	}
	if got, want := r.TorchRatio(0), r.Rows[0].Times[1].Median.Seconds()/0.002; got != want {
		t.Errorf("ratio %v, want default median / 2 ms = %v", got, want)
	}
	var sb strings.Builder
	r.Print(&sb)
	if out := sb.String(); !strings.Contains(out, "PyTorch failed on "+s.Shapes[1].Name+": RuntimeError: nope") || !strings.Contains(out, "2.00 (1.50)") {
		t.Errorf("table:\n%s", out)
	}

	py = fakePython(t, "echo 'Traceback...' >&2\necho \"import torch failed: ModuleNotFoundError: No module named 'torch'\" >&2\nexit 3\n")
	r, err = Run(s, Options{Reps: 1, Python: py})
	if err != nil {
		t.Fatal(err)
	}
	if want := "unavailable (" + py + ": import torch failed: ModuleNotFoundError: No module named 'torch')"; r.Torch != want {
		t.Errorf("PyTorch %q, want %q", r.Torch, want)
	}
}

// TestTorchTimedBetweenShapes: PyTorch times each shape right after
// torchlower does (the fake script and bench's progress lines share a
// log), and a script that dies leaves the shapes after it without a
// time, saying why.
func TestTorchTimedBetweenShapes(t *testing.T) {
	s := smoke(t)
	log := filepath.Join(t.TempDir(), "log")
	py := fakePython(t, `read head
echo '{"torch": "9.9", "threads": 2}'
while read line; do
	name=$(echo "$line" | sed 's/.*"name":"\([^"]*\)".*/\1/')
	echo "torch $name" >>`+log+`
	echo "{\"name\": \"$name\", \"median_ms\": 2.0, \"best_ms\": 1.5}"
done
`)
	f, err := os.OpenFile(log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := Run(s, Options{Reps: 1, Python: py, Progress: f})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, sh := range s.Shapes {
		fmt.Fprintf(&want, "torch %s\n  %s done\n", sh.Name, sh.Name)
	}
	if string(got) != want.String() {
		t.Errorf("the order of the timings:\n%s\nwant\n%s", got, want.String())
	}
	for _, row := range r.Rows {
		if row.Torch == nil || row.Torch.Median != 2*time.Millisecond {
			t.Errorf("%s: PyTorch %+v, %q", row.Shape.Name, row.Torch, row.TorchErr)
		}
	}

	py = fakePython(t, `read head
echo '{"torch": "9.9", "threads": 2}'
read line
echo '{"name": "`+s.Shapes[0].Name+`", "median_ms": 2.0, "best_ms": 1.5}'
echo 'RuntimeError: out of memory' >&2
exit 1
`)
	r, err = Run(s, Options{Reps: 1, Python: py})
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows[0].Torch == nil || r.Rows[1].Torch != nil || !strings.Contains(r.Rows[1].TorchErr, py+": RuntimeError: out of memory") {
		t.Errorf("rows %+v / %+v %q", r.Rows[0].Torch, r.Rows[1].Torch, r.Rows[1].TorchErr)
	}
}

// TestScriptParses checks the embedded script's syntax with Python
// (without importing torch, which takes seconds).
func TestScriptParses(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	cmd := exec.Command(py, "-c", "import ast, sys; ast.parse(sys.stdin.read())")
	cmd.Stdin = strings.NewReader(torchScript)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("torch_bench.py: %v\n%s", err, out)
	}
}

func TestRunErrors(t *testing.T) {
	if _, err := Run(smoke(t), Options{Reps: 0, NoTorch: true}); err == nil || !strings.Contains(err.Error(), "reps") {
		t.Errorf("reps 0: %v", err)
	}
	if _, err := Run(smoke(t), Options{Reps: 1, NoTorch: true, Filter: regexp.MustCompile("nothing")}); err == nil || !strings.Contains(err.Error(), "no shape") {
		t.Errorf("empty filter: %v", err)
	}
}

// TestSuitesCompile plans every built-in shape with every pipeline of its
// suite, for the CPU and for a GPU (no run): a typo in a shape fails
// here, not in front of a user.
func TestSuitesCompile(t *testing.T) {
	for _, s := range Suites {
		for _, sh := range s.Shapes {
			for _, pl := range s.Pipelines {
				for _, target := range []compiler.Target{compiler.CPU, compiler.CUDA, compiler.HIP} {
					if _, err := compileShape(sh, pl, target); err != nil {
						t.Errorf("%s/%s %s (target %d): %v", s.Name, sh.Name, pl, target, err)
					}
				}
			}
		}
	}
}

// hostDevice stands for a GPU in the tests of the Device path: it runs
// plans on the CPU and reports the CPU's step times, with a made-up peak.
// What it checks is bench's side: step times summed per run, the slowest
// kernels of the default plan and their rates against the peak.
type hostDevice struct{ runs int }

func (*hostDevice) Name() string { return "host" }
func (*hostDevice) Info() string { return "host: the CPU standing in for a GPU" }
func (*hostDevice) Peak() Peak {
	return Peak{FP32: 1e12, Matrix: 8e12, Bytes: 1e11, Desc: "1 TFLOP/s, 100 GB/s (made up)"}
}

// Kernels says how each step runs as the GPU's code generator makes it
// (a Describer, as the CLI's GPU device is).
func (*hostDevice) Kernels(p *plan.Plan) ([]StepKernel, error) {
	ks, err := codegen.Describe(p)
	out := make([]StepKernel, len(ks))
	for i, k := range ks {
		out[i] = StepKernel(k)
	}
	return out, err
}

func (h *hostDevice) Run(p *plan.Plan, args []*runtime.Tensor) ([]time.Duration, error) {
	h.runs++
	var prof cpu.Profile
	if _, err := cpu.RunProfiled(p, args, &prof); err != nil {
		return nil, err
	}
	return prof.Steps, nil
}

func TestDeviceKernels(t *testing.T) {
	dev := &hostDevice{}
	r, err := Run(smoke(t), Options{Reps: 3, Warmup: 1, NoTorch: true, Device: dev, Kernels: 3})
	if err != nil {
		t.Fatal(err)
	}
	if want := len(r.Rows) * 2 * 4; dev.runs != want {
		t.Errorf("%d device runs, want %d (2 pipelines × 4 rounds per shape)", dev.runs, want)
	}
	if r.Device != dev.Info() || r.Peak.FP32 != 1e12 || r.Peak.Bytes != 1e11 {
		t.Errorf("device %q, peaks %+v", r.Device, r.Peak)
	}
	for _, row := range r.Rows {
		if len(row.Kernels) == 0 || len(row.Kernels) > 3 {
			t.Fatalf("%s: %d kernels listed, want 1 to 3", row.Shape.Name, len(row.Kernels))
		}
		contraction := false
		for i, k := range row.Kernels {
			if i > 0 && k.Time > row.Kernels[i-1].Time {
				t.Errorf("%s: kernels not slowest first: %v", row.Shape.Name, row.Kernels)
			}
			if k.Bytes <= 0 || k.Text == "" {
				t.Errorf("%s: step %d: %d bytes, text %q", row.Shape.Name, k.Step, k.Bytes, k.Text)
			}
			contraction = contraction || k.FLOPs > 0
		}
		var flops int64
		for _, k := range row.Kernels {
			flops += k.FLOPs
		}
		// The default plan's MACs are all in its contractions; the three
		// slowest steps of these tiny shapes hold some of them.
		if !contraction || flops > 2*row.MACs[1] {
			t.Errorf("%s: kernel FLOPs %d against the plan's %d MACs", row.Shape.Name, flops, row.MACs[1])
		}
		// The 3x3 shape's four phases are narrow kernels in one launch:
		// one entry, at the first phase, with all the plan's work.
		if row.Shape.K[0] == 3 {
			k := row.Kernels[0]
			if len(k.With) != 3 || k.FLOPs != 2*row.MACs[1] || !strings.HasPrefix(k.Form, codegen.FormLaunch+" 4: ") {
				t.Errorf("%s: slowest entry %+v, want the launch of the four phases with the plan's %d MACs", row.Shape.Name, k, row.MACs[1])
			}
		}
	}
	var sb strings.Builder
	r.Print(&sb)
	out := sb.String()
	// The smoke shapes' data gradients have 4 image channels: narrow
	// contractions, named so in the kernel column.
	for _, want := range []string{"convolution_backward on host: the CPU standing in for a GPU", "peak: 1 TFLOP/s, 100 GB/s (made up)",
		"default pipeline: slowest kernels", "GFLOP/s", "of peak", "GB/s", "kernel", codegen.FormNarrow} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`(?m)^  \d+ \+3 +\d+\.\d{3} `).MatchString(out) {
		t.Errorf("no launch of several steps' kernels listed as its first step +3:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^  \d+ +\d+\.\d{3} +\d+\.\d +\d+\.\d%`).MatchString(out) {
		t.Errorf("no kernel line with a GFLOP/s rate and its fraction of the peak:\n%s", out)
	}
}

// A GPU-only suite is refused on the CPU, saying why and what to use.
func TestDeviceOnlySuiteRefusedOnCPU(t *testing.T) {
	s, ok := SuiteByName("seeds")
	if !ok {
		t.Fatal("no seeds suite")
	}
	_, err := Run(s, Options{Reps: 1, NoTorch: true})
	if err == nil || !strings.Contains(err.Error(), "GPU only") || !strings.Contains(err.Error(), "--suite=backward-data") {
		t.Fatalf("seeds on the CPU: %v", err)
	}
}

// The seeds suite is the MI355x table itself: five 1x1 and four 3x3
// stride-2 data gradients in f16/bf16, held to issue 8's three bars.
func TestSeedsSuiteIsTheSeedTable(t *testing.T) {
	s, _ := SuiteByName("seeds")
	classes := map[string]int{}
	for _, sh := range s.Shapes {
		classes[sh.Class()]++
		if sh.Dtype != "f16" && sh.Dtype != "bf16" || sh.Mask != [3]bool{true, false, false} {
			t.Errorf("%s: dtype %s, mask %v", sh.Name, sh.Dtype, sh.Mask)
		}
	}
	if classes["1x1 stride 2"] != 5 || classes["3x3 stride 2"] != 4 || len(classes) != 2 {
		t.Errorf("classes %v", classes)
	}
	if len(s.Bars) != 3 {
		t.Errorf("bars %v", s.Bars)
	}
}

// Bars: each is met, not met or not measured from the class medians.
func TestBars(t *testing.T) {
	sh := func(name string, k int64) Shape {
		return dataGrad(name, "test", 1, 4, 8, 1, 8, 8, k, 2, 0)
	}
	ms := func(v float64) Timing { return Timing{Median: time.Duration(v * float64(time.Millisecond))} }
	r := &Result{
		Suite: Suite{Name: "t", Pipelines: []string{"baseline", "default"}, Bars: []Bar{
			{Class: "1x1 stride 2", MinSpeedup: 2.8, From: "a"},
			{Class: "3x3 stride 2", MinSpeedup: 1.2, From: "b"},
			{Class: "all", MaxTorchRatio: 2, From: "c"},
			{Class: "5x5 stride 2", MinSpeedup: 1, From: "d"},
		}},
		Rows: []Row{
			// 1x1 speedups 3, 4, 2: median 3 (met).
			{Shape: sh("a", 1), Times: []Timing{ms(3), ms(1)}, Torch: &Timing{Median: time.Millisecond}},
			{Shape: sh("b", 1), Times: []Timing{ms(4), ms(1)}, Torch: &Timing{Median: time.Millisecond}},
			{Shape: sh("c", 1), Times: []Timing{ms(2), ms(1)}},
			// 3x3 speedup 1.1 (not met); ours/PyTorch 1, 1, 3: median 1 (met).
			{Shape: sh("d", 3), Times: []Timing{ms(3.3), ms(3)}, Torch: &Timing{Median: time.Millisecond}},
		},
	}
	got := r.Bars()
	want := []struct {
		what   string
		median float64
		shapes int
		met    bool
	}{{"speedup", 3, 3, true}, {"speedup", 1.1, 1, false}, {"ours/PyTorch", 1, 3, true}, {"speedup", 0, 0, false}}
	if len(got) != len(want) {
		t.Fatalf("%d bar results, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.What != w.what || g.Shapes != w.shapes || g.Met != w.met || math.Abs(g.Median-w.median) > 1e-9 {
			t.Errorf("bar %d (%s): %+v, want %+v", i, g.Class, g, w)
		}
	}
	var sb strings.Builder
	r.printBars(&sb)
	out := sb.String()
	for _, line := range []string{
		`1x1 stride 2 +speedup +3\.00x +>= 2\.80x +met +\(3 shapes\) +a`,
		`3x3 stride 2 +speedup +1\.10x +>= 1\.20x +NOT MET +\(1 shape\) +b`,
		`all +ours/PyTorch +1\.00 +<= 2\.00 +met +\(3 shapes\) +c`,
		`5x5 stride 2 +speedup +- +>= 1\.00x +NOT MEASURED +\(0 shapes\) +d`,
	} {
		if !regexp.MustCompile(`(?m)^  ` + line + `$`).MatchString(out) {
			t.Errorf("no line %q in:\n%s", line, out)
		}
	}
}

// failingDevice is a hostDevice whose runs of one plan fail (a kernel
// that would not launch): that shape has an error, the others times.
type failingDevice struct {
	hostDevice
	fails func(p *plan.Plan) bool
}

func (d *failingDevice) Run(p *plan.Plan, args []*runtime.Tensor) ([]time.Duration, error) {
	if d.fails(p) {
		return nil, fmt.Errorf("cuLaunchKernel: error 1 (invalid argument)")
	}
	return d.hostDevice.Run(p, args)
}

func TestFailedShapeKeepsTheOthers(t *testing.T) {
	s := smoke(t)
	if len(s.Shapes) < 2 {
		t.Fatalf("the smoke suite has %d shapes, want 2 or more", len(s.Shapes))
	}
	first := s.Shapes[0]
	s.Bars = []Bar{{Class: first.Class(), MinSpeedup: 0.001, From: "t"}}
	dev := &failingDevice{}
	dy := firstArgShape(t, first)
	for _, sh := range s.Shapes[1:] {
		if firstArgShape(t, sh) == dy {
			t.Fatalf("%s and %s have the same dy %s: the device cannot tell them apart", first.Name, sh.Name, dy)
		}
	}
	dev.fails = func(p *plan.Plan) bool { return fmt.Sprint(p.Args[0].Shape) == dy }
	r, err := Run(s, Options{Reps: 1, NoTorch: true, Device: dev, Kernels: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Rows[0].Err == "" || !strings.Contains(r.Rows[0].Err, "cuLaunchKernel") || r.Failed() != 1 {
		t.Fatalf("first shape: err %q, %d failed; want the launch error and 1", r.Rows[0].Err, r.Failed())
	}
	for _, row := range r.Rows[1:] {
		if row.Err != "" || len(row.Times) != len(s.Pipelines) {
			t.Errorf("%s: err %q, %d times; want its times", row.Shape.Name, row.Err, len(row.Times))
		}
	}
	if b := r.Bars()[0]; b.Met || b.Failed != 1 {
		t.Errorf("bar over the failed shape's class: %+v, want not met with 1 failed", b)
	}
	var sb strings.Builder
	r.Print(&sb)
	for _, want := range []string{first.Name + " FAILED: ", "FAILED (below)", "failed)"} {
		if !strings.Contains(sb.String(), want) {
			t.Errorf("the table has no %q:\n%s", want, sb.String())
		}
	}
}

// firstArgShape is the shape of sh's first argument (dy).
func firstArgShape(t *testing.T, sh Shape) string {
	t.Helper()
	p, err := compile(sh.Case().TorchFunc(), sh.Name, "default", compiler.CPU)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(p.Args[0].Shape)
}

// preparingDevice is a hostDevice that compiles ahead (a Preparer): every
// plan of every shape is prepared, concurrently, before the first run.
type preparingDevice struct {
	hostDevice
	mu                 sync.Mutex
	prepared           map[*plan.Plan]bool
	preparedAtFirstRun int
}

func (d *preparingDevice) Prepare(p *plan.Plan) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.prepared[p] {
		return fmt.Errorf("plan prepared twice")
	}
	d.prepared[p] = true
	return nil
}

func (d *preparingDevice) Run(p *plan.Plan, args []*runtime.Tensor) ([]time.Duration, error) {
	d.mu.Lock()
	if d.hostDevice.runs == 0 {
		d.preparedAtFirstRun = len(d.prepared)
	}
	ok := d.prepared[p]
	d.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("ran a plan that was not prepared")
	}
	return d.hostDevice.Run(p, args)
}

func TestDevicePreparesEveryPlanFirst(t *testing.T) {
	dev := &preparingDevice{prepared: map[*plan.Plan]bool{}}
	r, err := Run(smoke(t), Options{Reps: 1, NoTorch: true, Device: dev, Kernels: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := len(r.Rows) * 2; dev.preparedAtFirstRun != want {
		t.Errorf("%d plans prepared before the first run, want all %d", dev.preparedAtFirstRun, want)
	}
}

// A contraction of bf16 inputs is rated against the matrix units' peak
// (marked mx); the f32 steps around it against the FP32 peak.
func TestMatrixKernelsAgainstMatrixPeak(t *testing.T) {
	sh := dataGrad("tiny_bf16", "test", 1, 16, 16, 1, 8, 8, 1, 2, 0)
	sh.Dtype = "bf16"
	r, err := Run(Suite{Name: "t", Pipelines: []string{"baseline"}, Shapes: []Shape{sh}}, Options{Reps: 1, NoTorch: true, Device: &hostDevice{}, Kernels: 10})
	if err != nil {
		t.Fatal(err)
	}
	matrix := 0
	for _, k := range r.Rows[0].Kernels {
		if k.Matrix {
			matrix++
			if k.FLOPs == 0 {
				t.Errorf("step %d: matrix without FLOPs", k.Step)
			}
		}
	}
	if matrix != 1 {
		t.Fatalf("%d matrix kernels, want the one contraction: %+v", matrix, r.Rows[0].Kernels)
	}
	var sb strings.Builder
	r.Print(&sb)
	if !regexp.MustCompile(`(?m)^  \d+ +\d+\.\d{3} +\d+\.\d +\d+\.\d% mx `).MatchString(sb.String()) {
		t.Errorf("no kernel line rated against the matrix peak:\n%s", sb.String())
	}
}

// faultingDevice faults (runtime.ErrDeviceFault) on the plans fails
// picks, and is lost after (runtime.ErrDeviceLost), as a GPU is.
type faultingDevice struct {
	hostDevice
	fails func(p *plan.Plan) bool
	lost  bool
}

func (d *faultingDevice) Run(p *plan.Plan, args []*runtime.Tensor) ([]time.Duration, error) {
	if d.lost {
		return nil, fmt.Errorf("host: %w", runtime.ErrDeviceLost)
	}
	if d.fails(p) {
		d.lost = true
		return nil, fmt.Errorf("host: cuStreamSynchronize: error 700: %w", runtime.ErrDeviceFault)
	}
	return d.hostDevice.Run(p, args)
}

// A kernel fault costs bench the faulting shape, not the shapes after
// it: Options.Rerun measures those (here in this process, on a fresh
// device, their rows through WriteRows and ReadRows as between
// processes); without it they say they did not run.
func TestFaultReruns(t *testing.T) {
	s := smoke(t)
	first := s.Shapes[0]
	dy := firstArgShape(t, first)
	fails := func(p *plan.Plan) bool { return fmt.Sprint(p.Args[0].Shape) == dy }
	var asked [][]string
	rerun := func(shapes []Shape) ([]Row, error) {
		var names []string
		for _, sh := range shapes {
			names = append(names, sh.Name)
		}
		asked = append(asked, names)
		again := s
		again.Shapes = shapes
		r, err := Run(again, Options{Reps: 1, NoTorch: true, Device: &hostDevice{}, Kernels: 1})
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := WriteRows(&buf, r.Rows); err != nil {
			return nil, err
		}
		return ReadRows(&buf)
	}
	r, err := Run(s, Options{Reps: 1, NoTorch: true, Device: &faultingDevice{fails: fails}, Kernels: 1, Rerun: rerun})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Rows[0].Err, "error 700") || r.Rows[0].NotRun {
		t.Errorf("the faulting shape: %+v", r.Rows[0])
	}
	for _, row := range r.Rows[1:] {
		if row.Err != "" || row.NotRun || len(row.Times) != len(s.Pipelines) || len(row.Kernels) != 1 {
			t.Errorf("%s after the fault: %+v, want its times", row.Shape.Name, row)
		}
	}
	if len(asked) != 1 || len(asked[0]) != len(s.Shapes)-1 || asked[0][0] != s.Shapes[1].Name {
		t.Errorf("reruns asked for %v", asked)
	}

	r, err = Run(s, Options{Reps: 1, NoTorch: true, Device: &faultingDevice{fails: fails}, Kernels: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range r.Rows[1:] {
		if !row.NotRun || !strings.Contains(row.Err, "not run: an earlier kernel fault") {
			t.Errorf("%s after the fault, no rerun: %+v", row.Shape.Name, row)
		}
	}
}
