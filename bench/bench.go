package bench

import (
	"bytes"
	"cmp"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"regexp"
	goruntime "runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/importer"
	"github.com/torchlower/torchlower/internal/jointnet"
	"github.com/torchlower/torchlower/internal/pt2write"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/ir/asm"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// Options control a run.
type Options struct {
	// Filter, when set, keeps the shapes whose name it matches.
	Filter *regexp.Regexp
	// Reps timed runs per shape and pipeline (median and best), after
	// Warmup untimed ones.
	Reps, Warmup int
	// NoTorch skips PyTorch; Python is the interpreter that runs it
	// (default /usr/bin/python3, Debian's, which has python3-torch).
	NoTorch bool
	Python  string
	// Progress, when set, receives a line as each shape is done.
	Progress io.Writer
	// Check compares the default plan's results with PyTorch's for each
	// convolution_backward shape (check.go); it needs PyTorch.
	Check bool
	// Device, when set, runs the plans instead of the CPU (a GPU), and
	// PyTorch runs on its GPU too.
	Device Device
	// Kernels is how many of the slowest steps of each shape's default
	// plan the report lists with their achieved rates (on a Device).
	Kernels int
	// Dtype, when set (f32, f64, f16 or bf16), is every shape's element
	// type instead of its own, for torchlower and PyTorch alike.
	Dtype string
	// Rerun measures shapes again in a new process and returns their
	// rows: those that did not run because an earlier shape's
	// kernel fault left the Device unusable in this process (a run's
	// error wraps runtime.ErrDeviceLost). Run calls it until every shape
	// has run or a rerun runs none; without it those rows keep that
	// error. PyTorch's times are this process's in either case.
	Rerun func(shapes []Shape) ([]Row, error)
}

// A Device runs plans somewhere other than the host: a GPU (internal/cli
// adapts gpu.Device; the bench package does not load GPU runtimes).
type Device interface {
	// Name is the device kind ("cuda", "hip") and Info a line naming
	// the hardware.
	Name() string
	Info() string
	// Run executes p on args and returns the device time of each step
	// (kernels only: not the copies of arguments and results).
	Run(p *plan.Plan, args []*runtime.Tensor) ([]time.Duration, error)
	// Peak is the device's peak rates, 0 where unknown, and how they
	// were derived.
	Peak() Peak
}

// Peak is a device's peak rates per second: FP32 on the SIMT cores,
// dense f16/bf16 on the matrix units, DRAM bytes.
type Peak struct {
	FP32, Matrix, Bytes float64
	Desc                string
}

// DefaultPython is the interpreter with Debian's PyTorch.
const DefaultPython = "/usr/bin/python3"

// Timing is the median and the best of the timed runs.
type Timing struct {
	Median, Best time.Duration
}

// Row is one shape's measurements; MACs and Times are indexed like the
// suite's Pipelines. Torch is nil when PyTorch did not run the shape
// (TorchErr says why, when it failed on this shape alone).
type Row struct {
	Shape    Shape
	MACs     []int64
	Times    []Timing
	Torch    *Timing
	TorchErr string
	// Kernels are the slowest steps of the default plan on a Device, in
	// its median run, slowest first.
	Kernels []Kernel
	// Err says why the shape has no times (it did not compile, or a run
	// failed): one shape that fails does not cost the others theirs,
	// which on a GPU lent for minutes is most of what a session gets.
	Err string
	// NotRun is set when Err is runtime.ErrDeviceLost's: the shape did
	// not run, an earlier shape's kernel fault having left the device
	// unusable in this process (Options.Rerun).
	NotRun bool
	// Mismatch lists, one line each, the results that Options.Check found
	// out of tolerance; CheckErr says why the row was not checked.
	Mismatch []string
	CheckErr string
}

// Kernel is one step's device time and what it moved and computed.
type Kernel struct {
	Step  int
	Text  string // the step as the plan prints it
	Time  time.Duration
	FLOPs int64 // 2 × its multiply-accumulates (0: not a contraction)
	Bytes int64 // the bytes of its views, each read or written once
	// Matrix is set for a contraction of 16-bit floats, whose rate is
	// held to the matrix units' peak: one whose kernel has tensor-core
	// bodies, where the device names its kernels' forms.
	Matrix bool
	// Form is the kind of kernel the step runs as, where the device
	// says (a Describer): "narrow", "tiled, tensor cores + epilogue", ...
	Form string
	// With are the other steps whose kernels run in the same launch
	// (Time, FLOPs and Bytes are the launch's).
	With []int
}

// Result is a suite's table.
type Result struct {
	Suite   Suite
	Threads int
	// Device is "cpu" or the Device's info line; Peak its peaks, 0 where
	// unknown, as Peak.Desc says.
	Device string
	Peak   Peak
	Rows   []Row
	// Dtype is Options.Dtype: the element type every shape ran in, or
	// "" for each shape's own.
	Dtype string
	// Torch describes PyTorch: its version and threads, "skipped
	// (--no-torch)" or "unavailable (reason)".
	Torch string
	// Checked is Options.Check: each row's results were compared with
	// PyTorch's (Row.Mismatch, Row.CheckErr).
	Checked bool
}

// CheckDtype reports an error naming what (the option) for an
// Options.Dtype that is not "" or an element type the suites run in.
func CheckDtype(what, dtype string) error {
	switch dtype {
	case "", "f32", "f64", "f16", "bf16":
		return nil
	}
	return fmt.Errorf("unknown %s %q (want f32, f64, f16 or bf16)", what, dtype)
}

// Run measures the suite's shapes that opt.Filter keeps.
func Run(s Suite, opt Options) (*Result, error) {
	if opt.Reps < 1 {
		return nil, fmt.Errorf("bench: reps must be at least 1, got %d", opt.Reps)
	}
	if err := CheckDtype("dtype", opt.Dtype); err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	var shapes []Shape
	for _, sh := range s.Shapes {
		if opt.Filter == nil || opt.Filter.MatchString(sh.Name) {
			if opt.Dtype != "" {
				sh.Dtype = opt.Dtype
			}
			shapes = append(shapes, sh)
		}
	}
	if len(shapes) == 0 {
		return nil, fmt.Errorf("bench: no shape of suite %s matches the filter", s.Name)
	}
	if s.DeviceOnly != "" && opt.Device == nil {
		return nil, fmt.Errorf("bench: suite %s runs on a GPU only (--device=cuda or hip): %s", s.Name, s.DeviceOnly)
	}
	if opt.Check && opt.NoTorch {
		return nil, fmt.Errorf("bench: --check compares with PyTorch's results: it cannot run with --no-torch")
	}
	r := &Result{Suite: s, Threads: goruntime.GOMAXPROCS(0), Device: "cpu", Dtype: opt.Dtype, Checked: opt.Check}
	target := compiler.CPU
	if opt.Device != nil {
		r.Device = opt.Device.Info()
		r.Peak = opt.Device.Peak()
		target = compiler.TargetFor(opt.Device.Name())
	}
	// PyTorch times each shape right after torchlower does. Its session
	// starts first, so that its start-up (importing torch, its thread
	// pools) is over while the plans compile: the shape timed first ran
	// up to 1.5x slower when it came right after.
	var torch *torchSession
	if opt.NoTorch {
		r.Torch = "skipped (--no-torch)"
	} else {
		python := cmp.Or(opt.Python, DefaultPython)
		torchDevice := "cpu"
		if opt.Device != nil {
			torchDevice = "cuda" // ROCm's torch calls its GPU cuda too
		}
		var err error
		if torch, err = startTorch(python, torchDevice, r.Threads, opt.Reps, opt.Warmup); err != nil {
			if opt.Check {
				return nil, fmt.Errorf("bench: --check compares with PyTorch's results, and PyTorch is unavailable: %v", err)
			}
			r.Torch = "unavailable (" + err.Error() + ")"
		} else {
			r.Torch = torch.desc
			defer torch.close()
		}
	}
	plans := make([][]*plan.Plan, len(shapes))
	failed := make([]error, len(shapes))
	for i, sh := range shapes {
		plans[i], failed[i] = compilePipelines(sh, s.Pipelines, target)
	}
	for i, err := range prepare(opt.Device, plans) {
		failed[i] = cmp.Or(failed[i], err)
	}
	for i, sh := range shapes {
		row := Row{Shape: sh}
		var args []*runtime.Tensor
		if failed[i] == nil {
			args, failed[i] = argsFor(sh, plans[i])
		}
		if failed[i] == nil {
			row, failed[i] = measure(sh, s.Pipelines, plans[i], args, opt)
		}
		if failed[i] != nil {
			row = Row{Shape: sh, Err: failed[i].Error(), NotRun: errors.Is(failed[i], runtime.ErrDeviceLost)}
		}
		if torch != nil {
			if t := torch.time(sh); t.err != "" {
				row.TorchErr = t.err
			} else {
				row.Torch = &Timing{Median: t.median, Best: t.best}
			}
		}
		switch {
		case !opt.Check:
		case row.NotRun:
			// Rerun in a new process (Options.Rerun), which has no
			// PyTorch: its results are not compared.
			row.CheckErr = "it ran in a new process after a kernel fault"
		case row.Err != "":
			row.CheckErr = "it failed (under the table)"
		default:
			var err error
			if row.Mismatch, err = checkShape(sh, plans[i][oursOf(s.Pipelines)], args, opt.Device, torch); err != nil {
				row.CheckErr = err.Error()
			}
		}
		r.Rows = append(r.Rows, row)
		if opt.Progress != nil {
			if row.Err != "" {
				fmt.Fprintf(opt.Progress, "  %s FAILED: %s\n", sh.Name, row.Err)
			} else {
				fmt.Fprintf(opt.Progress, "  %s done\n", sh.Name)
			}
		}
	}
	if opt.Rerun != nil {
		rerunNotRun(r.Rows, opt.Rerun)
	}
	return r, nil
}

// compilePipelines compiles sh with each pipeline, for target.
func compilePipelines(sh Shape, pipelines []string, target compiler.Target) ([]*plan.Plan, error) {
	plans := make([]*plan.Plan, len(pipelines))
	// A network's archive is written and opened once; each pipeline
	// imports it into a module of its own.
	var a *importer.Archive
	if sh.Net != nil {
		var err error
		if a, err = netArchive(sh); err != nil {
			return nil, err
		}
	}
	for i, pl := range pipelines {
		var p *plan.Plan
		var err error
		if a != nil {
			p, err = compileNet(a, pl, target)
		} else {
			p, err = compileShape(sh, pl, target)
		}
		if err != nil {
			return nil, fmt.Errorf("%s pipeline: %w", pl, err)
		}
		plans[i] = p
	}
	return plans, nil
}

// A Describer is a Device that says how each step of a plan runs.
type Describer interface {
	Kernels(p *plan.Plan) ([]StepKernel, error)
}

// StepKernel is how a step runs on a Device (as gpu/codegen.StepKernel).
type StepKernel struct {
	// Form is the kind of the step's kernel: "narrow", "tiled, tensor
	// cores + epilogue", ... ("" for a step with none of its own: a
	// fused epilogue, a member of another step's launch).
	Form string
	// Steps, for one launch of several steps' kernels, are their steps,
	// this one first: the launch's device time falls on this step.
	Steps []int
}

// A Preparer is a Device that can compile a plan's kernels ahead of its
// runs, from several goroutines at once (gpu.Device.Prepare).
type Preparer interface {
	Prepare(p *plan.Plan) error
}

// prepare has dev compile every plan's kernels, GOMAXPROCS at a time,
// when it can: one at a time in the timed loop, a GPU's run-time compiler
// would take most of a short device session. It returns each shape's
// error (plans[i] are shape i's, nil where it did not compile).
func prepare(dev Device, plans [][]*plan.Plan) []error {
	shapeErrs := make([]error, len(plans))
	pr, ok := dev.(Preparer)
	if !ok {
		return shapeErrs
	}
	var flat []*plan.Plan
	var shapeOf []int
	for i, ps := range plans {
		flat = append(flat, ps...)
		for range ps {
			shapeOf = append(shapeOf, i)
		}
	}
	errs := make([]error, len(flat))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(goruntime.GOMAXPROCS(0), len(flat)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = pr.Prepare(flat[i])
			}
		}()
	}
	for i := range flat {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		shapeErrs[shapeOf[i]] = errors.Join(shapeErrs[shapeOf[i]], err)
	}
	return shapeErrs
}

// measure counts each plan's MACs (plans[i] is sh under pipelines[i])
// and times them side by side: after the warm-up runs, each round runs
// every pipeline once, so that a slow spell of a shared machine falls on
// all of them alike rather than on whichever was being timed then.
func measure(sh Shape, pipelines []string, plans []*plan.Plan, args []*runtime.Tensor, opt Options) (Row, error) {
	row := Row{Shape: sh}
	for _, p := range plans {
		row.MACs = append(row.MACs, p.MACs())
	}
	times, steps, err := timeRuns(plans, pipelines, args, opt)
	if err != nil {
		return row, err
	}
	row.Times = times
	if opt.Device != nil {
		ours := oursOf(pipelines)
		var kinds []StepKernel
		if d, ok := opt.Device.(Describer); ok {
			if kinds, err = d.Kernels(plans[ours]); err != nil {
				return row, err
			}
		}
		row.Kernels = slowest(plans[ours], steps[ours], kinds, opt.Kernels)
	}
	return row, nil
}

// slowest is the n slowest launches of p with step times steps. Where
// the device describes its kernels (kinds, else nil), a launch of several
// steps' kernels is one entry at its first step, with the time, work and
// bytes of them all, and each entry names its kernel's form.
func slowest(p *plan.Plan, steps []time.Duration, kinds []StepKernel, n int) []Kernel {
	inLaunch := map[int]bool{}
	for _, k := range kinds {
		for _, j := range k.Steps[min(1, len(k.Steps)):] {
			inLaunch[j] = true
		}
	}
	var ks []Kernel
	for i, s := range p.Steps {
		if i >= len(steps) || s.Kind == plan.StepEmpty || inLaunch[i] {
			continue
		}
		k := Kernel{Step: i, Text: p.StepString(i)}
		members := []int{i}
		if i < len(kinds) {
			k.Form = kinds[i].Form
			if len(kinds[i].Steps) > 1 {
				members = kinds[i].Steps
				k.With = members[1:]
			}
		}
		k.Matrix = true
		for _, j := range members {
			if j >= len(steps) {
				continue
			}
			m := p.Steps[j]
			k.Time += steps[j]
			k.FLOPs += 2 * m.MACs()
			k.Matrix = k.Matrix && m.MACs() > 0 && len(m.Inputs) > 0
			for _, v := range m.Inputs {
				if f, ok := v.Buf.Elem.(ir.FloatType); !ok || f.Kind != ir.F16 && f.Kind != ir.BF16 {
					k.Matrix = false
				}
			}
			for _, vs := range [][]plan.View{m.Inputs, m.Outputs} {
				for _, v := range vs {
					k.Bytes += v.NumElements() * int64(ir.ElementByteSize(v.Buf.Elem))
				}
			}
		}
		// Where the device names its kernels, only a kernel with
		// tensor-core bodies (gpu/codegen's FormTensorCores; bench does
		// not import the GPU packages) is held to the matrix units' peak.
		if kinds != nil {
			k.Matrix = k.Matrix && strings.Contains(k.Form, "tensor cores")
		}
		ks = append(ks, k)
	}
	sort.SliceStable(ks, func(a, b int) bool { return ks[a].Time > ks[b].Time })
	return ks[:min(n, len(ks))]
}

// compileShape compiles sh (a convolution_backward call, or a Net's
// training step) with the pipeline, for target.
func compileShape(sh Shape, pipeline string, target compiler.Target) (*plan.Plan, error) {
	if sh.Net != nil {
		a, err := netArchive(sh)
		if err != nil {
			return nil, err
		}
		return compileNet(a, pipeline, target)
	}
	return compile(sh.Case().TorchFunc(), sh.Name, pipeline, target)
}

// compile lowers a torch-dialect function @conv, runs the pipeline (as
// target runs it) and plans it.
func compile(src, name, pipeline string, target compiler.Target) (*plan.Plan, error) {
	ctx := compiler.NewContext()
	m, err := asm.Parse(ctx, src, asm.Options{FileName: name + ".mlir"})
	if err != nil {
		return nil, err
	}
	return lowerAndPlan(ctx, m, "conv", pipeline, target)
}

// netArchive writes sh.Net's training step as a .pt2 archive (the
// layout torch 2.9+ writes) and opens it.
func netArchive(sh Shape) (*importer.Archive, error) {
	if sh.Dtype != "f32" {
		return nil, fmt.Errorf("a training step runs in f32 only (internal/jointnet builds f32 networks), not %s", sh.Dtype)
	}
	var prog *pt2write.Program
	var tensors []pt2write.Tensor
	if e := sh.Net.Encoder; e != nil {
		prog, tensors = e.Program()
	} else {
		prog, tensors = jointnet.ConvBnRelu(sh.Net.Blocks, sh.Net.Batch, sh.Net.HW, jointnet.Core)
	}
	data, err := (&pt2write.Archive{Layout: pt2write.PT2Raw, Program: prog.JSON(), Tensors: tensors, Protocol: 2}).Bytes()
	if err != nil {
		return nil, err
	}
	return importer.OpenReaderNamed(bytes.NewReader(data), int64(len(data)), sh.Name+".pt2")
}

// compileNet imports a network's archive with the parameters and buffers
// as arguments, lowers it, runs the pipeline and plans it.
func compileNet(a *importer.Archive, pipeline string, target compiler.Target) (*plan.Plan, error) {
	ctx := compiler.NewContext()
	m, _, err := importer.Import(ctx, a, importer.Options{Params: "args", FuncName: "main"})
	if err != nil {
		return nil, err
	}
	return lowerAndPlan(ctx, m, "main", pipeline, target)
}

// lowerAndPlan lowers the torch-dialect module m, runs the pipeline (as
// target runs it) and plans its function fn.
func lowerAndPlan(ctx *ir.Context, m *ir.Operation, fn, pipeline string, target compiler.Target) (*plan.Plan, error) {
	if err := compiler.Lower(ctx, m); err != nil {
		return nil, err
	}
	if err := compiler.PreprocessFor(ctx, m, pipeline, target); err != nil {
		return nil, err
	}
	return plan.Build(m, fn)
}

// argsFor is randomArgs, but for a transformer encoder, whose arguments
// start as a training loop starts them (jointnet.Encoder.Init): uniform
// values in [-1, 1) as its weights would blow up a 768-wide layer's
// activations and saturate its softmax.
func argsFor(sh Shape, plans []*plan.Plan) ([]*runtime.Tensor, error) {
	args, err := randomArgs(plans...)
	if err != nil || sh.Net == nil || sh.Net.Encoder == nil {
		return args, err
	}
	scale, offset := sh.Net.Encoder.Init()
	if len(scale) != len(args) {
		return nil, fmt.Errorf("the plan has %d arguments, the encoder %d", len(args), len(scale))
	}
	for i, a := range args {
		vs := a.Float64s()
		for j := range vs {
			vs[j] = offset[i] + scale[i]*vs[j]
		}
		if args[i], err = runtime.FromFloat64s(a.DType, a.Shape, vs); err != nil {
			return nil, err
		}
	}
	return args, nil
}

// randomArgs fills the plan's arguments with uniform values in [-1, 1)
// from a fixed seed; an argument the plan does not need (the input of a
// data gradient) is zeros, which the full-size seeds shapes make worth
// skipping (hundreds of millions of elements).
func randomArgs(plans ...*plan.Plan) ([]*runtime.Tensor, error) {
	rng := rand.New(rand.NewSource(1))
	var args []*runtime.Tensor
	p := plans[0]
	for i, b := range p.Args {
		dt, err := cpu.DTypeOf(b.Elem)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(plans, func(q *plan.Plan) bool { return i < len(q.Args) && q.Needs(q.Args[i]) }) {
			args = append(args, runtime.New(dt, b.Shape...))
			continue
		}
		vs := make([]float64, ir.NumElements(b.Shape))
		for i := range vs {
			vs[i] = rng.Float64()*2 - 1
		}
		a, err := runtime.FromFloat64s(dt, b.Shape, vs)
		if err != nil {
			return nil, err
		}
		args = append(args, a)
	}
	return args, nil
}

// timeRuns times each plan (of the pipeline names[i]) opt.Reps times, in
// rounds that run every plan once, after opt.Warmup untimed rounds. On
// the CPU a run's time is its wall time, and where plans alternate each
// timed run comes right after an untimed one of the same plan: PyTorch's
// runs are timed back to back, each finding the caches as its own last
// run left them, while a run right after another pipeline's found its
// data evicted by that one (a 3x3 stride-2 data gradient into 8x128x28x28,
// the default pipeline: 3.4-3.6 ms back to back, 3.8-4.1 right after the
// baseline's). On a Device a run's time is the sum of its steps' device
// times, and steps[i] are plan i's step times in its median run.
func timeRuns(plans []*plan.Plan, names []string, args []*runtime.Tensor, opt Options) (out []Timing, steps [][]time.Duration, err error) {
	type run struct {
		total time.Duration
		steps []time.Duration
	}
	ts := make([][]run, len(plans))
	// On the CPU each plan runs through one Executor, as a compiled
	// module runs (its kernels prepared in the first warm-up run, not
	// timed), and hands each run's results back to it for the next: the
	// steady state of a training loop, and PyTorch's, whose allocator
	// gives a call's outputs the memory of the last call's freed ones.
	var exes []*cpu.Executor
	if opt.Device == nil {
		for _, p := range plans {
			exes = append(exes, cpu.NewExecutor(p))
		}
	}
	for round := -opt.Warmup; round < opt.Reps; round++ {
		for i, p := range plans {
			var r run
			if opt.Device != nil {
				if r.steps, err = opt.Device.Run(p, args); err != nil {
					return nil, nil, fmt.Errorf("%s pipeline on %s: %w", names[i], opt.Device.Name(), err)
				}
				for _, d := range r.steps {
					r.total += d
				}
			} else {
				if round >= 0 && len(plans) > 1 {
					res, err := exes[i].Run(args, nil)
					if err != nil {
						return nil, nil, fmt.Errorf("%s pipeline: %w", names[i], err)
					}
					exes[i].Recycle(res...)
				}
				start := time.Now()
				res, err := exes[i].Run(args, nil)
				if err != nil {
					return nil, nil, fmt.Errorf("%s pipeline: %w", names[i], err)
				}
				r.total = time.Since(start)
				exes[i].Recycle(res...)
			}
			if round >= 0 {
				ts[i] = append(ts[i], r)
			}
		}
	}
	out = make([]Timing, len(plans))
	steps = make([][]time.Duration, len(plans))
	for i, t := range ts {
		if len(t) == 0 {
			continue
		}
		sort.Slice(t, func(a, b int) bool { return t[a].total < t[b].total })
		out[i] = Timing{Median: t[len(t)/2].total, Best: t[0].total}
		steps[i] = t[len(t)/2].steps
	}
	return out, steps, nil
}

// pipelineIndex is the column of the named pipeline, or -1.
func (r *Result) pipelineIndex(name string) int {
	for i, p := range r.Suite.Pipelines {
		if p == name {
			return i
		}
	}
	return -1
}

// Speedup is baseline time / default time (medians) for row i, or 0 when
// the suite does not run both.
func (r *Result) Speedup(i int) float64 {
	b, d := r.pipelineIndex("baseline"), r.pipelineIndex("default")
	if b < 0 || d < 0 || r.Rows[i].Err != "" {
		return 0
	}
	return seconds(r.Rows[i].Times[b].Median) / seconds(r.Rows[i].Times[d].Median)
}

// TorchRatio is ours (the default pipeline, else the last) / PyTorch
// (medians) for row i, or 0 without a PyTorch time.
func (r *Result) TorchRatio(i int) float64 {
	row := r.Rows[i]
	if row.Torch == nil || row.Err != "" {
		return 0
	}
	return seconds(row.Times[r.oursIndex()].Median) / seconds(row.Torch.Median)
}

func (r *Result) oursIndex() int { return oursOf(r.Suite.Pipelines) }

// oursOf is the index of the pipeline whose plan is ours (the default
// one, else the last) among pipelines.
func oursOf(pipelines []string) int {
	if d := slices.Index(pipelines, "default"); d >= 0 {
		return d
	}
	return len(pipelines) - 1
}

func seconds(d time.Duration) float64 { return d.Seconds() }

func ms(t Timing) string {
	return fmt.Sprintf("%.2f (%.2f)", float64(t.Median.Microseconds())/1e3, float64(t.Best.Microseconds())/1e3)
}

// Print writes the table and the medians per class.
func (r *Result) Print(w io.Writer) {
	name := r.Suite.Name
	if r.Dtype != "" {
		name += " in " + r.Dtype
	}
	what := "convolution_backward"
	if slices.ContainsFunc(r.Rows, func(row Row) bool { return row.Shape.Net != nil }) {
		what = "training steps"
	}
	if r.Device == "cpu" {
		fmt.Fprintf(w, "suite %s: %s on cpu, GOMAXPROCS=%d; times in ms, median of the runs (best)\n", name, what, r.Threads)
	} else {
		fmt.Fprintf(w, "suite %s: %s on %s; times in ms (the plan's kernels, by device events), median of the runs (best)\n", name, what, r.Device)
		fmt.Fprintf(w, "peak: %s\n", r.Peak.Desc)
	}
	fmt.Fprintf(w, "PyTorch: %s\n\n", r.Torch)
	pls := r.Suite.Pipelines
	both := r.pipelineIndex("baseline") >= 0 && r.pipelineIndex("default") >= 0
	head := []string{"shape", "class"}
	for _, p := range pls {
		head = append(head, "MACs "+p)
	}
	if both {
		head = append(head, "baseline/default")
	}
	for _, p := range pls {
		head = append(head, p+" ms")
	}
	if both {
		head = append(head, "speedup")
	}
	head = append(head, "PyTorch ms", "ours/PyTorch")
	table := [][]string{head}
	for i, row := range r.Rows {
		cells := []string{row.Shape.Name, row.Shape.Class()}
		if row.Err != "" {
			for len(cells) < len(head)-2 {
				cells = append(cells, "-")
			}
			cells[2] = "FAILED (below)"
			if row.Torch != nil {
				cells = append(cells, ms(*row.Torch), "-")
			} else {
				cells = append(cells, "-", "-")
			}
			table = append(table, cells)
			continue
		}
		for _, m := range row.MACs {
			cells = append(cells, fmt.Sprint(m))
		}
		if both {
			b, d := row.MACs[r.pipelineIndex("baseline")], row.MACs[r.pipelineIndex("default")]
			cells = append(cells, ratio(float64(b), float64(d)))
		}
		for _, t := range row.Times {
			cells = append(cells, ms(t))
		}
		if both {
			cells = append(cells, fmt.Sprintf("%.2fx", r.Speedup(i)))
		}
		if row.Torch != nil {
			cells = append(cells, ms(*row.Torch), fmt.Sprintf("%.2f", r.TorchRatio(i)))
		} else {
			cells = append(cells, "-", "-")
		}
		table = append(table, cells)
	}
	printTable(w, table, "ll")
	for _, row := range r.Rows {
		if row.Err != "" {
			fmt.Fprintf(w, "%s FAILED: %s\n", row.Shape.Name, row.Err)
		}
	}
	for _, line := range r.torchErrors() {
		fmt.Fprintln(w, line)
	}
	for _, line := range r.checkLines() {
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
	if both {
		fmt.Fprintln(w, "median speedup default/baseline (baseline time / default time):")
		r.printMedians(w, r.Speedup, "x")
	}
	if r.hasTorch() {
		fmt.Fprintf(w, "median ours(%s)/PyTorch (time ratio, < 1 is faster than PyTorch):\n", pls[r.oursIndex()])
		r.printMedians(w, r.TorchRatio, "")
	}
	r.printBars(w)
	r.printKernels(w)
}

// BarResult is a Bar of the suite held against its measurement: the
// median (over the shapes of the bar's class that have the value) of the
// speedup for a MinSpeedup bar, of ours/PyTorch for a MaxTorchRatio one.
type BarResult struct {
	Bar
	// What is "speedup" or "ours/PyTorch"; Target the bar's number.
	What   string
	Target float64
	// Median is 0 when no shape of the class has the value (PyTorch did
	// not run, or the suite's shapes were filtered out); Shapes counts
	// the shapes it is the median of, Failed those of the class that
	// failed (Row.Err): a bar with any is not met.
	Median float64
	Shapes int
	Failed int
	Met    bool
}

// rerunNotRun replaces the rows of the shapes that did not run with
// those of rerun, for as long as each rerun runs some of them (a shape
// that faults in the new process loses it the ones after it, which the
// next rerun takes).
func rerunNotRun(rows []Row, rerun func([]Shape) ([]Row, error)) {
	for {
		var at []int
		var again []Shape
		for i, row := range rows {
			if row.NotRun {
				at = append(at, i)
				again = append(again, row.Shape)
			}
		}
		if len(again) == 0 {
			return
		}
		more, err := rerun(again)
		byName := map[string]Row{}
		for _, row := range more {
			byName[row.Shape.Name] = row
		}
		for _, sh := range again {
			if _, ok := byName[sh.Name]; !ok && err == nil {
				err = fmt.Errorf("no row for shape %s", sh.Name)
			}
		}
		if err != nil {
			for _, i := range at {
				rows[i].Err += "; running it again in a new process failed: " + err.Error()
			}
			return
		}
		ran := false
		for _, i := range at {
			row := byName[rows[i].Shape.Name]
			row.Shape = rows[i].Shape
			row.Torch, row.TorchErr = rows[i].Torch, rows[i].TorchErr // this process's
			row.CheckErr = rows[i].CheckErr
			rows[i] = row
			ran = ran || !row.NotRun
		}
		if !ran {
			return
		}
	}
}

// Failed is the number of rows that failed (Row.Err).
func (r *Result) Failed() int {
	n := 0
	for _, row := range r.Rows {
		if row.Err != "" {
			n++
		}
	}
	return n
}

// Bars holds the suite's bars against the rows (one result per bar and
// measure: a bar with both a speedup and a PyTorch ratio gives two).
func (r *Result) Bars() []BarResult {
	var out []BarResult
	for _, b := range r.Suite.Bars {
		failed := 0
		for _, row := range r.Rows {
			if row.Err != "" && (b.Class == "all" || row.Shape.Class() == b.Class) {
				failed++
			}
		}
		if b.MinSpeedup > 0 {
			m, n := r.classMedian(b.Class, r.Speedup)
			out = append(out, BarResult{Bar: b, What: "speedup", Target: b.MinSpeedup, Median: m, Shapes: n, Failed: failed, Met: n > 0 && failed == 0 && m >= b.MinSpeedup})
		}
		if b.MaxTorchRatio > 0 {
			m, n := r.classMedian(b.Class, r.TorchRatio)
			out = append(out, BarResult{Bar: b, What: "ours/PyTorch", Target: b.MaxTorchRatio, Median: m, Shapes: n, Failed: failed, Met: n > 0 && failed == 0 && m <= b.MaxTorchRatio})
		}
	}
	return out
}

// classMedian is the median of f over the rows of class c ("all": every
// row) where f has a value (is not 0), and how many rows that is.
func (r *Result) classMedian(c string, f func(int) float64) (float64, int) {
	var vs []float64
	for i, row := range r.Rows {
		if v := f(i); v != 0 && (c == "all" || row.Shape.Class() == c) {
			vs = append(vs, v)
		}
	}
	return median(vs), len(vs)
}

// printBars writes each bar with the median it is held to and whether
// that meets it.
func (r *Result) printBars(w io.Writer) {
	bars := r.Bars()
	if len(bars) == 0 {
		return
	}
	fmt.Fprintln(w, "bars (the medians the suite is held to):")
	var table [][]string
	for _, b := range bars {
		cmp, unit := ">=", "x"
		if b.What == "ours/PyTorch" {
			cmp, unit = "<=", ""
		}
		got, verdict := "-", "NOT MEASURED"
		if b.Shapes > 0 {
			got = fmt.Sprintf("%.2f%s", b.Median, unit)
			verdict = "NOT MET"
			if b.Met {
				verdict = "met"
			}
		}
		shapes := count(b.Shapes)
		if b.Failed > 0 {
			verdict = "NOT MET"
			shapes = strings.TrimSuffix(shapes, ")") + fmt.Sprintf(", %d failed)", b.Failed)
		}
		table = append(table, []string{"  " + b.Class, b.What, got, fmt.Sprintf("%s %.2f%s", cmp, b.Target, unit), verdict, shapes, b.From})
	}
	printTable(w, table, "llrllll")
}

// printKernels lists each shape's slowest kernels with their achieved
// rates, their kind where the device names it and, where the peak is
// known, the fraction of it.
func (r *Result) printKernels(w io.Writer) {
	for _, row := range r.Rows {
		if len(row.Kernels) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s, %s pipeline: slowest kernels (GFLOP/s counts 2 per multiply-add, against the matrix units' peak where mx; GB/s counts each view once; \"step +N\": one launch runs the kernels of that step and N more)\n", row.Shape.Name, r.Suite.Pipelines[r.oursIndex()])
		table := [][]string{{"  step", "ms", "GFLOP/s", "of peak", "GB/s", "of peak", "kernel", "dispatch"}}
		for _, k := range row.Kernels {
			sec := k.Time.Seconds()
			step := fmt.Sprintf("  %d", k.Step)
			if len(k.With) > 0 {
				step += fmt.Sprintf(" +%d", len(k.With))
			}
			cells := []string{step, fmt.Sprintf("%.3f", sec*1e3)}
			flopsPeak, mark := r.Peak.FP32, ""
			if k.Matrix {
				flopsPeak, mark = r.Peak.Matrix, " mx"
			}
			for _, v := range []struct {
				amount int64
				peak   float64
				mark   string
			}{{k.FLOPs, flopsPeak, mark}, {k.Bytes, r.Peak.Bytes, ""}} {
				if v.amount == 0 || sec == 0 {
					cells = append(cells, "-", "-")
					continue
				}
				rate := float64(v.amount) / sec
				cells = append(cells, fmt.Sprintf("%.1f", rate/1e9), percent(rate, v.peak)+v.mark)
			}
			text := k.Text
			if utf8.RuneCountInString(text) > 90 {
				text = string([]rune(text)[:90]) + "..."
			}
			form := k.Form
			if form == "" {
				form = "-"
			}
			table = append(table, append(cells, form, text))
		}
		printTable(w, table, "lrrrrrll")
	}
}

func percent(rate, peak float64) string {
	if peak <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*rate/peak)
}

func ratio(a, b float64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f", a/b)
}

func (r *Result) torchErrors() []string {
	var out []string
	for _, row := range r.Rows {
		if row.TorchErr != "" {
			out = append(out, fmt.Sprintf("PyTorch failed on %s: %s", row.Shape.Name, row.TorchErr))
		}
	}
	return out
}

func (r *Result) hasTorch() bool {
	for _, row := range r.Rows {
		if row.Torch != nil {
			return true
		}
	}
	return false
}

// printMedians prints the median of f over the rows of each class (in
// order of first appearance) and over all rows; rows where f is 0 (no
// value) are left out.
func (r *Result) printMedians(w io.Writer, f func(int) float64, unit string) {
	var classes []string
	for i, row := range r.Rows {
		if c := row.Shape.Class(); f(i) != 0 && !slices.Contains(classes, c) {
			classes = append(classes, c)
		}
	}
	if len(classes) > 1 {
		classes = append(classes, "all")
	}
	var table [][]string
	for _, c := range classes {
		m, n := r.classMedian(c, f)
		table = append(table, []string{"  " + c, fmt.Sprintf("%.2f%s", m, unit), count(n)})
	}
	printTable(w, table, "lrl")
}

func count(n int) string {
	if n == 1 {
		return "(1 shape)"
	}
	return fmt.Sprintf("(%d shapes)", n)
}

// printTable writes rows as columns two spaces apart, column i aligned
// left where align[i] is 'l', else right (numbers).
func printTable(w io.Writer, rows [][]string, align string) {
	var width []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range rows {
		var sb strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if i > 0 {
				sb.WriteString("  ")
			}
			if i < len(align) && align[i] == 'l' {
				sb.WriteString(c + pad)
			} else {
				sb.WriteString(pad + c)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(sb.String(), " "))
	}
}

// median is the middle value (the mean of the two middle ones for an
// even count).
func median(vs []float64) float64 {
	s := append([]float64(nil), vs...)
	sort.Float64s(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// WriteRows writes rows for ReadRows: a run of bench in a new process
// (Options.Rerun) hands its rows back to the one that started it.
func WriteRows(w io.Writer, rows []Row) error { return gob.NewEncoder(w).Encode(rows) }

// ReadRows reads what WriteRows wrote.
func ReadRows(r io.Reader) ([]Row, error) {
	var rows []Row
	if err := gob.NewDecoder(r).Decode(&rows); err != nil {
		return nil, fmt.Errorf("reading rows: %v", err)
	}
	return rows, nil
}
