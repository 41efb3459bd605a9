package cpu_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/torchlower/torchlower/compiler"
	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
	"github.com/torchlower/torchlower/runtime"
)

// TestExecutorRunsMany runs the README's example (a strided
// convolution_backward, its data gradient decomposed into phases that
// accumulate into zero-filled windows) through one Executor on new inputs
// each time: every run gives, byte for byte, what a fresh cpu.Run gives,
// and the runs after the first reuse a kernel for every generic step.
func TestExecutorRunsMany(t *testing.T) {
	p, err := compiler.CompileWith("../examples/conv_backward.mlir", "main", "default")
	if err != nil {
		t.Fatal(err)
	}
	generics := genericSteps(p)
	ex := cpu.NewExecutor(p)
	for r := range 4 {
		args := make([]*runtime.Tensor, len(p.Args))
		for i, b := range p.Args {
			args[i] = runtime.New(runtime.F32, b.Shape...)
			for j := range args[i].NumElements() {
				args[i].SetFloat64(j, float64((j*7+i*3+r*5)%13)/4-1.5)
			}
		}
		builds := cpu.TableBuilds()
		ex.Run(args, nil)
		// Later runs read the offset tables the first built.
		if built := cpu.TableBuilds() - builds; (r == 0) != (built > 0) {
			t.Errorf("run %d built %d offset tables", r, built)
		}
		runAgainstFresh(t, ex, p, args, r)
		if r == 0 && ex.KeptKernels() != generics {
			t.Errorf("after the first run the executor keeps %d kernels, want one per generic step (%d)", ex.KeptKernels(), generics)
		}
	}
}

// TestExecutorRecycle runs the data, weight and bias gradients of a 1x1
// stride-2 convolution through one Executor, handing each run's results
// back (Recycle), overwritten, before the next run on new inputs. The data
// gradient's odd positions are only ever written by its zero fill, which a
// run into fresh (zeroed) memory skips: into recycled memory it must not. Every
// run gives what a fresh cpu.Run gives, byte for byte, in the recycled
// memory; memory that overlaps an argument (a caller that kept a slice of
// what it recycled and made an input of it) is not written.
func TestExecutorRecycle(t *testing.T) {
	spec := convSpec{n: 2, cin: 8, cout: 16, spatial: []int64{10, 10}, kernel: []int64{1, 1},
		stride: []int64{2, 2}, groups: 1, bias: true, dtype: "f32", mask: [3]bool{true, true, true}}
	p, args := spec.buildWith(t, "default")
	ex := cpu.NewExecutor(p)
	var recycled [][]byte
	for r := range 4 {
		for _, a := range args {
			for j := range a.NumElements() {
				a.SetFloat64(j, float64((j*7+r*5)%13)/4-1.5)
			}
		}
		if r == 3 {
			// The input (shaped as the data gradient) over the memory
			// the data gradient had in the last run.
			args[1] = &runtime.Tensor{DType: args[1].DType, Shape: args[1].Shape, Data: recycled[0]}
			for j := range args[1].NumElements() {
				args[1].SetFloat64(j, float64(j%11)/8)
			}
		}
		got := runAgainstFresh(t, ex, p, args, r)
		for i := range got {
			inRecycled := slices.ContainsFunc(recycled, func(m []byte) bool { return &m[0] == &got[i].Data[0] })
			switch {
			case r == 3 && i == 0 && inRecycled:
				t.Errorf("run %d: the data gradient was written over the input's memory", r)
			case r > 0 && !(r == 3 && i == 0) && !inRecycled:
				t.Errorf("run %d: result %d is not in the memory recycled from run %d", r, i, r-1)
			}
		}
		recycled = recycled[:0]
		for _, g := range got {
			// As an optimizer that updates its gradients in place
			// leaves them: nothing of the memory is zero.
			for j := range g.NumElements() {
				g.SetFloat64(j, 3)
			}
			recycled = append(recycled, g.Data)
		}
		ex.Recycle(got...)
		for i, g := range got {
			if g.Data != nil {
				t.Errorf("run %d: result %d still has its data after Recycle", r, i)
			}
		}
	}
}

// runAgainstFresh runs args through ex (run r) and through a fresh
// cpu.Run, reports every result that differs, and returns ex's.
func runAgainstFresh(t *testing.T, ex *cpu.Executor, p *plan.Plan, args []*runtime.Tensor, r int) []*runtime.Tensor {
	t.Helper()
	want, err := cpu.Run(p, args)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ex.Run(args, nil)
	if err != nil {
		t.Fatalf("run %d: %v", r, err)
	}
	for i := range want {
		if !bytes.Equal(got[i].Data, want[i].Data) {
			t.Errorf("run %d: result %d differs from a fresh run", r, i)
		}
	}
	return got
}

// TestExecutorKeepsPlans runs stride-2 depthwise convolutions, forward
// (16 channels: gathered lanes; 8: phase-split one-column tiles) and
// backward (the data gradient's phases and edge regions, the weight
// gradient's group lanes), through one Executor three times: each run
// gives a fresh run's bytes, and only the first builds the contractions'
// tables and plans, which the later ones read (contractionTables).
func TestExecutorKeepsPlans(t *testing.T) {
	for _, c := range []struct {
		fwd                    bool
		channels               int64
		gather, phases, groups bool
	}{
		{fwd: true, channels: 16, gather: true},
		{fwd: true, channels: 8, phases: true},
		{fwd: false, channels: 16, gather: true, groups: true},
	} {
		spec := convSpec{fwd: c.fwd, n: 2, cin: c.channels, cout: c.channels, spatial: []int64{13, 21}, kernel: []int64{3, 3},
			stride: []int64{2, 2}, pad: []int64{1, 1}, groups: c.channels, dtype: "f32", mask: [3]bool{true, true, false}}
		p, args := spec.buildWith(t, "default")
		ex := cpu.NewExecutor(p)
		gathers, groups, phases := cpu.GatherLaneRuns(), cpu.GroupLaneRuns(), cpu.PhaseSplitRuns()
		for r := range 3 {
			for _, a := range args {
				for j := range a.NumElements() {
					a.SetFloat64(j, float64((j*7+r*5)%13)/4-1.5)
				}
			}
			builds := cpu.TableBuilds()
			if _, err := ex.Run(args, nil); err != nil {
				t.Fatal(err)
			}
			if built := cpu.TableBuilds() - builds; (r == 0) != (built > 0) {
				t.Errorf("%s run %d built %d tables and plans", spec.name(), r, built)
			}
			runAgainstFresh(t, ex, p, args, r)
		}
		// Without AVX-512 the forward ones all split phases.
		wide := cpu.HaveVectorKernel() && cpu.HaveAVX512()
		wantPhases := cpu.HaveVectorKernel() && (c.phases || c.fwd && !wide)
		if (cpu.GatherLaneRuns() > gathers) != (c.gather && wide) || (cpu.PhaseSplitRuns() > phases) != wantPhases ||
			(cpu.GroupLaneRuns() > groups) != (c.groups && wide) {
			t.Errorf("%s: gathered lanes %d, phase splits %d, group lanes %d: want the paths whose plans are kept", spec.name(),
				cpu.GatherLaneRuns()-gathers, cpu.PhaseSplitRuns()-phases, cpu.GroupLaneRuns()-groups)
		}
	}
}

// TestDeferredFills runs convolutions whose outputs are zero filled and
// then accumulated (zero on entry) through one Executor, each run's
// results recycled so that the next run's outputs start as the last
// run's values, under each choice of kernels: the paths that drop the
// deferred fill (vecGEMM, the column windows, one column) and those that
// run it first (group lanes, narrow, the scalar tiles) all give a fresh
// run's bytes. With the vector kernels some fills are dropped;
// with the scalar tiles every deferred fill runs. The strided data
// gradients' fills (the last five specs: phases and edge regions in
// NHWC, in NCHW into few channels, four one-tap phases, and two
// depthwise ones' regions on the one-column path, which writes every
// output from zero: 16-lane tiles stored two apart from the registers,
// and element-by-element tiles near the buffer's end) are
// deferred to all of their regions at once: a region whose path reads
// its window zeroes the whole gradient when it runs first, else its own
// window.
func TestDeferredFills(t *testing.T) {
	wgrad := [3]bool{false, true, false}
	specs := []convSpec{
		{fwd: true, n: 2, cin: 5, cout: 40, spatial: []int64{7, 9}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", bias: true},
		{fwd: true, n: 2, cin: 8, cout: 8, spatial: []int64{13, 21}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 8, dtype: "f32"},
		{n: 1, cin: 8, cout: 52, spatial: []int64{32, 32}, kernel: []int64{1, 1}, groups: 1, dtype: "f32", mask: wgrad},
		{n: 1, cin: 16, cout: 16, spatial: []int64{33, 33}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 16, dtype: "f32", mask: wgrad},
		{n: 2, cin: 6, cout: 40, spatial: []int64{9, 10}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
		{n: 2, cin: 20, cout: 24, spatial: []int64{13, 11}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
		{n: 2, cin: 6, cout: 24, spatial: []int64{13, 12}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
		{n: 2, cin: 24, cout: 16, spatial: []int64{12, 10}, kernel: []int64{2, 2}, stride: []int64{2, 2}, groups: 1, dtype: "f32", mask: [3]bool{true, false, false}},
		{n: 2, cin: 8, cout: 8, spatial: []int64{9, 7}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 8, dtype: "f32", mask: [3]bool{true, false, false}},
		{n: 2, cin: 8, cout: 8, spatial: []int64{10, 40}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 8, dtype: "f32", mask: [3]bool{true, false, false}},
	}
	strided := len(specs) - 5
	for _, kc := range []struct {
		name string
		k    cpu.Kernels
	}{
		{"vector", cpu.Kernels{Vec: true, AVX512: true, Direct: true, Narrow: true, OneColumn: true, GroupLanes: true, Packed: true}},
		{"tiles", cpu.Kernels{}},
	} {
		restore := cpu.SetKernels(kc.k)
		deferredBefore, ranBefore := cpu.DeferredFills()
		for i, spec := range specs {
			split := cpu.SplitFills()
			p, args := spec.buildWith(t, "default")
			ex := cpu.NewExecutor(p)
			for r := range 3 {
				for _, a := range args {
					for j := range a.NumElements() {
						a.SetFloat64(j, float64((j*7+r*5)%13)/4-1.5)
					}
				}
				ex.Recycle(runAgainstFresh(t, ex, p, args, r)...)
			}
			if got := cpu.SplitFills() - split; (got > 0) != (i >= strided) {
				t.Errorf("%s %s: %d fills deferred to several regions", kc.name, spec.name(), got)
			}
		}
		restore()
		deferred, ran := cpu.DeferredFills()
		deferred, ran = deferred-deferredBefore, ran-ranBefore
		if deferred == 0 || (kc.name == "vector") == (ran == deferred) {
			t.Errorf("%s: %d zero fills deferred to their contractions, %d of them ran", kc.name, deferred, ran)
		}
	}
}
