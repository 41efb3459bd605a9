package pass

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/torchlower/torchlower/ir"
)

// Manager runs a pipeline with instrumentation.
type Manager struct {
	IR       *ir.Context
	Pipeline *Pipeline
	// VerifyEach runs the verifier after every pass and names the pass
	// that broke the IR.
	VerifyEach bool
	// PrintAfterAll prints the IR after every pass to IROut.
	PrintAfterAll bool
	// PrintAfter prints the IR after the named passes.
	PrintAfter []string
	// PrintOptions for IR dumps.
	PrintOptions ir.PrintOptions
	IROut        io.Writer
	// Timing collects wall time per pass, reported by TimingReport.
	Timing bool

	times []passTime
	top   *ir.Operation
}

type passTime struct {
	name string
	d    time.Duration
}

// Run executes the pipeline on op (usually the top-level module).
func (m *Manager) Run(op *ir.Operation) error {
	m.top = op
	start := time.Now()
	err := m.runPipeline(m.Pipeline, []*ir.Operation{op})
	if m.Timing {
		m.times = append(m.times, passTime{"<total>", time.Since(start)})
	}
	return err
}

func (m *Manager) runPipeline(pl *Pipeline, ops []*ir.Operation) error {
	for _, e := range pl.Entries {
		if e.Nested != nil {
			var inner []*ir.Operation
			for _, op := range ops {
				inner = append(inner, nestedOps(op, e.Nested.Anchor)...)
			}
			if err := m.runPipeline(e.Nested, inner); err != nil {
				return err
			}
			continue
		}
		if err := m.runPass(e, ops); err != nil {
			return err
		}
	}
	return nil
}

// nestedOps returns the ops named anchor directly inside op's regions.
func nestedOps(op *ir.Operation, anchor string) []*ir.Operation {
	var out []*ir.Operation
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for o := range b.Ops() {
				if o.Name == anchor || anchor == "any" {
					out = append(out, o)
				}
			}
		}
	}
	return out
}

func (m *Manager) runPass(e Entry, ops []*ir.Operation) error {
	start := time.Now()
	c := &Context{IR: m.IR, Options: e.Options}
	for _, op := range ops {
		targets := []*ir.Operation{op}
		if e.Pass.Anchor != "" && op.Name != e.Pass.Anchor {
			targets = nil
			op.Walk(ir.PreOrder, func(o *ir.Operation) {
				if o.Name == e.Pass.Anchor {
					targets = append(targets, o)
				}
			})
		}
		for _, t := range targets {
			if err := e.Pass.Run(t, c); err != nil {
				return err
			}
		}
	}
	if m.Timing {
		m.times = append(m.times, passTime{e.Pass.Name, time.Since(start)})
	}
	if m.VerifyEach {
		if err := ir.Verify(m.top); err != nil {
			return ir.VerifyFailure(e.Pass.Name, err)
		}
	}
	if m.IROut != nil && (m.PrintAfterAll || contains(m.PrintAfter, e.Pass.Name)) {
		fmt.Fprintf(m.IROut, "// -----// IR Dump After %s (%s) //----- //\n", passTitle(e.Pass.Name), e.Pass.Name)
		if err := ir.Print(m.IROut, m.top, m.PrintOptions); err != nil {
			return err
		}
		fmt.Fprintln(m.IROut)
	}
	return nil
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// passTitle turns `symbol-dce` into `SymbolDCE`-like CamelCase for dump
// headers, the way MLIR names passes by their class.
func passTitle(name string) string {
	parts := strings.Split(name, "-")
	for i, p := range parts {
		switch p {
		case "cse", "dce":
			parts[i] = strings.ToUpper(p)
		default:
			if p != "" {
				parts[i] = strings.ToUpper(p[:1]) + p[1:]
			}
		}
	}
	return strings.Join(parts, "")
}

// TimingReport writes an mlir-opt style execution time report: total, then
// each pass with its share, in pipeline order (repeated passes summed).
func (m *Manager) TimingReport(w io.Writer) {
	var total time.Duration
	order := []string{}
	sum := map[string]time.Duration{}
	for _, t := range m.times {
		if t.name == "<total>" {
			total += t.d
			continue
		}
		if _, ok := sum[t.name]; !ok {
			order = append(order, t.name)
		}
		sum[t.name] += t.d
	}
	line := strings.Repeat("-", 73)
	fmt.Fprintf(w, "===%s===\n", line)
	fmt.Fprintf(w, "%50s\n", "... Execution time report ...")
	fmt.Fprintf(w, "===%s===\n", line)
	fmt.Fprintf(w, "  Total Execution Time: %.4f seconds\n\n", total.Seconds())
	fmt.Fprintf(w, "  ----Wall Time----  ----Name----\n")
	pct := func(d time.Duration) float64 {
		if total == 0 {
			return 0
		}
		return 100 * d.Seconds() / total.Seconds()
	}
	for _, n := range order {
		fmt.Fprintf(w, "  %8.4f (%5.1f%%)  %s\n", sum[n].Seconds(), pct(sum[n]), n)
	}
	fmt.Fprintf(w, "  %8.4f (100.0%%)  Total\n", total.Seconds())
}

// Times returns the measured time of each pass, sorted by name, for tests
// and tools.
func (m *Manager) Times() map[string]time.Duration {
	out := map[string]time.Duration{}
	for _, t := range m.times {
		out[t.name] += t.d
	}
	_ = sort.Strings
	return out
}
