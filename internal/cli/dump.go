package cli

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	fn "github.com/torchlower/torchlower/dialect/func"
	"github.com/torchlower/torchlower/ir"
	"github.com/torchlower/torchlower/module"
	"github.com/torchlower/torchlower/plan"
)

const dumpHelp = `Usage: torchlower dump [flags] model.tlm

Prints what a compiled module holds, as iree-dump-module does for a .vmfb:
its size, schema version, target and producer; each entry point's
signature and a summary of its plan (steps and buffers by kind, the arena
and the peak memory); its kernels; and, for a GPU target, its GPU code.
The module is read and checked exactly as 'torchlower run' reads it, so a
corrupt, truncated or foreign file is the same error there and here.

--plan adds every buffer (kind, type, bytes, live range, arena offset)
and step (kind, views, the kernel a generic step runs) of each plan;
--kernels the kernel functions as MLIR (each holds one linalg.generic, on
tensors of dynamic sizes: the steps' views give them); --gpu-source the
generated GPU source of a GPU module.

Flags:
`

func runDump(env *Env, args []string) int {
	fs := pflag.NewFlagSet("dump", pflag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	plans := fs.Bool("plan", false, "print every buffer and step of each plan")
	kernels := fs.Bool("kernels", false, "print the kernel functions as MLIR")
	gpuSource := fs.Bool("gpu-source", false, "print the generated GPU source of a GPU module")
	help := fs.BoolP("help", "h", false, "show this help")
	if code, done := parseFlags(env, "dump", fs, help, textUsage(fs, dumpHelp), args); done {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(env.Stderr, "torchlower dump: expected one module (.tlm), got %d\n", fs.NArg())
		return 2
	}
	m, err := module.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(env.Stderr, "torchlower dump: %v\n", err)
		return 1
	}
	defer m.Close()
	if *gpuSource && m.GPU == nil {
		fmt.Fprintf(env.Stderr, "torchlower dump: %s: --gpu-source: the module's target is %s, which has no GPU code\n", m.Name, m.Target)
		return 2
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	dumpModule(out, m, *plans, *kernels, *gpuSource)
	return 0
}

// dumpModule prints m as runDump describes.
func dumpModule(w io.Writer, m *module.Module, plans, kernels, gpuSource bool) {
	fmt.Fprintf(w, "module %s: %d bytes, schema version %d, target %s\n", m.Name, m.Size, m.SchemaVersion, m.Target)
	pr := m.Producer
	fmt.Fprintf(w, "produced by torchlower %s (%s) from %s, pipeline %s\n", orUnknown(pr.Torchlower), orUnknown(pr.Go), orUnknown(pr.Source), orUnknown(pr.Pipeline))
	for _, e := range m.Entries {
		fmt.Fprintf(w, "entry point @%s(%s) -> (%s)\n", e.Name, joinTypes(e.Args), joinTypes(e.Results))
		fmt.Fprintf(w, "  %s\n", planSummary(e.Plan))
		if plans {
			nameKernels(m, e.Plan)
			for _, l := range strings.SplitAfter(strings.TrimSuffix(e.Plan.String(), "\n"), "\n") {
				fmt.Fprintf(w, "  %s", l)
			}
			fmt.Fprintln(w)
		}
	}
	k := m.Kernels()
	if k == nil {
		fmt.Fprintln(w, "kernels: none")
	} else {
		nf, nops := 0, 0
		for f := ir.Body(k).First(); f != nil; f = f.Next() {
			nf++
			f.Walk(ir.PreOrder, func(o *ir.Operation) {
				if o != f && o.Name != fn.Return {
					nops++
				}
			})
		}
		fmt.Fprintf(w, "kernels: %d functions, %d ops\n", nf, nops)
		if kernels {
			fmt.Fprint(w, k.String())
		}
	}
	switch g := m.GPU; {
	case g == nil:
		fmt.Fprintln(w, "gpu code: none (a cpu module)")
	case len(g.Binary) == 0:
		fmt.Fprintf(w, "gpu code: %d bytes of source, not compiled (the first run on a %s GPU compiles it)\n", len(g.Source), m.Target)
	default:
		fmt.Fprintf(w, "gpu code: %d bytes of source, %d bytes compiled for %s\n", len(g.Source), len(g.Binary), m.Target)
	}
	if gpuSource {
		fmt.Fprint(w, m.GPU.Source)
		if !strings.HasSuffix(m.GPU.Source, "\n") {
			fmt.Fprintln(w)
		}
	}
}

// nameKernels puts in front of the text of each generic step of p, a plan
// of m, the kernel function it runs ("kernel @k0_37: %8 = linalg.generic
// ..."; the name alone when the module holds no text for the step), so
// that a printed plan points into dump --kernels.
func nameKernels(m *module.Module, p *plan.Plan) {
	k := m.Kernels()
	if k == nil {
		return
	}
	for _, s := range p.Steps {
		if s.Kind != plan.StepGeneric || s.Op == nil || strings.HasPrefix(s.Text, "kernel @") {
			continue
		}
		if f := s.Op.ParentOp(); f != nil && f.Name == fn.Func && f.ParentOp() == k {
			name := "kernel @" + fn.Name(f)
			if s.Text != "" {
				name += ": " + s.Text
			}
			s.Text = name
		}
	}
}

// planSummary is one line on p: steps and buffers by kind, memory.
func planSummary(p *plan.Plan) string {
	var steps [plan.StepScalar + 1]int
	for _, s := range p.Steps {
		steps[s.Kind]++
	}
	var stepParts []string
	for k, n := range steps {
		if n > 0 {
			stepParts = append(stepParts, fmt.Sprintf("%d %s", n, plan.StepKind(k)))
		}
	}
	var bufs [plan.Temporary + 1]int
	var constBytes int64
	for _, b := range p.Buffers {
		bufs[b.Kind]++
		if b.Kind == plan.Constant {
			constBytes += b.Bytes()
		}
	}
	var bufParts []string
	for k, n := range bufs {
		if n == 0 {
			continue
		}
		part := plural(n, plan.BufferKind(k).String())
		if plan.BufferKind(k) == plan.Constant {
			part += " of " + strconv.FormatInt(constBytes, 10) + " bytes"
		}
		bufParts = append(bufParts, part)
	}
	return fmt.Sprintf("plan @%s: %s (%s), %s (%s), arena %d bytes, peak %d bytes",
		p.Func, plural(len(p.Steps), "step"), strings.Join(stepParts, ", "),
		plural(len(p.Buffers), "buffer"), strings.Join(bufParts, ", "), p.ArenaBytes, p.PeakBytes())
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

func joinTypes(ts []module.TensorType) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return strings.Join(parts, ", ")
}

func orUnknown(s string) string {
	if s == "" {
		return "(unknown)"
	}
	return s
}
