package cli

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/e2e"
)

const e2eHelp = `Usage: torchlower e2e [--filter=RE] [--device=cpu] [-v] [--cases=DIR]

Runs the end-to-end suite: every case under --cases (a directory holding
meta.json, program.mlir or a .pt2 archive program.pt2, inputs/*.npy and
expected/*.npy, as written by e2e/gen/conv_backward_matrix.py and
e2e/gen/joint_conv_bn_relu.py) is compiled, run on --device and compared
output by output with PyTorch's results, at the tolerances in its
meta.json (or the dtype's defaults). The report is torch-mlir's e2e
format: one PASS/FAIL/XFAIL/XPASS line per case and a Summary block; with
-v each failure shows its shapes, maximum errors and first mismatch. The
exit status is 1 if any case FAILs or XPASSes.

On a GPU, a kernel that faults (an illegal address, say) FAILs its case
and leaves the device unusable for the rest of the process: the cases it
kept from running are run in a new process, and the report covers them
all.

Flags:
`

func runE2E(env *Env, args []string) int {
	fs := pflag.NewFlagSet("e2e", pflag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	filter := fs.String("filter", "", "run only the cases whose name (or suite/name) matches this regular expression")
	device := fs.String("device", "cpu", "where to run: "+strings.Join(backendNames(), ", "))
	verbose := fs.BoolP("verbose", "v", false, "show the details of each failure")
	casesDir := fs.String("cases", "e2e/cases", "the directory of cases")
	pipeline := fs.String("pipeline", "default", "preprocessing after lowering: default (backward-data-conv, then fuse-elementwise-ops and fp-contract) or baseline (fuse-elementwise-ops and fp-contract only); default-unfused and baseline-unfused leave out fp-contract (f32 contractions then round each product and each sum instead of fusing them); on a GPU, as it runs them (dy kept NCHW; on cuda, f16/bf16 factors transposed for the tensor cores)")
	parallel := fs.Int("parallel", 0, "cases run at once (default GOMAXPROCS)")
	progress := fs.Bool("progress", false, "print each case's outcome on stderr as soon as it is done (a FAIL with its first error line), before the report: what a run cut short by a time limit leaves")
	help := fs.BoolP("help", "h", false, "show this help")
	// A run of the cases a kernel fault left undone, in a new process
	// (rerunE2E): the cases listed in a file, the results written to one.
	onlyFrom := fs.String("only-cases-from", "", "run only the cases (suite/name) listed in this file, a line each")
	resultsTo := fs.String("results-to", "", "write the results to this file for the process that relaunched this one, instead of the report")
	fs.MarkHidden("only-cases-from")
	fs.MarkHidden("results-to")
	if code, done := parseFlags(env, "e2e", fs, help, textUsage(fs, e2eHelp), args); done {
		return code
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(env.Stderr, "torchlower e2e: unexpected arguments %q\n", fs.Args())
		return 2
	}
	b, ok := e2e.Backends[*device]
	if !ok {
		fmt.Fprintf(env.Stderr, "torchlower e2e: device %q is not available in this build (have: %s)\n", *device, strings.Join(backendNames(), ", "))
		return 2
	}
	if !b.Available() {
		why := ""
		if g, ok := b.(e2e.GPU); ok {
			why = ": " + g.Reason().Error()
		}
		fmt.Fprintf(env.Stderr, "torchlower e2e: device %q is not available on this machine%s\n", *device, why)
		return 2
	}
	if _, ok := compiler.PipelineText(*pipeline, compiler.CPU); !ok || *pipeline == "" {
		fmt.Fprintf(env.Stderr, "torchlower e2e: unknown --pipeline %q (want default, baseline, default-unfused or baseline-unfused)\n", *pipeline)
		return 2
	}
	if cpuBackend, ok := b.(e2e.CPU); ok {
		cpuBackend.Pipeline = *pipeline
		b = cpuBackend
	}
	if gpuBackend, ok := b.(e2e.GPU); ok {
		gpuBackend.Pipeline = *pipeline
		b = gpuBackend
	}
	var re *regexp.Regexp
	if *filter != "" {
		var err error
		if re, err = regexp.Compile(*filter); err != nil {
			fmt.Fprintf(env.Stderr, "torchlower e2e: --filter: %v\n", err)
			return 2
		}
	}
	cases, err := e2e.LoadCases(*casesDir)
	if err != nil {
		fmt.Fprintf(env.Stderr, "torchlower e2e: %v\n", err)
		return 1
	}
	if *onlyFrom != "" {
		if cases, err = listedCases(cases, *onlyFrom); err != nil {
			fmt.Fprintf(env.Stderr, "torchlower e2e: %v\n", err)
			return 1
		}
	}
	if len(e2e.Filter(cases, re)) == 0 {
		fmt.Fprintf(env.Stderr, "torchlower e2e: no cases under %s match\n", *casesDir)
		return 1
	}
	start := time.Now()
	opts := e2e.Options{Filter: re, Parallel: *parallel}
	if *resultsTo == "" && env.Relaunch != nil {
		opts.Rerun = func(again []*e2e.Case) ([]*e2e.Result, error) { return rerunE2E(env, args, again, b.Name()) }
	}
	if *progress {
		opts.Progress = func(r *e2e.Result) {
			line := fmt.Sprintf("%s (%v)", r.Line(), r.Duration.Round(time.Millisecond))
			if problem, _, _ := strings.Cut(e2e.Problem(r), "\n"); problem != "" {
				line += ": " + problem
			}
			fmt.Fprintln(env.Stderr, line)
		}
	}
	results := e2e.Run(cases, b, opts)
	if *resultsTo != "" {
		if err := writeFile(*resultsTo, func(w io.Writer) error { return e2e.WriteResults(w, results) }); err != nil {
			fmt.Fprintf(env.Stderr, "torchlower e2e: %v\n", err)
			return 1
		}
		return 0
	}
	s := e2e.Report(env.Stdout, results, *verbose, b.Name())
	if *verbose {
		fmt.Fprintf(env.Stdout, "\n%d cases on %s in %v\n", len(results), b.Name(), time.Since(start).Round(time.Millisecond))
	}
	if s.Failed() {
		return 1
	}
	return 0
}

func backendNames() []string {
	var names []string
	for n := range e2e.Backends {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// RunE2E is `torchlower e2e` as a function, for e2e's own tests (which
// cannot reach the unexported command from outside this package).
func RunE2E(env *Env, args []string) int { return runE2E(env, args) }

// rerunE2E runs cases, which did not run because a kernel fault left the
// device unusable in this process, in a new one: the same command line
// (args), restricted to them, its results read back.
func rerunE2E(env *Env, args []string, cases []*e2e.Case, device string) ([]*e2e.Result, error) {
	fmt.Fprintf(env.Stderr, "torchlower e2e: %d cases did not run after a kernel fault on %s, which leaves it unusable in its process: running them in a new one\n", len(cases), device)
	list := func(dir string) ([]string, error) {
		var keys strings.Builder
		for _, c := range cases {
			fmt.Fprintln(&keys, c.Key())
		}
		file := filepath.Join(dir, "cases")
		return []string{"--only-cases-from=" + file, "--results-to=" + filepath.Join(dir, "out")}, os.WriteFile(file, []byte(keys.String()), 0o644)
	}
	return inNewProcess(env, "e2e", args, list, func(r io.Reader) ([]*e2e.Result, error) { return e2e.ReadResults(r, cases) })
}

// listedCases are the cases whose suite/name file lists, a line each.
func listedCases(cases []*e2e.Case, file string) ([]*e2e.Case, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, k := range strings.Split(string(text), "\n") {
		if k != "" {
			want[k] = true
		}
	}
	var out []*e2e.Case
	for _, c := range cases {
		if want[c.Key()] {
			out = append(out, c)
			delete(want, c.Key())
		}
	}
	if len(want) > 0 {
		missing := slices.Sorted(maps.Keys(want))
		return nil, fmt.Errorf("%s lists cases that do not exist: %s", file, strings.Join(missing, ", "))
	}
	return out, nil
}
