package cpu_test

import (
	"slices"
	"testing"

	"github.com/torchlower/torchlower/cpu"
	"github.com/torchlower/torchlower/plan"
)

// TestFoldedPads runs padded depthwise and grouped convolutions whose
// pads a run folds into their readers: stride-1 forward and data
// gradients (the one-column path's windows, 28-wide rows in chunks of 16
// and 5-wide rows in chunks of 8; 5x5 windows), stride-2 forward ones
// (the gathered lanes' windows, a 7x7 image's rows a block), weight
// gradients (the group lanes' spans, depthwise and 4 channels a group),
// channel counts that leave partial blocks of 16 lanes. Fused and
// unfused, each gives the interpreter's bits. On AVX-512 every pad of
// them is folded, and none is run in full after all (with AVX2 alone,
// the one-column path's are not; without vector kernels, all are). A
// plain convolution's reader reads its pad in place: it runs it in
// full, and an Executor's next runs leave the pad where it stands.
func TestFoldedPads(t *testing.T) {
	all := [3]bool{true, true, true}
	specs := []convSpec{
		{n: 2, cin: 20, cout: 20, spatial: []int64{28, 28}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 20, dtype: "f32", mask: all},
		{n: 3, cin: 17, cout: 17, spatial: []int64{5, 9}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 17, dtype: "f32", mask: all},
		{n: 1, cin: 16, cout: 16, spatial: []int64{12, 11}, kernel: []int64{5, 5}, pad: []int64{2, 2}, groups: 16, dtype: "f32", mask: all},
		{n: 2, cin: 64, cout: 64, spatial: []int64{14, 14}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 16, dtype: "f32", mask: [3]bool{false, true, false}},
		{fwd: true, n: 2, cin: 24, cout: 24, spatial: []int64{13, 21}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 24, dtype: "f32", bias: true},
		{fwd: true, n: 4, cin: 16, cout: 16, spatial: []int64{14, 14}, kernel: []int64{3, 3}, stride: []int64{2, 2}, pad: []int64{1, 1}, groups: 16, dtype: "f32"},
		{fwd: true, n: 2, cin: 18, cout: 18, spatial: []int64{30, 20}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 18, dtype: "f32"},
	}
	for _, kc := range []struct {
		name   string
		avx512 bool
	}{{"avx512", true}, {"avx2", false}} {
		restore := cpu.SetKernels(cpu.Kernels{Vec: true, AVX512: kc.avx512, Direct: true, Narrow: true, OneColumn: true, GroupLanes: true, Packed: true})
		checkFoldedPads(t, kc.name, specs, kc.avx512 && cpu.HaveVectorKernel() && cpu.HaveAVX512())
		restore()
	}

	plain := convSpec{n: 2, cin: 8, cout: 16, spatial: []int64{9, 9}, kernel: []int64{3, 3}, pad: []int64{1, 1}, groups: 1, dtype: "f32", mask: [3]bool{false, true, false}}
	p, args := plain.buildWith(t, "default")
	if len(cpu.FoldablePads(p)) != 1 {
		t.Fatalf("plain weight gradient: %d foldable pads, want 1\n%s", len(cpu.FoldablePads(p)), p)
	}
	ex := cpu.NewExecutor(p)
	folded, unfolded := cpu.FoldedPads()
	for r := range 3 {
		ex.Recycle(runAgainstFresh(t, ex, p, args, r)...)
	}
	// runAgainstFresh runs the plan fresh each time too (a new cache: the
	// pad is folded, and run in full), and the Executor once: folded and
	// run in full in its first run only.
	if f, u := cpu.FoldedPads(); f-folded != 4 || u-unfolded != 4 {
		t.Errorf("plain weight gradient, 3 runs: %d pads folded, %d run in full; want 4 and 4", f-folded, u-unfolded)
	}
}

// checkFoldedPads runs specs through both pipelines, each fused and
// unfused against the interpreter, and counts the pads folded and run
// in full; vector: every reader takes a path that reads windows.
func checkFoldedPads(t *testing.T, kernels string, specs []convSpec, vector bool) {
	for _, pipeline := range []string{"default", "default-unfused"} {
		for _, s := range specs {
			p, _ := s.buildWith(t, pipeline)
			pads := len(cpu.FoldablePads(p))
			if pads == 0 {
				t.Fatalf("%s %s %s: no pad to fold\n%s", kernels, pipeline, s.name(), p)
			}
			folded, unfolded := cpu.FoldedPads()
			t.Run(kernels+"/"+pipeline+"/"+s.name(), func(t *testing.T) { checkFastPath(t, s, pipeline) })
			f, u := cpu.FoldedPads()
			// checkFastPath runs the plan twice: on the fast paths, then
			// in the interpreter, whose readers run every pad in full.
			f, u = f-folded, u-unfolded
			// With AVX-512 every path of these reads windows; without
			// vector kernels none does; with AVX2 alone, the one-column
			// path's do (stride 1 forward and data gradients).
			lo, hi := int64(pads), int64(2*pads)
			switch {
			case vector:
				hi = lo
			case !cpu.HaveVectorKernel():
				lo = hi
			}
			if f != int64(2*pads) || u < lo || u > hi {
				t.Errorf("%s %s %s: %d pads folded, %d of them run in full; want %d and %d-%d", kernels, pipeline, s.name(), f, u, 2*pads, lo, hi)
			}
		}
	}
}

// TestPadClobbered: a pad whose source the plan overwrites in place
// before the pad's reader runs is not folded (its windows would read the
// new values), and the run gives the interpreter's results.
func TestPadClobbered(t *testing.T) {
	p := padsPlan(t, "clobbered")
	// The premise: a step after the pad's copy writes the copy's source.
	clobbered := false
	for i, s := range p.Steps {
		if s.Kind != plan.StepCopy {
			continue
		}
		for _, later := range p.Steps[i+1:] {
			for _, o := range later.Outputs {
				clobbered = clobbered || plan.MayAlias(o, s.Inputs[0])
			}
		}
	}
	if !clobbered {
		t.Fatalf("no step writes the pad's source after its copy: the test's premise fails\n%s", p)
	}
	if got := cpu.FoldablePads(p); len(got) != 0 {
		t.Fatalf("pads %v folded although their source is overwritten first\n%s", got, p)
	}
	matchInterpreter(t, p)
}

// TestTwoPadsOneReader: of two pads one generic reads, a run folds the
// first alone (a step takes one), and gives the interpreter's results.
func TestTwoPadsOneReader(t *testing.T) {
	p := padsPlan(t, "two_pads")
	pads := 0
	for _, s := range p.Steps {
		if s.Kind == plan.StepCopy {
			pads++
		}
	}
	first := slices.IndexFunc(p.Steps, func(s *plan.Step) bool { return s.Kind == plan.StepFill })
	if got := cpu.FoldablePads(p); pads != 2 || len(got) != 1 || got[0] != first {
		t.Fatalf("%d pads, the fills at %v folded; want 2 pads, the first (%d) folded\n%s", pads, got, first, p)
	}
	matchInterpreter(t, p)
}

// TestPadOfFlippedView: a pad of a flipped argument (a view whose rows
// go backwards) is folded, and its windows hold the flipped rows.
func TestPadOfFlippedView(t *testing.T) {
	p := padsPlan(t, "flipped")
	flipped := slices.ContainsFunc(p.Steps, func(s *plan.Step) bool {
		return s.Kind == plan.StepCopy && slices.ContainsFunc(s.Inputs[0].Strides, func(st int64) bool { return st < 0 })
	})
	if !flipped || len(cpu.FoldablePads(p)) != 1 {
		t.Fatalf("want one foldable pad of a view with a negative stride (flipped: %v)\n%s", flipped, p)
	}
	matchInterpreter(t, p)
}

// padsPlan plans function fn of testdata/pads.mlir.
func padsPlan(t *testing.T, fn string) *plan.Plan {
	t.Helper()
	p, err := plan.Build(parseFile(t, "testdata/pads.mlir"), fn)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// matchInterpreter runs p on drawn arguments and compares the results
// with the interpreter's, bit for bit.
func matchInterpreter(t *testing.T, p *plan.Plan) {
	t.Helper()
	args := normalArgs(t, p, 5)
	got, err := cpu.Run(p, args)
	if err != nil {
		t.Fatal(err)
	}
	ref := interpreted(t, p, args)
	for i := range ref {
		for j := range ref[i].NumElements() {
			if g, w := got[i].Float64(j), ref[i].Float64(j); g != w {
				t.Fatalf("result %d element %d: %v, interpreter %v", i, j, g, w)
			}
		}
	}
}
