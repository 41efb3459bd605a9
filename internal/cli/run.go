package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/gpu"
	"github.com/torchlower/torchlower/gpu/codegen"
	"github.com/torchlower/torchlower/importer"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/module"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

const runHelp = `Usage: torchlower run [flags] model.pt2|program.mlir|model.tlm

Runs a function on the CPU or a GPU (--device), like iree-run-module: a .pt2 archive is
imported, lowered with convert-torch-to-linalg, planned and executed; a
.mlir file may be in the torch dialect (it is lowered first) or already
linalg on tensors. A module written by 'torchlower compile' (.tlm) runs
its compiled plan directly: nothing is imported or lowered, and its
constants are mapped from the file. A module runs where its target says
(--device may be left out): a cpu module on the CPU, a hip:gfxNNN or
cuda:sm_NN module on a GPU of that architecture, with the kernels compiled
into it (or, when it holds only their source, compiled on first use and
cached). A target that is not present here, or a --device other than the
target's, is an error naming the module's target and what is present.

Inputs are given in function-argument order and outputs written in result
order, as .npy files: --input=@x.npy --output=@y.npy. With
--expected_output=@ref.npy each result is compared with the reference
(per-dtype tolerances, or --atol/--rtol), the maximum absolute and relative
errors and the first mismatching index are printed, and the exit status is
1 on a mismatch.

Parameters. A .pt2 is imported with its parameters, buffers and lifted
constants inlined as constants (--params=inline, the default) or as
function arguments (--params=args) that run feeds from the archive. A
.mlir written by 'torchlower import --params=args -o model.mlir' takes
them as arguments too; run then reads the mapping import wrote next to it
(model.params.json, or --mapping=FILE) and feeds every parameter, buffer
and constant argument from the archive the mapping names (its path is
relative to the mapping's folder; a path relative to the current folder,
as older mappings wrote it, is tried next). Either way --input gives only
the user inputs, in the order of the model's forward() arguments. The
archive must hold the data: a mapping whose archive is missing, or whose
tensors are missing from it or differ in dtype or sizes, is an error
naming the mapping, the archive and the argument. --mapping=none ignores
any mapping, so that every argument is given with --input.

Dynamic shapes. A .pt2 exported with dynamic_shapes has symbolic sizes
(s0, s1, ...); torchlower compiles static shapes, so run specializes the
program to the sizes of the inputs it is given (a user input's dim that
is a symbol, or an affine expression of one such as 2*s0 from a derived
Dim, binds it; other forms need --dim), checking them against the ranges
the program was exported for and its runtime assertions. --dim s0=8 binds
a symbol explicitly (then an input of another size is a shape mismatch).

--print-timings prints, on stderr, the time of each stage and then of
each step of the plan (a dispatch: a generic, copy, fill, ...), the
slowest first: index, kind, time, share of the execute stage and the
step as the plan prints it. --top-steps sets how many are listed (the
rest are summed on one line). On the CPU a pad that one step alone reads
is run by that step (built in cache as it reads it, or in full): the
step is marked "[with the pad of steps F-C]" and holds the pad's time,
and the pad's fill and copy show none, marked "[pad run in step S]".
On a GPU, a first line names the device and the libraries in use; the
first run is two stages, kernels (getting the kernels' code: compiled
by NVRTC or hiprtc, or read from the kernel cache) and execute (the
rest); independent kernels may share a launch: its time falls on its
first step, marked "[launch of N kernels: steps ...]", and the others
are marked "[in step S's launch]".

--repeat=N runs the function N times on the same inputs, as
iree-benchmark-module repeats an invocation, and writes or compares the
last run's results. On the CPU the runs after the first reuse every
kernel the first prepared (the loop nests, offsets and fast paths of its
steps: most of a run of a small training step), binding them to their
own memory. With --print-timings the execute stage is the first run,
"repeats" the others together, and a line gives their median, minimum
and maximum.

Flags:
`

func runRun(env *Env, args []string) int {
	env = bufferedStdout(env)
	defer env.Stdout.(*bufio.Writer).Flush()
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	inputs := fs.StringArray("input", nil, "a user input, as @file.npy (repeat in argument order)")
	outputs := fs.StringArray("output", nil, "where to write a result, as @file.npy (repeat in result order)")
	expected := fs.StringArray("expected_output", nil, "a reference result, as @file.npy (repeat in result order)")
	function := fs.String("function", "main", "the function to run")
	device := fs.String("device", "cpu", deviceHelp)
	atol := fs.Float64("atol", -1, "absolute tolerance for --expected_output (default: per dtype)")
	rtol := fs.Float64("rtol", -1, "relative tolerance for --expected_output (default: per dtype)")
	timings := fs.Bool("print-timings", false, "print the time of each stage and of the slowest steps on stderr")
	topSteps := fs.Int("top-steps", 20, "with --print-timings, how many steps to list (0: all)")
	repeat := fs.Int("repeat", 1, "run the function this many times on the same inputs (the results are the last run's)")
	pipeline := fs.String("pipeline", "default", "preprocessing after lowering: default (backward-data-conv, then fuse-elementwise-ops and fp-contract) or baseline (fuse-elementwise-ops and fp-contract only); default-unfused and baseline-unfused leave out fp-contract (f32 contractions then round each product and each sum instead of fusing them)")
	params := fs.String("params", "", "a .pt2's parameters as constants (inline, the default) or arguments fed from the archive (args); with a .mlir, args requires a mapping")
	dims := dimFlag(fs)
	mapping := fs.String("mapping", "", "the parameter mapping of a .mlir (default: <program>.params.json when it exists; none: ignore it)")
	help := fs.BoolP("help", "h", false, "show this help")
	usage := func(w io.Writer) {
		textUsage(fs, runHelp)(w)
		fmt.Fprintf(w, "\n%s\n", runtime.NPYHelp)
	}
	if code, done := parseFlags(env, "run", fs, help, usage, args); done {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(env.Stderr, "torchlower run: expected one program (.pt2 or .mlir), got %d\n", fs.NArg())
		return 2
	}
	in := fs.Arg(0)
	isModule := isModuleFile(in)
	var dev *gpu.Device
	if isModule {
		if !slices.Contains(deviceNames, *device) {
			fmt.Fprintf(env.Stderr, "torchlower run: %v\n", unknownDevice(*device))
			return 2
		}
	} else {
		var err error
		if dev, err = openDevice(*device, env.Stderr); err != nil {
			fmt.Fprintf(env.Stderr, "torchlower run: %v\n", err)
			return 2
		}
	}
	if *repeat < 1 {
		fmt.Fprintf(env.Stderr, "torchlower run: --repeat must be at least 1, not %d\n", *repeat)
		return 2
	}
	if *params != "" && *params != "args" && *params != "inline" {
		fmt.Fprintf(env.Stderr, "torchlower run: --params must be args or inline, not %q\n", *params)
		return 2
	}
	stage := newStageTimer(*timings, env.Stderr)
	var p *plan.Plan
	var mp *importer.Mapping
	var gcode *gpu.Compiled
	var mod *module.Module
	entry := 0
	if isModule {
		if fs.Changed("pipeline") || *params != "" || *mapping != "" || len(*dims) > 0 {
			fmt.Fprintf(env.Stderr, "torchlower run: %s is a compiled module: --pipeline, --params, --mapping and --dim were fixed when it was compiled\n", in)
			return 2
		}
		m, err := module.ReadFile(in)
		if err != nil {
			fmt.Fprintf(env.Stderr, "torchlower run: %v\n", err)
			return 1
		}
		defer m.Close()
		mod = m
		if dev, err = moduleDevice(m, *device, fs.Changed("device")); err != nil {
			fmt.Fprintf(env.Stderr, "torchlower run: %v\n", err)
			return 1
		}
		e, err := m.Entry(*function)
		if err != nil {
			fmt.Fprintf(env.Stderr, "torchlower run: %v\n", err)
			return 1
		}
		p = e.Plan
		if m.GPU != nil {
			if gcode, err = moduleCode(m); err != nil {
				fmt.Fprintf(env.Stderr, "torchlower run: %v\n", err)
				return 1
			}
			entry = slices.Index(m.Entries, e)
		}
		stage.done("load module")
	} else {
		var code int
		target := compiler.CPU
		if dev != nil {
			target = compiler.TargetFor(dev.Name())
		}
		if p, mp, code = compileForRun(env, in, *function, *pipeline, target, *params, *mapping, *dims, *inputs, stage); p == nil {
			return code
		}
	}
	argv, code := bindArgs(env, p, mp, *inputs)
	if argv == nil {
		return code
	}
	stage.done("read inputs")
	var prof cpu.Profile
	var ex *cpu.Executor
	if dev == nil && *repeat > 1 {
		ex = cpu.NewExecutor(p)
	}
	results, kernels, err := execute(dev, ex, p, gcode, entry, argv, &prof)
	if err != nil {
		fmt.Fprintf(env.Stderr, "%s: %v\n", in, err)
		return 1
	}
	stage.done("execute")
	if dev != nil {
		stage.device = dev.Info()
		// The first run on a GPU gets the kernels' code (NVRTC or
		// hiprtc, or the kernel cache): a stage of its own.
		stage.split("kernels", kernels)
	}
	execTime := stage.times[len(stage.times)-1]
	var repeats []time.Duration
	for range *repeat - 1 {
		if ex != nil {
			// The previous run's results are replaced by this one's: their
			// memory takes this run's results (as a serving loop's would).
			ex.Recycle(results...)
		}
		start := time.Now()
		if results, _, err = execute(dev, ex, p, gcode, entry, argv, nil); err != nil {
			fmt.Fprintf(env.Stderr, "%s: run %d of %d: %v\n", in, len(repeats)+2, *repeat, err)
			return 1
		}
		repeats = append(repeats, time.Since(start))
	}
	if len(repeats) > 0 {
		stage.done("repeats")
	}

	status := 0
	var line []byte
	for i, r := range results {
		if r == nil {
			// A None result (a masked gradient): nothing to write or compare.
			fmt.Fprintf(env.Stdout, "result[%d]: None\n", i)
			continue
		}
		if i < len(*outputs) {
			path, ok := strings.CutPrefix((*outputs)[i], "@")
			if !ok {
				fmt.Fprintf(env.Stderr, "torchlower run: --output must be @file.npy, got %q\n", (*outputs)[i])
				return 2
			}
			if err := runtime.WriteNPYFile(path, r); err != nil {
				fmt.Fprintf(env.Stderr, "torchlower run: result %d: %v\n", i, err)
				return 1
			}
		} else if len(*expected) == 0 {
			line = appendResultLine(line[:0], i, r)
			env.Stdout.Write(line)
		}
		if i < len(*expected) {
			path, ok := strings.CutPrefix((*expected)[i], "@")
			if !ok {
				fmt.Fprintf(env.Stderr, "torchlower run: --expected_output must be @file.npy, got %q\n", (*expected)[i])
				return 2
			}
			want, err := runtime.ReadNPYFile(path, r.DType)
			if err != nil {
				fmt.Fprintf(env.Stderr, "torchlower run: expected result %d: %v\n", i, err)
				return 1
			}
			tol := runtime.DefaultTolerance(r.DType)
			if *atol >= 0 {
				tol.Atol = *atol
			}
			if *rtol >= 0 {
				tol.Rtol = *rtol
			}
			rep := runtime.Compare(r, want, tol)
			fmt.Fprintf(env.Stdout, "result[%d] vs %s: %s\n", i, filepath.Base(path), rep)
			if !rep.Match {
				status = 1
			}
		}
	}
	if len(*expected) > len(results) {
		fmt.Fprintf(env.Stderr, "torchlower run: %d expected outputs for %d results\n", len(*expected), len(results))
		return 2
	}
	stage.done("outputs")
	stage.report()
	if *timings && len(repeats) > 0 {
		slices.Sort(repeats)
		fmt.Fprintf(env.Stderr, "  repeats: %d runs after the first, median %.3f ms, min %.3f ms, max %.3f ms\n",
			len(repeats), millis(repeats[len(repeats)/2]), millis(repeats[0]), millis(repeats[len(repeats)-1]))
	}
	if *timings {
		if mod != nil {
			nameKernels(mod, p)
		}
		fmt.Fprintf(env.Stderr, "  plan: %d steps, %d buffers, peak memory %d bytes\n", len(p.Steps), len(p.Buffers), p.PeakBytes())
		var launches []codegen.StepKernel
		if dev != nil {
			launches, _ = codegen.Describe(p) // the plan ran: it generates
		}
		printStepTimes(env.Stderr, p, prof.Steps, launches, prof.Pads, execTime, *topSteps)
	}
	return status
}

// compileForRun loads, lowers, preprocesses (for target) and plans a .pt2
// or .mlir for run, timing each stage; on an error it prints it and returns a nil plan
// and the exit status.
func compileForRun(env *Env, in, function, pipeline string, target compiler.Target, params, mapping string, dims map[string]int64, inputs []string, stage *stageTimer) (*plan.Plan, *importer.Mapping, int) {
	isArchive := strings.HasSuffix(in, ".pt2")
	if isArchive && mapping != "" {
		fmt.Fprintf(env.Stderr, "torchlower run: --mapping is for a .mlir; a .pt2 is its own mapping (use --params=args)\n")
		return nil, nil, 2
	}
	if !isArchive && params == "inline" {
		fmt.Fprintf(env.Stderr, "torchlower run: --params=inline is for a .pt2; a .mlir takes its parameters the way import wrote them\n")
		return nil, nil, 2
	}

	// A .pt2 is opened once: its symbols are bound from the inputs' sizes,
	// then it is imported from the same Archive.
	var a *importer.Archive
	if isArchive {
		var err error
		if a, err = importer.Open(in); err != nil {
			fmt.Fprintf(env.Stderr, "%s\n", importErr(in, err))
			return nil, nil, 1
		}
		if dims, err = inputDims(a, inputs, dims); err != nil {
			fmt.Fprintf(env.Stderr, "torchlower run: %v\n", err)
			return nil, nil, 1
		}
	}
	ctx := compiler.NewContext()
	var m *ir.Operation
	var mp *importer.Mapping
	var err error
	switch {
	case isArchive && params == "args":
		m, mp, err = loadArchiveArgs(ctx, a, in, function, dims)
	case isArchive:
		m, err = compiler.LoadArchive(ctx, a, dims)
	default:
		m, err = compiler.LoadDims(ctx, in, dims)
	}
	if err != nil {
		printError(env.Stderr, err, nil)
		return nil, nil, 1
	}
	stage.done("load")
	if !isArchive {
		mp, err = loadMapping(in, mapping, params == "args")
		if err != nil {
			fmt.Fprintf(env.Stderr, "torchlower run: %v\n", err)
			return nil, nil, 1
		}
		if mp != nil {
			stage.done("read params")
		}
	}
	if compiler.HasTorchOps(m) {
		if err := compiler.Lower(ctx, m); err != nil {
			printError(env.Stderr, err, nil)
			printDynamicNote(env.Stderr, in, dims)
			return nil, nil, 1
		}
		stage.done("lower")
	}
	if err := compiler.PreprocessFor(ctx, m, pipeline, target); err != nil {
		printError(env.Stderr, err, nil)
		return nil, nil, 1
	}
	stage.done("preprocess")
	p, err := plan.Build(m, function)
	if err != nil {
		fmt.Fprintf(env.Stderr, "%s: %v\n", in, err)
		return nil, nil, 1
	}
	stage.done("plan")
	return p, mp, 0
}

// loadArchiveArgs imports a .pt2 with its parameters, buffers and
// constants as function arguments; the mapping carries their tensors.
func loadArchiveArgs(ctx *ir.Context, a *importer.Archive, path, function string, dims map[string]int64) (*ir.Operation, *importer.Mapping, error) {
	m, mp, err := importer.Import(ctx, a, importer.Options{Params: "args", FuncName: function, Dims: dims})
	if err != nil {
		return nil, nil, fmt.Errorf("%s", importErr(path, err))
	}
	return m, mp, nil
}

// loadMapping finds and reads the parameter mapping of a .mlir program:
// flag names it ("none" for no mapping); by default it is the
// <program>.params.json that `torchlower import -o <program>.mlir` writes,
// when that file exists. A mapping with params "args" is bound to the
// archive it names (relative to the mapping's folder first, then to the
// current one). required makes a missing mapping an error.
func loadMapping(program, flag string, required bool) (*importer.Mapping, error) {
	if flag == "none" {
		if required {
			return nil, fmt.Errorf("--params=args needs a mapping, and --mapping=none was given")
		}
		return nil, nil
	}
	path := flag
	if path == "" {
		path = strings.TrimSuffix(program, filepath.Ext(program)) + ".params.json"
		if _, err := os.Stat(path); err != nil {
			if required {
				return nil, fmt.Errorf("%s: --params=args, but there is no mapping %s next to it (torchlower import --params=args -o %s writes one; or give --mapping=FILE)", program, path, program)
			}
			return nil, nil
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the parameter mapping: %v", err)
	}
	defer f.Close()
	mp, err := importer.ReadMapping(f, path)
	if err != nil {
		return nil, err
	}
	if mp.Params != "args" {
		if required {
			return nil, fmt.Errorf("%s: --params=args, but the mapping says the parameters were inlined (params %q)", path, mp.Params)
		}
		return mp, nil
	}
	if mp.Archive == "" {
		return nil, fmt.Errorf("%s: the mapping names no archive to read the parameters from", path)
	}
	arch := mp.Archive
	if !filepath.IsAbs(arch) {
		arch = filepath.Join(filepath.Dir(path), filepath.FromSlash(mp.Archive))
		if _, err := os.Stat(arch); err != nil {
			if _, err2 := os.Stat(mp.Archive); err2 == nil {
				arch = mp.Archive
			}
		}
	}
	if _, err := os.Stat(arch); err != nil {
		return nil, fmt.Errorf("%s: the archive %q holding the parameters is missing (looked for %s): %v", path, mp.Archive, arch, errors.Unwrap(err))
	}
	a, err := importer.Open(arch)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", path, importErr(arch, err))
	}
	if err := mp.Bind(a); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return mp, nil
}

// bindArgs builds the argument list of p: without a mapping (or with
// inlined parameters) every argument is a --input, in order; with one,
// the --inputs are the user inputs, in order, and every other argument is
// the archive's tensor. On an error it prints the message and returns nil
// and the exit status.
func bindArgs(env *Env, p *plan.Plan, mp *importer.Mapping, inputs []string) ([]*runtime.Tensor, int) {
	argv := make([]*runtime.Tensor, len(p.Args))
	if mp == nil || mp.Params != "args" {
		if len(inputs) != len(p.Args) {
			fmt.Fprintf(env.Stderr, "torchlower run: @%s takes %d arguments, %d --input given\n", p.Func, len(p.Args), len(inputs))
			return nil, 2
		}
		for i, spec := range inputs {
			t, err := readArg(spec, p.Args[i])
			if err != nil {
				fmt.Fprintf(env.Stderr, "torchlower run: argument %d: %v\n", i, err)
				return nil, 1
			}
			argv[i] = t
		}
		return argv, 0
	}
	if n := mp.NumArgs(); n != len(p.Args) || (mp.Function != "" && mp.Function != p.Func) {
		fmt.Fprintf(env.Stderr, "torchlower run: the parameter mapping describes @%s with %d arguments, but the program's @%s takes %d (is the mapping from another import?)\n",
			mp.Function, n, p.Func, len(p.Args))
		return nil, 1
	}
	var user []importer.MappedInput
	for _, mi := range mp.Inputs {
		if mi.Arg >= 0 && mi.Kind == "user_input" {
			user = append(user, mi)
		}
	}
	if len(inputs) != len(user) {
		names := make([]string, len(user))
		for i, u := range user {
			names[i] = u.Name
		}
		fmt.Fprintf(env.Stderr, "torchlower run: @%s takes %d user inputs (%s; parameters come from the archive), %d --input given\n",
			p.Func, len(user), strings.Join(names, ", "), len(inputs))
		return nil, 2
	}
	for i, u := range user {
		t, err := readArg(inputs[i], p.Args[u.Arg])
		if err != nil {
			fmt.Fprintf(env.Stderr, "torchlower run: input %d (argument %d, %s): %v\n", i, u.Arg, u.Name, err)
			return nil, 1
		}
		argv[u.Arg] = t
	}
	for _, mi := range mp.Inputs {
		if mi.Arg < 0 || mi.Kind == "user_input" {
			continue
		}
		t, err := paramTensor(mi, p.Args[mi.Arg])
		if err != nil {
			fmt.Fprintf(env.Stderr, "torchlower run: argument %d (%s %s): %v\n", mi.Arg, mi.Kind, mi.FQN, err)
			return nil, 1
		}
		argv[mi.Arg] = t
	}
	return argv, 0
}

// paramTensor is a parameter's stored tensor as the argument buffer b
// wants it (same dtype and shape; strided views gathered).
func paramTensor(mi importer.MappedInput, b *plan.Buffer) (*runtime.Tensor, error) {
	st := mi.Tensor
	if st == nil {
		return nil, fmt.Errorf("the archive has no data for it")
	}
	want, err := cpu.DTypeOf(b.Elem)
	if err != nil {
		return nil, err
	}
	var dt runtime.DType
	if et := st.Dtype.IRType(); et != nil {
		dt, err = cpu.DTypeOf(et)
	}
	if st.Dtype.IRType() == nil || err != nil || dt != want {
		return nil, fmt.Errorf("stored as %s, the function wants %s", st.Dtype, want)
	}
	if !slices.Equal(st.Sizes, b.Shape) {
		return nil, fmt.Errorf("stored with sizes %s, the function wants %s", runtime.FormatShape(st.Sizes), runtime.FormatShape(b.Shape))
	}
	raw, err := st.Bytes()
	if err != nil {
		return nil, err
	}
	// Bytes may share the archive's storage; the tensor gets its own copy.
	return &runtime.Tensor{DType: dt, Shape: append([]int64{}, b.Shape...), Data: append([]byte(nil), raw...)}, nil
}

// readArg reads `@file.npy` as the dtype and shape the argument buffer has.
func readArg(spec string, b *plan.Buffer) (*runtime.Tensor, error) {
	path, ok := strings.CutPrefix(spec, "@")
	if !ok {
		return nil, fmt.Errorf("--input must be @file.npy, got %q", spec)
	}
	dt, err := cpu.DTypeOf(b.Elem)
	if err != nil {
		return nil, err
	}
	t, err := runtime.ReadNPYFile(path, dt)
	if err != nil {
		return nil, err
	}
	if err := runtime.CheckShape(t, b.Shape); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return t, nil
}

// stepTextWidth is where a step's text is cut in the timing table.
const stepTextWidth = 110

// printStepTimes prints the per-step (dispatch) table of --print-timings:
// the top steps by time, slowest first, each with its index, kind, time,
// share of the execute stage and the plan's one-line text of it, then
// one line summing the steps not listed. On a GPU, launches says which
// steps' kernels share a launch (codegen.Describe; nil on the CPU): the
// launch's time is its first step's, which says so, as do the others.
// On the CPU, pads maps each step that read a pad folded into it to the
// pad's fill step (cpu.Profile.Pads): the step says it holds the pad's
// time, and the pad's two steps where it went.
func printStepTimes(w io.Writer, p *plan.Plan, times []time.Duration, launches []codegen.StepKernel, pads map[int]int, exec time.Duration, top int) {
	if len(times) != len(p.Steps) {
		return
	}
	order := make([]int, len(times))
	var sum time.Duration
	for i := range order {
		order[i] = i
		sum += times[i]
	}
	sort.SliceStable(order, func(a, b int) bool { return times[order[a]] > times[order[b]] })
	n := len(order)
	if top > 0 && top < n {
		n = top
	}
	ms := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }
	fmt.Fprintf(w, "  steps: %d, %.3f ms in steps of %.3f ms execute; the %d slowest:\n", len(times), ms(sum), ms(exec), n)
	fmt.Fprintf(w, "  %6s  %-8s %10s %7s  %s\n", "step", "kind", "ms", "share", "dispatch")
	for _, i := range order[:n] {
		share := 0.0
		if exec > 0 {
			share = 100 * float64(times[i]) / float64(exec)
		}
		text, _, _ := strings.Cut(p.StepString(i), "\n")
		text = launchNote(launches, i) + padNote(pads, i) + text
		if r := []rune(text); len(r) > stepTextWidth {
			text = string(r[:stepTextWidth-3]) + "..."
		}
		fmt.Fprintf(w, "  %6d  %-8s %10.3f %6.1f%%  %s\n", i, p.Steps[i].Kind, ms(times[i]), share, text)
	}
	if rest := order[n:]; len(rest) > 0 {
		var d time.Duration
		for _, i := range rest {
			d += times[i]
		}
		fmt.Fprintf(w, "  ... %d more steps, %.3f ms\n", len(rest), ms(d))
	}
}

// padNote is what the timing table says of step i when it read a pad
// folded into it, "[with the pad of steps 1-2] ", or is one of such a
// pad's steps, "[pad run in step 5] ".
func padNote(pads map[int]int, i int) string {
	if f, ok := pads[i]; ok {
		return fmt.Sprintf("[with the pad of steps %d-%d] ", f, f+1)
	}
	for reader, f := range pads {
		if i == f || i == f+1 {
			return fmt.Sprintf("[pad run in step %d] ", reader)
		}
	}
	return ""
}

// launchNote is what the timing table says of step i when its kernel
// shares a launch: "[launch of 8 kernels: steps 3 7 ...] " at the first,
// where the time falls, "[in step 3's launch] " at the others.
func launchNote(launches []codegen.StepKernel, i int) string {
	for _, l := range launches {
		if len(l.Steps) < 2 || !slices.Contains(l.Steps, i) {
			continue
		}
		if l.Steps[0] != i {
			return fmt.Sprintf("[in step %d's launch] ", l.Steps[0])
		}
		return fmt.Sprintf("[launch of %d kernels: steps %s] ", len(l.Steps), strings.Trim(fmt.Sprint(l.Steps), "[]"))
	}
	return ""
}

// bufferedStdout is env with its standard output buffered: a run prints a
// line per result, a system call each when unbuffered (0.03 ms of a
// compiled module's 4 ms start on the 36-result fixture). Whatever is
// written to standard error first flushes what is buffered, so the two
// streams keep their order.
func bufferedStdout(env *Env) *Env {
	out := bufio.NewWriter(env.Stdout)
	return &Env{Stdin: env.Stdin, Stdout: out, Stderr: flushFirst{out, env.Stderr}}
}

// flushFirst flushes out before each write to w.
type flushFirst struct {
	out *bufio.Writer
	w   io.Writer
}

func (f flushFirst) Write(p []byte) (int, error) {
	if err := f.out.Flush(); err != nil {
		return 0, err
	}
	return f.w.Write(p)
}

// appendResultLine appends run's line for result i, t:
// "result[i]: f32[2, 3] [1, 2, 3, 4, 5, 6]". Written with appends, not
// fmt: a training step prints dozens, after the first result.
func appendResultLine(b []byte, i int, t *runtime.Tensor) []byte {
	b = append(b, "result["...)
	b = strconv.AppendInt(b, int64(i), 10)
	b = append(b, "]: "...)
	b = append(b, t.DType.String()...)
	b = append(b, '[')
	for j, d := range t.Shape {
		if j > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, d, 10)
	}
	b = append(b, "] "...)
	return append(appendPreview(b, t), '\n')
}

// appendPreview appends up to eight elements of t, "[1, 2, ...]".
func appendPreview(b []byte, t *runtime.Tensor) []byte {
	n := t.NumElements()
	b = append(b, '[')
	for i := 0; i < n && i < 8; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		if t.DType.IsFloat() {
			b = strconv.AppendFloat(b, t.Float64(i), 'g', -1, 64) // as %g
		} else {
			b = strconv.AppendInt(b, t.Int64(i), 10)
		}
	}
	if n > 8 {
		b = append(b, ", ..."...)
	}
	return append(b, ']')
}

// stageTimer measures the stages of `run` for --print-timings.
type stageTimer struct {
	on     bool
	w      io.Writer
	last   time.Time
	start  time.Time
	stages []string
	times  []time.Duration
	device string // the GPU and libraries that ran the plan ("": the CPU)
}

func newStageTimer(on bool, w io.Writer) *stageTimer {
	now := time.Now()
	return &stageTimer{on: on, w: w, last: now, start: now}
}

func (s *stageTimer) done(name string) {
	now := time.Now()
	s.stages = append(s.stages, name)
	s.times = append(s.times, now.Sub(s.last))
	s.last = now
}

// split divides the last stage in two: first, the part of it named
// name that took d, then the rest under its own name.
func (s *stageTimer) split(name string, d time.Duration) {
	n := len(s.stages) - 1
	d = min(d, s.times[n])
	s.stages = slices.Insert(s.stages, n, name)
	s.times = slices.Insert(s.times, n, d)
	s.times[n+1] -= d
}

func (s *stageTimer) report() {
	if !s.on {
		return
	}
	if s.device != "" {
		fmt.Fprintf(s.w, "  device: %s\n", s.device)
	}
	for i, n := range s.stages {
		fmt.Fprintf(s.w, "  %-12s %10.3f ms\n", n, millis(s.times[i]))
	}
	fmt.Fprintf(s.w, "  %-12s %10.3f ms\n", "total", millis(time.Since(s.start)))
}

// millis is d in milliseconds, to the microsecond, as the timings print.
func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
