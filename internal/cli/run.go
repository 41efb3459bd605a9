package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

const runHelp = `Usage: torchlower run [flags] model.pt2|program.mlir

Runs a function on the CPU, like iree-run-module: a .pt2 archive is
imported (parameters inlined as constants), lowered with
convert-torch-to-linalg, planned and executed; a .mlir file may be in the
torch dialect (it is lowered first) or already linalg on tensors.

Inputs are given in function-argument order and outputs written in result
order, as .npy files: --input=@x.npy --output=@y.npy. With
--expected_output=@ref.npy each result is compared with the reference
(per-dtype tolerances, or --atol/--rtol), the maximum absolute and relative
errors and the first mismatching index are printed, and the exit status is
1 on a mismatch.

Flags:
`

func runRun(env *Env, args []string) int {
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	inputs := fs.StringArray("input", nil, "an argument, as @file.npy (repeat in argument order)")
	outputs := fs.StringArray("output", nil, "where to write a result, as @file.npy (repeat in result order)")
	expected := fs.StringArray("expected_output", nil, "a reference result, as @file.npy (repeat in result order)")
	function := fs.String("function", "main", "the function to run")
	device := fs.String("device", "cpu", "where to run: cpu (hip and cuda come with the GPU backend)")
	atol := fs.Float64("atol", -1, "absolute tolerance for --expected_output (default: per dtype)")
	rtol := fs.Float64("rtol", -1, "relative tolerance for --expected_output (default: per dtype)")
	timings := fs.Bool("print-timings", false, "print the time of each stage on stderr")
	pipeline := fs.String("pipeline", "default", "preprocessing after lowering: default (backward-data-conv) or baseline (none)")
	help := fs.BoolP("help", "h", false, "show this help")
	usage := func(w io.Writer) {
		fmt.Fprint(w, runHelp)
		fs.SetOutput(w)
		fs.PrintDefaults()
		fmt.Fprintf(w, "\n%s\n", runtime.NPYHelp)
	}
	fs.Usage = func() { usage(env.Stderr) }
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *help {
		usage(env.Stdout)
		return 0
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(env.Stderr, "torchlower run: expected one program (.pt2 or .mlir), got %d\n", fs.NArg())
		return 2
	}
	if *device != "cpu" {
		fmt.Fprintf(env.Stderr, "torchlower run: device %q is not available in this build (only cpu)\n", *device)
		return 2
	}
	in := fs.Arg(0)
	stage := newStageTimer(*timings, env.Stderr)

	ctx := compiler.NewContext()
	m, err := compiler.Load(ctx, in)
	if err != nil {
		printError(env.Stderr, err, nil)
		return 1
	}
	stage.done("load")
	if compiler.HasTorchOps(m) {
		if err := compiler.Lower(ctx, m); err != nil {
			printError(env.Stderr, err, nil)
			return 1
		}
		stage.done("lower")
	}
	if err := compiler.Preprocess(ctx, m, *pipeline); err != nil {
		printError(env.Stderr, err, nil)
		return 1
	}
	stage.done("preprocess")
	p, err := plan.Build(m, *function)
	if err != nil {
		fmt.Fprintf(env.Stderr, "%s: %v\n", in, err)
		return 1
	}
	stage.done("plan")
	if len(*inputs) != len(p.Args) {
		fmt.Fprintf(env.Stderr, "torchlower run: @%s takes %d arguments, %d --input given\n", *function, len(p.Args), len(*inputs))
		return 2
	}
	argv := make([]*runtime.Tensor, len(p.Args))
	for i, spec := range *inputs {
		t, err := readArg(spec, p.Args[i])
		if err != nil {
			fmt.Fprintf(env.Stderr, "torchlower run: argument %d: %v\n", i, err)
			return 1
		}
		argv[i] = t
	}
	stage.done("read inputs")
	results, err := cpu.Run(p, argv)
	if err != nil {
		fmt.Fprintf(env.Stderr, "%s: %v\n", in, err)
		return 1
	}
	stage.done("execute")

	code := 0
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
			fmt.Fprintf(env.Stdout, "result[%d]: %s%s %s\n", i, r.DType, runtime.FormatShape(r.Shape), preview(r))
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
				code = 1
			}
		}
	}
	if len(*expected) > len(results) {
		fmt.Fprintf(env.Stderr, "torchlower run: %d expected outputs for %d results\n", len(*expected), len(results))
		return 2
	}
	stage.done("outputs")
	stage.report()
	if *timings {
		fmt.Fprintf(env.Stderr, "  plan: %d steps, %d buffers, peak memory %d bytes\n", len(p.Steps), len(p.Buffers), p.PeakBytes())
	}
	return code
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

// preview prints the first few elements of a result.
func preview(t *runtime.Tensor) string {
	n := t.NumElements()
	var parts []string
	for i := 0; i < n && i < 8; i++ {
		if t.DType.IsFloat() {
			parts = append(parts, fmt.Sprintf("%g", t.Float64(i)))
		} else {
			parts = append(parts, fmt.Sprintf("%d", t.Int64(i)))
		}
	}
	if n > 8 {
		parts = append(parts, "...")
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// stageTimer measures the stages of `run` for --print-timings.
type stageTimer struct {
	on     bool
	w      io.Writer
	last   time.Time
	start  time.Time
	stages []string
	times  []time.Duration
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

func (s *stageTimer) report() {
	if !s.on {
		return
	}
	for i, n := range s.stages {
		fmt.Fprintf(s.w, "  %-12s %10.3f ms\n", n, float64(s.times[i].Microseconds())/1000)
	}
	fmt.Fprintf(s.w, "  %-12s %10.3f ms\n", "total", float64(time.Since(s.start).Microseconds())/1000)
}
