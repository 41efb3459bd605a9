package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/torchlower/torchlower/bench"
	"github.com/torchlower/torchlower/gpu"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

const benchHelp = `Usage: torchlower bench [--suite=NAME] [--filter=RE] [--reps=N] [--dtype=T] [--no-torch] [--device=cpu|cuda|hip]

Times convolution_backward shapes through the baseline and default
pipelines side by side on the CPU (baseline: no preprocessing, the way
torch-mlir lowers it, scattering dy into zeros; default: backward-data-conv,
which stops multiplying those zeros), and against PyTorch on the same
machine. For each shape the table shows the multiply-accumulates each plan
executes (counted from the plan, zeros included) and their ratio, each
pipeline's time (the median of --reps runs after --warmup runs, and the
best; the pipelines run in turn, one timed run each per round, so that a
busy spell of the machine slows them alike; on the CPU each timed run
comes right after an untimed run of the same plan, so that it finds the
caches as its own last run left them, as PyTorch's back-to-back runs do,
and each plan runs through one executor, as a compiled module does: its
kernels are prepared in the first warm-up run, and each run's results
are handed back for the next run's, as PyTorch's allocator reuses a
freed output's memory), the
speedup baseline time / default time, PyTorch's time for the same
torch.ops.aten.convolution_backward (same shapes, output_mask and thread
count: GOMAXPROCS, by torch.set_num_threads; timed right after
torchlower's plans for the shape, in a PyTorch process that lives through
the suite, so that both are timed in the same minute of a machine whose
speed drifts) and the ratio ours(default) / PyTorch; then the median speedup and ratio per class of shape ("1x1 stride
2", "3x3 stride 2", ...). With --check, each convolution_backward
shape's results from the default pipeline (on the timed inputs, on
--device) are compared with PyTorch's convolution_backward of the same
inputs computed in float64 on the CPU and rounded once to the dtype, at
tolerances from each result's reduction length; a section under the
table says how many matched and shows each mismatch, which fails the
command (training steps are not checked: PyTorch's network has its own
parameters). --dtype=f32|f64|f16|bf16 runs every shape in
that element type instead of its own (the CPU suites are f32): bf16
data, f32 accumulation and one rounding of each gradient, as PyTorch's
bf16 convolution_backward. PyTorch is Debian's python3-torch run by
/usr/bin/python3; when either is missing the table says "PyTorch:
unavailable (why)" and leaves its column as "-".

--suite=training times whole training steps instead: conv+bn+relu
networks at real sizes, each step's joint forward/backward graph written
as torch 2.x's _export_forward_backward writes it (core ATen ops), as a
.pt2 imported with its parameters as arguments, against PyTorch's eager
forward and loss.backward() on the same network (f32 only).

With --device=cuda (or hip) the plans run on that GPU and each is timed
by device events around its kernels (arguments already copied in);
PyTorch runs the same call on its GPU (python3 from PATH, unless
--python says otherwise), timed by CUDA events (cuDNN, or MIOpen under
ROCm). For each shape the --kernels slowest kernels of the default plan
are listed with their achieved GFLOP/s and GB/s, the kind of kernel
(narrow, tiled, tiled with tensor cores, thread per output, transpose,
...; "+ epilogue" when it runs the next step too; "launch of N: ..."
for independent kernels that share one launch, listed at the first one's
step as "step +N-1" with all their work) and, where the device's peak is
known (NVIDIA: from its attributes), the fraction of it: of the tensor
cores' f16/bf16 peak for a kernel with tensor-core bodies (marked
"mx"), of the FP32 peak for any other. A shape that fails is a row with
its error, and the others keep their times; a kernel that faults leaves
the GPU unusable for the rest of the process, so the shapes after it are
timed in a new process.

Suites:
`

const benchFlagsHead = `
Flags:
`

func runBench(env *Env, args []string) int {
	fs := pflag.NewFlagSet("bench", pflag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	suite := fs.String("suite", "backward-data", "the shapes to time: "+strings.Join(bench.SuiteNames(), ", "))
	filter := fs.String("filter", "", "time only the shapes whose name matches this regular expression")
	reps := fs.Int("reps", 9, "timed runs per shape and pipeline (the median and the best are shown)")
	warmup := fs.Int("warmup", 1, "untimed runs before the timed ones")
	noTorch := fs.Bool("no-torch", false, "do not time PyTorch")
	python := fs.String("python", bench.DefaultPython, "the Python interpreter with torch")
	verbose := fs.BoolP("verbose", "v", false, "print a line on stderr as each shape is done")
	device := fs.String("device", "cpu", "where to run the plans: cpu, cuda or hip")
	kernels := fs.Int("kernels", 5, "with a GPU --device: how many of each shape's slowest kernels to list")
	dtype := fs.String("dtype", "", "run every shape in this element type (f32, f64, f16 or bf16) instead of its own")
	check := fs.Bool("check", false, "also compare each convolution_backward shape's results with PyTorch's on the same inputs (computed in float64): a mismatch fails the command")
	help := fs.BoolP("help", "h", false, "show this help")
	// A run of the shapes a kernel fault left undone, in a new process
	// (rerunBench): the rows written to a file, not printed.
	rowsTo := fs.String("rows-to", "", "write the rows to this file for the process that relaunched this one, instead of the table")
	fs.MarkHidden("rows-to")
	usage := func(w io.Writer) {
		fmt.Fprint(w, benchHelp)
		for _, s := range bench.Suites {
			fmt.Fprintf(w, "  %s: %s\n", s.Name, indent(s.Doc, "    "))
			for _, sh := range s.Shapes {
				fmt.Fprintf(w, "    %-36s %s, %s\n", sh.Name, sh.Class(), sh.From)
			}
		}
		fmt.Fprint(w, benchFlagsHead)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
	if code, done := parseFlags(env, "bench", fs, help, usage, args); done {
		return code
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(env.Stderr, "torchlower bench: unexpected arguments %q\n", fs.Args())
		return 2
	}
	s, ok := bench.SuiteByName(*suite)
	if !ok {
		fmt.Fprintf(env.Stderr, "torchlower bench: unknown --suite %q (want %s)\n", *suite, strings.Join(bench.SuiteNames(), ", "))
		return 2
	}
	if *reps < 1 {
		fmt.Fprintf(env.Stderr, "torchlower bench: --reps must be at least 1, got %d\n", *reps)
		return 2
	}
	if *warmup < 0 {
		fmt.Fprintf(env.Stderr, "torchlower bench: --warmup must not be negative, got %d\n", *warmup)
		return 2
	}
	if err := bench.CheckDtype("--dtype", *dtype); err != nil {
		fmt.Fprintf(env.Stderr, "torchlower bench: %v\n", err)
		return 2
	}
	opt := bench.Options{Reps: *reps, Warmup: *warmup, NoTorch: *noTorch, Python: *python, Kernels: *kernels, Dtype: *dtype, Check: *check}
	switch *device {
	case "cpu":
	case "cuda", "hip":
		d, err := openDevice(*device, env.Stderr)
		if err != nil {
			fmt.Fprintf(env.Stderr, "torchlower bench: %v\n", err)
			return 1
		}
		opt.Device = benchDevice{d}
		if !fs.Changed("python") {
			opt.Python = "python3"
		}
	default:
		fmt.Fprintf(env.Stderr, "torchlower bench: unknown --device %q (want cpu, cuda or hip)\n", *device)
		return 2
	}
	if *filter != "" {
		re, err := regexp.Compile(*filter)
		if err != nil {
			fmt.Fprintf(env.Stderr, "torchlower bench: --filter: %v\n", err)
			return 2
		}
		opt.Filter = re
	}
	if *verbose {
		opt.Progress = env.Stderr
	}
	if opt.Device != nil && *rowsTo == "" && env.Relaunch != nil {
		opt.Rerun = func(shapes []bench.Shape) ([]bench.Row, error) { return rerunBench(env, args, shapes, *device) }
	}
	r, err := bench.Run(s, opt)
	if err != nil {
		fmt.Fprintf(env.Stderr, "torchlower %v\n", err)
		return 1
	}
	if *rowsTo != "" {
		if err := writeFile(*rowsTo, func(w io.Writer) error { return bench.WriteRows(w, r.Rows) }); err != nil {
			fmt.Fprintf(env.Stderr, "torchlower bench: %v\n", err)
			return 1
		}
		return 0
	}
	r.Print(env.Stdout)
	code := 0
	if n := r.Failed(); n > 0 {
		fmt.Fprintf(env.Stderr, "torchlower bench: %d of %d shapes failed (their errors are under the table)\n", n, len(r.Rows))
		code = 1
	}
	if n := r.Mismatched(); n > 0 {
		fmt.Fprintf(env.Stderr, "torchlower bench: the results of %d of %d shapes differ from PyTorch's (under the table)\n", n, len(r.Rows))
		code = 1
	}
	return code
}

// benchDevice is a GPU as bench.Device.
type benchDevice struct{ d *gpu.Device }

func (b benchDevice) Name() string { return b.d.Name() }
func (b benchDevice) Info() string { return b.d.Info() }

func (b benchDevice) Run(p *plan.Plan, args []*runtime.Tensor) ([]time.Duration, error) {
	var prof gpu.Profile
	if _, err := b.d.RunProfiled(p, args, &prof); err != nil {
		return nil, err
	}
	return prof.Steps, nil
}

// Results runs p on args and returns its results (bench.ResultRunner,
// for --check).
func (b benchDevice) Results(p *plan.Plan, args []*runtime.Tensor) ([]*runtime.Tensor, error) {
	return b.d.Run(p, args)
}

// Kernels says how each step of p runs (bench.Describer).
func (b benchDevice) Kernels(p *plan.Plan) ([]bench.StepKernel, error) { return describe(p) }

// describe is codegen.Describe as bench.Describer has it.
func describe(p *plan.Plan) ([]bench.StepKernel, error) {
	ks, err := codegen.Describe(p)
	out := make([]bench.StepKernel, len(ks))
	for i, k := range ks {
		out[i] = bench.StepKernel(k)
	}
	return out, err
}

// Prepare compiles p's kernels ahead of its timed runs (bench.Preparer).
func (b benchDevice) Prepare(p *plan.Plan) error { return b.d.Prepare(p) }

func (b benchDevice) Peak() bench.Peak {
	pk := b.d.Peak()
	return bench.Peak{FP32: pk.FP32FLOPs, Matrix: pk.MatrixFLOPs, Bytes: pk.BytesPerSec, Desc: pk.Desc}
}

// indent puts prefix before every line of s but the first.
func indent(s, prefix string) string {
	return strings.ReplaceAll(s, "\n", "\n"+prefix)
}

// rerunBench measures shapes, which did not run because a kernel fault
// left the device unusable in this process, in a new one: the same
// command line (args) without PyTorch (this process times it) and so
// without --check (its rows say they were not checked), filtered
// to those shapes (the last --filter is the one that holds), its rows
// read back.
func rerunBench(env *Env, args []string, shapes []bench.Shape, device string) ([]bench.Row, error) {
	fmt.Fprintf(env.Stderr, "torchlower bench: %d shapes did not run after a kernel fault on %s, which leaves it unusable in its process: timing them in a new one\n", len(shapes), device)
	names := make([]string, len(shapes))
	for i, sh := range shapes {
		names[i] = regexp.QuoteMeta(sh.Name)
	}
	more := func(dir string) ([]string, error) {
		return []string{"--no-torch", "--check=false", "--filter=^(" + strings.Join(names, "|") + ")$", "--rows-to=" + filepath.Join(dir, "out")}, nil
	}
	return inNewProcess(env, "bench", args, more, bench.ReadRows)
}
